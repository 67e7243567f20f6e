import Testing
@testable import RoutePlanSolver

/// The long-arc repair (``SymmetricSearch/repairLongArc(count:)``): the
/// non-sequential 4-opt move that splits the tour at two long arcs and
/// joins the two cycles where they pass close, against brute force.
@Suite("Long-arc repair")
struct LongArcTests {
    /// The largest gain of a move in the family the repair searches, over
    /// every arc of the closed tour `t` as {t1, t2}, by enumeration: the
    /// split at {t1,t2}, {t3,t4} (t4 after t3 reading t1 → t2, both cycles
    /// of three cities or more, c(t2,t3) < c(t1,t2), g₁ > 0), then every
    /// arc {t5,t6} of the smaller cycle and {t7,t8} of the other with
    /// c(t5,t7) < c(t5,t6) + g₁, neither the split's new arcs, joined
    /// either way.
    static func bestGain<Costs: SymmetricCosts>(_ t: [Int], _ costs: Costs) -> Int {
        let n = t.count
        func c(_ a: Int, _ b: Int) -> Int { costs.cost(a, b) }
        var best = 0
        for reading in [t, t.reversed()] {
            for i in 0..<n {
                // Offsets from t2 along the reading: t2 = 0 … t1 = n − 1.
                let walk = (0..<n).map { reading[(i + 1 + $0) % n] }
                let t1 = walk[n - 1], t2 = walk[0]
                for span in 2...(n - 4) {
                    let t3 = walk[span], t4 = walk[span + 1]
                    guard c(t2, t3) < c(t1, t2) else { continue }
                    let g1 = c(t1, t2) + c(t3, t4) - c(t2, t3) - c(t4, t1)
                    guard g1 > 0 else { continue }
                    let x = Array(walk[0...span]), y = Array(walk[(span + 1)...])
                    let (small, other) = x.count <= y.count ? (x, y) : (y, x)
                    for a in 0..<small.count {
                        for b in [a + 1, a - 1] where small.indices.contains(b) {
                            let t5 = small[a], t6 = small[b]
                            for p in 0..<other.count {
                                let t7 = other[p]
                                guard c(t5, t7) < c(t5, t6) + g1 else { continue }
                                for q in [p + 1, p - 1] where other.indices.contains(q) {
                                    let t8 = other[q]
                                    let base = g1 + c(t5, t6) + c(t7, t8)
                                    best = max(best, base - c(t5, t7) - c(t6, t8), base - c(t5, t8) - c(t6, t7))
                                }
                            }
                        }
                    }
                }
            }
        }
        return best
    }

    /// Rounded Euclidean distances between `points`.
    static func distances(_ points: [(Int, Int)]) throws -> CostMatrix {
        try CostMatrix(count: points.count) { a, b in
            let dx = Double(points[a].0 - points[b].0), dy = Double(points[a].1 - points[b].1)
            return Int((dx * dx + dy * dy).squareRoot().rounded())
        }
    }

    /// Cities in `clusters` square clumps 3,000 wide, spread over 100,000.
    static func clustered(_ gen: inout InstanceGenerator, n: Int, clusters: Int) throws -> CostMatrix {
        let centres = (0..<clusters).map { _ in (gen.int(0...100_000), gen.int(0...100_000)) }
        return try distances((0..<n).map { i in
            (centres[i % clusters].0 + gen.int(0...3_000), centres[i % clusters].1 + gen.int(0...3_000))
        })
    }

