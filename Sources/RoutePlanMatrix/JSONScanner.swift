/// The one JSON tokenizer of RoutePlanMatrix: a pull scanner over UTF-8
/// bytes that checks the whole grammar and every rule of ``StrictJSON`` as
/// it goes, and hands out one token at a time.
///
/// ``StrictJSON/check(_:)`` drains it without materializing values;
/// ``JSONReader`` builds ``JSONValue`` trees from its tokens. Nesting is
/// tracked on an explicit stack, so no input can overflow the call stack.
///
/// The scanner reads `bytes` without copying them: it must not outlive the
/// `withUnsafeBytes` call that provided them (see
/// ``StrictJSON/withScanner(_:materialize:sequence:_:)``).
struct JSONScanner {
    typealias Problem = StrictJSON.Problem

    enum Token {
        case beginObject, endObject, beginArray, endArray
        /// An object's key; its value's tokens follow.
        case key(String)
        /// A string value (empty unless materializing).
        case string(String)
        /// A number (0 unless materializing).
        case number(Double)
        case bool(Bool)
        case null
        /// The end of the text.
        case end
    }

    private enum State { case start, value, firstElementOrEnd, firstKeyOrEnd, keyAfterComma, commaOrEnd, done }

    /// An open array or object.
    private struct Frame {
        var isObject: Bool
        /// The array index of the current element.
        var index = 0
        /// The object's current key.
        var key: String?
        /// Where the object's keys start in `keyLog`.
        var keyStart: Int
        /// The first offset of each key, once the object has many keys.
        var keyIndex: [String: Int]?
    }

    /// Objects with more keys than this look duplicates up in a dictionary
    /// instead of comparing against each earlier key.
    private static let linearKeyLimit = 12

    private let bytes: UnsafeRawBufferPointer
    /// Where the text starts (after a UTF-8 byte-order mark).
    private let origin: Int
    private var position: Int
    private let materialize: Bool
    private let allowsSequence: Bool
    private var state = State.start
    private var frames: [Frame] = []
    /// The keys (with their offsets) of the open objects, innermost last.
    private var keyLog: [(key: String, offset: Int)] = []
    /// Decoded bytes of a string with escapes.
    private var scratch: [UInt8] = []
    /// The index of the current top-level value in a sequence.
    private var sequenceIndex = -1

    /// - Parameters:
    ///   - materialize: decode string values and numbers (keys are always decoded).
    ///   - allowsSequence: accept several values separated by whitespace
    ///     (newline-delimited JSON); paths then start with the value's index.
    /// - Throws: ``StrictJSON/Problem/Kind/wrongEncoding`` for UTF-16 or UTF-32 text.
    init(_ bytes: UnsafeRawBufferPointer, materialize: Bool, allowsSequence: Bool) throws(Problem) {
        self.bytes = bytes
        self.materialize = materialize
        self.allowsSequence = allowsSequence
        var origin = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { origin = 3 }
        self.origin = origin
        self.position = origin
        if origin == 0, let encoding = StrictJSON.foreignEncoding(bytes) {
            throw Problem(kind: .wrongEncoding, line: 1, column: 1, offset: 0, path: "",
                          reason: StrictJSON.encodingReason(encoding))
        }
    }

    // MARK: - Tokens

    /// The next token.
    ///
    /// - Throws: the first ``StrictJSON/Problem``; the scanner must not be
    ///   used after that.
    mutating func next() throws(Problem) -> Token {
        skipWhitespace()
        switch state {
        case .start:
            guard position < bytes.count else {
                throw problem(.syntax, position == origin ? "the text is empty; expected a JSON value"
                                                          : "the text holds only whitespace; expected a JSON value")
            }
            if allowsSequence { sequenceIndex += 1 }
            return try value()
        case .value:
            return try value()
        case .firstElementOrEnd:
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { return close() }
            return try value()
        case .firstKeyOrEnd:
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") { return close() }
            return try key(afterComma: false)
        case .keyAfterComma:
            return try key(afterComma: true)
        case .commaOrEnd:
            let isObject = frames[frames.count - 1].isObject
            let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            guard position < bytes.count else {
                throw problem(.syntax, "unexpected end of the text; expected ',' or '\(Character(Unicode.Scalar(closer)))'")
            }
            let byte = bytes[position]
            if byte == closer { return close() }
            guard byte == UInt8(ascii: ",") else {
                throw problem(.syntax, isObject ? "expected ',' or '}' after an object member, found \(describe(at: position))"
                                                : "expected ',' or ']' after an array element, found \(describe(at: position))")
            }
            position += 1
            skipWhitespace()
            if isObject {
                frames[frames.count - 1].key = nil  // errors before the next key are the object's
                return try key(afterComma: true)
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                throw problem(.syntax, "a trailing comma before ']'; remove the comma")
            }
            frames[frames.count - 1].index += 1
            return try value()
        case .done:
            if position == bytes.count { return .end }
            guard allowsSequence else {
                throw problem(.syntax, "unexpected text after the end of the JSON value: \(describe(at: position))")
            }
            sequenceIndex += 1
            return try value()
        }
    }

