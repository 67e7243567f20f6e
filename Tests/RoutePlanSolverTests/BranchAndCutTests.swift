import Foundation
import Testing
@testable import RoutePlanSolver

/// Branch and cut against Held–Karp and brute force on random small
/// instances of every kind, against published TSPLIB optima, and the
/// safe-bound routine against adversarial duals. Seeds are in every message.
@Suite("Branch and cut")
struct BranchAndCutTests {
    static let allEndpoints: [@Sendable (Int) -> RouteEndpoints] = [
        { _ in .roundTrip(from: 0) }, { n in .roundTrip(from: n - 1) },
        { _ in .path() }, { _ in .path(from: 1) }, { n in .path(to: n - 2) }, { n in .path(from: n - 1, to: 0) },
    ]

    /// Solves and checks the answer against Held–Karp: same cost, proven, valid.
    func check(_ matrix: CostMatrix, _ endpoints: RouteEndpoints, seed: UInt64, withIncumbent: Bool) throws {
        let reference: Solution?
        do {
            reference = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, memoryLimit: nil,
                                                   control: .unlimited, workers: 1)
        } catch {
            reference = nil
        }
        let incumbent = withIncumbent
            ? try? LocalSearch.solve(matrix, endpoints: endpoints, seed: seed, kicks: 0) : nil
        do {
            let result = try BranchAndCut.solve(matrix, endpoints: endpoints, incumbent: incumbent, control: .unlimited)
            guard let reference else {
                Issue.record("seed \(seed) \(endpoints): branch and cut found a route where Held–Karp found none")
                return
            }
            let solution = try #require(result.solution, "seed \(seed) \(endpoints)")
            #expect(solution.provenOptimal, "seed \(seed) \(endpoints)")
            #expect(solution.cost == reference.cost, "seed \(seed) \(endpoints): \(solution.cost) vs \(reference.cost)")
            #expect(result.lowerBound == reference.cost, "seed \(seed) \(endpoints)")
            #expect(isValid(solution, matrix, endpoints), "seed \(seed) \(endpoints)")
            #expect(matrix.cost(of: solution.order, closed: endpoints.isRoundTrip) == solution.cost, "seed \(seed)")
        } catch SolverError.noFeasibleRoute {
            #expect(reference == nil, "seed \(seed) \(endpoints): branch and cut claims no route exists")
        }
    }

    @Test("random asymmetric instances, every endpoint rule, agree with Held–Karp")
    func asymmetric() throws {
        for seed in UInt64(1)...60 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...11)
            let matrix = try gen.asymmetric(n, costs: 0...(seed % 3 == 0 ? 20 : 1000))
            for rule in Self.allEndpoints {
                try check(matrix, rule(n), seed: seed, withIncumbent: seed % 2 == 0)
            }
        }
    }

    @Test("random symmetric instances (Euclidean and arbitrary), every endpoint rule, agree with Held–Karp")
    func symmetric() throws {
        for seed in UInt64(100)...150 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...12)
            let matrix = seed % 2 == 0 ? try gen.euclidean(n) : try gen.symmetric(n)
            for rule in Self.allEndpoints {
                try check(matrix, rule(n), seed: seed, withIncumbent: seed % 3 != 0)
            }
        }
    }

    @Test("forbidden arcs are never used; infeasibility is reported only when true")
    func forbidden() throws {
        for seed in UInt64(200)...260 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...10)
            let matrix = try gen.asymmetric(n, forbidden: [0.2, 0.5, 0.7][Int(seed % 3)])
            for rule in Self.allEndpoints {
                try check(matrix, rule(n), seed: seed, withIncumbent: seed % 2 == 1)
            }
        }
    }

    @Test("symmetric forbidden edges")
    func symmetricForbidden() throws {
        for seed in UInt64(300)...330 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...10)
            let base = try gen.euclidean(n)
            var cut = Set<Int>()
            for i in 0..<n { for j in (i + 1)..<n where gen.int(0...9) < 3 { cut.insert(i * n + j) } }
            let matrix = try CostMatrix(count: n) { i, j in
                cut.contains(min(i, j) * n + max(i, j)) ? nil : Int(base[i, j])
            }
            #expect(matrix.isSymmetric)
            for rule in Self.allEndpoints {
                try check(matrix, rule(n), seed: seed, withIncumbent: seed % 2 == 0)
            }
        }
    }

    @Test("larger random instances agree with Held–Karp (18 nodes)")
    func larger() throws {
        for seed in UInt64(400)...405 {
            var gen = InstanceGenerator(seed: seed)
            let matrix = seed % 2 == 0 ? try gen.asymmetric(18) : try gen.euclidean(18)
            try check(matrix, .roundTrip(), seed: seed, withIncumbent: true)
            try check(matrix, .path(from: 0), seed: seed, withIncumbent: true)
        }
    }

    // MARK: TSPLIB

    static func numbers(_ text: String) -> [Int] { text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) } }

    func solveProven(_ matrix: CostMatrix) throws -> Solution {
        let incumbent = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 1, kicks: 50)
        let result = try BranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent, control: .unlimited)
        return try #require(result.solution)
    }

    @Test("br17 (asymmetric) is proven at 39")
    func br17() throws {
        let values = Self.numbers(Self.br17Weights)
        let matrix = try CostMatrix(count: 17) { i, j in values[i * 17 + j] }
        let solution = try solveProven(matrix)
        #expect(solution.provenOptimal && solution.cost == 39)
    }

    @Test("gr17 is proven at 2085")
    func gr17() throws {
        let values = Self.numbers(Self.gr17Weights)
        var full = [Int](repeating: 0, count: 17 * 17)
        var k = 0
        for i in 0..<17 {
            for j in 0...i {
                full[i * 17 + j] = values[k]
                full[j * 17 + i] = values[k]
                k += 1
            }
        }
        let matrix = try CostMatrix(count: 17) { i, j in full[i * 17 + j] }
        let solution = try solveProven(matrix)
        #expect(solution.provenOptimal && solution.cost == 2085)
    }

    @Test("ulysses22 (GEO) is proven at 7013")
    func ulysses22() throws {
        let coordinates: [(Double, Double)] = [
            (38.24, 20.42), (39.57, 26.15), (40.56, 25.32), (36.26, 23.12), (33.48, 10.54), (37.56, 12.19),
            (38.42, 13.11), (37.52, 20.44), (41.23, 9.10), (41.17, 13.05), (36.08, -5.21), (38.47, 15.13),
            (38.15, 15.35), (37.51, 15.17), (35.49, 14.32), (39.36, 19.56), (38.09, 24.36), (36.09, 23.00),
            (40.44, 13.57), (40.33, 14.15), (40.37, 14.23), (37.57, 22.56),
        ]
        // TSPLIB95's GEO distance.
        func radians(_ x: Double) -> Double {
            let degrees = x.rounded(.towardZero)
            return 3.141592 * (degrees + 5 * (x - degrees) / 3) / 180
        }
        let matrix = try CostMatrix(count: 22) { i, j in
            let (lat1, lon1) = (radians(coordinates[i].0), radians(coordinates[i].1))
            let (lat2, lon2) = (radians(coordinates[j].0), radians(coordinates[j].1))
            let q1 = cos(lon1 - lon2), q2 = cos(lat1 - lat2), q3 = cos(lat1 + lat2)
            return Int(6378.388 * acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1)
        }
        let solution = try solveProven(matrix)
        #expect(solution.provenOptimal && solution.cost == 7013)
    }

    // MARK: Safe bounds

    @Test("the safe bound never exceeds the optimum, whatever the duals")
    func safeBoundAdversarial() throws {
        for seed in UInt64(500)...540 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...9)
            let matrix = seed % 2 == 0 ? try gen.asymmetric(n) : try gen.euclidean(n, side: 1000)
            let graph = BranchAndCutGraph(matrix, endpoints: .roundTrip())
            let optimum = try HeldKarp.solveBlocking(matrix, endpoints: .roundTrip(), memoryLimit: nil,
                                                     control: .unlimited, workers: 1).cost
            let optimumEdges = try #require(graph.edges(of: try HeldKarp.solveBlocking(
                matrix, endpoints: .roundTrip(), memoryLimit: nil, control: .unlimited, workers: 1).order,
                endpoints: .roundTrip()))
            let size = graph.nodeCount
            // Random cuts: subtours and (possibly invalid-looking, still valid-by-construction) blossoms.
            var cuts: [BranchAndCutCut] = []
            for _ in 0..<gen.int(0...6) {
                var inside = (0..<size).map { _ in gen.int(0...1) == 1 }
                inside[0] = false
                if !inside.contains(true) { inside[size - 1] = true }
                cuts.append(BranchAndCutCut(subtour: inside))
            }
            var lower = [UInt8](repeating: 0, count: graph.edges.count)
            for e in graph.forced { lower[e] = 1 }
            let upper = [UInt8](repeating: 1, count: graph.edges.count)
            let scales: [Double] = [1e-9, 0.37, 1, 113.7, 1e6, 3e12]
            for trial in 0..<40 {
                let scale = scales[trial % scales.count]
                let duals = (0..<(size + cuts.count)).map { _ in
                    Double(gen.int(-1_000_000...1_000_000)) / 1_000_000 * scale + (trial % 5 == 0 ? 0.5 : 0)
                }
                let bound = try #require(BranchAndCutBound.compute(graph: graph, cuts: cuts, duals: duals,
                                                                   lower: lower, upper: upper))
                #expect(bound.ceiling <= optimum, "seed \(seed) trial \(trial): bound \(bound.ceiling) > optimum \(optimum)")
                // A Farkas check must never "prove" a feasible system infeasible.
                let farkas = try #require(BranchAndCutBound.compute(graph: graph, cuts: cuts, duals: duals,
                                                                    lower: lower, upper: upper, zeroCosts: true))
                #expect(farkas.scaled <= 0, "seed \(seed) trial \(trial): false infeasibility certificate")
            }
            // The exact evaluation at the optimum tour: y·b + d·x equals c·x for any y.
            let duals = (0..<(size + cuts.count)).map { _ in Double(gen.int(0...1000)) / 7 }
            let bound = try #require(BranchAndCutBound.compute(graph: graph, cuts: cuts, duals: duals,
                                                               lower: lower, upper: upper))
            var onTour: Int128 = 0
            for r in 0..<size { onTour += 2 * Int128((duals[r] * Double(1 << 24)).rounded()) }
            for (c, cut) in cuts.enumerated() { onTour += Int128(cut.rhs) * Int128((duals[size + c] * Double(1 << 24)).rounded()) }
            var slack: Int128 = 0
            for (c, cut) in cuts.enumerated() {
                let activity = optimumEdges.reduce(0) { $0 + cut.coefficient(edge: $1, Int(graph.edges[$1].u), Int(graph.edges[$1].v)) }
                slack += Int128(activity - cut.rhs) * Int128((duals[size + c] * Double(1 << 24)).rounded())
            }
            let tourValue = optimumEdges.reduce(Int128(0)) { $0 + bound.reducedCosts[$1] } + onTour + slack
            #expect(tourValue == Int128(optimum) * BranchAndCutBound.scale, "seed \(seed): c·x ≠ y·Ax + d·x")
        }
    }

    @Test("non-finite or huge duals give no bound rather than a wrong one")
    func safeBoundRejectsNonFinite() throws {
        var gen = InstanceGenerator(seed: 600)
        let matrix = try gen.euclidean(6)
        let graph = BranchAndCutGraph(matrix, endpoints: .roundTrip())
        let zeros = [UInt8](repeating: 0, count: graph.edges.count)
        let ones = [UInt8](repeating: 1, count: graph.edges.count)
        for bad in [Double.nan, .infinity, -.infinity, 1e300] {
            var duals = [Double](repeating: 1, count: 6)
            duals[3] = bad
            #expect(BranchAndCutBound.compute(graph: graph, cuts: [], duals: duals, lower: zeros, upper: ones) == nil)
        }
    }

    // MARK: Control

    @Test("a passed deadline returns the incumbent unproven; cancellation throws")
    func deadlineAndCancellation() throws {
        var gen = InstanceGenerator(seed: 700)
        let matrix = try gen.asymmetric(40)
        let incumbent = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 1, kicks: 0)
        let late = SolveControl(deadline: .now - .seconds(1), timeLimit: .milliseconds(1))
        let result = try BranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent, control: late)
        let solution = try #require(result.solution)
        #expect(!solution.provenOptimal)
        #expect(solution.cost <= incumbent.cost)
        let cancelled = SolveControl.unlimited
        cancelled.cancel()
        #expect(throws: SolverError.cancelled) {
            _ = try BranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent, control: cancelled)
        }
        // A proof budget of zero stops as a deadline does.
        let budgeted = try BranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent,
                                              control: .unlimited, proofBudget: .zero)
        #expect(budgeted.solution?.provenOptimal == false)
    }

    // MARK: Integration

    @Test("automatic and exact strategies prove beyond Held–Karp's range by branch and cut")
    func routeSolverIntegration() async throws {
        var gen = InstanceGenerator(seed: 800)
        let matrix = try gen.asymmetric(40)
        let automatic = try await RouteSolver.solve(matrix, endpoints: .roundTrip())
        #expect(automatic.solution.provenOptimal && automatic.solution.method == .branchAndCut)
        #expect(automatic.lowerBound == automatic.solution.cost)
        #expect(automatic.branchAndCut != nil)
        let path = try await RouteSolver.solve(matrix, endpoints: .path(from: 3, to: 7), options: .init(strategy: .exact))
        #expect(path.solution.provenOptimal && isValid(path.solution, matrix, .path(from: 3, to: 7)))
        #expect(RouteSolver.exactEngine(nodes: 12, endpoints: .roundTrip(), options: .init()) == .heldKarp)
        #expect(RouteSolver.exactEngine(nodes: 100, endpoints: .roundTrip(), options: .init(strategy: .exact)) == .branchAndCut)
        #expect(RouteSolver.exactEngine(nodes: 1_000, endpoints: .roundTrip(), options: .init()) == nil)
        #expect(RouteSolver.heldKarpFreeNodes(nodes: 60, endpoints: .roundTrip(), options: .init(strategy: .exact)) == nil)
    }

    static let br17Weights = """
9999 3 5 48 48 8 8 5 5 3 3 0 3 5 8 8 5 3 9999 3
48 48 8 8 5 5 0 0 3 0 3 8 8 5 5 3 9999 72 72 48
48 24 24 3 3 5 3 0 48 48 24 48 48 74 9999 0 6 6 12 12
48 48 48 48 74 6 6 12 48 48 74 0 9999 6 6 12 12 48 48 48
48 74 6 6 12 8 8 50 6 6 9999 0 8 8 8 8 8 8 50 0
0 8 8 8 50 6 6 0 9999 8 8 8 8 8 8 50 0 0 8 5
5 26 12 12 8 8 9999 0 5 5 5 5 26 8 8 0 5 5 26 12
12 8 8 0 9999 5 5 5 5 26 8 8 0 3 0 3 48 48 8 8
5 5 9999 0 3 0 3 8 8 5 3 0 3 48 48 8 8 5 5 0
9999 3 0 3 8 8 5 0 3 5 48 48 8 8 5 5 3 3 9999 3
5 8 8 5 3 0 3 48 48 8 8 5 5 0 0 3 9999 3 8 8
5 5 3 0 72 72 48 48 24 24 3 3 5 3 9999 48 48 24 8 8
50 6 6 0 0 8 8 8 8 8 8 50 9999 0 8 8 8 50 6 6
0 0 8 8 8 8 8 8 50 0 9999 8 5 5 26 12 12 8 8 0
0 5 5 5 5 26 8 8 9999
"""

    static let gr17Weights = """
0 633 0 257 390 0 91 661 228 0 412 227 169 383 0 150 488 112 120 267
0 80 572 196 77 351 63 0 134 530 154 105 309 34 29 0 259 555 372 175
338 264 232 249 0 505 289 262 476 196 360 444 402 495 0 353 282 110 324 61
208 292 250 352 154 0 324 638 437 240 421 329 297 314 95 578 435 0 70 567
191 27 346 83 47 68 189 439 287 254 0 211 466 74 182 243 105 150 108 326
336 184 391 145 0 268 420 53 239 199 123 207 165 383 240 140 448 202 57 0
246 745 472 237 528 364 332 349 202 685 542 157 289 426 483 0 121 518 142 84
297 35 29 36 236 390 238 301 55 96 153 336 0
"""
}
