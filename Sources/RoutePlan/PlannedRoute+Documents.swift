import Foundation
import RoutePlanExport

/// The file formats a planned route can be written in, for the command
/// line's `--format` and a service's `Accept` header alike.
public enum RouteDocumentFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case json, csv, gpx, geojson, kml, svg

    /// The media type of the format, as sent in `Content-Type`.
    public var mediaType: String {
        switch self {
        case .json: return "application/json"
        case .csv: return "text/csv; charset=utf-8"
        case .gpx: return "application/gpx+xml"
        case .geojson: return "application/geo+json"
        case .kml: return "application/vnd.google-earth.kml+xml"
        case .svg: return "image/svg+xml"
        }
    }

    /// The format whose media type is `mediaType` (parameters such as
    /// `; charset=utf-8` ignored), if any.
    public init?(mediaType: some StringProtocol) {
        let bare = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard let format = Self.allCases.first(where: { $0.mediaType.hasPrefix(bare) && !bare.isEmpty }) else { return nil }
        self = format
    }
}

extension PlannedRoute {
    /// The route as a document people and programs read: the JSON of
    /// `routeplan optimize --format json`, or a CSV, GPX, GeoJSON, KML or
    /// SVG file of its stops in visiting order.
    ///
    /// - Parameters:
    ///   - name: the title written into GPX, GeoJSON, KML and SVG.
    ///   - prettyPrinted: whether JSON is indented (the command line's
    ///     choice; services send it compact).
    public func document(_ format: RouteDocumentFormat, name: String, prettyPrinted: Bool = true) throws -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = prettyPrinted
                ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        case .csv:
            return CSVDocument.route(stops: waypoints, legs: legs.map {
                CSVDocument.Leg(distanceMeters: Double($0.distanceMeters), durationSeconds: Double($0.durationSeconds))
            })
        case .gpx: return GPXDocument.route(name: name, stops: waypoints)
        case .geojson: return GeoJSONDocument.route(name: name, stops: waypoints, properties: [
            "travelMode": .string(travelMode.rawValue),
            "totalDistanceMeters": .integer(totalDistanceMeters),
            "totalDurationSeconds": .integer(totalDurationSeconds),
            "provenOptimal": .bool(provenOptimal),
        ])
        case .kml: return KMLDocument.route(name: name, stops: waypoints)
        case .svg: return SVGDocument.route(name: name, stops: waypoints, closed: false)
        }
    }
}
