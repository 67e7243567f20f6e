#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A complete assignment of visits to routes during the search, with its objective.
struct ScheduleState: Sendable {
    var routes: [ScheduleRoute]
    /// The route of each visit, -1 when unscheduled.
    var routeOf: [Int]
    var score = 0
    var travel = 0
    /// Required visits not scheduled.
    var missing = 0
    /// The use of each shared limit by the scheduled visits (kept by `insert` and `retotal`).
    var shared: [Int] = []

    /// Whether `self` is lexicographically better than `other`: fewer required
    /// visits missing, then more score, then less travel.
    func isBetter(than other: ScheduleState) -> Bool {
        if missing != other.missing { return missing < other.missing }
        if score != other.score { return score > other.score }
        return travel < other.travel
    }

    /// Recomputes the totals from the routes.
    mutating func retotal(_ instance: ScheduleInstance) {
        travel = routes.reduce(0) { $0 + $1.travel }
        score = 0
        missing = 0
        for v in 0..<instance.n {
            if routeOf[v] >= 0 { score += instance.score[v] } else if instance.required[v] { missing += 1 }
        }
        shared = instance.sharedTotals(routeOf: routeOf)
    }
}

/// The ruin-and-recreate search of ``ScheduleSolver`` (see there for the algorithm).
///
/// Let *n* be the number of visits and *m* the number of routes.
struct ScheduleSearch {
    let instance: ScheduleInstance
    let options: ScheduleSolver.Options
    /// The caller's control, and one with a margin left for the last steps.
    let control: SolveControl
    let searchControl: SolveControl
    var rng: SplitMix64
    /// Up to 40 nearest other visits of each visit (by travel both ways).
    var neighbours: [[Int]] = []
    /// Mean travel from a visit to its nearest neighbour: the unit of the temperature.
    var unit = 1.0
    /// Mean score of the visits worth something: the unit of the score temperature.
    var scoreUnit = 1.0
    /// Visits the construction has looked at (the others are `searchLimit` if the search stops early).
    var considered: [Bool]
    var iterations = 0
    var stopped: ScheduleSolution.Termination?
    /// When the current local search must end (its share of the time), if ever.
    var localSearchUntil: ContinuousClock.Instant?
    /// Routes whose order the exact step has proven optimal.
    var proven = Set<Int>()
    /// `emptyTried[r] == emptyTriedStamp`: an empty twin of route `r` has been
    /// tried by the current ``bestInsertion(of:in:blink:byShift:)``.
    var emptyTried: [UInt32]
    var emptyTriedStamp: UInt32 = 0
    /// Positions left before the next blink, and the blink rate it was drawn for.
    var blinkCountdown = -1
    var blinkCountdownRate = 0.0

    init(instance: ScheduleInstance, options: ScheduleSolver.Options, control: SolveControl) {
        self.instance = instance
        self.options = options
        self.control = control
        if let limit = control.timeLimit {
            let margin = min(.milliseconds(100), limit / 10)
            searchControl = control.withDeadline(earlierBy: margin)
        } else {
            searchControl = control
        }
        rng = SplitMix64(seed: options.seed)
        considered = [Bool](repeating: false, count: instance.n)
        emptyTried = [UInt32](repeating: 0, count: instance.m)
    }

    /// Whether the search must stop now; records why.
    mutating func shouldStop(_ which: SolveControl) -> Bool {
        if which.isCancelled {
            stopped = .cancelled
            return true
        }
        if which.isPastDeadline {
            stopped = .timeLimit
            return true
        }
        return false
    }

    /// Builds the neighbour lists and the temperature unit. O(n²·log n).
    mutating func prepare() {
        let n = instance.n
        let k = min(40, max(0, n - 1))
        var total = 0.0
        var counted = 0
        neighbours = (0..<n).map { v in
            var others: [(Int, Int)] = []
            others.reserveCapacity(n)
            for u in 0..<n where u != v {
                let a = instance.travel(instance.node[v], instance.node[u])
                let b = instance.travel(instance.node[u], instance.node[v])
                let d = (a ?? ScheduleInstance.never / 4) + (b ?? ScheduleInstance.never / 4)
                others.append((d, u))
            }
            others.sort { $0 < $1 }
            if let first = others.first, first.0 < ScheduleInstance.never / 4 {
                total += Double(first.0) / 2
                counted += 1
            }
            return others.prefix(k).map(\.1)
        }
        unit = max(1, counted > 0 ? total / Double(counted) : 1)
        let worth = instance.score.filter { $0 > 0 }
        scoreUnit = worth.isEmpty ? 1 : Double(worth.reduce(0, +)) / Double(worth.count)
    }

