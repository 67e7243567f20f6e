import Foundation
import Testing
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

@Suite("Searching TSPLIB instances on their coordinates")
struct CoordinateSearchTests {
    /// A EUC_2D instance of `n` seeded random points, read back from a file.
    static func instance(_ n: Int, seed: UInt64) throws -> TSPLIBInstance {
        var random = PlanarSplitMix64(seed: seed)
        var text = "NAME: random\(n)\nTYPE: TSP\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n"
        for i in 1...n { text += "\(i) \(random.below(100_000)) \(random.below(100_000))\n" }
        text += "EOF\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-coords-\(UUID().uuidString).tsp")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try TSPLIBInstance(contentsOf: url)
    }

    @Test("from the threshold on: a valid tour, priced exactly, with the 1-tree bound below it")
    func solves() async throws {
        let below = try Self.instance(TSPLIBInstance.coordinateSearchMinimum - 1, seed: 3)
        #expect(!below.searchesFromCoordinates)
        #expect(try await below.solveFromCoordinates(options: .init(strategy: .heuristic)) == nil)

        let instance = try Self.instance(TSPLIBInstance.coordinateSearchMinimum + 99, seed: 5)
        #expect(instance.searchesFromCoordinates)
        let options = RouteSolver.Options(strategy: .heuristic, timeLimit: .milliseconds(600), seed: 5)
        let outcome = try #require(try await instance.solveFromCoordinates(options: options))
        let order = outcome.solution.order
        #expect(order.count == instance.dimension && Set(order).count == instance.dimension && order.first == 0)
        var length = 0
        for i in order.indices { length += instance.distance(order[i], order[(i + 1) % order.count]) }
        #expect(length == outcome.solution.cost)
        // The 1-tree bound (computed on a matrix of its own): below the tour, and close.
        let bound = try #require(outcome.lowerBound)
        #expect(bound <= outcome.solution.cost)
        #expect(Double(bound) >= 0.95 * Double(outcome.solution.cost), "bound \(bound), tour \(outcome.solution.cost)")
    }
}
