import Foundation

extension Itinerary {
    /// Checks the trip fields: `endDate` not before `startDate` and the trip
    /// at most ``maximumTripDays`` long; `days` dates inside the trip and
    /// not repeated, their places valid; each day's start before its end and
    /// its breaks able to fit; per place `visitMinutes` in 0…1440, `priority`
    /// in 1…``Visit/maximumPriority``, `allowedDates` and `fixedStart` inside
    /// the trip, and a ticket that fits its day, its allowed dates and its
    /// open dates. Dates other than `startDate` need a `startDate`.
    ///
    /// - Throws: ``PlanningError`` naming the file and the field path.
    public func validateTrip(fileName file: String? = nil) throws {
        if let end = endDate {
            guard let start = startDate else { throw PlanningError.needsTripDates(file: file, field: "endDate") }
            guard end >= start else {
                throw PlanningError.conflictingValues(file: file, field: "endDate",
                                                      problem: "\(end) is before startDate \(start)",
                                                      fix: "make endDate the same as or later than startDate")
            }
            let length = end.days(since: start) + 1
            guard length <= Self.maximumTripDays else {
                throw PlanningError.tripTooLong(file: file, days: length, limit: Self.maximumTripDays)
            }
        }
        let dates = tripDates
        func inTrip(_ date: TripDate, _ field: String) throws {
            guard let first = dates.first, let last = dates.last else {
                throw PlanningError.needsTripDates(file: file, field: field)
            }
            guard date >= first && date <= last else {
                throw PlanningError.dateOutsideTrip(file: file, field: field, date: date.description,
                                                    first: first.description, last: last.description)
            }
        }
        let start = route.dayStart ?? Self.defaultDayStart, end = route.dayEnd ?? Self.defaultDayEnd
        if start >= end {
            throw PlanningError.conflictingValues(file: file, field: route.dayEnd == nil ? "route.dayStart" : "route.dayEnd",
                                                  problem: "the day ends at \(end), not after it starts at \(start)",
                                                  fix: "make dayEnd later than dayStart")
        }
        var seen: [TripDate: Int] = [:]
        for (index, day) in days.enumerated() {
            let field = "days[\(index)]"
            try inTrip(day.date, field + ".date")
            if let first = seen[day.date] {
                throw PlanningError.conflictingValues(file: file, field: field + ".date",
                                                      problem: "\(day.date) is already set by days[\(first)]",
                                                      fix: "give each date one entry")
            }
            seen[day.date] = index
            for (key, place) in [("lodging", day.lodging), ("startAt", day.startAt), ("endAt", day.endAt)] {
                if let place { try Self.validatePlace(place, field: "\(field).\(key)", file: file) }
            }
            let start = day.dayStart ?? route.dayStart ?? Self.defaultDayStart
            let end = day.dayEnd ?? route.dayEnd ?? Self.defaultDayEnd
            if start >= end {
                throw PlanningError.conflictingValues(file: file, field: field + (day.dayEnd == nil ? ".dayStart" : ".dayEnd"),
                                                      problem: "the day ends at \(end), not after it starts at \(start)",
                                                      fix: "make dayEnd later than dayStart")
            }
            for (number, pause) in day.breaks.enumerated() {
                let at = "\(field).breaks[\(number)]"
                guard (0...1440).contains(pause.minutes) else {
                    throw PlanningError.outOfRange(file: file, field: at + ".minutes", value: "\(pause.minutes)",
                                                   allowed: "0 to 1440 minutes")
                }
                guard pause.latest.minutes - pause.earliest.minutes >= pause.minutes else {
                    throw PlanningError.conflictingValues(
                        file: file, field: at,
                        problem: "a \(pause.minutes)-minute break does not fit between \(pause.earliest) and \(pause.latest)",
                        fix: "make latest at least earliest plus minutes")
                }
                guard min(pause.latest, end).minutes - max(pause.earliest, start).minutes >= pause.minutes else {
                    throw PlanningError.conflictingValues(
                        file: file, field: at,
                        problem: "the break (\(pause.earliest)–\(pause.latest), \(pause.minutes) minutes) cannot be taken during the day \(start)–\(end)",
                        fix: "move the break inside the day's hours or change dayStart/dayEnd")
                }
            }
        }
        let trip = TripDays(self)
        for (index, visit) in visits.prefix(placesToGo.count).enumerated() {
            let field = "placesToGo[\(index)]"
            if let minutes = visit.visitMinutes, !(0...1440).contains(minutes) {
                throw PlanningError.outOfRange(file: file, field: field + ".visitMinutes", value: "\(minutes)",
                                               allowed: "0 to 1440 minutes")
            }
            if let priority = visit.priority, !(1...Visit.maximumPriority).contains(priority) {
                throw PlanningError.outOfRange(file: file, field: field + ".priority", value: "\(priority)",
                                               allowed: "a whole number from 1 to \(Visit.maximumPriority) (higher is more important)")
            }
            if let allowed = visit.allowedDates {
                guard !allowed.isEmpty else {
                    throw PlanningError.conflictingValues(file: file, field: field + ".allowedDates",
                                                          problem: "the list is empty, so the place may be on no day",
                                                          fix: "list at least one date, or leave the field out to allow every day")
                }
                for (number, date) in allowed.enumerated() { try inTrip(date, "\(field).allowedDates[\(number)]") }
            }
            if let ticket = visit.fixedStart {
                let at = field + ".fixedStart"
                try inTrip(ticket.date, at)
                if let allowed = visit.allowedDates, !allowed.contains(ticket.date) {
                    throw PlanningError.conflictingValues(file: file, field: at,
                                                          problem: "\(ticket.date) is not one of the place's allowedDates",
                                                          fix: "add the ticket's date to allowedDates or change fixedStart")
                }
                if visit.closedDates.contains(ticket.date) {
                    throw PlanningError.conflictingValues(file: file, field: at,
                                                          problem: "the place is closed on \(ticket.date) (closedDates)",
                                                          fix: "change fixedStart or closedDates")
                }
                let (start, end) = trip.hours[trip.index(of: ticket.date)!] // inside the trip, checked above
                let begins = ticket.secondOfDay, ends = ticket.secondOfDay + visit.minutes * 60
                guard begins >= start.minutes * 60, ends <= end.minutes * 60 else {
                    throw PlanningError.conflictingValues(
                        file: file, field: at,
                        problem: "the \(visit.minutes)-minute visit from \(ticket) does not fit in the day \(start)–\(end)",
                        fix: "change dayStart/dayEnd for \(ticket.date) (route or days) or the ticket")
                }
            }
        }
    }

    /// When `date`'s day starts and ends: its `days` entry, else `route`, else 09:00–19:00.
    public func hours(of date: TripDate) -> (start: TimeOfDay, end: TimeOfDay) {
        let day = self.day(for: date)
        return (day?.dayStart ?? route.dayStart ?? Self.defaultDayStart, day?.dayEnd ?? route.dayEnd ?? Self.defaultDayEnd)
    }

    /// A place of `days`: a name and coordinates in range.
    static func validatePlace(_ place: Place, field: String, file: String?) throws {
        guard !place.name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw PlanningError.emptyName(file: file, field: "\(field).name")
        }
        for (key, value, range) in [("lat", place.latitude, -90.0...90.0), ("lng", place.longitude, -180.0...180.0)]
        where !(value.isFinite && range.contains(value)) {
            throw PlanningError.invalidCoordinate(file: file, field: "\(field).location.\(key)", value: value, range: range)
        }
    }
}
