import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

/// Plans the best order to visit an itinerary's places.
///
/// The public entry point for services: give it an ``Itinerary`` and get a
/// ``PlannedRoute`` back. Values are `Sendable` and `Codable`. A planner is
/// safe to call from any server:
/// - **Limits before allocation.** The stop count and the bytes the plan
///   would use are checked against ``limits`` and reserved from ``memory``
///   before any *n*×*n* structure is built; a plan past them throws
///   (category ``ErrorCategory/tooLarge`` or ``ErrorCategory/overloaded``).
/// - **Its own threads.** Building the matrices and solving run on
///   ``executor``'s dedicated threads; `await planner.plan(…)` suspends its
///   caller and never holds a thread of Swift's cooperative pool or of a
///   server's event loop. A full queue throws at once (``ErrorCategory/overloaded``).
/// - **One deadline.** The time limit counts from the call, across queueing,
///   matrix building and solving. Cancelling the calling task stops the work
///   within milliseconds (throwing ``PlanningError/solver(_:)`` with
///   ``SolverError/cancelled``).
///
/// ```swift
/// import RoutePlan
///
/// let itinerary = Itinerary(
///     name: "Lisbon, day 1",
///     lodging: .init(name: "Hotel Avenida Palace", latitude: 38.7145, longitude: -9.1413),
///     placesToGo: [
///         .init(name: "Castelo de São Jorge", latitude: 38.7139, longitude: -9.1335),
///         .init(name: "Torre de Belém", latitude: 38.6916, longitude: -9.2160),
///     ],
///     route: .init(travelMode: .walking))
/// let route = try await Planner().plan(itinerary)
/// print(route.waypoints.map(\.name), route.totalDurationSeconds, route.googleMapsURLs)
/// ```
public struct Planner: Sendable {
    /// Choices that override the itinerary's `route` settings, and how to solve.
    public struct Options: Sendable, Hashable {
        public var travelMode: TravelMode?
        public var optimizeFor: Objective?
        public var start: StopReference?
        public var end: StopReference?
        /// Solver choice, time limit, memory cap and seed.
        public var solver: RouteSolver.Options
        /// How many waypoints a Google Maps link may hold.
        public var links: GoogleMapsDirections
        /// Travel costs a routing engine answered, for the itinerary's
        /// stops in order (see ``Itinerary/readMatrix(contentsOf:format:travelMode:)``);
        /// `nil` estimates every pair from coordinates.
        public var matrix: ObservedMatrix?
        /// Where ``matrix`` came from, for ``PlannedRoute/costSource``
        /// (e.g. a file name).
        public var matrixOrigin: String?

        public init(travelMode: TravelMode? = nil, optimizeFor: Objective? = nil,
                    start: StopReference? = nil, end: StopReference? = nil,
                    solver: RouteSolver.Options = .init(), links: GoogleMapsDirections = .standard,
                    matrix: ObservedMatrix? = nil, matrixOrigin: String? = nil) {
            self.travelMode = travelMode
            self.optimizeFor = optimizeFor
            self.start = start
            self.end = end
            self.solver = solver
            self.links = links
            self.matrix = matrix
            self.matrixOrigin = matrixOrigin
        }
    }

    /// Caps on the stops and bytes of one plan, checked before allocating.
    public var limits: Limits
    /// Where plans run: a bounded pool of dedicated threads with a bounded queue.
    public var executor: SolverExecutor
    /// Where quick plans run (at most ``quickPlanFreeNodes`` stops to
    /// order, solved exactly in a few milliseconds), so that they never wait
    /// behind long heuristic solves; `nil` runs them on ``executor`` too.
    public var quickLane: SolverExecutor?

    /// The most free stops of a plan that takes the quick lane: 14, a
    /// Held–Karp table of 14·2¹⁴ entries, about 2 ms.
    public static let quickPlanFreeNodes = 14
    /// The process-wide memory budget plans reserve from.
    public var memory: MemoryBudget

    /// A planner with the given limits, executors and memory budget (by
    /// default the process's shared ones: one thread per core for each lane,
    /// three quarters of the memory the process may use).
    public init(limits: Limits = .init(), executor: SolverExecutor = .shared, quickLane: SolverExecutor? = .quick,
                memory: MemoryBudget = .shared) {
        self.limits = limits
        self.executor = executor
        self.quickLane = quickLane
        self.memory = memory
    }

