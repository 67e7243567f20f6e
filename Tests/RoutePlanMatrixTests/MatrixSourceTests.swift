import Foundation
import Testing
import RoutePlanMatrix

@Suite("Matrix source: format detection and file errors")
struct MatrixSourceTests {
    @Test("each copied and hand-made fixture is recognised", arguments: [
        ("google-maps-services-java_GetDistanceMatrixWithBasicStringParams.json", MatrixSourceFormat.google),
        ("openapi-spec_maps_http_distancematrix_response.strict.json", .google),
        ("openapi-spec_maps_http_distancematrix_all_response.strict.json", .google),
        ("openapi-spec_maps_http_distancematrix_bicycling_response.strict.json", .google),
        ("openapi-spec_maps_http_distancematrix_encoded_error_response.strict.json", .google),
        ("go.osrm_testdata_table_response_full.json", .osrm),
        ("osrm-backend_docs-http-md_table_example_response.json", .osrm),
        ("routes-compute-route-matrix-3x3.json", .routes),
        ("synthetic-lyon-30-stops-tiles.json", .googleTiles),
    ])
    func detection(name: String, format: MatrixSourceFormat) throws {
        #expect(MatrixSourceFormat.detect(in: try MatrixFixtures.data(name)) == format)
    }

    @Test("formats have names and help text")
    func names() {
        #expect(MatrixSourceFormat.allCases.map(\.rawValue) == ["google", "google-tiles", "routes", "osrm"])
        #expect(MatrixSourceFormat(rawValue: "google-tiles") == .googleTiles)
        #expect(MatrixSourceFormat.allCases.allSatisfy { !$0.description.isEmpty })
    }

    @Test("JSON of no known format gets an error listing the expected formats", arguments: [
        #"{"code": "Ok", "waypoints": [], "trips": []}"#,
        #"{"sources_to_targets": {"durations": [[0]]}}"#,
        #"[1, 2, 3]"#,
        #"[]"#,
        #""just a string""#,
    ])
    func unknownJSON(text: String) {
        #expect(MatrixSourceFormat.detect(in: Data(text.utf8)) == nil)
        let error = #expect(throws: MatrixError.self) {
            try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2), fileName: "mystery.json")
        }
        guard case .unrecognizedMatrixFormat(file: "mystery.json", _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        let message = error?.description ?? ""
        for format in MatrixSourceFormat.allCases { #expect(message.contains(format.rawValue)) }
        #expect(message.contains("mystery.json"))
    }

    @Test("the summary of unknown JSON names its keys")
    func unknownSummary() {
        let error = #expect(throws: MatrixError.self) {
            try MatrixFixtures.read(#"{"b": 1, "a": 2}"#, stops: [], fileName: "x.json")
        }
        #expect(error == .unrecognizedMatrixFormat(file: "x.json", found: "an object with keys a, b"))
    }

    @Test("invalid JSON is reported with its line and column")
    func invalidJSON() {
        let text = "{\n  \"rows\": [1, 2,]\n}"
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: [], fileName: "broken.json") }
        guard case let .invalidJSON(file, line, column, reason) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(file == "broken.json")
        #expect(line == 2)
        #expect(column == 17)
        #expect(reason.contains("']'"))
        #expect(MatrixSourceFormat.detect(in: Data(text.utf8)) == nil)
    }

    @Test("JSON syntax: escapes, unicode, numbers, and errors", arguments: [
        (#"{"rows": [], "status": "OK", "origin_addresses": ["caf\u00e9 \ud83d\ude00 \"q\" \\ \/"]}"#, true),
        (#"{"code": "Ok", "durations": [[0, 1.5e2], [-0, 0]]}"#, true),
        ("\u{FEFF}{\"code\": \"Ok\", \"durations\": [[0]]}", true),
        (#"{"code": "Ok", "durations": [[01]]}"#, false),
        (#"{"code": "Ok", "durations": [[1.]]}"#, false),
        (#"{"code": "Ok" "durations": []}"#, false),
        (#"{"code": "Ok", "durations": [[0]]} extra"#, false),
        ("{\"a\": \"tab\there\"}", false),
        (#"{"a": "\x"}"#, false),
        (#"{"a": tru}"#, false),
        (#"{"a": "unterminated}"#, false),
    ])
    func syntax(text: String, valid: Bool) {
        let detected = MatrixSourceFormat.detect(in: Data(text.utf8))
        #expect((detected != nil) == valid, "\(text)")
    }

    @Test("a missing file is an unreadable-file error")
    func missingFile() {
        let url = MatrixFixtures.url("no-such-file.json")
        #expect(throws: MatrixError.unreadableFile(file: url.path, reason: "no such file")) {
            try MatrixSource.read(contentsOf: url, stops: [], preferTraffic: false)
        }
    }

    @Test("format overrides detection")
    func override() {
        let name = "osrm-backend_docs-http-md_table_example_response.json"
        let error = #expect(throws: MatrixError.self) {
            try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(3), format: .google,
                                  preferTraffic: false)
        }
        #expect(error == .missingField(file: MatrixFixtures.url(name).path, path: "rows", expected: "an array of rows"))
    }

    @Test("observed matrices count pairs and ignore the diagonal")
    func observedMatrix() {
        var m = ObservedMatrix(count: 3)
        #expect(m.missingPairs == 6 && m.knownPairs == 0 && m.unreachablePairs == 0)
        m[0, 1] = .known(meters: 10, seconds: 2)
        m[1, 0] = .unreachable(status: "ZERO_RESULTS")
        m[2, 2] = .unreachable(status: "ignored")
        #expect(m[2, 2] == .known(meters: 0, seconds: 0))
        #expect(m.knownPairs == 1 && m.unreachablePairs == 1 && m.missingPairs == 4)
        m[0, 1] = .unreachable(status: "NOT_FOUND")
        m[1, 0] = .missing
        #expect(m.knownPairs == 0 && m.unreachablePairs == 1 && m.missingPairs == 5)
        #expect(m == { var copy = ObservedMatrix(count: 3); copy[0, 1] = .unreachable(status: "NOT_FOUND"); return copy }())
        #expect(ObservedMatrix.Pair.known(meters: nil, seconds: 5).description == "no distance, 5 s")
    }
}
