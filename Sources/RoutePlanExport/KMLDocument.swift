/// Writes a route as KML 2.2, which Google Earth and Google My Maps import.
///
/// ```swift
/// let kml = KMLDocument.route(name: "Lisbon walk", stops: stops)
/// ```
///
/// The document holds one `Document` named after the route with one
/// `Placemark` per stop in visiting order (named `"<order>. <name>"`, with
/// the place ID, when known, as `ExtendedData` `placeID`), then one
/// `Placemark` with a `LineString` through all stops when there are at least
/// two. Coordinates are `longitude,latitude` (KML order) with at most six
/// decimals; text is XML-escaped.
///
/// ``routes(name:sections:)`` writes several routes (the days of a trip),
/// one `Folder` each, each in its own colour.
public enum KMLDocument {
    /// The KML text for an ordered route, ending with a line break.
    ///
    /// ```swift
    /// let text = KMLDocument.route(name: "Day 1", stops: stops)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The route name, for the `Document` and the line.
    ///   - stops: The stops in visiting order.
    public static func route(name: String, stops: [Waypoint]) -> String {
        var lines = header(name: name)
        lines += placemarks(lineName: name, stops: stops, times: [], styleURL: nil, indent: "    ")
        return lines.joined(separator: "\n") + "\n" + footer
    }

    /// The KML text for several routes (the days of a trip), ending with a
    /// line break.
    ///
    /// ```swift
    /// let text = KMLDocument.routes(name: "Lisbon, 3 days", sections: days)
    /// ```
    ///
    /// The `Document`, named `name`, holds first one `Style` per section
    /// (id `day-1`, `day-2`, …) that colours the section's pins and line in
    /// its ``RoutePalette`` colour (written as KML's `aabbggrr`), then one
    /// `Folder` per section, named after it, holding what
    /// ``route(name:stops:)`` writes for one route: a `Placemark` per stop
    /// (`"<order>. <name>"`, order 1-based within the section) and a line
    /// through the stops when there are at least two, all using the
    /// section's style. A stop's `ExtendedData` holds `placeID` when known
    /// and `arrival`, `start`, `end` and `departure` when given.
    ///
    /// Complexity: O(n + s) time and output size for n stops over s sections.
    ///
    /// - Parameters:
    ///   - name: The name of the whole trip, for the `Document`.
    ///   - sections: The routes, in order. A section whose `times` is
    ///     neither empty nor one per stop stops the program (`precondition`).
    public static func routes(name: String, sections: [RouteSection]) -> String {
        var lines = header(name: name)
        for index in sections.indices {
            let colour = RoutePalette.kmlColour(RoutePalette.colour(forSection: index))
            lines += [
                #"    <Style id="\#(styleID(index))">"#,
                "      <IconStyle><color>\(colour)</color></IconStyle>",
                "      <LineStyle><color>\(colour)</color><width>4</width></LineStyle>",
                "    </Style>",
            ]
        }
        for (index, section) in sections.enumerated() {
            section.checkCounts(writer: "KMLDocument")
            lines.append("    <Folder>")
            lines.append("      <name>\(XMLText.escape(section.name))</name>")
            lines += placemarks(lineName: section.name, stops: section.stops, times: section.times,
                                styleURL: "#" + styleID(index), indent: "      ")
            lines.append("    </Folder>")
        }
        return lines.joined(separator: "\n") + "\n" + footer
    }

    private static func styleID(_ sectionIndex: Int) -> String {
        "day-\(sectionIndex + 1)"
    }

    private static func header(name: String) -> [String] {
        [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<kml xmlns="http://www.opengis.net/kml/2.2">"#,
            "  <Document>",
            "    <name>\(XMLText.escape(name))</name>",
        ]
    }

    private static let footer = "  </Document>\n</kml>\n"

    /// A placemark per stop, then the line when there are two stops or more,
    /// every line starting with `indent`. `times` is empty or one per stop.
    private static func placemarks(
        lineName: String, stops: [Waypoint], times: [StopTimes?], styleURL: String?, indent: String
    ) -> [String] {
        var lines: [String] = []
        let style = styleURL.map { ["  <styleUrl>\(XMLText.escape($0))</styleUrl>"] } ?? []
        for (index, stop) in stops.enumerated() {
            var data: [(name: String, value: String)] = []
            if let placeID = stop.placeID, !placeID.isEmpty {
                data.append(("placeID", placeID))
            }
            if !times.isEmpty, let given = times[index]?.given {
                data += given.map { ($0.key, $0.value) }
            }
            lines.append("<Placemark>")
            lines.append("  <name>\(index + 1). \(XMLText.escape(stop.name))</name>")
            lines += style
            if !data.isEmpty {
                lines.append("  <ExtendedData>")
                for (name, value) in data {
                    lines.append(#"    <Data name="\#(name)"><value>\#(XMLText.escape(value))</value></Data>"#)
                }
                lines.append("  </ExtendedData>")
            }
            lines.append("  <Point><coordinates>\(coordinates(stop))</coordinates></Point>")
            lines.append("</Placemark>")
        }
        if stops.count >= 2 {
            lines.append("<Placemark>")
            lines.append("  <name>\(XMLText.escape(lineName))</name>")
            lines += style
            lines.append("  <LineString>")
            lines.append("    <tessellate>1</tessellate>")
            lines.append("    <coordinates>\(stops.map(coordinates).joined(separator: " "))</coordinates>")
            lines.append("  </LineString>")
            lines.append("</Placemark>")
        }
        return lines.map { indent + $0 }
    }

    private static func coordinates(_ stop: Waypoint) -> String {
        "\(CoordinateText.decimal(stop.longitude)),\(CoordinateText.decimal(stop.latitude))"
    }
}
