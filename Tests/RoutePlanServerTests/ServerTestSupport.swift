import Foundation
import Logging
import RoutePlan
@testable import RoutePlanServer

let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

func fixture(_ path: String) throws -> Data {
    try Data(contentsOf: fixtures.appendingPathComponent(path))
}

/// A server on an ephemeral port of 127.0.0.1, started for one test.
struct RunningServer: Sendable {
    let server: PlanServer
    let client: HTTPTestClient
    let task: Task<Void, any Error>

    /// Starts a server with `configuration` (its port replaced by 0).
    static func start(_ configuration: ServerConfiguration = .init()) async throws -> RunningServer {
        var configuration = configuration
        configuration.port = 0
        var logger = Logger(label: "routeplan.serve.test")
        logger.logLevel = .warning
        let server = PlanServer(configuration: configuration, logger: logger)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        // Above the tests' own priority: the full suite keeps both threads
        // of the cooperative pool busy with tests that compute (a server
        // test's own steps waited 30–40 s there), and the server's handlers
        // must not queue behind them for longer than a client's timeout.
        // Its connections' tasks, its children, inherit the priority.
        let task = Task(priority: .high) { try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw HTTPTestClient.TestFailure("the server did not start") }
        return RunningServer(server: server, client: HTTPTestClient(port: port), task: task)
    }

    /// Shuts the server down gracefully and waits for it to end.
    func stop() async throws {
        await server.shutDown()
        try await task.value
    }
}

/// An itinerary of `count` places in a 10 km box, seeded, as JSON text.
func randomItineraryJSON(_ count: Int, seed: UInt64, extra: String = "") -> String {
    var state = seed
    func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    let places = (0..<count).map { i in
        #"{"name": "p\#(i)", "location": {"lat": \#(48.80 + next() * 0.09), "lng": \#(2.25 + next() * 0.14)}}"#
    }
    return #"{"name": "random \#(count)", "lodging": {"name": "hotel", "location": {"lat": 48.85, "lng": 2.32}}, "placesToGo": [\#(places.joined(separator: ", "))], "route": {"travelMode": "walking"}\#(extra)}"#
}

/// Polls `condition` every 5 ms for up to `seconds`; whether it came true.
func eventually(within seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1_000))
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
