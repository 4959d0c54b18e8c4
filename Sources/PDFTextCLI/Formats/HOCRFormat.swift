import PDFCore
import PDFText

/// hOCR 1.2 (XHTML): per page a `div.ocr_page` (`bbox 0 0 W H; ppageno N`, N from 0), per
/// block a `div.ocr_carea` holding one `p.ocr_par`, per line a `span.ocr_line` (`bbox`,
/// and `baseline 0 d` for horizontal lines: the baseline's offset from the box bottom), per
/// word a `span.ocrx_word` (`bbox; x_font NAME; x_fsize SIZE`). Paragraphs carry `lang` when
/// the marked content gives one and `dir` (`ltr`/`rtl`) for horizontal text. Boxes are
/// integer pixels at 72 dpi (= points), display space. Ids are `page_P`, `block_P_K`,
/// `par_P_K`, `line_P_K`, `word_P_K` (K counts from 1 on each page).
struct HOCRFormatter: PageFormatter {
    static let capabilities = "ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_lang ocrp_dir ocrp_font"
    var version: String

    func documentStart(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 1024)
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n")
        b.append("<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n<title>")
        b.xmlEscaped(document.title ?? document.path)
        b.append("</title>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"/>\n")
        b.append("<meta name=\"ocr-system\" content=\"pdftext \(version)\"/>\n")
        b.append("<meta name=\"ocr-capabilities\" content=\"\(Self.capabilities)\"/>\n")
        b.append("<meta name=\"ocr-number-of-pages\" content=\"\(document.pages.count)\"/>\n")
        b.append("</head>\n<body>\n")
        return b
    }

    func documentEnd(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 32)
        b.append("</body>\n</html>\n")
        return b
    }

    static func bbox(_ r: Rect) -> String {
        "bbox \(coordinate(r.x0)) \(coordinate(r.y0)) \(coordinate(r.x1)) \(coordinate(r.y1))"
    }

    /// A coordinate or offset in whole points; 0 for NaN, the infinities and anything past
    /// 1e9 (no page is that large; hOCR readers expect integers).
    static func coordinate(_ v: Double) -> Int {
        let x = v.rounded()
        return x.isFinite && abs(x) < 1e9 ? Int(x) : 0
    }

    /// A font size for `x_fsize` (points, to 0.01): whole sizes without a fraction; a size
    /// past ``maximumFontSize`` (a hostile `Tf`) is written as that maximum.
    static func size(_ v: Double) -> String {
        let x = min(v, maximumFontSize)
        return x == x.rounded() ? String(Int(saturating: x)) : String(x)
    }

    /// The largest `x_fsize` written: hOCR readers expect a plausible size, and no page
    /// holds text larger than this (about 350 m).
    static let maximumFontSize = 1_000_000.0

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let layout = page.layout, glyphs = page.glyphs
        let tree = DisplayLayout(layout, glyphs: glyphs)
        let p = context.number
        var out = Bytes(capacity: 200 * (layout.words.count + 4))
        out.append("<div class=\"ocr_page\" id=\"page_\(p)\" title=\"")
        out.xmlEscaped("\(Self.bbox(Rect(x0: 0, y0: 0, x1: tree.width, y1: tree.height))); ppageno \(p - 1)")
        out.append("\"")
        if let label = context.label {
            out.append(" data-page-label=\"")
            out.xmlEscaped(label)
            out.append("\"")
        }
        out.append(">\n")
        var blockID = 0, lineID = 0, wordID = 0
        for block in tree.blocks where block.lines.contains(where: { !$0.words.isEmpty }) {
            blockID += 1
            out.append(" <div class=\"ocr_carea\" id=\"block_\(p)_\(blockID)\" title=\"\(Self.bbox(block.box))\">\n")
            out.append("  <p class=\"ocr_par\" id=\"par_\(p)_\(blockID)\"")
            let langs = block.lines.flatMap(\.words).map { page.language(ofWord: $0.index) }
            if let first = langs.first, let lang = first, langs.allSatisfy({ $0 == lang }) {
                out.append(" lang=\"")
                out.xmlEscaped(lang)
                out.append("\"")
            }
            switch block.lines.first(where: { !$0.words.isEmpty })?.direction {
            case .leftToRight?: out.append(" dir=\"ltr\"")
            case .rightToLeft?: out.append(" dir=\"rtl\"")
            default: break
            }
            out.append(" title=\"\(Self.bbox(block.box))\">\n")
            for line in block.lines where !line.words.isEmpty {
                lineID += 1
                var title = Self.bbox(line.box)
                if line.direction == .leftToRight || line.direction == .rightToLeft,
                   let base = line.words.first?.baseline {
                    title += "; baseline 0 \(Self.coordinate(base - line.box.y1))"
                }
                out.append("   <span class=\"ocr_line\" id=\"line_\(p)_\(lineID)\" title=\"\(title)\">")
                for (k, w) in line.words.enumerated() {
                    wordID += 1
                    if k > 0 { out.append(" ") }
                    var wt = Self.bbox(w.box)
                    if let name = page.fontName(ofWord: w.index) {
                        wt += "; x_font " + (name.contains(" ") || name.contains(";") || name.isEmpty ? "\"" + name.filter { $0 != "\"" } + "\"" : name)
                    }
                    let size = (page.fontSize(ofWord: w.index) * 100).rounded() / 100
                    if size > 0 {
                        wt += "; x_fsize " + Self.size(size)
                    }
                    out.append("<span class=\"ocrx_word\" id=\"word_\(p)_\(wordID)\" title=\"")
                    out.xmlEscaped(wt)
                    out.append("\">")
                    out.xmlEscaped(page.scalars(ofWord: w.index))
                    out.append("</span>")
                }
                out.append("</span>\n")
            }
            out.append("  </p>\n </div>\n")
        }
        out.append("</div>\n")
        return out
    }
}
