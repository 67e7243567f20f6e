/// An exact solver that proves optimality by LP bounds: branch and cut on
/// the subtour relaxation of the TSP, with COIN-OR CLP as the LP engine.
///
/// Held–Karp needs memory exponential in the number of stops; branch and
/// cut needs a polynomial LP per search node and proves optimum routes of
/// 100 stops and more in seconds when the LP bound is tight.
///
/// - Every problem becomes a symmetric TSP (``BranchAndCutGraph``):
///   asymmetric costs by the 2-node doubling, open paths and fixed ends by
///   an extra node with forced edges.
/// - The LP has the degree equations, subtour cuts x(δ(S)) ≥ 2 separated
///   exactly (components, then Stoer–Wagner minimum cuts after shrinking
///   1-edges), blossoms (the odd-component heuristic, then exact separation
///   by a Gomory–Hu tree) and combs whose teeth are tight sets of the
///   shrunk support (``BranchAndCutSeparation/blossomsAndCombs``). It starts from
///   each node's 6 cheapest edges and the heuristic route's, and prices the
///   rest in by reduced cost.
/// - Bounds are proven in exact integer arithmetic from the LP duals
///   (``BranchAndCutBound``), never read from the LP's floating-point
///   objective; infeasible LPs are pruned only on an exactly checked Farkas
///   certificate. Root reduced costs fix edges out of every better tour.
/// - Search is best-bound first (deeper first, then older on ties),
///   branching by strong branching on the 6 fractional edges nearest ½;
///   it is deterministic.
/// - The result is re-checked before it is called proven: the route is
///   a permutation honouring the endpoints, its recomputed cost equals the
///   incumbent's, and no open or unresolved node has a lower bound.
public enum BranchAndCut {
    /// What a solve did.
    public struct Statistics: Sendable, Hashable {
        /// Search-tree nodes whose LP was solved.
        public var searchNodes: Int
        /// The proven bound at the root, after cutting, when it was reached.
        public var rootBound: Int?
        /// Simplex re-solves in all.
        public var lpSolves: Int
        /// Cuts added in all.
        public var cuts: Int

        public init(searchNodes: Int = 0, rootBound: Int? = nil, lpSolves: Int = 0, cuts: Int = 0) {
            self.searchNodes = searchNodes
            self.rootBound = rootBound
            self.lpSolves = lpSolves
            self.cuts = cuts
        }
    }

    /// The outcome of ``solve(_:endpoints:incumbent:control:)``.
    public struct Result: Sendable, Hashable {
        /// The best route found (the incumbent given if nothing better), or
        /// `nil` when none was given and none was found.
        public let solution: Solution?
        /// A proven lower bound on every route (the route's cost when proven
        /// optimal); `nil` when the root LP was not solved.
        public let lowerBound: Int?
        public let statistics: Statistics
    }

    /// The smallest problem (in nodes) handled; smaller ones go to Held–Karp.
    public static let minimumNodes = 5
    /// The largest problem handled: the LP's edge set and the doubled graph
    /// of asymmetric costs grow as n² (2,000 nodes: some 0.3 GB).
    public static let maximumNodes = 2_000

    /// Solves `matrix` under `endpoints` exactly, or as far as `control` allows.
    ///
    /// - Parameters:
    ///   - incumbent: a route to start from (the first upper bound); its
    ///     edges seed the LP.
    ///   - proofBudget: stop the search after this long even before the
    ///     control's deadline (`nil`: only the control's).
    /// - Returns: the best route with `provenOptimal` set when the search
    ///   finished and every check passed; otherwise the best route and the
    ///   best bound proven.
    /// - Throws: ``SolverError/cancelled``; ``SolverError/noFeasibleRoute(nodes:)``
    ///   when the search proves that no route avoids the forbidden arcs;
    ///   ``SolverError/exactTooManyNodes(nodes:maximum:)`` above ``maximumNodes``.
    /// - Complexity: exponential in the worst case; memory O(n²) for the
    ///   graph plus O(open nodes · depth) for the search tree.
    public static func solve(_ matrix: CostMatrix, endpoints: RouteEndpoints, incumbent: Solution?,
                             control: SolveControl, proofBudget: Duration? = nil) throws -> Result {
        try solve(matrix, endpoints: endpoints, incumbent: incumbent, control: control, proofBudget: proofBudget,
                  searchesAtRoot: true)
    }

