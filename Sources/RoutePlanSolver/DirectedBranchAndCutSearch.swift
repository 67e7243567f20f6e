/// The state of one ``DirectedBranchAndCut`` solve: the arc LP, its cuts
/// and columns, the incumbent.
///
/// As in ``BranchAndCutSearch``, every search node shares one LP; a node is
/// its list of branching fixings (arc · 2 + value), applied as column bounds
/// before its LP is re-solved, and cuts are globally valid. m is the graph's
/// node count, A its arc count.
final class DirectedBranchAndCutSearch {
    typealias Node = BranchAndCutSearch.Node

    /// How processing a node ended.
    enum NodeResult {
        case pruned
        /// Branch into `children`, each a list of fixings (arc · 2 + value);
        /// `fixings` hold in the whole subtree.
        case branch(children: [[Int32]], bound: Int, fixings: [Int32])
        /// The LP could not be solved or certified: no proof below this node.
        case unresolved(bound: Int)
    }

    let graph: DirectedBranchAndCutGraph
    let endpoints: RouteEndpoints
    let control: SolveControl
    /// An extra deadline of the search's own (a proof budget), if any.
    let stopAt: ContinuousClock.Instant?
    let lp: BranchAndCutLP

    private(set) var columnOfArc: [Int32]
    private(set) var arcOfColumn: [Int] = []
    private(set) var cuts: [DirectedBranchAndCutCut] = []
    /// Each cut row's serial number (never reused), parallel to ``cuts``.
    private var cutSerials: [Int] = []
    private var nextCutSerial = 0
    /// The basis of the last branching node, until ``expectChildren(ids:)``
    /// files it under its children.
    private var lastBasis: SavedBasis?
    /// Parent bases of children not yet solved, by node id.
    private var pendingBases: [Int: SavedBasis] = [:]
    /// Children whose LP started from their parent's basis.
    var warmStarts = 0
    /// The original costs, for polishing routes rounded from LP points
    /// (``roundedRoute(support:matrix:)``); `nil`: no rounding.
    var matrix: CostMatrix?
    /// Routes rounded from LP points, and how many became the incumbent.
    var roundings = 0, roundingsImproved = 0
    /// 0 for arcs fixed out of every better tour by reduced cost, else 1.
    private var globalUpper: [UInt8]

    /// The best tour known: its cost and route (in the original nodes).
    private(set) var incumbentCost: Int?
    private(set) var incumbentRoute: [Int]?

    /// The root's final bound and reduced costs, for fixing when the incumbent improves.
    private var rootBound: BranchAndCutBound?

    var searchNodes = 0
    var lpSolves = 0
    var cutsAdded = 0
    /// Rounds of exact blossom and comb separation.
    var exactSeparations = 0
    /// Strong-branching trials (each child of a candidate counts once).
    var strongBranchingTrials = 0
    /// Branching pseudo-costs (reliability branching).
    private var pseudoCosts = BranchingPseudoCosts()
    /// The last branching decision, one entry per child, until
    /// ``expectChildren(ids:)`` files it under the children's node ids.
    private var lastBranch: [PendingBranchObservation] = []
    /// Children not yet solved, by node id: what their first LP tells the pseudo-costs.
    private var pendingObservations: [Int: PendingBranchObservation] = [:]
    var rootLowerBound: Int?
    /// Whether every pruning so far was certified.
    var certified = true

    /// Cut rows kept at most before slack ones are purged.
    private let maxCuts: Int
    /// The degree rows: m out, then m in.
    private var degreeRows: Int { 2 * graph.nodeCount }

    /// Each node's cheapest out- and in-arcs that start the LP (besides the incumbent's).
    static let initialArcsPerNode = 5

