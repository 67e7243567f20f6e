import Testing
import RoutePlanSolver

/// Random small scheduling problems for property tests; every test prints its seed on failure.
struct ScheduleGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    /// A problem with `visits` visits and `routes` routes: Euclidean or
    /// asymmetric travel (sometimes with forbidden arcs), one or two windows
    /// per route, optional breaks and capacities, some required visits.
    mutating func problem(visits n: Int, routes m: Int, breaks allowBreaks: Bool = true) throws -> ScheduleProblem {
        let nodes = n + 2
        let matrix: CostMatrix
        if chance(0.6) {
            let points = (0..<nodes).map { _ in (int(0...200), int(0...200)) }
            matrix = try CostMatrix(count: nodes) { i, j in
                let dx = Double(points[i].0 - points[j].0), dy = Double(points[i].1 - points[j].1)
                return Int((dx * dx + dy * dy).squareRoot().rounded())
            }
        } else {
            let forbidden = chance(0.5) ? 0.15 : 0
            var rows = [[Int?]](repeating: [Int?](repeating: 0, count: nodes), count: nodes)
            for i in 0..<nodes {
                for j in 0..<nodes where i != j { rows[i][j] = chance(forbidden) ? nil : int(5...150) }
            }
            matrix = try CostMatrix(rows: rows)
        }
        var routes: [ScheduleProblem.Route] = []
        for _ in 0..<m {
            let start = int(0...100)
            var breaks: [ScheduleProblem.Break] = []
            if allowBreaks && chance(0.35) {
                var earliest = int(100...300)
                for _ in 0..<int(1...2) {
                    let latest = earliest + int(0...120)
                    breaks.append(.init(earliestStart: earliest, latestStart: latest, duration: int(5...40)))
                    earliest = latest + int(0...100)
                }
            }
            routes.append(.init(startNode: chance(0.7) ? 0 : 1, endNode: chance(0.7) ? 0 : 1, earliestStart: start,
                                latestEnd: start + int(250...800), capacity: chance(0.5) ? .max : int(4...14),
                                breaks: breaks))
        }
        var visits: [ScheduleProblem.Visit] = []
        for v in 0..<n {
            var windows: [[ScheduleProblem.TimeWindow]] = []
            for _ in 0..<m {
                if chance(0.12) {
                    windows.append([])
                    continue
                }
                var list: [ScheduleProblem.TimeWindow] = []
                var earliest = int(0...500)
                for _ in 0..<(chance(0.3) ? 2 : 1) {
                    let latest = earliest + int(0...220)
                    list.append(.init(earliestStart: earliest, latestStart: latest))
                    earliest = latest + int(1...200)
                }
                windows.append(list)
            }
            visits.append(.init(node: v + 2, serviceTime: int(0...40), score: int(1...10), isRequired: chance(0.2),
                                demand: int(0...5), windows: windows))
        }
        return ScheduleProblem(travel: matrix, visits: visits, routes: routes)
    }
}

/// The lexicographic optimum of a small problem by exhaustive enumeration,
/// written independently of the solver: for every route it walks every
/// sequence of decisions (serve an unserved visit next, take the next break
/// here, or drive to the end), each as early as possible, and keeps the
/// least travel per set of visits served; then it tries every assignment of
/// those sets to routes.
struct ScheduleBruteForce {
    let problem: ScheduleProblem

    /// Least travel per subset of visits on route `r` (`nil`: infeasible).
    func subsets(route r: Int) -> [Int?] {
        let n = problem.visits.count
        let route = problem.routes[r]
        let matrix = problem.travel
        var best = [Int?](repeating: nil, count: 1 << n)
        func leg(_ a: Int, _ b: Int) -> Int? {
            matrix[a, b] == CostMatrix.forbidden ? nil : Int(matrix[a, b])
        }
        func walk(at: Int, time: Int, mask: Int, breaksTaken: Int, travel: Int, load: Int) {
            // Drive home.
            if breaksTaken == route.breaks.count, let home = leg(at, route.endNode), time + home <= route.latestEnd {
                if best[mask] == nil || travel + home < best[mask]! { best[mask] = travel + home }
            }
            // Take the next break here.
            if breaksTaken < route.breaks.count {
                let pause = route.breaks[breaksTaken]
                let start = max(time, pause.earliestStart)
                if start <= pause.latestStart {
                    walk(at: at, time: start + pause.duration, mask: mask, breaksTaken: breaksTaken + 1, travel: travel,
                         load: load)
                }
            }
            for v in 0..<n where mask & (1 << v) == 0 {
                let visit = problem.visits[v]
                guard load + visit.demand <= route.capacity, let c = leg(at, visit.node) else { continue }
                let arrival = time + c
                guard let window = visit.windows[r].first(where: { arrival <= $0.latestStart }) else { continue }
                let start = max(arrival, window.earliestStart)
                walk(at: visit.node, time: start + visit.serviceTime, mask: mask | (1 << v), breaksTaken: breaksTaken,
                     travel: travel + c, load: load + visit.demand)
            }
        }
        walk(at: route.startNode, time: route.earliestStart, mask: 0, breaksTaken: 0, travel: 0, load: 0)
        if best[0] == nil { best[0] = 0 }  // an empty route that cannot run is unused
        return best
    }

