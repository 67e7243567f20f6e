/// The costs ``SymmetricSearch`` reads: a complete undirected graph whose
/// arcs cost the same both ways, with ``unusable`` for arcs no tour may use.
///
/// Every problem the heuristic solves is brought to this form: symmetric
/// round trips directly (``MatrixCosts``), open paths through one extra node
/// (``PathCosts``), asymmetric costs through the doubled graph
/// (``DoubledCosts``), and very large coordinate instances through a cost
/// function evaluated on the fly (``FunctionCosts``).
protocol SymmetricCosts: Sendable {
    /// The number of nodes.
    var count: Int { get }
    /// The cost of the edge {a, b}; equal to `cost(b, a)`.
    func cost(_ a: Int, _ b: Int) -> Int
    /// The cost of an edge no valid tour may use (a forbidden arc, or an
    /// edge the form's construction rules out): above the cost of every
    /// tour that stands for a valid route, so that any tour with such an
    /// edge is dearer than every valid one, and the search leaves such edges
    /// as soon as it can.
    ///
    /// It is a finite price, not a sentinel, so that the search's sums stay
    /// exact; ``sumsFitInInt`` says whether they fit.
    var unusable: Int { get }
    /// Whether the edge {a, b} belongs to every valid tour, so a kick must
    /// not cut it (the in–out edges of ``DoubledCosts``).
    func isFixed(_ a: Int, _ b: Int) -> Bool
    /// The cost of the route a tour of cost `total` stands for, or `nil`
    /// when such a tour stands for no valid route (it uses an unusable edge
    /// or pays a penalty more than once).
    func routeCost(ofTourCost total: Int) -> Int?
}

extension SymmetricCosts {
    func isFixed(_ a: Int, _ b: Int) -> Bool { false }
    func routeCost(ofTourCost total: Int) -> Int? { total < unusable ? total : nil }

    /// Whether every sum the search forms fits in `Int` however many
    /// unusable edges a tour holds: see ``SymmetricCostLimits/sumsFit(count:unusable:)``.
    /// A form for which this is false must not be searched (the route-array
    /// search takes the problem instead).
    var sumsFitInInt: Bool { SymmetricCostLimits.sumsFit(count: count, unusable: unusable) }
}

/// The arithmetic bounds of the symmetric forms.
enum SymmetricCostLimits {
    /// The most edges beyond a tour's that one sum of the search holds: a
    /// Lin–Kernighan chain adds and removes at most
    /// `SearchTuning.linKernighanBreadth.count + 1` edges of each kind, an
    /// Or-move or a double bridge a handful.
    static let edgesBeyondTour = 64

    /// Whether sums of up to 2 · (`count` + ``edgesBeyondTour``) edge costs,
    /// each at most `unusable`, fit in `Int`. A tour's cost is a sum of
    /// `count` edges and every gain of a move is a difference of a few more,
    /// so the search's arithmetic cannot overflow, even from a start tour
    /// made only of unusable edges (a sparse matrix's greedy tour can hold
    /// dozens).
    ///
    /// With L the largest cost: a symmetric round trip fits up to 65,504
    /// nodes at L = 2³⁰ − 1 (a matrix that size takes 17 GB), an open path
    /// up to 46,307. The doubled graph of a directed problem on n nodes
    /// prices an unusable edge near n²·L, and fits up to n = 1,278 at
    /// L = 2³⁰ − 1, 6,120 at L = 10⁷ and 28,450 at L = 10⁵.
    static func sumsFit(count: Int, unusable: Int) -> Bool {
        let (edges, o1) = (count + edgesBeyondTour).multipliedReportingOverflow(by: 2)
        let (_, o2) = edges.multipliedReportingOverflow(by: unusable)
        return !o1 && !o2
    }

    /// `count` · (`largest` + 1): above the cost of any tour of `count`
    /// edges each at most `largest`; `Int.max` when that overflows (and
    /// ``sumsFit(count:unusable:)`` then fails).
    static func aboveTours(of count: Int, edgesAtMost largest: Int) -> Int {
        let (bound, overflow) = max(count, 1).multipliedReportingOverflow(by: largest + 1)
        return overflow ? .max : bound
    }
}

