import ArgumentParser
import RoutePlanExport
import RoutePlanSolver

/// Solver flags shared by `optimize` and `solve`.
struct SolverOptions: ParsableArguments {
    @Flag(help: "Always solve exactly: Held–Karp on small problems, branch and cut on larger ones (proven optimal unless the time limit stops it; refused up front if too large for both).")
    var exact = false

    /// The exact solvers `--exact-engine` names.
    enum ExactEngineChoice: String, ExpressibleByArgument, CaseIterable {
        case heldKarp = "held-karp"
        /// Branch and cut, its formulation chosen automatically (arcs for asymmetric costs).
        case branchAndCut = "branch-and-cut"
        /// Branch and cut on arc variables (asymmetric costs, paths, fixed ends).
        case branchAndCutArcs = "branch-and-cut-arcs"
        /// Branch and cut on the doubled symmetric graph (asymmetric costs, paths, fixed ends).
        case branchAndCutDoubled = "branch-and-cut-doubled"

        var engine: RouteSolver.ExactEngine { self == .heldKarp ? .heldKarp : .branchAndCut }

        var formulation: BranchAndCut.Formulation {
            switch self {
            case .heldKarp, .branchAndCut: return .automatic
            case .branchAndCutArcs: return .arcs
            case .branchAndCutDoubled: return .doubled
            }
        }
    }

    @Option(name: .customLong("exact-engine"), help: ArgumentHelp(
        "With --exact: held-karp or branch-and-cut rather than the one chosen by size (to compare them); branch-and-cut-arcs or branch-and-cut-doubled also fix how branch and cut models asymmetric costs (default: arcs).",
        valueName: "engine"))
    var exactEngine: ExactEngineChoice?

    @Flag(help: "Always use the heuristic solver (Lin–Kernighan and Or-opt local search with kicks; reports a lower bound and the gap).")
    var heuristic = false

    @Option(name: .customLong("time-limit"), parsing: .unconditional, help: ArgumentHelp(
        "Stop solving after this many seconds, from 0.001 to 604800 (one week). An exact solve that runs out of time returns the heuristic route, marked not proven optimal; the heuristic uses the whole budget.",
        valueName: "seconds"))
    var timeLimit: Double?

    @Option(parsing: .unconditional, help: "Seed for the heuristic's random kicks; the same seed gives the same route.")
    var seed: UInt64 = 1

    @Option(name: .customLong("max-memory"), parsing: .unconditional, help: ArgumentHelp(
        "Most memory the exact solver may use, from 1M to 1024T, e.g. 512M or 4G (default: what the system has available).",
        valueName: "size"))
    var maxMemory: String?

    /// The accepted `--time-limit`, in seconds: a millisecond to a week.
    static let timeLimitRange = 0.001...604_800.0
    /// The accepted `--max-memory`, in bytes: 1 MiB to 1024 TiB.
    static let maxMemoryRange = 0x1p20...0x1p50

    func validate() throws {
        if exact && heuristic { throw ValidationError("--exact and --heuristic cannot be used together; choose one") }
        if exactEngine != nil && !exact { throw ValidationError("--exact-engine applies with --exact only; add --exact") }
        if let timeLimit {
            try Self.checkSeconds(timeLimit, option: "--time-limit", range: Self.timeLimitRange,
                                  described: "from 0.001 to 604800 (one week)")
        }
        if let maxMemory {
            guard let bytes = Self.sizeValue(maxMemory) else {
                throw ValidationError("--max-memory \"\(maxMemory)\" is not a size; use a number with K, M, G or T, e.g. 512M")
            }
            if bytes < Self.maxMemoryRange.lowerBound {
                throw ValidationError("--max-memory \(maxMemory) is too small (min 1M); give at least one mebibyte, e.g. 512M")
            }
            if bytes > Self.maxMemoryRange.upperBound {
                throw ValidationError("--max-memory \(maxMemory) is too large (max 1024T)")
            }
        }
    }