    /// An empty state.
    func emptyState() -> ScheduleState {
        let routes = (0..<instance.m).map { r -> ScheduleRoute in
            var route = ScheduleRoute(index: r, hasBreaks: !instance.breaks[r].isEmpty)
            route.refresh(instance)
            return route
        }
        var state = ScheduleState(routes: routes, routeOf: [Int](repeating: -1, count: instance.n))
        state.retotal(instance)
        return state
    }

    /// The cheapest feasible insertion of `v` in `state`: (route, position, added travel).
    /// With `blink` > 0 each position is skipped with that probability.
    /// - Complexity: O(m·k·w), O(m·k²·b) on routes with breaks.
    /// With `byShift` the position that delays the rest of its route least
    /// is chosen instead (orienteering: time, not travel, is what is scarce);
    /// `delta` is then that shift.
    mutating func bestInsertion(of v: Int, in state: ScheduleState, blink: Double = 0, byShift: Bool = false)
        -> (route: Int, position: Int, delta: Int)? {
        var best: (route: Int, position: Int, delta: Int)?
        var bestTravel = 0
        guard instance.fitsShared(v, totals: state.shared) else { return nil }
        let node = instance.node[v]
        let demand = instance.demand[v]
        let service = instance.service[v]
        // Each position is skipped with probability `blink`: the gaps between
        // skips are geometric, so one draw per skip rather than one per position.
        // The countdown carries over from call to call (the gaps are memoryless).
        if blink > 0 && (blinkCountdown < 0 || blinkCountdownRate != blink) {
            blinkCountdown = geometricGap(blink)
            blinkCountdownRate = blink
        }
        var untilBlink = blink > 0 ? blinkCountdown : Int.max
        defer { if blink > 0 { blinkCountdown = untilBlink } }
        // Empty routes already tried, by twin class (see `ScheduleInstance.twins`).
        emptyTriedStamp &+= 1
        if emptyTriedStamp == 0 {
            // Wrapped around: forget every old stamp.
            for r in 0..<instance.m { emptyTried[r] = 0 }
            emptyTriedStamp = 1
        }
        for r in 0..<instance.m where instance.hasWindow(v, r) {
            // Read in place: a copy of the route would retain its five arrays.
            if state.routes[r].load + demand > instance.capacity[r] { continue }
            let count = state.routes[r].visits.count
            if count == 0 {
                // One empty route of each class of twins: the others give the same.
                let twin = instance.twins[r]
                if emptyTried[twin] == emptyTriedStamp { continue }
                emptyTried[twin] = emptyTriedStamp
            }
            // Positions the windows rule out are skipped, the blink countdown
            // advanced over them as if they had been scanned (same draws).
            let window = state.routes[r].windowPositions(of: v, instance)
            if blink > 0 { skipBlink(window.lowerBound, untilBlink: &untilBlink, blink) }
            defer { if blink > 0 { skipBlink(count + 1 - window.upperBound, untilBlink: &untilBlink, blink) } }
            for p in window {
                if untilBlink == 0 {
                    untilBlink = geometricGap(blink)
                    continue
                }
                untilBlink -= 1
                // A position that cannot beat the best is not tested for time: the
                // key is at least the added travel (by shift: plus the service).
                if let best, let travel = state.routes[r].insertionTravel(node, at: p, instance) {
                    let least = byShift ? travel + service : travel
                    if least > best.delta || (least == best.delta && travel >= bestTravel) { continue }
                }
                guard let (travel, shift) = state.routes[r].insertionDelta(v, at: p, instance) else { continue }
                let key = byShift ? shift : travel
                if best == nil || key < best!.delta || (key == best!.delta && travel < bestTravel) {
                    best = (r, p, key)
                    bestTravel = travel
                }
            }
        }
        return best
    }

