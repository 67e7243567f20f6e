import Foundation
import RoutePlanExport

extension TripSchedule {
    /// The schedule as a document: the JSON of `routeplan schedule --format
    /// json`, or a CSV, GPX, GeoJSON, KML or SVG file with one route per day
    /// (a colour per day where the format has colours).
    ///
    /// - Parameters:
    ///   - name: the title written into GPX, GeoJSON, KML and SVG.
    ///   - prettyPrinted: whether JSON is indented.
    public func document(_ format: RouteDocumentFormat, name: String, prettyPrinted: Bool = true) throws -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = prettyPrinted
                ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        case .csv: return CSVDocument.routes(sections: sections)
        case .gpx: return GPXDocument.routes(name: name, sections: sections)
        case .geojson:
            return GeoJSONDocument.routes(name: name, sections: sections, properties: [
                "travelMode": .string(travelMode.rawValue),
                "scheduledPriority": .integer(totals.scheduledPriority),
                "travelSeconds": .integer(totals.travelSeconds),
            ])
        case .kml: return KMLDocument.routes(name: name, sections: sections)
        case .svg: return SVGDocument.routes(name: name, sections: sections)
        }
    }

    /// One section per day: start place, visits, end place, with the times
    /// of each visit and the legs between them.
    var sections: [RouteSection] {
        days.enumerated().map { number, day in
            let times: [StopTimes?] = [StopTimes(departure: day.departure)]
                + day.stops.map { StopTimes(arrival: $0.arrival, start: $0.start, end: $0.end, departure: $0.departure) }
                + [StopTimes(arrival: day.arrival)]
            return RouteSection(
                name: "Day \(number + 1) · \(day.weekday) \(day.date)",
                stops: day.waypoints,
                legs: day.legs.map { CSVDocument.Leg(distanceMeters: Double($0.meters), durationSeconds: Double($0.seconds)) },
                times: times,
                properties: [
                    "date": .string(day.date),
                    "travelSeconds": .integer(day.travelSeconds),
                    "travelMeters": .integer(day.travelMeters),
                    "waitSeconds": .integer(day.waitSeconds),
                ])
        }
    }
}
