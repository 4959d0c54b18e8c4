import PDFCore
import PDFGlyphs

/// Paragraphs inside a block of text: a block whose lines are set without extra space between
/// paragraphs is split where a paragraph starts, so each paragraph is a block of its own
/// (separated by an empty line in the text, a paragraph in HTML, and never joined across by
/// hyphenation).
struct ParagraphSplitter {
    let page: PageGlyphs
    let segments: [Segment]
    let items: [Item]
    let options: LayoutOptions
    /// Whether any of the page's text may be right to left: when none can, no block's lines
    /// need to be read for it.
    let pageMayHaveRightToLeft: Bool

    init(page: PageGlyphs, segments: [Segment], items: [Item], options: LayoutOptions) {
        self.page = page; self.segments = segments; self.items = items; self.options = options
        pageMayHaveRightToLeft = options.splitsParagraphs && page.scalars.contains { Bidi.mayBeRightToLeft($0) }
    }

    /// The block's paragraphs, top to bottom (the block itself when it has one).
    func split(_ b: Block) -> [Block] {
        guard options.splitsParagraphs, b.kind == .text, b.lines.count >= 2,
              b.lines.allSatisfy({ $0.count == 1 }) else { return [b] }
        let lines = b.lines.map { segments[$0[0]] }
        let size = lines.map(\.size).sorted()[lines.count / 2]
        guard size.isFinite, size > 0 else { return [b] }
        let tolerance = options.paragraphEdgeTolerance * size
        let left = lines.map(\.x0).min()!
        let right = lines.map(\.x1).max()!
        let atLeft = lines.map { $0.x0 - left <= tolerance }
        guard atLeft.filter({ $0 }).count >= 2 else { return [b] }
        // Justified: the long lines (all but the last, and those ending short of the right
        // edge) end at the right edge.
        let shortOf = options.paragraphShortLineRatio * size
        let long = lines.dropLast().filter { right - $0.x1 < shortOf }
        let flush = long.filter { right - $0.x1 <= tolerance }.count
        // (Most of the block's lines are flush: a block that mixes lines of two widths is not a
        // justified paragraph with short last lines.)
        let justified = flush >= LayoutConstants.justifiedMinLines && Double(flush) >= options.paragraphJustifiedShare * Double(long.count)
            && 2 * flush >= lines.count - 1
        var breaks: [Int] = []
        for k in 1..<lines.count {
            let line = lines[k], previous = lines[k - 1]
            // A word hyphenated across the line break goes on: no paragraph ends there.
            if endsWithHyphen(previous) { continue }
            // A first-line indent: the line starts right of the left edge by an indent, the
            // next line (if any) goes back to the edge, and the line above has no word starting
            // where this line starts (a hanging indent, as list items and definitions have).
            let indent = line.x0 - left
            if indent >= options.paragraphIndent.lowerBound * size, indent <= options.paragraphIndent.upperBound * size,
               k + 1 == lines.count || atLeft[k + 1], !wordStarts(previous, at: line.x0, within: options.paragraphWordStartTolerance * size) {
                breaks.append(k); continue
            }
            // A short last line in a justified block, then a line back at the left edge.
            if justified && atLeft[k] && right - previous.x1 >= shortOf {
                breaks.append(k)
            }
        }
        guard !breaks.isEmpty else { return [b] }
        // Right-to-left paragraphs indent and end on the other side: left as they are.
        for line in lines where pageMayHaveRightToLeft {
            for i in line.items {
                let g = page.glyphs[Int(items[Int(i)].glyph)]
                for k in Int(g.text.lowerBound)..<Int(g.text.upperBound) where Bidi.mayBeRightToLeft(page.scalars[k]) {
                    let c = Bidi.bidiClass(page.scalars[k])
                    if c == Bidi.bidiR || c == Bidi.bidiAL { return [b] }
                }
            }
        }
        var out: [Block] = []
        var from = 0
        for end in breaks + [lines.count] {
            var p = Block(segment: b.lines[from][0], segments[b.lines[from][0]])
            p.group = b.group; p.kind = b.kind; p.isTopMargin = b.isTopMargin
            for k in (from + 1)..<end { p.append(line: b.lines[k], segments) }
            out.append(p)
            from = end
        }
        return out
    }

    /// Whether the line's last glyph is a hyphen.
    func endsWithHyphen(_ line: Segment) -> Bool {
        guard let last = line.items.last else { return false }
        let g = page.glyphs[Int(items[Int(last)].glyph)]
        guard let s = page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)].last else { return false }
        return TextAssembler.isHyphen(s)
    }

    /// Whether a word of `line` after its first starts within `tolerance` of `x`.
    func wordStarts(_ line: Segment, at x: Double, within tolerance: Double) -> Bool {
        let n = line.items.count
        for j in 0..<(n - 1) {
            let it = items[Int(line.items[j])]
            let starts = it.isSpace || (j < line.spaceAfter.count && line.spaceAfter[j])
            guard starts else { continue }
            let next = items[Int(line.items[j + 1])]
            if !next.isSpace && abs(next.x0 - x) <= tolerance { return true }
        }
        return false
    }
}
