/// One route of a search state: its visits in order, with the forward and
/// backward times that make an insertion test O(w) on a route without
/// breaks and O(b·(b + w)) on a route with *b* breaks.
///
/// Let *k* be the number of visits on the route and *w* the number of
/// windows of the inserted visit on it.
struct ScheduleRoute: Sendable {
    /// The route's index in the problem.
    let index: Int
    var visits: [Int] = []
    /// `ready[i]`: the earliest time visit `i` can be left (service ended).
    var ready: [Int] = []
    /// `latest[i]`: the latest arrival at visit `i` that keeps the rest of the
    /// route feasible (the latest window point not after its downstream deadline).
    var latest: [Int] = []
    /// Total demand, travel.
    var load = 0
    var travel = 0
    /// The earliest arrival at the end (from the earliest start).
    var end = 0
    /// Whether the route has breaks: the times are then kept per number of
    /// breaks taken, and an insertion test is O(b²).
    let hasBreaks: Bool
    /// With *b* breaks, `breakReady[p·(b+1) + j]`: the earliest time location
    /// `p` (0: the start, `i + 1`: visit `i`) can be left with `j` breaks
    /// taken (``ScheduleInstance/never`` when impossible).
    var breakReady: [Int] = []
    /// `breakLate[p·(b+1) + j]`: the latest arrival at location `p` (visit `p`,
    /// or the end when `p == k`) with `j` breaks taken that keeps the rest
    /// of the route feasible (−``ScheduleInstance/never`` when none).
    var breakLate: [Int] = []

    init(index: Int, hasBreaks: Bool) {
        self.index = index
        self.hasBreaks = hasBreaks
    }

    /// Recomputes the times, load and travel after a change; returns whether
    /// the route is feasible. O(k·w), O(k·(b² + w)) with breaks.
    @discardableResult
    mutating func refresh(_ instance: ScheduleInstance) -> Bool {
        let r = index
        load = 0
        for v in visits { load += instance.demand[v] }
        if hasBreaks {
            guard load <= instance.capacity[r] else { return false }
            let feasible = refreshBreaks(instance)
            if visits.isEmpty {
                travel = instance.emptyTravel[r]
                return true
            }
            guard let t = instance.routeTravel(r, visits) else { return false }
            travel = t
            return feasible
        }
        if visits.isEmpty {
            // An empty route is always acceptable: it runs empty, or it is unused.
            travel = instance.emptyTravel[r]
            ready = []
            latest = []
            end = instance.earliestStart[r] + travel
            return true
        }
        guard let t = instance.routeTravel(r, visits), load <= instance.capacity[r] else { return false }
        travel = t
        if hasBreaks {
            end = instance.endArrival(r, visits, departure: instance.earliestStart[r])
            return end != ScheduleInstance.never
        }
        let k = visits.count
        // Resize in place: the arrays keep their capacity across insertions and removals.
        if ready.count > k {
            ready.removeLast(ready.count - k)
            latest.removeLast(latest.count - k)
        } else if ready.count < k {
            ready.append(contentsOf: repeatElement(0, count: k - ready.count))
            latest.append(contentsOf: repeatElement(0, count: k - latest.count))
        }
        var time = instance.earliestStart[r]
        var at = instance.startNode[r]
        for i in 0..<k {
            let v = visits[i]
            let s = instance.firstStart(v, r, arrival: time + (instance.travel(at, instance.node[v]) ?? 0))
            if s == ScheduleInstance.never { return false }
            time = s + instance.service[v]
            ready[i] = time
            at = instance.node[v]
        }
        end = time + (instance.travel(at, instance.endNode[r]) ?? 0)
        if end > instance.latestEnd[r] { return false }
        var deadline = instance.latestEnd[r]
        var next = instance.endNode[r]
        for i in stride(from: k - 1, through: 0, by: -1) {
            let v = visits[i]
            let z = instance.lastStart(v, r, deadline: deadline - (instance.travel(instance.node[v], next) ?? 0)
                - instance.service[v])
            latest[i] = z
            deadline = z
            next = instance.node[v]
        }
        return true
    }

