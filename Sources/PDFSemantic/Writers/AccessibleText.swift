import PDFCore
import PDFText

/// Writes a ``SemanticDocument`` as linear plain text for plain-text readers and braille:
/// the reading order of the HTML, with what the structure says spelt out in words.
///
/// - A heading is its own paragraph, prefixed `Heading level N: `.
/// - List items start with `• ` (bulleted) or `1. ` (numbered), indented two spaces per
///   nesting level.
/// - A table is announced (`Table: caption`), then each row is one line of
///   `header: value` pairs (column headers from a header row, a row header first).
/// - A figure is `[Figure: alternate text]` (`[Figure without a description]`), then its
///   caption; a formula `[Formula: alternate text]`.
/// - A link is its text followed by the address in parentheses (only an address
///   ``LinkPolicy`` lets be a link); a note starts `Note: `; a
///   block quotation `Quote: `.
/// - Pages are separated by a form feed, as pdftotext does.
package enum AccessibleText {
    package static func render(_ doc: SemanticDocument) -> String {
        var w = Writer()
        for (i, page) in doc.pages.enumerated() {
            if i > 0 { w.out += "\u{0C}" }
            w.blocks(page.children, indent: 0)
        }
        // Controls a tagged file can carry in ActualText, Alt or its content, left out as the
        // page text leaves them out.
        return ControlEscaping.withoutTextControls(w.out)
    }

    struct Writer {
        var out = ""

        mutating func paragraph(_ s: String, indent: Int = 0) {
            let t = s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            guard !t.isEmpty else { return }
            out += String(repeating: "  ", count: indent) + t + "\n\n"
        }

        func inline(_ n: SemanticNode) -> String {
            switch n.kind {
            case .text(let s): return s
            case .lineBreak: return " "
            case .link(let href):
                let t = n.children.map(inline).joined()
                if let href = href.flatMap(LinkPolicy.writableTarget), !LinkPolicy.isPageTarget(href), !t.contains(href) { return t + " (" + href + ")" }
                return t
            case .image(let alt): return figureLabel(alt)
            case .formula(let alt): return alt.map { "[Formula: \($0)]" } ?? n.children.map(inline).joined()
            case .abbreviation(let e): return n.children.map(inline).joined() + " (" + e + ")"
            default: return n.children.map(inline).joined()
            }
        }

        func figureLabel(_ alt: String?) -> String {
            guard let alt else { return "[Figure without a description]" }
            return alt.isEmpty ? "" : "[Figure: \(alt)]"
        }

        mutating func blocks(_ nodes: [SemanticNode], indent: Int) {
            var pending = ""
            func flush(_ w: inout Writer) { w.paragraph(pending, indent: indent); pending = "" }
            for n in nodes {
                if n.isInline { pending += inline(n); continue }
                flush(&self)
                block(n, indent: indent)
            }
            flush(&self)
        }

        mutating func block(_ n: SemanticNode, indent: Int) {
            switch n.kind {
            case .heading(let level): paragraph("Heading level \(level): " + n.children.map(inline).joined(), indent: indent)
            case .paragraph, .caption: paragraph(n.children.map(inline).joined(), indent: indent)
            case .list(let ordered):
                var k = 0
                for item in n.children {
                    guard case .listItem = item.kind else { blocks([item], indent: indent + 1); continue }
                    k += 1
                    let marker = ordered ? "\(k). " : "• "
                    let inlineKids = item.children.filter(\.isInline)
                    let blockKids = item.children.filter { !$0.isInline }
                    let text = inlineKids.map(inline).joined().split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
                    out += String(repeating: "  ", count: indent) + marker + text + "\n"
                    if !blockKids.isEmpty { blocks(blockKids, indent: indent + 1) }
                }
                out += "\n"
            case .table: table(n, indent: indent)
            case .figure:
                for c in n.children {
                    if case .image(let alt) = c.kind { paragraph(figureLabel(alt), indent: indent) }
                    else if case .caption = c.kind { paragraph(c.children.map(inline).joined(), indent: indent) }
                }
            case .note: paragraph("Note: " + n.children.map(inline).joined(), indent: indent)
            case .aside:
                var inner = Writer()
                inner.blocks(n.children, indent: 0)
                paragraph("Aside: " + inner.out.trimmingCharacters(in: .whitespacesAndNewlines), indent: indent)
            case .blockQuote:
                var inner = Writer()
                inner.blocks(n.children, indent: 0)
                paragraph("Quote: " + inner.out, indent: indent)
            default: blocks(n.children, indent: indent)
            }
        }

        mutating func table(_ n: SemanticNode, indent: Int) {
            var rows: [SemanticNode] = []
            var caption = ""
            func collect(_ n: SemanticNode) {
                for c in n.children {
                    switch c.kind {
                    case .row: rows.append(c)
                    case .caption: caption = c.children.map(inline).joined()
                    case .tableHead, .tableBody, .tableFoot: collect(c)
                    default: break
                    }
                }
            }
            collect(n)
            paragraph(caption.isEmpty ? "Table:" : "Table: " + caption, indent: indent)
            var headers: [String] = []
            let pad = String(repeating: "  ", count: indent)
            for (r, row) in rows.enumerated() {
                let cells = row.children.map { ($0, $0.children.map(inline).joined().split(separator: " ").joined(separator: " ")) }
                let allHeaders = cells.allSatisfy { if case .headerCell = $0.0.kind { true } else { false } }
                if r == 0 && allHeaders && rows.count > 1 {
                    headers = cells.map(\.1)
                    out += pad + headers.joined(separator: "; ") + "\n"
                    continue
                }
                var parts: [String] = []
                for (i, cell) in cells.enumerated() {
                    if i < headers.count, !headers[i].isEmpty, case .dataCell = cell.0.kind {
                        parts.append(headers[i] + ": " + cell.1)
                    } else {
                        parts.append(cell.1)
                    }
                }
                out += pad + parts.joined(separator: "; ") + "\n"
            }
            out += "\n"
        }
    }
}
