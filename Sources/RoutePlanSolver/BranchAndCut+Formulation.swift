extension BranchAndCut {
    /// Which LP an asymmetric problem (or an open path, or fixed ends) is
    /// solved on. Symmetric round trips always use the edge formulation.
    public enum Formulation: String, Sendable, Hashable, CaseIterable {
        /// The arc formulation for every asymmetric problem (see
        /// ``preferred(for:endpoints:)`` for why).
        case automatic
        /// Arc variables xᵢⱼ, out- and in-degree 1, directed subtour cuts
        /// (``DirectedBranchAndCut``).
        case arcs
        /// The 2-node doubling onto the symmetric edge formulation
        /// (``BranchAndCutGraph``).
        case doubled
    }

    /// The formulation `.automatic` picks: arcs for asymmetric costs,
    /// the edge formulation for symmetric ones (where both coincide for
    /// round trips; open paths on symmetric costs keep the symmetric graph
    /// with its dummy node).
    public static func preferred(for matrix: CostMatrix, endpoints: RouteEndpoints) -> Formulation {
        matrix.isSymmetric ? .doubled : .arcs
    }

    /// Solves with the formulation chosen: ``DirectedBranchAndCut`` for
    /// `.arcs` on asymmetric costs, else
    /// ``solve(_:endpoints:incumbent:control:proofBudget:)``.
    public static func solve(_ matrix: CostMatrix, endpoints: RouteEndpoints, incumbent: Solution?,
                             control: SolveControl, proofBudget: Duration? = nil,
                             formulation: Formulation) throws -> Result {
        var chosen = formulation
        if chosen == .automatic { chosen = preferred(for: matrix, endpoints: endpoints) }
        if chosen == .arcs && !matrix.isSymmetric {
            return try DirectedBranchAndCut.solve(matrix, endpoints: endpoints, incumbent: incumbent,
                                                  control: control, proofBudget: proofBudget)
        }
        return try solve(matrix, endpoints: endpoints, incumbent: incumbent, control: control,
                         proofBudget: proofBudget)
    }
}
