/// The last repair pass for visits that fit in time but not within a shared
/// limit (``ScheduleProblem/sharedLimits``): trade one scheduled visit worth
/// less that uses the limit for it.
extension ScheduleSearch {
    /// The best single trade letting `v` in within every shared limit: an
    /// optional scheduled visit `u` worth less than `v` (any when `v` is
    /// required), taken out of its route — which must stay feasible — and `v`
    /// inserted on that route in its place or on another route as it stands.
    /// The `u` of least score wins (then the least added travel); `nil` when no trade works.
    /// When taking `u` out breaks the order of its route (no triangle
    /// inequality), the least-travel feasible order of the rest is used.
    ///
    /// - Complexity: O(s·m·k·w) for *s* scheduled visits, each insertion test O(k·w).
    func limitSwap(for v: Int, in state: ScheduleState) -> Outcome? {
        var best: (score: Int, travel: Int, route: Int, sequence: [Int], removed: Int, reorder: [Int]?)?
        for u in 0..<instance.n where state.routeOf[u] >= 0 && !instance.required[u] && instance.usesShared[u] {
            guard instance.required[v] || instance.score[u] < instance.score[v],
                  best == nil || instance.score[u] <= best!.score,
                  instance.exceededLimit(adding: v, removing: [u], totals: state.shared) == nil else { continue }
            let from = state.routeOf[u]
            var rest = state.routes[from].visits.filter { $0 != u }
            if !rest.isEmpty && !instance.isFeasible(from, rest) {
                // Without the triangle inequality a removal can break the order: try the best one.
                guard rest.count <= min(options.exactRouteSize, 12),
                      let order = instance.exactOrder(route: from, visits: rest, bound: Int.max / 4),
                      instance.isFeasible(from, order) else { continue }
                rest = order
            }
            for r in 0..<instance.m where instance.hasWindow(v, r) {
                let base = r == from ? rest : state.routes[r].visits
                guard let sequence = insertion(of: v, into: base, route: r),
                      let travel = instance.routeTravel(r, sequence) else { continue }
                if best == nil || (instance.score[u], travel) < (best!.score, best!.travel) {
                    // The route `u` leaves, when it is not the one `v` joins: its new order.
                    best = (instance.score[u], travel, r, sequence, u, r == from ? nil : rest)
                }
            }
        }
        guard let best else { return nil }
        return .improve(route: best.route, sequence: best.sequence, removing: [best.removed],
                        reorder: best.reorder)
    }
}
