import Benchmark
import RoutePlanMatrix
import RoutePlanSolver

/// `count` places drawn uniformly at random, reproducibly, from a box of about
/// 13 km × 13 km over Lyon (latitude 45.70…45.82, longitude 4.77…4.94).
func cityCoordinates(count: Int, seed: UInt64) -> [Coordinate] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        Coordinate(latitude: Double.random(in: 45.70..<45.82, using: &rng),
                   longitude: Double.random(in: 4.77..<4.94, using: &rng))
    }
}

/// ``TravelMatrices/estimate(from:model:)``: haversine meters and driving
/// durations for every ordered pair of N places ("Matrix estimate N=1000").
///
/// Both results are n × n `Int32` matrices (2 · 4 · n² bytes, 800 MB at
/// n = 10,000) and the estimate keeps an n × n `Int` table of meters while it
/// builds them, so N = 10,000 peaks at about 1.6 GB and runs only twice.
func registerMatrixBenchmarks() {
    for count in [100, 1_000, 10_000] {
        Benchmark("Matrix estimate N=\(count)",
                  configuration: .init(metrics: sweepMetrics,
                                       timeUnits: count <= 100 ? .microseconds : .milliseconds,
                                       warmupIterations: count >= 10_000 ? 0 : 1,
                                       maxDuration: .seconds(count >= 10_000 ? 60 : 10),
                                       maxIterations: count >= 10_000 ? 2 : count >= 1_000 ? 10 : 20)) { benchmark, coordinates in
            for _ in benchmark.scaledIterations {
                blackHole(try TravelMatrices.estimate(from: coordinates, model: .driving))
            }
        } setup: {
            cityCoordinates(count: count, seed: UInt64(count))
        }
    }
}
