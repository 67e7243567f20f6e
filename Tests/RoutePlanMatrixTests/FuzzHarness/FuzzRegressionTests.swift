import Foundation
import RoutePlanMatrix
@testable import RoutePlanTSPLIB
import Testing

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
