import Foundation

/// The kinds of routing-engine matrix answers ``MatrixSource`` reads.
///
/// The raw values are the names used on the command line and in a tile
/// cache's `provider` field.
public enum MatrixSourceFormat: String, CaseIterable, Sendable {
    /// A Google Distance Matrix API (legacy) response, as returned.
    case google
    /// RoutePlan's tile cache of several responses that each cover part of
    /// the matrix (see ``MatrixTileCache``).
    case googleTiles = "google-tiles"
    /// A Google Routes API `computeRouteMatrix` response (a JSON array of
    /// elements, or newline-delimited elements).
    case routes
    /// An OSRM `/table` service response.
    case osrm

    /// One line for help text.
    public var description: String {
        switch self {
        case .google:
            return "Google Distance Matrix API (legacy) response: an object with \"rows\" of \"elements\" and \"status\""
        case .googleTiles:
            return "RoutePlan tile cache: an object with \"routeplanMatrixCache\": 1 and \"tiles\" of origins, destinations and a response (or a folder of such files)"
        case .routes:
            return "Google Routes API computeRouteMatrix response: an array of elements with \"originIndex\" and \"destinationIndex\""
        case .osrm:
            return "OSRM /table response: an object with \"code\" and \"durations\" and/or \"distances\""
        }
    }

    /// Recognises the format of a response from its parsed JSON content.
    ///
    /// - Google Distance Matrix: an object with `rows` and either
    ///   `origin_addresses` or `status`.
    /// - Routes API: a non-empty array (or newline-delimited sequence) of
    ///   objects, one of which has `originIndex`, `destinationIndex` or
    ///   `error`; or a Google API error object
    ///   `{"error": {"code", "message", "status"}}`.
    /// - OSRM: an object with a `durations` or `distances` array, or with a
    ///   string `code` and a `message` (an OSRM error).
    /// - Tile cache: an object with `tiles` or `routeplanMatrixCache`, or a
    ///   single tile object with `origins`, `destinations` and `response`.
    ///
    /// - Returns: `nil` when the data is not JSON or matches none of them.
    /// - Complexity: O(b) for *b* bytes.
    public static func detect(in data: Data) -> MatrixSourceFormat? {
        if let value = try? JSONReader.parse(data) { return detect(in: value) }
        if let values = try? JSONReader.parseSequence(data), !values.isEmpty { return detect(in: .array(values)) }
        return nil
    }

    static func detect(in value: JSONValue) -> MatrixSourceFormat? {
        switch value {
        case let .object(members):
            if members["tiles"] != nil || members["routeplanMatrixCache"] != nil { return .googleTiles }
            if members["origins"] != nil, members["destinations"] != nil, members["response"] != nil { return .googleTiles }
            if members["rows"] != nil, members["origin_addresses"] != nil || members["status"] != nil { return .google }
            if members["durations"]?.arrayValue != nil || members["distances"]?.arrayValue != nil { return .osrm }
            if members["code"]?.stringValue != nil, members["message"] != nil { return .osrm }
            if let error = members["error"]?.objectValue, error["code"] != nil || error["status"] != nil { return .routes }
            if members["originIndex"] != nil || members["destinationIndex"] != nil { return .routes }
            return nil
        case let .array(elements):
            guard !elements.isEmpty, elements.allSatisfy({ $0.objectValue != nil }) else { return nil }
            let looksLikeRoutes = elements.contains {
                guard let members = $0.objectValue else { return false }
                return members["originIndex"] != nil || members["destinationIndex"] != nil || members["error"] != nil
            }
            return looksLikeRoutes ? .routes : nil
        default:
            return nil
        }
    }
}
