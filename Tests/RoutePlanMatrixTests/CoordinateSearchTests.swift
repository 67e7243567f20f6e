import Foundation
import Testing
@testable import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

@Suite("Searching TSPLIB instances on their coordinates")
struct CoordinateSearchTests {
    /// An instance of `n` seeded random points (EUC_2D unless `type` says
    /// otherwise; with `fractions`, coordinates such as 1234.25), read back
    /// from a file.
    static func instance(_ n: Int, seed: UInt64, type: String = "EUC_2D", fractions: Bool = false) throws -> TSPLIBInstance {
        var random = PlanarSplitMix64(seed: seed)
        var text = "NAME: random\(n)\nTYPE: TSP\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: \(type)\nNODE_COORD_SECTION\n"
        func coordinate() -> String {
            fractions ? "\(Double(random.below(400_000)) / 4)" : "\(random.below(100_000))"
        }
        for i in 1...n { text += "\(i) \(coordinate()) \(coordinate())\n" }
        text += "EOF\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-coords-\(UUID().uuidString).tsp")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try TSPLIBInstance(contentsOf: url)
    }

    @Test("planar costs equal the TSPLIB distance for every pair", arguments: ["EUC_2D", "CEIL_2D", "ATT"])
    func planarCostsMatchDistance(type: String) throws {
        for seed: UInt64 in 1...3 {
            let instance = try Self.instance(150, seed: seed, type: type, fractions: seed != 1)
            let costs = try #require(instance.planarCosts, "\(type), seed \(seed)")
            for a in 0..<150 {
                for b in 0..<150 {
                    #expect(costs.cost(a, b) == instance.distance(a, b), "\(type), seed \(seed), \(a) → \(b)")
                }
            }
        }
        // GEO distances are not planar: the closure form stays for them.
        #expect(try Self.instance(20, seed: 1, type: "GEO").planarCosts == nil)
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

    @Test("the bound's matrix is the plain one while there is time, and is given up once the deadline passes or the solve is cancelled")
    func boundMatrixStops() throws {
        let instance = try Self.instance(300, seed: 9)
        let plain = try CostMatrix(instance)
        let timed = try CostMatrix(instance, stoppingWith: SolveControl(timeLimit: .seconds(60)))
        for a in 0..<300 {
            for b in 0..<300 where plain[a, b] != timed[a, b] {
                Issue.record("\(a) → \(b): \(plain[a, b]) against \(timed[a, b])")
                return
            }
        }
        do {
            _ = try CostMatrix(instance, stoppingWith: SolveControl(timeLimit: .zero))
            Issue.record("a build past its deadline returned a matrix")
        } catch SolverError.timeLimitReached {
        } catch {
            Issue.record("expected the time limit, got \(error)")
        }
        let cancelled = SolveControl(timeLimit: nil)
        cancelled.cancel()
        do {
            _ = try CostMatrix(instance, stoppingWith: cancelled)
            Issue.record("a cancelled build returned a matrix")
        } catch SolverError.cancelled {
        } catch {
            Issue.record("expected cancellation, got \(error)")
        }
    }
}
