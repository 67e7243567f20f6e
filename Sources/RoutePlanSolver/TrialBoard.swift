import Synchronization

/// The best tour of a search made of *trials*, shared by the searches on
/// both cores, into which every trial's tour is merged
/// (``TourMerge/shortestInUnion(_:cost:control:maximumNodes:)``).
///
/// One long run of kicks settles into a basin within seconds: at 10 s on
/// pcb3038, the two searches found their last shorter tours at 2.7 s and
/// 6.3 s. Restarting from a shaken tour finds other basins but seldom a
/// better one. A trial does both and keeps what is good in each: it starts
/// from the board's best tour shaken by
/// ``SearchTuning/trialShake(nodes:stagnantTrials:)`` double bridges, kicks
/// for ``SearchTuning/trialKicks(nodes:)`` kicks to a new local optimum,
/// and the shortest tour in the union of that tour and
/// the best becomes the new best. The two tours differ where the trial
/// found something else; merging takes, place by place, whichever is
/// shorter, and may mix them (LKH merges every trial's tour with the best
/// in the same way; Helsgaun 2009).
///
/// The first trial of each search starts from its own start tour, so the
/// two searches' first tours differ most. Which side brings a tour does not
/// matter: each merges its own trial's tour into the best as it finds it.
///
/// Against one long run per core (the better of the two wins), mean gaps
/// to the optimum over seeds 1–4 at 10 s, one run:
///
/// | | one run per core | trials | trials, merges within a quarter of their trial's time |
/// |---|---|---|---|
/// | pcb3038 | 0.104 % ¹ | 0.063 % | 0.004 % (1 of 4 optimal) |
/// | fnl4461 | 0.067 % ¹ | 0.057 % | 0.042 % |
///
/// ¹ An earlier run of the same code. More in ``SearchTuning/trialKicks(nodes:)``
/// and `Benchmarks/README.md`.
final class TrialBoard: Sendable {
    private struct State {
        var best: (order: [Int32], cost: Int)?
        /// Incremented whenever the best changes.
        var version = 0
        var trials = 0
        var merges = 0
        /// The longest merge so far (see ``mergeReserve``).
        var longestMerge: Duration = .zero
    }

    private let state = Mutex(State())

    init() {}

    /// The board for the searches of one solve on `nodes` nodes, or `nil`
    /// when they are not made of trials: without a deadline (a run bounded
    /// by kicks stays deterministic for its seed), on asymmetric costs
    /// (whose doubled graph the merge is not built for), and where
    /// ``SearchTuning/searchesAreTrials(nodes:timeLeft:)`` says no for the
    /// time left now.
    static func forSearches(nodes: Int, under control: SolveControl, symmetric: Bool) -> TrialBoard? {
        guard symmetric, let left = control.timeLeft else { return nil }
        return SearchTuning.searchesAreTrials(nodes: nodes, timeLeft: left) ? TrialBoard() : nil
    }

    /// The best tour so far and its version, or `nil` before the first trial ends.
    var best: (order: [Int32], cost: Int, version: Int)? {
        state.withLock { s in s.best.map { ($0.order, $0.cost, s.version) } }
    }

    /// Trials ended, and how many of them gave a merge shorter than both
    /// tours (read them once the searches have stopped).
    var statistics: (trials: Int, merges: Int) {
        state.withLock { ($0.trials, $0.merges) }
    }

    /// How long a trial must leave before its deadline to merge its tour:
    /// the longest merge so far.
    var mergeReserve: Duration { state.withLock { $0.longestMerge } }

    /// Makes `order` the best tour if it is shorter than the best (or the
    /// first) and the best is still the one of version `version` (or none
    /// when `version` is `nil`).
    /// - Returns: whether it did; when not, the best has changed since:
    ///   merge with the new one.
    func replace(ifStill version: Int?, with order: [Int32], cost: Int) -> Bool {
        state.withLock { s in
            guard version.map({ $0 == s.version && s.best != nil }) ?? (s.best == nil) else { return false }
            if cost < s.best?.cost ?? .max {
                s.best = (order, cost)
                s.version += 1
            }
            return true
        }
    }

    /// Counts a trial that ended, whether its merge gave a tour shorter
    /// than both, and how long the merge took.
    func record(merged: Bool, took duration: Duration) {
        state.withLock { s in
            s.trials += 1
            if merged { s.merges += 1 }
            s.longestMerge = max(s.longestMerge, duration)
        }
    }
}
