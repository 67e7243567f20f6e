import Foundation
import RoutePlanFetch
import RoutePlanMatrix
import Testing

/// Error injection: one tile of two places, answered from a script.
@Suite("Google retries and failures")
struct GoogleRetryTests {
    let places = FetchSupport.places(2)
    var ok: CannedResponse { .json(FetchSupport.googleBody(origins: [0, 1], destinations: [0, 1])) }

    /// A Google error body with `status` and, optionally, `error_message`.
    func status(_ status: String, message: String? = nil) -> CannedResponse {
        let detail = message.map { "\n   \"error_message\" : \"\($0)\"," } ?? ""
        return .json("{\n   \"destination_addresses\" : [],\(detail)\n   \"origin_addresses\" : [],\n   \"rows\" : [],\n   \"status\" : \"\(status)\"\n}\n")
    }

    /// Fetches with `script` and returns the result, the server and the events.
    func fetch(_ script: [CannedResponse], fallback: CannedResponse? = nil, timeout: Duration = .seconds(5),
               maxAttempts: Int = 5) async throws -> (Result<MatrixFetchResult, any Error>, TestHTTPServer, EventLog) {
        let server = try TestHTTPServer(script: script, fallback: fallback)
        let events = EventLog()
        let fetcher = FetchSupport.googleFetcher(server, timeout: timeout, maxAttempts: maxAttempts, events: events)
        let places = self.places
        let result = await Result { try await fetcher.fetch(places) }
        server.stop()
        return (result, server, events)
    }

    /// The result's cache reads back to the synthetic values.
    func expectReadsBack(_ result: MatrixFetchResult) throws {
        let observed = try MatrixSource.read(result.cacheData, fileName: "cache.json", stops: FetchSupport.stopKeys(places),
                                             preferTraffic: false)
        #expect(observed[0, 1] == .known(meters: FetchSupport.meters(0, 1), seconds: FetchSupport.seconds(0, 1)))
        #expect(observed[1, 0] == .known(meters: FetchSupport.meters(1, 0), seconds: FetchSupport.seconds(1, 0)))
    }

    /// The error a failed fetch threw.
    func fetchError(_ result: Result<MatrixFetchResult, any Error>) throws -> FetchError {
        guard case let .failure(error) = result else { throw Unexpected.success }
        return try #require(error as? FetchError)
    }

    enum Unexpected: Error { case success }

    @Test("HTTP 429, then OVER_QUERY_LIMIT, then success")
    func rateLimited() async throws {
        let (result, server, events) = try await fetch([.text("slow down", status: 429), status("OVER_QUERY_LIMIT"), ok])
        let value = try result.get()
        #expect(server.requests.count == 3)
        #expect(value.requests == 3 && value.retries == 2 && value.tiles[0].attempts == 3)
        #expect(events.retries.map(\.reason) == ["HTTP 429", "OVER_QUERY_LIMIT"])
        try expectReadsBack(value)
    }

    @Test("HTTP 500 and UNKNOWN_ERROR are retried")
    func serverErrors() async throws {
        let (result, server, events) = try await fetch([.text("oops", status: 500), status("UNKNOWN_ERROR"), ok])
        try expectReadsBack(try result.get())
        #expect(server.requests.count == 3)
        #expect(events.retries.map(\.reason) == ["HTTP 500", "UNKNOWN_ERROR"])
    }

    @Test("A malformed body is retried, and the retry succeeds")
    func malformedThenOK() async throws {
        let (result, server, events) = try await fetch([.json("<html><body>proxy error</body></html>"), ok])
        try expectReadsBack(try result.get())
        #expect(server.requests.count == 2)
        #expect(events.retries.first?.reason.contains("not a JSON object") == true)
    }