    /// Advances a blink countdown over `positions` positions without testing
    /// them: the draws are those a scan of them would have made.
    /// O(1 + the blinks among them).
    @inline(__always)
    mutating func skipBlink(_ positions: Int, untilBlink: inout Int, _ blink: Double) {
        var left = positions
        while left > 0 {
            if untilBlink == 0 {
                untilBlink = geometricGap(blink)
                left -= 1
            } else {
                let step = min(untilBlink, left)
                untilBlink -= step
                left -= step
            }
        }
    }

    /// The number of trials before the next success of a Bernoulli(`p`)
    /// sequence, 0 < p < 1: ⌊ln u / ln(1 − p)⌋ for u uniform in (0, 1]. O(1).
    mutating func geometricGap(_ p: Double) -> Int {
        let u = Double.random(in: Double.ulpOfOne...1, using: &rng)
        return Int(min(Double(Int.max / 2), (log(u) / log1p(-p)).rounded(.down)))
    }

    /// Inserts `v` at `position` of route `r`.
    func insert(_ v: Int, route r: Int, position: Int, into state: inout ScheduleState) {
        state.routes[r].visits.insert(v, at: position)
        state.routes[r].refresh(instance)
        state.routeOf[v] = r
        instance.account(v, sign: 1, in: &state.shared)
    }

    /// Puts `pool` back into `state` by cheapest insertion, in order.
    /// Orienteering recreate: repeatedly inserts the visit of the best ratio
    /// score² / (1 + shift) at its least-shift position (required visits
    /// first), until none fits. O(p²·k) for a pool of *p* visits.
    mutating func recreateByRatio(_ pool: [Int], into state: inout ScheduleState, blink: Double) {
        var pending = pool
        while !pending.isEmpty {
            var best: (index: Int, route: Int, position: Int, required: Bool, ratio: Double)?
            var left: [Int] = []
            for v in pending {
                guard let (r, p, shift) = bestInsertion(of: v, in: state, blink: blink, byShift: true) else { continue }
                left.append(v)
                let score = Double(instance.score[v])
                let ratio = score * score / Double(1 + max(0, shift))
                let required = instance.required[v]
                if best == nil || (required && !best!.required) || (required == best!.required && ratio > best!.ratio) {
                    best = (left.count - 1, r, p, required, ratio)
                }
            }
            guard let chosen = best else { break }
            insert(left[chosen.index], route: chosen.route, position: chosen.position, into: &state)
            left.remove(at: chosen.index)
            pending = left
        }
        state.retotal(instance)
    }

    /// Visits that did not fit are tried again while the previous pass
    /// inserted something (a visit may only be reachable through another,
    /// around a forbidden arc or a window), unless no insertion can make
    /// room for another (``ScheduleInstance/detoursNeverShorten``).
    mutating func recreate(_ pool: [Int], into state: inout ScheduleState, blink: Double, byShift: Bool = false) {
        var pending = pool
        while !pending.isEmpty {
            var left: [Int] = []
            for v in pending {
                if let (r, p, _) = bestInsertion(of: v, in: state, blink: blink, byShift: byShift) {
                    insert(v, route: r, position: p, into: &state)
                } else {
                    left.append(v)
                }
            }
            if left.count == pending.count || instance.detoursNeverShorten { break }
            pending = left
        }
        state.retotal(instance)
    }

    /// The first solution: required visits by cheapest insertion (hardest first),
    /// then the others by score. Stops early (visits left unconsidered) when the search must stop.
    mutating func construct() -> ScheduleState {
        var state = emptyState()
        let order = (0..<instance.n).sorted { a, b in
            if instance.required[a] != instance.required[b] { return instance.required[a] }
            if instance.score[a] != instance.score[b] { return instance.score[a] > instance.score[b] }
            return a < b
        }
        for (i, v) in order.enumerated() {
            if i % 16 == 0 && shouldStop(control) { break }
            considered[v] = true
            if let (r, p, _) = bestInsertion(of: v, in: state) {
                insert(v, route: r, position: p, into: &state)
            }
        }
        state.retotal(instance)
        return state
    }

    /// The share of ruined routes that lose a split string rather than a string.
    static let splitRate = 0.5
    /// SISR's split depth β: the chance that the kept part of a split string stops growing.
    static let splitDepth = 0.01
    /// When every visit must be served, the share of iterations whose recreate
    /// starts by opening a route (see ``openRoute(for:in:)``).
    static let openRate = 0.2

