/// The Held–Karp dynamic program: an optimal route, proven optimal.
///
/// Let *n* be the number of nodes and *m* the number of nodes whose position
/// is not fixed by the ``RouteEndpoints`` (*m* = *n* − 1 for a round trip or a
/// path with a fixed start, *n* − 2 with both ends fixed, *n* with both free).
/// For every subset *S* of the free nodes and every free *j* ∉ *S*, the table
/// holds the least cost of a path that leaves the fixed start (or starts
/// anywhere in *S* ∪ {j} when the start is free), visits exactly *S* and then
/// takes the arc into *j*:
///
///     E(S, j) = min over k ∈ S of E(S∖{k}, k) + c(k, j),
///     E(∅, j) = c(start, j)   (0 when the start is free)
///
/// and the answer is min over *k* of E(all∖{k}, k) + c(k, end) (no closing
/// term when the end is free; `end` is the start again for a round trip).
/// This "push" form builds a row from one scalar per *k* and a contiguous row
/// of costs, with no horizontal minimum (see ``Fill``).
///
/// - Complexity: O(m²·2ᵐ) time, O(m·2ᵐ⁻¹) memory: one contiguous table of
///   `Int32` (`Int64` when the costs are too large for 32-bit sums) in which
///   each subset and its complement share a row. The route is rebuilt from
///   the table afterwards, so there is no parent table. The table size is
///   checked against the memory limit before anything is allocated.
/// - Guarantee: the returned route has the least total cost of all routes
///   that obey the endpoints and avoid forbidden arcs.
public enum HeldKarp {
    /// From this many free nodes on, the table is filled by all processors
    /// by default: below it a solve takes under 5 ms and threads cost more
    /// than they save.
    public static let parallelThreshold = 16

    /// The largest *m* the table can be indexed for at all.
    public static let maximumFreeNodes = 31

    /// The number of nodes whose position the endpoints leave free.
    public static func freeNodeCount(nodes n: Int, endpoints: RouteEndpoints) -> Int {
        let layout = Layout(nodes: n, endpoints: endpoints)
        return layout.free.count
    }

    /// The bytes the table needs for `n` nodes, or `nil` when that does not
    /// fit in an `Int`.
    public static func requiredBytes(for matrix: CostMatrix, endpoints: RouteEndpoints) -> Int? {
        let m = freeNodeCount(nodes: matrix.count, endpoints: endpoints)
        return tableBytes(freeNodes: m, elementSize: usesWideSums(matrix) ? 8 : 4)
    }

    static func tableBytes(freeNodes m: Int, elementSize: Int) -> Int? {
        guard m <= maximumFreeNodes else { return nil }
        let entries = m.multipliedReportingOverflow(by: Fill<Int32>.storedRows(m: m))
        guard !entries.overflow else { return nil }
        let bytes = entries.partialValue.multipliedReportingOverflow(by: elementSize)
        return bytes.overflow ? nil : bytes.partialValue
    }

    /// Whether sums of up to *n* costs could exceed the 32-bit table's range.
    static func usesWideSums(_ matrix: CostMatrix) -> Bool {
        let (bound, overflow) = matrix.largestCost.multipliedReportingOverflow(by: matrix.count + 1)
        return overflow || bound >= Int(Int32.max / 4)
    }

    /// Solves `matrix` exactly under `endpoints`.
    ///
    /// - Parameters:
    ///   - memoryLimit: the most bytes the table may take; `nil` uses the
    ///     memory the system reports as available.
    ///   - control: deadline and cancellation, polled every few thousand subsets.
    ///   - workers: threads to fill the table with (at most 64); by default
    ///     all processors from ``parallelThreshold`` free nodes on, one below it.
    /// - Throws: ``SolverError/exactTooManyNodes(nodes:maximum:)`` or
    ///   ``SolverError/exactNeedsTooMuchMemory(nodes:requiredBytes:limitBytes:limit:)``
    ///   before allocating; ``SolverError/noFeasibleRoute(nodes:)``,
    ///   ``SolverError/cancelled`` or ``SolverError/timeLimitReached(seconds:)``.
    public static func solve(
        _ matrix: CostMatrix,
        endpoints: RouteEndpoints,
        memoryLimit: Int? = nil,
        control: SolveControl = .unlimited,
        workers: Int? = nil
    ) async throws -> Solution {
        try solveBlocking(matrix, endpoints: endpoints, memoryLimit: memoryLimit, control: control, workers: workers)
    }

