extension ScheduleSolver {
    /// Checks `solution` against `problem` independently of the search: it
    /// recomputes every leg from the matrix and checks that
    /// - there is one plan per route; a plan without stops and breaks whose
    ///   arrival equals its departure and travel is 0 is an unused route;
    /// - a route leaves no earlier than its earliest start and arrives no later
    ///   than its latest end, every arrival is at least the time the previous
    ///   stop (or break) was left plus the travel, no forbidden arc is used;
    /// - every service starts at or after its arrival inside one of the visit's
    ///   windows on that route and ends `serviceTime` later;
    /// - every break of a used route is taken once, in order, inside its start
    ///   window, after the stop it follows, for its duration;
    /// - the load is within capacity; the served visits on all routes together
    ///   use at most each shared limit's capacity; each visit is served at most once, and
    ///   unscheduled exactly when not served (once, in visit order);
    /// - the route travel and waiting (idle time between departure and
    ///   arrival) and the totals equal what is reported.
    ///
    /// - Returns: the problems found, in words; empty when the solution is valid.
    /// - Complexity: O(n + m + total stops·w + total breaks).
    public static func violations(of solution: ScheduleSolution, for problem: ScheduleProblem) -> [String] {
        var found: [String] = []
        let matrix = problem.travel
        guard solution.routes.count == problem.routes.count else {
            return ["\(solution.routes.count) route plans for \(problem.routes.count) routes"]
        }
        var servedOn = [Int?](repeating: nil, count: problem.visits.count)
        var totalScore = 0
        var totalTravel = 0
        var totalWaiting = 0
        for (r, plan) in solution.routes.enumerated() {
            let route = problem.routes[r]
            totalTravel += plan.travel
            totalWaiting += plan.waiting
            if plan.stops.isEmpty && plan.breaks.isEmpty && plan.arrival == plan.departure && plan.travel == 0
                && plan.waiting == 0 {
                continue  // unused
            }
            if plan.departure < route.earliestStart {
                found.append("route \(r) leaves at \(plan.departure), before its earliest start \(route.earliestStart)")
            }
            if plan.arrival > route.latestEnd {
                found.append("route \(r) arrives at \(plan.arrival), after its latest end \(route.latestEnd)")
            }
            // Breaks: each once, in order, after a valid stop.
            if plan.breaks.map(\.breakIndex) != Array(route.breaks.indices) {
                found.append("route \(r) takes breaks \(plan.breaks.map(\.breakIndex)), not each of its \(route.breaks.count) once in order")
            }
            var time = plan.departure
            var at = route.startNode
            var travelled = 0
            var busy = 0
            var load = 0
            func takeBreaks(after position: Int) {
                for taken in plan.breaks where taken.afterStop == position {
                    guard taken.breakIndex >= 0, taken.breakIndex < route.breaks.count else { continue }
                    let pause = route.breaks[taken.breakIndex]
                    if taken.start < time {
                        found.append("route \(r) break \(taken.breakIndex) starts at \(taken.start), before \(time) when it can")
                    }
                    if taken.start < pause.earliestStart || taken.start > pause.latestStart {
                        found.append("route \(r) break \(taken.breakIndex) starts at \(taken.start), outside \(pause.earliestStart)…\(pause.latestStart)")
                    }
                    if taken.end != taken.start + pause.duration {
                        found.append("route \(r) break \(taken.breakIndex) ends at \(taken.end), not after its duration \(pause.duration)")
                    }
                    busy += pause.duration
                    time = max(time, taken.end)
                }
            }
            for taken in plan.breaks where taken.afterStop < 0 || taken.afterStop > plan.stops.count {
                found.append("route \(r) break \(taken.breakIndex) is after stop \(taken.afterStop), which does not exist")
            }
            takeBreaks(after: 0)
            for (index, stop) in plan.stops.enumerated() {
                let v = stop.visit
                guard v >= 0, v < problem.visits.count else {
                    found.append("route \(r) stop \(index) names visit \(v), which does not exist")
                    continue
                }
                let visit = problem.visits[v]
                if let other = servedOn[v] {
                    found.append("visit \(v) is served on route \(other) and again on route \(r)")
                }
                servedOn[v] = r
                totalScore += visit.score
                load += visit.demand
                let leg = matrix[at, visit.node]
                if leg == CostMatrix.forbidden {
                    found.append("route \(r) travels the forbidden arc \(at) → \(visit.node)")
                } else {
                    travelled += Int(leg)
                    if stop.arrival < time + Int(leg) {
                        found.append("route \(r) reaches visit \(v) at \(stop.arrival), before \(time + Int(leg)) (left at \(time), travel \(leg))")
                    }
                }
                let windows = r < visit.windows.count ? visit.windows[r] : []
                if windows.isEmpty {
                    found.append("visit \(v) is on route \(r), where it has no window")
                } else if !windows.contains(where: { $0.earliestStart <= stop.start && stop.start <= $0.latestStart }) {
                    found.append("visit \(v) starts at \(stop.start), outside its windows on route \(r)")
                }
                if stop.start < stop.arrival {
                    found.append("visit \(v) starts at \(stop.start), before its arrival \(stop.arrival)")
                }
                if stop.end != stop.start + visit.serviceTime {
                    found.append("visit \(v) ends at \(stop.end), not \(visit.serviceTime) after its start \(stop.start)")
                }
                busy += visit.serviceTime
                time = max(stop.arrival, stop.end)
                at = visit.node
                takeBreaks(after: index + 1)
            }
            let home = matrix[at, route.endNode]
            if home == CostMatrix.forbidden {
                found.append("route \(r) travels the forbidden arc \(at) → \(route.endNode)")
            } else {
                travelled += Int(home)
                if plan.arrival < time + Int(home) {
                    found.append("route \(r) arrives at its end at \(plan.arrival), before \(time + Int(home))")
                }
            }
            if load > route.capacity {
                found.append("route \(r) carries \(load), above its capacity \(route.capacity)")
            }
            if travelled != plan.travel {
                found.append("route \(r) reports travel \(plan.travel), but its legs sum to \(travelled)")
            }
            let idle = plan.arrival - plan.departure - travelled - busy
            if idle != plan.waiting {
                found.append("route \(r) reports waiting \(plan.waiting), but it is idle for \(idle)")
            }
        }
        var used = [Int](repeating: 0, count: problem.sharedLimits.count)
        for (v, route) in servedOn.enumerated() where route != nil {
            for (k, use) in problem.visits[v].sharedUse.enumerated() where k < used.count { used[k] += use }
        }
        for (k, limit) in problem.sharedLimits.enumerated() where used[k] > limit.capacity {
            let name = limit.name.isEmpty ? "" : " (\(limit.name))"
            found.append("the served visits use \(used[k]) of shared limit \(k)\(name), above its capacity \(limit.capacity)")
        }
        var listed = Set<Int>()
        var previous = -1
        for entry in solution.unscheduled {
            let v = entry.visit
            if v <= previous { found.append("unscheduled visits are not in visit order at \(v)") }
            previous = v
            guard v >= 0, v < problem.visits.count else {
                found.append("unscheduled visit \(v) does not exist")
                continue
            }
            if servedOn[v] != nil { found.append("visit \(v) is served and also listed as unscheduled") }
            listed.insert(v)
        }
        for v in problem.visits.indices where servedOn[v] == nil && !listed.contains(v) {
            found.append("visit \(v) is neither served nor listed as unscheduled")
        }
        if totalScore != solution.score { found.append("score is \(solution.score), but the served visits sum to \(totalScore)") }
        if totalTravel != solution.travel { found.append("travel is \(solution.travel), but the routes sum to \(totalTravel)") }
        if totalWaiting != solution.waiting {
            found.append("waiting is \(solution.waiting), but the routes sum to \(totalWaiting)")
        }
        return found
    }
}
