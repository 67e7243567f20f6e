/// Tour merging on the union graph (Applegate, Bixby, Chvátal & Cook;
/// Cook & Seymour 2003): the shortest tour that uses only arcs of the
/// given tours, found by branch and cut on the small graph they span.
///
/// Two tours from independent searches share most arcs and differ in a
/// few places, each a defect of one of them. Taking, in every place, the
/// cheaper tour's arcs is not enough: the defects of a near-optimal tour
/// often pay only together (several exchanges that each lengthen the tour
/// alone), and choosing per place can split the tour into several cycles.
/// Solving the TSP on the union of the tours' arcs chooses every place at
/// once, and may mix the tours within a place too.
///
/// The union graph is reduced before it is solved. A city whose two tours
/// agree on both neighbours has degree 2 in the union, so any tour in it
/// uses both arcs; maximal chains of such cities are forced paths. Only
/// the cities with three or four union neighbours (*junctions*) stay
/// nodes; an arc between two junctions stays an optional edge; each chain
/// between two junctions becomes one extra node of degree 2 whose two
/// edges carry the chain's cost (on one of them), so the solver must pass
/// through it:
///
///     tours:   j1 ─ c1 ─ c2 ─ c3 ─ j2      (c1…c3 agree in both tours)
///     reduced: j1 ─(cost of the chain)─ r ─(0)─ j2
///
/// n′ = junctions + chains is a few hundred nodes where the tours differ
/// in a few dozen places, whatever n is (100–450 for two 1 s tours of
/// pr1002, about 1,000 for two of pcb3038), and no node has more than 2t
/// edges for t tours, so branch and cut (``BranchAndCut``) solves it on a
/// sparse LP.
extension TourMerge {
    /// The reduced union graph of some tours (see the extension's documentation).
    struct UnionGraph {
        /// City of each junction node (nodes `0..<junctions.count`).
        let junctions: [Int]
        /// The chains (nodes `junctions.count...`): their end junctions
        /// (node indices), their inner cities from `from` to `to`, and
        /// their cost from `from`'s city to `to`'s.
        let chains: [(from: Int, to: Int, inner: [Int], cost: Int)]
        /// Arcs between two junctions (node indices), with their cost.
        let arcs: [(Int, Int, cost: Int)]
        /// The node standing for each city: its junction node, or the node
        /// of the chain it lies on.
        let node: [Int32]

        var nodeCount: Int { junctions.count + chains.count }

        /// The union graph of `tours` (closed tours of the same n ≥ 3
        /// cities, each once), or `nil` when they all agree (or a chain of
        /// agreeing cities leads from a junction back to itself, which no
        /// tours through every city make).
        /// - Complexity: O(n · t), t = `tours.count`.
        init?(tours: [[Int]], cost: (Int, Int) -> Int) {
            let n = tours[0].count
            // Union neighbours, at most two per tour.
            let width = 2 * tours.count
            var adjacent = [Int32](repeating: -1, count: n * width)
            var degree = [Int](repeating: 0, count: n)
            func link(_ a: Int, _ b: Int) {
                for i in 0..<degree[a] where adjacent[a * width + i] == Int32(b) { return }
                adjacent[a * width + degree[a]] = Int32(b)
                degree[a] += 1
            }
            for tour in tours {
                for p in 0..<n {
                    let a = tour[p], b = tour[p + 1 == n ? 0 : p + 1]
                    link(a, b)
                    link(b, a)
                }
            }
            var node = [Int32](repeating: -1, count: n)
            var junctions: [Int] = []
            for c in 0..<n where degree[c] > 2 {
                node[c] = Int32(junctions.count)
                junctions.append(c)
            }
            guard !junctions.isEmpty else { return nil }
            var chains: [(from: Int, to: Int, inner: [Int], cost: Int)] = []
            var arcs: [(Int, Int, cost: Int)] = []
            for (j, city) in junctions.enumerated() {
                for i in 0..<degree[city] {
                    var previous = city, current = Int(adjacent[city * width + i])
                    var inner: [Int] = []
                    var length = cost(previous, current)
                    // Walk through the chain's cities (degree 2) to the next junction.
                    while degree[current] == 2 {
                        inner.append(current)
                        let first = Int(adjacent[current * width]), second = Int(adjacent[current * width + 1])
                        let next = first == previous ? second : first
                        previous = current
                        current = next
                        length += cost(previous, current)
                    }
                    let end = Int(node[current])
                    // A chain from a junction back to itself: no tour
                    // through every city could enter it, so these are no tours.
                    guard end != j else { return nil }
                    // Each chain or arc once, from its lower junction.
                    if inner.isEmpty {
                        if j < end { arcs.append((j, end, cost: cost(city, current))) }
                    } else if j < end {
                        for c in inner { node[c] = Int32(junctions.count + chains.count) }
                        chains.append((from: j, to: end, inner: inner, cost: length))
                    }
                }
            }
            self.junctions = junctions
            self.chains = chains
            self.arcs = arcs
            self.node = node
        }

