import Foundation
import RoutePlanFetch
import RoutePlanMatrix
import Testing

/// Response bodies are bounded by `maxResponseBytes`, and settings that
/// would overflow a conversion are refused instead of trapping.
///
/// Serialized: the endless-body test has a local server stream as fast as
/// loopback allows until the client hangs up, which starves URLSession's
/// shared work for a moment; run beside it, the other tests' 5-second
/// timeouts could expire and be misread as the behaviour under test.
@Suite("Response size limit and setting ranges", .serialized)
struct ResponseLimitTests {
    let places = FetchSupport.places(2)
    var okBody: Data { Data(FetchSupport.googleBody(origins: [0, 1], destinations: [0, 1]).utf8) }
    let tile = MatrixTile(index: 0, count: 1, origins: 0..<2, destinations: 0..<2)

    /// A Google fetcher for `server` with a response limit.
    func fetcher(_ server: TestHTTPServer, limit: Int) -> MatrixFetcher {
        var fetcher = FetchSupport.googleFetcher(server)
        fetcher.maxResponseBytes = limit
        return fetcher
    }

    func fetchError(_ fetcher: MatrixFetcher) async throws -> FetchError {
        let places = self.places
        let result = await Result { try await fetcher.fetch(places) }
        guard case let .failure(error) = result else {
            Issue.record("the fetch succeeded")
            throw CancellationError()
        }
        return try #require(error as? FetchError)
    }

    /// Waits until the server has finished replying to request `number`
    /// (a synchronisation, not a timing assertion).
    func bytesSent(by server: TestHTTPServer, forRequest number: Int) async throws -> Int64 {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let sent = server.bodyBytesSent(forRequest: number) { return sent }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the server did not finish its reply within a minute")
        return -1
    }

    static let mebibyte: Int64 = 1 << 20
    static let limit = 64 << 10

