import Foundation

/// An OSRM `/table` service response, read exactly as returned.
///
/// ```json
/// {"code": "Ok",
///  "durations": [[0, 192.6, 382.8], [199, 0, 283.9], [344.7, 222.3, 0]],
///  "distances": [[0, 1886.89, 3791.3], …],
///  "sources": [{"location": [13.3888, 52.517033], "name": "Friedrichstraße", …}, …],
///  "destinations": [ … ]}
/// ```
///
/// `durations[i][j]` (seconds) and `distances[i][j]` (meters) answer source
/// *i* → destination *j*; they are rounded to whole units. Either matrix may be
/// absent (OSRM returns only `durations` unless asked for
/// `annotations=duration,distance`); the absent value stays `nil`. A `null`
/// entry means OSRM found no route, and becomes
/// ``ObservedMatrix/Pair/unreachable(status:)`` with status `null`. Values
/// OSRM estimated with its fallback speed (`fallback_speed_cells`) are read
/// as given.
public struct OSRMTableResponse: Sendable, Hashable {
    /// The `name` of each source waypoint (the street it snapped to; often empty).
    public var sourceNames: [String]
    /// The `name` of each destination waypoint.
    public var destinationNames: [String]
    /// One row per source, one pair per destination.
    public var rows: [[ObservedMatrix.Pair]]

    /// The number of sources (rows).
    public var origins: Int { rows.count }
    /// The number of destinations (columns).
    public var destinations: Int

    /// Parses a response body.
    ///
    /// - Throws: ``MatrixError/invalidJSON(file:line:column:reason:)``;
    ///   ``MatrixError/serviceStatus(file:format:status:message:)`` for a
    ///   `code` other than `Ok`, with OSRM's `message`;
    ///   ``MatrixError/missingField(file:path:expected:)`` when there is
    ///   neither `durations` nor `distances`;
    ///   ``MatrixError/unevenRow(file:path:row:expected:actual:)`` and
    ///   ``MatrixError/invalidField(file:path:value:expected:)`` naming the
    ///   entry, for example `durations[1][2]`.
    /// - Complexity: O(S·D) for S sources and D destinations.
    public init(_ data: Data, fileName: String) throws {
        try self.init(JSONNode(MatrixSource.parseJSON(data, file: fileName), file: fileName))
    }

    init(_ root: JSONNode) throws {
        _ = try root.object()
        if let code = try root.optional("code")?.string(), code != "Ok" {
            throw MatrixError.serviceStatus(file: root.file, format: .osrm, status: code,
                                            message: try root.optional("message")?.string())
        }
        let durations = try root.optional("durations").map { try Self.matrix($0, unit: "seconds") }
        let distances = try root.optional("distances").map { try Self.matrix($0, unit: "meters") }
        guard let first = durations ?? distances else {
            throw MatrixError.missingField(file: root.file, path: "durations",
                                           expected: "a durations or distances matrix (request annotations=duration,distance)")
        }
        sourceNames = try root.optional("sources")?.array(of: "waypoints").map { try $0.optional("name")?.string() ?? "" }
            ?? Array(repeating: "", count: first.count)
        destinationNames = try root.optional("destinations")?.array(of: "waypoints").map { try $0.optional("name")?.string() ?? "" }
            ?? Array(repeating: "", count: first.first?.count ?? 0)
        let width = destinationNames.count
        // Both matrices must be sources × destinations.
        for (field, values) in [("durations", durations), ("distances", distances)] {
            guard let values else { continue }
            if values.count != sourceNames.count {
                throw MatrixError.invalidField(file: root.file, path: field, value: "\(values.count) rows",
                                               expected: "one row per source (\(sourceNames.count))")
            }
            if let bad = values.firstIndex(where: { $0.count != width }) {
                throw MatrixError.unevenRow(file: root.file, path: "\(field)[\(bad)]", row: bad,
                                            expected: width, actual: values[bad].count)
            }
        }
        destinations = width
        rows = (0..<sourceNames.count).map { i in
            (0..<width).map { j in
                let seconds: Int?? = durations.map { $0[i][j] }
                let meters: Int?? = distances.map { $0[i][j] }
                if seconds == .some(nil) || meters == .some(nil) { return .unreachable(status: "null") }
                return .known(meters: meters ?? nil, seconds: seconds ?? nil)
            }
        }
    }

    /// Reads `durations` or `distances`: rows of numbers or `null`.
    private static func matrix(_ node: JSONNode, unit: String) throws -> [[Int?]] {
        try node.array(of: "rows").map { row in
            try row.array(of: unit).map { entry in entry.value == .null ? nil : try entry.measure(unit) }
        }
    }

    /// The plain reading: every stop, in itinerary order, as both the sources
    /// and the destinations.
    ///
    /// - Throws: ``MatrixError/responseSizeMismatch(file:origins:destinations:stops:)``
    ///   unless the response is `stops` × `stops`.
    /// - Complexity: O(n²).
    public func observedMatrix(stops: Int, fileName: String) throws -> ObservedMatrix {
        try ObservedMatrix(square: rows, destinations: destinations, stops: stops, file: fileName, usedTrafficDurations: false)
    }

    /// What an OSRM response `code` means, after the OSRM HTTP API documentation.
    public static func meaning(ofCode code: String) -> String {
        switch code {
        case "Ok": return "the request was processed as expected"
        case "InvalidUrl": return "the URL string is invalid"
        case "InvalidService": return "the service name is invalid"
        case "InvalidVersion": return "the API version was not found"
        case "InvalidOptions": return "the options are invalid"
        case "InvalidQuery": return "the query string is syntactically malformed"
        case "InvalidValue": return "the query parameters are invalid"
        case "NoSegment": return "one of the coordinates could not be snapped to a street segment; move it onto or near a road"
        case "TooBig": return "the request is larger than the server allows (max-table-size); split the matrix into tiles"
        case "NoTable": return "no route was found"
        case "NotImplemented": return "the server does not support this request"
        default: return "a code this version of RoutePlan does not know; see the OSRM HTTP API documentation"
        }
    }
}
