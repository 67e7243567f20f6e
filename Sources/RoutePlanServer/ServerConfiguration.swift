import RoutePlan
import RoutePlanSolver

/// How `routeplan serve` listens and what it lets one request use.
///
/// Every limit is checked before work starts: the body size before it is
/// read, the stop count and the plan's bytes before anything is built, the
/// executor's queue before anything waits.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (default 127.0.0.1: this machine only).
    public var host: String
    /// The port (default 8080; 0 picks a free one, reported by ``PlanServer/run(onListening:)``).
    public var port: Int
    /// The largest request body read, in bytes (default 4 MiB); past it 413.
    public var maxBodyBytes: Int
    /// Caps on one plan (default: 2,000 stops; the memory budget's bytes).
    public var limits: Planner.Limits
    /// Solver threads: how many solves run at once (default one per core).
    public var threads: Int
    /// Requests that may wait for a solver thread (default 8 per thread);
    /// past it 503 with `Retry-After`.
    public var queueCapacity: Int
    /// The memory all concurrent plans may reserve together, in bytes
    /// (default three quarters of what the process may use).
    public var memoryBudgetBytes: Int
    /// The time limit of a request that gives none (default 10 s).
    public var defaultTimeLimit: Duration
    /// The longest time limit a request may ask for (default 60 s); longer
    /// ones are cut to it. Every request ends within its limit (plus the
    /// last step of the solver), so shutdown waits at most this long.
    public var maxTimeLimit: Duration
    /// What `Retry-After` says on a 503, in seconds (default 1).
    public var retryAfterSeconds: Int

    /// The default stop cap of a service: 2,000 stops (about 130 MB per plan
    /// with estimated costs, 400 MB with a routing engine's matrix).
    public static let defaultMaxStops = 2_000

    public init(host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 4 << 20,
                limits: Planner.Limits = .init(maxStops: defaultMaxStops),
                threads: Int = HeldKarp.processorCount, queueCapacity: Int? = nil,
                memoryBudgetBytes: Int = MemoryBudget.defaultCapacity(),
                defaultTimeLimit: Duration = .seconds(10), maxTimeLimit: Duration = .seconds(60),
                retryAfterSeconds: Int = 1) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.limits = limits
        self.threads = max(1, threads)
        self.queueCapacity = queueCapacity ?? 8 * max(1, threads)
        self.memoryBudgetBytes = memoryBudgetBytes
        self.defaultTimeLimit = defaultTimeLimit
        self.maxTimeLimit = maxTimeLimit
        self.retryAfterSeconds = retryAfterSeconds
    }
}
