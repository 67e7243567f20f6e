import Benchmark
import Foundation
import RoutePlanSolver

// Helpers shared by the benchmark files of this target.
//
// Every benchmark runs in a process of its own, and each process first runs
// the whole registration (`benchmarks` in SolverBenchmarks.swift). So
// registration only names the benchmarks; instances, matrices and fixtures are
// built in each benchmark's `setup:` closure. That keeps `benchmark list`
// instant and keeps one benchmark's data out of another's peak memory.

/// The root of the RoutePlan checkout, four levels above this file
/// (`Benchmarks/Benchmarks/SolverBenchmarks/BenchmarkSupport.swift`).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The TSPLIB instances shipped with the repository.
let tsplib = repositoryRoot.appendingPathComponent("Fixtures/tsplib")

/// The shared TSPLIB95 collection next to the repository, when present.
let sharedTSPLIB = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/tsplib")

/// The metrics of the sweeps: time, the process's peak resident memory and
/// the number of allocations in the measured region (counted by the
/// `MallocInterposer` trait of package-benchmark).
let sweepMetrics: [BenchmarkMetric] = [.wallClock, .peakMemoryResident, .mallocCountTotal]

/// Seeded asymmetric instance with costs 1…10,000, as in the exact-solver targets.
func randomAsymmetric(_ n: Int, seed: UInt64) -> CostMatrix {
    var rng = SplitMix64(seed: seed)
    return try! CostMatrix(count: n) { _, _ in Int.random(in: 1...10_000, using: &rng) }
}

// MARK: - Quality metrics

/// Gap to the optimum in thousandths of a percent (custom metrics are integers).
let gapMetric = BenchmarkMetric.custom("gap (0.001 %)", polarity: .prefersSmaller, useScalingFactor: false)

/// Gap to the lower bound that ``RouteSolver/Outcome/lowerBound`` reports, in
/// thousandths of a percent: an upper bound on the gap to the optimum.
///
/// In this harness the bound is weak: `RouteSolver.solve` computes it in an
/// `async let` beside a search that blocks its own thread of the cooperative
/// pool, and the harness holds the pool's other thread (2 cores), so the bound
/// only starts after the deadline and stops after its first step (the 1-tree
/// without node weights). `routeplan solve` does not suffer from this.
let reportedBoundGapMetric = BenchmarkMetric.custom("gap to reported bound (0.001 %)", polarity: .prefersSmaller,
                                                    useScalingFactor: false)

/// Gap to the Held–Karp 1-tree bound computed to the end in `setup:`
/// (``LowerBound/compute(_:endpoints:upperBound:control:)`` without a
/// deadline, the bound `routeplan solve` reports), in thousandths of a percent.
let oneTreeGapMetric = BenchmarkMetric.custom("gap to 1-tree bound (0.001 %)", polarity: .prefersSmaller,
                                              useScalingFactor: false)

/// Tour length divided by √(N·A) for N points in a region of area A, in units
/// of 0.0001. For uniform random points it tends to the
/// Beardwood–Halton–Hammersley constant (≈ 0.7124, so 7124) as N grows.
let bhhMetric = BenchmarkMetric.custom("length/sqrt(N*A) (0.0001)", polarity: .prefersSmaller,
                                       useScalingFactor: false)

/// How far a lower bound is below the optimum (`registerLowerBoundBenchmarks`),
/// in thousandths of a percent of the optimum.
let boundGapMetric = BenchmarkMetric.custom("bound below optimum (0.001 %)", polarity: .prefersSmaller,
                                            useScalingFactor: false)

/// How far `bound` is below `optimum`, in thousandths of a percent of it.
func belowMilliPercent(_ bound: Int, _ optimum: Int) -> Int {
    Int((Double(optimum - bound) / Double(optimum) * 100_000).rounded())
}

/// How far `length` is above `reference` (an optimum or a lower bound), in
/// thousandths of a percent.
func gapMilliPercent(_ length: Int, _ reference: Int) -> Int {
    Int((Double(length - reference) / Double(reference) * 100_000).rounded())
}

// MARK: - TSPLIB instances

/// Where a TSPLIB instance with a known optimum lives, read from the
/// `optima.tsv` table beside it (name, type, dimension, …, optimum in column 5)
/// without parsing the instance itself.
struct TSPLIBEntry: Sendable {
    /// The instance file (`.tsp`, `.atsp` or `.tsp.gz`).
    let file: URL
    /// The number of nodes, from the table.
    let dimension: Int
    /// The length of an optimal tour, from the table.
    let optimum: Int
}

/// The first of `Fixtures/tsplib` and the shared collection whose table lists
/// `name` and which holds its file; `nil` when neither does.
func locateInstance(_ name: String) -> TSPLIBEntry? {
    for folder in [tsplib, sharedTSPLIB] {
        guard let table = try? String(contentsOf: folder.appendingPathComponent("optima.tsv"), encoding: .utf8),
              let row = table.split(separator: "\n").map({ $0.split(separator: "\t") })
                  .first(where: { $0.first.map(String.init) == name }),
              row.count > 4, let dimension = Int(row[2]), let optimum = Int(row[4]) else { continue }
        for suffix in [".tsp", ".atsp", ".tsp.gz"] {
            let file = folder.appendingPathComponent(name + suffix)
            if FileManager.default.fileExists(atPath: file.path) {
                return TSPLIBEntry(file: file, dimension: dimension, optimum: optimum)
            }
        }
    }
    return nil
}

// MARK: - Random points

/// Points drawn uniformly at random from the square [0, side)², reproducibly
/// from a seed, with TSPLIB `EUC_2D` costs (Euclidean distance rounded to the
/// nearest integer).
///
/// The default side of 10⁶ units keeps the rounding far below the typical
/// edge (about 2,250 units at 100,000 points), so the rounded tour length is
/// the Euclidean one to well under 0.01 %.
struct UniformPoints: Sendable {
    /// The side of the square.
    let side: Double
    /// The x coordinates, one per point.
    let x: [Double]
    /// The y coordinates, parallel to ``x``.
    let y: [Double]

    /// Draws `count` points with ``SplitMix64`` seeded by `seed`.
    init(count: Int, seed: UInt64, side: Double = 1_000_000) {
        var rng = SplitMix64(seed: seed)
        var x = [Double](), y = [Double]()
        x.reserveCapacity(count)
        y.reserveCapacity(count)
        for _ in 0..<count {
            x.append(Double.random(in: 0..<side, using: &rng))
            y.append(Double.random(in: 0..<side, using: &rng))
        }
        self.side = side
        self.x = x
        self.y = y
    }

    /// The number of points.
    var count: Int { x.count }

    /// The rounded Euclidean distance between points `i` and `j`.
    func distance(_ i: Int, _ j: Int) -> Int {
        let dx = x[i] - x[j], dy = y[i] - y[j]
        return Int((dx * dx + dy * dy).squareRoot().rounded())
    }

    /// `length` ÷ √(N·A) in units of 0.0001 (see ``bhhMetric``).
    func bhhRatio(length: Int) -> Int {
        Int((Double(length) / (Double(count) * side * side).squareRoot() * 10_000).rounded())
    }
}
