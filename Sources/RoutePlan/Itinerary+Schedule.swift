import RoutePlanSolver

extension Itinerary {
    /// Builds the scheduler's input for this trip (see ``TripProblem`` for
    /// how dates, places, hours and breaks map onto it).
    ///
    /// Each day runs from its start place to its end place: the first day
    /// starts at its `startAt`, else the itinerary's lodging; a later day at
    /// its `startAt`, else the previous night's lodging (`days[].lodging` of
    /// the day before, else the itinerary's lodging). A day ends at its
    /// `endAt`, else that night's lodging. `route.start` and `route.end` are
    /// not used.
    ///
    /// - Parameters:
    ///   - travelSeconds: travel times in seconds between ``scheduleStops``, in that order.
    ///   - fileName: named in error messages.
    /// - Throws: ``PlanningError/needsTripDates(file:field:)`` without a
    ///   `startDate`; ``PlanningError/noPlaceForDay(file:date:end:)`` for a
    ///   day with no place to start or end (no lodging at all);
    ///   ``PlanningError/scheduleMatrixSize(matrixPlaces:stops:)``; and any
    ///   error of ``validate(fileName:)``.
    public func scheduleProblem(travelSeconds: CostMatrix, fileName: String? = nil) throws -> TripProblem {
        try validate(fileName: fileName)
        guard let firstDay = startDate else { throw PlanningError.needsTripDates(file: fileName, field: "startDate") }
        let stops = scheduleStops
        guard travelSeconds.count == stops.count else {
            throw PlanningError.scheduleMatrixSize(matrixPlaces: travelSeconds.count, stops: stops.count)
        }
        let trip = TripDays(self)
        let dates = trip.dates
        let clock = TripClock(firstDay: firstDay)
        func node(_ place: Place) -> Int { Self.index(of: place, in: stops)! }
        func nightLodging(_ index: Int) -> Place? { trip.settings[index]?.lodging ?? lodging }

        var routes: [ScheduleProblem.Route] = []
        for (index, date) in dates.enumerated() {
            let settings = trip.settings[index]
            guard let start = settings?.startAt ?? (index == 0 ? lodging : nightLodging(index - 1)) else {
                throw PlanningError.noPlaceForDay(file: fileName, date: date.description, end: false)
            }
            guard let end = settings?.endAt ?? nightLodging(index) else {
                throw PlanningError.noPlaceForDay(file: fileName, date: date.description, end: true)
            }
            let offset = index * 86_400
            let (opens, closes) = trip.hours[index]
            let breaks = (settings?.breaks ?? []).map { pause in
                ScheduleProblem.Break(earliestStart: offset + max(pause.earliest, opens).minutes * 60,
                                      latestStart: offset + (min(pause.latest, closes).minutes - pause.minutes) * 60,
                                      duration: pause.minutes * 60)
            }.sorted { ($0.earliestStart, $0.latestStart) < ($1.earliestStart, $1.latestStart) }
            routes.append(ScheduleProblem.Route(startNode: node(start), endNode: node(end),
                                                earliestStart: offset + opens.minutes * 60,
                                                latestEnd: offset + closes.minutes * 60, breaks: breaks))
        }

        let placeOffset = lodging == nil ? 0 : 1
        var visits: [ScheduleProblem.Visit] = []
        var openWindows: [[[ScheduleProblem.TimeWindow]]] = []
        var reasons: [Int: UnscheduledExplanation] = [:]
        for index in placesToGo.indices {
            let visit = self.visit(index)
            let closed = Set(visit.closedDates)
            let open = dates.indices.map { openStartWindows(visit, closed: closed, day: $0, of: trip) }
            var windows: [[ScheduleProblem.TimeWindow]]
            if let ticket = visit.fixedStart {
                let start = clock.seconds(ticket)
                windows = dates.map { $0 == ticket.date ? [.init(earliestStart: start, latestStart: start)] : [] }
            } else if let allowed = visit.allowedDates.map(Set.init) {
                windows = zip(dates, open).map { allowed.contains($0) ? $1 : [] }
            } else {
                windows = open
            }
            if windows.allSatisfy(\.isEmpty) && open.allSatisfy(\.isEmpty) {
                reasons[index] = hourReason(visit, closed: closed, trip: trip)
            }
            openWindows.append(open)
            visits.append(ScheduleProblem.Visit(node: placeOffset + index, serviceTime: visit.minutes * 60,
                                                score: visit.score, isRequired: visit.isRequired, windows: windows))
        }
        return TripProblem(problem: ScheduleProblem(travel: travelSeconds, visits: visits, routes: routes),
                           dates: dates, placeIndices: Array(placesToGo.indices), clock: clock,
                           openWindows: openWindows, hourReasons: reasons)
    }