    /// Fills `breakReady` and `breakLate`; returns whether the route is
    /// feasible in time (and sets `end`). O(k·(b² + w)).
    ///
    /// Forward, as in ``ScheduleInstance/endArrival(_:_:departure:)``. Backward,
    /// for a fixed placement of the breaks, arriving earlier is never worse, so
    /// feasibility is a threshold on the arrival; the latest arrival is the
    /// largest threshold over the placements: at visit `i` with `j` breaks
    /// taken, the latest time to be ready to leave is the best, over `j' ≥ j`,
    /// of taking breaks `j..<j'` there as late as they allow and arriving at
    /// the next location with `j'` breaks by its own latest arrival.
    mutating func refreshBreaks(_ instance: ScheduleInstance) -> Bool {
        let r = index
        let never = ScheduleInstance.never
        let b = instance.breaks[r].count
        let width = b + 1
        let k = visits.count
        breakReady = [Int](repeating: never, count: (k + 1) * width)
        breakLate = [Int](repeating: -never, count: (k + 1) * width)
        breakReady[0] = instance.earliestStart[r]
        for j in 1...b where breakReady[j - 1] != never {
            breakReady[j] = instance.breakEnd(r, j - 1, ready: breakReady[j - 1])
        }
        var at = instance.startNode[r]
        for i in 0..<k {
            let v = visits[i]
            let c = instance.travel(at, instance.node[v])
            for j in 0...b {
                var x = never
                if let c, breakReady[i * width + j] != never {
                    let s = instance.firstStart(v, r, arrival: breakReady[i * width + j] + c)
                    if s != never { x = s + instance.service[v] }
                }
                if j > 0, breakReady[(i + 1) * width + j - 1] != never {
                    x = min(x, instance.breakEnd(r, j - 1, ready: breakReady[(i + 1) * width + j - 1]))
                }
                breakReady[(i + 1) * width + j] = x
            }
            at = instance.node[v]
        }
        let home = instance.travel(at, instance.endNode[r])
        end = home != nil && breakReady[k * width + b] != never ? breakReady[k * width + b] + home! : never
        // Backward.
        breakLate[k * width + b] = instance.latestEnd[r]
        var next = instance.endNode[r]
        for i in stride(from: k - 1, through: 0, by: -1) {
            let v = visits[i]
            guard let c = instance.travel(instance.node[v], next) else {
                next = instance.node[v]
                continue  // every breakLate of visit i stays -never
            }
            for j in 0...b {
                var readyBy = -never
                for target in j...b {
                    let late = breakLate[(i + 1) * width + target]
                    if late == -never { continue }
                    var x = late - c
                    var q = target - 1
                    while q >= j {
                        let pause = instance.breaks[r][q]
                        let start = min(pause.latestStart, x - pause.duration)
                        if start < pause.earliestStart {
                            x = -never
                            break
                        }
                        x = start
                        q -= 1
                    }
                    readyBy = max(readyBy, x)
                }
                breakLate[i * width + j] = readyBy == -never ? -never
                    : instance.lastStart(v, r, deadline: readyBy - instance.service[v])
            }
            next = instance.node[v]
        }
        return end <= instance.latestEnd[r]
    }

