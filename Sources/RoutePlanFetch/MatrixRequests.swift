import Foundation
import RoutePlanMatrix

/// How one provider turns tiles into URLs and judges what comes back.
protocol MatrixRequests: Sendable {
    /// The cache's `provider`.
    var format: MatrixSourceFormat { get }
    /// The cache's `travelMode`, when the provider says one.
    var travelMode: String? { get }
    /// Scrubs the API key (if any) out of text.
    var scrub: SecretScrubber { get }
    /// The service's address without query, for messages.
    var displayURL: String { get }
    /// The request for `tile`; `nil` when no valid URL can be formed.
    func url(for tile: MatrixTile) -> URL?
    /// Whether `response` answers `tile`.
    func check(_ response: HTTPResponse, tile: MatrixTile) -> AttemptOutcome
}

extension MatrixRequests {
    /// HTTP statuses worth retrying: 429 Too Many Requests and every 5xx.
    func isRetryable(httpStatus status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// The checks every provider's response goes through first: retryable
    /// HTTP statuses, a body that is no JSON object, and a body without the
    /// provider's status field (`statusField`, described as `statusName`).
    /// Returns the outcome to report, or the body's top level and status.
    func envelope(_ response: HTTPResponse, tile: MatrixTile, statusField: KeyPath<TopLevelStatus, String?>,
                  statusName: String) -> Envelope {
        if isRetryable(httpStatus: response.status) {
            return .decided(.retry("HTTP \(response.status)", retryAfterSeconds: response.retryAfterSeconds))
        }
        let succeeded = (200...299).contains(response.status)
        let failedHTTP = AttemptOutcome.failure(.httpStatus(tile: tile, status: response.status, url: displayURL))
        guard let top = TopLevelStatus(response.body) else {
            return .decided(succeeded ? .malformed(unusableBody(response.body)) : failedHTTP)
        }
        guard let status = top[keyPath: statusField] else {
            return .decided(succeeded ? .malformed("a JSON object without the \(statusName)") : failedHTTP)
        }
        return .answered(top, status: status, httpSucceeded: succeeded)
    }

    /// A parsed answer's size against the tile's, as a final outcome.
    func sizeOutcome(origins: Int, destinations: Int, tile: MatrixTile, unit: String) -> AttemptOutcome {
        guard origins == tile.origins.count, destinations == tile.destinations.count else {
            return .malformed("\(origins) × \(destinations) \(unit) instead of \(tile.origins.count) × \(tile.destinations.count)")
        }
        return .success
    }

    /// A description of a body that is not the expected JSON.
    func unusableBody(_ body: Data) -> String {
        if body.isEmpty { return "an empty body" }
        let start = String(decoding: body.prefix(40), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
            .trimmingCharacters(in: .whitespaces)
        return "a body that is not a JSON object (it starts \(scrub(start).debugDescription))"
    }
}

/// What ``MatrixRequests/envelope(_:tile:statusField:statusName:)`` made of a response.
enum Envelope {
    /// The response is judged already.
    case decided(AttemptOutcome)
    /// A JSON object with the provider's status, for the provider to judge.
    case answered(TopLevelStatus, status: String, httpSucceeded: Bool)
}

/// `scheme://host[:port]/path` of `url`, without user, password, query or fragment.
func displayURL(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "the server" }
    components.user = nil
    components.password = nil
    components.query = nil
    components.fragment = nil
    return components.string ?? "the server"
}

/// The fields every Google and OSRM error body has at the top level.
struct TopLevelStatus: Decodable {
    var status: String?
    var error_message: String?
    var code: String?
    var message: String?

    init?(_ body: Data) {
        guard let decoded = try? JSONDecoder().decode(TopLevelStatus.self, from: body) else { return nil }
        self = decoded
    }
}
