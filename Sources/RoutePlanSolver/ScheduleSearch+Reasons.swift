/// The last steps of the search: exact route orders, a repair pass that
/// inserts what can still be inserted with profit, and the reason of every
/// visit left out.
///
/// Let *k* be the number of visits on a route; a full test of a sequence is
/// O(k·(b + w)).
extension ScheduleSearch {
    /// What can be done with (or said about) an unscheduled visit.
    enum Outcome {
        case reason(ScheduleSolution.Reason)
        /// Insert it: route `route` becomes `sequence` (without `removing`);
        /// visits of `removing` on other routes are taken out of them too,
        /// that route becoming `reorder` when given.
        case improve(route: Int, sequence: [Int], removing: [Int], reorder: [Int]? = nil)
    }

    /// Whether `v` fits alone on route `r` (capacity, windows, day window, breaks).
    func fitsAlone(_ v: Int, _ r: Int) -> Bool {
        instance.hasWindow(v, r) && instance.demand[v] <= instance.capacity[r]
            && instance.endArrival(r, [v], departure: instance.earliestStart[r]) != ScheduleInstance.never
    }

    /// The least-travel sequence putting `v` into `sequence` (order kept) on
    /// route `r`, or `nil` when no position is feasible. O(k·w) through the
    /// route's forward and backward times (O(k²·b) with breaks); O(k²) when
    /// `sequence` alone is infeasible (then only `v` may make it feasible,
    /// around a forbidden arc).
    func insertion(of v: Int, into sequence: [Int], route r: Int) -> [Int]? {
        var load = instance.demand[v]
        for u in sequence { load += instance.demand[u] }
        guard load <= instance.capacity[r], instance.hasWindow(v, r) else { return nil }
        var route = ScheduleRoute(index: r, hasBreaks: !instance.breaks[r].isEmpty)
        route.visits = sequence
        if route.refresh(instance) {
            var best: (travel: Int, position: Int)?
            for p in 0...sequence.count {
                guard let (travel, _) = route.insertionDelta(v, at: p, instance) else { continue }
                if best == nil || travel < best!.travel { best = (travel, p) }
            }
            guard let best else { return nil }
            var result = sequence
            result.insert(v, at: best.position)
            return result
        }
        var best: (travel: Int, sequence: [Int])?
        for p in 0...sequence.count {
            var candidate = sequence
            candidate.insert(v, at: p)
            guard let t = instance.routeTravel(r, candidate),
                  instance.endArrival(r, candidate, departure: instance.earliestStart[r]) != ScheduleInstance.never
            else { continue }
            if best == nil || t < best!.travel { best = (t, candidate) }
        }
        return best?.sequence
    }

    /// The cheapest set (by total score, then size) of optional visits of
    /// route `r` whose removal lets `v` in, with the resulting sequence; `nil`
    /// when even removing all of them does not. Singles are tried
    /// exhaustively, larger sets greedily (cheapest first, then put back
    /// while `v` still fits). O(k³).
    func removalWitness(for v: Int, route r: Int, sequence: [Int]) -> (removing: [Int], sequence: [Int])? {
        let optional = sequence.filter { !instance.required[$0] }
        var best: (score: Int, removing: [Int], sequence: [Int])?
        func consider(_ removing: [Int]) {
            let kept = sequence.filter { !removing.contains($0) }
            guard let result = insertion(of: v, into: kept, route: r) else { return }
            let total = removing.reduce(0) { $0 + instance.score[$1] }
            if best == nil || (total, removing.count) < (best!.score, best!.removing.count) {
                best = (total, removing.sorted(), result)
            }
        }
        if let plain = insertion(of: v, into: sequence, route: r) { return ([], plain) }
        // Nothing to gain when even the required visits alone leave no room.
        if insertion(of: v, into: sequence.filter { instance.required[$0] }, route: r) == nil { return nil }
        for u in optional { consider([u]) }
        // Greedy: remove the cheapest until it fits, then put back the dearest that may stay out.
        let byScore = optional.sorted { (instance.score[$0], -instance.demand[$0], $0) < (instance.score[$1], -instance.demand[$1], $1) }
        var removing: [Int] = []
        var fits = false
        for u in byScore {
            removing.append(u)
            if insertion(of: v, into: sequence.filter { !removing.contains($0) }, route: r) != nil {
                fits = true
                break
            }
        }
        if fits {
            for u in removing.sorted(by: { instance.score[$0] > instance.score[$1] }) {
                let without = removing.filter { $0 != u }
                if insertion(of: v, into: sequence.filter { !without.contains($0) }, route: r) != nil { removing = without }
            }
            consider(removing)
        }
        guard let best else { return nil }
        return (best.removing, best.sequence)
    }

