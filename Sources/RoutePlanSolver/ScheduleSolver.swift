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
///    from a few routes (neighbours: the 40 nearest visits by travel both
///    ways) — half of them *split strings*, a longer string of which a block
///    of consecutive visits stays — then the removed visits, the unscheduled ones near them, all
///    unscheduled required ones and a few at random are put back by
///    cheapest insertion with random "blinks", in a random order (mostly
///    required first, then one of: score, random, demand, far, close). When
///    visits compete for time (some are left out), 2 in 10 iterations
///    recreate greedily by score² / (1 + shift) and 3 in 10 insert at the
///    position that delays the rest of the route least. When every visit
///    must be served, 2 in 10 recreates first put one visit alone on an empty
///    route: cheapest insertion alone almost never opens a route, and the
///    search would otherwise stay at the number of routes it settled on
///    (Solomon R203.50's optimum needs five routes, its best four-route
///    solution is 0.5 % longer).
///    Simulated annealing on the lexicographic objective decides: fewer
///    missing required visits always wins, a higher score is always taken and
///    a lower one with probability exp(−loss / (T·mean score)), T falling
///    geometrically from 10 to 0.05 over the budget or the time limit (the
///    earlier 3 → 0.02 reached 60 of 70 TOPTW m = 1 optima at 40,000
///    iterations over two seeds, 10 → 0.05 reaches 63, 30 → 0.05 and
///    10 → 0.02 did no better; m = 2 unchanged); at
///    equal score travel is annealed with T′·(mean nearest-neighbour travel):
///    T′ = T when visits compete for time (some are left out), else T′ falls
///    from 10 to 0.1 (SISR's 100 → 1 on Solomon's distances; the colder
///    3 → 0.02 left the long C2 routes stuck at a fourth vehicle). After
///    1,000 iterations without a new best the search goes back to the best.
///    Insertion tests are pruned by travel before time (most positions cannot
///    beat the best one found), blinks are drawn as geometric gaps, one
///    random number per skipped position rather than per position, only one
///    empty route of each class of identical routes is tried, and when no
///    insertion can make room for another (every detour at least as long as
///    the arc it replaces, no breaks) the recreate makes one pass.
/// 3. **Local search** on every new best solution (with a deadline, only
///    for a quarter of the time spent so far; on the construction only up to
///    300 visits): insert unscheduled
///    visits, replace an optional visit by a better unscheduled one, 2-opt
///    and Or-opt (1–3 visits) within routes, relocate, exchange and 2-opt*
///    between routes (granular: only routes holding one of the visit's 10
///    nearest neighbours); first improvement, every candidate checked exactly.
/// 4. **Exact post-optimisation** of every route with at most
///    ``Options/exactRouteSize`` visits: a label-setting dynamic program over
///    subsets gives the least-travel feasible order of the route's visits.
/// 5. **Reasons** for every visit left out, after a last repair pass that
///    inserts any visit whose insertion (possibly after removing optional
///    visits worth less) improves the objective. ``ScheduleSolution/Reason/noWindow``
///    and ``ScheduleSolution/Reason/unreachable`` are always exact; once the
///    caller's deadline has passed the others become
///    ``ScheduleSolution/Reason/searchLimit``.
///
/// The termination is ``ScheduleSolution/Termination/optimal`` only when it
/// is proven: no visits, or one route serving every visit in an order the
/// exact step proved.
///
/// ## Feasibility tests
/// A route without breaks keeps, per position, the earliest service start
/// (forward) and the latest start that keeps the rest feasible (backward);
/// an insertion is then tested in O(w) for w windows of the inserted visit
/// (O(1) for one window). Several windows per visit are exact: arriving at
/// time α a visit can be served feasibly iff α is at most the latest window
/// point not after its downstream deadline. A route with breaks keeps the
/// same two times per number of breaks taken (earliest-time labels forward;
/// backward, the best over placing the remaining breaks as late as they
/// allow), and an insertion is tested exactly in O(b·(b + w)). Breaks are
/// taken in the order listed. Every other candidate route (local search,
/// exact step, reasons) is evaluated in full, O(k·(b + w)).
///
/// ## Shared limits
/// The search state keeps the total use of every trip-wide limit
/// (``ScheduleProblem/sharedLimits``); every insertion (construction,
/// recreate, local search, repair) is refused in O(L) for *L* limits when it
/// would exceed one. Ruin frees what it removes, so a visit blocked by a
/// limit may come back in place of others (the recreate orders are not
/// weighted by limit use: on MC-TOP-MTW they did not need to be); the last
/// repair pass also trades one scheduled visit worth less that uses the
/// limit for a blocked one. Reordering and moves between routes do not
/// change the totals.
///
/// ## Not guaranteed
/// The search is a heuristic: around forbidden arcs a visit reachable only
/// through a chain of two or more visits that are all out may be missed
/// (single partners are tried in the last repair pass).
///
/// ## Waiting
/// Each route is reported with the departure delayed as far as possible
/// without delaying its earliest arrival at the end; its waiting is all idle
/// time between departure and arrival. The search minimises score and travel;
/// waiting is only a tie-break of the exact route optimisation (the earliest
/// arrival at the end), so it is not guaranteed minimal.
///
/// - Complexity: one ruin-and-recreate iteration is O(r·k·m) insertion
///   tests for *r* re-inserted visits (O(r²·k·m) when recreating by ratio);
///   the exact step is O(2ᵏ·k²) per route times the Pareto labels kept.
public enum ScheduleSolver {
    /// The largest time (and window bound) accepted: 2⁴⁸, so that sums never overflow.
    public static let maximumTime = 1 << 48

    /// How the search runs.
    public struct Options: Sendable, Hashable, Codable {
        /// The seed of the random choices; the same seed gives the same solution
        /// (without a deadline).
        public var seed: UInt64
        /// The most ruin-and-recreate iterations; `nil` runs until the deadline,
        /// or, without one, for a budget of `2_000 + 200·n` iterations. With a
        /// deadline and `nil`, the search also stops once the best solution has
        /// not improved for ten times that budget.
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
    /// The search keeps 100 ms (at most a tenth of the time limit) before
    /// the deadline for the exact step and the reasons. A time limit or
    /// cancellation never throws: the best solution so far is returned with
    /// termination ``ScheduleSolution/Termination/timeLimit`` or
    /// ``ScheduleSolution/Termination/cancelled`` (visits the construction
    /// had not reached yet are ``ScheduleSolution/Reason/searchLimit``).
    ///
    /// - Throws: a validation error (see ``validate(_:)``).
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
