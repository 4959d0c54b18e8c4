import PDFCore

/// Which link targets may become live links in the output writers (HTML, Markdown, RTF):
/// the one place that decides, so that a PDF cannot put a script or a local file behind a
/// link a reader clicks.
///
/// A link to a page of the document becomes an internal link (`#page-N`). A URI becomes a
/// link only when its scheme, read as a browser reads it, is one of ``allowedSchemes``
/// (`http`, `https`, `mailto`, `ftp`). Any other URI — `javascript:`, `data:`, `vbscript:`,
/// `file:`, an unknown scheme, a relative reference (which a browser resolves against the
/// HTML file, often a `file:` URL), or one whose scheme is hidden behind entities or
/// percent-escapes — is not a link: the writers keep its text as plain text. Data outputs
/// (JSON, the attributed string) keep the URI exactly as the file wrote it.
///
/// The scheme is read after what a browser strips (WHATWG URL parsing): leading and
/// trailing C0 controls and spaces, and every tab, line feed and carriage return anywhere,
/// so `" JavaScript:"` and `"java\tscript:"` are both `javascript`.
public enum LinkPolicy {
    /// The URI schemes that may become links (lowercase).
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto", "ftp"]

    /// The target of an internal link to a 0-based page: `#page-N` (N 1-based), the anchor
    /// every writer gives each page.
    public static func pageTarget(_ pageIndex: Int) -> String {
        "#page-" + String(pageIndex.addingReportingOverflow(1).partialValue)
    }

    /// Whether `href` is an internal page link as ``pageTarget(_:)`` writes it.
    public static func isPageTarget(_ href: String) -> Bool {
        let u = Array(href.utf8)
        guard u.count > 6, u.starts(with: Array("#page-".utf8)) else { return false }
        return u[6...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// The URI as a browser reads it: leading and trailing C0 controls and spaces removed,
    /// tabs and line breaks removed everywhere.
    public static func browserForm(_ uri: String) -> String {
        var scalars = Array(uri.unicodeScalars)
        while let f = scalars.first, f.value <= 0x20 { scalars.removeFirst() }
        while let l = scalars.last, l.value <= 0x20 { scalars.removeLast() }
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }

    /// The URI's scheme, lowercased, as a browser reads it (letters, then letters, digits,
    /// `+`, `-`, `.` up to a colon), or nil for a relative reference.
    public static func scheme(of uri: String) -> String? {
        var scheme = ""
        for (i, c) in browserForm(uri).unicodeScalars.enumerated() {
            let letter = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z")
            if letter || (i > 0 && ((c >= "0" && c <= "9") || c == "+" || c == "-" || c == ".")) {
                scheme.unicodeScalars.append(c)
            } else if c == ":" && i > 0 {
                return scheme.lowercased()
            } else {
                return nil
            }
        }
        return nil
    }

    /// Whether the URI may become a link.
    public static func allows(_ uri: String) -> Bool {
        scheme(of: uri).map(allowedSchemes.contains) ?? false
    }

    /// The target to write for a URI, or nil when it must not become a link: the browser
    /// form of the URI, with spaces, controls, bidirectional formatting characters (those
    /// `ControlEscaping` escapes), quotes, angle brackets, backslash, caret, backtick, braces
    /// and vertical bar percent-encoded (UTF-8), so that the target is one token in every
    /// output syntax.
    public static func target(for uri: String) -> String? {
        guard allows(uri) else { return nil }
        var out = ""
        for c in browserForm(uri).unicodeScalars {
            if c == " " || ControlEscaping.needsEscape(c) || "\"<>\\^`{|}".unicodeScalars.contains(c) {
                out += percentEncoded(c)
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A character as `%XX` per UTF-8 byte.
    public static func percentEncoded(_ c: Unicode.Scalar) -> String {
        var out = ""
        for b in UTF8.encode(c)! { out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
        return out
    }

    /// The target of a link with a URI and/or a page: the URI's when it may be a link, else
    /// the page's (`#page-N`), else nil (the text stays plain).
    public static func target(url: String?, pageIndex: Int?) -> String? {
        if let url, let t = target(for: url) { return t }
        return pageIndex.map(pageTarget)
    }

    /// An already-made target checked again before it is written: an internal page link as
    /// it is, a URI through ``target(for:)``.
    public static func writableTarget(_ href: String) -> String? {
        isPageTarget(href) ? href : target(for: href)
    }
}
