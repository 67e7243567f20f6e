/// Writes a route as a GPX 1.1 document (GPS Exchange Format), which most
/// GPS devices, hiking apps and map tools import.
///
/// ```swift
/// let gpx = GPXDocument.route(name: "Lisbon walk", stops: stops)
/// try gpx.write(to: URL(fileURLWithPath: "route.gpx"), atomically: true, encoding: .utf8)
/// ```
///
/// The document holds, in this order:
/// - `<metadata>` with the route name;
/// - one `<wpt>` per distinct stop, in order of first visit (a round trip's
///   repeated start is listed once; stops are distinct when any of name,
///   place ID or coordinates differ);
/// - one `<rte>` with the route name and one `<rtept>` per stop, in
///   visiting order, repeats included.
///
/// ``routes(name:sections:creator:)`` writes several routes (the days of a
/// trip) the same way: the distinct stops of all of them, then one `<rte>`
/// each.
///
/// Coordinates have at most six decimals. Names are XML-escaped (`&`, `<`,
/// `>`, `"`, `'`); characters XML 1.0 cannot hold are dropped. Place IDs are
/// not written (GPX has no field for them).
public enum GPXDocument {
    /// The GPX 1.1 text for an ordered route, ending with a line break.
    ///
    /// ```swift
    /// let text = GPXDocument.route(name: "Day 1", stops: stops, creator: "routeplan 1.0")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The route name, written to `<metadata>` and `<rte>`.
    ///   - stops: The stops in visiting order.
    ///   - creator: The `creator` attribute: the program that wrote the file.
    public static func route(name: String, stops: [Waypoint], creator: String = "routeplan") -> String {
        var lines = header(name: name, creator: creator)
        lines += waypoints(stops)
        lines += route(name: name, number: nil, stops: stops, times: [])
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The GPX 1.1 text for several routes (the days of a trip), ending with
    /// a line break.
    ///
    /// ```swift
    /// let text = GPXDocument.routes(name: "Lisbon, 3 days", sections: days)
    /// ```
    ///
    /// The document holds `<metadata>` with `name`; one `<wpt>` per distinct
    /// stop over all sections, in order of first visit (the lodging that
    /// starts and ends every day is listed once); then one `<rte>` per
    /// section with the section's name, `<number>` (the 1-based section
    /// number) and one `<rtept>` per stop in visiting order.
    ///
    /// A stop's times, when given, are written to its `<rtept>`'s `<desc>`
    /// as text, such as `arrival 2026-09-21T09:25:00; departure
    /// 2026-09-21T11:00:00`. They are not written as `<time>`: GPX requires
    /// that to be UTC, and the times are local wall-clock text without a
    /// zone, which this module cannot convert.
    ///
    /// Complexity: O(n) time and output size for n stops over all sections
    /// (expected, for the set of distinct stops).
    ///
    /// - Parameters:
    ///   - name: The name of the whole trip, written to `<metadata>`.
    ///   - sections: The routes, in order. A section whose `times` is
    ///     neither empty nor one per stop stops the program (`precondition`).
    ///   - creator: The `creator` attribute: the program that wrote the file.
    public static func routes(name: String, sections: [RouteSection], creator: String = "routeplan") -> String {
        var lines = header(name: name, creator: creator)
        lines += waypoints(sections.flatMap(\.stops))
        for (index, section) in sections.enumerated() {
            section.checkCounts(writer: "GPXDocument")
            lines += route(name: section.name, number: index + 1, stops: section.stops, times: section.times)
        }
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The XML declaration, the opening `<gpx>` and `<metadata>`.
    private static func header(name: String, creator: String) -> [String] {
        [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="\#(XMLText.escape(creator))" xmlns="http://www.topografix.com/GPX/1/1">"#,
            "  <metadata>",
            "    <name>\(XMLText.escape(name))</name>",
            "  </metadata>",
        ]
    }

    /// One `<wpt>` per distinct stop, in order of first visit.
    private static func waypoints(_ stops: [Waypoint]) -> [String] {
        var lines: [String] = []
        var seen = Set<Waypoint>()
        for stop in stops where seen.insert(stop).inserted {
            lines.append("  <wpt \(coordinateAttributes(stop))>")
            lines.append("    <name>\(XMLText.escape(stop.name))</name>")
            lines.append("  </wpt>")
        }
        return lines
    }

    /// One `<rte>`; `times` is empty or one entry per stop.
    private static func route(name: String, number: Int?, stops: [Waypoint], times: [StopTimes?]) -> [String] {
        var lines = ["  <rte>", "    <name>\(XMLText.escape(name))</name>"]
        if let number {
            lines.append("    <number>\(number)</number>")
        }
        for (index, stop) in stops.enumerated() {
            lines.append("    <rtept \(coordinateAttributes(stop))>")
            lines.append("      <name>\(XMLText.escape(stop.name))</name>")
            let given = times.isEmpty ? [] : times[index]?.given ?? []
            if !given.isEmpty {
                let text = given.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
                lines.append("      <desc>\(XMLText.escape(text))</desc>")
            }
            lines.append("    </rtept>")
        }
        lines.append("  </rte>")
        return lines
    }

    private static func coordinateAttributes(_ stop: Waypoint) -> String {
        #"lat="\#(CoordinateText.decimal(stop.latitude))" lon="\#(CoordinateText.decimal(stop.longitude))""#
    }
}
