import Foundation
import RoutePlanExport
import Testing

// Every expected link below was written out by hand from the rules in
// docs/routing-facts.md §1, not produced by the code under test.
// Place IDs other than the Eiffel Tower's are made-up samples.

private let eiffelTowerID = "ChIJLU7jZClu5kcR4PcOOO6p3I0"

@Suite("Google Maps directions links")
struct GoogleMapsLinkTests {
    let maps = GoogleMapsDirections()

    @Test func threeStopCoordinateRoute() {
        let stops = [
            Waypoint(name: "Rossio", latitude: 38.7139, longitude: -9.1394),
            Waypoint(name: "Castelo", latitude: 38.71395, longitude: -9.13353),
            Waypoint(name: "Belém", latitude: 38.6916, longitude: -9.2160),
        ]
        #expect(maps.links(for: stops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=38.7139%2C-9.1394&destination=38.6916%2C-9.216&travelmode=driving&waypoints=38.71395%2C-9.13353",
        ])
        #expect(maps.urls(for: stops, travelMode: .driving).map(\.absoluteString) == maps.links(for: stops, travelMode: .driving))
    }

    @Test func placeIDsUseNamesAndPlaceIDParameters() {
        let stops = [
            Waypoint(name: "Eiffel Tower", placeID: eiffelTowerID, latitude: 48.85837, longitude: 2.294481),
            Waypoint(name: "Musée du Louvre", placeID: "ChIJD3uTd9hx5kcR1IQvGfr8dbk", latitude: 48.860611, longitude: 2.337644),
            Waypoint(name: "Notre-Dame", latitude: 48.852968, longitude: 2.349902),
        ]
        #expect(maps.links(for: stops, travelMode: .walking) == [
            "https://www.google.com/maps/dir/?api=1&origin=Eiffel%20Tower&origin_place_id=ChIJLU7jZClu5kcR4PcOOO6p3I0&destination=48.852968%2C2.349902&travelmode=walking&waypoints=Mus%C3%A9e%20du%20Louvre&waypoint_place_ids=ChIJD3uTd9hx5kcR1IQvGfr8dbk",
        ])
    }

    @Test func waypointsWithoutPlaceIDsFallBackToCoordinatesTogether() {
        // One waypoint lacks a place ID, so both waypoints are coordinates and
        // waypoint_place_ids is left out; origin and destination keep theirs.
        let stops = [
            Waypoint(name: "Eiffel Tower", placeID: eiffelTowerID, latitude: 48.85837, longitude: 2.294481),
            Waypoint(name: "Musée du Louvre", placeID: "ChIJD3uTd9hx5kcR1IQvGfr8dbk", latitude: 48.860611, longitude: 2.337644),
            Waypoint(name: "Pont Neuf", latitude: 48.857, longitude: 2.3413),
            Waypoint(name: "Panthéon", placeID: "ChIJPantheon_sample", latitude: 48.846222, longitude: 2.346414),
        ]
        #expect(maps.links(for: stops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=Eiffel%20Tower&origin_place_id=ChIJLU7jZClu5kcR4PcOOO6p3I0&destination=Panth%C3%A9on&destination_place_id=ChIJPantheon_sample&travelmode=driving&waypoints=48.860611%2C2.337644%7C48.857%2C2.3413",
        ])
    }

    @Test func awkwardNamesArePercentEncodedByteByByte() {
        let stops = [
            Waypoint(name: "Tom & Jerry's #1 | Bar+Grill, Lisboa", placeID: "ChIJTomJerry_1", latitude: 38.7107, longitude: -9.1366),
            Waypoint(name: "São Jorge", placeID: "ChIJSaoJorge-2", latitude: 38.713909, longitude: -9.133476),
            Waypoint(name: "Café", placeID: "ChIJCafe~3", latitude: 38.710652, longitude: -9.142284),
            Waypoint(name: "東京タワー", placeID: "ChIJTokyoTower4", latitude: 35.658581, longitude: 139.745433),
        ]
        #expect(maps.links(for: stops, travelMode: .walking) == [
            "https://www.google.com/maps/dir/?api=1"
                + "&origin=Tom%20%26%20Jerry%27s%20%231%20%7C%20Bar%2BGrill%2C%20Lisboa&origin_place_id=ChIJTomJerry_1"
                + "&destination=%E6%9D%B1%E4%BA%AC%E3%82%BF%E3%83%AF%E3%83%BC&destination_place_id=ChIJTokyoTower4"
                + "&travelmode=walking"
                + "&waypoints=S%C3%A3o%20Jorge%7CCaf%C3%A9&waypoint_place_ids=ChIJSaoJorge-2%7CChIJCafe~3",
        ])
    }

    @Test func pipeInWaypointNameUsesCoordinatesButKeepsPlaceID() {
        let stops = [
            Waypoint(name: "Start", latitude: 1, longitude: 2),
            Waypoint(name: "A|B", placeID: "ChIJab", latitude: 5, longitude: 6),
            Waypoint(name: "C", placeID: "ChIJc", latitude: 7, longitude: 8),
            Waypoint(name: "End", latitude: 3, longitude: 4),
        ]
        #expect(maps.links(for: stops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=1%2C2&destination=3%2C4&travelmode=driving&waypoints=5%2C6%7CC&waypoint_place_ids=ChIJab%7CChIJc",
        ])
    }

    @Test func emptyNameOrEmptyPlaceID() {
        let stops = [
            Waypoint(name: "", placeID: "ChIJnameless", latitude: 1, longitude: 2),
            Waypoint(name: "Blank ID", placeID: "", latitude: 3, longitude: 4),
        ]
        #expect(maps.links(for: stops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=1%2C2&origin_place_id=ChIJnameless&destination=3%2C4&travelmode=driving",
        ])
    }

    @Test func negativeCoordinatesAndRoundingToSixDecimals() {
        let stops = [
            Waypoint(name: "Sydney", latitude: -33.8567844, longitude: 151.2152967),
            Waypoint(name: "Null Island-ish", latitude: -0.00000004, longitude: -0.0000001),
            Waypoint(name: "Tiny", latitude: 0.000001, longitude: -0.000015),
            Waypoint(name: "Rio", latitude: -22.9068467, longitude: -43.1728961),
        ]
        #expect(maps.links(for: stops, travelMode: .bicycling) == [
            "https://www.google.com/maps/dir/?api=1&origin=-33.856784%2C151.215297&destination=-22.906847%2C-43.172896&travelmode=bicycling&waypoints=0%2C0%7C0.000001%2C-0.000015",
        ])
    }

    @Test func wholeAndLargeCoordinatesHaveNoExponent() {
        let stops = [
            Waypoint(name: "a", latitude: 10.1, longitude: -170.000000001),
            Waypoint(name: "b", latitude: -90, longitude: 180),
        ]
        #expect(maps.links(for: stops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=10.1%2C-170&destination=-90%2C180&travelmode=driving",
        ])
    }

    @Test func transitGetsOneLinkPerLeg() {
        let stops = [
            Waypoint(name: "A", latitude: 1.5, longitude: 2.5),
            Waypoint(name: "B", latitude: 3, longitude: 4),
            Waypoint(name: "C", latitude: -5.25, longitude: 6),
        ]
        #expect(maps.links(for: stops, travelMode: .transit) == [
            "https://www.google.com/maps/dir/?api=1&origin=1.5%2C2.5&destination=3%2C4&travelmode=transit",
            "https://www.google.com/maps/dir/?api=1&origin=3%2C4&destination=-5.25%2C6&travelmode=transit",
        ])
    }

    /// Point i of the 12-stop route is at (10 + i, 20 + i).
    private var twelveStops: [Waypoint] {
        (0..<12).map { Waypoint(name: "Stop \($0)", latitude: Double(10 + $0), longitude: Double(20 + $0)) }
    }

    @Test func twelveStopsBalancedWithNineWaypoints() {
        #expect(GoogleMapsDirections.standard.links(for: twelveStops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=10%2C20&destination=16%2C26&travelmode=driving&waypoints=11%2C21%7C12%2C22%7C13%2C23%7C14%2C24%7C15%2C25",
            "https://www.google.com/maps/dir/?api=1&origin=16%2C26&destination=21%2C31&travelmode=driving&waypoints=17%2C27%7C18%2C28%7C19%2C29%7C20%2C30",
        ])
    }

    @Test func twelveStopsGreedyWithNineWaypoints() throws {
        let greedy = try GoogleMapsDirections(maxWaypointsPerLink: 9, chunking: .greedy)
        #expect(greedy.links(for: twelveStops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=10%2C20&destination=20%2C30&travelmode=driving&waypoints=11%2C21%7C12%2C22%7C13%2C23%7C14%2C24%7C15%2C25%7C16%2C26%7C17%2C27%7C18%2C28%7C19%2C29",
            "https://www.google.com/maps/dir/?api=1&origin=20%2C30&destination=21%2C31&travelmode=driving",
        ])
    }

    @Test func twelveStopsMobileBrowserWithThreeWaypoints() {
        #expect(GoogleMapsDirections.mobileBrowser.links(for: twelveStops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=10%2C20&destination=14%2C24&travelmode=driving&waypoints=11%2C21%7C12%2C22%7C13%2C23",
            "https://www.google.com/maps/dir/?api=1&origin=14%2C24&destination=18%2C28&travelmode=driving&waypoints=15%2C25%7C16%2C26%7C17%2C27",
            "https://www.google.com/maps/dir/?api=1&origin=18%2C28&destination=21%2C31&travelmode=driving&waypoints=19%2C29%7C20%2C30",
        ])
    }

    @Test func singleStopHasOnlyDestination() {
        let eiffel = Waypoint(name: "Eiffel Tower", placeID: eiffelTowerID, latitude: 48.85837, longitude: 2.294481)
        #expect(maps.links(for: [eiffel], travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&destination=Eiffel%20Tower&destination_place_id=ChIJLU7jZClu5kcR4PcOOO6p3I0&travelmode=driving",
        ])
        let plain = Waypoint(name: "Somewhere", latitude: 48.85837, longitude: 2.294481)
        #expect(maps.links(for: [plain], travelMode: .transit) == [
            "https://www.google.com/maps/dir/?api=1&destination=48.85837%2C2.294481&travelmode=transit",
        ])
    }

    @Test func noStopsGiveNoLinks() {
        for mode in TravelMode.allCases {
            #expect(maps.links(for: [], travelMode: mode).isEmpty)
            #expect(maps.urls(for: [], travelMode: mode).isEmpty)
        }
    }

    @Test func identicalConsecutiveStops() {
        let a = Waypoint(name: "A", latitude: 1, longitude: 2)
        let b = Waypoint(name: "B", latitude: 3, longitude: 4)
        #expect(maps.links(for: [a, a, b], travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=1%2C2&destination=3%2C4&travelmode=driving&waypoints=1%2C2",
        ])
        #expect(maps.links(for: [a, a], travelMode: .transit) == [
            "https://www.google.com/maps/dir/?api=1&origin=1%2C2&destination=1%2C2&travelmode=transit",
        ])
    }

    @Test func roundTripEndsWhereItStarts() {
        let home = Waypoint(name: "Home", latitude: 1, longitude: 2)
        let shop = Waypoint(name: "Shop", latitude: 3, longitude: 4)
        #expect(maps.links(for: [home, shop, home], travelMode: .walking) == [
            "https://www.google.com/maps/dir/?api=1&origin=1%2C2&destination=1%2C2&travelmode=walking&waypoints=3%2C4",
        ])
    }

    @Test func travelModeRawValuesMatchMapsURLs() {
        #expect(TravelMode.allCases.map(\.rawValue) == ["driving", "walking", "bicycling", "transit"])
    }

    @Test func configurationLimits() throws {
        #expect(GoogleMapsDirections().maxWaypointsPerLink == 9)
        #expect(GoogleMapsDirections().chunking == .balanced)
        #expect(GoogleMapsDirections.standard.maxWaypointsPerLink == 9)
        #expect(GoogleMapsDirections.mobileBrowser.maxWaypointsPerLink == 3)
        #expect(GoogleMapsDirections.mobileBrowser.maxPointsPerLink == 5)
        for limit in 1...9 {
            #expect(try GoogleMapsDirections(maxWaypointsPerLink: limit).maxWaypointsPerLink == limit)
        }
        for bad in [-1, 0, 10, 100] {
            #expect(throws: GoogleMapsDirections.ConfigurationError.waypointsPerLinkOutOfRange(bad)) {
                try GoogleMapsDirections(maxWaypointsPerLink: bad)
            }
        }
    }
}
