import Testing
@testable import PDFLayout

/// Tables whose rows hold cells of many lines: the lines of a long cell go on alone under
/// cells that have ended, far from the next row's cell starts.
@Suite struct TallRowTableTests {
    /// A prose line over a table whose header's first cell "Market" (wrapped onto "Hillside")
    /// stands 7 em before the second column's `second` header; the other columns' first cells
    /// wrap onto lines without the first column's (its cell has ended).
    static func tallFirstRow(second: String) -> GlyphPage {
        var p = GlyphPage()
        p.text("The morning ferry carried the letters over to the island", x: 72, y: 716)
        let lines: [(Double, [(String, Double)])] = [
            (700, [("Market", 72), (second, 172), ("Sailor", 272)]), (688, [("Hillside", 72)]),
            (670, [("Student", 72), ("Baker", 172), ("Painter", 272)]),
            (658, [("neighbourhood", 172), ("northern", 272)]), (646, [("curious journey", 172), ("eastern harbour", 272)]),
            (634, [("schoolhouse", 172)]),
            (616, [("Workshop", 72), ("Meadow", 172), ("Evening", 272)]),
        ]
        for (y, line) in lines { for (text, x) in line { p.text(text, x: x, y: y) } }
        return p
    }

    @Test(arguments: ["Station", "Station Spring"]) func headerCellAfterAHardGapStaysACell(second: String) {
        let text = Self.tallFirstRow(second: second).layout().foldedText
        #expect(text.hasSuffix("Market Hillside \(second) Sailor Student Baker neighbourhood curious journey schoolhouse Painter "
            + "northern eastern harbour Workshop Meadow Evening"), "\(text)")
    }

    /// Without the lone cell starts (and, for a header of one word, whatever the words after
    /// the gap), the gap is taken for a wide space of justified text: the header's first two
    /// cells join, and the first cell's wrapped line follows both.
    @Test func withoutTheRulesTheHeaderCellsJoin() {
        var o = LayoutOptions()
        o.hardGapLoneCellStarts = false
        #expect(Self.tallFirstRow(second: "Station").layout(o).foldedText.contains("Market Station Hillside"))
        // Words after the gap a space apart are no justified line's spread words.
        #expect(Self.tallFirstRow(second: "Station Spring").layout(o).foldedText.contains("Market Hillside Station Spring"))
        o.hardGapSpreadAfter = false
        #expect(Self.tallFirstRow(second: "Station Spring").layout(o).foldedText.contains("Market Station Spring Hillside"))
    }

    /// The near miss: a narrow justified column whose line of three words is spread 3 em a
    /// space, one line under it starting at a gap's end by chance, stays one column of lines.
    @Test func justifiedWideSpacesStayInTheirLine() {
        var p = GlyphPage()
        p.text("the quiet river runs past the old mill", x: 72, y: 700)
        p.text("The", x: 72, y: 688)
        p.text("ferry", x: 72 + 15 + 30, y: 688)
        p.text("left", x: 72 + 15 + 30 + 25 + 30, y: 688)
        p.text("and the harbour woke slowly to the day", x: 72, y: 676)
        p.text("as", x: 72 + 15 + 30, y: 664)
        p.text("the boats came in from the sea", x: 72, y: 652)
        #expect(p.layout().foldedText == "the quiet river runs past the old mill The ferry left "
            + "and the harbour woke slowly to the day as the boats came in from the sea")
    }

    /// Rows set at the line spacing, 0.4 pt further apart than wrapped lines (a rule between
    /// them); the second column's first cell wraps onto two lines alone, the second of which
    /// would have fitted on the first. With `fullRows`, every row holds all three cells and
    /// the row gaps alternate between two sizes (no cell wrapped).
    static func ruledRows(fullRows: Bool) -> GlyphPage {
        var p = GlyphPage()
        let lines: [[(String, Double)]] = fullRows
            ? [[("Harbour", 72), ("Patient letter", 172), ("Museum", 272)], [("Garden", 72), ("Ferry", 172), ("Island", 272)],
               [("Village", 72), ("Spring", 172), ("Station", 272)], [("Meadow", 72), ("Tower", 172), ("Bridge", 272)],
               [("Theatre", 72), ("Evening", 172), ("Carriage", 272)]]
            : [[("Harbour", 72), ("Patient letter", 172), ("Museum", 272)], [("teacher", 172)], [("sailor", 172)],
               [("Village", 72), ("Spring", 172), ("Station", 272)], [("Theatre", 72), ("Evening", 172), ("Carriage", 272)]]
        var y = 700.0
        for (l, line) in lines.enumerated() {
            if l > 0 { y -= fullRows ? (l % 2 == 0 ? 12.4 : 12) : (line.count == 1 ? 12 : 12.4) }
            for (text, x) in line { p.text(text, x: x, y: y) }
        }
        return p
    }

    @Test func rowsSetApartByARuleKeepWrappedLinesInTheirCell() {
        let expected = "Harbour Patient letter teacher sailor Museum Village Spring Station Theatre Evening Carriage"
        #expect(Self.ruledRows(fullRows: false).layout().foldedText == expected)
        var o = LayoutOptions()
        o.tableRuleGapClarity = 0
        #expect(Self.ruledRows(fullRows: false).layout(o).foldedText != expected)
    }

    /// The near miss: rows of full cells whose gaps alternate between two sizes stay rows.
    @Test func fullRowsWithTwoGapSizesStayRows() {
        #expect(Self.ruledRows(fullRows: true).layout().foldedText
            == "Harbour Patient letter Museum Garden Ferry Island Village Spring Station Meadow Tower Bridge Theatre Evening Carriage")
    }

    /// Rows set at the line spacing without a rule: the first column's second line holds a
    /// word running past the second column's start (an overfull cell); a later cell's
    /// "lighthouse" would not have fitted after "Observatory" in the column's other lines'
    /// width, but would have in the overfull line's.
    static func overfullColumn() -> GlyphPage {
        var p = GlyphPage()
        let lines: [[(String, Double)]] = [
            [("Harbour", 72), ("Patient", 172), ("Museum", 272)], [("Counterrevolutionaries", 72)],
            [("Lighthouse keepers", 72), ("Spring", 172), ("Station", 272)],
            [("Observatory", 72), ("Evening", 172), ("Carriage", 272)], [("lighthouse", 72)],
            [("Village", 72), ("Meadow", 172), ("Tower", 272)],
        ]
        for (l, line) in lines.enumerated() {
            for (text, x) in line { p.text(text, x: x, y: 700 - Double(l) * 12) }
        }
        return p
    }

    @Test func overfullLineLeavesTheColumnEdge() {
        let expected = "Harbour Counterrevolutionaries Patient Museum Lighthouse keepers Spring Station "
            + "Observatory lighthouse Evening Carriage Village Meadow Tower"
        #expect(Self.overfullColumn().layout().foldedText == expected)
        var o = LayoutOptions()
        o.tableWrapSkipsOverfullLines = false
        #expect(Self.overfullColumn().layout(o).foldedText != expected)
    }

    /// The near miss: a total under the price column, running past the last column's start,
    /// set at the line spacing under the last item, is a row of its own.
    @Test func totalRunningPastTheNextColumnIsARow() {
        var p = GlyphPage()
        let lines: [[(String, Double)]] = [
            [("Description", 72), ("Qty", 272), ("Amount", 372)], [("Ferry tickets", 72), ("2", 272), ("40.00", 372)],
            [("Harbour dues", 72), ("1", 272), ("80.00", 372)], [("Subtotal 120.00", 300)],
        ]
        for (l, line) in lines.enumerated() {
            for (text, x) in line { p.text(text, x: x, y: 700 - Double(l) * 12) }
        }
        #expect(p.layout().foldedText
            == "Description Qty Amount Ferry tickets 2 40.00 Harbour dues 1 80.00 Subtotal 120.00")
    }
}
