import CZlib

/// Decompression of gzip data (RFC 1952), such as `pla85900.tsp.gz`, through the system zlib.
///
/// ``GzipDecoder`` streams: it pulls compressed bytes from a reader in chunks and hands out
/// decompressed data chunk by chunk, so a caller can stop at any point (a size limit, a
/// content check) without the rest ever being inflated. ``decompress(_:limit:)`` is the
/// in-memory convenience on top of it.
///
/// ```swift
/// let text = Gzip.isCompressed(bytes) ? try Gzip.decompress(bytes, limit: 1 << 28) : bytes
/// ```
enum Gzip {
    /// Whether `bytes` start with the gzip magic number `1f 8b`.
    static func isCompressed(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// The decompressed contents of the gzip data `bytes`: every member's data, in order.
    ///
    /// - Parameter limit: The most decompressed bytes accepted; decompression stops as soon as
    ///   the data would grow past it.
    /// - Throws: ``GzipError`` when `bytes` are not gzip data, end early, are malformed, fail
    ///   a checksum or length check, or decompress to more than `limit` bytes.
    static func decompress(_ bytes: [UInt8], limit: Int = .max) throws(GzipError) -> [UInt8] {
        let decoder = try GzipDecoder()
        var position = 0
        var output: [UInt8] = []
        while let chunk = try decoder.next(read: { buffer in
            let count = min(buffer.count, bytes.count - position)
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<(position + count)]))
            }
            position += count
            return count
        }) {
            guard chunk.count <= limit - output.count else {
                throw .outputLimitExceeded(limit: limit, compressedOffset: decoder.compressedOffset)
            }
            output.append(contentsOf: chunk)
        }
        return output
    }
}

/// A streaming gzip decoder over zlib's `inflate`.
///
/// Handles several members one after another (as `cat a.gz b.gz` makes), each checked against
/// its CRC-32 and length trailer; bytes after the last member must start another member.
/// Memory use is two 64 KiB buffers plus zlib's 32 KiB window, whatever the data's size.
///
/// ```swift
/// let decoder = try GzipDecoder()
/// while let chunk = try decoder.next(read: { buffer in readNextBytes(into: buffer) }) {
///     output.append(contentsOf: chunk)
/// }
/// ```
final class GzipDecoder {
    /// The size of the input and output buffers.
    static let chunkSize = 64 * 1024

    private enum State {
        /// Expecting another member, or the end of the input (`members` complete so far).
        case betweenMembers
        /// Inside a member that started at compressed offset `memberStart`.
        case inMember
        /// The input ended after a complete member.
        case finished
    }

    /// zlib's state refers back to its `z_stream`, so the stream lives at a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableRawBufferPointer
    private let output: UnsafeMutableRawBufferPointer
    private var state = State.betweenMembers
    private var inputEnded = false
    private var members = 0
    private var memberStart = 0

    /// How many compressed bytes have been decompressed so far.
    private(set) var compressedOffset = 0

    init() throws(GzipError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(byteCount: Self.chunkSize, alignment: 16)
        output = .allocate(byteCount: Self.chunkSize, alignment: 16)
        let status = routeplan_inflate_init_gzip(stream)
        guard status == Z_OK else {
            stream.deallocate()
            input.deallocate()
            output.deallocate()
            throw status == Z_MEM_ERROR ? .outOfMemory : .zlibFailure(code: Int(status))
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
        output.deallocate()
    }

    /// The next piece of decompressed data (at most ``chunkSize`` bytes, valid until the next
    /// call), or `nil` once the input has ended after a complete member.
    ///
    /// - Parameter read: Copies the next compressed bytes into its buffer and returns how many
    ///   (0 at the end of the input).
    /// - Throws: ``GzipError``: ``GzipError/truncated`` when the input ends inside a member
    ///   (or holds none), the other cases for malformed data.
    func next(read: (UnsafeMutableRawBufferPointer) throws(GzipError) -> Int) throws(GzipError) -> UnsafeRawBufferPointer? {
        while true {
            if state == .finished { return nil }
            if stream.pointee.avail_in == 0, !inputEnded {
                let count = try read(input)
                precondition(count >= 0 && count <= input.count, "read returned \(count) bytes for a buffer of \(input.count)")
                if count == 0 {
                    inputEnded = true
                } else {
                    stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_in = uInt(count)
                }
            }
            if state == .betweenMembers {
                if stream.pointee.avail_in == 0 {
                    guard members > 0 else { throw .truncated }
                    state = .finished
                    return nil
                }
                if members > 0 {
                    let status = inflateReset(stream)
                    guard status == Z_OK else { throw .zlibFailure(code: Int(status)) }
                }
                memberStart = compressedOffset
                state = .inMember
            }

            stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(output.count)
            let availableBefore = stream.pointee.avail_in
            let status = inflate(stream, Z_NO_FLUSH)
            compressedOffset += Int(availableBefore - stream.pointee.avail_in)
            let produced = output.count - Int(stream.pointee.avail_out)

            switch status {
            case Z_STREAM_END:
                members += 1
                state = .betweenMembers
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR: no progress without more input.
                if produced == 0, stream.pointee.avail_in == 0, inputEnded { throw .truncated }
            case Z_DATA_ERROR:
                throw dataError()
            case Z_MEM_ERROR:
                throw .outOfMemory
            default:
                throw .zlibFailure(code: Int(status))
            }
            if produced > 0 {
                return UnsafeRawBufferPointer(rebasing: output[..<produced])
            }
        }
    }

    /// The ``GzipError`` for zlib's `Z_DATA_ERROR`, told apart by zlib's message.
    private func dataError() -> GzipError {
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "unknown error"
        switch message {
        case "incorrect header check": return .notGzip(offset: memberStart)
        case "unknown compression method": return .unsupportedMethod(offset: memberStart)
        case "unknown header flags set": return .reservedFlags(offset: memberStart)
        case "header crc mismatch": return .headerChecksumMismatch(offset: memberStart)
        case "incorrect data check": return .checksumMismatch(offset: memberStart)
        case "incorrect length check": return .sizeMismatch(offset: memberStart)
        default: return .invalidData(offset: memberStart, detail: message)
        }
    }
}