/// A symmetric ``CostMatrix`` as it is; forbidden arcs are unusable.
struct MatrixCosts: SymmetricCosts {
    let matrix: CostMatrix
    let unusable: Int
    var count: Int { matrix.count }

    init(matrix: CostMatrix) {
        self.matrix = matrix
        unusable = SymmetricCostLimits.aboveTours(of: matrix.count, edgesAtMost: matrix.largestCost)
    }

    @inline(__always)
    func cost(_ a: Int, _ b: Int) -> Int {
        let c = matrix.storage[a &* matrix.count &+ b]
        return c == CostMatrix.forbidden ? unusable : Int(c)
    }
}

/// An open path on a symmetric ``CostMatrix`` as a closed tour through one
/// extra node *d* (index `matrix.count`), whose two edges stand for "the
/// route starts here" and "the route ends here".
///
/// - any → any: every edge {d, x} costs 0.
/// - s → any (or any → t): {d, s} costs 0 and every other {d, x} a
///   constant `penalty` above any route; every tour pays it exactly once
///   when it uses {d, s}, and twice otherwise, so the cheapest tours are the
///   routes that start at s.
/// - s → t: {d, s} and {d, t} cost 0, every other {d, x} is unusable.
///
/// A tour's cost is then the route's cost plus `penalty` for a single fixed
/// end, and the route is read off by cutting the tour at *d*.
struct PathCosts: SymmetricCosts {
    let matrix: CostMatrix
    let endpoints: RouteEndpoints
    let penalty: Int
    /// Twice ``penalty``: a tour standing for a route costs the route
    /// (below ``penalty``) plus at most one penalty.
    let unusable: Int
    let count: Int

    init(matrix: CostMatrix, endpoints: RouteEndpoints) {
        precondition(!endpoints.isRoundTrip)
        self.matrix = matrix
        self.endpoints = endpoints
        count = matrix.count + 1
        penalty = SymmetricCostLimits.aboveTours(of: count, edgesAtMost: matrix.largestCost)
        let (twice, overflow) = penalty.multipliedReportingOverflow(by: 2)
        unusable = overflow ? .max : twice
    }

    /// A single fixed end pays ``penalty`` once; a tour paying it twice, or
    /// using an unusable edge, is no valid route.
    func routeCost(ofTourCost total: Int) -> Int? {
        let paid = (endpoints.start == nil) != (endpoints.end == nil) ? penalty : 0
        let route = total - paid
        return route >= 0 && route < penalty ? route : nil
    }

    @inline(__always)
    func cost(_ a: Int, _ b: Int) -> Int {
        let n = matrix.count
        if a != n && b != n {
            let c = matrix.storage[a &* n &+ b]
            return c == CostMatrix.forbidden ? unusable : Int(c)
        }
        let x = a == n ? b : a
        if x == n { return unusable }
        switch (endpoints.start, endpoints.end) {
        case (nil, nil): return 0
        case let (s?, nil), let (nil, s?): return x == s ? 0 : penalty
        case let (s?, t?): return x == s || x == t ? 0 : unusable
        }
    }
}

/// A directed cycle problem on `n` nodes as a symmetric one on 2n nodes
/// (Jonker & Volgenant 1983): node i becomes an entry i and an exit n + i,
/// joined by a free edge every valid tour uses, and the arc i → j becomes
/// the edge {n + i, j}:
///
///     arc i → j            edge {exit i, entry j}, cost c(i,j) + M
///     entry i, exit i      edge {i, n + i}, cost 0 (fixed)
///     entry–entry, exit–exit   unusable
///
/// A tour of the doubled graph alternates entries and exits. When it uses
/// every fixed edge it reads entry i → exit i → entry j → exit j …, a
/// directed cycle of cost Σc + n·M; a tour that skips k fixed edges uses
/// n + k arcs and pays (n + k)·M, so with M above any cycle's cost the
/// cheapest doubled tours are exactly the cheapest directed cycles.
struct DoubledCosts: SymmetricCosts {
    /// A directed cost that marks a forbidden arc.
    static let forbidden = -1

