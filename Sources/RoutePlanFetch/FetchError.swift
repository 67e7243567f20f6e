import Foundation
import RoutePlanMatrix

/// Everything that can go wrong while fetching a travel matrix; each case
/// carries the values involved, and its ``description`` says in one sentence
/// what is wrong and what to do.
///
/// No case ever holds the Google API key: service messages and transport
/// errors are scrubbed of it before they are stored. Text that came from a
/// server or from the places (a Google `error_message`, a place name) is
/// shown with its control characters escaped (see `MessageText`).
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The environment variable that should hold the API key is unset or empty.
    case missingAPIKey(variable: String)
    /// ``MatrixFetcher/fetch(_:)`` was given no places.
    case noPlaces
    /// A place whose coordinate must be sent is NaN, infinite or out of range
    /// (`place` is 0-based).
    case invalidCoordinate(place: Int, name: String, latitude: Double, longitude: Double)
    /// Several places (0-based) that the cache would name alike, so that the
    /// reader could not tell them apart: the same place ID, the same name
    /// without place IDs, or one's name equal to another's place ID.
    case indistinguishablePlaces(key: String, places: [Int])
    /// A Google travel mode other than driving, walking, bicycling or transit.
    case unsupportedTravelMode(String)
    /// A setting of ``MatrixFetcher`` that cannot work.
    case invalidSetting(name: String, value: String, expected: String)
    /// The service refused a request for a reason retrying cannot fix: a
    /// Google top-level `status` such as `REQUEST_DENIED` or an OSRM `code`
    /// such as `NoSegment`, with the service's own message.
    case serviceStatus(tile: MatrixTile, provider: MatrixSourceFormat, status: String, message: String?)
    /// An HTTP status that is neither success nor worth retrying (403, 404, …).
    case httpStatus(tile: MatrixTile, status: Int, url: String)
    /// A request that kept failing in a retryable way; `lastStatus` is the
    /// last failure (`HTTP 503`, `OVER_QUERY_LIMIT`, `timed out after 30 s`, …).
    case retriesExhausted(tile: MatrixTile, attempts: Int, lastStatus: String)
    /// A body that kept being something other than the expected response
    /// (not JSON, another kind of JSON, or the wrong size).
    case malformedResponse(tile: MatrixTile, attempts: Int, reason: String)
    /// A request that could not be sent at all (a bad URL, an unsupported scheme).
    case transport(tile: MatrixTile, reason: String)
    /// A response body larger than ``MatrixFetcher/maxResponseBytes``
    /// (`limit`): announced by its `Content-Length` (`declaredBytes`), or
    /// found while it arrived (`declaredBytes` is `nil`), in which case
    /// reading stopped once `limit` bytes were passed. Not retried. `url` is
    /// the service's address without query, so without the API key.
    case responseTooLarge(tile: MatrixTile, url: String, limit: Int, declaredBytes: Int64?)
    /// The cache file could not be written.
    case cannotWriteCache(path: String, reason: String)

    public var description: String {
        func e(_ text: String) -> String { MessageText.escaped(text) }
        switch self {
        case let .missingAPIKey(variable):
            return "the environment variable \(variable) is not set or is empty; set it to your Google Maps API key (for example `export \(variable)=…`) instead of passing the key on the command line"
        case .noPlaces:
            return "there are no places to fetch a matrix for; give at least one place"
        case let .invalidCoordinate(place, name, latitude, longitude):
            return "place \(place + 1) (\(e(name))) has coordinate (\(latitude), \(longitude)); give a latitude within −90…90 and a longitude within −180…180, or a place ID"
        case let .indistinguishablePlaces(key, places):
            let list = places.map { "\($0 + 1)" }
            let joined = list.count == 2 ? list.joined(separator: " and ") : list.joined(separator: ", ")
            return "places \(joined) would all be named \(MessageText.quoted(key)) in the matrix cache (by place ID, or by name when they have none), so it could not tell them apart; give them distinct place IDs or distinct names"
        case let .unsupportedTravelMode(mode):
            return "\(MessageText.quoted(mode)) is not a Google Distance Matrix travel mode; use driving, walking, bicycling or transit"
        case let .invalidSetting(name, value, expected):
            return "the fetch setting \(name) is \(e(value)), but it must be \(expected); change it"
        case let .serviceStatus(tile, provider, status, message):
            let detail = message.map { " (\(MessageText.quoted($0.trimmingCharacters(in: .whitespacesAndNewlines), limit: 300)))" } ?? ""
            let status = e(status)
            switch provider {
            case .osrm:
                return "the OSRM server answered \(tile) with code \(status)\(detail): \(OSRMTableResponse.meaning(ofCode: status))"
            default:
                return "Google answered \(tile) with status \(status)\(detail): \(GoogleDistanceMatrixResponse.meaning(ofStatus: status))"
            }
        case let .httpStatus(tile, status, url):
            return "\(e(url)) answered \(tile) with HTTP \(status), which retrying will not fix; check the server address, the profile and the API key's permissions"
        case let .retriesExhausted(tile, attempts, lastStatus):
            return "\(tile) still failed after \(attempts) attempts (last: \(e(lastStatus))); wait a while and fetch again, or allow more attempts"
        case let .malformedResponse(tile, attempts, reason):
            return "\(tile) got no usable matrix response in \(attempts) attempts (last: \(e(reason))); check that the address points at the matrix service itself and not at a proxy or web page"
        case let .transport(tile, reason):
            return "\(tile) could not be sent (\(e(reason))); check the server address"
        case let .responseTooLarge(tile, url, limit, declared):
            let size = declared.map { "a body of \(Self.size($0))" } ?? "a body larger than \(Self.size(Int64(limit)))"
            let what = declared == nil ? "reading stopped there" : "it was not read"
            return "\(e(url)) answered \(tile) with \(size), more than the \(Self.size(Int64(limit))) allowed (\(what)); check that the address points at the matrix service, or allow larger responses (maxResponseBytes) for big OSRM tables"
        case let .cannotWriteCache(path, reason):
            return "cannot write the matrix cache \(e(path)) (\(e(reason))); check that its folder exists and is writable"
        }
    }

    /// `32 MiB`, `1.5 GiB`, `512 bytes`.
    static func size(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = Double(bytes)
        var unit = -1
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return value.rounded() == value ? "\(Int(value)) \(units[unit])" : "\(String(format: "%.1f", value)) \(units[unit])"
    }
}
