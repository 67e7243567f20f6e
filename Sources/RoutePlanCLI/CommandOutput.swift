#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a command produced: text for standard output or for a file, and,
/// for batch runs into a folder, one file or one failure per input.
struct CommandOutput: Sendable {
    var text: String
    /// The `--output` path; `nil` or `-` for standard output.
    var file: String?
    /// A batch's per-input files, written into a folder.
    var batch: BatchFiles?
    /// Messages for standard error (failures of single inputs in a batch).
    var standardError = ""
    /// The exit status when some inputs failed (the first failure's).
    var status = ExitStatus.success
}

/// A batch's results for `--output FOLDER`: for each input, in order, the
/// file to write or why there is none.
struct BatchFiles: Sendable {
    enum Outcome: Sendable {
        case planned(path: String, text: String)
        case failed(status: Int32, message: String)
    }

    struct Item: Sendable {
        let input: String
        let outcome: Outcome
    }

    let folder: String
    var items: [Item] = []
}

/// A subcommand that computes its output before anything is written, so a
/// failure never leaves a partial file.
protocol RoutePlanSubcommand {
    /// Where the result goes, and whether progress is shown.
    var output: OutputOptions { get }
    /// Runs the command, reporting long work to `progress` when given.
    func execute(progress: ProgressDisplay?) async throws -> CommandOutput
}

extension RoutePlanSubcommand {
    /// Runs the command without showing progress.
    func execute() async throws -> CommandOutput { try await execute(progress: nil) }
}

/// Failure to write the output (a file, or standard output when `file` is `nil`). Exit 73.
struct OutputError: Error, CustomStringConvertible {
    let file: String?
    let reason: String
    var advice = "check the path and permissions"

    init(file: String?, reason: String, advice: String = "check the path and permissions") {
        self.file = file
        self.reason = reason
        self.advice = advice
    }

    var description: String {
        guard let file else { return "cannot write the result to standard output (\(reason))" }
        return "\(file): cannot write the output (\(reason)); \(advice)"
    }
}

/// An output the input cannot give (e.g. a picture of an instance without coordinates).
struct UnsupportedOutput: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file): \(reason)" }
}

/// Where `--output PATH` writes, decided by what the path is:
///
/// - `-`, or the very file standard output is open on (`/dev/stdout`):
///   standard output.
/// - nothing yet, or a regular file: replaced atomically, a temporary file
///   in the same folder renamed into place, so readers never see half a
///   result; an existing file keeps its permissions (and owner, when
///   allowed). This breaks hard links to the old file.
/// - a symbolic link: the same, at the link's resolved target; the link stays.
/// - a character device (`/dev/null`, a terminal) or a FIFO: opened for
///   writing and written in place, never renamed over or truncated (a FIFO
///   waits for its reader, as with the shell's `>`).
/// - a folder, a block device, a socket: refused (exit 73).
enum OutputTarget: Equatable {
    case standardOutput
    /// Replace the regular file at `path` (a real path when it came from a
    /// symbolic link); `existing` is the file being replaced.
    case replace(path: String, existing: Bool)
    /// Write into the device or FIFO at `path`.
    case inPlace(path: String)