    init(graph: DirectedBranchAndCutGraph, endpoints: RouteEndpoints, control: SolveControl,
         stopAt: ContinuousClock.Instant?, incumbent: (cost: Int, route: [Int], arcs: [Int])?) {
        self.graph = graph
        self.endpoints = endpoints
        self.control = control
        self.stopAt = stopAt
        let m = graph.nodeCount
        lp = BranchAndCutLP(degreeRows: 2 * m, degree: 1)
        columnOfArc = [Int32](repeating: -1, count: graph.arcs.count)
        globalUpper = [UInt8](repeating: 1, count: graph.arcs.count)
        maxCuts = max(200, 4 * m)
        incumbentCost = incumbent?.cost
        incumbentRoute = incumbent?.route

        // Twin stops in increasing order: renaming twins maps routes to
        // routes of equal cost, so some optimal route visits every clone
        // class in increasing label order along the walk from node 0; it
        // uses no arc from a twin to a lower one (node 0 itself excepted).
        // Every bound stays a bound on all routes.
        for a in graph.arcs.indices {
            let u = Int(graph.arcs[a].from), v = Int(graph.arcs[a].to)
            if v != 0 && v < u && graph.cloneClass[u] == graph.cloneClass[v] { globalUpper[a] = 0 }
        }

        var initial = Set(incumbent?.arcs ?? [])
        var out = [[Int]](repeating: [], count: m), into = [[Int]](repeating: [], count: m)
        for (a, arc) in graph.arcs.enumerated() {
            out[Int(arc.from)].append(a)
            into[Int(arc.to)].append(a)
        }
        let k = Self.initialArcsPerNode
        for list in out + into {
            initial.formUnion(list.sorted { (graph.arcs[$0].cost, $0) < (graph.arcs[$1].cost, $1) }.prefix(k))
        }
        addColumns(initial.sorted())
    }

    /// Whether to stop: cancelled, past the control's deadline or past ``stopAt``.
    var shouldStop: Bool {
        if control.shouldStop { return true }
        guard let stopAt else { return false }
        return ContinuousClock.now >= stopAt
    }

    // MARK: Columns and rows

    private func addColumns(_ list: [Int]) {
        var costs: [Double] = [], lower: [Double] = [], upper: [Double] = []
        var entries: [[(row: Int32, value: Double)]] = []
        let m = graph.nodeCount
        for a in list where columnOfArc[a] < 0 {
            let arc = graph.arcs[a]
            let u = Int(arc.from), v = Int(arc.to)
            columnOfArc[a] = Int32(arcOfColumn.count)
            arcOfColumn.append(a)
            costs.append(Double(arc.cost))
            lower.append(0)
            upper.append(Double(globalUpper[a]))
            var column: [(row: Int32, value: Double)] = [(Int32(u), 1), (Int32(m + v), 1)]
            for (c, cut) in cuts.enumerated() {
                let coefficient = cut.coefficient(u, v)
                if coefficient != 0 { column.append((Int32(2 * m + c), Double(coefficient))) }
            }
            entries.append(column)
        }
        lp.addColumns(costs: costs, lower: lower, upper: upper, entries: entries)
    }

    private func addCuts(_ new: [DirectedBranchAndCutCut]) {
        guard !new.isEmpty else { return }
        var lower: [Double] = []
        var entries: [[(column: Int32, value: Double)]] = []
        for cut in new {
            var row: [(column: Int32, value: Double)] = []
            for (column, a) in arcOfColumn.enumerated() {
                let arc = graph.arcs[a]
                let coefficient = cut.coefficient(Int(arc.from), Int(arc.to))
                if coefficient != 0 { row.append((Int32(column), Double(coefficient))) }
            }
            lower.append(Double(cut.rhs))
            entries.append(row)
        }
        lp.addRows(lower: lower, entries: entries)
        cuts.append(contentsOf: new)
        for _ in new {
            cutSerials.append(nextCutSerial)
            nextCutSerial += 1
        }
        cutsAdded += new.count
    }

