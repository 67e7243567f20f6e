/// Iterated local search for closed tours on symmetric costs: Lin–Kernighan
/// steps and Or-opt over neighbour lists with don't-look bits, and local
/// double-bridge kicks that are undone unless the tour gets no longer.
///
/// **Neighbour lists.** Each city keeps *K* candidate neighbours, listed
/// cheapest first (by α-nearness, see ``SymmetricCosts/alphaNearest(_:)``,
/// unless the caller gives its own); a move is only tried when it adds an
/// edge to one of them that is cheaper than an edge it removes (the
/// standard gain criterion), so a scan is O(K) per city instead of O(n).
///
/// **Don't-look bits.** A queue holds the cities whose surroundings changed;
/// a city leaves it when no improving move starts there, and the endpoints of
/// every changed edge rejoin it. After a kick only the kicked edges' cities
/// are queued, so re-optimising costs time proportional to the change, not
/// to n.
///
/// **Lin–Kernighan** (see ``improveLinKernighan(_:)``): chains of up to
/// eight 2-opt flips, each step priced exactly: every improving 2-opt move on
/// the neighbour lists, and sequential 3-opt and deeper moves within the
/// breadth of ``SearchTuning/linKernighanBreadth``.
///
/// 2-opt, the first step of a chain (a → b … c → d becomes a → c … b → d):
///
///     gain = c(a,b) + c(c,d) − c(a,c) − c(b,d)
///
/// On the doubled graph of an asymmetric problem, a Lin–Kernighan step that
/// finds no chain also tries its alternate first step, the segment swap
/// (see ``improveOrMove(_:_:)``): Or-opt for stretches of any length,
/// neither reversed, which 2-opt flips cannot build there.
///
/// **Or-opt** moves a stretch s…e of 1–3 cities (p → s … e → q) between two
/// neighbouring cities x → y, kept or reversed:
///
///     gain = c(p,s) + c(e,q) + c(x,y) − c(p,q) − c(x,s) − c(e,y)   (kept)
///     gain = c(p,s) + c(e,q) + c(x,y) − c(p,q) − c(x,e) − c(s,y)   (reversed)
///
/// applied as three reversals of the tour array.
///
/// **Kicks.** A double bridge swaps two adjacent stretches of the tour: three
/// edges change, no stretch is reversed, and no cut goes through a fixed
/// edge. Where the cuts go:
///
/// - *Random walks* (symmetric problems): one cut after a random city, the
///   other two after the cities reached by two random walks of
///   ``SymmetricSearch/walkSteps`` steps from it on the neighbour lists
///   (Applegate, Cook & Rohe 2003). The cuts lie close in space however far
///   apart they are along the tour, so a kick can rejoin two stretches that
///   pass near each other, which is where an optimised tour still has slack.
/// - *A window*: three cuts within ``SearchTuning/kickWindow`` positions of
///   a random city. Used on the doubled graph of an asymmetric problem
///   (where walks wander between entries and exits), and beyond
///   ``SearchTuning/walkKickNodeLimit`` nodes, where swapping stretches that
///   lie far apart along the tour costs O(n) array writes per kick.
///
/// The kick plus its local search is kept if the tour got no longer
/// (accepting ties lets the search drift across plateaus); otherwise the
/// journal of reversals is rolled back. Up to
/// ``SearchTuning/restrictedSearchNodes`` nodes that search starts no
/// Lin–Kernighan chain on an arc of the tour the kick started from
/// (`SymmetricSearch+RestrictedSearch.swift`).
///
/// **Long arcs.** Every ``SearchTuning/longArcRepairKicks(nodes:)`` kicks,
/// ``repairLongArcs(control:)`` tries a non-sequential 4-opt move on the
/// longest arcs: two crossings of a gap between clusters, moved to where
/// the gap is narrow. Neither chains of flips nor local kicks build it.
///
/// **Restarts.** When many kicks in a row find nothing shorter
/// (``SearchTuning/restartAfter(nodes:)``), ``perturb(count:using:control:)``
/// applies ``SearchTuning/restartShake`` double bridges whatever they cost
/// and the search goes on from there; the caller keeps the best tour.
struct SymmetricSearch<Costs: SymmetricCosts> {
    let costs: Costs
    let n: Int
    /// neighbourList[c * K ..< (c + 1) * K]: c's cheapest neighbours, cheapest first.
    let neighbourList: [Int32]
    /// neighbourCost[c * K + i]: the cost from c to neighbourList[c * K + i],
    /// read where the searches would otherwise compute it again (the first
    /// of the three costs a Lin–Kernighan candidate needs). Same tours,
    /// default kicks, whole `routeplan solve --heuristic --seed 1`, three
    /// runs each: pcb3038 3.44 → 3.12 s and fnl4461 3.85 → 3.44 s on
    /// planar costs; two runs each: pcb1173 2.03 → 1.74 s (closure costs
    /// then), pr1002 (matrix) 1.58 → 1.55 s.
    let neighbourCost: [Int]
    let k: Int
    /// The longest stretch Or-opt moves: 3 cities, or 3 doubled cities (an
    /// entry and exit each) on ``DoubledCosts``.
    let orOptLength: Int
    /// Whether kicks place their cuts by random walks (otherwise in a window).
    let walkKicks: Bool
    /// The steps of each random walk that places a walk kick's cut: set by
    /// the kick loop from how long the search has gone without a shorter
    /// tour (``SearchTuning/walkSteps(stagnantKicks:nodes:)``).
    var walkSteps = SearchTuning.kickWalk
    /// The Lin–Kernighan breadth per depth: ``SearchTuning/linKernighanBreadth``
    /// with walk kicks, else ``SearchTuning/windowKickBreadth``.
    let breadth: [Int]
    var tour: SymmetricTour
    var cost: Int
    /// Whether ``optimize(control:)`` runs the thorough Or-opt of
    /// ``fullPass(control:thorough:)``.
    private var thorough = false
    /// Whether ``optimize(control:)`` tries Lin–Kernighan steps; tests turn
    /// it off to check the Or-opt search alone.
    var usesLinKernighan = true
    /// Whether the Lin–Kernighan step also tries its alternate first step,
    /// the segment swap that chains of flips cannot build
    /// (``improveOrMove(_:_:)``): on the doubled graph of an asymmetric
    /// problem only, where it took ftv170, kro124p and rbg443 to their
    /// optima at 1 s for seeds 1–5. On symmetric costs it did not pay: at
    /// 20,000 kicks pr1002's mean over seeds 1–8 went from 259,478 to
    /// 259,489 (0 of 8 optimal, against 3) and its time up 5–15 %.
    var usesOrMove: Bool
    private var queued: [Bool]
    private var queue: [Int32] = []
    private var queueHead = 0
    /// The flips of the Lin–Kernighan chain being built, applied to
    /// ``tour`` only when the chain closes with a gain.
    var pending: PendingFlips
    /// While a kick's local search runs, the cost and ``SymmetricTour/arcHash``
    /// of the tour the kick started from.
    ///
    /// Most kicks are undone: the local search finds the moves that take
    /// the kicked arcs out again and ends on the very tour the kick started
    /// from (at 1 s, 90 % of pr1002's kicks and 88 % of pcb3038's). Once it
    /// is back there, the cities still queued cannot lead anywhere new (that
    /// tour was searched out before the kick: nothing was queued), so
    /// ``optimize(control:)`` stops at once instead of searching from each
    /// of them in turn.
    ///
    /// Only searches whose kicks are random walks (``walkKicks``: up to
    /// ``SearchTuning/walkKickNodeLimit`` nodes, not doubled). With window
    /// kicks pla85900 at 120 s lost: 0.382 → 0.458 % (seed 1) and 0.421 →
    /// 0.525 % (seed 2), one batch; why was not measured. (A likely
    /// reason: far from converged, the search from the cities still queued
    /// after a return finds moves that don't-look bits had hidden, worth
    /// more there than the kicks the stop buys.) Doubled asymmetric graphs,
    /// which kick in a window too, keep the full search as well.
    private var kickedFrom: (cost: Int, arcHash: UInt64)?
    /// How many kicks' searches stopped back at their start tour (see
    /// ``kickedFrom``).
    private(set) var kicksBackAtStart = 0
    /// Whether a kick's local search may not start a Lin–Kernighan chain by
    /// removing an arc of the tour the kick started from (see
    /// ``SearchTuning/restrictsFirstArc(nodes:)``).
    let restrictsFirstArc: Bool
    /// Whether the kick running now is restricted so (see ``restrictsFirstArc``).
    var restricted = false
    /// Each city's two neighbours on the tour the last restricted kick
    /// started from (`[2c]` and `[2c + 1]`), brought up to date by every
    /// kick kept; empty until the first restricted kick.
    var kickStart: [Int32] = []
    /// The ``SymmetricTour/arcHash`` of the tour ``kickStart`` describes: when
    /// the tour's hash differs at a kick, the tour has changed by other
    /// means (a shake, a merge, a restart) and ``kickStart`` is rebuilt.
    var kickStartHash: UInt64 = 0
    /// The cities queued during the restricted kick running now, each once: the ends
    /// of every arc it changed, so the cities whose entries in
    /// ``kickStart`` a kept kick changes.
    var kickChanged: [Int32] = []

