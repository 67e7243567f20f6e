import Testing
@testable import RoutePlanSolver

/// Blossoms and combs in the arc formulation (``DirectedBranchAndCutCut``
/// read on yᵢⱼ = xᵢⱼ + xⱼᵢ), checked by brute force on instances of at most
/// 8 nodes: every cut the exact separation emits for a random symmetric
/// point, carried over to arcs, is violated by the split point and holds
/// for every directed tour; and the directed safe bound over such cuts
/// never exceeds the optimum. Seeds are in every message.
@Suite("Directed branch and cut: blossoms and combs")
struct DirectedBranchAndCutCombTests {
    /// Every directed tour of nodes 0..<n as (tail, head) lists, node 0 first.
    static func directedTours(_ n: Int) -> [[(Int, Int)]] {
        var result: [[(Int, Int)]] = []
        var rest = Array(1..<n)
        func permute(_ k: Int) {
            if k == rest.count {
                let order = [0] + rest
                result.append((0..<n).map { (order[$0], order[($0 + 1) % n]) })
                return
            }
            for i in k..<rest.count {
                rest.swapAt(k, i)
                permute(k + 1)
                rest.swapAt(k, i)
            }
        }
        permute(0)
        return result
    }

    /// A random symmetric point (``BranchAndCutCombTests/point(_:_:)``) keyed
    /// as the arc search keys it: edge {u, v} as `min · n + max`.
    static func keyedPoint(_ graph: BranchAndCutGraph, _ gen: inout InstanceGenerator) -> [BranchAndCutSeparation.SupportEdge] {
        let n = graph.nodeCount
        return BranchAndCutCombTests.point(graph, &gen).map { s in
            .init(edge: min(s.u, s.v) * n + max(s.u, s.v), u: s.u, v: s.v, x: s.x)
        }
    }