    /// Drops cut rows with slack when there are too many.
    private func purgeCuts() {
        guard cuts.count > maxCuts else { return }
        let activity = lp.rowActivity
        var drop: [Int32] = []
        var keep: [DirectedBranchAndCutCut] = []
        var keepSerials: [Int] = []
        for (c, cut) in cuts.enumerated() {
            if activity[degreeRows + c] > Double(cut.rhs) + 1e-3 {
                drop.append(Int32(degreeRows + c))
            } else {
                keep.append(cut)
                keepSerials.append(cutSerials[c])
            }
        }
        lp.deleteRows(drop)
        cuts = keep
        cutSerials = keepSerials
    }

    private func setColumnBounds(lower: [UInt8], upper: [UInt8]) {
        lp.setBounds(lower: arcOfColumn.map { Double(lower[$0]) }, upper: arcOfColumn.map { Double(upper[$0]) })
    }

    private func safeBound(lower: [UInt8], upper: [UInt8]) -> BranchAndCutBound? {
        BranchAndCutBound.compute(directed: graph, cuts: cuts, duals: lp.duals, lower: lower, upper: upper)
    }

    // MARK: Nodes

    /// Solves the LP of `node` with pricing and cutting until it is pruned,
    /// has to branch, or cannot be resolved.
    func process(_ node: Node) -> NodeResult {
        searchNodes += 1
        let saved = pendingBases.removeValue(forKey: node.id)
        let arcCount = graph.arcs.count
        var lower = [UInt8](repeating: 0, count: arcCount)
        var upper = globalUpper
        for f in node.fixings {
            let a = Int(f >> 1)
            if f & 1 == 1 { lower[a] = 1 } else { upper[a] = 0 }
        }
        for a in 0..<arcCount where lower[a] > upper[a] { return .pruned }
        setColumnBounds(lower: lower, upper: upper)
        if let saved, let status = saved.status(columnCount: arcOfColumn.count, cutSerials: cutSerials) {
            lp.restoreBasis(status)
            warmStarts += 1
        }

        var bound = node.bound
        var history: [Double] = []
        var exactRounds = 0
        var addedEverything = false
        while true {
            if shouldStop { return .unresolved(bound: bound) }
            let status = lp.solve()
            lpSolves += 1
            if status == .failed { return .unresolved(bound: bound) }
            if history.isEmpty, let o = pendingObservations.removeValue(forKey: node.id) {
                pseudoCosts.record(o.key, up: o.up, value: o.value,
                                   gain: status == .infeasible ? .infinity : lp.objective - o.parentObjective)
            }
            if status == .infeasible {
                if !addedEverything {
                    addedEverything = true
                    let missing = (0..<arcCount).filter { columnOfArc[$0] < 0 && upper[$0] == 1 }
                    if !missing.isEmpty {
                        addColumns(missing)
                        setColumnBounds(lower: lower, upper: upper)
                        continue
                    }
                }
                if let best = incumbentCost, let safe = safeBound(lower: lower, upper: upper), safe.ceiling >= best {
                    return .pruned
                }
                if certifyInfeasible(lower: lower, upper: upper) { return .pruned }
                return .unresolved(bound: bound)
            }
            guard let safe = safeBound(lower: lower, upper: upper) else { return .unresolved(bound: bound) }
            bound = max(bound, safe.ceiling)
            if node.fixings.isEmpty { rootLowerBound = bound }
            if let best = incumbentCost, bound >= best { return .pruned }

            // Pricing: arcs not in the LP with negative reduced cost.
            var priced: [(Int128, Int)] = []
            for a in 0..<arcCount where columnOfArc[a] < 0 && upper[a] == 1 && safe.reducedCosts[a] < 0 {
                priced.append((safe.reducedCosts[a], a))
            }
            if !priced.isEmpty {
                priced.sort { $0 < $1 }
                addColumns(priced.prefix(max(100, graph.nodeCount)).map(\.1))
                setColumnBounds(lower: lower, upper: upper)
                continue
            }
            if node.fixings.isEmpty {
                rootBound = safe
                fixByReducedCost()
                var changed = false
                for a in 0..<arcCount where globalUpper[a] == 0 && upper[a] == 1 {
                    upper[a] = 0
                    changed = true
                }
                if changed { setColumnBounds(lower: lower, upper: upper) }
            }

            // Separation.
            let x = lp.primal
            var support: [(arc: Int, x: Double)] = []
            var fractional = -1
            var closest = 2.0
            for (column, value) in x.enumerated() where value > 1e-9 {
                let a = arcOfColumn[column]
                support.append((a, value))
                let distance = abs(value - 0.5)
                if value > 1e-6 && value < 1 - 1e-6 && distance < closest {
                    closest = distance
                    fractional = a
                }
            }
            let exact = fractional >= 0 && ExactSeparationPolicy.directed.allows(
                depth: node.depth, rounds: exactRounds, objective: lp.objective, best: incumbentCost, root: rootLowerBound)
            let before = exactSeparations
            let new = separate(support: support, exact: exact)
            exactRounds += exactSeparations - before

            if new.isEmpty && fractional < 0 {
                // An integral point satisfying every subtour cut: a tour.
                let chosen = support.filter { $0.x > 0.5 }.map(\.arc)
                if let route = graph.route(fromCycle: chosen, endpoints: endpoints) {
                    let cost = chosen.reduce(0) { $0 + graph.arcs[$1].cost }
                    if incumbentCost.map({ cost < $0 }) ?? true {
                        incumbentCost = cost
                        incumbentRoute = route
                        fixByReducedCost()
                    }
                    if bound >= cost { return .pruned }
                }
                return .unresolved(bound: bound)
            }
            history.append(lp.objective)
            let stalled = history.count > 3
                && history[history.count - 1] - history[history.count - 4] < 1e-6 * max(1, abs(history.last!))
            // Tailing off below the root (``BranchAndCutSearch/tailingOff``),
            // when ``tailsOff`` is set.
            let tailing = Self.tailsOff && node.depth > 0 && history.count > 3 && incumbentCost.map { best in
                history[history.count - 1] - history[history.count - 4]
                    < BranchAndCutSearch.tailingOff * (Double(best) - history[history.count - 1])
            } ?? false
            if fractional >= 0 && (new.isEmpty || stalled || tailing || (node.depth > 0 && history.count > 30)) {
                let children = chooseBranch(x: x, lower: lower, upper: upper)
                    ?? [[Int32(fractional) * 2 + 1], [Int32(fractional) * 2]]
                var branched = Set<Int>()
                for child in children { for f in child { branched.insert(Int(f >> 1)) } }
                lastBasis = SavedBasis(status: lp.saveBasis(), columnCount: arcOfColumn.count,
                                       degreeRowCount: degreeRows, cutSerials: cutSerials)
                if let matrix, Self.roundsLP(at: searchNodes) {
                    roundings += 1
                    if let (route, cost) = roundedRoute(support: support, matrix: matrix),
                       offer(route: route, cost: cost) {
                        roundingsImproved += 1
                    }
                }
                return .branch(children: children, bound: bound,
                               fixings: localFixings(safe, lower: lower, upper: upper, except: branched))
            }
            purgeCuts()
            addCuts(new)
        }
    }

