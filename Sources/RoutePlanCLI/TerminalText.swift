import RoutePlanMatrix

/// Text made safe for a terminal.
///
/// Place names, file names and the messages that quote them come from
/// files and command lines that may be hostile or just damaged. Printed raw,
/// ESC starts escape sequences that recolour the screen, move the cursor or
/// retitle the window, CR overwrites what was printed, BEL rings, NUL and
/// the C1 controls confuse terminals and log viewers.
///
/// The visible form is the one ``MessageText`` gives every message of the
/// matrix and fetch modules, so that a name reads the same in all of them:
/// NUL `\0`, tab `\t`, newline `\n` (unless the text is meant to have several
/// lines), CR `\r`, other controls as Swift's Unicode escape with upper-case
/// hex — ESC `\u{1B}`, BEL `\u{7}`, DEL `\u{7F}`, the C1 control CSI `\u{9B}`.
/// Escaped are the C0 controls U+0000–U+001F, DEL, the C1 controls
/// U+0080–U+009F, the line and paragraph separators U+2028 and U+2029, and
/// the bidirectional embeddings, overrides and isolates U+202A–U+202E and
/// U+2066–U+2069, which reorder what a terminal shows. Backslashes are left
/// as they are, so an escape cannot be told from a name that spells one out;
/// names like that are rare, and doubling every backslash would make
/// ordinary messages harder to read. JSON, CSV, GPX, KML, GeoJSON and SVG
/// outputs escape in their own way and do not use this.
enum TerminalText {
    /// `text` with every control character in its visible form; newlines kept
    /// when `keepingNewlines`.
    static func escape(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else {
            return text
        }
        guard keepingNewlines else { return MessageText.escaped(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { MessageText.escaped(String($0)) }.joined(separator: "\n")
    }

    /// Whether `scalar` is shown escaped.
    static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool = false) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

extension String {
    /// The string with control characters in visible form (see ``TerminalText``).
    var terminalSafe: String { TerminalText.escape(self) }
}
