import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

/// Turns the solver's answer (indices and seconds) back into the trip's
/// terms: dates, places, local times, legs with meters, links, and a reason
/// in the trip's words for every place left out.
struct TripAssembly {
    let itinerary: Itinerary
    let trip: TripProblem
    /// ``Itinerary/scheduleStops``: the matrix's rows.
    let stops: [Itinerary.Place]
    let matrices: TravelMatrices
    let completed: CompletedTravelMatrices?
    let mode: TravelMode
    let links: GoogleMapsDirections

    var problem: ScheduleProblem { trip.problem }

    /// Day `index` as scheduled by `plan`.
    func day(_ index: Int, _ plan: ScheduleSolution.RoutePlan) -> TripSchedule.Day {
        let route = problem.routes[index]
        let clock = trip.clock
        let nodes = [route.startNode] + plan.stops.map { problem.visits[$0.visit].node } + [route.endNode]
        let legs = nodes.indices.dropLast().map { k in
            TripSchedule.Leg(from: k, to: k + 1,
                             seconds: Int(matrices.durations[nodes[k], nodes[k + 1]]),
                             meters: Int(matrices.distances[nodes[k], nodes[k + 1]]),
                             estimated: completed?.isEstimated(nodes[k], nodes[k + 1]) ?? true)
        }
        let visitStops = plan.stops.enumerated().map { k, stop in
            let visit = problem.visits[stop.visit]
            let placeIndex = trip.placeIndices[stop.visit]
            let place = itinerary.placesToGo[placeIndex]
            // Travel to the next place starts when it must to arrive as scheduled.
            let nextArrival = k + 1 < plan.stops.count ? plan.stops[k + 1].arrival : plan.arrival
            let departure = max(stop.end, nextArrival - legs[k + 1].seconds)
            return TripSchedule.Stop(
                name: place.name, placeID: place.placeID,
                location: .init(lat: place.latitude, lng: place.longitude),
                placeIndex: placeIndex,
                arrival: clock.dateTime(stop.arrival), start: clock.dateTime(stop.start),
                end: clock.dateTime(stop.end), departure: clock.dateTime(departure),
                waitSeconds: stop.start - stop.arrival,
                priority: visit.score, mustVisit: visit.isRequired)
        }
        let startPlace = stops[route.startNode]
        let breaks = plan.breaks.map { taken in
            TripSchedule.Break(start: clock.dateTime(taken.start), end: clock.dateTime(taken.end),
                               minutes: (taken.end - taken.start) / 60, afterStop: taken.afterStop,
                               at: taken.afterStop == 0 ? startPlace.name : visitStops[taken.afterStop - 1].name)
        }
        let date = trip.dates[index]
        var schedule = TripSchedule.Day(
            date: date.description, weekday: Self.weekdayNames[date.weekday],
            startPlace: .init(startPlace), endPlace: .init(stops[route.endNode]),
            // A break before the first visit is taken at the start place: the traveller leaves after it.
            departure: clock.dateTime(plan.breaks.filter { $0.afterStop == 0 }.map(\.end).reduce(plan.departure, max)),
            arrival: clock.dateTime(plan.arrival),
            stops: visitStops, breaks: breaks, legs: legs,
            travelSeconds: plan.travel, travelMeters: legs.reduce(0) { $0 + $1.meters },
            waitSeconds: plan.waiting, googleMapsURLs: [])
        let waypoints = schedule.waypoints
        if waypoints.count > 2 || waypoints.first != waypoints.last {
            schedule.googleMapsURLs = links.links(for: waypoints, travelMode: mode)
        }
        return schedule
    }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The trip's totals; meters are summed from the assembled `days`' legs.
    func totals(_ solution: ScheduleSolution, days: [TripSchedule.Day]) -> TripSchedule.Totals {
        .init(scheduledPriority: solution.score, scheduledPlaces: days.reduce(0) { $0 + $1.stops.count },
              unscheduledPlaces: solution.unscheduled.count, travelSeconds: solution.travel,
              travelMeters: days.reduce(0) { $0 + $1.travelMeters }, waitSeconds: solution.waiting)
    }

    // MARK: Reasons

    /// A place left out, with the reason in the trip's words.
    func unscheduled(_ entry: ScheduleSolution.Unscheduled, solution: ScheduleSolution,
                     elapsed: Duration) -> TripSchedule.Unscheduled {
        let v = entry.visit
        let placeIndex = trip.placeIndices[v]
        let place = itinerary.placesToGo[placeIndex]
        let visit = problem.visits[v]
        let explanation = explain(entry, elapsed: elapsed)
        return .init(name: place.name, placeID: place.placeID, placeIndex: placeIndex, priority: visit.score,
                     mustVisit: visit.isRequired, reason: explanation.reason, detail: explanation.detail)
    }