    /// Checks a number of seconds given with `option`: within `range`
    /// (so finite), which `described` puts in words for the message.
    static func checkSeconds(_ seconds: Double, option: String, range: ClosedRange<Double>, described: String) throws {
        guard range.contains(seconds) else {
            throw ValidationError("\(option) must be a number of seconds \(described), got \(seconds)")
        }
    }

    var solverOptions: RouteSolver.Options {
        var options = RouteSolver.Options(
            strategy: exact ? .exact : heuristic ? .heuristic : .automatic,
            // validate() keeps the limit within a week, which always converts.
            timeLimit: timeLimit.flatMap(Duration.checkedSeconds),
            maxMemoryBytes: maxMemory.flatMap(Self.parseBytes),
            seed: seed,
            exactEngine: exactEngine?.engine)
        options.branchAndCutFormulation = exactEngine?.formulation ?? .automatic
        return options
    }

    /// Parses sizes such as `1048576`, `512M`, `1.5G`, `4GB`, `2GiB` (binary
    /// multiples); `nil` for what is not a size or is out of ``maxMemoryRange``.
    static func parseBytes(_ text: String) -> Int? {
        guard let bytes = sizeValue(text), maxMemoryRange.contains(bytes) else { return nil }
        return Int(bytes)
    }

    /// The number of bytes `text` names, unrounded and unchecked for range
    /// (`+infinity` for `inf`); `nil` when it is not a size at all.
    static func sizeValue(_ text: String) -> Double? {
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
        guard let value = Double(number), !value.isNaN else { return nil }
        return value * scale
    }
}

extension Duration {
    /// `seconds` as a duration, or `nil` when it is negative, not finite, or
    /// too long for the nanosecond count a `Duration` is built from (about
    /// 292 years): `Int64(seconds * 1e9)` traps there, this does not.
    static func checkedSeconds(_ seconds: Double) -> Duration? {
        let nanoseconds = (seconds * 1e9).rounded()
        guard seconds.isFinite, seconds >= 0, nanoseconds < 0x1p63 else { return nil }
        return .nanoseconds(Int64(nanoseconds))
    }
}

/// Where results go.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp(
        "Write the result to this file instead of standard output, only when the solve succeeds: a regular file is replaced atomically (a symbolic link's target, keeping the link), a device or FIFO is written in place, - is standard output. It must not be one of the inputs.",
        valueName: "file"))
    var output: String?

    @Flag(help: "Show no progress on standard error (shown only when it is a terminal and work takes over a second).")
    var quiet = false

    func validate() throws {
        if output?.isEmpty == true {
            throw ValidationError("--output needs a path; use - for standard output")
        }
    }

    /// The output file, or `nil` for standard output (no `--output`, or `-`).
    var file: String? { output == "-" ? nil : output }
}

/// How the Google Maps links are cut and what they open, for `optimize` and `schedule`.
struct LinkOptions: ParsableArguments {
    @Option(name: [.customLong("max-waypoints"), .customLong("waypoints-per-link")], parsing: .unconditional, help: ArgumentHelp(
        "Waypoints per Google Maps link, 1 to 9 (Google allows 9; use 3 for links opened in mobile browsers).",
        valueName: "n"))
    var waypointsPerLink = 9

    @Flag(help: "Make the Google Maps links start turn-by-turn navigation (dir_action=navigate).")
    var navigate = false

    func validate() throws {
        guard GoogleMapsDirections.supportedWaypointsPerLink.contains(waypointsPerLink) else {
            throw ValidationError("--max-waypoints must be from 1 to 9, got \(waypointsPerLink)")
        }
    }

    /// The link builder these options describe.
    func directions() throws -> GoogleMapsDirections {
        var links = try GoogleMapsDirections(maxWaypointsPerLink: waypointsPerLink)
        links.navigate = navigate
        return links
    }
}
