import Foundation
import RoutePlanMatrix

/// `<package root>/Fixtures/matrix`, found from this file's location
/// (`Tests/RoutePlanMatrixTests/MatrixFixtures.swift`); symlinks are resolved
/// first, so a scratch package that links this folder still finds it.
enum MatrixFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let directory = root.appendingPathComponent("matrix")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// `n` stops named "S0", "S1", … without place IDs.
    static func stops(_ n: Int) -> [StopKey] { (0..<n).map { StopKey(name: "S\($0)") } }

    /// Reads inline JSON text as a matrix source.
    static func read(_ text: String, stops: [StopKey], format: MatrixSourceFormat? = nil,
                     preferTraffic: Bool = false, fileName: String = "inline.json") throws -> ObservedMatrix {
        try MatrixSource.read(Data(text.utf8), fileName: fileName, stops: stops, format: format, preferTraffic: preferTraffic)
    }
}