    /// ``solve(_:endpoints:incumbent:control:proofBudget:)``; without
    /// `searchesAtRoot`, a root that leaves a gap goes straight to
    /// branching, without the local searches of ``improvedRoutes``.
    static func solve(_ matrix: CostMatrix, endpoints: RouteEndpoints, incumbent: Solution?,
                      control: SolveControl, proofBudget: Duration?, searchesAtRoot: Bool) throws -> Result {
        try endpoints.validate(nodeCount: matrix.count)
        let n = matrix.count
        guard n <= maximumNodes else { throw SolverError.exactTooManyNodes(nodes: n, maximum: maximumNodes) }
        if n < minimumNodes {
            let solution = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, memoryLimit: nil,
                                                      control: control, workers: 1)
            return Result(solution: solution, lowerBound: solution.cost, statistics: Statistics())
        }
        let graph = BranchAndCutGraph(matrix, endpoints: endpoints)
        var start: (cost: Int, route: [Int], edges: [Int])?
        if let incumbent, isRoute(incumbent.order, of: n, endpoints: endpoints),
           let cost = matrix.cost(of: incumbent.order, closed: endpoints.isRoundTrip),
           let edges = graph.edges(of: incumbent.order, endpoints: endpoints) {
            start = (cost, incumbent.order, edges)
        }
        let stopAt = proofBudget.map { ContinuousClock.now.advanced(by: $0) }
        let search = BranchAndCutSearch(graph: graph, endpoints: endpoints, control: control, stopAt: stopAt,
                                        incumbent: start)
        var open = NodeQueue()
        open.push(.init(fixings: [], bound: Int.min, depth: 0, id: 0))
        var nextID = 1
        var unresolvedBound = Int.max
        var stopped = false
        while let node = open.pop() {
            if let best = search.incumbentCost, node.bound >= best { continue }
            if search.shouldStop {
                open.push(node)
                stopped = true
                break
            }
            switch search.process(node) {
            case .pruned:
                break
            case let .unresolved(bound):
                if search.shouldStop {
                    open.push(Node(fixings: node.fixings, bound: bound, depth: node.depth, id: node.id))
                    stopped = true
                } else {
                    search.certified = false
                    unresolvedBound = min(unresolvedBound, bound)
                }
            case let .branch(edge, bound, fixed):
                if node.depth == 0 && searchesAtRoot {
                    // The root did not close the gap: a better route prunes
                    // far more of the tree (see ``improvedRoutes``).
                    for route in improvedRoutes(matrix, endpoints: endpoints, control: control,
                                                wideGap: isWide(bound: bound, cost: search.incumbentCost)) {
                        if let cost = matrix.cost(of: route, closed: endpoints.isRoundTrip) {
                            search.offer(route: route, cost: cost)
                        }
                    }
                    if let best = search.incumbentCost, best <= bound { break }
                }
                for value: Int32 in [1, 0] {
                    open.push(Node(fixings: node.fixings + fixed + [Int32(edge) * 2 + value], bound: bound,
                                   depth: node.depth + 1, id: nextID))
                    nextID += 1
                }
            }
            if stopped { break }
        }
        if control.isCancelled { throw SolverError.cancelled }

