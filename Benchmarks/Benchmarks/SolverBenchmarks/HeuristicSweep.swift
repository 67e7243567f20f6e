import Benchmark
import RoutePlanMatrix
import RoutePlanSolver

/// Up to this many points the sweep solves on a full ``CostMatrix``; above
/// it, without a matrix. (`routeplan solve` searches TSPLIB instances on
/// their coordinates from 1,101 nodes on; the sweep keeps its own split so
/// that its figures stay comparable with earlier runs.)
let sweepMatrixLimit = 5_000

/// What the matrix-based sweep benchmarks prepare: the points, their costs,
/// and the 1-tree lower bound on those costs.
struct MatrixSweepInstance: Sendable {
    let points: UniformPoints
    let matrix: CostMatrix
    let oneTreeBound: Int?
}

/// The heuristic on uniform random points from N = 100 to 100,000
/// ("Random points N=1000 1 s").
///
/// Up to ``sweepMatrixLimit`` points the costs go into a ``CostMatrix`` and
/// ``RouteSolver/solve(_:endpoints:options:)`` runs as `routeplan solve
/// --heuristic` does, its lower bound beside it. Two gaps are recorded: to the
/// bound the outcome reports (``reportedBoundGapMetric``, weak in this
/// harness) and to the 1-tree bound computed in `setup:`
/// (``oneTreeGapMetric``). Larger instances use the matrix-free
/// ``RouteSolver/solveRoundTrip(count:neighbours:alphaPool:secondStart:options:control:executor:lowerBound:cost:)``
/// with 10-nearest candidate lists from ``PlanarNeighbours``; it computes no bound,
/// so quality is also recorded as the tour length per √(N·A)
/// (``bhhMetric``) at every size, for comparison with the
/// Beardwood–Halton–Hammersley constant.
///
/// Points, matrix, bound and candidate lists are built in `setup:`, outside
/// the measurement; only the solve (with its own bound) is timed.
func registerHeuristicSweep() {
    let sweep: [(count: Int, seconds: Int)] = [(100, 1), (1_000, 1), (10_000, 1), (100_000, 10)]
    for (count, seconds) in sweep {
        let options = RouteSolver.Options(strategy: .heuristic, timeLimit: .seconds(seconds))
        let name = "Random points N=\(count) \(seconds) s"
        let seed = UInt64(count)
        let iterations = count >= 100_000 ? 1 : 3

        if count <= sweepMatrixLimit {
            let configuration = Benchmark.Configuration(
                metrics: sweepMetrics + [reportedBoundGapMetric, oneTreeGapMetric, bhhMetric],
                warmupIterations: 0, maxDuration: .seconds(4 * seconds), maxIterations: iterations)
            Benchmark(name, configuration: configuration) { (benchmark, instance: MatrixSweepInstance) in
                for _ in benchmark.scaledIterations {
                    let outcome = try await RouteSolver.solve(instance.matrix, endpoints: .roundTrip(from: 0),
                                                              options: options)
                    let cost = outcome.solution.cost
                    if let bound = outcome.lowerBound, bound > 0 {
                        benchmark.measurement(reportedBoundGapMetric, gapMilliPercent(cost, bound))
                    }
                    if let bound = instance.oneTreeBound, bound > 0 {
                        benchmark.measurement(oneTreeGapMetric, gapMilliPercent(cost, bound))
                    }
                    benchmark.measurement(bhhMetric, instance.points.bhhRatio(length: cost))
                    blackHole(outcome)
                }
            } setup: {
                let points = UniformPoints(count: count, seed: seed)
                let matrix = try CostMatrix(count: count) { points.distance($0, $1) }
                return MatrixSweepInstance(
                    points: points, matrix: matrix,
                    oneTreeBound: LowerBound.compute(matrix, endpoints: .roundTrip(from: 0), upperBound: nil))
            }
        } else {
            let configuration = Benchmark.Configuration(
                metrics: sweepMetrics + [bhhMetric],
                warmupIterations: 0, maxDuration: .seconds(4 * seconds), maxIterations: iterations)
            Benchmark(name, configuration: configuration) { (benchmark, setup: (UniformPoints, [Int32])) in
                let (points, neighbours) = setup
                for _ in benchmark.scaledIterations {
                    let outcome = try await RouteSolver.solveRoundTrip(
                        count: count, neighbours: neighbours, options: options) { points.distance($0, $1) }
                    benchmark.measurement(bhhMetric, points.bhhRatio(length: outcome.solution.cost))
                    blackHole(outcome)
                }
            } setup: {
                let points = UniformPoints(count: count, seed: seed)
                return (points, PlanarNeighbours.nearest(x: points.x, y: points.y, k: 10))
            }
        }
    }
}
