#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Writing to file descriptors with POSIX `write(2)`, whose failures are
/// reported instead of trapping (Foundation's `FileHandle.write` traps on
/// `ENOSPC`, `EPIPE` or a closed descriptor).
enum StandardStreams {
    /// The standard streams that were closed when the process started (see ``prepare()``).
    private static let closed = Mutex<Set<Int32>>([])

    /// Whether standard output was closed when the process started: then
    /// nothing is written to descriptor 1, and no path is "the same file
    /// as standard output".
    static var standardOutputWasClosed: Bool { isClosed(STDOUT_FILENO) }

    /// Whether the standard stream `descriptor` was closed when the process started.
    static func isClosed(_ descriptor: Int32) -> Bool { closed.withLock { $0.contains(descriptor) } }

    /// Sets up the process's streams; call first thing in `main`.
    ///
    /// SIGPIPE is ignored: a reader that goes away (`routeplan … | head -1`)
    /// makes `write` fail with `EPIPE`, which is reported like any other
    /// failure to write standard output (exit 73, one line on standard
    /// error), rather than killing the process without a word.
    ///
    /// A standard stream that was closed (`routeplan … >&-`) is noted, and
    /// writing to it fails with `EBADF`. By the time `main` runs, the Swift
    /// runtime may already have opened a descriptor of its own (an eventfd
    /// or epoll instance) on that number; such a descriptor is told from an
    /// inherited stream by its close-on-exec flag (an inherited stream cannot
    /// have it) or its lack of a file type, and is left alone. A number still
    /// free gets `/dev/null` opened in the wrong direction, so that no file
    /// the command opens takes it and receives the result.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            let flags = fcntl(descriptor, F_GETFD)
            if flags == -1 {
                let placeholder = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
                if placeholder >= 0 && placeholder != descriptor {
                    dup2(placeholder, descriptor)
                    close(placeholder)
                }
            } else if flags & FD_CLOEXEC == 0, let status = FileStatus.of(descriptor: descriptor), status.kind != .other {
                continue
            }
            closed.withLock { _ = $0.insert(descriptor) }
        }
    }

    /// Writes all of `text` to `descriptor`, retrying after interruptions
    /// and partial writes (and waiting when the descriptor is non-blocking);
    /// returns `nil`, or the `errno` of the failure.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Int32? {
        write(Array(text.utf8), to: descriptor)
    }

    /// ``write(_:to:)`` for bytes.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        if bytes.isEmpty { return nil }
        if (0...2).contains(descriptor) && isClosed(descriptor) { return EBADF }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            default:
                return code
            }
        }
        return nil
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// An `errno` in words, for messages: "no space left on the device".
    static func describe(_ code: Int32) -> String {
        switch code {
        case EPIPE: return "broken pipe: the reading end was closed"
        case ENOSPC: return "no space left on the device"
        case EDQUOT: return "disk quota exceeded"
        case EBADF: return "it is closed"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "read-only file system"
        case EIO: return "input/output error"
        case ENOENT: return "does not exist"
        case ENOTDIR: return "a part of the path is not a folder"
        case EISDIR: return "it is a folder"
        case ELOOP: return "too many levels of symbolic links"
        case ENAMETOOLONG: return "the path is too long"
        case ENXIO: return "no such device"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
