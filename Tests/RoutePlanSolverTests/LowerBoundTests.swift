import Testing
@testable import RoutePlanSolver

@Suite("Lower bounds")
struct LowerBoundTests {
    @Test("never above the optimum, for every endpoint rule (Held–Karp optima)", arguments: [4, 7, 10, 13])
    func belowOptimum(n: Int) async throws {
        for seed: UInt64 in 1...5 {
            var gen = InstanceGenerator(seed: seed &* 271 &+ UInt64(n))
            let matrices = [try gen.euclidean(n), try gen.asymmetric(n), try gen.asymmetric(n, forbidden: 0.2)]
            for matrix in matrices {
                for endpoints in gen.endpointVariants(n) {
                    guard let optimum = try? await HeldKarp.solve(matrix, endpoints: endpoints).cost else { continue }
                    let bound = LowerBound.compute(matrix, endpoints: endpoints, upperBound: optimum)
                    let value = try #require(bound, "seed \(seed), n \(n), \(endpoints)")
                    #expect(value <= optimum, "seed \(seed), n \(n), \(endpoints): bound \(value) > optimum \(optimum)")
                    #expect(value >= 0)
                }
            }
        }
    }

    @Test("the 1-tree bound is close on symmetric Euclidean instances")
    func oneTreeQuality() async throws {
        for seed: UInt64 in 1...5 {
            var gen = InstanceGenerator(seed: seed)
            let matrix = try gen.euclidean(14)
            let optimum = try await HeldKarp.solve(matrix, endpoints: .roundTrip()).cost
            let bound = LowerBound.oneTree(matrix, upperBound: optimum)
            #expect(bound <= optimum, "seed \(seed)")
            #expect(Double(bound) >= 0.97 * Double(optimum), "seed \(seed): \(bound) vs \(optimum)")
        }
    }

    @Test("a 1-tree ascent started after its deadline still returns a valid bound")
    func lateStart() async throws {
        var gen = InstanceGenerator(seed: 77)
        let matrix = try gen.euclidean(12)
        let optimum = try await HeldKarp.solve(matrix, endpoints: .roundTrip()).cost
        let expired = SolveControl(timeLimit: .zero)
        try await Task.sleep(for: .milliseconds(2))
        let bound = LowerBound.oneTree(matrix, upperBound: nil, control: expired)
        #expect(bound > 0 && bound <= optimum, "\(bound) vs optimum \(optimum)")
    }

    @Test("assignment: known small cases")
    func assignment() {
        // The cheapest assignment picks 1→2, 2→3, 3→1 or a cheaper pair of 2-cycles.
        let costs: [[Int?]] = [[nil, 1, 9], [9, nil, 1], [1, 9, nil]]
        #expect(LowerBound.assignment(costs) == 3)
        #expect(LowerBound.assignment([[nil, 5], [7, nil]]) == 12)
        #expect(LowerBound.assignment([[nil, nil], [1, nil]]) == nil)
    }

    @Test("the solver reports the bound and the gap; proven optima have gap 0")
    func outcome() async throws {
        var gen = InstanceGenerator(seed: 3)
        let matrix = try gen.euclidean(60)
        let heuristic = try await RouteSolver.solve(matrix, endpoints: .roundTrip(), options: .init(strategy: .heuristic))
        let bound = try #require(heuristic.lowerBound)
        #expect(bound <= heuristic.solution.cost)
        #expect((heuristic.gapPercent ?? -1) >= 0)
        let small = try gen.asymmetric(9)
        let exact = try await RouteSolver.solve(small, endpoints: .roundTrip())
        #expect(exact.lowerBound == exact.solution.cost && exact.gapPercent == 0)
        let none = try await RouteSolver.solve(matrix, endpoints: .roundTrip(),
                                               options: .init(strategy: .heuristic, computeLowerBound: false))
        #expect(none.lowerBound == nil)
    }
}
