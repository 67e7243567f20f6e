import Dispatch
import Testing
import RoutePlanSolver

/// Cancellation reaches work that runs on threads of its own (the second
/// search and the lower bound), which have no task to ask.
@Suite("Cancellation of heuristic solves")
struct CancellationTests {
    @Test("a control copied to another thread sees the task's cancellation")
    func sharedFlag() async {
        let control = SolveControl(timeLimit: nil)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return control.shouldStop
        }
        #expect(await task.value)
        // A plain thread: Task.isCancelled is false there, the flag is not.
        let seen = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: control.isCancelled) }
        }
        #expect(seen)
        #expect(!SolveControl(timeLimit: nil).isCancelled)
    }

    @Test("cancelling a long heuristic solve ends it with `cancelled`")
    func heuristic() async throws {
        var generator = InstanceGenerator(seed: 41)
        let matrix = try generator.euclidean(1_500)
        // No time limit: 75,000 kicks per search, several seconds, unless
        // the cancellation reaches both searches and the bound.
        let task = Task.detached {
            try await RouteSolver.solve(matrix, endpoints: .roundTrip(from: 0), options: .init(strategy: .heuristic))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { task.cancel() }
        await #expect(throws: SolverError.cancelled) { try await task.value }
    }
}
