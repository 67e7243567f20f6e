import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a text input file (an itinerary, a matrix response, a tile) after
/// checking that it is one, so that a wrong path fails at once with a clear
/// reason instead of after reading gigabytes.
///
/// `Data(contentsOf:)` reads whatever the path names: a 4 GiB file takes
/// 4 GiB of memory (and more while it is parsed) before any check can say
/// "line 1, column 1"; a named pipe blocks until someone writes to it; a
/// device may never end. ``read(_:limit:what:)`` instead
///
/// 1. looks at the path without opening it (`stat`): a missing path, a
///    folder, a named pipe (FIFO), a device or a socket is refused;
/// 2. refuses a file larger than `limit` bytes — a sparse 4 GiB file fails
///    here, without a byte being read;
/// 3. opens the file (never blocking) and checks that it is still the same
///    kind of file;
/// 4. reads the first 64 KiB and refuses binary content: a NUL byte, gzip or
///    ZIP data, and UTF-16 or UTF-32 text (by its byte-order mark or its NUL
///    byte pattern, RFC 4627 §3), which should be saved as UTF-8;
/// 5. reads the rest, stopping with an error if the file has grown past
///    `limit` in the meantime.
///
/// ```swift
/// let data = try InputFile.read(url, what: "itinerary")     // at most 64 MiB
/// try StrictJSON.check(data)
/// ```
///
/// - Note: A UTF-8 byte-order mark is left in the data; ``StrictJSON`` and
///   the matrix readers skip it.
public enum InputFile {
    /// The default size limit for JSON inputs: 64 MiB (67,108,864 bytes).
    ///
    /// That is far more than any itinerary, a 500-stop tile cache or an
    /// OSRM table of 1,500 × 1,500 durations and distances; the parsed
    /// values of a larger JSON file would take several times its size in
    /// memory. Pass a larger `limit` for bigger inputs.
    public static let defaultLimit = 64 << 20

    /// How many bytes are checked for binary content before the rest is read.
    static let peekSize = 64 << 10

