/// Local search on a new best solution: score moves (insert an unscheduled
/// visit; replace a scheduled optional visit by a better unscheduled one),
/// then travel moves within routes (2-opt reversal, Or-opt of segments of
/// 1–3 visits) and across routes (relocate, exchange, 2-opt* tail exchange),
/// first improvement, until none applies.
///
/// Moves between routes are granular: a visit is only tried on routes
/// that hold one of its 10 nearest neighbours (or are empty).
///
/// Let *k* be the number of visits on a route. Every candidate route is
/// tested exactly (O(k·(b + w))) after a cheaper travel test, so no move
/// accepts an infeasible route.
extension ScheduleSearch {
    /// The travel of `sequence` on route `r` when it is feasible (windows,
    /// breaks, capacity, which routes each visit may use) and travels less
    /// than `bound`; `nil` otherwise.
    func cheaper(_ r: Int, _ sequence: [Int], than bound: Int) -> Int? {
        guard let t = instance.routeTravel(r, sequence), t < bound else { return nil }
        var load = 0
        for v in sequence {
            guard instance.hasWindow(v, r) else { return nil }
            load += instance.demand[v]
        }
        guard load <= instance.capacity[r],
              instance.endArrival(r, sequence, departure: instance.earliestStart[r]) != ScheduleInstance.never
        else { return nil }
        return t
    }

    /// Whether the local search must stop: the search must, or its own time is up.
    var localSearchMustStop: Bool {
        if searchControl.shouldStop { return true }
        if let until = localSearchUntil { return ContinuousClock.now >= until }
        return false
    }

    /// Replaces route `r` by `sequence` (known feasible).
    func assign(_ sequence: [Int], to r: Int, in state: inout ScheduleState) {
        state.routes[r].visits = sequence
        state.routes[r].refresh(instance)
        for v in sequence { state.routeOf[v] = r }
    }

    /// Improves `state` in place; stops early when the search must stop.
    mutating func localSearch(_ state: inout ScheduleState) {
        var rounds = 0
        while rounds < 20 && !localSearchMustStop {
            rounds += 1
            var improved = scoreMoves(&state)
            for r in 0..<instance.m where !localSearchMustStop && intraRoute(r, &state) { improved = true }
            if interRoute(&state) { improved = true }
            state.retotal(instance)
            if !improved { break }
        }
    }

    /// Inserts unscheduled visits that fit, and swaps a scheduled optional
    /// visit for an unscheduled one worth more. Returns whether anything changed.
    mutating func scoreMoves(_ state: inout ScheduleState) -> Bool {
        var changed = false
        let out = (0..<instance.n).filter { state.routeOf[$0] < 0 && considered[$0] }
            .sorted { instance.score[$0] > instance.score[$1] }
        for v in out where state.routeOf[v] < 0 {
            if let (r, p, _) = bestInsertion(of: v, in: state) {
                insert(v, route: r, position: p, into: &state)
                changed = true
                continue
            }
            // Replace the cheapest optional visit it can take the place of.
            var best: (route: Int, removed: Int, sequence: [Int])?
            for r in 0..<instance.m where instance.hasWindow(v, r) {
                let visits = state.routes[r].visits
                for u in visits where !instance.required[u] {
                    let better = instance.required[v] || instance.score[u] < instance.score[v]
                    guard better, best == nil || instance.score[u] < instance.score[best!.removed],
                          instance.exceededLimit(adding: v, removing: [u], totals: state.shared) == nil else { continue }
                    if let sequence = insertion(of: v, into: visits.filter { $0 != u }, route: r) {
                        best = (r, u, sequence)
                    }
                }
            }
            if let best {
                state.routeOf[best.removed] = -1
                instance.account(best.removed, sign: -1, in: &state.shared)
                instance.account(v, sign: 1, in: &state.shared)
                assign(best.sequence, to: best.route, in: &state)
                changed = true
            }
        }
        if changed { state.retotal(instance) }
        return changed
    }

    /// 2-opt and Or-opt within route `r`. Returns whether it changed.
    func intraRoute(_ r: Int, _ state: inout ScheduleState) -> Bool {
        var changed = false
        var improving = true
        while improving {
            improving = false
            let visits = state.routes[r].visits
            let k = visits.count
            if k < 2 { return changed }
            let current = state.routes[r].travel
            search: for i in 0..<(k - 1) {
                for j in (i + 1)..<k {
                    var candidate = visits
                    candidate[i...j].reverse()
                    if cheaper(r, candidate, than: current) != nil {
                        assign(candidate, to: r, in: &state)
                        improving = true
                        break search
                    }
                }
                for length in 1...3 where i + length <= k {
                    var rest = visits
                    let segment = Array(rest[i..<(i + length)])
                    rest.removeSubrange(i..<(i + length))
                    for p in 0...rest.count where p != i {
                        var candidate = rest
                        candidate.insert(contentsOf: segment, at: p)
                        if cheaper(r, candidate, than: current) != nil {
                            assign(candidate, to: r, in: &state)
                            improving = true
                            break search
                        }
                    }
                }
            }
            if improving { changed = true }
        }
        return changed
    }

