/// A validated ``ScheduleProblem`` flattened into arrays for the search, with
/// the exact timing of a route (windows, breaks, day window).
///
/// Let *k* be the number of visits on a route, *b* its number of breaks and
/// *w* the number of windows of one visit on one route.
struct ScheduleInstance: Sendable {
    /// A time no schedule reaches: the marker of infeasibility.
    static let never = Int.max / 4

    let problem: ScheduleProblem
    /// Visits and routes.
    let n: Int
    let m: Int
    let node: [Int]
    let service: [Int]
    let score: [Int]
    let required: [Bool]
    let demand: [Int]
    /// Windows of visit `v` on route `r` are `windowEarliest[i]`, `windowLatest[i]`
    /// for `i` in `windowOffset[v*m + r] ..< windowOffset[v*m + r + 1]`.
    let windowOffset: [Int]
    let windowEarliest: [Int]
    let windowLatest: [Int]
    let nodeCount: Int
    let cost: [Int32]
    let startNode: [Int]
    let endNode: [Int]
    let earliestStart: [Int]
    let latestEnd: [Int]
    let capacity: [Int]
    let breaks: [[ScheduleProblem.Break]]
    /// Trip-wide limits (see ``ScheduleProblem/SharedLimit``): their number,
    /// capacities, and `sharedUse[v·limitCount + k]` of visit `v` on limit `k`.
    let limitCount: Int
    let sharedCapacity: [Int]
    let sharedUse: [Int]
    /// Whether visit `v` uses anything of any shared limit.
    let usesShared: [Bool]

    init(_ problem: ScheduleProblem) {
        self.problem = problem
        n = problem.visits.count
        m = problem.routes.count
        node = problem.visits.map(\.node)
        service = problem.visits.map(\.serviceTime)
        score = problem.visits.map(\.score)
        required = problem.visits.map(\.isRequired)
        demand = problem.visits.map(\.demand)
        var offsets = [0]
        var earliest: [Int] = []
        var latest: [Int] = []
        for visit in problem.visits {
            for r in 0..<problem.routes.count {
                for w in visit.windows[r] {
                    earliest.append(w.earliestStart)
                    latest.append(w.latestStart)
                }
                offsets.append(earliest.count)
            }
        }
        windowOffset = offsets
        windowEarliest = earliest
        windowLatest = latest
        nodeCount = problem.travel.count
        cost = problem.travel.storage
        startNode = problem.routes.map(\.startNode)
        endNode = problem.routes.map(\.endNode)
        earliestStart = problem.routes.map(\.earliestStart)
        latestEnd = problem.routes.map(\.latestEnd)
        capacity = problem.routes.map(\.capacity)
        breaks = problem.routes.map(\.breaks)
        limitCount = problem.sharedLimits.count
        sharedCapacity = problem.sharedLimits.map(\.capacity)
        var uses = [Int](repeating: 0, count: problem.visits.count * problem.sharedLimits.count)
        for (v, visit) in problem.visits.enumerated() {
            for (k, use) in visit.sharedUse.enumerated() where k < problem.sharedLimits.count {
                uses[v * problem.sharedLimits.count + k] = use
            }
        }
        sharedUse = uses
        usesShared = (0..<problem.visits.count).map { v in
            (0..<problem.sharedLimits.count).contains { uses[v * problem.sharedLimits.count + $0] > 0 }
        }
        emptyTravel = []
        emptyTravel = (0..<m).map { r in plan(route: r, sequence: [])?.travel ?? 0 }
        twins = Self.twins(of: self)
        detoursNeverShorten = Self.detoursNeverShorten(self)
    }

    /// Whether no insertion can make room for another (see ``detoursNeverShorten(_:)``).
    private(set) var detoursNeverShorten = false

    /// `twins[r]`: the lowest-index route interchangeable with `r` (see ``twins(of:)``).
    private(set) var twins: [Int] = []

    /// The travel of each route when it serves nothing: start → end, or 0 when
    /// it cannot run empty (forbidden arc, breaks that do not fit) and is unused.
    private(set) var emptyTravel: [Int]

    /// The travel time between two nodes, `nil` for a forbidden arc.
    @inline(__always)
    func travel(_ a: Int, _ b: Int) -> Int? {
        let c = cost[a * nodeCount + b]
        return c == CostMatrix.forbidden ? nil : Int(c)
    }

