import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

/// Plans a trip over its days: which places on which day, in which order,
/// at what times — with visit durations, opening hours, breaks and
/// priorities — and why every place left out is left out.
///
/// The multi-day counterpart of ``Planner``, with the same safety rules for
/// services: limits checked before anything *n*×*n* is allocated, memory
/// reserved from ``memory``, the work on ``executor``'s dedicated threads,
/// one deadline for the whole call, cancellation within milliseconds.
///
/// ```swift
/// let itinerary = try Itinerary(contentsOf: URL(fileURLWithPath: "rome-3-days.json"))
/// let trip = try await Scheduler().schedule(itinerary, options: .init(timeLimit: .seconds(2)))
/// for day in trip.days { print(day.date, day.stops.map(\.name)) }
/// for place in trip.unscheduled { print(place.name, place.reason, place.detail) }
/// ```
///
/// The itinerary needs a `startDate` (one day without an `endDate`) and a
/// place for every day to start and end (its lodging, or `days[].startAt` /
/// `endAt`); see ``Itinerary/scheduleProblem(travelSeconds:fileName:)`` for
/// how dates, hours and breaks become the solver's input, and
/// ``ScheduleSolver`` for the search.
public struct Scheduler: Sendable {
    /// Choices over the itinerary's own settings, and how to search.
    public struct Options: Sendable, Hashable {
        /// How the traveller moves (default: the itinerary's, else driving).
        public var travelMode: TravelMode?
        /// The most time the call may take, counted from the call, queueing
        /// and matrix building included. The search stops earlier once it has
        /// converged (its own iteration budget, a fraction of a second for a
        /// few dozen places) unless ``searchesWholeTimeLimit`` is set.
        public var timeLimit: Duration?
        /// Whether the search goes on until ``timeLimit`` (still stopping when
        /// it has long stopped improving), for a better schedule in exchange for
        /// the time; `routeplan schedule --time-limit` sets it.
        public var searchesWholeTimeLimit: Bool
        /// The search's seed: the same seed gives the same schedule.
        public var seed: UInt64
        /// How many waypoints a Google Maps link may hold.
        public var links: GoogleMapsDirections
        /// Travel costs a routing engine answered, for ``Itinerary/scheduleStops``
        /// in order (see ``Itinerary/readMatrix(contentsOf:format:travelMode:)``);
        /// `nil` estimates every pair from coordinates.
        public var matrix: ObservedMatrix?
        /// Where ``matrix`` came from, for ``TripSchedule/costSource``.
        public var matrixOrigin: String?
        /// Told when the work starts on its thread (for queue-wait figures), if anyone watches.
        public var progress: SolveProgress?

        public init(travelMode: TravelMode? = nil, timeLimit: Duration? = nil, searchesWholeTimeLimit: Bool = false,
                    seed: UInt64 = 1, links: GoogleMapsDirections = .standard, matrix: ObservedMatrix? = nil,
                    matrixOrigin: String? = nil) {
            self.travelMode = travelMode
            self.timeLimit = timeLimit
            self.searchesWholeTimeLimit = searchesWholeTimeLimit
            self.seed = seed
            self.links = links
            self.matrix = matrix
            self.matrixOrigin = matrixOrigin
        }
    }

    /// Caps on the stops and bytes of one schedule, checked before allocating.
    public var limits: Planner.Limits
    /// Where schedules run.
    public var executor: SolverExecutor
    /// The process-wide memory budget schedules reserve from.
    public var memory: MemoryBudget

    public init(limits: Planner.Limits = .init(), executor: SolverExecutor = .shared, memory: MemoryBudget = .shared) {
        self.limits = limits
        self.executor = executor
        self.memory = memory
    }

    /// The bytes a schedule of `stops` places over `days` days may use at its
    /// peak: the travel matrices as for ``Planner``, plus each visit's windows
    /// per day (two windows of 16 bytes and the search's copies, 96 bytes per
    /// place and day).
    public static func estimatedBytes(stops: Int, days: Int, engineMatrix: Bool) -> Int {
        let matrices = Planner.Limits.estimatedBytes(stops: stops, engineMatrix: engineMatrix, exactFreeNodes: nil)
        let (windows, overflow) = stops.multipliedReportingOverflow(by: max(days, 1) * 96)
        guard !overflow, matrices < .max - windows else { return .max }
        return matrices + windows
    }

