import Foundation
import Testing
import RoutePlan
@testable import RoutePlanServer

/// Overload, a client that goes away, and shutdown, over real HTTP.
@Suite("routeplan serve: overload, disconnects, shutdown", .serialized)
struct ServerLoadTests {
    /// A plan that runs until its time limit: 300 places, heuristic.
    static let longPlan = Data(randomItineraryJSON(300, seed: 11, extra: #", "options": {"strategy": "heuristic"}"#).utf8)

    @Test("a full queue answers 503 with Retry-After at once; /healthz still answers")
    func overload() async throws {
        let running = try await RunningServer.start(.init(threads: 1, queueCapacity: 0, retryAfterSeconds: 2))
        // Busy for far longer than the checks below can take: alone they
        // take 0.1 s, but in the full suite on 2 cores this test once took
        // 45 s, and with a 20 s limit the busy solve could end before the
        // request that announces 1 MiB and sends none, which was then
        // admitted and waited for its body. Closing `busy` stops it early.
        let busy = try running.client.start("POST", "/v1/plan?timeLimit=300", body: Self.longPlan)
        #expect(await eventually { running.server.executor.load.running == 1 })
        let refused = try await running.client.send("POST", "/v1/plan", body: Self.longPlan)
        #expect(refused.status == 503, "\(refused.text)")
        #expect(refused.headers["retry-after"] == "2")
        #expect(try refused.error()["category"] as? String == "overloaded")
        // A large body is refused on its announced size, before it is read.
        let unread = try await running.client.headOnly("POST", "/v1/plan", announcedBytes: 1 << 20)
        #expect(unread.status == 503 && unread.headers["retry-after"] == "2")
        #expect(try await running.client.get("/healthz").status == 200)
        // Quick plans have a lane of their own: they are not refused.
        let quick = try await running.client.send("POST", "/v1/plan", body: try fixture("itineraries/lisbon-walking-day.json"))
        #expect(quick.status == 200)
        #expect(try await running.client.get("/readyz").status == 503)
        close(busy)
        try await running.stop()
    }

    @Test("a large body is judged by the time limit it asks for, before it is parsed")
    func shedsByTheBodysLimit() async throws {
        let running = try await RunningServer.start(.init(threads: 1, queueCapacity: 4, retryAfterSeconds: 2))
        // The one thread is busy for far longer than a 1.5 s request may
        // wait, so that request could not start in time. Closing `busy`
        // stops it early. With a 5 s busy solve the full suite on 2 cores
        // once sent the request when the solve had less than 1.5 s left; it
        // was admitted and answered 200.
        let busy = try running.client.start("POST", "/v1/plan?timeLimit=60", body: Self.longPlan)
        #expect(await eventually { running.server.executor.load.running == 1 })
        let short = Data(randomItineraryJSON(300, seed: 12,
                                             extra: #", "options": {"strategy": "heuristic", "timeLimit": 1.5}"#).utf8)
        let refused = try await running.client.send("POST", "/v1/plan", body: short)
        #expect(refused.status == 503, "\(refused.text)")
        // Shed on the hint, before parsing: the shedding message, not the executor's.
        #expect(refused.text.contains("could not start this request in time"), "\(refused.text)")
        close(busy)
        try await running.stop()
    }

    @Test("the time-limit hint reads the first timeLimit key's number, and nothing else")
    func timeLimitHint() {
        func hint(_ text: String) -> Duration? { PlanServer.timeLimitHint(in: Data(text.utf8)) }
        #expect(hint(#"{"options": {"timeLimit": 1.5}}"#) == .milliseconds(1_500))
        #expect(hint("{\"timeLimit\"\n :\t2e0, \"timeLimit\": 9}") == .seconds(2))
        #expect(hint(#"{"options": {"timeLimit": "soon"}}"#) == nil)
        #expect(hint(#"{"options": {"timeLimit": -1}}"#) == nil)
        #expect(hint(#"{"options": {"timeLimit": 1e9}}"#) == nil)
        #expect(hint(#"{"options": {"timeLimit" 3}}"#) == nil)
        #expect(hint(#"{"options": {"strategy": "heuristic"}}"#) == nil)
        #expect(hint(#""timeLimit""#) == nil)
        #expect(hint("") == nil)
    }

    @Test("the time-limit hint on 20,000 random bodies: never traps, and any hint is a plausible limit (seeded)")
    func timeLimitHintRandomBodies() {
        var state: UInt64 = 0x5EED_0001
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pieces = [#""timeLimit""#, ":", " ", "\n", "1", "5", ".", "e", "-", "+", "9", "0", #"""#, "{", "}", "x", "\u{1}", "é"]
        var hints = 0
        for round in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(next() % 24) { text += pieces[Int(next() % UInt64(pieces.count))] }
            var bytes = Array(text.utf8)
            // Some raw bytes too, valid UTF-8 or not.
            for _ in 0..<Int(next() % 4) { bytes.insert(UInt8(truncatingIfNeeded: next()), at: Int(next() % UInt64(bytes.count + 1))) }
            if let limit = PlanServer.timeLimitHint(in: Data(bytes)) {
                hints += 1
                #expect(limit > .zero && limit <= .seconds(604_800), "seed 0x5EED0001, round \(round): \(limit) from \(bytes)")
            }
        }
        #expect(hints > 20, "too few bodies gave a hint: \(hints)")
    }

    @Test("a client that hangs up stops its solve, long before its deadline")
    func disconnect() async throws {
        let running = try await RunningServer.start(.init(threads: 1))
        try running.client.sendAndHangUp("POST", "/v1/plan?timeLimit=60", body: Self.longPlan)
        // The server answers 499 (to nobody) once it sees the connection
        // close, and the solve stops, long before its 60 s deadline.
        #expect(await eventually(within: 20) {
            running.server.metrics.registry.emitToString().contains(#"status="499""#)
        })
        #expect(await eventually(within: 20) { running.server.executor.load.running == 0 })
        let metrics = try await running.client.get("/metrics")
        #expect(metrics.text.contains(#"routeplan_http_requests_total{path="/v1/plan",status="499"} 1"#), "\(metrics.text)")
        try await running.stop()
    }

    @Test("shutdown answers queued requests 503, lets the running one finish, and ends")
    func shutdown() async throws {
        let running = try await RunningServer.start(.init(threads: 1, queueCapacity: 4))
        let first = try running.client.start("POST", "/v1/plan?timeLimit=2", body: Self.longPlan)
        #expect(await eventually { running.server.executor.load.running == 1 })
        let queued = try running.client.start("POST", "/v1/plan?timeLimit=30", body: Self.longPlan)
        #expect(await eventually { running.server.executor.load.queued == 1 })
        let started = ContinuousClock.now
        await running.server.shutDown()
        let queuedAnswer = try await HTTPTestClient.finish(queued)
        #expect(queuedAnswer.status == 503, "\(queuedAnswer.text)")
        let firstAnswer = try await HTTPTestClient.finish(first)
        #expect(firstAnswer.status == 200, "\(firstAnswer.text)")
        try await running.task.value
        // Bounded by the running request's 2 s deadline (plus its last step);
        // a generous margin, since this is a bound, not a timing.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("answers match the committed OpenAPI document's schemas")
    func openAPI() async throws {
        let running = try await RunningServer.start(.init(limits: .init(maxStops: 50)))
        let document = try #require(try JSONSerialization.jsonObject(with: OpenAPIDocument.data) as? [String: Any])
        let checker = SchemaChecker(document: document)
        let plan = try await running.client.send("POST", "/v1/plan", body: try fixture("itineraries/kyoto-fixed-end.json"))
        try checker.check(plan, path: "/v1/plan", method: "post")
        let bad = try await running.client.post("/v1/plan", json: #"{"placesToGo": []}"#)
        try checker.check(bad, path: "/v1/plan", method: "post")
        let large = try await running.client.post("/v1/plan", json: randomItineraryJSON(60, seed: 1))
        try checker.check(large, path: "/v1/plan", method: "post")
        let trip = try await running.client.send("POST", "/v1/schedule", body: try fixture("itineraries/kyoto-2-days.json"))
        try checker.check(trip, path: "/v1/schedule", method: "post")
        let undated = try await running.client.post("/v1/schedule", json: #"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}]}"#)
        try checker.check(undated, path: "/v1/schedule", method: "post")
        let solve = try await running.client.post("/v1/solve", json: #"{"costs": [[0, 1, 2], [1, 0, 1], [2, 1, 0]]}"#)
        try checker.check(solve, path: "/v1/solve", method: "post")
        for path in ["/healthz", "/readyz"] {
            try checker.check(try await running.client.get(path), path: path, method: "get")
        }
        try await running.stop()
    }
}

/// Checks an answer against the OpenAPI document: its status is documented
/// for the operation, and a JSON body has every required property of the
/// documented schema, with the documented types (following `$ref`s).
struct SchemaChecker {
    let document: [String: Any]

    func check(_ answer: HTTPTestClient.Answer, path: String, method: String) throws {
        let paths = document["paths"] as? [String: Any]
        guard let operation = (paths?[path] as? [String: Any])?[method] as? [String: Any],
              let responses = operation["responses"] as? [String: Any] else {
            throw HTTPTestClient.TestFailure("\(method) \(path) is not documented")
        }
        guard var response = responses[String(answer.status)] as? [String: Any] else {
            throw HTTPTestClient.TestFailure("status \(answer.status) of \(method) \(path) is not documented")
        }
        response = resolve(response)
        let media = answer.headers["content-type"]?.split(separator: ";").first.map(String.init) ?? ""
        guard let content = response["content"] as? [String: Any],
              let schema = (content[media] as? [String: Any])?["schema"] as? [String: Any] else {
            throw HTTPTestClient.TestFailure("\(media) is not documented for \(answer.status) of \(method) \(path)")
        }
        if media.hasSuffix("json") {
            try validate(try JSONSerialization.jsonObject(with: answer.body), against: schema, at: "body")
        }
    }

    /// Whether JSONSerialization read `number` from `true` or `false`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    private func resolve(_ object: [String: Any]) -> [String: Any] {
        guard let ref = object["$ref"] as? String else { return object }
        var node: Any = document
        for part in ref.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] ?? [:] }
        return resolve(node as? [String: Any] ?? [:])
    }

    private func validate(_ value: Any, against schemaObject: [String: Any], at path: String) throws {
        let schema = resolve(schemaObject)
        func fail(_ what: String) -> HTTPTestClient.TestFailure { .init("\(path): \(what)") }
        switch schema["type"] as? String {
        case "object":
            guard let object = value as? [String: Any] else { throw fail("expected an object") }
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                throw fail("required property \(key) is missing")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, member) in object {
                if let propertySchema = properties[key] as? [String: Any] {
                    try validate(member, against: propertySchema, at: "\(path).\(key)")
                }
            }
        case "array":
            guard let array = value as? [Any] else { throw fail("expected an array") }
            if let items = schema["items"] as? [String: Any] {
                for (i, element) in array.enumerated() { try validate(element, against: items, at: "\(path)[\(i)]") }
            }
        case "string":
            guard let text = value as? String else { throw fail("expected a string") }
            if let allowed = schema["enum"] as? [String], !allowed.contains(text) { throw fail("\(text) is not one of \(allowed)") }
        case "integer":
            if value is NSNull, schema["nullable"] as? Bool == true { return }
            guard let number = value as? NSNumber, number.doubleValue == number.doubleValue.rounded(),
                  !Self.isBoolean(number) else { throw fail("expected an integer") }
        case "number":
            guard let number = value as? NSNumber, !Self.isBoolean(number) else { throw fail("expected a number") }
        case "boolean":
            guard let number = value as? NSNumber, Self.isBoolean(number) else {
                throw fail("expected a boolean")
            }
        default:
            return
        }
    }
}
