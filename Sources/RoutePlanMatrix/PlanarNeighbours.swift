import Dispatch

/// Exact k-nearest-neighbour lists for points in the plane, without an n × n matrix.
///
/// The heuristic TSP solver restricts its moves to candidate edges from each
/// point to its nearest neighbours. For instances given by planar coordinates
/// (TSPLIB `EUC_2D`, `CEIL_2D`, `ATT`, … up to pla85900) the candidate lists
/// are computed here from the coordinates alone.
///
/// ## Algorithm
///
/// The bounding box is covered by a uniform grid of square cells whose side is
/// chosen so that there are about two points per cell on average (and never
/// more than about 1.5 n + 4 cells, even for points on a line). A counting sort
/// places the points, with their coordinates, contiguously by cell, in
/// increasing index order inside each cell. Each point then scans the cells in
/// square rings of growing Chebyshev radius around its own cell, keeping a
/// sorted buffer of its best `k` candidates. A cell, and then a whole ring, is
/// skipped as soon as a conservative lower bound on the distance to anything in
/// it exceeds the current k-th best distance, so the result is exact.
///
/// From 20,000 points on, the query points are split into contiguous runs of
/// cells processed with `DispatchQueue.concurrentPerform`; each point's list is
/// computed independently, so the result does not depend on the split.
/// pla85900 (k = 10) takes about 35 ms on one core of a 2-core x86-64 VM.
public enum PlanarNeighbours {
    /// The indices of each point's `k` nearest other points.
    ///
    /// Distance is the squared Euclidean distance evaluated in `Double`
    /// arithmetic exactly as `dx * dx + dy * dy` with `dx = x[j] - x[i]` and
    /// `dy = y[j] - y[i]`; the list of point `i` is ordered by increasing
    /// distance, ties broken by smaller index `j`. It never contains `i`
    /// itself, but does contain other points at the same position (distance 0).
    /// The result is therefore identical to sorting all other points of an
    /// O(n²) brute force by (distance, index) and keeping the first `k`.
    ///
    /// The result is a flat array of `n · k` entries: the neighbours of point
    /// `i` are at `[i * k ..< (i + 1) * k]`, nearest first.
    ///
    /// - Complexity: with n = `x.count` points and k = `k` neighbours, O(n)
    ///   working memory besides the n · k result. Building the grid is O(n).
    ///   For points spread roughly uniformly over their bounding box each point
    ///   examines O(k) candidates on average, so the expected time is O(n · k)
    ///   (an accepted candidate may shift up to k buffer entries, negligible
    ///   for k ≈ 8–16). The grid adapts to the bounding box, not to local
    ///   density: a point in a region m times denser than average examines
    ///   about m times more candidates, so tight clusters far apart (say 20
    ///   clusters of 5,000 points, each 1e-4 of the box wide) cost time
    ///   quadratic in the cluster size. Many coincident points are cheap: a
    ///   point stops scanning a cell once it holds k candidates at distance 0.
    ///   If max − min of a coordinate overflows `Double` a single cell is used,
    ///   which is O(n²) but still exact.
    /// - Precondition: `x.count == y.count`; every coordinate is finite;
    ///   `0 <= k` and `k <= x.count - 1` (or `k == 0`, which returns an empty
    ///   array, for any count); `x.count <= Int32.max`.
    /// - Parameters:
    ///   - x: The x coordinates, one per point.
    ///   - y: The y coordinates, parallel to `x`.
    ///   - k: The number of neighbours per point.
    /// - Returns: `x.count * k` point indices; the same for every run, whatever
    ///   the number of threads used.
    public static func nearest(x: [Double], y: [Double], k: Int) -> [Int32] {
        let n = x.count
        precondition(y.count == n, "PlanarNeighbours.nearest: x and y must have the same count")
        precondition(k >= 0, "PlanarNeighbours.nearest: k must not be negative")
        precondition(k == 0 || k < n, "PlanarNeighbours.nearest: k must be at most count - 1")
        precondition(n <= Int(Int32.max), "PlanarNeighbours.nearest: too many points for Int32 indices")
        if k == 0 { return [] }
        for i in 0..<n {
            precondition(x[i].isFinite && y[i].isFinite, "PlanarNeighbours.nearest: coordinates must be finite")
        }

        let grid = Grid(x: x, y: y)
        var result = [Int32](repeating: 0, count: n * k)

        // Work is split into contiguous runs of cells; every query point writes
        // only its own k entries, so the result does not depend on the split.
        let cellCount = grid.columns * grid.rows
        let chunks = n >= 20_000 ? 16 : 1
        result.withUnsafeMutableBufferPointer { out in
            let output = OutputBuffer(base: out)
            if chunks == 1 {
                grid.search(cells: 0..<cellCount, k: k, output: output)
            } else {
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let lower = cellCount * chunk / chunks
                    let upper = cellCount * (chunk + 1) / chunks
                    grid.search(cells: lower..<upper, k: k, output: output)
                }
            }
        }
        return result
    }
}

