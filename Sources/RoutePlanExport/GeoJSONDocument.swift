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
///
/// ``routes(name:sections:properties:)`` writes several routes (the days of
/// a trip) into one collection, each line in its own colour.
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
                member("name", JSONText.string(stop.name)),
                member("order", String(index + 1)),
            ]
            members += placeIDMember(stop)
            features.append(pointFeature(stop, properties: members))
        }

        if stops.count >= 2 {
            let members = [member("name", JSONText.string(name))] + extraMembers(properties, reserved: ["name"])
            features.append(feature(properties: members, geometry: lineGeometry(stops)))
        }

        return collection(name: name, features: features)
    }

    /// The GeoJSON text for several routes (the days of a trip), ending with
    /// a line break.
    ///
    /// ```swift
    /// let text = GeoJSONDocument.routes(name: "Lisbon, 3 days", sections: days,
    ///                                   properties: ["travelMode": "walking"])
    /// ```
    ///
    /// The `FeatureCollection` (with a top-level `name`) holds, for each
    /// section in turn:
    /// - one `Point` per stop in visiting order, repeats included, with
    ///   properties `name`, `day` (the section's 1-based number), `dayName`
    ///   (the section's name), `order` (1-based within the section),
    ///   `placeID` when known, `arrival`, `start`, `end` and `departure` when
    ///   given, and `marker-color` (the section's colour, which
    ///   simplestyle-spec viewers such as geojson.io use for the pin);
    /// - one `LineString` (a `MultiLineString` when the section crosses the
    ///   antimeridian, as in ``route(name:stops:properties:)``) through the
    ///   section's stops, with properties `name` (the section's name), `day`,
    ///   `stroke` (the section's colour from ``RoutePalette``, the
    ///   simplestyle-spec line colour), then the extra properties sorted by
    ///   key: `properties` merged with the section's own, the section's
    ///   winning. Extra properties named `name`, `day` or `stroke` are
    ///   ignored. A section with fewer than two stops has no line.
    ///
    /// Complexity: O(n + p log p) time and output size for n stops over all
    /// sections and p extra properties per section.
    ///
    /// - Parameters:
    ///   - name: The name of the whole trip (the collection's `name`).
    ///   - sections: The routes, in order. A section whose `times` is
    ///     neither empty nor one per stop stops the program (`precondition`).
    ///   - properties: Extra properties for every section's line.
    public static func routes(
        name: String,
        sections: [RouteSection],
        properties: [String: GeoJSONPropertyValue] = [:]
    ) -> String {
        var features: [String] = []
        for (sectionIndex, section) in sections.enumerated() {
            section.checkCounts(writer: "GeoJSONDocument")
            let day = String(sectionIndex + 1)
            let colour = JSONText.string(RoutePalette.colour(forSection: sectionIndex))
            for (index, stop) in section.stops.enumerated() {
                var members = [
                    member("name", JSONText.string(stop.name)),
                    member("day", day),
                    member("dayName", JSONText.string(section.name)),
                    member("order", String(index + 1)),
                ]
                members += placeIDMember(stop)
                for (key, value) in section.times(at: index)?.given ?? [] {
                    members.append(member(key, JSONText.string(value)))
                }
                members.append(member("marker-color", colour))
                features.append(pointFeature(stop, properties: members))
            }
            if section.stops.count >= 2 {
                let merged = properties.merging(section.properties) { _, own in own }
                let members = [
                    member("name", JSONText.string(section.name)),
                    member("day", day),
                    member("stroke", colour),
                ] + extraMembers(merged, reserved: ["name", "day", "stroke"])
                features.append(feature(properties: members, geometry: lineGeometry(section.stops)))
            }
        }
        return collection(name: name, features: features)
    }

    /// The `FeatureCollection` around already written features.
    private static func collection(name: String, features: [String]) -> String {
        let featureList = features.isEmpty ? "[]" : "[\n" + features.joined(separator: ",\n") + "\n  ]"
        return """
            {
              "type": "FeatureCollection",
              "name": \(JSONText.string(name)),
              "features": \(featureList)
            }

            """
    }

    /// `"key": value`, with `value` already JSON text.
    private static func member(_ key: String, _ value: String) -> String {
        "\(JSONText.string(key)): \(value)"
    }

    /// The `placeID` member when the stop has a non-empty place ID.
    private static func placeIDMember(_ stop: Waypoint) -> [String] {
        guard let placeID = stop.placeID, !placeID.isEmpty else { return [] }
        return [member("placeID", JSONText.string(placeID))]
    }

    /// The extra properties sorted by key, leaving out `reserved` keys.
    private static func extraMembers(_ properties: [String: GeoJSONPropertyValue], reserved: Set<String>) -> [String] {
        properties.keys.sorted().filter { !reserved.contains($0) }.map { member($0, properties[$0]!.jsonText) }
    }

    private static func pointFeature(_ stop: Waypoint, properties: [String]) -> String {
        feature(properties: properties, geometry: "{\"type\": \"Point\", \"coordinates\": \(position(stop))}")
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
