/// Lower bounds on the cost of any route: how far from optimal a heuristic
/// route can be at most.
///
/// - Symmetric round trips: the Held–Karp 1-tree bound. For node weights π,
///   every tour is a 1-tree (a spanning tree on nodes 1…n−1 plus two arcs at
///   node 0), so the cheapest 1-tree under c′ᵢⱼ = cᵢⱼ + πᵢ + πⱼ, minus 2Σπ,
///   bounds every tour. Subgradient ascent moves π towards degree 2 at every
///   node (Held & Karp 1971), with Polyak steps towards the heuristic's cost.
///   From ``sparseOneTreeMinimum`` nodes the steps run on a sparse candidate
///   graph and the result is re-checked on the complete graph (see
///   ``sparseOneTree(_:upperBound:maxSteps:control:neighbours:)``).
/// - Everything else (asymmetric costs, open paths, fixed ends): the
///   assignment bound. Every route is an assignment of one successor to each
///   node, so the cheapest assignment (Hungarian algorithm) bounds it. Open
///   paths become cycles through one extra node first.
///
/// Bounds are rounded up (costs are integers) and never exceed the optimum.
public enum LowerBound {
    /// The largest problem the O(n³) assignment bound is computed for.
    public static let assignmentNodeLimit = 2_000
    /// The largest problem the O(n²)-per-step 1-tree bound is computed for.
    public static let oneTreeNodeLimit = 5_000

    /// The best bound available for `endpoints` on `matrix`, or `nil` when the
    /// problem is too large or the control says to stop first.
    ///
    /// - Parameter upperBound: the cost of a known route; steers the 1-tree
    ///   steps and ends the ascent early when the bound reaches it.
    public static func compute(_ matrix: CostMatrix, endpoints: RouteEndpoints, upperBound: Int?,
                               control: SolveControl = .unlimited) -> Int? {
        let n = matrix.count
        guard n > 1 else { return 0 }
        if endpoints.isRoundTrip && matrix.isSymmetric && !matrix.hasForbiddenArcs {
            guard n <= oneTreeNodeLimit else { return nil }
            return oneTree(matrix, upperBound: upperBound, control: control)
        }
        guard n < assignmentNodeLimit else { return nil }
        return assignment(cycleMatrix(matrix, endpoints), control: control)
    }

    // MARK: 1-tree

    /// The Held–Karp 1-tree bound of a symmetric round trip.
    /// - Complexity: below ``sparseOneTreeMinimum`` nodes O(n²) per
    ///   subgradient step, at most `maxSteps` steps; from there O(n log n)
    ///   per step and O(n²) a few times (see
    ///   ``sparseOneTree(_:upperBound:maxSteps:control:neighbours:)``).
    public static func oneTree(_ matrix: CostMatrix, upperBound: Int?, maxSteps: Int? = nil,
                               control: SolveControl = .unlimited) -> Int {
        let n = matrix.count
        guard n > 2 else { return matrix.cost(of: Array(0..<n), closed: true) ?? 0 }
        if n >= sparseOneTreeMinimum {
            return sparseOneTree(matrix, upperBound: upperBound, maxSteps: maxSteps, control: control)
        }
        let steps = maxSteps ?? min(1_000, max(100, 200_000_000 / (n * n)))
        var pi = [Double](repeating: 0, count: n)
        var best = -Double.infinity
        var lambda = 2.0
        var sinceImprovement = 0
        var degree = [Int](repeating: 0, count: n)
        let target = upperBound.map(Double.init)

        for step in 0..<steps {
            // At least one step, however late: it already gives a valid bound.
            if step > 0 && control.shouldStop { break }
            let value = minimumOneTree(matrix, pi, &degree)
            if value > best + 1e-9 {
                best = value
                sinceImprovement = 0
            } else {
                sinceImprovement += 1
                if sinceImprovement >= 20 {
                    lambda /= 2
                    sinceImprovement = 0
                }
            }
            var norm = 0
            for d in degree { norm += (d - 2) * (d - 2) }
            if norm == 0 { break }  // the 1-tree is a tour: the bound is exact
            if let target, (target - best) < 0.5 { break }
            if lambda < 1e-5 { break }
            let gap = (target ?? best * 1.05) - value
            let t = lambda * max(gap, 1e-9) / Double(norm)
            for i in 0..<n { pi[i] += t * Double(degree[i] - 2) }
        }
        return Int((best - 1e-7).rounded(.up))
    }

