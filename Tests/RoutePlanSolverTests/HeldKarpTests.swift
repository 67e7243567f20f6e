import Dispatch
import Foundation
import Testing
@testable import RoutePlanSolver

@Suite("Held–Karp")
struct HeldKarpTests {
    @Test("equals brute force on random asymmetric instances, n = 1…9, every endpoint rule",
          arguments: 1...9)
    func matchesBruteForce(n: Int) async throws {
        let seeds: [UInt64] = n <= 7 ? Array(1...8) : [1, 2, 3]
        for seed in seeds {
            var gen = InstanceGenerator(seed: seed &* 1_000 &+ UInt64(n))
            let matrix = try gen.asymmetric(n)
            for endpoints in gen.endpointVariants(n) {
                let solution = try await HeldKarp.solve(matrix, endpoints: endpoints)
                #expect(isValid(solution, matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                #expect(solution.cost == bruteForceOptimum(matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                #expect(solution.provenOptimal)
            }
        }
    }

    @Test("forbidden arcs are avoided, and an impossible instance says so", arguments: 2...8)
    func forbiddenArcs(n: Int) async throws {
        for seed: UInt64 in 1...6 {
            var gen = InstanceGenerator(seed: seed &* 7_919 &+ UInt64(n))
            let matrix = try gen.asymmetric(n, forbidden: 0.35)
            for endpoints in gen.endpointVariants(n) {
                let expected = bruteForceOptimum(matrix, endpoints)
                if let expected {
                    let solution = try await HeldKarp.solve(matrix, endpoints: endpoints)
                    #expect(solution.cost == expected, "seed \(seed), n \(n), \(endpoints)")
                    #expect(isValid(solution, matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                } else {
                    await #expect(throws: SolverError.noFeasibleRoute(nodes: n), "seed \(seed), n \(n), \(endpoints)") {
                        try await HeldKarp.solve(matrix, endpoints: endpoints)
                    }
                }
            }
        }
    }

    @Test("all-equal and all-zero costs", arguments: [0, 7])
    func constantCosts(value: Int) async throws {
        for n in 1...9 {
            let matrix = try CostMatrix(count: n) { _, _ in value }
            var gen = InstanceGenerator(seed: UInt64(n))
            for endpoints in gen.endpointVariants(n) {
                let solution = try await HeldKarp.solve(matrix, endpoints: endpoints)
                let legs = endpoints.isRoundTrip ? (n > 1 ? n : 0) : n - 1
                #expect(solution.cost == value * legs, "n \(n), \(endpoints)")
                #expect(isValid(solution, matrix, endpoints))
            }
        }
    }

    @Test("large costs switch to 64-bit sums and stay exact")
    func largeCosts() async throws {
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed)
            let matrix = try gen.asymmetric(8, costs: (CostMatrix.maximumCost - 1_000)...CostMatrix.maximumCost)
            #expect(HeldKarp.usesWideSums(matrix))
            for endpoints in gen.endpointVariants(8) {
                let solution = try await HeldKarp.solve(matrix, endpoints: endpoints)
                #expect(solution.cost == bruteForceOptimum(matrix, endpoints), "seed \(seed), \(endpoints)")
            }
        }
    }

    @Test("one and two nodes")
    func tinyInstances() async throws {
        let one = try CostMatrix(count: 1) { _, _ in 5 }
        #expect(try await HeldKarp.solve(one, endpoints: .roundTrip(from: 0)).order == [0])
        #expect(try await HeldKarp.solve(one, endpoints: .path()).cost == 0)
        let two = try CostMatrix(rows: [[0, 3], [9, 0]])
        #expect(try await HeldKarp.solve(two, endpoints: .roundTrip(from: 1)).order == [1, 0])
        #expect(try await HeldKarp.solve(two, endpoints: .roundTrip(from: 1)).cost == 12)
        #expect(try await HeldKarp.solve(two, endpoints: .path()).order == [0, 1])
        #expect(try await HeldKarp.solve(two, endpoints: .path(to: 0)).order == [1, 0])
        #expect(try await HeldKarp.solve(two, endpoints: .path(from: 1, to: 0)).cost == 9)
    }

    @Test("refuses before allocating when the table exceeds the memory limit")
    func memoryLimit() async throws {
        var gen = InstanceGenerator(seed: 3)
        let matrix = try gen.asymmetric(20)
        // 19 free nodes: 19 · 2¹⁸ · 4 bytes = 19,922,944 bytes (one stored
        // row per pair of complementary subsets).
        #expect(HeldKarp.requiredBytes(for: matrix, endpoints: .roundTrip()) == 19 << 18 * 4)
        await #expect(throws: SolverError.exactNeedsTooMuchMemory(
            nodes: 20, requiredBytes: 19_922_944, limitBytes: 1_000_000, limit: .requested)) {
            try await HeldKarp.solve(matrix, endpoints: .roundTrip(), memoryLimit: 1_000_000)
        }
        let huge = try gen.asymmetric(40)
        await #expect(throws: SolverError.exactTooManyNodes(nodes: 40, maximum: 32)) {
            try await HeldKarp.solve(huge, endpoints: .roundTrip())
        }
    }

    @Test("cancellation stops a long solve")
    func cancellation() async throws {
        var gen = InstanceGenerator(seed: 11)
        let matrix = try gen.asymmetric(24)
        // Cancelled at once: whether the task has started yet or not (the
        // test pool may be busy), the solve must notice at its first
        // checkpoint instead of filling a 1.6 GB table. How quickly it stops
        // once running is measured in Benchmarks/.
        let task = Task { try await HeldKarp.solve(matrix, endpoints: .path()) }
        task.cancel()
        await #expect(throws: SolverError.cancelled) { try await task.value }
    }

    @Test("cancelling a running parallel solve stops it")
    func cancellationWhileRunning() async throws {
        var gen = InstanceGenerator(seed: 13)
        let matrix = try gen.asymmetric(23)
        // The solve takes about 0.3 s alone. The cancel comes from a Dispatch
        // thread, outside the concurrency pool that other tests may keep busy,
        // so it lands while the solve runs (or, if the pool is so busy that
        // the solve has not started, before it does); either way the solve
        // must end in `cancelled`. How quickly it stops is measured, not
        // asserted (3.5 ms at n = 25).
        let task = Task.detached { try await HeldKarp.solve(matrix, endpoints: .roundTrip(from: 0), workers: 2) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { task.cancel() }
        await #expect(throws: SolverError.cancelled) { try await task.value }
    }

    @Test("a deadline stops a long solve")
    func deadline() async throws {
        var gen = InstanceGenerator(seed: 12)
        let matrix = try gen.asymmetric(24)
        await #expect(throws: SolverError.timeLimitReached(seconds: 0.01)) {
            try await HeldKarp.solve(matrix, endpoints: .path(), control: SolveControl(timeLimit: .milliseconds(10)))
        }
    }
}

