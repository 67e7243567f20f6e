/// Whether inserting a visit can ever make room for another.
///
/// Inserting visit *u* between *a* and *c* replaces the arc a → c by
/// a → u → c. When every such detour takes at least as long as the arc it
/// replaces, t(a, c) ≤ t(a, u) + service(u) + t(u, c), an insertion only
/// delays what follows and tightens what precedes (the earliest service
/// start is non-decreasing in the arrival, several windows included), and
/// it uses capacity and shared limits: a visit that fits nowhere cannot fit
/// after it. Breaks break this (a new visit can be where a break is taken),
/// so routes with breaks always retry. The recreate then needs one pass, not a pass per change.
/// Truncated or rounded distances may break the plain triangle inequality by
/// a unit; service times usually restore it here.
extension ScheduleInstance {
    /// The largest number of nodes for which ``detoursNeverShorten(_:)`` is
    /// checked; beyond it the answer is `false` (retry, the safe side).
    static let detourCheckNodeLimit = 300

    /// Whether t(a, c) ≤ t(a, u) + service(u) + t(u, c) for every visit *u*
    /// and nodes *a*, *c* of the problem (a forbidden a → c with both detour
    /// arcs allowed counts as a violation).
    /// - Complexity: O(n·N²) for *n* visits and *N* nodes; `false` without
    ///   checking when N exceeds ``detourCheckNodeLimit``.
    static func detoursNeverShorten(_ instance: ScheduleInstance) -> Bool {
        let nodes = instance.nodeCount
        // A break must be taken at a location within its window: a route with
        // more visits has more places to take it, so an insertion can make room.
        guard nodes <= detourCheckNodeLimit, instance.breaks.allSatisfy(\.isEmpty) else { return false }
        let forbidden = CostMatrix.forbidden
        // The binding detour through a node is the one with its shortest service.
        var leastService = [Int64?](repeating: nil, count: nodes)
        for v in 0..<instance.n {
            let u = instance.node[v]
            leastService[u] = min(leastService[u] ?? .max, Int64(instance.service[v]))
        }
        for u in 0..<nodes {
            guard let service = leastService[u] else { continue }
            for a in 0..<nodes where a != u {
                let au = instance.cost[a * nodes + u]
                if au == forbidden { continue }
                for c in 0..<nodes where c != u && c != a {
                    let uc = instance.cost[u * nodes + c]
                    if uc == forbidden { continue }
                    let ac = instance.cost[a * nodes + c]
                    if ac == forbidden || Int64(ac) > Int64(au) + service + Int64(uc) { return false }
                }
            }
        }
        return true
    }
}
