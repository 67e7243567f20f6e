/// One inequality `a·x ≥ rhs` that every Hamiltonian cycle of a
/// ``BranchAndCutGraph`` satisfies, in cut form:
///
/// - subtour elimination: `x(δ(S)) ≥ 2` for a node set S (`teeth` empty);
/// - blossom (a 2-matching inequality with handle H = S and an odd set T of
///   teeth edges in δ(H)): `x(δ(H) \ T) − x(T) ≥ 1 − |T|`;
/// - comb (handle H = S, an odd number k ≥ 3 of pairwise disjoint node sets
///   T₁…T_k each meeting H and its complement):
///   `x(δ(H)) + Σᵢ x(δ(Tᵢ)) ≥ 3k + 1`.
///
/// The coefficient of an edge is the number of the sets S, T₁…T_k it
/// crosses, less 2 when it is a tooth edge, so any edge's coefficient (also
/// of an edge not yet in the LP) is known without storing the row.
struct BranchAndCutCut: Sendable {
    /// Membership of each node in S (or H).
    let inside: [Bool]
    /// The teeth edges, sorted (empty for a subtour cut or a comb).
    let teeth: [Int]
    /// A comb's teeth node sets (membership of each node); empty otherwise.
    let teethSets: [[Bool]]
    /// The right-hand side.
    let rhs: Int

    /// The subtour cut of `set`.
    init(subtour inside: [Bool]) {
        self.inside = inside
        teeth = []
        teethSets = []
        rhs = 2
    }

    /// The blossom with handle `inside` and teeth `teeth` (odd count, in δ(handle)).
    init(handle inside: [Bool], teeth: [Int]) {
        self.inside = inside
        self.teeth = teeth.sorted()
        teethSets = []
        rhs = 1 - teeth.count
    }

    /// The comb with handle `inside` and teeth `teethSets` (odd count ≥ 3,
    /// pairwise disjoint, each meeting the handle and its complement).
    init(handle inside: [Bool], teethSets: [[Bool]]) {
        self.inside = inside
        teeth = []
        self.teethSets = teethSets
        rhs = 3 * teethSets.count + 1
    }

    /// All node sets whose δ the row counts: S, then the comb's teeth.
    var sets: [[Bool]] { [inside] + teethSets }

    /// The coefficient of edge `e` = {u, v}.
    @inline(__always)
    func coefficient(edge e: Int, _ u: Int, _ v: Int) -> Int {
        var a = inside[u] != inside[v] ? 1 : 0
        for t in teethSets where t[u] != t[v] { a += 1 }
        if a == 1, !teeth.isEmpty, teeth.contains(e) { return -1 }
        return a
    }
}
