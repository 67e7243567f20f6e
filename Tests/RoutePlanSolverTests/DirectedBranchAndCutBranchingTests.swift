import Testing
@testable import RoutePlanSolver

/// The arc search's branching pieces: pseudo-costs (reliability
/// branching), the parent basis a child starts from, and whole searches
/// that branch many times on itinerary-like costs, checked against
/// Held–Karp. Seeds are in every message.
@Suite("Directed branch and cut: branching and warm starts")
struct DirectedBranchAndCutBranchingTests {
    @Test("pseudo-costs: reliable after one observation each way; unit gains averaged and scaled by the distance")
    func pseudoCosts() {
        var costs = BranchingPseudoCosts()
        #expect(!costs.isReliable(7))
        // Nothing observed anywhere: unit estimates, scaled by the distances.
        let fresh = costs.estimate(7, value: 0.25)
        #expect(abs(fresh.up - 0.75) < 1e-12 && abs(fresh.down - 0.25) < 1e-12)
        costs.record(7, up: true, value: 0.5, gain: 3)  // unit 6
        #expect(!costs.isReliable(7))
        costs.record(7, up: false, value: 0.5, gain: 1)  // unit 2
        #expect(costs.isReliable(7))
        costs.record(7, up: true, value: 0.75, gain: 1)  // unit 4: average 5
        let e = costs.estimate(7, value: 0.4)
        #expect(abs(e.up - 5 * 0.6) < 1e-12 && abs(e.down - 2 * 0.4) < 1e-12)
        // An unobserved object takes the averages over all: up (6 + 4) / 2, down 2.
        let other = costs.estimate(-3, value: 0.5)
        #expect(abs(other.up - 2.5) < 1e-12 && abs(other.down - 1) < 1e-12)
        // Infinite gains (infeasible children) and zero distances are not recorded.
        costs.record(9, up: true, value: 0.5, gain: .infinity)
        costs.record(9, up: false, value: 0, gain: 4)
        #expect(!costs.isReliable(9))
        costs.record(9, up: false, value: 0.5, gain: -1)  // noise: recorded as 0
        costs.record(9, up: true, value: 0.5, gain: 0.5)
        #expect(costs.isReliable(9))
        #expect(costs.estimate(9, value: 0.5).down == 0)
    }

