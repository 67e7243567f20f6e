import Benchmark
import Foundation
import RoutePlan
import RoutePlanSolver

/// The multi-day scheduler, two ways:
/// - "Scheduler <fixture>": the trip fixtures end to end (decoding, matrices,
///   the problem, the search with its default budget, reasons, assembly);
/// - "ScheduleSolver n=<visits> routes=<days>": the search alone on random
///   trips of growing size (visits on a 10 km square, 30–120 minute visits,
///   opening windows of 4–10 hours, a lunch break per day, priorities 1–5),
///   with its default iteration budget, so the time per size is the budget's.
///
/// A fixed seed per size: the same problems every run.
func registerScheduleBenchmarks() {
    for name in ["lisbon-day-lunch", "kyoto-2-days", "rome-3-days"] {
        let file = repositoryRoot.appendingPathComponent("Fixtures/itineraries/\(name).json")
        Benchmark("Scheduler \(name)",
                  configuration: .init(metrics: sweepMetrics, timeUnits: .milliseconds,
                                       warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 20)) { benchmark, data in
            for _ in benchmark.scaledIterations {
                let itinerary = try Itinerary(json: data, fileName: file.lastPathComponent)
                blackHole(try await Scheduler(executor: .dedicated).schedule(itinerary))
            }
        } setup: {
            try Data(contentsOf: file)
        }
    }
    for (visits, days) in [(25, 1), (50, 2), (100, 3), (200, 5), (400, 7)] {
        Benchmark("ScheduleSolver n=\(visits) routes=\(days)",
                  configuration: .init(metrics: sweepMetrics, timeUnits: .milliseconds,
                                       warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 5)) { benchmark, problem in
            for _ in benchmark.scaledIterations {
                blackHole(try ScheduleSolver.solve(problem))
            }
        } setup: {
            try randomTrip(visits: visits, days: days, seed: UInt64(visits))
        }
    }
}

/// A random trip in seconds: one route per day from 09:00 to 19:00 at a
/// central lodging (node 0), visits with one opening window per day.
func randomTrip(visits: Int, days: Int, seed: UInt64) throws -> ScheduleProblem {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    func next(_ bound: Int) -> Int {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Int(state % UInt64(bound))
    }
    let points = (0...visits).map { $0 == 0 ? (5_000, 5_000) : (next(10_000), next(10_000)) }
    // Walking at 1.2 m/s with a 1.3 detour.
    let travel = try CostMatrix(count: points.count) { i, j in
        let dx = Double(points[i].0 - points[j].0), dy = Double(points[i].1 - points[j].1)
        return Int((dx * dx + dy * dy).squareRoot() * 1.3 / 1.2)
    }
    let day = 86_400
    let routes = (0..<days).map { d in
        ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: d * day + 9 * 3600, latestEnd: d * day + 19 * 3600,
                              breaks: [.init(earliestStart: d * day + 12 * 3600, latestStart: d * day + 13 * 3600 + 1800,
                                             duration: 2700)])
    }
    let list = (1...visits).map { node in
        let service = (30 + next(91)) * 60
        let windows = (0..<days).map { d -> [ScheduleProblem.TimeWindow] in
            let open = d * day + (8 + next(4)) * 3600
            let close = open + (4 + next(7)) * 3600
            return close - service > open ? [.init(earliestStart: open, latestStart: close - service)] : []
        }
        return ScheduleProblem.Visit(node: node, serviceTime: service, score: 1 + next(5), windows: windows)
    }
    return ScheduleProblem(travel: travel, visits: list, routes: routes)
}
