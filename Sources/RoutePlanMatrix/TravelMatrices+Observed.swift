import RoutePlanSolver

extension TravelMatrices {
    /// The fewest known pairs with different great-circle lengths a fit needs.
    public static let minimumCalibrationPairs = 3
    /// Fitted detours outside this range are not physically sensible.
    public static let sensibleDetours: ClosedRange<Double> = 1...5
    /// Fitted speeds (m/s along the route) outside this range are not
    /// physically sensible: from a slow walk to 216 km/h.
    public static let sensibleSpeeds: ClosedRange<Double> = 0.3...60

    /// Completes a routing engine's partial answers into full travel
    /// matrices.
    ///
    /// Known values are kept as observed. Missing pairs, and the missing
    /// distance or duration of a known pair (OSRM returns only durations by
    /// default), are estimated from the great-circle meters *g* between the
    /// places with models calibrated on the known pairs:
    ///
    /// - distance ≈ *detour* × *g*, fitted through the origin by least squares
    ///   (LAPACK `dgels`) on the pairs with a known distance;
    /// - duration ≈ *overhead* + *g* × *detour* ÷ *speed*, fitted by
    ///   ``TravelTimeModel/calibrated(from:detourFactor:)`` on the pairs with
    ///   a known duration, reported against the detour above.
    ///
    /// Each fit needs at least ``minimumCalibrationPairs`` pairs of different
    /// positive great-circle lengths and must be physically sensible (detour
    /// within ``sensibleDetours``, speed within ``sensibleSpeeds``); otherwise
    /// `fallback` (the travel mode's preset) is used and the reason recorded in
    /// ``CompletedTravelMatrices/distanceCalibration`` or
    /// ``CompletedTravelMatrices/durationCalibration``. Unreachable pairs are
    /// ``RoutePlanSolver/CostMatrix/forbidden`` in both matrices.
    ///
    /// - Parameters:
    ///   - observed: the engine's answers for *n* places.
    ///   - coordinates: the *n* places, in the same order.
    ///   - fallback: the preset used when a fit is not possible or not sensible.
    /// - Throws: ``MatrixError/placeCountMismatch(places:coordinates:)``,
    ///   ``MatrixError/invalidCoordinate(index:latitude:longitude:)``,
    ///   ``MatrixError/costTooLarge(from:to:value:maximum:)``.
    /// - Complexity: O(n²) time and memory (the fits are O(k) for *k* known pairs).
    ///   - checkpoint: called once per row of each pass, so that a caller can
    ///     stop the work (deadline, cancellation) by throwing from it.
    public static func completing(_ observed: ObservedMatrix, coordinates: [Coordinate],
                                  fallback: TravelTimeModel,
                                  checkpoint: () throws -> Void = {}) throws -> CompletedTravelMatrices {
        let n = observed.count
        guard coordinates.count == n else {
            throw MatrixError.placeCountMismatch(places: n, coordinates: coordinates.count)
        }
        if let bad = coordinates.firstIndex(where: { !$0.isValid }) {
            throw MatrixError.invalidCoordinate(index: bad, latitude: coordinates[bad].latitude,
                                                longitude: coordinates[bad].longitude)
        }
        var great = [Int](repeating: 0, count: n * n)
        for i in 0..<n {
            try checkpoint()
            for j in (i + 1)..<max(i + 1, n) {
                let d = GreatCircle.meters(coordinates[i], coordinates[j])
                great[i * n + j] = d
                great[j * n + i] = d
            }
        }

        // Samples from the known pairs.
        var distanceSamples: [(great: Double, meters: Double)] = []
        var durationSamples: [TravelTimeModel.Sample] = []
        for i in 0..<n {
            if i & 63 == 0 { try checkpoint() }
            for j in 0..<n where i != j {
                guard case let .known(meters, seconds) = observed[i, j], great[i * n + j] > 0 else { continue }
                let g = Double(great[i * n + j])
                if let meters { distanceSamples.append((g, Double(meters))) }
                if let seconds { durationSamples.append(.init(meters: g, seconds: Double(seconds))) }
            }
        }
        let (detour, distanceCalibration) = fitDetour(distanceSamples, fallback: fallback.detourFactor)
        let (model, durationCalibration) = fitDuration(durationSamples, detour: detour, fallback: fallback)

        var estimated = [Bool](repeating: false, count: n * n)
        var meters = [Int?](repeating: nil, count: n * n)
        var seconds = [Int?](repeating: nil, count: n * n)
        for i in 0..<n {
            try checkpoint()
            for j in 0..<n where i != j {
                let k = i * n + j
                let g = great[k]
                switch observed[i, j] {
                case .unreachable:
                    continue
                case .missing:
                    meters[k] = Int((detour * Double(g)).rounded())
                    seconds[k] = model.seconds(forMeters: g)
                    estimated[k] = true
                case let .known(knownMeters, knownSeconds):
                    meters[k] = knownMeters ?? Int((detour * Double(g)).rounded())
                    seconds[k] = knownSeconds ?? model.seconds(forMeters: g)
                    estimated[k] = knownMeters == nil || knownSeconds == nil
                }
            }
        }
        let matrices: TravelMatrices
        do {
            matrices = TravelMatrices(distances: try CostMatrix(count: n, rowMajor: meters),
                                      durations: try CostMatrix(count: n, rowMajor: seconds))
        } catch let SolverError.costTooLarge(from, to, value, maximum) {
            throw MatrixError.costTooLarge(from: from, to: to, value: value, maximum: maximum)
        }
        return CompletedTravelMatrices(matrices: matrices, estimated: estimated, durationModel: model, distanceDetour: detour,
                                       distanceCalibration: distanceCalibration, durationCalibration: durationCalibration)
    }