    /// The target for `path`.
    static func resolve(_ path: String) throws(OutputError) -> OutputTarget {
        if path == "-" { return .standardOutput }
        if path.isEmpty { throw OutputError(file: path, reason: "the path is empty", advice: "give a file name, or - for standard output") }
        let link: FileStatus
        switch FileStatus.ofLink(path) {
        case let .success(found): link = found
        case let .failure(error) where error.code == ENOENT:
            // A new file; a missing folder is reported when it is created.
            return .replace(path: path, existing: false)
        case let .failure(error):
            throw OutputError(file: path, reason: error.description)
        }
        let status: FileStatus
        switch FileStatus.of(path) {
        case let .success(found): status = found
        case let .failure(error) where error.code == ENOENT && link.kind == .symbolicLink:
            // A dangling link: create its target.
            return .replace(path: try danglingTarget(of: path), existing: false)
        case let .failure(error):
            throw OutputError(file: path, reason: error.description)
        }
        if !StandardStreams.standardOutputWasClosed, let standardOutput = FileStatus.of(descriptor: STDOUT_FILENO),
           status.kind != .folder, standardOutput.isSameFile(as: status) {
            return .standardOutput
        }
        switch status.kind {
        case .regular:
            guard access(path, W_OK) == 0 else {
                throw OutputError(file: path, reason: "permission denied: the file is not writable",
                                  advice: "check its permissions, or choose another path")
            }
            guard link.kind == .symbolicLink else { return .replace(path: path, existing: true) }
            guard let real = FileStatus.realPath(path) else {
                throw OutputError(file: path, reason: "its symbolic link cannot be resolved")
            }
            return .replace(path: real, existing: true)
        case .characterDevice, .fifo:
            return .inPlace(path: path)
        case .folder:
            throw OutputError(file: path, reason: "it is a folder", advice: "give a file name (only several itineraries are written into a folder)")
        case .blockDevice, .socket, .symbolicLink, .other:
            throw OutputError(file: path, reason: "it is \(status.kindDescription)",
                              advice: "write to a regular file, a character device such as /dev/null, a FIFO or - (standard output)")
        }
    }

    /// The path a chain of symbolic links ends at, when that path does not exist.
    private static func danglingTarget(of path: String) throws(OutputError) -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = FileStatus.linkTarget(current) else {
                throw OutputError(file: path, reason: "its symbolic link cannot be read")
            }
            current = target.hasPrefix("/") ? target : FileStatus.folder(of: current) + "/" + target
            switch FileStatus.ofLink(current) {
            case let .failure(error) where error.code == ENOENT: return current
            case let .failure(error): throw OutputError(file: path, reason: error.description)
            case let .success(status) where status.kind == .symbolicLink: continue
            case .success: return current
            }
        }
        throw OutputError(file: path, reason: "too many levels of symbolic links")
    }

    /// Writes `text` to a file target (not ``standardOutput``); `shownAs` names it in errors.
    func write(_ text: String, shownAs name: String) throws(OutputError) {
        let bytes = Array(text.utf8)
        switch self {
        case .standardOutput:
            if let code = StandardStreams.write(bytes, to: STDOUT_FILENO) {
                throw OutputError(file: nil, reason: Self.standardOutputReason(code))
            }
        case let .inPlace(path):
            var descriptor: Int32
            repeat { descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { throw OutputError(file: name, reason: StandardStreams.describe(errno)) }
            let failure = StandardStreams.write(bytes, to: descriptor)
            let closed = close(descriptor) == 0 ? nil : errno
            if let code = failure ?? closed.flatMap({ $0 == EINTR ? nil : $0 }) {
                throw OutputError(file: name, reason: StandardStreams.describe(code))
            }
        case let .replace(path, existing):
            try Self.replace(path, with: bytes, existing: existing, shownAs: name)
        }
    }

    /// Why standard output could not be written, for `errno` `code`.
    static func standardOutputReason(_ code: Int32) -> String {
        code == EBADF ? "standard output is closed" : StandardStreams.describe(code)
    }

    /// Writes a temporary file beside `path` and renames it into place.
    private static func replace(_ path: String, with bytes: [UInt8], existing: Bool, shownAs name: String) throws(OutputError) {
        let folder = FileStatus.folder(of: path)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            temporary = folder + "/.routeplan-" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".tmp"
            // The umask applies to 0666, as for any new file.
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT:
                throw OutputError(file: name, reason: "the folder \(folder) does not exist", advice: "create it first")
            case ENOTDIR:
                throw OutputError(file: name, reason: "\(folder) is not a folder")
            case EACCES, EPERM:
                throw OutputError(file: name, reason: "permission denied: cannot create a file in \(folder)")
            default:
                throw OutputError(file: name, reason: StandardStreams.describe(code))
            }
        }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        if existing, case let .success(old) = FileStatus.of(path) {
            // Owner first: changing it clears set-id bits, which fchmod then restores.
            _ = fchown(descriptor, old.owner, old.group)
            _ = fchmod(descriptor, mode_t(old.mode))
        }
        var failure = StandardStreams.write(bytes, to: descriptor)
        if failure == nil, fsync(descriptor) != 0, [EIO, ENOSPC, EDQUOT].contains(errno) { failure = errno }
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = errno }
        if let failure { throw OutputError(file: name, reason: StandardStreams.describe(failure)) }
        guard rename(temporary, path) == 0 else {
            throw OutputError(file: name, reason: StandardStreams.describe(errno))
        }
        renamed = true
    }
}