    /// Violated cuts of the LP point `support` (arcs with x > 0).
    ///
    /// With out- and in-degree 1 at every node, x(δ⁺(S)) = x(δ⁻(S)) =
    /// ½·y(δ(S)) for yᵢⱼ = xᵢⱼ + xⱼᵢ, so the directed subtour cuts are
    /// separated exactly on the symmetrised support by
    /// ``BranchAndCutSeparation`` (components, then minimum cuts); blossoms
    /// come from its odd-component heuristic on the same support. Every
    /// candidate is checked on the directed point and kept only if violated.
    /// When none is and `exact` is set (a fractional point), exact blossoms
    /// and combs of the symmetrised point
    /// (``BranchAndCutSeparation/blossomsAndCombs(nodeCount:support:limit:stop:)``)
    /// are tried: y satisfies y(δ(v)) = 2, and each comb of symmetric tours
    /// is a valid ``DirectedBranchAndCutCut``.
    /// - Complexity: O(m³) for the minimum cuts, O(s · C) for the checks,
    ///   and with `exact` up to three Gomory–Hu trees, O(m · F) each.
    private func separate(support: [(arc: Int, x: Double)], exact: Bool) -> [DirectedBranchAndCutCut] {
        let m = graph.nodeCount
        var pairs: [Int: Double] = [:]
        for (a, value) in support {
            let arc = graph.arcs[a]
            let u = Int(arc.from), v = Int(arc.to)
            pairs[min(u, v) * m + max(u, v), default: 0] += value
        }
        let symmetric = pairs.keys.sorted().map { key in
            BranchAndCutSeparation.SupportEdge(edge: key, u: key / m, v: key % m, x: pairs[key]!)
        }
        var candidates: [DirectedBranchAndCutCut]
        let sets = BranchAndCutSeparation.components(nodeCount: m, support: symmetric)
        if !sets.isEmpty {
            candidates = sets.map { DirectedBranchAndCutCut(subtour: $0) }
        } else {
            candidates = BranchAndCutSeparation.minimumCuts(nodeCount: m, support: symmetric,
                                                            limit: max(20, m / 2)) { self.shouldStop }
                .map { DirectedBranchAndCutCut(subtour: $0) }
        }
        for b in BranchAndCutSeparation.blossoms(nodeCount: m, support: symmetric) {
            candidates.append(DirectedBranchAndCutCut(handle: b.handle, teeth: b.teeth))
        }
        candidates += d3Cuts(support: support)
        func violated(_ cut: DirectedBranchAndCutCut) -> Bool {
            var lhs = 0.0
            for (a, value) in support {
                let arc = graph.arcs[a]
                lhs += Double(cut.coefficient(Int(arc.from), Int(arc.to))) * value
            }
            return lhs < Double(cut.rhs) - BranchAndCutSeparation.violationTolerance
        }
        let found = candidates.filter(violated)
        guard found.isEmpty, exact, Self.separatesCombs else { return found }
        exactSeparations += 1
        return BranchAndCutSeparation.blossomsAndCombs(nodeCount: m, support: symmetric,
                                                       limit: BranchAndCutSearch.combsPerRound) { self.shouldStop }
            .map(DirectedBranchAndCutCut.init(symmetric:))
            .filter(violated)
    }

