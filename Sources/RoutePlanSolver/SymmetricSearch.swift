/// Iterated local search for closed tours on symmetric costs: 2-opt and
/// Or-opt over neighbour lists with don't-look bits, and local double-bridge
/// kicks that are undone unless they lead to a shorter tour.
///
/// **Neighbour lists.** Each city keeps its *K* cheapest neighbours; a move
/// is only tried when it adds an arc to one of them that is cheaper than an
/// arc it removes (the standard gain criterion), so a scan is O(K) per city
/// instead of O(n).
///
/// **Don't-look bits.** A queue holds the cities whose surroundings changed;
/// a city leaves it when no improving move starts there, and the endpoints of
/// every changed arc rejoin it. After a kick only the kicked arcs' cities are
/// queued, so re-optimising costs time proportional to the change, not to n.
///
/// 2-opt (a → b … c → d becomes a → c … b → d):
///
///     gain = c(a,b) + c(c,d) − c(a,c) − c(b,d)
///
/// Or-opt moves a stretch s…e of 1–3 cities (p → s … e → q) between two
/// neighbouring cities x → y, kept or reversed:
///
///     gain = c(p,s) + c(e,q) + c(x,y) − c(p,q) − c(x,s) − c(e,y)   (kept)
///     gain = c(p,s) + c(e,q) + c(x,y) − c(p,q) − c(x,e) − c(s,y)   (reversed)
///
/// applied as three reversals of the tour array.
///
/// **Kicks.** A double bridge on a short window of the tour (three cuts within
/// ``kickWindow`` positions of a random city) swaps two adjacent stretches:
/// three arcs change, no stretch is reversed. The kick plus its local search
/// is kept only if the tour got shorter; otherwise the journal of reversals
/// is rolled back.
struct SymmetricSearch {
    static let neighbours = 10
    static let kickWindow = 50

    let matrix: CostMatrix
    let n: Int
    /// neighbourList[c * K ..< (c + 1) * K]: c's cheapest neighbours, cheapest first.
    let neighbourList: [Int32]
    let k: Int
    var tour: SymmetricTour
    var cost: Int
    private var queued: [Bool]
    private var queue: [Int32] = []
    private var queueHead = 0

    init(matrix: CostMatrix, start: [Int]) {
        self.matrix = matrix
        n = matrix.count
        k = min(Self.neighbours, n - 1)
        neighbourList = Self.buildNeighbours(matrix, k)
        tour = SymmetricTour(start)
        cost = matrix.cost(of: start, closed: true) ?? Int.max
        queued = [Bool](repeating: false, count: n)
    }

    static func buildNeighbours(_ matrix: CostMatrix, _ k: Int) -> [Int32] {
        let n = matrix.count
        var list = [Int32](repeating: 0, count: n * k)
        var candidates: [(Int32, Int32)] = []
        candidates.reserveCapacity(n)
        for c in 0..<n {
            candidates.removeAll(keepingCapacity: true)
            for o in 0..<n where o != c { candidates.append((matrix[c, o], Int32(o))) }
            // Partial selection of the k cheapest, ties by index for determinism.
            candidates.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            for i in 0..<k { list[c * k + i] = candidates[i].1 }
        }
        return list
    }

    @inline(__always) func d(_ a: Int, _ b: Int) -> Int { Int(matrix.storage[a &* n &+ b]) }

    private mutating func push(_ city: Int) {
        if !queued[city] {
            queued[city] = true
            queue.append(Int32(city))
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

    /// Runs 2-opt and Or-opt from every queued city until no move improves.
    mutating func optimize(control: SolveControl) {
        var steps = 0
        while let a = pop() {
            steps += 1
            if steps & 255 == 0 && control.shouldStop { return }
            if improveTwoOpt(a) || improveOrOpt(a) { push(a) }
        }
    }

    /// Queues every city (the start of a full local search).
    mutating func queueAll() { for c in 0..<n { push(c) } }

    /// Tries 2-opt moves that add an arc from `a` to one of its neighbours.
    private mutating func improveTwoOpt(_ a: Int) -> Bool {
        for forward in [true, false] {
            let b = forward ? tour.next(a) : tour.previous(a)
            let dab = d(a, b)
            for i in 0..<k {
                let c = Int(neighbourList[a * k + i])
                let dac = d(a, c)
                if dac >= dab { break }
                let dd = forward ? tour.next(c) : tour.previous(c)
                if dd == a || c == b { continue }
                let gain = dab + d(c, dd) - dac - d(b, dd)
                if gain > 0 {
                    // forward: a→b … c→dd becomes a→c … b→dd: reverse b…c.
                    if forward { tour.reversePath(from: b, to: c) } else { tour.reversePath(from: c, to: b) }
                    cost -= gain
                    push(b); push(c); push(dd)
                    return true
                }
            }
        }
        return false
    }

    /// Tries moving the stretch of 1–3 cities starting at `s` (forward) next
    /// to a neighbour of its first or last city.
    private mutating func improveOrOpt(_ s: Int) -> Bool {
        guard n >= 8 else { return false }
        var e = s
        for length in 1...3 {
            if length > 1 { e = tour.next(e) }
            let p = tour.previous(s), q = tour.next(e)
            if q == p || q == s { break }
            let removeGain = d(p, s) + d(e, q) - d(p, q)
            if removeGain <= 0 { continue }
            for end in [s, e] {
                for i in 0..<k {
                    let x = Int(neighbourList[end * k + i])
                    let dx = d(end, x)
                    if dx >= removeGain { break }
                    if inStretch(x, s, length) { continue }
                    // Insert between x and either of its tour neighbours.
                    for y in [tour.next(x), tour.previous(x)] {
                        if inStretch(y, s, length) { continue }
                        // Arcs touching the stretch's own neighbours are other moves.
                        if (x == q && y == tour.next(q)) || (y == q && x == tour.next(q))
                            || (x == p && y == tour.previous(p)) || (y == p && x == tour.previous(p)) { continue }
                        let added = d(x, y)
                        // Orientation: `end` lands next to x.
                        let other = end == s ? e : s
                        let gain = removeGain + added - dx - d(other, y)
                        if gain > 0 {
                            move(s: s, e: e, between: x, and: y, endNextToX: end)
                            cost -= gain
                            push(p); push(q); push(x); push(y); push(s); push(e)
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
        let window = min(Self.kickWindow, n - 1)
        guard window >= 4 else { return false }
        let before = cost
        tour.beginTrial()
        let anchor = Int.random(in: 0..<n, using: &generator)
        var cuts: [Int] = []
        while cuts.count < 3 {
            let offset = Int.random(in: 1..<window, using: &generator)
            if !cuts.contains(offset) { cuts.append(offset) }
        }
        cuts.sort()
        // Cities: a = anchor+c0, b = next, then stretches B = [b … c], C = [c' … e].
        let startPosition = Int(tour.position[anchor])
        func city(_ offset: Int) -> Int { Int(tour.order[(startPosition + offset) % n]) }
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
        optimize(control: control)
        if cost < before {
            tour.commit()
            return true
        }
        // Drop whatever is still queued (the search may have been stopped).
        while pop() != nil {}
        tour.rollback()
        cost = before
        return false
    }
}
