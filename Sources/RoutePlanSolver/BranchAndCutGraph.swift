/// The symmetric TSP that ``BranchAndCut`` solves for any ``CostMatrix`` and
/// ``RouteEndpoints``: an undirected graph of N nodes whose Hamiltonian
/// cycles are exactly the routes, with some edges forced into every cycle.
///
/// - Symmetric costs: the nodes themselves; an open path gets one extra node
///   *d* joined at cost 0 to every node the path may start or end at, and
///   the edge from *d* to a fixed end is forced.
/// - Asymmetric costs: the 2-node transformation (Jonker & Volgenant 1983)
///   of the cycle matrix (``LowerBound/cycleMatrix(_:_:)``, which closes
///   open paths through an extra node): node i becomes an out-copy i and an
///   in-copy M + i joined by a forced edge, and arc i → j becomes the edge
///   {i, M + j} of cost c(i, j). Every Hamiltonian cycle alternates forced
///   and arc edges, so it reads as a directed cycle.
///
/// Forbidden arcs have no edge. Edges are stored once, `u < v`.
struct BranchAndCutGraph: Sendable {
    struct Edge: Sendable, Hashable {
        let u: Int32
        let v: Int32
        let cost: Int
    }

    /// N, the number of nodes.
    let nodeCount: Int
    /// All edges that may be used.
    let edges: [Edge]
    /// The indices of edges that every cycle uses.
    let forced: [Int]
    /// How cycles map back to routes.
    let kind: Kind
    /// The index of the edge {u, v} (row-major N·N, −1 for none).
    private let index: [Int32]

    enum Kind: Sendable {
        /// Node i is matrix node i; `dummy` closes an open path.
        case symmetric(dummy: Int?)
        /// `m` cycle-matrix nodes doubled; node `m − 1` is the dummy when `hasDummy`.
        case doubled(m: Int, hasDummy: Bool)
    }

    /// The index of the edge between `a` and `b`, if it exists.
    func edge(_ a: Int, _ b: Int) -> Int? {
        let k = Int(index[a * nodeCount + b])
        return k < 0 ? nil : k
    }

    private init(nodeCount: Int, edges: [Edge], forced: [Int], kind: Kind) {
        self.nodeCount = nodeCount
        self.edges = edges
        self.forced = forced
        self.kind = kind
        var index = [Int32](repeating: -1, count: nodeCount * nodeCount)
        for (k, e) in edges.enumerated() {
            index[Int(e.u) * nodeCount + Int(e.v)] = Int32(k)
            index[Int(e.v) * nodeCount + Int(e.u)] = Int32(k)
        }
        self.index = index
    }

    /// The graph for `matrix` under `endpoints` (already validated).
    /// - Complexity: O(n²) time and memory (4·(2n)² bytes for asymmetric costs).
    init(_ matrix: CostMatrix, endpoints: RouteEndpoints) {
        let n = matrix.count
        if matrix.isSymmetric {
            var edges: [Edge] = []
            var forced: [Int] = []
            for i in 0..<n {
                for j in (i + 1)..<max(i + 1, n) where matrix.allows(i, j) {
                    edges.append(Edge(u: Int32(i), v: Int32(j), cost: Int(matrix[i, j])))
                }
            }
            var dummy: Int?
            if !endpoints.isRoundTrip {
                dummy = n
                let fixed = [endpoints.start, endpoints.end].compactMap { $0 }
                let candidates = fixed.count == 2 ? fixed.sorted() : Array(0..<n)
                for x in candidates {
                    if fixed.contains(x) { forced.append(edges.count) }
                    edges.append(Edge(u: Int32(x), v: Int32(n), cost: 0))
                }
            }
            self.init(nodeCount: dummy == nil ? n : n + 1, edges: edges, forced: forced, kind: .symmetric(dummy: dummy))
        } else {
            let c = LowerBound.cycleMatrix(matrix, endpoints)
            let m = c.count
            var edges: [Edge] = []
            var forced: [Int] = []
            for i in 0..<m {
                forced.append(edges.count)
                edges.append(Edge(u: Int32(i), v: Int32(m + i), cost: 0))
            }
            for i in 0..<m {
                for j in 0..<m where i != j {
                    if let cost = c[i][j] { edges.append(Edge(u: Int32(i), v: Int32(m + j), cost: cost)) }
                }
            }
            self.init(nodeCount: 2 * m, edges: edges, forced: forced, kind: .doubled(m: m, hasDummy: m > n))
        }
    }

