/// Remembers the line on which each node id (1...dimension) was first listed, to report
/// repeats. Uses a flat table when `dimension` is plausible for the file's size and a
/// dictionary otherwise, so a bogus huge `DIMENSION` never allocates a huge table.
internal struct FirstSeenLines {
    private var table: [Int]
    private var dictionary: [Int: Int] = [:]
    private let usesTable: Bool

    /// - Parameters:
    ///   - dimension: The largest id that will be recorded.
    ///   - byteCount: The file's size; every listed id takes at least one byte, so a table
    ///     larger than this would mostly stay empty.
    init(dimension: Int, byteCount: Int) {
        usesTable = dimension <= max(byteCount, 1024)
        table = usesTable ? [Int](repeating: 0, count: dimension + 1) : []
    }

    /// Records `id` as seen on `line`; returns the earlier line if `id` was already seen.
    mutating func record(_ id: Int, line: Int) -> Int? {
        if usesTable {
            guard id >= 0, id < table.count else { return nil }
            let earlier = table[id]
            if earlier != 0 { return earlier }
            table[id] = line
            return nil
        }
        if let earlier = dictionary[id] { return earlier }
        dictionary[id] = line
        return nil
    }
}