    /// When `visit`'s place is open on the trip's day `day` within the
    /// day's hours, in minutes since that date's midnight (no opening hours:
    /// the whole day; a date in `closed`, its `closedDates`: nothing).
    func openIntervals(_ visit: Visit, closed: Set<TripDate>, day: Int, of trip: TripDays) -> [Range<Int>] {
        let date = trip.dates[day]
        let open = visit.openingHours?.intervals(on: date, closedDates: closed)
            ?? (closed.contains(date) ? [] : [0..<1440])
        let (start, end) = trip.hours[day]
        return open.compactMap { interval in
            let lower = max(interval.lowerBound, start.minutes), upper = min(interval.upperBound, end.minutes)
            return lower < upper ? lower..<upper : nil
        }
    }

    /// The start windows on day `dayIndex` (seconds from the trip's start):
    /// each opening at least the visit long, as `[open, close − visit]`.
    func openStartWindows(_ visit: Visit, closed: Set<TripDate>, day: Int, of trip: TripDays) -> [ScheduleProblem.TimeWindow] {
        let offset = day * 86_400
        return openIntervals(visit, closed: closed, day: day, of: trip).filter { $0.count >= visit.minutes }.map {
            .init(earliestStart: offset + $0.lowerBound * 60, latestStart: offset + ($0.upperBound - visit.minutes) * 60)
        }
    }

    /// Why the hours leave no window on any day of the trip.
    func hourReason(_ visit: Visit, closed: Set<TripDate>, trip: TripDays) -> UnscheduledExplanation {
        let dates = trip.dates
        var longest: (date: TripDate, interval: Range<Int>)?
        for (day, date) in dates.enumerated() {
            for interval in openIntervals(visit, closed: closed, day: day, of: trip) where interval.count > (longest?.interval.count ?? 0) {
                longest = (date, interval)
            }
        }
        func clock(_ minutes: Int) -> String { TimeOfDay(minutes: minutes)!.description }
        if let (date, interval) = longest {
            return UnscheduledExplanation(
                reason: .visitLongerThanOpening,
                detail: "the \(visit.minutes)-minute visit is longer than the longest opening inside the day's hours, "
                    + "\(interval.count) minutes (\(date.weekdayName) \(date) \(clock(interval.lowerBound))–\(clock(interval.upperBound)))")
        }
        let checked = dates.map { "\($0.weekdayName) \($0)" + (closed.contains($0) ? " (closedDates)" : "") }
        let list = checked.count <= 14 ? checked.joined(separator: ", ")
            : "\(dates.first!) to \(dates.last!), \(dates.count) days"
        // Open on some trip day, but only outside the day's hours?
        let outside = dates.contains { !(visit.openingHours?.intervals(on: $0, closedDates: closed) ?? []).isEmpty }
        return UnscheduledExplanation(
            reason: .closedOnTripDays,
            detail: "closed on every day of the trip" + (outside ? " during the day's hours" : "") + " (checked \(list))")
    }
}

/// The trip's dates with their `days` settings and hours, looked up once.
struct TripDays {
    let dates: [TripDate]
    /// The `days` entry of each date (the first, should one be repeated).
    let settings: [Itinerary.Day?]
    /// When each date's day starts and ends.
    let hours: [(start: TimeOfDay, end: TimeOfDay)]

    init(_ itinerary: Itinerary) {
        dates = itinerary.tripDates
        var byDate: [TripDate: Itinerary.Day] = [:]
        for day in itinerary.days where byDate[day.date] == nil { byDate[day.date] = day }
        settings = dates.map { byDate[$0] }
        hours = settings.map {
            ($0?.dayStart ?? itinerary.route.dayStart ?? Itinerary.defaultDayStart,
             $0?.dayEnd ?? itinerary.route.dayEnd ?? Itinerary.defaultDayEnd)
        }
    }

    /// The index of `date` among ``dates``, if it is a day of the trip.
    func index(of date: TripDate) -> Int? {
        guard let first = dates.first else { return nil }
        let offset = date.days(since: first)
        return dates.indices.contains(offset) ? offset : nil
    }
}