    /// The edges of `order` (a route of the original problem), or `nil` when
    /// it uses an edge that does not exist.
    func edges(of order: [Int], endpoints: RouteEndpoints) -> [Int]? {
        var result: [Int] = []
        switch kind {
        case let .symmetric(dummy):
            var cycle = order
            if let dummy { cycle.append(dummy) }
            for k in cycle.indices {
                guard let e = edge(cycle[k], cycle[(k + 1) % cycle.count]) else { return nil }
                result.append(e)
            }
        case let .doubled(m, hasDummy):
            var cycle = order
            if hasDummy { cycle.append(m - 1) }
            result.append(contentsOf: forced)
            for k in cycle.indices {
                guard let e = edge(cycle[k], m + cycle[(k + 1) % cycle.count]) else { return nil }
                result.append(e)
            }
        }
        return result
    }

    /// The route of the original problem that the Hamiltonian cycle made of
    /// `chosen` edges stands for, or `nil` when `chosen` is no Hamiltonian
    /// cycle of this graph (checked combinatorially).
    func route(fromCycle chosen: [Int], endpoints: RouteEndpoints) -> [Int]? {
        let size = nodeCount
        guard chosen.count == size else { return nil }
        var adjacent = [[Int]](repeating: [], count: size)
        for e in chosen {
            let edge = edges[e]
            adjacent[Int(edge.u)].append(Int(edge.v))
            adjacent[Int(edge.v)].append(Int(edge.u))
        }
        guard adjacent.allSatisfy({ $0.count == 2 }) else { return nil }
        // Walk the cycle.
        var cycle = [0]
        var previous = -1
        var current = 0
        while true {
            let next = adjacent[current][0] != previous ? adjacent[current][0] : adjacent[current][1]
            if next == 0 { break }
            guard cycle.count < size else { return nil }
            cycle.append(next)
            previous = current
            current = next
        }
        guard cycle.count == size else { return nil }
        switch kind {
        case let .symmetric(dummy):
            guard let dummy else { return Self.rotate(cycle, toStart: endpoints.start ?? 0) }
            let at = cycle.firstIndex(of: dummy)!
            var path = Array(cycle[(at + 1)...] + cycle[..<at])
            if let s = endpoints.start {
                if path.first != s { path.reverse() }
                guard path.first == s else { return nil }
            } else if let t = endpoints.end {
                if path.last != t { path.reverse() }
                guard path.last == t else { return nil }
            }
            return path
        case let .doubled(m, hasDummy):
            // From out-copy 0 the walk goes either to in-copy m (backwards) or to an arc.
            var directed: [Int] = []
            let forwards = cycle[1] != m
            let sequence = forwards ? cycle : [0] + cycle.dropFirst().reversed()
            for node in sequence where node < m { directed.append(node) }
            guard directed.count == m else { return nil }
            if hasDummy {
                let at = directed.firstIndex(of: m - 1)!
                return Array(directed[(at + 1)...] + directed[..<at])
            }
            return Self.rotate(directed, toStart: endpoints.start ?? 0)
        }
    }

    private static func rotate(_ cycle: [Int], toStart start: Int) -> [Int]? {
        guard let at = cycle.firstIndex(of: start) else { return nil }
        return Array(cycle[at...] + cycle[..<at])
    }
}
