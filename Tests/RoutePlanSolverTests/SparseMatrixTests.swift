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

    /// A problem for each symmetric form: the endpoints and whether costs
    /// differ by direction (`DoubledCosts`) or not (`MatrixCosts`, `PathCosts`).
    static let forms: [(endpoints: RouteEndpoints, asymmetric: Bool)] = [
        (.roundTrip(), false), (.path(), false), (.path(from: 2), false), (.path(from: 2, to: 5), false),
        (.roundTrip(), true), (.path(from: 2, to: 5), true),
    ]

    /// `n` stops whose allowed arcs are a hidden route under `endpoints`
    /// (so one exists) plus `chords` random ones, each costing 1–100.
    static func sparse(_ n: Int, chords: Int, endpoints: RouteEndpoints, asymmetric: Bool,
                       using rng: inout SplitMix64) throws -> CostMatrix {
        var order = Array(0..<n).shuffled(using: &rng)
        if let s = endpoints.start { order.swapAt(0, order.firstIndex(of: s)!) }
        if let t = endpoints.end { order.swapAt(n - 1, order.firstIndex(of: t)!) }
        var allowed = Set<[Int]>()
        for i in 0..<n where endpoints.isRoundTrip || i + 1 < n { allowed.insert([order[i], order[(i + 1) % n]]) }
        for _ in 0..<chords {
            let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: 0..<n, using: &rng)
            if a != b { allowed.insert([a, b]) }
        }
        if !asymmetric { allowed.formUnion(allowed.map { [$0[1], $0[0]] }) }
        var price = [Int](repeating: 0, count: n * n)
        for i in 0..<n { for j in i..<n { let c = Int.random(in: 1...100, using: &rng); price[i * n + j] = c; price[j * n + i] = c } }
        return try CostMatrix(count: n) { i, j in
            allowed.contains([i, j]) ? price[i * n + j] + (asymmetric && i < j ? Int.random(in: 0...30, using: &rng) : 0) : nil
        }
    }

    @Test("each symmetric form searches sparse matrices to the optimum Held–Karp finds", arguments: 0..<forms.count)
    func formsAgainstHeldKarp(form: Int) throws {
        let (endpoints, asymmetric) = Self.forms[form]
        for seed in UInt64(1)...25 {
            var rng = SplitMix64(seed: seed &* 7919 &+ UInt64(form))
            let n = 8 + Int(seed % 5)
            let matrix = try Self.sparse(n, chords: n, endpoints: endpoints, asymmetric: asymmetric, using: &rng)
            #expect(matrix.hasForbiddenArcs)
            let optimum = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, workers: 1)
            let found = try LocalSearch.solveThroughSymmetricForm(matrix, endpoints: endpoints, seed: seed, kicks: 60,
                                                                  control: .unlimited)
            let solution = try #require(found, "form \(form), seed \(seed): no route")
            #expect(isValid(solution, matrix, endpoints), "form \(form), seed \(seed)")
            #expect(matrix.cost(of: solution.order, closed: endpoints.isRoundTrip) == solution.cost,
                    "form \(form), seed \(seed)")
            #expect(solution.cost == optimum.cost, "form \(form), seed \(seed): \(solution.cost) against \(optimum.cost)")
        }
    }

    /// The trap 4ac45e5 sidestepped, met head on: a start tour made only
    /// of unusable edges, on a doubled graph whose unusable price is as
    /// dear as the bound lets it be. At the old fixed price of 2⁵⁸, 32 such
    /// edges overflowed `Int`.
    @Test("a search from a tour of unusable edges only, at the edge of what fits, sums exactly")
    func startOfUnusableEdges() throws {
        let n = 1_200
        var rng = SplitMix64(seed: 9)
        // A directed ring with costs near 2³⁰ and n random chords; every
        // other arc forbidden.
        var directed = [Int](repeating: DoubledCosts.forbidden, count: n * n)
        for i in 0..<n { directed[i * n + (i + 1) % n] = CostMatrix.maximumCost - Int.random(in: 0..<1_000, using: &rng) }
        for _ in 0..<n {
            let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: 0..<n, using: &rng)
            if a != b { directed[a * n + b] = Int.random(in: 1...CostMatrix.maximumCost, using: &rng) }
        }
        let costs = DoubledCosts(n: n, directed: directed)
        #expect(costs.sumsFitInInt)
        #expect(!SymmetricCostLimits.sumsFit(count: costs.count, unusable: costs.unusable * 2), "not near the edge")
        // Entries and exits apart: every edge of this tour is unusable.
        let start = Array((0..<n).shuffled(using: &rng)) + Array((n..<2 * n).shuffled(using: &rng))
        var startCost = 0
        for p in start.indices {
            let c = costs.cost(start[p], start[(p + 1) % start.count])
            let (sum, overflow) = startCost.addingReportingOverflow(c)
            try #require(!overflow)
            startCost = sum
        }
        #expect(startCost >= (2 * n - 2) * costs.unusable)
        var search = SymmetricSearch(costs: costs, neighbours: costs.nearestNeighbours(6), k: 6, start: start)
        #expect(search.cost == startCost)
        search.settle(control: .unlimited)
        #expect(search.cost == costs.tourCost(search.tour.order.map(Int.init)))
        #expect(search.cost < startCost / 2, "\(search.cost) from \(startCost)")
    }

    @Test("a form whose sums could overflow is not searched: the route-array search answers")
    func sumsThatCouldOverflow() throws {
        // The bound itself, at its edge.
        let edges = 2 * (100 + SymmetricCostLimits.edgesBeyondTour)
        #expect(SymmetricCostLimits.sumsFit(count: 100, unusable: Int.max / edges))
        #expect(!SymmetricCostLimits.sumsFit(count: 100, unusable: Int.max / edges + 1))
        // A directed problem of 1,300 stops with costs near 2³⁰ prices an
        // unusable doubled edge near 2⁵¹, too dear for sums of 2,600 edges.
        let n = 1_300
        let matrix = try CostMatrix(count: n) { i, j in j == (i + 1) % n ? CostMatrix.maximumCost - i : (i * 31 + j * 17) % 1_000 }
        #expect(!matrix.isSymmetric)
        #expect(try LocalSearch.solveThroughSymmetricForm(matrix, endpoints: .roundTrip(), seed: 1, kicks: 1,
                                                          control: .unlimited) == nil)
        let solution = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 1, kicks: 1, control: .unlimited)
        #expect(isValid(solution, matrix, .roundTrip()))
        #expect(matrix.cost(of: solution.order, closed: true) == solution.cost)
    }

    /// Whether a route exists on sparse allowed arcs is the Hamiltonian
    /// cycle problem: a heuristic that finds none has proven nothing, and
    /// must neither say so nor stop an exact solver from deciding.
    @Test("a heuristic that finds no route says so without claiming none exists; the automatic strategy finds one")
    func heuristicFailureIsNoProof() throws {
        // 400 stops: a hidden round trip in random order plus 60 chords.
        var rng = SplitMix64(seed: 41)
        let matrix = try Self.sparse(400, chords: 60, endpoints: .roundTrip(), asymmetric: false, using: &rng)
        #expect {
            _ = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 5, kicks: 100, control: .unlimited)
        } throws: { error in
            guard let error = error as? SolverError else { return false }
            return error == .noRouteFound(nodes: 400) && error.category == .timedOut
                && error.description.contains("though one may exist")
        }
        // The automatic strategy runs that heuristic first, then branch and
        // cut, whose root searches find a route within seconds.
        var options = RouteSolver.Options()
        options.timeLimit = .seconds(3)
        options.parallelSearch = false  // one core: other suites run alongside
        let outcome = try RouteSolver.solveBlocking(matrix, endpoints: .roundTrip(), options: options,
                                                    control: SolveControl(timeLimit: .seconds(3)))
        #expect(isValid(outcome.solution, matrix, .roundTrip()))
        #expect(matrix.cost(of: outcome.solution.order, closed: true) == outcome.solution.cost)
    }

    @Test("a node without the arcs every route needs is a proof of no route, under each kind of endpoints")
    func nodesNoRouteCanServe() throws {
        // 0 → 1 → 2 → 3, and 3 → 1: nothing enters 0, nothing leaves… none.
        let allowed: Set<[Int]> = [[0, 1], [1, 2], [2, 3], [3, 1]]
        let matrix = try CostMatrix(count: 4) { i, j in allowed.contains([i, j]) ? 1 : nil }
        #expect(matrix.nodesNoRouteCanServe(endpoints: .roundTrip()) == ([0], []))
        #expect(matrix.nodesNoRouteCanServe(endpoints: .path()) == ([], []))  // 0 may start
        #expect(matrix.nodesNoRouteCanServe(endpoints: .path(from: 0)) == ([], []))
        #expect(matrix.nodesNoRouteCanServe(endpoints: .path(from: 1)) == ([0], []))
        // The heuristic's failure on such a matrix is that proof.
        #expect(throws: SolverError.noFeasibleRoute(nodes: 4)) {
            try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 1, kicks: 10, control: .unlimited)
        }
        // The path 0 → 1 → 2 → 3 exists and is found.
        let path = try LocalSearch.solve(matrix, endpoints: .path(), seed: 1, kicks: 10, control: .unlimited)
        #expect(path.order == [0, 1, 2, 3])
    }

    /// Random matrices from dense to nearly empty, costs from small to
    /// ``CostMatrix/maximumCost`` (the dearest finite cost, which sets the
    /// unusable price), every kind of endpoints, against Held–Karp: the
    /// heuristic answers a valid route no shorter than the optimum, or says
    /// it found none; it never answers a route when none exists, and it
    /// claims none exists only when that is so.
    @Test("the heuristic against Held–Karp on random forbidden arcs and extreme costs")
    func heuristicAgainstHeldKarp() throws {
        var routes = 0, proofs = 0, optima = 0
        for seed in UInt64(1)...240 {
            var rng = SplitMix64(seed: seed)
            let n = Int.random(in: 2...12, using: &rng)
            let density = [0.1, 0.25, 0.4, 0.6, 0.9, 1.0].randomElement(using: &rng)!
            let largest = [100, 1 << 20, CostMatrix.maximumCost].randomElement(using: &rng)!
            let symmetric = Bool.random(using: &rng)
            var price = [Int?](repeating: nil, count: n * n)
            for i in 0..<n {
                for j in 0..<n where i != j && (!symmetric || i < j) {
                    guard Double.random(in: 0..<1, using: &rng) < density else { continue }
                    let c = Bool.random(using: &rng) ? largest : Int.random(in: 0...largest, using: &rng)
                    price[i * n + j] = c
                    if symmetric { price[j * n + i] = c }
                }
            }
            let matrix = try CostMatrix(count: n) { i, j in price[i * n + j] }
            let s = Int.random(in: 0..<n, using: &rng), t = (s + 1 + Int.random(in: 0..<(n - 1), using: &rng)) % n
            let endpoints = [RouteEndpoints.roundTrip(from: s), .path(), .path(from: s), .path(to: t), .path(from: s, to: t)]
                .randomElement(using: &rng)!
            let context = "seed \(seed): n \(n), density \(density), largest \(largest), \(endpoints)"
            let optimum: Solution?
            do {
                optimum = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, workers: 1)
            } catch SolverError.noFeasibleRoute {
                optimum = nil
            }
            do {
                let found = try LocalSearch.solve(matrix, endpoints: endpoints, seed: seed, kicks: 40, control: .unlimited)
                let best = try #require(optimum, "\(context): a route where none exists")
                #expect(isValid(found, matrix, endpoints), "\(context)")
                #expect(matrix.cost(of: found.order, closed: endpoints.isRoundTrip) == found.cost, "\(context)")
                #expect(found.cost >= best.cost, "\(context)")
                routes += 1
                if found.cost == best.cost { optima += 1 }
            } catch SolverError.noFeasibleRoute {
                #expect(optimum == nil, "\(context): claimed no route exists")
                proofs += 1
            } catch SolverError.noRouteFound {
                continue
            }
        }
        // The mix the seeds give, so that each branch above is exercised.
        #expect(routes >= 100 && proofs >= 20 && optima >= routes * 9 / 10, "\(routes) routes, \(optima) optimal, \(proofs) proofs")
    }
}
