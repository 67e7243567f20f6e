/// Candidate neighbours by α-nearness on a sparse graph, under node
/// weights π from a subgradient ascent (Held & Karp 1970; Helsgaun 2000),
/// for instances too large for the O(n²) lists of
/// ``SymmetricCosts/alphaNearest(_:)`` (n the node count).
///
/// **π.** Adding πᵢ + πⱼ to every edge cost changes no tour's ranking (each
/// node's two tour edges add 2πᵢ to every tour) but changes the minimum
/// spanning tree. The ascent moves π towards a tree in which every node
/// has degree 2, i.e. towards a tour: a node of degree d gets
/// πᵢ += t · (dᵢ − 2), which makes its edges dearer when it has too many
/// and cheaper when it is a leaf. Under such π the tree's edges are much
/// closer to an optimal tour's, and so are the α-values taken on it.
///
/// **α.** α(i, j) = c′(i, j) − β(i, j), with c′ = c + πᵢ + πⱼ and β the
/// dearest c′ on the tree path from i to j: how much dearer the cheapest
/// spanning tree that must contain {i, j} is than the minimum one. Good
/// tours use edges of small α far more often than merely short edges.
///
/// **Sparse.** Trees are built on a graph of each node's nearest
/// candidates (given by the caller), so a step costs O(m log n) for its m
/// edges, not O(n²). Where that graph falls apart into several components
/// (clusters far apart), each gets a tree of its own: the lists never
/// reach across a gap anyway. The degree excess of a spanning forest sums
/// to −2 per component, not 0 as for a tour, so its mean is taken out of
/// each step (a uniform shift of π changes no α).
///
/// **Steps.** The direction blends the degree excess with the previous
/// step's (0.7 · this + 0.3 · last, after Volgenant & Jonker 1982); the
/// step size is t = λ · (1.01 · W − w) / ‖v‖², w the forest's value under π
/// (its weight minus 2Σπ), W the best so far, with λ from 1 halved after
/// ``stall`` steps without a better w.
enum SparseAlphaNearness {
    /// Steps without a better forest before λ is halved.
    static let stall = 20

    /// A sparse undirected graph (``LowerBound/SparseGraph``, the 1-tree
    /// bound's) with each edge's cost beside it: node v's edges are
    /// `edges.targets[edges.offsets[v] ..< edges.offsets[v + 1]]`, each
    /// listed at both ends, and `costs` follows `edges.targets`.
    struct Graph {
        let edges: LowerBound.SparseGraph
        let costs: [Double]
        var n: Int { edges.n }

        /// The union of the flat candidate lists `lists` (node i's at
        /// `[i · width ..< (i + 1) · width]`), both ways, without repeats.
        /// - Complexity: O(n · width · log width).
        init(_ lists: [Int32], width: Int, cost: (Int, Int) -> Int) {
            let n = width == 0 ? 0 : lists.count / width
            edges = LowerBound.SparseGraph(n: n, lists: lists, width: width, taking: width)
            costs = edges.edgeCosts(cost)
        }
    }

    /// A minimum spanning forest of `graph` under costs c + π.
    struct Forest {
        /// Each node's parent (−1 at a root) and the c + π of the edge to it.
        var parent: [Int32]
        var weight: [Double]
        /// The nodes in the order Prim reached them: parents before children.
        var order: [Int32]
        /// Each node's component (the index of its root in `order`'s runs).
        var component: [Int32]
        var degree: [Int]
        /// The forest's weight under c + π.
        var total: Double
        var components: Int

        /// An empty forest on `n` nodes, for ``forest(_:_:heap:into:)`` to fill.
        init(nodes n: Int) {
            parent = [Int32](repeating: -1, count: n)
            weight = [Double](repeating: 0, count: n)
            order = []
            component = [Int32](repeating: 0, count: n)
            degree = [Int](repeating: 0, count: n)
            total = 0
            components = 0
        }
    }

