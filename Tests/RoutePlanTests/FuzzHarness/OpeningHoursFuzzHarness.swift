// What the `opening-hours` fuzz target does with one input. This file is
// compiled twice: here, where FuzzRegressionTests replays the committed crash
// inputs in Fixtures/fuzz-regressions/opening-hours/, and (through a symbolic
// link) in Tests/Fuzz/Sources/FuzzOpeningHours. `fuzzCheck` reports a broken
// invariant: a trap under the fuzzer, a test issue here.

import Foundation
@testable import RoutePlan
import RoutePlanSolver
#if canImport(FuzzSupport)
import FuzzSupport
#else
import FuzzReplay
#endif

/// Google opening hours, in both of the shapes an itinerary file carries
/// them, and what the scheduler makes of them.
///
/// Each input is used twice:
///
/// 1. as the JSON value of `opening_hours` (legacy Places API) and, in a
///    second document, of `regularOpeningHours` (Places API New) of both
///    places of a fixed week-long trip (``skeleton``), decoded with
///    `Itinerary(json:fileName:)`. Errors must describe themselves. What
///    decodes must keep its format, give well-formed intervals on every
///    date of the trip, survive an encode/decode round trip unchanged, and
///    build a schedule problem the solver accepts, whose windows lie inside
///    the day and the opening hours less the visit, and whose quick solution
///    the solver's own checker finds no fault in;
/// 2. as a recipe for `OpeningHours(format:periods:)` built in code, with
///    days and minutes in range, a little outside it, or any `Int`, with and
///    without closing points; its weekly intervals and the intervals of
///    each weekday must be well formed and agree with each other and with
///    the periods.
enum OpeningHoursFuzzHarness {
    static func run(_ bytes: [UInt8]) {
        let value = Data(bytes)
        for format in [OpeningHours.Format.legacy, .places] {
            let data = skeleton(hours: value, format: format)
            let itinerary: Itinerary
            do {
                itinerary = try Itinerary(json: data, fileName: "fuzz-hours.json")
            } catch {
                _ = "\(error)"  // every error must describe itself without trapping
                continue
            }
            exercise(itinerary, format: format)
        }
        let built = buildHours(bytes)
        checkWeekly(built)
        for date in week {
            checkIntervals(built.intervals(on: date), on: date, of: built)
        }
        let closed = week[bytes.count % week.count]
        fuzzCheck(built.intervals(on: closed, closedDates: [closed]).isEmpty, "open on a closed date")
    }

    // MARK: The trip around the hours

    /// The trip's dates: Saturday 2026-09-19 to Friday 2026-09-25, one of
    /// each weekday, with Saturday first so that Saturday-night hours wrap
    /// into the trip's Sunday.
    static let week = (19...25).map { TripDate(year: 2026, month: 9, day: $0)! }

    /// A valid trip whose two places both have `hours` as their `opening_hours`
    /// (`.legacy`) or `regularOpeningHours` (`.places`). The first day runs
    /// around the clock, so that hours near midnight matter; the third has a
    /// lunch break. The museum is closed on Tuesday and its visit is 90
    /// minutes; the church may only be visited on Sunday or Wednesday, for
    /// 25 minutes.
    static func skeleton(hours: Data, format: OpeningHours.Format) -> Data {
        let key = format == .legacy ? "opening_hours" : "regularOpeningHours"
        let head = #"{"name":"Fuzz week","startDate":"2026-09-19","endDate":"2026-09-25","#
            + #""lodging":{"name":"Hotel","location":{"lat":41.9063,"lng":12.4835}},"placesToGo":["#
            + #"{"name":"Museum","location":{"lat":41.8902,"lng":12.4922},"visitMinutes":90,"priority":3,"#
            + #""closedDates":["2026-09-22"],""# + key + #"":"#
        let middle = #"},{"name":"Church","location":{"lat":41.9009,"lng":12.4833},"visitMinutes":25,"#
            + #""allowedDates":["2026-09-20","2026-09-23"],""# + key + #"":"#
        let tail = #"}],"route":{"travelMode":"walking","dayStart":"08:00","dayEnd":"22:00"},"days":["#
            + #"{"date":"2026-09-19","dayStart":"00:00","dayEnd":"24:00"},"#
            + #"{"date":"2026-09-21","breaks":[{"earliest":"12:00","latest":"14:30","minutes":45}]}]}"#
        var data = Data(head.utf8)
        data.append(hours)
        data.append(Data(middle.utf8))
        data.append(hours)
        data.append(Data(tail.utf8))
        return data
    }

