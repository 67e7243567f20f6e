import Testing
import RoutePlanMatrix
import RoutePlanSolver

@Suite("Travel-time calibration (LAPACK dgels)")
struct CalibrationTests {
    @Test("recovers speed and overhead exactly from noiseless samples")
    func exact() async throws {
        let truth = TravelTimeModel(speed: 12, detourFactor: 1.3, overhead: 150)
        let samples = stride(from: 500.0, through: 40_000, by: 2_500).map {
            TravelTimeModel.Sample(meters: $0, seconds: truth.overhead + $0 * truth.secondsPerMeter)
        }
        let fitted = try TravelTimeModel.calibrated(from: samples, detourFactor: 1.3)
        #expect(abs(fitted.speed - 12) < 1e-9)
        #expect(abs(fitted.overhead - 150) < 1e-6)
    }

    @Test("is close on noisy samples (seeded)")
    func noisy() async throws {
        let seed: UInt64 = 2026
        var rng = SplitMix64(seed: seed)
        let samples = (0..<400).map { _ -> TravelTimeModel.Sample in
            let meters = Double.random(in: 200...30_000, using: &rng)
            let noise = Double.random(in: -60...60, using: &rng)
            return .init(meters: meters, seconds: 90 + meters / 1.4 + noise)
        }
        let fitted = try TravelTimeModel.calibrated(from: samples, detourFactor: 1)
        #expect(abs(fitted.speed - 1.4) < 0.01, "seed \(seed)")
        #expect(abs(fitted.overhead - 90) < 15, "seed \(seed)")
    }

    @Test("a negative intercept is refitted through the origin")
    func throughOrigin() async throws {
        let samples = [TravelTimeModel.Sample(meters: 1_000, seconds: 50), .init(meters: 2_000, seconds: 160)]
        let fitted = try TravelTimeModel.calibrated(from: samples, detourFactor: 1)
        #expect(fitted.overhead == 0)
        #expect(fitted.speed > 0)
    }

    @Test("refuses samples that cannot determine a model")
    func degenerate() {
        #expect(throws: MatrixError.tooFewSamples(count: 1, needed: 2)) {
            try TravelTimeModel.calibrated(from: [.init(meters: 10, seconds: 5)])
        }
        #expect(throws: MatrixError.degenerateSamples) {
            try TravelTimeModel.calibrated(from: [.init(meters: 10, seconds: 5), .init(meters: 10, seconds: 7)])
        }
        #expect(throws: MatrixError.invalidSample(index: 1, meters: 10, seconds: -1)) {
            try TravelTimeModel.calibrated(from: [.init(meters: 10, seconds: 5), .init(meters: 10, seconds: -1)])
        }
    }
}
