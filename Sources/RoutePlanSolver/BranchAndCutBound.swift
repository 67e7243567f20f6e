/// A lower bound proven from LP duals in exact integer arithmetic, whatever
/// the floating-point error of the simplex (Neumaier & Shcherbina 2004).
///
/// For row duals y (free on the degree equations, ≥ 0 on the `≥` cuts) every
/// x that satisfies the rows and lᵉ ≤ xᵉ ≤ uᵉ has
///
///     c·x = y·Ax + (c − Aᵀy)·x ≥ y·b + Σₑ min(dₑ·lₑ, dₑ·uₑ),   d = c − Aᵀy,
///
/// for *any* such y, optimal or not. The duals are rounded to multiples of
/// 2⁻²⁴ (cut duals clamped at 0), and everything after that is integer
/// arithmetic in `Int128` scaled by 2²⁴, so the bound is exact for the
/// rounded duals; with integer costs its ceiling bounds every tour. The sum
/// runs over every edge of the graph, also those not in the LP, so an
/// incompletely priced LP still yields a valid (weaker) bound.
///
/// With zero costs and a Farkas ray for y the same sum certifies
/// infeasibility: a positive "bound" on 0 = 0·x is a contradiction.
struct BranchAndCutBound {
    /// log₂ of the fixed-point scale.
    static let scaleBits = 24
    static let scale = Int128(1) << scaleBits

    /// The bound times the scale.
    let scaled: Int128
    /// Each edge's reduced cost dₑ times the scale.
    let reducedCosts: [Int128]

    /// ⌈bound⌉: a lower bound on every integer-cost tour within the bounds.
    var ceiling: Int { Self.ceilingOfScaled(scaled) }

    /// ⌈value / scale⌉ as an `Int`, clamped.
    static func ceilingOfScaled(_ value: Int128) -> Int {
        let q = value >= 0 ? (value + scale - 1) / scale : -((-value) / scale)
        if q > Int128(Int.max) { return .max }
        if q < Int128(Int.min) { return .min }
        return Int(q)
    }

    /// The bound for `duals` (degree rows, then one per cut), or `nil` when a
    /// dual is not finite or absurdly large.
    ///
    /// - Parameters:
    ///   - lower, upper: each edge's bounds (0 or 1) at the node bounded.
    ///   - zeroCosts: use c = 0 (for Farkas certificates).
    /// - Complexity: O(|E| · (1 + C/64) + Σ teeth) for C node sets (a subtour
    ///   cut or blossom has one, a comb 1 + k) of cuts with nonzero dual.
    static func compute(graph: BranchAndCutGraph, cuts: [BranchAndCutCut], duals: [Double],
                        lower: [UInt8], upper: [UInt8], zeroCosts: Bool = false) -> BranchAndCutBound? {
        let n = graph.nodeCount
        precondition(duals.count == n + cuts.count)
        let limit = 1e30
        var rounded = [Int128](repeating: 0, count: duals.count)
        let s = Double(1 << scaleBits)
        for (r, y) in duals.enumerated() {
            let v = (y * s).rounded()
            guard v.isFinite, abs(v) < limit else { return nil }
            var value = Int128(v)
            if r >= n && value < 0 { value = 0 }
            rounded[r] = value
        }
        var total: Int128 = 0
        for r in 0..<n { total += 2 * rounded[r] }
        var active: [Int] = []
        for (c, cut) in cuts.enumerated() where rounded[n + c] != 0 {
            active.append(c)
            total += Int128(cut.rhs) * rounded[n + c]
        }
        // Membership bitsets of the node sets of the active cuts (a comb
        // has several, each with the cut's dual), per node.
        var setDuals: [Int128] = []
        for c in active { setDuals += [Int128](repeating: rounded[n + c], count: 1 + cuts[c].teethSets.count) }
        let words = (setDuals.count + 63) / 64
        var membership = [UInt64](repeating: 0, count: max(1, n * words))
        var k = 0
        for c in active {
            for inside in cuts[c].sets {
                let bit = UInt64(1) << UInt64(k & 63)
                for v in 0..<n where inside[v] { membership[v * words + k >> 6] |= bit }
                k += 1
            }
        }
        let activeDuals = active.map { rounded[n + $0] }
        var reduced = [Int128](repeating: 0, count: graph.edges.count)
        for (e, edge) in graph.edges.enumerated() {
            let u = Int(edge.u), v = Int(edge.v)
            var at = rounded[u] + rounded[v]
            for w in 0..<words {
                var bits = membership[u * words + w] ^ membership[v * words + w]
                while bits != 0 {
                    at += setDuals[w << 6 + bits.trailingZeroBitCount]
                    bits &= bits - 1
                }
            }
            reduced[e] = (zeroCosts ? 0 : Int128(edge.cost) * scale) - at
        }
        // Teeth have coefficient −1, not the +1 counted above.
        for (k, c) in active.enumerated() {
            for t in cuts[c].teeth { reduced[t] += 2 * activeDuals[k] }
        }
        for e in graph.edges.indices {
            let d = reduced[e]
            total += d > 0 ? d * Int128(lower[e]) : d * Int128(upper[e])
        }
        return BranchAndCutBound(scaled: total, reducedCosts: reduced)
    }
}