    /// Schedules `itinerary`.
    ///
    /// - Parameter fileName: named in error messages about the itinerary.
    /// - Throws: ``PlanningError`` for an itinerary that cannot be scheduled
    ///   (no `startDate`, a day without a place to start or end, invalid
    ///   trip fields), for limits, and for solver refusals; its
    ///   ``PlanningError/category`` says which kind. Places that do not fit
    ///   are not errors: they are in ``TripSchedule/unscheduled``.
    @concurrent
    public func schedule(_ itinerary: Itinerary, options: Options = .init(), fileName: String? = nil) async throws -> TripSchedule {
        let arrival = ContinuousClock.now
        let deadline = options.timeLimit.map { arrival.advanced(by: $0) }
        try itinerary.validate(fileName: fileName)
        guard itinerary.startDate != nil else { throw PlanningError.needsTripDates(file: fileName, field: "startDate") }
        let stops = itinerary.scheduleStops
        let n = stops.count
        if let observed = options.matrix, observed.count != n {
            throw PlanningError.scheduleMatrixSize(matrixPlaces: observed.count, stops: n)
        }
        guard n <= limits.maxStops else { throw PlanningError.tooManyStops(stops: n, limit: limits.maxStops) }
        let bytes = Self.estimatedBytes(stops: n, days: itinerary.tripDates.count, engineMatrix: options.matrix != nil)
        guard bytes <= limits.maxBytes else {
            throw PlanningError.planTooLarge(stops: n, requiredBytes: bytes, limitBytes: limits.maxBytes)
        }
        let reservation: MemoryBudget.Reservation
        do { reservation = try memory.reserve(bytes) } catch { throw PlanningError.solver(error) }
        defer { reservation.release() }

        let control = SolveControl(deadline: deadline, timeLimit: options.timeLimit)
        do {
            return try await executor.run(threads: 1, control: control, runsToDeadline: deadline != nil) { _ in
                options.progress?.began()
                return try Self.scheduleBlocking(itinerary, options: options, fileName: fileName, control: control, started: arrival)
            }
        } catch let error as SolverError {
            throw PlanningError.solver(error)
        }
    }

    /// The work of ``schedule(_:options:fileName:)`` after the limits, on an executor thread.
    private static func scheduleBlocking(_ itinerary: Itinerary, options: Options, fileName: String?,
                                         control: SolveControl, started: ContinuousClock.Instant) throws -> TripSchedule {
        let stops = itinerary.scheduleStops
        let mode = options.travelMode ?? itinerary.route.travelMode ?? .driving
        let built = try BuiltMatrices(places: stops, observed: options.matrix, origin: options.matrixOrigin,
                                      mode: mode, control: control)
        let (matrices, completed, costSource) = (built.matrices, built.completed, built.costSource)
        let trip = try itinerary.scheduleProblem(travelSeconds: matrices.durations, fileName: fileName)
        let solution: ScheduleSolution
        do {
            let iterations = options.searchesWholeTimeLimit && options.timeLimit != nil
                ? nil : ScheduleSolver.defaultIterations(visits: trip.problem.visits.count)
            solution = try ScheduleSolver.solve(trip.problem, options: .init(seed: options.seed, maxIterations: iterations),
                                                control: control)
        } catch {
            // Typed: the solver throws only SolverError.
            throw PlanningError.solver(error)
        }
        let assembly = TripAssembly(itinerary: itinerary, trip: trip, stops: stops, matrices: matrices,
                                    completed: completed, mode: mode, links: options.links)
        let days = trip.dates.indices.map { assembly.day($0, solution.routes[$0]) }
        return TripSchedule(
            name: itinerary.name,
            travelMode: mode,
            days: days,
            unscheduled: solution.unscheduled.map { assembly.unscheduled($0, solution: solution, elapsed: .now - started) },
            totals: assembly.totals(solution, days: days),
            costSource: costSource,
            search: .init(termination: solution.termination.rawValue, iterations: solution.iterations,
                          seconds: ((ContinuousClock.now - started).inSeconds * 1000).rounded() / 1000, seed: options.seed))
    }
}
