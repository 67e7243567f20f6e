import Dispatch
import Foundation
import Synchronization
import Testing
@testable import RoutePlanSolver

/// A gate a job can wait on, opened from the test: holds executor threads
/// busy without timing.
final class Gate: Sendable {
    private let open = Atomic(false)
    private let arrivals = Atomic(0)
    func pass() {
        arrivals.add(1, ordering: .relaxed)
        while !open.load(ordering: .acquiring) { usleep(1_000) }
    }
    func release() { open.store(true, ordering: .releasing) }
    var arrived: Int { arrivals.load(ordering: .relaxed) }
    /// Waits (polling, up to a minute) until `count` jobs are inside.
    func waitForArrivals(_ count: Int) async {
        for _ in 0..<60_000 where arrived < count { try? await Task.sleep(for: .milliseconds(1)) }
    }
}

/// A counter shared with work on other threads.
final class Counter: Sendable {
    private let value = Atomic(0)
    var current: Int { value.load(ordering: .relaxed) }
    @discardableResult func add(_ n: Int) -> Int { value.add(n, ordering: .relaxed).newValue }
    /// Raises the value to `n` if it is below.
    func raise(to n: Int) {
        var seen = current
        while n > seen, !value.compareExchange(expected: seen, desired: n, ordering: .relaxed).exchanged { seen = current }
    }
}

@Suite("Solver executor")
struct SolverExecutorTests {
    @Test("runs work on a thread of its own and returns its value")
    func runsWork() async throws {
        let executor = SolverExecutor(threadLimit: 2, queueCapacity: 4)
        let value = try await executor.run(threads: 1, control: .unlimited) { granted in granted * 21 }
        #expect(value == 21)
        #expect(executor.load == .init(running: 0, queued: 0, threadsBusy: 0, shutDown: false))
    }

    @Test("grants the threads that are free, up to what is asked, at least one")
    func grantsThreads() async throws {
        let executor = SolverExecutor(threadLimit: 3, queueCapacity: 4)
        #expect(try await executor.run(threads: 8, control: .unlimited) { $0 } == 3)
        let gate = Gate()
        let holder = Task { try await executor.run(threads: 2, control: .unlimited) { granted in gate.pass(); return granted } }
        await gate.waitForArrivals(1)
        // One permit is left: a job asking for three starts with one.
        #expect(try await executor.run(threads: 3, control: .unlimited) { $0 } == 1)
        gate.release()
        #expect(try await holder.value == 2)
    }

