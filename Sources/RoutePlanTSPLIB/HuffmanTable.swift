/// A canonical Huffman code (RFC 1951 §3.2.2) as a two-level lookup table for decoding.
///
/// DEFLATE packs Huffman codes starting with their most significant bit into a stream read
/// least significant bit first, so a code's bits appear reversed in the bit buffer. The
/// table is therefore indexed by the next ``rootBits`` bits of the buffer as they stand:
/// every code of at most ``rootBits`` bits fills all the root entries whose low bits are its
/// reversed code; a longer code sits in a sub-table that the root entry for its first
/// ``rootBits`` bits links to, indexed by the bits that follow.
///
/// Decoding a symbol thus takes one or two table reads, whatever the code length. Building
/// takes O(2^``rootBits`` + s) time for s symbols; the sub-tables hold at most 2^(15 −
/// ``rootBits``) entries per root entry that needs one.
struct HuffmanTable: Sendable {
    /// The longest code DEFLATE allows.
    static let maximumCodeLength = 15

    /// Set in an entry that links to a sub-table.
    static let linkFlag: UInt32 = 1 << 24

    /// The table. An entry is `symbol | length << 16` for a code (`length` the whole code's
    /// length in bits), `offset | subBits << 16 | linkFlag` for a link to the sub-table at
    /// `offset` indexed by `subBits` further bits, or 0 for a bit pattern that is no code.
    let entries: [UInt32]
    /// How many bits index the root table (at least 1).
    let rootBits: Int

    /// Builds the table for the code in which symbol `i` has length `codeLengths[i]`
    /// (0 meaning the symbol does not occur).
    ///
    /// - Parameters:
    ///   - codeLengths: One length from 0 to 15 per symbol, in symbol order.
    ///   - preferredRootBits: The root table's index width for long codes; a code whose
    ///     longest length is shorter gets a root table just that wide and no sub-tables.
    /// - Throws: ``GzipError/invalidCodeLengths`` when the lengths are over-subscribed (no
    ///   prefix code has them) or incomplete (some bit patterns would be no code); a single
    ///   code, or none, is accepted as RFC 1951 §3.2.7 allows for distance codes.
    init(codeLengths: ArraySlice<UInt8>, preferredRootBits: Int) throws(GzipError) {
        let maximum = Self.maximumCodeLength
        var lengthCounts = [Int](repeating: 0, count: maximum + 1)
        for length in codeLengths {
            guard Int(length) <= maximum else { throw .invalidCodeLengths }
            lengthCounts[Int(length)] += 1
        }
        lengthCounts[0] = 0

        // Kraft: with `unused` patterns left at each length, a code set is over-subscribed
        // when it needs more than there are and incomplete when some are left over.
        var unused = 1
        var longest = 0
        for length in 1...maximum {
            unused = unused * 2 - lengthCounts[length]
            guard unused >= 0 else { throw .invalidCodeLengths }
            if lengthCounts[length] > 0 { longest = length }
        }
        let codeCount = lengthCounts.reduce(0, +)
        guard unused == 0 || codeCount <= 1 else { throw .invalidCodeLengths }

        let rootBits = max(1, min(preferredRootBits, longest))
        let rootSize = 1 << rootBits

        // The first code of each length (RFC 1951 §3.2.2, step 2).
        var nextCode = [Int](repeating: 0, count: maximum + 1)
        var code = 0
        for length in 1...maximum {
            code = (code + lengthCounts[length - 1]) << 1
            nextCode[length] = code
        }

        // Each symbol's code, reversed so that it reads as it arrives in the bit buffer.
        var reversedCodes = [Int](repeating: 0, count: codeLengths.count)
        for (symbol, length) in codeLengths.enumerated() where length > 0 {
            let length = Int(length)
            reversedCodes[symbol] = Self.reverse(nextCode[length], bits: length)
            nextCode[length] += 1
        }

        // How many bits each sub-table needs: the longest code beyond the root it holds.
        var subBits = [Int](repeating: 0, count: rootSize)
        for (symbol, length) in codeLengths.enumerated() where Int(length) > rootBits {
            let prefix = reversedCodes[symbol] & (rootSize - 1)
            subBits[prefix] = max(subBits[prefix], Int(length) - rootBits)
        }

        var entries = [UInt32](repeating: 0, count: rootSize)
        for prefix in 0..<rootSize where subBits[prefix] > 0 {
            entries[prefix] = UInt32(entries.count) | UInt32(subBits[prefix]) << 16 | Self.linkFlag
            entries.append(contentsOf: repeatElement(0, count: 1 << subBits[prefix]))
        }

        for (symbol, length) in codeLengths.enumerated() where length > 0 {
            let length = Int(length)
            let entry = UInt32(symbol) | UInt32(length) << 16
            let reversed = reversedCodes[symbol]
            if length <= rootBits {
                for index in stride(from: reversed, to: rootSize, by: 1 << length) {
                    entries[index] = entry
                }
            } else {
                let link = entries[reversed & (rootSize - 1)]
                let offset = Int(link & 0xFFFF)
                let size = 1 << Int((link >> 16) & 0xFF)
                for index in stride(from: reversed >> rootBits, to: size, by: 1 << (length - rootBits)) {
                    entries[offset + index] = entry
                }
            }
        }
        self.entries = entries
        self.rootBits = rootBits
    }

    /// The `bits` low bits of `code` in reverse order.
    private static func reverse(_ code: Int, bits: Int) -> Int {
        var code = code
        var reversed = 0
        for _ in 0..<bits {
            reversed = reversed << 1 | code & 1
            code >>= 1
        }
        return reversed
    }
}