    @Test("finds the best move of its family and prices it exactly", arguments: [9, 11, 14])
    func bruteForce(n: Int) throws {
        var moved = 0
        for seed: UInt64 in 1...40 {
            var gen = InstanceGenerator(seed: seed &* 977 &+ UInt64(n))
            let matrix = seed % 2 == 0 ? try gen.euclidean(n) : try Self.clustered(&gen, n: n, clusters: 2 + Int(seed % 3))
            let costs = MatrixCosts(matrix: matrix)
            var start = Array(0..<n)
            start.shuffle(using: &gen.rng)
            var search = SymmetricSearch(costs: costs, neighbours: costs.nearestNeighbours(n - 1), k: n - 1, start: start)
            let before = search.cost
            let expected = Self.bestGain(search.tour.cities(startingAt: 0), costs)
            let found = search.repairLongArc(count: n)
            #expect(found == (expected > 0), "seed \(seed), n \(n): brute force gains \(expected)")
            #expect(before - search.cost == expected, "seed \(seed), n \(n): gained \(before - search.cost), best \(expected)")
            #expect(search.cost == SymmetricSearchTests.recomputed(search), "seed \(seed), n \(n): cost not exact")
            #expect(search.tour.cities(startingAt: 0).sorted() == Array(0..<n), "seed \(seed), n \(n): not a tour")
            if found { moved += 1 }
            // With 3 candidates a city, t3 comes from the scan of the whole
            // tour as well: still exact, and never beyond the best move.
            var short = SymmetricSearch(costs: costs, neighbours: costs.nearestNeighbours(3), k: 3, start: start)
            _ = short.repairLongArc(count: n)
            #expect(before - short.cost <= expected, "seed \(seed), n \(n): short lists gained more than the best move")
            #expect(short.cost == SymmetricSearchTests.recomputed(short), "seed \(seed), n \(n): short lists, cost not exact")
            #expect(short.tour.cities(startingAt: 0).sorted() == Array(0..<n), "seed \(seed), n \(n): short lists, not a tour")
        }
        #expect(moved >= 10, "n \(n): only \(moved) of 40 random tours had a move; the test checks too little")
    }

    /// Two 3 × 3 grids (spacing 10) whose facing columns are 60 apart and
    /// whose far columns are 100 apart. The tour crosses between the far
    /// columns on two parallel arcs; only the repair's move shifts both
    /// crossings to the near columns.
    @Test("two crossings at the far side of a gap move to the near side")
    func twoGrids() throws {
        // Left grid: index 3r + c at (10c, 10r); right grid: 9 + 3r + c at (80 + 10c, 10r).
        let matrix = try Self.distances((0..<18).map { i in (i / 9 * 80 + i % 3 * 10, i % 9 / 3 * 10) })
        // Through the left grid from 0 to 6 (both at x = 0), across to 17
        // (x = 100), through the right grid to 11 (x = 100), back to 0.
        let tour = [0, 1, 2, 5, 8, 7, 4, 3, 6, 17, 14, 13, 16, 15, 12, 9, 10, 11]
        let costs = MatrixCosts(matrix: matrix)
        var search = SymmetricSearch(costs: costs, neighbours: costs.nearestNeighbours(17), k: 17, start: tour)
        let before = search.cost
        #expect(search.repairLongArcs(control: .unlimited) >= 1)
        #expect(search.cost <= before - 60)
        #expect(search.cost == SymmetricSearchTests.recomputed(search))
        let cities = search.tour.cities(startingAt: 0)
        let longest = (0..<18).map { Int(matrix[cities[$0], cities[($0 + 1) % 18]]) }.max()!
        #expect(longest <= 60, "the crossings still span \(longest)")
    }

    @Test("kicks and repairs on clustered cities keep the tour and its cost exact")
    func kickedClusters() throws {
        // 4,500 kicks: one repair run (every max(4,096, n) kicks) in each.
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed &* 31)
            let matrix = try Self.clustered(&gen, n: 150, clusters: 6)
            let solution = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: seed, kicks: 4_500)
            #expect(solution.order.sorted() == Array(0..<150), "seed \(seed)")
            #expect(matrix.cost(of: solution.order, closed: true) == solution.cost, "seed \(seed)")
        }
    }

    @Test("the second search's random numbers are not the first's shifted")
    func secondSeed() {
        for seed: UInt64 in [0, 1, 2, 42, .max] {
            var first = SplitMix64(seed: seed), second = SplitMix64(seed: RouteSolver.secondSeed(seed))
            let a = Set((0..<20_000).map { _ in first.next() })
            let b = (0..<20_000).map { _ in second.next() }
            #expect(b.allSatisfy { !a.contains($0) }, "seed \(seed): the two sequences overlap")
        }
    }
}
