import Testing
@testable import RoutePlanSolver

/// The pieces of the scheduling search that its speed and reach rest on:
/// interchangeable routes, the one-pass recreate's condition, the split-string
/// ruin and route opening.
@Suite("Schedule search moves")
struct ScheduleSearchMovesTests {
    /// A search over `problem` with its neighbour lists built.
    func search(_ problem: ScheduleProblem, seed: UInt64) -> ScheduleSearch {
        var search = ScheduleSearch(instance: ScheduleInstance(problem), options: .init(seed: seed), control: .unlimited)
        search.prepare()
        return search
    }

    @Test("identical vehicles are twins; a route with other hours or another capacity is not")
    func twins() throws {
        let matrix = try CostMatrix(count: 5) { i, j in abs(i - j) * 10 }
        let visits = (2..<5).map { ScheduleProblem.Visit(node: $0, serviceTime: 5, windows: [[.init(earliestStart: 0, latestStart: 500)]]) }
        func visitsOn(_ m: Int) -> [ScheduleProblem.Visit] {
            visits.map { v in
                ScheduleProblem.Visit(node: v.node, serviceTime: v.serviceTime, windows: Array(repeating: v.windows[0], count: m))
            }
        }
        let same = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1000, capacity: 10)
        let later = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: 100, latestEnd: 1000, capacity: 10)
        let bigger = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1000, capacity: 20)
        let problem = ScheduleProblem(travel: matrix, visits: visitsOn(5), routes: [same, later, same, bigger, same])
        #expect(ScheduleInstance(problem).twins == [0, 1, 0, 3, 0])
        // One visit with other hours on route 2 separates it from 0 and 4.
        var split = visitsOn(5)
        split[1] = ScheduleProblem.Visit(node: 3, serviceTime: 5, windows: [
            [.init(earliestStart: 0, latestStart: 500)], [.init(earliestStart: 0, latestStart: 500)],
            [.init(earliestStart: 0, latestStart: 400)], [.init(earliestStart: 0, latestStart: 500)],
            [.init(earliestStart: 0, latestStart: 500)],
        ])
        #expect(ScheduleInstance(ScheduleProblem(travel: matrix, visits: split, routes: [same, later, same, bigger, same])).twins
            == [0, 1, 2, 3, 0])
    }

    @Test("detours: metric travel passes, a shortcut or a forbidden direct arc fails")
    func detourCondition() throws {
        let points = [(0, 0), (30, 0), (0, 40), (60, 80), (10, 10)]
        let metric = try CostMatrix(count: 5) { i, j in
            let dx = Double(points[i].0 - points[j].0), dy = Double(points[i].1 - points[j].1)
            return Int((dx * dx + dy * dy).squareRoot().rounded(.up))
        }
        let visits = (1..<5).map { ScheduleProblem.Visit(node: $0, serviceTime: 1, windows: [[.init(earliestStart: 0, latestStart: 900)]]) }
        let route = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1000)
        #expect(ScheduleInstance(ScheduleProblem(travel: metric, visits: visits, routes: [route])).detoursNeverShorten)
        // 0 → 3 made longer than 0 → 1 → 3 plus the service at 1.
        func rowsOfMetric() -> [[Int?]] { (0..<5).map { i in (0..<5).map { j -> Int? in Int(metric[i, j]) } } }
        var rows = rowsOfMetric()
        rows[0][3] = Int(metric[0, 1]) + 1 + Int(metric[1, 3]) + 1
        #expect(!ScheduleInstance(ScheduleProblem(travel: try CostMatrix(rows: rows), visits: visits, routes: [route])).detoursNeverShorten)
        rows = rowsOfMetric()
        rows[2][4] = nil
        #expect(!ScheduleInstance(ScheduleProblem(travel: try CostMatrix(rows: rows), visits: visits, routes: [route])).detoursNeverShorten)
    }

    @Test("when detours never shorten, a visit that fits nowhere still fits nowhere after any insertion (400 random problems)")
    func oneRecreatePassSuffices() throws {
        var checked = 0
        for seed in UInt64(1)...400 {
            var generator = ScheduleGenerator(seed: seed)
            let problem = try generator.problem(visits: 9, routes: 2)
            let instance = ScheduleInstance(problem)
            guard instance.detoursNeverShorten else { continue }
            var search = self.search(problem, seed: seed)
            var state = search.emptyState()
            var rng = SplitMix64(seed: seed)
            for u in (0..<instance.n).shuffled(using: &rng) {
                let fitsNowhere = (0..<instance.n).filter { v in
                    state.routeOf[v] < 0 && v != u && search.bestInsertion(of: v, in: state) == nil
                }
                guard let (r, p, _) = search.bestInsertion(of: u, in: state) else { continue }
                search.insert(u, route: r, position: p, into: &state)
                state.retotal(instance)
                for v in fitsNowhere {
                    checked += 1
                    #expect(search.bestInsertion(of: v, in: state) == nil,
                            "seed \(seed): visit \(v) fits after inserting \(u) though it fitted nowhere before")
                }
            }
        }
        #expect(checked > 50, "too few cases exercised: \(checked)")
    }

    @Test("every position the windows rule out is infeasible, on routes built at random (300 random problems)")
    func windowPositionsKeepEveryFeasibleInsertion() throws {
        var feasible = 0, skipped = 0
        for seed in UInt64(1)...300 {
            var generator = ScheduleGenerator(seed: seed)
            let problem = try generator.problem(visits: 10, routes: 2)
            let instance = ScheduleInstance(problem)
            var search = self.search(problem, seed: seed)
            var state = search.emptyState()
            var rng = SplitMix64(seed: seed)
            for u in (0..<instance.n).shuffled(using: &rng) {
                for v in 0..<instance.n where state.routeOf[v] < 0 {
                    for r in 0..<instance.m {
                        let route = state.routes[r]
                        let window = route.windowPositions(of: v, instance)
                        #expect(window.lowerBound >= 0 && window.upperBound <= route.visits.count + 1,
                                "seed \(seed): \(window) outside 0...\(route.visits.count)")
                        for p in 0...route.visits.count {
                            let fits = route.insertionDelta(v, at: p, instance) != nil
                            if fits { feasible += 1 }
                            if !window.contains(p) {
                                skipped += 1
                                #expect(!fits, "seed \(seed): visit \(v) fits at \(p) of route \(r) \(route.visits), outside \(window)")
                            }
                        }
                    }
                }
                guard let (r, p, _) = search.bestInsertion(of: u, in: state) else { continue }
                search.insert(u, route: r, position: p, into: &state)
                state.retotal(instance)
            }
        }
        #expect(feasible > 500 && skipped > 500, "too few cases exercised: \(feasible) feasible, \(skipped) skipped")
    }

    @Test("skipping positions draws the blink countdown exactly as scanning them (200 seeds)")
    func skipBlinkMatchesScan() throws {
        for seed in UInt64(1)...200 {
            var generator = ScheduleGenerator(seed: seed)
            var problemSearch = search(try generator.problem(visits: 3, routes: 1), seed: seed)
            var scanning = problemSearch
            var rng = SplitMix64(seed: seed &* 7)
            let blink = [0.01, 0.2, 0.5, 0.9][Int(seed % 4)]
            var skipCountdown = problemSearch.geometricGap(blink)
            var scanCountdown = scanning.geometricGap(blink)
            for _ in 0..<20 {
                let positions = Int.random(in: 0...40, using: &rng)
                problemSearch.skipBlink(positions, untilBlink: &skipCountdown, blink)
                for _ in 0..<positions {
                    if scanCountdown == 0 { scanCountdown = scanning.geometricGap(blink) } else { scanCountdown -= 1 }
                }
                #expect(skipCountdown == scanCountdown, "seed \(seed): countdowns \(skipCountdown) and \(scanCountdown) differ")
            }
            #expect(problemSearch.geometricGap(0.5) == scanning.geometricGap(0.5), "seed \(seed): random streams differ")
        }
    }

    @Test("ruin (strings and split strings) removes visits and keeps the rest in order (300 seeds)")
    func ruinKeepsOrder() throws {
        for seed in UInt64(1)...300 {
            var generator = ScheduleGenerator(seed: seed)
            let problem = try generator.problem(visits: 14, routes: 3, breaks: false)
            var search = self.search(problem, seed: seed)
            let before = search.construct()
            var after = before
            let removed = search.ruin(&after)
            for r in 0..<search.instance.m {
                let kept = after.routes[r].visits
                let original = before.routes[r].visits
                // `kept` is a subsequence of `original`, and what is missing was removed.
                var i = 0
                for v in original where i < kept.count && kept[i] == v { i += 1 }
                #expect(i == kept.count, "seed \(seed): route \(r) \(original) → \(kept) is not a subsequence")
                for v in original where !kept.contains(v) {
                    #expect(removed.contains(v) && after.routeOf[v] == -1, "seed \(seed): \(v) vanished from route \(r)")
                }
                for v in kept { #expect(after.routeOf[v] == r, "seed \(seed)") }
            }
            #expect(Set(removed).count == removed.count, "seed \(seed): a visit removed twice")
        }
    }

    @Test("opening a route puts the pool's first visit alone on an empty route it may use")
    func opensRoute() throws {
        let matrix = try CostMatrix(count: 4) { i, j in abs(i - j) * 10 }
        let window = [ScheduleProblem.TimeWindow(earliestStart: 0, latestStart: 500)]
        let visits = (1..<4).map { ScheduleProblem.Visit(node: $0, serviceTime: 5, isRequired: true, windows: [window, window, []]) }
        let route = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: 0, latestEnd: 1000)
        var search = self.search(ScheduleProblem(travel: matrix, visits: visits, routes: [route, route, route]), seed: 1)
        var state = search.emptyState()
        search.insert(0, route: 0, position: 0, into: &state)
        var pool = [2, 1]
        search.openRoute(for: &pool, in: &state)
        #expect(pool == [1])
        #expect(state.routes[1].visits == [2])
        // No empty route the visit may use: nothing happens.
        pool = [1]
        search.openRoute(for: &pool, in: &state)
        #expect(pool == [1])
        #expect(state.routes[2].visits.isEmpty)
    }
}
