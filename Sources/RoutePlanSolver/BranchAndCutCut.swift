/// One inequality `a·x ≥ rhs` that every Hamiltonian cycle of a
/// ``BranchAndCutGraph`` satisfies, in cut form:
///
/// - subtour elimination: `x(δ(S)) ≥ 2` for a node set S (`teeth` empty);
/// - blossom (a 2-matching inequality with handle H = S and an odd set T of
///   pairwise disjoint teeth edges in δ(H)): `x(δ(H) \ T) − x(T) ≥ 1 − |T|`.
///
/// The coefficient of an edge is +1 when it crosses S and is no tooth, −1
/// for a tooth, 0 otherwise, so any edge's coefficient (also of an edge not
/// yet in the LP) is known without storing the row.
struct BranchAndCutCut: Sendable {
    /// Membership of each node in S (or H).
    let inside: [Bool]
    /// The teeth edges, sorted (empty for a subtour cut).
    let teeth: [Int]
    /// The right-hand side.
    let rhs: Int

    /// The subtour cut of `set`.
    init(subtour inside: [Bool]) {
        self.inside = inside
        teeth = []
        rhs = 2
    }

    /// The blossom with handle `inside` and teeth `teeth` (odd count, disjoint, in δ(handle)).
    init(handle inside: [Bool], teeth: [Int]) {
        self.inside = inside
        self.teeth = teeth.sorted()
        rhs = 1 - teeth.count
    }

    /// The coefficient of edge `e` = {u, v}.
    @inline(__always)
    func coefficient(edge e: Int, _ u: Int, _ v: Int) -> Int {
        guard inside[u] != inside[v] else { return 0 }
        if !teeth.isEmpty, teeth.contains(e) { return -1 }
        return 1
    }
}
