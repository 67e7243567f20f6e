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
        let dates = tripDates
        let clock = TripClock(firstDay: firstDay)
        func node(_ place: Place) -> Int { Self.index(of: place, in: stops)! }
        func nightLodging(_ date: TripDate) -> Place? { day(for: date)?.lodging ?? lodging }

        var routes: [ScheduleProblem.Route] = []
        for (index, date) in dates.enumerated() {
            let settings = day(for: date)
            guard let start = settings?.startAt ?? (index == 0 ? lodging : nightLodging(dates[index - 1])) else {
                throw PlanningError.noPlaceForDay(file: fileName, date: date.description, end: false)
            }
            guard let end = settings?.endAt ?? nightLodging(date) else {
                throw PlanningError.noPlaceForDay(file: fileName, date: date.description, end: true)
            }
            let offset = index * 86_400
            let (opens, closes) = hours(of: date)
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
            let open = dates.enumerated().map { day, date in openStartWindows(visit, on: date, dayIndex: day) }
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
                reasons[index] = hourReason(visit, dates: dates)
            }
            openWindows.append(open)
            visits.append(ScheduleProblem.Visit(node: placeOffset + index, serviceTime: visit.minutes * 60,
                                                score: visit.score, isRequired: visit.isRequired, windows: windows))
        }
        return TripProblem(problem: ScheduleProblem(travel: travelSeconds, visits: visits, routes: routes),
                           dates: dates, placeIndices: Array(placesToGo.indices), clock: clock,
                           openWindows: openWindows, hourReasons: reasons)
    }

    /// When `visit`'s place is open on `date` within the day's hours, in
    /// minutes since that date's midnight (no opening hours: the whole day;
    /// a date in `closedDates`: nothing).
    func openIntervals(_ visit: Visit, on date: TripDate) -> [Range<Int>] {
        let closed = Set(visit.closedDates)
        let open = visit.openingHours?.intervals(on: date, closedDates: closed)
            ?? (closed.contains(date) ? [] : [0..<1440])
        let (start, end) = hours(of: date)
        return open.compactMap { interval in
            let lower = max(interval.lowerBound, start.minutes), upper = min(interval.upperBound, end.minutes)
            return lower < upper ? lower..<upper : nil
        }
    }

    /// The start windows on day `dayIndex` (seconds from the trip's start):
    /// each opening at least the visit long, as `[open, close − visit]`.
    func openStartWindows(_ visit: Visit, on date: TripDate, dayIndex: Int) -> [ScheduleProblem.TimeWindow] {
        let offset = dayIndex * 86_400
        return openIntervals(visit, on: date).filter { $0.count >= visit.minutes }.map {
            .init(earliestStart: offset + $0.lowerBound * 60, latestStart: offset + ($0.upperBound - visit.minutes) * 60)
        }
    }

    /// Why the hours leave no window on any of `dates`.
    func hourReason(_ visit: Visit, dates: [TripDate]) -> UnscheduledExplanation {
        var longest: (date: TripDate, interval: Range<Int>)?
        for date in dates {
            for interval in openIntervals(visit, on: date) where interval.count > (longest?.interval.count ?? 0) {
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
        let closed = Set(visit.closedDates)
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
