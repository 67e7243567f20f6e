import Foundation
import Testing
import RoutePlan
import RoutePlanSolver
@testable import RoutePlanServer

/// Every endpoint and every status code, over real HTTP on 127.0.0.1.
@Suite("routeplan serve: endpoints", .serialized)
struct ServerEndpointTests {
    @Test("GET /healthz, /readyz, /metrics and /openapi.json")
    func probes() async throws {
        let running = try await RunningServer.start()
        let health = try await running.client.get("/healthz")
        #expect(health.status == 200 && health.text == #"{"status":"ok"}"#)
        let ready = try await running.client.get("/readyz")
        let isReady = try ready.json()["ready"] as? Bool
        #expect(ready.status == 200 && isReady == true)
        let document = try await running.client.get("/openapi.json")
        #expect(document.status == 200)
        let committed = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RoutePlanServer/openapi.json"))
        #expect(document.body == committed, "the server serves the committed document")
        _ = try await running.client.post("/v1/plan", json: String(decoding: try fixture("itineraries/lisbon-walking-day.json"), as: UTF8.self))
        let metrics = try await running.client.get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.text.contains(#"routeplan_http_requests_total{path="/v1/plan",status="200"} 1"#), "\(metrics.text)")
        #expect(metrics.text.contains("routeplan_solve_seconds_bucket"))
        #expect(metrics.text.contains("routeplan_queue_depth 0"))
        try await running.stop()
    }

    @Test("POST /v1/plan answers the route of --format json, proven optimal for a small trip")
    func plan() async throws {
        let running = try await RunningServer.start()
        let body = try fixture("itineraries/lisbon-walking-day.json")
        let answer = try await running.client.send("POST", "/v1/plan", body: body)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.headers["content-type"] == "application/json")
        let route = try JSONDecoder().decode(PlannedRoute.self, from: answer.body)
        let expected = try await Planner().plan(try Itinerary(json: body))
        #expect(route.waypoints == expected.waypoints && route.provenOptimal)
        #expect(route.totalDurationSeconds == expected.totalDurationSeconds)
        try await running.stop()
    }

    @Test("POST /v1/schedule answers the trip of schedule --format json; other formats, bad input, and query refusals")
    func schedule() async throws {
        let running = try await RunningServer.start()
        let body = try fixture("itineraries/rome-3-days.json")
        // A long limit, a cap only: the search stops when it converges.
        let answer = try await running.client.send("POST", "/v1/schedule?travelMode=walking&seed=2&timeLimit=120", body: body)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.headers["content-type"] == "application/json")
        let trip = try JSONDecoder().decode(TripSchedule.self, from: answer.body)
        // Every place is on a day or explained.
        let places = trip.days.reduce(0) { $0 + $1.stops.count } + trip.unscheduled.count
        #expect(places == 23 && trip.totals.scheduledPlaces + trip.totals.unscheduledPlaces == 23)
        #expect(trip.travelMode == .walking && trip.days.count == 3 && trip.search.seed == 2)
        #expect(trip.search.termination == "completed", "the search converged rather than running out its limit")

        let gpx = try await running.client.send("POST", "/v1/schedule?format=gpx", body: body)
        #expect(gpx.status == 200 && gpx.headers["content-type"] == "application/gpx+xml")
        #expect(gpx.text.components(separatedBy: "<rte>").count - 1 == 3)

        let undated = try await running.client.post("/v1/schedule", json: #"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}]}"#)
        #expect(undated.status == 400 && undated.text.contains("startDate"), "\(undated.text)")
        let badQuery = try await running.client.send("POST", "/v1/schedule?timeLimit=-1", body: body)
        #expect(badQuery.status == 400 && badQuery.text.contains("query.timeLimit"), "\(badQuery.text)")
        let unknown = try await running.client.send("POST", "/v1/schedule?strategy=exact", body: body)
        #expect(unknown.status == 400 && unknown.text.contains("strategy"), "\(unknown.text)")
        try await running.stop()
    }

    @Test("options from the body's options member and from query parameters; query wins")
    func options() async throws {
        let running = try await RunningServer.start()
        let json = randomItineraryJSON(8, seed: 5, extra: #", "options": {"travelMode": "driving", "end": "any", "maxWaypoints": 3}"#)
        let answer = try await running.client.post("/v1/plan?travelMode=bicycling&optimizeFor=distance", json: json)
        #expect(answer.status == 200, "\(answer.text)")
        let route = try JSONDecoder().decode(PlannedRoute.self, from: answer.body)
        #expect(route.travelMode == .bicycling && route.optimizeFor == .distance && !route.roundTrip)
        #expect(route.googleMapsURLs.count == 2, "9 stops, links of at most 3 waypoints")
        try await running.stop()
    }

    @Test("other formats by ?format= or Accept", arguments: [
        ("?format=gpx", nil, "application/gpx+xml", "<gpx"),
        ("", "application/geo+json", "application/geo+json", "FeatureCollection"),
        ("?format=kml", nil, "application/vnd.google-earth.kml+xml", "<kml"),
        ("?format=csv", nil, "text/csv; charset=utf-8", "name"),
        ("", "image/svg+xml, */*", "image/svg+xml", "<svg"),
    ] as [(String, String?, String, String)])
    func formats(query: String, accept: String?, contentType: String, marker: String) async throws {
        let running = try await RunningServer.start()
        let body = try fixture("itineraries/lisbon-walking-day.json")
        let answer = try await running.client.send("POST", "/v1/plan" + query, body: body,
                                                   headers: accept.map { ["Accept": $0] } ?? [:])
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.headers["content-type"] == contentType)
        #expect(answer.text.contains(marker))
        try await running.stop()
    }

