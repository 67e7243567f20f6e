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
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 20)

    // Held–Karp, closed tour, asymmetric random costs, all processors: the
    // targets of the exact solver and the figures behind the automatic cutoff
    // (RouteSolver.Options.defaultExactNodeLimit).
    for n in [12, 14, 16, 18, 20, 21, 22, 23, 24, 25] {
        let matrix = randomAsymmetric(n, seed: UInt64(n))
        Benchmark("HeldKarp closed tour n=\(n)",
                  configuration: .init(warmupIterations: n >= 23 ? 0 : 1, maxIterations: n >= 22 ? 3 : 20)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await HeldKarp.solve(matrix, endpoints: .roundTrip(from: 0)))
            }
        }
    }
    // The same kernel on one thread, for the side-by-side comparison with the
    // C reference (Benchmarks/Reference/compare.sh) and to show the parallel gain.
    for n in [20, 22, 24, 25] {
        let matrix = randomAsymmetric(n, seed: UInt64(n))
        Benchmark("HeldKarp closed tour n=\(n) one thread",
                  configuration: .init(warmupIterations: 0, maxIterations: 3)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await HeldKarp.solve(matrix, endpoints: .roundTrip(from: 0), workers: 1))
            }
        }
    }
    // How quickly a running n = 25 solve stops at its deadline: the same
    // polling as task cancellation (which this harness cannot exercise, since
    // it holds one of the two threads of the concurrency pool while a
    // benchmark runs, so a sleeping canceller would not wake before the end).
    let stopMatrix = randomAsymmetric(25, seed: 25)
    Benchmark("HeldKarp n=25 with a 200 ms time limit",
              configuration: .init(warmupIterations: 0, maxIterations: 3)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? await HeldKarp.solve(stopMatrix, endpoints: .roundTrip(from: 0),
                                                control: SolveControl(timeLimit: .milliseconds(200))))
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
