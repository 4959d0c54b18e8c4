import Testing
@testable import PDFLayout

/// Tables drawn cell by cell whose overfull cells run into the next column: the glyphs of two
/// cells touch or overlap on one baseline, and must not be interleaved by x.
@Suite struct OverfullCellTests {
    /// Three columns at x 72, 130 and 200; row 1's first cell ("Neighbourhood", 65 pt wide)
    /// runs 7 pt past the second column's start (or, `touching`, the second column starts
    /// 1 pt after it ends). Each cell's lines are drawn before the next cell's.
    static func overfullTable(touching: Bool) -> GlyphPage {
        var p = GlyphPage()
        let second = touching ? 138.0 : 130.0
        let cells: [[(String, Double, Double)]] = [
            [("Neighbourhood", 72, 700), ("Lantern", 72, 688)], [("Meadow", second, 700)], [("Market", 200, 700)],
            [("Theatre", 72, 664)], [("Spring", second, 664)], [("Carriage", 200, 664)],
            [("Harbour", 72, 640)], [("Evening", second, 640)], [("Station", 200, 640)],
        ]
        for cell in cells { for (text, x, y) in cell { p.text(text, x: x, y: y) } }
        return p
    }

    static let expected = "Neighbourhood Lantern Meadow Market Theatre Spring Carriage Harbour Evening Station"

    @Test(arguments: [false, true]) func overfullCellDrawnApartSplitsFromTheNext(touching: Bool) {
        #expect(Self.overfullTable(touching: touching).layout().foldedText == Self.expected)
        // Without the rule, the two cells join on their baseline.
        var o = LayoutOptions()
        o.overlappingCellStarts = 0
        #expect(!Self.overfullTable(touching: touching).layout(o).foldedText.contains("Neighbourhood Lantern"))
    }

    /// Prose whose first line's last word "carried" is drawn after the next line, `gap` pt
    /// after "ferry"; with `farStart`, a row 10 em below has text starting at its x after a
    /// gap (a chance alignment).
    static func wordDrawnApart(gap: Double, farStart: Bool) -> GlyphPage {
        var p = GlyphPage()
        p.text("The morning ferry", x: 72, y: 700)
        p.text("left the harbour early and carried the", x: 72, y: 688)
        p.text("carried", x: 72 + 17 * 5 + gap, y: 700)
        p.text("letters to the island by noon.", x: 72, y: 676)
        if farStart {
            p.text("Notes", x: 72, y: 600)
            p.text("summer", x: 72 + 17 * 5 + gap, y: 600)
        }
        return p
    }

    /// The near miss: a word of prose drawn apart from the word before it, a space away from
    /// it, with no cell starting under it, stays on its line.
    @Test func wordDrawnApartInProseStaysOnItsLine() {
        #expect(Self.wordDrawnApart(gap: 2, farStart: false).layout().foldedText
            .hasPrefix("The morning ferry carried left the harbour"))
    }

    /// A table drawn cell by cell under a header, its rows holding tall cells (a column of
    /// eight lines), 11 em apart: row 2's "Extraordinary" ends an em before the third column's
    /// "Sailor", and the third column's other cells start at that x only in the rows above and
    /// below, 11 em away.
    static func tallRows() -> GlyphPage {
        var p = GlyphPage()
        let long = ["Theatre eastern", "curious", "opportunity", "eastern harvest", "neighbourhood", "river", "bridge", "summer"]
        let rows: [[[String]]] = [
            [["Patient"], ["Journey"], ["Evening"], ["Village"]],
            [["Observatory"], ["Measurement", "farmer ancient"], ["Ancient"], long],
            [["Lantern", "Journal"], ["Extraordinary", "ferry museum"], ["Sailor"], long],
            [["Theatre"], ["Silent letter"], ["Teacher"], ["Journey island"]],
        ]
        let xs = [72.0, 140, 215, 290]
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() {
                for (l, line) in cell.enumerated() { p.text(line, x: xs[c], y: r == 0 ? 760 : 810 - Double(r) * 110 - Double(l) * 12) }
            }
        }
        return p
    }

    @Test func cellsDrawnApartInTallRowsSplit() {
        let long = "Theatre eastern curious opportunity eastern harvest neighbourhood river bridge summer"
        let expected = "Patient Journey Evening Village Observatory Measurement farmer ancient Ancient \(long) Lantern Journal Extraordinary ferry museum Sailor \(long) "
            + "Theatre Silent letter Teacher Journey island"
        #expect(Self.tallRows().layout().foldedText == expected)
        // Looking for cell starts only within `cellStartWindow`, the gap is no cell border.
        var o = LayoutOptions()
        o.drawnApartCellStartWindow = 0
        #expect(Self.tallRows().layout(o).foldedText.contains("Extraordinary Sailor"))
    }

    /// The near miss: a word of prose drawn apart from the word before it, an em away, with
    /// text starting at its x after a gap in only one row 10 em below, stays on its line.
    @Test func wideGapDrawnApartWithOneFarStartStaysOnItsLine() {
        #expect(Self.wordDrawnApart(gap: 10, farStart: true).layout().foldedText
            .hasPrefix("The morning ferry carried left the harbour"))
    }

    /// Rows of three cells set 12 pt apart without padding; the second column's first cell
    /// wraps onto three lines, its word broken by hyphens, `second` on the first line (and,
    /// with its own hyphen, an n/a dash), then `continuation` lines under it alone; another
    /// row's "Magnificent" widens that column.
    static func brokenCell(_ second: String, _ continuation: [String]) -> GlyphPage {
        var p = GlyphPage()
        var lines: [[(String, Double)]] = [[("Harbour", 72), (second, 140), ("Museum", 210)]]
        lines += continuation.map { [($0, 140.0)] }
        lines += [[("Theatre", 72), ("Magnificent", 140), ("Carriage", 210)], [("Village", 72), ("Spring", 140), ("Station", 210)]]
        for (l, line) in lines.enumerated() {
            for (text, x) in line { p.text(text, x: x, y: 700 - Double(l) * 12) }
        }
        return p
    }

    @Test func cellLinesAfterAHyphenJoinTheirRow() {
        let expected = "Harbour Correspondence Museum Theatre Magnificent Carriage Village Spring Station"
        #expect(Self.brokenCell("Corre-", ["spon-", "dence"]).layout().foldedText == expected)
        var o = LayoutOptions()
        o.joinsHyphenatedCells = false
        #expect(Self.brokenCell("Corre-", ["spon-", "dence"]).layout(o).foldedText != expected)
    }

    /// The near miss: a cell holding a dash (no value) over a row with only that column's cell
    /// is no broken word: that row stays a row.
    @Test func cellUnderADashStaysARow() {
        #expect(Self.brokenCell("-", ["14"]).layout().foldedText
            == "Harbour - Museum 14 Theatre Magnificent Carriage Village Spring Station")
    }
}
