/// One line of a file: the byte range `start..<end` (line break excluded) and its 1-based number.
internal struct ScannedLine {
    let start: Int
    let end: Int
    let number: Int
}

/// A position inside one line, advanced token by token.
internal struct TokenCursor {
    var position: Int
    let end: Int
}

/// The keyword part of a specification line: `KEYWORD : value`, `KEYWORD: value`,
/// `KEYWORD value` or a bare `KEYWORD` (section names, `EOF`).
internal struct HeaderLine {
    /// The keyword in upper case.
    let keyword: String
    /// The trimmed value after the colon (or after the keyword when there is no colon).
    let value: Range<Int>
    let hasColon: Bool
}

/// Splits a file's bytes into lines and whitespace-separated tokens without allocating per
/// token. Lines end at `\n`, `\r\n` or a lone `\r`; any byte up to 0x20 counts as whitespace.
internal struct TSPLIBScanner {
    let bytes: [UInt8]
    let fileName: String
    private var offset = 0
    private var lineCount = 0
    private var pending: ScannedLine?

    init(bytes: [UInt8], fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
        // Skip a UTF-8 byte order mark, which some editors put at the start of a file.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
        }
    }

    /// The number of the last line handed out (0 before the first).
    var lastLineNumber: Int { lineCount }

    /// The next line, or `nil` at the end of the file.
    mutating func nextLine() -> ScannedLine? {
        if let line = pending {
            pending = nil
            return line
        }
        guard offset < bytes.count else { return nil }
        let start = offset
        var index = start
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
            index += 1
        }
        let end = index
        if index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                index += 2
            } else {
                index += 1
            }
        }
        offset = index
        lineCount += 1
        return ScannedLine(start: start, end: end, number: lineCount)
    }

    /// Hands `line` out again on the next ``nextLine()`` (a data section ends at a keyword line).
    mutating func pushBack(_ line: ScannedLine) {
        pending = line
    }

    func cursor(_ line: ScannedLine) -> TokenCursor {
        TokenCursor(position: line.start, end: line.end)
    }

    /// The next whitespace-separated token of the line, or `nil` when none is left.
    func nextToken(_ cursor: inout TokenCursor) -> Range<Int>? {
        var index = cursor.position
        while index < cursor.end, bytes[index] <= 0x20 { index += 1 }
        guard index < cursor.end else {
            cursor.position = index
            return nil
        }
        let start = index
        while index < cursor.end, bytes[index] > 0x20 { index += 1 }
        cursor.position = index
        return start..<index
    }

    /// Whether a token looks like a TSPLIB keyword (`EOF`, `NAME:`, `DISPLAY_DATA_SECTION`):
    /// an upper-case letter followed by upper-case letters, digits or `_`, up to an optional `:`.
    /// A data section ends at a line starting with such a token.
    func isKeywordLike(_ token: Range<Int>) -> Bool {
        guard let first = token.first, isUpper(bytes[first]) else { return false }
        for index in token {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return true }
            guard isUpper(byte) || isDigit(byte) || byte == UInt8(ascii: "_") else { return false }
        }
        return true
    }

    /// Splits a specification line into keyword and value; `nil` for a blank line.
    func header(_ line: ScannedLine) -> HeaderLine? {
        let trimmed = trim(line.start..<line.end)
        guard !trimmed.isEmpty else { return nil }
        var colon: Int?
        for index in trimmed where bytes[index] == UInt8(ascii: ":") {
            colon = index
            break
        }
        if let colon {
            let key = trim(trimmed.lowerBound..<colon)
            if !key.isEmpty, !key.contains(where: { bytes[$0] <= 0x20 }) {
                return HeaderLine(
                    keyword: upperString(key),
                    value: trim((colon + 1)..<trimmed.upperBound),
                    hasColon: true
                )
            }
        }
        var keyEnd = trimmed.lowerBound
        while keyEnd < trimmed.upperBound, bytes[keyEnd] > 0x20 { keyEnd += 1 }
        return HeaderLine(
            keyword: upperString(trimmed.lowerBound..<keyEnd),
            value: trim(keyEnd..<trimmed.upperBound),
            hasColon: false
        )
    }

    /// The first whitespace-separated word of `range` (empty range if none).
    func firstWord(_ range: Range<Int>) -> Range<Int> {
        var cursor = TokenCursor(position: range.lowerBound, end: range.upperBound)
        return nextToken(&cursor) ?? range.lowerBound..<range.lowerBound
    }

    func trim(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] <= 0x20 { lower += 1 }
        while upper > lower, bytes[upper - 1] <= 0x20 { upper -= 1 }
        return lower..<upper
    }

    /// The bytes as a string (invalid UTF-8 repaired).
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The bytes in upper case, for matching keywords and keyword values case-insensitively.
    func upperString(_ range: Range<Int>) -> String {
        String(decoding: bytes[range].map { isLower($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// The bytes as a string for an error message, shortened to at most `limit` bytes.
    func quoted(_ range: Range<Int>, limit: Int = 60) -> String {
        guard range.count > limit else { return string(range) }
        return string(range.lowerBound..<(range.lowerBound + limit)) + "…"
    }

    /// The whole line, trimmed and shortened, for an error message.
    func quotedLine(_ line: ScannedLine) -> String {
        quoted(trim(line.start..<line.end))
    }

    private func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
