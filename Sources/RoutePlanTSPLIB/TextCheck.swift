#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells TSPLIB95 text from binary data (NUL bytes, bytes that are not UTF-8).
enum TextCheck {
    /// The first reason `bytes` are not text, and its offset: a NUL byte or a byte sequence
    /// that is not UTF-8 (overlong forms, surrogates and values above U+10FFFF included).
    ///
    /// - Parameter complete: Whether `bytes` are the whole content; when not, a multi-byte
    ///   sequence cut off at the end is not held against it.
    static func firstProblem(
        in bytes: ArraySlice<UInt8>, complete: Bool
    ) -> (offset: Int, problem: TSPLIBError.TextProblem)? {
        if let wide = wideEncoding(of: bytes) { return (0, wide) }
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead == 0 { return (index - bytes.startIndex, .nulByte) }
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the first continuation byte, and how many follow in all.
            let second: ClosedRange<UInt8>
            let length: Int
            switch lead {
            case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
            case 0xE0: (second, length) = (0xA0...0xBF, 3)
            case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
            case 0xED: (second, length) = (0x80...0x9F, 3)
            case 0xF0: (second, length) = (0x90...0xBF, 4)
            case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
            case 0xF4: (second, length) = (0x80...0x8F, 4)
            default: return (index - bytes.startIndex, .invalidUTF8)
            }
            for offset in 1..<length {
                guard index + offset < end else {
                    return complete ? (index - bytes.startIndex, .invalidUTF8) : nil
                }
                let byte = bytes[index + offset]
                let allowed = offset == 1 ? second : 0x80...0xBF
                guard allowed.contains(byte) else { return (index - bytes.startIndex, .invalidUTF8) }
            }
            index += length
        }
        return nil
    }

    /// UTF-16 or UTF-32, when the start of a file says so: a byte-order
    /// mark, or ASCII text stored as UTF-16 without one (a NUL byte after
    /// — or before — each of the first two characters).
    static func wideEncoding(of start: ArraySlice<UInt8>) -> TSPLIBError.TextProblem? {
        let b = Array(start.prefix(4))
        guard b.count >= 2 else { return nil }
        if b.count == 4 && (b == [0xFF, 0xFE, 0, 0] || b == [0, 0, 0xFE, 0xFF]) { return .utf32 }
        if (b[0], b[1]) == (0xFF, 0xFE) || (b[0], b[1]) == (0xFE, 0xFF) { return .utf16 }
        guard b.count == 4 else { return nil }
        let littleEndian = b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0
        let bigEndian = b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0
        return littleEndian || bigEndian ? .utf16 : nil
    }

    /// The offset of the first NUL byte in `bytes`, if any.
    static func firstNUL(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// The 1-based line that byte `offset` of `bytes` is on, counting line breaks as the
    /// scanner does (`\n`, `\r\n` or a lone `\r`).
    static func lineNumber(at offset: Int, in bytes: some Collection<UInt8>) -> Int {
        var line = 1
        var previous: UInt8 = 0
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                if previous != 0x0D { line += 1 }
            } else if byte == 0x0D {
                line += 1
            }
            previous = byte
        }
        return line
    }

    /// Throws ``TSPLIBError/notText(file:line:offset:problem:decompressed:)`` when `bytes`
    /// hold a NUL byte anywhere: the scanner would otherwise read it as a blank.
    static func rejectNUL(in bytes: [UInt8], fileName: String, decompressed: Bool) throws(TSPLIBError) {
        if let wide = wideEncoding(of: bytes[...]) {
            throw .notText(file: fileName, line: 1, offset: 0, problem: wide, decompressed: decompressed)
        }
        guard let offset = firstNUL(in: bytes) else { return }
        throw .notText(
            file: fileName, line: lineNumber(at: offset, in: bytes), offset: offset,
            problem: .nulByte, decompressed: decompressed
        )
    }
}
