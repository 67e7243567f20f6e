import Foundation
import Testing
@testable import RoutePlanSolver

/// Branch and cut on arc variables (``DirectedBranchAndCut``) against brute
/// force on random small asymmetric instances (every endpoint rule, ties,
/// twin stops, forbidden arcs), against published optima of the TSPLIB
/// fixtures, its safe bound against adversarial duals, and its stops.
/// Seeds are in every message.
@Suite("Directed branch and cut")
struct DirectedBranchAndCutTests {
    /// Solves by the arc formulation and checks the answer against brute force.
    func check(_ matrix: CostMatrix, _ endpoints: RouteEndpoints, seed: UInt64, withIncumbent: Bool) throws {
        let reference = bruteForceOptimum(matrix, endpoints)
        let incumbent = withIncumbent
            ? try? LocalSearch.solve(matrix, endpoints: endpoints, seed: seed, kicks: 0) : nil
        do {
            let result = try DirectedBranchAndCut.solve(matrix, endpoints: endpoints, incumbent: incumbent,
                                                        control: .unlimited)
            let optimum = try #require(reference, "seed \(seed) \(endpoints): a route where brute force found none")
            let solution = try #require(result.solution, "seed \(seed) \(endpoints)")
            #expect(solution.provenOptimal, "seed \(seed) \(endpoints)")
            #expect(solution.cost == optimum, "seed \(seed) \(endpoints): \(solution.cost) vs \(optimum)")
            #expect(result.lowerBound == optimum, "seed \(seed) \(endpoints)")
            #expect(isValid(solution, matrix, endpoints), "seed \(seed) \(endpoints)")
            #expect(matrix.cost(of: solution.order, closed: endpoints.isRoundTrip) == solution.cost, "seed \(seed)")
        } catch SolverError.noFeasibleRoute {
            #expect(reference == nil, "seed \(seed) \(endpoints): no route claimed, brute force found \(reference ?? -1)")
        }
    }