    /// Travel times for ``skeleton``'s stops: 10 minutes between any two.
    static func travel(_ count: Int) -> CostMatrix {
        try! CostMatrix(count: count) { $0 == $1 ? 0 : 600 }
    }

    /// The checks on a decoded skeleton.
    static func exercise(_ itinerary: Itinerary, format: OpeningHours.Format) {
        fuzzCheck(itinerary.tripDates == week, "the trip's dates changed: \(itinerary.tripDates)")
        for index in itinerary.placesToGo.indices {
            let visit = itinerary.visit(index)
            guard let hours = visit.openingHours else { continue }
            fuzzCheck(hours.format == format, "\(format) hours were read as \(hours.format)")
            checkWeekly(hours)
            let closed = Set(visit.closedDates)
            for date in week {
                let open = hours.intervals(on: date, closedDates: closed)
                checkIntervals(open, on: date, of: hours, closed: closed.contains(date))
            }
        }
        checkRoundTrip(itinerary)
        checkSchedule(itinerary, solve: true)
    }

    /// Encoding a decoded itinerary and reading it back gives the same
    /// itinerary, its hours in the format they came in.
    static func checkRoundTrip(_ itinerary: Itinerary) {
        do {
            let data = try JSONEncoder().encode(itinerary)
            let again = try Itinerary(json: data, fileName: "round-trip")
            fuzzCheck(again == itinerary, "the round trip changed the itinerary: \(String(decoding: data, as: UTF8.self))")
        } catch {
            fuzzCheck(false, "a decoded itinerary failed the round trip: \(error)")
        }
    }