    private mutating func value() throws(Problem) -> Token {
        guard position < bytes.count else { throw problem(.syntax, "unexpected end of the text; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            try open(object: true)
            return .beginObject
        case UInt8(ascii: "["):
            try open(object: false)
            return .beginArray
        case UInt8(ascii: "\""):
            let text = try string(decode: materialize)
            finishValue()
            return .string(text ?? "")
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try number()
            finishValue()
            return .number(number)
        default:
            throw unexpectedValue()
        }
    }

    private mutating func open(object: Bool) throws(Problem) {
        guard frames.count < StrictJSON.maximumDepth else {
            throw problem(.tooDeep, "arrays and objects nested deeper than \(StrictJSON.maximumDepth) levels")
        }
        position += 1
        frames.append(Frame(isObject: object, keyStart: keyLog.count))
        state = object ? .firstKeyOrEnd : .firstElementOrEnd
    }

    private mutating func close() -> Token {
        position += 1
        let frame = frames.removeLast()
        if frame.isObject { keyLog.removeLast(keyLog.count - frame.keyStart) }
        finishValue()
        return frame.isObject ? .endObject : .endArray
    }

    private mutating func finishValue() {
        state = frames.isEmpty ? .done : .commaOrEnd
    }

    private mutating func key(afterComma: Bool) throws(Problem) -> Token {
        guard position < bytes.count else { throw problem(.syntax, "unexpected end of the text; expected a quoted key") }
        let start = position
        guard bytes[position] == UInt8(ascii: "\"") else {
            if afterComma, bytes[position] == UInt8(ascii: "}") {
                throw problem(.syntax, "a trailing comma before '}'; remove the comma")
            }
            if bytes[position] == UInt8(ascii: "'") {
                throw problem(.syntax, "a key in single quotes; JSON keys need double quotes")
            }
            throw problem(.syntax, "expected a key in double quotes, found \(describe(at: position))")
        }
        let key = try string(decode: true) ?? ""
        let top = frames.count - 1
        frames[top].key = key
        if let first = firstOffset(of: key, at: start, in: top) {
            let (line, column) = StrictJSON.location(of: first, in: bytes, origin: origin)
            throw problem(.duplicateKey,
                          "duplicate key \(MessageText.quoted(key, limit: 60)) (first at line \(line), column \(column))",
                          at: start)
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw problem(.syntax, "expected ':' after the key \(MessageText.quoted(key, limit: 60)), found \(describe(at: position))")
        }
        position += 1
        state = .value
        return .key(key)
    }

    /// The offset of `key`'s earlier occurrence in the object `frame`, or
    /// `nil` after recording this one (at `offset`).
    private mutating func firstOffset(of key: String, at offset: Int, in frame: Int) -> Int? {
        if frames[frame].keyIndex != nil {
            if let found = frames[frame].keyIndex![key] { return found }
            frames[frame].keyIndex![key] = offset
            return nil
        }
        let start = frames[frame].keyStart
        for entry in keyLog[start...] where entry.key == key { return entry.offset }
        keyLog.append((key, offset))
        if keyLog.count - start > Self.linearKeyLimit {
            var index: [String: Int] = [:]
            index.reserveCapacity(4 * Self.linearKeyLimit)
            for entry in keyLog[start...] { index[entry.key] = entry.offset }
            frames[frame].keyIndex = index
            keyLog.removeLast(keyLog.count - start)
        }
        return nil
    }

    // MARK: - Strings

    /// Scans a string starting at its opening quote; returns its text when
    /// `decode` is set.
    private mutating func string(decode: Bool) throws(Problem) -> String? {
        let start = position
        position += 1
        var run = position
        var escaped = false
        if decode { scratch.removeAll(keepingCapacity: true) }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let end = position
                position += 1
                guard decode else { return nil }
                if !escaped { return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[run..<end]), as: UTF8.self) }
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<end]))
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if decode { scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<position])) }
                escaped = true
                try escape(decode: decode, stringStart: start)
                run = position
                continue
            }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte < 0x80 {
                position += 1
                continue
            }
            try utf8Sequence()
        }
        throw problem(.syntax, "a string that is never closed; add the closing '\"'", at: start)
    }

    private func controlCharacter(_ byte: UInt8) -> Problem {
        let name: String
        switch byte {
        case 0x0A, 0x0D:
            return problem(.controlCharacter, "a line break inside a string; end the string with '\"' before the line ends, or write it as \\n")
        case 0x09: name = "a tab; write it as \\t"
        case 0x00: name = "a NUL character; write it as \\u0000"
        default: name = "the control character U+\(hex(UInt32(byte), digits: 4)); write it as \\u\(hex(UInt32(byte), digits: 4))"
        }
        return problem(.controlCharacter, "\(name) inside a string: control characters must be escaped")
    }

    /// Checks one UTF-8 sequence of two to four bytes (Unicode Table 3-7:
    /// no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func utf8Sequence() throws(Problem) {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalidUTF8(at: position)
        }
        for k in 1..<length {
            let index = position + k
            guard index < bytes.count else { throw invalidUTF8(at: position) }
            let byte = bytes[index]
            let ok = k == 1 ? (low...high).contains(byte) : (0x80...0xBF).contains(byte)
            guard ok else { throw invalidUTF8(at: position) }
        }
        position += length
    }

    private func invalidUTF8(at offset: Int) -> Problem {
        let shown = bytes[offset..<min(offset + 4, bytes.count)].map { "0x" + hex(UInt32($0), digits: 2) }.joined(separator: " ")
        return problem(.invalidUTF8, "bytes \(shown) inside a string are not UTF-8; save the file as UTF-8", at: offset)
    }

    /// Scans a backslash escape, appending the character to `scratch`.
    private mutating func escape(decode: Bool, stringStart: Int) throws(Problem) {
        let at = position
        position += 1
        guard position < bytes.count else {
            throw problem(.syntax, "a string that is never closed; add the closing '\"'", at: stringStart)
        }
        let letter = bytes[position]
        position += 1
        let simple: UInt8
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            var code = try hex4(escapeAt: at)
            if (0xD800..<0xDC00).contains(code) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw problem(.invalidEscape, "\\u\(hex(code, digits: 4)) is half of a UTF-16 surrogate pair; the \\uDC00–\\uDFFF escape that completes it is missing", at: at)
                }
                position += 2
                let low = try hex4(escapeAt: position - 2)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw problem(.invalidEscape, "\\u\(hex(code, digits: 4)) must be followed by a \\uDC00–\\uDFFF escape to complete its surrogate pair, not \\u\(hex(low, digits: 4))", at: at)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) {
                throw problem(.invalidEscape, "\\u\(hex(code, digits: 4)) is the second half of a UTF-16 surrogate pair without the first", at: at)
            }
            if decode { appendUTF8(code) }
            return
        default:
            position = at
            let shown = (0x21..<0x7F).contains(letter) ? "\\" + String(Unicode.Scalar(letter))
                                                        : "\\ followed by \(describe(at: position + 1))"
            throw problem(.invalidEscape, "invalid escape \(shown) in a string; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        if decode { scratch.append(simple) }
    }

    private mutating func hex4(escapeAt: Int) throws(Problem) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else {
                throw problem(.invalidEscape, "\\u needs four hexadecimal digits", at: escapeAt)
            }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw problem(.invalidEscape, "\\u needs four hexadecimal digits", at: escapeAt)
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }

    private mutating func appendUTF8(_ code: UInt32) {
        switch code {
        case ..<0x80:
            scratch.append(UInt8(code))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | code >> 6))
            scratch.append(UInt8(0x80 | code & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | code >> 12))
            scratch.append(UInt8(0x80 | code >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | code & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | code >> 18))
            scratch.append(UInt8(0x80 | code >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | code >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | code & 0x3F))
        }
    }

    // MARK: - Numbers and literals

    private mutating func number() throws(Problem) -> Double {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
            if position < bytes.count, let word = nonFiniteWord(at: position) {
                position = start
                throw problem(.nonFiniteNumber, "-\(word) is not a JSON number; write a finite number or null")
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw problem(.syntax, "expected a digit after '-', found \(describe(at: position))")
            }
        }
        var digits = 0            // significant digits written
        var mantissa: UInt64 = 0  // the integer part, while it fits
        var nonzero = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            digits = 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw problem(.syntax, "a number with a leading zero; write it without the zero (octal is not JSON)", at: start)
            }
        } else {
            nonzero = true
            while position < bytes.count, isDigit(bytes[position]) {
                if digits < 18 { mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0")) }
                digits += 1
                position += 1
            }
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw problem(.syntax, "expected a digit after the decimal point, found \(describe(at: position))")
            }
            while position < bytes.count, isDigit(bytes[position]) {
                if bytes[position] != UInt8(ascii: "0") { nonzero = true }
                digits += 1
                position += 1
            }
        }
        var hasExponent = false
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw problem(.syntax, "expected a digit in the exponent, found \(describe(at: position))")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if isInteger, !hasExponent, digits <= 15 {
            let value = Double(mantissa)  // exact below 2⁵³
            return negative ? -value : value
        }
        // Without an exponent, up to 300 digits cannot leave the range of a Double.
        if !materialize, !hasExponent, digits <= 300 { return 0 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        let value = Double(text) ?? .nan
        if !value.isFinite {
            throw problem(.numberOutOfRange, "number \(Self.shortened(text)) is out of range (a Double holds magnitudes up to about 1.8e308)",
                          at: start)
        }
        if value == 0, nonzero {
            throw problem(.numberOutOfRange, "number \(Self.shortened(text)) is out of range (too close to 0 for a Double, which would read it as 0; write 0)",
                          at: start)
        }
        return value
    }

    private static func shortened(_ text: String) -> String {
        text.utf8.count <= 40 ? text : String(text.prefix(20)) + "…" + String(text.suffix(12))
    }

    private mutating func literal(_ word: StaticString) throws(Problem) {
        let matches = word.withUTF8Buffer { expected in
            position + expected.count <= bytes.count && (0..<expected.count).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        let count = word.utf8CodeUnitCount
        guard matches else { throw unexpectedValue() }
        position += count
        finishValue()
    }

    /// `NaN` or `Infinity` (in any case, or `inf`/`nan`) starting at `offset`.
    private func nonFiniteWord(at offset: Int) -> String? {
        let word = self.word(at: offset)
        switch word.lowercased() {
        case "nan": return "NaN"
        case "inf", "infinity": return "Infinity"
        default: return nil
        }
    }

    /// The ASCII letters starting at `offset` (at most 20).
    private func word(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 20, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") {
            end += 1
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    private func unexpectedValue() -> Problem {
        let byte = bytes[position]
        if let word = nonFiniteWord(at: position) {
            return problem(.nonFiniteNumber, "\(word) is not a JSON number; write a finite number or null")
        }
        switch byte {
        case UInt8(ascii: "'"):
            return problem(.syntax, "a string in single quotes; JSON strings need double quotes")
        case UInt8(ascii: "/"):
            return problem(.syntax, "a comment or '/'; JSON has no comments")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return problem(.syntax, "expected a value, found \(describe(at: position))")
        default:
            let word = word(at: position)
            if !word.isEmpty {
                return problem(.syntax, "unexpected word \(MessageText.quoted(word)); expected a value (a string in double quotes, a number, true, false, null, an array or an object)")
            }
            return problem(.syntax, "expected a value, found \(describe(at: position))")
        }
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The character at `offset` for a message: `'x'`, `"“" (U+201C)`, `the end of the text`.
    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the text" }
        let byte = bytes[offset]
        if byte < 0x80 { return describeByte(byte) }
        var iterator = UnsafeRawBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)]).makeIterator()
        var decoder = UTF8()
        if case let .scalarValue(scalar) = decoder.decode(&iterator) {
            let hint = scalar == "\u{201C}" || scalar == "\u{201D}" ? "; use straight double quotes" : ""
            return "\(MessageText.quoted(String(scalar))) (U+\(hex(scalar.value, digits: 4)))\(hint)"
        }
        return "the byte 0x\(hex(UInt32(byte), digits: 2)), which is not UTF-8"
    }

    private func describeByte(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "U+\(hex(UInt32(byte), digits: 4))"
    }

    private func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    private func problem(_ kind: Problem.Kind, _ reason: String) -> Problem {
        problem(kind, reason, at: position)
    }

    private func problem(_ kind: Problem.Kind, _ reason: String, at offset: Int) -> Problem {
        let (line, column) = StrictJSON.location(of: offset, in: bytes, origin: origin)
        return Problem(kind: kind, line: line, column: column, offset: offset, path: path(), reason: reason)
    }

    /// The path of the current value, such as `rows[2].elements[0].status`.
    private func path() -> String {
        var components: [String] = []
        if allowsSequence, sequenceIndex >= 0 { components.append("[\(sequenceIndex)]") }
        for frame in frames {
            if frame.isObject {
                if let key = frame.key { components.append(Self.member(key, first: components.isEmpty)) }
            } else {
                components.append("[\(frame.index)]")
            }
        }
        if components.count > 24 {
            let hidden = components.count - 16
            components = Array(components.prefix(8)) + ["…(\(hidden) more)…"] + Array(components.suffix(8))
        }
        return components.joined()
    }

    /// `.key`, or `["odd key"]` for keys that are not plain names.
    private static func member(_ key: String, first: Bool) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-" || $0 == "$" || $0 == "@"
        }
        if plain { return first ? key : ".\(key)" }
        return "[\(MessageText.quoted(key, limit: 60))]"
    }
}
