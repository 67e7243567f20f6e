import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What came back from one HTTP GET.
struct HTTPResponse: Sendable {
    var status: Int
    /// `Retry-After` in whole seconds, when the server sent one.
    var retryAfterSeconds: Int?
    var body: Data
}

/// Why a request got no HTTP response.
enum TransportFailure: Error, Sendable {
    /// No complete response within the timeout.
    case timedOut
    /// The server could not be reached or dropped the connection; worth retrying.
    case unreachable(String)
    /// The request cannot work as given (bad URL, unsupported scheme).
    case unusable(String)
}

/// Sends GET requests. Swappable so that other transports (or test doubles)
/// can stand in for URLSession.
protocol HTTPTransport: Sendable {
    /// Sends one GET and returns the response, whatever its status.
    ///
    /// - Throws: ``TransportFailure``, or `CancellationError` when the task
    ///   was cancelled.
    func get(_ url: URL, timeout: Duration) async throws -> HTTPResponse

    /// Releases resources once the fetch is over.
    func finish()
}

/// ``HTTPTransport`` over an ephemeral `URLSession` without caching, cookies
/// or credentials storage.
///
/// The timeout is enforced here, over the whole request: swift-corelibs-
/// foundation counts `URLRequest.timeoutInterval` in whole seconds (0.5 s
/// times out at once), so that interval is only a backstop a second later.
/// Cancelling the calling task cancels the request.
final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession is thread-safe; the class only holds it.
    private let session: URLSession

    init(timeout: Duration) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.timeoutIntervalForRequest = Self.backstop(timeout)
        configuration.timeoutIntervalForResource = Self.backstop(timeout)
        session = URLSession(configuration: configuration)
    }

    private static func backstop(_ timeout: Duration) -> TimeInterval {
        timeout.seconds.rounded(.up) + 1
    }

    func get(_ url: URL, timeout: Duration) async throws -> HTTPResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: Self.backstop(timeout))
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let exchange = Exchange()
        let (data, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    let outcome = exchange.outcome(of: error)
                    switch outcome {
                    case let .some(failure):
                        continuation.resume(throwing: failure)
                    case .none:
                        guard let response else {
                            continuation.resume(throwing: TransportFailure.unreachable("the server sent no response"))
                            return
                        }
                        continuation.resume(returning: (data ?? Data(), response))
                    }
                }
                exchange.start(task)
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) { exchange.timeOut() }
            }
        } onCancel: {
            exchange.cancel()
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportFailure.unusable("the response is not HTTP")
        }
        let retryAfter = http.value(forHTTPHeaderField: "Retry-After")
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0 >= 0 ? $0 : nil }
        return HTTPResponse(status: http.statusCode, retryAfterSeconds: retryAfter, body: data)
    }

    /// One request's task, and whether it was stopped by the timeout or by
    /// cancellation (whichever came first).
    private final class Exchange: @unchecked Sendable {
        private enum Stop { case timedOut, cancelled }
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var stop: Stop?
        private var finished = false

        func start(_ task: URLSessionDataTask) {
            let stopped = lock.withLock {
                self.task = task
                return stop != nil
            }
            if stopped { task.cancel() }
        }

        func timeOut() { halt(.timedOut) }

        func cancel() { halt(.cancelled) }

        private func halt(_ reason: Stop) {
            let task: URLSessionDataTask? = lock.withLock {
                guard stop == nil, !finished else { return nil }
                stop = reason
                return self.task
            }
            task?.cancel()
        }

        /// The failure to report for a finished task, or `nil` for a response.
        func outcome(of error: (any Error)?) -> (any Error)? {
            let stop = lock.withLock {
                finished = true
                return self.stop
            }
            switch stop {
            case .timedOut: return TransportFailure.timedOut
            case .cancelled: return CancellationError()
            case nil: break
            }
            guard let error else { return nil }
            if let error = error as? URLError { return URLSessionTransport.failure(error) }
            return TransportFailure.unreachable("the request failed")
        }
    }

    func finish() {
        session.finishTasksAndInvalidate()
    }

    /// A failure described without the URL (which may hold the API key).
    static func failure(_ error: URLError) -> TransportFailure {
        switch error.code {
        case .timedOut:
            return .timedOut
        case .cancelled:
            return .unreachable("the request was cancelled")
        case .cannotConnectToHost:
            return .unreachable("could not connect to the server")
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachable("could not find the server's host")
        case .networkConnectionLost:
            return .unreachable("the connection was lost")
        case .notConnectedToInternet:
            return .unreachable("not connected to a network")
        case .badServerResponse, .cannotParseResponse, .zeroByteResource:
            return .unreachable("the server sent an incomplete or invalid HTTP response")
        case .secureConnectionFailed:
            return .unreachable("the secure connection failed")
        case .resourceUnavailable, .cannotLoadFromNetwork, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
            return .unreachable("the network is not available")
        case .badURL, .unsupportedURL:
            return .unusable("the URL is not a valid http or https URL")
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return .unusable("the server's TLS certificate was not accepted")
        default:
            return .unreachable("URL error \(error.code.rawValue)")
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
