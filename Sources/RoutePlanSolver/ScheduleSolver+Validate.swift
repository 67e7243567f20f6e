extension ScheduleSolver {
    /// Checks the shape of `problem` before any work: one window list per
    /// route for every visit, node indices in range, non-negative times,
    /// service times, scores, demands and capacities, every value at most
    /// ``maximumTime``, windows not inverted, sorted and disjoint, day windows
    /// not inverted, breaks not inverted and sorted by earliest start; shared
    /// limits with a capacity in 0…``maximumTime`` and every visit's
    /// ``ScheduleProblem/Visit/sharedUse`` empty or one value in that range per limit.
    ///
    /// - Throws: the first problem found, naming the visit or route, the field
    ///   and the value.
    /// - Complexity: O(n·m + w) for *w* windows in all.
    public static func validate(_ problem: ScheduleProblem) throws(SolverError) {
        let nodes = problem.travel.count
        let m = problem.routes.count
        func inTime(_ x: Int) -> Bool { x >= 0 && x <= maximumTime }
        for (index, route) in problem.routes.enumerated() {
            if route.startNode < 0 || route.startNode >= nodes {
                throw .scheduleRouteValue(route: index, field: "startNode", value: route.startNode)
            }
            if route.endNode < 0 || route.endNode >= nodes {
                throw .scheduleRouteValue(route: index, field: "endNode", value: route.endNode)
            }
            if !inTime(route.earliestStart) {
                throw .scheduleRouteValue(route: index, field: "earliestStart", value: route.earliestStart)
            }
            if !inTime(route.latestEnd) || route.latestEnd < route.earliestStart {
                throw .scheduleRouteValue(route: index, field: "latestEnd", value: route.latestEnd)
            }
            if route.capacity < 0 {
                throw .scheduleRouteValue(route: index, field: "capacity", value: route.capacity)
            }
            var previous = Int.min
            for (b, pause) in route.breaks.enumerated() {
                if !inTime(pause.earliestStart) || pause.earliestStart < previous {
                    throw .scheduleBreak(route: index, breakIndex: b, field: "earliestStart", value: pause.earliestStart)
                }
                if !inTime(pause.latestStart) || pause.latestStart < pause.earliestStart {
                    throw .scheduleBreak(route: index, breakIndex: b, field: "latestStart", value: pause.latestStart)
                }
                if !inTime(pause.duration) {
                    throw .scheduleBreak(route: index, breakIndex: b, field: "duration", value: pause.duration)
                }
                previous = pause.earliestStart
            }
        }
        for (index, limit) in problem.sharedLimits.enumerated() where !inTime(limit.capacity) {
            throw .scheduleSharedLimit(limit: index, capacity: limit.capacity)
        }
        for (index, visit) in problem.visits.enumerated() {
            if !visit.sharedUse.isEmpty {
                if visit.sharedUse.count != problem.sharedLimits.count {
                    throw .scheduleSharedUseCount(visit: index, uses: visit.sharedUse.count,
                                                  limits: problem.sharedLimits.count)
                }
                for (k, use) in visit.sharedUse.enumerated() where !inTime(use) {
                    throw .scheduleSharedUse(visit: index, limit: k, value: use)
                }
            }
            if visit.windows.count != m {
                throw .scheduleWindowCount(visit: index, windows: visit.windows.count, routes: m)
            }
            if visit.node < 0 || visit.node >= nodes {
                throw .scheduleVisitValue(visit: index, field: "node", value: visit.node)
            }
            if !inTime(visit.serviceTime) {
                throw .scheduleVisitValue(visit: index, field: "serviceTime", value: visit.serviceTime)
            }
            if visit.score < 0 || visit.score > maximumTime {
                throw .scheduleVisitValue(visit: index, field: "score", value: visit.score)
            }
            if visit.demand < 0 || visit.demand > maximumTime {
                throw .scheduleVisitValue(visit: index, field: "demand", value: visit.demand)
            }
            for (r, windows) in visit.windows.enumerated() {
                var previousEnd = Int.min
                for (w, window) in windows.enumerated() {
                    if !inTime(window.earliestStart) || !inTime(window.latestStart)
                        || window.latestStart < window.earliestStart || window.earliestStart <= previousEnd {
                        throw .scheduleWindow(visit: index, route: r, window: w, earliestStart: window.earliestStart,
                                              latestStart: window.latestStart)
                    }
                    previousEnd = window.latestStart
                }
            }
        }
    }
}
