extension SymmetricSearch {
    /// Applies ``repairLongArc(count:)`` to the ``SearchTuning/longArcs``
    /// longest arcs, with local search after each move, until it finds
    /// nothing or has made ``SearchTuning/longArcMoves`` moves.
    ///
    /// The kicked search runs it every
    /// ``SearchTuning/longArcRepairKicks(nodes:)`` kicks, between two kicks
    /// (the tour is rebuilt, which a kick's journal could not undo). A run
    /// that finds nothing took 0.4–0.7 ms on pcb3038 and fnl4461 (one every
    /// 4,096 kicks, about 0.25 s) and 5–7 ms on usa13509 (one every 13,509
    /// kicks, about 0.7 s).
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
    /// c(t4,t1) > 0, with c(t2,t3) < c(t1,t2) and t4 the city after t3; t3
    /// runs over t2's candidates, and over the whole tour for the
    /// ``SearchTuning/widestSplits`` splits that gain most (the other
    /// crossing of a gap need not be among t2's nearest cities). The join is
    /// searched over every city t5 of the smaller cycle and its candidates
    /// t7 in the other, and the best move with g₁ + g₂ > 0 is applied.
    ///
    /// - Parameter count: how many of the longest arcs to try as {t1, t2}.
    /// - Precondition: no kick under way (the tour is rebuilt, not journaled).
    /// - Complexity: O(n · count) to find the arcs and the widest splits,
    ///   and O(s · K) for each of at most 2 · count · K + 4 splits that
    ///   gain, s the smaller cycle's cities (n cities, K candidates each);
    ///   O(n) to apply the move.
    /// - Returns: whether the tour got shorter (the cities whose arcs
    ///   changed are queued; run ``optimize(control:)`` next).
    mutating func repairLongArc(count: Int) -> Bool {
        guard n >= 8 else { return false }
        var best = LongArcMove(gain: 0)
        var widest: [Split] = []
        for a in longestArcs(count) {
            // The arc {a, next(a)}, from either end.
            let b = tour.next(a)
            for (t1, t2, forward) in [(a, b, true), (b, a, false)] {
                for i in 0..<k {
                    let t3 = Int(neighbourList[t2 &* k &+ i])
                    if d(t2, t3) >= d(t1, t2) { break }
                    findJoin(Split(t1: t1, t2: t2, t3: t3, forward: forward), into: &best)
                }
                collectSplits(t1: t1, t2: t2, forward: forward, into: &widest)
            }
        }
        // The splits that gain most, with t3 anywhere on the tour: the
        // other crossing of a gap need not be among t2's nearest cities.
        for split in widest { findJoin(split, into: &best) }
        return best.gain > 0 && apply(best)
    }

    /// A move found by ``repairLongArc(count:)``: the arcs it removes and adds.
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

    /// The first half of a move: remove {t1, t2} and {t3, t4}, t4 the city
    /// after t3 reading the tour so that t2 follows t1 (`forward`: along
    /// the arrays), and close X = t2 … t3 and Y = t4 … t1 into cycles.
    struct Split {
        let t1: Int, t2: Int, t3: Int
        let forward: Bool
        var gain = 0
    }

    /// Adds to `widest` the splits of {t1, t2} with t3 anywhere on the tour
    /// (c(t2,t3) < c(t1,t2), both cycles of three cities or more), keeping
    /// the ``SearchTuning/widestSplits`` that gain most. O(n).
    private func collectSplits(t1: Int, t2: Int, forward: Bool, into widest: inout [Split]) {
        let long = d(t1, t2)
        let origin = Int(tour.position[t2])
        @inline(__always) func city(_ offset: Int) -> Int {
            var p = forward ? origin &+ offset : origin &- offset
            if p >= n { p &-= n } else if p < 0 { p &+= n }
            return Int(tour.order[p])
        }
        var t3 = city(2)
        for span in 2...(n - 4) {
            let t4 = city(span + 1)
            defer { t3 = t4 }
            let added = d(t2, t3)
            if added >= long { continue }
            let g1 = long + d(t3, t4) - added - d(t4, t1)
            if g1 <= 0 || (widest.count == SearchTuning.widestSplits && g1 <= widest[widest.count - 1].gain) {
                continue
            }
            var split = Split(t1: t1, t2: t2, t3: t3, forward: forward)
            split.gain = g1
            if widest.count < SearchTuning.widestSplits { widest.append(split) } else { widest[widest.count - 1] = split }
            var i = widest.count - 1
            while i > 0 && widest[i - 1].gain < widest[i].gain {
                widest.swapAt(i, i - 1)
                i -= 1
            }
        }
    }

