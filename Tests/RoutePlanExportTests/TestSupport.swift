import Foundation
import Testing

/// `<package root>/Fixtures`, found from this file's location
/// (`Tests/RoutePlanExportTests/TestSupport.swift`).
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// `Fixtures/golden/export`, where the exporters' golden files live.
let exportGoldenDirectory = fixturesDirectory
    .appendingPathComponent("golden")
    .appendingPathComponent("export")

/// Compares `actual` with the golden file `name` in `Fixtures/golden/export`.
///
/// To regenerate the golden files after an intended change in output, run
/// the tests with `ROUTEPLAN_UPDATE_GOLDEN=1`, for example
/// `ROUTEPLAN_UPDATE_GOLDEN=1 swift test --filter RoutePlanExportTests`,
/// then read the changed files by eye before committing them.
func expectMatchesGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = exportGoldenDirectory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["ROUTEPLAN_UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: exportGoldenDirectory, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "Output differs from golden file \(name)", sourceLocation: sourceLocation)
}
