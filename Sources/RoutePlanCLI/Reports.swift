import Foundation
import RoutePlan

/// JSON output: pretty-printed, keys sorted, slashes unescaped (links stay readable).
enum JSONReport {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    static func render(_ route: PlannedRoute) throws -> String { try encode(route) }
}

/// The human-readable route: numbered stops with each leg, totals, links.
///
/// Names come from itinerary files and file names, so their control
/// characters are shown escaped (see ``TerminalText``).
enum TextReport {
    static func render(_ route: PlannedRoute, name: String) -> String {
        let names = route.waypoints.map(\.name.terminalSafe)
        var lines: [String] = []
        let quality: String
        if route.provenOptimal {
            quality = "proven optimal"
        } else if route.exactStoppedByTimeLimit {
            quality = "best found, not proven optimal (the exact solver ran out of time)"
        } else if let gap = route.gapPercent {
            quality = String(format: "best found, at most %.1f %% longer than the best possible", gap)
        } else {
            quality = "best found, not proven optimal"
        }
        let shape = route.roundTrip ? "round trip" : "one way"
        lines.append(name.terminalSafe)
        lines.append("\(route.travelMode.rawValue.capitalized), optimized for \(route.optimizeFor.rawValue), \(shape): \(quality)")
        lines.append("")

        // With a routing-engine matrix, legs it did not answer are marked.
        let stops = route.roundTrip ? route.stopIndices.count - 1 : route.stopIndices.count
        let allEstimated = route.estimatedPairs >= stops * (stops - 1)
        let marksEstimates = !allEstimated && route.legs.contains(where: \.estimated)
        let numberWidth = String(route.waypoints.count).count
        let nameWidth = min(40, names.map(\.count).max() ?? 0)
        for index in route.waypoints.indices {
            let number = String(index + 1).leftPadded(to: numberWidth)
            let label = names[index].rightPadded(to: nameWidth)
            if index == 0 {
                lines.append("\(number). \(label)   start")
            } else {
                let leg = route.legs[index - 1]
                let distance = Format.distance(leg.distanceMeters).leftPadded(to: 8)
                let duration = Format.duration(leg.durationSeconds).leftPadded(to: 10)
                let mark = marksEstimates ? (leg.estimated ? "  ≈" : "") : ""
                lines.append("\(number). \(label)  \(distance)  \(duration)\(mark)")
            }
        }
        lines.append("")
        lines.append("Total: \(Format.distance(route.totalDistanceMeters)), \(Format.duration(route.totalDurationSeconds))")
        lines.append("(\(route.costSource.terminalSafe))")
        if marksEstimates { lines.append("≈ leg estimated from coordinates: the routing engine's matrix did not cover it") }
        lines.append("")
        lines.append(route.googleMapsURLs.count == 1 ? "Google Maps:" : "Google Maps (\(route.googleMapsURLs.count) links, follow in order):")
        for url in route.googleMapsURLs { lines.append("  \(url.terminalSafe)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Distances and durations the way people read them.
enum Format {
    /// "850 m", "12.4 km", "1,204 km".
    static func distance(_ meters: Int) -> String {
        if meters < 1_000 { return "\(meters) m" }
        if meters < 100_000 { return String(format: "%.1f km", Double(meters) / 1_000) }
        return "\(grouped((meters + 500) / 1_000)) km"
    }

    /// "40 s", "12 min", "2 h 05 min".
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        let minutes = (seconds + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return out
    }
}

extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
    func rightPadded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