    /// Plans `itinerary`.
    ///
    /// Start and end default to the lodging (a round trip) when there is one,
    /// otherwise to the first place and wherever is best.
    ///
    /// - Throws: ``PlanningError`` for invalid itineraries or options, for
    ///   plans past the limits, and for solver refusals (too large for exact,
    ///   overloaded, cancelled, deadline passed); its ``PlanningError/category``
    ///   says which kind.
    @concurrent
    public func plan(_ itinerary: Itinerary, options: Options = .init()) async throws -> PlannedRoute {
        let arrival = ContinuousClock.now
        let deadline = options.solver.timeLimit.map { arrival.advanced(by: $0) }
        try itinerary.validate()
        let endpoints = try Self.endpoints(for: itinerary, options: options)
        let n = itinerary.stops.count
        if let observed = options.matrix, observed.count != n {
            throw PlanningError.matrixSize(matrixPlaces: observed.count, stops: n)
        }
        // Limits before any n×n structure exists.
        guard n <= limits.maxStops else { throw PlanningError.tooManyStops(stops: n, limit: limits.maxStops) }
        let exactFree = Self.exactFreeNodes(stops: n, endpoints: endpoints, options: options.solver)
        let bytes = Limits.estimatedBytes(stops: n, engineMatrix: options.matrix != nil, exactFreeNodes: exactFree)
        guard bytes <= limits.maxBytes else {
            throw PlanningError.planTooLarge(stops: n, requiredBytes: bytes, limitBytes: limits.maxBytes)
        }
        let reservation: MemoryBudget.Reservation
        do { reservation = try memory.reserve(bytes) } catch { throw PlanningError.solver(error) }
        defer { reservation.release() }

        let control = SolveControl(deadline: deadline, timeLimit: options.solver.timeLimit,
                                   progress: options.solver.progress)
        // The Held–Karp table may take what was reserved for it, no more.
        var solverOptions = options.solver
        if let exactFree {
            let table = Limits.estimatedBytes(stops: 0, engineMatrix: false, exactFreeNodes: exactFree)
            solverOptions.maxMemoryBytes = min(solverOptions.maxMemoryBytes ?? .max, table)
        }
        let chosen = solverOptions
        let quick = exactFree.map { $0 <= Self.quickPlanFreeNodes } ?? false
        let lane = quick ? (quickLane ?? executor) : executor
        do {
            return try await lane.run(threads: quick ? 1 : chosen.maxThreads, control: control,
                                      runsToDeadline: exactFree == nil) { granted in
                chosen.progress?.began()
                var solverOptions = chosen
                solverOptions.maxThreads = granted
                return try Self.planBlocking(itinerary, options: options, solver: solverOptions,
                                             endpoints: endpoints, control: control)
            }
        } catch let error as SolverError {
            throw PlanningError.solver(error)
        }
    }

