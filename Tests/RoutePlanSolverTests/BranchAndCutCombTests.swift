import Testing
@testable import RoutePlanSolver

/// Blossom and comb separation (``BranchAndCutSeparation/blossomsAndCombs``)
/// checked by brute force: every cut emitted for random fractional points
/// of instances of at most 9 nodes is violated by the point and satisfied
/// by every tour; and safe bounds over such cuts never exceed the optimum.
/// Seeds are in every message.
@Suite("Branch and cut: blossoms and combs")
struct BranchAndCutCombTests {
    /// A random 2-factor of nodes 0..<n (disjoint cycles of length ≥ 3) as edge lists.
    static func twoFactor(_ n: Int, _ gen: inout InstanceGenerator) -> [(Int, Int)] {
        var order = Array(0..<n)
        for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, gen.int(0...i)) }
        var lengths: [Int] = []
        var left = n
        while left > 0 {
            let length = left < 6 ? left : gen.int(3...(left - 3))
            lengths.append(length)
            left -= length
        }
        var edges: [(Int, Int)] = []
        var start = 0
        for length in lengths {
            for k in 0..<length { edges.append((order[start + k], order[start + (k + 1) % length])) }
            start += length
        }
        return edges
    }

    /// A random point of the 2-matching polytope's degree equations: a
    /// convex combination of two to four random 2-factors, or the prism
    /// (two triangles at ½ joined by a matching at 1) planted among them.
    static func point(_ graph: BranchAndCutGraph, _ gen: inout InstanceGenerator) -> [BranchAndCutSeparation.SupportEdge] {
        let n = graph.nodeCount
        var x = [Double](repeating: 0, count: graph.edges.count)
        var factors: [[(Int, Int)]] = []
        var weights: [Double] = []
        if n >= 6 && gen.int(0...2) == 0 {
            // Prism on six nodes, a cycle (or two) on the rest.
            var order = Array(0..<n)
            for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, gen.int(0...i)) }
            let p = Array(order.prefix(6))
            let a = [(p[0], p[1]), (p[1], p[2]), (p[2], p[0]), (p[3], p[4]), (p[4], p[5]), (p[5], p[3])]
            let teeth = [(p[0], p[3]), (p[1], p[4]), (p[2], p[5])]
            let rest = Array(order.dropFirst(6))
            var cycle: [(Int, Int)] = []
            if rest.count >= 3 { for k in rest.indices { cycle.append((rest[k], rest[(k + 1) % rest.count])) } }
            factors = [a + teeth + cycle]
            weights = [1]
            // Triangles at ½: the listed triangle edges get ½, teeth 1.
            for (u, v) in a { if let e = graph.edge(u, v) { x[e] += 0.5 } }
            for (u, v) in teeth + cycle { if let e = graph.edge(u, v) { x[e] += 1 } }
            if rest.count < 3 && !rest.isEmpty { return [] }
        } else {
            let k = gen.int(2...4)
            for _ in 0..<k {
                factors.append(twoFactor(n, &gen))
                weights.append(Double(gen.int(1...4)))
            }
            let total = weights.reduce(0, +)
            for (f, factor) in factors.enumerated() {
                for (u, v) in factor { if let e = graph.edge(u, v) { x[e] += weights[f] / total } }
            }
        }
        return x.indices.filter { x[$0] > 1e-12 }.map { e in
            let edge = graph.edges[e]
            return .init(edge: e, u: Int(edge.u), v: Int(edge.v), x: x[e])
        }
    }

    /// Every tour of nodes 0..<n as edge lists (node 0 first, each tour once per direction).
    static func tours(_ n: Int, _ graph: BranchAndCutGraph) -> [[Int]] {
        var result: [[Int]] = []
        var rest = Array(1..<n)
        func permute(_ k: Int) {
            if k == rest.count {
                guard rest.first! < rest.last! else { return }
                let order = [0] + rest
                result.append((0..<n).map { graph.edge(order[$0], order[($0 + 1) % n])! })
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

    @Test("every blossom and comb separated is violated by its point and holds for every tour (n ≤ 9)")
    func cutsAreValid() throws {
        var blossoms = 0, combs = 0
        for seed in UInt64(1)...36 {
            var gen = InstanceGenerator(seed: seed)
            let n = 6 + Int(seed % 4)
            let matrix = try gen.euclidean(n)
            let graph = BranchAndCutGraph(matrix, endpoints: .roundTrip())
            let tours = Self.tours(n, graph)
            for trial in 0..<30 {
                let support = Self.point(graph, &gen)
                guard !support.isEmpty else { continue }
                let cuts = BranchAndCutSeparation.blossomsAndCombs(nodeCount: n, support: support, limit: 50) { false }
                for cut in cuts {
                    if cut.teethSets.isEmpty { blossoms += 1 } else { combs += 1 }
                    let violation = Double(cut.rhs) - BranchAndCutSeparation.lhs(cut, support: support)
                    #expect(violation >= BranchAndCutSeparation.combTolerance,
                            "seed \(seed) trial \(trial): cut not violated (\(violation))")
                    if !cut.teethSets.isEmpty {
                        // A comb: odd k ≥ 3 disjoint teeth, each meeting the handle and its complement.
                        #expect(cut.teethSets.count >= 3 && cut.teethSets.count % 2 == 1, "seed \(seed)")
                        for v in 0..<n {
                            #expect(cut.teethSets.filter { $0[v] }.count <= 1, "seed \(seed): teeth overlap")
                        }
                        for t in cut.teethSets {
                            #expect((0..<n).contains { t[$0] && cut.inside[$0] }
                                    && (0..<n).contains { t[$0] && !cut.inside[$0] }, "seed \(seed)")
                        }
                    }
                    for tour in tours {
                        let activity = tour.reduce(0) {
                            $0 + cut.coefficient(edge: $1, Int(graph.edges[$1].u), Int(graph.edges[$1].v))
                        }
                        if activity < cut.rhs {
                            Issue.record("seed \(seed) trial \(trial): a tour violates a separated cut (\(activity) < \(cut.rhs))")
                            break
                        }
                    }
                }
            }
        }
        // The points are built to have violated blossoms and combs: the test must see both.
        #expect(blossoms > 100, "only \(blossoms) blossoms separated")
        // (Combs need teeth edges at ½ < x < 1 between paths of 1-edges;
        // these seeds give a few.)
        #expect(combs >= 3, "only \(combs) combs separated")
    }

    @Test("safe bounds over blossoms and combs never exceed the optimum; c·x = y·b + d·x + slack at the optimum")
    func safeBoundsWithCombs() throws {
        for seed in UInt64(700)...730 {
            var gen = InstanceGenerator(seed: seed)
            let n = 6 + Int(seed % 4)
            let matrix = try gen.euclidean(n, side: 1000)
            let graph = BranchAndCutGraph(matrix, endpoints: .roundTrip())
            let optimal = try HeldKarp.solveBlocking(matrix, endpoints: .roundTrip(), memoryLimit: nil,
                                                     control: .unlimited, workers: 1)
            let tour = try #require(graph.edges(of: optimal.order, endpoints: .roundTrip()))
            var cuts: [BranchAndCutCut] = []
            for _ in 0..<6 where cuts.count < 8 {
                let support = Self.point(graph, &gen)
                guard !support.isEmpty else { continue }
                cuts += BranchAndCutSeparation.blossomsAndCombs(nodeCount: n, support: support, limit: 4) { false }
            }
            let lower = [UInt8](repeating: 0, count: graph.edges.count)
            let upper = [UInt8](repeating: 1, count: graph.edges.count)
            for trial in 0..<20 {
                let duals = (0..<(n + cuts.count)).map { r in
                    Double(gen.int(-1_000_000...1_000_000)) / 1_000_000 * (r < n ? 300 : 50)
                }
                let bound = try #require(BranchAndCutBound.compute(graph: graph, cuts: cuts, duals: duals,
                                                                   lower: lower, upper: upper))
                #expect(bound.ceiling <= optimal.cost, "seed \(seed) trial \(trial): \(bound.ceiling) > \(optimal.cost)")
                // Exact identity at the optimum tour, with the cut duals as the bound used them (clamped at 0).
                let scaled = duals.enumerated().map { r, y -> Int128 in
                    let v = Int128((y * Double(1 << 24)).rounded())
                    return r >= n && v < 0 ? 0 : v
                }
                var value: Int128 = tour.reduce(Int128(0)) { $0 + bound.reducedCosts[$1] }
                for r in 0..<n { value += 2 * scaled[r] }
                for (c, cut) in cuts.enumerated() {
                    let activity = tour.reduce(0) {
                        $0 + cut.coefficient(edge: $1, Int(graph.edges[$1].u), Int(graph.edges[$1].v))
                    }
                    value += Int128(activity) * scaled[n + c]
                }
                #expect(value == Int128(optimal.cost) * BranchAndCutBound.scale, "seed \(seed) trial \(trial): c·x ≠ y·Ax + d·x")
            }
        }
    }
}
