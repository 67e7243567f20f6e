import Foundation
import RoutePlanExport
import Testing

private func queryNames(_ link: String) -> [String] {
    (URLComponents(string: link)?.queryItems ?? []).map(\.name)
}

@Suite("Links stay within Google's 2,048-character limit")
struct LinkLengthTests {
    let limit = GoogleMapsDirections.urlCharacterLimit

    @Test func limitIsGooglesDocumentedValue() {
        #expect(limit == 2_048)
    }

    @Test func shortLinksKeepNames() {
        let stops = (0..<11).map { Waypoint(name: "Place \($0)", placeID: "ChIJ\($0)", latitude: 1, longitude: 2) }
        let link = GoogleMapsDirections().links(for: stops, travelMode: .driving)[0]
        #expect(link.contains("origin=Place%200&"))
        #expect(link.contains("&waypoint_place_ids=ChIJ1%7CChIJ2"))
    }

    @Test func longNamesFallBackToCoordinatesKeepingPlaceIDs() {
        let longName = String(repeating: "Rua Muito Comprida ", count: 12) // 228 characters
        let stops = (0..<11).map { index in
            Waypoint(name: "\(longName)\(index)", placeID: "ChIJsample\(index)", latitude: 38.7 + Double(index) / 100, longitude: -9.1)
        }
        let links = GoogleMapsDirections().links(for: stops, travelMode: .driving)
        #expect(links.count == 1)
        let link = links[0]
        #expect(link.count <= limit)
        #expect(!link.contains("Rua"))
        #expect(link.hasPrefix("https://www.google.com/maps/dir/?api=1&origin=38.7%2C-9.1&origin_place_id=ChIJsample0&destination=38.8%2C-9.1&destination_place_id=ChIJsample10&travelmode=driving&waypoints=38.71%2C-9.1%7C"))
        #expect(link.hasSuffix("&waypoint_place_ids=ChIJsample1%7CChIJsample2%7CChIJsample3%7CChIJsample4%7CChIJsample5%7CChIJsample6%7CChIJsample7%7CChIJsample8%7CChIJsample9"))
    }

    @Test func hugePlaceIDsAreDropped() {
        let stops = (0..<11).map { index in
            Waypoint(name: "P\(index)", placeID: String(repeating: "x", count: 250) + "\(index)", latitude: 1, longitude: Double(index))
        }
        let link = GoogleMapsDirections().links(for: stops, travelMode: .walking)[0]
        #expect(link == "https://www.google.com/maps/dir/?api=1&origin=1%2C0&destination=1%2C10&travelmode=walking&waypoints=1%2C1%7C1%2C2%7C1%2C3%7C1%2C4%7C1%2C5%7C1%2C6%7C1%2C7%7C1%2C8%7C1%2C9")
    }

    @Test func onlyTheOverlongLinkIsRebuilt() {
        // First link short names, second link one huge name.
        var stops = (0..<12).map { Waypoint(name: "S\($0)", placeID: "ChIJ\($0)", latitude: Double($0), longitude: 0) }
        stops[11].name = String(repeating: "é", count: 400) // 2,400 characters once encoded
        let links = GoogleMapsDirections.mobileBrowser.links(for: stops, travelMode: .driving)
        #expect(links.count == 3)
        #expect(links[0].contains("origin=S0&"))
        #expect(links[2] == "https://www.google.com/maps/dir/?api=1&origin=8%2C0&origin_place_id=ChIJ8&destination=11%2C0&destination_place_id=ChIJ11&travelmode=driving&waypoints=9%2C0%7C10%2C0&waypoint_place_ids=ChIJ9%7CChIJ10")
    }

    /// With only coordinates, even the widest values in a full link stay far
    /// below the limit, so the last fallback can never fail.
    @Test func worstCaseCoordinateLinksFit() throws {
        let widest = Waypoint(name: "", latitude: -89.123457, longitude: -179.123457)
        for limitWaypoints in 1...9 {
            let maps = try GoogleMapsDirections(maxWaypointsPerLink: limitWaypoints)
            for mode in TravelMode.allCases {
                let stops = Array(repeating: widest, count: maps.maxPointsPerLink)
                for link in maps.links(for: stops, travelMode: mode) {
                    #expect(link.count <= 400)
                }
            }
        }
    }

    @Test(arguments: [1, 3, 9])
    func everyLinkFitsWhateverTheNames(limitWaypoints: Int) throws {
        let maps = try GoogleMapsDirections(maxWaypointsPerLink: limitWaypoints)
        for nameLength in [0, 10, 100, 180, 400, 3_000] {
            for placeIDLength in [0, 27, 150, 300] {
                let stops = (0..<23).map { index in
                    Waypoint(
                        name: String(repeating: "ç|&", count: nameLength / 3) + "\(index)",
                        placeID: placeIDLength == 0 ? nil : String(repeating: "Q", count: placeIDLength),
                        latitude: -45.654321 + Double(index),
                        longitude: 170.123456 - Double(index)
                    )
                }
                for mode in TravelMode.allCases {
                    let links = maps.links(for: stops, travelMode: mode)
                    #expect(!links.isEmpty)
                    for link in links {
                        #expect(link.count <= limit, "names \(nameLength), place IDs \(placeIDLength), \(mode)")
                        let names = queryNames(link)
                        // waypoint_place_ids never appears without waypoints,
                        // and *_place_id never without its plain parameter.
                        if names.contains("waypoint_place_ids") { #expect(names.contains("waypoints")) }
                        if names.contains("origin_place_id") { #expect(names.contains("origin")) }
                        if names.contains("destination_place_id") { #expect(names.contains("destination")) }
                    }
                }
            }
        }
    }
}
