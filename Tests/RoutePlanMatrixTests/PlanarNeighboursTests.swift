import Testing
import RoutePlanMatrix

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny seeded generator, so that a
/// failing instance can be rebuilt from the seed in the failure message.
struct PlanarSplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The k nearest other points of point i by brute force, ordered by
/// (squared distance, index), with the distance written as the API documents.
fileprivate func bruteForce(x: [Double], y: [Double], point i: Int, k: Int) -> [Int32] {
    var best: [(d: Double, j: Int)] = []
    best.reserveCapacity(k + 1)
    func precedes(_ a: (d: Double, j: Int), _ b: (d: Double, j: Int)) -> Bool {
        a.d < b.d || (a.d == b.d && a.j < b.j)
    }
    for j in x.indices where j != i {
        let dx = x[j] - x[i], dy = y[j] - y[i]
        let entry = (d: dx * dx + dy * dy, j: j)
        if best.count == k, let worst = best.last, !precedes(entry, worst) { continue }
        let position = best.firstIndex { precedes(entry, $0) } ?? best.count
        best.insert(entry, at: position)
        if best.count > k { best.removeLast() }
    }
    return best.map { Int32($0.j) }
}

/// The first point whose list differs, described for a failure message.
fileprivate func firstMismatch(_ actual: [Int32], x: [Double], y: [Double], k: Int, points: some Sequence<Int>) -> String? {
    for i in points {
        let expected = bruteForce(x: x, y: y, point: i, k: k)
        let got = Array(actual[(i * k)..<((i + 1) * k)])
        if got != expected {
            return "point \(i) at (\(x[i]), \(y[i])): got \(got), expected \(expected)"
        }
    }
    return nil
}

@Suite("Planar nearest neighbours")
struct PlanarNeighboursTests {
    @Test("matches brute force, ties by index", arguments: PointLayout.allCases)
    func matchesBruteForce(layout: PointLayout) {
        let counts = [2, 3, 4, 7, 17, 64, 301, 2000]
        for (round, n) in counts.enumerated() {
            let layoutNumber = UInt64(PointLayout.allCases.firstIndex(of: layout) ?? 0)
            let seed = 0x5EED_0000 &+ layoutNumber &* 7919 &+ UInt64(round) &* 1_000_003
            var rng = PlanarSplitMix64(seed: seed)
            let (x, y) = layout.points(count: n, rng: &rng)
            let kMax = min(n - 1, 16)
            // Lists for a smaller k are prefixes of those for kMax.
            var expected = [Int32]()
            expected.reserveCapacity(n * kMax)
            for i in 0..<n { expected += bruteForce(x: x, y: y, point: i, k: kMax) }
            for k in Set([1, 2, 8, 10, kMax].map { min($0, kMax) }).sorted() {
                let actual = PlanarNeighbours.nearest(x: x, y: y, k: k)
                #expect(actual.count == n * k, "\(layout) seed \(seed) n \(n) k \(k): wrong count")
                guard actual.count == n * k else { continue }
                for i in 0..<n {
                    let want = Array(expected[(i * kMax)..<(i * kMax + k)])
                    let got = Array(actual[(i * k)..<((i + 1) * k)])
                    if got != want {
                        Issue.record("\(layout) seed \(seed) n \(n) k \(k): point \(i) at (\(x[i]), \(y[i])): got \(got), expected \(want)")
                        break
                    }
                }
            }
        }
    }

    @Test("k = count - 1 lists every other point")
    func allOthers() {
        for n in [2, 3, 10, 40] {
            let seed = 0xA11_0000 &+ UInt64(n)
            var rng = PlanarSplitMix64(seed: seed)
            let (x, y) = PointLayout.integerLattice.points(count: n, rng: &rng)
            let actual = PlanarNeighbours.nearest(x: x, y: y, k: n - 1)
            let mismatch = firstMismatch(actual, x: x, y: y, k: n - 1, points: 0..<n)
            #expect(mismatch == nil, "seed \(seed) n \(n): \(mismatch ?? "")")
            for i in 0..<n {
                #expect(Set(actual[(i * (n - 1))..<((i + 1) * (n - 1))]) == Set((0..<n).filter { $0 != i }.map(Int32.init)))
            }
        }
    }

    @Test("k = 0 and tiny inputs")
    func degenerate() {
        #expect(PlanarNeighbours.nearest(x: [], y: [], k: 0).isEmpty)
        #expect(PlanarNeighbours.nearest(x: [1], y: [2], k: 0).isEmpty)
        #expect(PlanarNeighbours.nearest(x: [1, 5], y: [2, 2], k: 0).isEmpty)
        #expect(PlanarNeighbours.nearest(x: [1, 5], y: [2, 2], k: 1) == [1, 0])
        #expect(PlanarNeighbours.nearest(x: [0, 0, 0], y: [0, 0, 0], k: 2) == [1, 2, 0, 2, 0, 1])
    }

