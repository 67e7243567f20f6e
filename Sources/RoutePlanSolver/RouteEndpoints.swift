/// Where a route starts and ends: a closed tour, or an open path whose first
/// and last nodes are each either fixed or free.
///
/// | rule | meaning |
/// |---|---|
/// | `.roundTrip(from: s)` | leave `s`, visit every other node once, come back to `s` |
/// | `.path(from: s, to: t)` | start at `s`, end at `t` (`s != t`) |
/// | `.path(from: s)` | start at `s`, end wherever is cheapest |
/// | `.path(to: t)` | start wherever is cheapest, end at `t` |
/// | `.path()` | the cheapest Hamiltonian path, both ends free |
public struct RouteEndpoints: Sendable, Hashable, CustomStringConvertible {
    /// The fixed first node, or `nil` when the route may start anywhere.
    public let start: Int?
    /// The fixed last node of an open path, or `nil` when it may end anywhere.
    /// Unused for a round trip.
    public let end: Int?
    /// Whether the route returns to ``start`` at the end.
    public let isRoundTrip: Bool

    private init(start: Int?, end: Int?, isRoundTrip: Bool) {
        self.start = start
        self.end = end
        self.isRoundTrip = isRoundTrip
    }

    /// A closed tour that starts and ends at `start`.
    public static func roundTrip(from start: Int = 0) -> RouteEndpoints {
        RouteEndpoints(start: start, end: nil, isRoundTrip: true)
    }

    /// An open path with an optional fixed start and an optional fixed end.
    public static func path(from start: Int? = nil, to end: Int? = nil) -> RouteEndpoints {
        RouteEndpoints(start: start, end: end, isRoundTrip: false)
    }

    /// Checks the rule against a problem of `count` nodes.
    /// - Throws: ``SolverError/nodeOutOfRange(node:count:)`` or
    ///   ``SolverError/samePathStartAndEnd(node:)``.
    public func validate(nodeCount count: Int) throws {
        guard count > 0 else { throw SolverError.emptyProblem }
        for node in [start, end].compactMap({ $0 }) where !(0..<count).contains(node) {
            throw SolverError.nodeOutOfRange(node: node, count: count)
        }
        if !isRoundTrip, let s = start, s == end, count > 1 { throw SolverError.samePathStartAndEnd(node: s) }
    }

    public var description: String {
        func name(_ node: Int?) -> String { node.map { "node \($0)" } ?? "anywhere" }
        return isRoundTrip
            ? "round trip from \(name(start))"
            : "path from \(name(start)) to \(name(end))"
    }
}
