/// A parent's final simplex basis, kept for its children in
/// ``DirectedBranchAndCutSearch``: the search is best-bound first, so the
/// LP's current basis usually belongs to another subtree when a child is
/// solved; starting it from its parent's basis instead leaves the dual
/// simplex only the branching bound change (and the cuts added since) to
/// repair.
///
/// Columns are only ever appended, so a column keeps its index; cut rows
/// are appended and purged, so they are named by a serial number that no
/// other cut reuses. Rebuilding the basis for today's rows and columns:
/// saved statuses where the column or cut still exists, new columns at
/// their lower bound, new cut rows basic (their slack). The basis must
/// have exactly one basic variable per row; when purged cuts break that
/// count, the LP keeps its current basis. Either way only the start of the
/// dual simplex changes, never what it proves.
struct SavedBasis {
    /// CLP status bytes of the first `columns.count` columns.
    var columns: [UInt8]
    /// Status bytes of the degree rows.
    var degreeRows: [UInt8]
    /// Status bytes of the cut rows, by cut serial number.
    var cutRows: [Int: UInt8]

    /// CLP's status byte (low three bits) of a basic variable, and of a
    /// nonbasic one at its lower bound.
    static let basic: UInt8 = 1, atLower: UInt8 = 3

    /// Splits CLP's `status` array (columns, then rows) for a program with
    /// `columnCount` columns, `degreeRowCount` degree rows and cut rows
    /// named by `cutSerials`.
    /// - Complexity: O(columns + rows).
    init?(status: [UInt8], columnCount: Int, degreeRowCount: Int, cutSerials: [Int]) {
        guard status.count == columnCount + degreeRowCount + cutSerials.count else { return nil }
        columns = Array(status[0..<columnCount])
        degreeRows = Array(status[columnCount..<(columnCount + degreeRowCount)])
        cutRows = [:]
        for (k, serial) in cutSerials.enumerated() { cutRows[serial] = status[columnCount + degreeRowCount + k] }
    }

    /// The status array for a program of `columnCount` columns and cut
    /// rows `cutSerials` (same degree rows), or `nil` when it would not
    /// have one basic variable per row.
    /// - Complexity: O(columns + rows).
    func status(columnCount: Int, cutSerials: [Int]) -> [UInt8]? {
        guard columnCount >= columns.count else { return nil }
        var status = columns
        status.append(contentsOf: repeatElement(Self.atLower, count: columnCount - columns.count))
        status.append(contentsOf: degreeRows)
        for serial in cutSerials { status.append(cutRows[serial] ?? Self.basic) }
        let basics = status.reduce(0) { $0 + ($1 & 7 == Self.basic ? 1 : 0) }
        return basics == degreeRows.count + cutSerials.count ? status : nil
    }
}
