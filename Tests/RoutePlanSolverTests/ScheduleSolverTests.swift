import Dispatch
import Testing
import RoutePlanSolver

/// A line of `count` places one unit of `step` apart (travel = distance), place 0 the depot.
func lineMatrix(_ count: Int, step: Int = 10) throws -> CostMatrix {
    try CostMatrix(count: count) { i, j in abs(i - j) * step }
}

/// One window for every route.
func everyRoute(_ routes: Int, _ earliest: Int, _ latest: Int) -> [[ScheduleProblem.TimeWindow]] {
    [[ScheduleProblem.TimeWindow]](repeating: [.init(earliestStart: earliest, latestStart: latest)], count: routes)
}

@Suite("Schedule solver")
struct ScheduleSolverTests {
    @Test("an empty problem and a problem without routes")
    func emptyProblems() throws {
        let matrix = try lineMatrix(3)
        let empty = ScheduleProblem(travel: matrix, visits: [],
                                    routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 100)])
        let solution = try ScheduleSolver.solve(empty)
        #expect(solution.routes.count == 1 && solution.routes[0].stops.isEmpty)
        #expect(solution.unscheduled.isEmpty && solution.score == 0 && solution.travel == 0)
        #expect(solution.termination == .optimal)
        #expect(ScheduleSolver.violations(of: solution, for: empty).isEmpty)

        let noRoutes = ScheduleProblem(travel: matrix, visits: [.init(node: 1, serviceTime: 5, isRequired: true, windows: [])],
                                       routes: [])
        let none = try ScheduleSolver.solve(noRoutes)
        #expect(none.routes.isEmpty)
        #expect(none.unscheduled == [.init(visit: 0, reason: .noWindow)])
        #expect(ScheduleSolver.violations(of: none, for: noRoutes).isEmpty)
    }

    @Test("all visits on a line, in order, with exact times")
    func line() throws {
        let matrix = try lineMatrix(5)
        let visits = (1...4).map { ScheduleProblem.Visit(node: $0, serviceTime: 5, windows: everyRoute(1, 0, 1_000)) }
        let problem = ScheduleProblem(travel: matrix, visits: visits,
                                      routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1_000)])
        let solution = try ScheduleSolver.solve(problem)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)
        #expect(solution.score == 4 && solution.travel == 80 && solution.waiting == 0)
        let order = solution.routes[0].stops.map(\.visit)
        #expect(order == [0, 1, 2, 3] || order == [3, 2, 1, 0])
        #expect(solution.termination == .optimal)
    }

    @Test("a break is taken inside its window at the stop before it, and travel resumes after it")
    func breaks() throws {
        let matrix = try lineMatrix(4)
        let visits = [
            ScheduleProblem.Visit(node: 1, serviceTime: 30, windows: [[.init(earliestStart: 0, latestStart: 20)]]),
            ScheduleProblem.Visit(node: 2, serviceTime: 30, windows: [[.init(earliestStart: 0, latestStart: 200)]]),
        ]
        let route = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 300,
                                          breaks: [.init(earliestStart: 40, latestStart: 50, duration: 60)])
        let problem = ScheduleProblem(travel: matrix, visits: visits, routes: [route])
        let solution = try ScheduleSolver.solve(problem)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)
        #expect(solution.score == 2)
        let plan = solution.routes[0]
        #expect(plan.breaks.count == 1)
        let taken = try #require(plan.breaks.first)
        #expect(taken.start >= 40 && taken.start <= 50 && taken.end == taken.start + 60)
        #expect(taken.afterStop == 1)
        #expect(plan.stops[1].arrival == taken.end + 10)

        // A break that cannot be placed makes the route unusable: nothing fits.
        var tight = problem
        tight.routes[0].breaks = [.init(earliestStart: 280, latestStart: 290, duration: 60)]
        let none = try ScheduleSolver.solve(tight)
        #expect(none.score == 0)
        #expect(none.unscheduled.map(\.reason) == [.unreachable, .unreachable])
        #expect(ScheduleSolver.violations(of: none, for: tight).isEmpty)
    }

    @Test("capacity limits what a route carries; required visits go first")
    func capacity() throws {
        let matrix = try lineMatrix(6)
        let visits = (1...5).map {
            ScheduleProblem.Visit(node: $0, serviceTime: 0, score: 10, isRequired: $0 == 5, demand: 4,
                                  windows: everyRoute(2, 0, 1_000))
        }
        let routes = [ScheduleProblem.Route](repeating: .init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1_000,
                                                              capacity: 8), count: 2)
        let problem = ScheduleProblem(travel: matrix, visits: visits, routes: routes)
        let solution = try ScheduleSolver.solve(problem)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)
        #expect(solution.score == 40)
        #expect(!solution.unscheduled.contains { $0.visit == 4 })
        #expect(solution.unscheduled.count == 1)
        checkReasons(solution, problem, seed: 0)
    }

    @Test("forbidden arcs are never used")
    func forbidden() throws {
        // 0 → 2 and 2 → 0 forbidden: visit at 2 must come between 1 and 3.
        let rows: [[Int?]] = [
            [0, 10, nil, 10],
            [10, 0, 10, 20],
            [nil, 10, 0, 10],
            [10, 20, 10, 0],
        ]
        let matrix = try CostMatrix(rows: rows)
        let visits = (1...3).map { ScheduleProblem.Visit(node: $0, serviceTime: 1, windows: everyRoute(1, 0, 500)) }
        let problem = ScheduleProblem(travel: matrix, visits: visits,
                                      routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 500)])
        let solution = try ScheduleSolver.solve(problem)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)
        #expect(solution.score == 3 && solution.travel == 40)
    }

    @Test("a required visit that cannot be made is reported, never dropped silently")
    func requiredImpossible() throws {
        let matrix = try lineMatrix(4, step: 100)
        let visits = [
            ScheduleProblem.Visit(node: 3, serviceTime: 10, isRequired: true, windows: everyRoute(1, 0, 50)),
            ScheduleProblem.Visit(node: 1, serviceTime: 10, isRequired: true, windows: everyRoute(1, 0, 500)),
        ]
        let problem = ScheduleProblem(travel: matrix, visits: visits,
                                      routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1_000)])
        let solution = try ScheduleSolver.solve(problem)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)
        #expect(solution.unscheduled == [.init(visit: 0, reason: .unreachable)])
        #expect(solution.routes[0].stops.map(\.visit) == [1])
    }

    @Test("several windows per visit: a later window is used when the first cannot be reached")
    func multipleWindows() throws {
        let matrix = try lineMatrix(3, step: 50)
        let visit = ScheduleProblem.Visit(node: 2, serviceTime: 10,
                                          windows: [[.init(earliestStart: 0, latestStart: 20),
                                                     .init(earliestStart: 300, latestStart: 400)]])
        let problem = ScheduleProblem(travel: matrix, visits: [visit],
                                      routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1_000)])
        let solution = try ScheduleSolver.solve(problem)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)
        let stop = try #require(solution.routes[0].stops.first)
        #expect(stop.start == 300)
        // The departure is delayed so that nobody waits.
        #expect(solution.routes[0].departure == 200 && solution.waiting == 0)
        #expect(ScheduleSolver.alone(visit, onRoute: 0, of: problem)?.start == 300)
    }

    @Test("the same seed gives the same solution")
    func deterministic() throws {
        var generator = ScheduleGenerator(seed: 7)
        let problem = try generator.problem(visits: 40, routes: 3)
        let a = try ScheduleSolver.solve(problem, options: .init(seed: 3, maxIterations: 500))
        let b = try ScheduleSolver.solve(problem, options: .init(seed: 3, maxIterations: 500))
        #expect(a == b)
        #expect(ScheduleSolver.violations(of: a, for: problem).isEmpty)
    }

    @Test("random medium instances give valid solutions with right reasons", arguments: [UInt64(11), 12, 13, 14, 15])
    func medium(seed: UInt64) throws {
        var generator = ScheduleGenerator(seed: seed)
        let problem = try generator.problem(visits: 30, routes: 3)
        let solution = try ScheduleSolver.solve(problem, options: .init(seed: seed, maxIterations: 1_500))
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty, "seed \(seed)")
        checkReasons(solution, problem, seed: seed)
    }

    @Test("a time limit returns the best solution found with `timeLimit`")
    func timeLimit() throws {
        var generator = ScheduleGenerator(seed: 99)
        let problem = try generator.problem(visits: 150, routes: 4, breaks: false)
        let clock = ContinuousClock()
        let started = clock.now
        let solution = try ScheduleSolver.solve(problem, control: SolveControl(timeLimit: .milliseconds(300)))
        let elapsed = started.duration(to: clock.now)
        #expect(solution.termination == .timeLimit)
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        #expect(solution.iterations > 0)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)

        // A limit already past: nothing is considered, but the reasons that need no search are still exact.
        let none = try ScheduleSolver.solve(problem, control: SolveControl(timeLimit: .zero))
        #expect(none.termination == .timeLimit)
        #expect(ScheduleSolver.violations(of: none, for: problem).isEmpty)
        for entry in none.unscheduled {
            let visit = problem.visits[entry.visit]
            let fits = problem.routes.indices.contains { ScheduleSolver.alone(visit, onRoute: $0, of: problem) != nil }
            switch entry.reason {
            case .noWindow, .unreachable: #expect(!fits)
            case .searchLimit: #expect(fits)
            default: Issue.record("unexpected reason \(entry.reason)")
            }
        }
    }

    @Test("cancellation ends the search with `cancelled` and a valid solution")
    func cancellation() async throws {
        var generator = ScheduleGenerator(seed: 98)
        let problem = try generator.problem(visits: 150, routes: 4, breaks: false)
        let control = SolveControl(timeLimit: .seconds(30))
        let task = Task.detached { try ScheduleSolver.solve(problem, control: control) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { control.cancel() }
        let solution = try await task.value
        #expect(solution.termination == .cancelled)
        #expect(ScheduleSolver.violations(of: solution, for: problem).isEmpty)
    }

    @Test("the checker finds broken solutions")
    func checker() throws {
        let matrix = try lineMatrix(5)
        let visits = (1...4).map { ScheduleProblem.Visit(node: $0, serviceTime: 5, windows: everyRoute(1, 0, 1_000)) }
        let problem = ScheduleProblem(travel: matrix, visits: visits,
                                      routes: [.init(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1_000)])
        let good = try ScheduleSolver.solve(problem)
        var early = good
        early.routes[0].stops[1].arrival -= 1
        early.routes[0].stops[1].start -= 1
        #expect(!ScheduleSolver.violations(of: early, for: problem).isEmpty)
        var twice = good
        twice.routes[0].stops.append(twice.routes[0].stops[0])
        #expect(!ScheduleSolver.violations(of: twice, for: problem).isEmpty)
        var total = good
        total.travel += 1
        #expect(!ScheduleSolver.violations(of: total, for: problem).isEmpty)
        var missing = good
        missing.routes[0].stops.removeLast()
        #expect(!ScheduleSolver.violations(of: missing, for: problem).isEmpty)
    }
}