/// The result buffer shared by the worker threads, which write disjoint ranges.
private struct OutputBuffer: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Int32>
}

/// Points bucketed into a uniform grid of square cells, row-major.
private struct Grid: Sendable {
    let columns: Int
    let rows: Int
    /// Lower-left corner of the bounding box; cell coordinates use `x - minX`.
    let minX: Double
    let minY: Double
    let side: Double
    let inverseSide: Double
    /// Slack subtracted from every distance lower bound to cover rounding in
    /// the cell assignment and bound arithmetic (see `init`).
    let slack: Double
    /// Cell `c` holds sorted positions `cellStart[c] ..< cellStart[c + 1]`.
    let cellStart: [Int32]
    /// Original coordinates and indices, sorted by cell, then by index.
    let sortedX: [Double]
    let sortedY: [Double]
    let sortedIndex: [Int32]

    init(x: [Double], y: [Double]) {
        let n = x.count
        var loX = x[0], hiX = x[0], loY = y[0], hiY = y[0]
        for i in 1..<n {
            loX = min(loX, x[i]); hiX = max(hiX, x[i])
            loY = min(loY, y[i]); hiY = max(hiY, y[i])
        }
        minX = loX
        minY = loY
        let width = hiX - loX, height = hiY - loY

        // Cell side for about two points per cell over the bounding box, but
        // at least max(width, height) · 2 / n so that a thin box gets no more
        // than about n / 2 cells along its long side: the cell count is then
        // at most (W/s + 1)(H/s + 1) <= n/2 + n + 1, plus rounding.
        let perCell = 2.0 / Double(n)
        let areaSide = width.squareRoot() * height.squareRoot() * perCell.squareRoot()
        let lineSide = max(width, height) * perCell
        let candidate = max(areaSide, lineSide)
        let inverse = 1 / candidate
        if width.isFinite, height.isFinite, candidate.isNormal, inverse.isNormal {
            side = candidate
            inverseSide = inverse
            columns = Int((width * inverse).rounded(.down)) + 1
            rows = Int((height * inverse).rounded(.down)) + 1
        } else {
            // All points coincide, the extent is subnormal, or it overflows:
            // a single cell is still exact (the search then ends after ring 0).
            side = 1
            inverseSide = 0
            columns = 1
            rows = 1
        }
        // Rounding moves a computed cell boundary, a shifted coordinate or a
        // bound by a few ulps of max(width, height) <= (n/2 + 1) · side, far
        // less than 1e-4 · side for any n that fits Int32.
        slack = side * 1e-4

        // Counting sort by cell; iterating i upwards keeps each cell's points
        // in increasing index order.
        let cellCount = columns * rows
        var start = [Int32](repeating: 0, count: cellCount + 1)
        var cellOf = [Int32](repeating: 0, count: n)
        if cellCount == 1 {
            start[1] = Int32(truncatingIfNeeded: n)
        } else {
            for i in 0..<n {
                // x - minX >= 0 and (x - minX) / side <= about n / 2, so the
                // conversions cannot trap.
                let cx = min(columns - 1, Int((x[i] - loX) * inverseSide))
                let cy = min(rows - 1, Int((y[i] - loY) * inverseSide))
                let c = cy * columns + cx
                cellOf[i] = Int32(truncatingIfNeeded: c)
                start[c + 1] &+= 1
            }
        }
        for c in 0..<cellCount {
            start[c + 1] &+= start[c]
        }
        var fill = start
        var sx = [Double](repeating: 0, count: n)
        var sy = [Double](repeating: 0, count: n)
        var si = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            let c = Int(cellOf[i])
            let p = Int(fill[c])
            fill[c] = Int32(truncatingIfNeeded: p + 1)
            sx[p] = x[i]
            sy[p] = y[i]
            si[p] = Int32(truncatingIfNeeded: i)
        }
        cellStart = start
        sortedX = sx
        sortedY = sy
        sortedIndex = si
    }

    /// Finds the neighbours of every point in the given cells and writes them
    /// to `output` at `[i * k ..< (i + 1) * k]` for each such point `i`.
    func search(cells: Range<Int>, k: Int, output: OutputBuffer) {
        let out = output.base
        // Candidate buffer, sorted by (distance, index); the k-th best is last.
        var bestD = [Double](repeating: 0, count: k)
        var bestI = [Int32](repeating: 0, count: k)
        cellStart.withUnsafeBufferPointer { start in
        sortedX.withUnsafeBufferPointer { px in
        sortedY.withUnsafeBufferPointer { py in
        sortedIndex.withUnsafeBufferPointer { pi in
        bestD.withUnsafeMutableBufferPointer { bd in
        bestI.withUnsafeMutableBufferPointer { bi in
            let last = k - 1
            let s = side
            let columns = self.columns, rows = self.rows
            let slack = self.slack
            // Relative margin on squared bounds for rounding in dx * dx + dy * dy.
            let shrink = 1 - 1e-12

            for cell in cells {
                let qcx = cell % columns, qcy = cell / columns
                for q in Int(start[cell])..<Int(start[cell + 1]) {
                    let qx = px[q], qy = py[q], qi = pi[q]
                    // Position relative to the grid, computed as for bucketing.
                    let rx = qx - minX, ry = qy - minY
                    var count = 0

                    // Offers all points of one cell to the candidate buffer.
                    func scan(_ c: Int) {
                        var p = Int(start[c])
                        let end = Int(start[c + 1])
                        while p < end {
                            let j = pi[p]
                            let dx = px[p] - qx, dy = py[p] - qy
                            let d = dx * dx + dy * dy
                            p += 1
                            if j == qi { continue }
                            if count == k {
                                let worstD = bd[last], worstI = bi[last]
                                if d > worstD { continue }
                                if d == worstD {
                                    // Indices in a cell increase: once one is
                                    // too large at the k-th distance, so are
                                    // the rest if that distance is 0.
                                    if j > worstI {
                                        if worstD == 0 { return }
                                        continue
                                    }
                                }
                            } else {
                                count += 1
                            }
                            // Insert (d, j), shifting larger entries up.
                            var slot = count - 1
                            while slot > 0 {
                                let od = bd[slot - 1], oi = bi[slot - 1]
                                if od < d || (od == d && oi < j) { break }
                                bd[slot] = od
                                bi[slot] = oi
                                slot -= 1
                            }
                            bd[slot] = d
                            bi[slot] = j
                        }
                    }

                    /// Lower bound along one axis from the query to cell `c` of
                    /// that axis, where the query is in cell `qc` at offset `r`.
                    @inline(__always)
                    func axisGap(_ c: Int, _ qc: Int, _ r: Double) -> Double {
                        if c > qc { return max(0, Double(c) * s - slack - r) }
                        if c < qc { return max(0, r - Double(c + 1) * s - slack) }
                        return 0
                    }

                    /// Scans cell (cx, cy) unless it is provably too far.
                    @inline(__always)
                    func visit(_ cx: Int, _ cy: Int) {
                        if count == k {
                            let gx = axisGap(cx, qcx, rx), gy = axisGap(cy, qcy, ry)
                            if (gx * gx + gy * gy) * shrink > bd[last] { return }
                        }
                        scan(cy * columns + cx)
                    }

                    scan(cell)
                    var ring = 1
                    while true {
                        // Sides of the ring that intersect the grid, and the
                        // distance to the nearest of them.
                        let left = qcx - ring, right = qcx + ring
                        let bottom = qcy - ring, top = qcy + ring
                        var gap = Double.infinity
                        if left >= 0 { gap = min(gap, rx - Double(left + 1) * s) }
                        if right < columns { gap = min(gap, Double(right) * s - rx) }
                        if bottom >= 0 { gap = min(gap, ry - Double(bottom + 1) * s) }
                        if top < rows { gap = min(gap, Double(top) * s - ry) }
                        if gap == .infinity { break }  // the grid is exhausted
                        if count == k {
                            let g = max(0, gap - slack)
                            if g * g * shrink > bd[last] { break }
                        }
                        let x0 = max(left, 0), x1 = min(right, columns - 1)
                        if bottom >= 0 {
                            for cx in x0...x1 { visit(cx, bottom) }
                        }
                        if top < rows {
                            for cx in x0...x1 { visit(cx, top) }
                        }
                        let y0 = max(bottom + 1, 0), y1 = min(top - 1, rows - 1)
                        if y0 <= y1 {
                            if left >= 0 {
                                for cy in y0...y1 { visit(left, cy) }
                            }
                            if right < columns {
                                for cy in y0...y1 { visit(right, cy) }
                            }
                        }
                        ring += 1
                    }

                    let base = Int(qi) * k
                    for t in 0..<k {
                        out[base + t] = bi[t]
                    }
                }
            }
        }
        }
        }
        }
        }
        }
    }
}
