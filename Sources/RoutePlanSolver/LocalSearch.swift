/// Iterated local search: nearest-neighbour construction, then 2-opt and
/// Or-opt to a local optimum, then repeated double-bridge kicks each followed
/// by local search, keeping the best route found.
///
/// A double-bridge kick cuts the free part of the route into four stretches
/// A B C D and reconnects them as A C B D. No stretch is reversed, so the kick
/// is priced correctly on asymmetric costs, and plain 2-opt/Or-opt cannot
/// undo it in one move:
///
///     before:  A ──▶ B ──▶ C ──▶ D
///     after:   A ──▶ C ──▶ B ──▶ D
///
/// Without a time limit the number of kicks is fixed by the problem size, so
/// a seed always gives the same route; with one, kicks continue until the
/// deadline.
///
/// Closed tours on symmetric costs without forbidden arcs take a faster path,
/// ``SymmetricSearch`` (neighbour lists, don't-look bits, local kicks); the
/// search described here serves asymmetric costs and open paths.
///
/// - Guarantee: the result obeys the endpoints, visits every node once, and
///   never costs more than the nearest-neighbour construction.
public enum LocalSearch {
    /// Kicks made without a time limit for a problem of `m` free nodes:
    /// enough for small itineraries to converge, bounded so large problems
    /// still finish in about a second.
    public static func defaultKicks(freeNodes m: Int) -> Int {
        guard m >= 4 else { return 0 }
        return min(2_000, max(5, 4_000_000 / (m * m)))
    }

    /// Solves `matrix` heuristically under `endpoints`.
    ///
    /// - Parameters:
    ///   - seed: chooses the kicks; equal seeds give equal routes when
    ///     `kicks` bounds the work.
    ///   - kicks: the number of kicks, or `nil` for ``defaultKicks(freeNodes:)``
    ///     (unbounded when `control` has a deadline).
    /// - Throws: ``SolverError/noFeasibleRoute(nodes:)`` when the best route
    ///   found still needs a forbidden arc, ``SolverError/cancelled``.
    public static func solve(
        _ matrix: CostMatrix,
        endpoints: RouteEndpoints,
        seed: UInt64 = 1,
        kicks: Int? = nil,
        control: SolveControl = .unlimited
    ) throws -> Solution {
        try endpoints.validate(nodeCount: matrix.count)
        if endpoints.isRoundTrip && matrix.isSymmetric && !matrix.hasForbiddenArcs && matrix.count >= 8 {
            return try solveSymmetric(matrix, start: endpoints.start ?? 0, seed: seed, kicks: kicks, control: control)
        }
        var best = NearestNeighbor.build(matrix, endpoints: endpoints)
        optimize(&best, control: control)
        var bestCost = best.totalCost
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
            }
        }
        if Task.isCancelled { throw SolverError.cancelled }
        let order = best.order
        guard let cost = matrix.cost(of: order, closed: endpoints.isRoundTrip) else {
            throw SolverError.noFeasibleRoute(nodes: matrix.count)
        }
        return Solution(order: order, isRoundTrip: endpoints.isRoundTrip, cost: cost,
                        provenOptimal: m <= 1, method: m <= 1 ? .trivial : .localSearch)
    }

    /// Kicks made by the symmetric search without a time limit.
    public static func defaultSymmetricKicks(nodes n: Int) -> Int { min(200_000, 50 * n) }

    /// The closed-tour search on symmetric costs (see ``SymmetricSearch``).
    static func solveSymmetric(_ matrix: CostMatrix, start: Int, seed: UInt64, kicks: Int?,
                               control: SolveControl) throws -> Solution {
        let construction = NearestNeighbor.build(matrix, endpoints: .roundTrip(from: start)).order
        var search = SymmetricSearch(matrix: matrix, start: construction)
        search.queueAll()
        search.optimize(control: control)
        var generator = SplitMix64(seed: seed)
        let limit = kicks ?? (control.deadline == nil ? defaultSymmetricKicks(nodes: matrix.count) : Int.max)
        var kick = 0
        while kick < limit {
            if kick & 15 == 0 && control.shouldStop { break }
            kick += 1
            _ = search.kick(using: &generator, control: control)
        }
        if Task.isCancelled { throw SolverError.cancelled }
        let order = search.tour.cities(startingAt: start)
        guard let cost = matrix.cost(of: order, closed: true) else { throw SolverError.noFeasibleRoute(nodes: matrix.count) }
        assert(cost == search.cost, "incremental cost \(search.cost) differs from the tour's \(cost)")
        return Solution(order: order, isRoundTrip: true, cost: cost, provenOptimal: false, method: .localSearch)
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