        /// `tour` (a closed tour of the cities) as a cycle of nodes.
        func cycle(of tour: [Int]) -> [Int] {
            var result: [Int] = []
            result.reserveCapacity(nodeCount)
            for city in tour {
                let v = Int(node[city])
                if v < junctions.count || result.last != v { result.append(v) }
            }
            if result.count > 1 && result.first == result.last { result.removeLast() }
            return result
        }

        /// The closed tour of the cities that the cycle of nodes `cycle`
        /// stands for, or `nil` when it is no Hamiltonian cycle of this graph.
        func tour(of cycle: [Int], cityCount n: Int) -> [Int]? {
            guard cycle.count == nodeCount else { return nil }
            var result: [Int] = []
            result.reserveCapacity(n)
            let m = cycle.count
            for p in 0..<m {
                let v = cycle[p]
                guard v >= 0 && v < nodeCount else { return nil }
                if v < junctions.count {
                    result.append(junctions[v])
                    continue
                }
                let chain = chains[v - junctions.count]
                let before = cycle[p == 0 ? m - 1 : p - 1], after = cycle[p + 1 == m ? 0 : p + 1]
                if before == chain.from && after == chain.to {
                    result.append(contentsOf: chain.inner)
                } else if before == chain.to && after == chain.from {
                    result.append(contentsOf: chain.inner.reversed())
                } else {
                    return nil
                }
            }
            guard result.count == n else { return nil }
            var seen = [Bool](repeating: false, count: n)
            for c in result {
                guard !seen[c] else { return nil }
                seen[c] = true
            }
            return result
        }

        /// The reduced graph as a symmetric cost matrix in which every pair
        /// of nodes that is no edge is forbidden; `nil` when a cost exceeds
        /// ``CostMatrix/maximumCost``.
        /// - Complexity: O(n′²) time, 4 n′² bytes.
        func matrix() -> CostMatrix? {
            var edges = [[(to: Int, cost: Int)]](repeating: [], count: nodeCount)
            func add(_ a: Int, _ b: Int, _ c: Int) {
                edges[a].append((b, c))
                edges[b].append((a, c))
            }
            for (a, b, c) in arcs { add(a, b, c) }
            for (k, chain) in chains.enumerated() {
                add(chain.from, junctions.count + k, chain.cost)
                add(junctions.count + k, chain.to, 0)
            }
            return try? CostMatrix(count: nodeCount) { i, j in edges[i].first { $0.to == j }?.cost }
        }
    }

    /// The shortest closed tour on the arcs of `tours`, when it is shorter
    /// than the shortest of them and was found by `control`'s deadline.
    ///
    /// - Parameters:
    ///   - tours: at least two closed tours of the same n ≥ 3 cities.
    ///   - budget: stop branch and cut after this long even before the
    ///     control's deadline (`nil`: only the control's), keeping the
    ///     shortest tour it found by then.
    ///   - maximumNodes: the largest reduced graph solved (see the
    ///     extension's documentation); larger ones return `nil`.
    /// - Returns: the shorter tour and its cost, or `nil`.
    /// - Complexity: O(n · t) to build the graph, O(n′²) for its matrix,
    ///   then branch and cut on n′ nodes (exponential in the worst case,
    ///   bounded by `control`).
    static func shortestInUnion(_ tours: [[Int]], cost: (Int, Int) -> Int, control: SolveControl,
                                budget: Duration? = nil, maximumNodes: Int = 1_500) -> (tour: [Int], cost: Int)? {
        guard tours.count >= 2, tours[0].count >= 3 else { return nil }
        func length(_ t: [Int]) -> Int {
            var total = 0
            for p in 0..<t.count { total += cost(t[p], t[p + 1 == t.count ? 0 : p + 1]) }
            return total
        }
        let lengths = tours.map(length)
        let best = lengths.indices.min { lengths[$0] < lengths[$1] }!
        guard let graph = UnionGraph(tours: tours, cost: cost),
              graph.nodeCount >= BranchAndCut.minimumNodes, graph.nodeCount <= maximumNodes,
              let matrix = graph.matrix() else { return nil }
        let start = graph.cycle(of: tours[best])
        guard let startCost = matrix.cost(of: start, closed: true) else { return nil }
        let incumbent = Solution(order: start, isRoundTrip: true, cost: startCost, provenOptimal: false,
                                 method: .localSearch)
        // Silent: what branch and cut proves holds for the union only, so
        // no bound or route of it may reach the solve's progress.
        guard let result = try? BranchAndCut.solve(matrix, endpoints: .roundTrip(), incumbent: incumbent,
                                                   control: control.reporting(to: nil), proofBudget: budget,
                                                   searchesAtRoot: false),
              let found = result.solution, found.cost < startCost,
              let tour = graph.tour(of: found.order, cityCount: tours[0].count) else { return nil }
        let merged = length(tour)
        return merged < lengths[best] ? (tour, merged) : nil
    }
}
