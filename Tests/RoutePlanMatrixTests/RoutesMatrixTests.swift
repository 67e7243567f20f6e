import Foundation
import Testing
import RoutePlanMatrix

@Suite("Google Routes API computeRouteMatrix responses")
struct RoutesMatrixTests {
    static let name = "routes-compute-route-matrix-3x3.json"

    @Test("the hand-made 3 × 3 response: any order, absent index and distance, fractional durations")
    func fixture() throws {
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(Self.name), stops: MatrixFixtures.stops(3),
                                             preferTraffic: false)
        #expect(observed[0, 1] == .known(meters: 1_843, seconds: 385))   // staticDuration
        #expect(observed[0, 2] == .known(meters: 3_105, seconds: 598))   // originIndex absent = 0; "598.4s"
        #expect(observed[1, 0] == .known(meters: 1_911, seconds: 401))
        #expect(observed[1, 2] == .known(meters: 0, seconds: 0))          // distanceMeters absent = 0
        #expect(observed[2, 0] == .unreachable(status: "ROUTE_NOT_FOUND"))
        #expect(observed[2, 1] == .known(meters: 2_480, seconds: 513))   // "512.5s"
        #expect(observed.knownPairs == 5 && observed.unreachablePairs == 1 && observed.missingPairs == 0)
        #expect(!observed.usedTrafficDurations)
    }

    @Test("preferTraffic takes the traffic-aware duration")
    func traffic() throws {
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(Self.name), stops: MatrixFixtures.stops(3),
                                             preferTraffic: true)
        #expect(observed[0, 1] == .known(meters: 1_843, seconds: 412))
        #expect(observed[0, 2] == .known(meters: 3_105, seconds: 641))   // "640.6s"
        #expect(observed.usedTrafficDurations)
    }

    @Test("pairs no element answers are missing")
    func missingPairs() throws {
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(Self.name), stops: MatrixFixtures.stops(4),
                                             preferTraffic: false)
        #expect(observed[3, 0] == .missing)
        #expect(observed[0, 3] == .missing)
        #expect(observed.missingPairs == 6)
        #expect(observed.knownPairs == 5)
    }

    @Test("newline-delimited elements are read like the array")
    func streamed() throws {
        let array = try MatrixSource.read(contentsOf: MatrixFixtures.url(Self.name), stops: MatrixFixtures.stops(3),
                                          preferTraffic: false)
        let lines = """
        {"originIndex": 0, "destinationIndex": 1, "status": {}, "distanceMeters": 1843, "duration": "412s", "staticDuration": "385s", "condition": "ROUTE_EXISTS"}
        {"destinationIndex": 2, "status": {}, "distanceMeters": 3105, "duration": "640.6s", "staticDuration": "598.4s", "condition": "ROUTE_EXISTS"}
        {"originIndex": 1, "destinationIndex": 0, "status": {}, "distanceMeters": 1911, "duration": "430s", "staticDuration": "401s", "condition": "ROUTE_EXISTS"}
        {"originIndex": 1, "destinationIndex": 2, "status": {}, "duration": "0s", "staticDuration": "0s", "condition": "ROUTE_EXISTS"}
        {"originIndex": 2, "destinationIndex": 0, "status": {}, "condition": "ROUTE_NOT_FOUND"}
        {"originIndex": 2, "destinationIndex": 1, "status": {}, "distanceMeters": 2480, "duration": "530s", "staticDuration": "512.5s", "condition": "ROUTE_EXISTS"}

        """
        #expect(MatrixSourceFormat.detect(in: Data(lines.utf8)) == .routes)
        #expect(try MatrixFixtures.read(lines, stops: MatrixFixtures.stops(3)) == array)
        let parsed = try RoutesMatrixResponse(Data(lines.utf8), fileName: "stream.ndjson", preferTraffic: false)
        #expect(parsed.elements.count == 6)
    }

    @Test("an element with a non-zero status code is unreachable")
    func statusCode() throws {
        let text = #"[{"originIndex": 0, "destinationIndex": 1, "status": {"code": 5, "message": "not found"}}, {"originIndex": 1, "destinationIndex": 0, "status": {}, "condition": "ROUTE_EXISTS", "duration": "3s"}]"#
        let observed = try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2))
        #expect(observed[0, 1] == .unreachable(status: "NOT_FOUND"))
        #expect(observed[1, 0] == .known(meters: 0, seconds: 3))
    }

    @Test("an index out of range names the element and field")
    func outOfRange() {
        let error = #expect(throws: MatrixError.self) {
            try MatrixSource.read(contentsOf: MatrixFixtures.url(Self.name), stops: MatrixFixtures.stops(2), preferTraffic: false)
        }
        #expect(error == .indexOutOfRange(file: MatrixFixtures.url(Self.name).path, element: 1, field: "destinationIndex", value: 2, count: 2))
    }

    @Test("duplicates: identical ones are fine, conflicting ones are reported")
    func duplicates() throws {
        let same = #"[{"originIndex": 0, "destinationIndex": 1, "duration": "5s"}, {"originIndex": 0, "destinationIndex": 1, "duration": "5s"}]"#
        #expect(try MatrixFixtures.read(same, stops: MatrixFixtures.stops(2))[0, 1] == .known(meters: nil, seconds: 5))
        let different = #"[{"originIndex": 0, "destinationIndex": 1, "duration": "5s"}, {"originIndex": 1, "destinationIndex": 0, "duration": "5s"}, {"originIndex": 0, "destinationIndex": 1, "duration": "6s"}]"#
        #expect(throws: MatrixError.conflictingElement(file: "inline.json", element: 2, earlierElement: 0, origin: 0, destination: 1)) {
            try MatrixFixtures.read(different, stops: MatrixFixtures.stops(2))
        }
    }

    @Test("malformed durations and conditions name the element and field", arguments: [
        (#"[{"originIndex": 0, "destinationIndex": 1, "duration": "12 mins"}]"#, "[0].duration"),
        (#"[{"originIndex": 1, "destinationIndex": 0}, {"originIndex": 0, "destinationIndex": 1, "staticDuration": "-4s"}]"#, "[1].staticDuration"),
        (#"[{"originIndex": 0, "destinationIndex": 1, "duration": 12}]"#, "[0].duration"),
        (#"[{"originIndex": 0, "destinationIndex": 1, "condition": "MAYBE"}]"#, "[0].condition"),
        (#"[{"originIndex": -1, "destinationIndex": 1}]"#, "[0].originIndex"),
    ])
    func malformed(text: String, path: String) {
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2)) }
        guard case let .invalidField(_, found, _, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(found == path)
    }

    @Test("a Google API error body is reported with its status and message")
    func errorBody() {
        let text = #"[{"error": {"code": 403, "message": "The caller does not have permission", "status": "PERMISSION_DENIED"}}]"#
        #expect(MatrixSourceFormat.detect(in: Data(text.utf8)) == .routes)
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2)) }
        #expect(error == .serviceStatus(file: "inline.json", format: .routes, status: "PERMISSION_DENIED",
                                        message: "HTTP 403: The caller does not have permission"))
        let alone = #"{"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}"#
        #expect(throws: MatrixError.serviceStatus(file: "inline.json", format: .routes, status: "RESOURCE_EXHAUSTED",
                                                  message: "HTTP 429: Quota exceeded")) {
            try MatrixFixtures.read(alone, stops: MatrixFixtures.stops(2))
        }
    }
}
