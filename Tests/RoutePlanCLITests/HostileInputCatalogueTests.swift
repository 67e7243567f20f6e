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
                stderr: [#"x\u{1B}[31mred\u{7}\r\u{7F}\u{9B}.json"#, "does not exist"]) { s in
        [s.path("x\u{1B}[31mred\u{07}\r\u{7F}\u{9B}.json")]
    },
    HostileCase("a file name with a right-to-left override", status: 66, stderr: [#"\u{202E}"#]) { s in
        [s.path("trip\u{202E}nosj.exe")]
    },
    HostileCase("place names with escape sequences in text output", status: 0,
                stdout: [#"\u{1B}]0;pwned\u{7}"#, #"Louvre\r\u{1B}[2K"#, #"title\u{1B}[31m"#]) { s in
        [try s.itinerary("evil.json", title: "title\u{1B}[31m",
                         places: ["Tower\u{1B}]0;pwned\u{07}", "Louvre\r\u{1B}[2K", "NUL\u{0}here"])]
    },
    HostileCase("--start quoting an escape sequence", status: 65, stderr: [#"\u{1B}[2J"#, "names no stop"]) { s in
        [try s.itinerary(), "--start", "\u{1B}[2J"]
    },
    HostileCase("a TSPLIB NAME with escape sequences", status: 0, stdout: [#"evil\u{1B}]0;x\u{7}y: 3 nodes"#]) { s in
        ["solve", try s.file("t.tsp", triangle(named: "evil\u{1B}]0;x\u{07}y"))]
    },
    HostileCase("--server quoting an escape sequence", status: 64, stderr: [#"\u{1B}[31m"#]) { s in
        ["matrix", "fetch", try s.itinerary(), "--provider", "osrm", "--server", "\u{1B}[31m"]
    },
    HostileCase("batch text headers with control characters in file names", status: 0,
                stdout: [#"a\u{1B}[1m.json"#]) { s in
        [try s.itinerary("a\u{1B}[1m.json"), try s.itinerary("b.json")]
    },
    HostileCase("bad data in a file named with a tab and a newline", status: 65, stderr: [#"bad\t\nname.json"#]) { s in
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

// MARK: - More hostile inputs: itinerary JSON, TSPLIB, matrix files, options

private let eiffelPlace = #"{"name":"Eiffel","location":{"lat":48.85,"lng":2.29}}"#
private let louvrePlace = #"{"name":"Louvre","location":{"lat":48.86,"lng":2.33}}"#

/// An itinerary whose first place is `first` (the Louvre follows), with
/// `extra` members (ending in a comma) before `placesToGo`.
private func tripJSON(_ first: String = eiffelPlace, extra: String = "") -> String {
    "{\(extra)\"placesToGo\":[\(first),\(louvrePlace)]}"
}

/// The Eiffel Tower with `lat` and `lng` written as given.
private func eiffel(lat: String = "48.85", lng: String = "2.29") -> String {
    #"{"name":"Eiffel","location":{"lat":\#(lat),"lng":\#(lng)}}"#
}

/// `text` as UTF-16 or UTF-32 bytes, with a byte-order mark when `bom`.
private func encoded(_ text: String, _ encoding: String.Encoding, bom: Data = Data()) -> Data {
    bom + text.data(using: encoding)!
}

/// Lays out an itinerary `trip.json` holding `bytes`.
private func tripFile(_ s: Sandbox, _ text: String) throws -> String { try s.file("trip.json", text) }

/// A TSPLIB instance with the given header lines and body (sections and EOF).
private func tsplib(_ header: String = "TYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EUC_2D\n",
                    body: String = "NODE_COORD_SECTION\n1 0 0\n2 3 0\n3 0 4\nEOF\n") -> String {
    "NAME : t\n" + header + body
}

/// An explicit FULL_MATRIX instance of three nodes whose rows are `rows`.
private func fullMatrix(_ rows: String, type: String = "TSP") -> String {
    "NAME : m\nTYPE : \(type)\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : FULL_MATRIX\nEDGE_WEIGHT_SECTION\n\(rows)EOF\n"
}

/// A Google Distance Matrix element with the given duration token.
private func googleElement(_ duration: String) -> String {
    #"{"distance":{"text":"x","value":100},"duration":{"text":"y","value":\#(duration)},"status":"OK"}"#
}

/// A Google Distance Matrix response for the two Paris places; `element`
/// replaces the second element of the first row.
private func googleMatrix(_ element: String = googleElement("100"), rows: Int = 2) -> String {
    let row = { (second: String) in #"{"elements":[\#(googleElement("0")),\#(second)]}"# }
    let all = [row(element)] + Array(repeating: row(googleElement("120")), count: rows - 1)
    return #"{"destination_addresses":["a","b"],"origin_addresses":["a","b"],"rows":[\#(all.joined(separator: ","))],"status":"OK"}"#
}

/// The OSRM table fixture for the Berlin itinerary, with `from` replaced by `to`.
private func osrmTable(replacing from: String = "", with to: String = "") throws -> String {
    let text = try String(contentsOfFile: fixture("matrix/osrm-backend_docs-http-md_table_example_response.json"), encoding: .utf8)
    return from.isEmpty ? text : text.replacingOccurrences(of: from, with: to)
}

/// `optimize` on the Paris itinerary with `--matrix` holding `contents`.
private func withMatrix(_ s: Sandbox, _ contents: Data, _ more: String...) throws -> [String] {
    [try s.itinerary(), "--matrix", try s.file("m.json", contents: contents)] + more
}

/// `optimize` on the Berlin itinerary with `--matrix` holding `text`.
private func withBerlinMatrix(_ s: Sandbox, _ text: String) throws -> [String] {
    [try s.itinerary(fixture: "berlin-osrm-three-stops.json"), "--matrix", try s.file("m.json", text)]
}

/// Itinerary JSON that is not what the planner reads: each names the file
/// and the place in it.
let itineraryJSONCases: [HostileCase] = [
    HostileCase("a duplicate key at the top of an itinerary", status: 65,
                stderr: ["trip.json", #"duplicate key "name""#, "line 1"]) { s in
        [try tripFile(s, tripJSON(extra: #""name":"a","name":"b","#))]
    },
    HostileCase("a duplicate key inside a place", status: 65,
                stderr: ["trip.json", #"duplicate key "name""#, "placesToGo[0].name"]) { s in
        [try tripFile(s, tripJSON(#"{"name":"E","name":"F","location":{"lat":48.85,"lng":2.29}}"#))]
    },
    HostileCase("a duplicate key inside a location", status: 65,
                stderr: ["trip.json", #"duplicate key "lat""#, "placesToGo[0].location.lat"]) { s in
        [try tripFile(s, tripJSON(#"{"name":"E","location":{"lat":48.85,"lat":48.0,"lng":2.29}}"#))]
    },
    HostileCase("latitude 1e400", status: 65, stderr: ["trip.json", "placesToGo[0].location.lat", "out of range"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "1e400")))]
    },
    HostileCase("latitude -1e400", status: 65, stderr: ["trip.json", "placesToGo[0].location.lat", "out of range"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "-1e400")))]
    },
    HostileCase("latitude 1e-400", status: 65, stderr: ["trip.json", "placesToGo[0].location.lat", "too close to 0"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "1e-400")))]
    },
    HostileCase("latitude NaN", status: 65, stderr: ["trip.json", "NaN is not a JSON number"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "NaN")))]
    },
    HostileCase("latitude Infinity", status: 65, stderr: ["trip.json", "Infinity is not a JSON number"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "Infinity")))]
    },
    HostileCase("longitude -Infinity", status: 65, stderr: ["trip.json", "-Infinity is not a JSON number"]) { s in
        [try tripFile(s, tripJSON(eiffel(lng: "-Infinity")))]
    },
    HostileCase("latitude 91", status: 65, stderr: ["trip.json: placesToGo[0].location.lat: 91", "from -90 to 90"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "91")))]
    },
    HostileCase("longitude -181", status: 65, stderr: ["trip.json: placesToGo[0].location.lng: -181", "from -180 to 180"]) { s in
        [try tripFile(s, tripJSON(eiffel(lng: "-181")))]
    },
    HostileCase("latitude as a string", status: 65, stderr: ["trip.json", "placesToGo[0].location.lat"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: #""48.85""#)))]
    },
    HostileCase("latitude null", status: 65, stderr: ["trip.json", "placesToGo[0].location.lat"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "null")))]
    },
    HostileCase("latitude true", status: 65, stderr: ["trip.json", "placesToGo[0].location.lat"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "true")))]
    },
    HostileCase("latitude in hexadecimal", status: 65, stderr: ["trip.json", "line 1"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "0x10")))]
    },
    HostileCase("latitude with a plus sign", status: 65, stderr: ["trip.json", "line 1"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "+48")))]
    },
    HostileCase("latitude with a leading zero", status: 65, stderr: ["trip.json", "leading zero"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "048")))]
    },
    HostileCase("latitude ending in a decimal point", status: 65, stderr: ["trip.json", "after the decimal point"]) { s in
        [try tripFile(s, tripJSON(eiffel(lat: "48.")))]
    },
    HostileCase("an itinerary in UTF-16LE with a byte-order mark", status: 65, stderr: ["trip.json", "UTF-16"]) { s in
        [try s.file("trip.json", contents: encoded(tripJSON(), .utf16LittleEndian, bom: Data([0xFF, 0xFE])))]
    },
    HostileCase("an itinerary in UTF-16BE with a byte-order mark", status: 65, stderr: ["trip.json", "UTF-16"]) { s in
        [try s.file("trip.json", contents: encoded(tripJSON(), .utf16BigEndian, bom: Data([0xFE, 0xFF])))]
    },
    HostileCase("an itinerary in UTF-16LE without a byte-order mark", status: 65, stderr: ["trip.json", "UTF-16"]) { s in
        [try s.file("trip.json", contents: encoded(tripJSON(), .utf16LittleEndian))]
    },
    HostileCase("an itinerary in UTF-32LE with a byte-order mark", status: 65, stderr: ["trip.json", "UTF-32"]) { s in
        [try s.file("trip.json", contents: encoded(tripJSON(), .utf32LittleEndian, bom: Data([0xFF, 0xFE, 0, 0])))]
    },
    HostileCase("an itinerary in UTF-32BE with a byte-order mark", status: 65, stderr: ["trip.json", "UTF-32"]) { s in
        [try s.file("trip.json", contents: encoded(tripJSON(), .utf32BigEndian, bom: Data([0, 0, 0xFE, 0xFF])))]
    },
    HostileCase("an itinerary with a UTF-8 byte-order mark is fine", status: 0, stdout: ["Eiffel"]) { s in
        [try s.file("trip.json", contents: Data([0xEF, 0xBB, 0xBF]) + Data(tripJSON().utf8))]
    },
    HostileCase("arrays nested 10,000 deep", status: 65, stderr: ["trip.json", "deeper than 512"]) { s in
        [try tripFile(s, String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))]
    },
    HostileCase("placesToGo nested 600 deep", status: 65, stderr: ["trip.json", "deeper than 512"]) { s in
        [try tripFile(s, #"{"placesToGo":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}")]
    },
    HostileCase("a truncated itinerary", status: 65, stderr: ["trip.json", "unexpected end of the text"]) { s in
        let text = tripJSON()
        return [try tripFile(s, String(text.prefix(text.count / 2)))]
    },
    HostileCase("an empty itinerary file", status: 65, stderr: ["trip.json", "empty"]) { s in
        [try tripFile(s, "")]
    },
    HostileCase("an itinerary of white space", status: 65, stderr: ["trip.json", "line"]) { s in
        [try tripFile(s, "   \n\t \n")]
    },
    HostileCase("an itinerary of NUL bytes", status: 65, stderr: ["trip.json", "binary", "offset 0"]) { s in
        [try s.file("trip.json", contents: Data(count: 100))]
    },
    HostileCase("a NUL byte in the middle of an itinerary", status: 65, stderr: ["trip.json", "offset 20"]) { s in
        let text = Data(tripJSON().utf8)
        return [try s.file("trip.json", contents: text.prefix(20) + Data([0]) + text.dropFirst(20))]
    },
    HostileCase("a gzip file named .json", status: 65, stderr: ["trip.json", "gzip-compressed", "gunzip"]) { s in
        [try s.file("trip.json", contents: Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03]) + Data(count: 20))]
    },
    HostileCase("a ZIP archive named .json", status: 65, stderr: ["trip.json", "ZIP archive"]) { s in
        [try s.file("trip.json", contents: Data("PK\u{03}\u{04}".utf8) + Data(repeating: 0x78, count: 50))]
    },
    HostileCase("trailing garbage after the itinerary", status: 65, stderr: ["trip.json", "after the end of the JSON value"]) { s in
        [try tripFile(s, tripJSON() + " garbage")]
    },
    HostileCase("two itineraries in one file", status: 65, stderr: ["trip.json", "after the end of the JSON value"]) { s in
        [try tripFile(s, tripJSON() + tripJSON())]
    },
    HostileCase("a JSON array at the top of an itinerary", status: 65, stderr: ["trip.json", "expected"]) { s in
        [try tripFile(s, "[" + tripJSON() + "]")]
    },
    HostileCase("a JSON string at the top of an itinerary", status: 65, stderr: ["trip.json", "expected"]) { s in
        [try tripFile(s, #""hello""#)]
    },
    HostileCase("an empty place name", status: 65, stderr: ["trip.json: placesToGo[0].name: the name is empty"]) { s in
        [try tripFile(s, tripJSON(#"{"name":"","location":{"lat":48.85,"lng":2.29}}"#))]
    },
    HostileCase("a duplicate placeID", status: 65, stderr: ["trip.json", #"placeID "x" is already used"#]) { s in
        [try tripFile(s, #"{"placesToGo":[{"name":"E","placeID":"x","location":{"lat":48.85,"lng":2.29}},"#
            + #"{"name":"L","placeID":"x","location":{"lat":48.86,"lng":2.33}}]}"#)]
    },
    HostileCase("travelMode at the top level instead of in route", status: 65,
                stderr: ["trip.json", "travelMode: is a route setting, and is ignored at the top level", #""route": {"travelMode""#]) { s in
        [try tripFile(s, tripJSON(extra: #""travelMode":"walking","#))]
    },
    HostileCase("an unknown travelMode", status: 65, stderr: ["trip.json", "travelMode", #"unknown value "flying""#]) { s in
        [try tripFile(s, tripJSON(extra: #""route":{"travelMode":"flying"},"#))]
    },
    HostileCase("route.start naming no place", status: 65, stderr: ["trip.json", "route.start", #""Nowhere" names no stop"#]) { s in
        [try tripFile(s, tripJSON(extra: #""route":{"start":"Nowhere"},"#))]
    },
    HostileCase("route.end naming no place", status: 65, stderr: ["trip.json", "route.end", #""Nowhere" names no stop"#]) { s in
        [try tripFile(s, tripJSON(extra: #""route":{"end":"Nowhere"},"#))]
    },
    HostileCase("an itinerary without placesToGo", status: 65, stderr: ["trip.json: placesToGo: required field is missing"]) { s in
        [try tripFile(s, #"{"name":"x"}"#)]
    },
    HostileCase("placesToGo as an object", status: 65, stderr: ["trip.json: placesToGo: expected"]) { s in
        [try tripFile(s, #"{"placesToGo":{}}"#)]
    },
    HostileCase("a place without a location", status: 65, stderr: ["trip.json: placesToGo[0].location: required field is missing"]) { s in
        [try tripFile(s, tripJSON(#"{"name":"E"}"#))]
    },
    HostileCase("a location without lat", status: 65, stderr: ["trip.json: placesToGo[0].location.lat: required field is missing"]) { s in
        [try tripFile(s, tripJSON(#"{"name":"E","location":{"lng":2.29}}"#))]
    },
    HostileCase("a place name that is a number", status: 65, stderr: ["trip.json: placesToGo[0].name: expected"]) { s in
        [try tripFile(s, tripJSON(#"{"name":5,"location":{"lat":48.85,"lng":2.29}}"#))]
    },
    HostileCase("a trailing comma in placesToGo", status: 65, stderr: ["trip.json", "trailing comma"]) { s in
        [try tripFile(s, #"{"placesToGo":[\#(eiffelPlace),\#(louvrePlace),]}"#)]
    },
    HostileCase("a comment in an itinerary", status: 65, stderr: ["trip.json", "no comments"]) { s in
        [try tripFile(s, "// hi\n" + tripJSON())]
    },
    HostileCase("an itinerary in single quotes", status: 65, stderr: ["trip.json", "single quotes"]) { s in
        [try tripFile(s, tripJSON().replacingOccurrences(of: "\"", with: "'"))]
    },
    HostileCase("an invalid escape in a place name", status: 65, stderr: ["trip.json", "invalid escape"]) { s in
        [try tripFile(s, tripJSON(#"{"name":"E\x","location":{"lat":48.85,"lng":2.29}}"#))]
    },
    HostileCase("a lone surrogate escape in a place name", status: 65, stderr: ["trip.json", #"\uD800"#, "surrogate"]) { s in
        [try tripFile(s, tripJSON(#"{"name":"E\uD800","location":{"lat":48.85,"lng":2.29}}"#))]
    },
    HostileCase("a raw tab in a place name", status: 65, stderr: ["trip.json", "control characters must be escaped"]) { s in
        [try tripFile(s, tripJSON("{\"name\":\"E\ttab\",\"location\":{\"lat\":48.85,\"lng\":2.29}}"))]
    },
    HostileCase("Latin-1 bytes in a place name", status: 65, stderr: ["trip.json", "not UTF-8"]) { s in
        let text = Data(tripJSON(#"{"name":"CAFE","location":{"lat":48.85,"lng":2.29}}"#).utf8)
        return [try s.file("trip.json", contents: Data(text.map { $0 == UInt8(ascii: "E") ? 0xC9 : $0 }))]
    },
    HostileCase("an overlong UTF-8 sequence in the title", status: 65, stderr: ["trip.json", "not UTF-8"]) { s in
        [try s.file("trip.json", contents: Data(#"{"name":""#.utf8) + Data([0xC0, 0xAF]) + Data(#"","placesToGo":[\#(eiffelPlace)]}"#.utf8))]
    },
    HostileCase("an itinerary of 12,000 places", status: 69, stderr: ["the itinerary has 12000 stops, more than the limit of 10000"]) { s in
        let places = (0..<12_000).map { i in
            #"{"name":"P\#(i)","location":{"lat":\#(-60 + Double(i % 1000) * 0.1),"lng":\#(-170 + Double(i / 1000) * 0.5)}}"#
        }
        return [try tripFile(s, #"{"placesToGo":[\#(places.joined(separator: ","))]}"#)]
    },
    HostileCase("a sparse 100 MB itinerary is refused by its size", status: 69, stderr: ["trip.json", "more than the 64 MiB limit"]) { s in
        let path = try s.file("trip.json", "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        return [path]
    },
]

/// TSPLIB instances `solve` refuses: each names the file and the line.
let tsplibCases: [HostileCase] = [
    HostileCase("an explicit weight above 2^30 - 1", status: 65, stderr: ["t.tsp, line 8", "1073741824", "is not a whole number from 0 to"]) { s in
        ["solve", try s.file("t.tsp", fullMatrix("0 1 2\n1 0 1073741824\n2 1073741824 0\n"))]
    },
    HostileCase("TYPE: TSP with an asymmetric FULL_MATRIX", status: 65, stderr: ["t.tsp, line", "declare TYPE: ATSP"]) { s in
        ["solve", try s.file("t.tsp", fullMatrix("0 1 2\n5 0 1\n2 1 0\n"))]
    },
    HostileCase("a negative explicit weight", status: 65, stderr: ["t.tsp, line 7", "'-1' is negative"]) { s in
        ["solve", try s.file("t.tsp", fullMatrix("0 -1 2\n-1 0 1\n2 1 0\n"))]
    },
    HostileCase("too few explicit weights", status: 65, stderr: ["t.tsp, line", "EDGE_WEIGHT_SECTION has 5 numbers", "needs 9"]) { s in
        ["solve", try s.file("t.tsp", fullMatrix("0 1 2\n1 0\n"))]
    },
    HostileCase("too many explicit weights", status: 65, stderr: ["t.tsp, line", "more than the 9 numbers"]) { s in
        ["solve", try s.file("t.tsp", fullMatrix("0 1 2\n1 0 1\n2 1 0\n7\n"))]
    },
    HostileCase("DIMENSION: 0", status: 65, stderr: ["t.tsp, line 3", "DIMENSION '0' is not a whole number of at least 1"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nDIMENSION : 0\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("DIMENSION: -1", status: 65, stderr: ["t.tsp, line 3", "DIMENSION '-1'"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nDIMENSION : -1\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("DIMENSION: 1e9", status: 65, stderr: ["t.tsp, line 3", "DIMENSION '1e9'"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nDIMENSION : 1e9\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("DIMENSION: abc", status: 65, stderr: ["t.tsp, line 3", "DIMENSION 'abc'"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nDIMENSION : abc\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("DIMENSION past Int64", status: 65, stderr: ["t.tsp, line 3", "DIMENSION '99999999999999999999'"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nDIMENSION : 99999999999999999999\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("DIMENSION missing", status: 65, stderr: ["t.tsp, line", "DIMENSION is missing"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("NODE_COORD_SECTION missing", status: 65, stderr: ["t.tsp, line", "without a NODE_COORD_SECTION"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "EOF\n"))]
    },
    HostileCase("a node listed twice", status: 65, stderr: ["t.tsp, line 7", "node 1 is listed again (first on line 6)"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0\n1 3 0\n3 0 4\nEOF\n"))]
    },
    HostileCase("a node out of range", status: 65, stderr: ["t.tsp, line 8", "node 4 is outside 1...3"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0\n2 3 0\n4 0 4\nEOF\n"))]
    },
    HostileCase("too few nodes", status: 65, stderr: ["t.tsp, line", "lists 2 nodes but DIMENSION is 3"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0\n2 3 0\nEOF\n"))]
    },
    HostileCase("a NaN coordinate", status: 65, stderr: ["t.tsp, line 7", "nan"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0\n2 nan 0\n3 0 4\nEOF\n"))]
    },
    HostileCase("an infinite coordinate", status: 65, stderr: ["t.tsp, line 7", "inf"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0\n2 inf 0\n3 0 4\nEOF\n"))]
    },
    HostileCase("a coordinate of 1e300", status: 65, stderr: ["t.tsp, line 7", "exceeds the supported magnitude 1e15"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0\n2 1e300 0\n3 0 4\nEOF\n"))]
    },
    HostileCase("a node line with four numbers", status: 65, stderr: ["t.tsp, line 6", "not a node line"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0 9\n2 3 0\n3 0 4\nEOF\n"))]
    },
    HostileCase("an unsupported EDGE_WEIGHT_TYPE", status: 65, stderr: ["t.tsp, line 4", "EDGE_WEIGHT_TYPE 'XRAY1' is not supported"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : XRAY1\n"))]
    },
    HostileCase("an unsupported TYPE", status: 65, stderr: ["t.tsp, line 2", "TYPE 'CVRP' is not supported"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : CVRP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("a duplicate keyword", status: 65, stderr: ["t.tsp, line 4", "DIMENSION appears again (first on line 3)"]) { s in
        ["solve", try s.file("t.tsp", tsplib("TYPE : TSP\nDIMENSION : 3\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EUC_2D\n"))]
    },
    HostileCase("an EXPLICIT instance without EDGE_WEIGHT_FORMAT", status: 65, stderr: ["t.tsp, line 5", "the EDGE_WEIGHT_FORMAT keyword is missing"]) { s in
        ["solve", try s.file("t.tsp", "NAME : m\nTYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_SECTION\n0 1 2\n1 0 1\n2 1 0\nEOF\n")]
    },
    HostileCase("a NUL byte in the middle of an instance", status: 65, stderr: ["t.tsp, line 7", "contains NUL bytes at byte"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "NODE_COORD_SECTION\n1 0 0\n2 3\u{0} 0\n3 0 4\nEOF\n"))]
    },
    HostileCase("Latin-1 bytes at the start of an instance", status: 65, stderr: ["t.tsp, line 1", "not UTF-8 text at byte 7"]) { s in
        ["solve", try s.file("t.tsp", contents: Data([0x4E, 0x41, 0x4D, 0x45, 0x20, 0x3A, 0x20, 0xE9]) + Data(("\n" + String(tsplib().dropFirst(9))).utf8))]
    },
    HostileCase("an instance in UTF-16", status: 65, stderr: ["t.tsp, line 1", "is UTF-16 text", "iconv -f utf-16 -t utf-8"]) { s in
        ["solve", try s.file("t.tsp", contents: encoded(tsplib(), .utf16LittleEndian, bom: Data([0xFF, 0xFE])))]
    },
    HostileCase("an instance in UTF-16BE without a byte-order mark", status: 65, stderr: ["t.tsp, line 1", "is UTF-16 text"]) { s in
        ["solve", try s.file("t.tsp", contents: encoded(tsplib(), .utf16BigEndian))]
    },
    HostileCase("an instance in UTF-32", status: 65, stderr: ["t.tsp, line 1", "is UTF-32 text", "iconv -f utf-32 -t utf-8"]) { s in
        ["solve", try s.file("t.tsp", contents: encoded(tsplib(), .utf32LittleEndian, bom: Data([0xFF, 0xFE, 0, 0])))]
    },
    HostileCase("an empty instance", status: 65, stderr: ["t.tsp: the file is empty"]) { s in
        ["solve", try s.file("t.tsp", "")]
    },
    HostileCase("a line that is not a keyword", status: 65, stderr: ["t.tsp, line 1", "is not a 'KEYWORD : value' line"]) { s in
        ["solve", try s.file("t.tsp", "hello world\n" + tsplib())]
    },
    HostileCase("an unsupported section", status: 65, stderr: ["t.tsp, line", "FIXED_EDGES_SECTION is not supported"]) { s in
        ["solve", try s.file("t.tsp", tsplib(body: "FIXED_EDGES_SECTION\n1 2\n-1\nNODE_COORD_SECTION\n1 0 0\n2 3 0\n3 0 4\nEOF\n"))]
    },
    HostileCase("a .tsp.gz that is plain text is read as text", status: 0, stdout: ["3 nodes"]) { s in
        ["solve", try s.file("t.tsp.gz", tsplib())]
    },
    HostileCase("an empty .tsp.gz", status: 65, stderr: ["t.tsp.gz: the file is empty"]) { s in
        ["solve", try s.file("t.tsp.gz", "")]
    },
    HostileCase("a truncated .tsp.gz", status: 65, stderr: ["t.tsp.gz", "cannot be decompressed"]) { s in
        ["solve", try s.file("t.tsp.gz", contents: Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0x4B, 0x4C]))]
    },
]

/// `--matrix` files that do not fit: each names the file and the place in it.
let matrixFileCases: [HostileCase] = [
    HostileCase("a Google matrix with a duplicate key", status: 65, stderr: ["m.json", #"duplicate key "value""#, "rows[0].elements[1].duration.value"]) { s in
        try withMatrix(s, Data(googleMatrix(#"{"distance":{"text":"x","value":1},"duration":{"text":"y","value":5,"value":6},"status":"OK"}"#).utf8))
    },
    HostileCase("a Google matrix with a duplicate status", status: 65, stderr: ["m.json", #"duplicate key "status""#]) { s in
        try withMatrix(s, Data((#"{"status":"OK","# + googleMatrix().dropFirst()).utf8))
    },
    HostileCase("a Google matrix with a duration of 1e400", status: 65, stderr: ["m.json", "out of range", "rows[0].elements[1].duration.value"]) { s in
        try withMatrix(s, Data(googleMatrix(googleElement("1e400")).utf8))
    },
    HostileCase("a Google matrix with a negative duration", status: 65, stderr: ["m.json", "rows[0].elements[1]"]) { s in
        try withMatrix(s, Data(googleMatrix(googleElement("-5")).utf8))
    },
    HostileCase("a Google matrix with a ragged row", status: 65, stderr: ["m.json", "rows[1]"]) { s in
        try withMatrix(s, Data(#"{"destination_addresses":["a","b"],"origin_addresses":["a","b"],"rows":[{"elements":[\#(googleElement("0")),\#(googleElement("1"))]},{"elements":[\#(googleElement("2"))]}],"status":"OK"}"#.utf8))
    },
    HostileCase("a Google matrix for three stops", status: 65, stderr: ["m.json has 3 origins × 3 destinations but the itinerary has 2 stops"]) { s in
        let row = #"{"elements":[\#(googleElement("0")),\#(googleElement("1")),\#(googleElement("2"))]}"#
        return try withMatrix(s, Data(#"{"destination_addresses":["a","b","c"],"origin_addresses":["a","b","c"],"rows":[\#(row),\#(row),\#(row)],"status":"OK"}"#.utf8))
    },
    HostileCase("a Google matrix in UTF-16", status: 65, stderr: ["m.json", "UTF-16"]) { s in
        try withMatrix(s, encoded(googleMatrix(), .utf16LittleEndian, bom: Data([0xFF, 0xFE])))
    },
    HostileCase("OVER_QUERY_LIMIT with escaped control characters in error_message", status: 65,
                stderr: ["m.json is a failed Google Distance Matrix response with status OVER_QUERY_LIMIT", #"slow \u{1B}[31mdown\u{7} now"#]) { s in
        try withMatrix(s, Data(#"{"status":"OVER_QUERY_LIMIT","error_message":"slow \u001b[31mdown\u0007 now","rows":[]}"#.utf8))
    },
    HostileCase("OVER_QUERY_LIMIT with a raw ESC in error_message", status: 65,
                stderr: ["m.json is not valid JSON", "U+001B", "at error_message"]) { s in
        try withMatrix(s, Data(#"{"status":"OVER_QUERY_LIMIT","error_message":"slow \#u{1B}[31mdown\#u{07} now","rows":[]}"#.utf8))
    },
    HostileCase("REQUEST_DENIED", status: 65, stderr: ["m.json", "REQUEST_DENIED"]) { s in
        try withMatrix(s, Data(#"{"status":"REQUEST_DENIED","error_message":"bad key","rows":[]}"#.utf8))
    },
    HostileCase("an element with an unknown status", status: 65, stderr: ["m.json", "rows[0].elements[1]", "WEIRD"]) { s in
        try withMatrix(s, Data(googleMatrix(#"{"status":"WEIRD"}"#).utf8))
    },
    HostileCase("a bare JSON array as a matrix", status: 65, stderr: ["m.json"]) { s in
        try withMatrix(s, Data("[[0,1],[1,0]]".utf8))
    },
    HostileCase("an empty matrix file", status: 65, stderr: ["m.json", "empty"]) { s in
        try withMatrix(s, Data())
    },
    HostileCase("an empty JSON object as a matrix", status: 65, stderr: ["m.json"]) { s in
        try withMatrix(s, Data("{}".utf8))
    },
    HostileCase("a gzip matrix file", status: 65, stderr: ["m.json", "gzip-compressed"]) { s in
        try withMatrix(s, Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03]) + Data(count: 20))
    },
    HostileCase("an OSRM table with a short row", status: 65, stderr: ["m.json", "durations"]) { s in
        let table = try osrmTable(replacing: "192.6,", with: "")
        return try withBerlinMatrix(s, table)
    },
    HostileCase("an OSRM table with a duration of 1e400", status: 65, stderr: ["m.json", "out of range", "durations[0][1]"]) { s in
        try withBerlinMatrix(s, try osrmTable(replacing: "192.6", with: "1e400"))
    },
    HostileCase("an OSRM table with a negative duration", status: 65, stderr: ["m.json", "durations[0][1]"]) { s in
        try withBerlinMatrix(s, try osrmTable(replacing: "192.6", with: "-192.6"))
    },
    HostileCase("an OSRM table with a duration as a string", status: 65, stderr: ["m.json", "durations[0][1]"]) { s in
        try withBerlinMatrix(s, try osrmTable(replacing: "192.6", with: "\"192.6\""))
    },
    HostileCase("an OSRM table with an error code and control characters", status: 65, stderr: ["m.json is a failed OSRM response with code NoTable", #"no \u{1B}]0;x\u{7} table"#]) { s in
        try withBerlinMatrix(s, try osrmTable(replacing: #""code": "Ok""#, with: #""code": "NoTable", "message": "no \u001b]0;x\u0007 table""#))
    },
    HostileCase("an OSRM table with a duplicate code", status: 65, stderr: ["m.json", #"duplicate key "code""#]) { s in
        var table = try osrmTable()
        table = String(table[..<table.lastIndex(of: "}")!]) + #", "code": "Ok"}"#
        return try withBerlinMatrix(s, table)
    },
    HostileCase("an OSRM table in UTF-32", status: 65, stderr: ["m.json", "UTF-32"]) { s in
        [try s.itinerary(fixture: "berlin-osrm-three-stops.json"), "--matrix",
         try s.file("m.json", contents: encoded(try osrmTable(), .utf32BigEndian, bom: Data([0, 0, 0xFE, 0xFF])))]
    },
    HostileCase("an OSRM table for the wrong number of stops", status: 65, stderr: ["3", "2 stops"]) { s in
        [try s.itinerary(), "--matrix", try s.file("m.json", try osrmTable())]
    },
    HostileCase("a Google matrix read as OSRM", status: 65, stderr: ["m.json has no durations"]) { s in
        try withMatrix(s, Data(googleMatrix().utf8), "--matrix-format", "osrm")
    },
    HostileCase("a tile cache folder with a broken tile", status: 65, stderr: ["tiles/b.json is not valid JSON", "line 1, column 11"]) { s in
        try s.copy(fixture("matrix/synthetic-lyon-30-stops-tiles.json"), to: "tiles/a.json")
        try s.file("tiles/b.json", #"{"broken":"#)
        return [try s.itinerary(fixture: "synthetic-lyon-30-stops.json"), "--matrix", s.path("tiles")]
    },
]

/// Options out of range or unknown: refused before any input is read.
let optionCases: [HostileCase] = [
    // Numeric options take the next argument whatever it looks like, so a
    // negative number is read and refused by its range, not "missing".
    HostileCase("--time-limit -1", status: 64, stderr: ["--time-limit must be a number of seconds from 0.001 to 604800 (one week), got -1.0"]) { s in
        [try s.itinerary(), "--time-limit", "-1"]
    },
    HostileCase("--time-limit 604801", status: 64, stderr: ["--time-limit", "604800 (one week)"]) { s in
        [try s.itinerary(), "--time-limit", "604801"]
    },
    HostileCase("--time-limit abc", status: 64, stderr: ["--time-limit"]) { s in
        [try s.itinerary(), "--time-limit", "abc"]
    },
    HostileCase("--time-limit \"\"", status: 64, stderr: ["--time-limit"]) { s in
        [try s.itinerary(), "--time-limit", ""]
    },
    HostileCase("--max-memory abc", status: 64, stderr: [#"--max-memory "abc" is not a size"#]) { s in
        [try s.itinerary(), "--max-memory", "abc"]
    },
    HostileCase("--max-memory -1", status: 64, stderr: ["--max-memory -1 is too small"]) { s in
        [try s.itinerary(), "--max-memory", "-1"]
    },
    HostileCase("--max-memory 1X", status: 64, stderr: ["is not a size"]) { s in
        [try s.itinerary(), "--max-memory", "1X"]
    },
    HostileCase("--max-memory \"\"", status: 64, stderr: ["--max-memory"]) { s in
        [try s.itinerary(), "--max-memory", ""]
    },
    HostileCase("--max-waypoints 10", status: 64, stderr: ["from 1 to 9, got 10"]) { s in
        [try s.itinerary(), "--max-waypoints", "10"]
    },
    HostileCase("--max-waypoints -1", status: 64, stderr: ["--max-waypoints must be from 1 to 9, got -1"]) { s in
        [try s.itinerary(), "--max-waypoints", "-1"]
    },
    HostileCase("--max-waypoints abc", status: 64, stderr: ["--max-waypoints"]) { s in
        [try s.itinerary(), "--max-waypoints", "abc"]
    },
    HostileCase("--seed -1", status: 64, stderr: ["The value '-1' is invalid for '--seed"]) { s in
        [try s.itinerary(), "--seed", "-1"]
    },
    HostileCase("--seed abc", status: 64, stderr: ["--seed"]) { s in
        [try s.itinerary(), "--seed", "abc"]
    },
    HostileCase("--matrix-format nope", status: 64, stderr: ["--matrix-format"]) { s in
        try withMatrix(s, Data(googleMatrix().utf8), "--matrix-format", "nope")
    },
    HostileCase("--matrix-format without --matrix", status: 64, stderr: ["--matrix-format needs --matrix FILE"]) { s in
        [try s.itinerary(), "--matrix-format", "google"]
    },
    HostileCase("--travel-mode flying", status: 64, stderr: ["--travel-mode", "flying"]) { s in
        [try s.itinerary(), "--travel-mode", "flying"]
    },
    HostileCase("--optimize-for speed", status: 64, stderr: ["--optimize-for", "speed"]) { s in
        [try s.itinerary(), "--optimize-for", "speed"]
    },
    HostileCase("--format pdf", status: 64, stderr: ["--format", "pdf"]) { s in
        [try s.itinerary(), "--format", "pdf"]
    },
    HostileCase("--exact --heuristic", status: 64, stderr: ["--exact and --heuristic cannot be used together"]) { s in
        [try s.itinerary(), "--exact", "--heuristic"]
    },
    HostileCase("--end naming no place", status: 65, stderr: [#""nowhere" names no stop"#]) { s in
        [try s.itinerary(), "--end", "nowhere"]
    },
    HostileCase("an unknown option", status: 64, stderr: ["--bogus"]) { s in
        [try s.itinerary(), "--bogus"]
    },
    HostileCase("optimize without an itinerary", status: 64, stderr: ["give at least one itinerary file"]) { _ in
        ["optimize"]
    },
    HostileCase("solve --format gpx", status: 64, stderr: ["--format", "gpx"]) { s in
        ["solve", try s.file("t.tsp", triangle()), "--format", "gpx"]
    },
    HostileCase("solve --exact --heuristic", status: 64, stderr: ["--exact and --heuristic cannot be used together"]) { s in
        ["solve", try s.file("t.tsp", triangle()), "--exact", "--heuristic"]
    },
    HostileCase("solve --seed -1", status: 64, stderr: ["--seed"]) { s in
        ["solve", try s.file("t.tsp", triangle()), "--seed", "-1"]
    },
    HostileCase("solve --max-memory 0", status: 64, stderr: ["too small"]) { s in
        ["solve", try s.file("t.tsp", triangle()), "--max-memory", "0"]
    },
    HostileCase("solve --time-limit nan", status: 64, stderr: ["--time-limit"]) { s in
        ["solve", try s.file("t.tsp", triangle()), "--time-limit", "nan"]
    },
    HostileCase("solve without an instance", status: 64, stderr: ["Missing"]) { _ in
        ["solve"]
    },
    HostileCase("matrix fetch --provider nope", status: 64, stderr: ["--provider"]) { s in
        ["matrix", "fetch", try s.itinerary(), "--provider", "nope"]
    },
    HostileCase("matrix fetch --provider osrm without --server", status: 64, stderr: ["--provider osrm needs --server URL"]) { s in
        ["matrix", "fetch", try s.itinerary(), "--provider", "osrm"]
    },
    HostileCase("matrix fetch --server ftp://", status: 64, stderr: [#"--server "ftp://x" is not an http(s) URL"#]) { s in
        ["matrix", "fetch", try s.itinerary(), "--provider", "osrm", "--server", "ftp://x"]
    },
    // `serve` checks its options before it listens: none of these starts a server.
    HostileCase("serve --port 70000", status: 64, stderr: ["--port must be from 0 to 65535, got 70000"]) { _ in
        ["serve", "--port", "70000"]
    },
    HostileCase("serve --port -1", status: 64, stderr: ["--port must be from 0 to 65535, got -1"]) { _ in
        ["serve", "--port", "-1"]
    },
    HostileCase("serve --threads 0", status: 64, stderr: ["--threads must be from 1 to 1024, got 0"]) { _ in
        ["serve", "--threads", "0"]
    },
    HostileCase("serve --threads 1025", status: 64, stderr: ["--threads must be from 1 to 1024, got 1025"]) { _ in
        ["serve", "--threads", "1025"]
    },
    HostileCase("serve --queue -1", status: 64, stderr: ["--queue must be from 0 to 1000000, got -1"]) { _ in
        ["serve", "--queue", "-1"]
    },
    HostileCase("serve --max-stops 0", status: 64, stderr: ["--max-stops must be from 1 to 1000000, got 0"]) { _ in
        ["serve", "--max-stops", "0"]
    },
    HostileCase("serve --max-body 1", status: 64, stderr: [#"--max-body "1" must be a size from 1K to 1G"#]) { _ in
        ["serve", "--max-body", "1"]
    },
    HostileCase("serve --max-body 2G", status: 64, stderr: [#"--max-body "2G" must be a size from 1K to 1G"#]) { _ in
        ["serve", "--max-body", "2G"]
    },
    HostileCase("serve --max-body abc", status: 64, stderr: [#"--max-body "abc""#]) { _ in
        ["serve", "--max-body", "abc"]
    },
    HostileCase("serve --max-memory 1K", status: 64, stderr: [#"--max-memory "1K" must be a size of at least 1M"#]) { _ in
        ["serve", "--max-memory", "1K"]
    },
    HostileCase("serve --time-limit 100 --max-time-limit 10", status: 64,
                stderr: ["--time-limit (100.0 s) cannot exceed --max-time-limit (10.0 s)"]) { _ in
        ["serve", "--time-limit", "100", "--max-time-limit", "10"]
    },
    HostileCase("serve --time-limit 0", status: 64, stderr: ["--time-limit must be from 0.001 to 86400 seconds"]) { _ in
        ["serve", "--time-limit", "0"]
    },
    HostileCase("serve --max-time-limit 1e9", status: 64, stderr: ["--max-time-limit must be from 0.001 to 86400 seconds"]) { _ in
        ["serve", "--max-time-limit", "1e9"]
    },
    HostileCase("serve --time-limit nan", status: 64, stderr: ["--time-limit"]) { _ in
        ["serve", "--time-limit", "nan"]
    },
    HostileCase("serve --log-level loud", status: 64, stderr: ["--log-level must be one of trace"]) { _ in
        ["serve", "--log-level", "loud"]
    },
    HostileCase("serve with an argument", status: 64, stderr: ["extra"]) { _ in
        ["serve", "extra"]
    },
]

/// Every row of the catalogue.
/// `schedule`: multi-day trips with broken trip fields, and its outputs.
let scheduleCases: [HostileCase] = {
    let hotel = #""lodging":{"name":"H","location":{"lat":48.85,"lng":2.35}}"#
    let eiffel = #"{"name":"Eiffel","location":{"lat":48.858,"lng":2.294}}"#
    @Sendable func trip(_ fields: String, places: String = eiffel) -> String {
        #"{"startDate":"2026-09-21",\#(fields)"placesToGo":[\#(places)]}"#
    }
    @Sendable func place(_ extra: String) -> String { #"{"name":"X","location":{"lat":48.86,"lng":2.3},\#(extra)}"# }
    return [
        HostileCase("schedule: no startDate", status: 65, stderr: ["trip.json: startDate", "add startDate"]) { s in
            ["schedule", try s.file("trip.json", #"{\#(hotel),"placesToGo":[\#(eiffel)]}"#)]
        },
        HostileCase("schedule: endDate before startDate", status: 65, stderr: ["trip.json: endDate: 2026-09-20 is before startDate 2026-09-21"]) { s in
            ["schedule", try s.file("trip.json", trip(#""endDate":"2026-09-20",\#(hotel),"#))]
        },
        HostileCase("schedule: a 425-day trip", status: 65, stderr: ["trip.json: endDate: the trip lasts 425 days, more than the limit of 366"]) { s in
            ["schedule", try s.file("trip.json", #"{"startDate":"2026-01-01","endDate":"2027-03-01",\#(hotel),"placesToGo":[\#(eiffel)]}"#)]
        },
        HostileCase("schedule: a days entry outside the trip", status: 65, stderr: ["trip.json: days[0].date: 2026-10-01 is not the trip's one day"]) { s in
            ["schedule", try s.file("trip.json", trip(#"\#(hotel),"days":[{"date":"2026-10-01"}],"#))]
        },
        HostileCase("schedule: a break longer than its window", status: 65, stderr: ["trip.json: days[0].breaks[0]: a 45-minute break does not fit between 12:00 and 12:30"]) { s in
            ["schedule", try s.file("trip.json", trip(#"\#(hotel),"days":[{"date":"2026-09-21","breaks":[{"earliest":"12:00","latest":"12:30","minutes":45}]}],"#))]
        },
        HostileCase("schedule: an opening time 2561", status: 65, stderr: ["trip.json: placesToGo[0].opening_hours.periods[0].open.time: \"2561\" is not valid"]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),", places: place(#""opening_hours":{"periods":[{"open":{"day":1,"time":"2561"}}]}"#)))]
        },
        HostileCase("schedule: both opening-hours formats", status: 65, stderr: ["trip.json: placesToGo[0].regularOpeningHours: both opening_hours and regularOpeningHours are given"]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),", places: place(#""opening_hours":{"periods":[]},"regularOpeningHours":{"periods":[]}"#)))]
        },
        HostileCase("schedule: priority 0", status: 65, stderr: ["trip.json: placesToGo[0].priority: 0 is out of range"]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),", places: place(#""priority":0"#)))]
        },
        HostileCase("schedule: visitMinutes 2000", status: 65, stderr: ["trip.json: placesToGo[0].visitMinutes: 2000 is out of range"]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),", places: place(#""visitMinutes":2000"#)))]
        },
        HostileCase("schedule: a ticket outside the trip", status: 65, stderr: ["trip.json: placesToGo[0].fixedStart: 2026-09-25 is not the trip's one day"]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),", places: place(#""fixedStart":"2026-09-25T10:00""#)))]
        },
        HostileCase("schedule: a closed date that does not exist", status: 65, stderr: ["trip.json: placesToGo[0].closedDates[0]: \"2026-13-01\" is not valid"]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),", places: place(#""closedDates":["2026-13-01"]"#)))]
        },
        HostileCase("schedule: no place to start the day", status: 65, stderr: ["trip.json: 2026-09-21 has no place to start the day at", "add a lodging"]) { s in
            ["schedule", try s.file("trip.json", trip(""))]
        },
        HostileCase("schedule: -o naming the itinerary", status: 64, stderr: ["trip.json"]) { s in
            let path = try s.file("trip.json", trip("\(hotel),"))
            return ["schedule", path, "-o", path]
        },
        HostileCase("schedule: --time-limit 1e10", status: 64, stderr: ["--time-limit must be a number of seconds from 0.001 to 604800"]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),")), "--time-limit", "1e10"]
        },
        HostileCase("schedule: escape sequences in a place name are escaped in the plan", status: 0, stdout: [#"Tower\u{1B}]0;pwned\u{7}"#]) { s in
            ["schedule", try s.file("trip.json", trip("\(hotel),", places: #"{"name":"Tower\u001b]0;pwned\u0007","location":{"lat":48.86,"lng":2.3}}"#))]
        },
    ]
}()

let allHostileCases: [HostileCase] = hostileCases + itineraryJSONCases + tsplibCases + matrixFileCases + optionCases + scheduleCases

@Suite("Hostile input catalogue")
struct HostileInputCatalogueTests {
    @Test("each hostile command line ends as documented and touches only what it should", arguments: allHostileCases)
    func hostile(_ row: HostileCase) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        var arguments = try row.arguments(sandbox)
        let known = ["optimize", "schedule", "solve", "matrix", "serve"]
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
