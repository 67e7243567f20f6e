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
    /// **The final stretch.** A trial that would have less than half its
    /// previous trial's time for kicks (the time left, less a pass and the
    /// merge reserve) is not started. The search instead kicks the board's
    /// best as it is, unshaken, with no merge reserve and no kick limit,
    /// until the deadline, and stops there; its tour replaces the best if
    /// shorter. A shaken trial cut short spends its kicks repairing its
    /// shake: at 1 s on pcb3038, once a 0.14 s merge had set the reserve,
    /// one search ran six such trials of 17–41 ms in its last 0.3 s, each
    /// ending 0.2–0.6 % above the best, and fnl4461's second trials
    /// (50–130 ms after first ones of 0.74–0.80 s) ended up to 0.3 % above
    /// it. Kicking the best instead can only keep or shorten it. Against
    /// trials to the deadline, and the stretch taken whenever a whole
    /// previous trial would not fit, same runs (`Benchmarks/README.md`,
    /// twenty-second round):
    ///
    /// | | trials to the deadline | stretch below a whole trial | below half a trial (kept) |
    /// |---|---|---|---|
    /// | pr1002 1 s, seeds 11–46 | 0.094 %, 17 of 36 optimal | 0.081 %, 19 of 36 | 0.078 %, 20 of 36 |
    /// | pcb3038 1 s, seeds 11–20, 31–46 | 0.276 % | 0.263 % | 0.263 % |
    /// | fnl4461 1 s, seeds 11–20, 31–46 | 0.276 % | 0.270 % | 0.267 % |
    /// | pcb3038 10 s, seeds 1–6 (two batches) | 0.044 / 0.032 % | 0.078 % | 0.043 % |
    /// | fnl4461 10 s, seeds 1–6 (two batches) | 0.043 / 0.061 % | 0.048 % | 0.052 % |
    ///
    /// At 10 s the stretch replaces a last trial that mostly fits, and
    /// its merge: taken below a whole trial it lost there, below half a
    /// trial it is level within the batches' spread.
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
        // How long this search's previous trial took (its shake, kicks and
        // settling; not its merge), and whether the trial running is the
        // final stretch.
        var previousTrial: Duration?
        var final = false
        repeat {
            let started = ContinuousClock.now
            if let settleTime, let previousTrial, let deadline = control.deadline {
                final = isFinalStretch(timeLeft: started.duration(to: deadline), previousTrial: previousTrial,
                                       pass: settleTime, mergeReserve: board.mergeReserve)
            }
            // One snapshot of the best: the tour shaken is the one whose
            // version the count is kept against.
            let best = board.best
            if best?.version == seenVersion { stagnant += 1 } else { (stagnant, seenVersion) = (0, best?.version) }
            let shake = final ? 0 : SearchTuning.trialShake(nodes: nodes, stagnantTrials: stagnant)
            let (tour, cost) = try runSymmetric(
                costs, neighbours: neighbours, k: k, nodes: nodes, seed: settleTime == nil ? seed : generator.next(),
                kicks: final ? nil : kicks, control: control,
                start: settleTime == nil ? start : best.map { $0.order.map(Int.init) },
                shake: settleTime == nil ? 0 : shake, reserve: final ? .zero : board.mergeReserve,
                settleTime: settleTime, measuredPass: { measured = $0 })
            last = (tour.order, cost)
            settleTime = settleTime ?? measured ?? .zero
            let took = ContinuousClock.now - started
            previousTrial = took
            // A merge may take a quarter of its trial's time (at least
            // 5 ms): the two first trials of pcb3038 at 10 s, from different
            // greedy tours, once took 0.67 s to merge and gained nothing.
            // After the final stretch no time is left for one: its tour
            // replaces the best if shorter.
            mergeTrial(tour.order, cost: cost, into: board, costs: costs, neighbours: neighbours, k: k,
                       control: control, budget: max(.milliseconds(5), took / 4))
            // A trial needs time for at least its settling: none starts
            // with less than two passes' time left.
        } while !final && !control.shouldStop
            && control.timeLeft.map { $0 >= (settleTime ?? .zero) * 2 } ?? true
        if control.isCancelled { throw SolverError.cancelled }
        let best = board.best.map { (order: $0.order, cost: $0.cost) } ?? last
        return (SymmetricTour(best.order.map(Int.init)), best.cost)
    }

    /// Whether a search of trials with `timeLeft` before its deadline runs
    /// its final stretch rather than another trial (see
    /// ``runTrials(_:neighbours:k:nodes:seed:control:start:board:)``): when
    /// what is left for kicks, after the `pass` that settles a trial and
    /// the board's `mergeReserve`, is less than half the `previousTrial`.
    static func isFinalStretch(timeLeft: Duration, previousTrial: Duration, pass: Duration,
                               mergeReserve: Duration) -> Bool {
        timeLeft < previousTrial / 2 + pass + mergeReserve
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
