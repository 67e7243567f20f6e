/// Or-opt: move a stretch of one to three consecutive stops to another place
/// in the route, in its own direction or reversed.
///
///     before:   p ──▶ [s … e] ──▶ q   …   x ──▶ y
///     after:    p ──▶ q   …   x ──▶ [s … e] ──▶ y       (kept)
///               p ──▶ q   …   x ──▶ [e … s] ──▶ y       (reversed)
///
///     removal gain   = c(p,s) + c(e,q) − c(p,q)
///     insertion cost = c(x,s) + c(e,y) − c(x,y)                     (kept)
///                    = c(x,e) + c(s,y) − c(x,y) + rev(s…e) − fwd(s…e) (reversed)
///
/// Keeping the direction needs no reversal, so this move is exact and cheap
/// on asymmetric costs; the reversed variant prices the stretch both ways.
/// Arcs that would leave the route (a free start or end) cost nothing.
enum OrOpt {
    /// The longest stretch moved.
    static let maximumSegment = 3

    /// Applies improving moves (first improvement, best of the two
    /// directions) until none is left.
    ///
    /// - Complexity: O(n²) per scan, O(n) per applied move.
    /// - Returns: whether any move was applied.
    @discardableResult
    static func improve(_ route: inout WorkingRoute, control: SolveControl) -> Bool {
        let range = route.movable
        guard range.count >= 2 else { return false }
        var improvedAny = false
        var improved = true
        while improved {
            improved = false
            for length in 1...min(maximumSegment, range.count - 1) {
                var i = range.lowerBound
                while i + length <= range.upperBound {
                    if control.shouldStop { return improvedAny }
                    if let move = bestInsertion(route, start: i, length: length) {
                        apply(move, to: &route)
                        improved = true
                        improvedAny = true
                    }
                    i += 1
                }
            }
        }
        return improvedAny
    }

    struct Move {
        let start: Int
        let length: Int
        /// Insert before this position of the current array.
        let gap: Int
        let reversed: Bool
        let gain: Int
    }

    /// The most improving place to move `nodes[start ..< start+length]`, if any.
    static func bestInsertion(_ route: WorkingRoute, start i: Int, length: Int) -> Move? {
        let nodes = route.nodes
        let count = nodes.count
        let s = nodes[i], e = nodes[i + length - 1]
        var removal = 0
        let hasP = i > 0, hasQ = i + length < count
        if hasP { removal += route.cost(nodes[i - 1], s) }
        if hasQ { removal += route.cost(e, nodes[i + length]) }
        if hasP && hasQ { removal -= route.cost(nodes[i - 1], nodes[i + length]) }

        var flip = 0
        if length > 1 && !route.matrix.isSymmetric {
            for q in i..<(i + length - 1) {
                flip += route.cost(nodes[q + 1], nodes[q]) - route.cost(nodes[q], nodes[q + 1])
            }
        }

        var best: Move?
        var bestGain = 0
        let range = route.movable
        for gap in range.lowerBound...range.upperBound where gap < i || gap > i + length {
            let hasX = gap > 0, hasY = gap < count
            let x = hasX ? nodes[gap - 1] : 0
            let y = hasY ? nodes[gap] : 0
            let closed = hasX && hasY ? route.cost(x, y) : 0
            let kept = (hasX ? route.cost(x, s) : 0) + (hasY ? route.cost(e, y) : 0) - closed
            if removal - kept > bestGain {
                bestGain = removal - kept
                best = Move(start: i, length: length, gap: gap, reversed: false, gain: bestGain)
            }
            if length > 1 {
                let turned = (hasX ? route.cost(x, e) : 0) + (hasY ? route.cost(s, y) : 0) - closed + flip
                if removal - turned > bestGain {
                    bestGain = removal - turned
                    best = Move(start: i, length: length, gap: gap, reversed: true, gain: bestGain)
                }
            }
        }
        return best
    }

    static func apply(_ move: Move, to route: inout WorkingRoute) {
        var segment = Array(route.nodes[move.start..<(move.start + move.length)])
        if move.reversed { segment.reverse() }
        route.nodes.removeSubrange(move.start..<(move.start + move.length))
        let target = move.gap < move.start ? move.gap : move.gap - move.length
        route.nodes.insert(contentsOf: segment, at: target)
    }
}
