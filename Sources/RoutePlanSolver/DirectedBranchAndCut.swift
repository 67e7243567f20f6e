/// Branch and cut on arc variables for asymmetric costs: the ATSP's
/// subtour relaxation, with COIN-OR CLP as the LP engine.
///
/// The alternative to ``BranchAndCut``'s doubling onto the symmetric
/// solver: one variable xᵢⱼ per arc of the cycle matrix
/// (``DirectedBranchAndCutGraph``; open paths and fixed ends close through
/// a dummy node whose arcs only the allowed ends may use), out-degree =
/// in-degree = 1 at every node, and
///
/// - directed subtour cuts x(δ⁺(S)) ≥ 1, separated exactly: with the
///   degree equations x(δ⁺(S)) = ½·y(δ(S)) for yᵢⱼ = xᵢⱼ + xⱼᵢ, so the
///   symmetric separation (components, Stoer–Wagner minimum cuts) on the
///   symmetrised support finds every violated one;
/// - blossoms of the symmetrised point (valid, since every directed
///   Hamiltonian cycle is an undirected one);
/// - the LP starts from each node's 5 cheapest out- and in-arcs and the
///   heuristic route's, and prices the rest in by exact reduced cost.
///
/// Bounds come from the duals in exact integer arithmetic
/// (``BranchAndCutBound/compute(directed:cuts:duals:lower:upper:zeroCosts:)``);
/// root reduced costs fix arcs out of every better route; search is
/// best-bound first, each child's LP starting from its parent's final
/// basis (``SavedBasis``), branching on a fractional arc by reliability
/// branching (``BranchingPseudoCosts``: strong branching lite only where
/// the pseudo-costs have no observation yet); LP points of branching
/// nodes are rounded to routes and polished by local search for better
/// incumbents (``DirectedBranchAndCutSearch/roundedRoute(support:matrix:)``);
/// the result is re-checked (a permutation honouring the endpoints whose
/// recomputed cost equals the incumbent's) before it is called proven.
/// Deterministic; cancellable through the control.
enum DirectedBranchAndCut {
    /// Solves `matrix` under `endpoints` exactly, or as far as `control` and
    /// `proofBudget` allow; the same contract as
    /// ``BranchAndCut/solve(_:endpoints:incumbent:control:proofBudget:)``.
    /// - Complexity: exponential in the worst case; memory O(m²) for the
    ///   arcs plus O(open nodes · depth) for the search tree, m = n (+ 1 for
    ///   an open path).
    static func solve(_ matrix: CostMatrix, endpoints: RouteEndpoints, incumbent: Solution?,
                      control: SolveControl, proofBudget: Duration? = nil) throws -> BranchAndCut.Result {
        typealias Result = BranchAndCut.Result
        typealias Node = BranchAndCutSearch.Node
        try endpoints.validate(nodeCount: matrix.count)
        let n = matrix.count
        guard n <= BranchAndCut.maximumNodes else {
            throw SolverError.exactTooManyNodes(nodes: n, maximum: BranchAndCut.maximumNodes)
        }
        if n < BranchAndCut.minimumNodes {
            let solution = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, memoryLimit: nil,
                                                      control: control, workers: 1)
            return Result(solution: solution, lowerBound: solution.cost, statistics: .init())
        }
        let graph = DirectedBranchAndCutGraph(matrix, endpoints: endpoints)
        var start: (cost: Int, route: [Int], arcs: [Int])?
        if let incumbent, BranchAndCut.isRoute(incumbent.order, of: n, endpoints: endpoints),
           let cost = matrix.cost(of: incumbent.order, closed: endpoints.isRoundTrip),
           let arcs = graph.arcs(of: incumbent.order) {
            start = (cost, incumbent.order, arcs)
        }
        let stopAt = proofBudget.map { ContinuousClock.now.advanced(by: $0) }
        let search = DirectedBranchAndCutSearch(graph: graph, endpoints: endpoints, control: control,
                                                stopAt: stopAt, incumbent: start)
        search.matrix = matrix
        var open = BranchAndCut.NodeQueue()
        open.push(Node(fixings: [], bound: Int.min, depth: 0, id: 0))
        var nextID = 1
        var unresolvedBound = Int.max
        var stopped = false
        while let node = open.pop() {
            if let best = search.incumbentCost, node.bound >= best {
                search.discard(nodeID: node.id)
                continue
            }
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
            case let .branch(children, bound, fixed):
                if node.depth == 0 {
                    let wide = BranchAndCut.isWide(bound: bound, cost: search.incumbentCost)
                    for route in BranchAndCut.improvedRoutes(matrix, endpoints: endpoints, control: control,
                                                             wideGap: wide) {
                        if let cost = matrix.cost(of: route, closed: endpoints.isRoundTrip) {
                            search.offer(route: route, cost: cost)
                        }
                    }
                    if let best = search.incumbentCost, best <= bound { break }
                }
                search.expectChildren(ids: children.indices.map { nextID + $0 })
                for child in children {
                    open.push(Node(fixings: node.fixings + fixed + child, bound: bound,
                                   depth: node.depth + 1, id: nextID))
                    nextID += 1
                }
            }
            if stopped { break }
        }
        if control.isCancelled { throw SolverError.cancelled }

        let rootBound = search.rootLowerBound.map { root in search.incumbentCost.map { min(root, $0) } ?? root }
        let statistics = BranchAndCut.Statistics(searchNodes: search.searchNodes, rootBound: rootBound,
                                                 lpSolves: search.lpSolves, cuts: search.cutsAdded)
        let openBound = min(open.minimumBound ?? Int.max, unresolvedBound)
        guard let cost = search.incumbentCost, let route = search.incumbentRoute else {
            if !stopped && search.certified && open.isEmpty { throw SolverError.noFeasibleRoute(nodes: n) }
            return Result(solution: nil, lowerBound: openBound == Int.min || openBound == Int.max ? nil : openBound,
                          statistics: statistics)
        }
        let verified = BranchAndCut.isRoute(route, of: n, endpoints: endpoints)
            && matrix.cost(of: route, closed: endpoints.isRoundTrip) == cost
        let proven = verified && !stopped && search.certified && open.isEmpty && unresolvedBound >= cost
        let method: Solution.Method = proven || route != incumbent?.order
            ? .branchAndCut : (incumbent?.method ?? .branchAndCut)
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
}
