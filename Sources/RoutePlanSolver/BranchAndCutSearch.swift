/// The state of one ``BranchAndCut`` solve: the LP, its cuts and columns,
/// the incumbent and the open search nodes.
///
/// Every search node shares one LP; a node is its list of branching
/// fixings, applied as column bounds before its LP is re-solved. Cuts are
/// globally valid, so every node keeps the cuts of every other. N is the
/// graph's node count, E its edge count.
final class BranchAndCutSearch {
    /// A node of the search tree.
    struct Node {
        /// Branching decisions: edge · 2 + value.
        var fixings: [Int32]
        /// A proven lower bound on every tour within the fixings.
        var bound: Int
        var depth: Int
        var id: Int
    }

    /// How processing a node ended.
    enum NodeResult {
        case pruned
        /// Branch on `edge`; `fixings` (edge · 2 + value) hold in the whole subtree.
        case branch(edge: Int, bound: Int, fixings: [Int32])
        /// The LP could not be solved or certified: no proof below this node.
        case unresolved(bound: Int)
    }

    let graph: BranchAndCutGraph
    let endpoints: RouteEndpoints
    let control: SolveControl
    /// An extra deadline of the search's own (a proof budget), if any.
    let stopAt: ContinuousClock.Instant?
    let lp: BranchAndCutLP

    private(set) var columnOfEdge: [Int32]
    private(set) var edgeOfColumn: [Int] = []
    private(set) var cuts: [BranchAndCutCut] = []
    /// 0 for edges fixed out of every better tour by reduced cost, else 1.
    private var globalUpper: [UInt8]
    private let forcedLower: [UInt8]

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
    var rootLowerBound: Int?
    /// Whether every pruning so far was certified.
    var certified = true

    /// Cut rows kept at most before slack ones are purged.
    private let maxCuts: Int