    /// Whether exact blossoms and combs are separated at all (a switch for
    /// measuring them against the heuristic separators alone).
    nonisolated(unsafe) static var separatesCombs = true
    /// Whether nodes below the root stop cutting when it tails off.
    nonisolated(unsafe) static var tailsOff = false
    /// Fractional arcs tried by strong branching at one node at most: 16
    /// (with reliability branching most candidates are estimated, so more
    /// trials are affordable; on six 100-stop itinerary-like instances, CPU
    /// s summed: 6 trials 20.8, 10 trials 17.7, 16 of a pool of 30 about
    /// 15 % below 10, 24 of 40 no better than 16).
    nonisolated(unsafe) static var strongBranchingCandidates = 16
    /// Whether branching is reliability branching (strong branching only
    /// on candidates without reliable pseudo-costs) rather than strong
    /// branching on the first ``strongBranchingCandidates``.
    nonisolated(unsafe) static var reliabilityBranching = true
    /// Branching nodes whose LP point is rounded to a route
    /// (``roundedRoute(support:matrix:)``): the first ``roundingFirst``,
    /// then every ``roundingPeriod``-th (0: never).
    nonisolated(unsafe) static var roundingFirst = 20
    nonisolated(unsafe) static var roundingPeriod = 10
    static func roundsLP(at node: Int) -> Bool {
        roundingPeriod > 0 && (node <= roundingFirst || node % roundingPeriod == 0)
    }
    /// Whether children start their LP from their parent's final basis (``SavedBasis``).
    nonisolated(unsafe) static var warmStartsChildren = true
    /// The candidates nearest ½ that reliability branching scores.
    nonisolated(unsafe) static var branchingPool = 30