    @Test("a 1 MiB body announced by Content-Length is refused with a 64 KiB limit, once, without the key")
    func declaredTooLarge() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: Int(Self.mebibyte))
        let server = try TestHTTPServer(script: [.json(body)], fallback: .json(okBody))
        defer { server.stop() }
        let error = try await fetchError(fetcher(server, limit: Self.limit))
        let url = server.baseURL.appendingPathComponent("maps/api/distancematrix/json").absoluteString
        #expect(error == .responseTooLarge(tile: tile, url: url, limit: Self.limit, declaredBytes: Self.mebibyte))
        #expect(server.requests.count == 1)  // not retried
        #expect(error.description == "\(url) answered \(tile) with a body of 1 MiB, more than the 64 KiB allowed (it was not read); check that the address points at the matrix service, or allow larger responses (maxResponseBytes) for big OSRM tables")
        #expect(!error.description.contains("AIza"))
    }

    @Test("a 1 MiB body without Content-Length is cut off once it passes 64 KiB")
    func undeclaredTooLarge() async throws {
        var reply = CannedResponse.json(Data(repeating: UInt8(ascii: " "), count: Int(Self.mebibyte)))
        reply.contentLength = .omitted
        let server = try TestHTTPServer(script: [reply], fallback: .json(okBody))
        defer { server.stop() }
        let error = try await fetchError(fetcher(server, limit: Self.limit))
        guard case let .responseTooLarge(_, _, limit, declared) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        #expect(limit == Self.limit && declared == nil)
        #expect(error.description.contains("a body larger than 64 KiB") && error.description.contains("reading stopped there"))
        #expect(server.requests.count == 1)
    }

    @Test("a body that never ends is not read to its end: the client hangs up past the limit")
    func endlessBody() async throws {
        // 16 GiB of filler, generated as it is sent: the server can only
        // send it all if the client keeps reading. (How far past the limit
        // the bytes keep coming depends on how quickly URLSession acts on
        // the cancellation, tens of megabytes over loopback, so only the
        // hang-up is checked; the transport drops those bytes unkept.)
        var reply = CannedResponse.json("{\"status\": \"OK\", \"rows\": [")
        reply.contentLength = .omitted
        reply.streamedBytes = 16 << 30
        let server = try TestHTTPServer(script: [reply], fallback: .json(okBody))
        defer { server.stop() }
        let error = try await fetchError(fetcher(server, limit: Self.limit))
        guard case .responseTooLarge(_, _, Self.limit, nil) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        let sent = try await bytesSent(by: server, forRequest: 0)
        #expect(sent >= Int64(Self.limit) && sent < 16 << 30, "the server sent \(sent) bytes")
    }

    @Test("a lying Content-Length: above the limit is refused unread, below it only that many bytes are taken")
    func lyingContentLength() async throws {
        // Claims 10 GiB, sends a small valid body: refused on the claim.
        var huge = CannedResponse.json(okBody)
        huge.contentLength = .declared(10 << 30)
        // Claims 100 bytes, sends 1 MiB: HTTP framing ends the body at 100
        // bytes, which are not a whole response (and are retried as such).
        var small = CannedResponse.json(okBody + Data(repeating: UInt8(ascii: " "), count: Int(Self.mebibyte)))
        small.contentLength = .declared(100)
        let server = try TestHTTPServer(script: [huge, small, small, small])
        defer { server.stop() }
        let error = try await fetchError(fetcher(server, limit: Self.limit))
        #expect(error == .responseTooLarge(tile: tile, url: server.baseURL.appendingPathComponent("maps/api/distancematrix/json").absoluteString,
                                           limit: Self.limit, declaredBytes: 10 << 30))
        #expect(error.description.contains("a body of 10 GiB"))

        let second = try TestHTTPServer(script: [small, small, small])
        defer { second.stop() }
        let truncated = try await fetchError(fetcher(second, limit: Self.limit))
        guard case let .malformedResponse(_, attempts, _) = truncated else {
            Issue.record("expected malformedResponse, got \(truncated)")
            return
        }
        #expect(attempts == 3 && second.requests.count == 3)
    }

    @Test("the limit is inclusive, and the default is 32 MiB")
    func inclusive() async throws {
        let body = okBody
        let server = try TestHTTPServer(script: [.json(body), .json(body)])
        defer { server.stop() }
        let places = self.places
        let result = try await fetcher(server, limit: body.count).fetch(places)
        #expect(result.tiles[0].response == body)
        let error = try await fetchError(fetcher(server, limit: body.count - 1))
        #expect(error == .responseTooLarge(tile: tile, url: server.baseURL.appendingPathComponent("maps/api/distancematrix/json").absoluteString,
                                           limit: body.count - 1, declaredBytes: Int64(body.count)))
        #expect(MatrixFetcher.defaultMaxResponseBytes == 32 << 20)
        #expect(MatrixFetcher(provider: .osrm(server: server.baseURL)).maxResponseBytes == 32 << 20)
    }

    @Test("huge timeouts, delays and limits are refused as settings instead of trapping")
    func settingRanges() throws {
        let provider = MatrixFetcher.Provider.osrm(server: URL(string: "http://localhost:5000")!)
        func problem(_ fetcher: MatrixFetcher) -> String? {
            do {
                _ = try fetcher.plan(places)
                return nil
            } catch let FetchError.invalidSetting(name, _, _) {
                return name
            } catch {
                return "\(error)"
            }
        }
        #expect(problem(MatrixFetcher(provider: provider, timeout: .seconds(Int64.max))) == "timeout")
        #expect(problem(MatrixFetcher(provider: provider, timeout: .seconds(86_401))) == "timeout")
        #expect(problem(MatrixFetcher(provider: provider, timeout: .seconds(86_400))) == nil)
        #expect(problem(MatrixFetcher(provider: provider, maxResponseBytes: 0)) == "maxResponseBytes")
        #expect(problem(MatrixFetcher(provider: provider, retry: RetryPolicy(maxDelay: .seconds(Int64.max)))) == "baseDelay and maxDelay")
        #expect(problem(MatrixFetcher(provider: provider, retry: RetryPolicy(baseDelay: .seconds(Int64.max)))) == "baseDelay and maxDelay")
        #expect(problem(MatrixFetcher(provider: provider, retry: RetryPolicy(baseDelay: .seconds(86_400), maxDelay: .seconds(86_400)))) == nil)

        let error = #expect(throws: FetchError.self) {
            try MatrixFetcher(provider: provider, timeout: .seconds(Int64.max)).plan(places)
        }
        #expect(error?.description == "the fetch setting timeout is 9.223372036854776e+18 s, but it must be more than 0 s and at most 86400 s (a day); change it")
    }

    @Test("timeouts given in seconds are checked before they are converted", arguments: [
        (20.0, Duration?.some(.seconds(20))), (0.5, .milliseconds(500)), (86_400, .seconds(86_400)),
        (1e300, nil), (.infinity, nil), (.nan, nil), (-1, nil), (0, nil), (1e-12, nil), (86_400.5, nil),
        (Double(Int64.max), nil),
    ])
    func timeoutFromSeconds(seconds: Double, expected: Duration?) {
        let converted = try? MatrixFetcher.timeout(seconds: seconds)
        #expect(converted == expected)
    }

    @Test("control characters in a Google error_message are escaped in the error's text")
    func escapedServiceMessage() async throws {
        let body = #"{"destination_addresses": [], "error_message": "denied\u001b[2J\u0007\r\u0000!", "origin_addresses": [], "rows": [], "status": "REQUEST_DENIED"}"#
        let server = try TestHTTPServer(script: [.json(body)])
        defer { server.stop() }
        let error = try await fetchError(FetchSupport.googleFetcher(server))
        guard case let .serviceStatus(_, _, _, message) = error else {
            Issue.record("expected serviceStatus, got \(error)")
            return
        }
        #expect(message == "denied\u{1B}[2J\u{7}\r\0!")  // stored as sent
        #expect(error.description.contains(#"("denied\u{1B}[2J\u{7}\r\0!")"#))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }
}
