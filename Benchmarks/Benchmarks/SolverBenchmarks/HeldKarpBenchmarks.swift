import Benchmark
import RoutePlanSolver

/// Held–Karp, closed tour, asymmetric random costs: the targets of the exact
/// solver, the figures behind the automatic cutoff
/// (`RouteSolver.Options.defaultExactNodeLimit`), the one-thread kernel and
/// how quickly a solve stops at its deadline.
func registerHeldKarpClosedTours() {
    // All processors.
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
}

/// The endpoint rules of ``RouteEndpoints`` that change the size of the
/// Held–Karp table: how many of the *n* nodes are free to permute.
enum EndpointVariant: CaseIterable {
    /// `.roundTrip(from: 0)`: *n* − 1 free nodes.
    case roundTrip
    /// `.path(from: 0)`: *n* − 1 free nodes, no closing leg.
    case pathFromStart
    /// `.path(from: 0, to: n - 1)`: *n* − 2 free nodes.
    case pathBetweenEnds
    /// `.path()`: all *n* nodes free, so the table is twice a round trip's.
    case freePath

    /// The rule for a problem of `n` nodes.
    func endpoints(nodes n: Int) -> RouteEndpoints {
        switch self {
        case .roundTrip: .roundTrip(from: 0)
        case .pathFromStart: .path(from: 0)
        case .pathBetweenEnds: .path(from: 0, to: n - 1)
        case .freePath: .path()
        }
    }

    /// How the variant appears in benchmark names.
    var label: String {
        switch self {
        case .roundTrip: "round trip from 0"
        case .pathFromStart: "path from 0"
        case .pathBetweenEnds: "path from 0 to n-1"
        case .freePath: "free path"
        }
    }
}

/// Held–Karp under each endpoint rule at a few sizes, on the same seeded
/// asymmetric instances as the closed tours ("HeldKarp path from 0 to n-1 n=20").
func registerHeldKarpEndpointVariants() {
    for n in [12, 16, 20, 23] {
        let matrix = randomAsymmetric(n, seed: UInt64(n))
        for variant in EndpointVariant.allCases {
            let endpoints = variant.endpoints(nodes: n)
            Benchmark("HeldKarp \(variant.label) n=\(n)",
                      configuration: .init(metrics: sweepMetrics,
                                           timeUnits: n >= 20 ? .milliseconds : .microseconds,
                                           warmupIterations: n >= 23 ? 0 : 1,
                                           maxIterations: n >= 23 ? 3 : n >= 20 ? 10 : 20)) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try await HeldKarp.solve(matrix, endpoints: endpoints))
                }
            }
        }
    }
}
