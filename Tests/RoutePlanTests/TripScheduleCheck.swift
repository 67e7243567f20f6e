import RoutePlan

/// An independent check of a ``TripSchedule`` against the itinerary it was
/// made from — read from the itinerary's own fields (opening hours, dates,
/// day hours, breaks, tickets), not from the solver's windows — so that a
/// wrong conversion to the solver's terms is caught too.
enum TripScheduleCheck {
    static func violations(_ trip: TripSchedule, of itinerary: Itinerary) -> [String] {
        var problems: [String] = []
        func fail(_ text: String) { problems.append(text) }
        guard let first = itinerary.startDate else { return ["the itinerary has no startDate"] }
        let clock = TripClock(firstDay: first)
        func seconds(_ text: String) -> Int? { TripDateTime(text).map { clock.seconds($0) } }
        let dates = itinerary.tripDates
        guard trip.days.count == dates.count else { return ["\(trip.days.count) days for a \(dates.count)-day trip"] }

        var seen = [Int](repeating: 0, count: itinerary.placesToGo.count)
        var travel = 0, priority = 0
        for (d, day) in trip.days.enumerated() {
            let date = dates[d]
            let midnight = d * 86_400
            guard day.date == date.description else { fail("day \(d) is \(day.date), not \(date)"); continue }
            let (opens, closes) = itinerary.hours(of: date)
            guard let departure = seconds(day.departure), let arrival = seconds(day.arrival) else {
                fail("\(day.date): unreadable day times"); continue
            }
            if departure < midnight + opens.minutes * 60 { fail("\(day.date): leaves \(day.departure) before the day starts") }
            if arrival > midnight + closes.minutes * 60 { fail("\(day.date): arrives \(day.arrival) after the day ends") }
            guard day.legs.count == day.stops.count + 1 else { fail("\(day.date): \(day.legs.count) legs"); continue }
            travel += day.legs.reduce(0) { $0 + $1.seconds }
            if day.travelSeconds != day.legs.reduce(0, { $0 + $1.seconds }) { fail("\(day.date): travel total differs from its legs") }

            // Visits and legs in order; busy intervals for the break check.
            var busy: [Range<Int>] = []
            var ready = departure
            for (k, stop) in day.stops.enumerated() {
                guard itinerary.placesToGo.indices.contains(stop.placeIndex),
                      let a = seconds(stop.arrival), let s = seconds(stop.start), let e = seconds(stop.end),
                      let out = seconds(stop.departure) else { fail("\(day.date): unreadable stop \(stop.name)"); continue }
                seen[stop.placeIndex] += 1
                let visit = itinerary.visit(stop.placeIndex)
                priority += visit.score
                let leg = day.legs[k].seconds
                if a < ready + leg { fail("\(stop.name): arrives \(stop.arrival), before it can (leg \(leg) s)") }
                busy.append(ready..<(ready + leg))
                if s < a { fail("\(stop.name): starts before arriving") }
                if e - s != visit.minutes * 60 { fail("\(stop.name): lasts \(e - s) s, not \(visit.minutes) min") }
                if out < e { fail("\(stop.name): leaves before the visit ends") }
                busy.append(s..<e)
                if let allowed = visit.allowedDates, !allowed.contains(date) { fail("\(stop.name): on \(date), not an allowed date") }
                if let ticket = visit.fixedStart {
                    if clock.seconds(ticket) != s { fail("\(stop.name): starts \(stop.start), not at its ticket \(ticket)") }
                } else {
                    let open = visit.openingHours.map { $0.intervals(on: date, closedDates: Set(visit.closedDates)) }
                        ?? (visit.closedDates.contains(date) ? [] : [0..<1440])
                    let fits = open.contains { midnight + $0.lowerBound * 60 <= s && e <= midnight + $0.upperBound * 60 }
                    if !fits { fail("\(stop.name): \(stop.start)–\(stop.end) is not inside its opening hours on \(date)") }
                }
                ready = out
            }
            let lastLeg = day.legs[day.stops.count].seconds
            if arrival < ready + lastLeg { fail("\(day.date): reaches \(day.endPlace.name) before it can") }
            busy.append(ready..<(ready + lastLeg))

            // Breaks: each of the day's once, inside its window, overlapping no visit or leg.
            let wanted = itinerary.day(for: date)?.breaks ?? []
            if day.breaks.count != wanted.count { fail("\(day.date): \(day.breaks.count) breaks taken, \(wanted.count) wanted") }
            for (taken, rule) in zip(day.breaks.sorted { $0.start < $1.start }, wanted.sorted { $0.earliest < $1.earliest }) {
                guard let s = seconds(taken.start), let e = seconds(taken.end) else { fail("unreadable break"); continue }
                if e - s != rule.minutes * 60 { fail("\(day.date): a \(e - s) s break, not \(rule.minutes) min") }
                if s < midnight + rule.earliest.minutes * 60 || e > midnight + rule.latest.minutes * 60 {
                    fail("\(day.date): break \(taken.start)–\(taken.end) outside \(rule.earliest)–\(rule.latest)")
                }
                if s < midnight + opens.minutes * 60 || e > arrival { fail("\(day.date): break outside the day") }
                if taken.afterStop == 0 && e > departure { fail("\(day.date): leaves before its break at \(day.startPlace.name) ends") }
                if busy.contains(where: { $0.overlaps(s..<e) }) { fail("\(day.date): break \(taken.start) overlaps a visit or a leg") }
            }
        }
        for place in trip.unscheduled {
            guard seen.indices.contains(place.placeIndex) else { fail("unscheduled index \(place.placeIndex)"); continue }
            seen[place.placeIndex] += 1
            if place.detail.isEmpty { fail("\(place.name): no detail for \(place.reason.rawValue)") }
        }
        for (index, count) in seen.enumerated() where count != 1 {
            fail("\(itinerary.placesToGo[index].name) appears \(count) times among scheduled and unscheduled places")
        }
        if trip.totals.travelSeconds != travel { fail("trip travel \(trip.totals.travelSeconds) ≠ legs \(travel)") }
        if trip.totals.scheduledPriority != priority { fail("trip priority \(trip.totals.scheduledPriority) ≠ \(priority)") }
        return problems
    }
}
