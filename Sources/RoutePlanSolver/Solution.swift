/// A route through every node of a ``CostMatrix`` and what is known about its quality.
public struct Solution: Sendable, Hashable {
    /// How a solution was found.
    public enum Method: String, Sendable, Hashable, Codable {
        /// Held–Karp dynamic programming: optimal.
        case heldKarp = "held-karp"
        /// Branch and cut on the subtour LP (``BranchAndCut``): optimal when
        /// ``Solution/provenOptimal`` says so.
        case branchAndCut = "branch-and-cut"
        /// Construction followed by 2-opt and Or-opt local search.
        case localSearch = "local-search"
        /// Too small to need a solver (one or two nodes, or one possible order).
        case trivial
    }

    /// The nodes in visiting order, each exactly once. A round trip starts
    /// at its start node and does not repeat it at the end.
    public let order: [Int]
    /// Whether the route returns from the last node to the first.
    public let isRoundTrip: Bool
    /// The total cost, including the closing leg of a round trip.
    public let cost: Int
    /// Whether `cost` is proven to be the least possible.
    public let provenOptimal: Bool
    /// How the route was found.
    public let method: Method

    public init(order: [Int], isRoundTrip: Bool, cost: Int, provenOptimal: Bool, method: Method) {
        self.order = order
        self.isRoundTrip = isRoundTrip
        self.cost = cost
        self.provenOptimal = provenOptimal
        self.method = method
    }
}
