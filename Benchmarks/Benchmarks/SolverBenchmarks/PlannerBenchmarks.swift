import Benchmark
import Foundation
import RoutePlan

/// The itineraries of `Fixtures/itineraries`, end to end: decoding and
/// validating the JSON (``Itinerary/init(json:fileName:)``), then
/// ``Planner/plan(_:options:)`` with its defaults (estimated matrices, the
/// automatic solver, links). One benchmark per file ("Planner rome-highlights").
///
/// The file is read in `setup:`, so disk access is not timed.
func registerPlannerBenchmarks() {
    let folder = repositoryRoot.appendingPathComponent("Fixtures/itineraries")
    let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
        let name = file.deletingPathExtension().lastPathComponent
        Benchmark("Planner \(name)",
                  configuration: .init(metrics: sweepMetrics, timeUnits: .microseconds,
                                       warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 20)) { benchmark, data in
            for _ in benchmark.scaledIterations {
                let itinerary = try Itinerary(json: data, fileName: file.lastPathComponent)
                blackHole(try await Planner().plan(itinerary))
            }
        } setup: {
            try Data(contentsOf: file)
        }
    }
}