/// What a run leaves for the standard streams once its files are written.
struct Delivery {
    var standardOutput = ""
    var standardError = ""
    var status = ExitStatus.success
}

extension CommandOutput {
    /// Writes the output files and returns what goes to the standard
    /// streams. Text for standard output (`-`, `/dev/stdout`) is returned,
    /// not written, so that in-process runs capture it.
    ///
    /// - Throws: ``OutputError`` when the single output file cannot be
    ///   written (a batch reports its files' failures per input instead).
    func commit() throws(OutputError) -> Delivery {
        var delivery = Delivery(standardOutput: "", standardError: standardError, status: status)
        if let batch { batch.write(into: &delivery) }
        if let file, file != "-" {
            let target = try OutputTarget.resolve(file)
            if target == .standardOutput {
                delivery.standardOutput += text
            } else {
                try target.write(text, shownAs: file)
            }
        } else {
            delivery.standardOutput += text
        }
        return delivery
    }

    /// Writes a file as `--output` does (see ``OutputTarget``).
    static func write(_ text: String, to path: String) throws(OutputError) {
        try OutputTarget.resolve(path).write(text, shownAs: path)
    }
}

extension BatchFiles {
    /// Writes every file it can. When any input failed (planned or written),
    /// standard error gets one line per input, in order, saying where its
    /// result went or why it has none; the status is the first failure's.
    func write(into delivery: inout Delivery) {
        var lines: [String] = []
        var failed = false
        func fail(_ status: Int32) {
            failed = true
            if delivery.status == ExitStatus.success { delivery.status = status }
        }
        // The folder is made only when there is something to put in it.
        var folderProblem: OutputError?
        if items.contains(where: { if case .planned = $0.outcome { true } else { false } }) {
            folderProblem = Self.makeFolder(folder)
        }
        for item in items {
            switch item.outcome {
            case let .planned(path, text):
                do throws(OutputError) {
                    if let folderProblem { throw folderProblem }
                    let target = try OutputTarget.resolve(path)
                    if target == .standardOutput {
                        delivery.standardOutput += text
                    } else {
                        try target.write(text, shownAs: path)
                    }
                    lines.append("routeplan: \(item.input): written to \(path)".terminalSafe + "\n")
                } catch {
                    fail(ExitStatus.cannotCreate)
                    lines.append(CommandRunner.errorLine("\(item.input): planned but not written: \(error.description)"))
                }
            case let .failed(status, message):
                fail(status)
                let named = message.contains(item.input) ? message : "\(item.input): \(message)"
                lines.append(CommandRunner.errorLine(named))
            }
        }
        if failed { delivery.standardError += lines.joined() }
    }

    /// Creates `folder` (and its parents) unless it is one; the problem, if any.
    private static func makeFolder(_ folder: String) -> OutputError? {
        switch FileStatus.of(folder) {
        case let .success(status) where status.kind == .folder:
            return nil
        case let .success(status):
            return OutputError(file: folder, reason: "the output folder is \(status.kindDescription)",
                               advice: "give a folder for several itineraries")
        case let .failure(error) where error.code != ENOENT:
            return OutputError(file: folder, reason: error.description)
        case .failure:
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                return nil
            } catch {
                return OutputError(file: folder, reason: "cannot create the folder")
            }
        }
    }
}