    /// - Parameters:
    ///   - neighbours: each city's `k` candidate neighbours, cheapest first, flat.
    ///   - start: the initial tour.
    init(costs: Costs, neighbours: [Int32], k: Int, start: [Int]) {
        precondition(neighbours.count == costs.count * k && start.count == costs.count)
        self.costs = costs
        n = costs.count
        self.k = k
        neighbourList = neighbours
        var listed = [Int](repeating: 0, count: neighbours.count)
        for c in 0..<costs.count {
            for i in 0..<k { listed[c * k + i] = costs.cost(c, Int(neighbours[c * k + i])) }
        }
        neighbourCost = listed
        orOptLength = costs is DoubledCosts ? 6 : 3
        walkKicks = !(costs is DoubledCosts) && costs.count <= SearchTuning.walkKickNodeLimit
        breadth = walkKicks ? SearchTuning.linKernighanBreadth : SearchTuning.windowKickBreadth
        tour = SymmetricTour(start)
        cost = costs.tourCost(start)
        queued = [Bool](repeating: false, count: n)
        pending = PendingFlips(n: costs.count, capacity: breadth.count)
        usesOrMove = costs is DoubledCosts
        restrictsFirstArc = SearchTuning.restrictsFirstArc(nodes: costs.count)
    }

    @inline(__always) func d(_ a: Int, _ b: Int) -> Int { costs.cost(a, b) }

