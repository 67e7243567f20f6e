import ArgumentParser

/// `routeplan`: the root command.
public struct RoutePlanCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "routeplan",
        abstract: "Find the shortest route through your places and open it in Google Maps.",
        discussion: """
            Examples:
              routeplan optimize trip.json
              routeplan optimize trip.json --matrix google-cache.json --format json
              routeplan optimize trips/ --format gpx --output gpx/
              routeplan schedule rome-3-days.json
              routeplan solve pr1002.tsp --time-limit 1
              routeplan matrix fetch trip.json --provider osrm --server http://localhost:5000 -o cache.json
              routeplan serve --port 8080

            Exit status follows sysexits(3): 0 success, 64 bad command line, 65 bad input data, \
            66 input missing or not a readable file (a folder, FIFO, device), 69 no feasible route or refused by a limit (memory, size, \
            time), 70 internal error, 73 cannot write the output (the file or standard output), \
            130 cancelled.
            """,
        version: "0.1.0",
        subcommands: [Optimize.self, Schedule.self, Solve.self, Matrix.self, Serve.self]
    )

    public init() {}
}
