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
                  routeplan optimize trips/ --format geojson --output maps/

                Several itineraries (files, or folders of .json files) are planned two at a \
                time. Without --output, text results follow one another and json results \
                form one array of {file, route} or {file, error, exitStatus}; other formats \
                need --output FOLDER, which gets one file per itinerary, named after it \
                (trips/rome.json gives FOLDER/rome.gpx). Two inputs that would get the same \
                file (the same name in different folders, or names differing only in letter \
                case) are refused before anything is planned (exit 64); so is an output that \
                is one of the inputs. A failing itinerary is reported on standard error and \
                the others still run; when an itinerary fails or its file cannot be written, \
                standard error lists every input with the file it was written to or why it \
                was not. The exit status is then that of the first failure.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, csv, gpx, geojson, kml, svg

            /// The file name extension for a batch's per-itinerary files.
            var fileExtension: String { self == .text ? "txt" : rawValue }
        }

        @Argument(help: ArgumentHelp(
            "The itinerary JSON file; several files or folders of them plan each one (two at a time), one result per input.",
            valueName: "itinerary"))
        var itineraries: [String] = []

        @Option(name: .customLong("travel-mode"), help: "driving, walking, bicycling or transit (default: the file's, else driving).")
        var travelMode: TravelMode?

        @Option(name: .customLong("optimize-for"), help: "duration or distance (default: the file's, else duration).")
        var optimizeFor: Objective?

        @Option(help: "Where to start: lodging, or a placeID or exact name from placesToGo.")
        var start: String?

        @Option(help: "Where to end: lodging, any (wherever is best), or a placeID or exact name.")
        var end: String?

        @OptionGroup var links: LinkOptions

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
            guard !itineraries.isEmpty else {
                throw ValidationError("give at least one itinerary file (or a folder of them)")
            }
            if matrixFormat != nil && matrix == nil {
                throw ValidationError("--matrix-format needs --matrix FILE")
            }
        }

        func execute(progress: ProgressDisplay?) async throws -> CommandOutput {
            let inputs = try Self.expand(itineraries)
            if inputs.count == 1 && itineraries.count == 1 {
                // Inputs are checked before the output, so that a device or
                // pipe given as input is reported as such.
                try checkInputs(inputs[0])
                if let file = output.file {
                    try InputPath.refuseOverwriting(inputs: inputs + matrixFiles, with: file)
                }
                let (route, name) = try await plan(inputs[0], progress: progress)
                return CommandOutput(text: try Self.render(route, name: name, as: format), file: output.file)
            }
            return try await batch(inputs, progress: progress)
        }

        /// Checks that the itinerary at `path`, and `--matrix`, can be read.
        func checkInputs(_ path: String) throws {
            try InputPath.check(path, as: .itinerary)
            if let matrix { try InputPath.check(matrix, as: .matrix) }
        }

        /// The files `--matrix` reads: the file, or a tile cache folder's files.
        var matrixFiles: [String] {
            guard let matrix else { return [] }
            if case let .success(status) = FileStatus.of(matrix), status.kind == .folder {
                return InputPath.tileFiles(in: matrix)
            }
            return [matrix]
        }

        /// Plans one itinerary file, showing its progress on `progress`;
        /// returns the route and its display name.
        func plan(_ path: String, progress: ProgressDisplay? = nil) async throws -> (PlannedRoute, String) {
            let tracked = progress?.trackSolve(URL(fileURLWithPath: path).lastPathComponent)
            defer { tracked.map { progress?.finish($0.id) } }
            try checkInputs(path)
            let plan = try Itinerary(contentsOf: URL(fileURLWithPath: path))
            let links = try self.links.directions()
            let observed = try matrix.map {
                try plan.readMatrix(contentsOf: URL(fileURLWithPath: $0), format: matrixFormat, travelMode: travelMode)
            }
            var solverOptions = solver.solverOptions
            solverOptions.progress = tracked?.progress
            let options = Planner.Options(
                travelMode: travelMode, optimizeFor: optimizeFor,
                start: start.map(StopReference.init), end: end.map(StopReference.init),
                solver: solverOptions, links: links,
                matrix: observed, matrixOrigin: matrix)
            let route: PlannedRoute
            do {
                route = try await CommandLineSolving.planner.plan(plan, options: options)
            } catch let error as PlanningError where error.namesNoFile {
                // The planner's own refusals (limits, unreachable places) know no file name.
                throw InFile(file: path, error: error)
            }
            return (route, route.name ?? Self.baseName(path))
        }

        /// Files as given; folders replaced by their `.json` files in name order.
        static func expand(_ paths: [String]) throws -> [String] {
            var files: [String] = []
            for path in paths {
                if case let .success(status) = FileStatus.of(path), status.kind == .folder {
                    let names: [String]
                    do {
                        names = try FileManager.default.contentsOfDirectory(atPath: path)
                    } catch {
                        throw InputError(file: path, role: "folder of itineraries", problem: "it cannot be listed",
                                         advice: "check its permissions")
                    }
                    let found = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
                    guard !found.isEmpty else {
                        throw PlanningError.unreadableFile(file: path, reason: "a folder without .json itineraries")
                    }
                    files += found.map { Self.path($0, in: path) }
                } else {
                    files.append(path)
                }
            }
            return files
        }

        static func baseName(_ path: String) -> String {
            URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }

        /// `name` in `folder`, keeping the folder as the user wrote it.
        static func path(_ name: String, in folder: String) -> String {
            folder.hasSuffix("/") ? folder + name : folder + "/" + name
        }

        /// The file each input is written to in `folder`, in input order.
        ///
        /// - Throws: ``UsageError`` when two inputs would share a file
        ///   (compared ignoring letter case, as on case-insensitive file
        ///   systems), or when a file to write is one of `inputs`.
        func batchFiles(for inputs: [String], in folder: String) throws -> [String] {
            try InputPath.refuseOverwriting(inputs: inputs, with: folder)
            var owners: [String: String] = [:]
            var paths: [String] = []
            for input in inputs {
                let name = Self.baseName(input) + "." + format.fileExtension
                let path = Self.path(name, in: folder)
                if let other = owners[name.lowercased()] {
                    throw UsageError("\(other) and \(input) would both be written to \(path) (names are compared ignoring letter case); rename one of them, or plan them in separate runs")
                }
                owners[name.lowercased()] = input
                try InputPath.refuseOverwriting(inputs: inputs, with: path, label: "the output file \(path) for \(input)")
                paths.append(path)
            }
            return paths
        }

        /// One entry of a batch's json output.
        struct BatchEntry: Encodable {
            let file: String
            var route: PlannedRoute?
            var error: String?
            var exitStatus: Int32?
        }

        /// Plans every input, two at a time, and gathers one result per input.
        func batch(_ inputs: [String], progress: ProgressDisplay?) async throws -> CommandOutput {
            if matrix != nil {
                throw ValidationError("--matrix belongs to one itinerary; plan several itineraries without it, or one at a time with its own matrix")
            }
            if output.file == nil && format != .text && format != .json {
                throw ValidationError("--format \(format.rawValue) with several itineraries needs --output FOLDER (one file per itinerary)")
            }
            let files = try output.file.map { try batchFiles(for: inputs, in: $0) }
            typealias Outcome = Result<(PlannedRoute, String), any Error>
            let command = self
            progress?.expect(inputs.count)
            @Sendable func attempt(_ index: Int) async -> (Int, Outcome) {
                do {
                    let planned = try await command.plan(inputs[index], progress: progress)
                    return (index, .success(planned))
                } catch {
                    return (index, .failure(error))
                }
            }
            // Two at a time: one per core.
            let results = await withTaskGroup(of: (Int, Outcome).self, returning: [Outcome?].self) { group in
                var collected = [Outcome?](repeating: nil, count: inputs.count)
                var next = 0
                while next < min(2, inputs.count) {
                    let index = next
                    group.addTask { await attempt(index) }
                    next += 1
                }
                while let (index, outcome) = await group.next() {
                    collected[index] = outcome
                    if next < inputs.count {
                        let index = next
                        group.addTask { await attempt(index) }
                        next += 1
                    }
                }
                return collected
            }
            var out = CommandOutput(text: "", file: nil)
            var entries: [BatchEntry] = []
            var sections: [String] = []
            var written = output.file.map { BatchFiles(folder: $0) }
            for (index, (input, result)) in zip(inputs, results.map { $0! }).enumerated() {
                var failure: (any Error)?
                switch result {
                case let .success((route, name)):
                    entries.append(BatchEntry(file: input, route: route))
                    if let files {
                        do {
                            let text = try Self.render(route, name: name, as: format)
                            written?.items.append(.init(input: input, outcome: .planned(path: files[index], text: text)))
                        } catch {
                            failure = error
                        }
                    } else if format == .text {
                        sections.append("== \(input.terminalSafe)\n" + TextReport.render(route, name: name))
                    }
                case let .failure(error):
                    failure = error
                }
                if let failure {
                    let (status, message) = ExitStatus.classify(failure)
                        ?? (ExitStatus.software, String(describing: failure))
                    entries.append(BatchEntry(file: input, error: message, exitStatus: status))
                    if written != nil {
                        // Reported with the fate of every input when the files are written.
                        written?.items.append(.init(input: input, outcome: .failed(status: status, message: message)))
                    } else {
                        out.standardError += CommandRunner.errorLine(message)
                        if out.status == ExitStatus.success { out.status = status }
                    }
                }
            }
            if let written {
                out.batch = written
            } else {
                out.text = format == .json ? try JSONReport.encode(entries) : sections.joined(separator: "\n")
            }
            return out
        }

        /// The route in `format`.
        static func render(_ route: PlannedRoute, name: String, as format: Format) throws -> String {
            switch format {
            case .text: return TextReport.render(route, name: name)
            case .json: return try JSONReport.render(route)
            case .csv: return try route.document(.csv, name: name)
            case .gpx: return try route.document(.gpx, name: name)
            case .geojson: return try route.document(.geojson, name: name)
            case .kml: return try route.document(.kml, name: name)
            case .svg: return try route.document(.svg, name: name)
            }
        }

        mutating func run() async throws {
            let command = self
            try await CommandRunner.deliver { try await command.execute(progress: nil) }
        }
    }
}

extension TravelMode: ExpressibleByArgument {}
extension Objective: ExpressibleByArgument {}
extension MatrixSourceFormat: ExpressibleByArgument {}
