import Foundation
import RoutePlanMatrix
import Testing

/// The problem `StrictJSON.check` finds in `text`, or `nil` (recording an
/// issue) when it accepts it.
private func problem(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> StrictJSON.Problem? {
    problem(Data(text.utf8), sourceLocation: sourceLocation)
}

private func problem(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> StrictJSON.Problem? {
    do {
        try StrictJSON.check(data)
        Issue.record("accepted \(String(decoding: data.prefix(80), as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The `invalidJSON` error the matrix reader gives for `data`, or `nil`.
private func readerError(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation)
    -> (line: Int, column: Int, reason: String)? {
    do {
        _ = try MatrixSource.read(data, fileName: "m.json", stops: MatrixFixtures.stops(2), preferTraffic: false)
    } catch let MatrixError.invalidJSON(file, line, column, reason) {
        #expect(file == "m.json", sourceLocation: sourceLocation)
        return (line, column, reason)
    } catch {
        Issue.record("expected invalidJSON, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
    Issue.record("the reader accepted the data", sourceLocation: sourceLocation)
    return nil
}

@Suite("Strict JSON: duplicate keys, numbers, nesting, encodings")
struct StrictJSONTests {
    // MARK: Duplicate keys (defect 1)

    /// A Google response whose `rows[2].elements[0]` names `duration` twice.
    static let duplicateDuration = """
    {
      "status": "OK",
      "rows": [
        {"elements": [{"status": "OK", "duration": {"value": 1}}, {"status": "OK"}]},
        {"elements": [{"status": "OK"}, {"status": "OK"}]},
        {"elements": [{"status": "OK",
                       "duration": {"value": 10},
                       "duration": {"value": 99}},
                      {"status": "OK"}]}
      ]
    }
    """

    @Test("a duplicate key deep inside is refused with its path, line and column, and the first's position")
    func duplicateKeyAtDepth() throws {
        let found = try #require(problem(Self.duplicateDuration))
        #expect(found.kind == .duplicateKey)
        #expect(found.path == "rows[2].elements[0].duration")
        #expect(found.line == 8 && found.column == 20)
        #expect(found.reason == #"duplicate key "duration" (first at line 7, column 20)"#)
        #expect(found.description == #"line 8, column 20 (rows[2].elements[0].duration): duplicate key "duration" (first at line 7, column 20)"#)

        // The matrix reader used to keep the last value silently; now it
        // gives the same position, with the path.
        let reader = try #require(readerError(Data(Self.duplicateDuration.utf8)))
        #expect(reader.line == 8 && reader.column == 20)
        #expect(reader.reason == #"duplicate key "duration" (first at line 7, column 20) at rows[2].elements[0].duration"#)
    }

    @Test("duplicates are found in objects of every size, and only within one object")
    func duplicatesInLargeObjects() throws {
        // 40 keys: past the linear search, into the dictionary.
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        let big = "{" + keys.joined(separator: ", ") + ", \"k7\": 0}"
        let found = try #require(problem(big))
        let first = try #require(big.range(of: #""k7""#))
        let second = try #require(big.range(of: #""k7""#, options: .backwards))
        #expect(found.kind == .duplicateKey && found.path == "k7")
        #expect(found.column == big.utf8.distance(from: big.startIndex, to: second.lowerBound) + 1)
        #expect(found.reason == "duplicate key \"k7\" (first at line 1, column \(big.utf8.distance(from: big.startIndex, to: first.lowerBound) + 1))")

        // The same key in sibling or nested objects is fine.
        try StrictJSON.check(Data(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": {"a": {"a": {}}}, "d": 0}"#.utf8))
        try StrictJSON.check(Data(("{" + keys.joined(separator: ", ") + "}").utf8))
        // Keys are compared after escapes are decoded.
        let escaped = try #require(problem(#"{"lat": 1, "l\u0061t": 2}"#))
        #expect(escaped.kind == .duplicateKey && escaped.path == "lat" && escaped.column == 12)
        // Keys are compared as Swift strings: precomposed and decomposed é collide.
        let composed = try #require(problem("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"))
        #expect(composed.kind == .duplicateKey)
    }

    @Test("keys that are not plain names are shown quoted in the path, with control characters escaped")
    func oddKeysInPaths() throws {
        let found = try #require(problem(#"{"a b": [{"x\u001b": 1, "x\u001b": 2}]}"#))
        #expect(found.path == #"["a b"][0]["x\u{1B}"]"#)
        #expect(found.reason.hasPrefix(#"duplicate key "x\u{1B}""#))
        #expect(!found.description.unicodeScalars.contains { $0.value < 0x20 })
    }

    // MARK: Numbers (defect 2)

    @Test("1e400 is out of range, with its path and position")
    func overflow() throws {
        let text = "{\"placesToGo\": [\n  {\"location\": {\"lat\": 1e400, \"lng\": 2}}\n]}"
        let found = try #require(problem(text))
        #expect(found.kind == .numberOutOfRange)
        #expect(found.path == "placesToGo[0].location.lat")
        #expect(found.line == 2 && found.column == 24)
        #expect(found.reason.hasPrefix("number 1e400 is out of range"))
        for number in ["-1e400", "1.7976931348623159e308", String(repeating: "9", count: 400)] {
            #expect(problem("[\(number)]")?.kind == .numberOutOfRange, "\(number)")
        }
        let reader = try #require(readerError(Data(#"{"code": "Ok", "durations": [[0, 1E+999]]}"#.utf8)))
        #expect(reader.column == 34 && reader.reason.contains("out of range") && reader.reason.hasSuffix("at durations[0][1]"))
    }

    @Test("1e-400 is out of range too: a nonzero number that would read as 0; zeros and subnormals are fine")
    func underflow() throws {
        let found = try #require(problem(#"{"lat": 1e-400}"#))
        #expect(found.kind == .numberOutOfRange && found.path == "lat" && found.column == 9)
        #expect(found.reason.contains("too close to 0") && found.reason.contains("write 0"))
        let tiny = "0." + String(repeating: "0", count: 400) + "1"
        #expect(problem("[\(tiny)]")?.kind == .numberOutOfRange)
        #expect(problem("[-2e-324]")?.kind == .numberOutOfRange)
        // Zero however written, the smallest subnormal, and the largest Double.
        try StrictJSON.check(Data("[0, -0, 0.0, 0e-400, 0.000e999, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]".utf8))
        try StrictJSON.check(Data(("[" + String(repeating: "1", count: 300) + ", 0." + String(repeating: "0", count: 299) + "1]").utf8))
    }

    @Test("NaN and Infinity are refused as such, with their position", arguments: [
        ("[1, NaN]", "NaN", 5), ("[Infinity]", "Infinity", 2), ("[1,\n -Infinity]", "-Infinity", 2),
        ("{\"a\": nan}", "NaN", 7), ("[-inf]", "-Infinity", 2),
    ])
    func nonFinite(text: String, word: String, column: Int) throws {
        let found = try #require(problem(text))
        #expect(found.kind == .nonFiniteNumber)
        #expect(found.column == column)
        #expect(found.reason == "\(word) is not a JSON number; write a finite number or null")
    }

    // MARK: Nesting (defect 2)

    @Test("100,000 opening brackets fail at level 513 without exhausting the stack")
    func deepNesting() throws {
        let deep = Data(repeating: UInt8(ascii: "["), count: 100_000)
        let found = try #require(problem(deep))
        #expect(found.kind == .tooDeep && found.line == 1 && found.column == 513)
        #expect(found.reason == "arrays and objects nested deeper than 512 levels")
        #expect(found.path.hasPrefix("[0][0]") && found.path.contains("more)…") && found.path.utf8.count < 100)
        let reader = try #require(readerError(deep))
        #expect(reader.column == 513)

        let objects = Data((String(repeating: #"{"a":"#, count: 100_000)).utf8)
        #expect(problem(objects)?.kind == .tooDeep)
        #expect(MatrixSourceFormat.detect(in: objects) == nil)

        // 512 levels are accepted, as by Foundation.
        let limit = StrictJSON.maximumDepth
        try StrictJSON.check(Data((String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).utf8))
        #expect(problem(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))?.column == limit + 1)
    }

    // MARK: Encodings (defect 2)

    static func encoded(_ text: String, _ encoding: String.Encoding, bom: [UInt8] = []) -> Data {
        Data(bom) + text.data(using: encoding)!
    }

    @Test("UTF-16 and UTF-32 text is refused with the encoding, with or without a byte-order mark")
    func foreignEncodings() throws {
        let text = #"{"code": "Ok", "durations": [[0]]}"#
        let cases: [(Data, String)] = [
            (Self.encoded(text, .utf16LittleEndian), "UTF-16 (little-endian)"),
            (Self.encoded(text, .utf16BigEndian), "UTF-16 (big-endian)"),
            (Self.encoded(text, .utf16LittleEndian, bom: [0xFF, 0xFE]), "UTF-16 (little-endian, with a byte-order mark)"),
            (Self.encoded(text, .utf16BigEndian, bom: [0xFE, 0xFF]), "UTF-16 (big-endian, with a byte-order mark)"),
            (Self.encoded(text, .utf32LittleEndian), "UTF-32 (little-endian)"),
            (Self.encoded(text, .utf32BigEndian), "UTF-32 (big-endian)"),
            (Self.encoded(text, .utf32LittleEndian, bom: [0xFF, 0xFE, 0, 0]), "UTF-32 (little-endian, with a byte-order mark)"),
            (Self.encoded(text, .utf32BigEndian, bom: [0, 0, 0xFE, 0xFF]), "UTF-32 (big-endian, with a byte-order mark)"),
            (Self.encoded("7", .utf16LittleEndian), "UTF-16 (little-endian)"),
        ]
        for (data, encoding) in cases {
            let found = try #require(problem(data))
            #expect(found.kind == .wrongEncoding)
            #expect(found.reason == "the file is \(encoding) encoded; save it as UTF-8")
            #expect(found.line == 1 && found.column == 1 && found.path.isEmpty)
            #expect(readerError(data)?.reason == found.reason)
        }
    }

    @Test("a UTF-8 byte-order mark is skipped, and not counted in columns")
    func utf8BOM() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        try StrictJSON.check(bom + Data(#"{"code": "Ok", "durations": [[0, 1], [1, 0]]}"#.utf8))
        let observed = try MatrixSource.read(bom + Data(#"{"code": "Ok", "durations": [[0, 1], [1, 0]]}"#.utf8),
                                             fileName: "bom.json", stops: MatrixFixtures.stops(2), preferTraffic: false)
        #expect(observed[0, 1] == .known(meters: nil, seconds: 1))
        #expect(problem(bom + Data("[1,]".utf8))?.column == 4)
        #expect(problem(bom)?.reason == "the text is empty; expected a JSON value")
        #expect(problem(bom + bom + Data("[]".utf8))?.column == 1)  // a second mark is not whitespace
    }

    // MARK: Strings and syntax

    @Test("control characters, invalid UTF-8 and bad escapes in strings are refused", arguments: [
        ("[\"a\u{1B}[31m\"]", StrictJSON.Problem.Kind.controlCharacter, 4, "U+001B"),
        ("[\"tab\there\"]", .controlCharacter, 6, "a tab"),
        ("{\"name\": \"unterminated\n}", .controlCharacter, 23, "line break"),
        ("[\"\\x\"]", .invalidEscape, 3, #"invalid escape \x"#),
        (#"["\ud800"]"#, .invalidEscape, 3, "surrogate"),
        (#"["\udc00"]"#, .invalidEscape, 3, "second half"),
        (#"["\ud800\u0041"]"#, .invalidEscape, 3, "surrogate"),
        (#"["\u12"]"#, .invalidEscape, 3, "four hexadecimal digits"),
        (#"["never closed"#, .syntax, 2, "never closed"),
    ])
    func strings(text: String, kind: StrictJSON.Problem.Kind, column: Int, reason: String) throws {
        let found = try #require(problem(text))
        #expect(found.kind == kind)
        #expect(found.column == column)
        #expect(found.reason.contains(reason), "\(found.reason)")
        #expect(!found.reason.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("invalid UTF-8 inside a string is refused at its first byte")
    func invalidUTF8() throws {
        for bytes: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let found = try #require(problem(Data([UInt8(ascii: "["), UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\""), UInt8(ascii: "]")])))
            #expect(found.kind == .invalidUTF8 && found.column == 3 && found.offset == 2)
        }
        try StrictJSON.check(Data("[\"é → 😀 \u{10FFFF}\"]".utf8))
    }

    @Test("syntax errors say what was expected, and where, counting lines and Unicode scalars", arguments: [
        ("[1, 2,]", 1, 7, "trailing comma before ']'"),
        ("{\"a\": 1,\r\n }", 2, 2, "trailing comma before '}'"),
        ("{'a': 1}", 1, 2, "single quotes"),
        ("[1] // done", 1, 5, "after the end"),
        ("{\"é😀\": tru}", 1, 8, "unexpected word \"tru\""),
        ("\r\r[01]", 3, 2, "leading zero"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\""),
        ("[\u{201C}a\u{201D}]", 1, 2, "straight double quotes"),
        ("", 1, 1, "empty"),
        ("  \n ", 2, 2, "only whitespace"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("[1.]", 1, 4, "after the decimal point"),
        ("[-]", 1, 3, "after '-'"),
        ("[1e]", 1, 4, "exponent"),
    ])
    func syntax(text: String, line: Int, column: Int, reason: String) throws {
        let found = try #require(problem(text))
        #expect(found.line == line && found.column == column, "\(found)")
        #expect(found.reason.contains(reason), "\(found.reason)")
    }

    @Test("accepted documents of every kind of value")
    func accepted() throws {
        for text in ["0", "\"x\"", "true", "null", " [] ", "{}", #"{"a": [1, -2.5e-3, "\u00e9\ud83d\ude00\n", true, false, null, {}]}"#] {
            try StrictJSON.check(Data(text.utf8))
        }
    }

    @Test("newline-delimited Routes API elements get paths that start with the element's index")
    func sequencePaths() throws {
        let text = """
        {"originIndex": 0, "destinationIndex": 1, "condition": "ROUTE_EXISTS", "duration": "5s"}
        {"originIndex": 1, "destinationIndex": 0, "condition": "ROUTE_EXISTS", "duration": "5s", "duration": "6s"}
        """
        let secondLine = text.split(separator: "\n")[1]
        let column = try #require(secondLine.range(of: #""duration""#, options: .backwards))
        let reader = try #require(readerError(Data(text.utf8)))
        #expect(reader.line == 2 && reader.column == secondLine.utf8.distance(from: secondLine.startIndex, to: column.lowerBound) + 1)
        #expect(reader.reason.hasPrefix("duplicate key \"duration\" (first at line 2, column "))
        #expect(reader.reason.hasSuffix(" at [1].duration"))
    }
}
