import Foundation

/// A parsed JSON value, as the matrix readers see it.
///
/// Numbers are kept as `Double`, which holds every integer a routing engine
/// reports (meters, seconds) exactly up to 2⁵³. Objects keep the last value of
/// a repeated key.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The members of an object, `nil` for anything else.
    var objectValue: [String: JSONValue]? {
        if case let .object(members) = self { return members }
        return nil
    }

    /// The elements of an array, `nil` for anything else.
    var arrayValue: [JSONValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    /// The text of a string, `nil` for anything else.
    var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    /// A short description of the value for error messages, such as
    /// `the string "12 mins"`, `an object with keys a, b` or `null`.
    var summary: String {
        switch self {
        case .null: return "null"
        case let .bool(value): return "\(value)"
        case let .number(value):
            if value == value.rounded(), abs(value) < 1e15 { return "the number \(Int(value))" }
            return "the number \(value)"
        case let .string(text):
            let shown = text.count > 60 ? String(text.prefix(57)) + "…" : text
            return "the string \"\(shown)\""
        case let .array(elements):
            return elements.isEmpty ? "an empty array" : "an array of \(elements.count) values"
        case let .object(members):
            if members.isEmpty { return "an empty object" }
            let keys = members.keys.sorted()
            let shown = keys.prefix(8).joined(separator: ", ")
            return "an object with keys \(shown)\(keys.count > 8 ? ", …" : "")"
        }
    }
}

/// A syntax error in JSON text, at a 1-based line and column (columns count
/// Unicode scalars).
struct JSONSyntaxError: Error, Sendable, Hashable {
    var line: Int
    var column: Int
    var reason: String
}

/// A strict RFC 8259 JSON parser that reports the line and column of the
/// first syntax error. A leading UTF-8 byte-order mark is skipped.
///
/// - Complexity: O(b) for *b* bytes; nesting is limited to 512 levels.
struct JSONReader {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ data: Data) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
    }

    /// Parses exactly one JSON value (surrounded by optional whitespace).
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(data)
        reader.skipWhitespace()
        let value = try reader.parseValue()
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else {
            throw reader.error("unexpected text after the end of the JSON value")
        }
        return value
    }

    /// Parses a sequence of JSON values separated by whitespace, such as
    /// newline-delimited JSON (one value per line).
    static func parseSequence(_ data: Data) throws(JSONSyntaxError) -> [JSONValue] {
        var reader = JSONReader(data)
        var values: [JSONValue] = []
        reader.skipWhitespace()
        while reader.position < reader.bytes.count {
            values.append(try reader.parseValue())
            reader.skipWhitespace()
        }
        return values
    }

    // MARK: - Grammar

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of the text, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[position])), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a quoted key") }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key \"\(key)\"") }
            position += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "}")) { position += 1; break }
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "]")) { position += 1; break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var run = position  // start of the current run of plain bytes
        func flush(_ end: Int) {
            if end > run { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character \(describe(byte)) inside a string; escape it") }
            if byte != UInt8(ascii: "\\") { position += 1; continue }
            flush(position)
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code), bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
                    position += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid UTF-16 surrogate pair in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape is a lone UTF-16 surrogate") }
                scalars.append(scalar)
            default:
                position -= 1
                throw error("invalid escape \\\(describe(escape)) in a string")
            }
            run = position
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits")
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in a number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw error("a number must not start with 0") }
        } else {
            skipDigits()
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error("the number \(text) is out of range")
        }
        return value
    }

    // MARK: - Helpers

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes[position...].starts(with: expected) else {
            throw error("unexpected character \(describe(bytes[position])), expected a value")
        }
        position += expected.count
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "0x%02X", byte)
    }

    /// An error at the current position, with its line and column.
    private func error(_ reason: String) -> JSONSyntaxError {
        let end = min(position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count + 1
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
