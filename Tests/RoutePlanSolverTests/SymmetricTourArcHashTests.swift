import Testing
@testable import RoutePlanSolver

@Suite("The symmetric tour's arc hash")
struct SymmetricTourArcHashTests {
    /// A random 2-opt move on `tour`: a → b … c → d (see ``randomTwoOptMove(cities:using:next:)``).
    private func randomMove(_ tour: SymmetricTour, _ generator: inout SplitMix64) -> (Int, Int, Int, Int)? {
        randomTwoOptMove(cities: tour.count, using: &generator, next: tour.next)
    }

    /// The tour's arcs as a set of sorted pairs.
    private func arcs(_ tour: SymmetricTour) -> Set<[Int]> {
        let cities = tour.cities(startingAt: 0)
        return Set(cities.indices.map { [cities[$0], cities[($0 + 1) % cities.count]].sorted() })
    }

    @Test("kept up to date through exchanges, undos and rollbacks, it equals the hash computed afresh")
    func incrementalMatchesFresh() {
        for seed: UInt64 in 1...60 {
            var generator = SplitMix64(seed: seed)
            let n = Int.random(in: 3...50, using: &generator)
            var tour = SymmetricTour(Array(0..<n).shuffled(using: &generator))
            let started = tour.arcHash
            tour.beginTrial()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                if n < 5 { break }
                let mark = tour.mark()
                guard let (a, b, c, d) = randomMove(tour, &generator) else { continue }
                tour.exchange(a, b, c, d)
                #expect(tour.arcHash == tour.hashOfArcs(), "seed \(seed), n \(n)")
                if Bool.random(using: &generator) {
                    let before = tour.arcHash
                    tour.undo(to: mark)
                    #expect(tour.arcHash == tour.hashOfArcs(), "seed \(seed), n \(n)")
                    tour.exchange(a, b, c, d)
                    #expect(tour.arcHash == before, "seed \(seed), n \(n)")
                }
                tour.keep(mark)
            }
            tour.rollback()
            #expect(tour.arcHash == started && tour.arcHash == tour.hashOfArcs(), "seed \(seed), n \(n)")
        }
    }

    @Test("the same arcs give the same hash from any start and in either direction; other arcs another")
    func dependsOnArcsOnly() {
        for seed: UInt64 in 1...40 {
            var generator = SplitMix64(seed: seed)
            let n = Int.random(in: 5...40, using: &generator)
            let order = Array(0..<n).shuffled(using: &generator)
            let tour = SymmetricTour(order)
            let shift = Int.random(in: 0..<n, using: &generator)
            let rotated = Array(order[shift...] + order[..<shift])
            #expect(SymmetricTour(rotated).arcHash == tour.arcHash, "seed \(seed)")
            #expect(SymmetricTour(rotated.reversed()).arcHash == tour.arcHash, "seed \(seed)")
            var moved = tour
            if let (a, b, c, d) = randomMove(moved, &generator) {
                moved.exchange(a, b, c, d)
                // A 2-opt move always changes two arcs, unless it reverses
                // all but one city (then the cycle is the same).
                #expect((moved.arcHash == tour.arcHash) == (arcs(moved) == arcs(tour)), "seed \(seed)")
            }
            var replaced = tour
            replaced.replace(with: rotated.reversed().map(Int32.init))
            #expect(replaced.arcHash == tour.arcHash, "seed \(seed)")
        }
    }

    @Test("a kicked search keeps the hash of its tour, and stops a kick's search only back on its start tour")
    func searchKeepsHash() {
        for seed: UInt64 in 1...6 {
            var generator = SplitMix64(seed: seed)
            let n = 60
            let x = (0..<n).map { _ in Double.random(in: 0..<1000, using: &generator) }
            let y = (0..<n).map { _ in Double.random(in: 0..<1000, using: &generator) }
            let costs = PlanarCosts(x: x, y: y, rounding: .nearest)
            var search = SymmetricSearch(costs: costs, neighbours: costs.alphaNearest(8), k: 8, start: Array(0..<n))
            let control = SolveControl(timeLimit: nil)
            search.fullPass(control: control, thorough: false)
            var kicks = SplitMix64(seed: seed &+ 100)
            for _ in 0..<300 {
                let before = arcs(search.tour), stops = search.kicksBackAtStart
                _ = search.kick(using: &kicks, control: control)
                #expect(search.tour.arcHash == search.tour.hashOfArcs(), "seed \(seed)")
                #expect(search.cost == costs.tourCost(search.tour.cities(startingAt: 0)), "seed \(seed)")
                // A stop, told by the hash, must be on the very same arcs.
                if search.kicksBackAtStart > stops { #expect(arcs(search.tour) == before, "seed \(seed)") }
            }
            // Most kicks come back (the reason for the stop).
            #expect(search.kicksBackAtStart >= 100, "seed \(seed): \(search.kicksBackAtStart) of 300 kicks stopped")
        }
    }
}
