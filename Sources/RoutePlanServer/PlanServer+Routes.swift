import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RoutePlan
import RoutePlanSolver

extension PlanServer {
    /// The routes (see the type's documentation).
    func makeRouter() -> Router<PlanRequestContext> {
        let router = Router(context: PlanRequestContext.self)
        router.get("healthz") { _, _ in
            Self.json(#"{"status":"ok"}"#)
        }
        router.get("readyz") { [self] _, _ in
            let load = executor.load
            if isDraining {
                return Self.json(#"{"ready":false,"reason":"draining"}"#, status: .serviceUnavailable)
            }
            if load.queued >= configuration.queueCapacity {
                return Self.json(#"{"ready":false,"reason":"overloaded"}"#, status: .serviceUnavailable)
            }
            return Self.json(#"{"ready":true}"#)
        }
        router.get("metrics") { [self] _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: metrics.exposition(executors: [executor, quickLane], budget: budget))))
        }
        router.get("openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.data)))
        }
        router.post("v1/plan") { [self] request, context in
            await answer("/v1/plan", request, context) { try await self.plan(request, context) }
        }
        router.post("v1/schedule") { [self] request, context in
            await answer("/v1/schedule", request, context) { try await self.schedule(request, context) }
        }
        router.post("v1/solve") { [self] request, context in
            await answer("/v1/solve", request, context) { try await self.solve(request, context) }
        }
        return router
    }

    /// Runs a solving handler: turns every error into its answer, counts and
    /// logs the request, and cancels the work when the client goes away.
    func answer(_ path: String, _ request: Request, _ context: PlanRequestContext,
                _ work: @escaping @Sendable () async throws -> (Response, LogDetails)) async -> Response {
        let id = nextRequestID()
        var logger = context.logger
        logger[metadataKey: "request"] = "\(id)"
        // The work runs in a task of its own so that a closed connection can
        // cancel it; cancellation reaches the solver through its executor.
        let task = Task { try await work() }
        let token = connections.watch(context.channel) { task.cancel() }
        defer { connections.forget(token, on: context.channel) }
        let response: Response
        var details = LogDetails()
        do {
            (response, details) = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            let failure = ServiceFailure(error, retryAfter: configuration.retryAfterSeconds)
            details.error = failure.message
            response = failure.response
        }
        let elapsed = ContinuousClock.now - context.arrival
        metrics.answered(path: path, status: response.status.code)
        metrics.solved(after: elapsed)
        var metadata: Logger.Metadata = [
            "path": "\(path)", "status": "\(response.status.code)",
            "seconds": "\(Self.seconds(elapsed))",
        ]
        if let stops = details.stops { metadata["stops"] = "\(stops)" }
        if let solver = details.solver { metadata["solver"] = "\(solver)" }
        if let started = details.progress?.snapshot.workStarted {
            metadata["queueWait"] = "\(Self.seconds(started - context.arrival))"
            metadata["solveSeconds"] = "\(Self.seconds(ContinuousClock.now - started))"
        }
        if let error = details.error { metadata["error"] = "\(error)" }
        logger.info("answered", metadata: metadata)
        return response
    }

    /// What a request's log line says besides path, status and time.
    struct LogDetails: Sendable {
        var stops: Int?
        var solver: String?
        var error: String?
        /// The request's progress record: when its work left the queue.
        var progress: SolveProgress?
    }

    // MARK: - Shared pieces

    /// Reads the body, refusing it past ``ServerConfiguration/maxBodyBytes``
    /// (by its `Content-Length` before reading, else while reading).
    func body(of request: Request) async throws -> Data {
        let limit = configuration.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw ServiceFailure.bodyTooLarge(limit: limit)
        }
        var data = Data()
        for try await buffer in request.body {
            guard data.count + buffer.readableBytes <= limit else { throw ServiceFailure.bodyTooLarge(limit: limit) }
            data.append(contentsOf: buffer.readableBytesView)
        }
        return data
    }

    /// Bodies larger than this are refused before they are parsed while the
    /// solve lane cannot take a request (see ``shedIfSaturated(bytes:_:arrival:)``):
    /// 8 KiB, where an itinerary quick enough for the quick lane (at most
    /// 15 stops) takes about 1.5 KB without a matrix.
    static let quickPlanBodyBytes = 8 << 10

