extension CostMatrix {
    /// Builds a symmetric matrix by asking `cost` once for every pair i < j
    /// (half the calls of ``init(count:cost:)``); for costs that are
    /// symmetric by construction, such as planar distances.
    ///
    /// - Parameter cost: the cost between the two nodes, either way.
    /// - Throws: ``SolverError/negativeCost(from:to:value:)`` or
    ///   ``SolverError/costTooLarge(from:to:value:maximum:)``, for the
    ///   first offending pair in row order.
    /// - Complexity: O(n²) time and memory, n(n − 1)/2 calls of `cost`.
    public init(symmetricCount count: Int, cost: (Int, Int) throws -> Int) throws {
        guard count >= 0 else { throw SolverError.emptyProblem }
        var values = [Int32](repeating: 0, count: count * count)
        let largest = try values.withUnsafeMutableBufferPointer { v in
            let largest = try Self.fillUpper(v, count: count, rows: 0..<count, cost: cost)
            Self.mirrorLower(v, count: count, rows: 0..<count)
            return largest
        }
        self.init(symmetricValues: values, count: count, largest: largest)
    }

    /// ``init(symmetricCount:cost:)`` with the work split between the
    /// calling thread and `threads − 1` more (at most one more is used):
    /// the same matrix, and the same error for the same costs.
    ///
    /// Each thread fills rows of the upper triangle holding half of its
    /// n(n − 1)/2 entries (rows 0 ..< n(1 − 1/√2) and the rest), then half
    /// of the lower triangle's copies (rows 0 ..< n/√2 and the rest), so
    /// both do the same work. For the command line's 1 s solves of
    /// thousands of TSPLIB nodes, where the matrix counts against the
    /// time limit (see `Benchmarks/README.md`).
    public init(symmetricCount count: Int, threads: Int,
                cost: @escaping @Sendable (Int, Int) throws -> Int) throws {
        guard threads >= 2 && count >= Self.parallelFillMinimum else {
            try self.init(symmetricCount: count, cost: cost)
            return
        }
        let n = Double(count)
        let upperSplit = min(count, max(0, Int(n * (1 - 1 / 2.0.squareRoot()))))
        let lowerSplit = min(count, max(0, Int(n / 2.0.squareRoot())))
        var largest = 0
        // Not zeroed first: every entry is written below (the diagonal with
        // the upper rows), so the pages are first touched by the thread
        // that fills them, on both cores.
        let values = try [Int32](unsafeUninitializedCapacity: count * count) { v, initialized in
            initialized = 0
            let shared = SharedBuffer(pointer: v)
            // The other thread's upper rows, then (after both have filled
            // theirs) its lower rows: the copies read the whole upper triangle.
            let other = OwnThread<Int> {
                try Self.fillUpper(shared.pointer, count: count, rows: upperSplit..<count, cost: cost)
            }
            let mine = Result { try Self.fillUpper(v, count: count, rows: 0..<upperSplit, cost: cost) }
            let theirs = other.result()
            // The first error in row order: rows before the split come first.
            largest = max(try mine.get(), try theirs.get())
            let mirror = OwnThread<Void> { Self.mirrorLower(shared.pointer, count: count, rows: lowerSplit..<count) }
            Self.mirrorLower(v, count: count, rows: 0..<lowerSplit)
            _ = mirror.result()
            initialized = count * count
        }
        self.init(symmetricValues: values, count: count, largest: largest)
    }

    /// The fewest nodes for which ``init(symmetricCount:threads:cost:)``
    /// starts a second thread: below, the thread costs more than it saves.
    static let parallelFillMinimum = 500

    /// A buffer two threads write disjoint parts of.
    private struct SharedBuffer: @unchecked Sendable {
        let pointer: UnsafeMutableBufferPointer<Int32>
    }

    /// Fills `rows` of the upper triangle (i < j) from `cost`, and their
    /// diagonal with 0, and returns the largest cost among them.
    private static func fillUpper(_ v: UnsafeMutableBufferPointer<Int32>, count: Int, rows: Range<Int>,
                                  cost: (Int, Int) throws -> Int) throws -> Int {
        var largest = 0
        for i in rows {
            v[i &* count &+ i] = 0
            for j in (i + 1)..<max(count, i + 1) {
                let c = try cost(i, j)
                guard c >= 0 else { throw SolverError.negativeCost(from: i, to: j, value: c) }
                guard c <= maximumCost else {
                    throw SolverError.costTooLarge(from: i, to: j, value: c, maximum: maximumCost)
                }
                if c > largest { largest = c }
                v[i &* count &+ j] = Int32(truncatingIfNeeded: c)
            }
        }
        return largest
    }

    /// Copies the upper triangle into `rows` of the lower one, tile by
    /// tile so that reads stay in cache.
    private static func mirrorLower(_ v: UnsafeMutableBufferPointer<Int32>, count: Int, rows: Range<Int>) {
        let tile = 64
        for rowStart in stride(from: rows.lowerBound, to: rows.upperBound, by: tile) {
            let rowEnd = min(rowStart + tile, rows.upperBound)
            for columnStart in stride(from: 0, to: rowEnd, by: tile) {
                for i in max(rowStart, columnStart)..<rowEnd {
                    for j in columnStart..<min(columnStart + tile, i) {
                        v[i &* count &+ j] = v[j &* count &+ i]
                    }
                }
            }
        }
    }

    /// A symmetric matrix of `values` (diagonal 0, no forbidden arcs).
    private init(symmetricValues values: [Int32], count: Int, largest: Int) {
        self.count = count
        self.storage = values
        self.isSymmetric = true
        self.hasForbiddenArcs = false
        self.largestCost = largest
    }
}
