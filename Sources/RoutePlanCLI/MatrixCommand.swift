import ArgumentParser
import Foundation
import RoutePlan
import RoutePlanExport
import RoutePlanFetch
import RoutePlanMatrix

extension RoutePlanCommand {
    /// `routeplan matrix …`: routing-engine travel matrices.
    struct Matrix: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch travel matrices from a routing engine for later planning.",
            subcommands: [Fetch.self])

        /// `routeplan matrix fetch itinerary.json --provider google|osrm`
        struct Fetch: AsyncParsableCommand, RoutePlanSubcommand {
            static let configuration = CommandConfiguration(
                abstract: "Ask Google or OSRM for the itinerary's travel matrix and write a tile cache.",
                discussion: """
                    Writes the cache `routeplan optimize --matrix` reads. Google requests are tiled \
                    within Google's limits (25 origins, 25 destinations, 100 elements) and retried \
                    with backoff on OVER_QUERY_LIMIT, UNKNOWN_ERROR, HTTP 429 and 5xx and timeouts. \
                    The Google API key is read from the GOOGLE_MAPS_API_KEY environment variable, \
                    never from the command line, and never printed or written.

                    Examples:
                      GOOGLE_MAPS_API_KEY=… routeplan matrix fetch lyon.json --provider google --output lyon-cache.json
                      routeplan matrix fetch lyon.json --provider osrm --server http://localhost:5000 --output lyon-osrm.json
                      routeplan optimize lyon.json --matrix lyon-cache.json
                    """)

            enum Provider: String, ExpressibleByArgument, CaseIterable { case google, osrm }

            @Argument(help: "The itinerary JSON file.")
            var itinerary: String

            @Option(help: "The routing engine: google or osrm.")
            var provider: Provider

            @Option(help: ArgumentHelp("The OSRM server's base URL (required with --provider osrm).", valueName: "url"))
            var server: String?

            @Option(help: "The OSRM profile (default: driving).")
            var profile = "driving"

            @Option(name: .customLong("travel-mode"), help: "Google travel mode: driving, walking, bicycling or transit (default: the file's, else driving).")
            var travelMode: TravelMode?

            @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for each response before retrying, from 0.001 to 3600 (one hour).",
                                       valueName: "seconds"))
            var timeout: Double = 30

            /// The accepted `--timeout`, in seconds.
            static let timeoutRange = 0.001...3_600.0

            @OptionGroup var output: OutputOptions

            init() {}

            func validate() throws {
                if provider == .osrm {
                    guard let server else { throw ValidationError("--provider osrm needs --server URL, e.g. http://localhost:5000") }
                    guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                        throw ValidationError("--server \"\(server)\" is not an http(s) URL")
                    }
                } else if server != nil {
                    throw ValidationError("--server applies to --provider osrm only")
                }
                try SolverOptions.checkSeconds(timeout, option: "--timeout", range: Self.timeoutRange,
                                               described: "from 0.001 to 3600 (one hour)")
            }

            func execute(progress: ProgressDisplay?) async throws -> CommandOutput {
                try InputPath.check(itinerary, as: .itinerary)
                if let file = output.file { try InputPath.refuseOverwriting(inputs: [itinerary], with: file) }
                let plan = try Itinerary(contentsOf: URL(fileURLWithPath: itinerary))
                let places = plan.stops.map {
                    FetchPlace(name: $0.name, placeID: $0.placeID,
                               coordinate: Coordinate(latitude: $0.latitude, longitude: $0.longitude))
                }
                let engine: MatrixFetcher.Provider
                switch provider {
                case .google:
                    let mode = travelMode ?? plan.route.travelMode ?? .driving
                    engine = .google(apiKey: try GoogleAPIKey.fromEnvironment(), travelMode: mode.rawValue)
                case .osrm:
                    // validate() guarantees a valid URL.
                    engine = .osrm(server: URL(string: server ?? "")!, profile: profile)
                }
                let id = progress?.track("fetching a \(places.count) × \(places.count) matrix", status: "starting")
                defer { id.map { progress?.finish($0) } }
                // validate() keeps the timeout within an hour, which always converts.
                let fetcher = MatrixFetcher(provider: engine, timeout: Duration.checkedSeconds(timeout) ?? .seconds(30)) { event in
                    guard let id else { return }
                    switch event {
                    case let .request(tile, attempt):
                        progress?.update(id, status: "request \(tile.index + 1) of \(tile.count)"
                                         + (attempt > 1 ? " (attempt \(attempt))" : ""))
                    case let .retry(tile, _, reason, _):
                        progress?.update(id, status: "request \(tile.index + 1) of \(tile.count): \(reason), retrying")
                    case .tileDone: break
                    }
                }
                let result = try await fetcher.fetch(places)
                return CommandOutput(text: String(decoding: result.cacheData, as: UTF8.self), file: output.file)
            }

            mutating func run() async throws {
                let command = self
                try await CommandRunner.deliver { try await command.execute(progress: nil) }
            }
        }
    }
}
