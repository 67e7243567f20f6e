import ArgumentParser
import Foundation
import RoutePlanInstances
import RoutePlanSolver

extension RoutePlanCommand.Solve {
    /// `--instance-format`.
    enum InstanceFormat: String, ExpressibleByArgument, CaseIterable { case tsplib, solomon, toptw, mctopmtw }

    /// The benchmark format `instance` is read as, or `nil` for TSPLIB95:
    /// `--instance-format` when given, else recognised from the first 8 KB.
    /// The path is checked first, with the wording of the role it is read as.
    func benchmarkFormat() throws -> BenchmarkInstance.DetectedFormat? {
        switch instanceFormat {
        case .tsplib?: return nil
        case .solomon?:
            try InputPath.check(instance, as: .benchmark)
            return .solomon
        case .toptw?:
            try InputPath.check(instance, as: .benchmark)
            return .toptw
        case .mctopmtw?:
            try InputPath.check(instance, as: .benchmark)
            return .mctopmtw
        case nil:
            try InputPath.check(instance, as: .tsplib)
            guard let handle = FileHandle(forReadingAtPath: instance) else { return nil }
            defer { try? handle.close() }
            let prefix = (try? handle.read(upToCount: 8192)) ?? Data()
            return BenchmarkInstance.sniff(prefix)
        }
    }

    /// The JSON of a benchmark solve.
    struct BenchmarkResult: Encodable {
        let name: String
        let format: String
        let customers: Int
        /// Routes available: the vehicles of a Solomon file, --tours, or the tours M of an MC-TOP-MTW file.
        let routesAvailable: Int
        /// The used routes, each the file's customer numbers in visiting order, depot left out.
        let routes: [[Int]]
        /// Total distance as the benchmark defines it, to two decimals.
        let distance: Double
        /// Sum of the served customers' scores (Solomon: the number served).
        let score: Int
        let vehicles: Int
        let feasible: Bool
        /// What makes it infeasible (empty when feasible).
        let violations: [String]
        /// Customers not served, by file number.
        let unserved: [Int]
        let bestKnown: Double?
        /// Solomon: (distance − best) / best × 100; TOPTW, MC-TOP-MTW: (best − score) / best × 100.
        let gapPercent: Double?
        /// MC-TOP-MTW: the use of each shared limit (entrance fees, then types 1…10) and its capacity.
        let sharedUse: [Int]?
        let sharedCapacity: [Int]?
        let seed: UInt64
        let iterations: Int
        let termination: String
        let seconds: Double
    }

