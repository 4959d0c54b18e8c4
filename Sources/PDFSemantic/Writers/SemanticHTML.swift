import PDFCore
import PDFText

/// Writes a ``SemanticDocument`` as accessible HTML5 in XHTML-compatible syntax (every
/// element closed, attributes quoted and escaped), so that it also parses as XML.
/// `docs/ACCESSIBLE-HTML.md` has the tag-to-element table and the decisions.
package enum SemanticHTML {
    package static func render(_ doc: SemanticDocument) -> String {
        var w = Writer()
        w.out += "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\""
        if let l = doc.language, !l.isEmpty { w.out += " lang=\"\(escape(l))\" xml:lang=\"\(escape(l))\"" }
        w.out += ">\n<head>\n<meta charset=\"utf-8\"/>\n<title>\(escape(doc.title))</title>\n"
        w.out += "<meta name=\"generator\" content=\"pdftext\"/>\n"
        w.out += "<style>section.page{margin-bottom:2em} figure span[role=img]{display:inline-block;min-width:1em;border:1px dashed #999;padding:.2em} .untagged{border-left:3px solid #ccc;padding-left:.5em}</style>\n"
        w.out += "</head>\n<body>\n<main\(doc.tagged ? "" : " data-inferred=\"true\"")>\n"
        for page in doc.pages { w.block(page) }
        w.out += "</main>\n</body>\n</html>\n"
        return w.out
    }

    /// Text escaped for HTML (``XMLEscaping/Style/html``).
    static func escape(_ s: String) -> String { XMLEscaping.escaped(s, .html) }

    struct Writer {
        var out = ""
        var footnoteIDs = Set<String>()

        func attrs(_ n: SemanticNode) -> String {
            var a = ""
            if let l = n.language { a += " lang=\"\(escape(l))\" xml:lang=\"\(escape(l))\"" }
            if let id = n.id { a += " id=\"\(escape(id))\"" }
            if n.inferred { a += " data-inferred=\"true\"" }
            return a
        }

        mutating func children(_ n: SemanticNode) {
            // Blocks and inline content may mix (a list item with a nested list): runs of
            // inline content inside a block container go into the container directly.
            for c in n.children { if c.isInline { inline(c) } else { block(c) } }
        }

        /// Inside a `<math>` element (MathML kids are written as they are).
        var insideMath = false

        /// A MathML element name as written: lowercase letters and digits, starting with a
        /// letter; anything else becomes `mrow` (a file cannot inject markup through it).
        static func mathMLName(_ name: String) -> String {
            guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 32,
                  name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }) else { return "mrow" }
            return name
        }

        mutating func wrap(_ tag: String, _ n: SemanticNode, extra: String = "", newline: Bool = true) {
            out += "<\(tag)\(extra)\(attrs(n))>"
            children(n)
            out += "</\(tag)>" + (newline ? "\n" : "")
        }

        mutating func block(_ n: SemanticNode) {
            switch n.kind {
            case .page(let p):
                out += "<section class=\"page\" id=\"page-\(p + 1)\" aria-label=\"Page \(p + 1)\">\n"
                children(n)
                out += "</section>\n"
            case .heading(let level):
                if level <= 6 { wrap("h\(level)", n) } else { wrap("div", n, extra: " role=\"heading\" aria-level=\"\(level)\"") }
            case .paragraph: wrap("p", n)
            case .list(let ordered): wrap(ordered ? "ol" : "ul", n)
            case .listItem: wrap("li", n)
            case .table:
                out += "<table\(attrs(n))>\n"
                // A caption comes first; rows outside THead/TBody/TFoot go into a body, and a
                // leading row of header cells into a head.
                for c in n.children { if case .caption = c.kind { wrap("caption", c) } }
                var loose: [SemanticNode] = []
                func flush(_ w: inout Writer) {
                    guard !loose.isEmpty else { return }
                    var rows = loose[...]
                    if let first = rows.first, first.children.allSatisfy({ if case .headerCell = $0.kind { true } else { false } }),
                       rows.count > 1, !first.children.isEmpty {
                        w.out += "<thead>\n"; w.block(first); w.out += "</thead>\n"
                        rows = rows.dropFirst()
                    }
                    w.out += "<tbody>\n"
                    for r in rows { w.block(r) }
                    w.out += "</tbody>\n"
                    loose = []
                }
                for c in n.children {
                    switch c.kind {
                    case .caption: continue
                    case .row: loose.append(c)
                    default: flush(&self); block(c)
                    }
                }
                flush(&self)
                out += "</table>\n"
            case .tableHead: wrap("thead", n)
            case .tableBody: wrap("tbody", n)
            case .tableFoot: wrap("tfoot", n)
            case .row: wrap("tr", n)
            case .headerCell(let scope):
                var extra = scope.map { " scope=\"\($0)\"" } ?? ""
                extra += spans(n)
                wrap("th", n, extra: extra)
            case .dataCell: wrap("td", n, extra: spans(n))
            case .caption: wrap("p", n, extra: " class=\"caption\"")
            case .figure:
                out += "<figure\(attrs(n))>"
                for c in n.children {
                    if case .caption = c.kind { wrap("figcaption", c, newline: false) } else if c.isInline { inline(c) } else { block(c) }
                }
                out += "</figure>\n"
            case .note(let id):
                wrap("aside", n, extra: " role=\"note\"" + (id == nil ? "" : ""))
            case .blockQuote: wrap("blockquote", n)
            case .aside: wrap("aside", n)
            case .navigation: wrap("nav", n)
            case .group(let section): wrap(section ? "section" : "div", n)
            case .untagged:
                wrap("div", n, extra: " class=\"untagged\" data-untagged=\"true\"")
            default:
                // Inline content at block level gets a paragraph.
                out += "<p>"; inline(n); out += "</p>\n"
            }
        }

        func spans(_ n: SemanticNode) -> String {
            var s = ""
            if n.rowSpan > 1 { s += " rowspan=\"\(n.rowSpan)\"" }
            if n.columnSpan > 1 { s += " colspan=\"\(n.columnSpan)\"" }
            if !n.headers.isEmpty { s += " headers=\"\(escape(n.headers.joined(separator: " ")))\"" }
            return s
        }

        mutating func inline(_ n: SemanticNode) {
            switch n.kind {
            case .text(let s): out += escape(s)
            case .lineBreak: out += "<br/>"
            case .link(let href): wrap("a", n, extra: href.flatMap(LinkPolicy.writableTarget).map { " href=\"\(escape($0))\"" } ?? "", newline: false)
            case .emphasis: wrap("em", n, newline: false)
            case .strong: wrap("strong", n, newline: false)
            case .code: wrap("code", n, newline: false)
            case .quote: wrap("q", n, newline: false)
            case .span, .label: wrap("span", n, newline: false)
            case .abbreviation(let e): wrap("abbr", n, extra: " title=\"\(escape(e))\"", newline: false)
            case .image(let alt):
                // No image data is carried over: a named image role stands for it. A figure
                // without alternate text is flagged; an empty one is decorative.
                if let alt, !alt.isEmpty {
                    out += "<span role=\"img\" aria-label=\"\(escape(alt))\"\(attrs(n))>"
                } else if alt != nil {
                    out += "<span role=\"presentation\" data-decorative=\"true\"\(attrs(n))>"
                } else {
                    out += "<span role=\"img\" aria-label=\"Image without a description\" data-missing-alt=\"true\"\(attrs(n))>"
                }
                children(n)
                out += "</span>"
            case .formula(let alt):
                // MathML inside speaks for itself; otherwise the formula is named by its Alt.
                if n.children.contains(where: { if case .mathML = $0.kind { true } else { false } }) {
                    out += "<span class=\"formula\"\(attrs(n))>"
                } else {
                    out += "<span role=\"math\"" + (alt.map { " aria-label=\"\(escape($0))\"" } ?? "") + "\(attrs(n))>"
                }
                children(n)
                out += "</span>"
            case .noteReference(let target):
                // Our own id ("note-N"): safe as written.
                wrap("a", n, extra: " href=\"#\(target)\" role=\"doc-noteref\"", newline: false)
            case .mathML(let name):
                let tag = Self.mathMLName(name)
                if tag == "math" || !insideMath {
                    out += "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"\(attrs(n))>"
                    let was = insideMath
                    insideMath = true
                    if tag != "math" { out += "<\(tag)>" }
                    children(n)
                    if tag != "math" { out += "</\(tag)>" }
                    insideMath = was
                    out += "</math>"
                } else {
                    out += "<\(tag)>"
                    children(n)
                    out += "</\(tag)>"
                }
            default:
                block(n)
            }
        }
    }
}
