import RoutePlanSolver

extension MatrixError {
    /// What kind of failure this is (see ``RoutePlanSolver/ErrorCategory``).
    public var category: ErrorCategory {
        switch self {
        case .matrixTooLarge: return .tooLarge
        case .lapackFailure: return .internal
        default: return .badInput
        }
    }
}
