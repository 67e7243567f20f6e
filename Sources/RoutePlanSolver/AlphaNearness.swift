extension SymmetricCosts {
    /// Each node's `k` candidate neighbours by α-nearness (Helsgaun 2000),
    /// listed cheapest edge first, as a flat array.
    ///
    /// Let T be a minimum spanning tree. The α-value of an edge {i, j} is how
    /// much dearer the cheapest spanning tree that must contain {i, j} is
    /// than T:
    ///
    ///     α(i, j) = c(i, j) − β(i, j)
    ///
    /// where β(i, j) is the dearest edge on the tree path from i to j (so
    /// α = 0 for tree edges; the value does not depend on which minimum tree
    /// is taken). Good tours use edges of small α more often than merely
    /// short edges: an edge to a close neighbour that every good tree avoids
    /// ranks low, and a longer edge that bridges two clusters ranks high.
    /// On the doubled graph of an asymmetric problem (``DoubledCosts``) the
    /// same ranking picks the arcs that a cheap assignment would use.
    ///
    /// The `k` smallest α-values are chosen (ties by cost, then by node),
    /// then listed by cost, cheapest first, as the searches' gain criterion
    /// requires.
    ///
    /// - Precondition: 1 ≤ `k` < n.
    /// - Complexity: O(n²) time for the tree and for β (one row at a time, in
    ///   the tree's order), O(n²·k) for the selection in the worst case;
    ///   O(n) memory besides the n·k result, with n the node count.
    func alphaNearest(_ k: Int) -> [Int32] {
        precondition(k >= 1 && k < count, "need 1 ≤ k < n")
        let tree = minimumSpanningTree()
        return alphaRows(0..<count, lengths: [k], tree: tree)[0]
    }

    /// A minimum spanning tree by Prim's algorithm on the dense graph:
    /// each node's parent and the cost of the edge to it (−1 and 0 at the
    /// root, node 0), and the nodes in the order they joined, so every node
    /// comes after its parent. - Complexity: O(n²) time, O(n) memory.
    func minimumSpanningTree() -> (parent: [Int], parentCost: [Int], order: [Int]) {
        let n = count
        var parent = [Int](repeating: -1, count: n)
        var parentCost = [Int](repeating: .max, count: n)
        var inTree = [Bool](repeating: false, count: n)
        var treeOrder: [Int] = []
        treeOrder.reserveCapacity(n)
        var next = 0
        parentCost[0] = 0
        for _ in 0..<n {
            let v = next
            inTree[v] = true
            treeOrder.append(v)
            var best = Int.max
            for u in 0..<n where !inTree[u] {
                let c = cost(v, u)
                if c < parentCost[u] {
                    parentCost[u] = c
                    parent[u] = v
                }
                if parentCost[u] < best {
                    best = parentCost[u]
                    next = u
                }
            }
        }
        return (parent, parentCost, treeOrder)
    }

    /// The candidate lists of the nodes in `rows` (see ``alphaNearest(_:)``),
    /// one set for each length in `lengths`: for a length L, `rows.count · L`
    /// entries, row by row. Each is the list ``alphaNearest(_:)`` gives for
    /// its length (a node's L α-nearest are the first L of its longest
    /// list's, in α order), from one scan.
    /// - Complexity: O(n · rows.count) time (O(n · k · rows.count) in the
    ///   worst case, k the longest length), O(n) memory besides the result.
    func alphaRows(_ rows: Range<Int>, lengths: [Int],
                   tree: (parent: [Int], parentCost: [Int], order: [Int])) -> [[Int32]] {
        let n = count
        let k = lengths.max() ?? 0
        let parent = tree.parent, parentCost = tree.parentCost, treeOrder = tree.order
        var lists = lengths.map { [Int32](repeating: 0, count: rows.count * $0) }
        var beta = [Int](repeating: 0, count: n)
        var onPath = [Int](repeating: -1, count: n)
        var bestAlpha = [Int](repeating: 0, count: k)
        var bestCost = [Int](repeating: 0, count: k)
        var bestNode = [Int32](repeating: 0, count: k)
        for i in rows {
            // β along i's path to the root first; every other node j then
            // reaches i through its parent: β(i, j) = max(β(i, parent j), c(j, parent j)).
            beta[i] = .min
            onPath[i] = i
            var child = i
            while parent[child] >= 0 {
                let up = parent[child]
                beta[up] = max(beta[child], parentCost[child])
                onPath[up] = i
                child = up
            }
            for j in treeOrder where onPath[j] != i {
                beta[j] = max(beta[parent[j]], parentCost[j])
            }

            var found = 0
            // The k-th best so far, in locals: most j fail this test, and
            // the scan is the O(n²) part (on unsafe buffers: no uniqueness
            // or bounds checks in the loop).
            var worstAlpha = Int.max, worstCost = Int.max
            beta.withUnsafeBufferPointer { beta in
                bestAlpha.withUnsafeMutableBufferPointer { bestAlpha in
                    bestCost.withUnsafeMutableBufferPointer { bestCost in
                        bestNode.withUnsafeMutableBufferPointer { bestNode in
                            for j in 0..<n where j != i {
                                let c = cost(i, j)
                                let alpha = c &- beta[j]
                                if found == k && (alpha > worstAlpha || (alpha == worstAlpha && c >= worstCost)) {
                                    continue
                                }
                                var slot = found < k ? found : k - 1
                                while slot > 0 && (bestAlpha[slot - 1] > alpha
                                                   || (bestAlpha[slot - 1] == alpha && bestCost[slot - 1] > c)) {
                                    bestAlpha[slot] = bestAlpha[slot - 1]
                                    bestCost[slot] = bestCost[slot - 1]
                                    bestNode[slot] = bestNode[slot - 1]
                                    slot -= 1
                                }
                                bestAlpha[slot] = alpha
                                bestCost[slot] = c
                                bestNode[slot] = Int32(j)
                                if found < k { found += 1 }
                                if found == k {
                                    worstAlpha = bestAlpha[k - 1]
                                    worstCost = bestCost[k - 1]
                                }
                            }
                        }
                    }
                }
            }
            // Each length's α-nearest, cheapest first: the searches stop
            // scanning at the first candidate that costs more than the gain left.
            for (set, length) in lengths.enumerated() {
                let chosen = (0..<length).sorted { (bestCost[$0], bestNode[$0]) < (bestCost[$1], bestNode[$1]) }
                for (slot, index) in chosen.enumerated() {
                    lists[set][(i - rows.lowerBound) * length + slot] = bestNode[index]
                }
            }
        }
        return lists
    }
}

