import Foundation
import RoutePlanMatrix

/// Fetches the travel matrix of a list of places from the Google Distance
/// Matrix API or an OSRM server, and makes the tile cache that
/// ``MatrixSource`` reads.
///
/// The n × n matrix is split into requests within the service's limits by
/// ``TilePlanner`` (for Google at most 25 origins, 25 destinations and 100
/// elements each: 30 places take nine 10 × 10 requests). Requests are sent
/// one after another. Temporary failures are retried with exponential
/// backoff and jitter (see ``RetryPolicy``); anything else stops the fetch
/// with a ``FetchError``. The fetch is cancellable: cancelling the task stops
/// it between requests, during a backoff wait, or during a request, with
/// `CancellationError`.
///
/// The API key is sent only in the request URL. It never appears in an
/// error, an event, a description of the fetcher, or the cache.
///
/// ```swift
/// import Foundation
/// import RoutePlanFetch
/// import RoutePlanMatrix
///
/// let places = [
///     FetchPlace(name: "Louvre Museum", placeID: "ChIJD3uTd9hx5kcR1IQvGfr8dbk",
///                coordinate: Coordinate(latitude: 48.8606, longitude: 2.3376)),
///     FetchPlace(name: "Panthéon", coordinate: Coordinate(latitude: 48.8462, longitude: 2.3464)),
///     FetchPlace(name: "Eiffel Tower", coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945)),
/// ]
/// let key = try GoogleAPIKey.fromEnvironment()    // GOOGLE_MAPS_API_KEY
/// let fetcher = MatrixFetcher(
///     provider: .google(apiKey: key, travelMode: "driving"),
///     onEvent: { event in
///         if case let .retry(tile, _, reason, delay) = event { print("\(tile): \(reason), retrying in \(delay)") }
///     })
/// let result = try await fetcher.fetch(places)
/// let cache = URL(fileURLWithPath: "paris-matrix.json")
/// try result.write(to: cache)
/// print("\(result.requests) requests, \(result.retries) retries")
///
/// let observed = try MatrixSource.read(contentsOf: cache, stops: places.map(\.stopKey), preferTraffic: true)
/// print(observed[0, 1])   // e.g. "3120 m, 540 s"
/// ```
///
/// For OSRM, `.osrm(server: URL(string: "http://localhost:5000")!)` asks
/// `GET /table/v1/driving/{lng,lat;…}?annotations=duration,distance`.
public struct MatrixFetcher: Sendable {
    /// The service to ask.
    public var provider: Provider
    /// How long one request may take before it counts as timed out (and is
    /// retried): more than 0 and at most ``maximumTimeout`` (a day).
    public var timeout: Duration
    /// Retries and backoff.
    public var retry: RetryPolicy
    /// The largest response body accepted, in bytes (at least 1;
    /// ``defaultMaxResponseBytes``, 32 MiB, unless set).
    ///
    /// A response whose `Content-Length` is larger is refused before its
    /// body is read; a body that turns out larger while it arrives (no
    /// `Content-Length`, or a wrong one) is cut off as soon as it passes the
    /// limit. Either way the fetch fails at once with
    /// ``FetchError/responseTooLarge(tile:url:limit:declaredBytes:)``: a
    /// server that sends gigabytes is not asked again.
    ///
    /// Google's responses (at most 100 elements) are well below 100 kB. An
    /// OSRM table of *n* × *n* durations and distances takes roughly
    /// 20 · n² bytes, so 32 MiB covers tiles up to about 1,200 × 1,200;
    /// raise the limit for an OSRM server with a larger `maxTableSize`.
    public var maxResponseBytes: Int
    /// Called with each ``FetchEvent``, on the fetching task.
    public var onEvent: (@Sendable (FetchEvent) -> Void)?

    /// Makes the transport for one fetch.
    var makeTransport: @Sendable (Duration) -> any HTTPTransport

    /// The default ``maxResponseBytes``: 32 MiB (33,554,432 bytes).
    public static let defaultMaxResponseBytes = 32 << 20

    /// The longest ``timeout`` accepted: a day. Longer ones are refused by
    /// ``fetch(_:)`` and ``plan(_:)`` (they could not be handed to URLSession
    /// and the system timers without overflowing).
    public static let maximumTimeout = Duration.seconds(86_400)

    public init(provider: Provider, timeout: Duration = .seconds(30), retry: RetryPolicy = RetryPolicy(),
                maxResponseBytes: Int = MatrixFetcher.defaultMaxResponseBytes,
                onEvent: (@Sendable (FetchEvent) -> Void)? = nil) {
        self.init(provider: provider, timeout: timeout, retry: retry, maxResponseBytes: maxResponseBytes,
                  onEvent: onEvent, makeTransport: { URLSessionTransport(timeout: $0) })
    }

    /// A fetcher with another transport.
    init(provider: Provider, timeout: Duration, retry: RetryPolicy, maxResponseBytes: Int,
         onEvent: (@Sendable (FetchEvent) -> Void)?,
         makeTransport: @escaping @Sendable (Duration) -> any HTTPTransport) {
        self.provider = provider
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
        self.onEvent = onEvent
        self.makeTransport = makeTransport
    }