    /// (required visits missing, score, travel) of the optimum.
    func optimum() -> (missing: Int, score: Int, travel: Int) {
        let n = problem.visits.count
        let tables = problem.routes.indices.map { subsets(route: $0) }
        var best: (missing: Int, score: Int, travel: Int)?
        func value(_ mask: Int) -> (missing: Int, score: Int) {
            var missing = 0
            var score = 0
            for v in 0..<n {
                if mask & (1 << v) != 0 { score += problem.visits[v].score } else if problem.visits[v].isRequired {
                    missing += 1
                }
            }
            return (missing, score)
        }
        func consider(_ served: Int, _ travel: Int) {
            // Trip-wide shared limits: the served visits together within every capacity.
            for (k, limit) in problem.sharedLimits.enumerated() {
                var used = 0
                for v in 0..<n where served & (1 << v) != 0 && k < problem.visits[v].sharedUse.count {
                    used += problem.visits[v].sharedUse[k]
                }
                if used > limit.capacity { return }
            }
            let (missing, score) = value(served)
            let candidate = (missing, score, travel)
            if let b = best {
                if (candidate.0, -candidate.1, candidate.2) < (b.missing, -b.score, b.travel) { best = candidate }
            } else {
                best = candidate
            }
        }
        func assign(route r: Int, used: Int, travel: Int) {
            if r == tables.count {
                consider(used, travel)
                return
            }
            let free = ((1 << n) - 1) & ~used
            // Every subset of the free visits, the empty one included.
            var sub = free
            while true {
                if let t = tables[r][sub] { assign(route: r + 1, used: used | sub, travel: travel + t) }
                if sub == 0 { break }
                sub = (sub - 1) & free
            }
        }
        assign(route: 0, used: 0, travel: 0)
        return best ?? (0, 0, 0)
    }
}

@Suite("Schedule solver against brute force")
struct ScheduleBruteForceTests {
    @Test("matches the exhaustive lexicographic optimum (missing required, score, travel) on 200 small instances")
    func smallInstances() throws {
        for seed in UInt64(1)...200 { try checkAgainstBruteForce(seed: seed) }
    }
}

/// Solves the small random instance of `seed` and compares it with the brute-force optimum.
func checkAgainstBruteForce(seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation) throws {
    var generator = ScheduleGenerator(seed: seed)
    let m = generator.int(1...2)
    let withBreaks = generator.chance(0.4)
    let n = withBreaks ? generator.int(1...6) : generator.int(1...8)
    let problem = try generator.problem(visits: n, routes: m, breaks: withBreaks)
    let solution = try ScheduleSolver.solve(problem, options: .init(seed: seed))
    let problems = ScheduleSolver.violations(of: solution, for: problem)
    #expect(problems.isEmpty, "seed \(seed): \(problems)", sourceLocation: sourceLocation)
    let optimum = ScheduleBruteForce(problem: problem).optimum()
    let missing = solution.unscheduled.filter { problem.visits[$0.visit].isRequired }.count
    #expect(missing == optimum.missing, "seed \(seed): missing required", sourceLocation: sourceLocation)
    #expect(solution.score == optimum.score, "seed \(seed): score \(solution.score), optimum \(optimum.score)",
            sourceLocation: sourceLocation)
    if solution.score == optimum.score && missing == optimum.missing {
        #expect(solution.travel == optimum.travel, "seed \(seed): travel \(solution.travel), optimum \(optimum.travel)",
                sourceLocation: sourceLocation)
    }
    checkReasons(solution, problem, seed: seed, sourceLocation: sourceLocation)
}

