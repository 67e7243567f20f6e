import Metrics
import Prometheus
import RoutePlanSolver

/// The service's metrics, recorded through swift-metrics into a Prometheus
/// registry of the server's own (no global bootstrap, so several servers
/// can live in one process, as in the tests):
///
/// | name | kind | what |
/// |---|---|---|
/// | `routeplan_http_requests_total` | counter, by `path` and `status` | answered requests |
/// | `routeplan_solve_seconds` | histogram | time from a plan or solve request's arrival to its answer |
/// | `routeplan_queue_depth` | gauge | requests waiting for a solver thread |
/// | `routeplan_solves_running` | gauge | requests running on solver threads |
/// | `routeplan_memory_reserved_bytes` | gauge | memory reserved by running plans |
/// | `routeplan_memory_budget_bytes` | gauge | the memory budget |
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2),
            .seconds(5), .seconds(10), .seconds(30), .seconds(60),
        ]
        self.factory = factory
    }

    /// Counts one answered request.
    func answered(path: String, status: Int) {
        Counter(label: "routeplan_http_requests_total", dimensions: [("path", path), ("status", String(status))],
                factory: factory).increment()
    }

    /// Records how long a solving request took from arrival to answer.
    func solved(after duration: Duration) {
        Metrics.Timer(label: "routeplan_solve_seconds", factory: factory).record(duration: duration)
    }

    /// The Prometheus text, with the gauges read now.
    func exposition(executors: [SolverExecutor], budget: MemoryBudget) -> String {
        let loads = executors.map(\.load)
        Gauge(label: "routeplan_queue_depth", factory: factory).record(loads.map(\.queued).reduce(0, +))
        Gauge(label: "routeplan_solves_running", factory: factory).record(loads.map(\.running).reduce(0, +))
        Gauge(label: "routeplan_memory_reserved_bytes", factory: factory).record(budget.reservedBytes)
        Gauge(label: "routeplan_memory_budget_bytes", factory: factory).record(budget.capacityBytes)
        return registry.emitToString()
    }
}