    @Test("every blossom and comb carried over to arcs is violated by the split point and holds for every directed tour (n ≤ 8)")
    func cutsAreValid() throws {
        var blossoms = 0, combs = 0
        for seed in UInt64(1)...30 {
            var gen = InstanceGenerator(seed: seed)
            let n = 6 + Int(seed % 3)
            let graph = BranchAndCutGraph(try gen.euclidean(n), endpoints: .roundTrip())
            let tours = Self.directedTours(n)
            for trial in 0..<20 {
                let support = Self.keyedPoint(graph, &gen)
                guard !support.isEmpty else { continue }
                let cuts = BranchAndCutSeparation.blossomsAndCombs(nodeCount: n, support: support, limit: 50) { false }
                for symmetricCut in cuts {
                    let cut = DirectedBranchAndCutCut(symmetric: symmetricCut)
                    if cut.teethSets.isEmpty { blossoms += 1 } else { combs += 1 }
                    // The point split evenly over both arcs: xᵤᵥ = xᵥᵤ = y/2.
                    let lhs = support.reduce(0.0) {
                        $0 + Double(cut.coefficient($1.u, $1.v) + cut.coefficient($1.v, $1.u)) * $1.x / 2
                    }
                    #expect(Double(cut.rhs) - lhs >= BranchAndCutSeparation.combTolerance,
                            "seed \(seed) trial \(trial): cut not violated on arcs (\(lhs) vs \(cut.rhs))")
                    for (u, v) in support.map({ ($0.u, $0.v) }) {
                        #expect(cut.coefficient(u, v) == cut.coefficient(v, u), "seed \(seed): asymmetric coefficient")
                    }
                    for tour in tours {
                        let activity = tour.reduce(0) { $0 + cut.coefficient($1.0, $1.1) }
                        if activity < cut.rhs {
                            Issue.record("seed \(seed) trial \(trial): a directed tour violates a cut (\(activity) < \(cut.rhs))")
                            break
                        }
                    }
                }
            }
        }
        #expect(blossoms > 50, "only \(blossoms) blossoms separated")
        #expect(combs >= 1, "only \(combs) combs separated")
    }

    @Test("the directed safe bound over combs never exceeds the optimum; c·x = y·Ax + d·x at the optimum")
    func safeBoundWithCombs() throws {
        var combCount = 0
        for seed in UInt64(900)...930 {
            var gen = InstanceGenerator(seed: seed)
            let n = 6 + Int(seed % 3)
            let matrix = try gen.asymmetric(n)
            let graph = DirectedBranchAndCutGraph(matrix, endpoints: .roundTrip())
            let m = graph.nodeCount
            let optimal = try HeldKarp.solveBlocking(matrix, endpoints: .roundTrip(), memoryLimit: nil,
                                                     control: .unlimited, workers: 1)
            let tour = try #require(graph.arcs(of: optimal.order))
            var cuts: [DirectedBranchAndCutCut] = []
            // Hand-made combs: handle H, three disjoint teeth {hᵢ, oᵢ} (one
            // node inside, one outside), plus subtour cuts between them.
            for _ in 0..<3 {
                var inside = (0..<m).map { _ in gen.int(0...1) == 1 }
                inside[0] = false
                let ins = (0..<m).filter { inside[$0] }, outs = (0..<m).filter { !inside[$0] }
                if ins.count >= 3 && outs.count >= 3 {
                    let teeth = (0..<3).map { k in (0..<m).map { $0 == ins[k] || $0 == outs[k] } }
                    cuts.append(DirectedBranchAndCutCut(handle: inside, teethSets: teeth))
                    combCount += 1
                } else if inside.contains(true) {
                    cuts.append(DirectedBranchAndCutCut(subtour: inside))
                }
            }
            // Separated ones too.
            let points = BranchAndCutGraph(try gen.euclidean(m), endpoints: .roundTrip())
            for _ in 0..<4 where cuts.count < 10 {
                let support = Self.keyedPoint(points, &gen)
                guard !support.isEmpty else { continue }
                let found = BranchAndCutSeparation.blossomsAndCombs(nodeCount: m, support: support, limit: 3) { false }
                cuts += found.map(DirectedBranchAndCutCut.init(symmetric:))
                combCount += found.filter { !$0.teethSets.isEmpty }.count
            }
            for cut in cuts {
                let activity = tour.reduce(0) { $0 + cut.coefficient(Int(graph.arcs[$1].from), Int(graph.arcs[$1].to)) }
                #expect(activity >= cut.rhs, "seed \(seed): a cut cuts off the optimum")
            }
            let lower = [UInt8](repeating: 0, count: graph.arcs.count)
            let upper = [UInt8](repeating: 1, count: graph.arcs.count)
            for trial in 0..<20 {
                let duals = (0..<(2 * m + cuts.count)).map { r in
                    Double(gen.int(-1_000_000...1_000_000)) / 1_000_000 * (r < 2 * m ? 300 : 50)
                }
                let bound = try #require(BranchAndCutBound.compute(directed: graph, cuts: cuts, duals: duals,
                                                                   lower: lower, upper: upper))
                #expect(bound.ceiling <= optimal.cost, "seed \(seed) trial \(trial): \(bound.ceiling) > \(optimal.cost)")
                let farkas = try #require(BranchAndCutBound.compute(directed: graph, cuts: cuts, duals: duals,
                                                                    lower: lower, upper: upper, zeroCosts: true))
                #expect(farkas.scaled <= 0, "seed \(seed) trial \(trial): false infeasibility certificate")
                // Exact identity at the optimal tour, cut duals clamped at 0 as the bound uses them.
                let scaled = duals.enumerated().map { r, y -> Int128 in
                    let v = Int128((y * Double(1 << 24)).rounded())
                    return r >= 2 * m && v < 0 ? 0 : v
                }
                var value = tour.reduce(Int128(0)) { $0 + bound.reducedCosts[$1] }
                for r in 0..<(2 * m) { value += scaled[r] }
                for (c, cut) in cuts.enumerated() {
                    let activity = tour.reduce(0) { $0 + cut.coefficient(Int(graph.arcs[$1].from), Int(graph.arcs[$1].to)) }
                    value += Int128(activity) * scaled[2 * m + c]
                }
                #expect(value == Int128(optimal.cost) * BranchAndCutBound.scale, "seed \(seed) trial \(trial): c·x ≠ y·Ax + d·x")
            }
        }
        #expect(combCount >= 10, "only \(combCount) combs in the bounds")
    }

    @Test("the exact-separation gate: root always; depth, rounds and gap share below it")
    func policy() {
        let rootOnly = ExactSeparationPolicy(maxDepth: 0, depthPeriod: 0, roundsBelowRoot: 0)
        #expect(rootOnly.allows(depth: 0, rounds: 5) && !rootOnly.allows(depth: 1, rounds: 0))
        let everywhere = ExactSeparationPolicy(maxDepth: .max, depthPeriod: 0, roundsBelowRoot: .max)
        #expect(everywhere.allows(depth: 40, rounds: 100))
        let gated = ExactSeparationPolicy(maxDepth: 2, depthPeriod: 5, roundsBelowRoot: 1, minGapShare: 0.5)
        #expect(gated.allows(depth: 2, rounds: 0) && !gated.allows(depth: 2, rounds: 1))
        #expect(!gated.allows(depth: 3, rounds: 0) && gated.allows(depth: 10, rounds: 0))
        // Root bound 90, incumbent 100: the node needs best − LP ≥ 5.
        #expect(gated.allows(depth: 1, rounds: 0, objective: 95, best: 100, root: 90))
        #expect(!gated.allows(depth: 1, rounds: 0, objective: 95.5, best: 100, root: 90))
        #expect(gated.allows(depth: 1, rounds: 0, objective: 99, best: nil, root: 90))
    }
}
