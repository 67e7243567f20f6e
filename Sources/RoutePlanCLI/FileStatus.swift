#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a path is, from `stat(2)`: the CLI looks before it reads or writes,
/// so that it can say "is a folder" or "is a FIFO" instead of passing on a
/// reader's vague failure, and can tell two paths naming one file.
struct FileStatus: Sendable {
    enum Kind: Sendable, Equatable { case regular, folder, fifo, characterDevice, blockDevice, socket, symbolicLink, other }

    let kind: Kind
    let device: UInt64
    let inode: UInt64
    /// Permission bits (and set-id and sticky bits).
    let mode: UInt32
    let owner: UInt32
    let group: UInt32

    /// The same file (device and inode), whatever the paths.
    func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }

    /// The file at `path`, symbolic links followed; `.failure(errno)` when `stat` fails.
    static func of(_ path: String) -> Result<FileStatus, Errno> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Errno(errno)) }
        return .success(FileStatus(info))
    }

    /// The path itself (a symbolic link is not followed).
    static func ofLink(_ path: String) -> Result<FileStatus, Errno> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(Errno(errno)) }
        return .success(FileStatus(info))
    }

    /// The open file `descriptor`, or `nil` when it is closed.
    static func of(descriptor: Int32) -> FileStatus? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    private init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        mode = UInt32(info.st_mode & 0o7777)
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
    }

    /// The kind in words, after "is": "a folder", "a FIFO (named pipe)".
    var kindDescription: String {
        switch kind {
        case .regular: return "a regular file"
        case .folder: return "a folder"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        case .other: return "not a regular file"
        }
    }

    /// The target of the symbolic link `path`, as written in the link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` with every symbolic link and `.`/`..` resolved (`realpath(3)`); `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder part of `path` ("." for a bare name).
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}

/// An `errno` value.
struct Errno: Error, Sendable, Equatable {
    let code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { StandardStreams.describe(code) }
}
