import Synchronization

/// Live figures of a running solve, for progress displays: the phase, the
/// cheapest route found so far and the best lower bound proven so far.
///
/// The solvers write to it through ``SolveControl/progress`` when something
/// changes (rarely: a new best route, a finished bound), and a display reads
/// ``snapshot`` from another thread whenever it likes. Reads and writes take
/// a lock held for a few instructions, so reporting costs nothing measurable.
///
/// ```swift
/// let progress = SolveProgress()
/// var options = RouteSolver.Options(strategy: .heuristic, timeLimit: .seconds(1))
/// options.progress = progress
/// let outcome = try await RouteSolver.solve(matrix, endpoints: .roundTrip(from: 0), options: options)
/// progress.snapshot.bestCost  // outcome.solution.cost
/// ```
public final class SolveProgress: Sendable, Hashable {
    /// What the solve is doing.
    public enum Phase: String, Sendable, Hashable {
        /// Reading input and building the cost matrix.
        case preparing = "preparing"
        /// Held–Karp: no route until the table is complete.
        case exact = "exact search"
        /// Local search with kicks, improving the best route.
        case localSearch = "local search"
    }

    /// The figures at one moment.
    public struct Snapshot: Sendable, Hashable {
        public var phase: Phase
        /// The cost of the cheapest complete route found so far.
        public var bestCost: Int?
        /// The best proven lower bound so far.
        public var lowerBound: Int?
        /// When the solve (or the command around it) began.
        public var started: ContinuousClock.Instant
        /// When the work got a thread of its executor (``began()``), so that
        /// `workStarted - started` is the time spent waiting in the queue.
        public var workStarted: ContinuousClock.Instant?

        /// How far the best route can be above the optimum, in percent.
        public var gapPercent: Double? {
            guard let bestCost, let lowerBound, lowerBound > 0 else { return nil }
            return Double(max(0, bestCost - lowerBound)) / Double(lowerBound) * 100
        }
    }

    private let state: Mutex<Snapshot>

    /// A record that starts in ``Phase/preparing`` now.
    public init(started: ContinuousClock.Instant = .now) {
        state = Mutex(Snapshot(phase: .preparing, bestCost: nil, lowerBound: nil, started: started, workStarted: nil))
    }

    /// The current figures.
    public var snapshot: Snapshot { state.withLock { $0 } }

    /// Records that the work has started on its thread (the first call counts).
    public func began() {
        let now = ContinuousClock.now
        state.withLock { if $0.workStarted == nil { $0.workStarted = now } }
    }

    /// Records that the solve moved to `phase`.
    public func enter(_ phase: Phase) {
        state.withLock { $0.phase = phase }
    }

    /// Records a complete route of `cost`; kept when it is the cheapest yet.
    public func offer(cost: Int) {
        state.withLock { if $0.bestCost.map({ cost < $0 }) ?? true { $0.bestCost = cost } }
    }

    /// Records a proven lower bound; kept when it is the largest yet.
    public func offer(lowerBound: Int) {
        state.withLock { if $0.lowerBound.map({ lowerBound > $0 }) ?? true { $0.lowerBound = lowerBound } }
    }

    /// Records a route proven optimal: both the best cost and the bound.
    public func offer(optimal cost: Int) {
        offer(cost: cost)
        offer(lowerBound: cost)
    }

    public static func == (a: SolveProgress, b: SolveProgress) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
