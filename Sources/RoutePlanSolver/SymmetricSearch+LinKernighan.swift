extension SymmetricSearch {
    /// A Lin–Kernighan step from `t1`: a chain of 2-opt flips that each keep
    /// the arc {t1, last} as the arc that would close the tour, tried from
    /// both of t1's tour arcs, and applied as soon as closing it gains.
    ///
    /// With t2 a tour neighbour of t1 and the tour read so that t2 → t1 …,
    /// one step picks t3 among t2's neighbours and t4 the city after t3:
    ///
    ///     before:  t2 → t1 ⋯ t3 → t4 ⋯ t2        remove {t1,t2}, {t3,t4}
    ///     after:   t1 ⋯ t3 → t2 ⋯ t4 → t1        add    {t2,t3}, {t4,t1}
    ///
    /// so the result is again a tour, whose arc {t4, t1} the next step
    /// removes in turn (t4 plays t2). One step is a 2-opt move, two are a
    /// sequential 3-opt move, and so on up to
    /// ``SearchTuning/linKernighanBreadth``.count flips.
    ///
    /// **Gain.** With g the cost of the arcs removed so far minus the arcs
    /// added (the closing arc left out), a step needs g − c(t2,t3) > 0 (the
    /// partial-sum criterion), and the tour improves by g − c(t4,t1) when
    /// the chain closes. At each depth the candidates ranked by
    /// c(t3,t4) − c(t2,t3) are tried in turn, closing when that gains and
    /// going deeper otherwise; when none of them leads anywhere, the best
    /// closing candidate past the breadth is taken if it gains (so every
    /// improving 2-opt move on the lists is found). Arcs added by the chain
    /// are never removed again.
    ///
    /// The flips are only recorded (``PendingFlips``) while the chain is
    /// built, and the tour read through them; a chain that closes with a
    /// gain applies them to the tour (through its journal, so a kick can
    /// still be rolled back), one that does not is dropped at no cost.
    /// Short flips at the start of a chain (up to
    /// ``SearchTuning/directFlipLength`` array entries, before any flip is
    /// pending) are made on the arrays at once and undone through the
    /// journal, as reading through pending flips costs more than they do.
    /// The step's working data (each depth's ranked candidates with their
    /// closing gains, and the arcs the chain has added) lives on the stack
    /// for the step rather than in stored arrays, whose every write checks
    /// that the array is not shared: the same tours, and user CPU time of
    /// `routeplan solve --heuristic --seed 2` (default kicks, runs
    /// interleaved) pr1002 4.83 → 4.39 s (12 runs), pcb3038 10.21 → 9.47 s
    /// and fnl4461 11.01 → 10.85 s (6 runs each). Reading each closing cost
    /// from t1's side and filtering the chain's arc check by ``endBit(_:)``
    /// gave the same tours in 0.905× the user CPU time on pr1002 (medians
    /// of 5 interleaved runs, 4.32 → 3.91 s) and 0.98× on pcb3038 (3 runs,
    /// 8.89 → 8.72 s), where costs come from the coordinates.
    ///
    /// When no chain from {t1, t2} gains, the alternate first step
    /// (``improveOrMove(_:_:)``) is tried from the same arc.
    ///
    /// In a kick's search from a searched-out tour on up to
    /// ``SearchTuning/restrictedSearchNodes`` nodes, {t1, t2} is never an arc
    /// of the tour the kick started from (see
    /// ``SymmetricSearch/restrictsFirstArc``); the chain may still remove
    /// such arcs at its later steps.
    ///
    /// - Returns: whether the tour got shorter (the touched cities are queued).
    mutating func improveLinKernighan(_ t1: Int) -> Bool {
        let depths = breadth.count
        // Scratch on the stack for the whole step: each depth's ranked
        // candidates, and the arcs the chain adds (one per depth, and the
        // closing arc).
        let improved = withUnsafeTemporaryAllocation(of: RankedCandidate.self,
                                                     capacity: depths * SearchTuning.widestBreadth) { ranked in
            withUnsafeTemporaryAllocation(of: AddedArc.self, capacity: depths + 1) { added in
                let scratch = ChainScratch(ranked: ranked.baseAddress!, added: added.baseAddress!)
                for t2 in [tour.next(t1), tour.previous(t1)] where !(restricted && isKickStartArc(t1, t2)) {
                    pending.drop(to: 0)
                    let mark = tour.mark()
                    if let length = deepen(t1: t1, last: t2, gain: d(t1, t2), depth: 0, ends: 0, scratch: scratch) {
                        tour.keep(mark)
                        pending.apply(to: &tour)
                        push(t1); push(t2)
                        for i in 0..<length { push(Int(added[i].a)); push(Int(added[i].b)) }
                        return true
                    }
                    tour.undo(to: mark)
                }
                return false
            }
        }
        if improved { return true }
        pending.drop(to: 0)
        if usesOrMove {
            for t2 in [tour.next(t1), tour.previous(t1)] where improveOrMove(t1, t2) { return true }
        }
        return false
    }

    /// A candidate of one level: the 2-opt step to t3 and t4, its score
    /// c(t3,t4) − c(last,t3), and the chain's gain if it closed there.
    struct RankedCandidate {
        var score: Int
        var close: Int
        var t3: Int32
        var t4: Int32
    }

    /// An arc {a, b} the chain being built has added.
    struct AddedArc {
        var a: Int32
        var b: Int32
    }

    /// Where a Lin–Kernighan step keeps its working data: for depth d, its
    /// ranked candidates at `ranked[d · widestBreadth ..< (d + 1) · widestBreadth]`
    /// and the arc it adds at `added[d]` (at d + 1 the closing arc).
    struct ChainScratch {
        let ranked: UnsafeMutablePointer<RankedCandidate>
        let added: UnsafeMutablePointer<AddedArc>
    }

    /// One level of the chain; see ``improveLinKernighan(_:)``. The chain
    /// has added `scratch.added[0 ..< depth]` so far, and `ends` has the bit
    /// ``endBit(_:)`` of each of their ends set: an arc {t3, t4} can only be
    /// one of them when both its bits are, so most candidates skip the scan
    /// of `added`.
    ///
    /// - Returns: the number of arcs the chain added when it closed with a
    ///   gain (applied, or pending), else `nil` (the tour as it was).
    private mutating func deepen(t1: Int, last: Int, gain: Int, depth: Int, ends: UInt64, scratch: ChainScratch) -> Int? {
        // Read the tour so that last → t1; t4 is then the city after t3.
        let forward = pending.next(last, in: tour) == t1
        let breadth = self.breadth[depth]
        // The best `breadth` candidates, best first, in this depth's slice.
        let ranked = scratch.ranked + depth &* SearchTuning.widestBreadth
        var found = 0
        // The candidate whose closing gains most, over all of them (so every
        // improving 2-opt move on the lists is found, whatever the breadth).
        var bestClose = 0, closeT3 = -1, closeT4 = -1
        for i in 0..<k {
            let t3 = Int(neighbourList[last &* k &+ i])
            let added = neighbourCost[last &* k &+ i]
            if added >= gain { break }  // neighbours are sorted: no later one passes either
            if t3 == t1 { continue }
            let t4 = forward ? pending.next(t3, in: tour) : pending.previous(t3, in: tour)
            if t4 == last { continue }  // {last, t3} is already a tour arc
            if ends & endBit(t3) != 0 && ends & endBit(t4) != 0 && chainHas(t3, t4, scratch.added, depth) { continue }
            let score = d(t3, t4) - added
            // c(t1, t4), read from t1's side: t1 stays for the whole chain,
            // so on a matrix every closing cost comes from one row, which
            // stays in cache (t4's rows would not: pr1002's matrix is 4 MB).
            let close = gain + score - d(t1, t4)
            if close > bestClose { bestClose = close; closeT3 = t3; closeT4 = t4 }
            // Insertion into the sorted slice, dropping whatever falls past `breadth`.
            var slot = found < breadth ? found : breadth
            while slot > 0 && ranked[slot &- 1].score < score {
                if slot < breadth { (ranked + slot).initialize(to: ranked[slot &- 1]) }
                slot -= 1
            }
            if slot < breadth {
                (ranked + slot).initialize(to: RankedCandidate(score: score, close: close, t3: Int32(t3), t4: Int32(t4)))
                if found < breadth { found += 1 }
            }
        }
        let deepest = depth + 1 == self.breadth.count
        for c in 0..<found {
            let candidate = ranked[c]
            let t3 = Int(candidate.t3), t4 = Int(candidate.t4)
            let g = gain + candidate.score
            scratch.added[depth] = AddedArc(a: Int32(last), b: Int32(t3))
            if candidate.close > 0 {  // g − c(t4, t1)
                _ = flip(last, t1, t3, t4)
                cost -= candidate.close
                scratch.added[depth + 1] = AddedArc(a: Int32(t4), b: Int32(t1))
                return depth + 2
            }
            // Flip only when the next depth can go on: it needs a neighbour
            // of t4 cheaper than g (lists are sorted, so the first decides).
            if deepest || neighbourCost[t4 &* k] >= g { continue }
            let mark = flip(last, t1, t3, t4)
            if let length = deepen(t1: t1, last: t4, gain: g, depth: depth + 1,
                                   ends: ends | endBit(last) | endBit(t3), scratch: scratch) {
                if let real = mark.real { tour.keep(real) }
                return length
            }
            if let real = mark.real { tour.undo(to: real) } else { pending.drop(to: mark.pending) }
        }
        // No chain through the ranked candidates gained; one past the
        // breadth may still close with a gain.
        if bestClose > 0 {
            _ = flip(last, t1, closeT3, closeT4)
            cost -= bestClose
            scratch.added[depth] = AddedArc(a: Int32(last), b: Int32(closeT3))
            scratch.added[depth + 1] = AddedArc(a: Int32(closeT4), b: Int32(t1))
            return depth + 2
        }
        return nil
    }

    /// Where to return to after a chain's flip: a journal mark for a flip
    /// made on the arrays, else the pending flips' count before it.
    struct FlipMark {
        let real: SymmetricTour.Mark?
        let pending: Int
    }

    /// The 2-opt move a → b … c → d ⇒ a → c … b → d of a chain: on the
    /// arrays when no flip is pending and it reverses at most
    /// ``SearchTuning/directFlipLength`` entries, else pending.
    @inline(__always)
    private mutating func flip(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> FlipMark {
        if pending.count == 0 && tour.exchangeLength(a, b, c, d) <= SearchTuning.directFlipLength {
            let mark = tour.mark()
            tour.exchange(a, b, c, d)
            return FlipMark(real: mark, pending: 0)
        }
        let count = pending.count
        pending.exchange(a, b, c, d, in: tour)
        return FlipMark(real: nil, pending: count)
    }

    /// A city's bit in the `ends` filter of ``deepen``: one of 64, by a
    /// multiplicative hash of its number (Fibonacci hashing: the top 6 bits
    /// of the number times 2⁶⁴/φ).
    ///
    /// Not the number's low 6 bits: instances often number their cities
    /// along a sweep of the plane, so a chain's cities, which lie close
    /// together, often have close numbers, and the low bits made them share
    /// bits with the chain's ends more often than chance. On pr1002 the
    /// scan of the chain's arcs behind the filter took about 9 % of
    /// ``deepen(t1:last:gain:depth:ends:scratch:)``'s samples. The same
    /// tours, and user CPU time of `routeplan solve --heuristic --seed 2`
    /// (default kicks, runs interleaved, medians): pr1002 4.49 → 4.15 s
    /// (6 runs each), pcb3038 11.23 → 11.28 s (4 runs each).
    @inline(__always)
    private func endBit(_ city: Int) -> UInt64 { 1 &<< ((UInt64(truncatingIfNeeded: city) &* 0x9E37_79B9_7F4A_7C15) &>> 58) }

    /// Whether the chain being built has added the arc {a, b}: one of
    /// `added[0 ..< count]`.
    @inline(__always)
    private func chainHas(_ a: Int, _ b: Int, _ added: UnsafeMutablePointer<AddedArc>, _ count: Int) -> Bool {
        for i in 0..<count {
            let x = Int(added[i].a), y = Int(added[i].b)
            if (x == a && y == b) || (x == b && y == a) { return true }
        }
        return false
    }
}

/// The symmetric search's fixed parameters, chosen on TSPLIB instances of
/// 400–1,000 nodes with a 1 s budget (see `Benchmarks/README.md`).
enum SearchTuning {
    /// Candidate neighbours per city (α-nearest, see
    /// ``SymmetricCosts/alphaNearest(_:)``).
    static let neighbours = 8
    /// Candidate neighbours per city of a doubled asymmetric problem; one
    /// of them is the city's own entry or exit.
    static let doubledNeighbours = 7

    /// Candidate neighbours per city for the second of the two searches of
    /// a symmetric round trip on a matrix (see ``RouteSolver``): its 10
    /// α-nearest, where the first search keeps ``neighbours``.
    ///
    /// Two searches on the same lists can share a trap. On pr439 both
    /// searches of every seed ended 0.845 % above the optimum, at 1 s and at
    /// 10 s: the optimal tour needs the arc {415, 419} (TSPLIB's numbers),
    /// 9th on both its ends' α lists. Lists of two lengths hedge
    /// where two seeds cannot. At 1 s, seeds 1–12, on 14 TSPLIB instances of
    /// 400–1,084 stops (the mid-size set and pr1002), the mean gap went from
    /// 0.152 to 0.070 %: pr439 from 0.845 % to 0.004 % (11 of 12 optimal),
    /// the other 13 from 0.099 to 0.075 % (better on seeds 1–6, 0.111 →
    /// 0.058 %, level on 7–12, 0.087 → 0.093 %). What it costs: the
    /// instances where both searches on 8 candidates each had a chance now
    /// have one. pr1002 went from 12 to 10 of 30 seeds optimal (seeds 1–30),
    /// att532 from 12 to 10 of 12; pcb442 stayed at 9 of 12, and 16 smaller
    /// instances stayed optimal for seeds 1–4. A second search on 9 or 12
    /// candidates did worse than on 10 (seeds 7–12: 0.113 and 0.130 %,
    /// against 0.086 %), and both searches on 10 cost pr1002 more (7 → 5 of
    /// 12) for the same gain on pr439 (`Benchmarks/README.md`, fourteenth
    /// round).
    static let secondSearchNeighbours = 10

    /// How many candidates each city of `costs` keeps.
    static func candidateCount(for costs: some SymmetricCosts) -> Int {
        min(costs is DoubledCosts ? doubledNeighbours : neighbours, costs.count - 1)
    }

    /// How many candidates each city keeps in the second search of a
    /// symmetric round trip on `costs` (see ``secondSearchNeighbours``).
    static func secondSearchCandidateCount(for costs: MatrixCosts) -> Int {
        min(secondSearchNeighbours, costs.count - 1)
    }
    /// How many alternatives the Lin–Kernighan step tries at each depth
    /// before giving up on that branch; its length is the deepest move
    /// (in 2-opt flips) the step builds.
    ///
    /// The third depth tries one alternative, not two: a failed step then
    /// costs 15 leaves instead of 30. At 1 s (quiet machine, same run, two
    /// searches and the bound) against [5, 3, 2, 1, …]: pcb3038 0.319 →
    /// 0.303 % (seeds 1–5), fnl4461 0.330 → 0.309 % (1–5), pr1002 0.092 %
    /// both, optimal 5 → 6 of 12; at 10 s pcb3038 0.191 → 0.140 %, fnl4461
    /// 0.137 → 0.136 % (1–3), usa13509 at 30 s level (0.239 → 0.245 %,
    /// seeds 1–2); ftv170, kro124p and rbg443 stay optimal for
    /// seeds 1–5. Narrower still ([2, 1, …], [1 × 5], [1 × 8]) bought up to
    /// three times the kicks and lost (`Benchmarks/README.md`).
    ///
    /// Searches whose kicks use a window (see ``windowKickBreadth``) keep
    /// the wider third depth.
    static let linKernighanBreadth = [5, 3, 1, 1, 1, 1, 1, 1]
    /// ``linKernighanBreadth`` for searches whose kicks cut within a window
    /// (``SymmetricSearch/walkKicks`` off: doubled asymmetric graphs and
    /// more than ``walkKickNodeLimit`` nodes). The narrower third depth
    /// took pla85900 at 120 s from 0.762 % to 0.969 % (seed 1; both figures
    /// reproduced by their binaries in one session), so these keep [5, 3,
    /// 2, 1, …].
    static let windowKickBreadth = [5, 3, 2, 1, 1, 1, 1, 1]
    /// The longest reversal (in array entries) a Lin–Kernighan chain makes
    /// on the tour's arrays at once; longer ones are recorded as pending
    /// flips (see ``SymmetricSearch/improveLinKernighan(_:)``). CPU time at
    /// a fixed number of kicks (same tours), same run, against all flips
    /// on the arrays: usa13509 (matrix-free, 30,000 kicks) 5.56/4.78 s →
    /// 3.38/3.24 s (1,024: 3.72/3.29 s; everything pending: 3.99/4.03 s);
    /// fnl4461 (matrix-free) 3.04/2.80 s → 2.13/2.20 s; pcb3038 (matrix)
    /// 2.14/2.36 s → 2.28/2.22 s; pr1002 (50,000 kicks) 2.63/2.47 s →
    /// 2.74/2.65 s (everything pending: 3.56/3.82 s).
    static let directFlipLength = 256
    /// The largest breadth of either setting: each depth's slice of a
    /// Lin–Kernighan step's scratch (a literal, so `deepen` reads a constant).
    static let widestBreadth = 5
    /// A window kick's three cuts lie within this many tour positions.
    static let kickWindow = 100
    /// The steps of each random walk that places a kick's cut (see
    /// ``SymmetricSearch``). Against window kicks, at 1 s over seeds 1–3:
    /// pr1002's mean gap went from 0.22 % to 0.00 % (0 % for seeds 1–6 too),
    /// pcb3038's from 0.34 % to 0.33 %, fnl4461's from 0.39 % to 0.37 %, and
    /// usa13509's at 30 s from 0.29 % to 0.26 %; walks of 3 and 10 steps did
    /// less on pr1002 (0.39 % and 0.24 %, seeds 1–3), 30 steps 0.05 %
    /// (seeds 1–6). On doubled asymmetric graphs the window stays: walks took
    /// ftv170's mean gap from 0.31 % to 0.69 %.
    ///
    /// 100 steps since the eighth round (the search has changed since 50
    /// was chosen: narrower chains, quadrant lists). At 1 s, seeds 1–5,
    /// same run, over pr1002 and the ten instances of 1,173–4,461 nodes
    /// the mean gap went from 0.209 % to 0.160 % (75 steps 0.180 %, 125
    /// steps 0.180 %); pr1002 was optimal for 8 of seeds 1–12 instead of
    /// 4; pcb3038 over seeds 1–18 0.197 → 0.186 %, fnl4461 0.255 →
    /// 0.229 %. At 10 s (seeds 1–5) pcb3038 0.111 → 0.104 % and fnl4461
    /// 0.099 → 0.111 %; usa13509 at 30 s 0.147 → 0.235 % for seed 1 and
    /// 0.236 → 0.176 % for seed 2: within what seeds alone change there.
    static let kickWalk = 100
    /// The walk length for a search that has gone `stagnantKicks` kicks
    /// without a shorter tour, on `nodes` nodes: ``kickWalk`` steps, twice
    /// that after max(10 · n, 50,000) such kicks and four times after
    /// twice as many, back to ``kickWalk`` at the next shorter tour (or
    /// restart). Larger kicks for a search that small ones no longer move.
    ///
    /// At 10 s over seeds 1–6 (same session): pcb3038 0.102 → 0.086 %,
    /// fnl4461 0.110 → 0.107 %; without the 50,000 floor (10 · n alone)
    /// 0.083 % and 0.101 %, but pr1002 at 1 s then fell from 9 to 7 optimal
    /// seeds of 12, so the floor keeps every search of up to 5,000 nodes
    /// at 1 s (fewer than 50,000 kicks) exactly as before. usa13509 at 30 s
    /// gave the same tours for seeds 1–2 (its searches never stagnate that
    /// long); window kicks do not walk.
    static func walkSteps(stagnantKicks: Int, nodes n: Int) -> Int {
        kickWalk << min(2, stagnantKicks / max(10 * n, 50_000))
    }
    /// The most nodes for which kicks place their cuts by random walks.
    /// Their stretches lie anywhere along the tour, so each kick reverses
    /// O(n) array entries: at 30 s, walks still gained on d18512 (0.21 % →
    /// 0.19 %) but lost on pla33810 (0.85 % → 1.46 %), and on pla85900 at
    /// 120 s (0.85 % → 1.23 %).
    static let walkKickNodeLimit = 20_000
    /// The most nodes for which a kick's search is *restricted*: from a
    /// searched-out tour, no Lin–Kernighan chain starts by removing an arc
    /// of the tour the kick started from (LKH's RESTRICTED_SEARCH, with the
    /// kick's start as the best tour; see `SymmetricSearch+RestrictedSearch.swift`).
    ///
    /// The six cities a kick queues each have one new arc and one old one,
    /// so the repair tries half the first steps. CPU time of
    /// `routeplan solve --heuristic --seed K` (50 kicks a stop, no time
    /// limit; the tours differ, lengths beside), same session:
    ///
    /// | | unrestricted | restricted | ratio |
    /// |---|---|---|---|
    /// | pr1002, seed 1 | 2.90 s, 259,045 (optimal) | 1.77 s, 259,045 | 0.61 |
    /// | pcb3038, seed 1 | 7.09 s, 137,902 | 4.69 s, 137,945 | 0.66 |
    /// | fnl4461, seed 1 | 7.69 s, 182,716 | 6.17 s, 182,754 | 0.80 |
    /// | d2103, seeds 1–2 | 6.84 / 6.31 s, optimal | 4.89 / 4.90 s, optimal | 0.74 |
    /// | pr2392, seeds 1–2 | 6.81 / 8.34 s, 378,787 / 378,672 | 4.74 / 4.76 s, 378,739 / 378,772 | 0.63 |
    ///
    /// (One run each, with a temporary switch. The binaries before and
    /// after, 4afd32a and 325e2e4, medians of three interleaved runs:
    /// pr1002 2.86 → 1.92 s, 0.67; pcb3038 6.89 → 4.92 s, 0.71.)
    /// So a kick costs about a third less and finds a little less. Under a time
    /// limit (30 Nov 2026, one binary with a temporary switch, runs
    /// alternated seed by seed; mean gaps):
    ///
    /// | cell | seeds | unrestricted | restricted |
    /// |---|---|---|---|
    /// | pr1002, 1 s | 1–32 | 0.028 %, 24 of 32 optimal | 0.007 %, 31 of 32 |
    /// | 13 instances of 400–1,084 stops, 1 s | 1–4 | 0.010 %, 32 of 52 optimal | 0.006 %, 32 of 52 |
    /// | pcb1173, d1291, nrw1379, fl1577, u1817, rl1889, 1 s | 1–4 | 0.078 % | 0.062 % |
    /// | d2103, 1 s | 1–4, 41–52 | 0.098 % | 0.165 % |
    /// | pr2392, 1 s | 1–4, 41–52 | 0.237 % | 0.204 % |
    /// | pcb3038, 1 s | 1–52 (four batches) | 0.199 % | 0.188 % |
    /// | fnl4461, 1 s | 1–52 (four batches) | 0.184 % | 0.192 % |
    /// | pcb3038, 10 s | 1–16 | 0.045 % | 0.036 % |
    /// | fnl4461, 10 s | 1–6 | 0.039 % | 0.040 % |
    /// | usa13509, 30 s | 1–8 | 0.168 % | 0.188 % (6 of 8 seeds longer) |
    /// | ftv170, rbg443, kro124p, ftv33, ry48p, p43, ft70, 1 s | 1–5 | 33 of 35 optimal | 34 of 35 |
    ///
    /// It pays up to pcb3038 and loses from fnl4461 on, where a kick's
    /// search saves less (0.80 of the time against 0.61–0.66) and the
    /// searches are further from converged; the bound lies between 3,038
    /// and 4,461 stops, where nothing was measured. d2103 loses below it.
    static let restrictedSearchNodes = 4_000
    /// Whether the searches on `n` nodes restrict their kicks' searches
    /// (see ``restrictedSearchNodes``).
    static func restrictsFirstArc(nodes n: Int) -> Bool { n <= restrictedSearchNodes }
    /// Kicks without a shorter tour before the search restarts from a
    /// shaken copy of its tour: max(5,000, 50 · n) for n nodes. On ftv170
    /// (n = 171) the search stops improving after 4,000–30,000 kicks, about
    /// 0.2 s; restarting after 8,550 took its mean gap at 1 s from 1.55 % to
    /// 0.51 % over seeds 1–12 and ft70's from 0.12 % to 0.01 %. Large
    /// instances never stagnate that long within seconds.
    static func restartAfter(nodes n: Int) -> Int { max(5_000, 50 * n) }
    /// The node counts for which the two searches of a heuristic solve
    /// meet to go on from one tour (see ``SearchPartner``, where the
    /// measurements are): from 10,000 up to ``walkKickNodeLimit``, when
    /// their searches are not made of trials (``searchesAreTrials(nodes:timeLeft:)``).
    /// Outside it they stay apart and the better wins.
    static let pairedSearchNodes = 10_000...walkKickNodeLimit
    /// The time left per stop from which the two searches on
    /// ``pairedSearchNodes`` are made of trials rather than paired.
    static let trialTimePerStop = Duration.microseconds(1_800)
    /// Whether a heuristic solve on `n` nodes with `timeLeft` before its
    /// deadline is made of trials merged into one best tour (see
    /// ``TrialBoard``): always below ``pairedSearchNodes``; on them, when at
    /// least ``trialTimePerStop`` per stop is left. Where kicks cut within
    /// a window (beyond ``walkKickNodeLimit``), never.
    ///
    /// On 10,000–20,000 stops, trials of n kicks shaken by 50 double
    /// bridges against the paired searches, side by side (usa13509 and
    /// d15112 in two runs, seeds 1–2 and 3–5), mean gaps:
    ///
    /// | | time per stop | paired | trials |
    /// |---|---|---|---|
    /// | usa13509, 30 s, seeds 1–5 | 2.2 ms | 0.207 % | 0.154 % (5 of 5 seeds better) |
    /// | d15112, 30 s, seeds 1–5 | 2.0 ms | 0.145 % | 0.116 % (5 of 5) |
    /// | d18512, 30 s, seeds 1–3 | 1.6 ms | 0.155 % | 0.160 % (1 of 3) |
    /// | brd14051, 10 s, seeds 1–3 | 0.71 ms | 0.178 % | 0.195 % (0 of 3) |
    ///
    /// Trials restart from the best and pay for a merge each; with little
    /// time per stop the doubled kicks of one trajectory win. The threshold
    /// lies between 1.6 ms (level) and 2.0 ms (trials ahead); nothing
    /// between was measured.
    ///
    /// Trials of 2 n kicks shaken by n / 100 double bridges had lost on
    /// d15112 (30 s, seeds 1–4: 0.144 % paired, 0.180 % trials) while
    /// winning on usa13509 (0.202 % against 0.138 %); the shake was the
    /// difference: n kicks with a shake of 30 gave d15112 0.156 % (seeds
    /// 3–5) and 2 n with 50 gave 0.125 %, against 0.118 % for n with 50
    /// (`Benchmarks/README.md`, nineteenth round).
    static func searchesAreTrials(nodes n: Int, timeLeft: Duration) -> Bool {
        if n < pairedSearchNodes.lowerBound { return true }
        return n <= walkKickNodeLimit && timeLeft >= trialTimePerStop * n
    }
    /// The time left per stop from which, when the caller gives both
    /// searches of a round trip one start (the `startLists` of
    /// ``RouteSolver/solveRoundTrip(points:neighbours:alphaPool:startLists:options:control:executor:lowerBound:)``),
    /// the first search starts from the greedy tour on its own lists
    /// instead, and only the second from the given start.
    static let apartStartTimePerStop = Duration.microseconds(3_000)
    /// Whether the two searches of a round trip on `n` nodes with
    /// `timeLeft` before the deadline start from two greedy tours rather
    /// than the one on the start lists: with at least
    /// ``apartStartTimePerStop`` per stop left. Without a deadline, never
    /// (a run bounded by kicks keeps the start it always had).
    ///
    /// One start is the better start within a second (`CoordinateSearch.startNeighbours`
    /// in RoutePlanMatrix has the 1 s tables); with more time per stop the
    /// trials' merges draw on what two basins hold. Side by side, 30 Nov
    /// 2026: binaries that started the searches apart (a94b5b8's, 097ac31's
    /// and one of c23fde6's tree) against 9218acb's and ef8cc97's, or one
    /// binary with a temporary switch; runs alternated seed by seed:
    ///
    /// | cell | time per stop | runs | one start | two starts |
    /// |---|---|---|---|---|
    /// | pcb3038, 10 s, binaries | 3.3 ms | 40 (four batches, seeds 1–18) | 0.086 % | 0.048 % |
    /// | pcb3038, 10 s, the switch | 3.3 ms | 26 (three batches, seeds 1–6, 11–30) | 0.081 % | 0.067 % |
    /// | fnl4461, 10 s, binaries and the switch | 2.2 ms | 20 (seeds 1–8, 9–20) | 0.047 % | 0.054 % |
    /// | pcb3038, 3 s, binaries | 1 ms | 12 | 0.139 % | 0.152 % |
    /// | pr2392, d2103, u1817, 8 s, the switch | 3.3–4.4 ms | 12 (seeds 1–4 each) | 0.019 % | 0.029 % (one u1817 seed 0.122 against 0 %; eleven within 0.008 points) |
    ///
    /// So the threshold lies between 2.2 ms (one start ahead) and 3.3 ms
    /// (two ahead); it rests on one instance above it, pcb3038, and is
    /// where the 1 s and fnl4461's 10 s figures stay as they were.
    static func startsApart(nodes n: Int, timeLeft: Duration?) -> Bool {
        guard let timeLeft else { return false }
        return timeLeft >= apartStartTimePerStop * n
    }
    /// Kicks each side of a pair on `n` nodes makes between two meetings:
    /// max(64, n / 64). A meeting costs O(n) (the merge, and rebuilding the
    /// positions), so larger tours meet less often: about every 15 ms on
    /// usa13509 (211 kicks), against O(n) work well under 1 ms.
    static func meetingEpoch(nodes n: Int) -> Int { max(64, n / 64) }
    /// Kicks of one trial of a search made of trials (see ``TrialBoard``):
    /// 2 · n up to 5,000 nodes, 10,000 up to 10,000 nodes, n beyond; at
    /// least 100. Shorter trials give more merges, longer ones better tours
    /// to merge. Up to 5,000 nodes, mean gaps at 1 s (pr1002 seeds 1–12, the
    /// others 1–6) and 10 s (seeds 1–4), with the shake of
    /// ``trialShake(nodes:stagnantTrials:)`` fixed (before it grew with
    /// stagnant trials):
    ///
    /// | kicks per trial, shake | pr1002 1 s | pcb3038 1 s | fnl4461 1 s | pcb3038 10 s | fnl4461 10 s |
    /// |---|---|---|---|---|---|
    /// | no trials | 8 of 12 optimal | 0.199 % | 0.223 % | 0.104 % ¹ | 0.067 % ¹ |
    /// | 2 n, 30 | 10 of 12 | 0.153 % | 0.221 % | 0.019 % | 0.041 % |
    /// | 2 n, 100 | 6 of 12 | 0.185 % | 0.243 % | 0.006 % | 0.041 % |
    /// | 5 n, 30 | 9 of 12 | 0.188 % | 0.219 % | | |
    /// | 5 n, 100 | | | | 0.027 % | 0.047 % |
    /// | 5 n, n / 30 | 7 of 12 | 0.198 % | 0.220 % | | |
    ///
    /// ¹ From an earlier run of the same code; the rest of each column is
    /// one run. Later trials of n kicks were mixed at 1 s (pr1002 9 of 12
    /// optimal against 11, `Benchmarks/README.md`, seventeenth round) and
    /// at 10 s (seeds 1–4: pcb3038 0.032 → 0.060 %, fnl4461 0.048 →
    /// 0.041 %). On 13,509–15,112 nodes at 30 s, n kicks won (table under
    /// ``searchesAreTrials(nodes:timeLeft:)``; 2 n with the same shake:
    /// usa13509 0.198 % against 0.158 %, d15112 0.125 % against 0.118 %,
    /// seeds 3–5). No size between 4,461 and 13,509 was measured; the
    /// kicks go from 2 n to n over it without a jump.
    static func trialKicks(nodes n: Int) -> Int { max(100, min(2 * n, max(n, 10_000))) }
    /// Double bridges that shake the best tour at the start of a trial:
    /// n / 100 between 30 and 50. Small shakes win at 1 s (table under
    /// ``trialKicks(nodes:)``; at 1 s, seeds 1–8, 60 took pcb3038 from
    /// 0.206 % to 0.222 % and fnl4461 from 0.210 % to 0.248 %). On
    /// 13,509–15,112 nodes at 30 s, 50 beat both n / 100 (135–151, table
    /// under ``searchesAreTrials(nodes:timeLeft:)``) and 30 (trials of
    /// n kicks, seeds 3–5: usa13509 0.166 % against 0.158 %, d15112
    /// 0.156 % against 0.118 %).
    ///
    /// A trial that starts while the best is still the one the last
    /// `stagnantTrials` trials of its search started from shakes harder:
    /// twice as hard after 3 such trials, four times after 6. Near the
    /// best's basin, small shakes find its last improvements; once several
    /// trials in a row have gained nothing, the same shake only lands in
    /// the basin again, and a harder one reaches the next. Mean gaps against
    /// the fixed shake, the two measured side by side in one batch per
    /// machine (`Benchmarks/README.md`, twenty-first round; the second
    /// machine is slower, so both columns are higher there):
    ///
    /// | | fixed | growing | fixed, 2nd machine | growing, 2nd machine |
    /// |---|---|---|---|---|
    /// | pcb3038 10 s (seeds 1–22; 1–16) | 0.050 % | 0.027 % | 0.075 % | 0.060 % |
    /// | fnl4461 10 s (seeds 15–22) | 0.042 % | 0.044 % | | |
    /// | usa13509 30 s (seeds 1–2; 1–6) | 0.165 % | 0.134 % | 0.210 % | 0.210 % |
    /// | pcb3038 1 s (seeds 1–8; 1–16) | 0.208 % | 0.182 % | 0.270 % | 0.277 % |
    /// | fnl4461 1 s (seeds 1–8; 1–16) | 0.239 % | 0.213 % | 0.302 % | 0.310 % |
    /// | pr1002 1 s (seeds 1–24) | 19 optimal | 19 optimal | | |
    ///
    /// The gain on pcb3038 at 10 s held on both machines; the rest is
    /// within the spread of a time-limited run (about ±0.03 points for a
    /// mean of five pcb3038 runs).
    static func trialShake(nodes n: Int, stagnantTrials: Int = 0) -> Int {
        min(50, max(30, n / 100)) << min(2, max(0, stagnantTrials) / 3)
    }
    /// Double bridges that shake the tour at a restart. 10 beat 3, 5, 20
    /// and 30 on ftv170 (mean gap at 1 s 0.51 % against 0.66–1.22 %).
    static let restartShake = 10
}
