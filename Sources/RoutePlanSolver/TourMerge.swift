/// Merging two closed tours that each changed a common base tour (see
/// ``SearchPartner``).
///
/// Two searches that start an epoch from the same tour and each improve it
/// with local moves usually change it in different regions. Relative to
/// the base, tour A removed and added some arcs around some cities, tour B
/// around others. The cities whose arcs changed fall into *components*,
/// linked by the arcs that changed (removed or added by either tour):
///
///     base:   … p → s → q …        … u → v → w …
///     A:      … p → q …  (s moved elsewhere by A)
///     B:                            … u → w → v …  (B swapped v and w)
///
/// Every arc that leaves a component is a base arc both tours kept, so each
/// component can take its cities' neighbours from either tour on its own:
/// from the only tour that changed it, or, where both did, from the one
/// whose arcs there cost less. Every city then has two neighbours,
/// consistently at both ends of each arc, and the arcs form disjoint
/// cycles; one cycle through every city is the merged tour, and its cost
/// is the base's plus each chosen change's.
///
/// One kick's change can span several components (a double bridge is two
/// alternating cycles of arcs), so a mix can split into several cycles.
/// Then the cheaper tour's changes are kept whole, with the other tour's
/// components that touch none of its cities; if that splits too, or would
/// cost more than the cheaper tour, there is no merge.
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

    /// Whether city `c` has the same two neighbours, in either order, in
    /// the tables `p` and `q` (each as ``neighbours(of:)`` lays it out).
    @inline(__always)
    static func sameNeighbours(_ p: [Int32], _ q: [Int32], at c: Int) -> Bool {
        let a = p[2 * c], b = p[2 * c + 1], x = q[2 * c], y = q[2 * c + 1]
        return (a == x && b == y) || (a == y && b == x)
    }

    /// What ``merge(base:_:_:cost:)`` found.
    enum Outcome: Equatable {
        /// Neither tour differs from the base.
        case neitherChanged
        /// Only the first tour (`a`) differs from the base: it is the merge.
        case onlyFirstChanged
        /// Only the second tour (`b`) differs from the base: it is the merge.
        case onlySecondChanged
        /// Both changed: the tour that keeps changes of both, starting at
        /// city 0, and how much it costs less than the base.
        case merged([Int32], gain: Int)
        /// No merge costs less than the cheaper of the two tours.
        case conflict
    }

    /// Merges the changes that tours `a` and `b` made to the tour `base`
    /// (see the type's documentation). All three visit the same n ≥ 3
    /// cities, each once; `cost` is symmetric.
    /// - Complexity: O(n) time and memory (O(n α(n)) for the components).
    static func merge(base: [Int32], _ a: [Int32], _ b: [Int32], cost: (Int, Int) -> Int) -> Outcome {
        let n = base.count
        precondition(a.count == n && b.count == n && n >= 3, "tours of the same n ≥ 3 cities")
        let around = neighbours(of: base), inA = neighbours(of: a), inB = neighbours(of: b)
        func has(_ list: [Int32], _ c: Int, _ d: Int32) -> Bool { list[2 &* c] == d || list[2 &* c &+ 1] == d }
        func changed(_ list: [Int32], _ c: Int) -> Bool {
            !(has(list, c, around[2 &* c]) && has(list, c, around[2 &* c &+ 1]))
        }
        var byA = [Bool](repeating: false, count: n), byB = [Bool](repeating: false, count: n)
        var anyA = false, anyB = false
        for c in 0..<n {
            byA[c] = changed(inA, c)
            byB[c] = changed(inB, c)
            anyA = anyA || byA[c]
            anyB = anyB || byB[c]
        }
        switch (anyA, anyB) {
        case (false, false): return .neitherChanged
        case (true, false): return .onlyFirstChanged
        case (false, true): return .onlySecondChanged
        case (true, true): break
        }
        // The arcs at c that `list` added (+1) or removed (−1) against the base.
        func changedArcs(_ list: [Int32], _ c: Int, _ body: (_ other: Int, _ sign: Int) -> Void) {
            for s in 0..<2 {
                let added = list[2 &* c &+ s], removed = around[2 &* c &+ s]
                if !has(around, c, added) { body(Int(added), 1) }
                if !has(list, c, removed) { body(Int(removed), -1) }
            }
        }
        // Components: changed cities linked by the arcs a tour removed or added.
        var components = UnionFind(count: n)
        for c in 0..<n {
            if byA[c] { changedArcs(inA, c) { other, _ in components.union(c, other) } }
            if byB[c] { changedArcs(inB, c) { other, _ in components.union(c, other) } }
        }
        // Per component: which tours changed it, and what their changes
        // there cost against the base (each changed arc counted at both ends).
        var touchedA = [Bool](repeating: false, count: n), touchedB = [Bool](repeating: false, count: n)
        var deltaA = [Int](repeating: 0, count: n), deltaB = [Int](repeating: 0, count: n)
        func delta(_ list: [Int32], _ c: Int) -> Int {
            var change = 0
            changedArcs(list, c) { other, sign in change += sign * cost(c, other) }
            return change
        }
        for c in 0..<n where byA[c] || byB[c] {
            let root = components.find(c)
            if byA[c] { touchedA[root] = true; deltaA[root] += delta(inA, c) }
            if byB[c] { touchedB[root] = true; deltaB[root] += delta(inB, c) }
        }
        var totalA = 0, totalB = 0
        for r in 0..<n {
            totalA += deltaA[r]
            totalB += deltaB[r]
        }
        // The cheaper tour's change, halved: each arc was counted twice.
        let cheaper = min(totalA, totalB) / 2
        // 1 for a city whose neighbours come from a, 2 from b, 0 the base's.
        var source = [UInt8](repeating: 0, count: n)
        func fromA(_ root: Int) -> Bool {
            touchedA[root] && (!touchedB[root] || deltaA[root] <= deltaB[root])
        }
        var gain = 0
        for c in 0..<n where byA[c] || byB[c] {
            source[c] = fromA(components.find(c)) ? 1 : 2
        }
        for r in 0..<n where touchedA[r] || touchedB[r] {
            gain -= fromA(r) ? deltaA[r] : deltaB[r]
        }
        gain /= 2
        if -gain <= cheaper, let order = walk(source, around, inA, inB) {
            return .merged(order, gain: gain)
        }
        // The cheaper tour whole, with the other's components apart from it.
        let keepA = totalA <= totalB
        for c in 0..<n where byA[c] || byB[c] {
            let root = components.find(c)
            let mine = keepA ? touchedA[root] : touchedB[root]
            source[c] = mine ? (keepA ? 1 : 2) : (keepA ? 2 : 1)
        }
        gain = -cheaper * 2
        for r in 0..<n where (keepA ? !touchedA[r] && touchedB[r] : !touchedB[r] && touchedA[r]) {
            gain -= keepA ? deltaB[r] : deltaA[r]
        }
        gain /= 2
        if -gain <= cheaper, let order = walk(source, around, inA, inB) {
            return .merged(order, gain: gain)
        }
        return .conflict
    }

    /// The tour through each city's neighbours from `around` (source 0),
    /// `inA` (1) or `inB` (2), read from city 0; `nil` when they form
    /// several cycles.
    private static func walk(_ source: [UInt8], _ around: [Int32], _ inA: [Int32], _ inB: [Int32]) -> [Int32]? {
        let n = source.count
        var order = [Int32]()
        order.reserveCapacity(n)
        var previous = -1, city = 0
        repeat {
            order.append(Int32(city))
            let list = source[city] == 1 ? inA : source[city] == 2 ? inB : around
            let first = Int(list[2 &* city]), second = Int(list[2 &* city &+ 1])
            let next = first != previous ? first : second
            previous = city
            city = next
        } while city != 0 && order.count < n
        return city == 0 && order.count == n ? order : nil
    }
}
