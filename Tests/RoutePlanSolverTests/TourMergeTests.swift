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

    @Test("a merge is a tour of the two tours' arcs, priced exactly, never dearer than the cheaper; disjoint improvements always merge",
          arguments: [12, 40, 150])
    func againstEdgeSets(n: Int) throws {
        var merged = 0, mergedOverlapping = 0, conflicts = 0
        for seed: UInt64 in 1...300 {
            var rng = SplitMix64(seed: seed &* 7_919 &+ UInt64(n))
            var gen = InstanceGenerator(seed: seed &+ 17)
            let matrix = try gen.euclidean(n)
            let cost = { (a: Int, b: Int) in Int(matrix[a, b]) }
            func length(_ order: [Int32]) -> Int { matrix.cost(of: order.map(Int.init), closed: true)! }
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
            let outcome = TourMerge.merge(base: base, a, b, cost: cost)
            switch outcome {
            case .neitherChanged:
                #expect(byA.isEmpty && byB.isEmpty, "seed \(seed)")
            case .onlyFirstChanged:
                #expect(!byA.isEmpty && byB.isEmpty, "seed \(seed)")
            case .onlySecondChanged:
                #expect(byA.isEmpty && !byB.isEmpty, "seed \(seed)")
            case .merged(let order, let gain):
                merged += 1
                if !byA.isDisjoint(with: byB) { mergedOverlapping += 1 }
                #expect(!byA.isEmpty && !byB.isEmpty, "seed \(seed)")
                #expect(Set(order).count == n && order.first == 0, "seed \(seed)")
                #expect(Self.edges(order).isSubset(of: e0.union(ea).union(eb)), "seed \(seed)")
                #expect(length(order) == length(base) - gain, "seed \(seed)")
                #expect(length(order) <= min(length(a), length(b)), "seed \(seed)")
            case .conflict:
                conflicts += 1
            }
            // Disjoint changes that each improve the base and together form
            // one tour always merge, into exactly that tour.
            if !byA.isEmpty && !byB.isEmpty && byA.isDisjoint(with: byB) && Self.isTour(union, n: n)
                && length(a) <= length(base) && length(b) <= length(base) {
                guard case .merged(let order, _) = outcome else {
                    Issue.record("seed \(seed): disjoint improvements forming one tour did not merge")
                    continue
                }
                #expect(Self.edges(order) == union, "seed \(seed)")
            }
        }
        // Every kind of outcome occurs, so no branch goes untested.
        #expect(merged > 0 && mergedOverlapping > 0 && conflicts > 0,
                "n \(n): \(merged) merged (\(mergedOverlapping) overlapping), \(conflicts) conflicts")
    }

    @Test("the same cycle rotated or read backwards counts as unchanged; overlapping changes keep the cheaper")
    func rotationsAreUnchanged() {
        // Cities on a line: cost = distance along it.
        let cost = { (a: Int, b: Int) in abs(a - b) }
        let base: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7]
        let rotated: [Int32] = [3, 4, 5, 6, 7, 0, 1, 2]
        let backwards: [Int32] = [5, 4, 3, 2, 1, 0, 7, 6]
        #expect(TourMerge.merge(base: base, rotated, backwards, cost: cost) == .neitherChanged)
        let swapped: [Int32] = [0, 2, 1, 3, 4, 5, 6, 7]
        #expect(TourMerge.merge(base: base, swapped, backwards, cost: cost) == .onlyFirstChanged)
        #expect(TourMerge.merge(base: base, rotated, swapped, cost: cost) == .onlySecondChanged)
        // 1 ↔ 2 and 5 ↔ 6 swapped on either side: disjoint, one tour, each
        // 2 dearer than the base: the merge would be dearer than either.
        let other: [Int32] = [0, 1, 2, 3, 4, 6, 5, 7]
        #expect(TourMerge.merge(base: base, swapped, other, cost: cost) == .conflict)
        // From a base with both swaps, each side undoes one: both kept.
        let both: [Int32] = [0, 2, 1, 3, 4, 6, 5, 7]
        guard case .merged(let order, let gain) = TourMerge.merge(base: both, other, swapped, cost: cost) else {
            Issue.record("two disjoint improvements did not merge")
            return
        }
        #expect(Self.edges(order) == Self.edges(base) && gain == 4)
    }
}
