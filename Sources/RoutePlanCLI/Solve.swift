import ArgumentParser
import Foundation
import RoutePlanExport
import RoutePlanInstances
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

extension RoutePlanCommand {
    /// `routeplan solve instance.tsp`
    struct Solve: AsyncParsableCommand, RoutePlanSubcommand {
        static let configuration = CommandConfiguration(
            abstract: "Solve a TSPLIB95 instance (.tsp or .atsp) as a closed tour, or a Solomon VRPTW, TOPTW or MC-TOP-MTW benchmark instance.",
            discussion: """
                Supports EUC_2D, CEIL_2D, ATT, GEO and EXPLICIT edge weights, and gzip-compressed \
                files (.tsp.gz). The tour starts at node 1 and lists 1-based node ids, each once. \
                The svg format draws the tour of an instance with node coordinates.

                Solomon VRPTW, TOPTW and MC-TOP-MTW files are recognised from their content (or named with \
                --instance-format) and solved with the scheduling solver under each benchmark's \
                rules: time windows on the start of service; Solomon: every customer served by at \
                most the file's vehicles, total Euclidean distance minimised; TOPTW: --tours M \
                tours within Tmax (the depot's closing time), total score maximised, distances \
                truncated to one decimal (Solomon-based) or two (Cordeau-based); MC-TOP-MTW: as \
                TOPTW with the file's M tours, windows that differ by tour, the entrance fees \
                within the budget B and at most Ez places of each type z over the whole trip. \
                Prints the routes \
                as the file's customer numbers, the distance (two decimals), the score, the \
                vehicles used, feasibility re-checked independently of the search, and the gap \
                to --best-known when given (MC-TOP-MTW: also the fees and type counts used).

                Examples:
                  routeplan solve berlin52.tsp
                  routeplan solve pr1002.tsp --time-limit 1 --format json
                  routeplan solve ftv33.atsp --exact
                  routeplan solve a280.tsp --format svg --output a280.svg
                  routeplan solve C101.txt --time-limit 1 --best-known 828.94
                  routeplan solve c101.txt --tours 2 --time-limit 1 --format json
                  routeplan solve MCTOPMTW-2-pr01.txt --time-limit 1.5 --best-known 642
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, svg }

        @Argument(help: "The TSPLIB95, Solomon VRPTW, TOPTW or MC-TOP-MTW file.")
        var instance: String

        @Option(help: "Output format: text, json or svg (TSPLIB instances with node coordinates).")
        var format: Format = .text

        @Option(name: .customLong("instance-format"), help: "The file's format: tsplib, solomon, toptw or mctopmtw (default: recognised from the content).")
        var instanceFormat: InstanceFormat?

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "TOPTW only: the number of tours (days) m, 1 to 1000; TOPTW files do not carry it.", valueName: "M"))
        var tours: Int?

        @Option(name: .customLong("best-known"), parsing: .unconditional, help: ArgumentHelp(
            "Solomon, TOPTW or MC-TOP-MTW: a best-known objective (distance, or score) to report the gap to.", valueName: "X"))
        var bestKnown: Double?

        @Option(name: .customLong("truncate-distances"), parsing: .unconditional, help: ArgumentHelp(
            "Solomon, TOPTW or MC-TOP-MTW: truncate every distance to K decimals (Solomon: 0 to 4, e.g. 1, the rule of the exact methods' proven optima; the others: 0 to 2, default 1 or 2 by the file).",
            valueName: "K"))
        var truncateDistances: Int?

        @OptionGroup var solver: SolverOptions
        @OptionGroup var output: OutputOptions

        init() {}

        struct Result: Encodable {
            let name: String
            let dimension: Int
            let length: Int
            let tour: [Int]
            let provenOptimal: Bool
            /// A proven lower bound on the optimal length, and how far above it the tour is.
            let lowerBound: Int?
            let gapPercent: Double?
            let method: Solution.Method
            let exactStoppedByTimeLimit: Bool
            /// Branch and cut, when it ran: search-tree nodes solved, and how
            /// far below the route the root LP bound was, in percent.
            let searchNodes: Int?
            let rootGapPercent: Double?
            let seconds: Double
        }

        func validate() throws {
            if let tours, !(1...InstanceLimits.maxRoutes).contains(tours) {
                throw ValidationError("--tours must be a whole number from 1 to \(InstanceLimits.maxRoutes), got \(tours)")
            }
            if let truncateDistances, !(0...4).contains(truncateDistances) {
                throw ValidationError("--truncate-distances must be a whole number of decimals from 0 to 4, got \(truncateDistances)")
            }
            if let bestKnown, !(bestKnown.isFinite && bestKnown > 0) {
                throw ValidationError("--best-known must be a positive number, got \(bestKnown)")
            }
        }

        func execute(progress: ProgressDisplay?) async throws -> CommandOutput {
            let clock = ContinuousClock()
            // As the `routeplan` process: from its start, loading included.
            let started = ProcessClock.started ?? clock.now
            if let benchmark = try benchmarkFormat() {
                return try executeBenchmark(benchmark, started: started)
            }
            if tours != nil || bestKnown != nil || truncateDistances != nil {
                throw UsageError("--tours, --best-known and --truncate-distances apply to Solomon, TOPTW and MC-TOP-MTW instances only; \(instance) is read as TSPLIB95")
            }
            let tracked = progress?.trackSolve(URL(fileURLWithPath: instance).lastPathComponent)
            defer { tracked.map { progress?.finish($0.id) } }
            try InputPath.check(instance, as: .tsplib)
            if let file = output.file { try InputPath.refuseOverwriting(inputs: [instance], with: file) }
            let problem = try TSPLIBInstance(contentsOf: URL(fileURLWithPath: instance))
            // The time limit covers the whole command: starting the process,
            // reading the file and building the matrix count against it.
            var options = solver.solverOptions
            options.progress = tracked?.progress
            let limit = options.timeLimit
            func remaining() -> Duration? { limit.map { max(.zero, $0 - started.duration(to: clock.now)) } }
            options.timeLimit = remaining()
            let outcome: RouteSolver.Outcome
            if !solver.exact,
               let searched = try await problem.solveFromCoordinates(options: options,
                                                                     executor: CommandLineSolving.executor) {
                outcome = searched
            } else {
                // --exact on an instance too large for Held–Karp and branch
                // and cut is refused before its n² matrix is built.
                if solver.exact, RouteSolver.exactEngine(nodes: problem.dimension, endpoints: .roundTrip(from: 0),
                                                         options: options) == .heldKarp {
                    try HeldKarp.checkSize(nodes: problem.dimension, endpoints: .roundTrip(from: 0),
                                           memoryLimit: options.maxMemoryBytes)
                }
                let matrix = try CostMatrix(problem, threads: options.maxThreads)
                options.timeLimit = remaining()
                outcome = try await RouteSolver.solve(matrix, endpoints: .roundTrip(from: 0), options: options,
                                                      executor: CommandLineSolving.executor)
            }
            let elapsed = started.duration(to: clock.now)
            let solution = outcome.solution
            let result = Result(
                name: problem.name, dimension: problem.dimension, length: solution.cost,
                tour: solution.order.map { $0 + 1 }, provenOptimal: solution.provenOptimal,
                lowerBound: outcome.lowerBound, gapPercent: outcome.gapPercent.map { ($0 * 1000).rounded() / 1000 },
                method: solution.method, exactStoppedByTimeLimit: outcome.exactStoppedByTimeLimit,
                searchNodes: outcome.branchAndCut?.searchNodes,
                rootGapPercent: outcome.rootGapPercent.map { ($0 * 1000).rounded() / 1000 },
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            switch format {
            case .svg:
                guard let points = problem.coordinates else {
                    throw UnsupportedOutput(file: instance, reason: "the svg format needs node coordinates, and this instance has only explicit edge weights; use text or json")
                }
                let svg = SVGDocument.planarRoute(name: problem.name, points: points.map { (x: $0.x, y: $0.y) },
                                                  order: solution.order, closed: true)
                return CommandOutput(text: svg, file: output.file)
            case .json:
                return CommandOutput(text: try JSONReport.encode(result), file: output.file)
            case .text:
                var quality = solution.provenOptimal
                    ? "proven optimal"
                    : outcome.exactStoppedByTimeLimit ? "not proven optimal: the exact solve ran out of time" : "not proven optimal"
                if !solution.provenOptimal, let bound = outcome.lowerBound, let gap = outcome.gapPercent {
                    quality += String(format: ", at most %.2f %% above the optimum (lower bound %d)", gap, bound)
                }
                let text = """
                    \(problem.name.terminalSafe): \(problem.dimension) nodes, \(problem.kind == .symmetric ? "symmetric" : "asymmetric") (\(problem.edgeWeightType.rawValue))
                    Length: \(solution.cost) (\(quality); \(solution.method.rawValue)\(result.searchNodes.map { ", \($0) search node\($0 == 1 ? "" : "s")" } ?? ""), \(String(format: "%.3f", result.seconds)) s)
                    Tour: \(result.tour.map(String.init).joined(separator: " "))

                    """
                return CommandOutput(text: text, file: output.file)
            }
        }

        mutating func run() async throws {
            let command = self
            try await CommandRunner.deliver { try await command.execute(progress: nil) }
        }
    }
}
