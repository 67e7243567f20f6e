import Foundation
import Testing
import RoutePlanMatrix

@Suite("Matrix tile caches")
struct MatrixTileCacheTests {
    static let cacheName = "synthetic-lyon-30-stops-tiles.json"
    static let stops = (1...30).map { StopKey(name: String(format: "Stop %02d", $0)) }

    /// The matrix the 30-stop cache should give, read independently with
    /// Foundation's JSON parser: each tile's names give the stop indices.
    static func expectedMatrix(preferTraffic: Bool) throws -> ObservedMatrix {
        let root = try #require(JSONSerialization.jsonObject(with: MatrixFixtures.data(cacheName)) as? [String: Any])
        let tiles = try #require(root["tiles"] as? [[String: Any]])
        var expected = ObservedMatrix(count: 30, usedTrafficDurations: preferTraffic)
        for tile in tiles {
            let origins = try #require(tile["origins"] as? [String]).map { Int($0.dropFirst(5))! - 1 }
            let destinations = try #require(tile["destinations"] as? [String]).map { Int($0.dropFirst(5))! - 1 }
            let response = try #require(tile["response"] as? [String: Any])
            let rows = try #require(response["rows"] as? [[String: Any]])
            for (r, row) in rows.enumerated() {
                let elements = try #require(row["elements"] as? [[String: Any]])
                for (c, element) in elements.enumerated() where origins[r] != destinations[c] {
                    func value(_ key: String) -> Int? { (element[key] as? [String: Any])?["value"] as? Int }
                    if element["status"] as? String == "ZERO_RESULTS" {
                        expected[origins[r], destinations[c]] = .unreachable(status: "ZERO_RESULTS")
                    } else {
                        let seconds = preferTraffic ? value("duration_in_traffic") ?? value("duration") : value("duration")
                        expected[origins[r], destinations[c]] = .known(meters: value("distance"), seconds: seconds)
                    }
                }
            }
        }
        return expected
    }