    /// The most violated D₃ inequalities (``DirectedBranchAndCutCut``),
    /// found exhaustively: for each support arc a → c and each b next to a
    /// or c in the support. At most m are returned.
    /// - Complexity: O(s · d) for support degree d.
    private func d3Cuts(support: [(arc: Int, x: Double)]) -> [DirectedBranchAndCutCut] {
        let m = graph.nodeCount
        var value: [Int: Double] = [:]
        var out = [[Int]](repeating: [], count: m), into = [[Int]](repeating: [], count: m)
        for (a, x) in support {
            let arc = graph.arcs[a]
            value[Int(arc.from) * m + Int(arc.to)] = x
            out[Int(arc.from)].append(Int(arc.to))
            into[Int(arc.to)].append(Int(arc.from))
        }
        func x(_ u: Int, _ v: Int) -> Double { value[u * m + v] ?? 0 }
        var found: [(Double, Int, Int, Int)] = []
        for (arc, xac) in support {
            let a = Int(graph.arcs[arc].from), c = Int(graph.arcs[arc].to)
            let base = 2 * xac + x(c, a)
            var seen = Set<Int>()
            for b in out[a] + into[c] where b != a && b != c && seen.insert(b).inserted {
                let lhs = base + x(a, b) + x(b, c)
                if lhs > 2 + 0.01 { found.append((lhs, a, b, c)) }
            }
        }
        found.sort { ($0.0, -$0.1, -$0.2, -$0.3) > ($1.0, -$1.1, -$1.2, -$1.3) }
        return found.prefix(m).map { DirectedBranchAndCutCut(d3: $0.1, $0.2, $0.3, nodeCount: m) }
    }

    /// Takes `route` (of the original problem) as the incumbent if it is
    /// cheaper; returns whether it was.
    @discardableResult
    func offer(route: [Int], cost: Int) -> Bool {
        guard incumbentCost.map({ cost < $0 }) ?? true, graph.arcs(of: route) != nil else { return false }
        incumbentCost = cost
        incumbentRoute = route
        fixByReducedCost()
        return true
    }

    /// Reduced-cost fixing for a subtree (see ``BranchAndCutSearch``).
    private func localFixings(_ safe: BranchAndCutBound, lower: [UInt8], upper: [UInt8],
                              except: Set<Int>) -> [Int32] {
        guard let best = incumbentCost else { return [] }
        var fixings: [Int32] = []
        for a in arcOfColumn where !except.contains(a) && lower[a] == 0 && upper[a] == 1 {
            let d = safe.reducedCosts[a]
            if d > 0, BranchAndCutBound.ceilingOfScaled(safe.scaled + d) >= best {
                fixings.append(Int32(a) * 2)
            } else if d < 0, BranchAndCutBound.ceilingOfScaled(safe.scaled - d) >= best {
                fixings.append(Int32(a) * 2 + 1)
            }
        }
        return fixings
    }

