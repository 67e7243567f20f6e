import ArgumentParser
import Foundation
import RoutePlan
import RoutePlanExport

extension RoutePlanCommand {
    /// `routeplan optimize itinerary.json`
    struct Optimize: AsyncParsableCommand, RoutePlanSubcommand {
        static let configuration = CommandConfiguration(
            abstract: "Order an itinerary's places into the shortest route.",
            discussion: """
                Reads an itinerary (lodging, placesToGo, route settings), estimates travel costs \
                from coordinates, finds the best visiting order and prints the stops, each leg, \
                the totals and Google Maps links. Flags override the file's route settings.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, gpx, geojson, kml
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

        @Option(name: .customLong("waypoints-per-link"), help: ArgumentHelp(
            "Waypoints per Google Maps link, 1 to 9 (Google allows 9; mobile browsers 3).", valueName: "n"))
        var waypointsPerLink = 9

        @Option(help: "Output format: text, json, gpx, geojson or kml.")
        var format: Format = .text

        @OptionGroup var solver: SolverOptions
        @OptionGroup var output: OutputOptions

        init() {}

        func validate() throws {
            guard GoogleMapsDirections.supportedWaypointsPerLink.contains(waypointsPerLink) else {
                throw ValidationError("--waypoints-per-link must be from 1 to 9, got \(waypointsPerLink)")
            }
        }

        func execute() async throws -> CommandOutput {
            let plan = try Itinerary(contentsOf: URL(fileURLWithPath: itinerary))
            let links = try GoogleMapsDirections(maxWaypointsPerLink: waypointsPerLink)
            let options = Planner.Options(
                travelMode: travelMode, optimizeFor: optimizeFor,
                start: start.map(StopReference.init), end: end.map(StopReference.init),
                solver: solver.solverOptions, links: links)
            let route = try await Planner().plan(plan, options: options)
            let name = route.name ?? URL(fileURLWithPath: itinerary).deletingPathExtension().lastPathComponent
            let text: String
            switch format {
            case .text: text = TextReport.render(route, name: name)
            case .json: text = try JSONReport.render(route)
            case .gpx: text = GPXDocument.route(name: name, stops: route.waypoints)
            case .geojson: text = GeoJSONDocument.route(name: name, stops: route.waypoints, properties: [
                "travelMode": .string(route.travelMode.rawValue),
                "totalDistanceMeters": .integer(route.totalDistanceMeters),
                "totalDurationSeconds": .integer(route.totalDurationSeconds),
                "provenOptimal": .bool(route.provenOptimal),
            ])
            case .kml: text = KMLDocument.route(name: name, stops: route.waypoints)
            }
            return CommandOutput(text: text, file: output.output)
        }

        mutating func run() async throws {
            try await CommandRunner.deliver(execute())
        }
    }
}

extension TravelMode: ExpressibleByArgument {}
extension Objective: ExpressibleByArgument {}
