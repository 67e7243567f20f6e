import Foundation
import Testing
import RoutePlanMatrix

@Suite("Google Distance Matrix responses")
struct GoogleDistanceMatrixTests {
    @Test("the 8 × 5 Australia response parses with the values in the file")
    func australia() throws {
        let name = "google-maps-services-java_GetDistanceMatrixWithBasicStringParams.json"
        let response = try GoogleDistanceMatrixResponse(MatrixFixtures.data(name), fileName: name, preferTraffic: true)
        #expect(response.origins == 8)
        #expect(response.destinations == 5)
        #expect(response.originAddresses.first == "Perth WA, Australia")
        #expect(response.destinationAddresses.last == "Pinnacles Drive, Cervantes WA 6511, Australia")
        #expect(response.rows[0][0] == .known(meters: 3_669_839, seconds: 137_846))   // Perth → Uluru
        #expect(response.rows[1][2] == .known(meters: 129_162, seconds: 6_915))       // Sydney → Blue Mountains
        #expect(response.rows[7][4] == .known(meters: 3_865_843, seconds: 145_143))   // Canberra → Pinnacles
        #expect(!response.usedTrafficDurations)
    }

    @Test("a plain response must be n × n; the error names both sizes")
    func dimensionMismatch() throws {
        let name = "google-maps-services-java_GetDistanceMatrixWithBasicStringParams.json"
        let error = #expect(throws: MatrixError.self) {
            try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(6), preferTraffic: false)
        }
        #expect(error == .responseSizeMismatch(file: MatrixFixtures.url(name).path, origins: 8, destinations: 5, stops: 6))
        #expect(error?.description.contains("has 8 origins × 5 destinations but the itinerary has 6 stops") == true)
    }

    @Test("duration_in_traffic is used only when preferred")
    func traffic() throws {
        let name = "openapi-spec_maps_http_distancematrix_response.strict.json"
        let data = try MatrixFixtures.data(name)
        let typical = try GoogleDistanceMatrixResponse(data, fileName: name, preferTraffic: false)
        let live = try GoogleDistanceMatrixResponse(data, fileName: name, preferTraffic: true)
        #expect(typical.rows[0][0] == .known(meters: 33_253, seconds: 1_620))
        #expect(live.rows[0][0] == .known(meters: 33_253, seconds: 2_019))
        #expect(live.rows[1][1] == .known(meters: 39_338, seconds: 2_077))
        #expect(!typical.usedTrafficDurations)
        #expect(live.usedTrafficDurations)

        let observed = try MatrixSource.read(data, fileName: name, stops: MatrixFixtures.stops(2), preferTraffic: true)
        #expect(observed.usedTrafficDurations)
        #expect(observed[0, 1] == .known(meters: 41_491, seconds: 2_342))
        #expect(observed[1, 0] == .known(meters: 31_100, seconds: 1_754))
    }

    @Test("a 2 × 2 localised bicycling response maps onto two stops")
    func bicycling() throws {
        let name = "openapi-spec_maps_http_distancematrix_bicycling_response.strict.json"
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(2),
                                             preferTraffic: false)
        #expect(observed[0, 1] == .known(meters: 139_695, seconds: 24_567))
        #expect(observed[1, 0] == .known(meters: 1_451_704, seconds: 266_680))
        #expect(observed.knownPairs == 2)
        #expect(observed.missingPairs == 0)
    }

    @Test("element ZERO_RESULTS is an unreachable pair")
    func zeroResults() throws {
        let name = "openapi-spec_maps_http_distancematrix_all_response.strict.json"
        let response = try GoogleDistanceMatrixResponse(MatrixFixtures.data(name), fileName: name, preferTraffic: false)
        #expect(response.rows == [[.unreachable(status: "ZERO_RESULTS")]])
    }

    @Test("element statuses NOT_FOUND, ZERO_RESULTS and MAX_ROUTE_LENGTH_EXCEEDED")
    func elementStatuses() throws {
        let text = """
        {"status": "OK", "origin_addresses": ["a", "b", "c"], "destination_addresses": ["a", "b", "c"],
         "rows": [
          {"elements": [{"status": "OK", "distance": {"value": 0}, "duration": {"value": 0}},
                        {"status": "NOT_FOUND"},
                        {"status": "OK", "distance": {"text": "1 km", "value": 1000}}]},
          {"elements": [{"status": "ZERO_RESULTS"}, {"status": "OK"},
                        {"status": "MAX_ROUTE_LENGTH_EXCEEDED"}]},
          {"elements": [{"status": "OK", "duration": {"value": 61.5}}, {"status": "OK", "distance": {"value": 5}, "duration": {"value": 7}},
                        {"status": "OK"}]}]}
        """
        let observed = try MatrixFixtures.read(text, stops: MatrixFixtures.stops(3))
        #expect(observed[0, 1] == .unreachable(status: "NOT_FOUND"))
        #expect(observed[0, 2] == .known(meters: 1_000, seconds: nil))
        #expect(observed[1, 0] == .unreachable(status: "ZERO_RESULTS"))
        #expect(observed[1, 2] == .unreachable(status: "MAX_ROUTE_LENGTH_EXCEEDED"))
        #expect(observed[2, 0] == .known(meters: nil, seconds: 62))
        #expect(observed[2, 1] == .known(meters: 5, seconds: 7))
        #expect(observed.knownPairs == 3)
        #expect(observed.unreachablePairs == 3)
    }

    @Test("an unknown element status names the element")
    func unknownElementStatus() {
        let text = """
        {"status": "OK", "rows": [{"elements": [{"status": "OK"}, {"status": "OK"}]},
                                  {"elements": [{"status": "OK"}, {"status": "SOMETHING_NEW"}]}]}
        """
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2)) }
        guard case let .invalidField(file, path, value, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(file == "inline.json")
        #expect(path == "rows[1].elements[1].status")
        #expect(value == "the string \"SOMETHING_NEW\"")
    }

    @Test("the INVALID_REQUEST response reports its status, meaning and error_message")
    func invalidRequest() throws {
        let name = "openapi-spec_maps_http_distancematrix_encoded_error_response.strict.json"
        let error = #expect(throws: MatrixError.self) {
            try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(2), preferTraffic: false)
        }
        guard case let .serviceStatus(file, format, status, message) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(file == MatrixFixtures.url(name).path)
        #expect(format == .google)
        #expect(status == "INVALID_REQUEST")
        #expect(message?.hasPrefix("Invalid request. Invalid 'destinations' parameter.") == true)
        let text = error?.description ?? ""
        #expect(text.contains(name) && text.contains("INVALID_REQUEST") && text.contains("request was invalid"))
        #expect(text.contains("is not a valid encoded polyline"))
    }

    @Test("every top-level error status is reported with a meaning", arguments: [
        "INVALID_REQUEST", "MAX_ELEMENTS_EXCEEDED", "MAX_DIMENSIONS_EXCEEDED", "OVER_DAILY_LIMIT",
        "OVER_QUERY_LIMIT", "REQUEST_DENIED", "UNKNOWN_ERROR", "SOMETHING_ELSE",
    ])
    func topLevelStatus(status: String) {
        let text = #"{"destination_addresses": [], "origin_addresses": [], "rows": [], "status": "\#(status)"}"#
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2)) }
        #expect(error == .serviceStatus(file: "inline.json", format: .google, status: status, message: nil))
        let meaning = GoogleDistanceMatrixResponse.meaning(ofStatus: status)
        #expect(error?.description.contains(meaning) == true)
        #expect(error?.description.contains(status) == true)
    }

    @Test("limits are explained in terms of tiles")
    func limitMeanings() {
        #expect(GoogleDistanceMatrixResponse.meaning(ofStatus: "MAX_ELEMENTS_EXCEEDED").contains("100 elements"))
        #expect(GoogleDistanceMatrixResponse.meaning(ofStatus: "MAX_DIMENSIONS_EXCEEDED").contains("25"))
        #expect(GoogleDistanceMatrixResponse.meaning(ofStatus: "OVER_DAILY_LIMIT").contains("API key"))
    }

    @Test("rows of uneven length name the row")
    func unevenRows() {
        let text = """
        {"status": "OK", "rows": [{"elements": [{"status": "OK"}, {"status": "OK"}]},
                                  {"elements": [{"status": "OK"}]}]}
        """
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2)) }
        #expect(error == .unevenRow(file: "inline.json", path: "rows[1].elements", row: 1, expected: 2, actual: 1))
    }

    @Test("negative or malformed values name the field")
    func badValues() {
        let text = """
        {"status": "OK", "rows": [{"elements": [{"status": "OK"}, {"status": "OK", "distance": {"value": -3}}]},
                                  {"elements": [{"status": "OK"}, {"status": "OK"}]}]}
        """
        let error = #expect(throws: MatrixError.self) { try MatrixFixtures.read(text, stops: MatrixFixtures.stops(2)) }
        guard case let .invalidField(_, path, value, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(path == "rows[0].elements[1].distance.value")
        #expect(value == "the number -3")
    }
}
