import ArgumentParser
import RoutePlanSolver

/// Solver flags shared by `optimize` and `solve`.
struct SolverOptions: ParsableArguments {
    @Flag(help: "Always use the exact Held–Karp solver (proven optimal; refused up front if it would not fit in memory).")
    var exact = false

    @Flag(help: "Always use the heuristic solver (Lin–Kernighan and Or-opt local search with kicks; reports a lower bound and the gap).")
    var heuristic = false

    @Option(name: .customLong("time-limit"), help: ArgumentHelp(
        "Stop solving after this many seconds. An exact solve that runs out of time returns the heuristic route, marked not proven optimal; the heuristic uses the whole budget.",
        valueName: "seconds"))
    var timeLimit: Double?

    @Option(help: "Seed for the heuristic's random kicks; the same seed gives the same route.")
    var seed: UInt64 = 1

    @Option(name: .customLong("max-memory"), help: ArgumentHelp(
        "Most memory the exact solver may use, e.g. 512M or 4G (default: what the system has available).",
        valueName: "size"))
    var maxMemory: String?

    func validate() throws {
        if exact && heuristic { throw ValidationError("--exact and --heuristic cannot be used together; choose one") }
        if let timeLimit, !(timeLimit > 0 && timeLimit.isFinite) {
            throw ValidationError("--time-limit must be a positive number of seconds, got \(timeLimit)")
        }
        if let maxMemory, Self.parseBytes(maxMemory) == nil {
            throw ValidationError("--max-memory \"\(maxMemory)\" is not a size; use a number with K, M, G or T, e.g. 512M")
        }
    }

    var solverOptions: RouteSolver.Options {
        RouteSolver.Options(
            strategy: exact ? .exact : heuristic ? .heuristic : .automatic,
            timeLimit: timeLimit.map { .nanoseconds(Int64($0 * 1e9)) },
            maxMemoryBytes: maxMemory.flatMap(Self.parseBytes),
            seed: seed)
    }

    /// Parses sizes such as `1048576`, `512M`, `1.5G`, `4GB`, `2GiB` (binary multiples).
    static func parseBytes(_ text: String) -> Int? {
        var number = text.uppercased()
        for suffix in ["IB", "B"] where number.hasSuffix(suffix) && number.count > suffix.count {
            number.removeLast(suffix.count)
            break
        }
        let units: [Character: Double] = ["K": 0x1p10, "M": 0x1p20, "G": 0x1p30, "T": 0x1p40]
        var scale = 1.0
        if let last = number.last, let unit = units[last] {
            scale = unit
            number.removeLast()
        }
        guard let value = Double(number), value > 0, value.isFinite, value * scale < 9e18 else { return nil }
        return Int(value * scale)
    }
}

/// Where results go.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp(
        "Write the result to this file instead of standard output (written only when the solve succeeds).",
        valueName: "file"))
    var output: String?

    @Flag(help: "Show no progress on standard error (shown only when it is a terminal and work takes over a second).")
    var quiet = false
}
