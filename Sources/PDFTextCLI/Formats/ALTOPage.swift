import PDFCore
import PDFText

/// One page of ALTO (`ALTOFormatter`): its `Page` element and the styles its words use.
struct ALTOPageWriter {
    let page: PageText
    let number: Int
    let label: String?
    let frame: DisplayLayout.Frame

    private var styles: [ALTOTextStyle] = []
    private var styleSet: Set<ALTOTextStyle> = []
    private var out = Bytes(capacity: 0)

    init(page: PageText, number: Int, label: String?, frame: DisplayLayout.Frame) {
        self.page = page; self.number = number; self.label = label; self.frame = frame
    }

    consuming func write() -> ALTOPendingPages.Page {
        let tree = DisplayLayout(page.layout, glyphs: page.glyphs, frame: frame)
        out = Bytes(capacity: 240 * (page.layout.words.count + 4))
        let p = number
        out.append("    <Page ID=\"page_\(p)\" PHYSICAL_IMG_NR=\"\(p)\"")
        if let label, !label.isEmpty {
            out.append(" PRINTED_IMG_NR=\"")
            out.escaped(label.unicodeScalars, ALTOFormatter.style)
            out.append("\"")
        }
        out.append(" WIDTH=\""); ALTOFormatter.number(tree.width, &out)
        out.append("\" HEIGHT=\""); ALTOFormatter.number(tree.height, &out)
        out.append("\">\n      <PrintSpace HPOS=\"0\" VPOS=\"0\" WIDTH=\"")
        ALTOFormatter.number(tree.width, &out)
        out.append("\" HEIGHT=\""); ALTOFormatter.number(tree.height, &out)
        out.append("\">\n")
        var blockID = 0, lineID = 0, wordID = 0
        for block in tree.blocks {
            let lines = block.lines.filter { !$0.words.isEmpty }
            guard !lines.isEmpty else { continue }
            blockID += 1
            out.append("        <TextBlock ID=\"p\(p)_b\(blockID)\"")
            box(block.box)
            let langs = lines.flatMap(\.words).map { Self.language(page.language(ofWord: $0.index)) }
            let blockLang = langs.first.flatMap { first in langs.allSatisfy { $0 == first } ? first : nil }
            if let blockLang { out.append(" LANG=\"\(blockLang)\"") }
            out.append(">\n")
            for line in lines {
                lineID += 1
                out.append("          <TextLine ID=\"p\(p)_l\(lineID)\"")
                box(line.box)
                out.append(">\n")
                for (k, w) in line.words.enumerated() {
                    wordID += 1
                    if k > 0 { space(line.words[k - 1].box, w.box) }
                    let part: HyphenPart? = k == line.words.count - 1 && joinsNext(w.index) ? .first
                        : k == 0 && w.index > 0 && joinsNext(w.index - 1) ? .second : nil
                    string(w, id: "p\(p)_w\(wordID)", part: part, language: blockLang == nil ? Self.language(page.language(ofWord: w.index)) : nil)
                }
                if let last = line.words.last, joinsNext(last.index) {
                    out.append("            <HYP CONTENT=\"-\"/>\n")
                }
                out.append("          </TextLine>\n")
            }
            out.append("        </TextBlock>\n")
        }
        out.append("      </PrintSpace>\n    </Page>\n")
        return ALTOPendingPages.Page(bytes: out, styles: styles)
    }

    enum HyphenPart { case first, second }

    /// Whether the layout joined word `w` with the next one across a line break (a word
    /// broken by a hyphen): their characters touch (words of a line are apart by a space,
    /// lines by a line break, unless joined).
    private func joinsNext(_ w: Int) -> Bool {
        let words = page.layout.words
        guard w >= 0, w + 1 < words.count else { return false }
        return words[w].characters.upperBound == words[w + 1].characters.lowerBound
            && !words[w].characters.isEmpty && !words[w + 1].characters.isEmpty
    }

    private mutating func string(_ w: DisplayLayout.Word, id: String, part: HyphenPart?, language: String?) {
        out.append("            <String ID=\"\(id)\" CONTENT=\"")
        out.escaped(page.scalars(ofWord: w.index), ALTOFormatter.style)
        out.append("\"")
        box(w.box)
        let style = textStyle(w.index)
        if styleSet.insert(style).inserted { styles.append(style) }
        out.append(" STYLEREFS=\"\(style.id)\"")
        if let s = style.fontStyle { out.append(" STYLE=\"\(s)\"") }
        if let part {
            var whole = String.UnicodeScalarView()
            let (a, b) = part == .first ? (w.index, w.index + 1) : (w.index - 1, w.index)
            whole.append(contentsOf: page.scalars(ofWord: a))
            whole.append(contentsOf: page.scalars(ofWord: b))
            out.append(part == .first ? " SUBS_TYPE=\"HypPart1\" SUBS_CONTENT=\"" : " SUBS_TYPE=\"HypPart2\" SUBS_CONTENT=\"")
            out.escaped(whole, ALTOFormatter.style)
            out.append("\"")
        }
        if let language { out.append(" LANG=\"\(language)\"") }
        out.append("/>\n")
    }

    /// `<SP/>`, with the gap's box when the words are apart on a horizontal line.
    private mutating func space(_ a: Rect, _ b: Rect) {
        let gap = b.x0 - a.x1
        guard gap > 0, gap.isFinite else { out.append("            <SP/>\n"); return }
        out.append("            <SP WIDTH=\""); ALTOFormatter.number(gap, &out)
        out.append("\" HPOS=\""); ALTOFormatter.number(a.x1, &out)
        out.append("\" VPOS=\""); ALTOFormatter.number(min(a.y0, b.y0), &out)
        out.append("\"/>\n")
    }

    /// ` HPOS="…" VPOS="…" WIDTH="…" HEIGHT="…"`.
    private mutating func box(_ r: Rect) {
        out.append(" HPOS=\""); ALTOFormatter.number(r.x0, &out)
        out.append("\" VPOS=\""); ALTOFormatter.number(r.y0, &out)
        out.append("\" WIDTH=\""); ALTOFormatter.number(r.width, &out)
        out.append("\" HEIGHT=\""); ALTOFormatter.number(r.height, &out)
        out.append("\"")
    }

    /// The style of word `w`: its font's family (or name), size to 0.01 pt, weight, slant,
    /// serif and pitch.
    private func textStyle(_ w: Int) -> ALTOTextStyle {
        let f = Int(page.layout.words[w].font)
        let font = f >= 0 && f < page.glyphs.fonts.count ? page.glyphs.fonts[f] : nil
        let size = min(page.fontSize(ofWord: w), 1_000_000) * 100
        let centipoints = size.isFinite && size > 0 ? Int(exactly: size.rounded()) ?? 0 : 0
        let family = font.map { $0.family.isEmpty ? $0.name : $0.family } ?? ""
        return ALTOTextStyle(family: family, size: centipoints, bold: font?.isBold ?? false,
                             italic: font?.isItalic ?? false, serif: font?.isSerif ?? false,
                             monospaced: font?.isMonospaced ?? false)
    }

    /// A `/Lang` that is an `xsd:language` (`[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*`), else nil.
    static func language(_ tag: String?) -> String? {
        guard let tag, !tag.isEmpty else { return nil }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() {
            guard (1...8).contains(part.utf8.count),
                  part.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || (i > 0 && ("0"..."9").contains($0))) })
            else { return nil }
        }
        return tag
    }
}