    mutating func push(_ city: Int) {
        if !queued[city] {
            queued[city] = true
            queue.append(Int32(city))
            // A restricted kick starts with nothing queued, so a city
            // already queued was recorded when it was queued.
            if restricted { kickChanged.append(Int32(city)) }
        }
    }

    private mutating func pop() -> Int? {
        guard queueHead < queue.count else {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
            return nil
        }
        let city = Int(queue[queueHead])
        queueHead += 1
        queued[city] = false
        return city
    }

    /// Runs Lin–Kernighan and Or-opt from every queued city until no move
    /// improves (Or-opt as thorough as the pass, see
    /// ``fullPass(control:thorough:)``).
    mutating func optimize(control: SolveControl) {
        var steps = 0
        while let a = pop() {
            steps += 1
            if steps & 255 == 0 && control.shouldStop { return }
            if (usesLinKernighan && improveLinKernighan(a)) || improveOrOpt(a)
                || (thorough && improveOrOptInto(a)) {
                push(a)
                if let kicked = kickedFrom, cost == kicked.cost, tour.arcHash == kicked.arcHash {
                    // Back at the tour the kick started from: see `kickedFrom`.
                    kicksBackAtStart += 1
                    while pop() != nil {}
                    return
                }
            }
        }
    }

    /// Queues every city (the start of a full local search).
    mutating func queueAll() { for c in 0..<n { push(c) } }

    /// Queues the cities whose two neighbours on the tour differ from
    /// theirs on the closed tour `other` (of the same cities): where a
    /// local search of a tour made from `other` can start to pay.
    /// - Complexity: O(n).
    mutating func queueChanged(from other: [Int32]) {
        let theirs = TourMerge.neighbours(of: other), mine = TourMerge.neighbours(of: tour.order)
        for c in 0..<n where !TourMerge.sameNeighbours(mine, theirs, at: c) { push(c) }
    }

