import Foundation
import RoutePlanFetch
import RoutePlanMatrix
import Testing

@Suite("Google Distance Matrix fetch over HTTP")
struct GoogleFetchTests {
    @Test("Requests stay within Google's limits and ask every ordered pair once",
          arguments: [(1, 1), (10, 1), (11, 2), (25, 7), (30, 9)])
    func tiling(n: Int, expectedRequests: Int) async throws {
        let places = FetchSupport.places(n)
        let server = try TestHTTPServer(handler: FetchSupport.googleHandler(places))
        defer { server.stop() }
        // This test is about tiling, not timeouts (those have tests of their
        // own): with the default 5 s, a request answered late while the
        // whole suite ran on 2 cores was retried once and failed it.
        let result = try await FetchSupport.googleFetcher(server, timeout: .seconds(60)).fetch(places)

        let requests = server.requests
        #expect(requests.count == expectedRequests)
        #expect(result.requests == expectedRequests)
        #expect(result.retries == 0)
        #expect(result.tiles.count == expectedRequests)
        var covered = [Int](repeating: 0, count: n * n)
        for request in requests {
            #expect(request.method == "GET")
            #expect(request.path == "/maps/api/distancematrix/json")
            let (origins, destinations) = FetchSupport.googlePlaces(of: request, in: places)
            #expect(!origins.contains(nil) && !destinations.contains(nil))
            #expect(origins.count <= 25 && destinations.count <= 25 && origins.count * destinations.count <= 100)
            for i in origins.compactMap({ $0 }) {
                for j in destinations.compactMap({ $0 }) { covered[i * n + j] += 1 }
            }
        }
        #expect(covered.allSatisfy { $0 == 1 })
    }

    @Test("Places go as place_id: or lat,lng, separated by %7C; the key is sent")
    func encoding() async throws {
        let places = [
            FetchPlace(name: "Louvre", placeID: "ChIJD3uTd9hx5kcR1IQvGfr8dbk",
                       coordinate: Coordinate(latitude: 48.8606, longitude: 2.3376)),
            FetchPlace(name: "Opera House", coordinate: Coordinate(latitude: -33.8568, longitude: 151.2153)),
            FetchPlace(name: "Greenwich", coordinate: Coordinate(latitude: 51.4779, longitude: -0.0015)),
            FetchPlace(name: "Empty ID", placeID: "", coordinate: Coordinate(latitude: 40, longitude: -74)),
        ]
        let server = try TestHTTPServer(script: [.json(FetchSupport.googleBody(origins: [0, 1, 2, 3], destinations: [0, 1, 2, 3]))])
        defer { server.stop() }
        _ = try await FetchSupport.googleFetcher(server, travelMode: "transit", departureTime: "now").fetch(places)

        let request = try #require(server.requests.first)
        let expected = "place_id:ChIJD3uTd9hx5kcR1IQvGfr8dbk|-33.8568,151.2153|51.4779,-0.0015|40,-74"
        #expect(request.query["origins"] == expected)
        #expect(request.query["destinations"] == expected)
        #expect(request.query["mode"] == "transit")
        #expect(request.query["departure_time"] == "now")
        #expect(request.query["key"] == FetchSupport.apiKey)
        #expect(!request.rawQuery.contains("|"))
        #expect(request.rawQuery.contains("origins=place_id:ChIJD3uTd9hx5kcR1IQvGfr8dbk%7C-33.8568,151.2153%7C"))
        #expect(request.rawQuery.hasSuffix("&key=\(FetchSupport.encodedKey)"))
    }

