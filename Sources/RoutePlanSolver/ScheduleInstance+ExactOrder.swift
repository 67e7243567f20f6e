extension ScheduleInstance {
    /// The least-travel feasible order of `visits` on route `r` (ties: the
    /// earliest arrival at the end), proven by a label-setting dynamic
    /// program over subsets; `nil` when no order is feasible, when none
    /// travels at most `bound`, or when the labels exceed `labelLimit`.
    ///
    /// Let *k* = `visits.count` and *b* the route's breaks. A label is a
    /// partial route: the subset served, the last visit, the breaks taken,
    /// the earliest time it can leave the last visit and its travel. A label
    /// dominates another of the same subset and last visit when it has taken
    /// at least as many breaks, can leave no later and has travelled no more
    /// (its every completion is then at least as good); dominated labels are
    /// dropped. Labels are extended in order of subset, so every subset is
    /// complete before it is extended.
    ///
    /// - Complexity: O(2ᵏ·k²·L·b) for at most *L* labels per (subset, last
    ///   visit); memory O(2ᵏ·k + labels).
    func exactOrder(route r: Int, visits: [Int], bound: Int, labelLimit: Int = 1_000_000) -> [Int]? {
        let k = visits.count
        guard k > 0, k <= 16 else { return k == 0 ? [] : nil }
        let b = breaks[r].count
        let endAt = endNode[r]
        let limit = latestEnd[r]
        var time: [Int] = []
        var travelled: [Int] = []
        var taken: [Int] = []
        var last: [Int] = []
        var parent: [Int] = []
        var alive: [Bool] = []
        var lists = [[Int]](repeating: [], count: (1 << k) * k)

        /// Adds a label unless dominated; removes the labels it dominates.
        func add(state: Int, t: Int, c: Int, j: Int, v: Int, from: Int) -> Bool {
            for index in lists[state] where alive[index] {
                if taken[index] >= j && time[index] <= t && travelled[index] <= c { return false }
            }
            lists[state].removeAll { index in
                if j >= taken[index] && t <= time[index] && c <= travelled[index] {
                    alive[index] = false
                    return true
                }
                return false
            }
            time.append(t)
            travelled.append(c)
            taken.append(j)
            last.append(v)
            parent.append(from)
            alive.append(true)
            lists[state].append(time.count - 1)
            return true
        }

        /// Extends a label at location `at` (ready at `ready`, `j` breaks taken)
        /// to visit `i` of `visits`, and adds the labels that take more breaks there.
        func extend(ready: Int, j: Int, c: Int, at: Int, to i: Int, mask: Int, from: Int) {
            let v = visits[i]
            guard let leg = travel(at, node[v]) else { return }
            let cost = c + leg
            if cost > bound { return }
            let s = firstStart(v, r, arrival: ready + leg)
            if s == Self.never { return }
            var t = s + service[v]
            guard let home = travel(node[v], endAt), t + home <= limit else { return }
            let state = (mask | (1 << i)) * k + i
            var j = j
            var previous = from
            while true {
                if add(state: state, t: t, c: cost, j: j, v: i, from: previous) { previous = time.count - 1 }
                if j == b { break }
                let next = breakEnd(r, j, ready: t)
                if next == Self.never { break }
                t = next
                j += 1
            }
        }

        // Leaving the start, after taking 0…b breaks there.
        var ready = earliestStart[r]
        for j in 0...b {
            for i in 0..<k { extend(ready: ready, j: j, c: 0, at: startNode[r], to: i, mask: 0, from: -1) }
            if j == b { break }
            ready = breakEnd(r, j, ready: ready)
            if ready == Self.never { break }
        }
        for mask in 1..<(1 << k) {
            for i in 0..<k where mask & (1 << i) != 0 {
                let state = mask * k + i
                let at = node[visits[i]]
                for label in lists[state] where alive[label] {
                    for next in 0..<k where mask & (1 << next) == 0 {
                        extend(ready: time[label], j: taken[label], c: travelled[label], at: at, to: next,
                               mask: mask, from: label)
                    }
                }
                if time.count > labelLimit { return nil }
            }
        }
        let full = (1 << k) - 1
        var best: (cost: Int, end: Int, label: Int)?
        for i in 0..<k {
            guard let home = travel(node[visits[i]], endAt) else { continue }
            for label in lists[full * k + i] where alive[label] && taken[label] == b {
                let end = time[label] + home
                let cost = travelled[label] + home
                guard end <= limit, cost <= bound else { continue }
                if best == nil || (cost, end) < (best!.cost, best!.end) { best = (cost, end, label) }
            }
        }
        guard let best else { return nil }
        var order: [Int] = []
        var label = best.label
        while label >= 0 {
            if order.last != visits[last[label]] { order.append(visits[last[label]]) }
            label = parent[label]
        }
        return order.reversed()
    }
}
