import Testing
@testable import RoutePlanSolver

@Suite("A kick's search restricted to chains that start at the kick's changes")
struct RestrictedSearchTests {
    private func randomPlanar(_ n: Int, seed: UInt64) -> PlanarCosts {
        var generator = SplitMix64(seed: seed)
        let x = (0..<n).map { _ in Double.random(in: 0..<1000, using: &generator) }
        let y = (0..<n).map { _ in Double.random(in: 0..<1000, using: &generator) }
        return PlanarCosts(x: x, y: y, rounding: .nearest)
    }

    @Test("restricted, no chain starts on an arc of the kick's start tour; unrestricted, a random tour has many")
    func noChainStartsOnAnOldArc() {
        for seed: UInt64 in 1...8 {
            let n = 80
            let costs = randomPlanar(n, seed: seed)
            var order = Array(0..<n)
            var generator = SplitMix64(seed: seed &+ 7)
            order.shuffle(using: &generator)
            var search = SymmetricSearch(costs: costs, neighbours: costs.alphaNearest(8), k: 8, start: order)
            let before = search.cost
            search.restricted = true
            search.refreshKickStart()
            // Every arc of the tour is one of the start tour's.
            for city in 0..<n {
                let improved = search.improveLinKernighan(city)
                #expect(!improved, "seed \(seed), city \(city)")
            }
            #expect(search.cost == before && search.tour.order.map(Int.init) == order, "seed \(seed)")
            search.restricted = false
            var improving = 0
            for city in 0..<n where search.improveLinKernighan(city) { improving += 1 }
            #expect(improving > 0, "seed \(seed): a random tour of \(n) cities has no improving chain")
        }
    }

    @Test("every kept kick brings the start tour's neighbours up to date, shakes and restarts between them included")
    func kickStartFollowsTheTour() {
        for seed: UInt64 in 1...6 {
            let n = seed.isMultiple(of: 2) ? 60 : 150
            let costs = randomPlanar(n, seed: seed)
            var search = SymmetricSearch(costs: costs, neighbours: costs.alphaNearest(8), k: 8, start: Array(0..<n))
            let restricts = search.restrictsFirstArc
            #expect(restricts, "seed \(seed)")
            let control = SolveControl(timeLimit: nil)
            search.fullPass(control: control, thorough: false)
            var kicks = SplitMix64(seed: seed &+ 100)
            var kept = 0
            for round in 0..<400 {
                if round % 97 == 96 { search.perturb(count: 3, using: &kicks, control: control) }
                if search.kick(using: &kicks, control: control) { kept += 1 }
                // Read into locals, so that a failure does not print the whole search.
                let (restricted, consistent) = (search.restricted, search.kickStartIsConsistent)
                #expect(!restricted, "seed \(seed): the restriction outlived its kick")
                #expect(consistent, "seed \(seed), kick \(round)")
                #expect(search.cost == costs.tourCost(search.tour.cities(startingAt: 0)), "seed \(seed)")
            }
            let hasKickStart = search.hasKickStart
            #expect(hasKickStart && kept > 0, "seed \(seed): \(kept) kicks kept")
            // The restriction ends with the kicks: settling still finds every move.
            search.settle(control: control)
            var check = search
            check.fullPass(control: control, thorough: true)
            #expect(check.cost == search.cost, "seed \(seed): settled tour still improved")
        }
    }

    @Test("on by the stop count: up to the bound and not beyond")
    func boundBySize() {
        #expect(SearchTuning.restrictsFirstArc(nodes: SearchTuning.restrictedSearchNodes))
        #expect(!SearchTuning.restrictsFirstArc(nodes: SearchTuning.restrictedSearchNodes + 1))
    }
}
