import Foundation
import Testing
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

/// The committed inputs of one fuzz target.
enum FuzzRegressions {
    static let root = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions")

    /// The input being replayed, named in reported issues.
    @TaskLocal static var current = ""

    /// The files in `Fixtures/fuzz-regressions/<target>/` (not README.md or
    /// dot files), sorted by name; the folder must exist.
    static func inputs(for target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = root.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
            .sorted()
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }
}

/// The harness's invariant check: a test issue naming the input.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
    if !condition() {
        Issue.record("\(FuzzRegressions.current): \(message())",
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