    @Test("400 names the field, without a file name or command-line flags", arguments: [
        (#"{"placesToGo": [{"name": "a", "location": {"lat": 91, "lng": 0}}]}"#, "placesToGo[0].location.lat"),
        (#"{"placesToGo": []}"#, "placesToGo"),
        (#"{"placesToGo": [{"name": "a", "location": {"lat": 1, "lng": 0}}], "options": {"timeLimit": -1}}"#, "options.timeLimit"),
        (#"{"placesToGo": [{"name": "a", "location": {"lat": 1, "lng": 0}}], "route": {"travelMode": "flying"}}"#, "route.travelMode"),
        (#"{"placesToGo": [{"name": "a", "location": {"lat": 1}}]}"#, "placesToGo[0].location.lng"),
    ])
    func badInput(json: String, field: String) async throws {
        let running = try await RunningServer.start()
        let answer = try await running.client.post("/v1/plan", json: json)
        #expect(answer.status == 400, "\(answer.text)")
        let error = try answer.error()
        #expect(error["category"] as? String == "badInput")
        #expect(error["field"] as? String == field)
        let message = try #require(error["message"] as? String)
        #expect(!message.hasPrefix(":") && !message.contains("--"), "\(message)")
        try await running.stop()
    }

    @Test("400 for malformed JSON, bad query parameters and an unknown format")
    func malformed() async throws {
        let running = try await RunningServer.start()
        let plan = String(decoding: try fixture("itineraries/lisbon-walking-day.json"), as: UTF8.self)
        for (path, json) in [("/v1/plan", "{\"placesToGo\": ["), ("/v1/plan?timeLimit=soon", plan),
                             ("/v1/plan?format=pdf", plan), ("/v1/plan?colour=red", plan)] {
            let answer = try await running.client.post(path, json: json)
            #expect(answer.status == 400, "\(path): \(answer.text)")
            let category = try answer.error()["category"] as? String
        #expect(category == "badInput")
        }
        try await running.stop()
    }

    @Test("415 for a body that is not JSON")
    func mediaType() async throws {
        let running = try await RunningServer.start()
        let answer = try await running.client.send("POST", "/v1/plan", body: Data("hello".utf8), contentType: "text/plain")
        #expect(answer.status == 415)
        let missing = try await running.client.send("POST", "/v1/solve", body: Data("{}".utf8), contentType: nil)
        #expect(missing.status == 415)
        try await running.stop()
    }

    @Test("413 for a body past the limit, and for too many stops, before anything is built")
    func tooLarge() async throws {
        let running = try await RunningServer.start(.init(maxBodyBytes: 64 << 10, limits: .init(maxStops: 100)))
        let big = randomItineraryJSON(2_000, seed: 1)  // about 150 KB
        let answer = try await running.client.post("/v1/plan", json: big)
        #expect(answer.status == 413, "\(answer.text)")
        #expect(try answer.error()["category"] as? String == "tooLarge")
        // A Content-Length past the limit is refused before the body is read.
        let lying = try await running.client.send("POST", "/v1/plan", body: Data("{}".utf8),
                                                  headers: ["Content-Length": "100000000"])
        #expect(lying.status == 413)
        let many = try await running.client.post("/v1/plan", json: randomItineraryJSON(150, seed: 2))
        #expect(many.status == 413, "\(many.text)")
        let message = try #require(try many.error()["message"] as? String)
        #expect(message.contains("151 stops") && message.contains("100"), "\(message)")
        try await running.stop()
    }

    @Test("422 names the places no route can reach")
    func infeasible() async throws {
        let running = try await RunningServer.start()
        // An OSRM table in which nothing reaches the second place (stop 1).
        let json = """
        {"lodging": {"name": "hotel", "location": {"lat": 48.85, "lng": 2.32}},
         "placesToGo": [{"name": "island", "location": {"lat": 48.86, "lng": 2.33}},
                        {"name": "museum", "location": {"lat": 48.87, "lng": 2.31}}],
         "matrix": {"code": "Ok", "durations": [[0, null, 300], [200, 0, 250], [310, null, 0]]}}
        """
        let answer = try await running.client.post("/v1/plan", json: json)
        #expect(answer.status == 422, "\(answer.text)")
        let error = try answer.error()
        #expect(error["category"] as? String == "infeasible")
        #expect((error["message"] as? String)?.contains("\"island\"") == true)
        try await running.stop()
    }

    @Test("504 when the deadline passes before any route exists")
    func deadline() async throws {
        let running = try await RunningServer.start()
        // 1 ms cannot build the matrices of 1,500 stops.
        let answer = try await running.client.post("/v1/plan?timeLimit=0.001", json: randomItineraryJSON(1_500, seed: 3))
        #expect(answer.status == 504, "\(answer.text)")
        #expect(try answer.error()["category"] as? String == "timedOut")
        try await running.stop()
    }

    @Test("POST /v1/solve: a JSON cost matrix, solved exactly")
    func solveMatrix() async throws {
        let running = try await RunningServer.start()
        let answer = try await running.client.post("/v1/solve", json: #"{"costs": [[0, 5, 9, 4], [4, 0, 3, 8], [8, 2, 0, 7], [3, 9, 6, 0]]}"#)
        #expect(answer.status == 200, "\(answer.text)")
        let object = try answer.json()
        #expect(object["provenOptimal"] as? Bool == true)
        let tour = try #require(object["tour"] as? [Int])
        #expect(tour.sorted() == [0, 1, 2, 3] && tour.first == 0)
        // Brute force over the 6 tours from node 0.
        let c: [[Int]] = [[0, 5, 9, 4], [4, 0, 3, 8], [8, 2, 0, 7], [3, 9, 6, 0]]
        let orders: [[Int]] = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
        var best = Int.max
        for p in orders {
            let length: Int = c[0][p[0]] + c[p[0]][p[1]] + c[p[1]][p[2]] + c[p[2]][0]
            best = min(best, length)
        }
        #expect(object["length"] as? Int == best)
        let bad = try await running.client.post("/v1/solve", json: #"{"costs": [[0, 1], [1]]}"#)
        let badField = try bad.error()["field"] as? String
        #expect(bad.status == 400 && badField == "costs[1]")
        try await running.stop()
    }

    @Test("POST /v1/solve: a TSPLIB text, tour in TSPLIB node numbers")
    func solveTSPLIB() async throws {
        let running = try await RunningServer.start()
        let text = try fixture("tsplib/berlin52.tsp")
        let answer = try await running.client.send("POST", "/v1/solve?timeLimit=0.5", body: text, contentType: "text/plain")
        #expect(answer.status == 200, "\(answer.text)")
        let object = try answer.json()
        let tour = try #require(object["tour"] as? [Int])
        #expect(tour.sorted() == Array(1...52) && tour.first == 1)
        let length = try #require(object["length"] as? Int)
        #expect(length >= 7_542, "berlin52's optimum is 7542")
        let broken = try await running.client.send("POST", "/v1/solve", body: Data("NAME: x\nDIMENSION: -3\n".utf8),
                                                   contentType: "text/plain")
        #expect(broken.status == 400, "\(broken.text)")
        try await running.stop()
    }

    /// A matrix of 150 stops whose arcs are mostly `null`: a ring plus 150
    /// random chords. Such a body once trapped the heuristic on `Int`
    /// overflow and took the process down (see 4ac45e5).
    static func ringWithChords(seed: UInt64) -> (json: String, costs: [[Int?]]) {
        let n = 150
        var rng = SplitMix64(seed: seed)
        var costs = [[Int?]](repeating: [Int?](repeating: nil, count: n), count: n)
        func allow(_ a: Int, _ b: Int) {
            let c = abs(a - b) * 10 + 1
            costs[a][b] = c
            costs[b][a] = c
        }
        for i in 0..<n { allow(i, (i + 1) % n) }
        for _ in 0..<n {
            let a = Int(rng.next() % UInt64(n)), b = Int(rng.next() % UInt64(n))
            if a != b { allow(a, b) }
        }
        for i in 0..<n { costs[i][i] = 0 }
        let rows = costs.map { "[" + $0.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]" }
        return (#"{"costs": ["# + rows.joined(separator: ",") + "]}", costs)
    }

    @Test("POST /v1/solve: mostly null costs end on a route of allowed arcs, and the server stays up",
          arguments: ["heuristic", "automatic"])
    func solveSparseMatrix(strategy: String) async throws {
        let running = try await RunningServer.start()
        let (json, costs) = Self.ringWithChords(seed: 3)
        let answer = try await running.client.post("/v1/solve?strategy=\(strategy)&timeLimit=0.5", json: json)
        #expect(answer.status == 200, "\(answer.text)")
        let object = try answer.json()
        let tour = try #require(object["tour"] as? [Int])
        #expect(tour.sorted() == Array(0..<150))
        var length = 0
        for (p, a) in tour.enumerated() {
            let arc = try #require(costs[a][tour[(p + 1) % tour.count]], "the tour uses a forbidden arc")
            length += arc
        }
        #expect(object["length"] as? Int == length)
        // Unreachable: every arc into stop 2 is null.
        let blocked = #"{"costs": [[0,1,null],[1,0,null],[1,1,0]]}"#
        let refused = try await running.client.post("/v1/solve?strategy=\(strategy)", json: blocked)
        #expect(refused.status == 422, "\(refused.text)")
        let again = try await running.client.post("/v1/solve", json: #"{"costs": [[0, 5, 9], [4, 0, 3], [8, 2, 0]]}"#)
        #expect(again.status == 200, "\(again.text)")
        try await running.stop()
    }
}
