import Testing
@testable import RoutePlanSolver

/// The Lin–Kernighan step's alternate first step (``SymmetricSearch/improveOrMove(_:_:)``),
/// against brute force over every segment swap.
@Suite("Segment swaps (the alternate first step)")
struct OrMoveTests {
    /// Every swap of two adjacent stretches of the closed tour `t` (neither
    /// reversed) that would shorten it, described.
    static func improvingSwaps<Costs: SymmetricCosts>(_ t: [Int], _ costs: Costs) -> [String] {
        let n = t.count
        var found: [String] = []
        for i in 0..<n {
            // t1 = t[i]; stretches t[i+1 … j] and t[j+1 … l]; the rest t[l+1 … i] holds t1.
            for j in (i + 1)..<(i + n - 1) {
                for l in (j + 1)..<(i + n) {
                    let t1 = t[i % n], t2 = t[(i + 1) % n], t5 = t[j % n], t6 = t[(j + 1) % n]
                    let t3 = t[l % n], t4 = t[(l + 1) % n]
                    let gain = costs.cost(t1, t2) + costs.cost(t5, t6) + costs.cost(t3, t4)
                        - costs.cost(t1, t6) - costs.cost(t3, t2) - costs.cost(t5, t4)
                    if gain > 0 { found.append("swap of \(t2)…\(t5) and \(t6)…\(t3) after \(t1) gains \(gain)") }
                }
            }
        }
        return found
    }

    @Test("on symmetric costs with complete lists, a settled tour has no improving segment swap",
          arguments: [8, 12, 25, 40])
    func symmetricSettled(n: Int) throws {
        for seed: UInt64 in 1...12 {
            var gen = InstanceGenerator(seed: seed &* 7_723 &+ UInt64(n))
            let matrix = seed % 2 == 0 ? try gen.euclidean(n) : try gen.symmetric(n)
            var search = SymmetricSearchTests.completeListSearch(matrix)
            let costs = search.costs
            search.usesOrMove = true
            search.settle(control: .unlimited)
            #expect(search.cost == SymmetricSearchTests.recomputed(search), "seed \(seed), n \(n): incremental cost drifted")
            for move in Self.improvingSwaps(search.tour.cities(startingAt: 0), costs) {
                Issue.record("seed \(seed), n \(n): \(move)")
            }
        }
    }

    @Test("on the doubled graph of asymmetric costs: exact costs, entry–exit pairs kept, no improving swap left",
          arguments: [6, 10, 18])
    func doubledSettled(n: Int) throws {
        for seed: UInt64 in 1...8 {
            var gen = InstanceGenerator(seed: seed &* 311 &+ UInt64(n))
            let matrix = try gen.asymmetric(n)
            let costs = DoubledCosts(n: n, directed: matrix.storage.map(Int.init))
            let k = 2 * n - 1
            let lists = costs.nearestNeighbours(k)
            var search = SymmetricSearch(costs: costs, neighbours: lists, k: k,
                                         start: GreedyEdge.tour(costs, neighbours: lists, k: k))
            #expect(search.usesOrMove, "seed \(seed), n \(n): on by default on doubled graphs")
            search.settle(control: .unlimited)
            var rng = SplitMix64(seed: seed)
            for _ in 0..<30 { _ = search.kick(using: &rng, control: .unlimited) }
            search.settle(control: .unlimited)
            #expect(search.cost == SymmetricSearchTests.recomputed(search), "seed \(seed), n \(n): incremental cost drifted")
            for node in 0..<n {
                let exit = n + node
                #expect(search.tour.next(node) == exit || search.tour.previous(node) == exit,
                        "seed \(seed), n \(n): entry \(node) lost its exit")
            }
            for move in Self.improvingSwaps(search.tour.cities(startingAt: 0), costs) {
                Issue.record("seed \(seed), n \(n): \(move)")
            }
        }
    }

    @Test("the symmetric search leaves the move off, the doubled one turns it on")
    func defaults() throws {
        var gen = InstanceGenerator(seed: 5)
        let matrix = try gen.euclidean(20)
        let costs = MatrixCosts(matrix: matrix)
        let search = SymmetricSearch(costs: costs, neighbours: costs.nearestNeighbours(5), k: 5, start: Array(0..<20))
        #expect(!search.usesOrMove)
    }
}
