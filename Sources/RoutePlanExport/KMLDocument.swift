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
        let escapedName = XMLText.escape(name)
        var lines: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<kml xmlns="http://www.opengis.net/kml/2.2">"#,
            "  <Document>",
            "    <name>\(escapedName)</name>",
        ]
        for (index, stop) in stops.enumerated() {
            lines.append("    <Placemark>")
            lines.append("      <name>\(index + 1). \(XMLText.escape(stop.name))</name>")
            if let placeID = stop.placeID, !placeID.isEmpty {
                lines.append("      <ExtendedData>")
                lines.append(#"        <Data name="placeID"><value>\#(XMLText.escape(placeID))</value></Data>"#)
                lines.append("      </ExtendedData>")
            }
            lines.append("      <Point><coordinates>\(coordinates(stop))</coordinates></Point>")
            lines.append("    </Placemark>")
        }
        if stops.count >= 2 {
            lines.append("    <Placemark>")
            lines.append("      <name>\(escapedName)</name>")
            lines.append("      <LineString>")
            lines.append("        <tessellate>1</tessellate>")
            lines.append("        <coordinates>\(stops.map(coordinates).joined(separator: " "))</coordinates>")
            lines.append("      </LineString>")
            lines.append("    </Placemark>")
        }
        lines.append("  </Document>")
        lines.append("</kml>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func coordinates(_ stop: Waypoint) -> String {
        "\(CoordinateText.decimal(stop.longitude)),\(CoordinateText.decimal(stop.latitude))"
    }
}
