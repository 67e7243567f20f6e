#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// When the `routeplan` process started, so that a command's time limit can
/// cover the whole process, not only the part after `main` began.
///
/// Before `main` runs, the loader maps the binary and its libraries: 20 ms
/// when they are in the page cache, 150–200 ms when they were evicted
/// (measured: `fnl4461 --time-limit 1` took 1.20 s of wall time with a cold
/// cache, of which 1.00 s on the command's own clock). A limit measured from
/// the start of the process leaves the exit as the only overrun.
///
/// Set once by ``CommandRunner/main()``; commands run in-process (by tests
/// or a host program) see `nil` and measure from when they start.
enum ProcessClock {
    private static let recorded = Mutex<ContinuousClock.Instant?>(nil)

    /// The instant the process started, if ``recordStart()`` ran.
    static var started: ContinuousClock.Instant? { recorded.withLock { $0 } }

    /// Records the process's start: now, less ``age()`` (or now, when the
    /// age cannot be read).
    static func recordStart() {
        let now = ContinuousClock.now
        recorded.withLock { $0 = now - (age() ?? .zero) }
    }

    /// How long ago this process started, read from the kernel (Linux:
    /// field 22 of `/proc/self/stat`, in clock ticks since boot, against
    /// `CLOCK_BOOTTIME`; to within one tick, 10 ms). `nil` elsewhere, when
    /// the file cannot be read or parsed, or when the age is not within
    /// 0–60 s (then it says nothing useful about the loader).
    static func age() -> Duration? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let ticks = startTicks(fromStat: stat) else { return nil }
        let perSecond = sysconf(Int32(_SC_CLK_TCK))
        var now = timespec()
        guard perSecond > 0, clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
        let sinceBoot = Duration.seconds(Int64(now.tv_sec)) + .nanoseconds(Int64(now.tv_nsec))
        let startedAfterBoot = Duration.seconds(ticks / Int64(perSecond))
            + .milliseconds(ticks % Int64(perSecond) * 1_000 / Int64(perSecond))
        let age = sinceBoot - startedAfterBoot
        return age >= .zero && age <= .seconds(60) ? age : nil
        #else
        return nil
        #endif
    }

    /// The start time (field 22, clock ticks since boot) in the text of
    /// `/proc/PID/stat`. Field 2, the command name, is in parentheses and
    /// may itself hold spaces and parentheses, so fields are counted from
    /// the last `)`.
    static func startTicks(fromStat stat: String) -> Int64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        // After the name: field 3 (state) is the first, so field 22 is the 20th.
        let fields = stat[stat.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 20, let ticks = Int64(fields[19]), ticks >= 0 else { return nil }
        return ticks
    }
}
