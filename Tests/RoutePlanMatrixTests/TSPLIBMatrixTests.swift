import Foundation
import Testing
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

@Suite("Cost matrices from TSPLIB")
struct TSPLIBMatrixTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tsplib")

    @Test("Held–Karp reaches the published optimum", arguments: [
        ("burma14.tsp", 3323), ("ulysses16.tsp", 6859), ("gr17.tsp", 2085), ("br17.atsp", 39),
    ])
    func optimum(file: String, optimum: Int) async throws {
        let instance = try TSPLIBInstance(contentsOf: Self.fixtures.appendingPathComponent(file))
        let matrix = try CostMatrix(instance)
        #expect(matrix.count == instance.dimension)
        #expect(matrix.isSymmetric == (instance.kind == .symmetric))
        let solution = try await HeldKarp.solve(matrix, endpoints: .roundTrip(from: 0))
        #expect(solution.cost == optimum)
    }
}
