import Testing
@testable import RoutePlanSolver

@Suite("Sparse 1-tree bound")
struct SparseOneTreeTests {
    @Test("the heap Prim on the complete graph equals the O(n²) Prim, for random weights π")
    func sparseTreeMatchesDense() throws {
        for seed: UInt64 in 1...20 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(3...40)
            let matrix = seed.isMultiple(of: 2) ? try gen.euclidean(n) : try gen.symmetric(n)
            let complete = LowerBound.SparseGraph(
                n: n, adjacency: (0..<n).map { v in (0..<n).filter { $0 != v }.map(Int32.init) })
            let pi = (0..<n).map { _ in Double(gen.int(-500...500)) / 7 }
            var sparseDegree = [Int](repeating: 0, count: n), denseDegree = sparseDegree
            var heap = IndexedHeap(capacity: n)
            let sparse = LowerBound.sparseMinimumOneTree(matrix, complete, pi, &sparseDegree, &heap)
            let dense = LowerBound.minimumOneTree(matrix, pi, &denseDegree)
            #expect(abs(sparse - dense) < 1e-6, "seed \(seed), n \(n): \(sparse) vs \(dense)")
            #expect(sparseDegree.reduce(0, +) == 2 * n, "seed \(seed)")
        }
    }

    @Test("never above the optimum (Held–Karp optima), even from two neighbours a node; close from ten",
          arguments: [2, 10])
    func belowOptimum(neighbours: Int) async throws {
        for seed: UInt64 in 1...8 {
            var gen = InstanceGenerator(seed: seed &* 97 &+ UInt64(neighbours))
            let n = gen.int(8...14)
            let matrix = seed.isMultiple(of: 2) ? try gen.euclidean(n) : try gen.symmetric(n)
            let optimum = try await HeldKarp.solve(matrix, endpoints: .roundTrip()).cost
            for upperBound in [nil, optimum] {
                let bound = LowerBound.sparseOneTree(matrix, upperBound: upperBound, maxSteps: nil,
                                                     control: .unlimited, neighbours: neighbours)
                #expect(bound <= optimum, "seed \(seed), n \(n), k \(neighbours): \(bound) > optimum \(optimum)")
                // Two neighbours a node is a graph that often holds no
                // tour: the bound must stay valid, not close.
                if neighbours >= 10 && seed.isMultiple(of: 2) {
                    #expect(Double(bound) >= 0.95 * Double(optimum),
                            "seed \(seed), n \(n), k \(neighbours): \(bound) vs \(optimum)")
                }
            }
        }
    }

    @Test("the candidate graph spans nodes 1…n−1 and lists every edge at both ends")
    func candidateGraph() throws {
        for seed: UInt64 in 1...10 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(5...60)
            let matrix = try gen.euclidean(n)
            let graph = LowerBound.sparseCandidateGraph(matrix, neighbours: 2)
            let lists = graph.adjacency
            for v in 0..<n {
                for w in lists[v] { #expect(lists[Int(w)].contains(Int32(v)), "seed \(seed): \(v)–\(w)") }
            }
            var seen = Set([1]), stack = [1]
            while let v = stack.popLast() {
                for w in lists[v] where w != 0 && seen.insert(Int(w)).inserted { stack.append(Int(w)) }
            }
            #expect(seen.count == n - 1, "seed \(seed), n \(n)")
        }
    }

    @Test("a sparse ascent on 300 Euclidean nodes stays below a local-search tour and within 3 % of it")
    func largerInstance() throws {
        var gen = InstanceGenerator(seed: 5)
        let matrix = try gen.euclidean(300)
        let tour = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 5, control: .unlimited)
        let bound = LowerBound.oneTree(matrix, upperBound: nil)
        #expect(bound <= tour.cost, "seed 5: \(bound) > \(tour.cost)")
        #expect(Double(bound) >= 0.97 * Double(tour.cost), "seed 5: \(bound) vs \(tour.cost)")
    }
}
