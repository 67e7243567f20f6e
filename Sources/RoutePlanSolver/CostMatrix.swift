/// A square matrix of non-negative integer travel costs between *n* nodes,
/// the only input the solvers read.
///
/// Costs are whole units chosen by the caller — meters, seconds, TSPLIB
/// distance units — and may be asymmetric (`self[i, j] != self[j, i]`), as
/// durations on one-way streets are. An arc that cannot be travelled is
/// ``forbidden``; no solver answers a route that uses one. The exact solvers
/// find a route without one whenever it exists and report
/// ``SolverError/noFeasibleRoute`` when none does; the heuristic reports
/// ``SolverError/noRouteFound`` when it found none, which proves nothing.
/// The diagonal is ignored: a route never travels from a node to itself.
///
/// Storage is one contiguous row-major `[Int32]` (4·n² bytes), so every
/// finite cost is at most ``maximumCost``; that bound also keeps any route
/// total of up to 2³² legs far inside `Int`, so sums never overflow.
///
/// ```swift
/// let m = try CostMatrix(count: 3) { i, j in abs(i - j) * 100 }
/// m[0, 2]          // 200
/// m.isSymmetric    // true
/// ```
public struct CostMatrix: Sendable, Hashable {
    /// The stored value of an arc that cannot be travelled.
    public static let forbidden: Int32 = .max
    /// The largest finite cost an arc may have (2³⁰ − 1 ≈ 1.07·10⁹:
    /// 34 years in seconds, a million kilometres in meters).
    public static let maximumCost = (1 << 30) - 1

    /// The number of nodes, *n*.
    public let count: Int
    /// Row-major costs: the cost from `i` to `j` is at `i * count + j`.
    public let storage: [Int32]
    /// Whether `self[i, j] == self[j, i]` for every pair.
    public let isSymmetric: Bool
    /// Whether any off-diagonal arc is ``forbidden``.
    public let hasForbiddenArcs: Bool
    /// The largest finite off-diagonal cost (0 when there is none).
    public let largestCost: Int

    /// Builds a matrix by asking `cost` for every off-diagonal pair.
    ///
    /// - Parameter cost: the cost from the first node to the second, or `nil`
    ///   when that arc cannot be travelled.
    /// - Throws: ``SolverError/negativeCost(from:to:value:)`` or
    ///   ``SolverError/costTooLarge(from:to:value:maximum:)``.
    /// - Complexity: O(n²) time and memory.
    public init(count: Int, cost: (Int, Int) throws -> Int?) throws {
        guard count >= 0 else { throw SolverError.emptyProblem }
        var values = [Int32](repeating: 0, count: count * count)
        for i in 0..<count {
            for j in 0..<count where i != j {
                guard let c = try cost(i, j) else {
                    values[i * count + j] = Self.forbidden
                    continue
                }
                guard c >= 0 else { throw SolverError.negativeCost(from: i, to: j, value: c) }
                guard c <= Self.maximumCost else {
                    throw SolverError.costTooLarge(from: i, to: j, value: c, maximum: Self.maximumCost)
                }
                values[i * count + j] = Int32(c)
            }
        }
        self.init(validated: values, count: count)
    }

    /// Builds a matrix from `count * count` row-major costs; `nil` marks a
    /// forbidden arc. Diagonal entries are ignored.
    public init(count: Int, rowMajor costs: [Int?]) throws {
        guard costs.count == count * count else {
            throw SolverError.matrixShape(expectedEntries: count * count, actualEntries: costs.count)
        }
        try self.init(count: count) { i, j in costs[i * count + j] }
    }

    /// Builds a matrix from rows of costs; `nil` marks a forbidden arc.
    public init(rows: [[Int?]]) throws {
        let n = rows.count
        if let bad = rows.firstIndex(where: { $0.count != n }) {
            throw SolverError.matrixRowLength(row: bad, expected: n, actual: rows[bad].count)
        }
        try self.init(count: n) { i, j in rows[i][j] }
    }

    /// Takes `values` over (no copy), zeroes the diagonal and works out the
    /// flags. The symmetry check compares 64 × 64 tiles with their mirror
    /// images, so both sides are read from cache: a column-wise read of the
    /// lower triangle took about 80 ms of the 216 ms that building fnl4461's
    /// matrix (4,461 nodes, 80 MB) did.
    /// - Complexity: O(n²).
    private init(validated values: consuming [Int32], count: Int) {
        var symmetric = true
        var forbidden = false
        var largest = 0
        var cleaned = values
        cleaned.withUnsafeMutableBufferPointer { v in
            for i in 0..<count { v[i &* count &+ i] = 0 }
            for c in v where c != 0 {
                if c == Self.forbidden { forbidden = true } else if Int(c) > largest { largest = Int(c) }
            }
            let tile = 64
            var rowStart = 0
            while rowStart < count && symmetric {
                let rowEnd = min(rowStart + tile, count)
                var columnStart = rowStart
                while columnStart < count && symmetric {
                    let columnEnd = min(columnStart + tile, count)
                    for i in rowStart..<rowEnd {
                        for j in max(columnStart, i + 1)..<max(columnEnd, i + 1)
                        where v[i &* count &+ j] != v[j &* count &+ i] {
                            symmetric = false
                        }
                    }
                    columnStart = columnEnd
                }
                rowStart = rowEnd
            }
        }
        self.count = count
        self.storage = cleaned
        self.isSymmetric = symmetric
        self.hasForbiddenArcs = forbidden
        self.largestCost = largest
    }

    /// The cost of travelling from `i` to `j`, ``forbidden`` for an arc that
    /// cannot be travelled, 0 on the diagonal.
    @inlinable
    public subscript(i: Int, j: Int) -> Int32 {
        storage[i * count + j]
    }

    /// Whether the arc from `i` to `j` can be travelled.
    @inlinable
    public func allows(_ i: Int, _ j: Int) -> Bool {
        storage[i * count + j] != Self.forbidden
    }

    /// The matrix of the reversed problem: `transposed()[i, j] == self[j, i]`.
    public func transposed() -> CostMatrix {
        var values = [Int32](repeating: 0, count: count * count)
        for i in 0..<count {
            for j in 0..<count { values[j * count + i] = storage[i * count + j] }
        }
        return CostMatrix(validated: values, count: count)
    }

    /// The total cost of visiting `order` in sequence, returning to
    /// `order.first` at the end when `closed` is true; `nil` when the route
    /// uses a forbidden arc.
    public func cost(of order: [Int], closed: Bool) -> Int? {
        guard order.count > 1 else { return 0 }
        var total = 0
        for (a, b) in zip(order, order.dropFirst()) {
            let c = self[a, b]
            if c == Self.forbidden { return nil }
            total += Int(c)
        }
        if closed, let last = order.last, let first = order.first {
            let c = self[last, first]
            if c == Self.forbidden { return nil }
            total += Int(c)
        }
        return total
    }
}
