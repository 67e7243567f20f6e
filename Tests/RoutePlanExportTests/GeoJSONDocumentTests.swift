import Foundation
import RoutePlanExport
import Testing

@Suite("GeoJSON documents")
struct GeoJSONDocumentTests {
    private let extraProperties: [String: GeoJSONPropertyValue] = [
        "travelMode": "walking",
        "durationSeconds": 5_400,
        "distanceMeters": 7_250.5,
        "roundTrip": true,
        "name": "ignored",
    ]

    private func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func matchesGolden() throws {
        let text = GeoJSONDocument.route(name: SampleRoute.name, stops: SampleRoute.stops, properties: extraProperties)
        try expectMatchesGolden(text, named: "route.geojson")
    }

    @Test func parsesBackToTheRoute() throws {
        let text = GeoJSONDocument.route(name: SampleRoute.name, stops: SampleRoute.stops, properties: extraProperties)
        let root = try parse(text)
        #expect(root["type"] as? String == "FeatureCollection")
        #expect(root["name"] as? String == SampleRoute.name)
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == SampleRoute.stops.count + 1)

        for (index, stop) in SampleRoute.stops.enumerated() {
            let feature = features[index]
            #expect(feature["type"] as? String == "Feature")
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect(properties["name"] as? String == stop.name)
            #expect(properties["order"] as? Int == index + 1)
            #expect(properties["placeID"] as? String == stop.placeID)
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "Point")
            let position = try #require(geometry["coordinates"] as? [Double])
            // [longitude, latitude], rounded to six decimals.
            #expect(abs(position[0] - stop.longitude) < 1e-6)
            #expect(abs(position[1] - stop.latitude) < 1e-6)
        }

        let line = try #require(features.last)
        let properties = try #require(line["properties"] as? [String: Any])
        #expect(properties["name"] as? String == SampleRoute.name)
        #expect(properties["travelMode"] as? String == "walking")
        #expect(properties["durationSeconds"] as? Int == 5_400)
        #expect(properties["distanceMeters"] as? Double == 7_250.5)
        #expect(properties["roundTrip"] as? Bool == true)
        let geometry = try #require(line["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let positions = try #require(geometry["coordinates"] as? [[Double]])
        #expect(positions == [[-9.1366, 38.7107], [-9.133476, 38.713909], [-9.142284, 38.710652],
                              [-9.205833, 38.693611], [-9.1366, 38.7107]])
    }

    @Test func noStopsIsAnEmptyCollection() throws {
        let text = GeoJSONDocument.route(name: "Empty", stops: [])
        #expect(text == """
            {
              "type": "FeatureCollection",
              "name": "Empty",
              "features": []
            }

            """)
        #expect(try parse(text)["features"] as? [Any] != nil)
    }

    @Test func oneStopHasNoLineString() throws {
        let text = GeoJSONDocument.route(name: "One", stops: [Waypoint(name: "Only", latitude: -0.0, longitude: 1e-7)])
        #expect(text == """
            {
              "type": "FeatureCollection",
              "name": "One",
              "features": [
                {
                  "type": "Feature",
                  "properties": {"name": "Only", "order": 1},
                  "geometry": {"type": "Point", "coordinates": [0, 0]}
                }
              ]
            }

            """)
    }

    @Test func controlCharactersAndSpecialNumbersStayValidJSON() throws {
        let stops = [
            Waypoint(name: "tab\there\nline \u{01} \\ \"q\" /", latitude: 1, longitude: 2),
            Waypoint(name: "b", latitude: 3, longitude: 4),
        ]
        let text = GeoJSONDocument.route(
            name: "r",
            stops: stops,
            properties: ["nan": .number(.nan), "tiny": .number(1e-7), "big": .number(-3e20), "whole": .number(-0.0)]
        )
        #expect(text.contains(#""name": "tab\there\nline \u0001 \\ \"q\" /""#))
        #expect(text.contains(#""big": -3e+20, "nan": null, "tiny": 1e-07, "whole": 0"#))
        let features = try #require(try parse(text)["features"] as? [[String: Any]])
        let first = try #require(features.first?["properties"] as? [String: Any])
        #expect(first["name"] as? String == stops[0].name)
    }
}
