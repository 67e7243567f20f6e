/// Travel matrices built from a routing engine's answers, with the pairs it
/// did not answer estimated (see
/// ``TravelMatrices/completing(_:coordinates:fallback:)``).
public struct CompletedTravelMatrices: Sendable, Hashable {
    /// How an estimating model was obtained.
    public enum Calibration: Sendable, Hashable, CustomStringConvertible {
        /// Fitted by least squares to this many known pairs.
        case fitted(pairs: Int)
        /// The travel-mode preset was used, for the reason given.
        case preset(reason: String)

        public var description: String {
            switch self {
            case let .fitted(pairs): return "fitted to \(pairs) known pairs"
            case let .preset(reason): return "preset (\(reason))"
            }
        }
    }

    /// Distances and durations; unreachable pairs are
    /// ``RoutePlanSolver/CostMatrix/forbidden`` in both.
    public var matrices: TravelMatrices
    /// Row-major, `true` where the distance or the duration of a pair was
    /// estimated rather than observed (`false` on the diagonal).
    public var estimated: [Bool]
    /// The number of `true` entries of ``estimated``.
    public var estimatedPairs: Int
    /// The model that estimated durations.
    public var durationModel: TravelTimeModel
    /// Route meters per great-circle meter used to estimate distances.
    public var distanceDetour: Double
    /// How ``distanceDetour`` was obtained.
    public var distanceCalibration: Calibration
    /// How ``durationModel`` was obtained.
    public var durationCalibration: Calibration

    public init(matrices: TravelMatrices, estimated: [Bool], durationModel: TravelTimeModel, distanceDetour: Double,
                distanceCalibration: Calibration, durationCalibration: Calibration) {
        self.matrices = matrices
        self.estimated = estimated
        self.estimatedPairs = estimated.reduce(0) { $0 + ($1 ? 1 : 0) }
        self.durationModel = durationModel
        self.distanceDetour = distanceDetour
        self.distanceCalibration = distanceCalibration
        self.durationCalibration = durationCalibration
    }

    /// Whether the pair from `i` to `j` holds an estimate.
    public func isEstimated(_ i: Int, _ j: Int) -> Bool {
        estimated[i * matrices.distances.count + j]
    }
}
