import Benchmark

/// The suite's single entry point: sets the defaults, then registers every
/// group of benchmarks. Each group lives in its own file:
///
/// | file | benchmarks | filter |
/// |---|---|---|
/// | HeldKarpBenchmarks.swift | exact solver: closed tours, one thread, deadline, endpoint rules | `HeldKarp.*` |
/// | TSPLIBBenchmarks.swift | local search and budgeted heuristic on TSPLIB instances | `LocalSearch.*`, `Heuristic.*` |
/// | HeuristicSweep.swift | heuristic on uniform random points, N = 100 … 100,000 | `Random points.*` |
/// | MatrixBenchmarks.swift | travel matrices estimated from coordinates | `Matrix.*` |
/// | GoogleIngestBenchmarks.swift | reading a 25 × 25 Google Distance Matrix response | `Google.*` |
/// | PlannerBenchmarks.swift | planner end to end on the itinerary fixtures | `Planner.*` |
/// | ScheduleBenchmarks.swift | multi-day scheduler: trip fixtures end to end, the search by size | `Scheduler.*`, `ScheduleSolver.*` |
///
/// Shared helpers are in BenchmarkSupport.swift.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 20)

    registerHeldKarpClosedTours()
    registerHeldKarpEndpointVariants()
    registerTSPLIBBenchmarks()
    registerLowerBoundBenchmarks()
    registerHeuristicSweep()
    registerMatrixBenchmarks()
    registerGoogleIngestBenchmarks()
    registerPlannerBenchmarks()
    registerScheduleBenchmarks()
}
