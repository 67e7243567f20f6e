import RoutePlanSolver

/// A JSON value with the file it came from and its path in that file
/// (`rows[2].elements[3].status`), so that every read can fail with an
/// error naming both.
struct JSONNode {
    let value: JSONValue
    let file: String
    /// Dotted path from the top level; empty for the top level itself.
    let path: String

    init(_ value: JSONValue, file: String, path: String = "") {
        self.value = value
        self.file = file
        self.path = path
    }

    /// The member `key` of an object, `nil` when it is absent or `null` (or
    /// when this is not an object).
    func optional(_ key: String) -> JSONNode? {
        guard let member = value.objectValue?[key], member != .null else { return nil }
        return JSONNode(member, file: file, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The member `key` of an object.
    ///
    /// - Throws: ``MatrixError/invalidField(file:path:value:expected:)`` when
    ///   this is not an object, ``MatrixError/missingField(file:path:expected:)``
    ///   when the member is absent or `null`.
    func required(_ key: String, expected: String) throws -> JSONNode {
        _ = try object()
        guard let member = optional(key) else {
            throw MatrixError.missingField(file: file, path: path.isEmpty ? key : "\(path).\(key)", expected: expected)
        }
        return member
    }

    /// The members of an object.
    func object() throws -> [String: JSONValue] {
        guard let members = value.objectValue else { throw invalid(expected: "an object") }
        return members
    }

    /// The elements of an array, each with its path.
    func array(of expected: String) throws -> [JSONNode] {
        guard let elements = value.arrayValue else { throw invalid(expected: "an array of \(expected)") }
        return elements.enumerated().map { JSONNode($1, file: file, path: "\(path)[\($0)]") }
    }

    /// The text of a string.
    func string() throws -> String {
        guard let text = value.stringValue else { throw invalid(expected: "a string") }
        return text
    }

    /// A non-negative whole number such as an index.
    func index() throws -> Int {
        guard case let .number(number) = value, number >= 0, number == number.rounded(), number < 1e15 else {
            throw invalid(expected: "a whole number ≥ 0")
        }
        return Int(number)
    }

    /// A distance or duration: a non-negative number, rounded to the nearest
    /// whole unit (halves away from zero), at most
    /// ``RoutePlanSolver/CostMatrix/maximumCost``.
    func measure(_ unit: String) throws -> Int {
        guard case let .number(number) = value, number >= 0, number.rounded() <= Double(CostMatrix.maximumCost) else {
            throw invalid(expected: "a number of \(unit) between 0 and \(CostMatrix.maximumCost)")
        }
        return Int(number.rounded())
    }

    /// An error saying this value is not what was expected.
    func invalid(expected: String) -> MatrixError {
        .invalidField(file: file, path: path, value: value.summary, expected: expected)
    }
}
