import Foundation
import RoutePlanExport
import Testing

@Suite("Waypoint JSON shape")
struct WaypointCodingTests {
    private func encodeSorted(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func encodesNestedLocation() throws {
        let stop = Waypoint(name: "Eiffel Tower", placeID: "ChIJLU7jZClu5kcR4PcOOO6p3I0", latitude: 48.5, longitude: 2.25)
        #expect(try encodeSorted(stop)
            == #"{"location":{"lat":48.5,"lng":2.25},"name":"Eiffel Tower","placeID":"ChIJLU7jZClu5kcR4PcOOO6p3I0"}"#)
    }

    @Test func omitsMissingPlaceID() throws {
        let stop = Waypoint(name: "Café", latitude: -1, longitude: 2)
        #expect(try encodeSorted(stop) == #"{"location":{"lat":-1,"lng":2},"name":"Café"}"#)
    }

    @Test func roundTrips() throws {
        let stops = [
            Waypoint(name: "東京タワー", placeID: "ChIJsample", latitude: 35.658581, longitude: 139.745433),
            Waypoint(name: "", latitude: -89.999999, longitude: -180),
        ]
        let data = try JSONEncoder().encode(stops)
        #expect(try JSONDecoder().decode([Waypoint].self, from: data) == stops)
    }

    @Test func decodesHandWrittenJSON() throws {
        let json = #"{"name": "São Jorge", "location": {"lng": -9.133476, "lat": 38.713909}}"#
        let stop = try JSONDecoder().decode(Waypoint.self, from: Data(json.utf8))
        #expect(stop == Waypoint(name: "São Jorge", latitude: 38.713909, longitude: -9.133476))
    }

    @Test(arguments: [
        #"{"name":"x","location":{"lat":90.5,"lng":0}}"#,
        #"{"name":"x","location":{"lat":0,"lng":-180.01}}"#,
        #"{"name":"x","lat":1,"lng":2}"#,
        #"{"location":{"lat":1,"lng":2}}"#,
    ])
    func rejectsBadJSON(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Waypoint.self, from: Data(json.utf8))
        }
    }
}