    init(graph: BranchAndCutGraph, endpoints: RouteEndpoints, control: SolveControl, stopAt: ContinuousClock.Instant?,
         incumbent: (cost: Int, route: [Int], edges: [Int])?) {
        self.graph = graph
        self.endpoints = endpoints
        self.control = control
        self.stopAt = stopAt
        let n = graph.nodeCount
        lp = BranchAndCutLP(degreeRows: n)
        columnOfEdge = [Int32](repeating: -1, count: graph.edges.count)
        globalUpper = [UInt8](repeating: 1, count: graph.edges.count)
        var forced = [UInt8](repeating: 0, count: graph.edges.count)
        for e in graph.forced { forced[e] = 1 }
        forcedLower = forced
        maxCuts = max(200, 4 * n)
        incumbentCost = incumbent?.cost
        incumbentRoute = incumbent?.route

        // Initial columns: forced edges, the incumbent's, and each node's cheapest few.
        var initial = Set(graph.forced)
        if let incumbent { initial.formUnion(incumbent.edges) }
        var incident = [[Int]](repeating: [], count: n)
        for (e, edge) in graph.edges.enumerated() {
            incident[Int(edge.u)].append(e)
            incident[Int(edge.v)].append(e)
        }
        let k = 6
        for list in incident {
            let cheapest = list.sorted { (graph.edges[$0].cost, $0) < (graph.edges[$1].cost, $1) }.prefix(k)
            initial.formUnion(cheapest)
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

    private func addColumns(_ edges: [Int]) {
        var costs: [Double] = [], lower: [Double] = [], upper: [Double] = []
        var entries: [[(row: Int32, value: Double)]] = []
        let n = graph.nodeCount
        for e in edges where columnOfEdge[e] < 0 {
            let edge = graph.edges[e]
            let u = Int(edge.u), v = Int(edge.v)
            columnOfEdge[e] = Int32(edgeOfColumn.count)
            edgeOfColumn.append(e)
            costs.append(Double(edge.cost))
            lower.append(Double(forcedLower[e]))
            upper.append(Double(globalUpper[e]))
            var column: [(row: Int32, value: Double)] = [(Int32(u), 1), (Int32(v), 1)]
            for (c, cut) in cuts.enumerated() {
                let a = cut.coefficient(edge: e, u, v)
                if a != 0 { column.append((Int32(n + c), Double(a))) }
            }
            entries.append(column)
        }
        lp.addColumns(costs: costs, lower: lower, upper: upper, entries: entries)
    }

    private func addCuts(_ new: [BranchAndCutCut]) {
        guard !new.isEmpty else { return }
        var lower: [Double] = []
        var entries: [[(column: Int32, value: Double)]] = []
        for cut in new {
            var row: [(column: Int32, value: Double)] = []
            for (column, e) in edgeOfColumn.enumerated() {
                let edge = graph.edges[e]
                let a = cut.coefficient(edge: e, Int(edge.u), Int(edge.v))
                if a != 0 { row.append((Int32(column), Double(a))) }
            }
            lower.append(Double(cut.rhs))
            entries.append(row)
        }
        lp.addRows(lower: lower, entries: entries)
        cuts.append(contentsOf: new)
        cutsAdded += new.count
    }

    /// Drops cut rows with slack when there are too many.
    private func purgeCuts() {
        guard cuts.count > maxCuts else { return }
        let activity = lp.rowActivity
        let n = graph.nodeCount
        var drop: [Int32] = []
        var keep: [BranchAndCutCut] = []
        for (c, cut) in cuts.enumerated() {
            if activity[n + c] > Double(cut.rhs) + 1e-3 {
                drop.append(Int32(n + c))
            } else {
                keep.append(cut)
            }
        }
        lp.deleteRows(drop)
        cuts = keep
    }

    // MARK: Nodes

    /// Solves the LP of `node` with pricing and cutting until it is pruned,
    /// has to branch, or cannot be resolved.
    func process(_ node: Node) -> NodeResult {
        searchNodes += 1
        let edgeCount = graph.edges.count
        var lower = forcedLower
        var upper = globalUpper
        for f in node.fixings {
            let e = Int(f >> 1)
            if f & 1 == 1 { lower[e] = 1 } else { upper[e] = 0 }
        }
        for e in 0..<edgeCount where lower[e] > upper[e] { return .pruned }
        lp.setBounds(lower: edgeOfColumn.map { Double(lower[$0]) }, upper: edgeOfColumn.map { Double(upper[$0]) })

        var bound = node.bound
        var history: [Double] = []
        var exactRounds = 0
        var addedEverything = false
        while true {
            if shouldStop { return .unresolved(bound: bound) }
            let status = lp.solve()
            lpSolves += 1
            if status == .failed { return .unresolved(bound: bound) }
            if status == .infeasible {
                if !addedEverything {
                    addedEverything = true
                    let missing = (0..<edgeCount).filter { columnOfEdge[$0] < 0 && upper[$0] == 1 }
                    if !missing.isEmpty {
                        addColumns(missing)
                        lp.setBounds(lower: edgeOfColumn.map { Double(lower[$0]) },
                                     upper: edgeOfColumn.map { Double(upper[$0]) })
                        continue
                    }
                }
                // The dual simplex stops at a dual feasible point whose
                // objective it has raised: often already a bound at the
                // incumbent. Otherwise CLP's Farkas ray, if it gives one.
                if let best = incumbentCost,
                   let safe = BranchAndCutBound.compute(graph: graph, cuts: cuts, duals: lp.duals,
                                                        lower: lower, upper: upper),
                   safe.ceiling >= best {
                    return .pruned
                }
                if certifyInfeasible(lower: lower, upper: upper) { return .pruned }
                return .unresolved(bound: bound)
            }
            guard let safe = BranchAndCutBound.compute(graph: graph, cuts: cuts, duals: lp.duals,
                                                       lower: lower, upper: upper) else {
                return .unresolved(bound: bound)
            }
            bound = max(bound, safe.ceiling)
            if node.fixings.isEmpty { rootLowerBound = bound }
            if let best = incumbentCost, bound >= best { return .pruned }

            // Pricing: columns not in the LP with negative reduced cost.
            var priced: [(Int128, Int)] = []
            for e in 0..<edgeCount where columnOfEdge[e] < 0 && upper[e] == 1 && safe.reducedCosts[e] < 0 {
                priced.append((safe.reducedCosts[e], e))
            }
            if !priced.isEmpty {
                priced.sort { $0 < $1 }
                let take = priced.prefix(max(100, graph.nodeCount)).map(\.1)
                addColumns(take)
                lp.setBounds(lower: edgeOfColumn.map { Double(lower[$0]) }, upper: edgeOfColumn.map { Double(upper[$0]) })
                continue
            }
            if node.fixings.isEmpty {
                rootBound = safe
                fixByReducedCost()
                var changed = false
                for e in 0..<edgeCount where globalUpper[e] == 0 && upper[e] == 1 {
                    upper[e] = 0
                    changed = true
                }
                if changed {
                    lp.setBounds(lower: edgeOfColumn.map { Double(lower[$0]) },
                                 upper: edgeOfColumn.map { Double(upper[$0]) })
                }
            }

            // Separation.
            let x = lp.primal
            var support: [BranchAndCutSeparation.SupportEdge] = []
            var fractional = -1
            var closest = 2.0
            for (column, value) in x.enumerated() where value > 1e-9 {
                let e = edgeOfColumn[column]
                let edge = graph.edges[e]
                support.append(.init(edge: e, u: Int(edge.u), v: Int(edge.v), x: value))
                let distance = abs(value - 0.5)
                if value > 1e-6 && value < 1 - 1e-6 && distance < closest {
                    closest = distance
                    fractional = e
                }
            }
            var new: [BranchAndCutCut] = []
            let n = graph.nodeCount
            let sets = BranchAndCutSeparation.components(nodeCount: n, support: support)
            if !sets.isEmpty {
                new = sets.map { BranchAndCutCut(subtour: $0) }
            } else {
                let limit = max(20, n / 2)
                new = BranchAndCutSeparation.minimumCuts(nodeCount: n, support: support, limit: limit) {
                    self.shouldStop
                }.map { BranchAndCutCut(subtour: $0) }
            }
            for b in BranchAndCutSeparation.blossoms(nodeCount: n, support: support) {
                new.append(BranchAndCutCut(handle: b.handle, teeth: b.teeth))
            }
            if new.isEmpty && fractional >= 0
                && ExactSeparationPolicy.standard.allows(depth: node.depth, rounds: exactRounds, objective: lp.objective,
                                                         best: incumbentCost, root: rootLowerBound) {
                // No subtour cut and no heuristic blossom: exact blossoms,
                // and combs on the shrunk support (the most violated few).
                exactRounds += 1
                exactSeparations += 1
                new = BranchAndCutSeparation.blossomsAndCombs(nodeCount: n, support: support,
                                                              limit: Self.combsPerRound) { self.shouldStop }
            }

            if new.isEmpty && fractional < 0 {
                // An integral point satisfying every subtour cut: a tour.
                let chosen = support.filter { $0.x > 0.5 }.map(\.edge)
                if let route = graph.route(fromCycle: chosen, endpoints: endpoints) {
                    let cost = chosen.reduce(0) { $0 + graph.edges[$1].cost }
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
            // Tailing off below the root: the last three rounds closed less
            // than a fraction of the gap left.
            let tailing = node.depth > 0 && history.count > 3 && incumbentCost.map { best in
                history[history.count - 1] - history[history.count - 4]
                    < Self.tailingOff * (Double(best) - history[history.count - 1])
            } ?? false
            if fractional >= 0 && (new.isEmpty || stalled || tailing || (node.depth > 0 && history.count > 30)) {
                let edge = chooseBranch(x: x, lower: lower, upper: upper) ?? fractional
                return .branch(edge: edge, bound: bound,
                               fixings: localFixings(safe, lower: lower, upper: upper, except: edge))
            }
            purgeCuts()
            addCuts(new)
        }
    }

    /// Takes `route` (of the original problem) as the incumbent if it is
    /// cheaper; returns whether it was.
    @discardableResult
    func offer(route: [Int], cost: Int) -> Bool {
        guard incumbentCost.map({ cost < $0 }) ?? true,
              graph.edges(of: route, endpoints: endpoints) != nil else { return false }
        incumbentCost = cost
        incumbentRoute = route
        fixByReducedCost()
        return true
    }

    /// Reduced-cost fixing for a subtree: an LP edge free in [0, 1] whose
    /// exact reduced cost, moved to its other bound, lifts `safe` to the
    /// incumbent is fixed where it is (no better tour below changes it).
    private func localFixings(_ safe: BranchAndCutBound, lower: [UInt8], upper: [UInt8], except: Int) -> [Int32] {
        guard let best = incumbentCost else { return [] }
        var fixings: [Int32] = []
        for e in edgeOfColumn where e != except && lower[e] == 0 && upper[e] == 1 {
            let d = safe.reducedCosts[e]
            if d > 0, BranchAndCutBound.ceilingOfScaled(safe.scaled + d) >= best {
                fixings.append(Int32(e) * 2)
            } else if d < 0, BranchAndCutBound.ceilingOfScaled(safe.scaled - d) >= best {
                fixings.append(Int32(e) * 2 + 1)
            }
        }
        return fixings
    }

    /// The candidates strong branching tries.
    static let strongBranchingCandidates = 6
    /// Below the root, cutting stops when three rounds closed less than
    /// this fraction of the gap left (combs keep finding cuts that move
    /// the bound very little: without it pr136 made 942 LP solves in 229
    /// nodes, with it 254 in 81).
    static let tailingOff = 0.05
    /// The blossoms and combs added per separation round at most.
    static let combsPerRound = 10
    /// The dual simplex pivots each strong-branching trial may take.
    static let strongBranchingIterations = 60

    /// Strong branching, lite: the few fractional edges nearest ½ are each
    /// tried at 0 and at 1 by a short dual simplex from the current basis;
    /// the edge whose weaker child rises most (product rule) is chosen. The
    /// trial objectives only choose; they never prune.
    private func chooseBranch(x: [Double], lower: [UInt8], upper: [UInt8]) -> Int? {
        var candidates: [(Double, Int)] = []
        for (column, value) in x.enumerated() where value > 1e-6 && value < 1 - 1e-6 {
            candidates.append((abs(value - 0.5), column))
        }
        guard candidates.count > 1 else { return nil }
        candidates.sort { $0 < $1 }
        let base = lp.objective
        let basis = lp.saveBasis()
        var columnLower = edgeOfColumn.map { Double(lower[$0]) }
        var columnUpper = edgeOfColumn.map { Double(upper[$0]) }
        var best: (score: Double, edge: Int)?
        for (_, column) in candidates.prefix(Self.strongBranchingCandidates) {
            var gains: [Double] = []
            for value in [0.0, 1.0] {
                let (l, u) = (columnLower[column], columnUpper[column])
                columnLower[column] = value
                columnUpper[column] = value
                lp.setBounds(lower: columnLower, upper: columnUpper)
                let objective = lp.trialObjective(iterations: Self.strongBranchingIterations)
                columnLower[column] = l
                columnUpper[column] = u
                lp.restoreBasis(basis)
                guard let objective else { return nil }
                gains.append(max(1e-6, objective - base))
            }
            let score = gains[0] * gains[1]
            if best.map({ score > $0.score }) ?? true { best = (score, edgeOfColumn[column]) }
            if shouldStop { break }
        }
        lp.setBounds(lower: columnLower, upper: columnUpper)
        return best?.edge
    }

    /// Fixes to 0, for good, every edge whose reduced cost at the root lifts
    /// the root bound to the incumbent: no better tour uses it.
    private func fixByReducedCost() {
        guard let root = rootBound, let best = incumbentCost else { return }
        for e in graph.edges.indices where globalUpper[e] == 1 && forcedLower[e] == 0 {
            let d = root.reducedCosts[e]
            if d > 0 && BranchAndCutBound.ceilingOfScaled(root.scaled + d) >= best { globalUpper[e] = 0 }
        }
    }

    /// Whether CLP's Farkas ray proves, in exact arithmetic, that no point
    /// within `lower`/`upper` satisfies the rows.
    /// CLP's Farkas ray when it gives one, else the duals of the phase-1 LP
    /// (``BranchAndCutLP/phaseOneDuals(costs:)``).
    private func certifyInfeasible(lower: [UInt8], upper: [UInt8]) -> Bool {
        let rows = graph.nodeCount + cuts.count
        var candidates: [[Double]] = []
        if let ray = lp.infeasibilityRay(), ray.count == rows {
            let largest = ray.map(abs).max() ?? 0
            if largest > 0, largest.isFinite {
                candidates.append(ray.map { $0 / largest })
                candidates.append(ray.map { -$0 / largest })
            }
        }
        let costs = edgeOfColumn.map { Double(graph.edges[$0].cost) }
        if let y = lp.phaseOneDuals(costs: costs), y.count == rows { candidates.append(y) }
        for y in candidates {
            if let check = BranchAndCutBound.compute(graph: graph, cuts: cuts, duals: y, lower: lower,
                                                     upper: upper, zeroCosts: true),
               check.scaled > 0 {
                return true
            }
        }
        return false
    }
}
