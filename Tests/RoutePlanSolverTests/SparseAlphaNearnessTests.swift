import Testing
@testable import RoutePlanSolver

/// α-nearness on a sparse graph under node weights π, against a brute-force
/// α written independently (dense Prim, tree paths by search).
@Suite("Sparse α-nearness")
struct SparseAlphaNearnessTests {
    /// α(i, j) for every pair under c + π: c′(i, j) minus the dearest c′ on
    /// the path from i to j in a minimum spanning tree of the complete graph.
    static func bruteAlpha(_ matrix: CostMatrix, _ pi: [Double]) -> [[Double]] {
        let n = matrix.count
        func c(_ i: Int, _ j: Int) -> Double { Double(matrix[i, j]) + pi[i] + pi[j] }
        var inTree = [false] + [Bool](repeating: false, count: n - 1)
        var key = [Double](repeating: .infinity, count: n), parent = [Int](repeating: -1, count: n)
        key[0] = 0
        var adjacent = [[Int]](repeating: [], count: n)
        for _ in 0..<n {
            let u = (0..<n).filter { !inTree[$0] }.min { key[$0] < key[$1] }!
            inTree[u] = true
            if parent[u] >= 0 { adjacent[u].append(parent[u]); adjacent[parent[u]].append(u) }
            for v in 0..<n where !inTree[v] && c(u, v) < key[v] { key[v] = c(u, v); parent[v] = u }
        }
        var alpha = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for i in 0..<n {
            // Dearest edge from i to every node, by depth-first search.
            var dearest = [Double](repeating: -.infinity, count: n)
            var stack = [(i, -1)]
            while let (u, from) = stack.popLast() {
                for v in adjacent[u] where v != from {
                    dearest[v] = max(dearest[u], c(u, v))
                    stack.append((v, u))
                }
            }
            for j in 0..<n where j != i { alpha[i][j] = c(i, j) - dearest[j] }
        }
        return alpha
    }

