import Foundation
import Testing
import RoutePlanCLI

/// One hostile command line: how to lay it out in a sandbox, how it must
/// end, and which sandbox entries it may change (every other one must be
/// left exactly as it was: no output file appears, no input is touched, no
/// temporary file is left behind).
struct HostileCase: Sendable, CustomTestStringConvertible {
    enum Runner: Sendable {
        /// In-process, through `CommandRunner.run`.
        case inProcess
        /// The built executable, with standard output going to `sink`.
        case executable(Subprocess.Sink)
    }

    let name: String
    let status: Int32
    /// Substrings standard error must contain.
    let standardError: [String]
    /// Substrings standard output must contain.
    let standardOutput: [String]
    /// Sandbox entries (relative paths) the run must change; nothing else may change.
    let changes: Set<String>
    let runner: Runner
    /// Lays out the inputs in the sandbox and returns the arguments.
    let arguments: @Sendable (Sandbox) throws -> [String]

    init(_ name: String, status: Int32, stderr: [String] = [], stdout: [String] = [], changes: Set<String> = [],
         via runner: Runner = .inProcess, arguments: @escaping @Sendable (Sandbox) throws -> [String]) {
        self.name = name
        self.status = status
        self.standardError = stderr
        self.standardOutput = stdout
        self.changes = changes
        self.runner = runner
        self.arguments = arguments
    }

    var testDescription: String { name }
}

/// A TSPLIB instance of three points.
private func triangle(named name: String = "triangle") -> String {
    "NAME : \(name)\nTYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 0\n3 0 4\nEOF\n"
}

/// Arguments for `matrix fetch` that fail or succeed before any request
/// (nothing listens on port 9 and no row gets that far).
private func fetch(_ itinerary: String, _ more: String...) -> [String] {
    ["matrix", "fetch", itinerary, "--provider", "osrm", "--server", "http://127.0.0.1:9"] + more
}