/// Checks every reason of `solution` against its definition.
func checkReasons(_ solution: ScheduleSolution, _ problem: ScheduleProblem, seed: UInt64,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    for entry in solution.unscheduled {
        let visit = problem.visits[entry.visit]
        let withWindow = problem.routes.indices.filter { !visit.windows[$0].isEmpty }
        let fitsAlone = withWindow.filter { ScheduleSolver.alone(visit, onRoute: $0, of: problem) != nil }
        switch entry.reason {
        case .noWindow:
            #expect(withWindow.isEmpty, "seed \(seed): visit \(entry.visit) has windows", sourceLocation: sourceLocation)
        case .unreachable:
            #expect(!withWindow.isEmpty && fitsAlone.isEmpty, "seed \(seed): visit \(entry.visit) fits alone",
                    sourceLocation: sourceLocation)
        case let .conflictsWithRequired(with):
            #expect(!fitsAlone.isEmpty, "seed \(seed): visit \(entry.visit) fits nowhere alone", sourceLocation: sourceLocation)
            #expect(!with.isEmpty && with.allSatisfy { problem.visits[$0].isRequired && $0 != entry.visit },
                    "seed \(seed): visit \(entry.visit) conflicts with \(with)", sourceLocation: sourceLocation)
        case let .lowerPriority(route, removing):
            #expect(!fitsAlone.isEmpty, sourceLocation: sourceLocation)
            let removedScore = removing.reduce(0) { $0 + problem.visits[$1].score }
            #expect(removedScore >= visit.score, "seed \(seed): visit \(entry.visit) is worth more than \(removing)",
                    sourceLocation: sourceLocation)
            #expect(removing.allSatisfy { !problem.visits[$0].isRequired }, sourceLocation: sourceLocation)
            let kept = solution.routes[route].stops.map(\.visit).filter { !removing.contains($0) }
            #expect(kept.count + removing.count == solution.routes[route].stops.count,
                    "seed \(seed): \(removing) are not all on route \(route)", sourceLocation: sourceLocation)
            let fits = (0...kept.count).contains { p in
                var sequence = kept
                sequence.insert(entry.visit, at: p)
                return feasible(sequence, route: route, problem)
            }
            #expect(fits, "seed \(seed): visit \(entry.visit) does not fit on route \(route) without \(removing)",
                    sourceLocation: sourceLocation)
        case let .sharedLimit(limit):
            // Adding it to what is served goes over the limit.
            #expect(limit >= 0 && limit < problem.sharedLimits.count, sourceLocation: sourceLocation)
            if limit >= 0 && limit < problem.sharedLimits.count {
                let served = solution.routes.flatMap { $0.stops.map(\.visit) }
                let used = served.reduce(0) { $0 + (problem.visits[$1].sharedUse.isEmpty ? 0 : problem.visits[$1].sharedUse[limit]) }
                let own = visit.sharedUse.isEmpty ? 0 : visit.sharedUse[limit]
                #expect(own > 0 && used + own > problem.sharedLimits[limit].capacity,
                        "seed \(seed): visit \(entry.visit) fits within shared limit \(limit) (\(used) + \(own))",
                        sourceLocation: sourceLocation)
            }
        case .searchLimit:
            Issue.record("seed \(seed): visit \(entry.visit) left out at the search limit", sourceLocation: sourceLocation)
        }
    }
}

/// Whether `sequence` is feasible on `route` (every break placement tried), by the test's own walk.
func feasible(_ sequence: [Int], route r: Int, _ problem: ScheduleProblem) -> Bool {
    let route = problem.routes[r]
    let matrix = problem.travel
    let load = sequence.reduce(0) { $0 + problem.visits[$1].demand }
    guard load <= route.capacity else { return false }
    func walk(_ index: Int, at: Int, time: Int, breaksTaken: Int) -> Bool {
        if breaksTaken < route.breaks.count {
            let pause = route.breaks[breaksTaken]
            let start = max(time, pause.earliestStart)
            if start <= pause.latestStart,
               walk(index, at: at, time: start + pause.duration, breaksTaken: breaksTaken + 1) { return true }
        }
        if index == sequence.count {
            guard breaksTaken == route.breaks.count, matrix.allows(at, route.endNode) else { return false }
            return time + Int(matrix[at, route.endNode]) <= route.latestEnd
        }
        let visit = problem.visits[sequence[index]]
        guard matrix.allows(at, visit.node) else { return false }
        let arrival = time + Int(matrix[at, visit.node])
        guard let window = visit.windows[r].first(where: { arrival <= $0.latestStart }) else { return false }
        let start = max(arrival, window.earliestStart)
        return walk(index + 1, at: visit.node, time: start + visit.serviceTime, breaksTaken: breaksTaken)
    }
    return walk(0, at: route.startNode, time: route.earliestStart, breaksTaken: 0)
}
