import ArgumentParser
import RoutePlan
import RoutePlanFetch
import RoutePlanInstances
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

/// The one place that maps errors to exit statuses (sysexits(3)) and messages.
enum ExitStatus {
    static let success: Int32 = 0
    static let usage: Int32 = 64       // EX_USAGE: bad command line
    static let dataError: Int32 = 65   // EX_DATAERR: bad input data
    static let noInput: Int32 = 66     // EX_NOINPUT: input missing or unreadable
    static let unavailable: Int32 = 69 // EX_UNAVAILABLE: refused by a limit
    static let software: Int32 = 70    // EX_SOFTWARE: internal error
    static let cannotCreate: Int32 = 73 // EX_CANTCREAT: cannot write output (a file or standard output)
    static let cancelled: Int32 = 130  // as after SIGINT

    /// The exit status of each error category.
    static func status(for category: ErrorCategory) -> Int32 {
        switch category {
        case .badInput: return dataError
        case .infeasible, .tooLarge, .overloaded, .timedOut: return unavailable
        case .cancelled: return cancelled
        case .internal: return software
        }
    }

    /// The solver's message with the command line's own advice: the library
    /// says "the heuristic strategy" and "the memory limit", the command
    /// line names its flags.
    static func commandLineWording(_ error: SolverError) -> String {
        switch error {
        case let .exactTooManyNodes(nodes, maximum):
            return "the exact solver handles at most \(maximum) nodes, this problem has \(nodes); use the heuristic solver (--heuristic)"
        case .exactNeedsTooMuchMemory:
            return error.description
                .replacingOccurrences(of: "the memory limit", with: "the --max-memory limit")
                .replacingOccurrences(of: "use the heuristic strategy or allow more memory",
                                      with: "use the heuristic solver (--heuristic) or allow more memory (--max-memory)")
        case .noRouteFound:
            return error.description
                .replacingOccurrences(of: "allow more time, or use the exact strategy",
                                      with: "allow more time (--time-limit), or solve exactly (--exact)")
        default:
            return error.description
        }
    }

    /// The status and the one-line message for a domain error, or `nil` when
    /// argument-parser should report it (usage errors, help, version).
    static func classify(_ error: Error) -> (status: Int32, message: String)? {
        switch error {
        case let error as PlanningError:
            switch error {
            case .unreadableFile: return (noInput, error.description)
            case let .solver(solverError): return classify(solverError)
            case let .matrix(matrixError): return classify(matrixError)
            default: return (status(for: error.category), error.description)
            }
        case let error as TSPLIBError:
            switch error {
            case .unreadableFile, .notRegularFile: return (noInput, error.description)
            case .fileTooLarge, .inflatedTooLarge: return (unavailable, error.description)
            default: return (dataError, error.description)
            }
        case let error as SolverError:
            return (status(for: error.category), commandLineWording(error))
        case let error as MatrixError:
            switch error {
            case .unreadableFile: return (noInput, error.description)
            default: return (status(for: error.category), error.description)
            }
        case let error as InFile:
            guard let (status, message) = classify(error.error) else { return nil }
            return (status, "\(error.file): \(message)")
        case let error as OutputError:
            return (cannotCreate, error.description)
        case let error as InputError:
            return (noInput, error.description)
        case let error as InstanceError:
            switch error {
            case .unreadableFile: return (noInput, error.description)
            default: return (status(for: error.category), error.description)
            }
        case let error as UsageError:
            return (usage, error.description)
        case let error as UnsupportedOutput:
            return (dataError, error.description)
        case let error as FetchError:
            switch error {
            case .missingAPIKey, .invalidSetting, .unsupportedTravelMode: return (usage, error.description)
            case .serviceStatus, .httpStatus, .retriesExhausted, .malformedResponse, .transport, .responseTooLarge:
                return (unavailable, error.description)
            case .cannotWriteCache: return (cannotCreate, error.description)
            default: return (dataError, error.description)
            }
        default:
            return nil
        }
    }
}

/// An error about an input file whose message does not name the file.
struct InFile: Error {
    let file: String
    let error: any Error
}

extension PlanningError {
    /// Whether the message leaves the file out (errors raised after reading:
    /// limits, reachability, the solver's refusals).
    var namesNoFile: Bool {
        switch self {
        case .tooManyStops, .planTooLarge, .unreachablePlaces, .noRouteAroundUnreachablePairs, .matrixSize,
             .scheduleMatrixSize, .solver:
            return true
        default:
            return false
        }
    }
}
