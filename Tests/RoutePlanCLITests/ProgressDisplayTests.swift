import Foundation
import Synchronization
import Testing
@testable import RoutePlanCLI
import RoutePlanSolver

/// Collects what a display writes.
final class Recorder: Sendable {
    private let text = Mutex("")
    func write(_ piece: String) { text.withLock { $0 += piece } }
    var written: String { text.withLock { $0 } }
}

@Suite("Progress on standard error")
struct ProgressDisplayTests {
    @Test("nothing before the delay; then phase, best, bound and gap; erased when the work ends")
    func lifecycle() {
        let recorder = Recorder()
        let display = ProgressDisplay(delay: .seconds(1), width: 200) { recorder.write($0) }
        let (id, progress) = display.trackSolve("pr1002.tsp")
        let began = progress.snapshot.started
        display.tick(now: began.advanced(by: .milliseconds(900)))
        #expect(recorder.written.isEmpty)

        progress.enter(.localSearch)
        progress.offer(cost: 259_773)
        progress.offer(lowerBound: 256_344)
        display.tick(now: began.advanced(by: .milliseconds(1_500)))
        #expect(recorder.written == ProgressDisplay.erase
                + "[1.5 s] pr1002.tsp: local search, best 259,773, bound 256,344, gap ≤ 1.34 %")

        display.finish(id)
        display.tick(now: began.advanced(by: .milliseconds(1_750)))
        #expect(recorder.written.hasSuffix(ProgressDisplay.erase))
        #expect(display.finishedWork.map(\.label) == ["pr1002.tsp"])
        #expect(display.finishedWork.first?.last?.bestCost == 259_773)
    }

    @Test("a batch counts finished inputs and shows every running one")
    func batch() {
        let recorder = Recorder()
        let display = ProgressDisplay(delay: .zero, width: 200) { recorder.write($0) }
        display.expect(3)
        let first = display.trackSolve("a.json")
        let second = display.trackSolve("b.json")
        first.progress.enter(.exact)
        display.finish(second.id)
        display.tick(now: first.progress.snapshot.started.advanced(by: .seconds(2)))
        #expect(recorder.written.hasSuffix("[2.0 s] 1 of 3 done | a.json: exact search"))
    }

    @Test("lines never wrap, so a carriage return erases them")
    func narrowTerminal() {
        let recorder = Recorder()
        let display = ProgressDisplay(delay: .zero, width: 30) { recorder.write($0) }
        let id = display.track("fetching a 30 × 30 matrix", status: "request 3 of 9")
        display.update(id, status: "request 4 of 9 (attempt 2)")
        display.tick()
        let line = recorder.written.dropFirst(ProgressDisplay.erase.count)
        #expect(line.count == 29)
        #expect(line.hasSuffix("…"))
        #expect(ProgressDisplay.grouped(-1_234_567) == "-1,234,567")
        #expect(ProgressDisplay.grouped(999) == "999")
    }

    @Test("a command reports its solve to the display; --quiet leaves it untouched")
    func commandWiring() async throws {
        let lisbon = fixture("itineraries/lisbon-walking-day.json")
        let shown = ProgressDisplay(delay: .seconds(3600)) { _ in }
        let result = await CommandRunner.run(["optimize", lisbon, "--format", "json"], progress: shown)
        #expect(result.status == 0, "\(result.standardError)")
        let route = try json(result.standardOutput)
        let reported = try #require(shown.finishedWork.first?.last)
        // Lisbon's walking day is optimised for duration.
        #expect(reported.bestCost == route["totalDurationSeconds"] as? Int)
        #expect(shown.finishedWork.map(\.label) == ["lisbon-walking-day.json"])

        let quiet = ProgressDisplay(delay: .zero) { _ in Issue.record("--quiet must show nothing") }
        let silent = await CommandRunner.run(["optimize", lisbon, "--quiet"], progress: quiet)
        #expect(silent.status == 0)
        #expect(quiet.finishedWork.isEmpty)

        let solved = ProgressDisplay(delay: .seconds(3600)) { _ in }
        let tsp = await CommandRunner.run(["solve", fixture("tsplib/berlin52.tsp"), "--heuristic"], progress: solved)
        #expect(tsp.status == 0)
        #expect(solved.finishedWork.first?.last?.bestCost == 7542)
    }
}