    @Test("many coincident points stay fast and list the lowest indices")
    func coincidentPointsAreCheap() {
        let n = 20_000, k = 12
        let x = [Double](repeating: 1, count: n), y = [Double](repeating: 1, count: n)
        let actual = PlanarNeighbours.nearest(x: x, y: y, k: k)
        for i in [0, 1, 5, 11, 12, 13, 9_999, n - 1] {
            let expected = (0...k).filter { $0 != i }.prefix(k).map(Int32.init)
            #expect(Array(actual[(i * k)..<((i + 1) * k)]) == expected, "point \(i)")
        }
    }

    @Test("large instances (parallel path) agree with brute force on a sample", arguments: [PointLayout.uniform, .clustered, .integerLattice])
    func largeSpotCheck(layout: PointLayout) {
        let n = 30_000, k = 10
        let seed = 0xB16_0000 &+ UInt64(PointLayout.allCases.firstIndex(of: layout) ?? 0)
        var rng = PlanarSplitMix64(seed: seed)
        let (x, y) = layout.points(count: n, rng: &rng)
        let actual = PlanarNeighbours.nearest(x: x, y: y, k: k)
        #expect(actual == PlanarNeighbours.nearest(x: x, y: y, k: k), "\(layout) seed \(seed): not deterministic")
        let sample = (0..<60).map { _ in rng.below(n) } + [0, n - 1]
        let mismatch = firstMismatch(actual, x: x, y: y, k: k, points: sample)
        #expect(mismatch == nil, "\(layout) seed \(seed): \(mismatch ?? "")")
    }
}

extension PlanarNeighboursTests {
    /// Point distributions covering the grid's awkward cases.
    enum PointLayout: String, CaseIterable, CustomTestStringConvertible {
        case uniform
        case integerLattice  // few distinct values: duplicates and many equal distances
        case clustered  // tight clusters far apart plus a few outliers
        case duplicates  // every point repeated about four times
        case horizontalLine
        case verticalLine
        case diagonalLine
        case identical
        case farOffset  // unit square at 1e9: bounds must survive cancellation
        case tinyScale  // squared distances underflow to subnormals and zero
        case hugeScale  // squared distances overflow to infinity
        case overflowingExtent  // max - min overflows: single-cell fallback

        var testDescription: String { rawValue }

        fileprivate func points(count n: Int, rng: inout PlanarSplitMix64) -> (x: [Double], y: [Double]) {
            var x = [Double](), y = [Double]()
            x.reserveCapacity(n)
            y.reserveCapacity(n)
            switch self {
            case .uniform:
                for _ in 0..<n { x.append(rng.unit() * 1000 - 500); y.append(rng.unit() * 1000 - 500) }
            case .integerLattice:
                let m = max(2, Int(Double(n / 3).squareRoot()))
                for _ in 0..<n { x.append(Double(rng.below(m))); y.append(Double(rng.below(m)) * 2) }
            case .clustered:
                let centres = (0..<5).map { _ in (rng.unit() * 1e6, rng.unit() * 1e6) }
                for _ in 0..<n {
                    if rng.below(50) == 0 {
                        x.append(rng.unit() * 1e6); y.append(rng.unit() * 1e6)
                    } else {
                        let (cx, cy) = centres[rng.below(centres.count)]
                        x.append(cx + rng.unit() * 1e-3); y.append(cy + rng.unit() * 1e-3)
                    }
                }
            case .duplicates:
                let distinct = max(1, n / 4)
                let base = (0..<distinct).map { _ in (rng.unit() * 100, rng.unit() * 100) }
                for _ in 0..<n {
                    let (px, py) = base[rng.below(distinct)]
                    x.append(px); y.append(py)
                }
            case .horizontalLine:
                for _ in 0..<n { x.append(Double(rng.below(n))); y.append(3) }
            case .verticalLine:
                for _ in 0..<n { x.append(-2); y.append(rng.unit() * 10) }
            case .diagonalLine:
                for _ in 0..<n {
                    let t = rng.unit() * 100
                    x.append(t); y.append(0.3 * t - 7)
                }
            case .identical:
                x = Array(repeating: 7.25, count: n)
                y = Array(repeating: -3.5, count: n)
            case .farOffset:
                for _ in 0..<n { x.append(1e9 + rng.unit()); y.append(-1e9 - rng.unit()) }
            case .tinyScale:
                for _ in 0..<n { x.append(rng.unit() * 1e-160); y.append(rng.unit() * 1e-160) }
            case .hugeScale:
                for _ in 0..<n { x.append((rng.unit() - 0.5) * 1e300); y.append((rng.unit() - 0.5) * 1e300) }
            case .overflowingExtent:
                for _ in 0..<n { x.append((rng.unit() - 0.5) * 2 * 1.7e308); y.append(rng.unit()) }
            }
            return (x, y)
        }
    }
}