    /// Removes strings of adjacent visits around a random seed visit from a
    /// few routes (SISR's ruin); returns the visits removed.
    ///
    /// In each route the string holds the visit of the seed's neighbourhood
    /// that led there; half of the time it is a *split string* (SISR): a
    /// longer string of which a block of consecutive visits stays, so visits
    /// on both sides of that block leave together.
    mutating func ruin(_ state: inout ScheduleState) -> [Int] {
        var scheduledCount = 0
        var usedCount = 0
        for r in 0..<instance.m where !state.routes[r].visits.isEmpty {
            scheduledCount += state.routes[r].visits.count
            usedCount += 1
        }
        guard scheduledCount > 0 else { return [] }
        let averageRemoved = 10.0
        let maxString = 10.0
        let meanLength = Double(scheduledCount) / Double(max(1, usedCount))
        let stringMax = min(maxString, meanLength)
        let routesMax = 4 * averageRemoved / (1 + stringMax) - 1
        let routeCount = Int(Double.random(in: 1..<(routesMax + 1), using: &rng))
        // The seed: the i-th scheduled visit, route by route.
        var seed = -1
        var i = Int.random(in: 0..<scheduledCount, using: &rng)
        for r in 0..<instance.m {
            let count = state.routes[r].visits.count
            if i < count {
                seed = state.routes[r].visits[i]
                break
            }
            i -= count
        }
        var removed: [Int] = []
        var ruined = Set<Int>()
        for c in [seed] + neighbours[seed] {
            if ruined.count >= routeCount { break }
            let r = state.routeOf[c]
            guard r >= 0, !ruined.contains(r) else { continue }
            ruined.insert(r)
            let visits = state.routes[r].visits
            let limit = min(Double(visits.count), stringMax)
            let length = max(1, min(visits.count, Int(Double.random(in: 1..<(limit + 1), using: &rng))))
            guard let at = visits.firstIndex(of: c) else { continue }
            let lowest = max(0, at - length + 1)
            let highest = min(at, visits.count - length)
            let begin = Int.random(in: lowest...highest, using: &rng)
            var piece = Array(visits[begin..<(begin + length)])
            var kept = visits
            kept.removeSubrange(begin..<(begin + length))
            let maxKept = visits.count - length
            if maxKept > 0 && Double.random(in: 0..<1, using: &rng) < Self.splitRate {
                // Split string: a string of length + m visits around c loses
                // all but m consecutive ones; m starts at 1 and grows while a
                // uniform draw is at least `splitDepth`, up to |route| − length.
                var m = 1
                while m < maxKept && Double.random(in: 0..<1, using: &rng) >= Self.splitDepth { m += 1 }
                let span = length + m
                let first = Int.random(in: max(0, at - span + 1)...min(at, visits.count - span), using: &rng)
                let keepAt = first + Int.random(in: 0...(span - m), using: &rng)
                piece = Array(visits[first..<keepAt]) + Array(visits[(keepAt + m)..<(first + span)])
                kept = Array(visits[..<first]) + Array(visits[keepAt..<(keepAt + m)]) + Array(visits[(first + span)...])
            }
            state.routes[r].visits = kept
            if state.routes[r].refresh(instance) {
                for v in piece { state.routeOf[v] = -1 }
                removed += piece
            } else {
                // Without the triangle inequality a removal can break a route: keep it.
                state.routes[r].visits = visits
                state.routes[r].refresh(instance)
            }
        }
        state.retotal(instance)
        return removed
    }

    /// Puts the first visit of `pool` alone on the first empty route that can
    /// serve it, and takes it out of the pool; the rest of the recreate may
    /// then join it there. Cheapest insertion alone almost never opens a route
    /// (depot → v → depot costs more than a detour on a route nearby), so
    /// without this a search that has settled on k routes stays there even
    /// when the optimum needs k + 1 (Solomon R203.50: 605.3 with five routes,
    /// 608.5 with four). O(m + k) for a route of *k* visits.
    mutating func openRoute(for pool: inout [Int], in state: inout ScheduleState) {
        let v = pool[0]
        guard instance.fitsShared(v, totals: state.shared),
              let r = (0..<instance.m).first(where: { r in
                  state.routes[r].visits.isEmpty && instance.hasWindow(v, r)
                      && instance.demand[v] <= instance.capacity[r]
                      && state.routes[r].insertionDelta(v, at: 0, instance) != nil
              })
        else { return }
        insert(v, route: r, position: 0, into: &state)
        pool.removeFirst()
    }