    /// The ways to split the LP point `x`, each as its children's fixings
    /// (arc · 2 + value) with its fractionality |X − ½|, nearest ½ first.
    ///
    /// A fractional arc u → v is branched on alone when u and v have no
    /// clones. Otherwise on the star of u into v's clone class H (X = x(u → H);
    /// children: every arc u → H at 0, or every other arc out of u at 0, so
    /// X = 1 by the out-degree row), or failing that on the star into v from
    /// u's class: both children are column bounds, and neither leaves a
    /// twin arc to the LP at the same bound.
    /// - Complexity: O(s · m) for s fractional arcs.
    private func branchingCandidates(x: [Double], lower: [UInt8], upper: [UInt8])
        -> [(distance: Double, key: Int, value: Double, children: [[Int32]])] {
        let m = graph.nodeCount
        var value = [Double](repeating: 0, count: graph.arcs.count)
        for (column, v) in x.enumerated() { value[arcOfColumn[column]] = v }
        var seen = Set<Int>()
        var result: [(distance: Double, key: Int, value: Double, children: [[Int32]])] = []
        let eps = 1e-6
        for (column, v) in x.enumerated() where v > eps && v < 1 - eps {
            let a = arcOfColumn[column]
            let arc = graph.arcs[a]
            let u = Int(arc.from), w = Int(arc.to)
            let headClass = graph.cloneClass[w], tailClass = graph.cloneClass[u]
            let headTwins = (0..<m).filter { $0 != u && graph.cloneClass[$0] == headClass }
            let tailTwins = (0..<m).filter { $0 != w && graph.cloneClass[$0] == tailClass }
            var chosen: (key: Int, inside: [Int], outside: [Int])?
            if headTwins.count > 1 {
                let inside = headTwins.compactMap { graph.arc(u, $0) }
                let outside = (0..<m).filter { $0 != u && graph.cloneClass[$0] != headClass }.compactMap { graph.arc(u, $0) }
                chosen = (u * m + headClass, inside, outside)
            }
            if let c = chosen {
                let total = c.inside.reduce(0.0) { $0 + value[$1] }
                if !(total > eps && total < 1 - eps) { chosen = nil }
            }
            if chosen == nil && tailTwins.count > 1 {
                let inside = tailTwins.compactMap { graph.arc($0, w) }
                let outside = (0..<m).filter { $0 != w && graph.cloneClass[$0] != tailClass }.compactMap { graph.arc($0, w) }
                chosen = (m * m + w * m + tailClass, inside, outside)
                let total = inside.reduce(0.0) { $0 + value[$1] }
                if !(total > eps && total < 1 - eps) { chosen = nil }
            }
            if let c = chosen {
                guard seen.insert(c.key).inserted else { continue }
                let total = c.inside.reduce(0.0) { $0 + value[$1] }
                let toZero = { (arcs: [Int]) in arcs.filter { upper[$0] == 1 }.map { Int32($0) * 2 } }
                result.append((abs(total - 0.5), c.key, total, [toZero(c.outside), toZero(c.inside)]))
            } else if headTwins.count <= 1 && tailTwins.count <= 1 {
                guard seen.insert(-1 - a).inserted else { continue }
                result.append((abs(v - 0.5), -1 - a, v, [[Int32(a) * 2 + 1], [Int32(a) * 2]]))
            }
        }
        result.sort { $0.distance < $1.distance }
        return result
    }

    /// Reliability branching: of the ``branchingPool`` candidates of
    /// ``branchingCandidates(x:lower:upper:)`` nearest ½, each one whose
    /// pseudo-costs are not yet reliable (``BranchingPseudoCosts``) is tried
    /// in both children by a short dual simplex from the current basis
    /// (strong branching lite, as in ``BranchAndCutSearch``; at most
    /// ``strongBranchingCandidates`` per node, and the trials feed the
    /// pseudo-costs); the others' rises are estimated from their
    /// pseudo-costs. The candidate whose weaker child rises most (product
    /// rule) is chosen. Trial objectives and estimates only choose, never
    /// prune. With ``reliabilityBranching`` off, the first
    /// ``strongBranchingCandidates`` are all tried (the rule before).
    /// - Complexity: O(P) estimates plus at most 2 · ``strongBranchingCandidates``
    ///   trials of ``BranchAndCutSearch/strongBranchingIterations`` pivots each.
    private func chooseBranch(x: [Double], lower: [UInt8], upper: [UInt8]) -> [[Int32]]? {
        lastBranch = []
        let candidates = branchingCandidates(x: x, lower: lower, upper: upper)
        guard !candidates.isEmpty else { return nil }
        let base = lp.objective
        func remember(_ c: (distance: Double, key: Int, value: Double, children: [[Int32]])) -> [[Int32]] {
            lastBranch = [PendingBranchObservation(key: c.key, up: true, value: c.value, parentObjective: base),
                          PendingBranchObservation(key: c.key, up: false, value: c.value, parentObjective: base)]
            return c.children
        }
        guard candidates.count > 1 else { return remember(candidates[0]) }
        let basis = lp.saveBasis()
        let columnLower = arcOfColumn.map { Double(lower[$0]) }
        let columnUpper = arcOfColumn.map { Double(upper[$0]) }
        let reliability = Self.reliabilityBranching
        let pool = reliability ? Self.branchingPool : Self.strongBranchingCandidates
        var trials = 0
        var best: (score: Double, index: Int)?
        for (index, candidate) in candidates.prefix(pool).enumerated() {
            var gains: [Double]
            if reliability && (pseudoCosts.isReliable(candidate.key) || trials >= Self.strongBranchingCandidates) {
                let estimate = pseudoCosts.estimate(candidate.key, value: candidate.value)
                gains = [max(1e-6, estimate.up), max(1e-6, estimate.down)]
            } else {
                trials += 1
                gains = []
                for (k, child) in candidate.children.enumerated() {
                    var l = columnLower, u = columnUpper
                    for f in child {
                        let column = Int(columnOfArc[Int(f >> 1)])
                        guard column >= 0 else { continue }
                        if f & 1 == 1 { l[column] = 1 } else { u[column] = 0 }
                    }
                    lp.setBounds(lower: l, upper: u)
                    let objective = lp.trialObjective(iterations: BranchAndCutSearch.strongBranchingIterations)
                    strongBranchingTrials += 1
                    lp.restoreBasis(basis)
                    guard let objective else {
                        lp.setBounds(lower: columnLower, upper: columnUpper)
                        return nil
                    }
                    pseudoCosts.record(candidate.key, up: k == 0, value: candidate.value, gain: objective - base)
                    gains.append(max(1e-6, objective - base))
                }
            }
            let score = gains[0] * gains[1]
            if best.map({ score > $0.score }) ?? true { best = (score, index) }
            if shouldStop { break }
        }
        lp.setBounds(lower: columnLower, upper: columnUpper)
        return best.map { remember(candidates[$0.index]) }
    }