    @Test("A body that keeps being malformed fails after two retries")
    func malformedForever() async throws {
        let (result, server, _) = try await fetch([], fallback: .json(#"{"unexpected": true}"#))
        let error = try fetchError(result)
        guard case let .malformedResponse(tile, attempts, reason) = error else {
            Issue.record("expected malformedResponse, got \(error)")
            return
        }
        #expect(attempts == 3 && server.requests.count == 3)
        #expect(tile.index == 0 && reason.contains("status"))
        #expect(error.description.contains("request 1 of 1"))
    }

    @Test("A response of the wrong size counts as malformed")
    func wrongSize() async throws {
        let small = CannedResponse.json(FetchSupport.googleBody(origins: [0], destinations: [0, 1]))
        let (result, _, _) = try await fetch([small, small, small])
        guard case let .malformedResponse(_, 3, reason) = try fetchError(result) else {
            Issue.record("expected malformedResponse after 3 attempts")
            return
        }
        #expect(reason.contains("1 × 2") && reason.contains("2 × 2"))
    }

    @Test("A timeout is retried and the retry succeeds")
    func timeout() async throws {
        // Far slower than the timeout, so that even a timer firing late on a
        // loaded machine expires before the answer comes.
        var slow = ok
        slow.delay = 8
        let (result, server, events) = try await fetch([slow, ok], timeout: .milliseconds(500))
        let value = try result.get()
        try expectReadsBack(value)
        #expect(value.requests == 2 && value.retries == 1)
        #expect(server.requests.count == 2)
        #expect(events.retries.map(\.reason) == ["timed out after 0.5 s"])
    }

    @Test("REQUEST_DENIED fails at once with Google's message, and without the key")
    func requestDenied() async throws {
        let message = "The provided API key is invalid: \(FetchSupport.apiKey)"
        let (result, server, events) = try await fetch([status("REQUEST_DENIED", message: message)], fallback: ok)
        let error = try fetchError(result)
        #expect(server.requests.count == 1)
        #expect(events.retries.isEmpty)
        guard case let .serviceStatus(tile, provider, status, detail) = error else {
            Issue.record("expected serviceStatus, got \(error)")
            return
        }
        #expect(tile.index == 0 && provider == .google && status == "REQUEST_DENIED")
        #expect(detail == "The provided API key is invalid: <redacted>")
        #expect(error.description.contains("REQUEST_DENIED") && error.description.contains("The provided API key is invalid"))
        #expect(!error.description.contains(FetchSupport.apiKey) && !"\(error)".contains("AIza"))
    }

    @Test("Other non-retryable statuses fail at once",
          arguments: ["INVALID_REQUEST", "OVER_DAILY_LIMIT", "MAX_ELEMENTS_EXCEEDED", "MAX_DIMENSIONS_EXCEEDED"])
    func nonRetryable(status name: String) async throws {
        let (result, server, _) = try await fetch([status(name, message: "details")], fallback: ok)
        #expect(try fetchError(result) == .serviceStatus(tile: MatrixTile(index: 0, count: 1, origins: 0..<2, destinations: 0..<2),
                                                          provider: .google, status: name, message: "details"))
        #expect(server.requests.count == 1)
    }

    @Test("A recorded INVALID_REQUEST response is reported with its error_message")
    func recordedInvalidRequest() async throws {
        let body = try FetchSupport.fixture("matrix", "openapi-spec_maps_http_distancematrix_encoded_error_response.strict.json")
        let (result, _, _) = try await fetch([.json(body)])
        guard case let .serviceStatus(_, _, status, message) = try fetchError(result) else {
            Issue.record("expected serviceStatus")
            return
        }
        #expect(status == "INVALID_REQUEST")
        #expect(message?.hasPrefix("Invalid request. Invalid 'destinations' parameter.") == true)
    }

    @Test("HTTP 403 with an HTML page fails at once")
    func forbidden() async throws {
        let (result, server, _) = try await fetch([.text("<html>Forbidden</html>", status: 403)], fallback: ok)
        guard case let .httpStatus(_, status, url) = try fetchError(result) else {
            Issue.record("expected httpStatus")
            return
        }
        #expect(status == 403 && server.requests.count == 1)
        #expect(url.hasSuffix("/maps/api/distancematrix/json") && !url.contains("key"))
    }

