import Testing
@testable import RoutePlanSolver

@Suite("Local search")
struct LocalSearchTests {
    @Test("valid routes that honour every endpoint rule and never lose to the construction",
          arguments: [3, 5, 8, 12, 20, 40, 90])
    func validAndNoWorseThanConstruction(n: Int) async throws {
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed &* 104_729 &+ UInt64(n))
            let matrices = [try gen.asymmetric(n), try gen.euclidean(n)]
            for matrix in matrices {
                for endpoints in gen.endpointVariants(n) {
                    let solution = try LocalSearch.solve(matrix, endpoints: endpoints, seed: seed)
                    #expect(isValid(solution, matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                    let start = NearestNeighbor.build(matrix, endpoints: endpoints)
                    #expect(solution.cost <= start.totalCost, "seed \(seed), n \(n), \(endpoints)")
                    // Only a route with at most one free node is proven optimal by construction.
                    let free = HeldKarp.freeNodeCount(nodes: n, endpoints: endpoints)
                    #expect(solution.provenOptimal == (free <= 1), "seed \(seed), n \(n), \(endpoints)")
                }
            }
        }
    }

    @Test("never below the optimum, and usually on it, for n ≤ 11", arguments: 4...11)
    func againstExact(n: Int) async throws {
        var optimal = 0, total = 0
        for seed: UInt64 in 1...6 {
            var gen = InstanceGenerator(seed: seed &* 31 &+ UInt64(n))
            let matrix = try gen.asymmetric(n)
            for endpoints in gen.endpointVariants(n) {
                let exact = try await HeldKarp.solve(matrix, endpoints: endpoints).cost
                #expect(isValid(try LocalSearch.solve(matrix, endpoints: endpoints, seed: seed), matrix, endpoints),
                        "seed \(seed), n \(n), \(endpoints)")
                let heuristic = try LocalSearch.solve(matrix, endpoints: endpoints, seed: seed).cost
                #expect(heuristic >= exact, "seed \(seed), n \(n), \(endpoints)")
                total += 1
                if heuristic == exact { optimal += 1 }
            }
        }
        // Kicks make small instances converge; a drop here means the search got worse.
        #expect(Double(optimal) >= 0.8 * Double(total), "\(optimal) of \(total) optimal at n = \(n)")
    }

    @Test("at a local optimum no 2-opt or Or-opt move improves (checked by brute force)",
          arguments: [6, 10, 25])
    func localOptimality(n: Int) async throws {
        for seed: UInt64 in 1...5 {
            var gen = InstanceGenerator(seed: seed &* 7 &+ UInt64(n))
            for matrix in [try gen.asymmetric(n), try gen.euclidean(n)] {
                for endpoints in gen.endpointVariants(n) {
                    var route = NearestNeighbor.build(matrix, endpoints: endpoints)
                    LocalSearch.optimize(&route, control: .unlimited)
                    let cost = route.totalCost
                    let range = route.movable
                    // Every reversal of a movable stretch.
                    for i in range {
                        for j in (i + 1)..<range.upperBound {
                            var other = route
                            other.nodes[i...j].reverse()
                            #expect(other.totalCost >= cost, "2-opt \(i)…\(j) improves; seed \(seed), \(endpoints)")
                        }
                    }
                    // Every move of a stretch of 1–3 to every other gap, both directions.
                    for length in 1...3 where length < range.count {
                        for i in range where i + length <= range.upperBound {
                            for gap in range.lowerBound...range.upperBound where gap < i || gap > i + length {
                                for reversed in [false, true] {
                                    var other = route
                                    OrOpt.apply(.init(start: i, length: length, gap: gap, reversed: reversed, gain: 0),
                                                to: &other)
                                    #expect(other.totalCost >= cost,
                                            "Or-opt \(i)+\(length)→\(gap) improves; seed \(seed), \(endpoints)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("the same seed gives the same route")
    func deterministic() async throws {
        var gen = InstanceGenerator(seed: 99)
        let matrix = try gen.asymmetric(60)
        let a = try LocalSearch.solve(matrix, endpoints: .roundTrip(from: 3), seed: 42)
        let b = try LocalSearch.solve(matrix, endpoints: .roundTrip(from: 3), seed: 42)
        #expect(a == b)
    }

    @Test("forbidden arcs are avoided when possible")
    func forbidden() async throws {
        for seed: UInt64 in 1...10 {
            var gen = InstanceGenerator(seed: seed)
            let matrix = try gen.asymmetric(30, forbidden: 0.3)
            let solution = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: seed)
            #expect(isValid(solution, matrix, .roundTrip()), "seed \(seed)")
        }
        // Node 2 can be entered only from node 1 and left only to node 0.
        let matrix = try CostMatrix(count: 12) { i, j in
            if j == 2 { return i == 1 ? 1 : nil }
            if i == 2 { return j == 0 ? 1 : nil }
            return 10 + (i * 7 + j * 3) % 11
        }
        let solution = try LocalSearch.solve(matrix, endpoints: .roundTrip(from: 5))
        #expect(isValid(solution, matrix, .roundTrip(from: 5)))
    }
}

@Suite("Route solver")
struct RouteSolverTests {
    @Test("automatic is Held–Karp for small problems, branch and cut for larger ones, heuristic beyond its limit")
    func strategySelection() async throws {
        var gen = InstanceGenerator(seed: 5)
        let small = try gen.asymmetric(10)
        let outcome = try await RouteSolver.solve(small, endpoints: .roundTrip())
        #expect(outcome.solution.provenOptimal && outcome.solution.method == .heldKarp)
        let large = try gen.asymmetric(40)
        let proven = try await RouteSolver.solve(large, endpoints: .roundTrip())
        #expect(proven.solution.provenOptimal && proven.solution.method == .branchAndCut)
        let heuristic = try await RouteSolver.solve(large, endpoints: .roundTrip(),
                                                    options: .init(branchAndCutNodeLimit: 0))
        #expect(!heuristic.solution.provenOptimal && heuristic.solution.method == .localSearch)
        let forced = try await RouteSolver.solve(small, endpoints: .roundTrip(), options: .init(strategy: .heuristic))
        #expect(forced.solution.method == .localSearch && !forced.solution.provenOptimal)
    }

    @Test("an exact solve that runs out of time returns the heuristic route, not proven optimal")
    func exactFallsBackOnTimeLimit() async throws {
        var gen = InstanceGenerator(seed: 6)
        let matrix = try gen.asymmetric(25)
        let outcome = try await RouteSolver.solve(matrix, endpoints: .roundTrip(),
                                            options: .init(strategy: .exact, timeLimit: .milliseconds(1)))
        #expect(outcome.exactStoppedByTimeLimit)
        #expect(!outcome.solution.provenOptimal)
        #expect(isValid(outcome.solution, matrix, .roundTrip()))
    }

    @Test("a small exact solve with a deadline is solved at once; past its deadline it still answers a route")
    func smallExactWithDeadline() async throws {
        var gen = InstanceGenerator(seed: 61)
        let matrix = try gen.asymmetric(12)
        let solved = try await RouteSolver.solve(matrix, endpoints: .roundTrip(), options: .init(timeLimit: .seconds(10)))
        #expect(solved.solution.provenOptimal && solved.solution.method == .heldKarp)
        let exact = try await HeldKarp.solve(matrix, endpoints: .roundTrip())
        #expect(solved.solution.cost == exact.cost)
        // A deadline that has passed before the table is filled.
        let control = SolveControl(deadline: .now - .seconds(1), timeLimit: .milliseconds(1))
        let late = try RouteSolver.solveBlocking(matrix, endpoints: .roundTrip(), options: .init(strategy: .exact), control: control)
        #expect(late.exactStoppedByTimeLimit && !late.solution.provenOptimal)
        #expect(isValid(late.solution, matrix, .roundTrip()))
    }

    @Test("forcing exact beyond Held–Karp's memory limit runs branch and cut; beyond both it is refused up front")
    func exactMemory() async throws {
        var gen = InstanceGenerator(seed: 7)
        let matrix = try gen.asymmetric(30)
        let outcome = try await RouteSolver.solve(matrix, endpoints: .roundTrip(),
                                                  options: .init(strategy: .exact, maxMemoryBytes: 1 << 20))
        #expect(outcome.solution.provenOptimal && outcome.solution.method == .branchAndCut)
        let huge = try CostMatrix(count: BranchAndCut.maximumNodes + 1) { i, j in (i * 7 + j * 3) % 100 }
        await #expect(throws: SolverError.self) {
            try await RouteSolver.solve(huge, endpoints: .roundTrip(),
                                        options: .init(strategy: .exact, maxMemoryBytes: 1 << 20))
        }
    }

    @Test("bad endpoints are rejected")
    func badEndpoints() async throws {
        let matrix = try CostMatrix(count: 4) { _, _ in 1 }
        await #expect(throws: SolverError.nodeOutOfRange(node: 4, count: 4)) {
            try await RouteSolver.solve(matrix, endpoints: .roundTrip(from: 4))
        }
        await #expect(throws: SolverError.samePathStartAndEnd(node: 2)) {
            try await RouteSolver.solve(matrix, endpoints: .path(from: 2, to: 2))
        }
        #expect(throws: SolverError.negativeCost(from: 0, to: 1, value: -1)) {
            try CostMatrix(rows: [[0, -1], [1, 0]])
        }
    }
}

@Suite("Symmetric search (neighbour lists, don't-look bits, kicks)")
struct SymmetricSearchTests {
    /// The cost of the search's tour recomputed edge by edge.
    static func recomputed<C: SymmetricCosts>(_ search: SymmetricSearch<C>) -> Int {
        search.costs.tourCost(search.tour.cities(startingAt: 0))
    }

    /// A search over `matrix` with complete neighbour lists (k = n − 1),
    /// starting from the nearest-neighbour tour: where "no improving move
    /// left" can be checked by brute force.
    static func completeListSearch(_ matrix: CostMatrix) -> SymmetricSearch<MatrixCosts> {
        let costs = MatrixCosts(matrix: matrix)
        let k = matrix.count - 1
        let start = NearestNeighbor.build(matrix, endpoints: .roundTrip()).order
        return SymmetricSearch(costs: costs, neighbours: costs.nearestNeighbours(k), k: k, start: start)
    }

    @Test("valid tours whose incremental cost is exact, never worse than the construction", arguments: [8, 9, 20, 75, 200])
    func valid(n: Int) throws {
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed &* 5_381 &+ UInt64(n))
            let matrix = try gen.euclidean(n)
            let start = Int(seed) % n
            let construction = NearestNeighbor.build(matrix, endpoints: .roundTrip(from: start))
            let costs = MatrixCosts(matrix: matrix)
            let k = min(10, n - 1)
            var search = SymmetricSearch(costs: costs, neighbours: costs.nearestNeighbours(k), k: k,
                                         start: construction.order)
            #expect(search.cost == construction.totalCost)
            search.queueAll()
            search.optimize(control: .unlimited)
            var rng = SplitMix64(seed: seed)
            for _ in 0..<200 {
                _ = search.kick(using: &rng, control: .unlimited)
                let order = search.tour.cities(startingAt: start)
                #expect(Set(order).count == n, "seed \(seed), n \(n)")
                #expect(matrix.cost(of: order, closed: true) == search.cost, "seed \(seed), n \(n): incremental cost drifted")
            }
            #expect(search.cost <= construction.totalCost, "seed \(seed), n \(n)")
            let solution = try LocalSearch.solve(matrix, endpoints: .roundTrip(from: start), seed: seed)
            #expect(isValid(solution, matrix, .roundTrip(from: start)), "seed \(seed), n \(n)")
        }
    }

    @Test("on the doubled graph of asymmetric costs, kicks keep every entry–exit edge", arguments: [8, 30, 120])
    func doubled(n: Int) throws {
        for seed: UInt64 in 1...3 {
            var gen = InstanceGenerator(seed: seed &* 613 &+ UInt64(n))
            let matrix = try gen.asymmetric(n)
            let costs = DoubledCosts(n: n, directed: matrix.storage.map(Int.init))
            let k = 10
            let lists = costs.nearestNeighbours(k)
            var search = SymmetricSearch(costs: costs, neighbours: lists, k: k,
                                         start: GreedyEdge.tour(costs, neighbours: lists, k: k))
            search.queueAll()
            search.optimize(control: .unlimited)
            var rng = SplitMix64(seed: seed)
            for _ in 0..<100 { _ = search.kick(using: &rng, control: .unlimited) }
            #expect(search.cost == Self.recomputed(search), "seed \(seed), n \(n)")
            for node in 0..<n {
                let exit = n + node
                #expect(search.tour.next(node) == exit || search.tour.previous(node) == exit,
                        "seed \(seed), n \(n): entry \(node) lost its exit")
            }
        }
    }

    @Test("with complete neighbour lists no 2-opt or Or-opt move improves a settled tour (brute force)",
          arguments: [10, 30, 60, 100])
    func settledLocalOptimum(n: Int) throws {
        for seed: UInt64 in 1...40 {
            var gen = InstanceGenerator(seed: seed &* 97 &+ UInt64(n))
            // Even seeds: points in the plane; odd ones: random symmetric
            // costs, where the triangle inequality does not hold.
            let matrix = seed % 2 == 0 ? try gen.euclidean(n) : try gen.symmetric(n)
            // The descent alone (no kicks) from a nearest-neighbour tour…
            let fresh = Self.completeListSearch(matrix)
            let costs = fresh.costs
            let lists = fresh.neighbourList
            var search = fresh
            search.settle(control: .unlimited)
            #expect(search.cost == Self.recomputed(search), "seed \(seed), n \(n)")
            for move in Self.improvingMoves(search.tour.cities(startingAt: 0), costs) {
                Issue.record("seed \(seed), n \(n), descent: \(move)")
            }
            // …the Or-opt search on its own, without Lin–Kernighan steps to
            // find what it would miss…
            var orOpt = fresh
            orOpt.usesLinKernighan = false
            orOpt.settle(control: .unlimited)
            #expect(orOpt.cost == Self.recomputed(orOpt), "seed \(seed), n \(n)")
            for move in Self.improvingMoves(orOpt.tour.cities(startingAt: 0), costs) where move.hasPrefix("Or-opt") {
                Issue.record("seed \(seed), n \(n), Or-opt alone: \(move)")
            }
            // …and the whole search, kicks included, as callers get it.
            let solved = try LocalSearch.solveRoundTrip(count: n, neighbours: lists, seed: seed, kicks: 20) {
                Int(matrix[$0, $1])
            }
            #expect(solved.cost == matrix.cost(of: solved.order, closed: true), "seed \(seed), n \(n)")
            for move in Self.improvingMoves(solved.order, costs) {
                Issue.record("seed \(seed), n \(n), with kicks: \(move)")
            }
        }
    }

    /// Every 2-opt move, and every move of a stretch of 1–3 cities between
    /// two other neighbouring cities (kept or reversed), that would shorten
    /// the closed tour `t`, described.
    static func improvingMoves(_ t: [Int], _ costs: MatrixCosts) -> [String] {
        let n = t.count
        var found: [String] = []
        for i in 0..<n {
            for j in (i + 2)..<(n + i - 1) where j < n {
                let a = t[i], b = t[i + 1], c = t[j], d = t[(j + 1) % n]
                let gain = costs.cost(a, b) + costs.cost(c, d) - costs.cost(a, c) - costs.cost(b, d)
                if gain > 0 { found.append("2-opt on \(a)-\(b), \(c)-\(d) gains \(gain)") }
            }
        }
        for i in 0..<n {
            for length in 1...3 where length + 2 < n {
                let stretch = (0..<length).map { t[(i + $0) % n] }
                let p = t[(i + n - 1) % n], q = t[(i + length) % n]
                let removed = costs.cost(p, stretch[0]) + costs.cost(stretch[length - 1], q) - costs.cost(p, q)
                // The rest of the tour, q … p, and every arc along it.
                let rest = (0..<(n - length)).map { t[(i + length + $0) % n] }
                for g in 0..<(rest.count - 1) {
                    let x = rest[g], y = rest[g + 1]
                    for (first, last) in [(stretch[0], stretch[length - 1]), (stretch[length - 1], stretch[0])] {
                        let gain = removed + costs.cost(x, y) - costs.cost(x, first) - costs.cost(last, y)
                        if gain > 0 { found.append("Or-opt of \(stretch) between \(x) and \(y) gains \(gain)") }
                    }
                }
            }
        }
        return found
    }

    @Test("greedy construction visits every node once", arguments: [4, 9, 50, 300])
    func greedy(n: Int) throws {
        for seed: UInt64 in 1...3 {
            var gen = InstanceGenerator(seed: seed &+ UInt64(n) &* 1_009)
            let matrix = try gen.euclidean(n)
            let costs = MatrixCosts(matrix: matrix)
            for k in [1, 3, min(10, n - 1)] {
                let order = GreedyEdge.tour(costs, neighbours: costs.nearestNeighbours(k), k: k)
                #expect(order.sorted() == Array(0..<n), "seed \(seed), n \(n), k \(k)")
            }
        }
    }

    @Test("open paths on symmetric costs: every endpoint rule, never below the optimum", arguments: [8, 10, 12])
    func symmetricPaths(n: Int) async throws {
        var optimal = 0, total = 0
        for seed: UInt64 in 1...5 {
            var gen = InstanceGenerator(seed: seed &* 41 &+ UInt64(n))
            let matrix = try gen.euclidean(n)
            for endpoints in gen.endpointVariants(n) {
                let exact = try await HeldKarp.solve(matrix, endpoints: endpoints).cost
                let solution = try LocalSearch.solve(matrix, endpoints: endpoints, seed: seed)
                #expect(isValid(solution, matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                #expect(solution.cost >= exact, "seed \(seed), n \(n), \(endpoints)")
                total += 1
                if solution.cost == exact { optimal += 1 }
            }
        }
        #expect(Double(optimal) >= 0.9 * Double(total), "\(optimal) of \(total) optimal at n = \(n)")
    }

    @Test("costs from a function, with given or computed neighbour lists")
    func functionCosts() throws {
        var gen = InstanceGenerator(seed: 12)
        let points = (0..<150).map { _ in (gen.int(0...1000), gen.int(0...1000)) }
        let cost: @Sendable (Int, Int) -> Int = { a, b in
            let dx = Double(points[a].0 - points[b].0), dy = Double(points[a].1 - points[b].1)
            return Int((dx * dx + dy * dy).squareRoot().rounded())
        }
        let matrix = try CostMatrix(count: points.count) { cost($0, $1) }
        let reference = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 3, kicks: 2_000)
        let computed = try LocalSearch.solveRoundTrip(count: points.count, neighbours: nil, seed: 3, kicks: 2_000, cost: cost)
        let lists = MatrixCosts(matrix: matrix).nearestNeighbours(8)
        let given = try LocalSearch.solveRoundTrip(count: points.count, neighbours: lists, seed: 3, kicks: 2_000, cost: cost)
        for solution in [computed, given] {
            #expect(isValid(solution, matrix, .roundTrip()))
            #expect(matrix.cost(of: solution.order, closed: true) == solution.cost)
            // Same search on the same costs: within a percent of the matrix route.
            #expect(Double(solution.cost) <= Double(reference.cost) * 1.01)
        }
        #expect(computed.order == reference.order, "the function path and the matrix path are the same search")
        let square = try LocalSearch.solveRoundTrip(count: 4, neighbours: nil, kicks: 10) { a, b in
            let p = [(0, 0), (10, 10), (0, 10), (10, 0)]
            return abs(p[a].0 - p[b].0) + abs(p[a].1 - p[b].1)
        }
        #expect(square.cost == 40)
    }

    /// Random Euclidean round trips of 14 cities (generator seed `seed · spread`)
    /// with their optimal costs by Held–Karp.
    private func smallRoundTrips(_ seeds: ClosedRange<UInt64>, spread: UInt64) async throws
        -> [(seed: UInt64, matrix: CostMatrix, exact: Int)] {
        var instances: [(seed: UInt64, matrix: CostMatrix, exact: Int)] = []
        for seed in seeds {
            var gen = InstanceGenerator(seed: seed &* spread)
            let matrix = try gen.euclidean(14)
            instances.append((seed, matrix, try await HeldKarp.solve(matrix, endpoints: .roundTrip()).cost))
        }
        return instances
    }

    @Test("reaches the optimum on small instances (Held–Karp) most of the time")
    func nearOptimal() async throws {
        var optimal = 0
        for (seed, matrix, exact) in try await smallRoundTrips(1...10, spread: 11) {
            let heuristic = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: seed).cost
            #expect(heuristic >= exact, "seed \(seed)")
            if heuristic == exact { optimal += 1 }
        }
        #expect(optimal >= 9, "\(optimal) of 10 optimal")
    }

    @Test("given candidate lists of any length are searched as given (the second search's 10)")
    func givenListLengths() async throws {
        var optimal = 0
        for (seed, matrix, exact) in try await smallRoundTrips(1...6, spread: 53) {
            let costs = MatrixCosts(matrix: matrix)
            for k in [3, 10, 13] {
                let lists = costs.alphaNearest(k)
                let solution = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: seed, kicks: 300,
                                                     control: .unlimited, routeArrayOnly: false, candidates: lists)
                #expect(isValid(solution, matrix, .roundTrip()), "seed \(seed), k \(k)")
                #expect(matrix.cost(of: solution.order, closed: true) == solution.cost, "seed \(seed), k \(k)")
                #expect(solution.cost >= exact, "seed \(seed), k \(k)")
                if k == 13 && solution.cost == exact { optimal += 1 }
            }
        }
        // Complete lists (13 of 13 other cities) and 300 kicks: the optimum.
        #expect(optimal == 6, "\(optimal) of 6 optimal with complete lists")
    }

    @Test("the same seed gives the same tour")
    func deterministic() throws {
        var gen = InstanceGenerator(seed: 4)
        let matrix = try gen.euclidean(300)
        let a = try LocalSearch.solve(matrix, endpoints: .roundTrip(from: 7), seed: 9)
        let b = try LocalSearch.solve(matrix, endpoints: .roundTrip(from: 7), seed: 9)
        #expect(a == b)
    }

    @Test("kick walks double after max(10 · n, 50,000) kicks without a shorter tour, twice at most")
    func walkStepsGrowWithStagnation() {
        for n in [10, 1_002, 4_461, 13_509] {
            let step = max(10 * n, 50_000)
            #expect(SearchTuning.walkSteps(stagnantKicks: 0, nodes: n) == SearchTuning.kickWalk, "n \(n)")
            #expect(SearchTuning.walkSteps(stagnantKicks: step - 1, nodes: n) == SearchTuning.kickWalk, "n \(n)")
            #expect(SearchTuning.walkSteps(stagnantKicks: step, nodes: n) == 2 * SearchTuning.kickWalk, "n \(n)")
            #expect(SearchTuning.walkSteps(stagnantKicks: 2 * step, nodes: n) == 4 * SearchTuning.kickWalk, "n \(n)")
            #expect(SearchTuning.walkSteps(stagnantKicks: 1_000 * step, nodes: n) == 4 * SearchTuning.kickWalk, "n \(n)")
        }
        // A search of at most 5,000 nodes keeps its walks for its first
        // 50,000 kicks, so 1 s runs (fewer kicks) search exactly as before.
        #expect(SearchTuning.walkSteps(stagnantKicks: 49_999, nodes: 5_000) == SearchTuning.kickWalk)
    }
}
