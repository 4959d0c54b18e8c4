/// How strings a file controls (metadata, names, labels, structure attributes) and file
/// names are shown in human-readable output: control characters and bidirectional
/// formatting characters are written as visible escapes, never raw, so that a PDF cannot
/// move the cursor, change colours, retitle the terminal, hide text or reorder a line.
///
/// Escaped (everything else is written as it is):
/// - C0 controls U+0000–U+001F and DEL U+007F: tab, line feed and carriage return as `\t`,
///   `\n`, `\r`; the others as `\u{1b}` (lowercase hexadecimal in braces);
/// - C1 controls U+0080–U+009F (U+009B is a one-byte CSI on some terminals) as `\u{9b}`;
/// - bidirectional embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069,
///   which reorder the rest of a line, as `\u{202e}`;
/// - the line and paragraph separators U+2028 and U+2029, as `\u{2028}`.
///
/// The bidirectional marks U+200E, U+200F and U+061C are left as they are: they order only
/// the neutral characters next to them, cannot reorder a run of letters, and ordinary
/// right-to-left titles use them.
///
/// A backslash is left as it is in human-readable lines (paths and titles read as written);
/// in tab-separated fields, where the escapes must be undone, it is doubled.
package enum ControlEscaping {
    /// Whether `s` is written as an escape.
    @inlinable
    package static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `s` is a control that never belongs in extracted text: C0 other than tab,
    /// line feed, carriage return and form feed (the page separator); DEL; C1.
    @inlinable
    package static func isTextControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }

    /// Text (ActualText, Alt, the content of a tagged file) as page text shows it: the
    /// controls ``isTextControl(_:)`` names left out, a carriage return as a space.
    package static func withoutTextControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { isTextControl($0) || $0 == "\r" }) else { return s }
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars where !isTextControl(c) { out.append(c == "\r" ? " " : c) }
        return String(out)
    }

    /// The visible escape of one character (`\t`, `\n`, `\r`, `\u{1b}`).
    package static func escape(_ s: Unicode.Scalar) -> String {
        switch s {
        case "\t": "\\t"
        case "\n": "\\n"
        case "\r": "\\r"
        default: "\\u{" + String(s.value, radix: 16) + "}"
        }
    }

    /// `s` with every character that ``needsEscape(_:)`` escaped; with `doublingBackslashes`
    /// (tab-separated fields) a backslash is also written as `\\`, so that the escapes can
    /// be undone.
    package static func escaped(_ s: String, doublingBackslashes: Bool = false) -> String {
        escaping(s, keepingLineFeeds: false, doublingBackslashes: doublingBackslashes)
    }

    /// Several lines: escaped as ``escaped(_:doublingBackslashes:)`` does, the line feeds
    /// between them kept (a carriage return before one is escaped).
    package static func escapedLines(_ s: String) -> String {
        escaping(s, keepingLineFeeds: true, doublingBackslashes: false)
    }

    /// The one loop behind both: by scalars, since "\r\n" is a single `Character`.
    static func escaping(_ s: String, keepingLineFeeds: Bool, doublingBackslashes: Bool) -> String {
        func escapes(_ c: Unicode.Scalar) -> Bool {
            (needsEscape(c) && !(keepingLineFeeds && c == "\n")) || (doublingBackslashes && c == "\\")
        }
        guard s.unicodeScalars.contains(where: escapes) else { return s }
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            if !escapes(c) {
                out.append(c)
            } else if c == "\\" {
                out.append(contentsOf: "\\\\".unicodeScalars)
            } else {
                out.append(contentsOf: escape(c).unicodeScalars)
            }
        }
        return String(out)
    }
}
