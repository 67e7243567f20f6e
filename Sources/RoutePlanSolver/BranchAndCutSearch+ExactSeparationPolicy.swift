/// When the branch-and-cut searches (``BranchAndCutSearch``,
/// ``DirectedBranchAndCutSearch``) run the exact blossom and comb
/// separation (``BranchAndCutSeparation/blossomsAndCombs(nodeCount:support:limit:stop:)``,
/// up to three Gomory–Hu trees, N max flows each, per round).
///
/// It runs only when the cheap separators (components, minimum cuts,
/// odd-component blossoms, D₃) find nothing at a fractional point; then at
/// the root always, and below it at nodes of depth at most ``maxDepth`` or
/// a multiple of ``depthPeriod``, at most ``roundsBelowRoot`` times per
/// node, and only while the node's LP leaves ``minGapShare`` of the root's
/// gap. Deterministic: the rule reads depths, counts and LP values, never
/// clocks.
///
/// Measured (CPU time and nodes, alternating, `Benchmarks/README.md`):
/// on symmetric TSPLIB no gate kept pr76's 67 nodes (root only: 399;
/// depth ≤ 4: 101; one round per node: 189; gap share ≥ 30 %: 109) while
/// pr124 needed the gate (75 nodes everywhere, 47 root only), and d198,
/// gr96, kroE100 cost the same under every gate (their extra time is the
/// root's). So the edge search separates exactly at every node
/// (``standard``), as before. The arc search separates exactly at the
/// root only (``directed``): deeper rounds cut nodes on itinerary-like
/// 100-stop instances but cost more CPU time than they save.
struct ExactSeparationPolicy: Sendable {
    /// Exact separation at every depth up to this one.
    var maxDepth: Int
    /// And at depths that are a multiple of this (0: never).
    var depthPeriod: Int
    /// Exact rounds at most at one node below the root.
    var roundsBelowRoot: Int
    /// Below the root, only at nodes whose LP leaves at least this share
    /// of the root's gap, (best − LP) ≥ share · (best − root bound) (0: any).
    var minGapShare: Double = 0

    /// The rule of the edge search (``BranchAndCutSearch``).
    nonisolated(unsafe) static var standard = ExactSeparationPolicy(maxDepth: .max, depthPeriod: 0, roundsBelowRoot: .max)
    /// The rule of the arc search (``DirectedBranchAndCutSearch``).
    nonisolated(unsafe) static var directed = ExactSeparationPolicy(maxDepth: 0, depthPeriod: 0, roundsBelowRoot: 0)

    /// Whether a node of `depth` that has had `rounds` exact rounds, with
    /// LP value `objective`, runs another (`best`: the incumbent's cost,
    /// `root`: the root's bound, when known).
    /// - Complexity: O(1).
    func allows(depth: Int, rounds: Int, objective: Double = 0, best: Int? = nil, root: Int? = nil) -> Bool {
        if depth == 0 { return true }
        guard rounds < roundsBelowRoot else { return false }
        if minGapShare > 0, let best, let root, best > root,
           Double(best) - objective < minGapShare * Double(best - root) { return false }
        return depth <= maxDepth || (depthPeriod > 0 && depth % depthPeriod == 0)
    }
}