    /// The work of ``plan(_:options:)`` after the limits, on an executor thread.
    private static func planBlocking(_ itinerary: Itinerary, options: Options, solver: RouteSolver.Options,
                                     endpoints: RouteEndpoints, control: SolveControl) throws -> PlannedRoute {
        let stops = itinerary.stops
        let mode = options.travelMode ?? itinerary.route.travelMode ?? .driving
        let objective = options.optimizeFor ?? itinerary.route.optimizeFor ?? .duration

        let built = try BuiltMatrices(places: stops, observed: options.matrix, origin: options.matrixOrigin,
                                      mode: mode, control: control)
        let (matrices, completed, costSource) = (built.matrices, built.completed, built.costSource)
        let costs = objective == .duration ? matrices.durations : matrices.distances
        try Self.checkReachability(costs, endpoints: endpoints, stops: stops)

        let outcome: RouteSolver.Outcome
        do {
            outcome = try RouteSolver.solveBlocking(costs, endpoints: endpoints, options: solver, control: control)
        } catch SolverError.noFeasibleRoute {
            throw PlanningError.noRouteAroundUnreachablePairs(
                unreachablePairs: options.matrix?.unreachablePairs ?? 0, stops: stops.count)
        } catch let error as SolverError {
            throw PlanningError.solver(error)
        }
        let solution = outcome.solution

        var visits = solution.order
        if solution.isRoundTrip && stops.count > 1, let first = visits.first { visits.append(first) }
        let waypoints = visits.map { stops[$0] }
        let legs = zip(visits.indices, visits.indices.dropFirst()).map { a, b in
            PlannedRoute.Leg(from: a, to: b,
                             distanceMeters: Int(matrices.distances[visits[a], visits[b]]),
                             durationSeconds: Int(matrices.durations[visits[a], visits[b]]),
                             estimated: completed?.isEstimated(visits[a], visits[b]) ?? true)
        }
        return PlannedRoute(
            name: itinerary.name,
            waypoints: waypoints,
            stopIndices: visits,
            legs: legs,
            totalDistanceMeters: legs.reduce(0) { $0 + $1.distanceMeters },
            totalDurationSeconds: legs.reduce(0) { $0 + $1.durationSeconds },
            travelMode: mode,
            optimizeFor: objective,
            roundTrip: solution.isRoundTrip && stops.count > 1,
            provenOptimal: solution.provenOptimal,
            lowerBound: outcome.lowerBound,
            gapPercent: outcome.gapPercent.map { ($0 * 1000).rounded() / 1000 },
            solver: solution.method,
            exactStoppedByTimeLimit: outcome.exactStoppedByTimeLimit,
            costSource: costSource,
            estimatedPairs: completed?.estimatedPairs ?? stops.count * (stops.count - 1),
            googleMapsURLs: options.links.links(for: waypoints, travelMode: mode))
    }

    /// One line on where the costs came from: how many pairs the engine
    /// answered, how many were estimated and how the estimates were fitted.
    static func describe(_ observed: ObservedMatrix, _ filled: CompletedTravelMatrices, origin: String?) -> String {
        var parts = ["routing-engine travel times" + (origin.map { " from \($0)" } ?? "")]
        if observed.usedTrafficDurations { parts.append("durations in traffic") }
        var counts = "\(observed.knownPairs) pairs known"
        if observed.unreachablePairs > 0 { counts += ", \(observed.unreachablePairs) unreachable" }
        if filled.estimatedPairs > 0 {
            counts += ", \(filled.estimatedPairs) estimated (durations \(filled.durationCalibration), distances \(filled.distanceCalibration))"
        }
        parts.append(counts)
        return parts.joined(separator: "; ")
    }

    /// Names the places no route can reach or leave, before any solving:
    /// a stop with no usable arc in (other than a fixed or free start) or
    /// none out (other than a fixed or free end).
    static func checkReachability(_ costs: CostMatrix, endpoints: RouteEndpoints, stops: [Itinerary.Place]) throws {
        let (unreachable, stranded) = costs.nodesNoRouteCanServe(endpoints: endpoints)
        if !unreachable.isEmpty || !stranded.isEmpty {
            throw PlanningError.unreachablePlaces(cannotReach: unreachable.map { stops[$0].name },
                                                  cannotLeave: stranded.map { stops[$0].name })
        }
    }

    /// Turns the start/end choice into the solver's endpoint rule.
    ///
    /// Stop 0 is the lodging when there is one and the first place otherwise,
    /// so it is the default start either way; the default end is the lodging
    /// (a round trip) or, without lodging, wherever is best.
    static func endpoints(for itinerary: Itinerary, options: Options) throws -> RouteEndpoints {
        func resolve(_ option: StopReference?, _ file: StopReference?, _ name: String) throws -> Int?? {
            if let option { return .some(try itinerary.resolve(option, field: "--\(name)", fileName: nil)) }
            if let file { return .some(try itinerary.resolve(file, field: "route.\(name)", fileName: nil)) }
            return .none
        }
        let start = try resolve(options.start, itinerary.route.start, "start") ?? 0
        let end = try resolve(options.end, itinerary.route.end, "end") ?? (itinerary.lodging != nil ? 0 : nil)
        if let start, start == end { return .roundTrip(from: start) }
        return .path(from: start, to: end)
    }
}

extension TravelMode {
    /// The travel-time preset used to estimate durations for this mode.
    var timeModel: TravelTimeModel {
        switch self {
        case .driving: return .driving
        case .walking: return .walking
        case .bicycling: return .bicycling
        case .transit: return .transit
        }
    }
}
