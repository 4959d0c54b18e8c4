import Testing
@testable import PDFLayout

/// A footnote mark raised on a baseline of its own between two words of a justified
/// column's line: the gap from the word before it to the word after it is wider than a
/// segment gap, but the white on each side of the mark is a word space at most.
@Suite struct ScriptFillsGapTests {
    /// Left column: a short heading, the line with the mark whose last word ends at the
    /// column's right edge, a short line, and an equation whose number starts where that
    /// last word does (the white stripe a gutter would leave, two lines on each side).
    func page() -> GlyphPage {
        var p = GlyphPage()
        p.text("Correspondence", x: 54, y: 700)
        let before = p.text("And traveller and orchard slowly. Behind", x: 54, y: 686)
        let end = 54 + Double(before.count) * 5
        // The mark: 7 pt, raised 3.5 pt, 4.2 pt wide; then a word space of 4.2 pt.
        p.text("1", x: end, y: 689.5, size: 7, advance: 0.6)
        let the = end + 4.2 + 4.2
        p.text("the", x: the, y: 686)
        p.text("compass the distant", x: 54, y: 674)
        p.text("spring and mountain.", x: 54, y: 662)
        p.text("f(x) = ax + b", x: 120, y: 646)
        p.text("(1)", x: the, y: 646)
        p.text("(2)", x: the, y: 630)
        p.text("y = cx", x: 120, y: 630)
        return p
    }

    @Test func markStaysBetweenItsWords() {
        let text = page().layout().foldedText
        #expect(text.contains("Behind1 the compass"), "\(text)")
    }

    /// Off, the gap is measured whole: the word after the mark stands alone in the white
    /// stripe's column, read after the rest.
    @Test func optionOffSplitsTheLine() {
        var o = LayoutOptions()
        o.scriptsFillGaps = false
        let text = page().layout(o).foldedText
        #expect(!text.contains("Behind1 the"), "\(text)")
    }

    /// A mark after the last word of a line before a gutter fills nothing: the columns stay
    /// apart.
    @Test func markBeforeGutterKeepsColumns() {
        var p = GlyphPage()
        for k in 0..<6 {
            let y = 700 - Double(k) * 12
            let left = p.text("Harbour keepers watch", x: 54, y: y)
            if k == 2 { p.text("2", x: 54 + Double(left.count) * 5, y: y + 3.5, size: 7, advance: 0.6) }
            p.text("Morning bells ring", x: 54 + Double(left.count) * 5 + 18, y: y)
        }
        let lines = p.layout().lines.count
        #expect(lines == 12)
    }
}