    /// Prim's algorithm from each node not yet reached, in index order.
    /// - Complexity: O(m log n), m the graph's edge count.
    static func forest(_ graph: Graph, _ pi: [Double], heap: inout IndexedHeap, into forest: inout Forest) {
        let n = graph.n
        heap.reset()
        forest.order.removeAll(keepingCapacity: true)
        for i in 0..<n { forest.degree[i] = 0 }
        forest.total = 0
        forest.components = 0
        graph.edges.offsets.withUnsafeBufferPointer { offsets in
            graph.edges.targets.withUnsafeBufferPointer { targets in
                graph.costs.withUnsafeBufferPointer { costs in
                    for root in 0..<n where !heap.isDone(root) {
                        heap.update(root, key: 0, parent: -1)
                        while let (u, key, parent) = heap.popMin() {
                            forest.order.append(Int32(u))
                            forest.parent[u] = Int32(parent)
                            forest.weight[u] = key
                            forest.component[u] = Int32(forest.components)
                            if parent >= 0 {
                                forest.total += key
                                forest.degree[u] += 1
                                forest.degree[parent] += 1
                            }
                            let pu = pi[u]
                            for e in offsets[u]..<offsets[u + 1] {
                                let v = Int(targets[e])
                                if heap.isDone(v) { continue }
                                heap.update(v, key: costs[e] + pu + pi[v], parent: u)
                            }
                        }
                        forest.components += 1
                    }
                }
            }
        }
    }

    /// The node weights π after at most `steps` ascent steps on `graph`
    /// (fewer when `control` stops it or the forest becomes a path
    /// through every node); the best π found.
    /// - Complexity: O(steps · m log n).
    static func ascent(_ graph: Graph, steps: Int, control: SolveControl) -> [Double] {
        let n = graph.n
        var pi = [Double](repeating: 0, count: n)
        var bestPi = pi
        guard n >= 3 else { return pi }
        var heap = IndexedHeap(capacity: n)
        var forest = Forest(nodes: n)
        var direction = [Double](repeating: 0, count: n)
        var best = -Double.infinity
        var lambda = 1.0
        var sinceImprovement = 0
        for step in 0..<steps {
            if step > 0 && control.shouldStop { break }
            self.forest(graph, pi, heap: &heap, into: &forest)
            let value = forest.total - 2 * pi.reduce(0, +)
            if value > best {
                best = value
                bestPi = pi
                sinceImprovement = 0
            } else {
                sinceImprovement += 1
                if sinceImprovement >= stall {
                    lambda /= 2
                    sinceImprovement = 0
                }
            }
            // The excess's mean, −2 · components / n, taken out.
            let mean = -2 * Double(forest.components) / Double(n)
            var norm = 0.0
            var path = forest.components == 1
            for i in 0..<n {
                let g = Double(forest.degree[i] - 2) - mean
                if forest.degree[i] > 2 { path = false }
                direction[i] = step == 0 ? g : 0.7 * g + 0.3 * direction[i]
                norm += direction[i] * direction[i]
            }
            if path || norm == 0 { break }  // a path through all: π is as good as it gets
            // Σπ stays 0 (every direction has mean 0), so w is the forest's
            // weight and the target 1 % above the best lies above it.
            let t = lambda * max(1.01 * best - value, 1e-9) / norm
            for i in 0..<n { pi[i] += t * direction[i] }
        }
        return bestPi
    }

