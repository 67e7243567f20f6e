import Foundation

/// What a command produced: text for standard output or for a file, and,
/// for batch runs, more files and the failures of some inputs.
struct CommandOutput: Sendable {
    var text: String
    /// The `--output` path, or `nil` for standard output.
    var file: String?
    /// Further files to write (path, contents), each atomically.
    var files: [(path: String, text: String)] = []
    /// Messages for standard error (failures of single inputs in a batch).
    var standardError = ""
    /// The exit status when some inputs failed (the first failure's).
    var status = ExitStatus.success
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

/// Failure to write the output file.
struct OutputError: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file): cannot write the output (\(reason)); check the path and permissions" }
}

extension CommandOutput {
    /// Writes a file atomically (a temporary file renamed into place), so
    /// readers never see half a result.
    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let reason = FileManager.default.fileExists(atPath: directory) ? "permission denied or not a file" : "the folder \(directory) does not exist"
            throw OutputError(file: path, reason: reason)
        }
    }
}

/// An output the input cannot give (e.g. a picture of an instance without coordinates).
struct UnsupportedOutput: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file): \(reason)" }
}
