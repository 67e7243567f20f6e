import Foundation
import Testing
import FuzzReplay

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
