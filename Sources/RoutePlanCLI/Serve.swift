import ArgumentParser
import Foundation
import Logging
import RoutePlan
import RoutePlanServer
import RoutePlanSolver

extension RoutePlanCommand {
    /// `routeplan serve`
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the planner over HTTP (JSON in, route out).",
            discussion: """
                Endpoints: POST /v1/plan (an itinerary as in the file format, optionally with \
                "options" and "matrix" members), POST /v1/solve (a cost matrix as JSON, or a \
                TSPLIB text), GET /healthz, GET /readyz, GET /metrics (Prometheus), \
                GET /openapi.json. Solves run on --threads dedicated threads; up to --queue \
                requests wait for one, past that the answer is 503 with Retry-After. Every \
                request has a deadline from its arrival (its timeLimit, else --time-limit, at \
                most --max-time-limit). SIGTERM or SIGINT stops accepting, answers queued \
                requests 503, lets running solves finish within their deadlines, and exits.

                Examples:
                  routeplan serve
                  routeplan serve --host 0.0.0.0 --port 8080 --threads 4 --max-stops 500
                  curl -s -H 'Content-Type: application/json' --data @trip.json localhost:8080/v1/plan
                """)

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(parsing: .unconditional, help: "The port to listen on (0 picks a free one, printed in the log).")
        var port = 8080

        @Option(parsing: .unconditional, help: ArgumentHelp("Solver threads: solves that run at once (default: one per core).", valueName: "n"))
        var threads: Int?

        @Option(parsing: .unconditional, help: ArgumentHelp("Requests that may wait for a solver thread before the answer is 503 (default: 8 per thread).",
                                   valueName: "n"))
        var queue: Int?

        @Option(name: .customLong("max-stops"), parsing: .unconditional, help: ArgumentHelp("The most stops one plan may have.", valueName: "n"))
        var maxStops = ServerConfiguration.defaultMaxStops

        @Option(name: .customLong("max-body"), parsing: .unconditional, help: ArgumentHelp("The largest request body, e.g. 4M.", valueName: "size"))
        var maxBody = "4M"

        @Option(name: .customLong("max-memory"), parsing: .unconditional, help: ArgumentHelp(
            "The memory all concurrent plans may reserve together, e.g. 2G (default: three quarters of what the process may use).",
            valueName: "size"))
        var maxMemory: String?

        @Option(name: .customLong("time-limit"), parsing: .unconditional, help: ArgumentHelp(
            "The time limit of a request that gives none, in seconds.", valueName: "seconds"))
        var timeLimit = 10.0

        @Option(name: .customLong("max-time-limit"), parsing: .unconditional, help: ArgumentHelp(
            "The longest time limit a request may ask for, in seconds (longer ones are cut to it); shutdown waits at most this long.",
            valueName: "seconds"))
        var maxTimeLimit = 60.0

        @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
        var logLevel = "info"

        init() {}

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, got \(port)") }
            if let threads, !(1...1_024).contains(threads) {
                throw ValidationError("--threads must be from 1 to 1024, got \(threads)")
            }
            if let queue, !(0...1_000_000).contains(queue) {
                throw ValidationError("--queue must be from 0 to 1000000, got \(queue)")
            }
            guard (1...1_000_000).contains(maxStops) else {
                throw ValidationError("--max-stops must be from 1 to 1000000, got \(maxStops)")
            }
            guard let body = SolverOptions.parseBytes(maxBody), body >= 1 << 10, body <= 1 << 30 else {
                throw ValidationError("--max-body \"\(maxBody)\" must be a size from 1K to 1G, e.g. 4M")
            }
            if let maxMemory {
                guard let bytes = SolverOptions.parseBytes(maxMemory), bytes >= 1 << 20 else {
                    throw ValidationError("--max-memory \"\(maxMemory)\" must be a size of at least 1M, e.g. 2G")
                }
            }
            for (name, value) in [("--time-limit", timeLimit), ("--max-time-limit", maxTimeLimit)] {
                guard value.isFinite, value >= 0.001, value <= 86_400 else {
                    throw ValidationError("\(name) must be from 0.001 to 86400 seconds, got \(value)")
                }
            }
            guard timeLimit <= maxTimeLimit else {
                throw ValidationError("--time-limit (\(timeLimit) s) cannot exceed --max-time-limit (\(maxTimeLimit) s)")
            }
            guard Logger.Level(rawValue: logLevel) != nil else {
                throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
            }
        }

        /// The server's configuration from the flags (checked in ``validate()``).
        var serverConfiguration: ServerConfiguration {
            let threads = threads ?? HeldKarp.processorCount
            let budget = maxMemory.flatMap(SolverOptions.parseBytes) ?? MemoryBudget.defaultCapacity()
            return ServerConfiguration(
                host: host, port: port, maxBodyBytes: SolverOptions.parseBytes(maxBody) ?? 4 << 20,
                limits: .init(maxStops: maxStops, maxBytes: budget), threads: threads, queueCapacity: queue,
                memoryBudgetBytes: budget,
                defaultTimeLimit: .milliseconds(Int64((timeLimit * 1_000).rounded())),
                maxTimeLimit: .milliseconds(Int64((maxTimeLimit * 1_000).rounded())))
        }

        func serve() async throws {
            var logger = Logger(label: "routeplan.serve", factory: { label in StreamLogHandler.standardError(label: label) })
            logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
            let server = PlanServer(configuration: serverConfiguration, logger: logger)
            let announcer = logger
            try await server.run { port in
                let logger = announcer
                logger.notice("listening", metadata: ["address": "http://\(server.configuration.host):\(port)"])
            }
        }

        mutating func run() async throws {
            try await serve()
        }
    }
}
