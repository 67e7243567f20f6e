/// Costs between points in the plane: their Euclidean distance, rounded to
/// an integer by one fixed rule.
///
/// The searches read costs in their innermost loops. Given as a closure
/// (``LocalSearch/solveRoundTrip(count:neighbours:start:seed:kicks:control:cost:)``)
/// every read is an indirect call the compiler cannot see through; as this
/// type, the search is specialised for it and each cost is a few
/// instructions inline, with the two coordinates of a point side by side
/// in memory.
///
/// What that buys is small: one search of 20,000 kicks (the `Kicks`
/// benchmarks, p50 of 5) took 638 ms either way on pcb3038, and 701 →
/// 678 ms on fnl4461; the whole `routeplan solve --heuristic --seed 1`
/// (two searches, default kicks, same tours, three runs each) 3.66 →
/// 3.44 s and 3.97 → 3.85 s. Most of what the commit that added it
/// gained came from ``SymmetricSearch/neighbourCost``.
///
/// ```swift
/// let costs = PlanarCosts(x: [0, 3, 3], y: [0, 0, 4], rounding: .nearest)
/// costs.cost(0, 2)  // 5
/// ```
public struct PlanarCosts: Sendable {
    /// How a distance d ≥ 0 becomes an integer cost.
    public enum Rounding: Sendable, Hashable {
        /// ⌊d + ½⌋, the nearest integer (TSPLIB's `EUC_2D`).
        case nearest
        /// ⌈d⌉ (TSPLIB's `CEIL_2D`).
        case up
        /// ⌈d / √10⌉, computed as ⌈√(d² / 10)⌉ (TSPLIB's pseudo-Euclidean
        /// `ATT`).
        case pseudoEuclidean
    }

    /// x₀, y₀, x₁, y₁, …: a point's two coordinates share a cache line.
    private let coordinates: [Double]
    public let rounding: Rounding
    /// The number of points, n.
    public let count: Int

    /// - Precondition: `x` and `y` have the same count, and every cost
    ///   fits in ``CostMatrix/maximumCost``.
    public init(x: [Double], y: [Double], rounding: Rounding) {
        precondition(x.count == y.count, "x and y must have one entry per point")
        count = x.count
        var interleaved = [Double](repeating: 0, count: 2 * x.count)
        for i in 0..<x.count {
            interleaved[2 * i] = x[i]
            interleaved[2 * i + 1] = y[i]
        }
        coordinates = interleaved
        self.rounding = rounding
    }

    /// The cost between points `a` and `b`, in O(1).
    @inline(__always)
    public func cost(_ a: Int, _ b: Int) -> Int {
        let dx = coordinates[2 &* a] - coordinates[2 &* b]
        let dy = coordinates[2 &* a &+ 1] - coordinates[2 &* b &+ 1]
        let squared = dx * dx + dy * dy
        switch rounding {
        case .nearest: return Int(squared.squareRoot() + 0.5)
        case .up: return Int(squared.squareRoot().rounded(.up))
        case .pseudoEuclidean: return Int((squared / 10).squareRoot().rounded(.up))
        }
    }
}

extension PlanarCosts: SymmetricCosts {
    /// Never returned: every pair has a cost.
    var unusable: Int { .max }
}
