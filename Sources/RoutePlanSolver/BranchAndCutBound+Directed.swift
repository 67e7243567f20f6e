extension BranchAndCutBound {
    /// The safe bound of ``BranchAndCutBound`` for the arc formulation of
    /// ``DirectedBranchAndCut``: rows are m out-degree equations
    /// `x(δ⁺(v)) = 1`, m in-degree equations `x(δ⁻(v)) = 1`, then one `≥`
    /// row per cut (dual clamped at 0). The reduced cost of arc u → v is
    /// c − y⁺ᵤ − y⁻ᵥ − Σ (cut duals × the cut's coefficient), and the bound
    /// y·b + Σ min(dₐ·lₐ, dₐ·uₐ) is summed in `Int128` over every arc of the
    /// graph, in the LP or not, exactly as for the symmetric graph.
    ///
    /// - Parameters:
    ///   - lower, upper: each arc's bounds (0 or 1) at the node bounded.
    ///   - zeroCosts: use c = 0 (for Farkas certificates).
    /// - Complexity: O(A · (1 + E/64) + Σ teeth) for A arcs and E node sets
    ///   (a cut's handle, a comb's tooth sets too) of the cuts with nonzero dual.
    static func compute(directed graph: DirectedBranchAndCutGraph, cuts: [DirectedBranchAndCutCut],
                        duals: [Double], lower: [UInt8], upper: [UInt8],
                        zeroCosts: Bool = false) -> BranchAndCutBound? {
        let m = graph.nodeCount
        let degreeRows = 2 * m
        precondition(duals.count == degreeRows + cuts.count)
        let limit = 1e30
        var rounded = [Int128](repeating: 0, count: duals.count)
        let s = Double(1 << scaleBits)
        for (r, y) in duals.enumerated() {
            let v = (y * s).rounded()
            guard v.isFinite, abs(v) < limit else { return nil }
            var value = Int128(v)
            if r >= degreeRows && value < 0 { value = 0 }
            rounded[r] = value
        }
        var total: Int128 = 0
        for r in 0..<degreeRows { total += rounded[r] }
        var active: [Int] = []
        for (c, cut) in cuts.enumerated() where rounded[degreeRows + c] != 0 {
            active.append(c)
            total += Int128(cut.rhs) * rounded[degreeRows + c]
        }
        // One entry per node set counted by an active cut (a comb counts its
        // handle and each tooth set, all with the cut's dual). Per node,
        // bitsets of the entries containing it; `symmetricMask` marks the
        // entries that count arcs into the set as well as out of it.
        var entrySets: [(set: [Bool], symmetric: Bool, dual: Int128)] = []
        for c in active {
            let cut = cuts[c]
            for set in cut.sets { entrySets.append((set, cut.symmetric, rounded[degreeRows + c])) }
        }
        let words = (entrySets.count + 63) / 64
        var membership = [UInt64](repeating: 0, count: max(1, m * words))
        var symmetricMask = [UInt64](repeating: 0, count: max(1, words))
        for (k, entry) in entrySets.enumerated() {
            let bit = UInt64(1) << UInt64(k & 63)
            if entry.symmetric { symmetricMask[k >> 6] |= bit }
            for v in 0..<m where entry.set[v] { membership[v * words + k >> 6] |= bit }
        }
        let entryDuals = entrySets.map(\.dual)
        let activeDuals = active.map { rounded[degreeRows + $0] }
        var reduced = [Int128](repeating: 0, count: graph.arcs.count)
        for (a, arc) in graph.arcs.enumerated() {
            let u = Int(arc.from), v = Int(arc.to)
            var at = rounded[u] + rounded[m + v]
            for w in 0..<words {
                let mu = membership[u * words + w], mv = membership[v * words + w]
                var bits = (mu ^ mv) & (mu | symmetricMask[w])
                while bits != 0 {
                    at += entryDuals[w << 6 + bits.trailingZeroBitCount]
                    bits &= bits - 1
                }
            }
            reduced[a] = (zeroCosts ? 0 : Int128(arc.cost) * scale) - at
        }
        // Teeth have coefficient −1 (on both arcs), not the +1 counted above;
        // cuts on named arcs (their sets are empty) count here alone.
        for (k, c) in active.enumerated() {
            for (key, coefficient) in cuts[c].terms {
                if let a = graph.arc(key / m, key % m) { reduced[a] -= Int128(coefficient) * activeDuals[k] }
            }
            for key in cuts[c].teeth {
                let (p, q) = (key / m, key % m)
                if let a = graph.arc(p, q) { reduced[a] += 2 * activeDuals[k] }
                if let a = graph.arc(q, p) { reduced[a] += 2 * activeDuals[k] }
            }
        }
        for a in graph.arcs.indices {
            let d = reduced[a]
            total += d > 0 ? d * Int128(lower[a]) : d * Int128(upper[a])
        }
        return BranchAndCutBound(scaled: total, reducedCosts: reduced)
    }
}
