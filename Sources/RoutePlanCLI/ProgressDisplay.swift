import Foundation
import RoutePlanSolver
import Synchronization

/// One line of progress on standard error while long work runs: the phase,
/// the best length so far, the lower bound and the elapsed time of each
/// solve (or the state of a fetch).
///
/// Nothing is shown for work that ends within ``delay`` (about a second), and
/// the line is erased when the work ends, so standard error is left as it
/// was and standard output carries only the requested result. The command
/// line creates a display only when standard error is a terminal and
/// `--quiet` is not given.
///
/// A thread of its own redraws the line (``start()``): the solvers keep the
/// cooperative pool's threads busy, so a Swift task would not get to run.
final class ProgressDisplay: Sendable {
    /// One piece of running work.
    private struct Entry {
        let label: String
        let started: ContinuousClock.Instant
        /// The solve's figures, or `nil` for work described by `status`.
        var progress: SolveProgress?
        var status: String
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        /// When the first work began: the elapsed time shown counts from here.
        var began: ContinuousClock.Instant?
        /// Work that has ended, with its last figures, in the order it ended.
        var finished: [(label: String, last: SolveProgress.Snapshot?)] = []
        /// Inputs announced for a batch (0: not a batch).
        var total = 0
        /// Whether a line is on the screen now.
        var shown = false
        var stopped = false
    }

    /// How long work runs before its progress is shown.
    let delay: Duration
    /// How often the line is redrawn.
    let interval: Duration
    /// The widest line the terminal shows without wrapping.
    let width: Int
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    /// A display writing with `write`; `width` is the terminal's column count.
    init(delay: Duration = .seconds(1), interval: Duration = .milliseconds(250), width: Int = 80,
         write: @escaping @Sendable (String) -> Void) {
        self.delay = delay
        self.interval = interval
        self.width = max(20, width)
        self.write = write
    }

    /// A display on the process's standard error when it is a terminal, else `nil`.
    static func forStandardError() -> ProgressDisplay? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        var size = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        // write(2), whose failures are ignored: FileHandle.write would trap.
        return ProgressDisplay(width: columns) { text in StandardStreams.write(text, to: STDERR_FILENO) }
    }

    /// Says how many inputs a batch has, for the "done of total" count.
    func expect(_ total: Int) {
        state.withLock { $0.total = total }
    }

    /// Starts showing a solve labelled `label`; returns the record the
    /// solver reports to and the id for ``finish(_:)``.
    func trackSolve(_ label: String) -> (id: Int, progress: SolveProgress) {
        let now = ContinuousClock.now
        let progress = SolveProgress(started: now)
        return (add(Entry(label: label, started: now, progress: progress, status: "")), progress)
    }

    /// Starts showing work labelled `label` whose state is given by ``update(_:status:)``.
    func track(_ label: String, status: String) -> Int {
        add(Entry(label: label, started: .now, progress: nil, status: status))
    }

    private func add(_ entry: Entry) -> Int {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            if state.began == nil { state.began = entry.started }
            state.entries[id] = entry
            return id
        }
    }

    /// Replaces the state text of work started with ``track(_:status:)``.
    func update(_ id: Int, status: String) {
        state.withLock { $0.entries[id]?.status = status }
    }

    /// Stops showing the work `id`.
    func finish(_ id: Int) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: id) {
                state.finished.append((entry.label, entry.progress?.snapshot))
            }
        }
    }

    /// Redraws the line as of `now`: shown while work runs, from ``delay``
    /// after the first work began; erased when no work is left.
    func tick(now: ContinuousClock.Instant = .now) {
        let text: String? = state.withLock { state in
            guard !state.stopped else { return nil }
            let running = state.entries.sorted { $0.key < $1.key }.map(\.value)
            // Counted from the first work, so a batch's line stays up between inputs.
            guard !running.isEmpty, let began = state.began, began.duration(to: now) >= delay else {
                if state.shown {
                    state.shown = false
                    return Self.erase
                }
                return nil
            }
            state.shown = true
            // Elapsed time first, so that a narrow terminal cuts the details instead.
            let elapsed = String(format: "%.1f s", Self.seconds(began.duration(to: now)))
            var parts = running.map(Self.describe)
            if state.total > 1 { parts.insert("\(state.finished.count) of \(state.total) done", at: 0) }
            return Self.erase + Self.fit("[\(elapsed)] " + parts.joined(separator: " | "), width: width - 1)
        }
        if let text { write(text) }
    }

    /// The work that has ended so far and its last figures (a solve's
    /// phase, best cost and bound), in the order it ended.
    var finishedWork: [(label: String, last: SolveProgress.Snapshot?)] {
        state.withLock { $0.finished }
    }

    /// Redraws every ``interval`` on a thread of its own until ``stop()``.
    func start() {
        let thread = Thread { [self] in
            while !state.withLock({ $0.stopped }) {
                tick()
                Thread.sleep(forTimeInterval: Self.seconds(interval))
            }
            done.signal()
        }
        thread.name = "routeplan progress"
        thread.start()
    }

    /// Stops redrawing, waits for the drawing thread and erases the line.
    /// Call once, after ``start()``.
    func stop() {
        let erase = state.withLock { state -> Bool in
            state.stopped = true
            defer { state.shown = false }
            return state.shown
        }
        done.wait()
        if erase { write(Self.erase) }
    }

    /// Carriage return and "erase to the end of the line".
    static let erase = "\r\u{1B}[K"

    /// One piece of work in words: "berlin52.tsp: local search, best 7,542, bound 7,500, gap ≤ 0.56 %".
    /// Labels (file names) and states (a server's reasons) are shown with
    /// their control characters escaped (see ``TerminalText``).
    private static func describe(_ entry: Entry) -> String {
        "\(entry.label.terminalSafe): " + (entry.progress.map { line($0.snapshot) } ?? entry.status.terminalSafe)
    }

    /// A solve's figures: phase, best length, bound and gap.
    static func line(_ snapshot: SolveProgress.Snapshot) -> String {
        var parts = [snapshot.phase.rawValue]
        if let best = snapshot.bestCost { parts.append("best \(grouped(best))") }
        if let bound = snapshot.lowerBound { parts.append("bound \(grouped(bound))") }
        if let gap = snapshot.gapPercent { parts.append("gap ≤ \(String(format: "%.2f", gap)) %") }
        return parts.joined(separator: ", ")
    }

    /// `1234567` as "1,234,567".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `text` cut to `width` characters (with "…"), so the line never wraps
    /// and the carriage return can erase it.
    static func fit(_ text: String, width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
