import Testing
import RoutePlanSolver

/// The figures a solve reports while it runs match what it returns: the
/// best cost reported is the route's real cost (not the cost of the
/// transformed problem the search works on), and the bound is the one returned.
@Suite("Solve progress")
struct SolveProgressTests {
    @Test("heuristic solves report their final cost and bound, on every problem form",
          arguments: [UInt64(11), 12, 13])
    func heuristicReports(seed: UInt64) async throws {
        var generator = InstanceGenerator(seed: seed)
        // Symmetric (plain tour and the one-extra-node path form) and
        // asymmetric (doubled graph), 40 nodes: above the symmetric-form minimum.
        let matrices = [try generator.euclidean(40), try generator.asymmetric(40, costs: 1...1000)]
        for matrix in matrices {
            for endpoints in generator.endpointVariants(matrix.count) {
                let progress = SolveProgress()
                let outcome = try await RouteSolver.solve(
                    matrix, endpoints: endpoints,
                    options: .init(strategy: .heuristic, seed: seed, progress: progress))
                let snapshot = progress.snapshot
                #expect(snapshot.phase == .localSearch, "seed \(seed), \(endpoints)")
                #expect(snapshot.bestCost == outcome.solution.cost,
                        "seed \(seed), \(endpoints), symmetric \(matrix.isSymmetric)")
                #expect(snapshot.lowerBound == outcome.lowerBound, "seed \(seed), \(endpoints)")
            }
        }
    }

    @Test("an exact solve says so, and the best cost only ever falls")
    func exactPhaseAndMonotone() async throws {
        var generator = InstanceGenerator(seed: 21)
        let matrix = try generator.asymmetric(9)
        let progress = SolveProgress()
        let outcome = try await RouteSolver.solve(matrix, endpoints: .roundTrip(from: 0),
                                                  options: .init(strategy: .exact, progress: progress))
        #expect(progress.snapshot.phase == .exact)
        #expect(progress.snapshot.bestCost == outcome.solution.cost)
        #expect(progress.snapshot.lowerBound == outcome.solution.cost)

        let record = SolveProgress()
        record.offer(cost: 50)
        record.offer(cost: 70)
        record.offer(lowerBound: 40)
        record.offer(lowerBound: 30)
        #expect(record.snapshot.bestCost == 50)
        #expect(record.snapshot.lowerBound == 40)
        #expect(record.snapshot.gapPercent == 25)
    }

    @Test("the matrix-free round trip reports its cost")
    func matrixFree() async throws {
        var generator = InstanceGenerator(seed: 31)
        let matrix = try generator.euclidean(60)
        let progress = SolveProgress()
        let outcome = try await RouteSolver.solveRoundTrip(
            count: 60, neighbours: nil, options: .init(strategy: .heuristic, progress: progress)
        ) { Int(matrix[$0, $1]) }
        #expect(progress.snapshot.bestCost == outcome.solution.cost)
    }
}
