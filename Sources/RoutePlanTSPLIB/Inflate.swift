/// A DEFLATE (RFC 1951) decoder: stored, fixed-Huffman and dynamic-Huffman blocks.
///
/// Huffman codes are decoded through ``HuffmanTable`` lookups (one or two table reads per
/// symbol), and the bit buffer is refilled a byte at a time up to 64 bits, so one refill
/// covers a whole length/distance pair. Decoding runs in O(n + m) time for n input and m
/// output bytes, plus O(2¹⁰) to build the tables of each dynamic block.
///
/// Every read is bounds-checked: input that ends early throws ``GzipError/truncated``, and a
/// back-reference to before the start of this stream's output throws
/// ``GzipError/distanceTooFar(distance:available:)``; nothing traps on malformed data.
///
/// ```swift
/// var inflater = Inflater(input: bytes, position: 10, output: [])
/// try inflater.inflate()
/// let data = inflater.output           // the decompressed bytes
/// let next = inflater.position         // the first byte after the DEFLATE stream
/// ```
struct Inflater {
    /// The compressed bytes (the stream may start and end anywhere inside).
    private let input: [UInt8]
    /// The next input byte to load into the bit buffer; after ``inflate()``, the first byte
    /// after the stream.
    private(set) var position: Int
    /// Bits read ahead, the next one in bit 0; bits above ``bitCount`` are zero.
    private var bitBuffer: UInt64 = 0
    /// How many bits of ``bitBuffer`` are valid.
    private var bitCount = 0
    /// The bytes decompressed so far, after whatever `output` held at the start.
    private(set) var output: [UInt8]
    /// Where this stream's output starts in ``output``; back-references may not reach before it.
    private let outputStart: Int
    /// The fixed Huffman codes of RFC 1951 §3.2.6, built when the first fixed block needs them.
    private var fixedCodes: (literals: HuffmanTable, distances: HuffmanTable)?

    /// Root table widths: 10 bits cover most literal/length codes in one read, 8 most distances.
    private static let literalRootBits = 10
    private static let distanceRootBits = 8
    /// The order in which a dynamic block lists the code length code lengths (RFC 1951 §3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Prepares to decode the DEFLATE stream starting at `input[position]`, appending to `output`.
    init(input: [UInt8], position: Int, output: [UInt8]) {
        self.input = input
        self.position = position
        self.output = output
        self.outputStart = output.count
    }

    /// Decodes blocks up to and including the final one, leaving ``position`` at the first
    /// byte after the stream (the unused bits of its last byte are skipped).
    mutating func inflate() throws(GzipError) {
        var isFinal = false
        while !isFinal {
            isFinal = try readBits(1) == 1
            switch try readBits(2) {
            case 0:
                try copyStoredBlock()
            case 1:
                let codes = try fixedHuffmanCodes()
                try decodeBlock(literals: codes.literals, distances: codes.distances)
            case 2:
                let codes = try readDynamicCodes()
                try decodeBlock(literals: codes.literals, distances: codes.distances)
            default:
                throw .reservedBlockType
            }
        }
        alignToByte()
        position -= bitCount >> 3
        bitBuffer = 0
        bitCount = 0
    }

    // MARK: Bit input

    /// Loads whole bytes into the bit buffer until it holds more than 56 bits or the input ends.
    @inline(__always)
    private mutating func refill() {
        while bitCount <= 56, position < input.count {
            bitBuffer |= UInt64(input[position]) &<< UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// The next `count` bits (0...32) as a number, first bit lowest.
    @inline(__always)
    private mutating func readBits(_ count: Int) throws(GzipError) -> Int {
        if bitCount < count { refill() }
        guard bitCount >= count else { throw .truncated }
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 &<< UInt64(count)) &- 1))
        bitBuffer &>>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Drops the bits left in the current byte.
    private mutating func alignToByte() {
        let partial = bitCount & 7
        bitBuffer &>>= UInt64(partial)
        bitCount -= partial
    }

    /// Decodes one symbol of `table`'s code.
    @inline(__always)
    private mutating func decodeSymbol(_ table: HuffmanTable) throws(GzipError) -> Int {
        if bitCount < HuffmanTable.maximumCodeLength { refill() }
        let rootMask = (1 &<< table.rootBits) &- 1
        var entry = table.entries[Int(truncatingIfNeeded: bitBuffer) & rootMask]
        if entry & HuffmanTable.linkFlag != 0 {
            let subMask = (1 &<< Int((entry >> 16) & 0xFF)) &- 1
            let subIndex = Int(truncatingIfNeeded: bitBuffer &>> UInt64(table.rootBits)) & subMask
            entry = table.entries[Int(entry & 0xFFFF) + subIndex]
        }
        let length = Int((entry >> 16) & 0xFF)
        // Past the end of the input the buffer reads as zeros, so a pattern that is no code
        // there, or a code longer than what is left, means the data was cut short.
        guard length != 0 else { throw position == input.count ? .truncated : .invalidCode }
        guard length <= bitCount else { throw .truncated }
        bitBuffer &>>= UInt64(length)
        bitCount -= length
        return Int(entry & 0xFFFF)
    }

