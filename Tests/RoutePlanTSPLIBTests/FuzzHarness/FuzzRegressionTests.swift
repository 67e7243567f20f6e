import Foundation
import Testing
import FuzzReplay

/// Replays the inputs the `tsplib` and `gzip` fuzz targets (Tests/Fuzz) found,
/// kept in `Fixtures/fuzz-regressions/<target>/`, through the targets' own
/// harnesses: each must now be handled without a crash or a broken invariant.
/// (The `tsplib` target's cost-matrix checks replay in RoutePlanMatrixTests.)
@Suite struct FuzzRegressionTests {
    @Test func tsplibInputs() throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: "tsplib") {
            FuzzRegressions.$current.withValue(name) {
                TSPLIBFuzzHarness.run(bytes)
            }
        }
    }

    @Test func gzipInputs() throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: "gzip") {
            FuzzRegressions.$current.withValue(name) {
                GzipFuzzHarness.run(bytes)
            }
        }
    }
}