    /// Runs full passes of ``optimize(control:)`` over every city until one
    /// pass finds no improving move (or `control` stops it): afterwards no
    /// move the search knows improves the tour, from any city.
    ///
    /// One pass is not enough. Don't-look bits requeue only the ends of the
    /// arcs that changed, but a move can also start to pay when an arc it
    /// would remove appears elsewhere: 2-opt on {a, b} and {c, d} may need
    /// c(a, b) > c(a, c) from a, while {c, d} is the arc that just appeared
    /// and neither c(b, d) nor c(a, c) is below c(c, d). With complete
    /// neighbour lists, one pass from a nearest-neighbour tour left an
    /// improving 2-opt or Or-opt move on 4 of 600 random Euclidean instances
    /// of 30–100 cities and on 16 of 600 with random symmetric costs;
    /// settling left none.
    ///
    /// The passes are thorough (see ``fullPass(control:thorough:)``), so
    /// that no Or-opt move on the lists is missed either.
    mutating func settle(control: SolveControl) {
        while true {
            let before = cost
            fullPass(control: control, thorough: true)
            if cost == before || control.shouldStop { return }
        }
    }

    /// Queues every city and runs ``optimize(control:)``; returns how long
    /// that took.
    ///
    /// - Parameter thorough: whether Or-opt also searches from the arc a
    ///   stretch would go into (``improveOrOptInto(_:)``) and tries the
    ///   arcs right next to the stretch's own; with both, it misses no
    ///   improving Or-opt move on the lists. The searches after kicks leave
    ///   both out: there they cost more than they found (pr1002's mean gap
    ///   at 1 s went from 0 % to 0.22 % over seeds 1–3 with the first, to
    ///   0.21 % over seeds 1–6 with the second), and the Lin–Kernighan step
    ///   finds most such moves anyway.
    @discardableResult
    mutating func fullPass(control: SolveControl, thorough: Bool) -> Duration {
        let started = ContinuousClock.now
        self.thorough = thorough
        defer { self.thorough = false }
        queueAll()
        optimize(control: control)
        return ContinuousClock.now - started
    }

    /// Tries moving the stretch of 1–3 cities starting at `s` (forward) next
    /// to a neighbour of its first or last city.
    private mutating func improveOrOpt(_ s: Int) -> Bool {
        guard n >= 8 else { return false }
        var e = s
        for length in 1...orOptLength {
            if length > 1 { e = tour.next(e) }
            let p = tour.previous(s), q = tour.next(e)
            if q == p || q == s { break }
            let removeGain = d(p, s) + d(e, q) - d(p, q)
            if removeGain <= 0 { continue }
            for end in [s, e] {
                for i in 0..<k {
                    let x = Int(neighbourList[end * k + i])
                    let dx = neighbourCost[end &* k &+ i]
                    if dx >= removeGain { break }
                    if inStretch(x, s, length) { continue }
                    // Insert between x and either of its tour neighbours.
                    for y in [tour.next(x), tour.previous(x)] {
                        if inStretch(y, s, length) { continue }
                        // The arc {p, q} only exists once the stretch is out.
                        if (x == p && y == q) || (x == q && y == p) { continue }
                        // Arcs next to the stretch's own (a swap with the city
                        // beyond p or q) only in thorough passes.
                        if !thorough && ((x == q && y == tour.next(q)) || (y == q && x == tour.next(q))
                            || (x == p && y == tour.previous(p)) || (y == p && x == tour.previous(p))) { continue }
                        let added = d(x, y)
                        // Orientation: `end` lands next to x.
                        let other = end == s ? e : s
                        let gain = removeGain + added - dx - d(other, y)
                        if gain > 0 {
                            applyOrOpt(s: s, e: e, between: x, and: y, endNextToX: end, gain: gain)
                            return true
                        }
                    }
                }
            }
        }
        return false
    }