    func executeBenchmark(_ detected: BenchmarkInstance.DetectedFormat, started: ContinuousClock.Instant) throws -> CommandOutput {
        let clock = ContinuousClock()
        if solver.exact || solver.heuristic || solver.maxMemory != nil {
            throw UsageError("--exact, --heuristic and --max-memory apply to TSPLIB95 instances only; \(instance) is a benchmark instance solved by the scheduling search (use --time-limit and --seed)")
        }
        if format == .svg {
            throw UnsupportedOutput(file: instance, reason: "the svg format draws TSPLIB95 tours only; use text or json for Solomon, TOPTW and MC-TOP-MTW instances")
        }
        let wanted: BenchmarkInstance.Format?
        switch detected {
        case .solomon: wanted = .solomon
        case .toptw: wanted = .toptw
        case .mctopmtw: wanted = .mctopmtw
        }
        if wanted == .solomon && tours != nil {
            throw UsageError("--tours applies to TOPTW instances only; a Solomon file gives its own fleet")
        }
        if wanted == .mctopmtw && tours != nil {
            throw UsageError("--tours applies to TOPTW instances only; an MC-TOP-MTW file gives its own number of tours (M)")
        }
        if wanted == .toptw && tours == nil {
            throw UsageError("\(instance) is a TOPTW instance, which does not carry the number of tours: give --tours M (e.g. 1 to 4)")
        }
        if let file = output.file { try InputPath.refuseOverwriting(inputs: [instance], with: file) }
        let benchmark = try BenchmarkInstance.load(instance, format: wanted, tours: tours, truncatedDecimals: truncateDistances)
        let limit = solver.timeLimit.flatMap(Duration.checkedSeconds)
        let remaining = limit.map { max(.zero, $0 - started.duration(to: clock.now)) }
        let solution = try ScheduleSolver.solve(
            benchmark.problem, options: .init(seed: solver.seed), control: SolveControl(timeLimit: remaining))
        let elapsed = started.duration(to: clock.now)
        var violations = ScheduleSolver.violations(of: solution, for: benchmark.problem)
        let report = benchmark.report(solution)
        if benchmark.servesEveryone && !report.unserved.isEmpty {
            violations.append("\(report.unserved.count) customers not served: \(report.unserved.prefix(20).map(String.init).joined(separator: " "))")
        }
        let gap: Double? = bestKnown.map { best in
            let raw = benchmark.servesEveryone ? (report.distance - best) / best * 100 : (best - Double(report.score)) / best * 100
            return (raw * 1000).rounded() / 1000
        }
        let result = BenchmarkResult(
            name: benchmark.name, format: benchmark.format.rawValue, customers: benchmark.customers.count,
            routesAvailable: benchmark.routeCount, routes: report.routes,
            distance: (report.distance * 100).rounded() / 100, score: report.score, vehicles: report.vehicles,
            feasible: violations.isEmpty, violations: violations, unserved: report.unserved, bestKnown: bestKnown,
            gapPercent: gap,
            sharedUse: benchmark.problem.sharedLimits.isEmpty ? nil : Self.sharedUse(solution, benchmark.problem),
            sharedCapacity: benchmark.problem.sharedLimits.isEmpty ? nil : benchmark.problem.sharedLimits.map(\.capacity),
            seed: solver.seed, iterations: solution.iterations,
            termination: solution.termination.rawValue,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        if format == .json {
            return CommandOutput(text: try JSONReport.encode(result), file: output.file)
        }
        return CommandOutput(text: Self.text(result, benchmark: benchmark), file: output.file)
    }

    /// The use of each shared limit by the served visits of `solution`.
    static func sharedUse(_ solution: ScheduleSolution, _ problem: ScheduleProblem) -> [Int] {
        var used = [Int](repeating: 0, count: problem.sharedLimits.count)
        for plan in solution.routes {
            for stop in plan.stops {
                for (k, use) in problem.visits[stop.visit].sharedUse.enumerated() where k < used.count { used[k] += use }
            }
        }
        return used
    }

    static func text(_ result: BenchmarkResult, benchmark: BenchmarkInstance) -> String {
        let two = { (x: Double) in String(format: "%.2f", x) }
        var lines: [String] = []
        let name = result.name.terminalSafe
        switch benchmark.format {
        case .solomon:
            lines.append("\(name) (Solomon VRPTW): \(result.customers) customers, \(result.routesAvailable) vehicles of capacity \(benchmark.capacity ?? 0), depot open \(benchmark.depotOpens.formatted)–\(benchmark.depotCloses.formatted)\(benchmark.truncatedDecimals.map { ", distances truncated to \($0) decimal\($0 == 1 ? "" : "s")" } ?? "")")
            lines.append("Distance: \(two(result.distance))  Vehicles: \(result.vehicles)  Served: \(result.customers - result.unserved.count) of \(result.customers)  Feasible: \(result.feasible ? "yes" : "NO")")
            if let gap = result.gapPercent, let best = result.bestKnown {
                // A best-known value given to two decimals can sit a hair above the real distance: no "-0.00".
                lines.append("Gap: \(String(format: "%+.2f", abs(gap) < 0.005 ? 0 : gap)) % to the best known distance \(two(best))")
            }
        case .toptw:
            lines.append("\(name) (TOPTW): \(result.customers) customers, \(result.routesAvailable) tours, Tmax \(benchmark.depotCloses.formatted), distances truncated to \(benchmark.truncatedDecimals ?? 2) decimal\(benchmark.truncatedDecimals == 1 ? "" : "s")")
            lines.append("Score: \(result.score)  Distance: \(two(result.distance))  Tours used: \(result.vehicles)  Served: \(result.customers - result.unserved.count) of \(result.customers)  Feasible: \(result.feasible ? "yes" : "NO")")
            if let gap = result.gapPercent, let best = result.bestKnown {
                lines.append("Gap: \(String(format: "%.2f", abs(gap) < 0.005 ? 0 : gap)) % below the best known score \(best.formatted)")
            }
        case .mctopmtw:
            lines.append("\(name) (MC-TOP-MTW): \(result.customers) customers, \(result.routesAvailable) tours, Tmax \(benchmark.depotCloses.formatted), distances truncated to \(benchmark.truncatedDecimals ?? 2) decimal\(benchmark.truncatedDecimals == 1 ? "" : "s")")
            lines.append("Score: \(result.score)  Distance: \(two(result.distance))  Tours used: \(result.vehicles)  Served: \(result.customers - result.unserved.count) of \(result.customers)  Feasible: \(result.feasible ? "yes" : "NO")")
            if let use = result.sharedUse, let capacity = result.sharedCapacity, use.count == capacity.count, !use.isEmpty {
                let types = (1..<use.count).map { "\(use[$0])/\(capacity[$0])" }.joined(separator: " ")
                lines.append("Entrance fees: \(use[0]) of budget \(capacity[0])  Types 1–\(use.count - 1) used/cap: \(types)")
            }
            if let gap = result.gapPercent, let best = result.bestKnown {
                lines.append("Gap: \(String(format: "%.2f", abs(gap) < 0.005 ? 0 : gap)) % below the best known score \(best.formatted)")
            }
        }
        for violation in result.violations.prefix(10) { lines.append("Violation: \(violation.terminalSafe)") }
        for (index, route) in result.routes.enumerated() {
            lines.append("Route \(index + 1): \(route.map(String.init).joined(separator: " "))")
        }
        lines.append("Solved in \(String(format: "%.3f", result.seconds)) s (\(result.termination), \(result.iterations) iterations, seed \(result.seed))")
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension Double {
    /// A whole number without decimals, otherwise up to four.
    var formatted: String {
        if self == rounded() && abs(self) < 1e15 { return String(Int(self)) }
        var text = String(format: "%.4f", self)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