    // MARK: Blocks

    /// Copies a stored block (RFC 1951 §3.2.4): byte-aligned `LEN`, `NLEN`, then `LEN` bytes.
    private mutating func copyStoredBlock() throws(GzipError) {
        alignToByte()
        // Hand the whole bytes still in the bit buffer back to the input.
        position -= bitCount >> 3
        bitBuffer = 0
        bitCount = 0
        guard input.count - position >= 4 else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == complement ^ 0xFFFF else { throw .storedLengthMismatch }
        position += 4
        guard input.count - position >= length else { throw .truncated }
        output.append(contentsOf: input[position..<(position + length)])
        position += length
    }

    /// The fixed literal/length and distance codes (RFC 1951 §3.2.6).
    private mutating func fixedHuffmanCodes() throws(GzipError) -> (literals: HuffmanTable, distances: HuffmanTable) {
        if let fixedCodes { return fixedCodes }
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        let codes = (
            literals: try HuffmanTable(codeLengths: lengths[...], preferredRootBits: Self.literalRootBits),
            distances: try HuffmanTable(
                codeLengths: [UInt8](repeating: 5, count: 32)[...], preferredRootBits: Self.distanceRootBits
            )
        )
        fixedCodes = codes
        return codes
    }

    /// Reads a dynamic block's header (RFC 1951 §3.2.7) and builds its two codes.
    private mutating func readDynamicCodes() throws(GzipError) -> (literals: HuffmanTable, distances: HuffmanTable) {
        let literalCount = try readBits(5) + 257
        let distanceCount = try readBits(5) + 1
        let codeLengthCount = try readBits(4) + 4
        guard literalCount <= 286 else { throw .invalidBlockHeader("\(literalCount) literal/length codes") }
        guard distanceCount <= 30 else { throw .invalidBlockHeader("\(distanceCount) distance codes") }

        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for symbol in Self.codeLengthOrder.prefix(codeLengthCount) {
            codeLengthLengths[symbol] = UInt8(try readBits(3))
        }
        let codeLengthCode = try HuffmanTable(codeLengths: codeLengthLengths[...], preferredRootBits: 7)

        // Literal/length and distance code lengths form one sequence; a repeat may span both.
        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            let symbol = try decodeSymbol(codeLengthCode)
            let value: UInt8
            let repeats: Int
            switch symbol {
            case 0...15:
                value = UInt8(symbol)
                repeats = 1
            case 16:
                guard index > 0 else { throw .invalidBlockHeader("a repeat before the first code length") }
                value = lengths[index - 1]
                repeats = try readBits(2) + 3
            case 17:
                value = 0
                repeats = try readBits(3) + 3
            case 18:
                value = 0
                repeats = try readBits(7) + 11
            default:
                throw .invalidCode
            }
            guard repeats <= total - index else { throw .invalidBlockHeader("code lengths run past the end") }
            for offset in index..<(index + repeats) { lengths[offset] = value }
            index += repeats
        }
        guard lengths[256] != 0 else { throw .invalidBlockHeader("no end-of-block code") }
        return (
            literals: try HuffmanTable(
                codeLengths: lengths[0..<literalCount], preferredRootBits: Self.literalRootBits
            ),
            distances: try HuffmanTable(
                codeLengths: lengths[literalCount..<total], preferredRootBits: Self.distanceRootBits
            )
        )
    }

    /// Decodes a Huffman-compressed block's literals and length/distance pairs up to its
    /// end-of-block code (RFC 1951 §3.2.5).
    private mutating func decodeBlock(literals: HuffmanTable, distances: HuffmanTable) throws(GzipError) {
        while true {
            let symbol = try decodeSymbol(literals)
            if symbol < 256 {
                output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == 256 { return }

            // Lengths 3...258 (symbols 257...285): codes 257...264 stand for 3...10; then each
            // group of four covers twice the span of the one before, with one more extra bit;
            // 285 is 258.
            let lengthCode = symbol - 257
            let length: Int
            switch lengthCode {
            case 0..<8:
                length = lengthCode + 3
            case 8..<28:
                let extraBits = (lengthCode - 4) >> 2
                length = ((4 + (lengthCode & 3)) << extraBits) + 3 + (try readBits(extraBits))
            case 28:
                length = 258
            default:
                throw .invalidCode
            }

            // Distances 1...32768 (codes 0...29): codes 0...3 stand for 1...4; then each pair
            // covers twice the span of the one before, with one more extra bit.
            let distanceCode = try decodeSymbol(distances)
            let distance: Int
            switch distanceCode {
            case 0..<4:
                distance = distanceCode + 1
            case 4..<30:
                let extraBits = (distanceCode - 2) >> 1
                distance = ((2 + (distanceCode & 1)) << extraBits) + 1 + (try readBits(extraBits))
            default:
                throw .invalidCode
            }

            let available = output.count - outputStart
            guard distance <= available else { throw .distanceTooFar(distance: distance, available: available) }
            // Byte by byte: the source may overlap the bytes being written (distance < length).
            var source = output.count - distance
            for _ in 0..<length {
                output.append(output[source])
                source += 1
            }
        }
    }
}
