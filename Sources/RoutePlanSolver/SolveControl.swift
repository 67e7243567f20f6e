import Synchronization

/// The deadline and cancellation that a long solve polls.
///
/// Solvers call ``checkpoint()`` every few thousand steps; it throws
/// ``SolverError/cancelled`` when the surrounding task has been cancelled and
/// ``SolverError/timeLimitReached(seconds:)`` when the deadline has passed.
/// Both checks are cheap (a clock read and an atomic load), so the
/// solvers can afford to poll often enough to stop within milliseconds.
///
/// Work on threads of its own (the second search, the lower bound) has no
/// task to ask about cancellation; copies of a control share a flag that
/// the task side raises when it sees cancellation, so that work stops too.
public struct SolveControl: Sendable {
    /// When the solve must stop, or `nil` for no deadline: the answer's
    /// deadline less the wrap-up time the executor running the solve has
    /// reserved (see ``SolverExecutor``; none outside one).
    public var deadline: ContinuousClock.Instant? {
        guard let answerBy else { return nil }
        let reserved = reserve.nanoseconds
        return reserved == 0 ? answerBy : answerBy.advanced(by: .nanoseconds(-reserved))
    }
    /// The time from now to ``deadline`` (negative once it has passed), or
    /// `nil` for no deadline: what a solver weighs its next step against.
    var timeLeft: Duration? { deadline.map { ContinuousClock.now.duration(to: $0) } }
    /// When the answer is due, or `nil` for no deadline: ``deadline``
    /// without the wrap-up reserve. Queueing and admission count with it.
    public let answerBy: ContinuousClock.Instant?
    /// The time limit the deadline was derived from, for messages.
    public let timeLimit: Duration?
    /// Where the solvers report their phase, best route and bound, if anyone watches.
    public let progress: SolveProgress?
    /// Raised once cancellation has been seen; shared by every copy.
    private let cancellation: CancellationFlag
    /// How long before ``answerBy`` the search stops; shared by every copy
    /// but the grace controls.
    private let reserve: DeadlineReserve

    /// A new control without a deadline; cancellation still applies. Each
    /// use is a control of its own, so cancelling one never reaches another.
    public static var unlimited: SolveControl { SolveControl(timeLimit: nil) }

    /// A control whose deadline is `timeLimit` from now (`nil`: no deadline),
    /// reporting to `progress` when given.
    public init(timeLimit: Duration?, progress: SolveProgress? = nil) {
        self.timeLimit = timeLimit
        self.progress = progress
        self.answerBy = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
        cancellation = CancellationFlag()
        reserve = DeadlineReserve()
    }

    /// A control that stops at an absolute `deadline` (`nil`: none), for a
    /// host that counts one deadline per request from the moment it arrived,
    /// across queueing, preparation and solving.
    ///
    /// - Parameter timeLimit: the budget the deadline stands for, quoted in
    ///   ``SolverError/timeLimitReached(seconds:)``.
    public init(deadline: ContinuousClock.Instant?, timeLimit: Duration?, progress: SolveProgress? = nil) {
        self.init(deadline: deadline, timeLimit: timeLimit, progress: progress, cancellation: CancellationFlag(),
                  reserve: DeadlineReserve())
    }

    private init(deadline: ContinuousClock.Instant?, timeLimit: Duration?, progress: SolveProgress?,
                 cancellation: CancellationFlag, reserve: DeadlineReserve) {
        self.answerBy = deadline
        self.timeLimit = timeLimit
        self.progress = progress
        self.cancellation = cancellation
        self.reserve = reserve
    }

    /// The wrap-up time reserved before ``answerBy`` (zero unless an executor set one).
    public var wrapUpReserve: Duration { .nanoseconds(reserve.nanoseconds) }

    /// Makes the search (this control and every copy sharing its reserve)
    /// stop `duration` before ``answerBy``, leaving that long to finish the
    /// answer. Set by ``SolverExecutor`` when the job starts.
    func reserveWrapUp(_ duration: Duration) {
        reserve.set(max(.zero, duration))
    }

    /// This control with its deadline `margin` earlier (none stays none),
    /// sharing its cancellation and progress: for a search that must leave
    /// time for a last step before the real deadline.
    func withDeadline(earlierBy margin: Duration) -> SolveControl {
        SolveControl(deadline: answerBy.map { $0.advanced(by: .zero - margin) }, timeLimit: timeLimit,
                     progress: progress, cancellation: cancellation, reserve: reserve)
    }

    /// Whether the deadline has passed.
    public var isPastDeadline: Bool {
        guard let deadline else { return false }
        return ContinuousClock.now >= deadline
    }

    /// Whether the solve should stop now, for loops that keep a best-so-far
    /// answer and return it instead of throwing.
    public var shouldStop: Bool { isCancelled || isPastDeadline }

    /// Whether the task that started the solve was cancelled (seen from
    /// that task, or from any thread once the task has noticed).
    public var isCancelled: Bool {
        if cancellation.isRaised { return true }
        guard Task.isCancelled else { return false }
        cancellation.raise()
        return true
    }

    /// This control without a deadline, sharing cancellation and progress:
    /// for a step that must finish (a quick fallback route).
    func withoutDeadline() -> SolveControl {
        SolveControl(deadline: nil, timeLimit: nil, progress: progress, cancellation: cancellation, reserve: reserve)
    }

    /// A control whose deadline is `grace` from now, sharing cancellation:
    /// for a last short step after the real deadline has passed.
    func grace(_ grace: Duration) -> SolveControl {
        SolveControl(deadline: ContinuousClock.now.advanced(by: grace), timeLimit: grace, progress: nil,
                     cancellation: cancellation, reserve: DeadlineReserve())
    }

    /// Cancels the work polling this control (and every copy of it) from
    /// outside: for work that runs on threads with no task to cancel, such as
    /// a ``SolverExecutor`` job whose caller went away.
    public func cancel() { cancellation.raise() }

    /// This control reporting to `progress` instead, sharing the deadline and
    /// the cancellation.
    public func reporting(to progress: SolveProgress?) -> SolveControl {
        SolveControl(deadline: answerBy, timeLimit: timeLimit, progress: progress, cancellation: cancellation,
                     reserve: reserve)
    }

    /// Throws if the task was cancelled or the deadline has passed.
    public func checkpoint() throws {
        if isCancelled { throw SolverError.cancelled }
        if isPastDeadline {
            throw SolverError.timeLimitReached(seconds: limitSeconds)
        }
    }
}

/// A duration in nanoseconds shared across threads (a control's wrap-up reserve).
final class DeadlineReserve: Sendable {
    private let value = Atomic<Int64>(0)
    var nanoseconds: Int64 { value.load(ordering: .relaxed) }
    func set(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        value.store(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, ordering: .relaxed)
    }
}

/// A one-way flag shared across threads.
final class CancellationFlag: Sendable {
    private let raised = Atomic(false)
    var isRaised: Bool { raised.load(ordering: .relaxed) }
    func raise() { raised.store(true, ordering: .relaxed) }
}

extension SolveControl {
    /// The time limit in seconds (0 without one), for ``SolverError/timeLimitReached(seconds:)``.
    var limitSeconds: Double { timeLimit?.inSeconds ?? 0 }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
