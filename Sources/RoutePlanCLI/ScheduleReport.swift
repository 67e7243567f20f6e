import RoutePlan

/// The human-readable trip schedule: one section per day with its times,
/// places, legs, waits and breaks and its Google Maps links; then the
/// places left out, each with its reason.
///
/// ```text
/// Rome in three days
/// Walking · 3 days · 17 of 23 places · priority 51 of 62
///
/// Day 1 · Monday 2026-09-21 · Hotel Hassler Roma → Hotel Hassler Roma
///   09:00        leave Hotel Hassler Roma
///   09:14–10:44  Pantheon                    1.1 km  14 min
///   …
/// ```
///
/// Names come from itinerary files, so their control characters are shown
/// escaped (see ``TerminalText``).
enum ScheduleReport {
    static func render(_ trip: TripSchedule, name: String) -> String {
        var lines: [String] = []
        let places = trip.totals.scheduledPlaces + trip.totals.unscheduledPlaces
        let allPriority = trip.totals.scheduledPriority + trip.unscheduled.reduce(0) { $0 + $1.priority }
        lines.append(name.terminalSafe)
        lines.append("\(trip.travelMode.rawValue.capitalized) · \(count(trip.days.count, "day")) · "
            + "\(trip.totals.scheduledPlaces) of \(count(places, "place")) · priority \(trip.totals.scheduledPriority) of \(allPriority)")
        let nameWidth = min(36, trip.days.flatMap { $0.stops.map(\.name.terminalSafe.count) }.max() ?? 0)

        for (number, day) in trip.days.enumerated() {
            lines.append("")
            lines.append("Day \(number + 1) · \(day.weekday) \(day.date) · \(day.startPlace.name.terminalSafe) → \(day.endPlace.name.terminalSafe)")
            lines.append("  \(clock(day.departure))        leave \(day.startPlace.name.terminalSafe)")
            var breaks = day.breaks[...]
            func takeBreaks(after stops: Int) {
                while let next = breaks.first, next.afterStop == stops {
                    lines.append("  \(clock(next.start))–\(clock(next.end))  break (\(next.minutes) min)")
                    breaks = breaks.dropFirst()
                }
            }
            takeBreaks(after: 0)
            for (index, stop) in day.stops.enumerated() {
                let leg = day.legs[index]
                var line = "  \(clock(stop.start))–\(clock(stop.end))  \(stop.name.terminalSafe.rightPadded(to: nameWidth))"
                line += "  \(Format.distance(leg.meters).leftPadded(to: 8))  \(Format.duration(leg.seconds).leftPadded(to: 10))"
                if stop.waitSeconds > 0 { line += "  (arrive \(clock(stop.arrival)), wait \(Format.duration(stop.waitSeconds)))" }
                if stop.mustVisit { line += "  must visit" }
                lines.append(line)
                takeBreaks(after: index + 1)
            }
            for rest in breaks {
                lines.append("  \(clock(rest.start))–\(clock(rest.end))  break (\(rest.minutes) min)")
            }
            let last = day.legs.last
            var arrival = "  \(clock(day.arrival, on: day.date))        arrive \(day.endPlace.name.terminalSafe)"
            if let last {
                // In the legs' columns when the name leaves room, else after it.
                let column = 2 + 11 + 2 + nameWidth
                if arrival.count <= column {
                    arrival = arrival.rightPadded(to: column)
                    arrival += "  \(Format.distance(last.meters).leftPadded(to: 8))  \(Format.duration(last.seconds).leftPadded(to: 10))"
                } else {
                    arrival += "  (\(Format.distance(last.meters)), \(Format.duration(last.seconds)))"
                }
            }
            lines.append(arrival)
            var totals = "  Travel \(Format.distance(day.travelMeters)), \(Format.duration(day.travelSeconds))"
            if day.waitSeconds > 0 { totals += " · waiting \(Format.duration(day.waitSeconds))" }
            if day.stops.isEmpty { totals += " · no visits" }
            lines.append(totals)
            if !day.stops.isEmpty {
                lines.append(day.googleMapsURLs.count == 1 ? "  Google Maps:" : "  Google Maps (\(day.googleMapsURLs.count) links, follow in order):")
                for url in day.googleMapsURLs { lines.append("    \(url.terminalSafe)") }
            }
        }

        lines.append("")
        lines.append("Trip: travel \(Format.distance(trip.totals.travelMeters)), \(Format.duration(trip.totals.travelSeconds))"
            + (trip.totals.waitSeconds > 0 ? " · waiting \(Format.duration(trip.totals.waitSeconds))" : ""))
        lines.append("(\(trip.costSource.terminalSafe); search \(searchSummary(trip.search)))")
        if !trip.unscheduled.isEmpty {
            lines.append("")
            lines.append("Not scheduled (\(trip.unscheduled.count)):")
            for place in trip.unscheduled {
                let must = place.mustVisit ? " (must visit)" : ""
                lines.append("  \(place.name.terminalSafe)\(must): \(place.reason.rawValue)")
                lines.append("    \(place.detail.terminalSafe)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "09:30" from "2026-09-21T09:30:00". With `date`, the day the time
    /// belongs to, midnight after it reads "24:00" (a day may end then) and
    /// any other time on a later date gets "+1".
    static func clock(_ isoDateTime: String, on date: String? = nil) -> String {
        let parts = isoDateTime.split(separator: "T")
        guard parts.count == 2 else { return isoDateTime }
        let time = String(parts[1].prefix(5))
        guard let date, parts[0] != date else { return time }
        return time == "00:00" ? "24:00" : time + "+1"
    }

    static func searchSummary(_ search: TripSchedule.Search) -> String {
        let how: String
        switch search.termination {
        case "optimal": how = "proven optimal"
        case "timeLimit": how = "stopped by the time limit"
        case "cancelled": how = "cancelled"
        default: how = "completed"
        }
        return "\(how), \(Format.grouped(search.iterations)) iterations in \(String(format: "%.2f", search.seconds)) s, seed \(search.seed)"
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
