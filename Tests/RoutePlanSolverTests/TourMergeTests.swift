import Testing
@testable import RoutePlanSolver

/// Merging two tours' changes to a common base, against edge sets worked
/// out independently.
@Suite("Tour merge")
struct TourMergeTests {
    /// The undirected edges of a closed tour, as (smaller, larger) pairs.
    static func edges(_ order: [Int32]) -> Set<[Int32]> {
        var result = Set<[Int32]>()
        for p in order.indices {
            let a = order[p], b = order[(p + 1) % order.count]
            result.insert([min(a, b), max(a, b)])
        }
        return result
    }

    /// Whether the edge set is one cycle through all n nodes.
    static func isTour(_ edges: Set<[Int32]>, n: Int) -> Bool {
        guard edges.count == n else { return false }
        var adjacent = [[Int]](repeating: [], count: n)
        for e in edges {
            adjacent[Int(e[0])].append(Int(e[1]))
            adjacent[Int(e[1])].append(Int(e[0]))
        }
        guard adjacent.allSatisfy({ $0.count == 2 }) else { return false }
        var seen = Set([0]), previous = -1, city = 0
        while true {
            let next = adjacent[city][0] != previous ? adjacent[city][0] : adjacent[city][1]
            if next == 0 { break }
            if !seen.insert(next).inserted { return false }
            previous = city
            city = next
        }
        return seen.count == n
    }

    /// A 2-opt move (reversal of a random stretch of at most `span`
    /// positions) or a stretch of 1–3 moved a few positions on, at random.
    static func localChange(_ order: inout [Int32], _ rng: inout SplitMix64, span: Int) {
        let n = order.count
        let i = Int.random(in: 0..<n, using: &rng)
        let length = Int.random(in: 2...span, using: &rng)
        var stretch = (0..<length).map { order[(i + $0) % n] }
        if Bool.random(using: &rng) {
            stretch.reverse()
            for q in 0..<length { order[(i + q) % n] = stretch[q] }
        } else {
            // Rotate the stretch: its first city moves to its end.
            stretch.append(stretch.removeFirst())
            for q in 0..<length { order[(i + q) % n] = stretch[q] }
        }
    }

    @Test("merges exactly when no city changed in both, and the union is one tour", arguments: [12, 40, 150])
    func againstEdgeSets(n: Int) {
        var merged = 0, conflicts = 0
        for seed: UInt64 in 1...300 {
            var rng = SplitMix64(seed: seed &* 7_919 &+ UInt64(n))
            var base = (0..<Int32(n)).map { $0 }
            base.shuffle(using: &rng)
            var a = base, b = base
            for _ in 0..<Int.random(in: 1...3, using: &rng) { Self.localChange(&a, &rng, span: 6) }
            for _ in 0..<Int.random(in: 1...3, using: &rng) { Self.localChange(&b, &rng, span: 6) }
            let e0 = Self.edges(base), ea = Self.edges(a), eb = Self.edges(b)
            // The cities whose edges changed, from the edge sets.
            func touched(_ e: Set<[Int32]>) -> Set<Int32> {
                Set(e.symmetricDifference(e0).flatMap { $0 })
            }
            let byA = touched(ea), byB = touched(eb)
            let union = e0.subtracting(e0.subtracting(ea)).subtracting(e0.subtracting(eb))
                .union(ea.subtracting(e0)).union(eb.subtracting(e0))
            let outcome = TourMerge.merge(base: base, a, b)
            switch outcome {
            case .neitherChanged:
                #expect(byA.isEmpty && byB.isEmpty, "seed \(seed)")
            case .onlyFirstChanged:
                #expect(!byA.isEmpty && byB.isEmpty, "seed \(seed)")
            case .onlySecondChanged:
                #expect(byA.isEmpty && !byB.isEmpty, "seed \(seed)")
            case .merged(let order):
                merged += 1
                #expect(byA.isDisjoint(with: byB) && !byA.isEmpty && !byB.isEmpty, "seed \(seed)")
                #expect(Self.edges(order) == union, "seed \(seed)")
                #expect(Set(order).count == n && order.first == 0, "seed \(seed)")
            case .conflict:
                conflicts += 1
                #expect(!byA.isDisjoint(with: byB) || !Self.isTour(union, n: n), "seed \(seed)")
            }
            // Whenever the changes are disjoint and their union is a tour, it merges.
            if !byA.isEmpty && !byB.isEmpty && byA.isDisjoint(with: byB) && Self.isTour(union, n: n) {
                guard case .merged(let order) = outcome else {
                    Issue.record("seed \(seed): disjoint changes forming one tour did not merge")
                    continue
                }
                #expect(Self.edges(order) == union, "seed \(seed)")
            }
        }
        // Both kinds of outcome occur, so neither branch goes untested.
        #expect(merged > 0 && conflicts > 0, "n \(n): \(merged) merged, \(conflicts) conflicts")
    }

    @Test("the same cycle rotated or read backwards counts as unchanged")
    func rotationsAreUnchanged() {
        let base: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7]
        let rotated: [Int32] = [3, 4, 5, 6, 7, 0, 1, 2]
        let backwards: [Int32] = [5, 4, 3, 2, 1, 0, 7, 6]
        #expect(TourMerge.merge(base: base, rotated, backwards) == .neitherChanged)
        let swapped: [Int32] = [0, 2, 1, 3, 4, 5, 6, 7]
        #expect(TourMerge.merge(base: base, swapped, backwards) == .onlyFirstChanged)
        #expect(TourMerge.merge(base: base, rotated, swapped) == .onlySecondChanged)
        // 1 ↔ 2 and 5 ↔ 6 swapped on either side: disjoint, one tour.
        let other: [Int32] = [0, 1, 2, 3, 4, 6, 5, 7]
        guard case .merged(let both) = TourMerge.merge(base: base, swapped, other) else {
            Issue.record("two disjoint swaps did not merge")
            return
        }
        #expect(Self.edges(both) == Self.edges([0, 2, 1, 3, 4, 6, 5, 7]))
        // Both move city 2: a conflict.
        let also2: [Int32] = [0, 1, 3, 2, 4, 5, 6, 7]
        #expect(TourMerge.merge(base: base, swapped, also2) == .conflict)
    }
}
