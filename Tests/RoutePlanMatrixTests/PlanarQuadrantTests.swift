import Testing
@testable import RoutePlanMatrix

/// Point i's quadrant list by brute force: every other point sorted by
/// (squared distance, index), then the definition walked literally.
fileprivate func bruteQuadrant(x: [Double], y: [Double], point i: Int, k: Int, perQuadrant: Int, pool: Int) -> [Int32] {
    let others = x.indices.filter { $0 != i }.map { j -> (d: Double, j: Int) in
        let dx = x[j] - x[i], dy = y[j] - y[i]
        return (dx * dx + dy * dy, j)
    }.sorted { $0.d < $1.d || ($0.d == $1.d && $0.j < $1.j) }
    let walk = others.prefix(pool).map(\.j)
    var held = [0, 0, 0, 0]
    var taken = Set<Int>()
    for j in walk where taken.count < k {
        let dx = x[j] - x[i], dy = y[j] - y[i]
        let q = dx > 0 && dy >= 0 ? 0 : dx <= 0 && dy > 0 ? 1 : dx < 0 && dy <= 0 ? 2 : dx >= 0 && dy < 0 ? 3 : 0
        if held[q] < perQuadrant { held[q] += 1; taken.insert(j) }
    }
    for j in walk where taken.count < k { taken.insert(j) }
    return walk.filter { taken.contains($0) }.map { Int32($0) }
}

@Suite("Planar quadrant neighbours")
struct PlanarQuadrantTests {
    @Test("match the definition by brute force, on random, gridded and coincident points")
    func matchesBruteForce() {
        for seed in UInt64(1)...30 {
            var random = PlanarSplitMix64(seed: seed)
            let n = 5 + random.below(120)
            // Every third layout on a coarse grid (ties and collinear points),
            // every fifth with some points stacked on others.
            let grid = seed % 3 == 0
            var x: [Double] = [], y: [Double] = []
            for i in 0..<n {
                if seed % 5 == 0 && i > 0 && random.below(4) == 0 {
                    let j = random.below(i)
                    x.append(x[j]); y.append(y[j])
                } else if grid {
                    x.append(Double(random.below(9))); y.append(Double(random.below(9)))
                } else {
                    x.append(random.unit() * 1000); y.append(random.unit() * 1000)
                }
            }
            let pool = min(n - 1, 3 + random.below(20))
            let k = 1 + random.below(pool)
            let perQuadrant = random.below(4)
            let lists = PlanarNeighbours.quadrant(x: x, y: y, k: k, perQuadrant: perQuadrant, pool: pool)
            #expect(lists.count == n * k, "seed \(seed)")
            for i in 0..<n {
                let expected = bruteQuadrant(x: x, y: y, point: i, k: k, perQuadrant: perQuadrant, pool: pool)
                let got = Array(lists[(i * k)..<((i + 1) * k)])
                #expect(got == expected, "seed \(seed), n \(n), k \(k), pool \(pool), per quadrant \(perQuadrant), point \(i)")
                if got != expected { return }
            }
        }
    }

    @Test("reach the next row where the nearest all lie on the point's own row")
    func reachAcrossRows() {
        // Two rows 10 apart, points 1 apart along each: every point's 8
        // nearest lie on its own row.
        let x = (0..<40).map { Double($0 % 20) }, y = (0..<40).map { $0 < 20 ? 0.0 : 10.0 }
        let nearest = PlanarNeighbours.nearest(x: x, y: y, k: 8)
        let quadrant = PlanarNeighbours.quadrant(x: x, y: y, k: 8, perQuadrant: 2, pool: 24)
        for i in 0..<40 {
            let row = i < 20
            #expect(nearest[(i * 8)..<(i * 8 + 8)].allSatisfy { ($0 < 20) == row })
            #expect(quadrant[(i * 8)..<(i * 8 + 8)].contains { ($0 < 20) != row }, "point \(i)")
        }
    }

    @Test("with no quadrant quota, are the nearest neighbours")
    func noQuotaIsNearest() {
        var random = PlanarSplitMix64(seed: 7)
        let x = (0..<300).map { _ in random.unit() }, y = (0..<300).map { _ in random.unit() }
        #expect(PlanarNeighbours.quadrant(x: x, y: y, k: 8, perQuadrant: 0, pool: 24)
                == PlanarNeighbours.nearest(x: x, y: y, k: 8))
        #expect(PlanarNeighbours.quadrant(x: x, y: y, k: 0, perQuadrant: 2, pool: 24).isEmpty)
    }
}
