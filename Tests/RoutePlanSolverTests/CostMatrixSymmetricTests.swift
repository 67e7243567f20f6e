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

    @Test("the two-thread build equals the one-thread build, largest cost included",
          arguments: [499, 500, 501, 777, 1_024])
    func twoThreadsSameMatrix(n: Int) throws {
        for seed: UInt64 in 1...2 {
            var gen = InstanceGenerator(seed: seed &* 131 &+ UInt64(n))
            let points = (0..<n).map { _ in (gen.int(0...50_000), gen.int(0...50_000)) }
            @Sendable func distance(_ i: Int, _ j: Int) -> Int {
                abs(points[i].0 - points[j].0) + abs(points[i].1 - points[j].1)
            }
            let one = try CostMatrix(symmetricCount: n) { i, j in distance(i, j) }
            let two = try CostMatrix(symmetricCount: n, threads: 2) { i, j in distance(i, j) }
            #expect(one == two, "seed \(seed), n \(n)")
            #expect(two.isSymmetric && !two.hasForbiddenArcs && two.largestCost == one.largestCost,
                    "seed \(seed), n \(n)")
            #expect((0..<n).allSatisfy { two[$0, $0] == 0 }, "seed \(seed), n \(n)")
        }
    }

    @Test("the two-thread build reports the first bad pair in row order, as one thread does")
    func twoThreadsFirstError() {
        let n = 800
        // Row 700 lies in the second thread's rows, row 3 in the first's.
        for bad in [[(700, 750)], [(3, 9)], [(3, 9), (700, 750)]] {
            @Sendable func cost(_ i: Int, _ j: Int) -> Int { bad.contains { $0 == (i, j) } ? -1 : 1 }
            let first = bad[0]
            #expect(throws: SolverError.negativeCost(from: first.0, to: first.1, value: -1), "bad pairs \(bad)") {
                try CostMatrix(symmetricCount: n, threads: 2) { i, j in cost(i, j) }
            }
        }
    }
}
