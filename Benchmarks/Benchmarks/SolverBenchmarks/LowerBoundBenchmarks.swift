import Benchmark
import Foundation
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

/// The Held–Karp 1-tree bound of a coordinate instance, alone and without a
/// deadline (the ascent runs until its step size falls below its floor):
/// on the n × n matrix, counting the matrix, against from the coordinates
/// and the 24-nearest lists, as `routeplan solve` computes it beside its
/// searches. Both report the same kind of bound; the custom metric is its
/// distance below the optimum.
func registerLowerBoundBenchmarks() {
    for name in ["pr1002", "pcb3038", "fnl4461"] {
        guard let entry = locateInstance(name) else { continue }
        let configuration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident, boundGapMetric],
                                                    warmupIterations: 1, maxIterations: 7)
        Benchmark("LowerBound \(name) n=\(entry.dimension) on the matrix", configuration: configuration) {
            benchmark, instance in
            for _ in benchmark.scaledIterations {
                let matrix = try CostMatrix(instance)
                let bound = LowerBound.compute(matrix, endpoints: .roundTrip(from: 0), upperBound: nil)
                if let bound { benchmark.measurement(boundGapMetric, belowMilliPercent(bound, entry.optimum)) }
                blackHole(bound)
            }
        } setup: {
            try TSPLIBInstance(contentsOf: entry.file)
        }
        Benchmark("LowerBound \(name) n=\(entry.dimension) from coordinates", configuration: configuration) {
            (benchmark, setup: (PlanarCosts, [Int32])) in
            let (points, nearest) = setup
            for _ in benchmark.scaledIterations {
                let bound = LowerBound.oneTree(points, nearest: nearest, upperBound: nil)
                if let bound { benchmark.measurement(boundGapMetric, belowMilliPercent(bound, entry.optimum)) }
                blackHole(bound)
            }
        } setup: {
            let instance = try TSPLIBInstance(contentsOf: entry.file)
            guard let points = instance.planarCosts, let coordinates = instance.coordinates else {
                throw BenchmarkSetupError.noCoordinates(name)
            }
            return (points, PlanarNeighbours.nearest(x: coordinates.map(\.x), y: coordinates.map(\.y), k: 24))
        }
    }
}

/// Why a benchmark's setup could not run.
enum BenchmarkSetupError: Error {
    case noCoordinates(String)
}
