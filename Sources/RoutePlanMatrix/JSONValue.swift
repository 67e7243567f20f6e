import Foundation

/// A parsed JSON value, as the matrix readers see it.
///
/// Numbers are kept as `Double`, which holds every integer a routing engine
/// reports (meters, seconds) exactly up to 2⁵³. Objects never have repeated
/// keys: ``JSONReader`` rejects them.
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
            return "the string \(MessageText.quoted(text, limit: 57))"
        case let .array(elements):
            return elements.isEmpty ? "an empty array" : "an array of \(elements.count) values"
        case let .object(members):
            if members.isEmpty { return "an empty object" }
            let keys = members.keys.sorted()
            let shown = keys.prefix(8).map { MessageText.escaped($0, limit: 40) }.joined(separator: ", ")
            return "an object with keys \(shown)\(keys.count > 8 ? ", …" : "")"
        }
    }
}

/// Builds ``JSONValue`` trees from the tokens of ``JSONScanner``, so the
/// matrix readers are exactly as strict as ``StrictJSON/check(_:)``:
/// duplicate keys, numbers out of range, NaN, nesting deeper than 512 levels
/// and UTF-16/UTF-32 text are all errors with a line, column and path. A
/// leading UTF-8 byte-order mark is skipped.
///
/// - Complexity: O(b) for *b* bytes; the tree is built with an explicit
///   stack, without recursion.
enum JSONReader {
    /// Parses exactly one JSON value (surrounded by optional whitespace).
    static func parse(_ data: Data) throws(StrictJSON.Problem) -> JSONValue {
        try build(data, sequence: false)[0]
    }

    /// Parses a sequence of JSON values separated by whitespace, such as
    /// newline-delimited JSON (one value per line). Paths in errors start
    /// with the value's index, as in `[3].duration`.
    static func parseSequence(_ data: Data) throws(StrictJSON.Problem) -> [JSONValue] {
        try build(data, sequence: true)
    }

    /// The values of newline-delimited JSON that ``parse(_:)`` refused with
    /// `single`; when that fails too, the error of the two that is further
    /// into the text (a complete first value followed by a broken second is
    /// reported at the break, not as "text after the end").
    static func parseSequence(orExplain data: Data, _ single: StrictJSON.Problem,
                              fileName: String) throws(MatrixError) -> [JSONValue] {
        do {
            return try parseSequence(data)
        } catch {
            throw MatrixError.invalidJSON(file: fileName, error.offset > single.offset ? error : single)
        }
    }

    private static func build(_ data: Data, sequence: Bool) throws(StrictJSON.Problem) -> [JSONValue] {
        try StrictJSON.withScanner(data, materialize: true, sequence: sequence) { (scanner: inout JSONScanner) throws(StrictJSON.Problem) in
            var roots: [JSONValue] = []
            // The open containers, innermost last; `isObject` says which of
            // `arrays` and `objects` each one is in. Mutating the last
            // element of these arrays in place keeps building linear.
            var isObject: [Bool] = []
            var arrays: [[JSONValue]] = []
            var objects: [[String: JSONValue]] = []
            var keys: [String] = []
            while true {
                let value: JSONValue
                switch try scanner.next() {
                case .end:
                    return roots
                case .beginObject:
                    isObject.append(true)
                    objects.append([:])
                    continue
                case .beginArray:
                    isObject.append(false)
                    arrays.append([])
                    continue
                case let .key(key):
                    keys.append(key)
                    continue
                case .endObject:
                    isObject.removeLast()
                    value = .object(objects.removeLast())
                case .endArray:
                    isObject.removeLast()
                    value = .array(arrays.removeLast())
                case let .string(text): value = .string(text)
                case let .number(number): value = .number(number)
                case let .bool(flag): value = .bool(flag)
                case .null: value = .null
                }
                switch isObject.last {
                case true?: objects[objects.count - 1][keys.removeLast()] = value
                case false?: arrays[arrays.count - 1].append(value)
                case nil: roots.append(value)
                }
            }
        }
    }
}