    /// The weight of the cheapest 1-tree under costs c + π (minus 2Σπ), and
    /// each node's degree in it: O(n²) Prim (``denseOneTreeEdges(_:_:_:)``),
    /// valued by ``denseOneTreeValue(_:_:_:)``.
    static func minimumOneTree(_ matrix: CostMatrix, _ pi: [Double], _ degree: inout [Int]) -> Double {
        let costs = MatrixCosts(matrix: matrix)
        return denseOneTreeValue(costs, pi, denseOneTreeEdges(costs, pi, &degree))
    }

    // MARK: Assignment

    /// The cost matrix whose cycles are exactly the routes of `endpoints`:
    /// the matrix itself for a round trip; otherwise one extra node *d* closes
    /// the path (arcs into *d* from the allowed last nodes, out of *d* to the
    /// allowed first nodes, at no cost).
    static func cycleMatrix(_ matrix: CostMatrix, _ endpoints: RouteEndpoints) -> [[Int?]] {
        let n = matrix.count
        var rows: [[Int?]] = (0..<n).map { i in
            (0..<n).map { j in i == j || !matrix.allows(i, j) ? nil : Int(matrix[i, j]) }
        }
        if endpoints.isRoundTrip { return rows }
        for i in 0..<n {
            let canEnd = endpoints.end.map { $0 == i } ?? true
            rows[i].append(canEnd ? 0 : nil)
        }
        rows.append((0..<n).map { j in endpoints.start.map { $0 == j } ?? true ? 0 : nil } + [nil])
        return rows
    }

    /// The cheapest assignment of one successor to every node (`nil` cells
    /// are forbidden), by the Hungarian algorithm with potentials;
    /// `nil` when no assignment exists or the control says to stop.
    /// - Complexity: O(n³).
    public static func assignment(_ costs: [[Int?]], control: SolveControl = .unlimited) -> Int? {
        let n = costs.count
        guard n > 0 else { return 0 }
        // Forbidden cells cost more than any full assignment of allowed ones.
        let largest = costs.joined().compactMap { $0 }.max() ?? 0
        let big = (largest + 1) * (n + 1)
        func c(_ i: Int, _ j: Int) -> Int { costs[i][j] ?? big }
        // 1-based arrays: p[j] is the row matched to column j; u, v potentials.
        var u = [Int](repeating: 0, count: n + 1), v = [Int](repeating: 0, count: n + 1)
        var p = [Int](repeating: 0, count: n + 1), way = [Int](repeating: 0, count: n + 1)
        for i in 1...n {
            if i & 31 == 0 && control.shouldStop { return nil }
            p[0] = i
            var j0 = 0
            var minv = [Int](repeating: .max, count: n + 1)
            var used = [Bool](repeating: false, count: n + 1)
            repeat {
                used[j0] = true
                let i0 = p[j0]
                var delta = Int.max, j1 = 0
                for j in 1...n where !used[j] {
                    let current = c(i0 - 1, j - 1) - u[i0] - v[j]
                    if current < minv[j] { minv[j] = current; way[j] = j0 }
                    if minv[j] < delta { delta = minv[j]; j1 = j }
                }
                for j in 0...n {
                    if used[j] { u[p[j]] += delta; v[j] -= delta } else { minv[j] -= delta }
                }
                j0 = j1
            } while p[j0] != 0
            repeat {
                let j1 = way[j0]
                p[j0] = p[j1]
                j0 = j1
            } while j0 != 0
        }
        var total = 0
        for j in 1...n {
            guard let cost = costs[p[j] - 1][j - 1] else { return nil }
            total += cost
        }
        return total
    }
}
