import Testing
@testable import RoutePlanSolver

@Suite("Solve control: the time left")
struct SolveControlTimeLeftTests {
    @Test("no deadline, no time left to count")
    func noDeadline() {
        #expect(SolveControl.unlimited.timeLeft == nil)
        #expect(SolveControl(deadline: nil, timeLimit: nil).timeLeft == nil)
    }

    @Test("counts down to the deadline, less the wrap-up reserve")
    func countsToTheDeadline() throws {
        // The lower bounds leave seconds for a loaded machine to pause
        // this thread; the upper ones are exact.
        let control = SolveControl(timeLimit: .seconds(60))
        let copy = control
        let full = try #require(control.timeLeft)
        #expect(full > .seconds(55) && full <= .seconds(60))
        control.reserveWrapUp(.seconds(10))
        let reserved = try #require(control.timeLeft)
        #expect(reserved > .seconds(45) && reserved <= .seconds(50))
        // A copy made before the reserve was set shares it, so it counts to
        // the same, earlier deadline.
        #expect(try #require(copy.timeLeft) <= .seconds(50))
    }

    @Test("negative once the deadline has passed")
    func pastTheDeadline() throws {
        let control = SolveControl(deadline: ContinuousClock.now.advanced(by: .seconds(-2)), timeLimit: .seconds(1))
        let left = try #require(control.timeLeft)
        #expect(left <= .seconds(-2))
        #expect(control.shouldStop)
    }
}