@Suite("Held–Karp against an independent DP, and in parallel")
struct HeldKarpIndependentTests {
    /// A textbook top-down Held–Karp with memoisation in a dictionary, sharing
    /// no code with the solver: the least cost of visiting `remaining` from
    /// `at`, then finishing as the endpoints say.
    func referenceOptimum(_ matrix: CostMatrix, _ endpoints: RouteEndpoints) -> Int? {
        let n = matrix.count
        func c(_ a: Int, _ b: Int) -> Int? { matrix.allows(a, b) ? Int(matrix[a, b]) : nil }
        var memo: [Int: Int?] = [:]
        func best(_ at: Int, _ remaining: Int) -> Int? {
            if remaining == 0 {
                if endpoints.isRoundTrip { return c(at, endpoints.start!) }
                return 0
            }
            let key = remaining &* 64 &+ at
            if let known = memo[key] { return known }
            var result: Int?
            for next in 0..<n where remaining & (1 << next) != 0 {
                let rest = remaining & ~(1 << next)
                // A fixed end must be the last node visited.
                if !endpoints.isRoundTrip, let end = endpoints.end, next == end, rest != 0 { continue }
                guard let step = c(at, next), let tail = best(next, rest) else { continue }
                result = min(result ?? .max, step + tail)
            }
            memo[key] = result
            return result
        }
        let all = (1 << n) - 1
        if let start = endpoints.start { return n == 1 ? 0 : best(start, all & ~(1 << start)) }
        var result: Int?
        for first in 0..<n {
            if !endpoints.isRoundTrip, let end = endpoints.end, first == end, n > 1 { continue }
            memo = [:]
            if let value = best(first, all & ~(1 << first)) { result = min(result ?? .max, value) }
        }
        return result
    }

