/// The Held–Karp 1-tree bound of large symmetric round trips, by a
/// subgradient ascent on a sparse candidate graph whose result is re-checked
/// on the complete graph.
///
/// **Why sparse.** The ascent computes one minimum 1-tree per step. On the
/// complete graph that is Prim in O(n²) (n the node count): 20 million edge
/// looks per step on 4,461 nodes, a few dozen steps a second, far too few
/// for the ascent to converge. Minimum 1-trees almost only use edges between
/// near neighbours, so the steps run on a graph of each node's
/// ``sparseNeighbours`` cheapest edges plus the edges of a minimum spanning
/// tree of nodes 1…n−1 (which keeps it connected): O(m log n) per step with
/// m ≈ n · ``sparseNeighbours`` edges, hundreds of steps a second.
///
/// **Validity.** A minimum 1-tree of the sparse graph can cost more than one
/// of the complete graph, so its value is no bound. The bound is the
/// complete graph's minimum 1-tree under the best weights π the sparse ascent
/// found, computed once by O(n²) Prim: every tour is a 1-tree of the complete
/// graph, so that value bounds every tour whatever π is. Should the complete
/// graph's tree use an edge the sparse graph lacks, that edge joins the
/// graph and the ascent goes on from π (at most ``sparseRepairRounds`` times).
///
/// **Steps.** The direction is the degree excess dᵢ − 2 blended with the
/// previous step's (0.7 · this + 0.3 · last, after Volgenant & Jonker 1982),
/// which damps the zig-zag of plain subgradients. The step size follows
/// Held, Wolfe & Crowder (1974): t = λ · (U − w) / ‖v‖² with w the step's
/// 1-tree value and U the target (the known tour's cost, else 1 % above the
/// best value so far), λ starting at 1 and halved after ``sparseStall``
/// steps without a better value. On fnl4461 (ascent alone, loaded machine)
/// that reached 181,420 by step 128, against 180,859 with λ from 2 halved
/// after 20 (the schedule of the dense ascent); both settle near 181,550,
/// 0.55 % below the optimum 182,566.
extension LowerBound {
    /// Above this many nodes, ``oneTree(_:upperBound:maxSteps:control:)``
    /// runs the sparse ascent.
    static let sparseOneTreeMinimum = 200
    /// Candidate edges per node in the sparse graph (besides the tree's).
    static let sparseNeighbours = 10
    /// Steps without a better 1-tree before λ is halved.
    static let sparseStall = 10
    /// The ascent stops once λ falls below this: by then it gains next to
    /// nothing, and its thread competes with the searches for the cores.
    /// Ascent alone, same run: against 10⁻⁶, pcb3038's bound went from
    /// 136,545 to 136,525 and its time from 1.77 s to 0.52 s; fnl4461's
    /// from 181,528 to 181,501 and 2.66 s to 0.90 s (10⁻³: 136,542 in
    /// 0.78 s, 181,525 in 1.38 s).
    static let sparseLambdaFloor = 1e-2
    /// Complete-graph checks that may add edges and restart the ascent.
    static let sparseRepairRounds = 3

    /// A sparse undirected graph in compressed rows: the neighbours of node
    /// v are `targets[offsets[v] ..< offsets[v + 1]]`, each edge listed at
    /// both ends.
    struct SparseGraph {
        let n: Int
        private(set) var offsets: [Int]
        private(set) var targets: [Int32]

        /// The graph with the given edge lists (duplicates dropped).
        init(n: Int, adjacency: [[Int32]]) {
            self.n = n
            offsets = [Int](repeating: 0, count: n + 1)
            targets = []
            targets.reserveCapacity(adjacency.reduce(0) { $0 + $1.count })
            for v in 0..<n {
                for w in Set(adjacency[v]).sorted() { targets.append(w) }
                offsets[v + 1] = targets.count
            }
        }

        /// The union of the flat candidate lists `lists` (node i's at
        /// `[i · width ..< (i + 1) · width]`), the first `taking` of each,
        /// both ways, without repeats or loops; then, if given, the edges
        /// of `tree` not at node 0 (a spanning tree of nodes 1…n−1, which
        /// keeps the graph without node 0 connected).
        /// - Complexity: O(n · taking · log taking + n).
        init(n: Int, lists: [Int32], width: Int, taking: Int, tree: [(Int, Int)] = []) {
            var adjacency = [[Int32]](repeating: [], count: n)
            for i in 0..<n {
                for j in lists[(i * width)..<(i * width + taking)] where Int(j) != i {
                    adjacency[i].append(j)
                    adjacency[Int(j)].append(Int32(i))
                }
            }
            for (u, v) in tree where u != 0 && v != 0 {
                adjacency[u].append(Int32(v))
                adjacency[v].append(Int32(u))
            }
            self.init(n: n, adjacency: adjacency)
        }

