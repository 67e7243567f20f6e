import Foundation

/// Text of request URLs: percent-encoding and coordinates.
enum QueryText {
    /// Characters left as they are in a query value: RFC 3986 unreserved
    /// characters, and `,` and `:` (legal in a query, and what the services'
    /// own examples use). Everything else, `|` `;` `+` `&` `=` `%` and
    /// non-ASCII included, is percent-encoded as UTF-8.
    private static let kept: Set<UInt8> = {
        var set = Set<UInt8>()
        for range in [UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9")] {
            set.formUnion(range)
        }
        set.formUnion("-._~,:".utf8)
        return set
    }()

    /// `value` percent-encoded for a query, for example
    /// `place_id:ChIJ…|48.85,2.35` → `place_id:ChIJ…%7C48.85,2.35`.
    static func encode(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if kept.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// A query string `name=value&…` with every value encoded.
    static func query(_ items: [(String, String)]) -> String {
        items.map { "\($0.0)=\(encode($0.1))" }.joined(separator: "&")
    }

    /// Degrees in plain decimal notation with at most 7 decimals (about
    /// 1 cm), without trailing zeros or exponent: `2.35`, `-0.0001`, `48`.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        if text == "-0" { text = "0" }
        return text
    }
}