    @Test("A 30-place cache reads back into the full 30 × 30 matrix; no key in it")
    func readBack() async throws {
        let places = FetchSupport.places(30)
        let server = try TestHTTPServer(handler: FetchSupport.googleHandler(places))
        defer { server.stop() }
        let result = try await FetchSupport.googleFetcher(server).fetch(places)
        let folder = try FetchSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("matrix.json")
        try result.write(to: file)

        let observed = try MatrixSource.read(contentsOf: file, stops: FetchSupport.stopKeys(places), preferTraffic: false)
        #expect(observed.count == 30)
        #expect(observed.missingPairs == 0)
        #expect(observed.unreachablePairs == 1)
        for i in 0..<30 {
            for j in 0..<30 where i != j {
                #expect(observed[i, j] == FetchSupport.expectedGooglePair(i, j), "\(i) → \(j)")
            }
        }

        let bytes = try Data(contentsOf: file)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(FetchSupport.apiKey) && !text.contains(FetchSupport.encodedKey) && !text.contains("AIza"))
        #expect(text.hasPrefix("{\n  \"provider\" : \"google\",\n  \"routeplanMatrixCache\" : 1,\n  \"tiles\" : ["))
        #expect(text.hasSuffix("  \"travelMode\" : \"driving\"\n}\n"))
        #expect(bytes == result.cacheData)
        let cache = try MatrixTileCache(bytes, fileName: "matrix.json", preferTraffic: false)
        #expect(cache.tiles.count == 9 && cache.provider == .google && cache.travelMode == "driving")
        #expect(cache.tiles.allSatisfy { $0.origins.count == 10 && $0.destinations.count == 10 })
        // Tiles name places by place ID when known, else by name.
        #expect(cache.tiles[0].origins.prefix(2) == ["ChIJtest0_Ab-Z", "Stop 02"])
        // Each response is embedded byte for byte.
        for tile in result.tiles {
            let body = String(decoding: tile.response, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(text.contains(body))
        }
    }

    @Test("Two places sharing a name without place IDs fail before any request")
    func indistinguishable() async throws {
        var places = FetchSupport.places(4)
        places[1].name = "Depot"
        places[3].name = "Depot"
        let server = try TestHTTPServer(handler: FetchSupport.googleHandler(places))
        defer { server.stop() }
        let fetcher = FetchSupport.googleFetcher(server)
        let error = await #expect(throws: FetchError.self) { try await fetcher.fetch(places) }
        #expect(error == .indistinguishablePlaces(key: "Depot", places: [1, 3]))
        #expect(error?.description.contains("places 2 and 4") == true)
        #expect(server.requests.isEmpty)

        // Same name is fine when both have place IDs.
        places[1].placeID = "ID-1"
        places[3].placeID = "ID-3"
        #expect(try fetcher.plan(places).count == 1)
    }

    @Test("Settings and places are checked up front")
    func validation() throws {
        let server = URL(string: "http://127.0.0.1:9/")!
        let google = MatrixFetcher(provider: .google(apiKey: FetchSupport.apiKey, travelMode: "driving", endpoint: server))
        #expect(throws: FetchError.noPlaces) { try google.plan([]) }
        let bad = FetchPlace(name: "Nowhere", coordinate: Coordinate(latitude: 91, longitude: 0))
        #expect(throws: FetchError.invalidCoordinate(place: 0, name: "Nowhere", latitude: 91, longitude: 0)) { try google.plan([bad]) }
        var withID = bad
        withID.placeID = "ChIJx"
        #expect(try google.plan([withID]).count == 1)  // Google does not need the coordinate then
        let flying = MatrixFetcher(provider: .google(apiKey: FetchSupport.apiKey, travelMode: "flying", endpoint: server))
        #expect(throws: FetchError.unsupportedTravelMode("flying")) { try flying.plan([withID]) }
        let noKey = MatrixFetcher(provider: .google(apiKey: " ", travelMode: "driving", endpoint: server))
        #expect(throws: FetchError.missingAPIKey(variable: "GOOGLE_MAPS_API_KEY")) { try noKey.plan([withID]) }
        let noAttempts = MatrixFetcher(provider: .google(apiKey: FetchSupport.apiKey, travelMode: "driving", endpoint: server),
                                       retry: RetryPolicy(maxAttempts: 0))
        #expect(throws: FetchError.invalidSetting(name: "maxAttempts", value: "0", expected: "at least 1")) { try noAttempts.plan([withID]) }
    }

    @Test("Printing a provider or fetcher never shows the key")
    func descriptionsHideKey() {
        let fetcher = MatrixFetcher(provider: .google(apiKey: FetchSupport.apiKey, travelMode: "driving"))
        var dumped = ""
        dump(fetcher, to: &dumped)
        for text in ["\(fetcher.provider)", String(reflecting: fetcher.provider), String(reflecting: fetcher), dumped] {
            #expect(!text.contains(FetchSupport.apiKey) && !text.contains("AIza"), "\(text)")
        }
        #expect("\(fetcher.provider)".contains("maps.googleapis.com"))
    }
}
