/// Percent-encoding of query values for Google Maps URLs.
///
/// Only RFC 3986 unreserved characters (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`,
/// `_`, `~`) stay literal; every other UTF-8 byte becomes `%XX` with
/// uppercase hex. Foundation's `addingPercentEncoding` character sets are
/// not used because they leave `,`, `+`, `&` and others literal.
enum PercentEncoding {
    private static let hexDigits: [Character] = Array("0123456789ABCDEF")

    static func encode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result.append("%")
                result.append(hexDigits[Int(byte >> 4)])
                result.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
