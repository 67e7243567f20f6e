import RoutePlanSolver

/// Random cost matrices for property tests; every test prints its seed on failure.
struct InstanceGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    /// An asymmetric matrix with costs in `costs`; each arc is forbidden with probability `forbidden`.
    mutating func asymmetric(_ n: Int, costs: ClosedRange<Int> = 0...1000, forbidden: Double = 0) throws -> CostMatrix {
        var rows = [[Int?]](repeating: [Int?](repeating: 0, count: n), count: n)
        for i in 0..<n {
            for j in 0..<n where i != j {
                rows[i][j] = Double.random(in: 0..<1, using: &rng) < forbidden ? nil : int(costs)
            }
        }
        return try CostMatrix(rows: rows)
    }

    /// A symmetric matrix of rounded Euclidean distances between random points.
    mutating func euclidean(_ n: Int, side: Double = 10_000) throws -> CostMatrix {
        let points = (0..<n).map { _ in
            (Double.random(in: 0..<side, using: &rng), Double.random(in: 0..<side, using: &rng))
        }
        return try CostMatrix(count: n) { i, j in
            let dx = points[i].0 - points[j].0, dy = points[i].1 - points[j].1
            return Int((dx * dx + dy * dy).squareRoot().rounded())
        }
    }

    /// A symmetric matrix of random costs in 1…1000 (no triangle inequality).
    mutating func symmetric(_ n: Int) throws -> CostMatrix {
        var upper = [Int](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) { upper[i * n + j] = int(1...1000) }
        }
        return try CostMatrix(count: n) { i, j in i == j ? 0 : upper[min(i, j) * n + max(i, j)] }
    }

    /// All five endpoint rules, with random fixed nodes.
    mutating func endpointVariants(_ n: Int) -> [RouteEndpoints] {
        let s = int(0...(n - 1))
        var t = int(0...(n - 1))
        if n > 1 { while t == s { t = int(0...(n - 1)) } }
        var variants: [RouteEndpoints] = [.roundTrip(from: s), .path(from: s), .path(to: t), .path()]
        if n > 1 { variants.append(.path(from: s, to: t)) }
        return variants
    }
}

/// The least cost over every order that obeys `endpoints`, by enumeration
/// (nil when every order uses a forbidden arc). Written independently of the
/// solvers: it only checks candidate orders with `CostMatrix.cost(of:closed:)`.
func bruteForceOptimum(_ matrix: CostMatrix, _ endpoints: RouteEndpoints) -> Int? {
    let n = matrix.count
    var best: Int?
    var order: [Int] = []
    var used = [Bool](repeating: false, count: n)
    func extend() {
        if order.count == n {
            if !endpoints.isRoundTrip, let end = endpoints.end, order.last != end { return }
            if let cost = matrix.cost(of: order, closed: endpoints.isRoundTrip), cost < (best ?? .max) {
                best = cost
            }
            return
        }
        for v in 0..<n where !used[v] {
            if order.isEmpty, let start = endpoints.start, v != start { continue }
            used[v] = true
            order.append(v)
            extend()
            order.removeLast()
            used[v] = false
        }
    }
    extend()
    return best
}

/// Checks that `solution` is a valid route for `endpoints` on `matrix` and that its cost is right.
func isValid(_ solution: Solution, _ matrix: CostMatrix, _ endpoints: RouteEndpoints) -> Bool {
    let n = matrix.count
    guard solution.order.count == n, Set(solution.order) == Set(0..<n) else { return false }
    guard solution.isRoundTrip == endpoints.isRoundTrip else { return false }
    if let start = endpoints.start, solution.order.first != start { return false }
    if !endpoints.isRoundTrip, let end = endpoints.end, solution.order.last != end { return false }
    return matrix.cost(of: solution.order, closed: solution.isRoundTrip) == solution.cost
}

/// A random 2-opt move a → b … c → d on a closed tour of `n` ≥ 5 cities
/// read forward by `next`; `nil` when the stretch drawn wraps round to a.
func randomTwoOptMove(cities n: Int, using generator: inout SplitMix64,
                      next: (Int) -> Int) -> (Int, Int, Int, Int)? {
    let a = Int.random(in: 0..<n, using: &generator)
    let b = next(a)
    var c = b
    for _ in 0..<Int.random(in: 1...(n - 3), using: &generator) { c = next(c) }
    let d = next(c)
    return d == a || c == a ? nil : (a, b, c, d)
}
