/// Escaping of text for XML 1.0 documents (GPX, KML).
enum XMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and drops characters XML 1.0
    /// cannot hold at all (control characters other than tab, line feed and
    /// carriage return, and U+FFFE / U+FFFF). Safe in element content and in
    /// attribute values quoted with either quote character.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    continue
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
