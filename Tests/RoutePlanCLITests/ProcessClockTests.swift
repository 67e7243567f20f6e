import Testing
@testable import RoutePlanCLI

@Suite("ProcessClock: the process's start, for a time limit that covers loading")
struct ProcessClockTests {
    @Test("the start time is field 22 of /proc/PID/stat, counted from the last ')' of the command name")
    func parsesStartTicks() {
        // A name with a space and parentheses, as a process may name itself.
        let stat = "4242 (rp (x) y) S 1 4242 4242 0 -1 4194560 3000 0 0 0 12 3 0 0 20 0 3 0 987654 123456789 2000"
        #expect(ProcessClock.startTicks(fromStat: stat) == 987_654)
        #expect(ProcessClock.startTicks(fromStat: "4242 (rp) S 1 2 3") == nil)
        #expect(ProcessClock.startTicks(fromStat: "no name at all") == nil)
        let negative = "1 (a) S 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 -5 0 0"
        #expect(ProcessClock.startTicks(fromStat: negative) == nil)
    }

    #if os(Linux)
    @Test("on Linux the age of this test process is read, between zero and a minute or nil past it, and grows")
    func readsOwnAge() throws {
        // The test process may have been running for over a minute: then
        // `age()` declines to answer rather than give a useless figure.
        guard let first = ProcessClock.age() else { return }
        #expect(first >= .zero && first <= .seconds(60))
        let second = try #require(ProcessClock.age())
        // One clock tick (10 ms) of rounding either way.
        #expect(second >= first - .milliseconds(20))
    }
    #endif

    @Test("commands run in-process measure from their own start: nothing is recorded unless main ran")
    func inProcessHasNoStart() {
        #expect(ProcessClock.started == nil)
    }
}
