import Testing
@testable import RoutePlanSolver

/// The O(1)/O(b²) insertion tests of a route agree with a full exact evaluation.
@Suite("Schedule route times")
struct ScheduleRouteTests {
    @Test("insertion feasibility equals the full evaluation, with and without breaks, on 300 random routes")
    func insertionAgrees() throws {
        for seed in UInt64(1)...300 {
            var generator = ScheduleGenerator(seed: seed)
            let withBreaks = seed % 2 == 0
            let problem = try generator.problem(visits: 8, routes: 1, breaks: withBreaks)
            let instance = ScheduleInstance(problem)
            // A feasible route built greedily in random order, then every insertion of the rest.
            var route = ScheduleRoute(index: 0, hasBreaks: !problem.routes[0].breaks.isEmpty)
            route.refresh(instance)
            var rng = SplitMix64(seed: seed)
            for v in (0..<instance.n).shuffled(using: &rng) where instance.hasWindow(v, 0) {
                for p in 0...route.visits.count {
                    var candidate = route.visits
                    candidate.insert(v, at: p)
                    let exact = instance.endArrival(0, candidate, departure: instance.earliestStart[0]) != ScheduleInstance.never
                    let fast = route.insertionDelta(v, at: p, instance) != nil
                    #expect(exact == fast, "seed \(seed): visit \(v) at \(p) of \(route.visits): exact \(exact), fast \(fast)")
                }
                if route.load + instance.demand[v] <= instance.capacity[0],
                   let p = (0...route.visits.count).first(where: { route.insertionDelta(v, at: $0, instance) != nil }) {
                    route.visits.insert(v, at: p)
                    let feasible = route.refresh(instance)
                    #expect(feasible, "seed \(seed)")
                }
            }
        }
    }
}
