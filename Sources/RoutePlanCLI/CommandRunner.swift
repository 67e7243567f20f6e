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
    /// standard streams; a `--output` file is written only on success.
    public static func run(_ arguments: [String]) async -> Result {
        await run(arguments, progress: nil)
    }

    /// ``run(_:)``, showing the progress of long work on `progress` unless
    /// the command has `--quiet`.
    static func run(_ arguments: [String], progress: ProgressDisplay?) async -> Result {
        do {
            let command = try RoutePlanCommand.parseAsRoot(arguments)
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
            for (path, text) in output.files { try CommandOutput.write(text, to: path) }
            if let file = output.file {
                try CommandOutput.write(output.text, to: file)
                return Result(status: output.status, standardOutput: "", standardError: output.standardError)
            }
            return Result(status: output.status, standardOutput: output.text, standardError: output.standardError)
        } catch {
            return failure(error)
        }
    }

    static func failure(_ error: Error) -> Result {
        if let (status, message) = ExitStatus.classify(error) {
            return Result(status: status, standardOutput: "", standardError: "routeplan: error: \(message)\n")
        }
        let code = RoutePlanCommand.exitCode(for: error).rawValue
        let message = RoutePlanCommand.fullMessage(for: error)
        if code == ExitCode.success.rawValue {
            return Result(status: ExitStatus.success, standardOutput: message + "\n", standardError: "")
        }
        let status = code == ExitCode.validationFailure.rawValue ? ExitStatus.usage : Int32(code)
        return Result(status: status, standardOutput: "", standardError: message + "\n")
    }

    /// Runs with the process's arguments, prints to the real streams and exits.
    public static func main() async -> Never {
        let result = await run(Array(CommandLine.arguments.dropFirst()), progress: .forStandardError())
        FileHandle.standardOutput.write(Data(result.standardOutput.utf8))
        FileHandle.standardError.write(Data(result.standardError.utf8))
        exit(result.status)
    }

    /// Used by `run()` of each subcommand when argument-parser drives it directly.
    static func deliver(_ output: CommandOutput) throws {
        for (path, text) in output.files { try CommandOutput.write(text, to: path) }
        if let file = output.file {
            try CommandOutput.write(output.text, to: file)
        } else {
            FileHandle.standardOutput.write(Data(output.text.utf8))
        }
        FileHandle.standardError.write(Data(output.standardError.utf8))
        if output.status != ExitStatus.success { throw ExitCode(output.status) }
    }
}
