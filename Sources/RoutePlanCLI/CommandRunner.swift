import ArgumentParser
import Foundation

/// Runs `routeplan` with given arguments, in-process: the executable's
/// `main` and the tests both go through here.
public enum CommandRunner {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Parses `arguments` (without the program name), runs the command and
    /// returns its exit status and output. Nothing is written to the real
    /// standard streams (`--output -` and `--output /dev/stdout` land in
    /// ``Result/standardOutput``); a `--output` file is written only on success.
    public static func run(_ arguments: [String]) async -> Result {
        await run(arguments, progress: nil)
    }

    /// ``run(_:)``, showing the progress of long work on `progress` unless
    /// the command has `--quiet`.
    static func run(_ arguments: [String], progress: ProgressDisplay?) async -> Result {
        do {
            let command = try RoutePlanCommand.parseAsRoot(arguments)
            if let serve = command as? RoutePlanCommand.Serve {
                // Runs until SIGTERM or SIGINT; its log goes to standard error.
                try await serve.serve()
                return Result(status: ExitStatus.success, standardOutput: "", standardError: "")
            }
            guard let subcommand = command as? RoutePlanSubcommand else {
                // A bare `routeplan` gets the overview.
                if command is RoutePlanCommand {
                    return Result(status: ExitStatus.success, standardOutput: RoutePlanCommand.helpMessage() + "\n",
                                  standardError: "")
                }
                // `routeplan help optimize` and `routeplan optimize --help`
                // parse to argument-parser's help command, whose run throws
                // the help text for the right subcommand (handled below).
                var other = command
                try other.run()
                return Result(status: ExitStatus.success, standardOutput: "", standardError: "")
            }
            let display = subcommand.output.quiet ? nil : progress
            let output: CommandOutput
            do {
                display?.start()
                defer { display?.stop() }  // the line is erased before anything is printed
                output = try await subcommand.execute(progress: display)
            }
            let delivery = try output.commit()
            return Result(status: delivery.status, standardOutput: delivery.standardOutput,
                          standardError: delivery.standardError)
        } catch {
            return failure(error)
        }
    }

    /// `routeplan: error: MESSAGE` and a newline, with control characters
    /// in `message` made visible (see ``TerminalText``): the one place
    /// error lines are formatted.
    static func errorLine(_ message: String) -> String {
        "routeplan: error: \(message.terminalSafe)\n"
    }

    static func failure(_ error: Error) -> Result {
        if let (status, message) = ExitStatus.classify(error) {
            return Result(status: status, standardOutput: "", standardError: errorLine(message))
        }
        let code = RoutePlanCommand.exitCode(for: error).rawValue
        let message = RoutePlanCommand.fullMessage(for: error)
        if code == ExitCode.success.rawValue {
            return Result(status: ExitStatus.success, standardOutput: message + "\n", standardError: "")
        }
        let status = code == ExitCode.validationFailure.rawValue ? ExitStatus.usage : Int32(code)
        // Usage messages quote the command line and span several lines.
        return Result(status: status, standardOutput: "",
                      standardError: TerminalText.escape(message, keepingNewlines: true) + "\n")
    }

    /// Runs with the process's arguments, prints to the real streams and exits.
    public static func main() async -> Never {
        ProcessClock.recordStart()
        StandardStreams.prepare()
        let result = await run(Array(CommandLine.arguments.dropFirst()), progress: .forStandardError())
        exit(emit(result))
    }

    /// Prints `result` on the real standard streams with `write(2)`; returns
    /// the exit status: the result's, or 73 when standard output cannot be
    /// written (full device, closed, broken pipe), said in one line on
    /// standard error. A failure to write standard error has nowhere to be
    /// reported and leaves the status as it is.
    static func emit(_ result: Result) -> Int32 {
        var status = result.status
        var standardError = result.standardError
        if let code = StandardStreams.write(result.standardOutput, to: STDOUT_FILENO) {
            let failed = failure(OutputError(file: nil, reason: OutputTarget.standardOutputReason(code)))
            standardError += failed.standardError
            if status == ExitStatus.success { status = failed.status }
        }
        StandardStreams.write(standardError, to: STDERR_FILENO)
        return status
    }

    /// Used by `run()` of each subcommand when argument-parser drives it
    /// directly: the same output, messages and statuses as ``main()``.
    static func deliver(_ execute: () async throws -> CommandOutput) async throws {
        let result: Result
        do {
            let delivery = try await execute().commit()
            result = Result(status: delivery.status, standardOutput: delivery.standardOutput,
                            standardError: delivery.standardError)
        } catch {
            // Usage errors and help stay with argument-parser.
            guard ExitStatus.classify(error) != nil else { throw error }
            result = failure(error)
        }
        let status = emit(result)
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