    /// Builds the schedule problem of a valid trip with a constant matrix,
    /// checks it and, for trips of up to 24 places and 7 days (or always with
    /// `solve`), solves it briefly (8 iterations) and checks the solution.
    /// Shared with the itinerary target.
    static func checkSchedule(_ itinerary: Itinerary, solve: Bool = false) {
        let stops = itinerary.scheduleStops
        guard itinerary.startDate != nil, stops.count <= 64 else { return }
        let trip: TripProblem
        do {
            trip = try itinerary.scheduleProblem(travelSeconds: travel(stops.count), fileName: "fuzz")
        } catch PlanningError.noPlaceForDay {
            return  // a trip without lodging has nowhere to start or end a day
        } catch {
            fuzzCheck(false, "a valid trip's schedule problem failed: \(error)")
            return
        }
        let problem = trip.problem
        do {
            try ScheduleSolver.validate(problem)
        } catch {
            fuzzCheck(false, "the solver refused a trip's schedule problem: \(error)")
            return
        }
        let dates = itinerary.tripDates
        fuzzCheck(trip.dates == dates && problem.routes.count == dates.count, "one route per date")
        fuzzCheck(problem.visits.count == itinerary.placesToGo.count, "one visit per place")
        for (r, date) in dates.enumerated() {
            let route = problem.routes[r]
            let (start, end) = itinerary.hours(of: date)
            let dayStart = r * 86_400 + start.minutes * 60, dayEnd = r * 86_400 + end.minutes * 60
            fuzzCheck(route.earliestStart == dayStart && route.latestEnd == dayEnd,
                      "route \(r) runs \(route.earliestStart)…\(route.latestEnd), not the day \(start)–\(end) of \(date)")
            for pause in route.breaks {
                fuzzCheck(pause.earliestStart >= dayStart && pause.latestStart + pause.duration <= dayEnd,
                          "a break of \(date) lies outside its day: \(pause)")
            }
            for (v, visit) in problem.visits.enumerated() {
                let place = itinerary.visit(trip.placeIndices[v])
                let windows = visit.windows[r]
                fuzzCheck(visit.serviceTime == place.minutes * 60, "visit \(v)'s service time")
                if let ticket = place.fixedStart {
                    let at = r * 86_400 + ticket.secondOfDay
                    fuzzCheck(windows == (ticket.date == date ? [.init(earliestStart: at, latestStart: at)] : []),
                              "visit \(v)'s ticket window on \(date): \(windows)")
                    continue
                }
                if let allowed = place.allowedDates, !allowed.contains(date) {
                    fuzzCheck(windows.isEmpty, "visit \(v) has windows on \(date), not one of its allowedDates")
                    continue
                }
                let open = place.openingHours?.intervals(on: date, closedDates: Set(place.closedDates))
                    ?? (place.closedDates.contains(date) ? [] : [0..<1440])
                let inDay = open.compactMap { interval -> Range<Int>? in
                    let lower = max(interval.lowerBound, start.minutes), upper = min(interval.upperBound, end.minutes)
                    return lower < upper ? lower..<upper : nil
                }
                for window in windows {
                    let fits = window.earliestStart >= dayStart && window.latestStart + visit.serviceTime <= dayEnd
                        && inDay.contains { interval in
                            window.earliestStart >= r * 86_400 + interval.lowerBound * 60
                                && window.latestStart + visit.serviceTime <= r * 86_400 + interval.upperBound * 60
                        }
                    fuzzCheck(fits, "visit \(v)'s window \(window) on \(date) is outside \(inDay) (day \(start)–\(end))")
                }
                // And no opening long enough for the visit is missing.
                for interval in inDay where interval.count >= place.minutes {
                    let from = r * 86_400 + interval.lowerBound * 60
                    fuzzCheck(windows.contains { $0.earliestStart == from },
                              "visit \(v) has no window for its opening \(interval) on \(date): \(windows)")
                }
            }
        }
        guard solve || (problem.visits.count <= 24 && problem.routes.count <= 7) else { return }
        do {
            let options = ScheduleSolver.Options(seed: 1, maxIterations: 8, exactRouteSize: 4)
            let solution = try ScheduleSolver.solve(problem, options: options)
            let faults = ScheduleSolver.violations(of: solution, for: problem)
            fuzzCheck(faults.isEmpty, "the solution breaks the problem's rules: \(faults)")
        } catch {
            fuzzCheck(false, "the solver failed on a validated problem: \(error)")
        }
    }

    // MARK: Interval invariants

    /// ``OpeningHours/weeklyIntervals``: sorted, disjoint and not touching,
    /// inside the week except the last, which may run on into next week but
    /// not as far as the first; every period's opening and the minute before
    /// its closing are open.
    static func checkWeekly(_ hours: OpeningHours) {
        let weekly = hours.weeklyIntervals
        let week = OpeningHours.week
        for (index, interval) in weekly.enumerated() {
            fuzzCheck(!interval.isEmpty && interval.lowerBound >= 0 && interval.lowerBound < week,
                      "weekly interval \(interval) outside the week: \(weekly)")
            if index + 1 < weekly.count {
                fuzzCheck(interval.upperBound < weekly[index + 1].lowerBound, "weekly intervals overlap or touch: \(weekly)")
                fuzzCheck(interval.upperBound <= week, "only the last weekly interval may pass the week's end: \(weekly)")
            } else if interval.upperBound > week {
                // Into next Sunday, but not as far as the first interval (or itself).
                fuzzCheck(interval.upperBound - week < weekly[0].lowerBound, "the last weekly interval wraps onto the first: \(weekly)")
            }
        }
        func isOpen(_ minute: Int) -> Bool {
            weekly.contains { $0.contains(minute) || $0.contains(minute + week) }
        }
        // Periods in range, read as documented: a closing at or before the
        // opening is the next morning on the same day, else next week's.
        func inRange(_ point: OpeningHours.Point) -> Bool { (0...6).contains(point.day) && (0...1440).contains(point.minute) }
        for period in hours.periods.prefix(16) where inRange(period.open) && period.close.map(inRange) ?? true {
            let open = minuteOfWeek(period.open)
            guard let end = period.close else {
                fuzzCheck(isOpen(open), "the period \(period) is not open at its opening: \(weekly)")
                continue
            }
            var close = minuteOfWeek(end)
            if close <= open { close += end.day == period.open.day && end.minute < 1440 ? 1440 : week }
            guard close > open else { continue }  // opening at 24:00, closing at 00:00 the same day: empty
            fuzzCheck(isOpen(open), "the period \(period) is not open at its opening: \(weekly)")
            fuzzCheck(isOpen((close - 1) % week), "the period \(period) is not open in its last minute: \(weekly)")
        }
    }

