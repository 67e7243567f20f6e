#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import Synchronization
@testable import RoutePlanCLI

private func kind(_ path: String, followingLinks: Bool = false) -> mode_t {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? info.st_mode & S_IFMT : 0
}

private func permissions(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
}

/// What `routeplan optimize` prints for the Paris fixture, to compare files with.
private func expectedParis(_ sandbox: Sandbox) async throws -> (trip: String, text: String) {
    let trip = try sandbox.itinerary()
    let plain = await CommandRunner.run(["optimize", trip])
    #expect(plain.status == 0)
    return (trip, plain.standardOutput)
}

@Suite("--output targets")
struct OutputTargetTests {
    @Test("a FIFO is written in place while a reader reads it, and stays a FIFO")
    func fifo() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (trip, expected) = try await expectedParis(sandbox)
        let fifo = try sandbox.fifo("route.fifo")
        let received = Mutex(Data())
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            // Blocks until routeplan opens the FIFO for writing; reads to its close.
            if let handle = FileHandle(forReadingAtPath: fifo) {
                let data = handle.readDataToEndOfFile()
                received.withLock { $0 = data }
                try? handle.close()
            }
            done.signal()
        }
        reader.start()
        let result = await CommandRunner.run(["optimize", trip, "-o", fifo])
        if result.status != 0 {
            // Release the reader should routeplan never have opened the FIFO.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        done.wait()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(String(decoding: received.withLock { $0 }, as: UTF8.self) == expected)
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test("/dev/null is written, not replaced: it stays a character device")
    func devNull() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // A copy of /dev/null when root (a regression then destroys only the copy).
        let null = sandbox.device("null", major: 1, minor: 3, fallback: "/dev/null")
        let before = permissions(null)
        let result = await CommandRunner.run(["optimize", try sandbox.itinerary(), "-o", null])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(kind(null) == S_IFCHR)
        #expect(permissions(null) == before)
    }

    @Test("a symbolic link is written through: the link stays, its target is replaced keeping its permissions")
    func symbolicLink() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (trip, expected) = try await expectedParis(sandbox)
        let target = try sandbox.file("real/route.txt", "old\n")
        chmod(target, 0o640)
        let link = try sandbox.symlink("route.txt", to: "real/route.txt")
        let result = await CommandRunner.run(["optimize", trip, "-o", link])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(kind(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/route.txt")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
        #expect(permissions(target) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("real")) == ["route.txt"],
                "no temporary file left")
    }

    @Test("a new file gets 0666 less the umask; an existing one keeps its permissions")
    func newAndExistingFiles() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (trip, expected) = try await expectedParis(sandbox)
        let mask = umask(0o022)
        umask(mask)
        let new = sandbox.path("new.txt")
        #expect(await CommandRunner.run(["optimize", trip, "-o", new]).status == 0)
        #expect(permissions(new) == 0o666 & ~mask)
        let existing = try sandbox.file("existing.txt", "old\n")
        chmod(existing, 0o600)
        #expect(await CommandRunner.run(["optimize", trip, "-o", existing]).status == 0)
        #expect(permissions(existing) == 0o600)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == expected)
    }

    @Test("- and /dev/stdout are standard output")
    func standardOutput() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (trip, expected) = try await expectedParis(sandbox)
        // /dev/stdout is this link; the copy keeps a regression away from the real one.
        let link = try sandbox.symlink("stdout", to: "/proc/self/fd/1")
        for target in ["-", link] {
            let result = await CommandRunner.run(["optimize", trip, "-o", target])
            #expect(result.status == 0, "\(target): \(result.standardError)")
            #expect(result.standardOutput == expected, "\(target)")
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.root)) == ["trip.json", "stdout"])
        #expect(kind(link) == S_IFLNK)
    }

    @Test("an unreadable input is 'permission denied'", .enabled(if: geteuid() != 0, "root reads everything"))
    func permissionDenied() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let trip = try sandbox.itinerary()
        chmod(trip, 0)
        let result = await CommandRunner.run(["optimize", trip])
        #expect(result.status == 66)
        #expect(result.standardError.contains("permission denied"))
    }
}

@Suite("Standard output failures (the built executable)")
struct StandardOutputFailureTests {
    @Test("> /dev/full exits 73 with one line on standard error")
    func deviceFull() throws {
        let result = try Subprocess.run(["optimize", "Fixtures/itineraries/lisbon-walking-day.json"],
                                        standardOutput: .deviceFull)
        #expect(!result.signalled)
        #expect(result.status == 73)
        #expect(result.standardError
                == "routeplan: error: cannot write the result to standard output (no space left on the device)\n")
    }

    @Test("stdout closed or a broken pipe exits 73, never killed by SIGPIPE or a trap",
          arguments: [Subprocess.Sink.closed, .brokenPipe])
    func closedOrBroken(sink: Subprocess.Sink) throws {
        let result = try Subprocess.run(["solve", "Fixtures/tsplib/burma14.tsp"], standardOutput: sink)
        #expect(!result.signalled)
        #expect(result.status == 73)
        #expect(result.standardError.hasPrefix("routeplan: error: cannot write the result to standard output ("))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test("a successful run on a pipe prints the same as in-process")
    func captured() async throws {
        let arguments = ["optimize", "Fixtures/itineraries/lisbon-walking-day.json"]
        let child = try Subprocess.run(arguments, standardOutput: .captured)
        let inProcess = await CommandRunner.run([arguments[0], fixture("itineraries/lisbon-walking-day.json")])
        #expect(child.status == 0 && child.standardError.isEmpty)
        #expect(child.standardOutput == inProcess.standardOutput)
    }
}

