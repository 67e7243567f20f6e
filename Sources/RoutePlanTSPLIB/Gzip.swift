/// Decompression of gzip data (RFC 1952), such as `pla85900.tsp.gz`.
///
/// Supports everything RFC 1952 defines for compression method 8 (DEFLATE):
/// - the optional header fields `FEXTRA`, `FNAME` and `FCOMMENT` (skipped), `FTEXT`
///   (ignored) and `FHCRC` (verified); reserved flag bits are rejected;
/// - stored, fixed-Huffman and dynamic-Huffman DEFLATE blocks (see ``Inflater``);
/// - each member's CRC-32 and `ISIZE` trailer, both verified;
/// - several members one after another (as `cat a.gz b.gz` makes), decompressed in turn and
///   joined. Bytes after the last member must start another member.
///
/// Runs in O(n + m) time for n compressed and m decompressed bytes and holds the output in
/// memory (the input's last `ISIZE` sizes it up front).
///
/// ```swift
/// let bytes = [UInt8](try Data(contentsOf: url))
/// let text = Gzip.isCompressed(bytes) ? try Gzip.decompress(bytes) : bytes
/// ```
enum Gzip {
    /// Header flag bits (RFC 1952 §2.3.1).
    private enum Flag {
        static let text: UInt8 = 0x01
        static let headerCRC: UInt8 = 0x02
        static let extra: UInt8 = 0x04
        static let name: UInt8 = 0x08
        static let comment: UInt8 = 0x10
        static let reserved: UInt8 = 0xE0
    }

    /// About the most DEFLATE can expand (258 bytes from as little as 2 bits), used to bound
    /// the up-front allocation that a damaged `ISIZE` could ask for.
    private static let maximumExpansion = 1032

    /// Whether `bytes` start with the gzip magic number `1f 8b`.
    static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The decompressed contents of the gzip data `bytes`: every member's data, in order.
    ///
    /// - Throws: ``GzipError`` when `bytes` are not gzip data, use a method other than
    ///   DEFLATE, end early, are malformed, or fail a checksum or length check.
    static func decompress(_ bytes: [UInt8]) throws(GzipError) -> [UInt8] {
        var output: [UInt8] = []
        if bytes.count >= 18 {
            let statedSize = Int(littleEndian32(bytes, at: bytes.count - 4))
            output.reserveCapacity(min(statedSize, bytes.count * maximumExpansion))
        }
        var offset = 0
        repeat {
            offset = try decompressMember(bytes, at: offset, into: &output)
        } while offset < bytes.count
        return output
    }

    /// Decompresses the member starting at `bytes[start]`, appending its data to `output`,
    /// and returns the offset just after it.
    private static func decompressMember(
        _ bytes: [UInt8], at start: Int, into output: inout [UInt8]
    ) throws(GzipError) -> Int {
        // ID1 ID2 CM FLG MTIME(4) XFL OS, then the optional fields FLG announces.
        guard bytes.count - start >= 2 else { throw .truncated }
        guard bytes[start] == 0x1F, bytes[start + 1] == 0x8B else { throw .notGzip(offset: start) }
        guard bytes.count - start >= 10 else { throw .truncated }
        let method = bytes[start + 2]
        guard method == 8 else { throw .unsupportedMethod(offset: start, method: method) }
        let flags = bytes[start + 3]
        guard flags & Flag.reserved == 0 else { throw .reservedFlags(offset: start, flags: flags) }

        var position = start + 10
        if flags & Flag.extra != 0 {
            guard bytes.count - position >= 2 else { throw .truncated }
            let extraLength = Int(bytes[position]) | Int(bytes[position + 1]) << 8
            position += 2
            guard bytes.count - position >= extraLength else { throw .truncated }
            position += extraLength
        }
        if flags & Flag.name != 0 { position = try skipZeroTerminated(bytes, from: position) }
        if flags & Flag.comment != 0 { position = try skipZeroTerminated(bytes, from: position) }
        if flags & Flag.headerCRC != 0 {
            guard bytes.count - position >= 2 else { throw .truncated }
            let stored = UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
            let computed = UInt16(truncatingIfNeeded: CRC32.checksum(bytes[start..<position]))
            guard stored == computed else { throw .headerChecksumMismatch(offset: start) }
            position += 2
        }

        let dataStart = output.count
        var inflater = Inflater(input: bytes, position: position, output: output)
        output = []  // leave the inflater the only owner, so appending never copies
        try inflater.inflate()
        output = inflater.output
        position = inflater.position

        // CRC32(4) ISIZE(4), both little-endian.
        guard bytes.count - position >= 8 else { throw .truncated }
        let storedCRC = littleEndian32(bytes, at: position)
        let computedCRC = CRC32.checksum(output[dataStart...])
        guard storedCRC == computedCRC else {
            throw .checksumMismatch(offset: start, stored: storedCRC, computed: computedCRC)
        }
        let storedSize = littleEndian32(bytes, at: position + 4)
        let computedSize = UInt32(truncatingIfNeeded: output.count - dataStart)
        guard storedSize == computedSize else {
            throw .sizeMismatch(offset: start, stored: storedSize, computed: computedSize)
        }
        return position + 8
    }

    /// The offset after the zero byte that ends the string starting at `bytes[start]`.
    private static func skipZeroTerminated(_ bytes: [UInt8], from start: Int) throws(GzipError) -> Int {
        guard let zero = bytes[start...].firstIndex(of: 0) else { throw .truncated }
        return zero + 1
    }

    /// The little-endian 32-bit number at `bytes[offset..<offset + 4]` (the caller checks bounds).
    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
