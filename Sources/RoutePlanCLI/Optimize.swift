import ArgumentParser
import Foundation
import RoutePlan
import RoutePlanExport
import RoutePlanMatrix

extension RoutePlanCommand {
    /// `routeplan optimize itinerary.json`
    struct Optimize: AsyncParsableCommand, RoutePlanSubcommand {
        static let configuration = CommandConfiguration(
            abstract: "Order an itinerary's places into the shortest route.",
            discussion: """
                Reads an itinerary (lodging, placesToGo, route settings), takes travel costs from \
                a routing engine's cached answer (--matrix) or estimates them from coordinates, \
                finds the best visiting order and prints the stops, each leg, the totals and \
                Google Maps links. Flags override the file's route settings.

                Examples:
                  routeplan optimize lisbon.json
                  routeplan optimize lisbon.json --travel-mode walking --end any
                  routeplan optimize lyon.json --matrix lyon-google-cache.json --format json
                  routeplan optimize rome.json --max-waypoints 3 --navigate
                  routeplan optimize rome.json --format svg --output rome.svg
                  routeplan optimize kyoto.json --format gpx --output kyoto.gpx
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, csv, gpx, geojson, kml, svg
        }

        @Argument(help: "The itinerary JSON file.")
        var itinerary: String

        @Option(name: .customLong("travel-mode"), help: "driving, walking, bicycling or transit (default: the file's, else driving).")
        var travelMode: TravelMode?

        @Option(name: .customLong("optimize-for"), help: "duration or distance (default: the file's, else duration).")
        var optimizeFor: Objective?

        @Option(help: "Where to start: lodging, or a placeID or exact name from placesToGo.")
        var start: String?

        @Option(help: "Where to end: lodging, any (wherever is best), or a placeID or exact name.")
        var end: String?

        @Option(name: [.customLong("max-waypoints"), .customLong("waypoints-per-link")], help: ArgumentHelp(
            "Waypoints per Google Maps link, 1 to 9 (Google allows 9; use 3 for links opened in mobile browsers).",
            valueName: "n"))
        var waypointsPerLink = 9

        @Flag(help: "Make the Google Maps links start turn-by-turn navigation (dir_action=navigate).")
        var navigate = false

        @Option(help: ArgumentHelp(
            "A routing engine's cached travel matrix for the itinerary's stops: a Google Distance Matrix response, a Routes API computeRouteMatrix array, an OSRM table response, or a RoutePlan tile cache (file or folder, as written by `routeplan matrix fetch`). Pairs it lacks are estimated.",
            valueName: "file"))
        var matrix: String?

        @Option(name: .customLong("matrix-format"), help: ArgumentHelp(
            "The --matrix format, when recognising it from the content is not wanted: google, google-tiles, routes or osrm.",
            valueName: "format"))
        var matrixFormat: MatrixSourceFormat?

        @Option(help: "Output format: text, json, csv, gpx, geojson, kml or svg.")
        var format: Format = .text

        @OptionGroup var solver: SolverOptions
        @OptionGroup var output: OutputOptions

        init() {}

        func validate() throws {
            guard GoogleMapsDirections.supportedWaypointsPerLink.contains(waypointsPerLink) else {
                throw ValidationError("--max-waypoints must be from 1 to 9, got \(waypointsPerLink)")
            }
            if matrixFormat != nil && matrix == nil {
                throw ValidationError("--matrix-format needs --matrix FILE")
            }
        }

        func execute() async throws -> CommandOutput {
            let plan = try Itinerary(contentsOf: URL(fileURLWithPath: itinerary))
            var links = try GoogleMapsDirections(maxWaypointsPerLink: waypointsPerLink)
            links.navigate = navigate
            let observed = try matrix.map {
                try plan.readMatrix(contentsOf: URL(fileURLWithPath: $0), format: matrixFormat, travelMode: travelMode)
            }
            let options = Planner.Options(
                travelMode: travelMode, optimizeFor: optimizeFor,
                start: start.map(StopReference.init), end: end.map(StopReference.init),
                solver: solver.solverOptions, links: links,
                matrix: observed, matrixOrigin: matrix)
            let route = try await Planner().plan(plan, options: options)
            let name = route.name ?? URL(fileURLWithPath: itinerary).deletingPathExtension().lastPathComponent
            return CommandOutput(text: try Self.render(route, name: name, as: format), file: output.output)
        }

        /// The route in `format`.
        static func render(_ route: PlannedRoute, name: String, as format: Format) throws -> String {
            switch format {
            case .text: return TextReport.render(route, name: name)
            case .json: return try JSONReport.render(route)
            case .csv:
                return CSVDocument.route(stops: route.waypoints, legs: route.legs.map {
                    CSVDocument.Leg(distanceMeters: Double($0.distanceMeters), durationSeconds: Double($0.durationSeconds))
                })
            case .gpx: return GPXDocument.route(name: name, stops: route.waypoints)
            case .geojson: return GeoJSONDocument.route(name: name, stops: route.waypoints, properties: [
                "travelMode": .string(route.travelMode.rawValue),
                "totalDistanceMeters": .integer(route.totalDistanceMeters),
                "totalDurationSeconds": .integer(route.totalDurationSeconds),
                "provenOptimal": .bool(route.provenOptimal),
            ])
            case .kml: return KMLDocument.route(name: name, stops: route.waypoints)
            case .svg: return SVGDocument.route(name: name, stops: route.waypoints, closed: false)
            }
        }

        mutating func run() async throws {
            try await CommandRunner.deliver(execute())
        }
    }
}

extension TravelMode: ExpressibleByArgument {}
extension Objective: ExpressibleByArgument {}
extension MatrixSourceFormat: ExpressibleByArgument {}
