import Testing
@testable import RoutePlanSolver

/// Matrices whose arcs are mostly forbidden, as a user or a routing engine
/// with many missing legs can send them.
@Suite("Mostly forbidden matrices")
struct SparseMatrixTests {
    @Test("the heuristic returns a route on allowed arcs instead of trapping", arguments: [false, true])
    func ringWithChords(asymmetric: Bool) throws {
        let n = 150
        var rng = SplitMix64(seed: 3)
        var allowed = Set<[Int]>()
        for i in 0..<n { allowed.insert([i, (i + 1) % n].sorted()) }
        for _ in 0..<n {
            let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: 0..<n, using: &rng)
            if a != b { allowed.insert([a, b].sorted()) }
        }
        let matrix = try CostMatrix(count: n) { i, j in
            allowed.contains([i, j].sorted()) ? abs(i - j) * 10 + 1 + (asymmetric && i < j ? 3 : 0) : nil
        }
        #expect(matrix.hasForbiddenArcs)
        var options = RouteSolver.Options()
        options.strategy = .heuristic
        options.timeLimit = .milliseconds(300)
        let outcome = try RouteSolver.solveBlocking(matrix, endpoints: .roundTrip(), options: options,
                                                    control: SolveControl(timeLimit: .milliseconds(300)))
        #expect(isValid(outcome.solution, matrix, .roundTrip()))
        #expect(matrix.cost(of: outcome.solution.order, closed: true) == outcome.solution.cost)
    }
}
