import Foundation
import RoutePlanMatrix

/// OSRM table service requests:
/// `GET {server}/table/v1/{profile}/{lng,lat;lng,lat;…}?annotations=duration,distance[&sources=…&destinations=…]`.
///
/// A tile whose origins and destinations are the same places sends just
/// those coordinates. Any other tile sends its origins, then the
/// destinations that are not also origins, and picks rows and columns with
/// `sources=` and `destinations=` (0-based indices into the coordinates sent,
/// separated by `;`).
struct OSRMTableRequests: MatrixRequests {
    let places: [FetchPlace]
    let server: URL
    let profile: String

    var format: MatrixSourceFormat { .osrm }
    var scrub: SecretScrubber { SecretScrubber(secret: nil) }
    var displayURL: String { RoutePlanFetch.displayURL(server) }

    /// The cache's travel mode for well-known profile names; `nil` for others.
    var travelMode: String? {
        switch profile.lowercased() {
        case "driving", "car": return "driving"
        case "walking", "foot": return "walking"
        case "cycling", "bicycle", "bike": return "bicycling"
        default: return nil
        }
    }

    /// Whether `profile` is safe in a URL path: letters, digits, `-` and `_`.
    static func isValidProfile(_ profile: String) -> Bool {
        !profile.isEmpty && profile.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
        }
    }

    func url(for tile: MatrixTile) -> URL? {
        let sent: [Int]
        var items = [("annotations", "duration,distance")]
        if tile.origins == tile.destinations {
            sent = Array(tile.origins)
        } else {
            sent = Array(tile.origins) + tile.destinations.filter { !tile.origins.contains($0) }
            let position = Dictionary(uniqueKeysWithValues: sent.enumerated().map { ($1, $0) })
            items.append(("sources", tile.origins.map { "\(position[$0]!)" }.joined(separator: ";")))
            items.append(("destinations", tile.destinations.map { "\(position[$0]!)" }.joined(separator: ";")))
        }
        let coordinates = sent.map {
            "\(QueryText.degrees(places[$0].coordinate.longitude)),\(QueryText.degrees(places[$0].coordinate.latitude))"
        }.joined(separator: ";")
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        // `;` separates OSRM's list values and is kept literally, as in OSRM's own examples.
        let query = QueryText.query(items).replacingOccurrences(of: "%3B", with: ";")
        return URL(string: "\(base)/table/v1/\(profile)/\(coordinates)?\(query)")
    }

    func check(_ response: HTTPResponse, tile: MatrixTile) -> AttemptOutcome {
        let top: TopLevelStatus, code: String, succeeded: Bool
        switch envelope(response, tile: tile, statusField: \.code, statusName: "OSRM \"code\"") {
        case let .decided(outcome): return outcome
        case let .answered(body, status, ok): (top, code, succeeded) = (body, status, ok)
        }
        guard code == "Ok" else {
            return .failure(.serviceStatus(tile: tile, provider: .osrm, status: code, message: top.message))
        }
        guard succeeded else { return .failure(.httpStatus(tile: tile, status: response.status, url: displayURL)) }
        do {
            let parsed = try OSRMTableResponse(response.body, fileName: "the response")
            return sizeOutcome(origins: parsed.origins, destinations: parsed.destinations, tile: tile, unit: "entries")
        } catch {
            return .malformed(String(describing: error))
        }
    }
}