    @Test("random asymmetric instances (n ≤ 9), every endpoint rule, agree with brute force")
    func bruteForce() throws {
        for seed in UInt64(1)...50 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...9)
            let matrix = try gen.asymmetric(n, costs: 0...(seed % 3 == 0 ? 15 : 1000))
            for rule in BranchAndCutTests.allEndpoints {
                try check(matrix, rule(n), seed: seed, withIncumbent: seed % 2 == 0)
            }
        }
    }

    @Test("twin stops (equal rows and columns) branch by class and agree with brute force")
    func twins() throws {
        for seed in UInt64(50)...80 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(6...9)
            let base = try gen.asymmetric(n, costs: 0...(seed % 2 == 0 ? 30 : 500))
            // Each node copies the costs of a lower "original" (stops at one address).
            let original = (0..<n).map { i in i > 1 && gen.int(0...2) == 0 ? gen.int(0...(i - 1)) : i }
            func root(_ i: Int) -> Int { original[i] == i ? i : root(original[i]) }
            let twinCost = gen.int(0...5)
            let matrix = try CostMatrix(count: n) { i, j in
                let (a, b) = (root(i), root(j))
                return a == b ? twinCost : Int(base[a, b])
            }
            let graph = DirectedBranchAndCutGraph(matrix, endpoints: .roundTrip())
            for i in 0..<n {
                #expect(graph.cloneClass[i] <= i, "seed \(seed)")
                for j in 0..<n where root(i) == root(j) {
                    #expect(graph.cloneClass[i] == graph.cloneClass[j], "seed \(seed): \(i), \(j) are twins")
                }
            }
            for rule in BranchAndCutTests.allEndpoints {
                try check(matrix, rule(n), seed: seed, withIncumbent: seed % 2 == 1)
            }
        }
    }

    @Test("forbidden arcs are never used; infeasibility is reported only when true")
    func forbidden() throws {
        for seed in UInt64(200)...240 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...9)
            let matrix = try gen.asymmetric(n, forbidden: [0.2, 0.5, 0.7][Int(seed % 3)])
            for rule in BranchAndCutTests.allEndpoints {
                try check(matrix, rule(n), seed: seed, withIncumbent: seed % 2 == 1)
            }
        }
    }

    @Test("larger random instances agree with Held–Karp (16 nodes), both formulations")
    func larger() throws {
        for seed in UInt64(400)...403 {
            var gen = InstanceGenerator(seed: seed)
            let matrix = try gen.asymmetric(16, costs: 0...(seed % 2 == 0 ? 50 : 1000))
            for endpoints in [RouteEndpoints.roundTrip(), .path(from: 0), .path(from: 2, to: 5)] {
                let reference = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, memoryLimit: nil,
                                                           control: .unlimited, workers: 1)
                for formulation in [BranchAndCut.Formulation.arcs, .doubled, .automatic] {
                    let result = try BranchAndCut.solve(matrix, endpoints: endpoints, incumbent: nil,
                                                        control: .unlimited, formulation: formulation)
                    let solution = try #require(result.solution, "seed \(seed) \(formulation)")
                    #expect(solution.provenOptimal && solution.cost == reference.cost,
                            "seed \(seed) \(endpoints) \(formulation): \(solution.cost) vs \(reference.cost)")
                }
            }
        }
    }

    // MARK: TSPLIB fixtures

    /// The FULL_MATRIX weights of a fixture in `Fixtures/tsplib`.
    static func fixture(_ name: String) throws -> CostMatrix {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/tsplib/\(name).atsp")
        let text = try String(contentsOf: url, encoding: .utf8)
        let header = try #require(text.range(of: "EDGE_WEIGHT_SECTION"))
        let dimension = try #require(text.split(separator: "\n").first { $0.hasPrefix("DIMENSION") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
        let values = BranchAndCutTests.numbers(String(text[header.upperBound...]))
        try #require(values.count >= dimension * dimension)
        return try CostMatrix(count: dimension) { i, j in i == j ? 0 : values[i * dimension + j] }
    }

    @Test("br17, ftv33 and p43 are proven at their published optima (39, 1286, 5620)",
          arguments: [("br17", 39), ("ftv33", 1286), ("p43", 5620)])
    func tsplib(name: String, optimum: Int) throws {
        let matrix = try Self.fixture(name)
        let incumbent = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 1, kicks: 50)
        let result = try DirectedBranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent,
                                                    control: .unlimited)
        let solution = try #require(result.solution)
        #expect(solution.provenOptimal && solution.cost == optimum, "\(name): \(solution.cost)")
        #expect(matrix.cost(of: solution.order, closed: true) == optimum, "\(name)")
    }

    // MARK: Safe bounds

    @Test("the directed safe bound never exceeds the optimum, whatever the duals and cuts")
    func safeBoundAdversarial() throws {
        for seed in UInt64(500)...530 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...8)
            let matrix = try gen.asymmetric(n)
            let graph = DirectedBranchAndCutGraph(matrix, endpoints: .roundTrip())
            let optimal = try HeldKarp.solveBlocking(matrix, endpoints: .roundTrip(), memoryLimit: nil,
                                                     control: .unlimited, workers: 1)
            let tour = try #require(graph.arcs(of: optimal.order))
            let m = graph.nodeCount
            var cuts: [DirectedBranchAndCutCut] = []
            for k in 0..<gen.int(0...8) {
                var inside = (0..<m).map { _ in gen.int(0...1) == 1 }
                inside[0] = false
                if !inside.contains(true) { inside[m - 1] = true }
                switch k % 3 {
                case 0: cuts.append(DirectedBranchAndCutCut(subtour: inside))
                case 1:
                    var nodes = Array(0..<m)
                    nodes.shuffle(using: &gen.rng)
                    cuts.append(DirectedBranchAndCutCut(d3: nodes[0], nodes[1], nodes[2], nodeCount: m))
                default:
                    // A blossom: three disjoint pairs across H as teeth (valid for any such choice).
                    let ins = (0..<m).filter { inside[$0] }, outs = (0..<m).filter { !inside[$0] }
                    if ins.count >= 3 && outs.count >= 3 {
                        let teeth = (0..<3).map { min(ins[$0], outs[$0]) * m + max(ins[$0], outs[$0]) }
                        cuts.append(DirectedBranchAndCutCut(handle: inside, teeth: teeth))
                    } else {
                        cuts.append(DirectedBranchAndCutCut(subtour: inside))
                    }
                }
            }
            // Every cut holds at the optimal tour.
            for cut in cuts {
                let activity = tour.reduce(0) { $0 + cut.coefficient(Int(graph.arcs[$1].from), Int(graph.arcs[$1].to)) }
                #expect(activity >= cut.rhs, "seed \(seed): a cut cuts off the optimum")
            }
            let lower = [UInt8](repeating: 0, count: graph.arcs.count)
            let upper = [UInt8](repeating: 1, count: graph.arcs.count)
            let scales: [Double] = [1e-9, 0.37, 1, 113.7, 1e6, 3e12]
            for trial in 0..<30 {
                let scale = scales[trial % scales.count]
                let duals = (0..<(2 * m + cuts.count)).map { _ in
                    Double(gen.int(-1_000_000...1_000_000)) / 1_000_000 * scale + (trial % 5 == 0 ? 0.5 : 0)
                }
                let bound = try #require(BranchAndCutBound.compute(directed: graph, cuts: cuts, duals: duals,
                                                                   lower: lower, upper: upper))
                #expect(bound.ceiling <= optimal.cost, "seed \(seed) trial \(trial): \(bound.ceiling) > \(optimal.cost)")
                let farkas = try #require(BranchAndCutBound.compute(directed: graph, cuts: cuts, duals: duals,
                                                                    lower: lower, upper: upper, zeroCosts: true))
                #expect(farkas.scaled <= 0, "seed \(seed) trial \(trial): false infeasibility certificate")
            }
            // c·x = y·Ax + d·x exactly at the optimal tour, for any y.
            let duals = (0..<(2 * m + cuts.count)).map { _ in Double(gen.int(0...1000)) / 7 }
            let bound = try #require(BranchAndCutBound.compute(directed: graph, cuts: cuts, duals: duals,
                                                               lower: lower, upper: upper))
            func scaled(_ y: Double) -> Int128 { Int128((y * Double(1 << 24)).rounded()) }
            var value = tour.reduce(Int128(0)) { $0 + bound.reducedCosts[$1] }
            for r in 0..<(2 * m) { value += scaled(duals[r]) }
            for (c, cut) in cuts.enumerated() {
                let activity = tour.reduce(0) { $0 + cut.coefficient(Int(graph.arcs[$1].from), Int(graph.arcs[$1].to)) }
                value += Int128(activity) * scaled(duals[2 * m + c])
            }
            #expect(value == Int128(optimal.cost) * BranchAndCutBound.scale, "seed \(seed): c·x ≠ y·Ax + d·x")
        }
    }

    // MARK: Control

    @Test("a passed deadline or zero budget returns a bound unproven; cancellation throws")
    func deadlineAndCancellation() throws {
        let matrix = try Self.fixture("p43")
        let incumbent = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 1, kicks: 0)
        let late = SolveControl(deadline: .now - .seconds(1), timeLimit: .milliseconds(1))
        let result = try DirectedBranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent, control: late)
        let solution = try #require(result.solution)
        #expect(!solution.provenOptimal)
        #expect(solution.cost <= incumbent.cost)
        if let bound = result.lowerBound { #expect(bound <= 5620) }
        let cancelled = SolveControl.unlimited
        cancelled.cancel()
        #expect(throws: SolverError.cancelled) {
            _ = try DirectedBranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent, control: cancelled)
        }
        // A budget that ends after the root: a bound from the root LP, not proven.
        let budgeted = try DirectedBranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent,
                                                      control: .unlimited, proofBudget: .zero)
        #expect(budgeted.solution?.provenOptimal == false)
        // Through the route solver with a tiny limit: unproven, with a bound below the optimum.
        var options = RouteSolver.Options(strategy: .exact, timeLimit: .milliseconds(30))
        options.branchAndCutFormulation = .arcs
        let outcome = try RouteSolver.solveBlocking(matrix, endpoints: .roundTrip(), options: options,
                                                    control: SolveControl(timeLimit: .milliseconds(30)))
        if !outcome.solution.provenOptimal {
            #expect(outcome.lowerBound.map { $0 <= 5620 } ?? true)
        } else {
            #expect(outcome.solution.cost == 5620)
        }
    }

    @Test("the route solver proves asymmetric routes by the arc formulation unless told otherwise")
    func routeSolverIntegration() async throws {
        var gen = InstanceGenerator(seed: 800)
        let matrix = try gen.asymmetric(40)
        #expect(BranchAndCut.preferred(for: matrix, endpoints: .roundTrip()) == .arcs)
        let symmetric = try gen.euclidean(30)
        #expect(BranchAndCut.preferred(for: symmetric, endpoints: .path()) == .doubled)
        var costs: [Int] = []
        for formulation in BranchAndCut.Formulation.allCases {
            var options = RouteSolver.Options(strategy: .exact)
            options.branchAndCutFormulation = formulation
            let endpoints = RouteEndpoints.path(from: 3, to: 7)
            let outcome = try await RouteSolver.solve(matrix, endpoints: endpoints, options: options)
            #expect(outcome.solution.provenOptimal && isValid(outcome.solution, matrix, endpoints), "\(formulation)")
            costs.append(outcome.solution.cost)
        }
        #expect(Set(costs).count == 1, "\(costs)")
    }
}
