/// When the branch-and-cut searches (``BranchAndCutSearch``,
/// ``DirectedBranchAndCutSearch``) run the exact blossom and comb
/// separation (``BranchAndCutSeparation/blossomsAndCombs(nodeCount:support:limit:stop:)``,
/// up to three Gomory–Hu trees, N max flows each, per round).
///
/// It runs only when the cheap separators (components, minimum cuts,
/// odd-component blossoms, D₃) find nothing at a fractional point, and then
/// only at search nodes of depth at most ``maxDepth`` or a multiple of
/// ``depthPeriod``, and at most ``roundsBelowRoot`` times at a node below
/// the root. The root is where a lifted bound serves every node; deeper,
/// most nodes are settled by branching whatever the combs add, and on
/// instances whose subtour bound is already tight three trees per round
/// cost more than the nodes they save (pr124: 27 → 75 nodes, 0.18 → 0.93 s
/// with exact separation at every node). Deterministic: the rule reads
/// depths and counts, never clocks.
struct ExactSeparationPolicy: Sendable {
    /// Exact separation at every depth up to this one.
    var maxDepth: Int
    /// And at depths that are a multiple of this (0: never).
    var depthPeriod: Int
    /// Exact rounds at most at one node below the root.
    var roundsBelowRoot: Int

    /// The rule both searches use.
    nonisolated(unsafe) static var standard = ExactSeparationPolicy(maxDepth: 0, depthPeriod: 0, roundsBelowRoot: 1)

    /// Whether a node of `depth` that has had `rounds` exact rounds runs another.
    /// - Complexity: O(1).
    func allows(depth: Int, rounds: Int) -> Bool {
        if depth == 0 { return true }
        guard rounds < roundsBelowRoot else { return false }
        return depth <= maxDepth || (depthPeriod > 0 && depth % depthPeriod == 0)
    }
}
