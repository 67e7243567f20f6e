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
    /// The body is larger than the limit: announced so by `Content-Length`
    /// (`declared`), or found so while it arrived. Reading stopped there.
    case bodyTooLarge(limit: Int, declared: Int64?)
}

/// Sends GET requests. Swappable so that other transports (or test doubles)
/// can stand in for URLSession.
protocol HTTPTransport: Sendable {
    /// Sends one GET and returns the response, whatever its status.
    ///
    /// - Parameter maxBodyBytes: the largest body accepted; a larger one is
    ///   not read further (``TransportFailure/bodyTooLarge(limit:declared:)``).
    /// - Throws: ``TransportFailure``, or `CancellationError` when the task
    ///   was cancelled.
    func get(_ url: URL, timeout: Duration, maxBodyBytes: Int) async throws -> HTTPResponse

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
///
/// The body is received piece by piece through a session delegate rather
/// than collected by URLSession, so that its size is bounded: a
/// `Content-Length` above the limit cancels the request before any of the
/// body is read, and a body without one (or one that lies) is cancelled as
/// soon as the bytes received pass the limit. Nothing beyond the limit is
/// kept in memory.
///
/// swift-corelibs-foundation hands body pieces to the delegate without
/// flow control and processes `cancel()` on its own busy work queue, so a
/// fast server (a local one over loopback) can push tens of megabytes more
/// before the connection is actually closed (measured: 20–220 MB at
/// 200 MB/s). The delegate therefore never waits for `cancel()` (which
/// blocks until that queue gets to it, 0.1–0.5 s): it asks for it
/// asynchronously and meanwhile drops whatever still arrives at once, so
/// those bytes pass through memory without piling up (the process stayed
/// within ~10 MB of its resting size, where a blocking `cancel()` let the
/// undelivered pieces queue up to 1.3 GB).
final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession is thread-safe; the class only holds it and its delegate.
    private let session: URLSession
    private let router = Router()
    /// The delegate queue's dispatch queue. `OperationQueue.underlyingQueue`
    /// holds it `unowned(unsafe)`, so without this reference it would be
    /// freed as soon as it was assigned and the session would run its
    /// delegate on a dangling queue.
    private let delegateDispatchQueue = DispatchQueue(label: "RoutePlanFetch.URLSessionTransport", qos: .userInitiated)

