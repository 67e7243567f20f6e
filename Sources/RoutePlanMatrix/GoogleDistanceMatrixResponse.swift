import Foundation

/// A Google Distance Matrix API (legacy) JSON response, read exactly as
/// returned.
///
/// ```json
/// {"status": "OK",
///  "origin_addresses": ["Boston, MA, USA", …], "destination_addresses": [ … ],
///  "rows": [{"elements": [{"status": "OK", "distance": {"text": "33.3 km", "value": 33253},
///                          "duration": {"text": "27 mins", "value": 1620},
///                          "duration_in_traffic": {"text": "34 mins", "value": 2019}}, …]}, …]}
/// ```
///
/// Row *i* answers origin *i*, element *j* of it destination *j*. Values are
/// `distance.value` (meters) and `duration.value` (seconds); with
/// `preferTraffic` (driving with a departure time) `duration_in_traffic.value`
/// replaces the duration where present. Element statuses `NOT_FOUND`,
/// `ZERO_RESULTS` and `MAX_ROUTE_LENGTH_EXCEEDED` become
/// ``ObservedMatrix/Pair/unreachable(status:)``; an `OK` element missing a
/// value keeps `nil` for it. The `text` fields are ignored, so localised
/// responses read the same.
public struct GoogleDistanceMatrixResponse: Sendable, Hashable {
    /// `origin_addresses`, as geocoded by Google (empty when absent).
    public var originAddresses: [String]
    /// `destination_addresses` (empty when absent).
    public var destinationAddresses: [String]
    /// One row per origin, one pair per destination.
    public var rows: [[ObservedMatrix.Pair]]
    /// Whether any duration is a `duration_in_traffic`.
    public var usedTrafficDurations: Bool

    /// The number of origins (rows).
    public var origins: Int { rows.count }
    /// The number of destinations (columns).
    public var destinations: Int

    /// Parses a response body.
    ///
    /// - Parameters:
    ///   - fileName: names the file in errors.
    ///   - preferTraffic: use `duration_in_traffic` where present.
    /// - Throws: ``MatrixError/invalidJSON(file:line:column:reason:)``;
    ///   ``MatrixError/serviceStatus(file:format:status:message:)`` for a
    ///   top-level `status` other than `OK`, with `error_message`;
    ///   ``MatrixError/unevenRow(file:path:row:expected:actual:)``;
    ///   ``MatrixError/missingField(file:path:expected:)`` and
    ///   ``MatrixError/invalidField(file:path:value:expected:)`` naming the
    ///   element, for example `rows[2].elements[3].status`.
    /// - Complexity: O(R·C) for R origins and C destinations.
    public init(_ data: Data, fileName: String, preferTraffic: Bool) throws {
        try self.init(JSONNode(MatrixSource.parseJSON(data, file: fileName), file: fileName), preferTraffic: preferTraffic)
    }

    init(_ root: JSONNode, preferTraffic: Bool) throws {
        _ = try root.object()
        let status = try root.optional("status")?.string() ?? "OK"
        guard status == "OK" else {
            throw MatrixError.serviceStatus(file: root.file, format: .google, status: status,
                                            message: try root.optional("error_message")?.string())
        }
        originAddresses = try root.optional("origin_addresses")?.array(of: "strings").map { try $0.string() } ?? []
        destinationAddresses = try root.optional("destination_addresses")?.array(of: "strings").map { try $0.string() } ?? []
        let rowNodes = try root.required("rows", expected: "an array of rows").array(of: "rows")
        if root.optional("origin_addresses") != nil, rowNodes.count != originAddresses.count {
            throw MatrixError.invalidField(file: root.file, path: "rows", value: "\(rowNodes.count) rows",
                                           expected: "one row per origin address (\(originAddresses.count))")
        }
        var width: Int? = root.optional("destination_addresses") != nil ? destinationAddresses.count : nil
        var traffic = false
        var rows: [[ObservedMatrix.Pair]] = []
        rows.reserveCapacity(rowNodes.count)
        for (r, rowNode) in rowNodes.enumerated() {
            let elements = try rowNode.required("elements", expected: "an array of elements").array(of: "elements")
            if let width, elements.count != width {
                throw MatrixError.unevenRow(file: root.file, path: "\(rowNode.path).elements", row: r,
                                            expected: width, actual: elements.count)
            }
            width = elements.count
            rows.append(try elements.map { try Self.pair($0, preferTraffic: preferTraffic, usedTraffic: &traffic) })
        }
        self.rows = rows
        self.destinations = width ?? 0
        self.usedTrafficDurations = traffic
    }

    private static func pair(_ element: JSONNode, preferTraffic: Bool, usedTraffic: inout Bool) throws -> ObservedMatrix.Pair {
        let statusNode = try element.required("status", expected: "an element status such as \"OK\"")
        let status = try statusNode.string()
        switch status {
        case "OK":
            let meters = try element.optional("distance").map { try $0.required("value", expected: "meters").measure("meters") }
            var seconds = try element.optional("duration").map { try $0.required("value", expected: "seconds").measure("seconds") }
            if preferTraffic, let traffic = element.optional("duration_in_traffic") {
                seconds = try traffic.required("value", expected: "seconds").measure("seconds")
                usedTraffic = true
            }
            return .known(meters: meters, seconds: seconds)
        case "NOT_FOUND", "ZERO_RESULTS", "MAX_ROUTE_LENGTH_EXCEEDED":
            return .unreachable(status: status)
        default:
            throw statusNode.invalid(expected: "an element status: OK, NOT_FOUND, ZERO_RESULTS or MAX_ROUTE_LENGTH_EXCEEDED")
        }
    }

    /// The plain reading: every stop, in itinerary order, as both the origins
    /// and the destinations.
    ///
    /// - Throws: ``MatrixError/responseSizeMismatch(file:origins:destinations:stops:)``
    ///   unless the response is `stops` × `stops`.
    /// - Complexity: O(n²).
    public func observedMatrix(stops: Int, fileName: String) throws -> ObservedMatrix {
        try ObservedMatrix(square: rows, destinations: destinations, stops: stops, file: fileName,
                           usedTrafficDurations: usedTrafficDurations)
    }

    /// What a top-level `status` means, after Google's documentation of the
    /// Distance Matrix API, with what to do about it.
    public static func meaning(ofStatus status: String) -> String {
        switch status {
        case "OK":
            return "the response contains a valid result"
        case "INVALID_REQUEST":
            return "the request was invalid, usually a missing or malformed parameter such as origins or destinations"
        case "MAX_ELEMENTS_EXCEEDED":
            return "origins × destinations exceeds the per-request limit (100 elements); split the matrix into tiles"
        case "MAX_DIMENSIONS_EXCEEDED":
            return "the request has more origins or destinations than the limit (25 each); split the matrix into tiles"
        case "OVER_DAILY_LIMIT":
            return "the API key is missing or invalid, billing is not enabled, a self-imposed usage cap was exceeded, or the payment method is no longer valid"
        case "OVER_QUERY_LIMIT":
            return "the application sent too many requests in the allowed time period; wait and request again"
        case "REQUEST_DENIED":
            return "the service denied use of the Distance Matrix API by this application (check the API key and that the API is enabled)"
        case "UNKNOWN_ERROR":
            return "the request could not be processed because of a server error; it may succeed if tried again"
        default:
            return "a status this version of RoutePlan does not know; see Google's Distance Matrix documentation"
        }
    }
}
