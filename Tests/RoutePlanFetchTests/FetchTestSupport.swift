import Foundation
import RoutePlanFetch
import RoutePlanMatrix
import Testing

/// Shared places, synthetic engine answers and helpers for the fetch tests.
enum FetchSupport {
    /// Starts `fetcher.fetch(places)` in a task, waits until `server` has
    /// received `requests` requests, cancels the task and returns the error
    /// it ended with. Records an issue and returns `nil` when the server
    /// never sees that many requests (within a minute: the wait is a
    /// synchronisation, not a timing assertion) or when the fetch finished
    /// despite the cancellation.
    ///
    /// Waiting for the server rather than for a fixed time matters on a
    /// loaded machine: a 300 ms sleep once cancelled the task before its
    /// first request went out, so the test saw no request at all.
    static func errorAfterCancelling(_ fetcher: MatrixFetcher, _ places: [FetchPlace],
                                     once server: TestHTTPServer, hasReceived requests: Int) async throws -> (any Error)? {
        let task = Task { try await fetcher.fetch(places) }
        let deadline = ContinuousClock.now + .seconds(60)
        while server.requests.count < requests {
            guard ContinuousClock.now < deadline else {
                task.cancel()
                Issue.record("the server saw \(server.requests.count) of \(requests) requests within a minute")
                return nil
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        guard case let .failure(error) = await task.result else {
            Issue.record("the fetch finished despite cancellation")
            return nil
        }
        return error
    }

    /// A fake key with characters that must be percent-encoded.
    static let apiKey = "AIzaSyTEST_fake-key0123456789+secret/="
    static var encodedKey: String { apiKey.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F").replacingOccurrences(of: "=", with: "%3D") }

    /// `<package root>/Fixtures`, found from this file with symlinks resolved,
    /// so that a scratch package linking the test folder still finds it.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ folder: String, _ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(folder).appendingPathComponent(name))
    }

    /// `n` places around London (longitudes on both sides of 0); even ones
    /// have a place ID, odd ones only a coordinate.
    static func places(_ n: Int) -> [FetchPlace] {
        (0..<n).map { i in
            let x = Double(i)
            let latitude: Double = 51.5 + 0.0137 * Double(i % 7) - 0.0041 * x
            let longitude: Double = -0.05 + 0.0071 * x
            let id: String? = i % 2 == 0 ? "ChIJtest\(i)_Ab-Z" : nil
            return FetchPlace(name: String(format: "Stop %02d", i + 1), placeID: id,
                              coordinate: Coordinate(latitude: latitude, longitude: longitude))
        }
    }

    static func stopKeys(_ places: [FetchPlace]) -> [StopKey] { places.map(\.stopKey) }

    // MARK: Synthetic answers

    static func meters(_ i: Int, _ j: Int) -> Int { i == j ? 0 : 1_000 + 97 * i + 31 * j }
    static func seconds(_ i: Int, _ j: Int) -> Int { i == j ? 0 : 120 + 11 * i + 7 * j }

    /// The pair Google answers with `ZERO_RESULTS`.
    static let unreachable = (from: 5, to: 23)

    /// What reading the cache should give for the pair.
    static func expectedGooglePair(_ i: Int, _ j: Int) -> ObservedMatrix.Pair {
        if (i, j) == unreachable { return .unreachable(status: "ZERO_RESULTS") }
        return .known(meters: meters(i, j), seconds: seconds(i, j))
    }

    /// A Google Distance Matrix body for places `origins` × `destinations`,
    /// laid out as Google does (3-space indents).
    static func googleBody(origins: [Int], destinations: [Int]) -> String {
        func address(_ k: Int) -> String { "\"Street \(k + 1), London, UK\"" }
        var rows: [String] = []
        for i in origins {
            let elements = destinations.map { j -> String in
                if (i, j) == unreachable { return "{\n               \"status\" : \"ZERO_RESULTS\"\n            }" }
                let m = meters(i, j), s = seconds(i, j)
                return """
                {
                               "distance" : {
                                  "text" : "\(String(format: "%.1f", Double(m) / 1000)) km",
                                  "value" : \(m)
                               },
                               "duration" : {
                                  "text" : "\(s / 60) mins",
                                  "value" : \(s)
                               },
                               "status" : "OK"
                            }
                """
            }
            rows.append("{\n         \"elements\" : [\n            " + elements.joined(separator: ",\n            ") + "\n         ]\n      }")
        }
        return """
        {
           "destination_addresses" : [ \(destinations.map(address).joined(separator: ", ")) ],
           "origin_addresses" : [ \(origins.map(address).joined(separator: ", ")) ],
           "rows" : [
              \(rows.joined(separator: ",\n      "))
           ],
           "status" : "OK"
        }

        """
    }

    /// The place a Google `origins`/`destinations` entry names, or nil.
    static func resolveGoogle(_ entry: Substring, in places: [FetchPlace]) -> Int? {
        if entry.hasPrefix("place_id:") {
            let id = entry.dropFirst("place_id:".count)
            return places.firstIndex { $0.placeID.map { $0[...] == id } ?? false }
        }
        let parts = entry.split(separator: ",")
        guard parts.count == 2, let lat = Double(parts[0]), let lng = Double(parts[1]) else { return nil }
        return places.firstIndex {
            $0.placeID == nil && abs($0.coordinate.latitude - lat) < 1e-6 && abs($0.coordinate.longitude - lng) < 1e-6
        }
    }

    /// The places of a recorded Google request's `origins` and `destinations`.
    static func googlePlaces(of request: RecordedRequest, in places: [FetchPlace]) -> (origins: [Int?], destinations: [Int?]) {
        let query = request.query
        func resolve(_ name: String) -> [Int?] {
            (query[name] ?? "").split(separator: "|", omittingEmptySubsequences: false).map { resolveGoogle($0, in: places) }
        }
        return (resolve("origins"), resolve("destinations"))
    }

    /// Answers each Google request with synthetic values for the places it names.
    static func googleHandler(_ places: [FetchPlace]) -> TestHTTPServer.Handler {
        { request in
            let (origins, destinations) = googlePlaces(of: request, in: places)
            guard request.query["key"] == apiKey, !origins.isEmpty, !destinations.isEmpty,
                  !origins.contains(nil), !destinations.contains(nil) else {
                return .json(#"{"destination_addresses": [], "error_message": "unknown place or key", "origin_addresses": [], "rows": [], "status": "INVALID_REQUEST"}"#)
            }
            return .json(googleBody(origins: origins.map { $0! }, destinations: destinations.map { $0! }))
        }
    }

    static func googleFetcher(_ server: TestHTTPServer, travelMode: String = "driving", departureTime: String? = nil,
                              timeout: Duration = .seconds(5), maxAttempts: Int = 5,
                              baseDelay: Duration = .milliseconds(2),
                              events: EventLog? = nil) -> MatrixFetcher {
        googleFetcher(baseURL: server.baseURL, travelMode: travelMode, departureTime: departureTime, timeout: timeout,
                      maxAttempts: maxAttempts, baseDelay: baseDelay, events: events)
    }

    static func googleFetcher(baseURL: URL, travelMode: String = "driving", departureTime: String? = nil,
                              timeout: Duration = .seconds(5), maxAttempts: Int = 5,
                              baseDelay: Duration = .milliseconds(2),
                              events: EventLog? = nil) -> MatrixFetcher {
        var onEvent: (@Sendable (FetchEvent) -> Void)?
        if let events { onEvent = { events.append($0) } }
        let retry = RetryPolicy(maxAttempts: maxAttempts, baseDelay: baseDelay, maxDelay: .milliseconds(50), jitterSeed: 7)
        return MatrixFetcher(provider: .google(apiKey: apiKey, travelMode: travelMode, departureTime: departureTime,
                                               endpoint: baseURL.appendingPathComponent("maps/api/distancematrix/json")),
                             timeout: timeout, retry: retry, onEvent: onEvent)
    }

    // MARK: OSRM

    /// OSRM answers `null` for this pair.
    static let osrmNull = (from: 1, to: 4)

    /// Answers each OSRM table request with synthetic values (seconds + 0.3,
    /// meters + 0.2, so reading rounds back to the integers).
    static func osrmHandler(_ places: [FetchPlace]) -> TestHTTPServer.Handler {
        { request in
            guard let sent = osrmCoordinates(of: request, in: places), !sent.contains(nil) else {
                return .json(#"{"code": "InvalidQuery", "message": "Query string malformed"}"#, status: 400)
            }
            let query = request.query
            func indices(_ name: String) -> [Int] {
                guard let text = query[name] else { return Array(sent.indices) }
                return text.split(separator: ";").map { Int($0)! }
            }
            let sources = indices("sources").map { sent[$0]! }
            let destinations = indices("destinations").map { sent[$0]! }
            func matrix(_ value: (Int, Int) -> String) -> String {
                var rows: [String] = []
                for i in sources {
                    let entries: [String] = destinations.map { j in (i, j) == osrmNull ? "null" : value(i, j) }
                    rows.append("[" + entries.joined(separator: ",") + "]")
                }
                return "[" + rows.joined(separator: ",") + "]"
            }
            func waypoints(_ list: [Int]) -> String {
                let items: [String] = list.map { k in
                    let c = places[k].coordinate
                    return "{\"hint\":\"x\",\"location\":[\(c.longitude),\(c.latitude)],\"name\":\"\"}"
                }
                return "[" + items.joined(separator: ",") + "]"
            }
            let durations = matrix { i, j in i == j ? "0" : "\(Double(seconds(i, j)) + 0.3)" }
            let distances = matrix { i, j in i == j ? "0" : "\(Double(meters(i, j)) + 0.2)" }
            var body = "{\"code\":\"Ok\",\"destinations\":" + waypoints(destinations)
            body += ",\"distances\":" + distances + ",\"durations\":" + durations
            body += ",\"sources\":" + waypoints(sources) + "}"
            return .json(body)
        }
    }

    /// The places of the coordinates in a recorded OSRM request's path (lng,lat order).
    static func osrmCoordinates(of request: RecordedRequest, in places: [FetchPlace]) -> [Int?]? {
        let prefix = "/table/v1/"
        guard request.path.hasPrefix(prefix) else { return nil }
        let rest = request.path.dropFirst(prefix.count).split(separator: "/", maxSplits: 1)
        guard rest.count == 2 else { return nil }
        return rest[1].split(separator: ";").map { pair in
            let parts = pair.split(separator: ",")
            guard parts.count == 2, let lng = Double(parts[0]), let lat = Double(parts[1]) else { return nil }
            return places.firstIndex { abs($0.coordinate.latitude - lat) < 1e-6 && abs($0.coordinate.longitude - lng) < 1e-6 }
        }
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Collects fetch events from any thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [FetchEvent] = []

    func append(_ event: FetchEvent) { lock.withLock { stored.append(event) } }

    var events: [FetchEvent] { lock.withLock { stored } }

    /// The reasons and delays of the retries, in order.
    var retries: [(reason: String, delay: Duration)] {
        events.compactMap { event in
            if case let .retry(_, _, reason, delay) = event { return (reason, delay) }
            return nil
        }
    }
}
