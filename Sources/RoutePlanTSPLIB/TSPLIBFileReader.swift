import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TSPLIB95 file's text, and whether it was gzip-compressed (for error messages).
internal struct TSPLIBFileContent {
    var bytes: [UInt8]
    var decompressed: Bool
}

/// Reads a TSPLIB95 file from disk with every check done before the memory is spent:
///
/// 1. `stat` (of the opened file): it must be a regular file of at most
///    ``TSPLIBLimits/maxFileBytes`` bytes — ``TSPLIBError/notRegularFile(file:kind:)``,
///    ``TSPLIBError/fileTooLarge(file:bytes:limit:)``;
/// 2. the first ``TSPLIBLimits/sniffBytes`` bytes: gzip data (`1f 8b`) is decompressed in
///    chunks, stopping as soon as it passes ``TSPLIBLimits/maxInflatedBytes``
///    (``TSPLIBError/inflatedTooLarge(file:limit:)``); otherwise, and on the first decompressed
///    bytes, NUL bytes or bytes that are not UTF-8 give
///    ``TSPLIBError/notText(file:line:offset:problem:decompressed:)``;
/// 3. only then the rest.
///
/// I/O failures become ``TSPLIBError/unreadableFile(file:reason:)``.
internal func readTSPLIBFile(_ url: URL, limits: TSPLIBLimits) throws(TSPLIBError) -> TSPLIBFileContent {
    let fileName = url.lastPathComponent
    // O_NONBLOCK: opening a FIFO must not wait for a writer before fstat can refuse it.
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadableFile(file: fileName, reason: systemError()) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadableFile(file: fileName, reason: systemError()) }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG else { throw .notRegularFile(file: fileName, kind: fileKind(type)) }
    let size = Int(status.st_size)
    guard size <= limits.maxFileBytes else {
        throw .fileTooLarge(file: fileName, bytes: size, limit: limits.maxFileBytes)
    }
    return try tsplibContent(fileName: fileName, limits: limits, expectedSize: size) { buffer throws(GzipError) in
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw .readFailed(reason: systemError()) }
        }
    }
}

/// A file's bytes already in memory as text, checked and decompressed like
/// ``readTSPLIBFile(_:limits:)`` does with a file (except for the `stat` checks).
internal func tsplibText(
    from bytes: [UInt8], fileName: String, limits: TSPLIBLimits = .default
) throws(TSPLIBError) -> [UInt8] {
    var position = 0
    return try tsplibContent(fileName: fileName, limits: limits, expectedSize: bytes.count) { buffer in
        let count = min(buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<(position + count)]))
        }
        position += count
        return count
    }.bytes
}

/// The text read through `read` (which copies the next bytes into its buffer and returns how
/// many, 0 at the end): checked to be text, decompressed first if it is gzip data. `read` is
/// called only as long as the content is still acceptable.
internal func tsplibContent(
    fileName: String, limits: TSPLIBLimits, expectedSize: Int,
    read: (UnsafeMutableRawBufferPointer) throws(GzipError) -> Int
) throws(TSPLIBError) -> TSPLIBFileContent {
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { chunk.deallocate() }
    func readChunk(_ buffer: UnsafeMutableRawBufferPointer) throws(TSPLIBError) -> Int {
        do {
            return try read(buffer)
        } catch {
            throw .unreadableFile(file: fileName, reason: error.description)
        }
    }

    // The first bytes decide between gzip and text.
    var head: [UInt8] = []
    while head.count < TSPLIBLimits.sniffBytes {
        let count = try readChunk(UnsafeMutableRawBufferPointer(rebasing: chunk[..<(TSPLIBLimits.sniffBytes - head.count)]))
        if count == 0 { break }
        head.append(contentsOf: chunk[..<count])
    }
    if Gzip.isCompressed(head) {
        return TSPLIBFileContent(
            bytes: try inflate(head: head, fileName: fileName, limit: limits.maxInflatedBytes, read: read),
            decompressed: true
        )
    }

    try checkText(head[...], complete: head.count < TSPLIBLimits.sniffBytes, fileName: fileName, decompressed: false)
    var bytes = head
    bytes.reserveCapacity(min(max(expectedSize, head.count), limits.maxFileBytes))
    while true {
        let count = try readChunk(chunk)
        if count == 0 { break }
        guard count <= limits.maxFileBytes - bytes.count else {
            // The file grew past the limit after it was measured.
            throw .fileTooLarge(file: fileName, bytes: bytes.count + count, limit: limits.maxFileBytes)
        }
        bytes.append(contentsOf: chunk[..<count])
    }
    return TSPLIBFileContent(bytes: bytes, decompressed: false)
}

/// Decompresses gzip data whose first bytes are `head` and the rest comes from `read`,
/// stopping as soon as the output would pass `limit` bytes or its start is not text.
private func inflate(
    head: [UInt8], fileName: String, limit: Int,
    read: (UnsafeMutableRawBufferPointer) throws(GzipError) -> Int
) throws(TSPLIBError) -> [UInt8] {
    var output: [UInt8] = []
    var checked = false
    var headPosition = 0
    do {
        let decoder = try GzipDecoder()
        while let piece = try decoder.next(read: { buffer throws(GzipError) in
            guard headPosition < head.count else { return try read(buffer) }
            let count = min(buffer.count, head.count - headPosition)
            head.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[headPosition..<(headPosition + count)]))
            }
            headPosition += count
            return count
        }) {
            guard piece.count <= limit - output.count else { throw TSPLIBError.inflatedTooLarge(file: fileName, limit: limit) }
            output.append(contentsOf: piece)
            if !checked, output.count >= TSPLIBLimits.sniffBytes {
                try checkText(output[..<TSPLIBLimits.sniffBytes], complete: false, fileName: fileName, decompressed: true)
                checked = true
            }
        }
    } catch let error as GzipError {
        if case let .readFailed(reason) = error { throw .unreadableFile(file: fileName, reason: reason) }
        throw .corruptCompressedFile(file: fileName, reason: error.description)
    } catch let error as TSPLIBError {
        throw error
    } catch {
        preconditionFailure("unexpected error \(error)")
    }
    if !checked {
        try checkText(output[...], complete: true, fileName: fileName, decompressed: true)
    }
    return output
}

/// Throws ``TSPLIBError/notText(file:line:offset:problem:decompressed:)`` when `bytes`
/// (the start of a file's text) hold a NUL byte or bytes that are not UTF-8.
private func checkText(
    _ bytes: ArraySlice<UInt8>, complete: Bool, fileName: String, decompressed: Bool
) throws(TSPLIBError) {
    guard let (offset, problem) = TextCheck.firstProblem(in: bytes, complete: complete) else { return }
    throw .notText(
        file: fileName, line: TextCheck.lineNumber(at: offset, in: bytes), offset: offset,
        problem: problem, decompressed: decompressed
    )
}

/// The current `errno` as text.
private func systemError() -> String {
    String(cString: strerror(errno))
}

/// What a file of type `type` (`st_mode & S_IFMT`) is, with its article.
private func fileKind(_ type: mode_t) -> String {
    switch type {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
}