    /// The most unscheduled visits a recreate tries all of; past it, the
    /// pool is the removed visits, their neighbours and a sample.
    ///
    /// When visits compete for time (orienteering), removing a string frees
    /// time along the whole rest of its route, not only near the string:
    /// trying every unscheduled visit took TOPTW m = 1 (11 hard instances,
    /// seeds 1–3, 60,000 iterations) from 19 to 28 of 33 runs at the
    /// optimum, mean gap 0.48 % → 0.11 %; at 1 s (machine loaded, seeds
    /// 1–6) from 40 to 48 of 66. TOPTW m = 3 at 1 s −3.86 % → −3.84 % against
    /// the published average (76 instances), MC-TOP-MTW at 1 s 0.23 % →
    /// 0.23 % (Solomon-based, 116) and 0.10/0.22 % → 0.39/0.17 % (Cordeau-based,
    /// 32, seeds 1/2): level. A sample of 40 instead of 8 reached 25 of 33 at
    /// 60,000 iterations but 22 of 33 at 1 s.
    static let wholePoolLimit = 300

    /// The visits to put back: every unscheduled visit up to
    /// ``wholePoolLimit`` of them; past it, the removed ones, the unscheduled
    /// near them, every unscheduled required visit and a few unscheduled at
    /// random.
    mutating func recreatePool(_ removed: [Int], _ state: ScheduleState) -> [Int] {
        let unscheduled = (0..<instance.n).filter { state.routeOf[$0] < 0 && considered[$0] }
        if unscheduled.count <= max(removed.count + 24, Self.wholePoolLimit) { return unscheduled }
        var chosen = [Bool](repeating: false, count: instance.n)
        var pool: [Int] = []
        func take(_ v: Int) {
            if !chosen[v] && state.routeOf[v] < 0 && considered[v] {
                chosen[v] = true
                pool.append(v)
            }
        }
        for v in removed {
            take(v)
            for u in neighbours[v].prefix(8) { take(u) }
        }
        for v in unscheduled where instance.required[v] { take(v) }
        for _ in 0..<8 { take(unscheduled[Int.random(in: 0..<unscheduled.count, using: &rng)]) }
        return pool
    }

    /// The order in which to recreate: required first, then one of several
    /// SISR-like sort keys chosen at random.
    mutating func recreateOrder(_ pool: [Int]) -> [Int] {
        let pick = Int.random(in: 0..<10, using: &rng)
        let depot = instance.problem.routes.first?.startNode ?? 0
        func key(_ v: Int) -> Double {
            switch pick {
            case 0..<3: return -Double(instance.score[v])
            case 3..<6: return 0
            case 6..<8: return -Double(instance.demand[v])
            case 8: return -Double(instance.travel(depot, instance.node[v]) ?? 0)
            default: return Double(instance.travel(depot, instance.node[v]) ?? 0)
            }
        }
        let requiredFirst = Int.random(in: 0..<8, using: &rng) != 0
        // (visit, required first, key, random tie-break), keys computed once.
        var keyed = pool.map { v in
            (v, requiredFirst && instance.required[v], key(v), Double.random(in: 0..<1, using: &rng))
        }
        keyed.sort { a, b in
            if a.1 != b.1 { return a.1 }
            if a.2 != b.2 { return a.2 < b.2 }
            return a.3 < b.3
        }
        return keyed.map(\.0)
    }

    /// Simulated annealing on the lexicographic objective: fewer missing
    /// required visits always wins; then a higher score is always accepted
    /// and a lower one with probability exp(−loss / (`scoreHeat`·mean score));
    /// at equal score, travel is annealed with temperature `heat`·`unit`.
    mutating func accepts(_ candidate: ScheduleState, over current: ScheduleState, heat: Double, scoreHeat: Double) -> Bool {
        if candidate.missing != current.missing { return candidate.missing < current.missing }
        let u = Double.random(in: Double.ulpOfOne..<1, using: &rng)
        if candidate.score != current.score {
            if candidate.score > current.score { return true }
            let loss = Double(current.score - candidate.score)
            return loss < -scoreHeat * scoreUnit * log(u)
        }
        return Double(candidate.travel) < Double(current.travel) - heat * unit * log(u)
    }

