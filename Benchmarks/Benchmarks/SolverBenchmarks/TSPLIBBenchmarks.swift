import Benchmark
import Foundation
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

/// The heuristic on TSPLIB instances with known optima: the iteration-bounded
/// local search, and the time-budgeted solve as `routeplan solve --heuristic
/// --time-limit T` runs it. Missing instances are skipped.
func registerTSPLIBBenchmarks() {
    // Iteration-bounded local search (seed 1).
    for (file, optimum) in [("berlin52.tsp", 7542), ("att48.tsp", 10628), ("ftv33.atsp", 1286), ("p43.atsp", 5620),
                            ("si175.tsp", 21407)] {
        let url = tsplib.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { continue }
        Benchmark("LocalSearch \(file) (optimum \(optimum))") { benchmark, matrix in
            for _ in benchmark.scaledIterations {
                blackHole(try LocalSearch.solve(matrix, endpoints: .roundTrip(from: 0), seed: 1))
            }
        } setup: {
            try CostMatrix(TSPLIBInstance(contentsOf: url))
        }
    }

    // The n × n matrix of a coordinate instance, as `routeplan solve` builds
    // it before a 1 s solve: one thread against two.
    for name in ["pcb3038", "fnl4461"] {
        guard let entry = locateInstance(name) else { continue }
        for threads in [1, 2] {
            Benchmark("Matrix \(name) n=\(entry.dimension) \(threads) thread\(threads == 1 ? "" : "s")",
                      configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 20)) {
                benchmark, instance in
                for _ in benchmark.scaledIterations {
                    blackHole(try CostMatrix(instance, threads: threads))
                }
            } setup: {
                try TSPLIBInstance(contentsOf: entry.file)
            }
        }
    }

    // The matrix-free search's costs: through a closure (as GEO instances
    // still are), or as planar costs the search is specialised for. One
    // search, seed 1, a fixed count of kicks: both make the same moves and
    // return the same tour, so the ratio is the cost of reading costs.
    for name in ["pcb3038", "fnl4461"] {
        guard let entry = locateInstance(name) else { continue }
        for planar in [false, true] {
            Benchmark("Kicks \(name) n=\(entry.dimension) 20000 kicks, \(planar ? "planar costs" : "closure costs")",
                      configuration: .init(metrics: [.wallClock], warmupIterations: 1, maxIterations: 5)) {
                (benchmark, setup: (TSPLIBInstance, PlanarCosts, [Int32])) in
                let (instance, costs, lists) = setup
                for _ in benchmark.scaledIterations {
                    if planar {
                        blackHole(try LocalSearch.solveRoundTrip(points: costs, neighbours: lists, seed: 1, kicks: 20_000))
                    } else {
                        blackHole(try LocalSearch.solveRoundTrip(count: instance.dimension, neighbours: lists, seed: 1,
                                                                 kicks: 20_000) { instance.distance($0, $1) })
                    }
                }
            } setup: {
                let instance = try TSPLIBInstance(contentsOf: entry.file)
                guard let costs = instance.planarCosts, let points = instance.coordinates else {
                    throw NoCoordinateSearch(instance: name)
                }
                let lists = PlanarNeighbours.quadrant(x: points.map(\.x), y: points.map(\.y), k: 8, perQuadrant: 2, pool: 24)
                return (instance, costs, lists)
            }
        }
    }

    // Issue 4 targets: the heuristic with a time budget (both cores: a second
    // search and the lower bound beside the first). Gap to the known optimum
    // as a custom metric.
    let budgeted: [(String, Double)] = [
        ("berlin52", 1), ("kroA100", 1), ("ch150", 1), ("a280", 1), ("pcb442", 1), ("att532", 1), ("rat783", 1),
        ("pr1002", 1), ("pcb3038", 1), ("fnl4461", 1),
        ("ftv33", 1), ("p43", 1), ("ry48p", 1), ("ft70", 1), ("kro124p", 1), ("ftv170", 1), ("rbg443", 1),
    ]
    for (name, seconds) in budgeted {
        guard let entry = locateInstance(name) else { continue }
        Benchmark("Heuristic \(name) n=\(entry.dimension) \(Int(seconds)) s",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, gapMetric],
                                       warmupIterations: 0, maxDuration: .seconds(30), maxIterations: 3)) {
            (benchmark, setup: (TSPLIBInstance, CostMatrix?)) in
            let (instance, matrix) = setup
            let options = RouteSolver.Options(strategy: .heuristic, timeLimit: .milliseconds(Int(seconds * 1000)))
            for _ in benchmark.scaledIterations {
                // As `routeplan solve` does: on the coordinates from
                // `TSPLIBInstance.coordinateSearchMinimum` nodes on, else on
                // the matrix (built in setup, outside the measurement).
                let outcome: RouteSolver.Outcome
                if let matrix {
                    outcome = try await RouteSolver.solve(matrix, endpoints: .roundTrip(from: 0), options: options)
                } else {
                    guard let searched = try await instance.solveFromCoordinates(options: options) else {
                        throw NoCoordinateSearch(instance: name)
                    }
                    outcome = searched
                }
                benchmark.measurement(gapMetric, gapMilliPercent(outcome.solution.cost, entry.optimum))
                blackHole(outcome)
            }
        } setup: {
            let instance = try TSPLIBInstance(contentsOf: entry.file)
            return (instance, instance.searchesFromCoordinates ? nil : try CostMatrix(instance))
        }
    }

    // Large instances, as `routeplan solve` runs them: costs from the
    // coordinates, quadrant candidate lists, two searches, no bound above
    // 5,000 nodes.
    for (name, seconds) in [("usa13509", 30), ("pla85900", 120)] {
        guard let entry = locateInstance(name) else { continue }
        Benchmark("Heuristic \(name) n=\(entry.dimension) \(seconds) s",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, gapMetric],
                                       warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 1)) { benchmark, instance in
            guard let outcome = try await instance.solveFromCoordinates(
                options: .init(strategy: .heuristic, timeLimit: .seconds(seconds))) else {
                throw NoCoordinateSearch(instance: name)
            }
            benchmark.measurement(gapMetric, gapMilliPercent(outcome.solution.cost, entry.optimum))
        } setup: {
            try TSPLIBInstance(contentsOf: entry.file)
        }
    }
}

/// A benchmark meant for the coordinate search met an instance it does not apply to.
struct NoCoordinateSearch: Error, CustomStringConvertible {
    let instance: String
    var description: String { "\(instance) is not searched on its coordinates (see TSPLIBInstance.searchesFromCoordinates)" }
}
