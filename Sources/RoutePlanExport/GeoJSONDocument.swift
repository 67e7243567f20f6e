/// Writes a route as GeoJSON (RFC 7946), which web maps, QGIS and
/// geojson.io open.
///
/// ```swift
/// let json = GeoJSONDocument.route(
///     name: "Lisbon walk",
///     stops: stops,
///     properties: ["travelMode": "walking", "durationSeconds": 5_400]
/// )
/// ```
///
/// The document is a `FeatureCollection` with a top-level `name` (a foreign
/// member many tools read as the layer name) and these features:
/// - one `Point` per stop, in visiting order (repeats included), with
///   properties `name`, `order` (1-based) and, when known, `placeID`;
/// - one `LineString` (a `MultiLineString` when the route crosses the
///   antimeridian, see below) through all stops in visiting order, with
///   property `name` (the route name) followed by the extra `properties`
///   sorted by key. An extra property named `name` is ignored. The line is
///   left out when there are fewer than two stops (GeoJSON requires two
///   positions).
///
/// ## Antimeridian
/// A leg whose longitudes differ by more than 180° is taken to cross the
/// antimeridian (the short way round). As RFC 7946 §3.1.9 asks, such a
/// route is written as a `MultiLineString` cut at the antimeridian: the part
/// before a crossing ends at longitude 180 (or -180), the next part starts
/// at -180 (or 180), and the latitude there is interpolated linearly in
/// longitude. A route that never crosses stays a `LineString`.
///
/// ```swift
/// // Viani Bay (179.89) → Waiyevo (-179.996) → Matei (-179.88), Fiji:
/// // {"type": "MultiLineString", "coordinates": [
/// //   [[179.89, -16.75], [180, -16.783772]],
/// //   [[-180, -16.783772], [-179.996, -16.785], [-179.88, -16.69]]]}
/// ```
///
/// Positions are `[longitude, latitude]` (GeoJSON order, the reverse of
/// Google Maps) with at most six decimals. Keys always come in the same
/// order, so the output is byte-for-byte stable.
public enum GeoJSONDocument {
    /// The GeoJSON text for an ordered route, ending with a line break.
    ///
    /// ```swift
    /// let text = GeoJSONDocument.route(name: "Day 1", stops: stops)
    /// let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The route name.
    ///   - stops: The stops in visiting order.
    ///   - properties: Extra properties for the line feature.
    public static func route(
        name: String,
        stops: [Waypoint],
        properties: [String: GeoJSONPropertyValue] = [:]
    ) -> String {
        var features: [String] = []

        for (index, stop) in stops.enumerated() {
            var members = [
                "\"name\": \(JSONText.string(stop.name))",
                "\"order\": \(index + 1)",
            ]
            if let placeID = stop.placeID, !placeID.isEmpty {
                members.append("\"placeID\": \(JSONText.string(placeID))")
            }
            features.append(feature(
                properties: members,
                geometry: "{\"type\": \"Point\", \"coordinates\": \(position(stop))}"
            ))
        }

        if stops.count >= 2 {
            var members = ["\"name\": \(JSONText.string(name))"]
            for key in properties.keys.sorted() where key != "name" {
                members.append("\(JSONText.string(key)): \(properties[key]!.jsonText)")
            }
            features.append(feature(properties: members, geometry: lineGeometry(stops)))
        }

        let featureList = features.isEmpty ? "[]" : "[\n" + features.joined(separator: ",\n") + "\n  ]"
        return """
            {
              "type": "FeatureCollection",
              "name": \(JSONText.string(name)),
              "features": \(featureList)
            }

            """
    }

    private static func feature(properties: [String], geometry: String) -> String {
        """
            {
              "type": "Feature",
              "properties": {\(properties.joined(separator: ", "))},
              "geometry": \(geometry)
            }
        """
    }

    private static func position(_ stop: Waypoint) -> String {
        position((stop.longitude, stop.latitude))
    }

    private static func position(_ position: Antimeridian.Position) -> String {
        "[\(CoordinateText.decimal(position.longitude)), \(CoordinateText.decimal(position.latitude))]"
    }

    /// A `LineString` through the stops, or a `MultiLineString` cut at the
    /// antimeridian when the route crosses it.
    private static func lineGeometry(_ stops: [Waypoint]) -> String {
        let parts = Antimeridian.split(stops.map { ($0.longitude, $0.latitude) })
        func positions(_ part: [Antimeridian.Position]) -> String {
            "[" + part.map(position).joined(separator: ", ") + "]"
        }
        if parts.count == 1 {
            return "{\"type\": \"LineString\", \"coordinates\": \(positions(parts[0]))}"
        }
        return "{\"type\": \"MultiLineString\", \"coordinates\": [\(parts.map(positions).joined(separator: ", "))]}"
    }
}
