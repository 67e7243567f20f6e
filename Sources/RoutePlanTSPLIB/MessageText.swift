/// Helpers for putting text from a file into a one-line error message.
enum MessageText {
    /// `text` with every control character written as an escape, so quoting a hostile file
    /// can neither break a message over lines nor send terminal escape sequences:
    /// `\n`, `\r` and `\t` as themselves, other C0 controls, DEL, C1 controls, and the
    /// Unicode line/paragraph separators and bidirectional overrides as `\u{…}`.
    /// A backslash is left as it is.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks and overrides
        default: return false
        }
    }

    /// A size as an adjective for a message: "268435456-byte (256 MiB)", or just
    /// "1000-byte" when it is not a whole number of KiB.
    static func byteCount(_ bytes: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where bytes >= size && bytes % size == 0 {
            return "\(bytes)-byte (\(bytes / size) \(name))"
        }
        return "\(bytes)-byte"
    }
}
