#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Runs solves on a bounded set of dedicated threads, never on Swift's
/// cooperative pool or a server's event loop.
///
/// A solve keeps a core busy for its whole time limit. Run on the cooperative
/// pool, two of them on a 2-core machine leave no thread for anything else
/// (a server's health check waited 1.5 s); here `await executor.run(…)`
/// suspends its caller and the work runs on a thread of the executor's own.
///
/// **Threads as a budget.** The executor holds ``threadLimit`` permits (by
/// default one per core). A job asks for up to *k* of them and starts once at
/// least one is free, with as many as are free up to *k*; the solver uses the
/// extra ones for its second search and its bound thread. So concurrent
/// requests share the cores instead of each adding threads.
///
/// **Bounded queue.** Jobs that find no free permit wait in a FIFO queue of
/// ``queueCapacity`` places; past it ``run(threads:control:_:)`` throws
/// ``SolverError/overloaded(queued:capacity:)`` at once, which a service
/// answers with 503 and `Retry-After`.
///
/// **Admission by deadline.** An executor that expires queued jobs also
/// refuses at once (``SolverError/cannotStartInTime(waitSeconds:limitSeconds:)``,
/// overloaded) a job that could not start with a fifth of its time limit
/// left: every job ends by its deadline, so replaying the queue over the
/// running jobs' deadlines bounds when a new one starts. (Also counting the
/// wrap-up estimate below here refused a third of the plans a 500-connection
/// load got answered in time, without shortening the longest wait.)
///
/// **Wrap-up reserve.** A job that runs to its deadline stops searching at
/// ``SolveControl/deadline`` and then still has to finish: join its
/// threads, rebuild and check the route, hand it back. On an idle machine
/// that takes milliseconds; on a loaded one, where the executor's threads
/// run at a lower priority than everything else (``niceness``), the same
/// CPU time can take a second of wall time (200-stop plans under 500
/// connections ended 0.8–1 s past their deadline). The executor measures
/// that tail on every job that ran to its stop (from the stop to the job's
/// end), keeps a decaying maximum of it, and makes each job it starts stop
/// searching that much before its answer is due (``SolveControl/answerBy``),
/// at most half of its remaining time. A single call (a command-line run)
/// reserves nothing.
///
/// **Cancellation and deadlines.** Cancelling the awaiting task takes a queued
/// job off the queue, and stops a running one through its ``SolveControl``
/// (the solvers poll it every few milliseconds). A job whose deadline passes
/// while it waits is answered with ``SolverError/timeLimitReached(seconds:)``
/// without running.
///
/// ```swift
/// let executor = SolverExecutor(threadLimit: 2, queueCapacity: 32)
/// let control = SolveControl(deadline: .now + .seconds(2), timeLimit: .seconds(2))
/// let outcome = try await executor.run(threads: 2, control: control) { threads in
///     var options = RouteSolver.Options(maxThreads: threads)
///     return try RouteSolver.solveBlocking(matrix, endpoints: .roundTrip(from: 0), options: options, control: control)
/// }
/// ```
public final class SolverExecutor: Sendable {
    /// The most threads running jobs at once (permits).
    public let threadLimit: Int
    /// The most jobs waiting for a thread.
    public let queueCapacity: Int
    /// Whether a job whose deadline passes while it waits is answered with
    /// ``SolverError/timeLimitReached(seconds:)`` instead of running (a
    /// service's choice: the caller has given up). Without it the job runs
    /// late and returns whatever its solver finds at once.
    public let expiresQueuedJobs: Bool
    /// The nice value of the executor's threads (0: as the process; Linux
    /// only). A server runs its solves at a lower priority (a positive
    /// value) than its event loops, so health checks and refusals are
    /// answered within milliseconds while every core is solving; threads a
    /// solve starts inherit it.
    public let niceness: Int32
    /// Whether a job that could not start in time is refused at once (on
    /// whenever queued jobs expire; see the type's documentation).
    let admitsByDeadline: Bool

    private let state: Mutex<State>

