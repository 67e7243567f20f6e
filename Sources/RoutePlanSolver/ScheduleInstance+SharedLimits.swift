/// The trip-wide limits (``ScheduleProblem/sharedLimits``) in the search:
/// a state keeps the total use of each limit by its scheduled visits, so
/// that whether a visit may be added is an O(L) test for *L* limits.
extension ScheduleInstance {
    /// The first limit that adding `adding` (and taking out `removing`) would
    /// take above its capacity, given the current `totals`; `nil` when all stay
    /// within. O(L·(1 + |removing|)).
    func exceededLimit(adding v: Int, removing: some Sequence<Int> = [Int](), totals: [Int]) -> Int? {
        guard limitCount > 0, usesShared[v] else { return nil }
        let base = v * limitCount
        for k in 0..<limitCount where sharedUse[base + k] > 0 {
            var total = totals[k] + sharedUse[base + k]
            if total <= sharedCapacity[k] { continue }
            for u in removing { total -= sharedUse[u * limitCount + k] }
            if total > sharedCapacity[k] { return k }
        }
        return nil
    }

    /// Whether `v` may be added to a state with `totals` without exceeding any limit. O(L).
    @inline(__always)
    func fitsShared(_ v: Int, totals: [Int]) -> Bool {
        guard limitCount > 0, usesShared[v] else { return true }
        let base = v * limitCount
        for k in 0..<limitCount where totals[k] + sharedUse[base + k] > sharedCapacity[k] { return false }
        return true
    }

    /// The first limit `v` alone uses more of than its capacity: it can never be scheduled.
    func limitExceededAlone(_ v: Int) -> Int? {
        exceededLimit(adding: v, totals: [Int](repeating: 0, count: limitCount))
    }

    /// The total use of each limit by the visits with `routeOf[v] >= 0`. O(n·L).
    func sharedTotals(routeOf: [Int]) -> [Int] {
        var totals = [Int](repeating: 0, count: limitCount)
        guard limitCount > 0 else { return totals }
        for v in 0..<n where routeOf[v] >= 0 && usesShared[v] {
            for k in 0..<limitCount { totals[k] += sharedUse[v * limitCount + k] }
        }
        return totals
    }

    /// Adds (`sign` 1) or takes out (`sign` −1) the use of `v` from `totals`. O(L).
    @inline(__always)
    func account(_ v: Int, sign: Int, in totals: inout [Int]) {
        guard limitCount > 0, usesShared[v] else { return }
        for k in 0..<limitCount { totals[k] += sign * sharedUse[v * limitCount + k] }
    }
}
