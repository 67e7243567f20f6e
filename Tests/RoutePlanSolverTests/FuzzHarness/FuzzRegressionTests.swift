import Foundation
import Testing
import FuzzReplay
@testable import RoutePlanSolver

/// Replays the inputs the `solve` fuzz target (Tests/Fuzz) found, kept in
/// `Fixtures/fuzz-regressions/solve/`, through the target's own harness:
/// each must now be handled without a crash or a broken invariant.
@Suite struct FuzzRegressionTests {
    @Test func solveInputs() throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: "solve") {
            FuzzRegressions.$current.withValue(name) {
                SolveFuzzHarness.run(bytes)
            }
        }
    }

    /// The harness on seeded random bytes, so that its checks run in every
    /// test run and not only under the fuzzer.
    @Test func randomInputs() {
        var rng = SplitMix64(seed: 2027)
        for round in 0..<300 {
            let length = Int.random(in: 0..<600, using: &rng)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            FuzzRegressions.$current.withValue("random input \(round) (seed 2027)") {
                SolveFuzzHarness.run(bytes)
            }
        }
    }
}
