/// Disjoint sets of the integers 0..<count (union–find with path halving).
///
/// `union(a, b)` makes the root of `b`'s set the root of the merged set, so
/// the roots, and anything ordered by them, depend only on the order of the
/// unions. Let *n* be `count`.
struct UnionFind {
    private var parent: [Int]

    /// `count` singleton sets. O(n).
    init(count: Int) {
        parent = Array(0..<count)
    }

    /// The root of `a`'s set. Amortised O(log n).
    mutating func find(_ a: Int) -> Int {
        var a = a
        while parent[a] != a {
            parent[a] = parent[parent[a]]
            a = parent[a]
        }
        return a
    }

    /// Merges the sets of `a` and `b`. Amortised O(log n).
    mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a), rb = find(b)
        if ra != rb { parent[ra] = rb }
    }
}