        /// Each edge's cost, following ``targets``: the edge at `targets[e]`
        /// costs `result[e]`. Read once, so that the steps of an ascent read
        /// no matrix row and compute no distance.
        /// - Complexity: O(m) calls of `cost`, m the entries of `targets`.
        func edgeCosts(_ cost: (Int, Int) -> Int) -> [Double] {
            var costs = [Double](repeating: 0, count: targets.count)
            for v in 0..<n {
                for e in offsets[v] ..< offsets[v + 1] { costs[e] = Double(cost(v, Int(targets[e]))) }
            }
            return costs
        }

        /// The adjacency lists of this graph, for adding edges.
        var adjacency: [[Int32]] {
            (0..<n).map { Array(targets[offsets[$0] ..< offsets[$0 + 1]]) }
        }
    }

    /// Each node's ``sparseNeighbours`` cheapest edges and the edges of a
    /// minimum spanning tree of nodes 1…n−1, as a sparse graph.
    /// - Complexity: O(n² · k) time in the worst case (k the neighbour count;
    ///   O(n²) in practice), O(n · k) memory.
    static func sparseCandidateGraph(_ matrix: CostMatrix, neighbours: Int = sparseNeighbours) -> SparseGraph {
        let n = matrix.count
        let k = min(neighbours, n - 1)
        // Each node's k cheapest (k ≤ n − 1, so every node finds k).
        var nearest = [Int32](repeating: 0, count: n * k)
        var bestCost = [Int32](repeating: 0, count: k)
        var bestNode = [Int32](repeating: 0, count: k)
        matrix.storage.withUnsafeBufferPointer { costs in
            for a in 0..<n {
                var found = 0
                let row = a * n
                for b in 0..<n where b != a {
                    let c = costs[row + b]
                    if found == k && c >= bestCost[k - 1] { continue }
                    var slot = found < k ? found : k - 1
                    while slot > 0 && bestCost[slot - 1] > c {
                        bestCost[slot] = bestCost[slot - 1]
                        bestNode[slot] = bestNode[slot - 1]
                        slot -= 1
                    }
                    bestCost[slot] = c
                    bestNode[slot] = Int32(b)
                    if found < k { found += 1 }
                }
                for i in 0..<k { nearest[a * k + i] = bestNode[i] }
            }
        }
        // A minimum spanning tree of 1…n−1 (π = 0): the graph without node 0
        // stays connected, so the sparse Prim always spans it.
        var degree = [Int](repeating: 0, count: n)
        let zero = [Double](repeating: 0, count: n)
        return SparseGraph(n: n, lists: nearest, width: k, taking: k,
                           tree: denseOneTreeEdges(MatrixCosts(matrix: matrix), zero, &degree))
    }

    /// The sparse subgradient ascent (see the extension's documentation).
    /// - Complexity: O(n · k · log n) per step (k = ``sparseNeighbours``),
    ///   O(n²) for the graph and for each complete-graph check.
    ///
    /// - Parameter neighbours: each node's cheapest edges in the sparse
    ///   graph (tests take few, so that the complete-graph check must add
    ///   edges).
    static func sparseOneTree(_ matrix: CostMatrix, upperBound: Int?, maxSteps: Int?,
                              control: SolveControl, neighbours: Int = sparseNeighbours) -> Int {
        let started = ContinuousClock.now
        let graph = sparseCandidateGraph(matrix, neighbours: neighbours)
        // The ascent stops early enough for the complete graph's check to
        // end by the deadline: that check (one dense Prim and its value) is
        // cheaper than building the graph, which scans every pair and runs
        // the same Prim. Stopping at the deadline itself ran fnl4461's
        // 1 s solves to 1.087 s.
        return sparseAscent(MatrixCosts(matrix: matrix), graph: graph, upperBound: upperBound, maxSteps: maxSteps,
                            control: control.withDeadline(earlierBy: started.duration(to: .now)))
    }