    @Test("a full queue answers `overloaded` at once")
    func overload() async throws {
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 2)
        let gate = Gate()
        let running = Task { try await executor.run(control: .unlimited) { _ in gate.pass() } }
        await gate.waitForArrivals(1)
        let queued = (0..<2).map { _ in Task { try await executor.run(control: .unlimited) { _ in 7 } } }
        for _ in 0..<60_000 where executor.load.queued < 2 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(executor.load.queued == 2)
        await #expect(throws: SolverError.overloaded(queued: 2, capacity: 2)) {
            try await executor.run(control: .unlimited) { _ in 0 }
        }
        gate.release()
        try await running.value
        for task in queued { #expect(try await task.value == 7) }
        #expect(executor.load.running == 0 && executor.load.queued == 0)
    }

    @Test("cancelling a queued job takes it off the queue; it never runs")
    func cancelQueued() async throws {
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 4)
        let gate = Gate()
        let running = Task { try await executor.run(control: .unlimited) { _ in gate.pass() } }
        await gate.waitForArrivals(1)
        let ran = Counter()
        let queued = Task { try await executor.run(control: SolveControl(timeLimit: nil)) { _ in ran.add(1) } }
        for _ in 0..<60_000 where executor.load.queued < 1 { try await Task.sleep(for: .milliseconds(1)) }
        queued.cancel()
        await #expect(throws: SolverError.cancelled) { try await queued.value }
        #expect(executor.load.queued == 0)
        gate.release()
        try await running.value
        #expect(ran.current == 0)
    }

    @Test("cancelling the caller stops a running job through its control")
    func cancelRunning() async throws {
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 1)
        let started = Gate()
        let control = SolveControl(timeLimit: nil)
        let task = Task {
            try await executor.run(control: control) { _ in
                started.release()
                while true { try control.checkpoint(); usleep(500) }
            }
        }
        for _ in 0..<60_000 where executor.load.running < 1 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        await #expect(throws: SolverError.cancelled) { try await task.value }
        #expect(control.isCancelled)
    }

    @Test("a job whose deadline passes in the queue is answered without running")
    func deadlineInQueue() async throws {
        // Admission by deadline off, so the job queues behind one without a deadline.
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 4, expiresQueuedJobs: true, niceness: 0,
                                      admitsByDeadline: false)
        let gate = Gate()
        let running = Task { try await executor.run(control: .unlimited) { _ in gate.pass() } }
        await gate.waitForArrivals(1)
        let control = SolveControl(deadline: .now + .milliseconds(200), timeLimit: .milliseconds(200))
        let ran = Counter()
        await #expect(throws: SolverError.timeLimitReached(seconds: 0.2)) {
            try await executor.run(control: control) { _ in ran.add(1) }
        }
        #expect(executor.load.queued == 0)
        gate.release()
        try await running.value
        #expect(ran.current == 0)
    }

    @Test("wrap-up reserve: a job that ends past its stop makes the next ones stop earlier, by at most half their time")
    func wrapUpReserve() async throws {
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 4)
        // A first job reserves nothing; it keeps working 150 ms past its deadline.
        let first = SolveControl(deadline: .now + .milliseconds(50), timeLimit: .milliseconds(50))
        let firstReserve = try await executor.run(control: first) { _ -> Duration in
            let reserve = first.wrapUpReserve
            while ContinuousClock.now < first.answerBy!.advanced(by: .milliseconds(150)) { usleep(1_000) }
            return reserve
        }
        #expect(firstReserve == .zero)
        #expect(executor.wrapUpEstimate >= .milliseconds(150))
        // The next job stops searching that much before its answer is due.
        let second = SolveControl(deadline: .now + .seconds(2), timeLimit: .seconds(2))
        let (reserve, gap) = try await executor.run(control: second) { _ in
            (second.wrapUpReserve, second.deadline!.duration(to: second.answerBy!))
        }
        #expect(reserve >= .milliseconds(150) && reserve <= .seconds(1), "reserve \(reserve)")
        #expect(gap == reserve)
        // Ending long before its stop, it teaches nothing but decay.
        #expect(executor.wrapUpEstimate < reserve)
        // A short job: the reserve takes at most half of what it has left.
        let third = SolveControl(deadline: .now + .milliseconds(100), timeLimit: .milliseconds(100))
        let thirdReserve = try await executor.run(control: third) { _ in third.wrapUpReserve }
        #expect(thirdReserve <= .milliseconds(50), "reserve \(thirdReserve)")
        // A grace control after the stop does not inherit the reserve.
        #expect(second.grace(.milliseconds(10)).wrapUpReserve == .zero)
    }

    @Test("admission by deadline: a job that could not start in time is refused at once; one that can waits")
    func admission() async throws {
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 8)
        let gate = Gate()
        // A running job that ends within 60 s at the latest (its deadline).
        let created = ContinuousClock.now
        let first = SolveControl(deadline: created + .seconds(60), timeLimit: .seconds(60))
        let running = Task { try await executor.run(control: first) { _ in gate.pass() } }
        await gate.waitForArrivals(1)
        // Would start within 60 s at the latest: too late for a 1 s limit.
        #expect(!executor.wouldAdmit(timeLimit: .seconds(1)))
        #expect(executor.wouldAdmit(timeLimit: .seconds(120)))
        do {
            try await executor.run(control: SolveControl(timeLimit: .seconds(1))) { _ in }
            Issue.record("admitted a job that cannot start in time")
        } catch let SolverError.cannotStartInTime(wait, limit) {
            // The wait quoted is what remains of the running job's deadline
            // (however long a loaded machine took to get here).
            let remaining = 60 - (ContinuousClock.now - created).inSeconds
            #expect(wait >= remaining - 0.01 && wait <= 60 && limit == 1, "wait \(wait) s, \(remaining) s remained")
        }
        #expect(executor.load.queued == 0)
        // A 120 s job would still have more than a fifth of its time: it waits.
        let admitted = Task { try await executor.run(control: SolveControl(timeLimit: .seconds(120))) { _ in 7 } }
        #expect(await pollUntil { executor.load.queued == 1 })
        gate.release()
        try await running.value
        #expect(try await admitted.value == 7)
        #expect(SolverError.cannotStartInTime(waitSeconds: 2, limitSeconds: 1).category == .overloaded)
        // Behind a job without a deadline, nothing with one is admitted.
        let blocker = Gate()
        let unlimited = Task { try await executor.run(control: .unlimited) { _ in blocker.pass() } }
        await blocker.waitForArrivals(1)
        await #expect(throws: SolverError.cannotStartInTime(waitSeconds: .infinity, limitSeconds: 5)) {
            try await executor.run(control: SolveControl(timeLimit: .seconds(5))) { _ in }
        }
        blocker.release()
        try await unlimited.value
        // Work that ends long before its deadline (an exact solve) does not
        // count as holding its thread until then: a 1 s job is admitted.
        let short = Gate()
        let exact = Task {
            try await executor.run(control: SolveControl(timeLimit: .seconds(60)), runsToDeadline: false) { _ in short.pass() }
        }
        await short.waitForArrivals(1)
        #expect(executor.wouldAdmit(timeLimit: .seconds(1)))
        let next = Task { try await executor.run(control: SolveControl(timeLimit: .seconds(30))) { _ in 8 } }
        #expect(await pollUntil { executor.load.queued == 1 })
        short.release()
        try await exact.value
        #expect(try await next.value == 8)
    }

    @Test("shutting down answers queued jobs and refuses new ones; running ones finish")
    func shutDown() async throws {
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 4)
        let gate = Gate()
        let running = Task { try await executor.run(control: .unlimited) { _ in gate.pass(); return 1 } }
        await gate.waitForArrivals(1)
        let queued = Task { try await executor.run(control: .unlimited) { _ in 2 } }
        for _ in 0..<60_000 where executor.load.queued < 1 { try await Task.sleep(for: .milliseconds(1)) }
        executor.shutDown()
        await #expect(throws: SolverError.shuttingDown) { try await queued.value }
        await #expect(throws: SolverError.shuttingDown) { try await executor.run(control: .unlimited) { _ in 3 } }
        gate.release()
        #expect(try await running.value == 1)
    }

    @Test("errors thrown by the work reach the caller")
    func errors() async {
        let executor = SolverExecutor(threadLimit: 1)
        await #expect(throws: SolverError.emptyProblem) {
            try await executor.run(control: .unlimited) { _ -> Int in throw SolverError.emptyProblem }
        }
    }

    @Test("many concurrent callers: every one answered, never more threads than permits")
    func manyCallers() async throws {
        let executor = SolverExecutor(threadLimit: 2, queueCapacity: 1_000)
        let inside = Counter()
        let most = Counter()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<200 {
                group.addTask {
                    try await executor.run(threads: 1 + i % 3, control: .unlimited) { granted in
                        most.raise(to: inside.add(granted))
                        usleep(100)
                        inside.add(-granted)
                        return i
                    }
                }
            }
            var answered = Set<Int>()
            for try await i in group { answered.insert(i) }
            #expect(answered.count == 200)
        }
        #expect(most.current <= 2 && most.current >= 1)
        #expect(executor.load.running == 0 && executor.load.threadsBusy == 0)
    }
}

