import Testing
@testable import RoutePlanSolver

@Suite("Held–Karp")
struct HeldKarpTests {
    @Test("equals brute force on random asymmetric instances, n = 1…9, every endpoint rule",
          arguments: 1...9)
    func matchesBruteForce(n: Int) throws {
        let seeds: [UInt64] = n <= 7 ? Array(1...8) : [1, 2, 3]
        for seed in seeds {
            var gen = InstanceGenerator(seed: seed &* 1_000 &+ UInt64(n))
            let matrix = try gen.asymmetric(n)
            for endpoints in gen.endpointVariants(n) {
                let solution = try HeldKarp.solve(matrix, endpoints: endpoints)
                #expect(isValid(solution, matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                #expect(solution.cost == bruteForceOptimum(matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                #expect(solution.provenOptimal)
            }
        }
    }

    @Test("forbidden arcs are avoided, and an impossible instance says so", arguments: 2...8)
    func forbiddenArcs(n: Int) throws {
        for seed: UInt64 in 1...6 {
            var gen = InstanceGenerator(seed: seed &* 7_919 &+ UInt64(n))
            let matrix = try gen.asymmetric(n, forbidden: 0.35)
            for endpoints in gen.endpointVariants(n) {
                let expected = bruteForceOptimum(matrix, endpoints)
                if let expected {
                    let solution = try HeldKarp.solve(matrix, endpoints: endpoints)
                    #expect(solution.cost == expected, "seed \(seed), n \(n), \(endpoints)")
                    #expect(isValid(solution, matrix, endpoints), "seed \(seed), n \(n), \(endpoints)")
                } else {
                    #expect(throws: SolverError.noFeasibleRoute(nodes: n), "seed \(seed), n \(n), \(endpoints)") {
                        try HeldKarp.solve(matrix, endpoints: endpoints)
                    }
                }
            }
        }
    }

    @Test("all-equal and all-zero costs", arguments: [0, 7])
    func constantCosts(value: Int) throws {
        for n in 1...9 {
            let matrix = try CostMatrix(count: n) { _, _ in value }
            var gen = InstanceGenerator(seed: UInt64(n))
            for endpoints in gen.endpointVariants(n) {
                let solution = try HeldKarp.solve(matrix, endpoints: endpoints)
                let legs = endpoints.isRoundTrip ? (n > 1 ? n : 0) : n - 1
                #expect(solution.cost == value * legs, "n \(n), \(endpoints)")
                #expect(isValid(solution, matrix, endpoints))
            }
        }
    }

    @Test("large costs switch to 64-bit sums and stay exact")
    func largeCosts() throws {
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed)
            let matrix = try gen.asymmetric(8, costs: (CostMatrix.maximumCost - 1_000)...CostMatrix.maximumCost)
            #expect(HeldKarp.usesWideSums(matrix))
            for endpoints in gen.endpointVariants(8) {
                let solution = try HeldKarp.solve(matrix, endpoints: endpoints)
                #expect(solution.cost == bruteForceOptimum(matrix, endpoints), "seed \(seed), \(endpoints)")
            }
        }
    }

    @Test("one and two nodes")
    func tinyInstances() throws {
        let one = try CostMatrix(count: 1) { _, _ in 5 }
        #expect(try HeldKarp.solve(one, endpoints: .roundTrip(from: 0)).order == [0])
        #expect(try HeldKarp.solve(one, endpoints: .path()).cost == 0)
        let two = try CostMatrix(rows: [[0, 3], [9, 0]])
        #expect(try HeldKarp.solve(two, endpoints: .roundTrip(from: 1)).order == [1, 0])
        #expect(try HeldKarp.solve(two, endpoints: .roundTrip(from: 1)).cost == 12)
        #expect(try HeldKarp.solve(two, endpoints: .path()).order == [0, 1])
        #expect(try HeldKarp.solve(two, endpoints: .path(to: 0)).order == [1, 0])
        #expect(try HeldKarp.solve(two, endpoints: .path(from: 1, to: 0)).cost == 9)
    }

    @Test("refuses before allocating when the table exceeds the memory limit")
    func memoryLimit() throws {
        var gen = InstanceGenerator(seed: 3)
        let matrix = try gen.asymmetric(20)
        // 19 free nodes: 19 · 2¹⁹ · 4 bytes = 39,845,888 bytes.
        #expect(HeldKarp.requiredBytes(for: matrix, endpoints: .roundTrip()) == 19 << 19 * 4)
        #expect(throws: SolverError.exactNeedsTooMuchMemory(
            nodes: 20, requiredBytes: 39_845_888, limitBytes: 1_000_000, limit: .requested)) {
            try HeldKarp.solve(matrix, endpoints: .roundTrip(), memoryLimit: 1_000_000)
        }
        let huge = try gen.asymmetric(40)
        #expect(throws: SolverError.exactTooManyNodes(nodes: 40, maximum: 32)) {
            try HeldKarp.solve(huge, endpoints: .roundTrip())
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
        let task = Task { try HeldKarp.solve(matrix, endpoints: .path()) }
        task.cancel()
        await #expect(throws: SolverError.cancelled) { try await task.value }
    }

    @Test("a deadline stops a long solve")
    func deadline() throws {
        var gen = InstanceGenerator(seed: 12)
        let matrix = try gen.asymmetric(24)
        #expect(throws: SolverError.timeLimitReached(seconds: 0.01)) {
            try HeldKarp.solve(matrix, endpoints: .path(), control: SolveControl(timeLimit: .milliseconds(10)))
        }
    }
}
