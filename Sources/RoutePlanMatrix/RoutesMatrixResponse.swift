import Foundation
import RoutePlanSolver

/// A Google Routes API `computeRouteMatrix` response, read exactly as
/// returned.
///
/// The REST method returns a JSON array of elements, in any order:
///
/// ```json
/// [{"originIndex": 0, "destinationIndex": 1, "status": {}, "condition": "ROUTE_EXISTS",
///   "distanceMeters": 822, "duration": "160s", "staticDuration": "152s"},
///  {"originIndex": 1, "destinationIndex": 0, "status": {}, "condition": "ROUTE_NOT_FOUND"}, …]
/// ```
///
/// Accepted input: that array; or the same elements as a stream of JSON
/// objects separated by whitespace (one per line, as gRPC streaming clients
/// often save them); or a single element object. A Google API error body
/// `{"error": {"code": 403, "message": …, "status": "PERMISSION_DENIED"}}`,
/// alone or as an array element, is reported as
/// ``MatrixError/serviceStatus(file:format:status:message:)``.
///
/// Each element is read following the proto3 JSON mapping, which leaves
/// out fields that have their default value:
/// - `originIndex` / `destinationIndex` absent mean 0;
/// - a `status` with a non-zero `code` (a `google.rpc.Code`) makes the pair
///   unreachable with that code's name, as does `condition`
///   `ROUTE_NOT_FOUND`;
/// - `distanceMeters` absent means 0 when the condition is `ROUTE_EXISTS`;
/// - `duration` and `staticDuration` are strings of seconds ending in `s`,
///   possibly fractional (`"12.5s"`), rounded to whole seconds. With
///   `preferTraffic` the traffic-aware `duration` is used, else
///   `staticDuration` when present, else `duration`.
///
/// Pairs that no element answers are ``ObservedMatrix/Pair/missing``.
/// Elements are numbered from 0 in the order they appear, which is how errors
/// name them (`[3].duration`).
public struct RoutesMatrixResponse: Sendable, Hashable {
    /// One answered pair.
    public struct Element: Sendable, Hashable {
        public var originIndex: Int
        public var destinationIndex: Int
        public var pair: ObservedMatrix.Pair
        public init(originIndex: Int, destinationIndex: Int, pair: ObservedMatrix.Pair) {
            self.originIndex = originIndex
            self.destinationIndex = destinationIndex
            self.pair = pair
        }
    }

    /// The elements, in the order they appear in the response.
    public var elements: [Element]
    /// Whether any duration is the traffic-aware `duration` chosen because of
    /// `preferTraffic`.
    public var usedTrafficDurations: Bool

    /// Parses a response body (an array, a stream of elements, or one element).
    ///
    /// - Throws: ``MatrixError/invalidJSON(file:line:column:reason:)``;
    ///   ``MatrixError/serviceStatus(file:format:status:message:)``;
    ///   ``MatrixError/invalidField(file:path:value:expected:)`` naming the
    ///   element and field, for a malformed duration, an unknown `condition`
    ///   or a value of the wrong kind.
    /// - Complexity: O(e) for *e* elements.
    public init(_ data: Data, fileName: String, preferTraffic: Bool) throws {
        let value: JSONValue
        do {
            value = try JSONReader.parse(data)
        } catch let first {
            // Not one JSON value: perhaps a stream of element objects.
            let values = try JSONReader.parseSequence(orExplain: data, first, fileName: fileName)
            guard values.count > 1 else { throw MatrixError.invalidJSON(file: fileName, first) }
            value = .array(values)
        }
        try self.init(JSONNode(value, file: fileName), preferTraffic: preferTraffic)
    }

    init(_ root: JSONNode, preferTraffic: Bool) throws {
        let nodes: [JSONNode]
        if root.value.objectValue != nil {
            nodes = [JSONNode(root.value, file: root.file, path: "[0]")]
        } else {
            nodes = try root.array(of: "route matrix elements")
        }
        var traffic = false
        elements = try nodes.map { try Self.element($0, preferTraffic: preferTraffic, usedTraffic: &traffic) }
        usedTrafficDurations = traffic
    }