@Suite("Batch output files")
struct BatchOutputTests {
    @Test("two inputs with one output name are refused up front, naming both")
    func collision() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let a = try sandbox.itinerary("a/trip.json")
        let b = try sandbox.itinerary("b/trip.json")
        let result = await CommandRunner.run(["optimize", a, b, "--format", "gpx", "-o", sandbox.path("out")])
        #expect(result.status == 64)
        #expect(result.standardError == "routeplan: error: \(a) and \(b) would both be written to \(sandbox.path("out"))/trip.gpx (names are compared ignoring letter case); rename one of them, or plan them in separate runs\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("out")))
    }

    @Test("every input's fate is reported in order; the status is the first failure's")
    func fates() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let unwritable = try sandbox.itinerary("a.json")
        let bad = try sandbox.file("b.json", "{")
        let good = try sandbox.itinerary("c.json")
        try sandbox.folder("out/a.json")  // where a.json's result would go
        let out = sandbox.path("out")
        let result = await CommandRunner.run(["optimize", unwritable, bad, good, "--format", "json", "-o", out])
        #expect(result.status == 73, "the write failure of the first input comes first")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].hasPrefix("routeplan: error: \(unwritable): planned but not written: \(out)/a.json: cannot write the output (it is a folder)"))
        #expect(lines[1].hasPrefix("routeplan: error: \(bad): not valid JSON"))
        #expect(lines[2] == "routeplan: \(good): written to \(out)/c.json")
        #expect(FileManager.default.fileExists(atPath: "\(out)/c.json"))

        // The other way round: the planning failure first.
        let again = await CommandRunner.run(["optimize", bad, unwritable, "--format", "json", "-o", out])
        #expect(again.status == 65)
    }

    @Test("all written: nothing on standard error")
    func quietSuccess() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let result = await CommandRunner.run(["optimize", try sandbox.itinerary("a.json"), try sandbox.itinerary("b.json"),
                                              "--format", "kml", "-o", sandbox.path("out/")])
        #expect(result.status == 0 && result.standardError.isEmpty && result.standardOutput.isEmpty)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("out"))) == ["a.kml", "b.kml"])
    }
}

@Suite("Terminal escaping and checked numbers")
struct EscapingAndNumberTests {
    @Test("control characters get the escapes of MessageText; text without them is unchanged")
    func escaping() {
        #expect(TerminalText.escape("Café, 東京 → ok") == "Café, 東京 → ok")
        #expect(TerminalText.escape("a\u{1B}[31mb\u{07}\r\0\u{7F}\u{9B}\u{85}") == #"a\u{1B}[31mb\u{7}\r\0\u{7F}\u{9B}\u{85}"#)
        #expect(TerminalText.escape("tab\there\nnext") == #"tab\there\nnext"#)
        #expect(TerminalText.escape("one\u{1B}\ntwo\t", keepingNewlines: true) == "one\\u{1B}\ntwo\\t")
        #expect(TerminalText.escape("usage\nline\u{1B}", keepingNewlines: true) == "usage\nline\\u{1B}")
        #expect(TerminalText.escape("\u{202E}\u{2066}\u{2028}") == #"\u{202E}\u{2066}\u{2028}"#)
    }

    @Test("every error line goes through the escaping")
    func errorLine() {
        #expect(CommandRunner.errorLine("x\u{1B}y") == "routeplan: error: x\\u{1B}y\n")
    }

    @Test("the progress line shows file names and states escaped")
    func progress() {
        let recorder = Recorder()
        let display = ProgressDisplay(delay: .zero, width: 200) { recorder.write($0) }
        let solve = display.trackSolve("a\u{1B}]0;x\u{07}.json")
        _ = display.track("fetch", status: "HTTP 503\r\u{1B}[2K")
        display.tick(now: solve.progress.snapshot.started.advanced(by: .seconds(1)))
        let line = recorder.written.dropFirst(ProgressDisplay.erase.count)
        #expect(line.contains(#"a\u{1B}]0;x\u{7}.json"#) && line.contains(#"HTTP 503\r\u{1B}[2K"#))
        #expect(!hasRawControlCharacters(String(line)))
    }

    @Test("seconds convert to a Duration without trapping, or not at all")
    func seconds() {
        #expect(Duration.checkedSeconds(1.5) == .milliseconds(1_500))
        #expect(Duration.checkedSeconds(604_800) == .seconds(604_800))
        #expect(Duration.checkedSeconds(9e9) == .seconds(9_000_000_000))
        for bad in [1e10, 1e300, -1, .nan, .infinity, -.infinity] {
            #expect(Duration.checkedSeconds(bad) == nil, "\(bad)")
        }
    }

    @Test("sizes: in range or nil")
    func sizes() {
        #expect(SolverOptions.parseBytes("512M") == 512 << 20)
        #expect(SolverOptions.parseBytes("1M") == 1 << 20)
        #expect(SolverOptions.parseBytes("1024T") == 1 << 50)
        for bad in ["0.5", "1e-9", "0", "1e19", "2048T", "inf", "nan", "lots", ""] {
            #expect(SolverOptions.parseBytes(bad) == nil, "\(bad)")
        }
    }
}