    /// Whether visit `v` may be on route `r` at all.
    @inline(__always)
    func hasWindow(_ v: Int, _ r: Int) -> Bool {
        windowOffset[v * m + r + 1] > windowOffset[v * m + r]
    }

    /// The earliest service start of `v` on route `r` when arriving at
    /// `arrival`, or ``never``. O(w).
    @inline(__always)
    func firstStart(_ v: Int, _ r: Int, arrival: Int) -> Int {
        var i = windowOffset[v * m + r]
        let end = windowOffset[v * m + r + 1]
        while i < end {
            if arrival <= windowLatest[i] { return max(arrival, windowEarliest[i]) }
            i += 1
        }
        return Self.never
    }

    /// The latest service start of `v` on route `r` not after `deadline`, or
    /// `-never` when there is none. Arriving at α, `v` can be served by
    /// `deadline` iff α is at most this value. O(w).
    @inline(__always)
    func lastStart(_ v: Int, _ r: Int, deadline: Int) -> Int {
        let begin = windowOffset[v * m + r]
        var i = windowOffset[v * m + r + 1] - 1
        while i >= begin {
            if windowEarliest[i] <= deadline { return min(windowLatest[i], deadline) }
            i -= 1
        }
        return -Self.never
    }

    /// When break `index` of route `r` ends if it is started as soon as
    /// possible after `ready`, or ``never``.
    @inline(__always)
    func breakEnd(_ r: Int, _ index: Int, ready: Int) -> Int {
        let pause = breaks[r][index]
        let start = max(ready, pause.earliestStart)
        return start > pause.latestStart ? Self.never : start + pause.duration
    }

    /// The travel of `sequence` on route `r` (start → visits → end), or `nil`
    /// when it uses a forbidden arc. O(k).
    func routeTravel(_ r: Int, _ sequence: some Collection<Int>) -> Int? {
        var at = startNode[r]
        var total = 0
        for v in sequence {
            guard let c = travel(at, node[v]) else { return nil }
            total += c
            at = node[v]
        }
        guard let c = travel(at, endNode[r]) else { return nil }
        return total + c
    }

