/// Everything that can go wrong in ``RoutePlanSolver``; each case carries the
/// nodes and values involved so a caller can point at the culprit.
public enum SolverError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A problem with no nodes.
    case emptyProblem
    /// A row-major cost list whose length is not n².
    case matrixShape(expectedEntries: Int, actualEntries: Int)
    /// A matrix row whose length differs from the number of rows.
    case matrixRowLength(row: Int, expected: Int, actual: Int)
    /// A cost below zero.
    case negativeCost(from: Int, to: Int, value: Int)
    /// A cost above ``CostMatrix/maximumCost``.
    case costTooLarge(from: Int, to: Int, value: Int, maximum: Int)
    /// An endpoint that names no node.
    case nodeOutOfRange(node: Int, count: Int)
    /// An open path asked to start and end at the same node (that is a round trip).
    case samePathStartAndEnd(node: Int)
    /// Every route would travel an arc marked ``CostMatrix/forbidden``
    /// (proven by an exact solver).
    case noFeasibleRoute(nodes: Int)
    /// The heuristic's best route still travels a forbidden arc. Unlike
    /// ``noFeasibleRoute(nodes:)`` this proves nothing: whether a route
    /// through sparse allowed arcs exists is the Hamiltonian cycle problem,
    /// and a search with more time, or an exact solver, may find one.
    case noRouteFound(nodes: Int)
    /// The exact solver cannot index a problem this large at all.
    case exactTooManyNodes(nodes: Int, maximum: Int)
    /// The exact solver's table would not fit in the memory that may be used.
    case exactNeedsTooMuchMemory(nodes: Int, requiredBytes: Int, limitBytes: Int, limit: MemoryLimitSource)
    /// The task running the solve was cancelled.
    case cancelled
    /// The time limit ran out before any route was found.
    case timeLimitReached(seconds: Double)
    /// The solver executor's queue is full (or it is shutting down); try again later.
    case overloaded(queued: Int, capacity: Int)
    /// The solver executor no longer accepts work: its host is shutting down.
    case shuttingDown
    /// The work queued ahead would keep this solve from starting in time
    /// (with a fifth of its time limit left); `waitSeconds` is when it would
    /// start at the latest (infinite behind work without a deadline).
    case cannotStartInTime(waitSeconds: Double, limitSeconds: Double)
    /// The memory a solve needs is more than the process-wide budget holds in all.
    case memoryBudgetExceeded(requiredBytes: Int, budgetBytes: Int)
    /// The memory a solve needs is reserved by other solves at the moment.
    case memoryBudgetBusy(requiredBytes: Int, freeBytes: Int, budgetBytes: Int)
    /// The operating system refused an allocation.
    case allocationFailed(bytes: Int)
    /// A schedule visit whose ``ScheduleProblem/Visit/windows`` has not one
    /// list per route.
    case scheduleWindowCount(visit: Int, windows: Int, routes: Int)
    /// A schedule visit field out of range (`node` naming no node, a
    /// negative `serviceTime`, `score` or `demand`, or a value above
    /// ``ScheduleSolver/maximumTime``).
    case scheduleVisitValue(visit: Int, field: String, value: Int)
    /// A start window of a visit on a route that is inverted, negative, too
    /// large, or not after the window before it (windows must be sorted and disjoint).
    case scheduleWindow(visit: Int, route: Int, window: Int, earliestStart: Int, latestStart: Int)
    /// A schedule route field out of range (a node naming no node, a negative
    /// time or capacity, `latestEnd` before `earliestStart`).
    case scheduleRouteValue(route: Int, field: String, value: Int)
    /// A break of a route that is inverted, negative, too large, or listed
    /// before a break with an earlier `earliestStart`.
    case scheduleBreak(route: Int, breakIndex: Int, field: String, value: Int)
    /// A schedule visit whose ``ScheduleProblem/Visit/sharedUse`` is neither
    /// empty nor one value per ``ScheduleProblem/sharedLimits`` entry.
    case scheduleSharedUseCount(visit: Int, uses: Int, limits: Int)
    /// A negative (or too large) ``ScheduleProblem/Visit/sharedUse`` value.
    case scheduleSharedUse(visit: Int, limit: Int, value: Int)
    /// A negative (or too large) ``ScheduleProblem/SharedLimit/capacity``.
    case scheduleSharedLimit(limit: Int, capacity: Int)

    /// Which limit refused an exact solve.
    public enum MemoryLimitSource: String, Sendable, Hashable {
        /// The caller's own cap (``RouteSolver/Options/maxMemoryBytes``, `--max-memory`).
        case requested = "the memory limit"
        /// The memory the operating system reports as available.
        case available = "the memory available on this machine"
    }

    public var description: String {
        switch self {
        case .emptyProblem:
            return "the problem has no nodes; give at least one place"
        case let .matrixShape(expected, actual):
            return "the cost matrix has \(actual) entries but needs \(expected) (n×n); give one cost per ordered pair"
        case let .matrixRowLength(row, expected, actual):
            return "cost matrix row \(row) has \(actual) entries but the matrix has \(expected) rows; make it square"
        case let .negativeCost(from, to, value):
            return "the cost from node \(from) to node \(to) is \(value); costs must be zero or more"
        case let .costTooLarge(from, to, value, maximum):
            return "the cost from node \(from) to node \(to) is \(value), above the largest supported cost \(maximum); use a coarser unit"
        case let .nodeOutOfRange(node, count):
            return "node \(node) does not exist; nodes are numbered 0 to \(count - 1)"
        case let .samePathStartAndEnd(node):
            return "an open path cannot start and end at node \(node); ask for a round trip instead"
        case let .noFeasibleRoute(nodes):
            return "no route visits all \(nodes) nodes without using a forbidden (unreachable) connection"
        case let .noRouteFound(nodes):
            return "the heuristic found no route through all \(nodes) nodes that avoids the forbidden (unreachable) connections, though one may exist; allow more time, or use the exact strategy, which finds one or proves there is none (up to \(BranchAndCut.maximumNodes) nodes)"
        case let .exactTooManyNodes(nodes, maximum):
            return "the exact solver handles at most \(maximum) nodes, this problem has \(nodes); use the heuristic strategy"
        case let .exactNeedsTooMuchMemory(nodes, required, limit, source):
            return "the exact solver needs \(ByteCount(required)) for \(nodes) nodes, more than \(source.rawValue) (\(ByteCount(limit))); use the heuristic strategy or allow more memory"
        case .cancelled:
            return "the solve was cancelled"
        case let .timeLimitReached(seconds):
            return "no route was found within the time limit of \(seconds) s; allow more time"
        case let .overloaded(queued, capacity):
            return "the solver is busy (\(queued) of \(capacity) queue places taken); try again shortly"
        case .shuttingDown:
            return "the solver is shutting down and takes no new work; try again on another instance"
        case let .cannotStartInTime(wait, limit):
            let when = wait.isFinite ? "for up to \((wait * 10).rounded() / 10) s" : "until work without a time limit ends"
            return "the solver is busy: this \(limit) s solve would wait \(when) before it starts; try again shortly or allow more time"
        case let .memoryBudgetExceeded(required, budget):
            return "the solve needs \(ByteCount(required)), more than the memory budget of \(ByteCount(budget)); use fewer places or allow more memory"
        case let .memoryBudgetBusy(required, free, budget):
            return "the solve needs \(ByteCount(required)) but only \(ByteCount(free)) of the \(ByteCount(budget)) memory budget is free while other solves run; try again shortly"
        case let .allocationFailed(bytes):
            return "the system refused to allocate \(ByteCount(bytes)); use fewer places or allow more memory"
        case let .scheduleWindowCount(visit, windows, routes):
            return "visit \(visit) has window lists for \(windows) routes but the problem has \(routes) routes; give one list per route (empty where it may not go)"
        case let .scheduleVisitValue(visit, field, value):
            return "visit \(visit) has \(field) \(value), which is out of range"
        case let .scheduleWindow(visit, route, window, earliest, latest):
            return "window \(window) of visit \(visit) on route \(route) is \(earliest)…\(latest); windows must be non-negative, not inverted, at most \(ScheduleSolver.maximumTime), sorted and disjoint"
        case let .scheduleRouteValue(route, field, value):
            return "route \(route) has \(field) \(value), which is out of range"
        case let .scheduleBreak(route, index, field, value):
            return "break \(index) of route \(route) has \(field) \(value), which is out of range (breaks must be non-negative, not inverted and sorted by earliest start)"
        case let .scheduleSharedUseCount(visit, uses, limits):
            return "visit \(visit) has \(uses) shared uses but the problem has \(limits) shared limits; give none or one per limit"
        case let .scheduleSharedUse(visit, limit, value):
            return "visit \(visit) uses \(value) of shared limit \(limit), which is out of range (0…\(ScheduleSolver.maximumTime))"
        case let .scheduleSharedLimit(limit, capacity):
            return "shared limit \(limit) has capacity \(capacity), which is out of range (0…\(ScheduleSolver.maximumTime))"
        }
    }

    /// What kind of failure this is (see ``ErrorCategory``).
    public var category: ErrorCategory {
        switch self {
        case .emptyProblem, .matrixShape, .matrixRowLength, .negativeCost, .costTooLarge, .nodeOutOfRange,
             .samePathStartAndEnd, .scheduleWindowCount, .scheduleVisitValue, .scheduleWindow, .scheduleRouteValue,
             .scheduleBreak, .scheduleSharedUseCount, .scheduleSharedUse, .scheduleSharedLimit:
            return .badInput
        case .noFeasibleRoute: return .infeasible
        case .noRouteFound: return .timedOut
        case .exactTooManyNodes, .exactNeedsTooMuchMemory, .memoryBudgetExceeded, .allocationFailed: return .tooLarge
        case .overloaded, .shuttingDown, .memoryBudgetBusy, .cannotStartInTime: return .overloaded
        case .cancelled: return .cancelled
        case .timeLimitReached: return .timedOut
        }
    }
}

/// A byte count printed the way people read them ("1.6 GB").
struct ByteCount: CustomStringConvertible {
    let bytes: Int
    init(_ bytes: Int) { self.bytes = bytes }
    var description: String {
        let units = ["bytes", "kB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        let rounded = (value * 10).rounded() / 10
        return "\(rounded) \(units[unit])"
    }
}