    /// The directed costs, row-major: each non-negative, or ``forbidden``.
    let directed: [Int]
    let n: Int
    /// M: above the cost of any directed cycle.
    let offset: Int
    /// (n + 1) · M: above every tour standing for a directed cycle (see
    /// ``routeCost(ofTourCost:)``).
    let unusable: Int
    var count: Int { 2 * n }

    /// Doubles the directed `costs` (n × n, row-major, ``forbidden`` for
    /// arcs no route may use; the diagonal is ignored).
    init(n: Int, directed: [Int]) {
        precondition(directed.count == n * n)
        self.n = n
        self.directed = directed
        let largest = max(directed.max() ?? 0, 0)
        offset = SymmetricCostLimits.aboveTours(of: n + 1, edgesAtMost: largest)
        let (product, overflow) = offset.multipliedReportingOverflow(by: n + 1)
        unusable = overflow ? .max : product
    }

    @inline(__always)
    func cost(_ a: Int, _ b: Int) -> Int {
        let aExit = a >= n, bExit = b >= n
        if aExit == bExit { return unusable }
        let exit = aExit ? a &- n : b &- n
        let entry = aExit ? b : a
        if exit == entry { return 0 }
        let c = directed[exit &* n &+ entry]
        return c < 0 ? unusable : c &+ offset
    }

    @inline(__always)
    func isFixed(_ a: Int, _ b: Int) -> Bool { a == b &+ n || b == a &+ n }

    /// A tour through all n in–out edges has n arcs, each `offset` dearer
    /// than its directed cost, and costs less than (n + 1) · offset; any
    /// other tour has more arcs and costs more.
    func routeCost(ofTourCost total: Int) -> Int? {
        total < unusable ? total - n * offset : nil
    }
}

/// Costs computed on demand by a function, for instances too large for a
/// matrix (85,900 nodes would need 29 GB).
struct FunctionCosts: SymmetricCosts {
    let count: Int
    let function: @Sendable (Int, Int) -> Int
    /// Never returned: every pair has a cost.
    var unusable: Int { .max }

    @inline(__always)
    func cost(_ a: Int, _ b: Int) -> Int { function(a, b) }
}

extension SymmetricCosts {
    /// The cost of the closed tour visiting `order`.
    func tourCost(_ order: [Int]) -> Int {
        guard order.count > 1 else { return 0 }
        var total = cost(order[order.count - 1], order[0])
        for i in 1..<order.count { total += cost(order[i - 1], order[i]) }
        return total
    }

    /// Each node's `k` cheapest neighbours, cheapest first (ties by index),
    /// as a flat array; unusable edges are never listed ahead of usable ones.
    /// - Complexity: O(n²·k) time in the worst case, O(n·k) memory, with n
    ///   the node count.
    func nearestNeighbours(_ k: Int) -> [Int32] {
        let n = count
        var list = [Int32](repeating: 0, count: n * k)
        var bestCost = [Int](repeating: 0, count: k)
        var bestNode = [Int32](repeating: 0, count: k)
        for a in 0..<n {
            var found = 0
            for b in 0..<n where b != a {
                let c = cost(a, b)
                if found == k && c >= bestCost[k - 1] { continue }
                var slot = found < k ? found : k - 1
                while slot > 0 && bestCost[slot - 1] > c {
                    bestCost[slot] = bestCost[slot - 1]
                    bestNode[slot] = bestNode[slot - 1]
                    slot -= 1
                }
                bestCost[slot] = c
                bestNode[slot] = Int32(b)
                if found < k { found += 1 }
            }
            for i in 0..<k { list[a * k + i] = bestNode[i] }
        }
        return list
    }
}
