import Foundation
import RoutePlanExport
import Testing

/// The line feature's geometry (the last feature) of a GeoJSON route.
private func lineGeometry(_ text: String) throws -> (type: String, coordinates: Any) {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let features = try #require(root["features"] as? [[String: Any]])
    let geometry = try #require(features.last?["geometry"] as? [String: Any])
    return (try #require(geometry["type"] as? String), try #require(geometry["coordinates"]))
}

@Suite("GeoJSON across the antimeridian")
struct GeoJSONAntimeridianTests {
    @Test func fijiMatchesGolden() throws {
        try expectMatchesGolden(GeoJSONDocument.route(name: FijiRoute.name, stops: FijiRoute.stops),
                                named: "route-antimeridian.geojson")
    }

    @Test func fijiIsCutIntoAMultiLineString() throws {
        let text = GeoJSONDocument.route(name: FijiRoute.name, stops: FijiRoute.stops)
        let line = try lineGeometry(text)
        #expect(line.type == "MultiLineString")
        let parts = try #require(line.coordinates as? [[[Double]]])
        // Crossing from 179.89 to -179.996 (0.114° east): the antimeridian is
        // 0.11 / 0.114 of the way, so the latitude there is
        // -16.75 + (0.11 / 0.114) × (-0.035) = -16.783772 (six decimals).
        #expect(parts == [
            [[179.89, -16.75], [180, -16.783772]],
            [[-180, -16.783772], [-179.996, -16.785], [-179.88, -16.69]],
        ])
        // Every position is [longitude, latitude] within range.
        for position in parts.joined() {
            #expect(position.count == 2)
            #expect((-180.0...180.0).contains(position[0]))
            #expect((-90.0...90.0).contains(position[1]))
        }
        // The points stay in visiting order, uncut.
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try #require(root["features"] as? [[String: Any]])
        let points = features.dropLast().compactMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [Double] }
        #expect(points == FijiRoute.stops.map { [$0.longitude, $0.latitude] })
    }

    @Test func roundTripCrossesTwiceWestwardBack() throws {
        let stops = FijiRoute.stops + [FijiRoute.stops[0]]
        let parts = try #require(try lineGeometry(GeoJSONDocument.route(name: "r", stops: stops)).coordinates as? [[[Double]]])
        #expect(parts.count == 3)
        #expect(parts[1].last?[0] == -180)
        #expect(parts[2].first?[0] == 180)
        #expect(parts[2].last == [179.89, -16.75])
        // Matei (-179.88, -16.69) → Viani Bay (179.89, -16.75): 0.12 of 0.23° west.
        let latitude = -16.69 + (0.12 / 0.23) * (-16.75 + 16.69)
        #expect(abs(parts[1].last![1] - latitude) < 1e-6)
        #expect(parts[2].first![1] == parts[1].last![1])
    }

    @Test func routesThatDoNotCrossStayLineStrings() throws {
        // A leg of exactly 180° does not count as crossing.
        let stops = [
            Waypoint(name: "a", latitude: 0, longitude: -90),
            Waypoint(name: "b", latitude: 10, longitude: 90),
            Waypoint(name: "c", latitude: 20, longitude: 179.999),
        ]
        let line = try lineGeometry(GeoJSONDocument.route(name: "r", stops: stops))
        #expect(line.type == "LineString")
        #expect(line.coordinates as? [[Double]] == [[-90, 0], [90, 10], [179.999, 20]])
    }

    @Test func stopsOnTheAntimeridianDoNotLeaveOnePointParts() throws {
        // Starting exactly at 180 and going east: no empty first part.
        let fromEdge = [
            Waypoint(name: "edge", latitude: 5, longitude: 180),
            Waypoint(name: "east", latitude: 6, longitude: -179.5),
        ]
        let first = try lineGeometry(GeoJSONDocument.route(name: "r", stops: fromEdge))
        #expect(first.type == "LineString")
        #expect(first.coordinates as? [[Double]] == [[-180, 5], [-179.5, 6]])

        // Ending exactly at -180 coming from the west.
        let toEdge = [
            Waypoint(name: "west", latitude: 1, longitude: 179),
            Waypoint(name: "edge", latitude: 2, longitude: -180),
        ]
        let second = try lineGeometry(GeoJSONDocument.route(name: "r", stops: toEdge))
        #expect(second.type == "LineString")
        #expect(second.coordinates as? [[Double]] == [[179, 1], [180, 2]])

        // 180 and -180 are the same meridian: nothing to cut.
        let same = [
            Waypoint(name: "x", latitude: 1, longitude: 180),
            Waypoint(name: "y", latitude: 1, longitude: -180),
        ]
        let third = try lineGeometry(GeoJSONDocument.route(name: "r", stops: same))
        #expect(third.type == "LineString")
        #expect(third.coordinates as? [[Double]] == [[180, 1], [-180, 1]])
    }
}
