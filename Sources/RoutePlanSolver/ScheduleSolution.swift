/// A solution of a ``ScheduleProblem``: each route's visits in order with
/// their times, the visits left out with the reason, and the objective.
public struct ScheduleSolution: Sendable, Hashable, Codable {
    /// One served visit on a route.
    public struct Stop: Sendable, Hashable, Codable {
        /// Index into ``ScheduleProblem/visits``.
        public var visit: Int
        /// When the traveller gets there.
        public var arrival: Int
        /// When the service starts (`arrival` plus any wait).
        public var start: Int
        /// When the service ends (`start + serviceTime`).
        public var end: Int

        public init(visit: Int, arrival: Int, start: Int, end: Int) {
            self.visit = visit
            self.arrival = arrival
            self.start = start
            self.end = end
        }
    }

    /// A break as taken: after `afterStop` stops of the route (0: before the
    /// first visit, `stops.count`: after the last), from `start` for the break's duration.
    public struct TakenBreak: Sendable, Hashable, Codable {
        /// Index into the route's ``ScheduleProblem/Route/breaks``.
        public var breakIndex: Int
        public var afterStop: Int
        public var start: Int
        public var end: Int

        public init(breakIndex: Int, afterStop: Int, start: Int, end: Int) {
            self.breakIndex = breakIndex
            self.afterStop = afterStop
            self.start = start
            self.end = end
        }
    }

    /// One route as scheduled.
    public struct RoutePlan: Sendable, Hashable, Codable {
        /// When it leaves its start node.
        public var departure: Int
        public var stops: [Stop]
        public var breaks: [TakenBreak]
        /// When it reaches its end node.
        public var arrival: Int
        public var travel: Int
        public var waiting: Int

        public init(departure: Int, stops: [Stop], breaks: [TakenBreak], arrival: Int, travel: Int, waiting: Int) {
            self.departure = departure
            self.stops = stops
            self.breaks = breaks
            self.arrival = arrival
            self.travel = travel
            self.waiting = waiting
        }
    }

    /// Why a visit is not in the solution. The solver knows only windows and
    /// travel times; a caller with more context (opening hours, dates) may
    /// refine ``noWindow`` and ``unreachable`` into its own words.
    public enum Reason: Sendable, Hashable, Codable {
        /// It has no window on any route.
        case noWindow
        /// Even alone on a route (start → it → end, waiting allowed, breaks
        /// taken) it fits on none of the routes where it has a window.
        case unreachable
        /// It fits alone on some route, but on none together with the
        /// required visits; `with` is a small set of required visits it
        /// conflicts with (on the routes where it fits alone).
        case conflictsWithRequired(with: [Int])
        /// It fits alone, and would fit on `route` if the visits `removing`
        /// (whose scores sum to at least its own) were taken out — checked by
        /// actually re-inserting it.
        case lowerPriority(route: Int, removing: [Int])
        /// It fits in time on some route — as the routes stand, or in place
        /// of optional visits worth less there — but serving it would take
        /// the total use of shared limit `limit` (an index into
        /// ``ScheduleProblem/sharedLimits``) above its capacity, given the
        /// other visits scheduled (or it alone uses more than the capacity).
        /// `limit` is the first such limit.
        case sharedLimit(limit: Int)
        /// The search stopped (time limit, cancellation) before deciding.
        case searchLimit
    }

    /// A visit left out.
    public struct Unscheduled: Sendable, Hashable, Codable {
        public var visit: Int
        public var reason: Reason

        public init(visit: Int, reason: Reason) {
            self.visit = visit
            self.reason = reason
        }
    }

    /// How the search ended.
    public enum Termination: String, Sendable, Hashable, Codable {
        /// Every visit scheduled and every route ordered optimally (proven).
        case optimal
        /// The search ran out of its iteration budget or converged.
        case completed
        /// The time limit ended the search; the best solution found is returned.
        case timeLimit
        /// Cancellation ended the search; the best solution found is returned.
        case cancelled
    }

    /// One entry per ``ScheduleProblem/routes`` element, in order.
    public var routes: [RoutePlan]
    /// Visits not scheduled, in visit order.
    public var unscheduled: [Unscheduled]
    /// The sum of scores over scheduled visits.
    public var score: Int
    public var travel: Int
    public var waiting: Int
    public var termination: Termination
    /// Search iterations done (for benchmarks and logs).
    public var iterations: Int

    public init(routes: [RoutePlan], unscheduled: [Unscheduled], score: Int, travel: Int, waiting: Int,
                termination: Termination, iterations: Int) {
        self.routes = routes
        self.unscheduled = unscheduled
        self.score = score
        self.travel = travel
        self.waiting = waiting
        self.termination = termination
        self.iterations = iterations
    }
}
