import Foundation
import Testing
import RoutePlanMatrix

@Suite("OSRM /table responses")
struct OSRMTableTests {
    @Test("the osrm-backend documentation example: durations and distances, rounded")
    func documentationExample() throws {
        let name = "osrm-backend_docs-http-md_table_example_response.json"
        let response = try OSRMTableResponse(MatrixFixtures.data(name), fileName: name)
        #expect(response.origins == 3 && response.destinations == 3)
        #expect(response.sourceNames == ["Friedrichstraße", "Torstraße", "Platz der Vereinten Nationen"])
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(3),
                                             preferTraffic: true)
        #expect(observed[0, 1] == .known(meters: 1_887, seconds: 193))   // 1886.89 m, 192.6 s
        #expect(observed[1, 0] == .known(meters: 1_824, seconds: 199))
        #expect(observed[2, 0] == .known(meters: 3_275, seconds: 345))   // 3275.36 m, 344.7 s
        #expect(observed[1, 2] == .known(meters: 2_838, seconds: 284))   // 2838.09 m, 283.9 s
        #expect(observed.knownPairs == 6)
        #expect(!observed.usedTrafficDurations)
    }

    @Test("the go.osrm response has durations only")
    func durationsOnly() throws {
        let name = "go.osrm_testdata_table_response_full.json"
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(3),
                                             preferTraffic: false)
        #expect(observed[0, 1] == .known(meters: nil, seconds: 39))
        #expect(observed[0, 2] == .known(meters: nil, seconds: 47))   // 46.8
        #expect(observed[1, 0] == .known(meters: nil, seconds: 40))   // 39.5 rounds away from zero
        #expect(observed[2, 1] == .known(meters: nil, seconds: 34))   // 34.2
    }

    @Test("null means no route")
    func nullIsUnreachable() throws {
        let text = #"{"code": "Ok", "durations": [[0, null, 5], [12.4, 0, 6], [7, 8, 0]], "distances": [[0, null, 50], [100, 0, null], [70, 80, 0]]}"#
        let observed = try MatrixFixtures.read(text, stops: MatrixFixtures.stops(3))
        #expect(observed[0, 1] == .unreachable(status: "null"))
        #expect(observed[1, 2] == .unreachable(status: "null"))   // only the distance is null
        #expect(observed[1, 0] == .known(meters: 100, seconds: 12))
        #expect(observed.unreachablePairs == 2)
        #expect(observed.knownPairs == 4)
    }

    @Test("a code other than Ok is reported with OSRM's message")
    func errorCode() {
        let text = #"{"code": "NoSegment", "message": "Could not find a matching segment for any coordinate."}"#
        #expect(MatrixSourceFormat.detect(in: Data(text.utf8)) == .osrm)
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2)) }
        #expect(error == .serviceStatus(file: "inline.json", format: .osrm, status: "NoSegment",
                                        message: "Could not find a matching segment for any coordinate."))
        #expect(error?.description.contains("could not be snapped") == true)
    }

    @Test("a plain response must be n × n")
    func sizeMismatch() {
        let name = "osrm-backend_docs-http-md_table_example_response.json"
        let error = #expect(throws: MatrixError.self) {
            try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(4), preferTraffic: false)
        }
        #expect(error == .responseSizeMismatch(file: MatrixFixtures.url(name).path, origins: 3, destinations: 3, stops: 4))
    }

    @Test("matrices that disagree with sources and destinations are refused")
    func inconsistentShapes() {
        let short = #"{"code": "Ok", "durations": [[0, 1], [2]]}"#
        #expect(throws: MatrixError.unevenRow(file: "inline.json", path: "durations[1]", row: 1, expected: 2, actual: 1)) {
            try MatrixFixtures.read(short, stops: MatrixFixtures.stops(2))
        }
        let neither = #"{"code": "Ok", "sources": [], "destinations": []}"#
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(neither, stops: [], format: .osrm) }
        guard case .missingField(_, "durations", _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
    }
}
