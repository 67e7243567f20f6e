import Foundation
import RoutePlanMatrix
@testable import RoutePlanTSPLIB
import Testing
import FuzzReplay

/// Replays the inputs the matrix fuzz targets (Tests/Fuzz) found, kept in
/// `Fixtures/fuzz-regressions/<target>/`, through the targets' own harness
/// (MatrixFuzzHarness): each must now be handled without a crash or a broken
/// invariant. The `tsplib` target's inputs replay here through its cost-matrix
/// checks (the parsing checks replay in RoutePlanTSPLIBTests).
@Suite struct FuzzRegressionTests {
    @Test(arguments: [
        ("matrix-google", MatrixSourceFormat.google), ("matrix-routes", .routes), ("matrix-osrm", .osrm),
        ("matrix-google-tiles", .googleTiles), ("matrix-auto", nil),
    ] as [(String, MatrixSourceFormat?)])
    func matrixInputs(target: String, format: MatrixSourceFormat?) throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: target) {
            FuzzRegressions.$current.withValue("\(target)/\(name)") {
                MatrixFuzzHarness.run(Data(bytes), format: format)
            }
        }
    }

    @Test func tsplibInputsFitCostMatrices() throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: "tsplib") {
            let instance: TSPLIBInstance?
            if let text = String(validating: bytes, as: UTF8.self) {
                instance = try? TSPLIBInstance.parse(text, fileName: "fuzz.tsp")
            } else {
                var parser = TSPLIBInstanceParser(bytes: bytes, fileName: "fuzz.tsp")
                instance = try? parser.parse()
            }
            guard let instance else { continue }
            FuzzRegressions.$current.withValue("tsplib/\(name)") {
                MatrixFuzzHarness.checkTSPLIB(instance)
            }
        }
    }
}
