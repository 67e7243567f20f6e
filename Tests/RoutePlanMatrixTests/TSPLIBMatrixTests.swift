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

    @Test("the TSPLIB reader's distance limit is the solver's largest cost")
    func sharedLimit() {
        #expect(TSPLIBLimits.maximumDistance == CostMatrix.maximumCost)
        #expect(TSPLIBError.maximumWeight == CostMatrix.maximumCost)
    }

    @Test("instances at the distance limit build a matrix; one unit more is refused by the reader with file and line")
    func distanceLimit() throws {
        let limit = CostMatrix.maximumCost
        let explicit = try TSPLIBInstance.parse(
            "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\n"
                + "EDGE_WEIGHT_SECTION\n2147483647 \(limit)\n0 2147483647\n", fileName: "edge.atsp")
        let matrix = try CostMatrix(explicit)
        #expect(Int(matrix[0, 1]) == limit && matrix.largestCost == limit)

        func coordinates(_ x: Int) -> String {
            "TYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 \(x) 0\n3 1 1\n"
        }
        let planar = try TSPLIBInstance.parse(coordinates(limit), fileName: "edge.tsp")
        #expect(try CostMatrix(planar).largestCost == limit)
        #expect(throws: TSPLIBError.distanceTooLarge(
            file: "over.tsp", line: 6, node: 2, otherNode: 1, otherLine: 5, edgeWeightType: .euc2D, distance: limit + 1
        )) {
            try TSPLIBInstance.parse(coordinates(limit + 1), fileName: "over.tsp")
        }
    }
}
