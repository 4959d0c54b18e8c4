import PDFCore
import PDFText

/// `--attributed --format rtf`: RTF 1.x (`\rtf1\ansi`, readable by word processors). A font
/// table (one entry per font family, `\fmodern` for monospace) and a colour table come
/// first, so the document is written once all its pages are known: pages are held, in
/// their styled form, until the document ends. Per block a paragraph (`\par`; headings with
/// `\outlinelevel`), per piece of text a group with `\f`, `\fs` (half-points), `\cf`, `\b`,
/// `\i`, `\ul`, `\strike`, `\super`/`\sub`; links as `HYPERLINK` fields (a page of the
/// document as `\l "page-N"`, each page starting with that bookmark; a URI only when
/// ``LinkPolicy`` allows it, else the text stays plain); pages separated by `\page`. Text
/// outside ASCII is written as `\uN?` (UTF-16, N signed).
struct AttributedRTFFormatter: PageFormatter {
    func documentStart(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        if let source = document.styling {
            source.hold(StyledPage(page, styles: source.styles(page), number: context.number, label: context.label),
                        ordinal: context.ordinal)
        }
        return Bytes(capacity: 0)
    }

    func documentEnd(_ document: DocumentContext) -> Bytes {
        let pages = document.styling?.takePages() ?? []
        var fonts: [String] = [], fontIndex: [String: Int] = [:], monospace: Set<String> = []
        var colors: [PDFColor] = [], colorIndex: [PDFColor: Int] = [:]
        for p in pages {
            for b in p.blocks {
                for line in b.lines {
                    for piece in line {
                        let family = piece.style.fontFamily.isEmpty ? "Helvetica" : piece.style.fontFamily
                        if fontIndex[family] == nil { fontIndex[family] = fonts.count; fonts.append(family) }
                        if piece.style.isMonospace { monospace.insert(family) }
                        let c = piece.style.foregroundColor
                        if colorIndex[c] == nil { colorIndex[c] = colors.count + 1; colors.append(c) }
                    }
                }
            }
        }
        if fonts.isEmpty { fonts = ["Helvetica"] }
        var out = Bytes(capacity: 4096)
        out.append("{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1\n{\\fonttbl")
        for (i, f) in fonts.enumerated() {
            out.append("{\\f\(i)\\f\(monospace.contains(f) ? "modern" : "nil")\\fcharset0 ")
            Self.text(f, into: &out)
            out.append(";}")
        }
        out.append("}\n{\\colortbl;")
        for c in colors {
            let b = c.bytes
            out.append("\\red\(b.red)\\green\(b.green)\\blue\(b.blue);")
        }
        out.append("}\n")
        if let title = document.title {
            out.append("{\\info{\\title ")
            Self.text(title, into: &out)
            out.append("}}\n")
        }
        for (k, p) in pages.enumerated() {
            if k > 0 { out.append("\\page\n") }
            out.append("{\\*\\bkmkstart page-\(p.number)}{\\*\\bkmkend page-\(p.number)}")
            for block in p.blocks {
                out.append("\\pard\\plain\\sa120")
                if let level = block.headingLevel { out.append("\\outlinelevel\(level - 1)") }
                out.append(" ")
                var link: String? = nil
                for (i, line) in block.lines.enumerated() {
                    if i > 0 {
                        if block.kind == .table {
                            Self.endLink(&link, &out)
                            out.append("\\line ")
                        } else {
                            out.append(" ")
                        }
                    }
                    for piece in line {
                        let s = piece.style
                        let target = Self.fieldArgument(url: s.linkURL, pageIndex: s.linkPageIndex)
                        if target != link {
                            Self.endLink(&link, &out)
                            if let target {
                                out.append("{\\field{\\*\\fldinst{HYPERLINK ")
                                Self.text(target, into: &out, fieldInstruction: true)
                                out.append("}}{\\fldrslt{")
                                link = target
                            }
                        }
                        let family = s.fontFamily.isEmpty ? "Helvetica" : s.fontFamily
                        out.append("{\\f\(fontIndex[family] ?? 0)\\fs\(Self.halfPoints(s.fontSize))\\cf\(colorIndex[s.foregroundColor] ?? 0)")
                        if s.isBold { out.append("\\b") }
                        if s.isItalic { out.append("\\i") }
                        if s.isUnderlined { out.append("\\ul") }
                        if s.isStrikethrough { out.append("\\strike") }
                        if s.baselineOffset > 0 { out.append("\\super") } else if s.baselineOffset < 0 { out.append("\\sub") }
                        out.append(" ")
                        Self.text(piece.text, into: &out)
                        out.append("}")
                    }
                }
                Self.endLink(&link, &out)
                out.append("\\par\n")
            }
        }
        out.append("}\n")
        return out
    }

    /// A font size for `\\fs`, in half-points: at least 1, and at most 32767 because RTF
    /// control-word parameters are signed 16-bit numbers (a hostile `Tf` of 1e30 or NaN
    /// still writes a valid document).
    static func halfPoints(_ points: Double) -> Int {
        min(max(1, Int(saturating: (points * 2).rounded())), Int(Int16.max))
    }

    /// The argument of a `HYPERLINK` field: the URI in quotes when ``LinkPolicy`` lets it be
    /// a link, else `\l "page-N"` for a page of the document, else nil (no field: the text
    /// stays plain). Inside the quotes a quote and a backslash are escaped with a backslash,
    /// as field instructions read them (the target has none of either after the policy;
    /// this keeps the field whole whatever it gets).
    static func fieldArgument(url: String?, pageIndex: Int?) -> String? {
        if let url, let target = LinkPolicy.target(for: url) {
            var quoted = "\""
            for c in target.unicodeScalars {
                if c == "\"" || c == "\\" { quoted += "\\" }
                quoted.unicodeScalars.append(c)
            }
            return quoted + "\""
        }
        return pageIndex.map { "\\l \"" + String(LinkPolicy.pageTarget($0).dropFirst()) + "\"" }
    }

    static func endLink(_ link: inout String?, _ out: inout Bytes) {
        if link != nil { out.append("}}}") }
        link = nil
    }

    /// Text for RTF: `\`, `{`, `}` escaped, tabs as `\tab`, other control characters (DEL
    /// too) left out, a quote as `\'22` (text never reads as a field argument, even to a tool
    /// that does not parse RTF), and everything outside ASCII as `\uN?` per UTF-16 unit (N
    /// signed 16-bit). In a field instruction (`fieldInstruction`), where quotes delimit the
    /// argument, a quote is written as it is.
    static func text(_ s: String, into out: inout Bytes, fieldInstruction: Bool = false) {
        for unit in s.utf16 {
            switch unit {
            case 0x5C: out.append("\\\\")
            case 0x7B: out.append("\\{")
            case 0x7D: out.append("\\}")
            case 0x09: out.append("\\tab ")
            case 0x0A, 0x0D: out.append(" ")
            case 0x22: out.append(fieldInstruction ? "\"" : "\\'22")
            case 0..<0x20, 0x7F: break
            case 0x20..<0x7F: out.append(UInt8(unit))
            default: out.append("\\u\(Int16(bitPattern: unit))?")
            }
        }
    }
}
