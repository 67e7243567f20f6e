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
            let sparse = LowerBound.sparseMinimumOneTree(complete, complete.edgeCosts { Int(matrix[$0, $1]) }, pi, &sparseDegree, &heap)
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

    // MARK: From coordinates

    /// `n` random points in a square of side 10,000, their costs, and each
    /// point's `width` nearest others (nearest first, by brute force).
    private static func points(_ n: Int, width: Int, _ gen: inout InstanceGenerator)
        -> (PlanarCosts, CostMatrix, [Int32]) {
        let x = (0..<n).map { _ in Double(gen.int(0...10_000)) }
        let y = (0..<n).map { _ in Double(gen.int(0...10_000)) }
        let points = PlanarCosts(x: x, y: y, rounding: .nearest)
        let matrix = try! CostMatrix(count: n) { points.cost($0, $1) }
        var nearest: [Int32] = []
        for a in 0..<n {
            let others = (0..<n).filter { $0 != a }.sorted { (points.cost(a, $0), $0) < (points.cost(a, $1), $1) }
            nearest += others.prefix(width).map(Int32.init)
        }
        return (points, matrix, nearest)
    }

    @Test("the heap Prim on coordinates equals the O(n²) Prim on their matrix, for random weights π")
    func planarSparseTreeMatchesDense() {
        for seed: UInt64 in 1...12 {
            var gen = InstanceGenerator(seed: seed &+ 500)
            let n = gen.int(3...40)
            let (points, matrix, _) = Self.points(n, width: 2, &gen)
            let complete = LowerBound.SparseGraph(
                n: n, adjacency: (0..<n).map { v in (0..<n).filter { $0 != v }.map(Int32.init) })
            let pi = (0..<n).map { _ in Double(gen.int(-500...500)) / 7 }
            var sparseDegree = [Int](repeating: 0, count: n), denseDegree = sparseDegree
            var heap = IndexedHeap(capacity: n)
            let sparse = LowerBound.sparseMinimumOneTree(complete, complete.edgeCosts(points.cost), pi, &sparseDegree, &heap)
            let dense = LowerBound.minimumOneTree(matrix, pi, &denseDegree)
            #expect(abs(sparse - dense) < 1e-6, "seed \(seed), n \(n): \(sparse) vs \(dense)")
            #expect(sparseDegree.reduce(0, +) == 2 * n, "seed \(seed)")
        }
    }

    @Test("from coordinates: never above the optimum (Held–Karp optima), even from two neighbours a point; close from ten",
          arguments: [2, 10])
    func planarBelowOptimum(width: Int) async throws {
        for seed: UInt64 in 1...10 {
            var gen = InstanceGenerator(seed: seed &* 131 &+ UInt64(width))
            let n = gen.int(8...14)
            let (points, matrix, nearest) = Self.points(n, width: min(width, n - 1), &gen)
            let optimum = try await HeldKarp.solve(matrix, endpoints: .roundTrip()).cost
            for upperBound in [nil, optimum] {
                let bound = try #require(LowerBound.oneTree(points, nearest: nearest, upperBound: upperBound))
                #expect(bound <= optimum, "seed \(seed), n \(n), w \(width): \(bound) > optimum \(optimum)")
                if width >= 10 {
                    #expect(Double(bound) >= 0.95 * Double(optimum),
                            "seed \(seed), n \(n), w \(width): \(bound) vs \(optimum)")
                }
            }
        }
    }

    @Test("from coordinates on 400 points: below a local-search tour, within 3 % of it and level with the matrix's bound")
    func planarLargerInstance() throws {
        var gen = InstanceGenerator(seed: 41)
        let (points, matrix, nearest) = Self.points(400, width: 24, &gen)
        let tour = try LocalSearch.solve(matrix, endpoints: .roundTrip(), seed: 41, control: .unlimited)
        let bound = try #require(LowerBound.oneTree(points, nearest: nearest, upperBound: nil))
        let fromMatrix = LowerBound.oneTree(matrix, upperBound: nil)
        #expect(bound <= tour.cost, "seed 41: \(bound) > \(tour.cost)")
        #expect(Double(bound) >= 0.97 * Double(tour.cost), "seed 41: \(bound) vs \(tour.cost)")
        #expect(abs(bound - fromMatrix) <= tour.cost / 200, "seed 41: \(bound) vs the matrix's \(fromMatrix)")
    }

    @Test("from coordinates: tiny instances are their tour, and a stopped control gives no bound")
    func planarEdgeCases() {
        let two = PlanarCosts(x: [0, 3], y: [0, 4], rounding: .nearest)
        #expect(LowerBound.oneTree(two, nearest: [1, 0], upperBound: nil) == 10)
        var gen = InstanceGenerator(seed: 7)
        let (points, _, nearest) = Self.points(600, width: 10, &gen)
        let control = SolveControl(timeLimit: nil)
        control.cancel()
        #expect(LowerBound.oneTree(points, nearest: nearest, upperBound: nil, control: control) == nil)
    }
}

