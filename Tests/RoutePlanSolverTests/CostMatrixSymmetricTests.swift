import Testing
@testable import RoutePlanSolver

@Suite("Symmetric cost matrices built from one triangle")
struct CostMatrixSymmetricTests {
    @Test("equals the matrix built from every pair, flags included", arguments: [0, 1, 2, 63, 64, 65, 200])
    func sameAsFullBuild(n: Int) throws {
        for seed: UInt64 in 1...3 {
            var gen = InstanceGenerator(seed: seed &* 31 &+ UInt64(n))
            let points = (0..<n).map { _ in (gen.int(0...5_000), gen.int(0...5_000)) }
            func distance(_ i: Int, _ j: Int) -> Int { abs(points[i].0 - points[j].0) + abs(points[i].1 - points[j].1) }
            var calls = 0
            let half = try CostMatrix(symmetricCount: n) { i, j in
                calls += 1
                return distance(i, j)
            }
            let full = try CostMatrix(count: n) { i, j in distance(i, j) }
            #expect(half == full, "seed \(seed), n \(n)")
            #expect(half.isSymmetric && full.isSymmetric && !half.hasForbiddenArcs, "seed \(seed), n \(n)")
            #expect(half.largestCost == full.largestCost, "seed \(seed), n \(n)")
            #expect(calls == n * max(0, n - 1) / 2, "seed \(seed), n \(n)")
        }
    }

    @Test("the full build still finds asymmetry and forbidden arcs, across tiles")
    func fullBuildFlags() throws {
        for (i, j) in [(0, 1), (3, 70), (129, 130), (5, 199)] {
            let asymmetric = try CostMatrix(count: 200) { a, b in (a, b) == (i, j) ? 7 : a + b }
            #expect(!asymmetric.isSymmetric, "arc \(i) → \(j)")
            #expect(asymmetric.largestCost == 198 + 199, "arc \(i) → \(j)")
            let forbidden = try CostMatrix(count: 200) { a, b in (a, b) == (j, i) ? nil : a + b }
            #expect(forbidden.hasForbiddenArcs && !forbidden.isSymmetric, "arc \(j) → \(i)")
        }
    }

    @Test("refuses negative and too large costs, naming the pair")
    func refusesBadCosts() {
        #expect(throws: SolverError.negativeCost(from: 2, to: 5, value: -1)) {
            try CostMatrix(symmetricCount: 8) { i, j in (i, j) == (2, 5) ? -1 : 1 }
        }
        #expect(throws: SolverError.costTooLarge(from: 0, to: 3, value: CostMatrix.maximumCost + 1,
                                                 maximum: CostMatrix.maximumCost)) {
            try CostMatrix(symmetricCount: 8) { i, j in (i, j) == (0, 3) ? CostMatrix.maximumCost + 1 : 1 }
        }
    }
}