    /// A small set of the required visits of route `r` that keep `v` out of
    /// it: starting from all of them, each is dropped when `v` still does not fit without it.
    func conflictSet(for v: Int, route r: Int, sequence: [Int]) -> [Int] {
        var set = sequence.filter { instance.required[$0] && $0 != v }
        for u in set where insertion(of: v, into: set.filter { $0 != u }, route: r) == nil {
            set.removeAll { $0 == u }
        }
        return set
    }

    /// What to do with unscheduled visit `v` in `state`.
    func analyse(_ v: Int, in state: ScheduleState) -> Outcome {
        let withWindow = (0..<instance.m).filter { instance.hasWindow(v, $0) }
        if withWindow.isEmpty { return .reason(.noWindow) }
        let fitting = withWindow.filter { fitsAlone(v, $0) }
        if fitting.isEmpty {
            // It may still fit after other visits (around a forbidden arc, say).
            for r in withWindow {
                if let sequence = insertion(of: v, into: state.routes[r].visits, route: r),
                   instance.required[v] || instance.score[v] > 0 {
                    if let limit = instance.exceededLimit(adding: v, totals: state.shared) {
                        if let swap = limitSwap(for: v, in: state) { return swap }
                        return .reason(.sharedLimit(limit: limit))
                    }
                    return .improve(route: r, sequence: sequence, removing: [])
                }
            }
            return .reason(.unreachable)
        }
        if let limit = instance.limitExceededAlone(v) { return .reason(.sharedLimit(limit: limit)) }
        var best: (score: Int, route: Int, removing: [Int], sequence: [Int])?
        for r in fitting {
            guard let (removing, sequence) = removalWitness(for: v, route: r, sequence: state.routes[r].visits)
            else { continue }
            let total = removing.reduce(0) { $0 + instance.score[$1] }
            if best == nil || (total, removing.count) < (best!.score, best!.removing.count) {
                best = (total, r, removing, sequence)
            }
        }
        if let best {
            if let limit = instance.exceededLimit(adding: v, removing: best.removing, totals: state.shared) {
                // It fits in time; the shared limit keeps it out, unless a
                // visit worth less that uses the limit gives up its place.
                if let swap = limitSwap(for: v, in: state) { return swap }
                return .reason(.sharedLimit(limit: limit))
            }
            let worth = instance.required[v] || best.score < instance.score[v]
            if worth { return .improve(route: best.route, sequence: best.sequence, removing: best.removing) }
            return .reason(.lowerPriority(route: best.route, removing: best.removing))
        }
        var with = Set<Int>()
        for r in fitting { with.formUnion(conflictSet(for: v, route: r, sequence: state.routes[r].visits)) }
        return .reason(.conflictsWithRequired(with: with.sorted()))
    }

    /// Inserts an `unreachable` visit together with a partner right before or
    /// after it: around a forbidden arc a visit may only be reachable through
    /// another. The partner is unscheduled, or moved from another route that
    /// stays feasible without it. Only when at most 40 visits are out.
    /// Returns the routes changed.
    /// - Complexity: O(u·n·m·k²) for *u* unreachable visits.
    func insertChain(reasons: [Int: ScheduleSolution.Reason], into state: inout ScheduleState) -> [Int] {
        let out = (0..<instance.n).filter { state.routeOf[$0] < 0 && considered[$0] }
        guard out.count <= 40 else { return [] }
        for a in out where reasons[a] == .unreachable && (instance.required[a] || instance.score[a] > 0) {
            for b in 0..<instance.n where b != a && (state.routeOf[b] >= 0 || considered[b]) {
                let from = state.routeOf[b]
                var rest: [Int] = []
                if from >= 0 {
                    rest = state.routes[from].visits.filter { $0 != b }
                    guard rest.isEmpty || instance.isFeasible(from, rest) else { continue }
                }
                var totals = state.shared
                instance.account(a, sign: 1, in: &totals)
                if from < 0 { instance.account(b, sign: 1, in: &totals) }
                guard (0..<instance.limitCount).allSatisfy({ totals[$0] <= instance.sharedCapacity[$0] }) else { continue }
                for r in 0..<instance.m where r != from && instance.hasWindow(a, r) && instance.hasWindow(b, r) {
                    let visits = state.routes[r].visits
                    for p in 0...visits.count {
                        for pair in [[a, b], [b, a]] {
                            var candidate = visits
                            candidate.insert(contentsOf: pair, at: p)
                            guard instance.routeTravel(r, candidate) != nil, instance.isFeasible(r, candidate) else { continue }
                            if from >= 0 {
                                state.routes[from].visits = rest
                                state.routes[from].refresh(instance)
                            }
                            state.routes[r].visits = candidate
                            state.routes[r].refresh(instance)
                            state.routeOf[a] = r
                            state.routeOf[b] = r
                            return from >= 0 ? [r, from] : [r]
                        }
                    }
                }
            }
        }
        return []
    }

