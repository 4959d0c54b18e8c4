/// Text escaped for XML and HTML: one set of rules for every writer (the semantic HTML, the
/// XML and HTML formats of the command line, JUnit reports), told apart by a ``Style``.
///
/// Every style escapes `&`, `<` and `>`, and keeps nothing XML 1.0 cannot hold or a terminal
/// would act on: C0 controls other than tab and line feed, DEL, C1 and U+FFFE/U+FFFF become
/// U+FFFD (``Style/Controls/replaced``) or are left out (``Style/Controls/dropped``).
package enum XMLEscaping {
    package struct Style: Sendable, Hashable {
        /// What a `'` becomes: `&apos;`, `&#39;` (HTML 4 has no `&apos;`), or itself.
        package enum Apostrophe: Sendable, Hashable { case named, numeric, kept }
        /// What a carriage return becomes: a line feed (what a parser reads it as), or `&#13;`.
        package enum CarriageReturn: Sendable, Hashable { case lineFeed, reference }
        package enum Controls: Sendable, Hashable { case replaced, dropped }

        package var escapesQuote: Bool
        package var apostrophe: Apostrophe
        package var carriageReturn: CarriageReturn
        /// Line feed and tab as `&#10;` and `&#9;`, so that an attribute value keeps them
        /// (a parser normalises them to spaces there).
        package var referencesWhitespace: Bool
        package var controls: Controls

        package init(escapesQuote: Bool, apostrophe: Apostrophe, carriageReturn: CarriageReturn,
                    referencesWhitespace: Bool, controls: Controls) {
            self.escapesQuote = escapesQuote; self.apostrophe = apostrophe; self.carriageReturn = carriageReturn
            self.referencesWhitespace = referencesWhitespace; self.controls = controls
        }

        /// XML text and attributes (hOCR, ALTO, the `--bbox` XHTML): `&apos;`.
        package static let xml = Style(escapesQuote: true, apostrophe: .named, carriageReturn: .lineFeed,
                                      referencesWhitespace: false, controls: .replaced)
        /// HTML text and attributes: `&#39;`.
        package static let html = Style(escapesQuote: true, apostrophe: .numeric, carriageReturn: .lineFeed,
                                       referencesWhitespace: false, controls: .replaced)
        /// An attribute value kept exactly (JUnit messages): quotes escaped, line breaks and
        /// tabs as references, controls left out.
        package static let exactAttribute = Style(escapesQuote: true, apostrophe: .kept, carriageReturn: .reference,
                                                 referencesWhitespace: true, controls: .dropped)
        /// Element text kept exactly (JUnit failure text): quotes as they are, a carriage
        /// return as a reference, controls left out.
        package static let exactText = Style(escapesQuote: false, apostrophe: .kept, carriageReturn: .reference,
                                            referencesWhitespace: false, controls: .dropped)
    }

    /// What a scalar becomes.
    package enum Piece: Sendable {
        case kept
        case dropped
        case replaced(StaticString)
    }

    /// Whether XML 1.0 can hold `s` and a terminal leaves it alone (tab and line feed are
    /// told apart by the caller).
    @inlinable package static func isPlain(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v >= 0x20 && !(0x7F...0x9F).contains(v) && v != 0xFFFE && v != 0xFFFF
    }

    /// What `s` becomes in `style`.
    @inlinable package static func piece(_ s: Unicode.Scalar, _ style: Style) -> Piece {
        switch s {
        case "&": return .replaced("&amp;")
        case "<": return .replaced("&lt;")
        case ">": return .replaced("&gt;")
        case "\"": return style.escapesQuote ? .replaced("&quot;") : .kept
        case "'":
            switch style.apostrophe {
            case .named: return .replaced("&apos;")
            case .numeric: return .replaced("&#39;")
            case .kept: return .kept
            }
        case "\r": return style.carriageReturn == .lineFeed ? .replaced("\n") : .replaced("&#13;")
        case "\n": return style.referencesWhitespace ? .replaced("&#10;") : .kept
        case "\t": return style.referencesWhitespace ? .replaced("&#9;") : .kept
        default:
            if isPlain(s) { return .kept }
            return style.controls == .replaced ? .replaced("\u{FFFD}") : .dropped
        }
    }

    /// `text` escaped in `style`.
    package static func escaped(_ text: String, _ style: Style) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            switch piece(s, style) {
            case .kept: out.unicodeScalars.append(s)
            case .dropped: break
            case .replaced(let r): out += r.description
            }
        }
        return out
    }
}