    /// Refuses a large body at once, before parsing it (1–2 ms of CPU for a
    /// 200-stop itinerary) and, when its `Content-Length` says how large it
    /// is, before reading it, when the solve lane could not start it in
    /// time: under overload the refusals must stay cheap, or reading and
    /// parsing them starves everything else. Quick plans keep their own lane
    /// and are never shed here unless they carry a large matrix.
    ///
    /// - Parameter bytes: the body's size, read or announced.
    /// - Parameter bodyLimit: the time limit the body asks for, when known
    ///   (see ``timeLimitHint(in:)``); the query's wins, as when planning.
    func shedIfSaturated(bytes: Int, _ request: Request, arrival: ContinuousClock.Instant,
                         bodyLimit: Duration? = nil) throws {
        guard bytes > Self.quickPlanBodyBytes else { return }
        let asked = request.uri.queryParameters["timeLimit"].flatMap { Double(String($0)) }
            .flatMap(Self.plausibleLimit) ?? bodyLimit
        guard !executor.wouldAdmit(timeLimit: timeLimit(asked: asked, arrival: arrival)) else { return }
        throw ServiceFailure(.overloaded, "the solver is busy and could not start this request in time; try again after Retry-After seconds",
                             retryAfter: configuration.retryAfterSeconds)
    }

    /// Reads the body of a request that may be solved: shed before reading
    /// when its announced size says it is large and the solver is saturated,
    /// else read (within the size limit) and shed then if it turned out large.
    func solvableBody(of request: Request, arrival: ContinuousClock.Instant) async throws -> Data {
        if let announced = request.headers[.contentLength].flatMap(Int.init) {
            try shedIfSaturated(bytes: announced, request, arrival: arrival)
        }
        let data = try await body(of: request)
        try shedIfSaturated(bytes: data.count, request, arrival: arrival,
                            bodyLimit: data.count > Self.quickPlanBodyBytes ? Self.timeLimitHint(in: data) : nil)
        return data
    }

    /// A time limit in seconds as a request may ask for one (more than 0,
    /// at most a week), or `nil`.
    static func plausibleLimit(_ seconds: Double) -> Duration? {
        seconds > 0 && seconds <= 604_800 ? .milliseconds(Int64(seconds * 1_000)) : nil
    }

    /// The number after the first `"timeLimit"` key of a JSON body, read
    /// without parsing the body: what the request will ask for, so that
    /// shedding judges it by its own limit rather than the default one (a
    /// 1.5 s request judged as a 10 s one was admitted, parsed, and only
    /// then refused: 2–3 ms of CPU per refusal under overload). A hint only:
    /// a wrong one (the key inside a place's name) costs a refusal that
    /// parsing would also have made, or a parse. O(body).
    static func timeLimitHint(in data: Data) -> Duration? {
        let key = Array(#""timeLimit""#.utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Duration? in
            guard bytes.count > key.count else { return nil }
            var i = 0
            search: while i + key.count <= bytes.count {
                for (k, byte) in key.enumerated() where bytes[i + k] != byte {
                    i += 1
                    continue search
                }
                var j = i + key.count
                func skipBlanks() {
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D {
                        j += 1
                    }
                }
                skipBlanks()
                guard j < bytes.count, bytes[j] == UInt8(ascii: ":") else { return nil }
                j += 1
                skipBlanks()
                // A JSON number: digits, sign, point, exponent.
                var text = ""
                while j < bytes.count, text.utf8.count < 32 {
                    let byte = bytes[j]
                    guard (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
                            || byte == 0x45 || byte == 0x65 else { break }
                    text.append(Character(Unicode.Scalar(byte)))
                    j += 1
                }
                return Double(text).flatMap(plausibleLimit)
            }
            return nil
        }
    }

    /// The media type of the request body, lowercased, without parameters.
    static func mediaType(of request: Request) -> String? {
        request.headers[.contentType].map {
            $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }

    /// The time limit a request gets: what it asked for (else the
    /// default), at most the server's longest, less what has passed since it arrived.
    func timeLimit(asked: Duration?, arrival: ContinuousClock.Instant) -> Duration {
        let limit = min(asked ?? configuration.defaultTimeLimit, configuration.maxTimeLimit)
        return max(.milliseconds(1), limit - (ContinuousClock.now - arrival))
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func seconds(_ duration: Duration) -> Double {
        let (s, atto) = duration.components
        return ((Double(s) + Double(atto) / 1e18) * 1_000).rounded() / 1_000
    }
}