/// Polls `condition` every millisecond for up to a minute.
func pollUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<60_000 where !condition() { try? await Task.sleep(for: .milliseconds(1)) }
    return condition()
}

@Suite("Memory budget")
struct MemoryBudgetTests {
    @Test("reservations add up to the capacity and are given back")
    func reserve() throws {
        let budget = MemoryBudget(capacityBytes: 1_000)
        let a = try budget.reserve(600)
        #expect(budget.reservedBytes == 600)
        #expect(throws: SolverError.memoryBudgetBusy(requiredBytes: 500, freeBytes: 400, budgetBytes: 1_000)) {
            try budget.reserve(500)
        }
        #expect(throws: SolverError.memoryBudgetExceeded(requiredBytes: 1_001, budgetBytes: 1_000)) {
            try budget.reserve(1_001)
        }
        a.release()
        a.release()  // once only
        #expect(budget.reservedBytes == 0)
        do {
            let b = try budget.reserve(1_000)
            #expect(b.bytes == 1_000)
        }
        // Deallocated without release: given back.
        #expect(budget.reservedBytes == 0)
    }

    @Test("two concurrent exact solves cannot both hold a table that fits only once")
    func concurrentReservations() async throws {
        let budget = MemoryBudget(capacityBytes: 100 << 20)
        let outcomes = await withTaskGroup(of: MemoryBudget.Reservation?.self,
                                           returning: [MemoryBudget.Reservation?].self) { group in
            for _ in 0..<8 {
                group.addTask { try? budget.reserve(60 << 20) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        withExtendedLifetime(outcomes) {
            #expect(outcomes.compactMap { $0 }.count == 1)
            #expect(budget.reservedBytes == 60 << 20)
        }
    }

    @Test("the machine's usable memory and the shared budget are read")
    func machine() {
        #if os(Linux)
        let usable = SystemMemory.usableBytes()
        #expect(usable != nil && usable! > 0)
        #expect(MemoryBudget.shared.capacityBytes == usable! / 4 * 3)
        #endif
    }

    @Test("a Held–Karp table the system cannot give is an error, not a trap")
    func allocationFailure() throws {
        #if os(Linux)
        // With heuristic overcommit (mode 0) or none (2), 16 TB is refused.
        let mode = (try? String(contentsOfFile: "/proc/sys/vm/overcommit_memory", encoding: .utf8))?.first
        guard mode == "0" || mode == "2" else { return }
        #expect(throws: SolverError.allocationFailed(bytes: 1 << 44)) {
            _ = try HeldKarp.Table<Int32>(count: 1 << 42)
        }
        #endif
    }
}
