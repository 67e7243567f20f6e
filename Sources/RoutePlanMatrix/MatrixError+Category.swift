import RoutePlanSolver

extension MatrixError {
    /// What kind of failure this is (see ``RoutePlanSolver/ErrorCategory``).
    public var category: ErrorCategory {
        switch self {
        case .matrixTooLarge: return .tooLarge
        case let .unusableFile(problem): return problem.category
        case .lapackFailure: return .internal
        default: return .badInput
        }
    }
}

extension InputFile.Problem {
    /// What kind of failure this is: a file past its size cap is
    /// ``RoutePlanSolver/ErrorCategory/tooLarge``, anything else bad input.
    public var category: ErrorCategory {
        if case .tooLarge = kind { return .tooLarge }
        return .badInput
    }
}
