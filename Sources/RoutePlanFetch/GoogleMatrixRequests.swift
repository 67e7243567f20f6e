import Foundation
import RoutePlanMatrix

/// Google Distance Matrix API (legacy) requests:
/// `GET {endpoint}?origins=…&destinations=…&mode=…[&departure_time=…]&key=…`.
///
/// A place is sent as `place_id:<id>` when it has a place ID, else as
/// `lat,lng`; entries are separated by `|` (sent as `%7C`).
struct GoogleMatrixRequests: MatrixRequests {
    static let travelModes = ["driving", "walking", "bicycling", "transit"]

    let places: [FetchPlace]
    let apiKey: String
    let mode: String
    let departureTime: String?
    let endpoint: URL
    let scrub: SecretScrubber

    init(places: [FetchPlace], apiKey: String, travelMode: String, departureTime: String?, endpoint: URL) {
        self.places = places
        self.apiKey = apiKey
        self.mode = travelMode
        self.departureTime = departureTime
        self.endpoint = endpoint
        self.scrub = SecretScrubber(secret: apiKey)
    }

    var format: MatrixSourceFormat { .google }
    var travelMode: String? { mode }
    var displayURL: String { scrub(RoutePlanFetch.displayURL(endpoint)) }

    /// How a place is named in a request.
    static func location(_ place: FetchPlace) -> String {
        if let id = place.knownPlaceID { return "place_id:\(id)" }
        return "\(QueryText.degrees(place.coordinate.latitude)),\(QueryText.degrees(place.coordinate.longitude))"
    }

    func url(for tile: MatrixTile) -> URL? {
        var items = [
            ("origins", tile.origins.map { Self.location(places[$0]) }.joined(separator: "|")),
            ("destinations", tile.destinations.map { Self.location(places[$0]) }.joined(separator: "|")),
            ("mode", mode),
        ]
        if let departureTime { items.append(("departure_time", departureTime)) }
        items.append(("key", apiKey))
        let base = endpoint.absoluteString
        let separator = base.contains("?") ? "&" : "?"
        return URL(string: base + separator + QueryText.query(items))
    }

    func check(_ response: HTTPResponse, tile: MatrixTile) -> AttemptOutcome {
        let top: TopLevelStatus, status: String, succeeded: Bool
        switch envelope(response, tile: tile, statusField: \.status, statusName: "Distance Matrix \"status\"") {
        case let .decided(outcome): return outcome
        case let .answered(body, code, ok): (top, status, succeeded) = (body, code, ok)
        }
        switch status {
        case "OK":
            break
        case "OVER_QUERY_LIMIT", "UNKNOWN_ERROR":
            return .retry(status, retryAfterSeconds: response.retryAfterSeconds)
        default:
            return .failure(.serviceStatus(tile: tile, provider: .google, status: scrub(status), message: scrub(top.error_message)))
        }
        guard succeeded else { return .failure(.httpStatus(tile: tile, status: response.status, url: displayURL)) }
        do {
            let parsed = try GoogleDistanceMatrixResponse(response.body, fileName: "the response", preferTraffic: false)
            return sizeOutcome(origins: parsed.origins, destinations: parsed.destinations, tile: tile, unit: "elements")
        } catch {
            return .malformed(scrub(String(describing: error)))
        }
    }
}