let hostileCases: [HostileCase] = [
    // 1. --output kinds: standard output, devices, links, folders.
    HostileCase("-o - is standard output", status: 0, stdout: ["Eiffel Tower"]) { s in
        [try s.itinerary(), "-o", "-"]
    },
    // Device rows write to copies of /dev/null and /dev/full in the sandbox
    // (see Sandbox.device), so that a regression cannot destroy the real ones.
    HostileCase("-o /dev/null writes into the device", status: 0) { s in
        [try s.itinerary(), "-o", s.device("null", major: 1, minor: 3, fallback: "/dev/null")]
    },
    HostileCase("-o a symbolic link writes its target and keeps the link", status: 0, changes: ["target.txt"]) { s in
        try s.file("target.txt", "old\n")
        try s.symlink("link.txt", to: "target.txt")
        return [try s.itinerary(), "-o", s.path("link.txt")]
    },
    HostileCase("-o a dangling symbolic link creates its target", status: 0, changes: ["made.txt"]) { s in
        try s.symlink("dangling.txt", to: "made.txt")
        return [try s.itinerary(), "-o", s.path("dangling.txt")]
    },
    HostileCase("-o a symbolic link to /dev/null writes the device", status: 0) { s in
        try s.symlink("link", to: s.device("null", major: 1, minor: 3, fallback: "/dev/null"))
        return [try s.itinerary(), "-o", s.path("link")]
    },
    HostileCase("-o a folder", status: 73, stderr: ["out: cannot write the output (it is a folder)"]) { s in
        try s.folder("out")
        return [try s.itinerary(), "-o", s.path("out")]
    },
    HostileCase("-o in a missing folder", status: 73, stderr: ["does not exist"]) { s in
        [try s.itinerary(), "-o", s.path("missing/out.txt")]
    },
    HostileCase("-o below a regular file", status: 73, stderr: ["not a folder"]) { s in
        [try s.itinerary(), "-o", s.path("trip.json/out.txt")]
    },
    HostileCase("-o a loop of symbolic links", status: 73, stderr: ["too many levels of symbolic links"]) { s in
        try s.symlink("a", to: "b")
        try s.symlink("b", to: "a")
        return [try s.itinerary(), "-o", s.path("a")]
    },
    HostileCase("-o /dev/full", status: 73, stderr: ["full: cannot write the output (no space left on the device)"]) { s in
        [try s.itinerary(), "-o", s.device("full", major: 1, minor: 7, fallback: "/dev/full")]
    },
    HostileCase("-o \"\"", status: 64, stderr: ["--output needs a path"]) { s in
        [try s.itinerary(), "-o", ""]
    },
    HostileCase("solve -o \"\"", status: 64, stderr: ["--output needs a path"]) { s in
        ["solve", try s.file("t.tsp", triangle()), "-o", ""]
    },
    HostileCase("matrix fetch -o \"\"", status: 64, stderr: ["--output needs a path"]) { s in
        fetch(try s.itinerary(), "-o", "")
    },

    // 2. --output naming an input.
    HostileCase("-o the itinerary", status: 64, stderr: ["trip.json is an input"]) { s in
        let trip = try s.itinerary()
        return [trip, "-o", trip]
    },
    HostileCase("-o a symbolic link to the itinerary", status: 64, stderr: ["is an input", "the same file as"]) { s in
        let trip = try s.itinerary()
        try s.symlink("alias.json", to: trip)
        return [trip, "-o", s.path("alias.json")]
    },
    HostileCase("-o the itinerary through ./x/../", status: 64, stderr: ["is an input"]) { s in
        try s.folder("x")
        return [try s.itinerary(), "-o", s.root + "/./x/../trip.json"]
    },
    HostileCase("-o a hard link to the itinerary", status: 64, stderr: ["is an input"]) { s in
        let trip = try s.itinerary()
        try s.hardLink("twin.json", to: trip)
        return [trip, "-o", s.path("twin.json")]
    },
    HostileCase("-o the --matrix file", status: 64, stderr: ["m.json is an input"]) { s in
        let matrix = try s.copy(fixture("matrix/osrm-backend_docs-http-md_table_example_response.json"), to: "m.json")
        return [try s.itinerary(fixture: "berlin-osrm-three-stops.json"), "--matrix", matrix, "-o", matrix]
    },
    HostileCase("-o a file of the --matrix tile cache folder", status: 64, stderr: ["is an input"]) { s in
        try s.copy(fixture("matrix/synthetic-lyon-30-stops-tiles.json"), to: "tiles/a.json")
        return [try s.itinerary(fixture: "synthetic-lyon-30-stops.json"), "--matrix", s.path("tiles"),
                "-o", s.path("tiles/a.json")]
    },
    HostileCase("solve -o the TSPLIB file", status: 64, stderr: ["t.tsp is an input"]) { s in
        let instance = try s.file("t.tsp", triangle())
        return ["solve", instance, "-o", instance]
    },
    HostileCase("solve -o a symbolic link to the TSPLIB file", status: 64, stderr: ["the same file as"]) { s in
        let instance = try s.file("t.tsp", triangle())
        return ["solve", instance, "-o", try s.symlink("out.txt", to: "t.tsp")]
    },
    HostileCase("matrix fetch -o the itinerary", status: 64, stderr: ["trip.json is an input"]) { s in
        let trip = try s.itinerary()
        return fetch(trip, "-o", trip)
    },
    HostileCase("-o the itinerary inside a folder given as input", status: 64, stderr: ["is an input"]) { s in
        try s.itinerary("trips/only.json")
        return [s.path("trips"), "-o", s.path("trips/only.json")]
    },
    HostileCase("batch: json files written into the input folder", status: 64,
                stderr: ["the output file", "is an input"]) { s in
        try s.itinerary("trips/a.json")
        try s.itinerary("trips/b.json", fixture: "kyoto-fixed-end.json")
        return [s.path("trips"), "--format", "json", "-o", s.path("trips")]
    },
    HostileCase("batch: -o one of the input files", status: 64, stderr: ["a.json is an input"]) { s in
        let a = try s.itinerary("a.json")
        return [a, try s.itinerary("b.json"), "--format", "gpx", "-o", a]
    },

    // 3. Batch output names and write failures.
    HostileCase("batch: the same name in two folders", status: 64,
                stderr: ["a/trip.json and", "b/trip.json would both be written to", "out/trip.gpx"]) { s in
        [try s.itinerary("a/trip.json"), try s.itinerary("b/trip.json"), "--format", "gpx", "-o", s.path("out")]
    },
    HostileCase("batch: names differing only in letter case", status: 64, stderr: ["would both be written to"]) { s in
        [try s.itinerary("Trip.json"), try s.itinerary("a/trip.json"), "--format", "kml", "-o", s.path("out")]
    },
    HostileCase("batch: the same file twice", status: 64, stderr: ["would both be written to"]) { s in
        let trip = try s.itinerary()
        return [trip, trip, "--format", "json", "-o", s.path("out")]
    },
    HostileCase("batch: a file that cannot be written; the others are", status: 73,
                stderr: ["a.json: written to", "b.json: planned but not written", "it is a folder", "c.json: written to"],
                changes: ["out/a.gpx", "out/c.gpx"]) { s in
        try s.folder("out/b.gpx")
        return [try s.itinerary("a.json"), try s.itinerary("b.json"), try s.itinerary("c.json"),
                "--format", "gpx", "-o", s.path("out")]
    },
    HostileCase("batch: a failing itinerary; the others are written", status: 65,
                stderr: ["a.json: written to", "b.json", "c.json: written to"],
                changes: ["out", "out/a.txt", "out/c.txt"]) { s in
        [try s.itinerary("a.json"), try s.file("b.json", #"{"placesToGo": []}"#), try s.itinerary("c.json"),
         "-o", s.path("out")]
    },
    HostileCase("batch: the output folder is a regular file", status: 73,
                stderr: ["the output folder is a regular file", "a.json: planned but not written"]) { s in
        try s.file("out", "not a folder\n")
        return [try s.itinerary("a.json"), try s.itinerary("b.json"), "-o", s.path("out")]
    },

    // 4. Standard output that cannot be written.
    HostileCase("standard output is /dev/full", status: 73,
                stderr: ["cannot write the result to standard output (no space left on the device)"],
                via: .executable(.deviceFull)) { s in
        ["optimize", try s.itinerary()]
    },
    HostileCase("standard output is closed", status: 73, stderr: ["standard output is closed"],
                via: .executable(.closed)) { s in
        ["optimize", try s.itinerary()]
    },
    HostileCase("standard output is a broken pipe", status: 73, stderr: ["broken pipe"],
                via: .executable(.brokenPipe)) { s in
        ["optimize", try s.itinerary()]
    },
    HostileCase("solve with standard output on /dev/full", status: 73, stderr: ["standard output"],
                via: .executable(.deviceFull)) { s in
        ["solve", try s.file("t.tsp", triangle())]
    },
    HostileCase("-o - with standard output on /dev/full", status: 73, stderr: ["no space left"],
                via: .executable(.deviceFull)) { s in
        ["optimize", try s.itinerary(), "-o", "-"]
    },
    HostileCase("-o FILE with standard output on /dev/full", status: 0, changes: ["out.txt"],
                via: .executable(.deviceFull)) { s in
        ["optimize", try s.itinerary(), "-o", s.path("out.txt")]
    },
    // /dev/stdout is a symbolic link to /proc/self/fd/1; a copy of that link
    // in the sandbox is what a regression would replace.
    HostileCase("-o /dev/stdout on a pipe", status: 0, stdout: ["Eiffel Tower"], via: .executable(.captured)) { s in
        ["optimize", try s.itinerary(), "-o", try s.symlink("stdout", to: "/proc/self/fd/1")]
    },

    // 5. Numbers out of range.
    HostileCase("--time-limit 1e10", status: 64, stderr: ["--time-limit", "604800 (one week)"]) { s in
        [try s.itinerary(), "--time-limit", "1e10"]
    },
    HostileCase("--time-limit 1e300", status: 64, stderr: ["--time-limit"]) { s in
        [try s.itinerary(), "--time-limit", "1e300"]
    },
    HostileCase("--time-limit 0", status: 64, stderr: ["--time-limit"]) { s in
        [try s.itinerary(), "--time-limit", "0"]
    },
    HostileCase("--time-limit 1e-7", status: 64, stderr: ["from 0.001"]) { s in
        [try s.itinerary(), "--time-limit", "1e-7"]
    },
    HostileCase("--time-limit nan", status: 64, stderr: ["got nan"]) { s in
        [try s.itinerary(), "--time-limit", "nan"]
    },
    HostileCase("--time-limit inf", status: 64, stderr: ["--time-limit"]) { s in
        [try s.itinerary(), "--time-limit", "inf"]
    },
    HostileCase("solve --time-limit 1e10", status: 64, stderr: ["604800"]) { s in
        ["solve", try s.file("t.tsp", triangle()), "--time-limit", "1e10"]
    },
    HostileCase("--max-memory 0.5", status: 64, stderr: ["too small (min 1M)"]) { s in
        [try s.itinerary(), "--max-memory", "0.5"]
    },
    HostileCase("--max-memory 1e-9", status: 64, stderr: ["too small"]) { s in
        [try s.itinerary(), "--max-memory", "1e-9"]
    },
    HostileCase("--max-memory 0", status: 64, stderr: ["too small"]) { s in
        [try s.itinerary(), "--max-memory", "0"]
    },
    HostileCase("--max-memory 1e19", status: 64, stderr: ["too large (max 1024T)"]) { s in
        [try s.itinerary(), "--max-memory", "1e19"]
    },
    HostileCase("--max-memory 2048T", status: 64, stderr: ["too large"]) { s in
        [try s.itinerary(), "--max-memory", "2048T"]
    },
    HostileCase("--max-memory inf", status: 64, stderr: ["too large"]) { s in
        [try s.itinerary(), "--max-memory", "inf"]
    },
    HostileCase("--max-memory nan", status: 64, stderr: ["is not a size"]) { s in
        [try s.itinerary(), "--max-memory", "nan"]
    },
    HostileCase("matrix fetch --timeout 1e16", status: 64, stderr: ["--timeout", "3600 (one hour)"]) { s in
        fetch(try s.itinerary(), "--timeout", "1e16")
    },
    HostileCase("matrix fetch --timeout 0", status: 64, stderr: ["--timeout"]) { s in
        fetch(try s.itinerary(), "--timeout", "0")
    },
    HostileCase("matrix fetch --timeout nan", status: 64, stderr: ["--timeout"]) { s in
        fetch(try s.itinerary(), "--timeout", "nan")
    },
    HostileCase("--max-waypoints 0", status: 64, stderr: ["from 1 to 9"]) { s in
        [try s.itinerary(), "--max-waypoints", "0"]
    },
    HostileCase("--seed past UInt64", status: 64, stderr: ["--seed"]) { s in
        [try s.itinerary(), "--seed", "18446744073709551616"]
    },

    // 6. Control characters reach the terminal escaped.
    HostileCase("a missing file whose name holds ESC, BEL, CR, DEL and CSI", status: 66,
                stderr: [#"x\u{1B}[31mred\u{07}\u{0D}\u{7F}\u{9B}.json"#, "does not exist"]) { s in
        [s.path("x\u{1B}[31mred\u{07}\r\u{7F}\u{9B}.json")]
    },
    HostileCase("a file name with a right-to-left override", status: 66, stderr: [#"\u{202E}"#]) { s in
        [s.path("trip\u{202E}nosj.exe")]
    },
    HostileCase("place names with escape sequences in text output", status: 0,
                stdout: [#"\u{1B}]0;pwned\u{07}"#, #"Louvre\u{0D}\u{1B}[2K"#, #"title\u{1B}[31m"#]) { s in
        [try s.itinerary("evil.json", title: "title\u{1B}[31m",
                         places: ["Tower\u{1B}]0;pwned\u{07}", "Louvre\r\u{1B}[2K", "NUL\u{0}here"])]
    },
    HostileCase("--start quoting an escape sequence", status: 65, stderr: [#"\u{1B}[2J"#, "names no stop"]) { s in
        [try s.itinerary(), "--start", "\u{1B}[2J"]
    },
    HostileCase("a TSPLIB NAME with escape sequences", status: 0, stdout: [#"evil\u{1B}]0;x\u{07}y: 3 nodes"#]) { s in
        ["solve", try s.file("t.tsp", triangle(named: "evil\u{1B}]0;x\u{07}y"))]
    },
    HostileCase("--server quoting an escape sequence", status: 64, stderr: [#"\u{1B}[31m"#]) { s in
        ["matrix", "fetch", try s.itinerary(), "--provider", "osrm", "--server", "\u{1B}[31m"]
    },
    HostileCase("batch text headers with control characters in file names", status: 0,
                stdout: [#"a\u{1B}[1m.json"#]) { s in
        [try s.itinerary("a\u{1B}[1m.json"), try s.itinerary("b.json")]
    },
    HostileCase("bad data in a file named with a tab and a newline", status: 65, stderr: [#"bad\u{09}\u{0A}name.json"#]) { s in
        [try s.file("bad\t\nname.json", "{")]
    },

    // 7. Inputs that are not regular files.
    HostileCase("an itinerary that does not exist", status: 66, stderr: ["it does not exist"]) { s in
        [s.path("nowhere.json")]
    },
    HostileCase("an itinerary that is a dangling symbolic link", status: 66,
                stderr: ["symbolic link to", "which does not exist"]) { s in
        [try s.symlink("trip.json", to: "gone.json")]
    },
    HostileCase("an itinerary that is a FIFO", status: 66, stderr: ["it is a FIFO (named pipe)"]) { s in
        [try s.fifo("trip.json")]
    },
    HostileCase("an itinerary that is /dev/null", status: 66, stderr: ["/dev/null", "it is a character device"]) { _ in
        ["/dev/null"]
    },
    HostileCase("an itinerary below a regular file", status: 66, stderr: ["not a folder"]) { s in
        [try s.itinerary() + "/x.json"]
    },
    HostileCase("--matrix that is a FIFO", status: 66, stderr: ["cannot read the matrix", "FIFO"]) { s in
        [try s.itinerary(), "--matrix", try s.fifo("m.json")]
    },
    HostileCase("--matrix that is /dev/zero", status: 66, stderr: ["cannot read the matrix", "character device"]) { s in
        [try s.itinerary(), "--matrix", "/dev/zero"]
    },
    HostileCase("--matrix that does not exist", status: 66, stderr: ["cannot read the matrix", "does not exist"]) { s in
        [try s.itinerary(), "--matrix", s.path("m.json")]
    },
    HostileCase("--matrix that is a tile cache folder is fine", status: 0, stdout: ["Stop 01"]) { s in
        try s.copy(fixture("matrix/synthetic-lyon-30-stops-tiles.json"), to: "tiles/a.json")
        return [try s.itinerary(fixture: "synthetic-lyon-30-stops.json"), "--matrix", s.path("tiles")]
    },
    HostileCase("solve a folder", status: 66, stderr: ["cannot read the TSPLIB instance: it is a folder"]) { s in
        ["solve", try s.folder("instances")]
    },
    HostileCase("solve a FIFO", status: 66, stderr: ["FIFO"]) { s in
        ["solve", try s.fifo("t.tsp")]
    },
    HostileCase("solve /dev/zero", status: 66, stderr: ["character device"]) { _ in
        ["solve", "/dev/zero"]
    },
    HostileCase("matrix fetch a FIFO", status: 66, stderr: ["cannot read the itinerary", "FIFO"]) { s in
        fetch(try s.fifo("trip.json"))
    },
    HostileCase("a folder holding a FIFO named like an itinerary", status: 66,
                stderr: ["x.json: cannot read the itinerary: it is a FIFO"], stdout: ["Eiffel Tower"]) { s in
        try s.itinerary("trips/a.json")
        try s.folder("trips")
        try s.fifo("trips/x.json")
        return [s.path("trips")]
    },
    HostileCase("a folder holding a folder named like an itinerary", status: 66, stderr: ["it is a folder"]) { s in
        try s.itinerary("trips/a.json")
        try s.folder("trips/sub.json")
        return [s.path("trips")]
    },
]

@Suite("Hostile input catalogue")
struct HostileInputCatalogueTests {
    @Test("each hostile command line ends as documented and touches only what it should", arguments: hostileCases)
    func hostile(_ row: HostileCase) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        var arguments = try row.arguments(sandbox)
        let known = ["optimize", "solve", "matrix"]
        if let first = arguments.first, !known.contains(first) { arguments.insert("optimize", at: 0) }
        let before = sandbox.snapshot()

        let status: Int32
        let standardOutput: String
        let standardError: String
        switch row.runner {
        case .inProcess:
            let result = await CommandRunner.run(arguments)
            (status, standardOutput, standardError) = (result.status, result.standardOutput, result.standardError)
        case let .executable(sink):
            let result = try Subprocess.run(arguments, standardOutput: sink)
            #expect(!result.signalled, "killed by a signal; stderr: \(result.standardError)")
            (status, standardOutput, standardError) = (result.status, result.standardOutput, result.standardError)
        }

        #expect(status == row.status, "stderr: \(standardError)")
        for piece in row.standardError {
            #expect(standardError.contains(piece), "stderr lacks \(piece.debugDescription): \(standardError.debugDescription)")
        }
        for piece in row.standardOutput {
            #expect(standardOutput.contains(piece), "stdout lacks \(piece.debugDescription)")
        }
        if status != 0 {
            #expect(standardError.hasSuffix("\n") && !standardError.isEmpty, "a failure says why")
        }
        #expect(!hasRawControlCharacters(standardError), "raw control characters: \(standardError.debugDescription)")
        #expect(!hasRawControlCharacters(standardOutput), "raw control characters in stdout")
        let changed = Sandbox.changes(from: before, to: sandbox.snapshot())
        #expect(changed == row.changes, "changed: \(changed.sorted())")
    }
}
