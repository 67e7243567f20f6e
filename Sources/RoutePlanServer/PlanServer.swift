import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import RoutePlan
import RoutePlanSolver
import ServiceLifecycle

/// The itinerary service over HTTP: `routeplan serve`.
///
/// | method and path | what |
/// |---|---|
/// | `POST /v1/plan` | an itinerary (the file format, optionally with `options` and `matrix` members) → the planned route |
/// | `POST /v1/schedule` | a multi-day itinerary (the file format, optionally with a `matrix` member) → the trip day by day, places left out with reasons |
/// | `POST /v1/solve` | a cost matrix (JSON) or a TSPLIB text → tour, length, bound, gap |
/// | `GET /healthz` | always answers while the process runs |
/// | `GET /readyz` | 200 when taking work, 503 while draining or with a full queue |
/// | `GET /metrics` | Prometheus text |
/// | `GET /openapi.json` | the OpenAPI 3 document of all of the above |
///
/// The server keeps no state between requests, so replicas behind a load
/// balancer need nothing shared. Solves run on a ``SolverExecutor`` of
/// ``ServerConfiguration/threads`` threads, never on the event loops or
/// Swift's cooperative pool, so `/healthz` answers within milliseconds
/// whatever the load. On SIGTERM or SIGINT it stops accepting connections,
/// answers queued requests 503, lets running solves finish within their
/// deadlines and exits.
public final class PlanServer: Sendable {
    public let configuration: ServerConfiguration
    /// Where solves run.
    public let executor: SolverExecutor
    /// Where quick plans run (see ``RoutePlan/Planner/quickLane``), so a
    /// 10-stop plan never waits behind long solves.
    public let quickLane: SolverExecutor
    /// The memory plans reserve from.
    public let budget: MemoryBudget
    let planner: Planner
    /// Multi-day trips, on the same executor, limits and memory budget.
    let scheduler: Scheduler
    let metrics = ServerMetrics()
    let connections = ConnectionWatch.Registry()
    let logger: Logger
    private let draining = NIOLockedValueBox(false)
    private let group = NIOLockedValueBox<ServiceGroup?>(nil)
    private let requestCounter = NIOLockedValueBox(0)

    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "routeplan.serve")) {
        self.configuration = configuration
        // Solves run below the event loops' priority (nice 10), so probes and
        // refusals are answered at once while every core is solving.
        executor = SolverExecutor(threadLimit: configuration.threads, queueCapacity: configuration.queueCapacity,
                                  niceness: 10)
        quickLane = SolverExecutor(threadLimit: configuration.threads, queueCapacity: 64 * configuration.threads)
        budget = MemoryBudget(capacityBytes: configuration.memoryBudgetBytes)
        var limits = configuration.limits
        limits.maxBytes = min(limits.maxBytes, configuration.memoryBudgetBytes)
        planner = Planner(limits: limits, executor: executor, quickLane: quickLane, memory: budget)
        scheduler = Scheduler(limits: limits, executor: executor, memory: budget)
        self.logger = logger
    }

    /// Whether the server is shutting down.
    var isDraining: Bool { draining.withLockedValue { $0 } }

    /// A new request id, for logs.
    func nextRequestID() -> Int { requestCounter.withLockedValue { $0 += 1; return $0 } }

    /// Runs the server until SIGTERM or SIGINT (or ``shutDown()``), then
    /// drains as described in the type's documentation.
    ///
    /// - Parameter onListening: called with the port once the server listens
    ///   (the real one when ``ServerConfiguration/port`` is 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let registry = connections
        let app = Application(
            router: makeRouter(),
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ConnectionWatch(registry: registry)],
                idleTimeout: .seconds(75))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "routeplan"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        // Shut down in reverse order: the drain first (queued requests are
        // answered 503 at once), then the HTTP server, which waits for the
        // requests in flight, each bounded by its deadline.
        let serviceGroup = ServiceGroup(configuration: .init(
            services: [app, Drain(server: self)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
        group.withLockedValue { $0 = serviceGroup }
        try await serviceGroup.run()
    }

    /// Starts the graceful shutdown of a running server (as SIGTERM does).
    public func shutDown() async {
        await group.withLockedValue { $0 }?.triggerGracefulShutdown()
    }

    /// Waits for the graceful shutdown, then turns requests away.
    private struct Drain: Service {
        let server: PlanServer
        func run() async throws {
            try? await gracefulShutdown()
            server.draining.withLockedValue { $0 = true }
            server.executor.shutDown()
            server.quickLane.shutDown()
            server.logger.info("draining: queued requests answered 503, running solves finish within their deadlines")
        }
    }
}
