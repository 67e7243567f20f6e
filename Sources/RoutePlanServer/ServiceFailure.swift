import Foundation
import HTTPTypes
import Hummingbird
import RoutePlan
import RoutePlanSolver
import RoutePlanTSPLIB

/// An answer other than 200, with the JSON body every error gets:
///
/// ```json
/// {"error": {"category": "badInput", "message": "placesToGo[2].location.lat: 91.0 is not …", "field": "placesToGo[2].location.lat"}}
/// ```
///
/// The one place that maps failures to HTTP statuses (``status(for:)``).
struct ServiceFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var category: String
    var message: String
    var field: String?
    var retryAfterSeconds: Int?

    /// The status of each error category: 400 bad input, 422 no feasible
    /// route, 413 past a limit, 503 overloaded, 499 cancelled (the client has
    /// gone; nobody reads it), 504 deadline passed with no route, 500 internal.
    static func status(for category: ErrorCategory) -> HTTPResponse.Status {
        switch category {
        case .badInput: return .badRequest
        case .infeasible: return .unprocessableContent
        case .tooLarge: return .contentTooLarge
        case .overloaded: return .serviceUnavailable
        case .cancelled: return .init(code: 499, reasonPhrase: "Client Closed Request")
        case .timedOut: return .gatewayTimeout
        case .internal: return .internalServerError
        }
    }

    init(status: HTTPResponse.Status, category: String, message: String, field: String? = nil,
         retryAfterSeconds: Int? = nil) {
        self.status = status
        self.category = category
        self.message = message
        self.field = field
        self.retryAfterSeconds = retryAfterSeconds
    }

    init(_ category: ErrorCategory, _ message: String, field: String? = nil, retryAfter: Int) {
        self.init(status: Self.status(for: category), category: category.rawValue, message: message, field: field,
                  retryAfterSeconds: category == .overloaded ? retryAfter : nil)
    }

    /// Any error thrown while serving, as an answer.
    init(_ error: any Error, retryAfter: Int) {
        switch error {
        case let failure as ServiceFailure:
            self = failure
        case let error as PlanningError:
            self.init(error.category, error.description, field: error.field, retryAfter: retryAfter)
        case let error as SolverError:
            self.init(error.category, error.description, retryAfter: retryAfter)
        case let error as MatrixError:
            self.init(error.category, error.description, retryAfter: retryAfter)
        case let error as TSPLIBError:
            self.init(.badInput, error.description, retryAfter: retryAfter)
        case is CancellationError:
            self.init(.cancelled, "the request was cancelled", retryAfter: retryAfter)
        default:
            self.init(.internal, "internal error: \(error)", retryAfter: retryAfter)
        }
    }

    static func badRequest(_ message: String, field: String? = nil) -> ServiceFailure {
        ServiceFailure(status: .badRequest, category: ErrorCategory.badInput.rawValue, message: message, field: field)
    }

    static func bodyTooLarge(limit: Int) -> ServiceFailure {
        ServiceFailure(status: .contentTooLarge, category: ErrorCategory.tooLarge.rawValue,
                       message: "the request body is larger than the limit of \(limit) bytes; send fewer places or a smaller matrix")
    }

    static func unsupportedMediaType(_ got: String?, expected: [String]) -> ServiceFailure {
        ServiceFailure(status: .unsupportedMediaType, category: ErrorCategory.badInput.rawValue,
                       message: "Content-Type \(got.map { "\"\($0)\"" } ?? "is missing"); send \(expected.joined(separator: " or "))")
    }

    /// The JSON response.
    var response: Response {
        struct Body: Encodable {
            struct Detail: Encodable {
                var category: String
                var message: String
                var field: String?
            }
            var error: Detail
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Body(error: .init(category: category, message: message, field: field))))
            ?? Data(#"{"error":{"category":"internal","message":"cannot encode the error"}}"#.utf8)
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retryAfterSeconds { headers[.retryAfter] = String(retryAfterSeconds) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
