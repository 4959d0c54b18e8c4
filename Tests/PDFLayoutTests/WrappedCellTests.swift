import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

/// Tables whose cells wrap onto several lines: each cell is read whole, row by row.
@Suite struct WrappedCellTests {
    /// Rows padded apart (as word processors and browsers set them), one cell running on for
    /// several lines alone below the others.
    @Test func paddedRowsKeepLongCellsWhole() {
        var p = GlyphPage()
        let rows: [[[String]]] = [
            [["Name"], ["Place"], ["Notes"]],
            [["Alder"], ["North", "quay"], ["grows", "near", "the", "water"]],
            [["Birch"], ["Hill"], ["pale", "bark"]],
        ]
        p.table(rows, columnWidth: 90)
        let layout = p.layout()
        #expect(layout.blocks.filter { $0.kind == .table }.count == 1)
        #expect(layout.foldedText == "Name Place Notes Alder North quay grows near the water Birch Hill pale bark")
    }

    /// Rows set at the line spacing with no padding (LaTeX p-columns): a line continues its
    /// cell when its first word would not have fitted on the line above.
    @Test func unpaddedRowsJoinLinesThatWrapped() {
        var p = GlyphPage()
        let lines: [[(Int, String)]] = [
            [(0, "Stop"), (1, "Departs"), (2, "Notes")],
            [(0, "North quay"), (1, "early"), (2, "runs every day")],
            [(2, "of the week but")],
            [(2, "not on holidays")],
            [(0, "Old lighthouse"), (1, "late morning"), (2, "four")],
            [(0, "island loop")],
            [(0, "Harbour"), (1, "noon"), (2, "five")],
        ]
        for (r, row) in lines.enumerated() {
            for (c, t) in row { p.text(t, x: 72 + Double(c) * 100, y: 700 - Double(r) * 11, spacesAsGaps: true) }
        }
        p.text("A closing paragraph set under the table, across all of its columns.", x: 72, y: 700 - 7 * 11 - 14,
               spacesAsGaps: true)
        let text = p.layout().foldedText
        #expect(text == "Stop Departs Notes North quay early runs every day of the week but not on holidays "
            + "Old lighthouse island loop late morning four Harbour noon five "
            + "A closing paragraph set under the table, across all of its columns.")
    }

    /// Near miss: two columns of prose, the right one running on alone, stay columns read one
    /// after the other, not a table read across.
    @Test func proseColumnsAreNoTable() throws {
        var p = GlyphPage()
        for k in 0..<6 {
            p.text("left \(k) the quiet river runs past the mill", x: 72, y: 700 - Double(k) * 11, spacesAsGaps: true)
        }
        for k in 0..<9 {
            p.text("right \(k) an old road climbs to the hills", x: 320, y: 700 - Double(k) * 11, spacesAsGaps: true)
        }
        let layout = p.layout()
        #expect(!layout.blocks.contains { $0.kind == .table })
        let text = layout.foldedText
        let lastLeft = try #require(text.range(of: "left 5")), firstRight = try #require(text.range(of: "right 0"))
        #expect(lastLeft.upperBound < firstRight.lowerBound, "\(text)")
    }

    /// Text of the page's other column on a table row's baseline, far beyond the table and
    /// under none of its cells, stays out of the table; a far column under a header stays in.
    @Test func strayTextBesideATableIsLeftOut() {
        var p = GlyphPage()
        let rows = [["Sample", "Mean", "Error"], ["Harvest", "49.33", "0.37"], ["Opportunity", "78.41", "0.07"],
                    ["Autumn", "6.34", "1.32"]]
        for (r, row) in rows.enumerated() {
            for (c, t) in row.enumerated() { p.text(t, x: 72 + Double(c) * 80, y: 700 - Double(r) * 12) }
        }
        p.text("(p + q) > r (1)", x: 400, y: 700 - 2 * 12)
        let text = p.layout().foldedText
        #expect(text.contains("Sample Mean Error Harvest 49.33 0.37 Opportunity 78.41 0.07 Autumn 6.34 1.32"), "\(text)")

        var q = GlyphPage()
        let wide = [["Item", "Note", "Total"], ["Tea", "green", "4.50"], ["Rice", "white", "2.10"]]
        for (r, row) in wide.enumerated() {
            for (c, t) in row.enumerated() { q.text(t, x: c == 2 ? 400 : 72 + Double(c) * 60, y: 700 - Double(r) * 12) }
        }
        #expect(q.layout().foldedText == "Item Note Total Tea green 4.50 Rice white 2.10")
    }

    /// A cell filled to within 0.6 em of the next column (closer than a segment gap) still
    /// ends there, as cells start at that x in the rows around; the same gap in prose, where
    /// nothing starts in line below or above, stays a word space.
    @Test func cellFilledUpToTheNextColumnEndsThere() {
        var p = GlyphPage()
        let rows: [[[String]]] = [
            [["Stop"], ["Fare"], ["Days"]], [["North"], ["2.50"], ["all"]], [["Lighthouse", "loop"], ["4.00"], ["odd"]],
            [["Island"], ["5.75"], ["even"]], [["Harbour"], ["1.25"], ["all"]],
        ]
        p.table(rows, columnWidth: 56)
        #expect(p.layout().foldedText == "Stop Fare Days North 2.50 all Lighthouse loop 4.00 odd Island 5.75 even Harbour 1.25 all")

        var q = GlyphPage()
        let prose = ["the river runs", "past the old mill", "and on down to", "the sea at last"]
        for (k, line) in prose.enumerated() {
            let words = line.split(separator: " ")
            var x = 72.0
            for (n, w) in words.enumerated() {
                q.text(String(w), x: x, y: 700 - Double(k) * 12)
                x += Double(w.count) * 5 + (n == 1 ? 6 : 3)
            }
        }
        #expect(q.layout().lineTexts() == prose)
    }
}

