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
/// - one `LineString` through all stops in visiting order, with property
///   `name` (the route name) followed by the extra `properties` sorted by
///   key. An extra property named `name` is ignored. The line is left out
///   when there are fewer than two stops (GeoJSON requires two positions).
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
    ///   - properties: Extra properties for the `LineString` feature.
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
            let positions = stops.map(position).joined(separator: ", ")
            features.append(feature(
                properties: members,
                geometry: "{\"type\": \"LineString\", \"coordinates\": [\(positions)]}"
            ))
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
        "[\(CoordinateText.decimal(stop.longitude)), \(CoordinateText.decimal(stop.latitude))]"
    }
}
