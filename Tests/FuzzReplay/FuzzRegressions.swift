import Foundation
import Testing

// What the replay suites of every test target share: the committed inputs of
// the fuzz targets (Tests/Fuzz) and the harnesses' invariant check. The
// harness files import this module only outside the fuzz package, where
// FuzzSupport's trapping `fuzzCheck` takes its place.

/// The committed inputs of one fuzz target.
public enum FuzzRegressions {
    public static let root = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions")

    /// The input being replayed, named in reported issues.
    @TaskLocal public static var current = ""

    /// The files in `Fixtures/fuzz-regressions/<target>/` (not README.md or
    /// dot files), sorted by name; the folder must exist.
    public static func inputs(for target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = root.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
            .sorted()
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }
}

/// The harness's invariant check: a test issue naming the input. (The
/// harness files do not import Testing, so the location comes as plain
/// literals rather than `#_sourceLocation`.)
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
    if !condition() {
        Issue.record("\(FuzzRegressions.current): \(message())",
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