/// Tables whose rows are set at the line spacing with a rule painted between them (LaTeX's
/// `\hline` under p-columns): the rule's width is all that sets rows apart from a cell's
/// wrapped lines (`tableRuleGapRatio`).
@Suite struct RuledRowTests {
    /// Rows of cells (column, text); a row's lines 12 pt apart, each rule adding `rule` pt
    /// between rows, painted when `paintsRules`.
    func ruledTable(paintsRules: Bool, ruleInsideCell: Bool = false) -> GlyphPage {
        var p = GlyphPage()
        let rows: [[[(Int, String)]]] = [
            [[(0, "Name"), (1, "Place"), (2, "Notes")]],
            [[(0, "Alder"), (1, "North quay"), (2, "grows")], [(1, "side")]],
            [[(0, "Birch"), (1, "Hill top of the moor"), (2, "pale")]],
            [[(0, "Oak"), (1, "Dale"), (2, "old")]],
        ]
        let rule = 0.4
        var y = 700.0
        for (r, row) in rows.enumerated() {
            if r > 0 {
                // The rule sits between the last line's box (2 pt under its baseline) and the
                // next line's box (8 pt over its baseline).
                y -= 12 + rule
                if paintsRules {
                    p.page.paths.append(PathPaint(bounds: Rect(x0: 70, y0: y + 8.3, x1: 380, y1: y + 8.3 + rule),
                                                  isStroked: false, isFilled: true, color: .black, lineWidth: 0))
                }
            }
            for (l, line) in row.enumerated() {
                if l > 0 {
                    y -= 12
                    if ruleInsideCell {
                        p.page.paths.append(PathPaint(bounds: Rect(x0: 70, y0: y + 8.3, x1: 380, y1: y + 8.3 + rule),
                                                      isStroked: false, isFilled: true, color: .black, lineWidth: 0))
                    }
                }
                for (c, t) in line { p.text(t, x: 72 + Double(c) * 110, y: y, spacesAsGaps: true) }
            }
        }
        return p
    }

    @Test func rulesBetweenRowsKeepWrappedCellsWhole() {
        let layout = ruledTable(paintsRules: true).layout()
        #expect(layout.blocks.filter { $0.kind == .table }.count == 1)
        // "side" would have fitted after "North quay" (the column's widest line is wider), yet
        // no rule parts them: one cell.
        #expect(layout.foldedText == "Name Place Notes Alder North quay side grows Birch Hill top of the moor pale Oak Dale old")
    }

    /// Near misses: the same gaps without rules painted (a tabbing environment's lines, fonts
    /// of different depths), or with a rule in the narrower gap too, tell nothing.
    @Test func gapsAloneOrRulesEverywhereDoNotJoin() {
        for p in [ruledTable(paintsRules: false), ruledTable(paintsRules: true, ruleInsideCell: true)] {
            #expect(p.layout().foldedText == "Name Place Notes Alder North quay grows side Birch Hill top of the moor pale Oak Dale old")
        }
    }

