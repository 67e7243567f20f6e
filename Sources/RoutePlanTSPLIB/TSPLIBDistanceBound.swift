extension TSPLIBInstance {
    /// Two different nodes (0-based) at the largest distance of the instance, when that
    /// distance exceeds `limit`; `nil` when every distance is at most `limit`.
    ///
    /// Only coordinate types are examined: `EXPLICIT` weights are checked entry by entry as
    /// they are read, and `GEO` distances never exceed 20,040 (half the idealised
    /// circumference plus one). For `EUC_2D`, `CEIL_2D` and `ATT`:
    ///
    /// 1. The distance across the coordinates' bounding box bounds every distance (each
    ///    step of the formula is monotone in |dx| and |dy|, in floating point too); when it is
    ///    within `limit`, which is so for every published instance, that settles it in O(n).
    /// 2. Otherwise the farthest pair lies on the convex hull: O(n log n) for the hull, then
    ///    rotating calipers visit its antipodal pairs, each measured with ``distance(_:_:)``
    ///    itself, in O(h).
    internal func farthestPair(beyond limit: Int) -> (i: Int, j: Int, distance: Int)? {
        switch edgeWeightType {
        case .explicit, .geo:
            return nil
        case .euc2D, .ceil2D, .att:
            break
        }
        let points = metricPoints
        guard points.count >= 2 else { return nil }
        var minX = points[0].x, maxX = points[0].x, minY = points[0].y, maxY = points[0].y
        for point in points.dropFirst() {
            minX = Swift.min(minX, point.x)
            maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y)
            maxY = Swift.max(maxY, point.y)
        }
        guard Self.planarDistance(dx: maxX - minX, dy: maxY - minY, type: edgeWeightType) > Double(limit) else {
            return nil
        }
        let farthest = farthestHullPair()
        return farthest.distance > limit ? farthest : nil
    }

    /// The TSPLIB distance of `type` between points `dx` and `dy` apart, before the final
    /// conversion to `Int` (the same steps as ``distance(_:_:)``).
    private static func planarDistance(dx: Double, dy: Double, type: EdgeWeightType) -> Double {
        switch type {
        case .euc2D: return ((dx * dx + dy * dy).squareRoot() + 0.5).rounded(.towardZero)
        case .ceil2D: return (dx * dx + dy * dy).squareRoot().rounded(.up)
        case .att: return ((dx * dx + dy * dy) / 10.0).squareRoot().rounded(.up)
        case .geo, .explicit: return 0
        }
    }

    /// The farthest pair of nodes by rotating calipers over the convex hull of
    /// ``metricPoints`` (at least two points).
    private func farthestHullPair() -> (i: Int, j: Int, distance: Int) {
        let points = metricPoints
        func cross(_ o: Int, _ a: Int, _ b: Int) -> Double {
            let po = points[o], pa = points[a], pb = points[b]
            return (pa.x - po.x) * (pb.y - po.y) - (pa.y - po.y) * (pb.x - po.x)
        }
        // Andrew's monotone chain: the hull counter-clockwise, without collinear points.
        let sorted = points.indices.sorted { points[$0].x < points[$1].x || (points[$0].x == points[$1].x && points[$0].y < points[$1].y) }
        var hull: [Int] = []
        hull.reserveCapacity(64)
        for index in sorted {
            while hull.count >= 2, cross(hull[hull.count - 2], hull[hull.count - 1], index) <= 0 { hull.removeLast() }
            hull.append(index)
        }
        let lowerCount = hull.count + 1
        for index in sorted.reversed().dropFirst() {
            while hull.count >= lowerCount, cross(hull[hull.count - 2], hull[hull.count - 1], index) <= 0 { hull.removeLast() }
            hull.append(index)
        }
        hull.removeLast()  // the first point again

        var best = (i: hull[0], j: hull[hull.count > 1 ? 1 : 0], distance: 0)
        func consider(_ a: Int, _ b: Int) {
            let d = distance(a, b)
            if d > best.distance { best = (a, b, d) }
        }
        let h = hull.count
        guard h >= 3 else {
            if h == 2 { consider(hull[0], hull[1]) }
            return best
        }
        var j = 1
        for i in 0..<h {
            let a = hull[i], b = hull[(i + 1) % h]
            // Advance j while it moves away from the edge a–b (the area grows).
            while abs(cross(a, b, hull[(j + 1) % h])) > abs(cross(a, b, hull[j])) {
                j = (j + 1) % h
            }
            consider(a, hull[j])
            consider(b, hull[j])
            consider(a, hull[(j + 1) % h])
        }
        return best
    }
}