    @Test("Retries run out after five attempts; the error names the tile, status and attempts")
    func exhausted() async throws {
        let (result, server, events) = try await fetch([], fallback: .text("unavailable", status: 503))
        let error = try fetchError(result)
        #expect(error == .retriesExhausted(tile: MatrixTile(index: 0, count: 1, origins: 0..<2, destinations: 0..<2),
                                           attempts: 5, lastStatus: "HTTP 503"))
        #expect(server.requests.count == 5 && events.retries.count == 4)
        #expect(error.description == "request 1 of 1 (origins 1–2 × destinations 1–2) still failed after 5 attempts (last: HTTP 503); wait a while and fetch again, or allow more attempts")
    }

    @Test("An unreachable server is retried, then reported without the key")
    func connectionRefused() async throws {
        // A port bound but not listening refuses connections, and stays
        // ours: a stopped server's port could be taken by a server of a
        // test running beside this one, which would then answer.
        let closed = try ClosedPort()
        let fetcher = FetchSupport.googleFetcher(baseURL: closed.baseURL, maxAttempts: 3)
        let places = self.places
        let error = try fetchError(await Result { try await fetcher.fetch(places) })
        guard case let .retriesExhausted(_, attempts, last) = error else {
            Issue.record("expected retriesExhausted, got \(error)")
            return
        }
        #expect(attempts == 3)
        #expect(last == "could not connect to the server")
        #expect(!error.description.contains("AIza"))
    }

    @Test("Backoff waits double with jitter in [0.5, 1) and repeat with the same seed")
    func backoff() async throws {
        func delays() async throws -> [Duration] {
            let (_, _, events) = try await fetch([], fallback: .text("busy", status: 503), maxAttempts: 4)
            return events.retries.map(\.delay)
        }
        let first = try await delays()
        #expect(first == (try await delays()))
        #expect(first.count == 3)
        // baseDelay 2 ms, capped at 50 ms.
        for (k, delay) in first.enumerated() {
            let full = Duration.milliseconds(2 << k)
            #expect(delay >= full / 2 && delay < full, "retry \(k + 1): \(delay)")
        }
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(4), jitterSeed: 1)
        #expect(policy.maxAttempts == 5 && policy.malformedRetries == 2)
    }

    @Test("Cancelling the task stops the fetch during a backoff wait")
    func cancellation() async throws {
        let server = try TestHTTPServer(script: [], fallback: .text("busy", status: 503))
        defer { server.stop() }
        let fetcher = MatrixFetcher(
            provider: .google(apiKey: FetchSupport.apiKey, travelMode: "driving", endpoint: server.baseURL),
            timeout: .seconds(5), retry: RetryPolicy(baseDelay: .seconds(20), maxDelay: .seconds(20), jitterSeed: 1))
        let places = self.places
        // Cancelled once the first request (answered 503) has arrived, so
        // during the 20 s backoff. No wall-clock bound (other tests load the
        // cooperative pool): a fetch that ignored cancellation would wait
        // out the backoff, send a second request and end with another error.
        guard let error = try await FetchSupport.errorAfterCancelling(fetcher, places, once: server, hasReceived: 1)
        else { return }
        #expect(error is CancellationError)
        #expect(server.requests.count == 1)
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}

@Suite("Cancellation and error texts")
struct FetchCancellationTests {
    @Test("Cancelling the task stops a request in flight")
    func cancelInFlight() async throws {
        // The server holds its answer for 30 s (stop() in the defer ends
        // the wait); the task is cancelled once the request has arrived.
        let server = try TestHTTPServer(script: [.json("{}", delay: 30)])
        defer { server.stop() }
        let fetcher = FetchSupport.googleFetcher(server, timeout: .seconds(60))
        let places = FetchSupport.places(2)
        // No wall-clock bound (other tests load the cooperative pool): a
        // fetch that ignored cancellation would wait for the empty body,
        // retry it as malformed and end with another error.
        guard let error = try await FetchSupport.errorAfterCancelling(fetcher, places, once: server, hasReceived: 1)
        else { return }
        #expect(error is CancellationError)
        #expect(server.requests.count == 1)
    }

    @Test("Every error text is one line saying what is wrong and what to do")
    func descriptions() {
        let tile = MatrixTile(index: 2, count: 9, origins: 20..<30, destinations: 0..<10)
        let errors: [FetchError] = [
            .missingAPIKey(variable: "GOOGLE_MAPS_API_KEY"), .noPlaces,
            .invalidCoordinate(place: 0, name: "A", latitude: .nan, longitude: 0),
            .indistinguishablePlaces(key: "Depot", places: [1, 3, 4]), .unsupportedTravelMode("flying"),
            .invalidSetting(name: "timeout", value: "0 s", expected: "more than 0 s"),
            .serviceStatus(tile: tile, provider: .google, status: "REQUEST_DENIED", message: "denied"),
            .serviceStatus(tile: tile, provider: .osrm, status: "TooBig", message: nil),
            .httpStatus(tile: tile, status: 404, url: "http://localhost:5000"),
            .retriesExhausted(tile: tile, attempts: 5, lastStatus: "OVER_QUERY_LIMIT"),
            .malformedResponse(tile: tile, attempts: 3, reason: "an empty body"),
            .transport(tile: tile, reason: "the URL is not a valid http or https URL"),
            .cannotWriteCache(path: "/nope/cache.json", reason: "no such folder"),
        ]
        for error in errors {
            let text = error.description
            #expect(!text.isEmpty && !text.contains("\n") && !text.contains(". "), "\(text)")
        }
        #expect(errors[9].description.hasPrefix("request 3 of 9 (origins 21–30 × destinations 1–10) still failed after 5 attempts (last: OVER_QUERY_LIMIT)"))
        #expect(errors[3].description.hasPrefix("places 2, 4, 5 would all be named \"Depot\""))
    }
}
