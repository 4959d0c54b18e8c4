import PDFCore
import PDFText

/// `--attributed` HTML5 (written as well-formed XML, so XML tools read it too): the document
/// title and language in the head; per page a `<section id="page-N">`; per block a `<p>`,
/// or `<h1>`…`<h6>` for a heading (structure role H1…H6, or a short block whose size is
/// clearly above the page's body size, ranked by size). Inside, from outermost:
/// `<a href>` for links (`#page-N` for pages of the document; a URI only when ``LinkPolicy``
/// allows its scheme, else its text stays plain), `<span>` with `lang` when the
/// language differs from the document's and `style` (color, font-size) when these differ
/// from the body, then `<b>`, `<i>`, `<code>` (monospace), `<u>`, `<s>`, `<sup>`/`<sub>`.
/// Running headers, footers and page numbers are `<p class="header|footer|page-number">`;
/// a table's rows are lines of one `<p class="table">` separated by `<br/>`.
struct AttributedHTMLFormatter: PageFormatter {
    var version: String

    enum Element: Equatable {
        case link(String)
        case span(lang: String?, style: String?)
        case bold, italic, code, underline, strike, superscript, `subscript`
    }

    func documentStart(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 512)
        b.append("<!DOCTYPE html>\n<html")
        if let lang = document.styling?.language {
            b.append(" lang=\"")
            b.xmlEscaped(lang)
            b.append("\"")
        }
        b.append(">\n<head>\n<meta charset=\"utf-8\"/>\n<title>")
        b.xmlEscaped(document.title.flatMap { $0.isEmpty ? nil : $0 } ?? document.path)
        b.append("</title>\n<meta name=\"generator\" content=\"pdftext \(version)\"/>\n</head>\n<body>\n")
        return b
    }

    func documentEnd(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 32)
        b.append("</body>\n</html>\n")
        return b
    }

    static func number(_ v: Double) -> String {
        let x = (v * 10).rounded() / 10
        guard x.isFinite else { return "0" }  // CSS has no NaN or infinity
        return x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(x)
    }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        guard let source = document.styling else { return Bytes(capacity: 0) }
        let styled = StyledPage(page, styles: source.styles(page), number: context.number, label: context.label)
        var out = Bytes(capacity: 64 * page.layout.characters.count + 256)
        out.append("<section id=\"page-\(context.number)\"")
        if let label = context.label {
            out.append(" data-page-label=\"")
            out.xmlEscaped(label)
            out.append("\"")
        }
        out.append(">\n")
        for block in styled.blocks {
            let tag: String
            var attributes = ""
            if let level = block.headingLevel {
                tag = "h\(level)"
            } else {
                tag = "p"
                switch block.kind {
                case .text: break
                case .table: attributes = " class=\"table\""
                case .header: attributes = " class=\"header\""
                case .footer: attributes = " class=\"footer\""
                case .pageNumber: attributes = " class=\"page-number\""
                case .diagonal: attributes = " class=\"diagonal\""
                }
                if styled.bodySize > 0, abs(block.size - styled.bodySize) > AttributedHTMLFormatter.sizeTolerance * styled.bodySize {
                    attributes += " style=\"font-size:\(Self.number(block.size))pt\""
                }
            }
            out.append("<\(tag)\(attributes)>")
            let segments = InlineSegment<Element>.cut(block, breaksClose: block.kind == .table,
                                                       elements: { style, _ in elements(style, block: block, page: styled, language: source.language) },
                                                       continuesOverSpace: { _ in true })
            var stack = InlineStack<Element>()
            for segment in segments {
                stack.move(to: segment.elements, close: { close($0, &out) }, opening: { open($0, &out) })
                if segment.isLineBreak && block.kind == .table { out.append("<br/>") }
                out.xmlEscaped(segment.text)
            }
            stack.closeAll { close($0, &out) }
            out.append("</\(tag)>\n")
        }
        out.append("</section>\n")
        return out
    }

    /// Sizes within this fraction of the block's (or body's) size are the same size.
    static let sizeTolerance = 0.05

    func elements(_ s: TextStyle, block: StyledPage.Block, page: StyledPage, language: String?) -> [Element] {
        var e: [Element] = []
        if let target = LinkPolicy.target(url: s.linkURL, pageIndex: s.linkPageIndex) { e.append(.link(target)) }
        var css: [String] = []
        if s.foregroundColor != page.bodyColor { css.append("color:\(s.foregroundColor.hex)") }
        if s.baselineOffset == 0, block.size > 0, abs(s.fontSize - block.size) > Self.sizeTolerance * block.size {
            css.append("font-size:\(Self.number(s.fontSize))pt")
        }
        let lang = s.language != language ? s.language : nil
        if lang != nil || !css.isEmpty { e.append(.span(lang: lang, style: css.isEmpty ? nil : css.joined(separator: ";"))) }
        if s.isBold && block.headingLevel == nil { e.append(.bold) }
        if s.isItalic { e.append(.italic) }
        if s.isMonospace { e.append(.code) }
        if s.isUnderlined { e.append(.underline) }
        if s.isStrikethrough { e.append(.strike) }
        if s.baselineOffset > 0 { e.append(.superscript) } else if s.baselineOffset < 0 { e.append(.subscript) }
        return e
    }

    func open(_ e: Element, _ out: inout Bytes) {
        switch e {
        case .link(let href):
            out.append("<a href=\"")
            out.xmlEscaped(href)
            out.append("\">")
        case .span(let lang, let style):
            out.append("<span")
            if let lang {
                out.append(" lang=\"")
                out.xmlEscaped(lang)
                out.append("\"")
            }
            if let style {
                out.append(" style=\"")
                out.xmlEscaped(style)
                out.append("\"")
            }
            out.append(">")
        default:
            out.append("<" + Self.name(e) + ">")
        }
    }

    func close(_ e: Element, _ out: inout Bytes) { out.append("</" + Self.name(e) + ">") }

    static func name(_ e: Element) -> String {
        switch e {
        case .link: "a"
        case .span: "span"
        case .bold: "b"
        case .italic: "i"
        case .code: "code"
        case .underline: "u"
        case .strike: "s"
        case .superscript: "sup"
        case .subscript: "sub"
        }
    }
}
