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
        let escapedName = XMLText.escape(name)
        var lines: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="\#(XMLText.escape(creator))" xmlns="http://www.topografix.com/GPX/1/1">"#,
            "  <metadata>",
            "    <name>\(escapedName)</name>",
            "  </metadata>",
        ]

        var seen = Set<Waypoint>()
        for stop in stops where seen.insert(stop).inserted {
            lines.append("  <wpt \(coordinateAttributes(stop))>")
            lines.append("    <name>\(XMLText.escape(stop.name))</name>")
            lines.append("  </wpt>")
        }

        lines.append("  <rte>")
        lines.append("    <name>\(escapedName)</name>")
        for stop in stops {
            lines.append("    <rtept \(coordinateAttributes(stop))>")
            lines.append("      <name>\(XMLText.escape(stop.name))</name>")
            lines.append("    </rtept>")
        }
        lines.append("  </rte>")
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func coordinateAttributes(_ stop: Waypoint) -> String {
        #"lat="\#(CoordinateText.decimal(stop.latitude))" lon="\#(CoordinateText.decimal(stop.longitude))""#
    }
}
