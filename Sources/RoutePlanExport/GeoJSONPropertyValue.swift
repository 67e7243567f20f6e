/// A value for an extra property of the route feature written by
/// ``GeoJSONDocument``.
///
/// Literals convert directly:
///
/// ```swift
/// let properties: [String: GeoJSONPropertyValue] = [
///     "travelMode": "walking",
///     "durationSeconds": 5_400,
///     "distanceMeters": 7_250.5,
///     "roundTrip": true,
/// ]
/// ```
public enum GeoJSONPropertyValue: Sendable, Hashable {
    /// A JSON string.
    case string(String)
    /// A JSON integer.
    case integer(Int)
    /// A JSON number; NaN and infinities are written as `null`.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)

    /// The JSON text of the value.
    var jsonText: String {
        switch self {
        case .string(let text): JSONText.string(text)
        case .integer(let value): String(value)
        case .number(let value): JSONText.number(value)
        case .bool(let value): value ? "true" : "false"
        }
    }
}

extension GeoJSONPropertyValue: ExpressibleByStringLiteral {
    /// `"walking"` → `.string("walking")`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension GeoJSONPropertyValue: ExpressibleByIntegerLiteral {
    /// `5_400` → `.integer(5400)`.
    public init(integerLiteral value: Int) {
        self = .integer(value)
    }
}

extension GeoJSONPropertyValue: ExpressibleByFloatLiteral {
    /// `7_250.5` → `.number(7250.5)`.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension GeoJSONPropertyValue: ExpressibleByBooleanLiteral {
    /// `true` → `.bool(true)`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}
