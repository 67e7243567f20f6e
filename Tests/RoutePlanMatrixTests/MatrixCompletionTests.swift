import Foundation
import Testing
import RoutePlanMatrix
import RoutePlanSolver

@Suite("Completing observed matrices (calibrated estimates)")
struct MatrixCompletionTests {
    /// `n` seeded places in a box of about 25 km around Lyon.
    static func places(_ n: Int, seed: UInt64) -> [Coordinate] {
        var rng = SplitMix64(seed: seed)
        return (0..<n).map { _ in
            Coordinate(latitude: Double.random(in: 45.65...45.85, using: &rng),
                       longitude: Double.random(in: 4.70...5.00, using: &rng))
        }
    }

    @Test("recovers detour 1.4, speed 9 m/s and 120 s overhead; estimates exactly the missing pairs")
    func recoversSyntheticModel() throws {
        let seed: UInt64 = 4_242
        let n = 15
        let coordinates = Self.places(n, seed: seed)
        var rng = SplitMix64(seed: seed ^ 0xABCD)
        var observed = ObservedMatrix(count: n)
        var missing = Set<Int>()
        for i in 0..<n {
            for j in 0..<n where i != j {
                let g = GreatCircle.distance(coordinates[i], coordinates[j])
                if (i, j) == (3, 7) {
                    observed[i, j] = .unreachable(status: "ZERO_RESULTS")
                } else if Double.random(in: 0..<1, using: &rng) < 0.25 {
                    missing.insert(i * n + j)
                } else {
                    observed[i, j] = .known(meters: Int((1.4 * g).rounded()), seconds: Int((120 + 1.4 * g / 9).rounded()))
                }
            }
        }
        let completed = try TravelMatrices.completing(observed, coordinates: coordinates, fallback: .driving)

        #expect(completed.distanceCalibration == .fitted(pairs: observed.knownPairs), "seed \(seed)")
        #expect(completed.durationCalibration == .fitted(pairs: observed.knownPairs), "seed \(seed)")
        #expect(abs(completed.distanceDetour - 1.4) < 1e-3, "seed \(seed)")
        #expect(abs(completed.durationModel.detourFactor - completed.distanceDetour) < 1e-12)
        #expect(abs(completed.durationModel.speed - 9) < 0.01, "seed \(seed)")
        #expect(abs(completed.durationModel.overhead - 120) < 1, "seed \(seed)")

        #expect(completed.estimatedPairs == missing.count)
        #expect(completed.estimatedPairs == observed.missingPairs)
        for i in 0..<n {
            for j in 0..<n {
                let k = i * n + j
                #expect(completed.estimated[k] == missing.contains(k))
                #expect(completed.isEstimated(i, j) == missing.contains(k))
                let g = GreatCircle.meters(coordinates[i], coordinates[j])
                switch observed[i, j] {
                case let .known(meters, seconds) where i != j:
                    #expect(Int(completed.matrices.distances[i, j]) == meters)
                    #expect(Int(completed.matrices.durations[i, j]) == seconds)
                case .missing:
                    #expect(Int(completed.matrices.distances[i, j]) == Int((completed.distanceDetour * Double(g)).rounded()))
                    #expect(Int(completed.matrices.durations[i, j]) == completed.durationModel.seconds(forMeters: g))
                    // Close to what the engine would have said.
                    #expect(abs(Double(completed.matrices.distances[i, j]) - 1.4 * Double(g)) < 3 + 1e-3 * Double(g))
                    #expect(abs(Double(completed.matrices.durations[i, j]) - (120 + 1.4 * Double(g) / 9)) < 3)
                default:
                    break
                }
            }
        }
        #expect(!completed.matrices.distances.allows(3, 7))
        #expect(!completed.matrices.durations.allows(3, 7))
        #expect(completed.matrices.distances.hasForbiddenArcs && completed.matrices.durations.hasForbiddenArcs)
    }

