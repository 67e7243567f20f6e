/// How a route too long for one link is split into several links.
///
/// Both strategies produce the same, smallest possible number of links.
/// Consecutive links overlap by one stop (the last point of link *k* is the
/// first point of link *k + 1*), so following the links in order visits
/// every stop exactly once.
///
/// ```swift
/// // 12 stops, at most 11 points per link:
/// // .balanced → links of 7 and 6 points (5 and 4 waypoints)
/// // .greedy   → links of 11 and 2 points (9 and 0 waypoints)
/// let maps = try GoogleMapsDirections(maxWaypointsPerLink: 9, chunking: .greedy)
/// ```
public enum LinkChunking: Sendable, Hashable, CaseIterable {
    /// Spread the legs as evenly as possible; when they do not divide
    /// evenly, earlier links get one leg more than later ones. This avoids a
    /// short last link. The default.
    case balanced

    /// Fill each link to the limit before starting the next one; only the
    /// last link may be shorter.
    case greedy

    /// Index ranges, into a route of `count` points, of the points each link
    /// holds. Consecutive ranges share one index. A single point gives
    /// `[0...0]`; no points give `[]`.
    func pointRanges(count: Int, maxPointsPerLink: Int) -> [ClosedRange<Int>] {
        precondition(maxPointsPerLink >= 2, "A link needs room for at least two points.")
        guard count > 0 else { return [] }
        guard count > 1 else { return [0...0] }

        let legs = count - 1
        let legsPerLink = maxPointsPerLink - 1
        let linkCount = (legs + legsPerLink - 1) / legsPerLink

        var ranges: [ClosedRange<Int>] = []
        ranges.reserveCapacity(linkCount)
        var start = 0
        for link in 0..<linkCount {
            let legsHere: Int
            switch self {
            case .greedy:
                legsHere = min(legsPerLink, legs - start)
            case .balanced:
                legsHere = legs / linkCount + (link < legs % linkCount ? 1 : 0)
            }
            ranges.append(start...(start + legsHere))
            start += legsHere
        }
        assert(start == legs, "Chunking must end at the last point.")
        return ranges
    }
}
