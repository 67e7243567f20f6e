import Benchmark
import Foundation
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

/// Seeded asymmetric instance with costs 1…10,000, as in the exact-solver targets.
func randomAsymmetric(_ n: Int, seed: UInt64) -> CostMatrix {
    var rng = SplitMix64(seed: seed)
    return try! CostMatrix(count: n) { _, _ in Int.random(in: 1...10_000, using: &rng) }
}

let tsplib = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tsplib")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 20)

    // Held–Karp, closed tour, asymmetric random costs: the exact/heuristic
    // cutoff in RouteSolver.Options is read off these figures.
    for n in [12, 14, 16, 18, 20, 22] {
        let matrix = randomAsymmetric(n, seed: UInt64(n))
        Benchmark("HeldKarp closed tour n=\(n)",
                  configuration: .init(maxIterations: n >= 20 ? 3 : 20)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try HeldKarp.solve(matrix, endpoints: .roundTrip(from: 0)))
            }
        }
    }

    // Heuristic on TSPLIB instances with known optima (iteration-bounded, seed 1).
    for (file, optimum) in [("berlin52.tsp", 7542), ("att48.tsp", 10628), ("ftv33.atsp", 1286), ("p43.atsp", 5620),
                            ("si175.tsp", 21407)] {
        guard let instance = try? TSPLIBInstance(contentsOf: tsplib.appendingPathComponent(file)),
              let matrix = try? CostMatrix(instance) else { continue }
        Benchmark("LocalSearch \(file) (optimum \(optimum))") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try LocalSearch.solve(matrix, endpoints: .roundTrip(from: 0), seed: 1))
            }
        }
    }
}
