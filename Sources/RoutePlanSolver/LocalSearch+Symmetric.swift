extension LocalSearch {
    /// Kicks made by the symmetric search without a time limit, for a
    /// problem of `n` nodes: enough to converge on a few hundred nodes,
    /// bounded so that large problems still finish in seconds.
    public static func defaultSymmetricKicks(nodes n: Int) -> Int { min(100_000, 50 * n) }

    /// Solves a closed tour on costs given by a function, without a matrix:
    /// for instances too large for n² costs in memory.
    ///
    /// ```swift
    /// // Four corners of a square: the tour goes round it.
    /// let points = [(0, 0), (10, 10), (0, 10), (10, 0)]
    /// let tour = try LocalSearch.solveRoundTrip(count: 4, neighbours: nil, kicks: 10) { a, b in
    ///     abs(points[a].0 - points[b].0) + abs(points[a].1 - points[b].1)
    /// }
    /// tour.cost  // 40
    /// ```
    ///
    /// - Parameters:
    ///   - count: the number of nodes, at least 1.
    ///   - neighbours: each node's candidate neighbours, cheapest first, as a
    ///     flat array of `count · k` entries (for example from a spatial
    ///     index); `nil` picks them by α-nearness (see
    ///     ``SymmetricCosts/alphaNearest(_:)``) in O(count²).
    ///   - start: a tour (each node once) to start from instead of the
    ///     greedy tour on `neighbours`.
    ///   - cost: a symmetric cost function, at most ``CostMatrix/maximumCost``.
    /// - Returns: the tour starting at node 0.
    /// - Throws: ``SolverError/cancelled``.
    public static func solveRoundTrip(
        count: Int, neighbours: [Int32]?, start: [Int]? = nil, seed: UInt64 = 1, kicks: Int? = nil,
        control: SolveControl = .unlimited, cost: @escaping @Sendable (Int, Int) -> Int
    ) throws -> Solution {
        try solveRoundTrip(FunctionCosts(count: count, function: cost), neighbours: neighbours, start: start,
                                  seed: seed, kicks: kicks, control: control)
    }

    /// ``solveRoundTrip(count:neighbours:start:seed:kicks:control:cost:)``
    /// on costs between points in the plane, read inline by a search
    /// specialised for them.
    public static func solveRoundTrip(
        points: PlanarCosts, neighbours: [Int32]?, start: [Int]? = nil, seed: UInt64 = 1, kicks: Int? = nil,
        control: SolveControl = .unlimited
    ) throws -> Solution {
        try solveRoundTrip(points, neighbours: neighbours, start: start, seed: seed, kicks: kicks,
                                  control: control)
    }

    /// The round trip on any symmetric costs (see the public forms above).
    ///
    /// With a `partner`, one side of a pair of searches; with a `board`, a
    /// search of trials (see
    /// ``runSymmetric(_:neighbours:k:nodes:seed:kicks:control:start:partner:board:shake:reserve:)``).
    static func solveRoundTrip<Costs: SymmetricCosts>(
        _ costs: Costs, neighbours: [Int32]?, start: [Int]?, seed: UInt64, kicks: Int?, control: SolveControl,
        partner: (SearchPartner, side: Int)? = nil, board: TrialBoard? = nil
    ) throws -> Solution {
        // However it ends, the other side must not wait for this one.
        defer { partner.map { $0.0.leave(side: $0.side) } }
        let count = costs.count
        precondition(count >= 1, "a tour needs at least one node")
        guard count > 3 else {
            let order = Array(0..<count)
            return Solution(order: order, isRoundTrip: true, cost: costs.tourCost(order), provenOptimal: true,
                            method: .trivial)
        }
        let k: Int
        if let neighbours {
            precondition(neighbours.count % count == 0, "neighbour lists must hold count · k entries")
            k = neighbours.count / count
        } else {
            k = SearchTuning.candidateCount(for: costs)
        }
        if let start {
            precondition(start.count == count && Set(start).count == count && start.allSatisfy { (0..<count).contains($0) },
                         "a start tour must visit each node once")
        }
        let lists = neighbours ?? costs.alphaNearest(k)
        let (tour, total) = try runSymmetric(costs, neighbours: lists, k: k, nodes: count, seed: seed,
                                             kicks: kicks, control: control, start: start, partner: partner,
                                             board: board)
        return Solution(order: tour.cities(startingAt: 0), isRoundTrip: true, cost: total,
                        provenOptimal: false, method: .localSearch)
    }

    /// Greedy construction, local search to a local optimum, then kicks until
    /// `kicks` (default ``defaultSymmetricKicks(nodes:)`` for the `nodes` of
    /// the original problem) or shortly before the deadline, and full passes
    /// over the best tour until no move on the neighbour lists improves it.
    /// `start`, when given, replaces the greedy tour.
    ///
    /// With a `partner`, this search is one side of a pair on two threads
    /// that meet every ``SearchPartner/epoch`` kicks and go on from one tour
    /// (see ``SearchPartner``; with a deadline the side that comes first
    /// kicks on until the other arrives); stagnation and restarts are then
    /// judged at the meetings, on the pair's tour.
    ///
    /// With a `board` (and no partner), the search is made of trials
    /// (see ``runTrials(_:neighbours:k:nodes:seed:control:start:board:)``).
    /// A trial's own call shakes its start tour by `shake` double bridges
    /// after the first pass, and stops kicking `reserve` earlier than it
    /// otherwise would, to leave time for merging its tour. With a
    /// `settleTime` its start is settled already: it makes no first pass
    /// and takes `settleTime` as the time a thorough pass takes; without,
    /// it hands the time it measured to `measuredPass`.
    static func runSymmetric<Costs: SymmetricCosts>(
        _ costs: Costs, neighbours: [Int32], k: Int, nodes: Int, seed: UInt64, kicks: Int?, control: SolveControl,
        start startTour: [Int]? = nil, partner: (SearchPartner, side: Int)? = nil, board: TrialBoard? = nil,
        shake: Int = 0, reserve: Duration = .zero, settleTime: Duration? = nil,
        measuredPass: ((Duration) -> Void)? = nil
    ) throws -> (SymmetricTour, Int) {
        if let board, partner == nil {
            return try runTrials(costs, neighbours: neighbours, k: k, nodes: nodes, seed: seed, control: control,
                                 start: startTour, board: board)
        }
        let start = startTour ?? GreedyEdge.tour(costs, neighbours: neighbours, k: k)
        var search = SymmetricSearch(costs: costs, neighbours: neighbours, k: k, start: start)
        if settleTime == nil { search.fullPass(control: control, thorough: false) }
        // Kicks stop early enough to settle the best tour by the deadline:
        // by what a thorough pass over a copy takes now. At 1 s that pass
        // took 2.3–6.4 ms on pr1002 and 8.9–17 ms on fnl4461, the final
        // settle 2.8–3.5 ms and 11–24 ms, so the search ends within about
        // 10 ms of the deadline. The copy is then thrown away, so kicks start
        // from the single pass's tour: settling that one first changed which
        // tour it is, and pr1002's 1 s gap over seeds 1–6 went from 0 % to
        // 0.08 % on that alone.
        // Without a deadline there is nothing to reserve, so no trial pass.
        var kickControl = control
        if control.deadline != nil {
            var copy = search
            let pass = settleTime ?? copy.fullPass(control: control, thorough: true)
            measuredPass?(pass)
            kickControl = control.withDeadline(earlierBy: pass + reserve)
        }
        var generator = SplitMix64(seed: seed)
        if shake > 0 { search.perturb(count: shake, using: &generator, control: kickControl) }
        let limit = kicks ?? (control.deadline == nil ? defaultSymmetricKicks(nodes: nodes) : Int.max)
        var kick = 0
        var reported = Int.max
        func report() {
            guard let progress = control.progress, search.cost < reported,
                  let cost = costs.routeCost(ofTourCost: search.cost) else { return }
            reported = search.cost
            progress.offer(cost: cost)
        }
        report()
        // Restarts: after `stagnation` kicks without a shorter tour, the tour
        // is shaken hard and the search goes on from there; the best tour is
        // kept aside. Only time-limited runs last that long (kick-bounded
        // runs stop at 50 · nodes kicks), so those stay as they were.
        let stagnation = SearchTuning.restartAfter(nodes: nodes)
        let repairEvery = SearchTuning.longArcRepairKicks(nodes: search.n)
        var lastImprovement = 0
        var best: (tour: SymmetricTour, cost: Int)?
        // Paired: the partner until it leaves, and the cost of the pair's
        // tour at the last meeting.
        var meetings = partner
        var meetingCost = Int.max
        // Bounded by time, a side that reaches a meeting first kicks on
        // until the other brings its tour (see `SearchPartner.arrive`).
        var early = false
        let meetAfterEqualKicks = control.deadline == nil
        while kick < limit {
            if kick & 15 == 0 && kickControl.shouldStop { break }
            kick += 1
            // Every so many kicks, the longest arcs get a move no kick finds
            // (see `SymmetricSearch.repairLongArcs`); in a pair, side 0's
            // only (both would find the same move, which cannot merge).
            if kick % repairEvery == 0 && (meetings?.side ?? 0) == 0
                && search.repairLongArcs(control: kickControl) > 0 {
                if meetings == nil { lastImprovement = kick }
                report()
            }
            search.walkSteps = SearchTuning.walkSteps(stagnantKicks: kick - lastImprovement, nodes: nodes)
            let before = search.cost
            if search.kick(using: &generator, control: kickControl) { report() }
            if case let (partner, side)? = meetings {
                let arrival: SearchPartner.Arrival
                if early {
                    arrival = partner.poll(side: side, order: search.tour.order, cost: search.cost)
                } else if kick % partner.epoch != 0 {
                    continue
                } else if meetAfterEqualKicks {
                    // Bounded by kicks: so that a seed gives the same route.
                    arrival = partner.meet(side: side, order: search.tour.order, cost: search.cost)
                        .map { .met($0) } ?? .alone
                } else {
                    arrival = partner.arrive(side: side, order: search.tour.order, cost: search.cost)
                }
                let meeting: SearchPartner.Meeting
                early = false
                switch arrival {
                case .early:
                    early = true
                    continue
                case .alone:
                    meetings = nil  // the other side has stopped: go on alone
                    continue
                case .met(let met):
                    meeting = met
                }
                if !(side == 0 ? meeting.unchanged.0 : meeting.unchanged.1) {
                    search.adopt(meeting.order, cost: meeting.cost)
                    report()
                }
                if meeting.cost < meetingCost { lastImprovement = kick }
                meetingCost = meeting.cost
            } else if search.cost < before {
                lastImprovement = kick
            }
            if kick - lastImprovement >= stagnation && kick < limit {
                if search.cost < best?.cost ?? Int.max { best = (search.tour, search.cost) }
                search.perturb(count: SearchTuning.restartShake, using: &generator, control: kickControl)
                lastImprovement = kick
                meetingCost = Int.max
            }
        }
        // The other side goes on alone while this one settles its tour.
        if let partner { partner.0.leave(side: partner.side) }
        if control.isCancelled { throw SolverError.cancelled }
        if let best, best.cost < search.cost {
            search.tour = best.tour
            search.cost = best.cost
        }
        // Kicks re-optimise from their own arcs only; full passes leave no
        // improving 2-opt, Or-opt or Lin–Kernighan move on the lists (see
        // `SymmetricSearch.settle`).
        search.settle(control: control)
        report()
        if control.isCancelled { throw SolverError.cancelled }
        return (search.tour, search.cost)
    }

    /// Solves `matrix` under `endpoints` through a symmetric form of the
    /// problem (see ``SymmetricCosts``); `nil` when the form's sums could
    /// overflow `Int` (``SymmetricCosts/sumsFitInInt``), checked before the
    /// search starts, or when the route found still needs a forbidden arc.
    static func solveThroughSymmetricForm(
        _ matrix: CostMatrix, endpoints: RouteEndpoints, seed: UInt64, kicks: Int?, control: SolveControl,
        candidates: [Int32]? = nil, partner: (SearchPartner, side: Int)? = nil, board: TrialBoard? = nil
    ) throws -> Solution? {
        let n = matrix.count
        let order: [Int]
        if matrix.isSymmetric && endpoints.isRoundTrip {
            let costs = MatrixCosts(matrix: matrix)
            guard costs.sumsFitInInt else { return nil }
            let tour = try run(costs, nodes: n, seed: seed, kicks: kicks, control: control, candidates: candidates,
                               partner: partner, board: board)
            order = tour.cities(startingAt: endpoints.start ?? 0)
        } else if matrix.isSymmetric {
            let costs = PathCosts(matrix: matrix, endpoints: endpoints)
            guard costs.sumsFitInInt else { return nil }
            let tour = try run(costs, nodes: n, seed: seed, kicks: kicks, control: control, partner: partner,
                               board: board)
            var path = Array(tour.cities(startingAt: n).dropFirst())
            if let s = endpoints.start, path.first != s { path.reverse() }
            if let t = endpoints.end, path.last != t { path.reverse() }
            order = path
        } else {
            // The directed cycle problem (one extra node closes an open path),
            // doubled into a symmetric one.
            let cycle = LowerBound.cycleMatrix(matrix, endpoints)
            let size = cycle.count
            let directed = cycle.flatMap { row in row.map { $0 ?? DoubledCosts.forbidden } }
            let costs = DoubledCosts(n: size, directed: directed)
            guard costs.sumsFitInInt else { return nil }
            let tour = try run(costs, nodes: n, seed: seed, kicks: kicks, control: control)
            // Read entry i → exit i → entry j …; a tour that breaks that
            // pattern is no directed cycle.
            var cities = tour.cities(startingAt: 0)
            if cities[1] != size { cities = [0] + cities.dropFirst().reversed() }
            var cycleOrder: [Int] = []
            cycleOrder.reserveCapacity(size)
            for i in stride(from: 0, to: cities.count, by: 2) {
                guard cities[i] < size, cities[i + 1] == cities[i] + size else { return nil }
                cycleOrder.append(cities[i])
            }
            if endpoints.isRoundTrip {
                let s = cycleOrder.firstIndex(of: endpoints.start ?? 0) ?? 0
                order = Array(cycleOrder[s...] + cycleOrder[..<s])
            } else {
                let d = cycleOrder.firstIndex(of: n) ?? 0
                order = Array(cycleOrder[(d + 1)...] + cycleOrder[..<d])
            }
        }
        guard endpoints.admits(order), let cost = matrix.cost(of: order, closed: endpoints.isRoundTrip) else {
            return nil
        }
        return Solution(order: order, isRoundTrip: endpoints.isRoundTrip, cost: cost,
                        provenOptimal: false, method: .localSearch)
    }

    private static func run<Costs: SymmetricCosts>(
        _ costs: Costs, nodes: Int, seed: UInt64, kicks: Int?, control: SolveControl, candidates: [Int32]? = nil,
        partner: (SearchPartner, side: Int)? = nil, board: TrialBoard? = nil
    ) throws -> SymmetricTour {
        // Given lists may be of any length k (count · k entries).
        let k = candidates.map { $0.count / costs.count } ?? SearchTuning.candidateCount(for: costs)
        let lists = candidates ?? costs.alphaNearest(k)
        precondition(k >= 1 && lists.count == costs.count * k, "candidate lists must hold count · k entries")
        return try runSymmetric(costs, neighbours: lists, k: k, nodes: nodes,
                                seed: seed, kicks: kicks, control: control, partner: partner, board: board).0
    }
}

extension RouteEndpoints {
    /// Whether `order` starts and ends where these endpoints require.
    func admits(_ order: [Int]) -> Bool {
        if let s = start, order.first != s { return false }
        if !isRoundTrip, let t = end, order.last != t { return false }
        return true
    }
}