extension MatrixCosts {
    /// ``alphaNearest(_:)`` for each length in `lengths` (see
    /// ``alphaRows(_:lengths:tree:)``), with the per-node part split between
    /// this thread and one more: the same lists, in about 80 % of the wall
    /// time (fnl4461 on the loaded 2-core machine: 181 → 146 ms; the
    /// spanning tree stays on one thread).
    ///
    /// The searches used to compute the lists each for itself: on fnl4461
    /// (4,461 nodes) 173 ms each, the two copies 38 % of a 1 s run's CPU
    /// samples. ``RouteSolver`` now computes them once, with both threads,
    /// for both searches, each keeping lists of its own length (two lengths
    /// cost what one did: 5.03 against 4.86 ms at n = 1,002).
    /// - Precondition: 1 ≤ each length < n.
    /// - Complexity: O(n²) time, as ``alphaNearest(_:)``.
    func alphaNearestInParallel(lengths: [Int]) -> [[Int32]] {
        let n = count
        precondition(!lengths.isEmpty && lengths.allSatisfy { $0 >= 1 && $0 < n }, "need 1 ≤ k < n")
        let tree = minimumSpanningTree()
        // The first rows' β walks are no cheaper than the last ones': halves.
        let half = n / 2
        let costs = self
        let other = OwnThread { costs.alphaRows(half..<n, lengths: lengths, tree: tree) }
        let first = alphaRows(0..<half, lengths: lengths, tree: tree)
        // Without a second thread, this one computes the other half too.
        let second = (try? other.result().get()) ?? alphaRows(half..<n, lengths: lengths, tree: tree)
        return zip(first, second).map { $0 + $1 }
    }
}
