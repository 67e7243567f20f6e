/// Blossoms and combs by exact blossom separation, on the support graph
/// itself and on the support graph with its paths of 1-edges shrunk to
/// single nodes (where a blossom is a comb of the original graph).
///
/// A blossom with handle H and an odd set T ⊆ δ(H) of teeth edges is
/// violated exactly when
///
///     Σ_{e ∈ δ(H) \ T} xₑ + Σ_{e ∈ T} (1 − xₑ) < 1.
///
/// For a fixed H the best T takes the edges with xₑ > ½, and if that count
/// is even, flips the edge of δ(H) with the least |1 − 2xₑ|. Letchford,
/// Reinelt & Theis (2008) show that some fundamental cut of a Gomory–Hu
/// tree of the support with capacities min(xₑ, 1 − xₑ) is the handle of a
/// most violated blossom, so the tree's N − 1 cuts, each with its best T,
/// separate blossoms exactly. (Padberg & Rao's original method needs the
/// tree of a graph with a node per edge as well.) The tree is built by
/// Gusfield's algorithm, one max flow per node.
///
/// On the shrunk graph a tooth {A, B} between shrunk nodes becomes the
/// tooth set A ∪ B of a comb; x(δ(A ∪ B)) = 4 − 2·x(A : B) because each
/// path of 1-edges has x(δ) = 2, so the comb is violated by as much as the
/// blossom found. The same holds with the shrinking carried further, two
/// shrunk nodes at a time whenever they are joined by x ≥ 1 (tight sets
/// stay tight). Only combs whose tooth sets are pairwise disjoint are
/// kept (a comb needs that to be valid). Every cut is checked on the
/// original support before it is returned.
extension BranchAndCutSeparation {
    /// The smallest violation of a blossom or comb worth adding.
    static let combTolerance = 1e-3

    /// The largest graph separated exactly; beyond it, Gusfield's N max
    /// flows per round cost more than they pay.
    static let exactBlossomNodeLimit = 1_000

    /// Violated blossoms and combs, most violated first, at most `limit`.
    ///
    /// - Complexity: O(N · F) for F the cost of one max flow on the support
    ///   (Dinic, O(N² · s) at worst, far less on support graphs), done up to
    ///   three times (plain, 1-paths shrunk, tight pairs shrunk); nothing
    ///   when N exceeds ``exactBlossomNodeLimit``.
    static func blossomsAndCombs(nodeCount n: Int, support: [SupportEdge], limit: Int,
                                 stop: () -> Bool) -> [BranchAndCutCut] {
        guard n <= exactBlossomNodeLimit else { return [] }
        var found: [(violation: Double, cut: BranchAndCutCut)] = []
        var seen = Set<[Int]>()

        // Plain support graph: blossoms with edge teeth.
        let plain = (0..<n).map { $0 }
        for candidate in oddCuts(label: plain, count: n, support: support, disjointTeeth: false, stop: stop) {
            let handle = candidate.handle
            let teeth = candidate.teeth.map { support[$0].edge }
            let cut = BranchAndCutCut(handle: handle, teeth: teeth)
            let violation = Double(cut.rhs) - lhs(cut, support: support)
            guard violation >= combTolerance else { continue }
            let key = handleKey(handle) + [-1] + cut.teeth
            if seen.insert(key).inserted { found.append((violation, cut)) }
        }

        // Shrunk support graphs: combs whose teeth are paths of 1-edges,
        // then combs whose teeth are any tight sets merged pairwise.
        var previous = n
        for merging in [false, true] where !stop() {
            let (label, m) = shrunkLabels(nodeCount: n, support: support, mergeTightPairs: merging)
            guard m < previous, m >= 6 else { continue }
            previous = m
            for candidate in oddCuts(label: label, count: m, support: support, disjointTeeth: true, stop: stop) {
                // Teeth as shrunk-node pairs; they must be pairwise disjoint.
                var used = Set<Int>()
                var disjoint = true
                for (a, b) in candidate.superTeeth where !used.insert(a).inserted || !used.insert(b).inserted {
                    disjoint = false
                }
                let pairs = candidate.superTeeth
                guard disjoint, pairs.count >= 3, pairs.count % 2 == 1 else { continue }
                let teethSets = pairs.map { pair in (0..<n).map { label[$0] == pair.0 || label[$0] == pair.1 } }
                let cut = BranchAndCutCut(handle: candidate.handle, teethSets: teethSets)
                let violation = Double(cut.rhs) - lhs(cut, support: support)
                guard violation >= combTolerance else { continue }
                var key = handleKey(candidate.handle)
                for t in teethSets { key += [-1] + handleKey(t) }
                if seen.insert(key).inserted { found.append((violation, cut)) }
            }
        }
        found.sort { $0.violation > $1.violation }
        return found.prefix(limit).map(\.cut)
    }

