/// The mutable route the local-search operators work on.
///
/// Every endpoint rule becomes one array, `nodes`, whose first and last
/// entries may be pinned:
///
///     round trip from s:   [s] + free nodes + [s]     movable 1 ... n-1
///     path s → t:          [s] + free nodes + [t]     movable 1 ... n-2
///     path s → anywhere:   [s] + free nodes           movable 1 ... n-1
///     path anywhere → t:   free nodes + [t]           movable 0 ... n-2
///     path, both free:     free nodes                 movable 0 ... n-1
///
/// The cost of the route is the sum of the arcs between consecutive entries,
/// so one array model serves every variant: an operator only ever rearranges
/// `nodes[movable]`, and an arc that would leave the array (before position
/// 0 or after the last one) simply does not exist and costs nothing.
struct WorkingRoute {
    /// The route, with pinned ends included (a round trip repeats its start).
    var nodes: [Int]
    /// The positions operators may rearrange.
    let movable: Range<Int>
    let isRoundTrip: Bool
    let matrix: CostMatrix
    /// The cost used for a forbidden arc while searching: larger than any
    /// route made of finite arcs, so a feasible route always looks cheaper.
    let penalty: Int

    init(free: [Int], endpoints: RouteEndpoints, matrix: CostMatrix) {
        var nodes: [Int] = []
        if let start = endpoints.start { nodes.append(start) }
        let first = nodes.count
        nodes += free
        if endpoints.isRoundTrip, let start = endpoints.start {
            nodes.append(start)
        } else if let end = endpoints.end, end != endpoints.start {
            nodes.append(end)
        }
        self.nodes = nodes
        self.movable = first..<(first + free.count)
        self.isRoundTrip = endpoints.isRoundTrip
        self.matrix = matrix
        self.penalty = (matrix.largestCost + 1) * (matrix.count + 1)
    }

    /// The cost of the arc from `a` to `b` (``penalty`` if forbidden).
    @inline(__always)
    func cost(_ a: Int, _ b: Int) -> Int {
        let c = matrix.storage[a &* matrix.count &+ b]
        return c == CostMatrix.forbidden ? penalty : Int(c)
    }

    /// The cost of the arc between positions `p` and `p + 1`, or 0 when either is outside the array.
    @inline(__always)
    func arcCost(after p: Int) -> Int {
        p >= 0 && p + 1 < nodes.count ? cost(nodes[p], nodes[p + 1]) : 0
    }

    /// The search cost of the whole route (forbidden arcs at ``penalty``).
    var totalCost: Int {
        var total = 0
        for p in 0..<(nodes.count - 1) { total += cost(nodes[p], nodes[p + 1]) }
        return total
    }

    /// Offers the route's cost to `progress` when the route uses no forbidden arc.
    func report(to progress: SolveProgress?) {
        guard let progress else { return }
        let total = totalCost
        if total < penalty { progress.offer(cost: total) }
    }

    /// The visiting order without the repeated start of a round trip.
    var order: [Int] { isRoundTrip ? Array(nodes.dropLast()) : nodes }
}
