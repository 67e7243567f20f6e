/// Everything that can go wrong in ``RoutePlanMatrix``; each case carries
/// the indices and values involved.
public enum MatrixError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A coordinate that is NaN, infinite or out of range.
    case invalidCoordinate(index: Int, latitude: Double, longitude: Double)
    /// A distance or duration too large for a ``RoutePlanSolver/CostMatrix``.
    case costTooLarge(from: Int, to: Int, value: Int, maximum: Int)
    /// Fewer samples than a calibration needs.
    case tooFewSamples(count: Int, needed: Int)
    /// A sample with a negative or non-finite value.
    case invalidSample(index: Int, meters: Double, seconds: Double)
    /// Samples that cannot determine the model (e.g. all the same distance).
    case degenerateSamples
    /// LAPACK reported a failure (`info` as returned by the routine).
    case lapackFailure(routine: String, info: Int)
    /// A problem too large to hold as a full n×n matrix in the memory available.
    case matrixTooLarge(nodes: Int, requiredBytes: Int, availableBytes: Int)

    public var description: String {
        switch self {
        case let .invalidCoordinate(index, latitude, longitude):
            return "place \(index + 1) has coordinate (\(latitude), \(longitude)); latitude must be within −90…90 and longitude within −180…180"
        case let .costTooLarge(from, to, value, maximum):
            return "the cost from place \(from + 1) to place \(to + 1) is \(value), above the supported maximum \(maximum)"
        case let .tooFewSamples(count, needed):
            return "calibration needs at least \(needed) samples with different distances, got \(count)"
        case let .invalidSample(index, meters, seconds):
            return "calibration sample \(index + 1) (\(meters) m, \(seconds) s) is negative or not a number"
        case .degenerateSamples:
            return "calibration samples all have the same distance, so speed and overhead cannot be told apart; add samples of other lengths"
        case let .lapackFailure(routine, info):
            return "LAPACK \(routine) failed with info = \(info)"
        case let .matrixTooLarge(nodes, required, available):
            return "a full cost matrix for \(nodes) nodes needs \(required / 1_000_000) MB, more than the \(available / 1_000_000) MB available"
        }
    }
}
