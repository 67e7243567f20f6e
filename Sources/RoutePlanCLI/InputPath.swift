#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An input file that cannot be read as one: missing, a folder, a FIFO, a
/// device, unreadable. Exit 66.
struct InputError: Error, CustomStringConvertible {
    let file: String
    /// What is read: "itinerary", "TSPLIB instance", "matrix".
    let role: String
    /// What is wrong, e.g. "it is a folder".
    let problem: String
    let advice: String
    var description: String { "\(file): cannot read the \(role): \(problem); \(advice)" }
}

/// A command line that cannot be carried out as given, found after parsing
/// (e.g. `--output` naming an input). Exit 64.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The checks the CLI makes on paths before reading or writing them.
enum InputPath {
    /// What an input path is read as.
    enum Role {
        case itinerary, tsplib, matrix, benchmark

        var noun: String {
            switch self {
            case .itinerary: return "itinerary"
            case .tsplib: return "TSPLIB instance"
            case .matrix: return "matrix"
            case .benchmark: return "benchmark instance"
            }
        }

        /// What to give instead.
        var wanted: String {
            switch self {
            case .itinerary: return "give the itinerary as a regular JSON file (save piped data to a file first)"
            case .tsplib: return "give a regular TSPLIB95 file (.tsp, .atsp, or gzip-compressed)"
            case .matrix: return "give a regular JSON file or a tile cache folder (save piped data to a file first)"
            case .benchmark: return "give a regular Solomon VRPTW or TOPTW text file"
            }
        }

        /// A tile cache may be a folder.
        var allowsFolder: Bool { self == .matrix }
    }

    /// Checks that `path` is something the reader for `role` can read: a
    /// readable regular file (or, for a matrix, a readable folder). Symbolic
    /// links are followed.
    ///
    /// - Throws: ``InputError`` saying what the path is instead: does not
    ///   exist, is a folder, is a FIFO, is a device, permission denied, …
    static func check(_ path: String, as role: Role) throws(InputError) {
        func fail(_ problem: String, _ advice: String? = nil) -> InputError {
            InputError(file: path, role: role.noun, problem: problem, advice: advice ?? role.wanted)
        }
        if path.isEmpty { throw fail("the path is empty", "give a file name") }
        let status: FileStatus
        switch FileStatus.of(path) {
        case let .success(found): status = found
        case let .failure(error):
            switch error.code {
            case ENOENT:
                if case let .success(link) = FileStatus.ofLink(path), link.kind == .symbolicLink {
                    let target = FileStatus.linkTarget(path) ?? "?"
                    throw fail("it is a symbolic link to \(target), which does not exist", "check the link")
                }
                throw fail("it does not exist", "check the path")
            case EACCES:
                throw fail("permission denied (a folder on the path cannot be searched)", "check the folders' permissions")
            default:
                throw fail(error.description, "check the path")
            }
        }
        switch status.kind {
        case .regular:
            break
        case .folder where role.allowsFolder:
            break
        case .folder:
            throw fail("it is a folder")
        case .fifo, .characterDevice, .blockDevice, .socket, .symbolicLink, .other:
            throw fail("it is \(status.kindDescription), not a regular file")
        }
        // Opening (without reading) tells whether the reader may read it.
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (status.kind == .folder ? O_DIRECTORY : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM { throw fail("permission denied", "check its permissions") }
            throw fail(StandardStreams.describe(code), "check the path")
        }
        close(descriptor)
    }

    /// The `*.json` files of a tile cache folder, as the matrix reader takes them.
    static func tileFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
            .map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }

    /// Refuses to write `output` when it is the same file as one of
    /// `inputs`: compared by device and inode, so symbolic links, hard links
    /// and aliases such as `./x/../trip.json` are caught. Outputs that do not
    /// exist yet cannot be inputs; `-` is standard output.
    ///
    /// - Parameter label: how the message names the output (default `--output PATH`).
    /// - Throws: ``UsageError`` naming both paths.
    static func refuseOverwriting(inputs: [String], with output: String, label: String? = nil) throws(UsageError) {
        guard output != "-", case let .success(target) = FileStatus.of(output) else { return }
        // Devices and pipes are written in place, never replaced: the same
        // device as input is refused when read, not here.
        guard target.kind == .regular else { return }
        for input in inputs {
            guard case let .success(read) = FileStatus.of(input), read.isSameFile(as: target) else { continue }
            let alias = output == input ? "" : " (the same file as \(input))"
            throw UsageError("\(label ?? "--output \(output)")\(alias) is an input of this command; writing the result there would destroy it: choose another output path")
        }
    }
}
