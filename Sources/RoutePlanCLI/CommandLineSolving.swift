import RoutePlan
import RoutePlanSolver

/// How the command line runs solves: one process serves one person, so a
/// solve starts at once with its search, its second search and its bound
/// thread (three threads), and so do a batch's two concurrent plans; a
/// service shares the cores instead (see ``SolverExecutor``).
enum CommandLineSolving {
    /// No queue: every solve starts at once on threads of its own.
    static let executor = SolverExecutor.dedicated
    /// The planner of `optimize`: the default limits, this executor, the
    /// process's memory budget.
    static let planner = Planner(executor: executor, quickLane: nil)
    /// The scheduler of `schedule`, likewise.
    static let scheduler = Scheduler(executor: executor)
}