    @Test("a saved basis is rebuilt for appended columns and cuts, and refused when purges break the basic count")
    func savedBasis() throws {
        let basic = SavedBasis.basic, lower = SavedBasis.atLower, upper: UInt8 = 2
        // 3 columns, 2 degree rows, cuts 10 and 11: 4 rows, 4 basic variables.
        let status: [UInt8] = [basic, lower, upper, basic, lower, basic, basic]
        let saved = try #require(SavedBasis(status: status, columnCount: 3, degreeRowCount: 2, cutSerials: [10, 11]))
        #expect(saved.status(columnCount: 3, cutSerials: [10, 11]) == status)
        // Two columns and cut 12 appended: new columns at their lower bound, the new cut's slack basic.
        #expect(saved.status(columnCount: 5, cutSerials: [10, 11, 12])
                == [basic, lower, upper, lower, lower, basic, lower, basic, basic, basic])
        // Cut 10 purged: its slack was basic, so the count still holds.
        #expect(saved.status(columnCount: 3, cutSerials: [11]) == [basic, lower, upper, basic, lower, basic])
        // A saved basis with a nonbasic cut row (serial 20) that was purged: one basic too many.
        let tight: [UInt8] = [basic, basic, lower, basic, lower, lower]
        let other = try #require(SavedBasis(status: tight, columnCount: 3, degreeRowCount: 2, cutSerials: [20]))
        #expect(other.status(columnCount: 3, cutSerials: [20]) == tight)
        #expect(other.status(columnCount: 3, cutSerials: []) == nil)
        // Fewer columns than saved, or a status array of the wrong size: refused.
        #expect(saved.status(columnCount: 2, cutSerials: [10, 11]) == nil)
        #expect(SavedBasis(status: status, columnCount: 3, degreeRowCount: 2, cutSerials: [10]) == nil)
    }

    /// Itinerary-like costs (as `Benchmarks/compare/itinerary_proofs.py`,
    /// in a plane): rounded distances times a factor in 0.9–1.1 per ordered
    /// pair. Nearly symmetric, so the arc LP is fractional and the search
    /// branches, warm-starts children and fills its pseudo-costs.
    static func itineraryLike(_ n: Int, seed: UInt64) throws -> CostMatrix {
        var gen = InstanceGenerator(seed: seed)
        let points = (0..<n).map { _ in (Double(gen.int(0...10_000)), Double(gen.int(0...10_000))) }
        let factors = (0..<(n * n)).map { _ in 0.9 + Double(gen.int(0...1000)) / 5000 }
        return try CostMatrix(count: n) { i, j in
            let dx = points[i].0 - points[j].0, dy = points[i].1 - points[j].1
            return max(1, Int(((dx * dx + dy * dy).squareRoot() * factors[i * n + j]).rounded()))
        }
    }

    @Test("itinerary-like instances (n = 13–15) that branch agree with Held–Karp, with and without a first route")
    func itineraryLikeAgainstHeldKarp() throws {
        var branched = 0
        for seed in UInt64(1)...24 {
            let n = 13 + Int(seed % 3)
            let matrix = try Self.itineraryLike(n, seed: seed)
            let optimum = try HeldKarp.solveBlocking(matrix, endpoints: .roundTrip(), memoryLimit: nil,
                                                     control: .unlimited, workers: 1).cost
            let incumbent = seed % 2 == 0
                ? try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: seed, kicks: 0) : nil
            let result = try DirectedBranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent,
                                                        control: .unlimited)
            let solution = try #require(result.solution, "seed \(seed)")
            #expect(solution.provenOptimal, "seed \(seed)")
            #expect(solution.cost == optimum, "seed \(seed): \(solution.cost) vs Held–Karp \(optimum)")
            #expect(result.lowerBound == optimum, "seed \(seed)")
            #expect(matrix.cost(of: solution.order, closed: true) == solution.cost, "seed \(seed)")
            if result.statistics.searchNodes > 1 { branched += 1 }
        }
        // The point of the test: the branching code ran.
        #expect(branched >= 3, "only \(branched) of 24 instances branched")
    }

    @Test("LP rounding turns any support (integral, fractional, sparse) into a route whose cost is the matrix's")
    func lpRounding() throws {
        for seed in UInt64(1)...40 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...12)
            let matrix = try seed % 2 == 0 ? gen.asymmetric(n) : Self.itineraryLike(n, seed: seed)
            let graph = DirectedBranchAndCutGraph(matrix, endpoints: .roundTrip())
            let search = DirectedBranchAndCutSearch(graph: graph, endpoints: .roundTrip(), control: .unlimited,
                                                    stopAt: nil, incumbent: nil)
            // A random point: a few arcs per node with random weights (no degree rows respected).
            var support: [(arc: Int, x: Double)] = []
            for u in 0..<n {
                for _ in 0..<gen.int(0...3) {
                    let v = gen.int(0...(n - 1))
                    if let a = graph.arc(u, v) { support.append((a, Double(gen.int(1...1000)) / 1000)) }
                }
            }
            let (route, cost) = try #require(search.roundedRoute(support: support, matrix: matrix), "seed \(seed)")
            #expect(BranchAndCut.isRoute(route, of: n, endpoints: .roundTrip()), "seed \(seed): \(route)")
            #expect(route.first == 0, "seed \(seed)")
            #expect(matrix.cost(of: route, closed: true) == cost, "seed \(seed)")
            // The rounding of a tour's own arcs is that tour or a cheaper one (local search only improves).
            let tour = [0] + (1..<n).shuffled(using: &gen.rng)
            let arcs = (0..<n).compactMap { graph.arc(tour[$0], tour[($0 + 1) % n]) }
            let rounded = try #require(search.roundedRoute(support: arcs.map { ($0, 1.0) }, matrix: matrix))
            #expect(rounded.cost <= matrix.cost(of: tour, closed: true)!, "seed \(seed)")
        }
    }
}