    /// A snapshot of the executor's load, for metrics and readiness checks.
    public struct Load: Sendable, Hashable {
        /// Jobs running now.
        public var running: Int
        /// Jobs waiting for a thread.
        public var queued: Int
        /// Thread permits held by running jobs.
        public var threadsBusy: Int
        /// Whether the executor has been shut down.
        public var shutDown: Bool
    }

    fileprivate struct State {
        /// The wrap-up estimate (see **Wrap-up reserve**): how long jobs
        /// took, lately, from their search's stop to their end.
        var wrapUp: Duration = .zero
        var busy = 0
        var running = 0
        /// For each running job: when it ends at the latest (its deadline)
        /// and the permits it holds.
        var holding: [ObjectIdentifier: (end: ContinuousClock.Instant?, permits: Int)] = [:]
        var queue: [Job] = []
        var queueHead = 0
        var shutDown = false
        var queued: Int { queue.count - queueHead }

        mutating func start(_ job: Job, granted: Int) {
            busy += granted
            running += 1
            holding[ObjectIdentifier(job)] = (job.end(startingAt: .now), granted)
        }
    }

    /// An executor with `threadLimit` permits (default: one per core) and a
    /// queue of `queueCapacity` places (default: 16 per permit).
    public convenience init(threadLimit: Int? = nil, queueCapacity: Int? = nil, expiresQueuedJobs: Bool = true,
                            niceness: Int32 = 0) {
        self.init(threadLimit: threadLimit, queueCapacity: queueCapacity, expiresQueuedJobs: expiresQueuedJobs,
                  niceness: niceness, admitsByDeadline: expiresQueuedJobs)
    }

    /// The full initializer; `admitsByDeadline` off lets the tests reach
    /// expiry in the queue without the admission check in front of it.
    init(threadLimit: Int?, queueCapacity: Int?, expiresQueuedJobs: Bool, niceness: Int32, admitsByDeadline: Bool) {
        self.admitsByDeadline = admitsByDeadline
        self.niceness = max(-20, min(19, niceness))
        let threads = max(1, threadLimit ?? HeldKarp.processorCount)
        self.threadLimit = threads
        self.queueCapacity = max(0, queueCapacity ?? 16 * threads)
        self.expiresQueuedJobs = expiresQueuedJobs
        state = Mutex(State())
    }

    /// The executor the planner uses unless given another: one thread per
    /// core, 16 queue places per thread.
    public static let shared = SolverExecutor()

    /// The quick lane the planner uses unless given another: one thread per
    /// core and 64 queue places per thread, for plans solved exactly in
    /// milliseconds (see `Planner.quickLane`).
    public static let quick = SolverExecutor(threadLimit: HeldKarp.processorCount,
                                             queueCapacity: 64 * HeldKarp.processorCount)

    /// An executor without a queue, for a process that serves one person (a
    /// command-line tool) and for ``RouteSolver``'s direct calls: every job
    /// starts at once on threads of its own with the threads it asks for,
    /// as if it had called the solver directly. Hosts that serve many use a
    /// bounded executor such as ``shared``.
    public static let dedicated = SolverExecutor(threadLimit: 1 << 20, queueCapacity: 0, expiresQueuedJobs: false)

    /// The current load.
    public var load: Load {
        state.withLock { Load(running: $0.running, queued: $0.queued, threadsBusy: $0.busy, shutDown: $0.shutDown) }
    }

