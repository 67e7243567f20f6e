extension SymmetricSearch {
    /// The Lin–Kernighan step's alternate first step: the sequential 3-opt
    /// move from the arc {t1, t2} whose second removed arc is the one a
    /// 2-opt flip cannot use, so that no valid tour lies half-way and chains
    /// of flips never build it. It swaps two adjacent stretches of the tour
    /// and reverses neither: Or-opt for stretches of any length.
    ///
    /// Read the tour so that t1 → t2. A flip's first step takes t4 as the
    /// city *before* t3; here t4 is the city after it, so adding {t2, t3}
    /// closes t2 … t3 into a cycle, which the third exchange breaks at an arc
    /// {t5, t6} inside it, t5 a neighbour of t4 and t6 the city after t5:
    ///
    ///     before:  t1 → t2 … t5 → t6 … t3 → t4 ⋯ t1
    ///     after:   t1 → t6 … t3 → t2 … t5 → t4 ⋯ t1
    ///     removed  {t1,t2}, {t3,t4}, {t5,t6};  added  {t2,t3}, {t4,t5}, {t6,t1}
    ///
    /// The stretch t2 … t5 moves between t3 and t4, kept in its direction.
    /// On the doubled graph of an asymmetric problem (``DoubledCosts``) this
    /// is the move that matters: a reversed stretch there breaks every
    /// entry–exit pair it holds, so 2-opt flips (and Or-opt beyond 1–3
    /// doubled cities) cannot move a stretch of the directed route at all.
    ///
    /// **Gain.** Partial sums must stay positive, as in a Lin–Kernighan chain:
    ///
    ///     g₁ = c(t1,t2) − c(t2,t3) > 0
    ///     g₂ = g₁ + c(t3,t4) − c(t4,t5) > 0
    ///     gain = g₂ + c(t5,t6) − c(t6,t1) > 0
    ///
    /// t3 runs over t2's neighbour list and t5 over t4's, each stopping at the
    /// first candidate that fails its test (the lists are sorted), and the
    /// first move that gains is applied (``applyOrMove(_:_:_:_:_:_:gain:)``).
    ///
    /// - Complexity: O(K²) evaluations (K the neighbour-list length), each
    ///   O(1); applying a move reverses up to three stretches of the tour
    ///   array, O(n) each at worst (n the city count).
    /// - Returns: whether the tour got shorter (the six cities are queued).
    mutating func improveOrMove(_ t1: Int, _ t2: Int) -> Bool {
        guard n >= 8 else { return false }
        // The reading with t1 → t2: along the arrays or against them.
        let along = tour.next(t1) == t2
        let origin = Int(tour.position[t2])
        let g0 = d(t1, t2)
        for i in 0..<k {
            let t3 = Int(neighbourList[t2 &* k &+ i])
            let g1 = g0 - d(t2, t3)
            if g1 <= 0 { break }
            if t3 == t1 || t3 == tour.after(t2, along: along) { continue }
            // t4 may be t1: the move then takes t1 between t5 and t6.
            let t4 = tour.after(t3, along: along)
            let g2Base = g1 + d(t3, t4)
            let span = tour.offset(of: t3, from: origin, along: along)  // t2 … t3 covers offsets 0 … span
            for j in 0..<k {
                let t5 = Int(neighbourList[t4 &* k &+ j])
                let g2 = g2Base - d(t4, t5)
                if g2 <= 0 { break }
                // t5 on t2 … t3, not t3 itself (t6 must be on it too).
                if tour.offset(of: t5, from: origin, along: along) >= span { continue }
                let t6 = tour.after(t5, along: along)
                let gain = g2 + d(t5, t6) - d(t6, t1)
                if gain > 0 {
                    applyOrMove(t1, t2, t3, t4, t5, t6, gain: gain)
                    return true
                }
            }
        }
        return false
    }

    /// Applies the move priced by ``improveOrMove(_:_:)`` as three 2-opt
    /// exchanges on the tour (journaled, so a kick can still be undone)
    /// and queues the six cities:
    ///
    ///     t1 → t2 … t5 → t6 … t3 → t4
    ///     exchange(t1, t2, t3, t4):  t1 → t3 … t6 → t5 … t2 → t4
    ///     exchange(t1, t3, t6, t5):  t1 → t6 … t3 → t5 … t2 → t4
    ///     exchange(t3, t5, t2, t4):  t1 → t6 … t3 → t2 … t5 → t4
    private mutating func applyOrMove(_ t1: Int, _ t2: Int, _ t3: Int, _ t4: Int, _ t5: Int, _ t6: Int,
                                      gain: Int) {
        tour.exchange(t1, t2, t3, t4)
        tour.exchange(t1, t3, t6, t5)
        tour.exchange(t3, t5, t2, t4)
        cost -= gain
        for c in [t1, t2, t3, t4, t5, t6] { push(c) }
    }
}