    /// Tries moving a stretch of 1–3 cities with an end at a neighbour c
    /// of `x` into one of x's arcs {x, y}, with c next to x.
    ///
    /// ``improveOrOpt(_:)`` only tries new arcs cheaper than what taking
    /// the stretch out saves, g = c(p,s) + c(e,q) − c(p,q). A move that pays
    /// with both new arcs at least g must break a dear arc: its gain is
    /// g + c(x,y) − c(x,c) − c(c′,y) > 0 with c(x,c), c(c′,y) ≥ g, so c(x,y)
    /// exceeds one of them. This search finds it from that side, new arc
    /// {x, c} cheaper than {x, y} (c′ is the stretch's other end):
    ///
    ///     before:  p → s … e → q   ⋯   x → y
    ///     after:   p → q   ⋯   x → c … c′ → y
    ///
    /// Between the two (and with the arcs next to the stretch's own tried
    /// too), no Or-opt move on the neighbour lists is missed. Used by
    /// thorough passes only (see ``fullPass(control:thorough:)``).
    private mutating func improveOrOptInto(_ x: Int) -> Bool {
        guard n >= 8 else { return false }
        for y in [tour.next(x), tour.previous(x)] {
            let arc = d(x, y)
            for i in 0..<k {
                let c = Int(neighbourList[x &* k &+ i])
                let dc = neighbourCost[x &* k &+ i]
                if dc >= arc { break }
                if c == y { continue }
                // Stretches read forward from c, then ending at c.
                for forward in [true, false] {
                    var s = c, e = c
                    for length in 1...orOptLength {
                        if length > 1 {
                            if forward { e = tour.next(e) } else { s = tour.previous(s) }
                        } else if !forward {
                            continue  // the one-city stretch was tried forward
                        }
                        let p = tour.previous(s), q = tour.next(e)
                        if q == p || q == s { break }
                        // A longer stretch would contain x or y as well.
                        if inStretch(x, s, length) || inStretch(y, s, length) { break }
                        if (x == p && y == q) || (x == q && y == p) { continue }
                        let other = c == s ? e : s
                        let gain = d(p, s) + d(e, q) - d(p, q) + arc - dc - d(other, y)
                        if gain > 0 {
                            applyOrOpt(s: s, e: e, between: x, and: y, endNextToX: c, gain: gain)
                            return true
                        }
                    }
                }
            }
        }
        return false
    }

    @inline(__always)
    private func inStretch(_ c: Int, _ s: Int, _ length: Int) -> Bool {
        var p = Int(tour.position[c]) - Int(tour.position[s])
        if p < 0 { p += n }
        return p < length
    }

    /// Applies an Or-opt move priced at `gain` (see ``move(s:e:between:and:endNextToX:)``)
    /// and queues the six cities whose arcs changed.
    private mutating func applyOrOpt(s: Int, e: Int, between x: Int, and y: Int, endNextToX: Int, gain: Int) {
        let p = tour.previous(s), q = tour.next(e)
        move(s: s, e: e, between: x, and: y, endNextToX: endNextToX)
        cost -= gain
        push(p); push(q); push(x); push(y); push(s); push(e)
    }

    /// Moves stretch s…e (read forward, p → s … e → q) between the adjacent
    /// cities x and y, with `endNextToX` (s or e) next to x, by three 2-opt
    /// exchanges. With u → v the forward arc between x and y (which lies on
    /// the way from q back to p):
    ///
    ///     p → s … e → q … u → v
    ///     exchange(p, s, u, v):  p → u … q → e … s → v
    ///     exchange(p, u, q, e):  p → q … u → e … s → v
    ///     exchange(u, e, s, v):  p → q … u → s … e → v      (only if s goes next to u)
    private mutating func move(s: Int, e: Int, between x: Int, and y: Int, endNextToX: Int) {
        let forwardArc = tour.next(x) == y
        let u = forwardArc ? x : y, v = forwardArc ? y : x
        let nextToU = forwardArc ? endNextToX : (endNextToX == s ? e : s)
        let p = tour.previous(s), q = tour.next(e)
        tour.exchange(p, s, u, v)
        tour.exchange(p, u, q, e)
        if nextToU == s { tour.exchange(u, e, s, v) }
    }

