import Foundation
import RoutePlanExport
import Testing

// Expected links are written out by hand from the Maps URLs rules
// (parameter order origin, destination, travelmode, dir_action, waypoints).

@Suite("Google Maps navigation links and round trips")
struct GoogleMapsNavigateTests {
    private var navigating: GoogleMapsDirections {
        var maps = GoogleMapsDirections.standard
        maps.navigate = true
        return maps
    }

    @Test func navigateIsOffByDefault() throws {
        #expect(GoogleMapsDirections().navigate == false)
        #expect(GoogleMapsDirections.standard.navigate == false)
        #expect(GoogleMapsDirections.mobileBrowser.navigate == false)
        #expect(try GoogleMapsDirections(maxWaypointsPerLink: 4, chunking: .greedy).navigate == false)
        let links = GoogleMapsDirections.standard.links(for: SampleRoute.stops, travelMode: .walking)
        #expect(!links.isEmpty)
        #expect(links.allSatisfy { !$0.contains("dir_action") })
        #expect(navigating != GoogleMapsDirections.standard)
    }

    @Test func navigateFollowsTravelMode() {
        let stops = [
            Waypoint(name: "Rossio", latitude: 38.7139, longitude: -9.1394),
            Waypoint(name: "Castelo", latitude: 38.71395, longitude: -9.13353),
            Waypoint(name: "Belém", latitude: 38.6916, longitude: -9.2160),
        ]
        #expect(navigating.links(for: stops, travelMode: .driving) == [
            "https://www.google.com/maps/dir/?api=1&origin=38.7139%2C-9.1394&destination=38.6916%2C-9.216&travelmode=driving&dir_action=navigate&waypoints=38.71395%2C-9.13353",
        ])
        #expect(navigating.links(for: [stops[0]], travelMode: .walking) == [
            "https://www.google.com/maps/dir/?api=1&destination=38.7139%2C-9.1394&travelmode=walking&dir_action=navigate",
        ])
    }

    @Test func everyLinkNavigates() throws {
        let stops = (0..<12).map { Waypoint(name: "Stop \($0)", latitude: Double(10 + $0), longitude: Double(20 + $0)) }
        var mobile = GoogleMapsDirections.mobileBrowser
        mobile.navigate = true
        var greedy = try GoogleMapsDirections(maxWaypointsPerLink: 2, chunking: .greedy)
        greedy.navigate = true
        for maps in [navigating, mobile, greedy] {
            for mode in TravelMode.allCases {
                let links = maps.links(for: stops, travelMode: mode)
                #expect(links.count >= 2)
                for link in links {
                    let items = try #require(URLComponents(string: link)?.queryItems)
                    #expect(items.filter { $0.name == "dir_action" }.map(\.value) == ["navigate"])
                    #expect(link.count <= GoogleMapsDirections.urlCharacterLimit)
                }
                #expect(maps.urls(for: stops, travelMode: mode).count == links.count)
            }
        }
    }

    @Test func roundTripSampleRouteStartsAndEndsAtTheStart() {
        // Origin and destination are the same place (allowed by Maps URLs);
        // Castelo has no place ID, so all three waypoints are coordinates.
        #expect(navigating.links(for: SampleRoute.stops, travelMode: .walking) == [
            "https://www.google.com/maps/dir/?api=1"
                + "&origin=Tom%20%26%20Jerry%27s%20%22Bar%22%20%3CLisboa%3E&origin_place_id=ChIJTomJerry_1"
                + "&destination=Tom%20%26%20Jerry%27s%20%22Bar%22%20%3CLisboa%3E&destination_place_id=ChIJTomJerry_1"
                + "&travelmode=walking&dir_action=navigate"
                + "&waypoints=38.713909%2C-9.133476%7C38.710652%2C-9.142284%7C38.693611%2C-9.205833",
        ])
    }

    @Test func roundTripSplitIntoLinksClosesTheLoop() throws {
        // Transit: one link per leg; the last leg returns to the start.
        let links = GoogleMapsDirections.standard.links(for: SampleRoute.stops, travelMode: .transit)
        #expect(links.count == 4)
        func item(_ link: String, _ name: String) throws -> String? {
            try #require(URLComponents(string: link)?.queryItems).first { $0.name == name }?.value
        }
        #expect(try item(links[0], "origin") == SampleRoute.start.name)
        #expect(try item(links[0], "origin_place_id") == "ChIJTomJerry_1")
        #expect(try item(links[3], "destination") == SampleRoute.start.name)
        #expect(try item(links[3], "destination_place_id") == "ChIJTomJerry_1")
        // Consecutive links share a stop.
        for (a, b) in zip(links, links.dropFirst()) {
            #expect(try item(a, "destination") == item(b, "origin"))
        }
    }
}
