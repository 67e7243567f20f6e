/// Makes text that came from an input file or a server safe to show in an
/// error message on a terminal.
///
/// A Google `error_message`, a place name in a tile cache or a JSON key can
/// hold any character. Printed as they are, an ESC starts a terminal escape
/// sequence (recolouring or clearing the screen, retitling the window), a BEL
/// rings, a CR makes the rest of the line overwrite its beginning and a NUL
/// cuts the message short in C tools. ``escaped(_:limit:)`` replaces every
/// such character with a visible escape:
///
/// | character | shown as |
/// |---|---|
/// | NUL (U+0000) | `\0` |
/// | tab, line feed, carriage return | `\t`, `\n`, `\r` |
/// | other C0 controls, DEL, C1 controls (U+0080–U+009F) | `\u{1B}`, `\u{7F}`, `\u{85}`, … |
/// | line and paragraph separators (U+2028, U+2029) | `\u{2028}`, `\u{2029}` |
/// | bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) | `\u{202E}`, … |
///
/// Everything else, backslashes included, is kept, so escaping is
/// idempotent: escaping an escaped text changes nothing.
///
/// ```swift
/// let name = "Caf\u{1B}[2J\u{7}"            // from a tile cache
/// print(MessageText.escaped(name))        // Caf\u{1B}[2J\u{7}
/// print(MessageText.quoted("say \"hi\"\r")) // "say \"hi\"\r"
/// ```
public enum MessageText {
    /// `text` with control and direction-changing characters replaced by
    /// visible escapes (see ``MessageText``).
    ///
    /// - Parameter limit: when given, at most this many characters of
    ///   `text` are kept (before escaping); a cut text ends with `…`.
    /// - Complexity: O(n) for *n* characters.
    public static func escaped(_ text: String, limit: Int? = nil) -> String {
        let (shown, cut) = truncated(text, limit: limit)
        guard shown.unicodeScalars.contains(where: needsEscape) else { return cut ? shown + "…" : shown }
        var out = String.UnicodeScalarView()
        for scalar in shown.unicodeScalars { append(scalar, to: &out) }
        return String(out) + (cut ? "…" : "")
    }

    /// `text` in double quotes, with `"` and `\` escaped by a backslash and
    /// control characters escaped as by ``escaped(_:limit:)``: the result
    /// reads back unambiguously, whatever `text` holds.
    ///
    /// - Parameter limit: as for ``escaped(_:limit:)``; the `…` of a cut
    ///   text goes after the closing quote.
    public static func quoted(_ text: String, limit: Int? = nil) -> String {
        let (shown, cut) = truncated(text, limit: limit)
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            default: append(scalar, to: &out)
            }
        }
        out.append("\"")
        return String(out) + (cut ? "…" : "")
    }

    /// Whether `scalar` is shown as an escape.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        guard needsEscape(scalar) else {
            out.append(scalar)
            return
        }
        let escape: String
        switch scalar {
        case "\0": escape = "\\0"
        case "\t": escape = "\\t"
        case "\n": escape = "\\n"
        case "\r": escape = "\\r"
        default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
        out.append(contentsOf: escape.unicodeScalars)
    }

    private static func truncated(_ text: String, limit: Int?) -> (String, cut: Bool) {
        guard let limit, limit >= 0 else { return (text, false) }
        // Count cheaply first: most texts are short.
        if text.utf8.count <= limit { return (text, false) }
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else {
            return (text, false)
        }
        return (String(text[..<end]), true)
    }
}