    /// Orders every short route exactly (least travel, then earliest end).
    mutating func exactStep(_ state: inout ScheduleState, routes: some Sequence<Int>) {
        let size = min(options.exactRouteSize, 16)
        for r in routes {
            let route = state.routes[r]
            guard route.visits.count >= 2, route.visits.count <= size, !control.isCancelled else { continue }
            proven.remove(r)
            guard let order = instance.exactOrder(route: r, visits: route.visits, bound: route.travel) else { continue }
            proven.insert(r)
            state.routes[r].visits = order
            if !state.routes[r].refresh(instance) {
                state.routes[r].visits = route.visits
                state.routes[r].refresh(instance)
            }
        }
        state.retotal(instance)
    }

    /// Exact orders, repair, reasons; the solution.
    mutating func finish(_ best: ScheduleState) -> ScheduleSolution {
        var state = best
        var dirty = Set(0..<instance.m)
        var rounds = 0
        var reasons: [Int: ScheduleSolution.Reason] = [:]
        while true {
            exactStep(&state, routes: dirty.sorted())
            dirty = []
            rounds += 1
            reasons = [:]
            let waiting = (0..<instance.n).filter { state.routeOf[$0] < 0 }.sorted { a, b in
                if instance.required[a] != instance.required[b] { return instance.required[a] }
                if instance.score[a] != instance.score[b] { return instance.score[a] > instance.score[b] }
                return a < b
            }
            for v in waiting where state.routeOf[v] < 0 {
                if !considered[v] || control.shouldStop {
                    // Never looked at, or no time left to work it out: only the
                    // reasons that need no search are given.
                    let withWindow = (0..<instance.m).filter { instance.hasWindow(v, $0) }
                    if withWindow.isEmpty { reasons[v] = .noWindow }
                    else if !withWindow.contains(where: { fitsAlone(v, $0) }) { reasons[v] = .unreachable }
                    else if let limit = instance.limitExceededAlone(v) { reasons[v] = .sharedLimit(limit: limit) }
                    else { reasons[v] = .searchLimit }
                    continue
                }
                switch analyse(v, in: state) {
                case let .reason(reason):
                    reasons[v] = reason
                case let .improve(r, sequence, removing, reorder):
                    if rounds > 50 || control.isCancelled {
                        reasons[v] = .searchLimit
                        continue
                    }
                    for u in removing where state.routeOf[u] >= 0 && state.routeOf[u] != r {
                        let from = state.routeOf[u]
                        state.routes[from].visits.removeAll { $0 == u }
                        if let reorder { state.routes[from].visits = reorder }
                        state.routes[from].refresh(instance)
                        dirty.insert(from)
                    }
                    state.routes[r].visits = sequence
                    state.routes[r].refresh(instance)
                    state.routeOf[v] = r
                    for u in removing { state.routeOf[u] = -1 }
                    state.retotal(instance)
                    dirty.insert(r)
                    // The visits taken out may fit elsewhere.
                    for u in removing.sorted(by: { instance.score[$0] > instance.score[$1] }) {
                        if let (r2, p, _) = bestInsertion(of: u, in: state) {
                            insert(u, route: r2, position: p, into: &state)
                            dirty.insert(r2)
                        }
                    }
                }
            }
            state.retotal(instance)
            if dirty.isEmpty && !control.shouldStop && rounds <= 50 {
                dirty.formUnion(insertChain(reasons: reasons, into: &state))
                state.retotal(instance)
            }
            if dirty.isEmpty { break }
        }
        return solution(from: state, reasons: reasons)
    }

    /// The public solution of `state`.
    func solution(from state: ScheduleState, reasons: [Int: ScheduleSolution.Reason]) -> ScheduleSolution {
        var plans: [ScheduleSolution.RoutePlan] = []
        var reasons = reasons
        var routeOf = state.routeOf
        for r in 0..<instance.m {
            let visits = state.routes[r].visits
            if let plan = instance.plan(route: r, sequence: visits) {
                plans.append(plan)
            } else {
                // An empty route that cannot run is unused; a non-empty one cannot happen.
                for v in visits {
                    routeOf[v] = -1
                    reasons[v] = .searchLimit
                }
                let departure = instance.earliestStart[r]
                plans.append(.init(departure: departure, stops: [], breaks: [], arrival: departure, travel: 0, waiting: 0))
            }
        }
        var unscheduled: [ScheduleSolution.Unscheduled] = []
        var score = 0
        for v in 0..<instance.n {
            if routeOf[v] >= 0 { score += instance.score[v] } else {
                unscheduled.append(.init(visit: v, reason: reasons[v] ?? .searchLimit))
            }
        }
        var termination = stopped ?? .completed
        if termination == .completed {
            if instance.n == 0 || (instance.m == 1 && unscheduled.isEmpty && (instance.n < 2 || proven.contains(0))) {
                termination = .optimal
            }
        }
        return ScheduleSolution(routes: plans, unscheduled: unscheduled, score: score,
                                travel: plans.reduce(0) { $0 + $1.travel },
                                waiting: plans.reduce(0) { $0 + $1.waiting },
                                termination: termination, iterations: iterations)
    }
}
