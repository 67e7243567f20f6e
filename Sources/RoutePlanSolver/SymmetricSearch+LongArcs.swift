extension SymmetricSearch {
    /// Applies ``repairLongArc(count:)`` to the ``SearchTuning/longArcs``
    /// longest arcs, with local search after each move, until it finds
    /// nothing or has made ``SearchTuning/longArcMoves`` moves.
    ///
    /// The kicked search runs it every
    /// ``SearchTuning/longArcRepairKicks(nodes:)`` kicks, between two kicks
    /// (the tour is rebuilt, which a kick's journal could not undo). Each
    /// run costs little when it finds nothing: 0.05–0.1 ms on pcb3038.
    ///
    /// - Returns: how many moves it made.
    @discardableResult
    mutating func repairLongArcs(control: SolveControl) -> Int {
        guard !(costs is DoubledCosts) else { return 0 }
        var moves = 0
        while moves < SearchTuning.longArcMoves && !control.shouldStop
                && repairLongArc(count: SearchTuning.longArcs) {
            optimize(control: control)
            moves += 1
        }
        return moves
    }

    /// Tries to remove the tour's longest arcs with a non-sequential 4-opt
    /// move, the one Lin–Kernighan chains and local kicks do not build: two
    /// 2-opt exchanges that each split the tour in two, together one tour.
    ///
    /// Where cities form clusters with wide gaps between them (pla85900),
    /// greedy construction joins its fragments across a gap wherever their
    /// ends happen to lie, and every tour crosses each gap an even number
    /// of times. Moving a crossing to where the gap is narrow means removing
    /// two long arcs {t1,t2} and {t3,t4} that cross the same gap side by
    /// side, which leaves two cycles, and joining those where they pass
    /// close, at {t5,t6} and {t7,t8}:
    ///
    ///     reading t1 → t2 … t3 → t4 … t1 (t2 … t3 on one side of the gap):
    ///     split:  remove {t1,t2}, {t3,t4}; add {t2,t3}, {t4,t1}
    ///             cycles X = t2 … t3 → t2 and Y = t4 … t1 → t4
    ///     join:   remove {t5,t6} from one, {t7,t8} from the other;
    ///             add {t5,t7}, {t6,t8} or {t5,t8}, {t6,t7}
    ///
    /// Each step alone gives two cycles, so no chain of valid 2-opt moves
    /// passes through it, and a kick would have to cut three of the four
    /// arcs, two of them far apart, to let Lin–Kernighan finish it.
    ///
    /// **Gain.** The split must gain, g₁ = c(t1,t2) + c(t3,t4) − c(t2,t3) −
    /// c(t4,t1) > 0, with t3 among t2's candidates and t4 the city after t3;
    /// the join is searched over every city t5 of the smaller cycle and its
    /// candidates t7 in the other, and the best move with g₁ + g₂ > 0 is
    /// applied.
    ///
    /// - Parameter count: how many of the longest arcs to try as {t1, t2}.
    /// - Precondition: no kick under way (the tour is rebuilt, not journaled).
    /// - Complexity: O(n · count) to find the arcs and, for each of their
    ///   2 · K splits that gain, O(s · K) for a smaller cycle of s cities
    ///   (n cities, K candidates each); O(n) to apply the move.
    /// - Returns: whether the tour got shorter (the cities whose arcs
    ///   changed are queued; run ``optimize(control:)`` next).
    mutating func repairLongArc(count: Int) -> Bool {
        guard n >= 8 else { return false }
        var best = LongArcMove(gain: 0)
        for a in longestArcs(count) {
            // The arc {a, next(a)}, from either end.
            let b = tour.next(a)
            findLongArcMove(t1: a, t2: b, forward: true, into: &best)
            findLongArcMove(t1: b, t2: a, forward: false, into: &best)
        }
        return best.gain > 0 && apply(best)
    }

    /// A move found by ``repairLongArcs(count:)``: the arcs it removes and adds.
    struct LongArcMove {
        var gain: Int
        var removed: [(Int, Int)] = []
        var added: [(Int, Int)] = []
    }

    /// The `count` longest arcs of the tour, as the city each starts at
    /// (the arc to its next city), longest first.
    private func longestArcs(_ count: Int) -> [Int] {
        var top: [(length: Int, city: Int)] = []
        for c in 0..<n {
            let length = d(c, tour.next(c))
            if top.count == count && length <= top[count - 1].length { continue }
            var i = top.count == count ? count - 1 : top.count
            if top.count < count { top.append((length, c)) }
            while i > 0 && top[i - 1].length < length {
                top[i] = top[i - 1]
                i -= 1
            }
            top[i] = (length, c)
        }
        return top.map(\.city)
    }

    /// The best move of ``repairLongArcs(count:)`` that removes {t1, t2},
    /// reading the tour so that t2 follows t1 (`forward`: along the arrays).
    private func findLongArcMove(t1: Int, t2: Int, forward: Bool, into best: inout LongArcMove) {
        @inline(__always) func succ(_ c: Int) -> Int { forward ? tour.next(c) : tour.previous(c) }
        @inline(__always) func pred(_ c: Int) -> Int { forward ? tour.previous(c) : tour.next(c) }
        // Steps from t2 to c along the reading.
        let origin = Int(tour.position[t2])
        @inline(__always) func offset(_ c: Int) -> Int {
            var p = forward ? Int(tour.position[c]) &- origin : origin &- Int(tour.position[c])
            if p < 0 { p &+= n }
            return p
        }
        let long = d(t1, t2)
        for i in 0..<k {
            let t3 = Int(neighbourList[t2 &* k &+ i])
            let added = d(t2, t3)
            if added >= long { break }
            let span = offset(t3)  // X = t2 … t3 is offsets 0 … span
            // Both cycles need three cities (t1 is at offset n − 1).
            if span < 2 || span > n - 4 { continue }
            let t4 = succ(t3)
            let g1 = long + d(t3, t4) - added - d(t4, t1)
            if g1 <= 0 { continue }
            // Walk the smaller cycle: X (offsets 0 … span) or Y (span + 1 … n − 1).
            let xSmaller = span + 1 <= n - span - 1
            let first = xSmaller ? t2 : t4, last = xSmaller ? t3 : t1
            var t5 = first
            while true {
                // t5's arcs within its path (the split's new arcs are kept).
                for t6 in [t5 == last ? -1 : succ(t5), t5 == first ? -1 : pred(t5)] where t6 >= 0 {
                    let removed = d(t5, t6)
                    for j in 0..<k {
                        let t7 = Int(neighbourList[t5 &* k &+ j])
                        let d57 = d(t5, t7)
                        if d57 >= removed + g1 { break }
                        let o7 = offset(t7)
                        if (o7 <= span) == xSmaller { continue }  // same cycle
                        // t7's arcs within its path: X is t2 … t3, Y is t4 … t1.
                        let start7 = xSmaller ? t4 : t2, end7 = xSmaller ? t1 : t3
                        for t8 in [t7 == end7 ? -1 : succ(t7), t7 == start7 ? -1 : pred(t7)] where t8 >= 0 {
                            let base = g1 + removed + d(t7, t8)
                            let straight = base - d57 - d(t6, t8)
                            let crossed = base - d(t5, t8) - d(t6, t7)
                            let gain = max(straight, crossed)
                            if gain > best.gain {
                                best = LongArcMove(
                                    gain: gain, removed: [(t1, t2), (t3, t4), (t5, t6), (t7, t8)],
                                    added: [(t2, t3), (t4, t1)] + (straight >= crossed ? [(t5, t7), (t6, t8)]
                                                                                       : [(t5, t8), (t6, t7)]))
                            }
                        }
                    }
                }
                if t5 == last { break }
                t5 = succ(t5)
            }
        }
    }

    /// Rebuilds the tour with `move`'s arcs exchanged, if that is one cycle
    /// through every city, and queues the cities whose arcs changed.
    private mutating func apply(_ move: LongArcMove) -> Bool {
        // Arcs every tour must keep stay.
        if move.removed.contains(where: { costs.isFixed($0.0, $0.1) }) { return false }
        // The changed cities' arcs: their tour arcs, less the removed, plus the added.
        var arcs: [Int: [Int]] = [:]
        for (a, b) in move.removed + move.added {
            for c in [a, b] where arcs[c] == nil { arcs[c] = [tour.next(c), tour.previous(c)] }
        }
        for (a, b) in move.removed {
            guard let i = arcs[a]!.firstIndex(of: b), let j = arcs[b]!.firstIndex(of: a) else { return false }
            arcs[a]!.remove(at: i)
            arcs[b]!.remove(at: j)
        }
        for (a, b) in move.added {
            arcs[a]!.append(b)
            arcs[b]!.append(a)
        }
        guard arcs.values.allSatisfy({ $0.count == 2 }) else { return false }
        var order: [Int] = []
        order.reserveCapacity(n)
        var before = -1, city = 0
        repeat {
            order.append(city)
            let (x, y) = arcs[city].map { ($0[0], $0[1]) } ?? (tour.next(city), tour.previous(city))
            let step = x != before ? x : y
            before = city
            city = step
        } while city != 0 && order.count <= n
        guard order.count == n && city == 0 else { return false }
        tour = SymmetricTour(order)
        cost -= move.gain
        for c in arcs.keys.sorted() { push(c) }
        return true
    }
}

extension SearchTuning {
    /// How many of the tour's longest arcs ``SymmetricSearch/repairLongArcs(control:)`` tries.
    static let longArcs = 16
    /// The most moves one ``SymmetricSearch/repairLongArcs(control:)`` makes.
    static let longArcMoves = 16
    /// Kicks between two runs of ``SymmetricSearch/repairLongArcs(control:)``.
    static func longArcRepairKicks(nodes n: Int) -> Int { max(4_096, n) }
}