    @Test("α under random π matches brute force; the lists hold the smallest", arguments: [8, 25, 60])
    func againstBruteForce(n: Int) throws {
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed &* 1_009 &+ UInt64(n))
            let matrix = try gen.euclidean(n)
            let costs = MatrixCosts(matrix: matrix)
            // The complete graph: every node's pool is every other node.
            let pool = costs.nearestNeighbours(n - 1)
            let graph = SparseAlphaNearness.Graph(pool, width: n - 1) { Int(matrix[$0, $1]) }
            let pi = (0..<n).map { _ in Double(gen.int(-300...300)) / 7 }
            let count = min(5, n - 1)
            let lists = SparseAlphaNearness.nearest(graph, pi: pi, pool: pool, width: n - 1, count: count) {
                Int(matrix[$0, $1])
            }
            let alpha = Self.bruteAlpha(matrix, pi)
            for i in 0..<n {
                let chosen = lists[(i * count)..<((i + 1) * count)].map(Int.init)
                #expect(Set(chosen).count == count && !chosen.contains(i), "seed \(seed), node \(i)")
                // Listed by α, and no node left out has a smaller α.
                let values = chosen.map { alpha[i][$0] }
                #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 + 1e-6 }, "seed \(seed), node \(i)")
                let worst = values.max()!
                for j in 0..<n where j != i && !chosen.contains(j) {
                    #expect(alpha[i][j] >= worst - 1e-6, "seed \(seed), node \(i), left out \(j)")
                }
            }
        }
    }

    @Test("with π = 0 and the complete graph, the lists are the dense α-nearest")
    func zeroPiIsDenseAlpha() throws {
        for seed: UInt64 in 1...5 {
            var gen = InstanceGenerator(seed: seed)
            let matrix = try gen.euclidean(40)
            let costs = MatrixCosts(matrix: matrix)
            let pool = costs.nearestNeighbours(39)
            let graph = SparseAlphaNearness.Graph(pool, width: 39) { Int(matrix[$0, $1]) }
            let sparse = SparseAlphaNearness.nearest(graph, pi: [Double](repeating: 0, count: 40), pool: pool,
                                                     width: 39, count: 6) { Int(matrix[$0, $1]) }
            let dense = costs.alphaNearest(6)
            for i in 0..<40 {
                #expect(Set(sparse[(i * 6)..<(i * 6 + 6)]) == Set(dense[(i * 6)..<(i * 6 + 6)]), "seed \(seed), node \(i)")
            }
        }
    }

    @Test("the ascent raises the forest's value and never passes the optimal tour")
    func ascentIsALowerBoundThatRises() async throws {
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed &+ 40)
            let matrix = try gen.euclidean(12)
            let costs = MatrixCosts(matrix: matrix)
            let lists = costs.nearestNeighbours(11)
            let graph = SparseAlphaNearness.Graph(lists, width: 11) { Int(matrix[$0, $1]) }
            func value(_ pi: [Double]) -> Double {
                var heap = IndexedHeap(capacity: 12)
                var forest = SparseAlphaNearness.Forest(nodes: 12)
                SparseAlphaNearness.forest(graph, pi, heap: &heap, into: &forest)
                return forest.total - 2 * pi.reduce(0, +)
            }
            let pi = SparseAlphaNearness.ascent(graph, steps: 200, control: .unlimited)
            let optimum = try await HeldKarp.solve(matrix, endpoints: .roundTrip()).cost
            #expect(value(pi) >= value([Double](repeating: 0, count: 12)), "seed \(seed)")
            #expect(value(pi) <= Double(optimum) + 1e-6, "seed \(seed)")
            // Without a deadline the steps decide: the same π every time.
            #expect(SparseAlphaNearness.ascent(graph, steps: 200, control: .unlimited) == pi, "seed \(seed)")
        }
    }

    @Test("refined lists: k per node, none repeated, cheapest first, the base lists kept, no edge across a gap")
    func refinedLists() throws {
        // Two clusters far apart: the graph falls into two components.
        var rng = SplitMix64(seed: 77)
        let points = (0..<120).map { i -> (Double, Double) in
            let offset = i < 60 ? 0.0 : 1_000_000.0
            return (offset + Double.random(in: 0..<1_000, using: &rng), Double.random(in: 0..<1_000, using: &rng))
        }
        let matrix = try CostMatrix(count: 120) { i, j in
            let dx = points[i].0 - points[j].0, dy = points[i].1 - points[j].1
            return Int((dx * dx + dy * dy).squareRoot().rounded())
        }
        let costs = MatrixCosts(matrix: matrix)
        let pool = costs.nearestNeighbours(24), base = costs.nearestNeighbours(4)
        let lists = SparseAlphaNearness.refine(costs, base: base, pool: pool, k: 10, alphaCount: 5,
                                               graphNearest: 10, steps: 50, control: .unlimited)
        #expect(lists.count == 120 * 10)
        for i in 0..<120 {
            let row = lists[(i * 10)..<(i * 10 + 10)].map(Int.init)
            #expect(Set(row).count == 10 && !row.contains(i), "node \(i)")
            #expect(zip(row, row.dropFirst()).allSatisfy { matrix[i, $0] <= matrix[i, $1] }, "node \(i)")
            for b in base[(i * 4)..<(i * 4 + 4)] { #expect(row.contains(Int(b)), "node \(i) lost base \(b)") }
            // Nothing across the gap: it is not among anyone's 24 nearest.
            #expect(row.allSatisfy { ($0 < 60) == (i < 60) }, "node \(i)")
        }
        let again = SparseAlphaNearness.refine(costs, base: base, pool: pool, k: 10, alphaCount: 5,
                                               graphNearest: 10, steps: 50, control: .unlimited)
        #expect(again == lists)
    }

    @Test("a round trip on lists joined by α-nearest candidates is valid, and the same for a seed without a time limit")
    func roundTripWithAlphaPool() async throws {
        var gen = InstanceGenerator(seed: 12)
        let matrix = try gen.euclidean(400)
        let costs = MatrixCosts(matrix: matrix)
        let pool = costs.nearestNeighbours(24), base = costs.nearestNeighbours(8)
        let options = RouteSolver.Options(strategy: .heuristic, seed: 3, computeLowerBound: false, maxThreads: 2)
        var orders: [[Int]] = []
        for _ in 0..<2 {
            let outcome = try await RouteSolver.solveRoundTrip(count: 400, neighbours: base, alphaPool: pool,
                                                               options: options) { Int(matrix[$0, $1]) }
            #expect(isValid(outcome.solution, matrix, .roundTrip()))
            #expect(matrix.cost(of: outcome.solution.order, closed: true) == outcome.solution.cost)
            orders.append(outcome.solution.order)
        }
        #expect(orders[0] == orders[1])
    }
}