    /// The best join for `split`, if it gains more than `best`: every arc
    /// {t5, t6} of the smaller cycle and {t7, t8} of the other, t7 among
    /// t5's candidates.
    private func findJoin(_ split: Split, into best: inout LongArcMove) {
        let t1 = split.t1, t2 = split.t2, t3 = split.t3, forward = split.forward
        @inline(__always) func succ(_ c: Int) -> Int { tour.after(c, along: forward) }
        @inline(__always) func pred(_ c: Int) -> Int { tour.after(c, along: !forward) }
        // Steps from t2 to c along the reading.
        let origin = Int(tour.position[t2])
        @inline(__always) func offset(_ c: Int) -> Int { tour.offset(of: c, from: origin, along: forward) }
        let span = offset(t3)  // X = t2 … t3 is offsets 0 … span
        // Both cycles need three cities (t1 is at offset n − 1).
        if span < 2 || span > n - 4 { return }
        let t4 = succ(t3)
        let g1 = d(t1, t2) + d(t3, t4) - d(t2, t3) - d(t4, t1)
        if g1 <= 0 { return }
        // Walk the smaller cycle: X (offsets 0 … span) or Y (span + 1 … n − 1).
        let xSmaller = span + 1 <= n - span - 1
        let first = xSmaller ? t2 : t4, last = xSmaller ? t3 : t1
        // The other cycle's path: X is t2 … t3, Y is t4 … t1.
        let start7 = xSmaller ? t4 : t2, end7 = xSmaller ? t1 : t3
        var t5 = first
        while true {
            // t5's arcs within its path (the split's new arcs are kept).
            for t6 in [t5 == last ? -1 : succ(t5), t5 == first ? -1 : pred(t5)] where t6 >= 0 {
                let removed = d(t5, t6)
                for j in 0..<k {
                    let t7 = Int(neighbourList[t5 &* k &+ j])
                    let d57 = d(t5, t7)
                    if d57 >= removed + g1 { break }
                    if (offset(t7) <= span) == xSmaller { continue }  // same cycle
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
    /// How many of the tour's longest arcs ``SymmetricSearch/repairLongArcs(control:)``
    /// tries. On pla85900 at 120 s (one search): 8 arcs took seed 1 from
    /// 1.195 % to 0.504 %, but left seed 2 at 1.131 % (its 796,300-long arc
    /// was not among them when it could be moved); 16 took seed 3 from
    /// 1.241 % to 0.428 %, and seed 2 to 0.647 % (in a run that also
    /// repaired once before the kicks and tried the segment swap on them).
    static let longArcs = 16
    /// The most moves one ``SymmetricSearch/repairLongArcs(control:)`` makes
    /// (on pla85900 the first run made 1–5, later ones 0–1).
    static let longArcMoves = 16
    /// Kicks between two runs of ``SymmetricSearch/repairLongArcs(control:)``:
    /// every 4–5 s on pla85900 (85,900 kicks at about 19,000 a second), every
    /// 0.2–0.3 s on pcb3038, where a run that finds nothing costs 0.4–0.6 ms.
    static func longArcRepairKicks(nodes n: Int) -> Int { max(4_096, n) }
    /// How many splits with t3 anywhere on the tour (not only among t2's
    /// candidates) one ``SymmetricSearch/repairLongArc(count:)`` joins: the
    /// ones that gain most over all long arcs.
    static let widestSplits = 4
}
