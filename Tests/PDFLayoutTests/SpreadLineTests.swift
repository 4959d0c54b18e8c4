import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

/// A justified narrow column whose lines of few long words are spread far apart
/// (`spreadLineGaps`): the white after each line's first short word lines up down the column.
/// (Some word of each line starts where no other line's word does, as in prose; a table's
/// header has every cell start in line with the cells under it.)
@Suite struct SpreadLineTests {
    static let lines: [[String]] = [
        ["of", "arrangement", "a", "by", "then"],
        ["to", "lighthouse", "remarkable", "all"],
        ["as", "comfortable", "on", "at", "it"],
        ["an", "observatory", "administration"],
        ["in", "correspondence", "by", "sea"],
        ["on", "parliament", "a", "schoolhouse"],
        ["at", "measurement", "of", "the", "bay"],
    ]

    /// Each line justified from x = 72 to 232 (characters 5 pt wide), 12 pt apart, in a
    /// proportional font (or the test page's monospaced one).
    func page(monospaced: Bool = false) -> GlyphPage {
        var p = GlyphPage()
        p.page.fonts[0].isMonospaced = monospaced
        for (k, words) in Self.lines.enumerated() {
            let chars = words.reduce(0) { $0 + $1.count }
            let gap = (160 - 5 * Double(chars)) / Double(words.count - 1)
            var x = 72.0
            for w in words {
                p.text(w, x: x, y: 700 - 12 * Double(k))
                x += 5 * Double(w.count) + gap
            }
        }
        return p
    }

    static let paragraph = lines.map { $0.joined(separator: " ") }

    @Test func spreadLinesStayWhole() {
        let layout = page().layout()
        #expect(layout.lineTexts() == Self.paragraph)
    }

    /// Off, the white lined up down the column splits lines.
    @Test func optionZeroSplitsThem() {
        var o = LayoutOptions()
        o.spreadLineGaps = 0
        #expect(page().layout(o).lineTexts() != Self.paragraph)
    }

    /// A monospaced font's words line up in even steps of their own (code, tables of
    /// figures): the rule leaves them to the other tests.
    @Test func monospacedLinesAreLeftToTheOtherTests() {
        var o = LayoutOptions()
        o.spreadLineGaps = 0
        #expect(page(monospaced: true).layout().lineTexts() == page(monospaced: true).layout(o).lineTexts())
    }
}

/// A table's header of three words as long as each other, its gaps as wide as each other,
/// under a caption as wide as the table: its cells start where the cells under them do, so
/// it stays a row of cells (`spreadLineGaps` leaves it alone).
@Suite struct SpreadHeaderTests {
    @Test func tableHeaderUnderACaptionKeepsItsCells() {
        var p = GlyphPage()
        p.page.fonts[0].isMonospaced = false
        p.text("Tide levels at each station", x: 72, y: 720)
        let rows = [["Station", "Morning", "Evening"], ["North", "2.1", "3.4"], ["East", "1.8", "3.0"], ["South", "2.4", "3.6"]]
        for (k, row) in rows.enumerated() {
            for (c, t) in row.enumerated() { p.text(t, x: 72 + 50 * Double(c), y: 706 - 14 * Double(k)) }
        }
        var o = LayoutOptions()
        o.spreadLineGaps = 0
        #expect(p.layout().lineTexts() == p.layout(o).lineTexts())
        #expect(p.layout().blocks.contains { $0.kind == .table && $0.lines.count == 4 })
    }
}
