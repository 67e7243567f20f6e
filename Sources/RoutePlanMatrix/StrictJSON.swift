import Foundation

/// A strict, streaming check that data is one well-formed JSON value
/// (RFC 8259), for running before a lenient decoder such as `JSONDecoder`.
///
/// Foundation's decoders accept input that is ambiguous or lossy, and say
/// little about where the problem is. ``check(_:)`` rejects, with the line,
/// column and JSON path of the offending text:
///
/// - **duplicate keys** in one object (`JSONDecoder` silently keeps the first,
///   other tools the last). Keys are compared as Swift strings, so keys that
///   are canonically equivalent (`"é"` written precomposed and decomposed)
///   count as duplicates too, as they would collide in a `[String: …]`;
/// - **numbers out of range**: `1e400` (beyond ±1.8 × 10³⁰⁸), and nonzero
///   numbers such as `1e-400` that are too small for a `Double` and would
///   silently become 0 — write `0` instead. The smallest subnormal numbers
///   (down to about 4.9 × 10⁻³²⁴) are accepted;
/// - `NaN`, `Infinity` and `-Infinity`, which are not JSON;
/// - nesting deeper than ``maximumDepth`` (512) arrays and objects — the
///   check itself is iterative and never overflows the stack;
/// - text that is **not UTF-8**: UTF-16 and UTF-32, recognised by their
///   byte-order mark or by the pattern of NUL bytes in the first four bytes
///   (RFC 4627 §3), and invalid UTF-8 byte sequences inside strings. A UTF-8
///   byte-order mark at the start is skipped;
/// - unescaped **control characters** (U+0000–U+001F) inside strings, invalid
///   escapes, and `\u` escapes that are lone UTF-16 surrogates;
/// - the usual syntax errors: trailing commas, single quotes, comments,
///   leading zeros, missing commas or brackets, text after the value, an
///   empty text.
///
/// Every document the check accepts is also accepted by `JSONDecoder` and
/// `JSONSerialization` (with `.fragmentsAllowed` for a top-level string,
/// number, boolean or null). The reverse does not hold: those accept
/// duplicate keys, trailing commas (`[1,]`), underflowing numbers
/// (`JSONSerialization` reads `1e-400` as 0) and UTF-16/UTF-32 text.
///
/// ```swift
/// let data = try InputFile.read(url, what: "itinerary")
/// do {
///     try StrictJSON.check(data)
/// } catch {
///     // "line 4, column 7 (placesToGo[3].location.lat): duplicate key \"lat\" (first at line 3, column 7)"
///     throw MyError.invalidJSON(file: url.path, line: error.line, column: error.column,
///                               path: error.path, reason: error.reason)
/// }
/// let itinerary = try JSONDecoder().decode(Itinerary.self, from: data)
/// ```
///
/// - Complexity: O(b) time for *b* bytes, reading each byte once; memory
///   O(d + k) for nesting depth *d* and the keys *k* of the objects open at
///   any one time. No tree is built and string values are not copied.
public enum StrictJSON {
    /// The deepest nesting of arrays and objects accepted: 512, the same
    /// limit as Foundation's JSON parser (the top-level array or object is
    /// level 1).
    public static let maximumDepth = 512

    /// Checks that `data` is exactly one JSON value, optionally surrounded by
    /// whitespace and preceded by a UTF-8 byte-order mark.
    ///
    /// - Throws: the first ``Problem`` found, with its position and path.
    /// - Complexity: O(b) for *b* bytes.
    public static func check(_ data: Data) throws(Problem) {
        try withScanner(data, materialize: false, sequence: false) { (scanner: inout JSONScanner) throws(Problem) in
            while true {
                if case .end = try scanner.next() { return }
            }
        }
    }

    /// Why data is not strict JSON, and where.
    ///
    /// ``description`` reads, for example,
    /// `line 4, column 7 (placesToGo[3].location.lat): duplicate key "lat" (first at line 3, column 7)`.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kinds of problem, for callers that react to some of them.
        public enum Kind: Sendable, Hashable {
            /// The text is UTF-16 or UTF-32, not UTF-8.
            case wrongEncoding
            /// A byte sequence that is not UTF-8, inside a string.
            case invalidUTF8
            /// A key that appears twice in one object.
            case duplicateKey
            /// A number whose magnitude a `Double` cannot hold (overflow), or a
            /// nonzero number it would round to 0 (underflow).
            case numberOutOfRange
            /// `NaN`, `Infinity` or `-Infinity`.
            case nonFiniteNumber
            /// Arrays and objects nested deeper than ``StrictJSON/maximumDepth``.
            case tooDeep
            /// A control character (U+0000–U+001F) written into a string unescaped.
            case controlCharacter
            /// A backslash escape that JSON does not have, or a `\u` escape of a
            /// lone UTF-16 surrogate.
            case invalidEscape
            /// Anything else the JSON grammar does not allow.
            case syntax
        }

