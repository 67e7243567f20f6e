extension LocalSearch {
    /// A search made of trials that share a ``TrialBoard`` (see there for
    /// why): until `control` stops it, each trial kicks from a start tour
    /// to a local optimum (``runSymmetric(_:neighbours:k:nodes:seed:kicks:control:start:partner:board:shake:reserve:)``
    /// with ``SearchTuning/trialKicks(nodes:)`` kicks) and its tour is
    /// merged into the board's best. The first trial starts from `start`
    /// (the greedy tour when `nil`), every later one from the board's best,
    /// shaken by ``SearchTuning/trialShake(nodes:stagnantTrials:)`` double
    /// bridges: more of them the longer the best has not changed since this
    /// search's trials last saw it change.
    ///
    /// A merge may take a quarter of its trial's time. Each trial's kicks
    /// stop early enough for the longest merge seen so far, so the last
    /// trial's tour is merged by the deadline too.
    ///
    /// - Returns: the board's best tour when this search stops, settled
    ///   (no improving move on the lists), and its cost.
    static func runTrials<Costs: SymmetricCosts>(
        _ costs: Costs, neighbours: [Int32], k: Int, nodes: Int, seed: UInt64, control: SolveControl,
        start: [Int]?, board: TrialBoard
    ) throws -> (SymmetricTour, Int) {
        var generator = SplitMix64(seed: seed)
        let kicks = SearchTuning.trialKicks(nodes: nodes)
        var last: (order: [Int32], cost: Int) = ([], .max)
        // How long a thorough pass takes, as the first trial measured it:
        // later trials start from the settled best, so they skip the first
        // pass and the measurement.
        var settleTime: Duration?, measured: Duration?
        // Trials this search started since the best last changed (by a
        // merge from either search), and the best's version then.
        var stagnant = 0, seenVersion: Int?
        repeat {
            let started = ContinuousClock.now
            // One snapshot of the best: the tour shaken is the one whose
            // version the count is kept against.
            let best = board.best
            if best?.version == seenVersion { stagnant += 1 } else { (stagnant, seenVersion) = (0, best?.version) }
            let shake = SearchTuning.trialShake(nodes: nodes, stagnantTrials: stagnant)
            let (tour, cost) = try runSymmetric(
                costs, neighbours: neighbours, k: k, nodes: nodes, seed: settleTime == nil ? seed : generator.next(),
                kicks: kicks, control: control,
                start: settleTime == nil ? start : best.map { $0.order.map(Int.init) },
                shake: settleTime == nil ? 0 : shake, reserve: board.mergeReserve, settleTime: settleTime,
                measuredPass: { measured = $0 })
            last = (tour.order, cost)
            settleTime = settleTime ?? measured ?? .zero
            // A merge may take a quarter of its trial's time (at least
            // 5 ms): the two first trials of pcb3038 at 10 s, from different
            // greedy tours, once took 0.67 s to merge and gained nothing.
            mergeTrial(tour.order, cost: cost, into: board, costs: costs, neighbours: neighbours, k: k,
                       control: control, budget: max(.milliseconds(5), (ContinuousClock.now - started) / 4))
            // A trial needs time for at least its settling: none starts
            // with less than two passes' time left.
        } while !control.shouldStop
            && control.deadline.map { ContinuousClock.now.duration(to: $0) >= (settleTime ?? .zero) * 2 } ?? true
        if control.isCancelled { throw SolverError.cancelled }
        let best = board.best.map { (order: $0.order, cost: $0.cost) } ?? last
        return (SymmetricTour(best.order.map(Int.init)), best.cost)
    }

    /// Merges a trial's tour (`order`, costing `cost`, settled) into the
    /// board's best (when at least twice `budget` is left before the
    /// deadline): the shortest tour in their union, searched from the
    /// cities whose arcs it changed and settled, becomes the best if it is
    /// shorter (or the trial's tour, if shorter than the best and no merge
    /// is), so the best is always settled. When the other search changed
    /// the best meanwhile, the merge is tried again with the new best, at
    /// most twice.
    private static func mergeTrial<Costs: SymmetricCosts>(
        _ order: [Int32], cost: Int, into board: TrialBoard, costs: Costs, neighbours: [Int32], k: Int,
        control: SolveControl, budget: Duration
    ) {
        let started = ContinuousClock.now
        var merged = false
        // Building the reduced graph, its matrix and the polish after the
        // merge are not cut short by the deadline: a merge starts only with
        // twice its budget left (at 0.2 s, merging anyway ended fnl4461's
        // runs up to 1.12 × the time limit and pcb3038's 1.07 ×).
        let mergesInTime = control.deadline.map { started.duration(to: $0) >= budget * 2 } ?? true
        for _ in 0..<3 {
            guard let best = board.best else {
                if board.replace(ifStill: nil, with: order, cost: cost) { break }
                continue
            }
            var candidate = (order: order, cost: cost)
            if mergesInTime, let union = TourMerge.shortestInUnion([best.order.map(Int.init), order.map(Int.init)],
                                                     cost: { costs.cost($0, $1) }, control: control,
                                                     budget: budget),
               union.cost < min(best.cost, cost) {
                var search = SymmetricSearch(costs: costs, neighbours: neighbours, k: k, start: union.tour)
                search.queueChanged(from: best.order)
                search.optimize(control: control)
                search.settle(control: control)
                candidate = (search.tour.order, search.cost)
                merged = true
            }
            if candidate.cost >= best.cost { break }
            if board.replace(ifStill: best.version, with: candidate.order, cost: candidate.cost) {
                if let progress = control.progress, let routeCost = costs.routeCost(ofTourCost: candidate.cost) {
                    progress.offer(cost: routeCost)
                }
                break
            }
            merged = false
        }
        board.record(merged: merged, took: ContinuousClock.now - started)
    }
}
