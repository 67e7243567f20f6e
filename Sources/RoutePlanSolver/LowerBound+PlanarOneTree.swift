extension LowerBound {
    /// The Held–Karp 1-tree bound of a round trip through points in the
    /// plane, computed from their coordinates: no n × n matrix (n the
    /// point count).
    ///
    /// The sparse ascent (``sparseAscent(_:graph:upperBound:maxSteps:control:)``)
    /// runs on each point's ``sparseNeighbours`` nearest (the first entries
    /// of `nearest`) joined by a minimum spanning tree of points 1…n−1,
    /// found by O(n²) Prim on the coordinates, and its result is re-checked
    /// the same way. On a matrix the same bound first fills the matrix and
    /// then scans every pair of it for the nearest; on fnl4461 beside the
    /// two searches at 1 s those two scans took more of the bound's time
    /// than its ascent did.
    ///
    /// - Parameters:
    ///   - points: the costs.
    ///   - nearest: each point's nearest others, nearest first, as a flat
    ///     array of n · w entries (w ≥ 2; the lists of point i at
    ///     `[i · w ..< (i + 1) · w]`).
    ///   - upperBound: the cost of a known tour, if any (see
    ///     ``compute(_:endpoints:upperBound:control:)``).
    ///   - control: the deadline; the ascent stops early enough for the
    ///     final check, which takes about as long as the tree did (it is
    ///     given 1.5 times as long).
    /// - Returns: the bound, or `nil` when `control` stopped the tree before
    ///   any bound was found.
    /// - Complexity: O(n²) time twice, O(n · w) memory besides the lists.
    public static func oneTree(_ points: PlanarCosts, nearest: [Int32], upperBound: Int?,
                               control: SolveControl = .unlimited) -> Int? {
        let n = points.count
        guard n > 2 else { return points.tourCost(Array(0..<n)) }
        let width = nearest.count / n
        precondition(width >= 2 && nearest.count == n * width, "nearest lists must hold count · w entries, w ≥ 2")
        let started = ContinuousClock.now
        var degree = [Int](repeating: 0, count: n)
        let zero = [Double](repeating: 0, count: n)
        guard let tree = denseOneTreeEdges(points, zero, &degree, control: control) else { return nil }
        let graph = SparseGraph(n: n, lists: nearest, width: width, taking: min(sparseNeighbours, width), tree: tree)
        // The final check is the same Prim, but beside two searches its time
        // varies: on fnl4461 at 1 s it took 0.95–1.22 times as long as the
        // tree (eight runs), and with only the tree's time kept for it one
        // solve ended at 1.025 s.
        return sparseAscent(points, graph: graph, upperBound: upperBound, maxSteps: nil,
                            control: control.withDeadline(earlierBy: started.duration(to: .now) * 3 / 2))
    }
}