        /// What is wrong.
        public var kind: Kind
        /// 1-based line of the offending text. Lines end at LF, CRLF or a lone CR.
        public var line: Int
        /// 1-based column, counting Unicode scalars (a UTF-8 byte-order mark
        /// is not counted).
        public var column: Int
        /// 0-based byte offset of the offending text in the data.
        public var offset: Int
        /// The JSON path of the value or key at fault, such as
        /// `rows[2].elements[0].duration` or `placesToGo[3].location.lat`;
        /// empty at the top level. Keys that are not plain names are written
        /// `["odd key"]`; very deep paths are shortened in the middle with `…`.
        public var path: String
        /// What is wrong, in words, such as `duplicate key "lat" (first at
        /// line 3, column 7)` or `number 1e400 is out of range`. Text quoted
        /// from the input has its control characters escaped (see
        /// ``MessageText``).
        public var reason: String

        /// A problem at a position; ``check(_:)`` makes them, callers may
        /// make their own to report in the same form.
        public init(kind: Kind, line: Int, column: Int, offset: Int, path: String, reason: String) {
            self.kind = kind
            self.line = line
            self.column = column
            self.offset = offset
            self.path = path
            self.reason = reason
        }

        /// `line L, column C (path): reason`, or without the path at the top level.
        public var description: String {
            "line \(line), column \(column)\(path.isEmpty ? "" : " (\(path))"): \(reason)"
        }

        /// The reason followed by the path, for messages that give the line
        /// and column elsewhere: `duplicate key "lat" (first at line 3,
        /// column 7) at placesToGo[3].location.lat`.
        var reasonWithPath: String { path.isEmpty ? reason : "\(reason) at \(path)" }
    }

    // MARK: - Shared with the matrix readers

    /// Runs `body` with a scanner over `data`.
    static func withScanner<R>(_ data: Data, materialize: Bool, sequence: Bool,
                               _ body: (inout JSONScanner) throws(Problem) -> R) throws(Problem) -> R {
        var result: Result<R, Problem>?
        data.withUnsafeBytes { raw in
            result = Result { () throws(Problem) -> R in
                var scanner = try JSONScanner(raw, materialize: materialize, allowsSequence: sequence)
                return try body(&scanner)
            }
        }
        return try result!.get()
    }

    /// The encoding named by the first bytes of a text when it is UTF-16 or
    /// UTF-32 (`"UTF-16 (little-endian)"`), from a byte-order mark or, as
    /// RFC 4627 §3 describes, from where the NUL bytes are among the first
    /// four bytes (JSON text starts with an ASCII character). `nil` for
    /// anything else, UTF-8 included.
    static func foreignEncoding<Bytes: Collection<UInt8>>(_ prefix: Bytes) -> String? {
        var b: [UInt8] = []
        b.reserveCapacity(4)
        for byte in prefix.prefix(4) { b.append(byte) }
        let n = b.count
        guard n >= 2 else { return nil }
        if n >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return "UTF-32 (big-endian, with a byte-order mark)" }
        if n >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return "UTF-32 (little-endian, with a byte-order mark)" }
        if b[0] == 0xFE, b[1] == 0xFF { return "UTF-16 (big-endian, with a byte-order mark)" }
        if b[0] == 0xFF, b[1] == 0xFE { return "UTF-16 (little-endian, with a byte-order mark)" }
        if n >= 4, b[0] == 0, b[1] == 0, b[2] == 0, b[3] != 0 { return "UTF-32 (big-endian)" }
        if n >= 4, b[0] != 0, b[1] == 0, b[2] == 0, b[3] == 0 { return "UTF-32 (little-endian)" }
        if b[0] == 0, b[1] != 0 { return "UTF-16 (big-endian)" }
        if b[0] != 0, b[1] == 0 { return "UTF-16 (little-endian)" }
        return nil
    }

    /// The reason given for a text in `encoding`.
    static func encodingReason(_ encoding: String) -> String {
        "the file is \(encoding) encoded; save it as UTF-8"
    }

    /// The 1-based line and column of byte `offset`, counting from `origin`
    /// (after a byte-order mark).
    ///
    /// - Complexity: O(offset); used only once an error is found.
    static func location(of offset: Int, in bytes: UnsafeRawBufferPointer, origin: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, origin), bytes.count)
        var line = 1
        var lineStart = origin
        var index = origin
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }
}
