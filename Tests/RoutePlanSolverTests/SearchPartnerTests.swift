import Testing
@testable import RoutePlanSolver

/// Two searches meeting to go on from one tour.
@Suite("Search partners")
struct SearchPartnerTests {
    @Test("both sides leave a meeting with the same tour: merged, or the cheaper")
    func meetingsAgree() throws {
        let partner = SearchPartner(epoch: 1)
        let base: [Int32] = Array(0..<10)
        // The first meeting has no common base: the cheaper tour wins.
        let other = OwnThread { partner.meet(side: 1, order: base.reversed(), cost: 90) }
        let mine = partner.meet(side: 0, order: base, cost: 100)
        let theirs = try other.result().get()
        #expect(mine?.order == theirs?.order && mine?.cost == 90 && theirs?.cost == 90)
        #expect(mine?.unchanged.0 == false && mine?.unchanged.1 == true)
        // Next: each side swaps a different pair of the agreed tour; both kept.
        let agreed = try #require(mine).order
        var a = agreed, b = agreed
        a.swapAt(1, 2)
        b.swapAt(6, 7)
        let theirSwap = b
        let second = OwnThread { partner.meet(side: 1, order: theirSwap, cost: 80) }
        let merged = partner.meet(side: 0, order: a, cost: 85)
        let otherSide = try second.result().get()
        #expect(merged?.order == otherSide?.order)
        // Gains add up: 90 − 5 − 10.
        #expect(merged?.cost == 75)
        #expect(merged?.unchanged.0 == false && merged?.unchanged.1 == false)
        #expect(partner.merges == 1 && partner.adoptions == 1 && partner.meetings == 2)
    }

    @Test("a side waiting at a meeting is released when the other leaves, and later meetings return at once")
    func leavingReleasesTheOther() throws {
        let partner = SearchPartner(epoch: 1)
        let waiting = OwnThread { partner.meet(side: 0, order: [0, 1, 2, 3], cost: 4) }
        partner.leave(side: 1)
        #expect(try waiting.result().get() == nil)
        #expect(partner.meet(side: 0, order: [0, 1, 2, 3], cost: 4) == nil)
    }

    @Test("a pair of searches bounded by kicks meets, merges, and gives the same valid tour every time")
    func pairedSearchIsDeterministic() throws {
        var gen = InstanceGenerator(seed: 31)
        // Large enough that both sides still improve the tour in most epochs.
        let matrix = try gen.euclidean(1_000)
        let costs = MatrixCosts(matrix: matrix)
        let lists = costs.alphaNearest(SearchTuning.candidateCount(for: costs))
        func pairOfSearches() throws -> (Solution, Solution, SearchPartner) {
            let partner = SearchPartner(epoch: 64)
            let second = OwnThread {
                try LocalSearch.solveRoundTrip(costs, neighbours: lists, start: nil, seed: 2, kicks: 3_000,
                                               control: .unlimited, partner: (partner, side: 1))
            }
            let first = try LocalSearch.solveRoundTrip(costs, neighbours: lists, start: nil, seed: 1, kicks: 3_000,
                                                       control: .unlimited, partner: (partner, side: 0))
            return (first, try second.result().get(), partner)
        }
        let (first, second, partner) = try pairOfSearches()
        for solution in [first, second] {
            #expect(isValid(solution, matrix, .roundTrip()))
            #expect(matrix.cost(of: solution.order, closed: true) == solution.cost)
        }
        // 3,000 kicks at 64 a meeting: 46 meetings, and some merged.
        #expect(partner.meetings == 46 && partner.merges > 0, "\(partner.meetings) meetings, \(partner.merges) merged")
        for _ in 0..<2 {
            let (again, againSecond, _) = try pairOfSearches()
            #expect(again.order == first.order && againSecond.order == second.order)
        }
    }
}
