/// Interchangeable routes: two routes are twins when swapping their visit
/// sequences changes nothing (same ends, day window, capacity, no breaks,
/// the same windows for every visit). A fleet of identical vehicles — every
/// Solomon instance, a trip with identical days — is one class of twins.
///
/// The insertion search uses this to try only one empty route of each class:
/// inserting into any other empty twin gives the same route.
extension ScheduleInstance {
    /// `twins[r]`: the lowest-index route interchangeable with route `r` (`r`
    /// itself when there is none).
    /// - Complexity: O(m·c·(n·w)) for *c* classes of twins, *n* visits and *w*
    ///   windows per visit and route.
    static func twins(of instance: ScheduleInstance) -> [Int] {
        var representatives: [Int] = []
        var twins = [Int](repeating: 0, count: instance.m)
        for r in 0..<instance.m {
            if let same = representatives.first(where: { instance.interchangeable($0, r) }) {
                twins[r] = same
            } else {
                representatives.append(r)
                twins[r] = r
            }
        }
        return twins
    }

    /// Whether routes `a` and `b` are interchangeable.
    func interchangeable(_ a: Int, _ b: Int) -> Bool {
        guard startNode[a] == startNode[b], endNode[a] == endNode[b],
              earliestStart[a] == earliestStart[b], latestEnd[a] == latestEnd[b],
              capacity[a] == capacity[b], emptyTravel[a] == emptyTravel[b],
              breaks[a].isEmpty, breaks[b].isEmpty
        else { return false }
        for v in 0..<n {
            let ia = windowOffset[v * m + a], ib = windowOffset[v * m + b]
            let count = windowOffset[v * m + a + 1] - ia
            guard windowOffset[v * m + b + 1] - ib == count else { return false }
            for i in 0..<count where windowEarliest[ia + i] != windowEarliest[ib + i]
                || windowLatest[ia + i] != windowLatest[ib + i] {
                return false
            }
        }
        return true
    }
}