        let rootBound = search.rootLowerBound.map { root in search.incumbentCost.map { min(root, $0) } ?? root }
        let statistics = Statistics(searchNodes: search.searchNodes, rootBound: rootBound,
                                    lpSolves: search.lpSolves, cuts: search.cutsAdded)
        let openBound = min(open.minimumBound ?? Int.max, unresolvedBound)
        guard let cost = search.incumbentCost, let route = search.incumbentRoute else {
            if !stopped && search.certified && open.isEmpty { throw SolverError.noFeasibleRoute(nodes: n) }
            return Result(solution: nil, lowerBound: openBound == Int.min || openBound == Int.max ? nil : openBound,
                          statistics: statistics)
        }
        let verified = isRoute(route, of: n, endpoints: endpoints)
            && matrix.cost(of: route, closed: endpoints.isRoundTrip) == cost
        let proven = verified && !stopped && search.certified && open.isEmpty && unresolvedBound >= cost
        let method: Solution.Method = proven || route != incumbent?.order ? .branchAndCut : (incumbent?.method ?? .branchAndCut)
        let solution: Solution
        if verified {
            solution = Solution(order: route, isRoundTrip: endpoints.isRoundTrip, cost: cost, provenOptimal: proven,
                                method: method)
        } else if let incumbent {
            solution = incumbent
        } else {
            return Result(solution: nil, lowerBound: nil, statistics: statistics)
        }
        let bound: Int? = proven ? cost : (openBound == Int.min ? nil : min(openBound, solution.cost))
        return Result(solution: solution, lowerBound: bound, statistics: statistics)
    }

    typealias Node = BranchAndCutSearch.Node

    /// The root gap (as a fraction of the route's cost) above which
    /// ``improvedRoutes(_:endpoints:control:wideGap:)`` also runs the
    /// route-array search.
    static let wideRootGap = 0.005

    /// Whether `bound` is more than ``wideRootGap`` below `cost`.
    static func isWide(bound: Int, cost: Int?) -> Bool {
        guard let cost, cost > 0 else { return true }
        return Double(cost - bound) > wideRootGap * Double(cost)
    }

    /// Routes from longer heuristic searches, tried once the root leaves a
    /// gap: the local search with five kicks per node and another seed, and on
    /// asymmetric costs also the local search on the symmetrised costs
    /// (cᵢⱼ + cⱼᵢ)/2, whose route is read in both directions, and the
    /// route-array 2-opt/Or-opt search when `wideGap` (the root bound is more
    /// than ``wideRootGap`` below the route): it finds other routes than the
    /// search on the doubled graph, on itinerary-like costs often the optimum
    /// where the others stall 0.2–0.4 % above, but takes some 0.5 s at 100
    /// stops, more than the whole proof where the root gap is narrow. On
    /// nearly symmetric costs (road times) the asymmetric search often stalls
    /// some per cent above the optimum that the symmetric one finds at once.
    static func improvedRoutes(_ matrix: CostMatrix, endpoints: RouteEndpoints, control: SolveControl,
                               wideGap: Bool = false) -> [[Int]] {
        let n = matrix.count
        let kicks = min(LocalSearch.defaultKicks(freeNodes: n), max(50, 5 * n))
        var routes: [[Int]] = []
        if let route = try? LocalSearch.solve(matrix, endpoints: endpoints, seed: 0x5EED_B0A7, kicks: kicks,
                                              control: control) {
            routes.append(route.order)
        }
        if !matrix.isSymmetric,
           let symmetric = try? CostMatrix(count: n, cost: { i, j in
               matrix.allows(i, j) && matrix.allows(j, i) ? (Int(matrix[i, j]) + Int(matrix[j, i])) / 2 : nil
           }),
           let route = try? LocalSearch.solve(symmetric, endpoints: endpoints, seed: 0x5EED_B0A7, kicks: kicks,
                                              control: control) {
            routes.append(route.order)
            var reversed = Array(route.order.reversed())
            if endpoints.isRoundTrip, let first = route.order.first {
                reversed = [first] + route.order.dropFirst().reversed()
            }
            routes.append(reversed)
        }
        if !matrix.isSymmetric,
           wideGap,
           let route = try? LocalSearch.solve(matrix, endpoints: endpoints, seed: 0x5EED_B0A8, kicks: kicks,
                                              control: control, routeArrayOnly: true) {
            routes.append(route.order)
        }
        return routes.filter { isRoute($0, of: n, endpoints: endpoints) }
    }

    /// Whether `order` visits each of the `n` nodes once, as `endpoints` require.
    static func isRoute(_ order: [Int], of n: Int, endpoints: RouteEndpoints) -> Bool {
        guard order.count == n, Set(order).count == n, order.allSatisfy({ (0..<n).contains($0) }) else { return false }
        if let s = endpoints.start, order.first != s { return false }
        if !endpoints.isRoundTrip, let t = endpoints.end, order.last != t { return false }
        return true
    }

    /// Open nodes, smallest bound first (deeper, then older, on ties): a binary heap.
    struct NodeQueue {
        private var heap: [Node] = []
        var isEmpty: Bool { heap.isEmpty }
        var minimumBound: Int? { heap.map(\.bound).min() }

        private static func before(_ a: Node, _ b: Node) -> Bool {
            (a.bound, -a.depth, a.id) < (b.bound, -b.depth, b.id)
        }

        mutating func push(_ node: Node) {
            heap.append(node)
            var i = heap.count - 1
            while i > 0 {
                let p = (i - 1) / 2
                guard Self.before(heap[i], heap[p]) else { break }
                heap.swapAt(i, p)
                i = p
            }
        }

        mutating func pop() -> Node? {
            guard !heap.isEmpty else { return nil }
            heap.swapAt(0, heap.count - 1)
            let top = heap.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && Self.before(heap[l], heap[m]) { m = l }
                if r < heap.count && Self.before(heap[r], heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
            return top
        }
    }
}
