import Testing
@testable import RoutePlanSolver

@Suite("Pending 2-opt flips")
struct PendingFlipsTests {
    @Test("reading through pending flips and applying them matches exchanging directly, city for city")
    func matchesDirectExchanges() {
        for seed: UInt64 in 1...40 {
            var generator = SplitMix64(seed: seed)
            let n = Int.random(in: 5...60, using: &generator)
            let start = Array(0..<n).shuffled(using: &generator)
            var direct = SymmetricTour(start)
            var base = SymmetricTour(start)
            var pending = PendingFlips(n: n, capacity: 2)
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                guard let (a, b, c, d) = randomTwoOptMove(cities: n, using: &generator, next: { pending.next($0, in: base) }) else { continue }
                // The move reads the same on both tours before it is made.
                #expect(direct.next(a) == b && direct.next(c) == d, "seed \(seed)")
                direct.exchange(a, b, c, d)
                pending.exchange(a, b, c, d, in: base)
                for city in 0..<n {
                    #expect(pending.next(city, in: base) == direct.next(city), "seed \(seed), city \(city)")
                    #expect(pending.previous(city, in: base) == direct.previous(city), "seed \(seed), city \(city)")
                }
            }
            pending.apply(to: &base)
            #expect(base.order == direct.order && base.position == direct.position, "seed \(seed)")
            #expect(pending.count == 0)
        }
    }

    @Test("dropped flips leave the tour as it was")
    func dropLeavesTour() {
        var generator = SplitMix64(seed: 9)
        let start = Array(0..<30).shuffled(using: &generator)
        var tour = SymmetricTour(start)
        var pending = PendingFlips(n: 30, capacity: 4)
        pending.exchange(start[0], start[1], start[10], start[11], in: tour)
        let mark = pending.count
        pending.exchange(start[3], start[4], start[20], start[21], in: tour)
        pending.drop(to: mark)
        pending.drop(to: 0)
        pending.apply(to: &tour)
        #expect(tour.order == start.map(Int32.init), "seed 9")
    }
}
