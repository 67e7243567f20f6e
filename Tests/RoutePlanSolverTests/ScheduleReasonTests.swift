import Testing
import RoutePlanSolver

/// Hand-made cases, one per reason a visit is left out.
@Suite("Schedule reasons")
struct ScheduleReasonTests {
    /// Places 0 (depot), 1…4 on a line 100 apart; one route from 0 to 0, 0…1000.
    func problem(_ visits: [ScheduleProblem.Visit], capacity: Int = .max) throws -> ScheduleProblem {
        ScheduleProblem(travel: try lineMatrix(5, step: 100), visits: visits,
                        routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1_000, capacity: capacity)])
    }

    func at(_ start: Int) -> [[ScheduleProblem.TimeWindow]] { [[.init(earliestStart: start, latestStart: start)]] }

    @Test("noWindow: no window on any route")
    func noWindow() throws {
        let p = try problem([.init(node: 1, serviceTime: 0, windows: [[]])])
        let s = try ScheduleSolver.solve(p)
        #expect(s.unscheduled == [.init(visit: 0, reason: .noWindow)])
    }

    @Test("unreachable: does not fit even alone")
    func unreachable() throws {
        // Place 4 is 400 away: its window at 100 cannot be reached; its demand is too much elsewhere.
        let p = try problem([.init(node: 4, serviceTime: 0, windows: at(100)),
                             .init(node: 1, serviceTime: 0, demand: 9, windows: at(100))], capacity: 5)
        let s = try ScheduleSolver.solve(p)
        #expect(s.unscheduled == [.init(visit: 0, reason: .unreachable), .init(visit: 1, reason: .unreachable)])
        #expect(ScheduleSolver.alone(p.visits[0], onRoute: 0, of: p) == nil)
    }

    @Test("conflictsWithRequired: fits alone, but not with the required visits")
    func conflicts() throws {
        let p = try problem([
            .init(node: 2, serviceTime: 0, isRequired: true, windows: at(300)),
            .init(node: 1, serviceTime: 0, score: 50, windows: at(300)),
            .init(node: 3, serviceTime: 0, isRequired: true, windows: at(600)),
        ])
        let s = try ScheduleSolver.solve(p)
        #expect(ScheduleSolver.violations(of: s, for: p).isEmpty)
        #expect(s.unscheduled == [.init(visit: 1, reason: .conflictsWithRequired(with: [0]))])
        #expect(ScheduleSolver.alone(p.visits[1], onRoute: 0, of: p) != nil)
    }

    @Test("a required visit that conflicts with another required visit names it")
    func requiredConflict() throws {
        let p = try problem([
            .init(node: 2, serviceTime: 0, score: 5, isRequired: true, windows: at(300)),
            .init(node: 1, serviceTime: 0, score: 1, isRequired: true, windows: at(300)),
        ])
        let s = try ScheduleSolver.solve(p)
        #expect(ScheduleSolver.violations(of: s, for: p).isEmpty)
        #expect(s.unscheduled.count == 1)
        let entry = try #require(s.unscheduled.first)
        #expect(entry.reason == .conflictsWithRequired(with: [1 - entry.visit]))
    }

    @Test("lowerPriority: fits if visits worth at least as much are removed")
    func lowerPriority() throws {
        let p = try problem([
            .init(node: 1, serviceTime: 0, score: 3, windows: at(100)),
            .init(node: 2, serviceTime: 0, score: 4, windows: at(200)),
            .init(node: 1, serviceTime: 0, score: 3, windows: at(150)),
        ])
        let s = try ScheduleSolver.solve(p)
        #expect(ScheduleSolver.violations(of: s, for: p).isEmpty)
        #expect(s.score == 7)
        let entry = try #require(s.unscheduled.first)
        #expect(entry.visit == 2)
        guard case let .lowerPriority(route, removing) = entry.reason else {
            Issue.record("reason \(entry.reason)")
            return
        }
        #expect(route == 0)
        #expect(removing == [1])
        checkReasons(s, p, seed: 0)
    }

    @Test("lowerPriority witness: the test removes the visits and re-inserts it itself")
    func witness() throws {
        // Capacity: the three small visits (score 2 each) fill the route; the big one (score 5) needs two of them out.
        let p = try problem([
            .init(node: 1, serviceTime: 0, score: 2, demand: 2, windows: [[.init(earliestStart: 0, latestStart: 900)]]),
            .init(node: 2, serviceTime: 0, score: 2, demand: 2, windows: [[.init(earliestStart: 0, latestStart: 900)]]),
            .init(node: 3, serviceTime: 0, score: 2, demand: 2, windows: [[.init(earliestStart: 0, latestStart: 900)]]),
            .init(node: 4, serviceTime: 0, score: 3, demand: 4, windows: [[.init(earliestStart: 0, latestStart: 900)]]),
        ], capacity: 6)
        let s = try ScheduleSolver.solve(p)
        #expect(ScheduleSolver.violations(of: s, for: p).isEmpty)
        #expect(s.score == 6)
        #expect(s.unscheduled.map(\.visit) == [3])
        guard case let .lowerPriority(route, removing)? = s.unscheduled.first?.reason else {
            Issue.record("reason \(String(describing: s.unscheduled.first?.reason))")
            return
        }
        #expect(route == 0 && removing.count == 2)
        checkReasons(s, p, seed: 0)
    }

    @Test("a visit worth more than what blocks it is swapped in, not reported")
    func swappedIn() throws {
        let p = try problem([
            .init(node: 1, serviceTime: 0, score: 1, windows: at(100)),
            .init(node: 3, serviceTime: 0, score: 9, windows: at(300)),
            .init(node: 2, serviceTime: 0, score: 1, windows: at(150)),
        ])
        let s = try ScheduleSolver.solve(p, options: .init(maxIterations: 0))
        #expect(ScheduleSolver.violations(of: s, for: p).isEmpty)
        #expect(s.score == 10)
        checkReasons(s, p, seed: 0)
    }

    @Test("searchLimit: the deadline passed before the visit was looked at")
    func searchLimit() throws {
        let p = try problem([.init(node: 1, serviceTime: 0, windows: at(100)), .init(node: 1, serviceTime: 0, windows: [[]])])
        let s = try ScheduleSolver.solve(p, control: SolveControl(timeLimit: .zero))
        #expect(s.termination == .timeLimit)
        #expect(s.unscheduled == [.init(visit: 0, reason: .searchLimit), .init(visit: 1, reason: .noWindow)])
    }
}