    @Test("the 30-stop cache of nine 10 × 10 tiles assembles to the full matrix", arguments: [false, true])
    func thirtyStops(preferTraffic: Bool) throws {
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(Self.cacheName), stops: Self.stops,
                                             preferTraffic: preferTraffic)
        #expect(observed == (try Self.expectedMatrix(preferTraffic: preferTraffic)))
        #expect(observed.knownPairs == 30 * 29 - 1)
        #expect(observed.unreachablePairs == 1)
        #expect(observed.missingPairs == 0)
        #expect(observed[4, 22] == .unreachable(status: "ZERO_RESULTS"))
        // Values printed by make-synthetic-tiles.py.
        #expect(observed[0, 1] == .known(meters: 1_838, seconds: 271))
        #expect(observed[1, 0] == .known(meters: 1_821, seconds: 270))
        #expect(observed[12, 29] == .known(meters: 9_018, seconds: 990))
        #expect(observed[29, 0] == .known(meters: 11_437, seconds: preferTraffic ? 1_290 : 1_230))
        #expect(observed.usedTrafficDurations == preferTraffic)
    }

    @Test("the cache's own fields are read")
    func cacheFields() throws {
        let cache = try MatrixTileCache(MatrixFixtures.data(Self.cacheName), fileName: Self.cacheName, preferTraffic: false)
        #expect(cache.provider == .google)
        #expect(cache.travelMode == "driving")
        #expect(cache.tiles.count == 9)
        #expect(cache.tiles.allSatisfy { $0.origins.count == 10 && $0.destinations.count == 10 && $0.format == .google })
        #expect(cache.tiles[2].source == "\(Self.cacheName) tile 3")
    }

    @Test("the 30-stop cache completes with models fitted to its values")
    func thirtyStopsCompleted() throws {
        let itinerary = MatrixFixtures.root.appendingPathComponent("itineraries/synthetic-lyon-30-stops.json")
        let root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: itinerary)) as? [String: Any])
        let places = try #require(root["placesToGo"] as? [[String: Any]])
        #expect(places.compactMap { $0["name"] as? String } == Self.stops.map(\.name))
        let coordinates = try places.map { place in
            let location = try #require(place["location"] as? [String: Double])
            return Coordinate(latitude: location["lat"]!, longitude: location["lng"]!)
        }
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(Self.cacheName), stops: Self.stops,
                                             preferTraffic: false)
        let completed = try TravelMatrices.completing(observed, coordinates: coordinates, fallback: .driving)
        #expect(completed.estimatedPairs == 0)
        #expect(completed.distanceCalibration == .fitted(pairs: 869))
        #expect(completed.durationCalibration == .fitted(pairs: 869))
        // Generated as 1.35 × haversine (+ up to 68 m) and 90 s + 1.35 × haversine ÷ 10 m/s (+ up to 6 s).
        #expect(abs(completed.distanceDetour - 1.35) < 0.02)
        #expect(abs(completed.durationModel.speed - 10) < 0.3)
        #expect(abs(completed.durationModel.overhead - 93) < 5)
        #expect(completed.matrices.durations[4, 22] == .max)
        #expect(completed.matrices.distances[0, 1] == 1_838)
    }

    /// A cache of `tiles` (JSON text each) with the version and provider given.
    static func cache(_ tiles: [String], provider: String? = nil) -> String {
        let header = provider.map { #""provider": "\#($0)", "# } ?? ""
        return #"{"routeplanMatrixCache": 1, \#(header)"tiles": [\#(tiles.joined(separator: ", "))]}"#
    }

    static func googleTile(_ origins: [String], _ destinations: [String], _ values: [[(Int, Int)?]]) -> String {
        let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
        let rows = values.map { row in
            let elements = row.map { value in
                value.map { #"{"status": "OK", "distance": {"value": \#($0.0)}, "duration": {"value": \#($0.1)}}"# }
                    ?? #"{"status": "ZERO_RESULTS"}"#
            }
            return #"{"elements": [\#(elements.joined(separator: ", "))]}"#
        }
        return #"{"origins": [\#(quoted(origins))], "destinations": [\#(quoted(destinations))], "response": {"status": "OK", "rows": [\#(rows.joined(separator: ", "))]}}"#
    }

    static let abc = [StopKey(name: "A", placeID: "ChIJ-a"), StopKey(name: "B"), StopKey(name: "C", placeID: "ChIJ-c")]

    @Test("tiles match stops by place ID first, then by name, and may overlap")
    func matching() throws {
        let text = Self.cache([
            Self.googleTile(["ChIJ-a", "B"], ["B", "ChIJ-c"], [[(10, 1), (20, 2)], [(0, 0), (30, 3)]]),
            Self.googleTile(["C"], ["A", "B"], [[(40, 4), nil]]),
            Self.googleTile(["ChIJ-a"], ["ChIJ-c"], [[(20, 2)]]),   // same answer again: fine
        ])
        let observed = try MatrixFixtures.read(text, stops: Self.abc, fileName: "cache.json")
        #expect(observed[0, 1] == .known(meters: 10, seconds: 1))
        #expect(observed[0, 2] == .known(meters: 20, seconds: 2))
        #expect(observed[1, 2] == .known(meters: 30, seconds: 3))
        #expect(observed[2, 0] == .known(meters: 40, seconds: 4))
        #expect(observed[2, 1] == .unreachable(status: "ZERO_RESULTS"))
        #expect(observed[1, 0] == .missing)
        #expect(observed.knownPairs == 4 && observed.unreachablePairs == 1 && observed.missingPairs == 1)
    }

    @Test("two tiles that disagree about a pair are reported with both places and values")
    func conflict() {
        let text = Self.cache([
            Self.googleTile(["A"], ["B", "C"], [[(10, 1), (20, 2)]]),
            Self.googleTile(["A"], ["C"], [[(25, 2)]]),
        ])
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: Self.abc, fileName: "cache.json") }
        #expect(error == .conflictingPair(from: 0, to: 2, fromName: "A", toName: "C",
                                          first: .known(meters: 20, seconds: 2), firstSource: "cache.json tile 1",
                                          second: .known(meters: 25, seconds: 2), secondSource: "cache.json tile 2"))
        let message = error?.description ?? ""
        #expect(message.contains("A → C") && message.contains("20 m, 2 s") && message.contains("25 m, 2 s"))
    }

    @Test("a tile naming an unknown place is reported with tile, field and value")
    func unknownPlace() {
        let text = Self.cache([
            Self.googleTile(["A"], ["B"], [[(10, 1)]]),
            Self.googleTile(["A"], ["B", "Atlantis"], [[(10, 1), (99, 9)]]),
        ])
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: Self.abc, fileName: "cache.json") }
        #expect(error == .unknownPlace(file: "cache.json", tile: 1, field: "destinations", index: 1, value: "Atlantis"))
        #expect(error?.description.contains("tile 2 destinations[1] is \"Atlantis\"") == true)
    }

    @Test("a name shared by two stops is ambiguous")
    func ambiguous() {
        let stops = [StopKey(name: "Café"), StopKey(name: "Café"), StopKey(name: "Bar")]
        let text = Self.cache([Self.googleTile(["Bar"], ["Café"], [[(1, 1)]])])
        #expect(throws: MatrixError.ambiguousPlace(file: "inline.json", tile: 0, field: "destinations", index: 0,
                                                   value: "Café", stops: [0, 1])) {
            try MatrixFixtures.read(text, stops: stops)
        }
    }

    @Test("a response whose size differs from its lists is reported")
    func sizeMismatch() {
        let text = Self.cache([Self.googleTile(["A", "B"], ["C"], [[(1, 1)]])])
        #expect(throws: MatrixError.tileSizeMismatch(file: "inline.json", tile: 0, origins: 2, destinations: 1,
                                                     responseOrigins: 1, responseDestinations: 1)) {
            try MatrixFixtures.read(text, stops: Self.abc)
        }
    }

    @Test("version, provider and empty caches are checked")
    func header() {
        #expect(throws: MatrixError.unsupportedCacheVersion(file: "inline.json", version: "the number 2")) {
            try MatrixFixtures.read(#"{"routeplanMatrixCache": 2, "tiles": []}"#, stops: Self.abc)
        }
        #expect(throws: MatrixError.noTiles(file: "inline.json")) {
            try MatrixFixtures.read(#"{"routeplanMatrixCache": 1, "tiles": []}"#, stops: Self.abc)
        }
        let wrongProvider = Self.cache([Self.googleTile(["A"], ["B"], [[(1, 1)]])], provider: "osrm")
        #expect(throws: MatrixError.unexpectedFormat(file: "inline.json tiles[0].response", format: .google, allowed: [.osrm])) {
            try MatrixFixtures.read(wrongProvider, stops: Self.abc)
        }
    }

    @Test("errors inside a tile's response name the tile's path")
    func nestedError() {
        let text = Self.cache([#"{"origins": ["A"], "destinations": ["B"], "response": {"status": "OVER_QUERY_LIMIT", "rows": []}}"#])
        #expect(throws: MatrixError.serviceStatus(file: "inline.json", format: .google, status: "OVER_QUERY_LIMIT", message: nil)) {
            try MatrixFixtures.read(text, stops: Self.abc)
        }
    }

    @Test("real responses of every provider work as tiles")
    func realResponsesAsTiles() throws {
        // The 8 × 5 Australia response, with its own addresses as stop names.
        let australia = "google-maps-services-java_GetDistanceMatrixWithBasicStringParams.json"
        let parsed = try GoogleDistanceMatrixResponse(MatrixFixtures.data(australia), fileName: australia, preferTraffic: false)
        let names = parsed.originAddresses + parsed.destinationAddresses
        let quoted = { (list: [String]) in list.map { "\"\($0)\"" }.joined(separator: ", ") }
        let body = String(decoding: try MatrixFixtures.data(australia), as: UTF8.self)
        let tile = #"{"origins": [\#(quoted(parsed.originAddresses))], "destinations": [\#(quoted(parsed.destinationAddresses))], "response": \#(body)}"#
        let observed = try MatrixFixtures.read(Self.cache([tile], provider: "google"), stops: names.map { StopKey(name: $0) })
        #expect(observed.count == 13)
        #expect(observed[0, 8] == .known(meters: 3_669_839, seconds: 137_846))    // Perth → Uluru
        #expect(observed[5, 9] == .known(meters: 210_387, seconds: 8_142))        // Darwin → Kakadu
        #expect(observed.knownPairs == 40 && observed.missingPairs == 13 * 12 - 40)

        // The OSRM documentation example and the Routes fixture, each as one tile.
        let osrm = String(decoding: try MatrixFixtures.data("osrm-backend_docs-http-md_table_example_response.json"), as: UTF8.self)
        let routes = String(decoding: try MatrixFixtures.data("routes-compute-route-matrix-3x3.json"), as: UTF8.self)
        let mixed = Self.cache([
            #"{"origins": ["A", "B", "C"], "destinations": ["A", "B", "C"], "response": \#(osrm)}"#,
            #"{"origins": ["C", "D", "E"], "destinations": ["C", "D", "E"], "response": \#(routes)}"#,
        ])
        let five = ["A", "B", "C", "D", "E"].map { StopKey(name: $0) }
        let both = try MatrixFixtures.read(mixed, stops: five)
        #expect(both[0, 1] == .known(meters: 1_887, seconds: 193))
        #expect(both[2, 3] == .known(meters: 1_843, seconds: 385))
        #expect(both[4, 2] == .unreachable(status: "ROUTE_NOT_FOUND"))
        #expect(both[0, 4] == .missing)
    }

    @Test("a folder of tile files and cache files is read in name order")
    func folder() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("routeplan-tiles-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.googleTile(["A"], ["B", "C"], [[(10, 1), (20, 2)]]).utf8).write(to: folder.appendingPathComponent("01.json"))
        try Data(Self.cache([Self.googleTile(["B", "C"], ["A"], [[(30, 3)], [(40, 4)]])]).utf8)
            .write(to: folder.appendingPathComponent("02.json"))
        try Data("not JSON, and not *.json".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let observed = try MatrixSource.read(contentsOf: folder, stops: Self.abc, preferTraffic: false)
        #expect(observed[0, 1] == .known(meters: 10, seconds: 1))
        #expect(observed[2, 0] == .known(meters: 40, seconds: 4))
        #expect(observed.knownPairs == 4 && observed.missingPairs == 2)

        try Data(Self.googleTile(["A"], ["B"], [[(11, 1)]]).utf8).write(to: folder.appendingPathComponent("03.json"))
        let error = #expect(throws: MatrixError.self) { try MatrixSource.read(contentsOf: folder, stops: Self.abc, preferTraffic: false) }
        #expect(error == .conflictingPair(from: 0, to: 1, fromName: "A", toName: "B",
                                          first: .known(meters: 10, seconds: 1), firstSource: folder.path + "/01.json",
                                          second: .known(meters: 11, seconds: 1), secondSource: folder.path + "/03.json"))
        #expect(throws: MatrixError.unexpectedFormat(file: folder.path, format: .osrm, allowed: [.googleTiles])) {
            try MatrixSource.read(contentsOf: folder, stops: Self.abc, format: .osrm, preferTraffic: false)
        }
    }
}