    /// A point's minute of the week, 0..<week, for any day and minute.
    static func minuteOfWeek(_ point: OpeningHours.Point) -> Int {
        let week = OpeningHours.week
        let day = (point.day % 7 + 7) % 7
        let minute = (point.minute % week + week) % week
        return (day * 1440 + minute) % week
    }

    /// ``OpeningHours/intervals(on:closedDates:)`` on `date`: sorted,
    /// disjoint, not touching and within 0…1440 — and, unless the date is
    /// closed, the same minutes as the weekly intervals give that weekday.
    static func checkIntervals(_ intervals: [Range<Int>], on date: TripDate, of hours: OpeningHours, closed: Bool = false) {
        if closed {
            fuzzCheck(intervals.isEmpty, "open on \(date), a closed date: \(intervals)")
            return
        }
        for (index, interval) in intervals.enumerated() {
            fuzzCheck(!interval.isEmpty && interval.lowerBound >= 0 && interval.upperBound <= 1440,
                      "\(date): interval \(interval) outside the day: \(intervals)")
            if index + 1 < intervals.count {
                fuzzCheck(interval.upperBound < intervals[index + 1].lowerBound, "\(date): intervals overlap or touch: \(intervals)")
            }
        }
        // The same minutes, from the weekly intervals folded onto the week.
        let week = OpeningHours.week
        let dayStart = date.weekday * 1440
        var expected: [Range<Int>] = []
        for interval in hours.weeklyIntervals where interval.lowerBound >= 0 && interval.upperBound <= 2 * week {
            for shift in [0, week] {
                let lower = max(interval.lowerBound - shift, dayStart) - dayStart
                let upper = min(interval.upperBound - shift, dayStart + 1440) - dayStart
                if lower < upper { expected.append(lower..<upper) }
            }
        }
        expected.sort { $0.lowerBound < $1.lowerBound }
        var joined: [Range<Int>] = []
        for interval in expected {
            if let last = joined.last, interval.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, interval.upperBound)
            } else {
                joined.append(interval)
            }
        }
        fuzzCheck(intervals == joined, "\(date): \(intervals), but the weekly intervals \(hours.weeklyIntervals) give \(joined)")
    }

    // MARK: Hours built from bytes

    /// Opening hours built straight from bytes: up to 15 periods whose days
    /// and minutes are mostly in range, sometimes just outside it, sometimes
    /// any `Int`; a closing point or none.
    static func buildHours(_ bytes: [UInt8]) -> OpeningHours {
        var reader = FuzzReader(bytes)
        func number(_ range: ClosedRange<Int>) -> Int {
            switch reader.int(below: 8) {
            case 0: return Int(truncatingIfNeeded: reader.uint64())  // any Int
            case 1: return Int(Int8(bitPattern: reader.byte())) + range.upperBound / 2  // a little outside
            default:
                let raw = Int(reader.byte()) << 8 | Int(reader.byte())
                return range.lowerBound + raw % (range.count)
            }
        }
        func point() -> OpeningHours.Point { .init(day: number(0...6), minute: number(0...1440)) }
        let format: OpeningHours.Format = reader.bool() ? .legacy : .places
        let count = reader.int(below: 16)
        var periods: [OpeningHours.Period] = []
        for _ in 0..<count where !reader.isAtEnd {
            let open = point()
            periods.append(.init(open: open, close: reader.int(below: 5) == 0 ? nil : point()))
        }
        var hours = OpeningHours(format: format, periods: periods)
        if reader.bool(), !periods.isEmpty {
            // Changing the periods afterwards must recompute the intervals.
            hours.periods.removeLast()
        }
        return hours
    }
}
