import ArgumentParser

/// `routeplan`: the root command.
public struct RoutePlanCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "routeplan",
        abstract: "Find the shortest route through your places and open it in Google Maps.",
        discussion: """
            Exit status follows sysexits(3): 0 success, 64 bad command line, 65 bad input data, \
            66 input file missing, 69 solve refused by a limit (memory, size, time), \
            73 cannot write the output file, 70 internal error, 130 cancelled.
            """,
        version: "0.1.0",
        subcommands: [Optimize.self, Solve.self]
    )

    public init() {}
}