    /// The subgradient ascent on `graph`, which must hold a minimum spanning
    /// tree of nodes 1…n−1 and node 0's two cheapest edges of the complete
    /// graph under `costs` (so that its minimum 1-tree at π = 0 is the
    /// complete graph's), re-checked on the complete graph at the end. The
    /// check is not cut short by `control`: its deadline must leave time
    /// for one O(n²) Prim.
    static func sparseAscent<Costs: SymmetricCosts>(_ costs: Costs, graph start: SparseGraph, upperBound: Int?,
                                                    maxSteps: Int?, control: SolveControl) -> Int {
        let n = costs.count
        var graph = start
        var weights = graph.edgeCosts(costs.cost)
        let steps = maxSteps ?? 20 * n
        var pi = [Double](repeating: 0, count: n)
        var bestPi = pi
        // Whether bestPi has left π = 0 (where the first step's value is
        // already the complete graph's minimum 1-tree).
        var moved = false
        var best = -Double.infinity
        var degree = [Int](repeating: 0, count: n)
        var direction = [Double](repeating: 0, count: n)
        let target = upperBound.map(Double.init)
        var heap = IndexedHeap(capacity: n)
        var lambda = 1.0
        var sinceImprovement = 0
        var step = 0
        // At π = 0 the sparse 1-tree is a complete graph's minimum 1-tree
        // (the graph holds a minimum spanning tree of 1…n−1 and node 0's
        // cheapest edges), so the first step's value is already a bound.
        var bound = -Double.infinity
        // The weights of the best bound so far, where a repair restarts:
        // when the sparse graph has no tour, its ascent can run off.
        var validPi = pi
        var fresh = true
        for round in 0...sparseRepairRounds {
            while step < steps {
                if step > 0 && control.shouldStop { break }
                step += 1
                let value = sparseMinimumOneTree(graph, weights, pi, &degree, &heap)
                if step == 1 { bound = value }
                // Above a known tour: the sparse graph holds no tour that
                // cheap, so its ascent has run off; check and repair.
                if let target, value > target + 0.5 { break }
                if value > best + 1e-9 {
                    best = value
                    bestPi = pi
                    if step > 1 { moved = true }
                    sinceImprovement = 0
                } else {
                    sinceImprovement += 1
                    if sinceImprovement >= sparseStall {
                        lambda /= 2
                        sinceImprovement = 0
                    }
                }
                var norm = 0.0
                var tour = true
                for i in 0..<n {
                    let g = Double(degree[i] - 2)
                    if degree[i] != 2 { tour = false }
                    direction[i] = fresh ? g : 0.7 * g + 0.3 * direction[i]
                    norm += direction[i] * direction[i]
                }
                fresh = false
                if tour { break }  // the sparse 1-tree is a tour: π is optimal there
                if let target, target - best < 0.5 { break }
                if lambda < sparseLambdaFloor || norm == 0 { break }
                let gap = (target ?? best * 1.01) - value
                let t = lambda * max(gap, 1e-9) / norm
                for i in 0..<n { pi[i] += t * direction[i] }
            }
            // Stopped at π = 0 (a deadline at the first step): that step's
            // value is the bound, and the O(n²) check would only run late.
            if !moved { break }
            // The complete graph's check: a valid bound whatever π is.
            var denseDegree = [Int](repeating: 0, count: n)
            let edges = denseOneTreeEdges(costs, bestPi, &denseDegree)
            let checked = denseOneTreeValue(costs, bestPi, edges)
            if checked >= bound {
                bound = checked
                validPi = bestPi
            }
            var adjacency: [[Int32]]?
            for (u, v) in edges {
                let row = graph.targets[graph.offsets[u] ..< graph.offsets[u + 1]]
                if !row.contains(Int32(v)) {
                    if adjacency == nil { adjacency = graph.adjacency }
                    adjacency![u].append(Int32(v))
                    adjacency![v].append(Int32(u))
                }
            }
            guard let adjacency, round < sparseRepairRounds, step < steps, !control.shouldStop else { break }
            graph = SparseGraph(n: n, adjacency: adjacency)
            weights = graph.edgeCosts(costs.cost)
            pi = validPi
            best = -Double.infinity
            lambda = 1
            sinceImprovement = 0
            fresh = true
        }
        return Int((bound - 1e-6).rounded(.up))
    }

    /// The cheapest 1-tree of `graph` under costs c + π (minus 2Σπ), and
    /// each node's degree in it: Prim with an indexed binary heap on nodes
    /// 1…n−1, then node 0's two cheapest edges in the graph. `weights` are
    /// the edges' costs c (``SparseGraph/edgeCosts(_:)``).
    /// - Complexity: O(m log n), m the graph's edge count.
    static func sparseMinimumOneTree(_ graph: SparseGraph, _ weights: [Double], _ pi: [Double],
                                     _ degree: inout [Int], _ heap: inout IndexedHeap) -> Double {
        let n = graph.n
        for i in 0..<n { degree[i] = 0 }
        var total = 0.0
        heap.reset()
        let offsets = graph.offsets, targets = graph.targets
        heap.update(1, key: 0, parent: -1)
        var joined = 0
        while let (u, key, parent) = heap.popMin() {
            joined += 1
            total += key
            if parent >= 0 {
                degree[u] += 1
                degree[parent] += 1
            }
            let pu = pi[u]
            for e in offsets[u] ..< offsets[u + 1] {
                let v = Int(targets[e])
                if v == 0 || heap.isDone(v) { continue }
                heap.update(v, key: weights[e] + pu + pi[v], parent: u)
            }
        }
        if joined < n - 1 { return -Double.infinity }  // cannot happen: the tree's edges are in
        var first = Double.infinity, second = Double.infinity, a = -1, b = -1
        for e in offsets[0] ..< offsets[1] {
            let v = Int(targets[e])
            let d = weights[e] + pi[0] + pi[v]
            if d < first {
                second = first; b = a
                first = d; a = v
            } else if d < second {
                second = d; b = v
            }
        }
        guard a >= 0, b >= 0 else { return -Double.infinity }
        total += first + second
        degree[0] = 2
        degree[a] += 1
        degree[b] += 1
        return total - 2 * pi.reduce(0, +)
    }

