import Foundation

extension TSPLIBInstance {
    /// The value of π that TSPLIB95's `GEO` distance uses (deliberately not `Double.pi`).
    @inlinable
    internal static var geoPi: Double { 3.141592 }
    /// The earth radius in kilometres that TSPLIB95's `GEO` distance uses.
    @inlinable
    internal static var geoEarthRadius: Double { 6378.388 }

    /// Converts a TSPLIB `GEO` coordinate `DDD.MM` to radians: whole degrees truncated toward
    /// zero, the fraction read as minutes (as the published optima require).
    internal static func geoRadians(_ value: Double) -> Double {
        let degrees = value.rounded(.towardZero)
        let minutes = value - degrees
        return geoPi * (degrees + 5.0 * minutes / 3.0) / 180.0
    }

    /// The TSPLIB95 distance from node `i` to node `j` (0-based indices).
    ///
    /// - `EUC_2D`: `nint(sqrt(dx² + dy²))`.
    /// - `CEIL_2D`: `ceil(sqrt(dx² + dy²))`.
    /// - `ATT`: `r = sqrt((dx² + dy²) / 10)`, `t = nint(r)`; `t + 1` if `t < r`, else `t`.
    /// - `GEO`: with π = 3.141592 and radius 6378.388, `q1 = cos(lngᵢ − lngⱼ)`,
    ///   `q2 = cos(latᵢ − latⱼ)`, `q3 = cos(latᵢ + latⱼ)`,
    ///   `Int(6378.388 · acos(½((1 + q1)q2 − (1 − q1)q3)) + 1)`. `distance(i, i)` is 0 here
    ///   (the bare formula would give 1).
    /// - `EXPLICIT`: the matrix entry from the file. The diagonal `distance(i, i)` is whatever
    ///   the file lists there (ATSP files often put a large number such as 9999 or 100000000
    ///   there, others 0) and is 0 for triangular formats without a diagonal; tour
    ///   code should never use it.
    ///
    /// This is the hot path of every heuristic: it does not allocate and has no optionals.
    ///
    /// - Precondition: `0 <= i, j < dimension`.
    @inlinable
    public func distance(_ i: Int, _ j: Int) -> Int {
        switch edgeWeightType {
        case .explicit:
            return Int(weights[i &* dimension &+ j])
        case .euc2D:
            let a = metricPoints[i], b = metricPoints[j]
            let dx = a.x - b.x, dy = a.y - b.y
            return Int((dx * dx + dy * dy).squareRoot() + 0.5)
        case .ceil2D:
            let a = metricPoints[i], b = metricPoints[j]
            let dx = a.x - b.x, dy = a.y - b.y
            return Int((dx * dx + dy * dy).squareRoot().rounded(.up))
        case .att:
            let a = metricPoints[i], b = metricPoints[j]
            let dx = a.x - b.x, dy = a.y - b.y
            let r = ((dx * dx + dy * dy) / 10.0).squareRoot()
            // TSPLIB: t = nint(r); t + 1 if t < r, else t. For r ≥ 0 that is exactly ceil(r):
            // t = floor(r + 0.5) lies within 0.5 (+1 ulp) of r, so t < r gives t + 1 = ceil(r)
            // and t ≥ r gives t = ceil(r). The branch-free form is several times faster.
            return Int(r.rounded(.up))
        case .geo:
            if i == j { return 0 }
            let a = metricPoints[i], b = metricPoints[j]
            let q1 = cos(a.y - b.y)
            let q2 = cos(a.x - b.x)
            let q3 = cos(a.x + b.x)
            let cosine = 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)
            // Rounding can push the cosine a hair outside [-1, 1]; acos would return NaN there.
            let clamped = Swift.min(1.0, Swift.max(-1.0, cosine))
            return Int(Self.geoEarthRadius * acos(clamped) + 1.0)
        }
    }
}