    /// Runs `body` on a thread of the executor and returns its result.
    ///
    /// - Parameters:
    ///   - threads: how many threads the job could use (1 or more; capped at
    ///     ``threadLimit``); it receives how many it got, at least 1.
    ///   - control: the job's deadline and cancellation: the executor cancels
    ///     it when the awaiting task is cancelled, and answers a job still
    ///     queued at its deadline without running it.
    ///   - body: the work, run on a dedicated thread; it should poll `control`.
    /// - Throws: whatever `body` throws; ``SolverError/overloaded(queued:capacity:)``
    ///   when the queue is full, ``SolverError/shuttingDown`` after
    ///   ``shutDown()``, ``SolverError/cancelled`` when cancelled before it
    ///   ran, ``SolverError/timeLimitReached(seconds:)`` when its deadline passed
    ///   in the queue.
    ///   - runsToDeadline: whether the work runs until its deadline (a
    ///     heuristic search) rather than ending long before it (an exact
    ///     solve of a small table): admission by deadline counts the former
    ///     as holding its threads until its deadline, the latter as ending soon.
    public func run<T: Sendable>(threads: Int = 1, control: SolveControl, runsToDeadline: Bool = true,
                                 _ body: @escaping @Sendable (_ threads: Int) throws -> T) async throws -> T {
        if control.isCancelled { throw SolverError.cancelled }
        let box = ResultBox<T>()
        let job = Job(want: min(max(1, threads), threadLimit), control: control, runsToDeadline: runsToDeadline) { granted in
            box.value = Result { try body(granted) }
        }
        // A timer that answers the job if it is still queued at its deadline.
        let expiry: Task<Void, Never>? = (expiresQueuedJobs ? control.answerBy : nil).map { deadline in
            Task { [weak job] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                guard !Task.isCancelled, let job else { return }
                self.remove(job, because: .timedOut)
            }
        }
        defer { expiry?.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                job.attach(continuation)
                submit(job)
            }
        } onCancel: {
            control.cancel()
            remove(job, because: .cancelled)
        }
        guard let result = box.value else { throw SolverError.cancelled }
        return try result.get()
    }

    /// Whether a job of `timeLimit` that runs to its deadline would be
    /// admitted now: a free queue place and, where admission by deadline
    /// applies, a start with a fifth of its time left. For a host that
    /// wants to refuse work before it parses the request.
    public func wouldAdmit(timeLimit: Duration) -> Bool {
        state.withLock { state in
            if state.shutDown { return false }
            if state.queued == 0 && state.busy < threadLimit { return true }
            guard state.queued < queueCapacity else { return false }
            guard admitsByDeadline else { return true }
            let latest = ContinuousClock.now.advanced(by: timeLimit - timeLimit / 5)
            return latestStart(state).map { $0 <= latest } ?? false
        }
    }

    /// Stops taking work: queued jobs are answered with
    /// ``SolverError/shuttingDown`` and new ones refused; running jobs finish.
    public func shutDown() {
        let dropped: [Job] = state.withLock { state in
            state.shutDown = true
            let waiting = Array(state.queue[state.queueHead...])
            state.queue = []
            state.queueHead = 0
            return waiting
        }
        for job in dropped { job.finish(throwing: SolverError.shuttingDown) }
    }

    // MARK: - Scheduling

    private func submit(_ job: Job) {
        enum Decision { case start(Int), queued, refuse(SolverError) }
        let decision: Decision = state.withLock { state in
            if state.shutDown { return .refuse(.shuttingDown) }
            if job.control.isCancelled { return .refuse(.cancelled) }
            if state.queued == 0 && state.busy < threadLimit {
                let granted = min(job.want, threadLimit - state.busy)
                state.start(job, granted: granted)
                return .start(granted)
            }
            guard state.queued < queueCapacity else {
                return .refuse(.overloaded(queued: state.queued, capacity: queueCapacity))
            }
            if admitsByDeadline, let deadline = job.control.answerBy, let limit = job.control.timeLimit {
                // Admission by deadline: refuse at once a job that could not
                // start with a fifth of its time left, rather than let it
                // wait to be answered "deadline passed".
                let start = latestStart(state)
                let latest = deadline.advanced(by: .zero - limit / 5)
                if start.map({ $0 > latest }) ?? true {
                    let now = ContinuousClock.now
                    return .refuse(.cannotStartInTime(
                        waitSeconds: start.map { now.duration(to: $0).inSeconds } ?? .infinity,
                        limitSeconds: job.control.limitSeconds))
                }
            }
            state.queue.append(job)
            return .queued
        }
        switch decision {
        case let .start(granted): launch(job, granted: granted)
        case .queued: break
        case let .refuse(error): job.finish(throwing: error)
        }
    }

    /// The latest time a job queued now would start: every job ends by its
    /// deadline (a queued one that has not started by then is answered
    /// without running), so permits come back by then at the latest.
    /// Replays the queue in order over the running jobs' ends; `nil` when a
    /// job without a deadline stands in the way.
    private func latestStart(_ state: State) -> ContinuousClock.Instant? {
        var releases = state.holding.values.map { (end: $0.end, permits: $0.permits) }
        var free = threadLimit - state.busy
        var now = ContinuousClock.now
        func waitForPermit() -> Bool {
            while free < 1 {
                guard let index = releases.indices.min(by: { Self.earlier(releases[$0].end, releases[$1].end) }),
                      let end = releases[index].end else { return false }
                now = max(now, end)
                free += releases[index].permits
                releases.remove(at: index)
            }
            return true
        }
        for queued in state.queue[state.queueHead...] {
            guard waitForPermit() else { return nil }
            if let deadline = queued.control.answerBy, deadline <= now { continue }  // expires unstarted
            let granted = min(queued.want, free)
            free -= granted
            releases.append((queued.end(startingAt: now), granted))
        }
        return waitForPermit() ? now : nil
    }

    /// Whether `a` comes before `b`, `nil` meaning never.
    private static func earlier(_ a: ContinuousClock.Instant?, _ b: ContinuousClock.Instant?) -> Bool {
        switch (a, b) {
        case let (a?, b?): return a < b
        case (_?, nil): return true
        default: return false
        }
    }


    private enum Removal { case cancelled, timedOut }

    /// Takes `job` off the queue if it is still there and answers it.
    private func remove(_ job: Job, because reason: Removal) {
        let removed: Bool = state.withLock { state in
            guard let index = state.queue[state.queueHead...].firstIndex(where: { $0 === job }) else { return false }
            state.queue.remove(at: index)
            return true
        }
        guard removed else { return }
        switch reason {
        case .cancelled: job.finish(throwing: SolverError.cancelled)
        case .timedOut: job.finish(throwing: SolverError.timeLimitReached(seconds: job.control.limitSeconds))
        }
    }

    /// Starts `job` on a new thread with `granted` permits; when it ends, the
    /// permits go to the jobs waiting.
    private func launch(_ job: Job, granted: Int) {
        let started = DedicatedThread.start(niceness: niceness) { [self] in
            let outcome: SolverError?
            if job.control.isCancelled {
                outcome = .cancelled
            } else if self.expiresQueuedJobs && job.control.answerBy.map({ ContinuousClock.now >= $0 }) == true {
                outcome = .timeLimitReached(seconds: job.control.limitSeconds)
            } else {
                let reserved = self.reserveWrapUp(for: job)
                job.work(granted)
                self.learnWrapUp(from: job, reserved: reserved)
                outcome = nil
            }
            // Permits first, so the caller never sees its own job still counted.
            self.release(job, granted)
            job.finish(throwing: outcome)
        }
        if !started {
            release(job, granted)
            job.finish(throwing: SolverError.allocationFailed(bytes: DedicatedThread.stackBytes))
        }
    }

    // MARK: - Wrap-up reserve

    /// The most of a job's remaining time the reserve may take.
    static let reserveShare = 0.5
    /// How much of the wrap-up estimate survives each job that ends before
    /// its search's stop or needs less.
    static let wrapUpDecay = 0.9

    /// The current wrap-up estimate (zero until a job has run to its deadline).
    public var wrapUpEstimate: Duration { state.withLock { $0.wrapUp } }

    /// Sets `job`'s reserve from the estimate, at most ``reserveShare`` of
    /// its remaining time; returns it. Only jobs that run to their deadline.
    private func reserveWrapUp(for job: Job) -> Duration {
        guard job.runsToDeadline, let answerBy = job.control.answerBy else { return .zero }
        let estimate = state.withLock { $0.wrapUp }
        let remaining = ContinuousClock.now.duration(to: answerBy)
        let reserved = max(.zero, min(estimate, remaining * Self.reserveShare))
        job.control.reserveWrapUp(reserved)
        return reserved
    }

    /// Updates the estimate from `job`, which has just ended: when it ran to
    /// its search's stop (``SolveControl/deadline``), the time from there to
    /// now is a sample; the estimate takes any larger sample at once and
    /// decays by ``wrapUpDecay`` otherwise.
    private func learnWrapUp(from job: Job, reserved: Duration) {
        guard job.runsToDeadline, let answerBy = job.control.answerBy else { return }
        let stop = answerBy.advanced(by: .zero - reserved)
        let now = ContinuousClock.now
        state.withLock { state in
            let decayed = state.wrapUp * Self.wrapUpDecay
            state.wrapUp = now >= stop ? max(stop.duration(to: now), decayed) : decayed
        }
    }

    /// Returns `permits` and starts as many queued jobs as the free permits allow.
    private func release(_ finished: Job, _ permits: Int) {
        var starts: [(Job, Int)] = []
        state.withLock { state in
            state.busy -= permits
            state.running -= 1
            state.holding[ObjectIdentifier(finished)] = nil
            while state.queued > 0 && state.busy < threadLimit {
                let job = state.queue[state.queueHead]
                state.queueHead += 1
                let granted = min(job.want, threadLimit - state.busy)
                state.start(job, granted: granted)
                starts.append((job, granted))
            }
            if state.queueHead > 64 && state.queueHead * 2 > state.queue.count {
                state.queue.removeFirst(state.queueHead)
                state.queueHead = 0
            }
        }
        for (job, granted) in starts { launch(job, granted: granted) }
    }

    // MARK: - Jobs

    /// One submitted piece of work and the continuation awaiting it.
    fileprivate final class Job: Sendable {
        let want: Int
        let control: SolveControl
        let runsToDeadline: Bool
        let work: @Sendable (Int) -> Void
        /// The awaiting continuation, resumed exactly once (taken under the lock).
        private let continuation = Mutex<CheckedContinuation<Void, any Error>?>(nil)

        init(want: Int, control: SolveControl, runsToDeadline: Bool, work: @escaping @Sendable (Int) -> Void) {
            self.want = want
            self.control = control
            self.runsToDeadline = runsToDeadline
            self.work = work
        }

        /// When the job ends at the latest once started at `start`, for
        /// admission: its deadline, or about when it starts for short work.
        func end(startingAt start: ContinuousClock.Instant) -> ContinuousClock.Instant? {
            runsToDeadline ? control.answerBy : start
        }

        func attach(_ continuation: CheckedContinuation<Void, any Error>) {
            self.continuation.withLock { $0 = continuation }
        }

        /// Resumes the awaiting task (the first call only).
        func finish(throwing error: (any Error)?) {
            guard let continuation = continuation.withLock({ value -> CheckedContinuation<Void, any Error>? in
                defer { value = nil }
                return value
            }) else { return }
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
    }

    /// Where a job's thread leaves its result for the awaiting task: written
    /// once on the job's thread before the continuation resumes, read after.
    private final class ResultBox<T>: @unchecked Sendable {
        var value: Result<T, any Error>?
    }
}


/// A detached operating-system thread whose creation can fail without trapping.
enum DedicatedThread {
    /// The stack each thread gets: 8 MiB, as the main thread (the solvers recurse little).
    static let stackBytes = 8 << 20

    /// Sets the calling thread's nice value. Linux keeps one per thread
    /// (`who` 0 is the calling thread), and threads it starts inherit it.
    private static func lowerPriority(to niceness: Int32) {
        #if os(Linux)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let who: id_t = 0
        _ = setpriority(which, who, niceness)
        #endif
    }

    /// Starts `body` on a new detached thread with the nice value
    /// `niceness` (Linux; 0 leaves it as inherited); `false` when the system
    /// refuses a thread.
    static func start(niceness: Int32 = 0, _ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackBytes)
        let work: @Sendable () -> Void
        if niceness == 0 {
            work = body
        } else {
            work = {
                lowerPriority(to: niceness)
                body()
            }
        }
        let context = Unmanaged.passRetained(Box(work)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        if status != 0 {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