    /// A double bridge within a window around a random city, then local
    /// search from the changed arcs; kept only if the tour got shorter.
    mutating func kick(using generator: inout SplitMix64, control: SolveControl) -> Bool {
        let before = cost
        tour.beginTrial()
        // Only a tour with nothing queued has been searched out; and only
        // walk kicks stop early (see `kickedFrom`). Only the search from a
        // searched-out tour is restricted (see `restrictsFirstArc`).
        let searchedOut = queueHead == queue.count
        kickedFrom = walkKicks && searchedOut ? (cost, tour.arcHash) : nil
        restricted = restrictsFirstArc && searchedOut
        if restricted { refreshKickStart() }
        defer {
            kickedFrom = nil
            restricted = false
            kickChanged.removeAll(keepingCapacity: true)
        }
        guard doubleBridge(using: &generator) else {
            tour.commit()
            return false
        }
        optimize(control: control)
        if cost <= before {
            tour.commit()
            if restricted { recordKickKept() }
            return true
        }
        // Drop whatever is still queued (the search may have been stopped).
        while pop() != nil {}
        tour.rollback()
        cost = before
        return false
    }

    /// Continues from the tour `order` costing `cost` (the same cities),
    /// between kicks; nothing is queued.
    /// - Complexity: O(n).
    mutating func adopt(_ order: [Int32], cost: Int) {
        tour.replace(with: order)
        self.cost = cost
    }

    /// Shakes the tour with `count` random double bridges, kept whatever
    /// they cost, and searches from every changed arc: a restart that keeps
    /// most of the tour's structure.
    mutating func perturb(count: Int, using generator: inout SplitMix64, control: SolveControl) {
        for _ in 0..<count { _ = doubleBridge(using: &generator) }
        optimize(control: control)
    }

    /// Swaps two adjacent stretches of the tour (three edges change, none
    /// fixed), cut as described under **Kicks** in the type's comment, and
    /// queues the six cities involved; `false` when no cuts could be placed.
    private mutating func doubleBridge(using generator: inout SplitMix64) -> Bool {
        let window = min(SearchTuning.kickWindow, n - 1)
        guard window >= 4 else { return false }
        let origin = Int.random(in: 0..<n, using: &generator)
        let startPosition = Int(tour.position[origin])
        func city(_ offset: Int) -> Int { Int(tour.order[(startPosition + offset) % n]) }
        // Three distinct cuts (as offsets along the tour from the origin,
        // each cutting the edge after that city), none through an edge every
        // tour must keep.
        var cuts: [Int] = []
        var attempts = 0
        if walkKicks {
            if costs.isFixed(origin, city(1)) { return false }
            cuts.append(0)
        }
        while cuts.count < 3 {
            attempts += 1
            if attempts > 64 { return false }
            let offset: Int
            if walkKicks {
                var walker = origin
                for _ in 0..<walkSteps {
                    walker = Int(neighbourList[walker &* k &+ Int.random(in: 0..<k, using: &generator)])
                }
                let p = Int(tour.position[walker]) - startPosition
                offset = p < 0 ? p + n : p
            } else {
                offset = Int.random(in: 1..<window, using: &generator)
            }
            // The last city's cut is the edge into the origin: with cut 0 that
            // would leave no stretch outside the two swapped ones.
            if offset == n - 1 || cuts.contains(offset) || costs.isFixed(city(offset), city(offset + 1)) { continue }
            cuts.append(offset)
        }
        cuts.sort()
        // Cities: a = anchor+c0, b = next, then stretches B = [b … c], C = [c' … e].
        let a = city(cuts[0]), b = city(cuts[0] + 1)
        let c = city(cuts[1]), c2 = city(cuts[1] + 1)
        let e = city(cuts[2]), f = city(cuts[2] + 1)
        // a → [b … c] → [c2 … e] → f  becomes  a → [c2 … e] → [b … c] → f.
        let delta = d(a, c2) + d(e, b) + d(c, f) - d(a, b) - d(c, c2) - d(e, f)
        tour.exchange(a, b, e, f)    // a → e … c2 → c … b → f
        tour.exchange(a, e, c2, c)   // a → c2 … e → c … b → f
        tour.exchange(e, c, b, f)    // a → c2 … e → b … c → f
        cost += delta
        for city in [a, b, c, c2, e, f] { push(city) }
        return true
    }
}