    /// Each node's `count` candidates of smallest α under `pi` among its
    /// `pool` entries (flat, `width` per node, ties by cost then by pool
    /// order), listed by α; pool entries in another component of the
    /// forest come last, nearest first.
    /// - Complexity: O(m log n) for the forest, O(n log n) memory and time
    ///   for the ancestor tables, O(n · width · log n) for the α-values.
    static func nearest(_ graph: Graph, pi: [Double], pool: [Int32], width: Int, count: Int,
                        cost: (Int, Int) -> Int) -> [Int32] {
        let n = graph.n
        precondition(pool.count == n * width && count <= width, "a pool of at least `count` per node")
        var heap = IndexedHeap(capacity: n)
        var forest = Forest(nodes: n)
        self.forest(graph, pi, heap: &heap, into: &forest)
        // Depths, then ancestors 2^k up with the dearest edge on the way.
        var depth = [Int32](repeating: 0, count: n)
        var deepest: Int32 = 0
        for v in forest.order {
            let p = forest.parent[Int(v)]
            if p >= 0 {
                depth[Int(v)] = depth[Int(p)] + 1
                deepest = max(deepest, depth[Int(v)])
            }
        }
        var levels = 1
        while (1 << levels) <= Int(deepest) { levels += 1 }
        var up = [Int32](repeating: 0, count: levels * n)
        var dearest = [Double](repeating: 0, count: levels * n)
        for v in 0..<n {
            let p = forest.parent[v]
            up[v] = p >= 0 ? p : Int32(v)
            dearest[v] = p >= 0 ? forest.weight[v] : -.infinity
        }
        for k in 1..<levels {
            let row = k * n, below = (k - 1) * n
            for v in 0..<n {
                let mid = Int(up[below + v])
                up[row + v] = up[below + mid]
                dearest[row + v] = max(dearest[below + v], dearest[below + mid])
            }
        }
        /// The dearest c + π on the tree path between a and b (same component).
        func beta(_ a: Int, _ b: Int) -> Double {
            var a = a, b = b, result = -Double.infinity
            if depth[a] < depth[b] { swap(&a, &b) }
            var lift = Int(depth[a] - depth[b]), k = 0
            while lift > 0 {
                if lift & 1 == 1 {
                    result = max(result, dearest[k * n + a])
                    a = Int(up[k * n + a])
                }
                lift >>= 1
                k += 1
            }
            if a == b { return result }
            for k in stride(from: levels - 1, through: 0, by: -1) where up[k * n + a] != up[k * n + b] {
                result = max(result, dearest[k * n + a], dearest[k * n + b])
                a = Int(up[k * n + a])
                b = Int(up[k * n + b])
            }
            return max(result, dearest[a], dearest[b])
        }
        var lists = [Int32](repeating: 0, count: n * count)
        var keyed: [(alpha: Double, cost: Int, rank: Int, node: Int32)] = []
        keyed.reserveCapacity(width)
        for i in 0..<n {
            keyed.removeAll(keepingCapacity: true)
            for r in 0..<width {
                let j = Int(pool[i * width + r])
                let c = cost(i, j)
                let alpha = forest.component[i] == forest.component[j]
                    ? Double(c) + pi[i] + pi[j] - beta(i, j) : .infinity
                keyed.append((alpha, c, r, Int32(j)))
            }
            keyed.sort { ($0.alpha, $0.cost, $0.rank) < ($1.alpha, $1.cost, $1.rank) }
            for s in 0..<count { lists[i * count + s] = keyed[s].node }
        }
        return lists
    }
}

extension SparseAlphaNearness {
    /// Candidates per node in the searches' lists (see
    /// ``searchLists(_:base:pool:control:)``).
    static let listLength = 10
    /// α-nearest candidates joined to each node's base list.
    static let alphaCount = 5
    /// The pool's nearest joined to the base lists in the ascent's graph.
    static let graphNearest = 10
    /// The share of the time left that the ascent may take, and its steps
    /// at most (with a deadline) or exactly (without one, so that a run
    /// bounded by kicks stays deterministic).
    static let ascentShare = 0.06
    static let maxSteps = 300
    static let stepsWithoutDeadline = 100

