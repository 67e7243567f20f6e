extension TravelTimeModel {
    /// One observed leg: its great-circle length and the duration a routing
    /// engine (or a traveller) reported for it.
    public struct Sample: Sendable, Hashable {
        public var meters: Double
        public var seconds: Double
        public init(meters: Double, seconds: Double) {
            self.meters = meters
            self.seconds = seconds
        }
    }

    /// Fits `seconds = overhead + secondsPerMeter × meters` to `samples` by
    /// linear least squares (LAPACK `dgels`), for example to real Distance
    /// Matrix answers for a city, so that estimates for new places there
    /// match what the routing engine would say.
    ///
    /// The fit fixes only the slope (detour ÷ speed) and the overhead; the
    /// result keeps `detourFactor` and sets `speed` to match the slope. A
    /// negative fitted overhead is refitted through the origin, since a leg
    /// cannot take less than no time.
    ///
    /// - Parameter detourFactor: the circuity to report the speed against.
    /// - Throws: ``MatrixError/tooFewSamples(count:needed:)``,
    ///   ``MatrixError/invalidSample(index:meters:seconds:)``,
    ///   ``MatrixError/degenerateSamples``.
    /// - Complexity: O(s) for *s* samples.
    public static func calibrated(from samples: [Sample], detourFactor: Double = 1.3) throws -> TravelTimeModel {
        if let bad = samples.firstIndex(where: {
            !$0.meters.isFinite || !$0.seconds.isFinite || $0.meters < 0 || $0.seconds < 0
        }) {
            throw MatrixError.invalidSample(index: bad, meters: samples[bad].meters, seconds: samples[bad].seconds)
        }
        let usable = samples.filter { $0.meters > 0 }
        guard usable.count >= 2 else { throw MatrixError.tooFewSamples(count: usable.count, needed: 2) }
        guard Set(usable.map(\.meters)).count >= 2 else { throw MatrixError.degenerateSamples }

        // Scale distances to kilometres so both columns have similar norms.
        let m = usable.count
        let a = [Double](repeating: 1, count: m) + usable.map { $0.meters / 1000 }
        let b = usable.map(\.seconds)
        var solution = try LeastSquares.solve(columnMajor: a, rows: m, columns: 2, rhs: b)
        if solution[0] < 0 {
            let slope = try LeastSquares.solve(columnMajor: usable.map { $0.meters / 1000 }, rows: m, columns: 1, rhs: b)
            solution = [0, slope[0]]
        }
        let secondsPerMeter = solution[1] / 1000
        guard secondsPerMeter > 0 else { throw MatrixError.degenerateSamples }
        return TravelTimeModel(speed: detourFactor / secondsPerMeter, detourFactor: detourFactor, overhead: solution[0])
    }
}