    @Test("falls back to the preset, with a reason, when too few pairs are known")
    func tooFewPairs() throws {
        let coordinates = Self.places(4, seed: 11)
        var observed = ObservedMatrix(count: 4)
        observed[0, 1] = .known(meters: 1_000, seconds: 200)
        observed[1, 0] = .known(meters: 1_010, seconds: 190)
        let completed = try TravelMatrices.completing(observed, coordinates: coordinates, fallback: .bicycling)
        #expect(completed.durationModel == .bicycling)
        #expect(completed.distanceDetour == TravelTimeModel.bicycling.detourFactor)
        guard case let .preset(reason) = completed.distanceCalibration, case let .preset(durationReason) = completed.durationCalibration else {
            Issue.record("expected preset calibrations, got \(completed.distanceCalibration), \(completed.durationCalibration)")
            return
        }
        #expect(reason.contains("only 1 distinct great-circle length"))
        #expect(durationReason.contains("at least 3"))
        #expect(completed.estimatedPairs == 10)
        #expect(!completed.isEstimated(0, 1) && !completed.isEstimated(1, 0) && completed.isEstimated(2, 3))
        let g = GreatCircle.meters(coordinates[2], coordinates[3])
        #expect(Int(completed.matrices.durations[2, 3]) == TravelTimeModel.bicycling.seconds(forMeters: g))
    }

    @Test("falls back when a fit is not physically sensible")
    func notSensible() throws {
        let n = 6
        let coordinates = Self.places(n, seed: 99)
        var observed = ObservedMatrix(count: n)
        for i in 0..<n {
            for j in 0..<n where i != j {
                let g = GreatCircle.distance(coordinates[i], coordinates[j])
                // Routes shorter than the straight line, and 500 m/s.
                observed[i, j] = .known(meters: Int((0.5 * g).rounded()), seconds: Int((g * 1.3 / 500).rounded()) + 1)
            }
        }
        let completed = try TravelMatrices.completing(observed, coordinates: coordinates, fallback: .driving)
        guard case let .preset(distanceReason) = completed.distanceCalibration,
              case let .preset(durationReason) = completed.durationCalibration else {
            Issue.record("expected preset calibrations, got \(completed.distanceCalibration), \(completed.durationCalibration)")
            return
        }
        #expect(distanceReason.contains("detour"))
        #expect(durationReason.contains("speed"))
        #expect(completed.durationModel == .driving)
        #expect(completed.estimatedPairs == 0)
    }

    @Test("OSRM durations only: every distance is estimated, every duration kept")
    func durationsOnly() throws {
        let name = "go.osrm_testdata_table_response_full.json"
        let observed = try MatrixSource.read(contentsOf: MatrixFixtures.url(name), stops: MatrixFixtures.stops(3),
                                             preferTraffic: false)
        // The waypoint locations in the file, [longitude, latitude].
        let coordinates = [Coordinate(latitude: 40.714703, longitude: -73.990195),
                           Coordinate(latitude: 40.717536, longitude: -73.991817),
                           Coordinate(latitude: 40.715655, longitude: -73.985746)]
        let completed = try TravelMatrices.completing(observed, coordinates: coordinates, fallback: .driving)
        #expect(completed.estimatedPairs == 6)
        #expect(completed.estimated == [false, true, true, true, false, true, true, true, false])
        #expect(completed.matrices.durations.storage == [0, 39, 47, 40, 0, 34, 47, 34, 0])
        guard case .preset = completed.distanceCalibration else {
            Issue.record("no distances are known, so the distance detour must be the preset's")
            return
        }
        #expect(completed.distanceDetour == TravelTimeModel.driving.detourFactor)
        let g = GreatCircle.meters(coordinates[0], coordinates[1])
        #expect(Int(completed.matrices.distances[0, 1]) == Int((1.3 * Double(g)).rounded()))
    }

    @Test("coordinates must match the observed places")
    func coordinateErrors() {
        let observed = ObservedMatrix(count: 2)
        #expect(throws: MatrixError.placeCountMismatch(places: 2, coordinates: 1)) {
            try TravelMatrices.completing(observed, coordinates: [Coordinate(latitude: 0, longitude: 0)], fallback: .walking)
        }
        #expect(throws: MatrixError.invalidCoordinate(index: 1, latitude: 91, longitude: 0)) {
            try TravelMatrices.completing(observed, coordinates: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 91, longitude: 0)],
                                          fallback: .walking)
        }
    }

    @Test("an empty or one-place matrix completes trivially")
    func trivial() throws {
        let empty = try TravelMatrices.completing(ObservedMatrix(count: 0), coordinates: [], fallback: .walking)
        #expect(empty.estimatedPairs == 0 && empty.matrices.distances.count == 0)
        let one = try TravelMatrices.completing(ObservedMatrix(count: 1), coordinates: [Coordinate(latitude: 1, longitude: 2)],
                                                fallback: .walking)
        #expect(one.estimated == [false])
    }
}
