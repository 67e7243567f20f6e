import RoutePlanSolver

/// A trip as the scheduler's input: the ``ScheduleProblem`` built from an
/// itinerary by ``Itinerary/scheduleProblem(travelSeconds:fileName:)``, and
/// the way back from its indices and times to dates and places.
///
/// ## Mapping
/// - Times are seconds from 00:00 of the trip's first day (``clock`` turns
///   them into local dates and times).
/// - Route `r` is the day ``dates``[r]: it leaves its start place no earlier
///   than the day's `dayStart` and reaches its end place by `dayEnd`.
/// - Visit `v` is `placesToGo[placeIndices[v]]` (today every place, in file
///   order); its node, like the routes' start and end nodes, indexes
///   ``Itinerary/scheduleStops`` — the rows of the travel matrix.
/// - A visit's windows are **start** windows: opening intervals of that day
///   intersected with the day's hours, as `[open, close − visit]`, so the
///   visit ends before closing (an opening shorter than the visit gives no
///   window). `allowedDates` keep only those days' windows; a `fixedStart`
///   ticket gives one zero-width window at its time on its day, whatever the
///   opening hours say (validation made sure it fits the day and its dates).
/// - ``ScheduleProblem/Visit/isRequired`` is `mustVisit`, which defaults to
///   `true` for a place with a ticket and `false` otherwise; the score is `priority`.
/// - A break `{earliest, latest, minutes}` (within the day's hours) becomes
///   `Break(earliestStart: earliest, latestStart: latest − minutes, duration: minutes)`.
public struct TripProblem: Sendable, Hashable {
    /// The solver's input.
    public var problem: ScheduleProblem
    /// The date of each route.
    public var dates: [TripDate]
    /// The `placesToGo` index of each visit.
    public var placeIndices: [Int]
    /// Seconds from the trip's start to dates and clock times.
    public var clock: TripClock
    /// Each visit's windows per route from its opening hours, `closedDates`
    /// and the days' hours only — without the `allowedDates` and `fixedStart`
    /// restrictions — for telling a place that fits on no allowed day
    /// (`ALLOWED_DATES_INFEASIBLE`) from one that fits on no day at all.
    public var openWindows: [[[ScheduleProblem.TimeWindow]]]
    /// For each visit with no window at all (keyed by visit index), why the
    /// hours rule it out: ``UnscheduledReason/closedOnTripDays`` or
    /// ``UnscheduledReason/visitLongerThanOpening``. A visit that has open
    /// windows but none on its allowed dates is not here.
    public var hourReasons: [Int: UnscheduledExplanation]

    public init(problem: ScheduleProblem, dates: [TripDate], placeIndices: [Int], clock: TripClock,
                openWindows: [[[ScheduleProblem.TimeWindow]]], hourReasons: [Int: UnscheduledExplanation]) {
        self.problem = problem
        self.dates = dates
        self.placeIndices = placeIndices
        self.clock = clock
        self.openWindows = openWindows
        self.hourReasons = hourReasons
    }
}
