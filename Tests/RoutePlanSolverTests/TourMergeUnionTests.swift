import Testing
@testable import RoutePlanSolver

/// Tour merging on the union graph, against every Hamiltonian cycle of the
/// union enumerated directly.
@Suite("Tour merge on the union graph")
struct TourMergeUnionTests {
    /// The least cost of a closed tour through all n cities that uses only
    /// arcs of `tours`, by depth-first enumeration from city 0.
    static func bruteForceUnion(_ tours: [[Int]], cost: (Int, Int) -> Int) -> Int {
        let n = tours[0].count
        var adjacent = [Set<Int>](repeating: [], count: n)
        for t in tours {
            for p in 0..<n {
                let a = t[p], b = t[(p + 1) % n]
                adjacent[a].insert(b)
                adjacent[b].insert(a)
            }
        }
        let lists = adjacent.map { $0.sorted() }
        var best = Int.max
        var visited = [Bool](repeating: false, count: n)
        visited[0] = true
        func extend(_ city: Int, _ count: Int, _ length: Int) {
            if count == n {
                if lists[city].contains(0) { best = min(best, length + cost(city, 0)) }
                return
            }
            for next in lists[city] where !visited[next] {
                visited[next] = true
                extend(next, count + 1, length + cost(city, next))
                visited[next] = false
            }
        }
        extend(0, 1, 0)
        return best
    }

    static func length(_ tour: [Int], _ cost: (Int, Int) -> Int) -> Int {
        tour.indices.reduce(0) { $0 + cost(tour[$1], tour[($1 + 1) % tour.count]) }
    }

    /// Whether every arc of `tour` is an arc of one of `tours`.
    static func usesOnlyUnionArcs(_ tour: [Int], _ tours: [[Int]]) -> Bool {
        var arcs = Set<[Int]>()
        for t in tours {
            for p in t.indices { arcs.insert([t[p], t[(p + 1) % t.count]].sorted()) }
        }
        return tour.indices.allSatisfy { arcs.contains([tour[$0], tour[($0 + 1) % tour.count]].sorted()) }
    }

    /// `base` changed by `changes` random reversals of stretches of at most
    /// `span` cities (so the tours share most arcs, as a search's do).
    static func varied(_ base: [Int], _ rng: inout SplitMix64, changes: Int, span: Int) -> [Int] {
        var order = base
        let n = order.count
        for _ in 0..<changes {
            let i = Int.random(in: 0..<n, using: &rng), length = Int.random(in: 2...min(span, n), using: &rng)
            let stretch = (0..<length).map { order[(i + $0) % n] }
            for q in 0..<length { order[(i + q) % n] = stretch[length - 1 - q] }
        }
        return order
    }

    @Test("the merge is the shortest tour in the union, when that beats every given tour",
          arguments: [7, 10, 13])
    func againstEnumeration(n: Int) throws {
        var improved = 0
        for seed: UInt64 in 1...120 {
            var rng = SplitMix64(seed: seed &* 131 &+ UInt64(n))
            let points = (0..<n).map { _ in (Int.random(in: 0...1000, using: &rng), Int.random(in: 0...1000, using: &rng)) }
            let cost = { (a: Int, b: Int) -> Int in
                let dx = Double(points[a].0 - points[b].0), dy = Double(points[a].1 - points[b].1)
                return Int((dx * dx + dy * dy).squareRoot().rounded())
            }
            let base = Array(0..<n).shuffled(using: &rng)
            let count = Int.random(in: 2...3, using: &rng)
            let tours = [base] + (1..<count).map { _ in
                Self.varied(base, &rng, changes: Int.random(in: 1...4, using: &rng), span: n / 2 + 1)
            }
            let bestGiven = tours.map { Self.length($0, cost) }.min()!
            let optimum = Self.bruteForceUnion(tours, cost: cost)
            let merged = TourMerge.shortestInUnion(tours, cost: cost, control: .unlimited)
            if optimum < bestGiven {
                let found = try #require(merged, "seed \(seed): the union holds \(optimum) < \(bestGiven)")
                #expect(found.cost == optimum, "seed \(seed)")
                #expect(Self.length(found.tour, cost) == found.cost, "seed \(seed)")
                #expect(Set(found.tour) == Set(0..<n) && found.tour.count == n, "seed \(seed)")
                #expect(Self.usesOnlyUnionArcs(found.tour, tours), "seed \(seed)")
                improved += 1
            } else {
                #expect(merged == nil, "seed \(seed): nothing in the union beats \(bestGiven)")
            }
        }
        // The check must have had something to find.
        #expect(improved >= 10, "only \(improved) unions held a shorter tour")
    }

    @Test("the reduced graph maps a tour to its cycle of nodes and back", arguments: [20, 200])
    func roundTrip(n: Int) throws {
        for seed: UInt64 in 1...30 {
            var rng = SplitMix64(seed: seed &+ UInt64(n) &* 1_000)
            let base = Array(0..<n).shuffled(using: &rng)
            let other = Self.varied(base, &rng, changes: 3, span: 8)
            guard let graph = TourMerge.UnionGraph(tours: [base, other], cost: { abs($0 - $1) }) else {
                #expect(Set(TourMergeTests.edges(base.map(Int32.init)))
                            == Set(TourMergeTests.edges(other.map(Int32.init))), "seed \(seed)")
                continue
            }
            for tour in [base, other] {
                let cycle = graph.cycle(of: tour)
                #expect(cycle.count == graph.nodeCount, "seed \(seed)")
                let back = try #require(graph.tour(of: cycle, cityCount: n), "seed \(seed)")
                #expect(TourMergeTests.edges(back.map(Int32.init)) == TourMergeTests.edges(tour.map(Int32.init)),
                        "seed \(seed)")
            }
            // A cycle of nodes that skips a node stands for no tour.
            #expect(graph.tour(of: Array(graph.cycle(of: base).dropLast()), cityCount: n) == nil, "seed \(seed)")
        }
    }

    @Test("identical tours have no union graph to solve")
    func identical() {
        let tour = [3, 1, 4, 0, 2, 5]
        #expect(TourMerge.UnionGraph(tours: [tour, tour.reversed()], cost: { abs($0 - $1) }) == nil)
        #expect(TourMerge.shortestInUnion([tour, tour], cost: { abs($0 - $1) }, control: .unlimited) == nil)
    }

    @Test("a run out of time returns no merge rather than waiting")
    func stoppedControl() throws {
        var rng = SplitMix64(seed: 5)
        let n = 300
        let points = (0..<n).map { _ in (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng)) }
        let cost = { (a: Int, b: Int) -> Int in
            let dx = points[a].0 - points[b].0, dy = points[a].1 - points[b].1
            return Int(((dx * dx + dy * dy).squareRoot() * 100_000).rounded())
        }
        let tours = [Array(0..<n).shuffled(using: &rng), Array(0..<n).shuffled(using: &rng)]
        let control = SolveControl(timeLimit: .zero)
        // Random tours share few arcs: the reduced graph is nearly the whole
        // instance, and a control already stopped gives up at once.
        #expect(TourMerge.shortestInUnion(tours, cost: cost, control: control) == nil)
    }
}
