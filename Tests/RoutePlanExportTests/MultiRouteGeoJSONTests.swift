import Foundation
import RoutePlanExport
import Testing

@Suite("Multi-route GeoJSON")
struct MultiRouteGeoJSONTests {
    /// Trip-wide line properties; day 1 overrides `travelMode`, and the
    /// reserved keys are ignored.
    private let tripProperties: [String: GeoJSONPropertyValue] = [
        "travelMode": "driving", "tripID": 16, "stroke": "#ff00ff", "day": 99, "name": "ignored",
    ]

    private func features(_ text: String) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["type"] as? String == "FeatureCollection")
        return try #require(root["features"] as? [[String: Any]])
    }

    private func kind(_ feature: [String: Any]) -> String? {
        (feature["geometry"] as? [String: Any])?["type"] as? String
    }

    @Test func matchesGolden() throws {
        let text = GeoJSONDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections, properties: tripProperties)
        try expectMatchesGolden(text, named: "routes.geojson")
    }

    @Test func everyStopAppearsWithItsDayOrderAndTimes() throws {
        let text = GeoJSONDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections, properties: tripProperties)
        let all = try features(text)
        let points = all.filter { kind($0) == "Point" }.map { $0["properties"] as! [String: Any] }
        #expect(points.count == FijiTrip.allStops.count)
        #expect(points.map { $0["name"] as? String } == FijiTrip.allStops.map(\.name))
        #expect(points.map { $0["placeID"] as? String } == FijiTrip.allStops.map(\.placeID))

        var expected: [(day: Int, order: Int, dayName: String)] = []
        for (dayIndex, section) in FijiTrip.sections.enumerated() {
            expected += section.stops.indices.map { (dayIndex + 1, $0 + 1, section.name) }
        }
        #expect(points.map { $0["day"] as? Int } == expected.map(\.day))
        #expect(points.map { $0["order"] as? Int } == expected.map(\.order))
        #expect(points.map { $0["dayName"] as? String } == expected.map(\.dayName))

        // Day 1's second stop has all four times; day 2's third none; an
        // empty time counts as none.
        #expect(points[1]["arrival"] as? String == "2026-09-21T08:45:00")
        #expect(points[1]["start"] as? String == "2026-09-21T09:00:00")
        #expect(points[1]["end"] as? String == "2026-09-21T11:30:00")
        #expect(points[1]["departure"] as? String == "2026-09-21T11:30:00")
        let quiet = points[6]
        #expect(quiet["name"] as? String == "Tavoro Falls")
        #expect(["arrival", "start", "end", "departure"].allSatisfy { quiet[$0] == nil })
        #expect(points[7]["start"] == nil)

        // Pins take their day's colour.
        #expect(points.map { $0["marker-color"] as? String }
            == expected.map { RoutePalette.colour(forSection: $0.day - 1) })
    }

    @Test func oneColouredLinePerDay() throws {
        let text = GeoJSONDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections, properties: tripProperties)
        let lines = try features(text).filter { kind($0) != "Point" }
        #expect(lines.count == 3)
        let properties = lines.map { $0["properties"] as! [String: Any] }
        #expect(properties.map { $0["day"] as? Int } == [1, 2, 3])
        #expect(properties.map { $0["name"] as? String } == FijiTrip.sections.map(\.name))
        let strokes = properties.compactMap { $0["stroke"] as? String }
        #expect(strokes == (0..<3).map { RoutePalette.colour(forSection: $0) })
        #expect(Set(strokes).count == 3)

        // The section's own properties win over the trip's.
        #expect(properties.map { $0["travelMode"] as? String } == ["boat", "driving", "driving"])
        #expect(properties.map { $0["tripID"] as? Int } == [16, 16, 16])
        #expect(properties[0]["distanceMeters"] as? Double == 25_450.25)
        #expect(properties[1]["distanceMeters"] == nil)
    }

    @Test func theDayAcrossTheAntimeridianIsCut() throws {
        let lines = try features(GeoJSONDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections))
            .filter { kind($0) != "Point" }
        #expect(lines.map(kind) == ["MultiLineString", "LineString", "LineString"])
        let geometry = try #require(lines[0]["geometry"] as? [String: Any])
        let parts = try #require(geometry["coordinates"] as? [[[Double]]])
        // Lodging → (180) → Viani Bay → Rainbow Reef → (180) → lodging.
        #expect(parts.count == 3)
        #expect(parts[0].first == [-179.9935, -16.7912] && parts[0].last?[0] == -180)
        #expect(parts[1].first?[0] == 180 && parts[1].last?[0] == 180)
        #expect(parts[2].first?[0] == -180 && parts[2].last == [-179.9935, -16.7912])
        for position in parts.joined() {
            #expect((-180.0...180.0).contains(position[0]))
        }
    }

    @Test func emptyAndOneStopSectionsDoNotCrash() throws {
        #expect(try features(GeoJSONDocument.routes(name: "none", sections: [])).isEmpty)
        let only = Waypoint(name: "Only", latitude: 1, longitude: 2)
        let sections = [
            RouteSection(name: "empty", stops: []),
            RouteSection(name: "one", stops: [only], times: [StopTimes(arrival: "09:00")]),
        ]
        let all = try features(GeoJSONDocument.routes(name: "edge", sections: sections))
        #expect(all.count == 1)
        let properties = try #require(all.first?["properties"] as? [String: Any])
        #expect(properties["day"] as? Int == 2)
        #expect(properties["order"] as? Int == 1)
        #expect(properties["arrival"] as? String == "09:00")
    }
}