    init(timeout: Duration) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.timeoutIntervalForRequest = Self.backstop(timeout)
        configuration.timeoutIntervalForResource = Self.backstop(timeout)
        // A serial queue of its own, so that the delegate keeps up with curl.
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = delegateDispatchQueue
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: delegateQueue)
    }

    /// The URLSession timeout, a second after ours. ``MatrixFetcher``
    /// accepts timeouts of at most a day; the clamp keeps URLSession's own
    /// conversions to whole milliseconds from trapping whatever it is given.
    private static func backstop(_ timeout: Duration) -> TimeInterval {
        min(max(timeout.seconds, 0), MatrixFetcher.maximumTimeout.seconds).rounded(.up) + 1
    }

    func get(_ url: URL, timeout: Duration, maxBodyBytes: Int) async throws -> HTTPResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: Self.backstop(timeout))
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let exchange = Exchange(limit: max(maxBodyBytes, 0))
        let wait = min(max(timeout.seconds, 0), MatrixFetcher.maximumTimeout.seconds)
        let (data, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                exchange.wait(with: continuation)
                let task = session.dataTask(with: request)
                router.register(exchange, for: task)
                exchange.start(task)
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + wait) { exchange.timeOut() }
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

    /// The session's delegate: hands each task's events to its ``Exchange``.
    private final class Router: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var exchanges: [Int: Exchange] = [:]

        func register(_ exchange: Exchange, for task: URLSessionTask) {
            lock.withLock { exchanges[task.taskIdentifier] = exchange }
        }

        private func exchange(for task: URLSessionTask) -> Exchange? {
            lock.withLock { exchanges[task.taskIdentifier] }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
            let accepted = exchange(for: dataTask)?.received(response) ?? false
            completionHandler(accepted ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            exchange(for: dataTask)?.received(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let exchange = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
            exchange?.complete(error)
        }
    }

    /// One request: its task, the body received so far, and whether it was
    /// stopped by the timeout, by cancellation or by the size limit
    /// (whichever came first).
    private final class Exchange: @unchecked Sendable {
        private enum Stop { case timedOut, cancelled, tooLarge(declared: Int64?) }
        private let lock = NSLock()
        private let limit: Int
        private var task: URLSessionDataTask?
        private var stop: Stop?
        private var finished = false
        private var response: URLResponse?
        private var body = Data()
        /// Bytes dropped since the last `cancel()` was asked for.
        private var droppedSinceCancel = 0
        /// Resumed exactly once, by ``complete(_:)``.
        private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?

        init(limit: Int) { self.limit = limit }

        /// Takes the caller's continuation; a request stopped before it
        /// started (cancelled at once) is answered here.
        func wait(with continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
            let stopped: Stop? = lock.withLock {
                if stop == nil { self.continuation = continuation }
                return stop
            }
            if let stopped { continuation.resume(throwing: Self.failure(for: stopped, limit: limit)) }
        }

        func start(_ task: URLSessionDataTask) {
            let stopped = lock.withLock {
                self.task = task
                return stop != nil
            }
            if stopped { task.cancel() }
        }

        func timeOut() { halt(.timedOut) }

        func cancel() { halt(.cancelled) }

        /// Records why the request stops, answers the caller at once and
        /// cancels the task.
        ///
        /// The caller does not wait for URLSession to act on the
        /// cancellation (on Linux that takes from milliseconds to many
        /// seconds when its work queue is busy): the outcome is already
        /// decided, so the continuation is resumed here and ``complete(_:)``
        /// later finds nothing left to do. `cancel()` waits for URLSession's
        /// work queue, so it is called elsewhere: never on the delegate
        /// queue, which must go on draining.
        private func halt(_ reason: Stop, cancelTask: Bool = true) {
            let (task, continuation): (URLSessionDataTask?, CheckedContinuation<(Data, URLResponse), any Error>?) =
                lock.withLock {
                    guard stop == nil, !finished else { return (nil, nil) }
                    stop = reason
                    droppedSinceCancel = 0
                    defer { self.continuation = nil; self.body = Data() }
                    return (self.task, self.continuation)
                }
            continuation?.resume(throwing: Self.failure(for: reason, limit: limit))
            if cancelTask, let task { Self.cancelLater(task) }
        }

        private static func cancelLater(_ task: URLSessionDataTask) {
            nonisolated(unsafe) let task = task
            DispatchQueue.global(qos: .userInitiated).async { task.cancel() }
        }

        private static func failure(for stop: Stop, limit: Int) -> any Error {
            switch stop {
            case .timedOut: TransportFailure.timedOut
            case .cancelled: CancellationError()
            case let .tooLarge(declared): TransportFailure.bodyTooLarge(limit: limit, declared: declared)
            }
        }

        /// Whether to go on after the head: not when `Content-Length` is
        /// above the limit.
        func received(_ response: URLResponse) -> Bool {
            let declared = response.expectedContentLength  // -1 when unknown
            if declared > Int64(limit) {
                halt(.tooLarge(declared: declared), cancelTask: false)  // the disposition cancels it
                return false
            }
            lock.withLock {
                self.response = response
                if declared > 0 { body.reserveCapacity(Int(declared)) }
            }
            return true
        }

        /// Keeps a piece of the body, or stops the request when it would
        /// pass the limit.
        ///
        /// Pieces that still arrive after the request was stopped are
        /// dropped; when more than ``recancelBytes`` of them have come in
        /// since the last `cancel()`, the cancellation is asked for again
        /// (swift-corelibs-foundation has been seen to lose one that
        /// arrives while it is handing out data, and then the server could
        /// stream on until the session is invalidated).
        func received(_ data: Data) {
            enum Next { case kept, over, recancel(URLSessionDataTask?), dropped }
            let next: Next = lock.withLock {
                guard stop == nil else {
                    droppedSinceCancel += data.count
                    guard droppedSinceCancel > Self.recancelBytes else { return .dropped }
                    droppedSinceCancel = 0
                    return .recancel(task)
                }
                if data.count > limit - body.count { return .over }
                body.append(data)
                return .kept
            }
            switch next {
            case .kept, .dropped: break
            case .over: halt(.tooLarge(declared: nil))
            case let .recancel(task): if let task { Self.cancelLater(task) }
            }
        }

        /// How many bytes may arrive after a `cancel()` before it is asked for again.
        static let recancelBytes = 8 << 20

        /// Reports how the task ended.
        func complete(_ error: (any Error)?) {
            let (stop, response, body, continuation) = lock.withLock {
                finished = true
                defer { self.continuation = nil; self.body = Data() }
                return (self.stop, self.response, self.body, self.continuation)
            }
            // A stopped request was answered when it stopped (``halt``).
            guard let continuation, stop == nil else { return }
            if let error {
                let failure = (error as? URLError).map(URLSessionTransport.failure)
                    ?? TransportFailure.unreachable("the request failed")
                return continuation.resume(throwing: failure)
            }
            guard let response else {
                return continuation.resume(throwing: TransportFailure.unreachable("the server sent no response"))
            }
            continuation.resume(returning: (body, response))
        }
    }

    /// Cancels whatever is still running (a request stopped by the limit
    /// whose connection URLSession has not closed yet) and invalidates the
    /// session: once the fetch is over, no task of it is wanted any more.
    ///
    /// On another thread, as `cancel()` is (see `Exchange.halt`):
    /// `invalidateAndCancel()` waits for URLSession's work queue, which a
    /// body still streaming in keeps busy, so the fetch that ends here would
    /// wait with it and hold a thread of the caller's pool meanwhile. In a
    /// test run that thread was one of the two of Swift's concurrency pool,
    /// and a server test in the same process waited 30 s for its request to
    /// start.
    func finish() {
        nonisolated(unsafe) let session = session
        DispatchQueue.global(qos: .userInitiated).async { session.invalidateAndCancel() }
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