    /// Fits route meters = detour × great-circle meters through the origin.
    static func fitDetour(_ samples: [(great: Double, meters: Double)],
                          fallback: Double) -> (Double, CompletedTravelMatrices.Calibration) {
        let lengths = Set(samples.map(\.great)).count
        guard lengths >= minimumCalibrationPairs else {
            return (fallback, .preset(reason: tooFew(lengths, "distance")))
        }
        // Kilometres keep the column's norm moderate.
        guard let solution = try? LeastSquares.solve(columnMajor: samples.map { $0.great / 1000 }, rows: samples.count,
                                                     columns: 1, rhs: samples.map { $0.meters / 1000 }),
              solution[0].isFinite else {
            return (fallback, .preset(reason: "the known distances cannot determine a detour factor"))
        }
        let detour = solution[0]
        guard sensibleDetours.contains(detour) else {
            return (fallback, .preset(reason: "the fitted detour factor \(rounded(detour)) is outside \(sensibleDetours.lowerBound)…\(sensibleDetours.upperBound)"))
        }
        return (detour, .fitted(pairs: samples.count))
    }

    /// Fits seconds = overhead + great-circle meters × detour ÷ speed.
    static func fitDuration(_ samples: [TravelTimeModel.Sample], detour: Double,
                            fallback: TravelTimeModel) -> (TravelTimeModel, CompletedTravelMatrices.Calibration) {
        let lengths = Set(samples.map(\.meters)).count
        guard lengths >= minimumCalibrationPairs else {
            return (fallback, .preset(reason: tooFew(lengths, "duration")))
        }
        let model: TravelTimeModel
        do {
            model = try TravelTimeModel.calibrated(from: samples, detourFactor: detour)
        } catch {
            return (fallback, .preset(reason: "the known durations cannot determine a speed (\(error))"))
        }
        guard model.speed.isFinite, model.overhead.isFinite, sensibleSpeeds.contains(model.speed) else {
            return (fallback, .preset(reason: "the fitted speed \(rounded(model.speed)) m/s is outside \(sensibleSpeeds.lowerBound)…\(sensibleSpeeds.upperBound) m/s"))
        }
        return (model, .fitted(pairs: samples.count))
    }

    private static func tooFew(_ lengths: Int, _ what: String) -> String {
        "the known pairs with a \(what) have only \(lengths) distinct great-circle length\(lengths == 1 ? "" : "s"); a fit needs at least \(minimumCalibrationPairs)"
    }

    private static func rounded(_ value: Double) -> String {
        value.isFinite ? "\((value * 1000).rounded() / 1000)" : "\(value)"
    }
}