    /// The default iteration budget for `n` visits.
    static func budget(visits n: Int) -> Int { 2_000 + 200 * n }

    /// Runs construction, ruin and recreate, the exact route step and the
    /// reasons; returns the solution.
    mutating func run() -> ScheduleSolution {
        let start = ContinuousClock.now
        prepare()
        var current = construct()
        // Local search may take at most a quarter of the time spent so far
        // (the first pass on the construction only on instances of ≤ 300 visits).
        var searchTime = Duration.zero
        if stopped == nil && instance.n <= 300 {
            let before = ContinuousClock.now
            localSearch(&current)
            searchTime += before.duration(to: .now)
        }
        var best = current
        let budget = options.maxIterations ?? Self.budget(visits: instance.n)
        let stallLimit = options.maxIterations == nil && control.deadline != nil ? 10 * budget : budget
        let total = control.deadline.map { start.duration(to: $0) }
        var sinceBest = 0
        // After this many iterations without a new best, the search restarts from the best.
        let resetAfter = 1_000
        // Whether visits compete for time (some are left out): then recreate
        // also inserts by ratio and by least shift.
        var orienteering: Bool { best.routeOf.contains(-1) }
        // Out of ten iterations: two by ratio, three by least shift, five by least travel.
        let ratioShare = 2
        let shiftShare = 5
        // Temperatures, from hot to cold: score (× scoreUnit), and travel (× unit)
        // when every visit is served, else travel as cold as score (travel
        // then only matters as time freed for more score).
        let scoreHot = 10.0
        let scoreCold = 0.05
        let travelHot = 10.0
        let travelCold = 0.1
        if stopped == nil && instance.n > 0 && instance.m > 0 {
            while true {
                if options.maxIterations != nil && iterations >= budget { break }
                if options.maxIterations == nil && control.deadline == nil && iterations >= budget { break }
                if sinceBest >= stallLimit { break }
                if shouldStop(searchControl) { break }
                iterations += 1
                sinceBest += 1
                var fraction = options.maxIterations != nil || total == nil
                    ? Double(iterations) / Double(budget) : 0
                if let total {
                    fraction = max(fraction, start.duration(to: .now).inSeconds / max(1e-9, total.inSeconds))
                }
                let temperature = orienteering ? scoreHot * pow(scoreCold / scoreHot, min(1, fraction))
                    : travelHot * pow(travelCold / travelHot, min(1, fraction))
                let scoreTemperature = scoreHot * pow(scoreCold / scoreHot, min(1, fraction))
                var candidate = current
                let removed = ruin(&candidate)
                var pool = recreateOrder(recreatePool(removed, candidate))
                if !orienteering && !pool.isEmpty && Double.random(in: 0..<1, using: &rng) < Self.openRate {
                    openRoute(for: &pool, in: &candidate)
                }
                let choice = orienteering ? Int.random(in: 0..<10, using: &rng) : 9
                if choice < ratioShare {
                    recreateByRatio(pool, into: &candidate, blink: 0.01)
                } else {
                    recreate(pool, into: &candidate, blink: 0.01, byShift: choice < shiftShare)
                }
                if candidate.isBetter(than: best) {
                    let now = ContinuousClock.now
                    // With a deadline, its share of the time; without, always (deterministic).
                    let share = start.duration(to: now) / 4 - searchTime
                    if control.deadline == nil || share > .zero {
                        localSearchUntil = control.deadline == nil ? nil : now + max(share, .milliseconds(5))
                        localSearch(&candidate)
                        localSearchUntil = nil
                        searchTime += now.duration(to: .now)
                    }
                    best = candidate
                    current = candidate
                    sinceBest = 0
                } else if accepts(candidate, over: current, heat: temperature, scoreHeat: scoreTemperature) {
                    current = candidate
                }
                if sinceBest % resetAfter == 0 {
                    // Long without a new best: go back to it.
                    current = best
                }
            }
        }
        return finish(best)
    }
}
