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
        let control = SolveControl(timeLimit: .seconds(60))
        let full = try #require(control.timeLeft)
        #expect(full > .seconds(59) && full <= .seconds(60))
        control.reserveWrapUp(.seconds(10))
        let reserved = try #require(control.timeLeft)
        #expect(reserved > .seconds(49) && reserved <= .seconds(50))
        // Copies share the reserve, so they count to the same deadline.
        let copy = control
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