    /// Relocate, exchange and 2-opt* between routes. Returns whether anything changed.
    mutating func interRoute(_ state: inout ScheduleState) -> Bool {
        let m = instance.m
        guard m > 1 else { return false }
        var changed = false
        // Granular: only routes that hold one of a visit's 10 nearest neighbours are tried with it.
        func near(_ v: Int, _ b: Int, _ state: ScheduleState) -> Bool {
            neighbours[v].prefix(10).contains { state.routeOf[$0] == b }
        }
        func close(_ a: Int, _ b: Int, _ state: ScheduleState) -> Bool {
            state.routes[a].visits.contains { near($0, b, state) }
        }
        // Relocate one visit to another route.
        for v in 0..<instance.n where state.routeOf[v] >= 0 {
            if v % 32 == 0 && localSearchMustStop { return changed }
            let a = state.routeOf[v]
            var without = state.routes[a].visits
            without.removeAll { $0 == v }
            guard let ta = instance.routeTravel(a, without) else { continue }
            let gain = state.routes[a].travel - (without.isEmpty ? instance.emptyTravel[a] : ta)
            var best: (route: Int, position: Int, delta: Int)?
            for b in 0..<m where b != a && instance.hasWindow(v, b) && (state.routes[b].visits.isEmpty || near(v, b, state)) {
                let route = state.routes[b]
                if route.load + instance.demand[v] > instance.capacity[b] { continue }
                for p in 0...route.visits.count {
                    guard let (delta, _) = route.insertionDelta(v, at: p, instance), delta < gain,
                          best == nil || delta < best!.delta else { continue }
                    best = (b, p, delta)
                }
            }
            guard let best else { continue }
            guard without.isEmpty || instance.isFeasible(a, without) else { continue }
            assign(without, to: a, in: &state)
            insert(v, route: best.route, position: best.position, into: &state)
            changed = true
        }
        // Exchange two visits of different routes (each takes the other's place).
        for a in 0..<m {
            if localSearchMustStop { return changed }
            for b in (a + 1)..<m where close(a, b, state) || close(b, a, state) {
                var improving = true
                while improving {
                    improving = false
                    let va = state.routes[a].visits, vb = state.routes[b].visits
                    let before = state.routes[a].travel + state.routes[b].travel
                    exchange: for i in va.indices where instance.hasWindow(va[i], b) {
                        for j in vb.indices where instance.hasWindow(vb[j], a) {
                            var na = va, nb = vb
                            na[i] = vb[j]
                            nb[j] = va[i]
                            guard let ta = instance.routeTravel(a, na), let tb = instance.routeTravel(b, nb),
                                  ta + tb < before,
                                  cheaper(a, na, than: Int.max) != nil, cheaper(b, nb, than: Int.max) != nil
                            else { continue }
                            assign(na, to: a, in: &state)
                            assign(nb, to: b, in: &state)
                            improving = true
                            changed = true
                            break exchange
                        }
                    }
                }
            }
        }
        // 2-opt*: exchange the tails of two routes.
        for a in 0..<m {
            if localSearchMustStop { return changed }
            for b in (a + 1)..<m where close(a, b, state) || close(b, a, state) {
                let va = state.routes[a].visits, vb = state.routes[b].visits
                let before = state.routes[a].travel + state.routes[b].travel
                tails: for i in 0...va.count {
                    for j in 0...vb.count where !(i == va.count && j == vb.count) && !(i == 0 && j == 0) {
                        let na = Array(va[..<i] + vb[j...]), nb = Array(vb[..<j] + va[i...])
                        let ta = na.isEmpty ? instance.emptyTravel[a] : (instance.routeTravel(a, na) ?? Int.max / 4)
                        let tb = nb.isEmpty ? instance.emptyTravel[b] : (instance.routeTravel(b, nb) ?? Int.max / 4)
                        guard ta + tb < before else { continue }
                        guard na.isEmpty || cheaper(a, na, than: Int.max) != nil,
                              nb.isEmpty || cheaper(b, nb, than: Int.max) != nil else { continue }
                        assign(na, to: a, in: &state)
                        assign(nb, to: b, in: &state)
                        changed = true
                        break tails
                    }
                }
            }
        }
        return changed
    }
}
