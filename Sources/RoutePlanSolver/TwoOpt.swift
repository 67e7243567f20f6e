/// 2-opt: reverse one stretch of the route.
///
///     before:   a ──▶ x ──▶ … ──▶ y ──▶ b
///     after:    a ──▶ y ──▶ … ──▶ x ──▶ b
///
///     gain = c(a,x) + c(y,b) + fwd(x…y) − c(a,y) − c(x,b) − rev(x…y)
///
/// With symmetric costs the stretch costs the same both ways and only the two
/// end arcs change. With asymmetric costs the reversed stretch is priced
/// exactly from prefix sums of the forward and backward arc costs, kept up to
/// date after every applied move, so every gain is exact in O(1).
enum TwoOpt {
    /// Applies improving reversals (first improvement) until none is left.
    ///
    /// - Complexity: O(n²) per scan of all pairs, O(n) per applied move.
    /// - Returns: whether any move was applied.
    @discardableResult
    static func improve(_ route: inout WorkingRoute, control: SolveControl) -> Bool {
        let range = route.movable
        guard range.count >= 2 else { return false }
        let symmetric = route.matrix.isSymmetric
        var forward: [Int] = []
        var backward: [Int] = []
        func refreshPrefixSums() {
            guard !symmetric else { return }
            let n = route.nodes.count
            forward = [Int](repeating: 0, count: n)
            backward = [Int](repeating: 0, count: n)
            for p in 1..<n {
                forward[p] = forward[p - 1] + route.cost(route.nodes[p - 1], route.nodes[p])
                backward[p] = backward[p - 1] + route.cost(route.nodes[p], route.nodes[p - 1])
            }
        }
        refreshPrefixSums()

        var improvedAny = false
        var improved = true
        while improved {
            improved = false
            for i in range {
                if control.shouldStop { return improvedAny }
                for j in (i + 1)..<range.upperBound {
                    let delta = gain(route, i, j, forward, backward, symmetric)
                    if delta > 0 {
                        route.nodes[i...j].reverse()
                        refreshPrefixSums()
                        improved = true
                        improvedAny = true
                    }
                }
            }
        }
        return improvedAny
    }

    /// How much reversing positions `i...j` would save (positive is better).
    @inline(__always)
    static func gain(_ route: WorkingRoute, _ i: Int, _ j: Int,
                     _ forward: [Int], _ backward: [Int], _ symmetric: Bool) -> Int {
        let nodes = route.nodes
        let x = nodes[i], y = nodes[j]
        var delta = 0
        if i > 0 {
            let a = nodes[i - 1]
            delta += route.cost(a, x) - route.cost(a, y)
        }
        if j + 1 < nodes.count {
            let b = nodes[j + 1]
            delta += route.cost(y, b) - route.cost(x, b)
        }
        if !symmetric {
            delta += (forward[j] - forward[i]) - (backward[j] - backward[i])
        }
        return delta
    }
}
