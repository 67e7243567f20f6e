#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// A temporary folder for one test, with helpers to lay out hostile inputs
/// (FIFOs, links, folders) and a snapshot to tell what a run changed.
final class Sandbox: @unchecked Sendable {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// The absolute path of `name` in the sandbox.
    func path(_ name: String) -> String { root + "/" + name }

    /// A copy of the fixture itinerary `fixtureName` at `name`.
    @discardableResult
    func itinerary(_ name: String = "trip.json", fixture fixtureName: String = "paris-two-places.json") throws -> String {
        try copy(fixture("itineraries/\(fixtureName)"), to: name)
    }

    /// A copy of the file `source` at `name` (parent folders created).
    @discardableResult
    func copy(_ source: String, to name: String) throws -> String {
        try file(name, contents: Data(contentsOf: URL(fileURLWithPath: source)))
    }

    /// A file `name` holding `text`.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        try file(name, contents: Data(text.utf8))
    }

    @discardableResult
    func file(_ name: String, contents: Data) throws -> String {
        let target = path(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try contents.write(to: URL(fileURLWithPath: target))
        return target
    }

    /// An itinerary whose title and place names are `names[0]`, `names[1…]`.
    @discardableResult
    func itinerary(_ name: String, title: String, places: [String]) throws -> String {
        let object: [String: Any] = [
            "name": title,
            "placesToGo": places.enumerated().map { index, place in
                ["name": place, "location": ["lat": 48.85 + Double(index) * 0.01, "lng": 2.29 + Double(index) * 0.01]]
            },
        ]
        return try file(name, contents: JSONSerialization.data(withJSONObject: object))
    }

    @discardableResult
    func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        return path(name)
    }

    @discardableResult
    func fifo(_ name: String) throws -> String {
        guard mkfifo(path(name), 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return path(name)
    }

    /// A character device `name` with the numbers of `fallback` (`/dev/null`
    /// is 1, 3; `/dev/full` is 1, 7), so that a regression that replaces the
    /// device it writes to (as `--output /dev/null` did, run as root) breaks
    /// only this copy. Creating device nodes needs root; without it the test
    /// uses `fallback` itself, which is then safe from being replaced.
    func device(_ name: String, major: UInt32, minor: UInt32, fallback: String) -> String {
        #if os(Linux)
        let number = dev_t((major & 0xfff) << 8 | (minor & 0xff))
        #else
        let number = dev_t(Int32(major << 24 | minor))
        #endif
        let target = path(name)
        guard mknod(target, S_IFCHR | 0o666, number) == 0 else { return fallback }
        chmod(target, 0o666)  // mknod's mode is masked by the umask
        // A file system mounted nodev lets the node be made but not opened.
        let descriptor = open(target, O_WRONLY)
        guard descriptor >= 0 else {
            unlink(target)
            return fallback
        }
        close(descriptor)
        return target
    }

    /// A symbolic link `name` whose target is `target`, as written (relative or absolute).
    @discardableResult
    func symlink(_ name: String, to target: String) throws -> String {
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: target)
        return path(name)
    }

    @discardableResult
    func hardLink(_ name: String, to existing: String) throws -> String {
        try FileManager.default.linkItem(atPath: existing, toPath: path(name))
        return path(name)
    }

    /// Every entry under the sandbox (links not followed, FIFOs not
    /// opened), by relative path, described by kind, permissions and, for
    /// regular files, contents.
    func snapshot() -> [String: String] {
        var entries: [String: String] = [:]
        func walk(_ relative: String) {
            let full = relative.isEmpty ? root : path(relative)
            var info = stat()
            guard lstat(full, &info) == 0 else { return }
            let mode = String(info.st_mode & 0o7777, radix: 8)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if !relative.isEmpty { entries[relative] = "folder \(mode)" }
                for name in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [] {
                    walk(relative.isEmpty ? name : relative + "/" + name)
                }
            case S_IFREG:
                let contents = (try? Data(contentsOf: URL(fileURLWithPath: full))) ?? Data()
                entries[relative] = "file \(mode) inode \(info.st_ino) \(contents.count) bytes: \(String(decoding: contents, as: UTF8.self))"
            case S_IFLNK:
                entries[relative] = "link -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
            case S_IFIFO:
                entries[relative] = "fifo \(mode)"
            default:
                entries[relative] = "other \(mode)"
            }
        }
        walk("")
        return entries
    }

    /// The relative paths whose entries differ between two snapshots.
    static func changes(from before: [String: String], to after: [String: String]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }
}

/// Whether `text` holds a control character a terminal would act on
/// (anything ``TerminalText`` escapes, newlines apart).
func hasRawControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains {
        switch $0.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// The built `routeplan` executable, run as a child process where real
/// standard output behaviour matters.
enum Subprocess {
    /// Where the child's standard output goes.
    enum Sink: Sendable, CustomStringConvertible {
        /// A pipe read by the test.
        case captured
        /// `/dev/full`: every write fails with ENOSPC.
        case deviceFull
        /// Closed, as with the shell's `>&-`.
        case closed
        /// A pipe whose reading end is already closed: writes fail with EPIPE.
        case brokenPipe

        var description: String {
            switch self {
            case .captured: return "a pipe"
            case .deviceFull: return "/dev/full"
            case .closed: return "closed"
            case .brokenPipe: return "a broken pipe"
            }
        }
    }

    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// Whether the child was killed by a signal (e.g. SIGPIPE, or a trap).
        var signalled: Bool
    }

    /// The executable: beside the test bundle (the same build configuration),
    /// else `.build/debug/routeplan` in the package.
    static let executable: URL? = {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL { candidates.append(bundle.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(root.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("routeplan") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `routeplan arguments` with standard output going to `sink`.
    static func run(_ arguments: [String], standardOutput sink: Sink) throws -> Result {
        let binary = try #require(executable, "build the routeplan executable first (swift build)")
        let process = Process()
        process.currentDirectoryURL = root
        switch sink {
        case .closed:
            // The shell closes descriptor 1, then becomes routeplan.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" >&-", binary.path] + arguments
        default:
            process.executableURL = binary
            process.arguments = arguments
        }
        let errorPipe = Pipe()
        process.standardError = errorPipe
        var outputPipe: Pipe?
        switch sink {
        case .captured:
            let pipe = Pipe()
            outputPipe = pipe
            process.standardOutput = pipe
        case .deviceFull:
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        case .closed:
            break
        case .brokenPipe:
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw POSIXError(.EIO) }
            // Close-on-exec at once, so that no child started meanwhile by
            // another test keeps the reading end open; then close it here.
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            close(ends[0])
            process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        }
        try process.run()
        let output = outputPipe?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        let error = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: output, as: UTF8.self),
                      standardError: String(decoding: error, as: UTF8.self),
                      signalled: process.terminationReason == .uncaughtSignal)
    }
}
