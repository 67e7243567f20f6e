/// One inequality `a·x ≥ rhs` on the arc variables of a
/// ``DirectedBranchAndCutGraph`` that every directed Hamiltonian cycle
/// satisfies:
///
/// - directed subtour elimination: `x(δ⁺(S)) ≥ 1` for a node set S, the
///   arcs leaving S (`symmetric` false, `teeth` empty);
/// - a symmetric TSP inequality read on yᵢⱼ = xᵢⱼ + xⱼᵢ (`symmetric` true):
///   the blossom `y(δ(H) \ T) − y(T) ≥ 1 − |T|` for a handle H and an odd
///   set T of pairwise disjoint teeth in δ(H). Every directed Hamiltonian
///   cycle on m ≥ 3 nodes is an undirected one in y, so every valid
///   symmetric inequality is valid here;
/// - a comb read on y (`symmetric` true, `teethSets` nonempty): handle H,
///   an odd number k ≥ 3 of pairwise disjoint tooth sets T₁…T_k each
///   meeting H and its complement, `y(δ(H)) + Σᵢ y(δ(Tᵢ)) ≥ 3k + 1`; arc
///   u → v has the comb's coefficient on edge {u, v} (the number of the
///   sets H, T₁…T_k it crosses);
/// - an inequality on a few named arcs (`terms`), such as Grötschel and
///   Padberg's D₃: for distinct a, b, c,
///   x(a,b) + x(b,c) + x(c,a) + 2·x(a,c) ≤ 2, stored as
///   −x(a,b) − x(b,c) − x(c,a) − 2·x(a,c) ≥ −2. (A route using a → c
///   uses neither c → a, a → b nor b → c; one not using it has at most two
///   of the three arcs of the 3-cycle.) D₃⁻ on (a, b, c) is D₃ on (b, c, a).
///
/// Any arc's coefficient (also of an arc not yet in the LP) is known from
/// the cut alone, so rows need not be stored.
struct DirectedBranchAndCutCut: Sendable {
    /// Membership of each node in S (or H).
    let inside: [Bool]
    /// Whether the cut counts both directions across the set (a blossom).
    let symmetric: Bool
    /// The teeth as unordered pairs `min · m + max`, sorted (empty for a subtour cut).
    let teeth: [Int]
    /// A comb's tooth node sets (membership of each node); empty otherwise.
    let teethSets: [[Bool]]
    /// The right-hand side.
    let rhs: Int
    /// For an inequality on named arcs: (tail · m + head, coefficient),
    /// sorted by key; empty otherwise (then `inside` and `teeth` define it).
    let terms: [(key: Int, coefficient: Int)]

    /// The directed subtour cut of `inside`: x(δ⁺(S)) ≥ 1.
    init(subtour inside: [Bool]) {
        self.inside = inside
        symmetric = false
        teeth = []
        teethSets = []
        rhs = 1
        terms = []
    }

    /// D₃ on the distinct nodes (a, b, c) of an m-node graph (see above).
    init(d3 a: Int, _ b: Int, _ c: Int, nodeCount m: Int) {
        inside = [Bool](repeating: false, count: m)
        symmetric = false
        teeth = []
        teethSets = []
        rhs = -2
        terms = [(a * m + b, -1), (b * m + c, -1), (c * m + a, -1), (a * m + c, -2)].sorted { $0.key < $1.key }
    }

    /// The blossom with handle `inside` and teeth `teeth` (pair keys
    /// `min · m + max`, odd count, disjoint, in δ(handle)).
    init(handle inside: [Bool], teeth: [Int]) {
        self.inside = inside
        symmetric = true
        self.teeth = teeth.sorted()
        teethSets = []
        rhs = 1 - teeth.count
        terms = []
    }

    /// The comb with handle `inside` and tooth sets `teethSets` (odd count
    /// ≥ 3, pairwise disjoint, each meeting the handle and its complement),
    /// read on yᵢⱼ = xᵢⱼ + xⱼᵢ.
    init(handle inside: [Bool], teethSets: [[Bool]]) {
        self.inside = inside
        symmetric = true
        teeth = []
        self.teethSets = teethSets
        rhs = 3 * teethSets.count + 1
        terms = []
    }

    /// The same inequality of symmetric tours (a blossom or a comb of
    /// ``BranchAndCutCut`` on an m-node graph whose edge keys are
    /// `min · m + max`), read on y.
    init(symmetric cut: BranchAndCutCut) {
        if cut.teethSets.isEmpty {
            self.init(handle: cut.inside, teeth: cut.teeth)
        } else {
            self.init(handle: cut.inside, teethSets: cut.teethSets)
        }
    }

    /// All node sets whose δ a symmetric row counts: the handle, then a
    /// comb's tooth sets.
    var sets: [[Bool]] { [inside] + teethSets }

    /// The coefficient of arc `u` → `v`.
    @inline(__always)
    func coefficient(_ u: Int, _ v: Int) -> Int {
        if !terms.isEmpty {
            let key = u * inside.count + v
            return terms.first { $0.key == key }?.coefficient ?? 0
        }
        if !symmetric { return inside[u] && !inside[v] ? 1 : 0 }
        var a = inside[u] != inside[v] ? 1 : 0
        for t in teethSets where t[u] != t[v] { a += 1 }
        if a == 1, !teeth.isEmpty {
            let key = min(u, v) * inside.count + max(u, v)
            if teeth.contains(key) { return -1 }
        }
        return a
    }
}