@Suite("Schedule validation")
struct ScheduleValidationTests {
    func base() throws -> ScheduleProblem {
        ScheduleProblem(travel: try lineMatrix(3), visits: [.init(node: 1, serviceTime: 5, windows: everyRoute(1, 0, 100))],
                        routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1_000)])
    }

    @Test("a valid problem passes")
    func valid() throws { try ScheduleSolver.validate(try base()) }

    @Test("each shape error names the visit or route and the value")
    func errors() throws {
        var p = try base()
        p.visits[0].windows = []
        #expect(throws: SolverError.scheduleWindowCount(visit: 0, windows: 0, routes: 1)) { try ScheduleSolver.validate(p) }

        p = try base()
        p.visits[0].node = 7
        #expect(throws: SolverError.scheduleVisitValue(visit: 0, field: "node", value: 7)) { try ScheduleSolver.validate(p) }

        p = try base()
        p.visits[0].serviceTime = -1
        #expect(throws: SolverError.scheduleVisitValue(visit: 0, field: "serviceTime", value: -1)) {
            try ScheduleSolver.validate(p)
        }

        p = try base()
        p.visits[0].demand = -2
        #expect(throws: SolverError.scheduleVisitValue(visit: 0, field: "demand", value: -2)) { try ScheduleSolver.validate(p) }

        p = try base()
        p.visits[0].windows = [[.init(earliestStart: 50, latestStart: 10)]]
        #expect(throws: SolverError.scheduleWindow(visit: 0, route: 0, window: 0, earliestStart: 50, latestStart: 10)) {
            try ScheduleSolver.validate(p)
        }

        p = try base()
        p.visits[0].windows = [[.init(earliestStart: 0, latestStart: 50), .init(earliestStart: 50, latestStart: 60)]]
        #expect(throws: SolverError.scheduleWindow(visit: 0, route: 0, window: 1, earliestStart: 50, latestStart: 60)) {
            try ScheduleSolver.validate(p)
        }

        p = try base()
        p.routes[0].endNode = -1
        #expect(throws: SolverError.scheduleRouteValue(route: 0, field: "endNode", value: -1)) {
            try ScheduleSolver.validate(p)
        }

        p = try base()
        p.routes[0].latestEnd = -5
        #expect(throws: SolverError.scheduleRouteValue(route: 0, field: "latestEnd", value: -5)) {
            try ScheduleSolver.validate(p)
        }

        p = try base()
        p.routes[0].capacity = -1
        #expect(throws: SolverError.scheduleRouteValue(route: 0, field: "capacity", value: -1)) {
            try ScheduleSolver.validate(p)
        }

        p = try base()
        p.routes[0].breaks = [.init(earliestStart: 100, latestStart: 200, duration: 10),
                              .init(earliestStart: 50, latestStart: 60, duration: 10)]
        #expect(throws: SolverError.scheduleBreak(route: 0, breakIndex: 1, field: "earliestStart", value: 50)) {
            try ScheduleSolver.validate(p)
        }

        p = try base()
        p.routes[0].breaks = [.init(earliestStart: 100, latestStart: 200, duration: -10)]
        #expect(throws: SolverError.scheduleBreak(route: 0, breakIndex: 0, field: "duration", value: -10)) {
            try ScheduleSolver.validate(p)
        }

        // solve validates first, and the errors are bad input.
        #expect(throws: SolverError.scheduleBreak(route: 0, breakIndex: 0, field: "duration", value: -10)) {
            try ScheduleSolver.solve(p)
        }
        #expect(SolverError.scheduleWindowCount(visit: 0, windows: 0, routes: 1).category == .badInput)
        #expect(SolverError.scheduleVisitValue(visit: 3, field: "node", value: 9).description.contains("visit 3"))
    }
}