    /// Labels 0..<m of the shrunk nodes: the paths of 1-edges, and with
    /// `mergeTightPairs` also, repeatedly, any two shrunk nodes joined by a
    /// total x ≥ 1 (two sets with x(δ) = 2 joined by 1 make a set with
    /// x(δ) = 2 again, so every shrunk node stays a tight set).
    /// - Complexity: O((N + s) · r) for r merging rounds.
    static func shrunkLabels(nodeCount n: Int, support: [SupportEdge], mergeTightPairs: Bool) -> (label: [Int], count: Int) {
        var sets = UnionFind(count: n)
        for s in support where s.x >= 1 - 1e-9 { sets.union(s.u, s.v) }
        while mergeTightPairs {
            var between: [Int: Double] = [:]
            for s in support {
                var a = sets.find(s.u), b = sets.find(s.v)
                guard a != b else { continue }
                if a > b { swap(&a, &b) }
                between[a * n + b, default: 0] += s.x
            }
            let tight = between.filter { $0.value >= 1 - 1e-9 }.keys.sorted()
            guard !tight.isEmpty else { break }
            for key in tight { sets.union(key / n, key % n) }
        }
        var label = [Int](repeating: -1, count: n)
        var m = 0
        for v in 0..<n where label[sets.find(v)] < 0 {
            label[sets.find(v)] = m
            m += 1
        }
        for v in 0..<n { label[v] = label[sets.find(v)] }
        return (label, m)
    }

    /// a·x of `cut` at the support point.
    static func lhs(_ cut: BranchAndCutCut, support: [SupportEdge]) -> Double {
        support.reduce(0) { $0 + Double(cut.coefficient(edge: $1.edge, $1.u, $1.v)) * $1.x }
    }

    /// The members of a node set, as a canonical key (of the set or of its
    /// complement, whichever excludes node 0).
    private static func handleKey(_ inside: [Bool]) -> [Int] {
        let flip = inside.first ?? false
        return inside.indices.filter { inside[$0] != flip }
    }

    /// A violated blossom of the (shrunk) support graph: the handle (in
    /// original nodes), the support indices of its teeth edges and the teeth
    /// as shrunk-node pairs (inside end first).
    struct OddCut {
        let handle: [Bool]
        let teeth: [Int]
        let superTeeth: [(Int, Int)]
    }

    /// The blossoms with three teeth or more, below 1 in the form above,
    /// among the fundamental cuts of the Gomory–Hu tree of the support
    /// shrunk by `label` (node v ↦ label[v] < count). With `disjointTeeth`,
    /// a shrunk node in two teeth is moved across the handle until the
    /// teeth are disjoint, or the cut is no longer violated.
    /// - Complexity: m − 1 max flows on m nodes, then O(m · s) per cut (times
    ///   the moves with `disjointTeeth`).
    static func oddCuts(label: [Int], count m: Int, support: [SupportEdge], disjointTeeth: Bool,
                        stop: () -> Bool) -> [OddCut] {
        // Shrunk edges: aggregate parallel support edges; drop loops.
        var index: [Int: Int] = [:]
        var ends: [(Int, Int)] = []
        var weight: [Double] = []
        var members: [[Int]] = []
        for (k, s) in support.enumerated() {
            var a = label[s.u], b = label[s.v]
            guard a != b else { continue }
            if a > b { swap(&a, &b) }
            let key = a * m + b
            if let j = index[key] {
                weight[j] += s.x
                members[j].append(k)
            } else {
                index[key] = ends.count
                ends.append((a, b))
                weight.append(s.x)
                members.append([k])
            }
        }
        guard m >= 3, !ends.isEmpty else { return [] }
        var flow = MaxFlow(nodeCount: m)
        for (j, (a, b)) in ends.enumerated() {
            flow.addEdge(a, b, capacity: max(0, min(weight[j], 1 - weight[j])))
        }
        // Gusfield: a Gomory–Hu cut tree by parent pointers, one max flow per node.
        var parent = [Int](repeating: 0, count: m)
        var value = [Double](repeating: 0, count: m)
        for s in 1..<m {
            if stop() { return [] }
            let t = parent[s]
            let f = flow.maximumFlow(from: s, to: t)
            let side = flow.sourceSide
            value[s] = f
            for i in 0..<m where i != s && side[i] && parent[i] == t { parent[i] = s }
            if side[parent[t]] {
                parent[s] = parent[t]
                parent[t] = s
                value[s] = value[t]
                value[t] = f
            }
        }
        var children = [[Int]](repeating: [], count: m)
        for v in 1..<m { children[parent[v]].append(v) }
        /// The best odd set of teeth for the handle `side` and its cost.
        func bestTeeth(_ side: [Bool]) -> (teeth: [Int], cost: Double)? {
            var teeth: [Int] = []
            var cost = 0.0
            var flip = -1
            var flipCost = Double.infinity
            for (j, (a, b)) in ends.enumerated() where side[a] != side[b] {
                let x = weight[j]
                cost += max(0, min(x, 1 - x))
                if x > 0.5 { teeth.append(j) }
                if abs(1 - 2 * x) < flipCost {
                    flipCost = abs(1 - 2 * x)
                    flip = j
                }
            }
            if teeth.count % 2 == 0 {
                guard flip >= 0 else { return nil }
                cost += flipCost
                if let k = teeth.firstIndex(of: flip) { teeth.remove(at: k) } else { teeth.append(flip) }
            }
            return (teeth, cost)
        }
        // Each fundamental cut below 1 with its best odd set of teeth.
        var result: [OddCut] = []
        var side = [Bool](repeating: false, count: m)
        for root in 1..<m where value[root] < 1 - combTolerance {
            for v in 0..<m { side[v] = false }
            var stack = [root]
            while let v = stack.popLast() {
                side[v] = true
                stack.append(contentsOf: children[v])
            }
            guard let best = bestTeeth(side) else { continue }
            var teeth = best.teeth
            var cost = best.cost
            // Teeth sharing a shrunk node (only combs need them disjoint):
            // moving that node across the handle turns its two teeth into
            // plain edges at no extra cost when the node is tight; repeat.
            var moves = 0
            while disjointTeeth && moves < m {
                var count = [Int](repeating: 0, count: m)
                for j in teeth { count[ends[j].0] += 1; count[ends[j].1] += 1 }
                guard let shared = (0..<m).first(where: { count[$0] > 1 }) else { break }
                side[shared].toggle()
                moves += 1
                guard let next = bestTeeth(side) else { cost = 1; break }
                teeth = next.teeth
                cost = next.cost
            }
            guard cost < 1 - combTolerance, teeth.count >= 3 else { continue }
            let superTeeth = teeth.map { j in side[ends[j].0] ? ends[j] : (ends[j].1, ends[j].0) }
            result.append(OddCut(handle: label.map { side[$0] }, teeth: teeth.flatMap { members[$0] },
                                 superTeeth: superTeeth))
        }
        return result
    }
}

