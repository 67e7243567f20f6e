/// The multi-day / multi-vehicle scheduler: solves a ``ScheduleProblem``
/// (TOPTW, VRPTW and their multi-window variants, the traveller's multi-day
/// trip) heuristically, with exact post-optimisation of short routes.
///
/// Let *n* be the number of visits, *m* the number of routes, *k* the number
/// of visits on one route and *b* the number of its breaks.
///
/// ## Algorithm
/// 1. **Construction** by cheapest feasible insertion, required visits first,
///    then by score.
/// 2. **Ruin and recreate** in the style of SISR (Christiaens & Vanden Berghe
///    2020): strings of adjacent visits around a random seed visit are removed
///    from a few routes, then the removed and the unscheduled visits are put
///    back by cheapest insertion with random "blinks", in a random order
///    (required first, then one of: score, random, demand, far, close).
///    Simulated annealing decides on a scalar proxy of the objective
///    (travel − λ·score, required visits dominating); the lexicographically
///    best solution is kept.
/// 3. **Exact post-optimisation** of every route with at most
///    ``Options/exactRouteSize`` visits: a label-setting dynamic program over
///    subsets gives the least-travel feasible order of the route's visits.
/// 4. **Reasons** for every visit left out, after a last repair pass that
///    inserts any visit whose insertion (possibly after removing optional
///    visits worth less) improves the objective.
///
/// ## Feasibility tests
/// A route without breaks keeps, per position, the earliest service start
/// (forward) and the latest start that keeps the rest feasible (backward);
/// an insertion is then tested in O(w) for w windows of the inserted visit
/// (O(1) for one window). Several windows per visit are exact: arriving at
/// time α a visit can be served feasibly iff α is at most the latest window
/// point not after its downstream deadline. A route with breaks is evaluated
/// exactly in O(k·b) by earliest-time labels per number of breaks taken.
///
/// ## Waiting
/// Each route is reported with the departure delayed as far as possible
/// without delaying its earliest arrival at the end; its waiting is all idle
/// time between departure and arrival. The search minimises score and travel;
/// waiting is only a tie-break of the exact route optimisation (the earliest
/// arrival at the end), so it is not guaranteed minimal.
///
/// - Complexity: one ruin-and-recreate iteration is O(r·(n + k)·m) insertion
///   tests for *r* re-inserted visits (O(r·n·k²·b) on routes with breaks);
///   the exact step is O(2ᵏ·k²) labels per route, times the Pareto labels kept.
public enum ScheduleSolver {
    /// The largest time (and window bound) accepted: 2⁴⁸, so that sums never overflow.
    public static let maximumTime = 1 << 48

    /// How the search runs.
    public struct Options: Sendable, Hashable, Codable {
        /// The seed of the random choices; the same seed gives the same solution
        /// (without a deadline).
        public var seed: UInt64
        /// The most ruin-and-recreate iterations; `nil` runs until the deadline,
        /// or, without one, for a budget of `2_000 + 200·n` iterations. The search
        /// also stops when the best solution has not improved for a long time
        /// (the budget without a deadline, ten times it with one).
        public var maxIterations: Int?
        /// Routes with at most this many visits get their order proven optimal
        /// by dynamic programming under their windows (0: never).
        public var exactRouteSize: Int

        public init(seed: UInt64 = 1, maxIterations: Int? = nil, exactRouteSize: Int = 12) {
            self.seed = seed
            self.maxIterations = maxIterations
            self.exactRouteSize = exactRouteSize
        }
    }

    /// Solves `problem`, returning the best solution found.
    ///
    /// - Throws: a validation error (see ``validate(_:)``); ``SolverError/cancelled``
    ///   or ``SolverError/timeLimitReached(seconds:)`` only if the search stops
    ///   before the construction has started (otherwise the best solution is
    ///   returned with termination ``ScheduleSolution/Termination/timeLimit``
    ///   or ``ScheduleSolution/Termination/cancelled``).
    public static func solve(_ problem: ScheduleProblem, options: Options = .init(),
                             control: SolveControl = .unlimited) throws(SolverError) -> ScheduleSolution {
        try validate(problem)
        let instance = ScheduleInstance(problem)
        var search = ScheduleSearch(instance: instance, options: options, control: control)
        return search.run()
    }

    /// The best case of serving `visit` alone on route `route` (start → it →
    /// end, waiting allowed, the route's breaks taken, its capacity respected):
    /// the stop's times, or `nil` when it does not fit. The visit need not be
    /// one of `problem.visits`; it must have a window list for `route`.
    ///
    /// - Complexity: O(b·log T) for *b* breaks and the time span *T*.
    public static func alone(_ visit: ScheduleProblem.Visit, onRoute route: Int,
                             of problem: ScheduleProblem) -> ScheduleSolution.Stop? {
        guard route >= 0, route < problem.routes.count, route < visit.windows.count else { return nil }
        let r = problem.routes[route]
        guard !visit.windows[route].isEmpty, visit.demand <= r.capacity,
              visit.node >= 0, visit.node < problem.travel.count else { return nil }
        var single = ScheduleProblem(travel: problem.travel, visits: [visit], routes: [r])
        single.visits[0].windows = [visit.windows[route]]
        let instance = ScheduleInstance(single)
        guard let plan = instance.plan(route: 0, sequence: [0]) else { return nil }
        return plan.stops.first
    }
}
