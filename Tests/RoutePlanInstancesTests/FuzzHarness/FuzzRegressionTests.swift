import Foundation
import Testing
import FuzzReplay

/// Replays the inputs the `instances` fuzz target (Tests/Fuzz) found, kept in
/// `Fixtures/fuzz-regressions/instances/`, through the target's own harness:
/// each must now be handled without a crash or a broken invariant. It also
/// runs the harness over the instance fixtures, read every way the first byte
/// can choose, so the harness's own checks are exercised on valid files.
@Suite struct InstancesFuzzRegressionTests {
    @Test func committedInputs() throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: "instances") {
            FuzzRegressions.$current.withValue(name) {
                InstancesFuzzHarness.run(bytes)
            }
        }
    }

    @Test func fixturesEveryWay() throws {
        let folder = FuzzRegressions.root.deletingLastPathComponent().appendingPathComponent("instances")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(names.count >= 5)
        var read = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            for options in [UInt8(0), 0b0000_0100, 0b0100_0100, 0b0110_0000, 1, 2, 3] {
                FuzzRegressions.$current.withValue("\(name) with options \(options)") {
                    if InstancesFuzzHarness.run([options] + bytes) { read += 1 }
                }
            }
        }
        // Every fixture reads at least when detected with --tours 1 (TOPTW needs it).
        #expect(read >= names.count, "only \(read) reads of \(names.count) fixtures")
    }
}
