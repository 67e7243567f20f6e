/// One route of a search state: its visits in order, with the forward and
/// backward times that make an insertion test O(w) on a route without breaks.
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
    /// Whether the route has breaks: insertions are then tested by a full
    /// exact evaluation (O(k·b) each).
    let hasBreaks: Bool

    init(index: Int, hasBreaks: Bool) {
        self.index = index
        self.hasBreaks = hasBreaks
    }

    /// Recomputes the times, load and travel after a change; returns whether
    /// the route is feasible. O(k·w), O(k·b) with breaks.
    @discardableResult
    mutating func refresh(_ instance: ScheduleInstance) -> Bool {
        let r = index
        load = 0
        for v in visits { load += instance.demand[v] }
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
        if ready.count != k {
            ready = [Int](repeating: 0, count: k)
            latest = [Int](repeating: 0, count: k)
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
        let prevReady = p == 0 ? instance.earliestStart[r] : (hasBreaks ? 0 : ready[p - 1])
        if hasBreaks {
            var candidate = visits
            candidate.insert(v, at: p)
            let arrival = instance.endArrival(r, candidate, departure: instance.earliestStart[r])
            return arrival != ScheduleInstance.never ? (delta, arrival - end) : nil
        }
        let s = instance.firstStart(v, r, arrival: prevReady + a)
        if s == ScheduleInstance.never { return nil }
        let arrival = s + instance.service[v] + b
        let limit = p == visits.count ? instance.latestEnd[r] : latest[p]
        return arrival <= limit ? (delta, arrival - prevReady - removed) : nil
    }
}