    /// A ``timeout`` from a number of seconds, such as a command line's
    /// `--timeout 20`, checked before it is converted: converting a Double
    /// to a `Duration` or to whole nanoseconds yourself traps for values such
    /// as `1e300`.
    ///
    /// - Throws: ``FetchError/invalidSetting(name:value:expected:)`` unless
    ///   `seconds` is finite, above 0 (at least a nanosecond) and at most
    ///   ``maximumTimeout``.
    public static func timeout(seconds: Double) throws(FetchError) -> Duration {
        guard seconds.isFinite, seconds > 0, seconds <= maximumTimeout.seconds, (seconds * 1e9).rounded() >= 1 else {
            throw .invalidSetting(name: "timeout", value: "\(seconds) s", expected: timeoutRange)
        }
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    static let timeoutRange = "more than 0 s and at most \(Int(maximumTimeout.seconds)) s (a day)"

    /// The requests ``fetch(_:)`` would send for `places`, after checking the
    /// places and the settings; sends nothing.
    ///
    /// - Throws: ``FetchError/noPlaces``,
    ///   ``FetchError/invalidCoordinate(place:name:latitude:longitude:)``,
    ///   ``FetchError/indistinguishablePlaces(key:places:)``,
    ///   ``FetchError/unsupportedTravelMode(_:)``,
    ///   ``FetchError/invalidSetting(name:value:expected:)``.
    /// - Complexity: O(n · maxOrigins + number of tiles) for *n* places.
    public func plan(_ places: [FetchPlace]) throws -> [MatrixTile] {
        _ = try requests(for: places)
        return TilePlanner.tiles(placeCount: places.count, limits: provider.limits)
    }

    /// Fetches every tile of the matrix of `places`.
    ///
    /// - Returns: the responses and counts; ``MatrixFetchResult/cacheData``
    ///   is the cache file.
    /// - Throws: everything ``plan(_:)`` throws, before any request;
    ///   ``FetchError/serviceStatus(tile:provider:status:message:)``,
    ///   ``FetchError/httpStatus(tile:status:url:)``,
    ///   ``FetchError/retriesExhausted(tile:attempts:lastStatus:)``,
    ///   ``FetchError/malformedResponse(tile:attempts:reason:)``,
    ///   ``FetchError/responseTooLarge(tile:url:limit:declaredBytes:)``,
    ///   ``FetchError/transport(tile:reason:)``; `CancellationError` when the
    ///   task is cancelled.
    public func fetch(_ places: [FetchPlace]) async throws -> MatrixFetchResult {
        let requests = try requests(for: places)
        let tiles = TilePlanner.tiles(placeCount: places.count, limits: provider.limits)
        let transport = makeTransport(timeout)
        defer { transport.finish() }

        var jitter = JitterSource(seed: retry.jitterSeed)
        var fetched: [FetchedTile] = []
        fetched.reserveCapacity(tiles.count)
        var sent = 0
        for tile in tiles {
            try Task.checkCancellation()
            let (body, attempts) = try await fetch(tile, with: requests, transport: transport, jitter: &jitter)
            sent += attempts
            fetched.append(FetchedTile(tile: tile, origins: tile.origins.map { places[$0].cacheKey },
                                       destinations: tile.destinations.map { places[$0].cacheKey },
                                       response: body, attempts: attempts))
        }
        return MatrixFetchResult(provider: requests.format, travelMode: requests.travelMode, tiles: fetched,
                                 requests: sent, retries: sent - fetched.count)
    }

    /// Sends one tile's request until it succeeds or fails for good.
    private func fetch(_ tile: MatrixTile, with requests: any MatrixRequests, transport: any HTTPTransport,
                       jitter: inout JitterSource) async throws -> (Data, attempts: Int) {
        guard let url = requests.url(for: tile) else {
            throw FetchError.transport(tile: tile, reason: "no valid URL can be made from \(requests.displayURL) and the places")
        }
        var attempt = 0
        var malformed = 0
        while true {
            try Task.checkCancellation()
            attempt += 1
            onEvent?(.request(tile: tile, attempt: attempt))
            let outcome: AttemptOutcome
            var body = Data()
            do {
                let response = try await transport.get(url, timeout: timeout, maxBodyBytes: maxResponseBytes)
                body = response.body
                outcome = requests.check(response, tile: tile)
            } catch let failure as TransportFailure {
                switch failure {
                case .timedOut:
                    outcome = .retry("timed out after \(Self.describe(timeout))", retryAfterSeconds: nil)
                case let .unreachable(reason):
                    outcome = .retry(requests.scrub(reason), retryAfterSeconds: nil)
                case let .unusable(reason):
                    throw FetchError.transport(tile: tile, reason: requests.scrub(reason))
                case let .bodyTooLarge(limit, declared):
                    throw FetchError.responseTooLarge(tile: tile, url: requests.displayURL, limit: limit, declaredBytes: declared)
                }
            }

            let reason: String
            var retryAfter: Duration?
            switch outcome {
            case .success:
                onEvent?(.tileDone(tile: tile, attempts: attempt))
                return (body, attempt)
            case let .failure(error):
                throw error
            case let .malformed(problem):
                malformed += 1
                if malformed > retry.malformedRetries || attempt >= retry.maxAttempts {
                    throw FetchError.malformedResponse(tile: tile, attempts: attempt, reason: problem)
                }
                reason = problem
            case let .retry(problem, seconds):
                if attempt >= retry.maxAttempts {
                    throw FetchError.retriesExhausted(tile: tile, attempts: attempt, lastStatus: problem)
                }
                reason = problem
                retryAfter = seconds.map { .seconds($0) }
            }
            let delay = retry.delay(beforeRetry: attempt, unit: jitter.nextUnit(), retryAfter: retryAfter)
            onEvent?(.retry(tile: tile, attempt: attempt, reason: reason, delay: delay))
            try await Task.sleep(for: delay)
        }
    }

    /// Checks the places and the settings, and makes the provider's requests.
    private func requests(for places: [FetchPlace]) throws -> any MatrixRequests {
        try checkSettings()
        guard !places.isEmpty else { throw FetchError.noPlaces }

        let requests: any MatrixRequests
        let sendsCoordinate: (FetchPlace) -> Bool
        switch provider {
        case let .google(apiKey, travelMode, departureTime, endpoint):
            requests = GoogleMatrixRequests(places: places, apiKey: apiKey, travelMode: travelMode,
                                            departureTime: departureTime, endpoint: endpoint)
            sendsCoordinate = { $0.knownPlaceID == nil }
        case let .osrm(server, profile, _):
            requests = OSRMTableRequests(places: places, server: server, profile: profile)
            sendsCoordinate = { _ in true }
        }

        for (i, place) in places.enumerated() where sendsCoordinate(place) && !place.coordinate.isValid {
            throw FetchError.invalidCoordinate(place: i, name: place.name, latitude: place.coordinate.latitude,
                                               longitude: place.coordinate.longitude)
        }
        // The cache reader looks an entry up by place ID first, then by name;
        // each place's key must lead back to that place alone.
        var byPlaceID: [String: [Int]] = [:]
        var byName: [String: [Int]] = [:]
        for (i, place) in places.enumerated() {
            if let id = place.knownPlaceID { byPlaceID[id, default: []].append(i) }
            byName[place.name, default: []].append(i)
        }
        for (i, place) in places.enumerated() {
            let key = place.cacheKey
            let matches = byPlaceID[key] ?? byName[key] ?? []
            if matches != [i] {
                throw FetchError.indistinguishablePlaces(key: requests.scrub(key), places: Set(matches + [i]).sorted())
            }
        }
        return requests
    }

    private func checkSettings() throws {
        func invalid(_ name: String, _ value: String, _ expected: String) -> FetchError {
            .invalidSetting(name: name, value: value, expected: expected)
        }
        guard timeout > .zero, timeout <= Self.maximumTimeout else {
            throw invalid("timeout", Self.describe(timeout), Self.timeoutRange)
        }
        guard maxResponseBytes >= 1 else { throw invalid("maxResponseBytes", "\(maxResponseBytes)", "at least 1") }
        guard retry.maxAttempts >= 1 else { throw invalid("maxAttempts", "\(retry.maxAttempts)", "at least 1") }
        guard retry.malformedRetries >= 0 else {
            throw invalid("malformedRetries", "\(retry.malformedRetries)", "0 or more")
        }
        let longest = RetryPolicy.longestDelay
        guard retry.baseDelay >= .zero, retry.maxDelay >= .zero, retry.baseDelay <= longest, retry.maxDelay <= longest else {
            throw invalid("baseDelay and maxDelay", "\(Self.describe(retry.baseDelay)) and \(Self.describe(retry.maxDelay))",
                          "0 s or more, and at most \(Int(longest.seconds)) s (a day)")
        }
        switch provider {
        case let .google(apiKey, travelMode, _, endpoint):
            guard !apiKey.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw FetchError.missingAPIKey(variable: GoogleAPIKey.environmentVariable)
            }
            guard GoogleMatrixRequests.travelModes.contains(travelMode) else {
                throw FetchError.unsupportedTravelMode(travelMode)
            }
            guard Self.isHTTP(endpoint) else {
                throw invalid("endpoint", SecretScrubber(secret: apiKey)(displayURL(endpoint)), "an http or https URL")
            }
        case let .osrm(server, profile, maxTableSize):
            guard Self.isHTTP(server) else { throw invalid("server", displayURL(server), "an http or https URL") }
            guard OSRMTableRequests.isValidProfile(profile) else {
                throw invalid("profile", "\"\(profile)\"", "a profile name of letters, digits, - and _ (such as driving)")
            }
            guard maxTableSize >= 1 else { throw invalid("maxTableSize", "\(maxTableSize)", "at least 1") }
        }
    }

    private static func isHTTP(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false
    }

    /// `0.5 s`, `30 s`, `9.223372036854776e+18 s`: whole numbers are shown
    /// as such only where they fit an integer.
    static func describe(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int64(seconds)) s" : "\(seconds) s"
    }
}
