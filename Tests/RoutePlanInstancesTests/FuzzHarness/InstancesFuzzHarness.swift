// What the `instances` fuzz target does with one input. This file is compiled
// twice: here, where FuzzRegressionTests replays the committed crash inputs in
// Fixtures/fuzz-regressions/instances/, and (through a symbolic link) in
// Tests/Fuzz/Sources/FuzzInstances. `fuzzCheck` reports a broken invariant: a
// trap under the fuzzer, a test issue here.

import Foundation
import RoutePlanInstances
import RoutePlanSolver
#if canImport(FuzzSupport)
import FuzzSupport
#else
import FuzzReplay
#endif

/// Solomon VRPTW, TOPTW and MC-TOP-MTW benchmark files.
///
/// The first byte chooses how the rest is read: the format (detected, or
/// forced to one of the three), `--tours` (none or 1–4) and
/// `--truncate-distances` (none, 0, 1 or 2), as `routeplan solve` would pass
/// them. Then, for what reads:
///
/// - the instance is consistent: one point per customer plus the depot, one
///   visit per customer, at least one route, and the problem passes the
///   scheduler's own validation;
/// - with at most 30 customers, a short search (200 iterations) returns a
///   solution the violations checker accepts, and the report serves no
///   customer twice.
///
/// Errors must describe themselves (file, line, category) without trapping.
enum InstancesFuzzHarness {
    static let formats: [BenchmarkInstance.Format?] = [nil, .solomon, .toptw, .mctopmtw]

    /// Returns whether the input read as an instance.
    @discardableResult
    static func run(_ bytes: [UInt8]) -> Bool {
        guard let options = bytes.first else { return false }
        let format = formats[Int(options & 3)]
        let tours: Int? = (options >> 2) & 7 == 0 ? nil : min(4, Int((options >> 2) & 7))
        let truncation: Int? = (options >> 5) & 3 == 0 ? nil : Int((options >> 5) & 3) - 1
        let instance: BenchmarkInstance
        do {
            instance = try BenchmarkInstance.parse(Data(bytes.dropFirst()), file: "fuzz.txt", format: format,
                                                   tours: tours, truncatedDecimals: truncation)
        } catch {
            let message = error.description
            fuzzCheck(!message.isEmpty, "an error without a message")
            _ = error.category
            return false
        }
        check(instance)
        return true
    }

    static func check(_ instance: BenchmarkInstance) {
        let n = instance.customers.count
        fuzzCheck(n >= 1, "no customers read without an error")
        fuzzCheck(instance.problem.visits.count == n, "\(instance.problem.visits.count) visits for \(n) customers")
        fuzzCheck(instance.points.count == n + 1, "\(instance.points.count) points for \(n) customers and the depot")
        fuzzCheck(instance.routeCount >= 1 && instance.problem.routes.count == instance.routeCount,
                  "\(instance.problem.routes.count) routes, \(instance.routeCount) announced")
        do {
            try ScheduleSolver.validate(instance.problem)
        } catch {
            fuzzCheck(false, "the reader built a problem the scheduler refuses: \(error)")
            return
        }
        guard n <= 30 else { return }
        do {
            let solution = try ScheduleSolver.solve(instance.problem, options: .init(seed: 1, maxIterations: 200))
            let violations = ScheduleSolver.violations(of: solution, for: instance.problem)
            fuzzCheck(violations.isEmpty, "the search returned an infeasible plan: \(violations.prefix(3))")
            let served = instance.report(solution).routes.flatMap { $0 }
            fuzzCheck(Set(served).count == served.count, "a customer served twice: \(served)")
        } catch {
            fuzzCheck(false, "a validated problem failed to solve: \(error)")
        }
    }
}
