/// Iterated local search: construction, local search to a local optimum,
/// then repeated kicks each followed by local search, keeping the best route.
///
/// **From eight nodes on**, every problem is solved as a closed tour on
/// symmetric costs (see ``SymmetricCosts``): a symmetric round trip as it
/// is, a symmetric open path through one extra node, and anything with
/// asymmetric costs through the doubled graph of Jonker & Volgenant. The
/// tour is built greedily and improved by ``SymmetricSearch``: Lin–Kernighan
/// steps and Or-opt over neighbour lists with don't-look bits, and local
/// double-bridge kicks.
///
/// **Below eight nodes**, and whenever forbidden arcs leave the symmetric
/// search without a valid route, the route-array search runs instead:
/// nearest neighbour, exactly priced 2-opt (``TwoOpt``) and Or-opt
/// (``OrOpt``), and double-bridge kicks over the whole route. A double
/// bridge cuts the free part into four stretches A B C D and reconnects them
/// as A C B D; no stretch is reversed, so it is priced correctly on
/// asymmetric costs, and plain 2-opt/Or-opt cannot undo it in one move:
///
///     before:  A ──▶ B ──▶ C ──▶ D
///     after:   A ──▶ C ──▶ B ──▶ D
///
/// Without a time limit the number of kicks is fixed by the problem size, so
/// a seed always gives the same route; with one, kicks continue until the
/// deadline.
///
/// - Guarantee: the result obeys the endpoints, visits every node once, and
///   never costs more than the construction it started from.
public enum LocalSearch {
    /// The smallest problem solved through its symmetric form; below it the
    /// route-array search is as good and simpler.
    static let symmetricFormMinimum = 8

    /// Kicks made by the route-array search without a time limit for a
    /// problem of `m` free nodes: enough for small itineraries to converge,
    /// bounded so large problems still finish in about a second.
    public static func defaultKicks(freeNodes m: Int) -> Int {
        guard m >= 4 else { return 0 }
        return min(2_000, max(5, 4_000_000 / (m * m)))
    }

    /// Solves `matrix` heuristically under `endpoints`.
    ///
    /// - Parameters:
    ///   - seed: chooses the kicks; equal seeds give equal routes when
    ///     `kicks` bounds the work.
    ///   - kicks: the number of kicks, or `nil` for the default
    ///     (unbounded when `control` has a deadline).
    ///   - routeArrayOnly: skips the symmetric form and runs the route-array
    ///     search alone (a second opinion on asymmetric costs, where the two
    ///     searches find different routes).
    /// - Throws: when the best route found still needs a forbidden arc,
    ///   ``SolverError/noFeasibleRoute(nodes:)`` if a node lacks the arcs
    ///   every route needs (see ``CostMatrix/nodesNoRouteCanServe(endpoints:)``),
    ///   ``SolverError/noRouteFound(nodes:)`` otherwise (which proves
    ///   nothing); ``SolverError/cancelled``.
    public static func solve(
        _ matrix: CostMatrix,
        endpoints: RouteEndpoints,
        seed: UInt64 = 1,
        kicks: Int? = nil,
        control: SolveControl = .unlimited,
        routeArrayOnly: Bool = false
    ) throws -> Solution {
        try solve(matrix, endpoints: endpoints, seed: seed, kicks: kicks, control: control,
                  routeArrayOnly: routeArrayOnly, candidates: nil)
    }

    /// ``solve(_:endpoints:seed:kicks:control:routeArrayOnly:)`` with the
    /// symmetric round trip's candidate lists given (each city's k
    /// candidates, cheapest first, `matrix.count · k` entries, any k ≥ 1;
    /// see ``SymmetricCosts/alphaNearest(_:)``; ignored for other problems),
    /// so that two searches on one matrix need not compute them twice.
    ///
    /// With a `partner`, the symmetric form's search is one side of a pair
    /// (see ``SearchPartner``); with a `board`, a search of trials on
    /// symmetric costs (see ``TrialBoard``).
    static func solve(
        _ matrix: CostMatrix, endpoints: RouteEndpoints, seed: UInt64, kicks: Int?, control: SolveControl,
        routeArrayOnly: Bool, candidates: [Int32]?, partner: (SearchPartner, side: Int)? = nil,
        board: TrialBoard? = nil
    ) throws -> Solution {
        // However it ends, the other side must not wait for this one.
        defer { partner.map { $0.0.leave(side: $0.side) } }
        try endpoints.validate(nodeCount: matrix.count)
        // The symmetric form, unless the problem is small or its sums could
        // overflow (`SymmetricCosts.sumsFitInInt`); the route-array search,
        // which sums `Int32` costs, takes it then.
        if matrix.count >= symmetricFormMinimum, !routeArrayOnly,
           let solution = try solveThroughSymmetricForm(matrix, endpoints: endpoints, seed: seed, kicks: kicks,
                                                        control: control, candidates: candidates, partner: partner,
                                                        board: board) {
            return solution
        }
        var best = NearestNeighbor.build(matrix, endpoints: endpoints)
        optimize(&best, control: control)
        var bestCost = best.totalCost
        best.report(to: control.progress)
        let m = best.movable.count
        var generator = SplitMix64(seed: seed)
        let limit = kicks ?? (control.deadline == nil ? defaultKicks(freeNodes: m) : Int.max)
        var kick = 0
        while kick < limit && m >= 4 && !control.shouldStop {
            kick += 1
            var candidate = best
            doubleBridge(&candidate, using: &generator)
            optimize(&candidate, control: control)
            let cost = candidate.totalCost
            if cost < bestCost {
                best = candidate
                bestCost = cost
                best.report(to: control.progress)
            }
        }
        if control.isCancelled { throw SolverError.cancelled }
        let order = best.order
        guard let cost = matrix.cost(of: order, closed: endpoints.isRoundTrip) else {
            // A node without the arcs every route needs proves there is none.
            let (cannotReach, cannotLeave) = matrix.nodesNoRouteCanServe(endpoints: endpoints)
            throw cannotReach.isEmpty && cannotLeave.isEmpty
                ? SolverError.noRouteFound(nodes: matrix.count) : SolverError.noFeasibleRoute(nodes: matrix.count)
        }
        return Solution(order: order, isRoundTrip: endpoints.isRoundTrip, cost: cost,
                        provenOptimal: m <= 1, method: m <= 1 ? .trivial : .localSearch)
    }

    /// Runs 2-opt and Or-opt alternately until neither improves.
    static func optimize(_ route: inout WorkingRoute, control: SolveControl) {
        while !control.shouldStop {
            let reversed = TwoOpt.improve(&route, control: control)
            let moved = OrOpt.improve(&route, control: control)
            if !reversed && !moved { break }
        }
    }

    /// Reconnects the free stretch A B C D as A C B D at three random cuts.
    static func doubleBridge(_ route: inout WorkingRoute, using generator: inout SplitMix64) {
        let range = route.movable
        let m = range.count
        guard m >= 4 else { return }
        var cuts = Set<Int>()
        while cuts.count < 3 { cuts.insert(Int.random(in: 1..<m, using: &generator)) }
        let sorted = cuts.sorted()
        let (p1, p2, p3) = (range.lowerBound + sorted[0], range.lowerBound + sorted[1], range.lowerBound + sorted[2])
        let nodes = route.nodes
        var rebuilt = Array(nodes[..<p1])
        rebuilt += nodes[p2..<p3]
        rebuilt += nodes[p1..<p2]
        rebuilt += nodes[p3...]
        route.nodes = rebuilt
    }
}