/// Maximum flow on an undirected graph with real capacities (Dinic's
/// algorithm), reused across many source–sink pairs. V nodes, A arcs.
struct MaxFlow {
    private var head: [Int]
    private var next: [Int] = []
    private var to: [Int] = []
    private var capacity: [Double] = []
    private var residual: [Double] = []
    private var level: [Int]
    private var cursor: [Int]
    /// After ``maximumFlow(from:to:)``: the nodes the source still reaches.
    private(set) var sourceSide: [Bool]

    init(nodeCount: Int) {
        head = [Int](repeating: -1, count: nodeCount)
        level = [Int](repeating: -1, count: nodeCount)
        cursor = [Int](repeating: -1, count: nodeCount)
        sourceSide = [Bool](repeating: false, count: nodeCount)
    }

    /// Adds the undirected edge {u, v}: two arcs, each with `capacity`.
    mutating func addEdge(_ u: Int, _ v: Int, capacity c: Double) {
        guard c > 1e-12 else { return }
        for (a, b) in [(u, v), (v, u)] {
            to.append(b)
            capacity.append(c)
            next.append(head[a])
            head[a] = to.count - 1
        }
    }

    /// The maximum flow from `s` to `t`; sets ``sourceSide`` to the source
    /// side of a minimum cut.
    /// - Complexity: O(V² · A) at worst.
    mutating func maximumFlow(from s: Int, to t: Int) -> Double {
        residual = capacity
        var total = 0.0
        let eps = 1e-12
        while true {
            // Levels by breadth-first search.
            for v in level.indices { level[v] = -1 }
            level[s] = 0
            var queue = [s]
            var qi = 0
            while qi < queue.count {
                let v = queue[qi]
                qi += 1
                var a = head[v]
                while a >= 0 {
                    if residual[a] > eps && level[to[a]] < 0 {
                        level[to[a]] = level[v] + 1
                        queue.append(to[a])
                    }
                    a = next[a]
                }
            }
            if level[t] < 0 { break }
            cursor = head
            while true {
                let pushed = augment(s, t, .infinity)
                if pushed <= eps { break }
                total += pushed
            }
        }
        for v in sourceSide.indices { sourceSide[v] = false }
        sourceSide[s] = true
        var stack = [s]
        while let v = stack.popLast() {
            var a = head[v]
            while a >= 0 {
                if residual[a] > eps && !sourceSide[to[a]] {
                    sourceSide[to[a]] = true
                    stack.append(to[a])
                }
                a = next[a]
            }
        }
        return total
    }

    /// One blocking-flow path from `v` to `t` of at most `limit`, by depth-first search.
    private mutating func augment(_ v: Int, _ t: Int, _ limit: Double) -> Double {
        if v == t { return limit }
        while cursor[v] >= 0 {
            let a = cursor[v]
            let w = to[a]
            if residual[a] > 1e-12 && level[w] == level[v] + 1 {
                let pushed = augment(w, t, min(limit, residual[a]))
                if pushed > 1e-12 {
                    residual[a] -= pushed
                    residual[a ^ 1] += pushed
                    return pushed
                }
            }
            cursor[v] = next[a]
        }
        return 0
    }
}