    /// ``solve(_:endpoints:memoryLimit:control:workers:)`` on the calling
    /// thread, for callers that run on threads of their own (a
    /// ``SolverExecutor`` job); cancellation comes only through `control`.
    public static func solveBlocking(
        _ matrix: CostMatrix,
        endpoints: RouteEndpoints,
        memoryLimit: Int? = nil,
        control: SolveControl = .unlimited,
        workers: Int? = nil
    ) throws -> Solution {
        try solveBlocking(matrix, endpoints: endpoints, memoryLimit: memoryLimit, control: control,
                          workers: workers, path: .best, prefault: true)
    }

    /// The solve with the kernel path chosen (tests force each one; a path
    /// the machine lacks falls back to the portable one) and prefaulting of
    /// the table's pages on all workers before the fill switched.
    static func solveBlocking(
        _ matrix: CostMatrix,
        endpoints: RouteEndpoints,
        memoryLimit: Int?,
        control: SolveControl,
        workers: Int?,
        path: KernelPath,
        prefault: Bool
    ) throws -> Solution {
        try endpoints.validate(nodeCount: matrix.count)
        try checkMemory(matrix, endpoints: endpoints, memoryLimit: memoryLimit)
        let layout = Layout(nodes: matrix.count, endpoints: endpoints)
        let workers = workers ?? (layout.free.count >= parallelThreshold ? processorCount : 1)
        let free = usesWideSums(matrix)
            ? try run(Int64.self, matrix, layout, control, workers, .swift, prefault)
            : try run(Int32.self, matrix, layout, control, workers, path, prefault)
        let order = layout.route(free: free)
        guard let cost = matrix.cost(of: order, closed: endpoints.isRoundTrip) else {
            throw SolverError.noFeasibleRoute(nodes: matrix.count)
        }
        return Solution(order: order, isRoundTrip: endpoints.isRoundTrip, cost: cost,
                        provenOptimal: true, method: layout.free.count <= 1 ? .trivial : .heldKarp)
    }

    /// Throws unless a table for `nodes` nodes could fit at all, before any
    /// cost matrix exists: the node count against ``maximumFreeNodes`` and
    /// the narrowest (4-byte) table against the memory limit and what the
    /// system has available. ``checkMemory(_:endpoints:memoryLimit:)``
    /// decides for the real matrix later.
    public static func checkSize(nodes n: Int, endpoints: RouteEndpoints, memoryLimit: Int?) throws {
        let m = freeNodeCount(nodes: n, endpoints: endpoints)
        guard let bytes = tableBytes(freeNodes: m, elementSize: 4) else {
            throw SolverError.exactTooManyNodes(nodes: n, maximum: n - m + maximumFreeNodes)
        }
        if let memoryLimit, bytes > memoryLimit {
            throw SolverError.exactNeedsTooMuchMemory(nodes: n, requiredBytes: bytes, limitBytes: memoryLimit, limit: .requested)
        }
        if let available = SystemMemory.availableBytes(), bytes > available {
            throw SolverError.exactNeedsTooMuchMemory(nodes: n, requiredBytes: bytes, limitBytes: available, limit: .available)
        }
    }

    /// Throws unless the table for this problem fits the memory limit.
    public static func checkMemory(_ matrix: CostMatrix, endpoints: RouteEndpoints, memoryLimit: Int?) throws {
        let m = freeNodeCount(nodes: matrix.count, endpoints: endpoints)
        guard let bytes = requiredBytes(for: matrix, endpoints: endpoints) else {
            throw SolverError.exactTooManyNodes(nodes: matrix.count, maximum: matrix.count - m + maximumFreeNodes)
        }
        if let memoryLimit, bytes > memoryLimit {
            throw SolverError.exactNeedsTooMuchMemory(
                nodes: matrix.count, requiredBytes: bytes, limitBytes: memoryLimit, limit: .requested)
        }
        if let available = SystemMemory.availableBytes(), bytes > available {
            throw SolverError.exactNeedsTooMuchMemory(
                nodes: matrix.count, requiredBytes: bytes, limitBytes: available, limit: .available)
        }
    }

