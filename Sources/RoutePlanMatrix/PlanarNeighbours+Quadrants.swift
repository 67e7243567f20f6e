extension PlanarNeighbours {
    /// Candidate lists that look in every direction: each point's nearest
    /// `perQuadrant` neighbours in each of the four quadrants around it, then
    /// its nearest others, `k` in all, all taken among its `pool` nearest.
    ///
    /// Lists of plain nearest neighbours go blind where points lie in rows:
    /// on a drilling board (pcb3038) or a road grid, a point's 8 nearest can
    /// all lie on its own row, so no candidate leads to the next row, and a
    /// search restricted to the lists cannot join the rows well. Quadrant
    /// neighbours (Johnson & McGeoch's "quad-neighbors") fix that at no cost
    /// in memory.
    ///
    /// The quadrants of point p, for a point q at (dx, dy) = q − p, are the
    /// half-open quarter planes
    ///
    ///     0: dx > 0,  dy ≥ 0      1: dx ≤ 0,  dy > 0
    ///     2: dx < 0,  dy ≤ 0      3: dx ≥ 0,  dy < 0
    ///
    /// which cover every q but p's own position; points at p's position count
    /// in quadrant 0. Walking p's `pool` nearest in order (see
    /// ``nearest(x:y:k:)``: by distance, ties by index), a point is taken while
    /// its quadrant holds fewer than `perQuadrant` taken points; the walk then
    /// fills up to `k` with the nearest points not taken. The list is in the
    /// walk's order, cheapest first, as the solver's gain criterion requires.
    /// A quadrant empty among the `pool` nearest stays empty: the lists never
    /// reach beyond them, so the cost stays linear.
    ///
    /// - Precondition: `x.count == y.count`; finite coordinates;
    ///   `0 ≤ k ≤ pool`, and `k < x.count` unless `k == 0`.
    /// - Complexity: O(n · pool) time beyond ``nearest(x:y:k:)`` with `pool`
    ///   neighbours, O(n · pool) memory, with n = `x.count`.
    /// - Returns: `x.count * k` point indices, point i's at `[i * k ..< (i + 1) * k]`.
    public static func quadrant(x: [Double], y: [Double], k: Int, perQuadrant: Int, pool: Int) -> [Int32] {
        let n = x.count
        precondition(y.count == n, "PlanarNeighbours.quadrant: x and y must have the same count")
        precondition(k >= 0 && k <= pool && perQuadrant >= 0, "PlanarNeighbours.quadrant: need 0 ≤ k ≤ pool")
        precondition(k == 0 || k < n, "PlanarNeighbours.quadrant: k must be at most count - 1")
        if k == 0 { return [] }
        return quadrant(x: x, y: y, k: k, perQuadrant: perQuadrant, among: nearest(x: x, y: y, k: min(pool, n - 1)))
    }

    /// ``quadrant(x:y:k:perQuadrant:pool:)`` on each point's nearest already
    /// computed: `near` is ``nearest(x:y:k:)`` for a width of at least `k`.
    static func quadrant(x: [Double], y: [Double], k: Int, perQuadrant: Int, among near: [Int32]) -> [Int32] {
        let n = x.count
        let width = near.count / n
        precondition(near.count == n * width && k <= width, "PlanarNeighbours.quadrant: need count · width ≥ k lists")
        var result = [Int32](repeating: 0, count: n * k)
        var taken = [Bool](repeating: false, count: width)
        for i in 0..<n {
            let row = i * width
            var inQuadrant = (0, 0, 0, 0)
            var count = 0
            for r in 0..<width {
                taken[r] = false
                guard count < k else { continue }
                let j = Int(near[row + r])
                let quadrant = Self.quadrant(dx: x[j] - x[i], dy: y[j] - y[i])
                let held: Int
                switch quadrant {
                case 0: held = inQuadrant.0
                case 1: held = inQuadrant.1
                case 2: held = inQuadrant.2
                default: held = inQuadrant.3
                }
                guard held < perQuadrant else { continue }
                switch quadrant {
                case 0: inQuadrant.0 += 1
                case 1: inQuadrant.1 += 1
                case 2: inQuadrant.2 += 1
                default: inQuadrant.3 += 1
                }
                taken[r] = true
                count += 1
            }
            // Fill with the nearest not taken, then write in the walk's order.
            var r = 0
            while count < k {
                if !taken[r] { taken[r] = true; count += 1 }
                r += 1
            }
            var slot = i * k
            for r in 0..<width where taken[r] {
                result[slot] = near[row + r]
                slot += 1
            }
        }
        return result
    }

    /// The quadrant (0–3, see ``quadrant(x:y:k:perQuadrant:pool:)``) of the
    /// offset (dx, dy); 0 for (0, 0).
    @inline(__always)
    static func quadrant(dx: Double, dy: Double) -> Int {
        if dx > 0 && dy >= 0 { return 0 }
        if dx <= 0 && dy > 0 { return 1 }
        if dx < 0 && dy <= 0 { return 2 }
        if dx >= 0 && dy < 0 { return 3 }
        return 0
    }
}
