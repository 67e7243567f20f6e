/// Merging two closed tours that each changed a common base tour in
/// different places (see ``SearchPartner``).
///
/// Two searches that start an epoch from the same tour and each improve it
/// with local moves usually change it in different regions. Their changes
/// can then both be kept: relative to the base, tour A removed and added
/// some arcs around one set of cities, tour B around another. When no city
/// has a changed neighbour in both, taking each city's neighbours from the
/// tour that changed them (from the base where neither did) gives every
/// city exactly two neighbours, consistently on both ends of each arc:
///
///     base:   … p → s → q …        … u → v → w …
///     A:      … p → q …  (s moved elsewhere by A)
///     B:                            … u → w → v …  (B swapped v and w)
///     merged: both changes, if the arcs form one cycle
///
/// The arcs then form disjoint cycles covering every city; they are a tour
/// when there is only one, and its cost is cost(A) + cost(B) − cost(base),
/// since the two changes share no arc. Otherwise (a city changed by both,
/// or the union splitting into several cycles) there is no merge.
enum TourMerge {
    /// Each city's two neighbours on the closed tour `order`:
    /// `[2c]` before it and `[2c + 1]` after it.
    /// - Complexity: O(n), n = `order.count`.
    static func neighbours(of order: [Int32]) -> [Int32] {
        let n = order.count
        var result = [Int32](repeating: 0, count: 2 * n)
        for p in 0..<n {
            let c = Int(order[p])
            result[2 * c] = order[p == 0 ? n - 1 : p - 1]
            result[2 * c + 1] = order[p + 1 == n ? 0 : p + 1]
        }
        return result
    }

    /// Whether city `c` has the same two neighbours in `x` and `y`
    /// (neighbour arrays as from ``neighbours(of:)``), in either order.
    @inline(__always)
    private static func same(_ x: [Int32], _ y: [Int32], _ c: Int) -> Bool {
        let a = x[2 &* c], b = x[2 &* c &+ 1], p = y[2 &* c], q = y[2 &* c &+ 1]
        return (a == p && b == q) || (a == q && b == p)
    }

    /// What ``merge(base:_:_:)`` found.
    enum Outcome: Equatable {
        /// Neither tour differs from the base.
        case neitherChanged
        /// Only the first tour (`a`) differs from the base: it is the merge.
        case onlyFirstChanged
        /// Only the second tour (`b`) differs from the base: it is the merge.
        case onlySecondChanged
        /// Both changed, in different places: the tour holding both
        /// changes, starting at city 0.
        case merged([Int32])
        /// Both changed the same city, or their changes together split the
        /// tour into several cycles.
        case conflict
    }

    /// Merges the changes that tours `a` and `b` made to the tour `base`
    /// (see the type's documentation). All three visit the same n ≥ 3
    /// cities, each once.
    /// - Complexity: O(n) time and memory.
    static func merge(base: [Int32], _ a: [Int32], _ b: [Int32]) -> Outcome {
        let n = base.count
        precondition(a.count == n && b.count == n && n >= 3, "tours of the same n ≥ 3 cities")
        let around = neighbours(of: base), inA = neighbours(of: a), inB = neighbours(of: b)
        // 0: unchanged, 1: changed by a, 2: changed by b.
        var changedBy = [UInt8](repeating: 0, count: n)
        var changedA = false, changedB = false
        for c in 0..<n {
            let byA = !same(around, inA, c), byB = !same(around, inB, c)
            if byA && byB { return .conflict }
            if byA { changedBy[c] = 1; changedA = true } else if byB { changedBy[c] = 2; changedB = true }
        }
        switch (changedA, changedB) {
        case (false, false): return .neitherChanged
        case (true, false): return .onlyFirstChanged
        case (false, true): return .onlySecondChanged
        case (true, true): break
        }
        // Walk the merged arcs from city 0; one cycle through all n cities
        // is a tour.
        var order = [Int32]()
        order.reserveCapacity(n)
        var previous = -1, city = 0
        repeat {
            order.append(Int32(city))
            let source = changedBy[city] == 1 ? inA : changedBy[city] == 2 ? inB : around
            let first = Int(source[2 * city]), second = Int(source[2 * city + 1])
            let next = first != previous ? first : second
            previous = city
            city = next
        } while city != 0 && order.count < n
        return city == 0 && order.count == n ? .merged(order) : .conflict
    }
}
