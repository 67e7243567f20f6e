import ArgumentParser
import Foundation
import RoutePlan
import RoutePlanExport
import RoutePlanMatrix

extension RoutePlanCommand {
    /// `routeplan schedule itinerary.json`
    struct Schedule: AsyncParsableCommand, RoutePlanSubcommand {
        static let configuration = CommandConfiguration(
            abstract: "Plan a trip day by day: places assigned to days and ordered, with times, opening hours and breaks.",
            discussion: """
                Reads an itinerary with startDate and endDate (one day without endDate), a \
                lodging (or days[].startAt / endAt), and per place visitMinutes, Google opening \
                hours, closedDates, mustVisit, priority, allowedDates or fixedStart (all optional). \
                Assigns places to the trip's days and orders each day so that every visit starts \
                and ends inside its opening hours, each day fits between its dayStart and dayEnd \
                and its breaks are taken: must-visit places first, then the highest total \
                priority, then the least travel, then the least waiting. Prints each day's times, \
                legs and Google Maps links, then every place left out with its reason.

                Examples:
                  routeplan schedule rome-3-days.json
                  routeplan schedule rome-3-days.json --travel-mode walking --time-limit 2
                  routeplan schedule kyoto.json --matrix kyoto-osrm.json --format json
                  routeplan schedule rome-3-days.json --format svg --output rome.svg

                With --matrix, a plain answer's rows and columns are the lodging, then placesToGo \
                in file order, then each further place days names (lodging, startAt, endAt) in \
                order of first appearance; tile caches match places by placeID or name.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, csv, gpx, geojson, kml, svg
        }

        @Argument(help: ArgumentHelp("The itinerary JSON file.", valueName: "itinerary"))
        var itinerary: String

        @Option(name: .customLong("travel-mode"), help: "driving, walking, bicycling or transit (default: the file's, else driving).")
        var travelMode: TravelMode?

        @Option(name: .customLong("time-limit"), parsing: .unconditional, help: ArgumentHelp(
            "Search for this many seconds, from 0.001 to 604800 (one week), counting from the start (it still stops once it has long stopped improving); without it the search ends by its own iteration budget, the same schedule every run.",
            valueName: "seconds"))
        var timeLimit: Double?

        @Option(parsing: .unconditional, help: "Seed for the search; the same seed gives the same schedule.")
        var seed: UInt64 = 1

        @OptionGroup var links: LinkOptions

        @Option(help: ArgumentHelp(
            "A routing engine's cached travel matrix for the trip's places (see above): a Google Distance Matrix response, a Routes API array, an OSRM table, or a RoutePlan tile cache. Pairs it lacks are estimated.",
            valueName: "file"))
        var matrix: String?

        @Option(name: .customLong("matrix-format"), help: ArgumentHelp(
            "The --matrix format, when recognising it from the content is not wanted: google, google-tiles, routes or osrm.",
            valueName: "format"))
        var matrixFormat: MatrixSourceFormat?

        @Option(help: "Output format: text, json, csv, gpx, geojson, kml or svg (one route per day).")
        var format: Format = .text

        @OptionGroup var output: OutputOptions

        init() {}

        func validate() throws {
            if let timeLimit {
                try SolverOptions.checkSeconds(timeLimit, option: "--time-limit", range: SolverOptions.timeLimitRange,
                                               described: "from 0.001 to 604800 (one week)")
            }
            if matrixFormat != nil && matrix == nil {
                throw ValidationError("--matrix-format needs --matrix FILE")
            }
        }

        func execute(progress: ProgressDisplay?) async throws -> CommandOutput {
            try InputPath.check(itinerary, as: .itinerary)
            if let matrix { try InputPath.check(matrix, as: .matrix) }
            if let file = output.file {
                try InputPath.refuseOverwriting(inputs: [itinerary] + (matrix.map { [$0] } ?? []), with: file)
            }
            let tracked = progress?.trackSolve(URL(fileURLWithPath: itinerary).lastPathComponent)
            defer { tracked.map { progress?.finish($0.id) } }
            let plan = try Itinerary(contentsOf: URL(fileURLWithPath: itinerary))
            let links = try self.links.directions()
            let observed = try matrix.map {
                try plan.readScheduleMatrix(contentsOf: URL(fileURLWithPath: $0), format: matrixFormat, travelMode: travelMode)
            }
            let options = Scheduler.Options(travelMode: travelMode, timeLimit: timeLimit.flatMap(Duration.checkedSeconds),
                                            searchesWholeTimeLimit: true, seed: seed, links: links,
                                            matrix: observed, matrixOrigin: matrix)
            let trip: TripSchedule
            do {
                // Named as the loading errors name it, so every message about the file reads the same.
                trip = try await CommandLineSolving.scheduler.schedule(plan, options: options,
                                                                        fileName: URL(fileURLWithPath: itinerary).path)
            } catch let error as PlanningError where error.namesNoFile {
                throw InFile(file: itinerary, error: error)
            }
            let name = trip.name ?? Optimize.baseName(itinerary)
            return CommandOutput(text: try Self.render(trip, name: name, as: format), file: output.file)
        }

        /// The schedule in `format`.
        static func render(_ trip: TripSchedule, name: String, as format: Format) throws -> String {
            switch format {
            case .text: return ScheduleReport.render(trip, name: name)
            case .json: return try JSONReport.encode(trip)
            case .csv: return try trip.document(.csv, name: name)
            case .gpx: return try trip.document(.gpx, name: name)
            case .geojson: return try trip.document(.geojson, name: name)
            case .kml: return try trip.document(.kml, name: name)
            case .svg: return try trip.document(.svg, name: name)
            }
        }

        mutating func run() async throws {
            let command = self
            try await CommandRunner.deliver { try await command.execute(progress: nil) }
        }
    }
}