    func explain(_ entry: ScheduleSolution.Unscheduled, elapsed: Duration) -> UnscheduledExplanation {
        let v = entry.visit
        switch entry.reason {
        case .noWindow, .unreachable:
            if let hours = trip.hourReasons[v] { return hours }
            return reachability(v)
        case let .conflictsWithRequired(others):
            let names = others.map { name(ofVisit: $0) }
            let days = fittingDays(v, windows: problem.visits[v].windows)
            return .init(reason: .conflictsWithRequired,
                         detail: "alone it fits on \(list(days.map(describe))), but not beside the places that must be visited: "
                             + (names.isEmpty ? "the must-visit places fill those days" : list(names)))
        case let .lowerPriority(route, removing):
            let worth = removing.reduce(0) { $0 + problem.visits[$1].score }
            let names = removing.map { "\(name(ofVisit: $0)) (priority \(problem.visits[$0].score))" }
            let score = problem.visits[v].score
            let they = removing.count == 1 ? "it is" : "they are"
            let comparison = worth > score
                ? "\(they) worth \(worth) in all, this place \(score)"
                : "\(they) worth as much (\(worth)), and keeping \(removing.count == 1 ? "it" : "them") makes less travel"
            return .init(reason: .lowerPriority,
                         detail: "fits on \(describe(route)) if \(list(names)) \(removing.count == 1 ? "is" : "are") removed; \(comparison)")
        case let .sharedLimit(limit):
            // Trips set no shared limits yet; should one, this is what it means.
            let name = limit < problem.sharedLimits.count ? problem.sharedLimits[limit].name : ""
            return .init(reason: .lowerPriority,
                         detail: "it fits in time, but the trip-wide limit \(name.isEmpty ? "\(limit)" : name) is used up by the places scheduled")
        case .searchLimit:
            return .init(reason: .searchLimit,
                         detail: "the search stopped after \(seconds(elapsed)) before deciding on this place; allow more time (--time-limit)")
        }
    }

    /// Why a place with no hour-based reason fits nowhere: only on days its
    /// `allowedDates` or `fixedStart` exclude (`ALLOWED_DATES_INFEASIBLE`),
    /// or on no day at all, even alone (`UNREACHABLE_IN_A_DAY`).
    func reachability(_ v: Int) -> UnscheduledExplanation {
        let visit = problem.visits[v]
        let unrestricted = trip.openWindows[v]
        let restricted = unrestricted != visit.windows
        if restricted {
            let days = fittingDays(v, windows: unrestricted)
            if !days.isEmpty {
                let allowed = problem.routes.indices.filter { !visit.windows[$0].isEmpty }
                let fixed = itinerary.visit(trip.placeIndices[v]).fixedStart
                let rule = fixed.map { "its fixed start \($0)" }
                    ?? (allowed.isEmpty ? "its allowedDates (none of them a day of the trip with opening hours)"
                        : "its allowedDates (\(list(allowed.map(describe))))")
                return .init(reason: .allowedDatesInfeasible,
                             detail: "it does not fit at \(rule), but would fit alone on \(list(days.map(describe)))")
            }
        }
        let considered = problem.routes.indices.filter { !(restricted ? visit.windows : unrestricted)[$0].isEmpty }
        let cases = considered.map { bestCase(v, route: $0, windows: (restricted ? visit.windows : unrestricted)[$0]) }
        return .init(reason: .unreachableInADay,
                     detail: cases.isEmpty ? "no day of the trip allows it" : "even alone: " + cases.joined(separator: "; "))
    }

    /// The routes where visit `v`, given `windows`, fits alone.
    func fittingDays(_ v: Int, windows: [[ScheduleProblem.TimeWindow]]) -> [Int] {
        var visit = problem.visits[v]
        visit.windows = windows
        return problem.routes.indices.filter { !windows[$0].isEmpty && ScheduleSolver.alone(visit, onRoute: $0, of: problem) != nil }
    }

    /// The best case of visiting `v` alone on `route`, in words: when it
    /// could arrive, its start windows, and when it would get back.
    func bestCase(_ v: Int, route r: Int, windows: [ScheduleProblem.TimeWindow]) -> String {
        let route = problem.routes[r]
        let visit = problem.visits[v]
        let clock = trip.clock
        let travelIn = problem.travel[route.startNode, visit.node]
        let travelOut = problem.travel[visit.node, route.endNode]
        let day = describe(r)
        guard travelIn != CostMatrix.forbidden, travelOut != CostMatrix.forbidden else {
            return "\(day): no way there from \(stops[route.startNode].name) or back to \(stops[route.endNode].name)"
        }
        let arrival = route.earliestStart + Int(travelIn)
        guard let window = windows.first(where: { $0.latestStart >= arrival }) else {
            let last = windows.map(\.latestStart).max() ?? route.latestEnd
            return "\(day): arrives \(clock.clockTime(arrival)) at the earliest, after its last start time \(clock.clockTime(last))"
        }
        let start = max(arrival, window.earliestStart)
        let back = start + visit.serviceTime + Int(travelOut)
        if back > route.latestEnd {
            return "\(day): the visit could end at \(clock.clockTime(start + visit.serviceTime)) at the earliest, "
                + "back at \(stops[route.endNode].name) \(clock.clockTime(back)), after the day ends at \(clock.clockTime(route.latestEnd))"
        }
        return "\(day): fits only without the day's breaks (\(clock.clockTime(start))–\(clock.clockTime(start + visit.serviceTime)))"
    }

    func name(ofVisit v: Int) -> String { itinerary.placesToGo[trip.placeIndices[v]].name }

    /// "Tue 2026-09-22".
    func describe(_ route: Int) -> String {
        let date = trip.dates[route]
        return "\(date.weekdayName) \(date)"
    }

    func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return "no day"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    func seconds(_ duration: Duration) -> String {
        let value = duration.inSeconds
        return value < 10 ? "\((value * 100).rounded() / 100) s" : "\(Int(value.rounded())) s"
    }
}
