/// 2-opt flips recorded against a ``SymmetricTour`` without touching its
/// arrays: the tour they would give is read through them, and they are
/// applied for real only if the move they build is kept.
///
/// The Lin–Kernighan step (see ``SymmetricSearch/improveLinKernighan(_:)``)
/// builds chains of flips and drops most of them: on pcb3038 at 1 s,
/// reversing the arrays and undoing them took about a third of the search's
/// time, each reversal up to n/2 swaps (n the city count). Here a flip is a
/// reversal of a range of positions, recorded as (first position, length);
/// the tour after d pending flips is read by mapping positions through them:
///
///     position of c after the flips:  p = position[c], then p ↦ rᵢ(p) for i = 1 … d
///     city at position q:             q ↦ r_d(q) … r₁(q), then order[q]
///
/// where rᵢ mirrors the positions inside flip i's range and leaves the
/// others. Each rᵢ is its own inverse, so reading costs O(d) per query, and
/// dropping a flip costs nothing. Flips choose the shorter side of the cycle
/// exactly as ``SymmetricTour/exchange(_:_:_:_:)`` does on the positions they
/// see, so applying them (``apply(to:)``) leaves the arrays exactly as
/// exchanging directly would have: the search stays the same, seed for seed.
struct PendingFlips {
    private var start: [Int]
    private var length: [Int]
    private(set) var count = 0
    let n: Int

    /// Room for `capacity` pending flips on a tour of `n` cities.
    init(n: Int, capacity: Int) {
        self.n = n
        start = [Int](repeating: 0, count: capacity)
        length = [Int](repeating: 0, count: capacity)
    }

    /// Position p mirrored inside flip i's range (unchanged outside it).
    @inline(__always)
    private func mirror(_ p: Int, _ i: Int) -> Int {
        var offset = p &- start[i]
        if offset < 0 { offset &+= n }
        guard offset < length[i] else { return p }
        var q = start[i] &+ length[i] &- 1 &- offset
        if q >= n { q &-= n }
        return q
    }

    /// c's position in the tour after the pending flips. - Complexity: O(count).
    @inline(__always)
    func position(_ c: Int, in tour: SymmetricTour) -> Int {
        var p = Int(tour.position[c])
        for i in 0..<count { p = mirror(p, i) }
        return p
    }

    /// The city at position q after the pending flips. - Complexity: O(count).
    @inline(__always)
    func city(at q: Int, in tour: SymmetricTour) -> Int {
        var p = q
        var i = count
        while i > 0 {
            i &-= 1
            p = mirror(p, i)
        }
        return Int(tour.order[p])
    }

    @inline(__always)
    func next(_ c: Int, in tour: SymmetricTour) -> Int {
        if count == 0 { return tour.next(c) }
        let p = position(c, in: tour) &+ 1
        return city(at: p == n ? 0 : p, in: tour)
    }

    @inline(__always)
    func previous(_ c: Int, in tour: SymmetricTour) -> Int {
        if count == 0 { return tour.previous(c) }
        let p = position(c, in: tour)
        return city(at: p == 0 ? n &- 1 : p &- 1, in: tour)
    }

    /// Records the 2-opt move replacing {a, b} and {c, d} by {a, c} and
    /// {b, d}, where the tour after the pending flips reads a → b … c → d in
    /// one of its directions; see ``SymmetricTour/exchange(_:_:_:_:)``.
    mutating func exchange(_ a: Int, _ b: Int, _ c: Int, _ d: Int, in tour: SymmetricTour) {
        let (from, to) = next(a, in: tour) == b ? (b, c) : (c, b)
        let i = position(from, in: tour), j = position(to, in: tour)
        var span = j - i
        if span < 0 { span += n }
        span += 1
        if span * 2 > n {
            // The complement, as SymmetricTour.reversePath chooses it.
            push(start: j + 1 == n ? 0 : j + 1, length: n - span)
        } else {
            push(start: i, length: span)
        }
    }

    private mutating func push(start s: Int, length l: Int) {
        if count == start.count {
            start.append(0)
            length.append(0)
        }
        start[count] = s
        length[count] = l
        count += 1
    }

    /// Drops the newest pending flips until `mark` remain.
    mutating func drop(to mark: Int) { count = min(count, mark) }

    /// Applies the pending flips to `tour`, oldest first (journaled as the
    /// tour's own reversals are), and clears them.
    /// - Complexity: O(n) per flip in the worst case.
    mutating func apply(to tour: inout SymmetricTour) {
        for i in 0..<count { tour.reverseRange(start: start[i], length: length[i]) }
        count = 0
    }
}
