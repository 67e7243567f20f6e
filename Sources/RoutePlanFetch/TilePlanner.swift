/// Splits the n × n matrix of a list of places into requests within a
/// service's ``TileLimits``, with as few requests as possible.
///
/// The plan is made of horizontal *strips*: a strip is a run of consecutive
/// origins, asked against every destination in as few consecutive
/// destination blocks as the limits allow (blocks of nearly equal size). A
/// strip of `a` origins therefore costs
/// `⌈n / min(maxDestinations, ⌊maxElements / a⌋)⌉` requests, and the
/// planner chooses the strip heights (each at most `maxOrigins`) by dynamic
/// programming so that the total is smallest. Among plans with the fewest
/// requests it takes the one whose tiles are closest to square. Every
/// ordered pair of places, the diagonal included, is asked exactly once.
///
/// Grids (the same column blocks for every strip) are strip plans, so the
/// result is never worse than the best grid. It reaches the lower bound
/// `⌈n² / maxElements⌉` in the common cases: for Google's limits, 1–10
/// places take 1 request, 11 places 2, 20 places 4, 30 places nine 10 × 10
/// requests, 100 places 100. (For 25 places it takes 7 requests of 4 × 25,
/// one more than the bound, which no strip plan can meet.)
///
/// ```swift
/// let tiles = TilePlanner.tiles(placeCount: 30, limits: .google)
/// tiles.count                     // 9
/// tiles[0].description            // "request 1 of 9 (origins 1–10 × destinations 1–10)"
/// ```
public enum TilePlanner {
    /// The requests that cover the `placeCount` × `placeCount` matrix.
    ///
    /// - Returns: no tiles for no places; otherwise tiles in row-major order
    ///   (strip by strip, left to right).
    /// - Precondition: every limit is at least 1.
    /// - Complexity: O(n · maxOrigins) for *n* places.
    public static func tiles(placeCount n: Int, limits: TileLimits) -> [MatrixTile] {
        precondition(limits.isUsable, "TilePlanner: every limit must be at least 1")
        guard n > 0 else { return [] }
        let tallest = min(limits.maxOrigins, n)

        // The requests of one strip of `a` origins, and how far its tiles are from square.
        func stripCost(_ a: Int) -> (requests: Int, skew: Int) {
            let width = min(limits.maxDestinations, limits.maxElements / a)
            guard width >= 1 else { return (Int.max / 4, 0) }
            let blocks = (n + width - 1) / width
            let skew = balancedSizes(n, into: blocks).reduce(0) { $0 + abs($1 - a) }
            return (blocks, skew)
        }
        let costs = [(requests: Int, skew: Int)]([(0, 0)]) + (1...tallest).map(stripCost)

        // best[m]: the cheapest cover of the first m origins; height[m]: its last strip.
        var best = [(requests: Int, skew: Int)](repeating: (Int.max, Int.max), count: n + 1)
        var height = [Int](repeating: 0, count: n + 1)
        best[0] = (0, 0)
        for m in 1...n {
            for a in 1...min(tallest, m) where best[m - a].requests < Int.max / 4 {
                let candidate = (requests: best[m - a].requests + costs[a].requests, skew: best[m - a].skew + costs[a].skew)
                if candidate.requests < best[m].requests
                    || (candidate.requests == best[m].requests && candidate.skew < best[m].skew) {
                    best[m] = candidate
                    height[m] = a
                }
            }
        }

        var strips: [Range<Int>] = []
        var end = n
        while end > 0 {
            let start = end - height[end]
            strips.append(start..<end)
            end = start
        }
        strips.reverse()

        var spans: [(Range<Int>, Range<Int>)] = []
        for strip in strips {
            let width = min(limits.maxDestinations, limits.maxElements / strip.count)
            var start = 0
            for size in balancedSizes(n, into: (n + width - 1) / width) {
                spans.append((strip, start..<start + size))
                start += size
            }
        }
        return spans.enumerated().map { k, span in
            MatrixTile(index: k, count: spans.count, origins: span.0, destinations: span.1)
        }
    }

    /// `total` split into `parts` sizes that differ by at most one, larger first.
    static func balancedSizes(_ total: Int, into parts: Int) -> [Int] {
        (0..<parts).map { total / parts + ($0 < total % parts ? 1 : 0) }
    }
}
