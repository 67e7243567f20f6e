/// Why gzip-compressed bytes could not be decompressed by ``GzipDecoder`` or
/// ``Gzip/decompress(_:limit:)``.
///
/// Offsets count bytes from the start of the compressed input. ``description`` is a short
/// phrase (no file name) that ``TSPLIBError/corruptCompressedFile(file:reason:)`` quotes.
enum GzipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input ends inside a member header, its DEFLATE data or its trailer (or is empty).
    case truncated
    /// The bytes at `offset`, where a member should start, are not a gzip header
    /// (they do not start with `1f 8b`).
    case notGzip(offset: Int)
    /// The member at `offset` uses a compression method other than 8 (DEFLATE).
    case unsupportedMethod(offset: Int)
    /// The member at `offset` sets header flag bits that RFC 1952 reserves (`0xE0`).
    case reservedFlags(offset: Int)
    /// The header CRC-16 (`FHCRC`) of the member at `offset` does not match its header.
    case headerChecksumMismatch(offset: Int)
    /// The CRC-32 in the trailer of the member at `offset` differs from that of its data.
    case checksumMismatch(offset: Int)
    /// The `ISIZE` in the trailer of the member at `offset` differs from its data's length
    /// modulo 2³².
    case sizeMismatch(offset: Int)
    /// The DEFLATE data of the member at `offset` is invalid; `detail` is zlib's message
    /// (for example "invalid block type" or "invalid distance too far back").
    case invalidData(offset: Int, detail: String)
    /// Decompression stopped because the data would grow past `limit` bytes; by then
    /// `compressedOffset` bytes of the input had been read.
    case outputLimitExceeded(limit: Int, compressedOffset: Int)
    /// The compressed input could not be read (an I/O error; `reason` says which).
    case readFailed(reason: String)
    /// zlib could not allocate its state.
    case outOfMemory
    /// zlib returned an unexpected status `code` (for example a library version mismatch).
    case zlibFailure(code: Int)

    var description: String {
        switch self {
        case .truncated:
            return "the compressed data ends early"
        case let .notGzip(offset):
            return "the bytes at offset \(offset) are not a gzip member"
        case let .unsupportedMethod(offset):
            return "the member at offset \(offset) uses a compression method other than DEFLATE"
        case let .reservedFlags(offset):
            return "the member at offset \(offset) sets reserved header flags"
        case let .headerChecksumMismatch(offset):
            return "the header checksum of the member at offset \(offset) does not match"
        case let .checksumMismatch(offset):
            return "the CRC-32 of the member at offset \(offset) does not match its data"
        case let .sizeMismatch(offset):
            return "the length in the trailer of the member at offset \(offset) does not match its data"
        case let .invalidData(offset, detail):
            return "the member at offset \(offset) holds invalid DEFLATE data (\(detail))"
        case let .outputLimitExceeded(limit, compressedOffset):
            return "the data decompresses to more than \(limit) bytes (stopped after \(compressedOffset) compressed bytes)"
        case let .readFailed(reason):
            return "the compressed data could not be read (\(reason))"
        case .outOfMemory:
            return "zlib ran out of memory"
        case let .zlibFailure(code):
            return "zlib failed with status \(code)"
        }
    }
}
