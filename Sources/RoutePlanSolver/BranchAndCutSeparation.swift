/// Finding inequalities of ``BranchAndCutCut`` that an LP point violates.
///
/// The point is given as its support: the edges with xₑ > 0, each with its
/// value. N is the graph's node count, s the support's size.
enum BranchAndCutSeparation {
    /// One support edge: graph edge `edge` = {u, v} at value x.
    struct SupportEdge {
        let edge: Int
        let u: Int
        let v: Int
        let x: Double
    }

    /// The smallest violation a cut must have to be added.
    static let violationTolerance = 1e-5

    /// The connected components of the support graph when there is more
    /// than one (each is a violated subtour cut: no edge leaves it), else
    /// an empty list.
    /// - Complexity: O(N + s) with union–find.
    static func components(nodeCount n: Int, support: [SupportEdge]) -> [[Bool]] {
        var sets = UnionFind(count: n)
        for s in support where s.x > 1e-9 {
            sets.union(s.u, s.v)
        }
        var label = [Int](repeating: -1, count: n)
        var count = 0
        for v in 0..<n {
            let r = sets.find(v)
            if label[r] < 0 {
                label[r] = count
                count += 1
            }
        }
        guard count > 1 else { return [] }
        var groups = [[Bool]](repeating: [Bool](repeating: false, count: n), count: count)
        for v in 0..<n { groups[label[sets.find(v)]][v] = true }
        return groups
    }

    /// Node sets S with x(δ(S)) < 2 on a connected support graph, exactly:
    /// at least one whenever one exists.
    ///
    /// Edges with xₑ ≥ 1 are shrunk first (Padberg & Rinaldi: with degree 2
    /// at every node, a violated cut separating the ends of such an edge
    /// implies one that does not). Stoer & Wagner's algorithm on the shrunk
    /// graph then finds a minimum cut; every cut-of-the-phase below 2 is
    /// returned, not only the minimum, so one call yields many cuts.
    /// Sets are normalised to exclude node 0 and returned without duplicates.
    /// - Complexity: O(N′³) time, O(N′²) memory for N′ shrunk nodes; `stop`
    ///   is polled once per phase.
    static func minimumCuts(nodeCount n: Int, support: [SupportEdge], limit: Int,
                            stop: () -> Bool) -> [[Bool]] {
        // Shrink 1-edges.
        var sets = UnionFind(count: n)
        for s in support where s.x >= 1 - 1e-9 {
            sets.union(s.u, s.v)
        }
        var label = [Int](repeating: -1, count: n)
        var m = 0
        for v in 0..<n where label[sets.find(v)] < 0 {
            label[sets.find(v)] = m
            m += 1
        }
        guard m > 2 else { return [] }
        var members = [[Int]](repeating: [], count: m)
        for v in 0..<n { members[label[sets.find(v)]].append(v) }
        var w = [Double](repeating: 0, count: m * m)
        for s in support {
            let a = label[sets.find(s.u)], b = label[sets.find(s.v)]
            if a != b {
                w[a * m + b] += s.x
                w[b * m + a] += s.x
            }
        }
        // Stoer–Wagner; `group[k]` lists the shrunk nodes merged into k.
        var group = (0..<m).map { [$0] }
        var alive = Array(0..<m)
        var found: [[Bool]] = []
        var seen = Set<[Bool]>()
        var key = [Double](repeating: 0, count: m)
        var added = [Bool](repeating: false, count: m)
        while alive.count > 1 {
            if stop() { break }
            for v in alive {
                key[v] = 0
                added[v] = false
            }
            var previous = alive[0]
            var last = alive[0]
            added[last] = true
            for v in alive where !added[v] { key[v] = w[last * m + v] }
            var cutValue = 0.0
            for step in 1..<alive.count {
                var best = -1
                var bestKey = -Double.infinity
                for v in alive where !added[v] && key[v] > bestKey {
                    bestKey = key[v]
                    best = v
                }
                added[best] = true
                previous = last
                last = best
                if step == alive.count - 1 {
                    cutValue = bestKey
                } else {
                    let row = best * m
                    for v in alive where !added[v] { key[v] += w[row + v] }
                }
            }
            if cutValue < 2 - violationTolerance {
                var inside = [Bool](repeating: false, count: n)
                for k in group[last] { for v in members[k] { inside[v] = true } }
                if inside[0] { for v in 0..<n { inside[v].toggle() } }
                if seen.insert(inside).inserted {
                    found.append(inside)
                    if found.count >= limit { break }
                }
            }
            // Merge `last` into `previous`.
            group[previous].append(contentsOf: group[last])
            for v in alive where v != last && v != previous {
                w[previous * m + v] += w[last * m + v]
                w[v * m + previous] = w[previous * m + v]
            }
            alive.removeAll { $0 == last }
        }
        return found
    }

    /// Violated blossoms by the odd-component heuristic (Padberg & Hong):
    /// each connected component H of the fractional edges whose δ(H) holds
    /// an odd number ≥ 3 of pairwise disjoint edges at value 1 is the
    /// handle of a blossom with those edges as teeth.
    /// - Complexity: O(N + s).
    static func blossoms(nodeCount n: Int, support: [SupportEdge]) -> [(handle: [Bool], teeth: [Int])] {
        let eps = 1e-6
        var sets = UnionFind(count: n)
        var fractionalNode = [Bool](repeating: false, count: n)
        for s in support where s.x > eps && s.x < 1 - eps {
            fractionalNode[s.u] = true
            fractionalNode[s.v] = true
            sets.union(s.u, s.v)
        }
        var result: [(handle: [Bool], teeth: [Int])] = []
        var roots: [Int: [Int]] = [:]
        for v in 0..<n where fractionalNode[v] { roots[sets.find(v), default: []].append(v) }
        for root in roots.keys.sorted() {
            let nodes = roots[root]!
            guard nodes.count >= 3 else { continue }
            var inside = [Bool](repeating: false, count: n)
            for v in nodes { inside[v] = true }
            var teeth: [Int] = []
            var touched = Set<Int>()
            var crossing = 0.0
            var disjoint = true
            for s in support where inside[s.u] != inside[s.v] {
                if s.x >= 1 - eps {
                    teeth.append(s.edge)
                    if !touched.insert(s.u).inserted || !touched.insert(s.v).inserted { disjoint = false }
                } else {
                    crossing += s.x
                }
            }
            guard disjoint, teeth.count >= 3, teeth.count % 2 == 1 else { continue }
            // x(δ(H) \ T) − x(T) ≥ 1 − |T|; with teeth at 1 the left side is crossing − |T|.
            if crossing < 1 - 0.01 { result.append((inside, teeth)) }
        }
        return result
    }
}
