import Foundation
import Testing

/// Replays the inputs the `itinerary` and `opening-hours` fuzz targets
/// (Tests/Fuzz) found, kept in `Fixtures/fuzz-regressions/<target>/`, through
/// the target's own harness: each must now be handled without a crash or a
/// broken invariant.
@Suite struct FuzzRegressionTests {
    @Test func itineraryInputs() throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: "itinerary") {
            FuzzRegressions.$current.withValue(name) {
                ItineraryFuzzHarness.run(bytes)
            }
        }
    }

    @Test func openingHoursInputs() throws {
        for (name, bytes) in try FuzzRegressions.inputs(for: "opening-hours") {
            FuzzRegressions.$current.withValue(name) {
                OpeningHoursFuzzHarness.run(bytes)
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

/// The harness's invariant check: a test issue naming the input. (The
/// harness files do not import Testing, so the location comes as plain
/// literals rather than `#_sourceLocation`.)
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
    if !condition() {
        Issue.record("\(FuzzRegressions.current): \(message())",
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
