/// A scheduling problem: visits to spread over a set of routes (the days of
/// a trip, or the vehicles of a fleet) and to order within each route, under
/// time windows, service times, breaks and capacities.
///
/// This one type covers the academic family the scheduler is measured on —
/// the team orienteering problem with time windows (TOPTW: not every visit
/// need be made; maximise the score of those that are), the vehicle routing
/// problem with time windows (VRPTW, Solomon: every visit is required, a
/// capacity per route) and their multi-window variants — and the traveller's
/// multi-day trip, which maps onto it in the `RoutePlan` module. It knows
/// nothing about dates, places or geography: times are whole seconds (or any
/// unit the caller chooses) on one absolute axis shared by all routes, and
/// locations are indices into one travel-time ``CostMatrix``.
///
/// ## Objective (lexicographic)
/// 1. every ``Visit/isRequired`` visit is scheduled (a solution that cannot
///    do so reports the missing ones as unscheduled, with a reason);
/// 2. the sum of ``Visit/score`` over scheduled visits is as large as possible;
/// 3. then the total travel (the sum of ``travel`` over legs driven) is as small as possible;
/// 4. then the total waiting time is as small as possible.
///
/// ## Feasibility
/// - A visit is served at most once, on one route, and only on a route for
///   which it has at least one window (``Visit/windows``).
/// - Its service **starts** inside one of its windows for that route:
///   `window.earliestStart <= start <= window.latestStart`. (A traveller's
///   rule "the visit ends before closing" is expressed by the caller as
///   `latestStart = closing − serviceTime`.) Arriving early means waiting
///   until `earliestStart` of the window chosen; a later window of the same
///   route may be chosen instead.
/// - A route leaves ``Route/startNode`` no earlier than
///   ``Route/earliestStart`` and reaches ``Route/endNode`` no later than
///   ``Route/latestEnd``.
/// - Each of the route's ``Route/breaks`` is taken exactly once, between two
///   consecutive stops of the route (or before the first visit / after the
///   last), at the location of the stop before it, with no travel of its
///   own: it starts inside `[earliestStart, latestStart]` and lasts
///   `duration`; travel to the next stop begins when it ends. A route with
///   no visits still takes its breaks (between leaving and arriving).
/// - The sum of ``Visit/demand`` over a route's visits is at most
///   ``Route/capacity``.
/// - The sum of ``Visit/sharedUse``[k] over **all** scheduled visits, on
///   every route together, is at most ``sharedLimits``[k]``.capacity`` for
///   every trip-wide limit *k* (an entrance-fee budget for the whole trip,
///   "at most 2 museums"). A visit with an empty `sharedUse` uses none.
/// - Travel times come from ``travel``; a ``CostMatrix/forbidden`` arc is
///   never used.
public struct ScheduleProblem: Sendable, Hashable {
    /// An interval in which a service may start.
    public struct TimeWindow: Sendable, Hashable, Comparable {
        public var earliestStart: Int
        public var latestStart: Int

        public init(earliestStart: Int, latestStart: Int) {
            self.earliestStart = earliestStart
            self.latestStart = latestStart
        }

        public static func < (a: TimeWindow, b: TimeWindow) -> Bool {
            (a.earliestStart, a.latestStart) < (b.earliestStart, b.latestStart)
        }
    }

    /// One place to serve.
    public struct Visit: Sendable, Hashable {
        /// Its location: an index into ``ScheduleProblem/travel``.
        public var node: Int
        /// How long the service lasts.
        public var serviceTime: Int
        /// What serving it is worth (its priority); at least 1 for anything the
        /// caller wants scheduled.
        public var score: Int
        /// Whether it must be scheduled.
        public var isRequired: Bool
        /// How much of a route's capacity it uses.
        public var demand: Int
        /// The windows in which its service may start, per route: `windows[r]`
        /// for route `r`, sorted and disjoint; empty when it may not be on
        /// route `r`. `windows.count == routes.count`.
        public var windows: [[TimeWindow]]
        /// How much of each trip-wide limit serving it uses: `sharedUse[k]`
        /// of ``ScheduleProblem/sharedLimits``[k] (its fee, 1 if it is a
        /// museum). Empty: none of any; otherwise one non-negative value per limit.
        public var sharedUse: [Int]

        public init(node: Int, serviceTime: Int, score: Int = 1, isRequired: Bool = false, demand: Int = 0,
                    windows: [[TimeWindow]], sharedUse: [Int] = []) {
            self.node = node
            self.serviceTime = serviceTime
            self.score = score
            self.isRequired = isRequired
            self.demand = demand
            self.windows = windows
            self.sharedUse = sharedUse
        }
    }

    /// A pause taken between visits, without a location.
    public struct Break: Sendable, Hashable {
        public var earliestStart: Int
        public var latestStart: Int
        public var duration: Int

        public init(earliestStart: Int, latestStart: Int, duration: Int) {
            self.earliestStart = earliestStart
            self.latestStart = latestStart
            self.duration = duration
        }
    }

    /// One route: a day of a trip, or a vehicle.
    public struct Route: Sendable, Hashable {
        /// Where it starts and ends: indices into ``ScheduleProblem/travel``.
        public var startNode: Int
        public var endNode: Int
        /// It leaves `startNode` no earlier than this…
        public var earliestStart: Int
        /// …and reaches `endNode` no later than this.
        public var latestEnd: Int
        /// The most total ``Visit/demand`` it may carry (`Int.max`: no limit).
        public var capacity: Int
        /// Its breaks, sorted by `earliestStart`.
        public var breaks: [Break]

        public init(startNode: Int, endNode: Int, earliestStart: Int, latestEnd: Int, capacity: Int = .max,
                    breaks: [Break] = []) {
            self.startNode = startNode
            self.endNode = endNode
            self.earliestStart = earliestStart
            self.latestEnd = latestEnd
            self.capacity = capacity
            self.breaks = breaks
        }
    }

    /// Travel times between locations (asymmetric allowed).
    public var travel: CostMatrix
    public var visits: [Visit]
    public var routes: [Route]
    /// Limits shared by all routes together (see ``SharedLimit``); empty: none.
    public var sharedLimits: [SharedLimit]

    public init(travel: CostMatrix, visits: [Visit], routes: [Route], sharedLimits: [SharedLimit] = []) {
        self.travel = travel
        self.visits = visits
        self.routes = routes
        self.sharedLimits = sharedLimits
    }
}