    /// The positions (0…k) before which `v` may be inserted as far as its
    /// windows on this route allow: every position outside the range fails
    /// ``insertionDelta(_:at:_:)``, so a scan can skip it. The whole range
    /// 0…k on a route with breaks or when `v` has no window here.
    ///
    /// Position p needs the previous location's earliest departure at most
    /// v's last latest start (travel is non-negative), and the next
    /// location's latest arrival at least v's first earliest start plus its
    /// service. Both times are non-decreasing along the route (`ready[i+1]`
    /// ≥ `ready[i]` and `latest[i]` ≤ `latest[i+1]`, as travel and service are
    /// non-negative), so each bound is a binary search.
    ///
    /// ```
    ///   start ── 0 ── 1 ── … ── k−1 ── end      positions 0 … k (before visit p)
    ///   ready:  earliestStart, ready[0], …       ≤ v's last latest start  → upper end
    ///   latest: latest[0], …, latestEnd         ≥ v's first start + service → lower end
    /// ```
    /// - Complexity: O(log k).
    @inline(__always)
    func windowPositions(of v: Int, _ instance: ScheduleInstance) -> Range<Int> {
        let k = visits.count
        let r = index
        let first = instance.windowOffset[v &* instance.m &+ r]
        let last = instance.windowOffset[v &* instance.m &+ r &+ 1]
        guard !hasBreaks, k > 0, last > first else { return 0..<(k + 1) }
        let opens = instance.windowEarliest[first] + instance.service[v]
        let closes = instance.windowLatest[last - 1]
        // Lower end: the first p whose next latest arrival reaches `opens`.
        var lo = 0, hi = k + 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if (mid == k ? instance.latestEnd[r] : latest[mid]) >= opens { hi = mid } else { lo = mid + 1 }
        }
        let lower = lo
        // Upper end: one past the last p whose previous departure is by `closes`.
        lo = lower; hi = k + 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if (mid == 0 ? instance.earliestStart[r] : ready[mid - 1]) <= closes { lo = mid + 1 } else { hi = mid }
        }
        return lower..<max(lower, lo)
    }

    /// The travel added by inserting a visit at `node` before position `p`
    /// (0…k), `nil` when an arc is forbidden; times are not checked. O(1).
    @inline(__always)
    func insertionTravel(_ node: Int, at p: Int, _ instance: ScheduleInstance) -> Int? {
        let r = index
        let prevNode = p == 0 ? instance.startNode[r] : instance.node[visits[p - 1]]
        let nextNode = p == visits.count ? instance.endNode[r] : instance.node[visits[p]]
        guard let a = instance.travel(prevNode, node), let b = instance.travel(node, nextNode) else { return nil }
        let removed = visits.isEmpty ? instance.emptyTravel[r] : (instance.travel(prevNode, nextNode) ?? 0)
        return a + b - removed
    }

    /// The travel added by inserting `v` before position `p` (0…k) and the
    /// time it shifts the visit after it (its arrival, or the arrival at the
    /// end), or `nil` when that is infeasible (capacity is the caller's). Exact.
    @inline(__always)
    func insertionDelta(_ v: Int, at p: Int, _ instance: ScheduleInstance) -> (travel: Int, shift: Int)? {
        let r = index
        let prevNode = p == 0 ? instance.startNode[r] : instance.node[visits[p - 1]]
        let nextNode = p == visits.count ? instance.endNode[r] : instance.node[visits[p]]
        let vn = instance.node[v]
        guard let a = instance.travel(prevNode, vn), let b = instance.travel(vn, nextNode) else { return nil }
        // On an empty route, its empty travel (0 when it cannot run empty).
        let removed = visits.isEmpty ? instance.emptyTravel[r] : (instance.travel(prevNode, nextNode) ?? 0)
        let delta = a + b - removed
        if hasBreaks {
            // From every number j of breaks taken when leaving the previous
            // location, to v, taking breaks j..<j' there, on to the next location.
            let never = ScheduleInstance.never
            let breakCount = instance.breaks[r].count
            let width = breakCount + 1
            var arrival = never
            var before = never
            for j in 0...breakCount {
                let leave = breakReady[p * width + j]
                if leave == never { continue }
                before = min(before, leave + removed)
                let s = instance.firstStart(v, r, arrival: leave + a)
                if s == never { continue }
                var x = s + instance.service[v]
                var q = j
                while true {
                    if x + b <= breakLate[p * width + q] { arrival = min(arrival, x + b) }
                    if q == breakCount { break }
                    x = instance.breakEnd(r, q, ready: x)
                    if x == never { break }
                    q += 1
                }
            }
            return arrival != never ? (delta, arrival - before) : nil
        }
        let prevReady = p == 0 ? instance.earliestStart[r] : ready[p - 1]
        let s = instance.firstStart(v, r, arrival: prevReady + a)
        if s == ScheduleInstance.never { return nil }
        let arrival = s + instance.service[v] + b
        let limit = p == visits.count ? instance.latestEnd[r] : latest[p]
        return arrival <= limit ? (delta, arrival - prevReady - removed) : nil
    }
}
