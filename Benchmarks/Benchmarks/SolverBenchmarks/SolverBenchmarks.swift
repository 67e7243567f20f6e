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

/// The shared TSPLIB95 collection next to the repository, when present.
let sharedTSPLIB = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/tsplib")

/// Gap to the optimum in thousandths of a percent (custom metrics are integers).
let gapMetric = BenchmarkMetric.custom("gap (0.001 %)", polarity: .prefersSmaller, useScalingFactor: false)

func gapMilliPercent(_ length: Int, _ optimum: Int) -> Int {
    Int((Double(length - optimum) / Double(optimum) * 100_000).rounded())
}

/// An instance from Fixtures/tsplib or the shared collection, with its optimum.
func loadInstance(_ name: String) -> (TSPLIBInstance, Int)? {
    for folder in [tsplib, sharedTSPLIB] {
        guard let table = try? String(contentsOf: folder.appendingPathComponent("optima.tsv"), encoding: .utf8),
              let row = table.split(separator: "\n").map({ $0.split(separator: "\t") }).first(where: { $0.first.map(String.init) == name }),
              row.count > 4, let optimum = Int(row[4]) else { continue }
        for suffix in [".tsp", ".atsp", ".tsp.gz"] {
            if let instance = try? TSPLIBInstance(contentsOf: folder.appendingPathComponent(name + suffix)) {
                return (instance, optimum)
            }
        }
    }
    return nil
}

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

    // Issue 4 targets: the heuristic with a time budget, as `routeplan solve
    // --heuristic --time-limit T` runs it (both cores: a second search and the
    // lower bound beside the first). Gap to the known optimum as a custom metric.
    let budgeted: [(String, Double)] = [
        ("berlin52", 1), ("kroA100", 1), ("ch150", 1), ("a280", 1), ("pcb442", 1), ("att532", 1), ("rat783", 1),
        ("pr1002", 1), ("pcb3038", 1), ("fnl4461", 1),
        ("ftv33", 1), ("p43", 1), ("ry48p", 1), ("ft70", 1), ("kro124p", 1), ("ftv170", 1), ("rbg443", 1),
    ]
    for (name, seconds) in budgeted {
        guard let (instance, optimum) = loadInstance(name), let matrix = try? CostMatrix(instance) else { continue }
        Benchmark("Heuristic \(name) n=\(instance.dimension) \(Int(seconds)) s",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, gapMetric],
                                       warmupIterations: 0, maxDuration: .seconds(30), maxIterations: 3)) { benchmark in
            for _ in benchmark.scaledIterations {
                let outcome = try await RouteSolver.solve(
                    matrix, endpoints: .roundTrip(from: 0),
                    options: .init(strategy: .heuristic, timeLimit: .milliseconds(Int(seconds * 1000))))
                benchmark.measurement(gapMetric, gapMilliPercent(outcome.solution.cost, optimum))
                blackHole(outcome)
            }
        }
    }
    // Large instances without a matrix (as `routeplan solve` runs them above
    // 5,000 nodes): costs on the fly, grid candidate lists, two seeds.
    for (name, seconds) in [("usa13509", 30), ("pla85900", 120)] {
        guard let (instance, optimum) = loadInstance(name),
              let neighbours = instance.planarNeighbours(k: 10) else { continue }
        Benchmark("Heuristic \(name) n=\(instance.dimension) \(seconds) s",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, gapMetric],
                                       warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 1)) { benchmark in
            let outcome = try await RouteSolver.solveRoundTrip(
                count: instance.dimension, neighbours: neighbours,
                options: .init(strategy: .heuristic, timeLimit: .seconds(seconds))) { instance.distance($0, $1) }
            let best = outcome.solution.cost
            benchmark.measurement(gapMetric, gapMilliPercent(best, optimum))
        }
    }
}