    @Test func optionZeroTurnsItOff() {
        var o = LayoutOptions()
        o.tableRuleGapClarity = 0
        #expect(ruledTable(paintsRules: true).layout(o).foldedText
            == "Name Place Notes Alder North quay grows side Birch Hill top of the moor pale Oak Dale old")
    }
}

@Suite struct HardGapDrawnApartTests {
    /// A line of prose over a table drawn cell by cell whose header's first cell holds one
    /// word and wraps: the gap after it is four em wide and the line's words span less than
    /// 20 em, as a justified narrow column's wide word space would; only two rows have a cell
    /// starting after white at the next column's edge (the others' lines there are wrapped
    /// lines, alone on their row's left).
    func page() -> GlyphPage {
        var p = GlyphPage()
        p.text("The magnificent harvest towards the village describes the market.", x: 72, y: 724)
        p.table([
            [["Workshop", "Journey"], ["Season Lantern"], ["Arrangement", "Garden"], ["Cathedral"]],
            [["Neighbour"], ["Evening", "schoolhouse", "committee"], ["Student quiet"], ["Evening"]],
            [["Committee"], ["River"], ["Instrument"], ["Heavy"]],
        ], columnWidth: 80)
        return p
    }

    @Test func cellsDrawnApartAreNoWordSpace() {
        let layout = page().layout()
        #expect(layout.foldedText.hasPrefix("The magnificent harvest towards the village describes the market. "
            + "Workshop Journey Season Lantern Arrangement Garden Cathedral Neighbour Evening schoolhouse committee"))
    }

    /// Off, the header's first cell and the next are one piece of text, read before the
    /// first cell's wrapped line.
    @Test func optionOffJoinsThem() {
        var o = LayoutOptions()
        o.hardGapDrawnInOrder = false
        let text = page().layout(o).foldedText
        #expect(text.contains("Workshop Season Lantern") && !text.contains("Workshop Journey"))
    }

    /// Words of one line drawn in order keep the wide space of a justified narrow column
    /// (without the wide-space rule, `hardGapCrossWindow` 0, the line splits in two).
    @Test func proseDrawnInOrderKeepsItsWideSpace() {
        var p = GlyphPage()
        let lines = ["Harbour keepers watch", "the ferry come in at", "dawn:         every", "morning the bells of", "the old chapel ring."]
        for (k, line) in lines.enumerated() { p.text(line, x: 72, y: 700 - Double(k) * 12, spacesAsGaps: true) }
        #expect(p.layout().lines.count == 5)
        var o = LayoutOptions()
        o.hardGapCrossWindow = 0
        #expect(p.layout(o).lines.count == 6)
    }
}

@Suite struct PaddedRowsFlushByChanceTests {
    /// Three columns, rows 18 pt apart (8 pt between their lines' boxes), a wrapped cell's
    /// lines 11 pt apart (1 pt between): the last column's cells of the first two rows hold
    /// five words each over 20 em and end together, as two lines of a justified paragraph do.
    func page() -> GlyphPage {
        var p = GlyphPage()
        let rows: [(Double, [String])] = [
            (700, ["Harbour", "Morning teacher", "Lighthouse winter library gentle kitchen"]),
            (682, ["Carriage", "Concert festival", "Compass festival workshop concert chapel"]),
            (664, ["Farmer", "Patient kitchen", "Island modest"]),
            (635, ["Orchard", "Gentle", "Weather"]),
        ]
        for (y, cells) in rows {
            for (c, t) in cells.enumerated() { p.text(t, x: 72 + Double(c) * 100, y: y) }
            if y == 664 { p.text("chapter", x: 272, y: 653) }
        }
        return p
    }

    @Test func rowsEndingTogetherStayInTheTable() {
        let layout = page().layout()
        #expect(layout.blocks.filter { $0.kind == .table }.count == 1)
        #expect(layout.foldedText == "Harbour Morning teacher Lighthouse winter library gentle kitchen Carriage Concert festival "
            + "Compass festival workshop concert chapel Farmer Patient kitchen Island modest chapter Orchard Gentle Weather")
    }

    /// Without the comparison with the column's closest lines, the two rows' last cells are a
    /// justified paragraph, and the column leaves the table.
    @Test func anyLinesJustAboveMakeProseWhenOff() {
        var o = LayoutOptions()
        o.tableProseLineGap = 100
        #expect(!page().layout(o).foldedText.hasPrefix("Harbour Morning teacher Lighthouse"))
    }
}
