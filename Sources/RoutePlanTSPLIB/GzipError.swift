/// Why gzip-compressed bytes could not be decompressed by ``Gzip/decompress(_:)``.
///
/// Offsets count bytes from the start of the compressed input. ``description`` is a short
/// phrase (no file name) that ``TSPLIBError/corruptCompressedFile(file:reason:)`` quotes.
enum GzipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input ends inside a member header, a DEFLATE block or a member trailer.
    case truncated
    /// The bytes at `offset` do not start with the gzip magic number `1f 8b`.
    case notGzip(offset: Int)
    /// The member at `offset` uses a compression method other than 8 (DEFLATE).
    case unsupportedMethod(offset: Int, method: UInt8)
    /// The member at `offset` sets flag bits that RFC 1952 reserves (`0xE0`).
    case reservedFlags(offset: Int, flags: UInt8)
    /// The header CRC-16 (`FHCRC`) of the member at `offset` does not match its header.
    case headerChecksumMismatch(offset: Int)
    /// A DEFLATE block header has block type 3, which RFC 1951 reserves.
    case reservedBlockType
    /// A stored block's `LEN` is not the ones' complement of its `NLEN`.
    case storedLengthMismatch
    /// A dynamic block's header is inconsistent: too many code lengths, a repeat with
    /// nothing to repeat, a repeat past the end, or no code for end-of-block.
    case invalidBlockHeader(String)
    /// A set of Huffman code lengths is over-subscribed or incomplete, so it is no prefix code.
    case invalidCodeLengths
    /// The bit stream holds a bit pattern that is no code, or a length or distance symbol
    /// RFC 1951 reserves (286, 287, 30, 31).
    case invalidCode
    /// A back-reference reaches `distance` bytes back where only `available` bytes of the
    /// member have been produced.
    case distanceTooFar(distance: Int, available: Int)
    /// The CRC-32 in the trailer of the member at `offset` differs from that of its data.
    case checksumMismatch(offset: Int, stored: UInt32, computed: UInt32)
    /// The `ISIZE` in the trailer of the member at `offset` differs from its data's length
    /// modulo 2³².
    case sizeMismatch(offset: Int, stored: UInt32, computed: UInt32)

    var description: String {
        switch self {
        case .truncated:
            return "the compressed data ends early"
        case let .notGzip(offset):
            return "the bytes at offset \(offset) are not a gzip member"
        case let .unsupportedMethod(offset, method):
            return "the member at offset \(offset) uses compression method \(method), not DEFLATE (8)"
        case let .reservedFlags(offset, flags):
            return "the member at offset \(offset) sets reserved header flags (\(hex(flags)))"
        case let .headerChecksumMismatch(offset):
            return "the header checksum of the member at offset \(offset) does not match"
        case .reservedBlockType:
            return "a DEFLATE block has the reserved block type 3"
        case .storedLengthMismatch:
            return "a stored block's length does not match its complement"
        case let .invalidBlockHeader(detail):
            return "a dynamic Huffman block header is invalid (\(detail))"
        case .invalidCodeLengths:
            return "a Huffman code has invalid code lengths"
        case .invalidCode:
            return "the compressed stream holds an invalid Huffman code"
        case let .distanceTooFar(distance, available):
            return "a back-reference reaches \(distance) bytes back but only \(available) have been decompressed"
        case let .checksumMismatch(offset, stored, computed):
            return "the CRC-32 of the member at offset \(offset) is \(hex(computed)) but its trailer says \(hex(stored))"
        case let .sizeMismatch(offset, stored, computed):
            return "the member at offset \(offset) decompresses to \(computed) bytes (mod 2^32) but its trailer says \(stored)"
        }
    }

    private func hex<Value: FixedWidthInteger>(_ value: Value) -> String {
        let digits = String(value, radix: 16)
        let width = Value.bitWidth / 4
        return "0x" + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
