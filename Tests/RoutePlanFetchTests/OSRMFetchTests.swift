import Foundation
import RoutePlanFetch
import RoutePlanMatrix
import Testing

@Suite("OSRM table fetch over HTTP")
struct OSRMFetchTests {
    func fetcher(_ server: TestHTTPServer, profile: String = "driving", maxTableSize: Int = 100) -> MatrixFetcher {
        MatrixFetcher(provider: .osrm(server: server.baseURL, profile: profile, maxTableSize: maxTableSize),
                      timeout: .seconds(5), retry: RetryPolicy(baseDelay: .milliseconds(2), jitterSeed: 3))
    }

    /// The three Berlin places of OSRM's documented example response.
    let berlin = [
        FetchPlace(name: "Friedrichstraße", coordinate: Coordinate(latitude: 52.517033, longitude: 13.3888)),
        FetchPlace(name: "Torstraße", coordinate: Coordinate(latitude: 52.529432, longitude: 13.397631)),
        FetchPlace(name: "Platz der Vereinten Nationen", coordinate: Coordinate(latitude: 52.523239, longitude: 13.428554)),
    ]

    @Test("A small table is one request in lng,lat order; the recorded response reads back")
    func recordedExample() async throws {
        let body = try FetchSupport.fixture("matrix", "osrm-backend_docs-http-md_table_example_response.json")
        let server = try TestHTTPServer(script: [.json(body)])
        defer { server.stop() }
        let result = try await fetcher(server).fetch(berlin)

        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.path == "/table/v1/driving/13.3888,52.517033;13.397631,52.529432;13.428554,52.523239")
        #expect(request.rawQuery == "annotations=duration,distance")
        #expect(result.provider == .osrm && result.travelMode == "driving")

        let observed = try MatrixSource.read(result.cacheData, fileName: "osrm.json", stops: berlin.map(\.stopKey),
                                             preferTraffic: false)
        #expect(observed[0, 1] == .known(meters: 1887, seconds: 193))
        #expect(observed[2, 0] == .known(meters: 3275, seconds: 345))
        #expect(observed.missingPairs == 0)
        // The response is stored byte for byte.
        #expect(String(decoding: result.cacheData, as: UTF8.self).contains(String(decoding: body, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("Above the table size, tiles pick rows and columns with sources= and destinations=")
    func tiling() async throws {
        let places = FetchSupport.places(7)
        let server = try TestHTTPServer(handler: FetchSupport.osrmHandler(places))
        defer { server.stop() }
        let result = try await fetcher(server, profile: "foot", maxTableSize: 3).fetch(places)

        let requests = server.requests
        #expect(requests.count == 9 && result.tiles.count == 9)
        var covered = [Int](repeating: 0, count: 49)
        for request in requests {
            #expect(request.path.hasPrefix("/table/v1/foot/"))
            let sent = try #require(FetchSupport.osrmCoordinates(of: request, in: places))
            #expect(!sent.contains(nil) && sent.count <= 6)
            let query = request.query
            #expect(query["annotations"] == "duration,distance")
            // A tile of the same places both ways sends just them; the others pick rows and columns.
            #expect((query["sources"] == nil) == (query["destinations"] == nil))
            let all = (0..<sent.count).map { "\($0)" }.joined(separator: ";")
            let sources = (query["sources"] ?? all).split(separator: ";").map { Int($0)! }
            let destinations = (query["destinations"] ?? all).split(separator: ";").map { Int($0)! }
            if query["sources"] == nil { #expect(sent.count <= 3) }
            #expect(sources.count <= 3 && destinations.count <= 3)
            #expect(!request.rawQuery.contains("%3B"))
            for s in sources { for d in destinations { covered[sent[s]! * 7 + sent[d]!] += 1 } }
        }
        #expect(covered.allSatisfy { $0 == 1 })
        #expect(requests.filter { $0.query["sources"] != nil }.count == 6)

        #expect(result.travelMode == "walking")
        let observed = try MatrixSource.read(result.cacheData, fileName: "osrm.json", stops: FetchSupport.stopKeys(places),
                                             preferTraffic: false)
        #expect(observed.missingPairs == 0 && observed.unreachablePairs == 1)
        for i in 0..<7 {
            for j in 0..<7 where i != j {
                let expected: ObservedMatrix.Pair = (i, j) == FetchSupport.osrmNull
                    ? .unreachable(status: "null")
                    : .known(meters: FetchSupport.meters(i, j), seconds: FetchSupport.seconds(i, j))
                #expect(observed[i, j] == expected, "\(i) → \(j)")
            }
        }
    }

    @Test("A code other than Ok fails at once with OSRM's code and message")
    func errorCode() async throws {
        let server = try TestHTTPServer(script: [.json(#"{"code":"NoSegment","message":"Could not find a matching segment for coordinate 1"}"#, status: 400)])
        defer { server.stop() }
        let error = await #expect(throws: FetchError.self) { try await fetcher(server).fetch(berlin) }
        #expect(error == .serviceStatus(tile: MatrixTile(index: 0, count: 1, origins: 0..<3, destinations: 0..<3),
                                        provider: .osrm, status: "NoSegment",
                                        message: "Could not find a matching segment for coordinate 1"))
        #expect(error?.description.contains("NoSegment") == true)
        #expect(error?.description.contains("Could not find a matching segment") == true)
        #expect(server.requests.count == 1)
    }

    @Test("HTTP 429 from OSRM is retried")
    func retried() async throws {
        let body = try FetchSupport.fixture("matrix", "osrm-backend_docs-http-md_table_example_response.json")
        let server = try TestHTTPServer(script: [.text("Too Many Requests", status: 429), .json(body)])
        defer { server.stop() }
        let result = try await fetcher(server).fetch(berlin)
        #expect(result.requests == 2 && result.retries == 1)
    }

    @Test("OSRM settings are checked up front")
    func validation() {
        let url = URL(string: "http://127.0.0.1:9")!
        let places = berlin
        #expect(throws: FetchError.invalidSetting(name: "maxTableSize", value: "0", expected: "at least 1")) {
            try MatrixFetcher(provider: .osrm(server: url, maxTableSize: 0)).plan(places)
        }
        #expect(throws: FetchError.self) { try MatrixFetcher(provider: .osrm(server: url, profile: "../x")).plan(places) }
        #expect(throws: FetchError.self) {
            try MatrixFetcher(provider: .osrm(server: URL(fileURLWithPath: "/tmp"))).plan(places)
        }
        #expect((try? MatrixFetcher(provider: .osrm(server: url, maxTableSize: 2)).plan(places).count) == 4)
    }
}
