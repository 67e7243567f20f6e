import Foundation
import Synchronization
import Testing
@testable import RoutePlan
import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

/// An itinerary of `count` places spread over a 10 km box, seeded.
func randomItinerary(_ count: Int, seed: UInt64, lodging: Bool = true) -> Itinerary {
    var state = seed
    func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    let places = (0..<count).map { Itinerary.Place(name: "p\($0)", latitude: 48.80 + next() * 0.09, longitude: 2.25 + next() * 0.14) }
    return Itinerary(name: "random \(count)",
                     lodging: lodging ? .init(name: "hotel", latitude: 48.85, longitude: 2.32) : nil,
                     placesToGo: places, route: .init(travelMode: .walking))
}

@Suite("Planner safety: limits, budget, executor, deadline")
struct PlannerSafetyTests {
    @Test("too many stops is refused before anything is allocated")
    func tooManyStops() async throws {
        let plan = randomItinerary(20_000, seed: 1)
        let planner = Planner(limits: .init(maxStops: 5_000))
        await #expect(throws: PlanningError.tooManyStops(stops: 20_001, limit: 5_000)) {
            try await planner.plan(plan)
        }
        let error = PlanningError.tooManyStops(stops: 20_001, limit: 5_000)
        #expect(error.category == .tooLarge)
        #expect(!error.description.hasPrefix(":") && !error.description.contains("--"))
    }

    @Test("a plan whose estimate passes the byte limit is refused with the figures")
    func tooManyBytes() async throws {
        let plan = randomItinerary(2_000, seed: 2)
        let planner = Planner(limits: .init(maxBytes: 16 << 20))
        let expected = Planner.Limits.estimatedBytes(stops: 2_001, engineMatrix: false, exactFreeNodes: nil)
        await #expect(throws: PlanningError.planTooLarge(stops: 2_001, requiredBytes: expected, limitBytes: 16 << 20)) {
            try await planner.plan(plan)
        }
        #expect(expected == 2_001 * 2_001 * 32 + 2_001 * 512)
    }

    @Test("the estimate counts the Held–Karp table of an exact solve and saturates instead of overflowing")
    func estimate() {
        let heuristic = Planner.Limits.estimatedBytes(stops: 25, engineMatrix: false, exactFreeNodes: nil)
        let exact = Planner.Limits.estimatedBytes(stops: 25, engineMatrix: false, exactFreeNodes: 24)
        #expect(exact - heuristic == 24 << 24 * 4)
        #expect(Planner.Limits.estimatedBytes(stops: 1 << 40, engineMatrix: true, exactFreeNodes: nil) == .max)
        #expect(Planner.Limits.estimatedBytes(stops: 40, engineMatrix: false, exactFreeNodes: 39) == .max)
    }

    @Test("a plan that finds the memory budget held by others is overloaded, then succeeds once it is free")
    func budgetBusy() async throws {
        let budget = MemoryBudget(capacityBytes: 64 << 20)
        let planner = Planner(memory: budget)  // quick plans reserve from the budget too
        let other = try budget.reserve((64 << 20) - 1_000)
        let plan = try itinerary("lisbon-walking-day")
        do {
            _ = try await planner.plan(plan)
            Issue.record("expected the budget to refuse")
        } catch let error as PlanningError {
            #expect(error.category == .overloaded)
        }
        other.release()
        let route = try await planner.plan(plan)
        #expect(route.provenOptimal)
        #expect(budget.reservedBytes == 0)
    }

    @Test("a full executor queue makes the planner answer overloaded; quick plans have a lane of their own")
    func executorFull() async throws {
        let executor = SolverExecutor(threadLimit: 1, queueCapacity: 0)
        let planner = Planner(executor: executor, quickLane: nil)
        let control = SolveControl(timeLimit: nil)
        let started = Gate()
        let blocker = Task {
            try await executor.run(control: control) { _ in started.pass() }
        }
        await started.waitForArrivals(1)
        do {
            _ = try await planner.plan(try itinerary("lisbon-walking-day"))
            Issue.record("expected overloaded")
        } catch let error as PlanningError {
            #expect(error == .solver(.overloaded(queued: 0, capacity: 0)))
            #expect(error.category == .overloaded)
        }
        // With a quick lane, the same small plan does not wait behind the busy executor.
        let route = try await Planner(executor: executor, quickLane: SolverExecutor(threadLimit: 1))
            .plan(try itinerary("lisbon-walking-day"))
        #expect(route.provenOptimal)
        started.release()
        try await blocker.value
    }

    @Test("matrix building stops at the checkpoint: the deadline covers preparation")
    func preparationObeysControl() throws {
        let coordinates = (0..<300).map { Coordinate(latitude: 48 + Double($0) * 1e-4, longitude: 2) }
        var rows = 0
        #expect(throws: SolverError.cancelled) {
            _ = try TravelMatrices.estimate(from: coordinates, model: .walking) {
                rows += 1
                if rows == 10 { throw SolverError.cancelled }
            }
        }
        #expect(rows == 10)
    }

    @Test("a deadline that has passed stops a large plan in preparation, with the timedOut category")
    func pastDeadline() async throws {
        // 3,000 places: the matrices alone take far longer than 1 ms.
        let plan = randomItinerary(3_000, seed: 3)
        var options = Planner.Options()
        options.solver.timeLimit = .milliseconds(1)
        options.solver.strategy = .heuristic
        do {
            // An executor of its own: the shared one may be busy with other tests.
            let route = try await Planner(executor: SolverExecutor(threadLimit: 2)).plan(plan, options: options)
            // Should the machine build the matrices within 1 ms after all, the
            // route must still be a valid one.
            checkConsistency(route, plan)
        } catch let error as PlanningError {
            #expect(error.category == .timedOut)
        }
    }

    @Test("cancelling the caller stops a plan on the executor")
    func cancellation() async throws {
        let plan = randomItinerary(1_500, seed: 4)
        var options = Planner.Options()
        options.solver.strategy = .heuristic  // no time limit: many seconds of kicks
        let executor = SolverExecutor(threadLimit: 2)
        let task = Task { try await Planner(executor: executor).plan(plan, options: options) }
        for _ in 0..<60_000 where executor.load.running < 1 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as PlanningError {
            #expect(error.category == .cancelled)
        }
        for _ in 0..<60_000 where executor.load.running > 0 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(executor.load.running == 0)
    }

    @Test("messages read well without a file name and without command-line flags")
    func messages() {
        let errors: [PlanningError] = [
            .malformedJSON(file: nil, detail: "Unexpected end of file"),
            .missingField(file: nil, field: "placesToGo"),
            .noPlaces(file: nil),
            .solver(.exactNeedsTooMuchMemory(nodes: 30, requiredBytes: 1 << 34, limitBytes: 1 << 30, limit: .requested)),
            .solver(.exactTooManyNodes(nodes: 40, maximum: 32)),
        ]
        for error in errors {
            #expect(!error.description.hasPrefix(":"), "\(error)")
            #expect(!error.description.contains("--"), "\(error)")
        }
        #expect(PlanningError.missingField(file: "a.json", field: "placesToGo").description
                == "a.json: placesToGo: required field is missing; add it")
    }

    @Test("every error has a category", arguments: [
        (PlanningError.noPlaces(file: nil), ErrorCategory.badInput),
        (.unreachablePlaces(cannotReach: ["a"], cannotLeave: []), .infeasible),
        (.planTooLarge(stops: 9, requiredBytes: 9, limitBytes: 1), .tooLarge),
        (.solver(.overloaded(queued: 1, capacity: 1)), .overloaded),
        (.solver(.memoryBudgetBusy(requiredBytes: 2, freeBytes: 1, budgetBytes: 3)), .overloaded),
        (.solver(.cancelled), .cancelled),
        (.solver(.timeLimitReached(seconds: 1)), .timedOut),
        (.matrix(.lapackFailure(routine: "dgels", info: 1)), .internal),
        (.matrix(.matrixTooLarge(nodes: 9, requiredBytes: 9, availableBytes: 1)), .tooLarge),
    ])
    func categories(error: PlanningError, category: ErrorCategory) {
        #expect(error.category == category)
    }
}

/// A gate a job can wait on, opened from the test.
final class Gate: Sendable {
    private let open = Mutex(false)
    private let arrivals = Mutex(0)
    func pass() {
        arrivals.withLock { $0 += 1 }
        while !open.withLock({ $0 }) { usleep(1_000) }
    }
    func release() { open.withLock { $0 = true } }
    func waitForArrivals(_ count: Int) async {
        for _ in 0..<60_000 where arrivals.withLock({ $0 }) < count { try? await Task.sleep(for: .milliseconds(1)) }
    }
}
