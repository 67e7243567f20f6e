import Foundation
import Testing

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
