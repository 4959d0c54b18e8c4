import PDFCore
import PDFLayout
import PDFGlyphs
import Testing

/// `physicalText` on hand-made layouts: 6 pt per character, so a line at x puts its text
/// at column (x − leftmost x) / 6; baselines 14 pt apart are consecutive rows.
@Suite struct PhysicalLayoutTests {
    @Test("two columns share rows; the right column starts at its position's column on every row")
    func columns() {
        var h = HandLayout()
        h.line(["Left", "one"], x: 72, y: 720)
        h.line(["Left", "two"], x: 72, y: 706)
        h.block()
        h.line(["Right", "one"], x: 342, y: 720)
        h.line(["Right", "two"], x: 342, y: 706)
        h.block()
        let text = physicalText(h.layout, glyphs: h.glyphs)
        // (342 − 72) / 6 = 45.
        let pad = String(repeating: " ", count: 45 - "Left one".count)
        #expect(text == "Left one" + pad + "Right one\nLeft two" + pad + "Right two\n")
    }

    @Test("words keep their horizontal positions inside a line (table cells stay aligned)")
    func cells() {
        // One line whose words are far apart, as a table row read as one line: "Price"
        // moved to x 192 (column 20).
        var row = HandLayout()
        row.line(["Name", "Price"], x: 72, y: 720)
        row.shift(word: 1, by: 192 - (72 + 30))
        row.block()
        #expect(physicalText(row.layout, glyphs: row.glyphs) == "Name" + String(repeating: " ", count: 16) + "Price\n")
    }

    @Test("words less than an em apart are one space apart, whatever their columns")
    func wordSpaces() {
        var h = HandLayout()
        h.line(["ab", "cd"], x: 72, y: 720)
        // A 9 pt gap: column 3.5 would round to 4 (two spaces), but 9 pt < 1 em (10 pt).
        h.shift(word: 1, by: 3)
        h.block()
        #expect(physicalText(h.layout, glyphs: h.glyphs) == "ab cd\n")
        var o = PhysicalLayoutOptions()
        o.positionalGapRatio = 0.5
        #expect(physicalText(h.layout, glyphs: h.glyphs, options: o) == "ab  cd\n")
    }

    @Test("vertical gaps become blank rows, at most maxBlankRows of them")
    func blankRows() {
        var h = HandLayout()
        h.line(["a"], x: 72, y: 720)
        h.line(["b"], x: 72, y: 706)
        h.block()
        h.line(["c"], x: 72, y: 720 - 14 * 3)  // two rows below b: one blank row
        h.block()
        h.line(["d"], x: 72, y: 100)  // far below
        h.block()
        #expect(physicalText(h.layout, glyphs: h.glyphs) == "a\nb\n\nc\n\n\n\n\nd\n")
        var o = PhysicalLayoutOptions()
        o.maxBlankRows = 1
        #expect(physicalText(h.layout, glyphs: h.glyphs, options: o) == "a\nb\n\nc\n\nd\n")
    }

    @Test("lines on one baseline that would overlap are kept columnGap spaces apart")
    func overlap() {
        var h = HandLayout()
        h.line(["aaaaaaaaaa"], x: 72, y: 720)
        h.block()
        h.line(["bbb"], x: 90, y: 720)
        h.block()
        #expect(physicalText(h.layout, glyphs: h.glyphs) == "aaaaaaaaaa  bbb\n")
    }

    @Test("the page is read top to bottom whatever the layout order; an empty layout gives nothing")
    func order() {
        var h = HandLayout()
        h.line(["second"], x: 72, y: 706)
        h.block()
        h.line(["first"], x: 72, y: 720)
        h.block()
        #expect(physicalText(h.layout, glyphs: h.glyphs) == "first\nsecond\n")
        let empty = HandLayout()
        #expect(physicalText(empty.layout, glyphs: empty.glyphs) == "")
    }

    @Test("a layout without bounds (all zero) is placed from the glyph boxes")
    func zeroBounds() {
        var h = HandLayout()
        h.line(["x"], x: 72, y: 720, zeroBounds: true)
        h.line(["y"], x: 102, y: 706, zeroBounds: true)
        #expect(physicalText(h.layout, glyphs: h.glyphs) == "x\n     y\n")
    }

    @Test("a rotated page is laid out in display space")
    func rotated() {
        // Rotated 90°: display x = page y, display y = page x. Two lines at page x 100 and
        // 114 (display rows), running up the page.
        var h = HandLayout(rotation: 90)
        h.line(["top"], x: 100, y: 300)
        h.line(["next"], x: 114, y: 300)
        h.block()
        let text = physicalText(h.layout, glyphs: h.glyphs)
        #expect(text.split(separator: "\n").count == 2)
        #expect(text.hasPrefix("top"))
    }
}
