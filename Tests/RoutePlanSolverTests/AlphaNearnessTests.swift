import Testing
@testable import RoutePlanSolver

@Suite("α-nearness candidate lists")
struct AlphaNearnessTests {
    /// The weight of the cheapest spanning tree that contains {a, b} (or of
    /// the cheapest one at all), by Prim's algorithm with a and b joined
    /// first: the definition of α, independent of the β shortcut.
    static func treeWeight(_ costs: MatrixCosts, forcing edge: (Int, Int)?) -> Int {
        let n = costs.count
        var inTree = [Bool](repeating: false, count: n)
        var key = [Int](repeating: .max, count: n)
        var total = 0
        if let (a, b) = edge {
            inTree[a] = true
            inTree[b] = true
            total = costs.cost(a, b)
            for v in 0..<n where !inTree[v] { key[v] = min(costs.cost(a, v), costs.cost(b, v)) }
        } else {
            inTree[0] = true
            for v in 1..<n { key[v] = costs.cost(0, v) }
        }
        while let u = (0..<n).filter({ !inTree[$0] }).min(by: { key[$0] < key[$1] }) {
            inTree[u] = true
            total += key[u]
            for v in 0..<n where !inTree[v] { key[v] = min(key[v], costs.cost(u, v)) }
        }
        return total
    }

    @Test("lists the k smallest α-values, checked against α by its definition", arguments: [6, 13, 30])
    func bruteForce(n: Int) throws {
        for seed: UInt64 in 1...4 {
            var gen = InstanceGenerator(seed: seed &* 7_919 &+ UInt64(n))
            // Distinct-ish costs from a wide range, plus a clustered instance.
            let matrix = seed.isMultiple(of: 2)
                ? try gen.euclidean(n)
                : try CostMatrix(count: n) { i, j in ((i * 37 + j * 37) % 101) * 10 + (i + j) % 7 }
            let costs = MatrixCosts(matrix: matrix)
            let k = min(5, n - 1)
            let list = costs.alphaNearest(k)
            let tree = Self.treeWeight(costs, forcing: nil)
            for i in 0..<n {
                let expected = (0..<n).filter { $0 != i }
                    .map { j in (alpha: Self.treeWeight(costs, forcing: (i, j)) - tree, cost: costs.cost(i, j), node: j) }
                    .sorted { ($0.alpha, $0.cost, $0.node) < ($1.alpha, $1.cost, $1.node) }
                    .prefix(k)
                    .sorted { ($0.cost, $0.node) < ($1.cost, $1.node) }
                    .map { Int32($0.node) }
                #expect(Array(list[(i * k)..<((i + 1) * k)]) == expected, "seed \(seed), n \(n), node \(i)")
            }
        }
    }

    @Test("every minimum-spanning-tree edge is a candidate of both its ends")
    func treeEdges() throws {
        var gen = InstanceGenerator(seed: 99)
        let matrix = try gen.euclidean(200)
        let costs = MatrixCosts(matrix: matrix)
        let k = 8
        let list = costs.alphaNearest(k)
        let tree = Self.treeWeight(costs, forcing: nil)
        var treeEdgesSeen = 0
        for i in 0..<200 {
            for slot in 0..<k {
                let j = Int(list[i * k + slot])
                if Self.treeWeight(costs, forcing: (i, j)) == tree { treeEdgesSeen += 1 }
            }
        }
        // A tree on 200 nodes has 199 edges, each listed at both ends (no
        // node of a Euclidean MST has more than 6 tree edges, and k = 8).
        #expect(treeEdgesSeen >= 2 * 199, "seed 99")
        // Listed cheapest first, as the gain criterion needs.
        for i in 0..<200 {
            let listed = (0..<k).map { costs.cost(i, Int(list[i * k + $0])) }
            #expect(listed == listed.sorted(), "seed 99, node \(i)")
        }
    }

    @Test("lists of several lengths from one scan are each length's own lists", arguments: [9, 64, 301])
    func severalLengths(n: Int) throws {
        for seed: UInt64 in 1...3 {
            var gen = InstanceGenerator(seed: seed &* 7_907 &+ UInt64(n))
            // Seed 3: costs with many ties, where the order of equal α-values decides.
            let matrix = seed == 1 ? try gen.euclidean(n)
                : seed == 2 ? try gen.symmetric(n)
                : try CostMatrix(count: n) { i, j in ((i * 37 + j * 37) % 101) * 10 + (i + j) % 7 }
            let costs = MatrixCosts(matrix: matrix)
            let lengths = [min(8, n - 1), min(10, n - 1), min(3, n - 1)]
            let lists = costs.alphaNearestInParallel(lengths: lengths)
            #expect(lists.count == lengths.count)
            for (set, k) in lengths.enumerated() {
                #expect(lists[set] == costs.alphaNearest(k), "seed \(seed), n \(n), k \(k)")
            }
        }
    }

    @Test("the lists computed on two threads equal the one-thread lists", arguments: [9, 64, 301])
    func parallelEqualsSequential(n: Int) throws {
        for seed: UInt64 in 1...3 {
            var gen = InstanceGenerator(seed: seed &* 104_729 &+ UInt64(n))
            let matrix = seed == 2 ? try gen.symmetric(n) : try gen.euclidean(n)
            let costs = MatrixCosts(matrix: matrix)
            let k = min(8, n - 1)
            #expect(costs.alphaNearestInParallel(lengths: [k]) == [costs.alphaNearest(k)], "seed \(seed), n \(n)")
        }
    }
}