    /// Files the last branching decision under its children's node ids
    /// (in the order of the returned children), so that each child's first
    /// LP updates the pseudo-costs.
    /// Forgets what was kept for node `id` (pruned without being solved).
    func discard(nodeID id: Int) {
        pendingBases[id] = nil
        pendingObservations[id] = nil
    }

    func expectChildren(ids: [Int]) {
        if let basis = lastBasis, Self.warmStartsChildren {
            for id in ids { pendingBases[id] = basis }
        }
        lastBasis = nil
        guard lastBranch.count == ids.count else { return }
        for (id, observation) in zip(ids, lastBranch) { pendingObservations[id] = observation }
        lastBranch = []
    }

    /// Fixes to 0, for good, every arc whose reduced cost at the root lifts
    /// the root bound to the incumbent: no better tour uses it.
    private func fixByReducedCost() {
        guard let root = rootBound, let best = incumbentCost else { return }
        for a in graph.arcs.indices where globalUpper[a] == 1 {
            let d = root.reducedCosts[a]
            if d > 0 && BranchAndCutBound.ceilingOfScaled(root.scaled + d) >= best { globalUpper[a] = 0 }
        }
    }

    /// Whether CLP's Farkas ray, or the phase-1 duals, prove in exact
    /// arithmetic that no point within `lower`/`upper` satisfies the rows.
    private func certifyInfeasible(lower: [UInt8], upper: [UInt8]) -> Bool {
        let rows = degreeRows + cuts.count
        var candidates: [[Double]] = []
        if let ray = lp.infeasibilityRay(), ray.count == rows {
            let largest = ray.map(abs).max() ?? 0
            if largest > 0, largest.isFinite {
                candidates.append(ray.map { $0 / largest })
                candidates.append(ray.map { -$0 / largest })
            }
        }
        let costs = arcOfColumn.map { Double(graph.arcs[$0].cost) }
        if let y = lp.phaseOneDuals(costs: costs), y.count == rows { candidates.append(y) }
        for y in candidates {
            if let check = BranchAndCutBound.compute(directed: graph, cuts: cuts, duals: y, lower: lower,
                                                     upper: upper, zeroCosts: true),
               check.scaled > 0 {
                return true
            }
        }
        return false
    }
}
