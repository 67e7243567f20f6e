import Testing
@testable import RoutePlanSolver

/// Costs between points in the plane, and the search specialised for them.
@Suite("Planar costs")
struct PlanarCostsTests {
    /// `n` seeded random points with fractional, partly negative coordinates.
    static func points(_ n: Int, seed: UInt64) -> (x: [Double], y: [Double]) {
        var rng = SplitMix64(seed: seed)
        let x = (0..<n).map { _ in Double.random(in: -5_000...20_000, using: &rng).rounded(.down) / 4 }
        let y = (0..<n).map { _ in Double.random(in: -5_000...20_000, using: &rng).rounded(.down) / 4 }
        return (x, y)
    }

    @Test("each rounding rule gives its formula's integer for every pair", arguments: [1, 2, 3] as [UInt64])
    func roundingRules(seed: UInt64) {
        let (x, y) = Self.points(60, seed: seed)
        for rounding in [PlanarCosts.Rounding.nearest, .up, .pseudoEuclidean] {
            let costs = PlanarCosts(x: x, y: y, rounding: rounding)
            #expect(costs.count == 60)
            for a in 0..<60 {
                for b in 0..<60 {
                    let d = ((x[a] - x[b]) * (x[a] - x[b]) + (y[a] - y[b]) * (y[a] - y[b])).squareRoot()
                    let expected: Int
                    switch rounding {
                    case .nearest: expected = Int((d + 0.5).rounded(.down))
                    case .up: expected = Int(d.rounded(.up))
                    case .pseudoEuclidean: expected = Int((d * d / 10).squareRoot().rounded(.up))
                    }
                    #expect(costs.cost(a, b) == expected, "seed \(seed), \(rounding), \(a) → \(b)")
                    #expect(costs.cost(a, b) == costs.cost(b, a), "seed \(seed), \(rounding), \(a) ↔ \(b)")
                }
                #expect(costs.cost(a, a) == 0, "seed \(seed), \(rounding), \(a)")
            }
        }
    }

    @Test("the 3-4-5 triangle")
    func triangle() {
        let costs = PlanarCosts(x: [0, 3, 3], y: [0, 0, 4], rounding: .nearest)
        #expect(costs.cost(0, 2) == 5 && costs.cost(0, 1) == 3 && costs.cost(1, 2) == 4)
        // √50 = 7.07…: nearest 7, up 8; √(50 / 10) = 2.23…: 3.
        let diagonal = (x: [0.0, 5], y: [0.0, 5])
        #expect(PlanarCosts(x: diagonal.x, y: diagonal.y, rounding: .nearest).cost(0, 1) == 7)
        #expect(PlanarCosts(x: diagonal.x, y: diagonal.y, rounding: .up).cost(0, 1) == 8)
        #expect(PlanarCosts(x: diagonal.x, y: diagonal.y, rounding: .pseudoEuclidean).cost(0, 1) == 3)
    }

    /// The specialised search reads the same costs as the closure form, so
    /// it makes the same moves: the same tour for a seed and a kick count.
    @Test("the search on planar costs finds the tour it finds through a closure", arguments: [1, 2, 3] as [UInt64])
    func sameTourAsClosure(seed: UInt64) throws {
        let (x, y) = Self.points(300, seed: seed)
        let costs = PlanarCosts(x: x, y: y, rounding: .nearest)
        let lists = costs.nearestNeighbours(8)
        let planar = try LocalSearch.solveRoundTrip(points: costs, neighbours: lists, seed: seed, kicks: 3_000)
        let closure = try LocalSearch.solveRoundTrip(count: 300, neighbours: lists, seed: seed, kicks: 3_000) {
            costs.cost($0, $1)
        }
        #expect(planar.order == closure.order, "seed \(seed)")
        #expect(planar.cost == closure.cost, "seed \(seed)")
        #expect(Set(planar.order).count == 300 && planar.order.first == 0, "seed \(seed)")
        var length = 0
        for i in planar.order.indices { length += costs.cost(planar.order[i], planar.order[(i + 1) % 300]) }
        #expect(length == planar.cost, "seed \(seed)")
    }

    @Test("two searches and the bound on planar costs: a valid tour, the bound below it", arguments: [1, 2] as [UInt64])
    func routeSolver(seed: UInt64) async throws {
        let (x, y) = Self.points(200, seed: seed)
        let costs = PlanarCosts(x: x, y: y, rounding: .up)
        let matrix = try CostMatrix(count: 200) { costs.cost($0, $1) }
        let options = RouteSolver.Options(strategy: .heuristic, seed: seed)
        let outcome = try await RouteSolver.solveRoundTrip(points: costs, neighbours: costs.nearestNeighbours(8),
                                                           options: options) { control in
            LowerBound.compute(matrix, endpoints: .roundTrip(), upperBound: nil, control: control)
        }
        let closure = try await RouteSolver.solveRoundTrip(count: 200, neighbours: costs.nearestNeighbours(8),
                                                           options: options) { costs.cost($0, $1) }
        #expect(outcome.solution.order == closure.solution.order, "seed \(seed)")
        #expect(matrix.cost(of: outcome.solution.order, closed: true) == outcome.solution.cost, "seed \(seed)")
        let bound = try #require(outcome.lowerBound)
        #expect(bound <= outcome.solution.cost, "seed \(seed)")
    }
}
