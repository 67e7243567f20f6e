/// Pieces of JSON text, for writers that lay out JSON by hand to keep a
/// fixed key order.
enum JSONText {
    /// A JSON string literal, quotes included. Escapes `"`, `\` and control
    /// characters; everything else (including non-ASCII) stays literal.
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
        return result
    }

    /// A JSON number for a `Double`; `null` for NaN and infinities, which
    /// JSON cannot express.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            // Whole numbers without a ".0" suffix; -0 becomes 0.
            return String(Int64(value))
        }
        // Swift's shortest round-trip form ("0.1", "1e-07") is valid JSON.
        return "\(value)"
    }
}