    /// The searches' lists on the coordinate path: each node's `base`
    /// candidates (quadrant neighbours) joined by its ``alphaCount``
    /// α-nearest among `pool` (its nearest), ``listLength`` in all (fewer
    /// when the pool is narrower), by
    /// ``refine(_:base:pool:k:alphaCount:graphNearest:steps:control:)``
    /// with an ascent of at most ``ascentShare`` of the time left.
    ///
    /// At 1 s (two searches, seeds 1–6 or 1–8, the ascent's time
    /// included) the mean gap over eight TSPLIB instances of 1,173–2,392
    /// nodes went from 0.185 % to 0.157 % (u1817 0.527 → 0.331 %, d1291
    /// 0.218 → 0.137 %), fnl4461's from 0.266 % to 0.221 %; pcb3038 stayed
    /// level (0.215 → 0.219 %) and pr2392 lost (0.164 → 0.294 % over seeds
    /// 7–18: its greedy start on these lists is worse). At 10 s (seeds
    /// 1–4) fnl4461 went from 0.112 % to 0.065 %, pcb3038 0.097 → 0.109 %
    /// (within its noise; lists from a 400-step ascent, free of time, gave
    /// 0.084 %). The ascent takes about 1 ms a step on fnl4461 (4,461
    /// nodes), 30 ms for the graph and the α-values besides.
    static func searchLists<Costs: SymmetricCosts>(_ costs: Costs, base: [Int32], pool: [Int32],
                                                   control: SolveControl) -> [Int32] {
        var steps = stepsWithoutDeadline
        var ascentControl = control
        if let left = control.timeLeft {
            steps = maxSteps
            ascentControl = control.withDeadline(earlierBy: left * (1 - ascentShare))
        }
        // Narrower pools (on few nodes) give shorter lists.
        let width = pool.count / max(1, costs.count)
        return refine(costs, base: base, pool: pool, k: min(listLength, width), alphaCount: min(alphaCount, width),
                      graphNearest: min(graphNearest, width), steps: steps, control: ascentControl)
    }

    /// The searches' candidate lists: for each node, its `alphaCount`
    /// α-nearest among its `pool` (π from an ascent of at most `steps`
    /// steps on the graph of `base` and the pool's first `graphNearest`),
    /// then its `base` candidates, then the pool's nearest, `k` distinct in
    /// all (so the last base candidates give way when the α-nearest are
    /// mostly new), listed cheapest first as the searches' gain criterion
    /// requires.
    ///
    /// - Parameters:
    ///   - base: flat lists, `count · b` entries, cheapest first.
    ///   - pool: flat lists of each node's nearest, `count · w` entries,
    ///     nearest first, w ≥ k.
    /// - Returns: `count · k` entries.
    static func refine<Costs: SymmetricCosts>(_ costs: Costs, base: [Int32], pool: [Int32], k: Int,
                                              alphaCount: Int, graphNearest: Int, steps: Int,
                                              control: SolveControl) -> [Int32] {
        let n = costs.count
        let b = base.count / n, w = pool.count / n
        precondition(base.count == n * b && pool.count == n * w && k <= w && alphaCount <= w && graphNearest <= w,
                     "lists of count · width entries, the pool at least k wide")
        var graphLists = [Int32]()
        graphLists.reserveCapacity(n * (b + graphNearest))
        for i in 0..<n {
            graphLists += base[(i * b)..<((i + 1) * b)]
            graphLists += pool[(i * w)..<(i * w + graphNearest)]
        }
        let graph = Graph(graphLists, width: b + graphNearest) { costs.cost($0, $1) }
        let pi = ascent(graph, steps: steps, control: control)
        let alpha = nearest(graph, pi: pi, pool: pool, width: w, count: alphaCount) { costs.cost($0, $1) }
        var lists = [Int32](repeating: 0, count: n * k)
        var chosen: [Int32] = []
        for i in 0..<n {
            chosen.removeAll(keepingCapacity: true)
            for c in alpha[(i * alphaCount)..<((i + 1) * alphaCount)] + base[(i * b)..<((i + 1) * b)]
            where chosen.count < k && !chosen.contains(c) {
                chosen.append(c)
            }
            for c in pool[(i * w)..<((i + 1) * w)] where chosen.count < k && !chosen.contains(c) {
                chosen.append(c)
            }
            chosen.sort { (costs.cost(i, Int($0)), $0) < (costs.cost(i, Int($1)), $1) }
            for s in 0..<k { lists[i * k + s] = chosen[s] }
        }
        return lists
    }
}