    private static func element(_ node: JSONNode, preferTraffic: Bool, usedTraffic: inout Bool) throws -> Element {
        _ = try node.object()
        if let error = node.optional("error") {
            let status = try error.optional("status")?.string() ?? "UNKNOWN"
            let http = try error.optional("code")?.index()
            let message = try error.optional("message")?.string()
            let text = [http.map { "HTTP \($0)" }, message].compactMap { $0 }.joined(separator: ": ")
            throw MatrixError.serviceStatus(file: node.file, format: .routes, status: status, message: text.isEmpty ? nil : text)
        }
        let origin = try node.optional("originIndex")?.index() ?? 0
        let destination = try node.optional("destinationIndex")?.index() ?? 0
        let code = try node.optional("status")?.optional("code")?.index() ?? 0
        let conditionNode = node.optional("condition")
        let condition = try conditionNode?.string() ?? "ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED"
        guard ["ROUTE_EXISTS", "ROUTE_NOT_FOUND", "ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED"].contains(condition) else {
            throw conditionNode!.invalid(expected: "a condition: ROUTE_EXISTS or ROUTE_NOT_FOUND")
        }
        if code != 0 {
            let name = Self.codeNames.indices.contains(code) ? Self.codeNames[code] : "code \(code)"
            return Element(originIndex: origin, destinationIndex: destination, pair: .unreachable(status: name))
        }
        if condition == "ROUTE_NOT_FOUND" {
            return Element(originIndex: origin, destinationIndex: destination, pair: .unreachable(status: condition))
        }
        let meters = try node.optional("distanceMeters")?.measure("meters") ?? (condition == "ROUTE_EXISTS" ? 0 : nil)
        let traffic = try node.optional("duration").map(Self.seconds)
        let typical = try node.optional("staticDuration").map(Self.seconds)
        let seconds: Int?
        if preferTraffic, let traffic {
            seconds = traffic
            usedTraffic = true
        } else {
            seconds = typical ?? traffic
        }
        return Element(originIndex: origin, destinationIndex: destination, pair: .known(meters: meters, seconds: seconds))
    }

    /// Reads a protobuf `Duration` string such as `"160s"` or `"12.5s"`.
    private static func seconds(_ node: JSONNode) throws -> Int {
        let expected = "a duration in seconds such as \"160s\" or \"12.5s\""
        guard let text = node.value.stringValue, text.hasSuffix("s") else { throw node.invalid(expected: expected) }
        let number = text.dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
        guard parts.count <= 2, parts.allSatisfy(isDigits), let value = Double(number),
              value.rounded() <= Double(CostMatrix.maximumCost) else {
            throw node.invalid(expected: expected)
        }
        return Int(value.rounded())
    }

    /// The answers as rows of `origins` × `destinations` pairs; unanswered
    /// pairs are ``ObservedMatrix/Pair/missing``.
    ///
    /// - Throws: ``MatrixError/indexOutOfRange(file:element:field:value:count:)``,
    ///   ``MatrixError/conflictingElement(file:element:earlierElement:origin:destination:)``
    ///   for two elements that give the same pair different values.
    /// - Complexity: O(R·C + e).
    public func rows(origins: Int, destinations: Int, fileName: String) throws -> [[ObservedMatrix.Pair]] {
        var rows = Array(repeating: Array(repeating: ObservedMatrix.Pair.missing, count: destinations), count: origins)
        var source: [Int: Int] = [:]  // r * destinations + c → element
        for (k, element) in elements.enumerated() {
            let r = element.originIndex, c = element.destinationIndex
            guard r < origins else {
                throw MatrixError.indexOutOfRange(file: fileName, element: k, field: "originIndex", value: r, count: origins)
            }
            guard c < destinations else {
                throw MatrixError.indexOutOfRange(file: fileName, element: k, field: "destinationIndex", value: c, count: destinations)
            }
            if let earlier = source[r * destinations + c] {
                guard rows[r][c] == element.pair else {
                    throw MatrixError.conflictingElement(file: fileName, element: k, earlierElement: earlier, origin: r, destination: c)
                }
                continue
            }
            source[r * destinations + c] = k
            rows[r][c] = element.pair
        }
        return rows
    }

    /// The plain reading: every stop, in itinerary order, as both the origins
    /// and the destinations.
    ///
    /// - Throws: as ``rows(origins:destinations:fileName:)``.
    /// - Complexity: O(n² + e).
    public func observedMatrix(stops: Int, fileName: String) throws -> ObservedMatrix {
        try ObservedMatrix(square: rows(origins: stops, destinations: stops, fileName: fileName), destinations: stops,
                           stops: stops, file: fileName, usedTrafficDurations: usedTrafficDurations)
    }

    /// The names of `google.rpc.Code` values 0…16.
    static let codeNames = [
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
        "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
        "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
    ]

    /// What a Google API error `status` means, with what to do about it.
    public static func meaning(ofStatus status: String) -> String {
        switch status {
        case "INVALID_ARGUMENT": return "the request was invalid (a malformed waypoint, field mask or option, or more elements than allowed)"
        case "PERMISSION_DENIED": return "the API key may not use the Routes API (check the key, its restrictions and that the API is enabled)"
        case "UNAUTHENTICATED": return "the request carried no valid API key or credentials"
        case "RESOURCE_EXHAUSTED": return "a quota or rate limit was exceeded; wait and request again"
        case "NOT_FOUND": return "a referenced resource, such as a place ID, was not found"
        case "DEADLINE_EXCEEDED": return "the request took too long; request fewer elements at a time"
        case "INTERNAL", "UNKNOWN", "UNAVAILABLE": return "the service failed; it may succeed if tried again"
        default: return "see Google's Routes API documentation for this status"
        }
    }
}