    /// Reads the regular file at `url`, of at most `limit` bytes.
    ///
    /// - Parameters:
    ///   - limit: the largest size accepted, in bytes (a file of exactly
    ///     `limit` bytes is read); negative values count as 0.
    ///   - what: names the input in messages, such as `"itinerary"` or
    ///     `"matrix file"`.
    /// - Throws: ``Problem``, naming the path and what is wrong with it.
    /// - Complexity: O(size) time; memory of the file's size only (plus one
    ///   byte), never more than `limit + 1` bytes.
    public static func read(_ url: URL, limit: Int = defaultLimit, what: String) throws(Problem) -> Data {
        let path = url.path
        let limit = max(limit, 0)
        func fail(_ kind: Problem.Kind) -> Problem { Problem(path: path, what: what, kind: kind) }

        var info = stat()
        guard stat(path, &info) == 0 else { throw fail(accessKind(errno)) }
        if let type = FileType(mode: info.st_mode) { throw fail(.notRegularFile(type)) }
        if Int64(info.st_size) > Int64(limit) { throw fail(.tooLarge(bytes: Int64(info.st_size), limit: limit)) }

        // O_NONBLOCK: should the path have become a FIFO since stat, open
        // must not wait for a writer (the fstat below then refuses it).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw fail(accessKind(errno)) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw fail(.unreadable(Self.errorText(errno))) }
        if let type = FileType(mode: info.st_mode) { throw fail(.notRegularFile(type)) }
        let size = Int64(info.st_size)
        if size > Int64(limit) { throw fail(.tooLarge(bytes: size, limit: limit)) }

        // One byte more than expected, to notice a file that grew.
        var data = Data(count: Int(size) + 1)
        var count = 0
        var checked = false
        while true {
            if count == data.count {
                guard count <= limit else { throw fail(.tooLarge(bytes: Int64(count), limit: limit)) }
                data.count = min(max(2 * data.count, 4096), limit + 1)
            }
            // The first read is at most one peek, so that a binary file is
            // refused before the rest of it is read.
            let room = checked ? data.count - count : min(data.count - count, peekSize)
            let got = data.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + count, room)
            }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw fail(.unreadable(Self.errorText(errno)))
            }
            count += got
            if !checked, got == 0 || count >= min(peekSize, Int(size)) {
                checked = true
                if let kind = binaryKind(data.prefix(count)) { throw fail(kind) }
            }
            if got == 0 { break }
        }
        if count > limit { throw fail(.tooLarge(bytes: Int64(count), limit: limit)) }
        data.count = count
        return data
    }

    /// Why the first bytes of a file show it is not a UTF-8 text, or `nil`.
    static func binaryKind(_ prefix: Data) -> Problem.Kind? {
        if let encoding = StrictJSON.foreignEncoding(prefix) { return .wrongEncoding(encoding) }
        if prefix.starts(with: [0x1F, 0x8B]) { return .compressed("gzip") }
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .compressed("ZIP") }
        if let nul = prefix.firstIndex(of: 0) { return .binary(offset: nul - prefix.startIndex) }
        return nil
    }

    private static func accessKind(_ code: Int32) -> Problem.Kind {
        switch code {
        case ENOENT: return .missing
        case EACCES, EPERM: return .permissionDenied
        case ENOTDIR: return .unreadable("a part of the path is not a folder")
        default: return .unreadable(errorText(code))
        }
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #else
        return Darwin.read(fd, buffer, count)
        #endif
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// What a path that is not a regular file is.
    public enum FileType: String, Sendable, Hashable, CaseIterable {
        /// A directory.
        case folder
        /// A FIFO, such as one made by `mkfifo` or a shell's `<(…)`.
        case namedPipe
        /// A character device, such as `/dev/zero` or a terminal.
        case characterDevice
        /// A block device, such as a disk.
        case blockDevice
        /// A Unix domain socket.
        case socket
        /// Any other kind that is not a regular file.
        case other

        /// `nil` for a regular file.
        init?(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: return nil
            case S_IFDIR: self = .folder
            case S_IFIFO: self = .namedPipe
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }

        /// `a folder`, `a named pipe (FIFO)`, …
        public var description: String {
            switch self {
            case .folder: return "a folder"
            case .namedPipe: return "a named pipe (FIFO)"
            case .characterDevice: return "a character device"
            case .blockDevice: return "a block device"
            case .socket: return "a socket"
            case .other: return "not a regular file"
            }
        }
    }

    /// Why an input file was not read.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong with the path or the file.
        public enum Kind: Sendable, Hashable {
            /// Nothing exists at the path.
            case missing
            /// The file (or a folder on its path) may not be read.
            case permissionDenied
            /// The path is a folder, a named pipe, a device or a socket.
            case notRegularFile(FileType)
            /// The file has `bytes` bytes, more than `limit`.
            case tooLarge(bytes: Int64, limit: Int)
            /// A NUL byte at `offset` among the first bytes: a binary file.
            case binary(offset: Int)
            /// gzip or ZIP data (such as a spreadsheet).
            case compressed(String)
            /// UTF-16 or UTF-32 text, such as `UTF-16 (little-endian)`.
            case wrongEncoding(String)
            /// Any other failure, with the system's description.
            case unreadable(String)
        }

        /// The path as given.
        public var path: String
        /// What the file is, as passed to ``InputFile/read(_:limit:what:)``.
        public var what: String
        /// What is wrong.
        public var kind: Kind

        /// A problem with the file at `path`; ``InputFile/read(_:limit:what:)``
        /// makes them.
        public init(path: String, what: String, kind: Kind) {
            self.path = path
            self.what = what
            self.kind = kind
        }

        /// Whether the problem is the file's content or size rather than
        /// reaching it (a missing file, permissions, a folder).
        public var isContentProblem: Bool {
            switch kind {
            case .tooLarge, .binary, .compressed, .wrongEncoding: return true
            case .missing, .permissionDenied, .notRegularFile, .unreadable: return false
            }
        }

        /// A short reason without the path, such as `no such file`,
        /// `it is a folder` or `it is 4.0 GiB, more than the 64 MiB limit`.
        public var reason: String {
            switch kind {
            case .missing: return "no such file"
            case .permissionDenied: return "permission denied"
            case let .notRegularFile(type): return "it is \(type.description), not a regular file"
            case let .tooLarge(bytes, limit):
                return "it is \(Self.size(bytes)), more than the \(Self.size(Int64(limit))) limit"
            case let .binary(offset): return "it is a binary file (a NUL byte at offset \(offset)), not text"
            case let .compressed(format): return "it is \(format == "ZIP" ? "a ZIP archive (or an Office document)" : "\(format)-compressed"), not text"
            case let .wrongEncoding(encoding): return StrictJSON.encodingReason(encoding)
            case let .unreadable(text): return MessageText.escaped(text)
            }
        }

        /// What to do about it.
        public var advice: String {
            switch kind {
            case .missing: return "check the path"
            case .permissionDenied: return "check the file's permissions"
            case .notRegularFile(.folder): return "name a file"
            case .notRegularFile: return "save the data to a regular file first"
            case .tooLarge: return "check that it is the right file"
            case .binary: return "check that it is the right file"
            case .compressed("gzip"): return "decompress it first (gunzip)"
            case .compressed: return "extract or export the JSON text first"
            case .wrongEncoding: return "most editors offer UTF-8 under Save As or in the encoding menu"
            case .unreadable: return "check the path and the disk"
            }
        }

        /// `cannot read the itinerary /a/trip.json: it is a folder, not a regular file; name a file`.
        public var description: String {
            "cannot read the \(what) \(MessageText.escaped(path)): \(reason); \(advice)"
        }

        /// `64 MiB`, `4.0 GiB`, `512 bytes`.
        static func size(_ bytes: Int64) -> String {
            let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
            guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
            var value = Double(bytes)
            var unit = -1
            while value >= 1024, unit < units.count - 1 {
                value /= 1024
                unit += 1
            }
            let whole = value.rounded() == value
            return whole ? "\(Int(value)) \(units[unit])" : "\(String(format: "%.1f", value)) \(units[unit])"
        }
    }
}