    /// Which nodes are fixed at the ends and which are free to permute.
    struct Layout {
        let head: Int?
        let tail: Int?
        let isRoundTrip: Bool
        let free: [Int]

        init(nodes n: Int, endpoints: RouteEndpoints) {
            let head = endpoints.start
            let tail = endpoints.isRoundTrip ? endpoints.start : endpoints.end
            self.head = head
            self.tail = tail
            isRoundTrip = endpoints.isRoundTrip
            free = (0..<n).filter { $0 != head && $0 != tail }
        }

        func route(free order: [Int]) -> [Int] {
            var route: [Int] = []
            if let head { route.append(head) }
            route += order
            if let tail, !isRoundTrip, tail != head { route.append(tail) }
            return route
        }
    }

    /// Fills the table and rebuilds the free nodes' optimal order.
    private static func run<T: FixedWidthInteger & SignedInteger & Sendable>(
        _: T.Type, _ matrix: CostMatrix, _ layout: Layout, _ control: SolveControl, _ workers: Int,
        _ path: KernelPath, _ prefault: Bool
    ) throws -> [Int] {
        let free = layout.free
        let m = free.count
        if m == 0 {
            if let head = layout.head, let tail = layout.tail, !layout.isRoundTrip,
               !matrix.allows(head, tail) {
                throw SolverError.noFeasibleRoute(nodes: matrix.count)
            }
            return []
        }
        // Try once before allocating: a solve cancelled before it starts
        // never touches the table.
        try control.checkpoint()
        // Unreachable states and forbidden arcs hold `inf`. Every state is at
        // most inf and every arc at most inf, so a sum never exceeds 2·inf <
        // T.max and the kernels need neither branches nor overflow checks;
        // real path sums stay below inf (``usesWideSums(_:)``).
        let inf = T.max / 4
        func arc(_ a: Int, _ b: Int) -> T {
            let c = matrix[a, b]
            return c == CostMatrix.forbidden ? inf : T(c)
        }
        var last = [T](repeating: 0, count: m)
        if let tail = layout.tail { for k in 0..<m { last[k] = arc(free[k], tail) } }

        let table = try Table<T>(count: m * Fill<T>.storedRows(m: m))
        defer { table.deallocate() }
        let fill = Fill(table: table, m: m, inf: inf, path: path, control: control,
                        cost: { arc(free[$0], free[$1]) },
                        first: { k in layout.head.map { arc($0, free[k]) } ?? 0 })
        defer { fill.deallocate() }
        try fill.run(workers: workers, prefault: prefault)

        // Close the route: the best last free node k after all the others.
        let full = (1 << m) - 1
        var bestLast = -1
        var bestCost = inf
        for k in 0..<m {
            let total = fill.entry(full ^ (1 << k), k) &+ last[k]
            if total < bestCost { bestCost = total; bestLast = k }
        }
        guard bestLast >= 0 else { throw SolverError.noFeasibleRoute(nodes: matrix.count) }

        // Walk back: the node before k (after visiting `before`) is any i in
        // `before` whose entry plus the arc i → k reproduces E(before, k).
        var reversed = [free[bestLast]]
        var before = full ^ (1 << bestLast)
        var k = bestLast
        while before != 0 {
            let target = fill.entry(before, k)
            var sources = before
            var found = -1
            while sources != 0 {
                let i = sources.trailingZeroBitCount
                sources &= sources - 1
                if fill.entry(before ^ (1 << i), i) &+ fill.out[i &* fill.stride &+ k] == target { found = i; break }
            }
            precondition(found >= 0, "Held–Karp table is inconsistent")
            reversed.append(free[found])
            before ^= 1 << found
            k = found
        }
        return reversed.reversed()
    }
}