    /// The earliest arrival at the end of route `r` serving `sequence` in
    /// order and taking all its breaks, leaving at `departure`; ``never`` when
    /// infeasible (windows, day window, breaks, forbidden arcs; not capacity).
    ///
    /// Exact: for every number *j* of breaks taken it keeps the earliest time
    /// at which the current location can be left; arriving earlier is never
    /// worse, so these labels dominate every other schedule.
    /// - Complexity: O(k·(b + w)).
    func endArrival(_ r: Int, _ sequence: some Collection<Int>, departure: Int) -> Int {
        let b = breaks[r].count
        let limit = latestEnd[r]
        if b == 0 {
            var ready = departure
            var at = startNode[r]
            for v in sequence {
                guard let c = travel(at, node[v]) else { return Self.never }
                let s = firstStart(v, r, arrival: ready + c)
                if s == Self.never { return Self.never }
                ready = s + service[v]
                at = node[v]
            }
            guard let c = travel(at, endNode[r]) else { return Self.never }
            return ready + c <= limit ? ready + c : Self.never
        }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: b + 1) { labels in
            labels[0] = departure
            for j in 1...b { labels[j] = labels[j - 1] == Self.never ? Self.never : breakEnd(r, j - 1, ready: labels[j - 1]) }
            var at = startNode[r]
            for v in sequence {
                guard let c = travel(at, node[v]) else { return Self.never }
                var any = false
                for j in 0...b {
                    var x = Self.never
                    if labels[j] != Self.never {
                        let s = firstStart(v, r, arrival: labels[j] + c)
                        if s != Self.never { x = s + service[v] }
                    }
                    if j > 0, labels[j - 1] != Self.never {
                        x = min(x, breakEnd(r, j - 1, ready: labels[j - 1]))
                    }
                    labels[j] = x
                    if x != Self.never { any = true }
                }
                if !any { return Self.never }
                at = node[v]
            }
            guard labels[b] != Self.never, let c = travel(at, endNode[r]) else { return Self.never }
            return labels[b] + c <= limit ? labels[b] + c : Self.never
        }
    }

    /// Whether `sequence` is a feasible route `r` (times and capacity).
    func isFeasible(_ r: Int, _ sequence: some Collection<Int>) -> Bool {
        var load = 0
        for v in sequence { load += demand[v] }
        return load <= capacity[r] && endArrival(r, sequence, departure: earliestStart[r]) != Self.never
    }

    /// The schedule of route `r` serving `sequence`: the earliest arrival at
    /// the end, with the departure delayed as far as that allows; `nil` when
    /// infeasible (capacity included).
    ///
    /// - Complexity: O(k·(b + w)·log T) for the time span *T* of the route.
    func plan(route r: Int, sequence: [Int]) -> ScheduleSolution.RoutePlan? {
        guard isFeasible(r, sequence), let travelled = routeTravel(r, sequence) else { return nil }
        let first = endArrival(r, sequence, departure: earliestStart[r])
        var low = earliestStart[r]
        var high = first
        while low < high {
            let mid = low + (high - low + 1) / 2
            if endArrival(r, sequence, departure: mid) == first { low = mid } else { high = mid - 1 }
        }
        return schedule(route: r, sequence: sequence, departure: low, travel: travelled)
    }

    /// The times of `sequence` on route `r` leaving at `departure` (known feasible).
    private func schedule(route r: Int, sequence: [Int], departure: Int, travel travelled: Int)
        -> ScheduleSolution.RoutePlan {
        let b = breaks[r].count
        let k = sequence.count
        // labels[i][j]: earliest time to leave location i (0: start, i: visit i) with j breaks taken;
        // fromBreak[i][j]: that time is the end of break j - 1 taken at location i.
        var labels = [[Int]](repeating: [Int](repeating: Self.never, count: b + 1), count: k + 1)
        var fromBreak = [[Bool]](repeating: [Bool](repeating: false, count: b + 1), count: k + 1)
        labels[0][0] = departure
        if b > 0 {
            for j in 1...b where labels[0][j - 1] != Self.never {
                labels[0][j] = breakEnd(r, j - 1, ready: labels[0][j - 1])
                fromBreak[0][j] = true
            }
        }
        var at = startNode[r]
        for (i, v) in sequence.enumerated() {
            let c = self.travel(at, node[v]) ?? Self.never
            for j in 0...b {
                var x = Self.never
                if labels[i][j] != Self.never {
                    let s = firstStart(v, r, arrival: labels[i][j] + c)
                    if s != Self.never { x = s + service[v] }
                }
                if j > 0, labels[i + 1][j - 1] != Self.never {
                    let y = breakEnd(r, j - 1, ready: labels[i + 1][j - 1])
                    if y < x {
                        x = y
                        fromBreak[i + 1][j] = true
                    }
                }
                labels[i + 1][j] = x
            }
            at = node[v]
        }
        // Walk back from (k, b) to find where each break was taken.
        var breaksAt = [Int](repeating: 0, count: b)
        var i = k
        var j = b
        while i > 0 || j > 0 {
            if j > 0 && fromBreak[i][j] {
                breaksAt[j - 1] = i
                j -= 1
            } else {
                i -= 1
            }
        }
        var stops: [ScheduleSolution.Stop] = []
        var taken: [ScheduleSolution.TakenBreak] = []
        var ready = departure
        var next = 0
        at = startNode[r]
        var service = 0
        var pauses = 0
        func takeBreaks(upTo position: Int) {
            while next < b && breaksAt[next] == position {
                let pause = breaks[r][next]
                let start = max(ready, pause.earliestStart)
                taken.append(.init(breakIndex: next, afterStop: position, start: start, end: start + pause.duration))
                ready = start + pause.duration
                pauses += pause.duration
                next += 1
            }
        }
        takeBreaks(upTo: 0)
        for (index, v) in sequence.enumerated() {
            let arrival = ready + (self.travel(at, node[v]) ?? 0)
            let start = firstStart(v, r, arrival: arrival)
            stops.append(.init(visit: v, arrival: arrival, start: start, end: start + self.service[v]))
            ready = start + self.service[v]
            service += self.service[v]
            at = node[v]
            takeBreaks(upTo: index + 1)
        }
        let arrival = ready + (self.travel(at, endNode[r]) ?? 0)
        return .init(departure: departure, stops: stops, breaks: taken, arrival: arrival, travel: travelled,
                     waiting: arrival - departure - travelled - service - pauses)
    }
}