    /// The edges of the complete graph's cheapest 1-tree under c + π, by
    /// O(n²) Prim on nodes 1…n−1 with node 0 joined by its two cheapest
    /// edges, and each node's degree.
    /// - Complexity: O(n²) time, n²/2 reads of `costs`.
    /// - Precondition: at least 3 nodes.
    static func denseOneTreeEdges<Costs: SymmetricCosts>(_ costs: Costs, _ pi: [Double],
                                                         _ degree: inout [Int]) -> [(Int, Int)] {
        guard let edges = denseOneTreeEdges(costs, pi, &degree, control: .unlimited) else {
            preconditionFailure("an unlimited control never stops")
        }
        return edges
    }

    /// ``denseOneTreeEdges(_:_:_:)``, given up (`nil`) when `control` says
    /// to stop, which it is asked every 256 nodes joined.
    static func denseOneTreeEdges<Costs: SymmetricCosts>(_ costs: Costs, _ pi: [Double], _ degree: inout [Int],
                                                         control: SolveControl) -> [(Int, Int)]? {
        let n = costs.count
        precondition(n >= 3, "a 1-tree needs at least 3 nodes")
        for i in 0..<n { degree[i] = 0 }
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(n)
        // The nodes not yet joined, kept packed with their π, key and tree
        // parent (a joined node's slot takes the last one's), so each round
        // reads only them, in order: it lowers their keys from the node
        // just joined and picks the next one in the same pass, n²/2 cost
        // reads in all.
        let live = n - 2
        let node = UnsafeMutableBufferPointer<Int32>.allocate(capacity: live)
        let weight = UnsafeMutableBufferPointer<Double>.allocate(capacity: live)
        let key = UnsafeMutableBufferPointer<Double>.allocate(capacity: live)
        let parent = UnsafeMutableBufferPointer<Int32>.allocate(capacity: live)
        defer {
            node.deallocate()
            weight.deallocate()
            key.deallocate()
            parent.deallocate()
        }
        for slot in 0..<live {
            node[slot] = Int32(slot + 2)
            weight[slot] = pi[slot + 2]
            key[slot] = .infinity
            parent[slot] = 1
        }
        var u = 1, pu = pi[1]
        var left = live
        while left > 0 {
            if left & 255 == 0 && control.shouldStop { return nil }
            var next = 0
            var smallest = Double.infinity
            for slot in 0..<left {
                let d = Double(costs.cost(u, Int(node[slot]))) + pu + weight[slot]
                if d < key[slot] {
                    key[slot] = d
                    parent[slot] = Int32(truncatingIfNeeded: u)
                }
                if key[slot] < smallest {
                    smallest = key[slot]
                    next = slot
                }
            }
            u = Int(node[next])
            pu = weight[next]
            edges.append((Int(parent[next]), u))
            left -= 1
            node[next] = node[left]
            weight[next] = weight[left]
            key[next] = key[left]
            parent[next] = parent[left]
        }
        var first = Double.infinity, second = Double.infinity, a = -1, b = -1
        for v in 1..<n {
            let d = Double(costs.cost(0, v)) + pi[0] + pi[v]
            if d < first {
                second = first; b = a
                first = d; a = v
            } else if d < second {
                second = d; b = v
            }
        }
        edges.append((0, a))
        edges.append((0, b))
        for (u, v) in edges { degree[u] += 1; degree[v] += 1 }
        return edges
    }

    /// The 1-tree value of `edges` under c + π, minus 2Σπ: its integer
    /// cost plus Σ (dᵢ − 2) · πᵢ, summed apart so that floating-point
    /// rounding only touches the small second term.
    static func denseOneTreeValue<Costs: SymmetricCosts>(_ costs: Costs, _ pi: [Double],
                                                         _ edges: [(Int, Int)]) -> Double {
        var integral = 0
        var degree = [Int](repeating: 0, count: pi.count)
        for (u, v) in edges {
            integral += costs.cost(u, v)
            degree[u] += 1
            degree[v] += 1
        }
        var weights = 0.0
        for i in pi.indices where degree[i] != 2 { weights += Double(degree[i] - 2) * pi[i] }
        return Double(integral) + weights
    }
}
