/// The asymmetric TSP that ``DirectedBranchAndCut`` solves for any
/// ``CostMatrix`` and ``RouteEndpoints``: a complete directed graph on the
/// cycle matrix's m nodes (``LowerBound/cycleMatrix(_:_:)``, which closes an
/// open path through an extra node m − 1 with arcs of cost 0 that only the
/// allowed ends may use), whose Hamiltonian cycles are exactly the routes.
///
/// Unlike ``BranchAndCutGraph``'s doubling (2m nodes, m forced edges and one
/// edge per arc), every arc i → j is one variable and every node one out-
/// and one in-degree row, so the LP has half the rows and no forced columns.
/// Forbidden arcs have no variable. m is the cycle matrix's node count.
struct DirectedBranchAndCutGraph: Sendable {
    struct Arc: Sendable, Hashable {
        let from: Int32
        let to: Int32
        let cost: Int
    }

    /// m, the number of nodes (the route's stops, plus the dummy of an open path).
    let nodeCount: Int
    /// All arcs that may be used, by tail, then head.
    let arcs: [Arc]
    /// Whether node m − 1 is the dummy that closes an open path.
    let hasDummy: Bool
    /// The index of arc a → b (row-major m·m, −1 for none).
    private let index: [Int32]
    /// Each node's clone class: the smallest node whose row and column of
    /// costs equal its own (see ``cloneClasses(_:)``).
    let cloneClass: [Int]

    /// The graph for `matrix` under `endpoints` (already validated).
    /// - Complexity: O(m²) time and memory (some 28 bytes per arc).
    init(_ matrix: CostMatrix, endpoints: RouteEndpoints) {
        let c = LowerBound.cycleMatrix(matrix, endpoints)
        let m = c.count
        var arcs: [Arc] = []
        arcs.reserveCapacity(m * max(0, m - 1))
        var index = [Int32](repeating: -1, count: m * m)
        for i in 0..<m {
            for j in 0..<m where i != j {
                guard let cost = c[i][j] else { continue }
                index[i * m + j] = Int32(arcs.count)
                arcs.append(Arc(from: Int32(i), to: Int32(j), cost: cost))
            }
        }
        nodeCount = m
        self.arcs = arcs
        self.index = index
        hasDummy = m > matrix.count
        cloneClass = Self.cloneClasses(c)
    }

    /// Clone classes of the cycle matrix `c`: i and j are clones when
    /// c(i, k) = c(j, k) and c(k, i) = c(k, j) for every other k and
    /// c(i, j) = c(j, i) (duplicate stops: p43 has 13 classes of 2–4 among
    /// 43 nodes). Renaming clones maps routes to routes of equal cost, so
    /// branching on one arc of a class leaves its twins to the LP at the
    /// same bound; the search branches on the class instead.
    /// - Complexity: O(m² · r) for r the positions compared before two rows
    ///   differ (1–2 on generic costs), O(m³) at worst.
    static func cloneClasses(_ c: [[Int?]]) -> [Int] {
        let m = c.count
        var representative = Array(0..<m)
        var representatives: [Int] = []
        func clones(_ i: Int, _ j: Int) -> Bool {
            guard c[i][j] == c[j][i] else { return false }
            for k in 0..<m where k != i && k != j {
                if c[i][k] != c[j][k] || c[k][i] != c[k][j] { return false }
            }
            return true
        }
        for i in 0..<m {
            if let r = representatives.first(where: { clones($0, i) }) {
                representative[i] = r
            } else {
                representatives.append(i)
            }
        }
        return representative
    }

    /// The index of arc `a` → `b`, if it exists.
    @inline(__always)
    func arc(_ a: Int, _ b: Int) -> Int? {
        let k = Int(index[a * nodeCount + b])
        return k < 0 ? nil : k
    }

    /// The arcs of `order` (a route of the original problem), or `nil` when
    /// it uses an arc that does not exist.
    /// - Complexity: O(m).
    func arcs(of order: [Int]) -> [Int]? {
        var cycle = order
        if hasDummy { cycle.append(nodeCount - 1) }
        guard cycle.count == nodeCount else { return nil }
        var result: [Int] = []
        for k in cycle.indices {
            guard let a = arc(cycle[k], cycle[(k + 1) % cycle.count]) else { return nil }
            result.append(a)
        }
        return result
    }

    /// The route of the original problem that the directed Hamiltonian cycle
    /// made of `chosen` arcs stands for, or `nil` when `chosen` is no
    /// Hamiltonian cycle (checked combinatorially).
    /// - Complexity: O(m).
    func route(fromCycle chosen: [Int], endpoints: RouteEndpoints) -> [Int]? {
        let m = nodeCount
        guard chosen.count == m else { return nil }
        var successor = [Int](repeating: -1, count: m)
        var indegree = [Int](repeating: 0, count: m)
        for a in chosen {
            let arc = arcs[a]
            guard successor[Int(arc.from)] < 0 else { return nil }
            successor[Int(arc.from)] = Int(arc.to)
            indegree[Int(arc.to)] += 1
        }
        guard indegree.allSatisfy({ $0 == 1 }) else { return nil }
        var cycle: [Int] = []
        var current = 0
        repeat {
            cycle.append(current)
            current = successor[current]
        } while current != 0 && cycle.count <= m
        guard cycle.count == m, current == 0 else { return nil }
        if hasDummy {
            let at = cycle.firstIndex(of: m - 1)!
            return Array(cycle[(at + 1)...] + cycle[..<at])
        }
        let start = endpoints.start ?? 0
        guard let at = cycle.firstIndex(of: start) else { return nil }
        return Array(cycle[at...] + cycle[..<at])
    }
}
