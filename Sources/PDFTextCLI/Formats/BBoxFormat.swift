import PDFCore
import PDFText

/// `pdftotext -bbox` (`layout` false) and `-bbox-layout` (`layout` true), byte for byte
/// where the layouts agree: the HTML head (`PopplerHTML`), `<doc>`, per page
/// `<page width= height=>` and either its words, or per block a `<flow>` holding one
/// `<block>` (our layout has no flows above blocks, as in TSVFormat), its `<line>`s and
/// their `<word>`s, each with `xMin`/`yMin`/`xMax`/`yMax` in `%f` and pdftotext's
/// indentation. Words are measured as pdftotext measures them (`PopplerWordBox`, as for
/// `-tsv`: from the baseline by the font's nominal ascent and descent); a line's box is the
/// union of its word boxes, computed as pdftotext does (a coordinate of exactly 0 so far is
/// replaced by the next word's), a block's the union of its lines'. Coordinates are
/// display space measured from `frame`'s top-left corner (pdftotext: the media box, the
/// crop box with `-cropbox`); the page size is that frame's, after /Rotate (pdftotext
/// writes the unrotated size). Words are escaped as pdftotext escapes them, with the
/// characters XML 1.0 cannot hold left out; blocks and lines without words are left out.
struct BBoxFormatter: PageFormatter {
    var frame: DisplayLayout.Frame
    var layout: Bool
    /// Points to output units (pdftotext `-r`: pixels at that resolution; the page size
    /// stays in points, as pdftotext writes it).
    var scale: Double

    init(frame: DisplayLayout.Frame = .mediaBox, layout: Bool = false, scale: Double = 1) {
        self.frame = frame
        self.layout = layout
        self.scale = scale
    }

    func documentStart(_ document: DocumentContext) -> Bytes { PopplerHTML.head(document, then: "<doc>\n") }
    func documentEnd(_ document: DocumentContext) -> Bytes { PopplerHTML.end(after: "</doc>\n") }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let tree = DisplayLayout(page.layout, glyphs: page.glyphs, frame: frame)
        var out = Bytes(capacity: 120 * (page.layout.words.count + 4))
        out.append("  <page width=\"")
        out.popplerNumber(tree.width)
        out.append("\" height=\"")
        out.popplerNumber(tree.height)
        out.append("\">\n")
        for block in tree.blocks {
            let lines = block.lines.filter { !$0.words.isEmpty }
            guard !lines.isEmpty else { continue }
            // Words measured as pdftotext measures them (PopplerWordBox, as -tsv).
            let k = scale
            let boxes = lines.map { $0.words.map { w -> Rect in
                let b = PopplerWordBox.box(w, page)
                return k == 1 ? b : Rect(x0: b.x0 * k, y0: b.y0 * k, x1: b.x1 * k, y1: b.y1 * k)
            } }
            guard layout else {
                for (l, line) in lines.enumerated() {
                    for (k, w) in line.words.enumerated() { word(w, boxes[l][k], page, indent: "    ", &out) }
                }
                continue
            }
            let lineBoxes = boxes.map(Self.lineBox)
            out.append("    <flow>\n      <block")
            Self.box(DisplayLayout.union(lineBoxes), &out)
            out.append(">\n")
            for (l, line) in lines.enumerated() {
                out.append("        <line")
                Self.box(lineBoxes[l], &out)
                out.append(">\n")
                for (k, w) in line.words.enumerated() { word(w, boxes[l][k], page, indent: "          ", &out) }
                out.append("        </line>\n")
            }
            out.append("      </block>\n    </flow>\n")
        }
        out.append("  </page>\n")
        return out
    }

    private func word(_ w: DisplayLayout.Word, _ box: Rect, _ page: PageText, indent: String, _ out: inout Bytes) {
        out.append(indent)
        out.append("<word")
        Self.box(box, &out)
        out.append(">")
        out.escaped(page.scalars(ofWord: w.index), PopplerHTML.style)
        out.append("</word>\n")
    }

    /// ` xMin="…" yMin="…" xMax="…" yMax="…"`.
    static func box(_ r: Rect, _ out: inout Bytes) {
        out.append(" xMin=\""); out.popplerNumber(r.x0)
        out.append("\" yMin=\""); out.popplerNumber(r.y0)
        out.append("\" xMax=\""); out.popplerNumber(r.x1)
        out.append("\" yMax=\""); out.popplerNumber(r.y1)
        out.append("\"")
    }

    /// The union of word boxes as pdftotext's `printLine` takes it: a minimum still 0 is
    /// replaced by the next word's, maxima start at 0.
    static func lineBox(_ boxes: [Rect]) -> Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        for b in boxes {
            if x0 == 0 || x0 > b.x0 { x0 = b.x0 }
            if y0 == 0 || y0 > b.y0 { y0 = b.y0 }
            if x1 < b.x1 { x1 = b.x1 }
            if y1 < b.y1 { y1 = b.y1 }
        }
        return Rect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}

/// `pdftotext -htmlmeta` (without `-bbox`): the HTML head, `<pre>`, the pages as `text`
/// writes them (reading order or `physical`, a form feed after each page unless no page
/// breaks: the wrapped formatter's choice), `</pre></body></html>`. Unlike pdftotext, which
/// writes the text as it is, the text is escaped (`& < > " '` as entities) and characters
/// XML 1.0 cannot hold are left out — except the form feeds, kept as pdftotext writes them
/// (an XML parser refuses them: `-nopgbrk` gives well-formed XHTML).
struct HTMLMetaFormatter: PageFormatter {
    var text: TextFormatter

    init(text: TextFormatter = TextFormatter(physical: false, pageBreaks: true)) {
        self.text = text
    }

    func documentStart(_ document: DocumentContext) -> Bytes { PopplerHTML.head(document, then: "<pre>\n") }
    func documentEnd(_ document: DocumentContext) -> Bytes { PopplerHTML.end(after: "</pre>\n") }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let plain = text.page(page, context, document).data
        var out = Bytes(capacity: plain.count + plain.count / 16 + 16)
        Self.escape(plain, into: &out)
        return out
    }

    /// UTF-8 text escaped byte by byte (the bytes escaped are ASCII, never part of a longer
    /// sequence): the five entities; tab, line feed and form feed kept, a carriage return as
    /// a line feed, the other C0 controls and U+FFFE/U+FFFF left out.
    static func escape(_ bytes: [UInt8], into out: inout Bytes) {
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "&"): out.append("&amp;")
            case UInt8(ascii: "<"): out.append("&lt;")
            case UInt8(ascii: ">"): out.append("&gt;")
            case UInt8(ascii: "\""): out.append("&quot;")
            case UInt8(ascii: "'"): out.append("&apos;")
            case 0x09, 0x0A, 0x0C: out.append(c)
            case 0x0D: out.append(0x0A)
            case 0..<0x20: break
            case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                i += 2
            default: out.append(c)
            }
            i += 1
        }
    }
}
