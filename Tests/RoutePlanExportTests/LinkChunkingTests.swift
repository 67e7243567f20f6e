import Foundation
import RoutePlanExport
import Testing

/// Distinct stops, so overlaps can be checked by equality.
private func distinctStops(_ count: Int) -> [Waypoint] {
    (0..<count).map { index in
        Waypoint(name: "Stop \(index)", latitude: 40 + Double(index) / 1_000, longitude: -3 - Double(index) / 1_000)
    }
}

/// The query values of a link, percent-decoded.
private func queryValues(_ link: String) -> [String: String] {
    let items = URLComponents(string: link)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
}

/// Whether a `lat,lng` text names the stop's coordinates (to 1e-9).
private func names(_ text: String?, _ stop: Waypoint) -> Bool {
    guard let parts = text?.split(separator: ",", omittingEmptySubsequences: false), parts.count == 2,
          let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { return false }
    return abs(latitude - stop.latitude) < 1e-9 && abs(longitude - stop.longitude) < 1e-9
}

@Suite("Splitting routes into links")
struct LinkChunkingTests {
    @Test(arguments: LinkChunking.allCases)
    func everyLengthAndLimitCoversTheRouteOnce(chunking: LinkChunking) throws {
        for limit in 1...9 {
            let maps = try GoogleMapsDirections(maxWaypointsPerLink: limit, chunking: chunking)
            for count in 1...40 {
                let stops = distinctStops(count)
                let segments = maps.segments(for: stops, travelMode: .driving)
                let context = "\(chunking), limit \(limit), \(count) stops"

                // Smallest possible number of links.
                let expectedLinks = count == 1 ? 1 : (count - 2) / (limit + 1) + 1
                #expect(segments.count == expectedLinks, "\(context)")

                // Size: at most limit + 2 points, at least 2 once there are 2 stops.
                for segment in segments {
                    #expect(segment.count <= limit + 2, "\(context)")
                    #expect(segment.count >= min(count, 2), "\(context)")
                }

                // Consecutive links overlap by exactly one point.
                for (left, right) in zip(segments, segments.dropFirst()) {
                    #expect(left.last == right.first, "\(context)")
                    #expect(Set(left).intersection(right).count == 1, "\(context)")
                }

                // Dropping the overlaps gives back the route.
                let rejoined = segments.enumerated().flatMap { index, segment in
                    index == 0 ? segment : Array(segment.dropFirst())
                }
                #expect(rejoined == stops, "\(context)")

                // Shape of the split.
                let sizes = segments.map(\.count)
                switch chunking {
                case .balanced:
                    #expect(sizes.max()! - sizes.min()! <= 1, "\(context): \(sizes)")
                    #expect(sizes == sizes.sorted(by: >), "\(context): \(sizes)")
                case .greedy:
                    #expect(sizes.dropLast().allSatisfy { $0 == limit + 2 }, "\(context): \(sizes)")
                }

                // The links say the same as the segments.
                let links = maps.links(for: stops, travelMode: .driving)
                #expect(links.count == segments.count, "\(context)")
                for (link, segment) in zip(links, segments) {
                    let query = queryValues(link)
                    #expect(query["api"] == "1")
                    #expect(query["travelmode"] == "driving")
                    #expect(names(query["destination"], segment.last!), "\(context)")
                    if segment.count == 1 {
                        #expect(query["origin"] == nil, "\(context)")
                    } else {
                        #expect(names(query["origin"], segment.first!), "\(context)")
                    }
                    let inner = segment.dropFirst().dropLast()
                    if inner.isEmpty {
                        #expect(query["waypoints"] == nil, "\(context)")
                    } else {
                        let values = query["waypoints"]?.split(separator: "|").map(String.init) ?? []
                        #expect(values.count == inner.count, "\(context)")
                        #expect(zip(values, inner).allSatisfy { names($0, $1) }, "\(context)")
                        #expect(inner.count <= limit, "\(context)")
                    }
                }
            }
        }
    }

    @Test(arguments: LinkChunking.allCases)
    func transitIsAlwaysOneLinkPerLeg(chunking: LinkChunking) throws {
        for limit in 1...9 {
            let maps = try GoogleMapsDirections(maxWaypointsPerLink: limit, chunking: chunking)
            for count in 2...40 {
                let stops = distinctStops(count)
                let segments = maps.segments(for: stops, travelMode: .transit)
                #expect(segments == (0..<(count - 1)).map { [stops[$0], stops[$0 + 1]] })
                let links = maps.links(for: stops, travelMode: .transit)
                #expect(links.count == count - 1)
                #expect(links.allSatisfy { queryValues($0)["waypoints"] == nil })
            }
        }
    }

    @Test func repeatedStopsStillSplitByPosition() {
        let a = Waypoint(name: "A", latitude: 1, longitude: 1)
        // 26 stops = 25 legs; at most 4 legs per link → 7 links of 4,4,4,4,3,3,3 legs.
        let stops = Array(repeating: a, count: 26)
        let segments = GoogleMapsDirections.mobileBrowser.segments(for: stops, travelMode: .walking)
        #expect(segments.map(\.count) == [5, 5, 5, 5, 4, 4, 4])
    }
}
