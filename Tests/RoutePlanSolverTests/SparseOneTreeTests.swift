import Testing
@testable import RoutePlanSolver

@Suite("Sparse 1-tree bound")
struct SparseOneTreeTests {
    @Test("the heap Prim on the complete graph equals the O(n²) Prim, for random weights π, on matrices and on coordinates")
    func sparseTreeMatchesDense() throws {
        for seed: UInt64 in 1...30 {
            var gen = InstanceGenerator(seed: seed)
            let n = gen.int(3...40)
            // Every third seed: points, the heap Prim reading their costs
            // from the coordinates.
            let matrix: CostMatrix, weights: (Int, Int) -> Int
            if seed % 3 == 0 {
                let (points, pointMatrix, _) = Self.points(n, width: 2, &gen)
                matrix = pointMatrix
                weights = points.cost
            } else {
                matrix = seed.isMultiple(of: 2) ? try gen.euclidean(n) : try gen.symmetric(n)
                weights = { Int(matrix[$0, $1]) }
            }
            let complete = LowerBound.SparseGraph(
                n: n, adjacency: (0..<n).map { v in (0..<n).filter { $0 != v }.map(Int32.init) })
            let pi = (0..<n).map { _ in Double(gen.int(-500...500)) / 7 }
            var sparseDegree = [Int](repeating: 0, count: n), denseDegree = sparseDegree
            var heap = IndexedHeap(capacity: n)
            let sparse = LowerBound.sparseMinimumOneTree(complete, complete.edgeCosts(weights), pi, &sparseDegree, &heap)
            let dense = LowerBound.minimumOneTree(matrix, pi, &denseDegree)
            #expect(abs(sparse - dense) < 1e-6, "seed \(seed), n \(n): \(sparse) vs \(dense)")
            #expect(sparseDegree.reduce(0, +) == 2 * n, "seed \(seed)")
        }
    }

    @Test("never above the optimum (Held–Karp optima), even from two neighbours a node; close from ten; on a matrix and from coordinates",
          arguments: [false, true], [2, 10])
    func belowOptimum(fromCoordinates: Bool, neighbours: Int) async throws {
        for seed: UInt64 in 1...8 {
            var gen = InstanceGenerator(seed: seed &* 97 &+ UInt64(neighbours) &+ (fromCoordinates ? 1_000 : 0))
            let n = gen.int(8...14)
            let matrix: CostMatrix
            let bound: (Int?) throws -> Int
            // Random symmetric costs (odd seeds on a matrix) need not be
            // close; points are.
            let euclidean = fromCoordinates || seed.isMultiple(of: 2)
            if fromCoordinates {
                let (points, pointMatrix, nearest) = Self.points(n, width: min(neighbours, n - 1), &gen)
                matrix = pointMatrix
                bound = { try #require(LowerBound.oneTree(points, nearest: nearest, upperBound: $0)) }
            } else {
                matrix = euclidean ? try gen.euclidean(n) : try gen.symmetric(n)
                bound = { LowerBound.sparseOneTree(matrix, upperBound: $0, maxSteps: nil, control: .unlimited,
                                                   neighbours: neighbours) }
            }
            let optimum = try await HeldKarp.solve(matrix, endpoints: .roundTrip()).cost
            for upperBound in [nil, optimum] {
                let value = try bound(upperBound)
                let label = "seed \(seed), n \(n), k \(neighbours), coordinates \(fromCoordinates)"
                #expect(value <= optimum, "\(label): \(value) > optimum \(optimum)")
                // Two neighbours a node is a graph that often holds no
                // tour: the bound must stay valid, not close.
                if neighbours >= 10 && euclidean {
                    #expect(Double(value) >= 0.95 * Double(optimum), "\(label): \(value) vs \(optimum)")
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