    @Test("equals a textbook DP on seeded instances, n = 1…13, every endpoint rule", arguments: 1...13)
    func matchesReference(n: Int) async throws {
        for seed: UInt64 in 1...3 {
            var gen = InstanceGenerator(seed: seed &* 65_537 &+ UInt64(n))
            let forbidden = seed == 3 ? 0.25 : 0
            let matrix = try gen.asymmetric(n, forbidden: forbidden)
            for endpoints in gen.endpointVariants(n) {
                let expected = referenceOptimum(matrix, endpoints)
                do {
                    let solution = try await HeldKarp.solve(matrix, endpoints: endpoints)
                    #expect(solution.cost == expected, "seed \(seed), n \(n), \(endpoints)")
                    #expect(isValid(solution, matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                } catch SolverError.noFeasibleRoute {
                    #expect(expected == nil, "seed \(seed), n \(n), \(endpoints)")
                }
            }
        }
    }

    @Test("every worker count gives the same optimum", arguments: [2, 4, 8])
    func parallelAgrees(workers: Int) async throws {
        for n in [4, 6, 9, 13, 17] {
            for seed: UInt64 in 1...2 {
                var gen = InstanceGenerator(seed: seed &* 97 &+ UInt64(n) &+ UInt64(workers))
                let matrix = try gen.asymmetric(n, forbidden: seed == 2 ? 0.2 : 0)
                for endpoints in gen.endpointVariants(n) {
                    let sequential = try? await HeldKarp.solve(matrix, endpoints: endpoints, workers: 1)
                    let parallel = try? await HeldKarp.solve(matrix, endpoints: endpoints, workers: workers)
                    #expect(sequential?.cost == parallel?.cost, "seed \(seed), n \(n), \(endpoints), \(workers) workers")
                    if let parallel { #expect(isValid(parallel, matrix, endpoints)) }
                }
            }
        }
    }

    @Test("ulysses22 (GEO, 22 cities) solves to its optimum 7013 with all workers")
    func ulysses22() async throws {
        // Coordinates from TSPLIB95 ulysses22.tsp; GEO distance as TSPLIB defines it.
        let points: [(Double, Double)] = [
            (38.24, 20.42), (39.57, 26.15), (40.56, 25.32), (36.26, 23.12), (33.48, 10.54), (37.56, 12.19),
            (38.42, 13.11), (37.52, 20.44), (41.23, 9.10), (41.17, 13.05), (36.08, -5.21), (38.47, 15.13),
            (38.15, 15.35), (37.51, 15.17), (35.49, 14.32), (39.36, 19.56), (38.09, 24.36), (36.09, 23.00),
            (40.44, 13.57), (40.33, 14.15), (40.37, 14.23), (37.57, 22.56),
        ]
        func radians(_ x: Double) -> Double {
            let degrees = x.rounded(.towardZero)
            return 3.141592 * (degrees + 5 * (x - degrees) / 3) / 180
        }
        let matrix = try CostMatrix(count: points.count) { i, j in
            let (lat1, lon1) = (radians(points[i].0), radians(points[i].1))
            let (lat2, lon2) = (radians(points[j].0), radians(points[j].1))
            let q1 = cos(lon1 - lon2), q2 = cos(lat1 - lat2), q3 = cos(lat1 + lat2)
            return Int(6378.388 * acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1)
        }
        let solution = try await HeldKarp.solve(matrix, endpoints: .roundTrip(from: 0))
        #expect(solution.cost == 7013 && solution.provenOptimal)
    }
}

@Suite("Held–Karp size checks before any matrix")
struct HeldKarpSizeCheckTests {
    @Test("too many nodes or too little memory is refused from the node count alone")
    func checkSize() throws {
        #expect(throws: SolverError.exactTooManyNodes(nodes: 20_000, maximum: 32)) {
            try HeldKarp.checkSize(nodes: 20_000, endpoints: .roundTrip(from: 0), memoryLimit: nil)
        }
        #expect(throws: SolverError.exactNeedsTooMuchMemory(nodes: 24, requiredBytes: 23 << 22 * 4,
                                                            limitBytes: 1 << 20, limit: .requested)) {
            try HeldKarp.checkSize(nodes: 24, endpoints: .roundTrip(from: 0), memoryLimit: 1 << 20)
        }
        try HeldKarp.checkSize(nodes: 12, endpoints: .roundTrip(from: 0), memoryLimit: 1 << 20)
    }
}
