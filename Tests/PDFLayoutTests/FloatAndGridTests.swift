import Testing
@testable import PDFLayout

/// Width in points of `line` set by `GlyphPage.text` at size 10 with `spacesAsGaps`: 5 pt a
/// letter, 3 pt a space.
private func width(_ line: String) -> Double {
    line.reduce(0) { $0 + ($1 == " " ? 3 : 5) }
}

@Suite struct CaptionGridRowTests {
    /// A 2 × 3 grid of captions under pictures (no text), wider than the paragraphs around
    /// it: in the first row the middle caption runs a line longer than the right one, so no
    /// white band crosses the whole row just under the right caption. The paragraph after
    /// the grid is short: it spans the first two grid columns and ends left of the third.
    static func grid(_ p: inout GlyphPage) {
        p.text("The grid below shows the harbour and its ships over the years of its long history.",
               x: 72, y: 720, spacesAsGaps: true)
        let rows: [(y: Double, cells: [[String]])] = [
            (600, [["Figure 1: The old harbour."],
                   ["Figure 2: Ships in port", "each year since the war", "and before it."],
                   ["Figure 3: The new quay", "after the flood."]]),
            (450, [["Figure 4: Cranes on the", "east pier."],
                   ["Figure 5: A trawler."],
                   ["Figure 6: The lighthouse", "seen from the sea."]]),
        ]
        for row in rows {
            for (c, cell) in row.cells.enumerated() {
                for (l, line) in cell.enumerated() {
                    p.text(line, x: 72 + Double(c) * 180, y: row.y - Double(l) * 12, spacesAsGaps: true)
                }
            }
        }
        p.text("The closing words say a little more about the port.", x: 72, y: 414, spacesAsGaps: true)
    }

    static let expected = "The grid below shows the harbour and its ships over the years of its long history. "
        + "Figure 1: The old harbour. Figure 2: Ships in port each year since the war and before it. "
        + "Figure 3: The new quay after the flood. Figure 4: Cranes on the east pier. Figure 5: A trawler. "
        + "Figure 6: The lighthouse seen from the sea. The closing words say a little more about the port."

    @Test func gridRowsAreReadInTurnWhenACaptionRunsLonger() {
        var p = GlyphPage()
        Self.grid(&p)
        #expect(p.layout().foldedText == Self.expected, "\(p.layout().foldedText)")
        // Without the rule for a block under two columns, the closing paragraph is read as
        // part of the first grid column, before the third caption of the last row.
        var options = LayoutOptions()
        options.columnSpanGap = .infinity
        #expect(p.layout(options).foldedText != Self.expected)
    }

    /// Near miss: two columns of text; the right one has a picture (white) under its first
    /// paragraph, the left one a paragraph gap of two em beside it. The white between the
    /// left column's paragraphs is narrower than a row band, so the left column is still read
    /// whole before the right one.
    @Test func paragraphGapBesideAFigureIsNoRowBand() throws {
        var p = GlyphPage()
        for k in 0..<8 { p.text("left column first part \(k) words", x: 72, y: 700 - Double(k) * 12, spacesAsGaps: true) }
        for k in 0..<8 { p.text("left column second part \(k) words", x: 72, y: 584 - Double(k) * 12, spacesAsGaps: true) }
        for k in 0..<3 { p.text("right column top \(k) words", x: 320, y: 700 - Double(k) * 12, spacesAsGaps: true) }
        for k in 0..<4 { p.text("right column bottom \(k) words", x: 320, y: 548 - Double(k) * 12, spacesAsGaps: true) }
        let text = p.layout().foldedText
        let lastLeft = try #require(text.range(of: "left column second part 7"))
        let firstRight = try #require(text.range(of: "right column top 0"))
        #expect(lastLeft.upperBound < firstRight.lowerBound, "\(text)")
    }
}

@Suite struct OpenGapTests {
    /// Two captions side by side under pictures, 12 pt (four word spaces) apart, the left
    /// one wrapped: nothing above or below crosses the gap, so the line splits.
    static func captions(_ p: inout GlyphPage, lineBelow: String) {
        let first = "Figure 1: Growth of the old"
        p.text(first, x: 72, y: 600, spacesAsGaps: true)
        p.text("Figure 2: Ships in port.", x: 72 + width(first) + 12, y: 600, spacesAsGaps: true)
        p.text(lineBelow, x: 72, y: 588, spacesAsGaps: true)
    }

    @Test func captionsFourWordSpacesApartSplit() {
        var p = GlyphPage()
        Self.captions(&p, lineBelow: "harbour since 1900.")
        let expected = "Figure 1: Growth of the old harbour since 1900. Figure 2: Ships in port."
        #expect(p.layout().foldedText == expected, "\(p.layout().foldedText)")
        var options = LayoutOptions()
        options.openGapWordSpaces = 0
        #expect(p.layout(options).foldedText != expected)
    }

    /// Near miss: the same wide gap in a line of prose whose next line runs across it: the
    /// line stays whole.
    @Test func wideGapWithALineAcrossItStaysWhole() {
        var p = GlyphPage()
        Self.captions(&p, lineBelow: "harbour since 1900 and the ships came in every day of the week.")
        #expect(p.layout().lineTexts().first == "Figure 1: Growth of the old Figure 2: Ships in port.",
                "\(p.layout().lineTexts())")
    }
}

extension OpenGapTests {
    /// Near miss: a letter-spaced line alone (letters 0.2 em apart, words 1 em apart): its
    /// words, one piece each, hold no word space, but the line's own word spaces are as wide
    /// as each gap, so it stays one line.
    @Test func letterSpacedLineAloneStaysWhole() {
        var p = GlyphPage()
        var x = 72.0
        for word in ["council", "Tilde", "the", "heavy", "theatre."] {
            p.text(word, x: x, y: 600, gap: 0.2)
            x += Double(word.count) * 7 + 10
        }
        #expect(p.layout().lineTexts() == ["council Tilde the heavy theatre."], "\(p.layout().lineTexts())")
    }
}

@Suite struct HeadingBesideColumnTests {
    /// Two columns (170 pt wide) 10 pt (one body em) apart; a display formula's number ends the left
    /// column's line where the right column's heading, in 14.4 pt, starts: the gap is narrow
    /// in the heading's size but a gutter in the body's.
    static func page(headingSize: Double) -> GlyphPage {
        var p = GlyphPage()
        // Drawn column by column, as a two-column page is.
        for k in 0..<4 { p.text(String(repeating: "abcd ", count: 6) + "abcd", x: 72, y: 700 - Double(k) * 12) }
        p.text("u + v = w", x: 130, y: 652)
        p.text("(1)", x: 227, y: 652)
        for k in 0..<4 { p.text(String(repeating: "efgh ", count: 6) + "efgh", x: 72, y: 634 - Double(k) * 12) }
        for k in 0..<4 { p.text(String(repeating: "wxyz ", count: 6) + "wxyz", x: 252, y: 700 - Double(k) * 12) }
        p.text("2 Concert", x: 252, y: 652, size: headingSize)
        for k in 0..<4 { p.text(String(repeating: "stuv ", count: 6) + "stuv", x: 252, y: 634 - Double(k) * 12) }
        return p
    }

    @Test func formulaNumberBesideTheOtherColumnsHeadingSplits() {
        let p = Self.page(headingSize: 14.4)
        let lines = p.layout().lineTexts()
        #expect(lines.contains("2 Concert"), "\(lines)")
        #expect(lines.contains("u + v = w (1)"), "\(lines)")
    }
}

@Suite struct TableFloatTests {
    static let prose = ["the harbour master keeps a record of every ship",
                        "that comes into port and of the goods it brings",
                        "from the wide world beyond the grey stone quays",
                        "and every night he writes it all down in a book"]

    /// Two columns of justified prose; the left one ends with a caption and a narrow table
    /// whose rows share baselines with the right column's lines. Headings start both columns,
    /// the left one shorter than the table is far from the column's edge.
    static func page(tableRows: [[String]]) -> GlyphPage {
        var p = GlyphPage()
        p.text("1 Ships", x: 72, y: 524, size: 12)
        p.text("2 Goods", x: 340, y: 524, size: 12)
        for k in 0..<8 {
            p.justified(prose[k % 4], x: 72, y: 500 - Double(k) * 12, width: 240)
        }
        for k in 0..<14 {
            p.justified(prose[(k + 1) % 4], x: 340, y: 500 - Double(k) * 12, width: 240)
        }
        p.text("Table 1: Ships in port.", x: 120, y: 392, spacesAsGaps: true)
        for (r, row) in tableRows.enumerated() {
            for (c, cell) in row.enumerated() {
                p.text(cell, x: 130 + Double(c) * 45, y: 380 - Double(r) * 12)
            }
        }
        return p
    }

    @Test func tableFloatUnderItsColumnIsATableReadBeforeTheOtherColumn() throws {
        let rows = [["Ship", "Tons", "Crew"], ["Ada", "120", "12"], ["Bea", "340", "25"], ["Cor", "95", "9"]]
        let layout = Self.page(tableRows: rows).layout()
        #expect(layout.blocks.contains { $0.kind == .table }, "\(layout.blocks.map(\.kind))")
        let text = layout.foldedText
        #expect(text.contains("Table 1: Ships in port. Ship Tons Crew Ada 120 12 Bea 340 25 Cor 95 9"), "\(text)")
        let tableEnd = try #require(text.range(of: "Cor 95 9"))
        let rightHeading = try #require(text.range(of: "2 Goods"))
        #expect(tableEnd.upperBound < rightHeading.lowerBound, "\(text)")
    }

    /// Near miss: a single row of two pieces under the column's text (a formula set in
    /// pieces) makes no table.
    @Test func oneRowOfPiecesUnderTheColumnIsNoTable() {
        let layout = Self.page(tableRows: [["(p + q)", "r"]]).layout()
        #expect(!layout.blocks.contains { $0.kind == .table }, "\(layout.blocks.map(\.kind))")
    }
}

@Suite struct ColumnSpanOrderTests {
    static func box(_ x0: Double, _ x1: Double, _ top: Double, _ bottom: Double, _ serial: Int32) -> BlockOrdering.Box {
        BlockOrdering.Box(x0: x0, x1: x1, top: top, bottom: bottom,
                          key: PositionKey(top: top, left: x0, serial: serial), size: 10)
    }

    /// The paragraph after a grid of captions lies under two captions of the last row, with
    /// white between them: it is not read before the row's third caption.
    @Test func paragraphUnderTwoCaptionsComesAfterTheThird() {
        let fig4 = Self.box(57, 194, 281, 300, 0), fig5 = Self.box(221, 352, 281, 289, 1)
        let fig6 = Self.box(384, 530, 281, 300, 2), closing = Self.box(72, 332, 307, 317, 3)
        let all = [fig4, fig5, fig6, closing]
        #expect(!BlockOrdering.comesBefore(closing, fig6, all: all, spanGap: 1))
        #expect(BlockOrdering.comesBefore(closing, fig6, all: all, spanGap: .infinity))
    }

    /// Near miss: a block of a newsletter's column under its heading set in two pieces, the
    /// column's text across the white between them: it is read before the next column.
    @Test func blockUnderAHeadingInPiecesStaysInItsColumn() {
        let piece1 = Self.box(204, 253, 117, 143, 0), piece2 = Self.box(294, 342, 117, 129, 1)
        let text = Self.box(204, 342, 151, 257, 2), next = Self.box(352, 490, 118, 212, 3)
        let below = Self.box(204, 342, 274, 300, 4)
        let all = [piece1, piece2, text, next, below]
        #expect(BlockOrdering.comesBefore(below, next, all: all, spanGap: 1))
    }
}

/// A numbered display formula just above a table float's caption (`separatesTableFormulas`).
@Suite struct FormulaOverTableTests {
    func page() -> GlyphPage {
        var p = GlyphPage()
        p.text("p + q", x: 118, y: 700)
        p.text("= r", x: 185, y: 700)
        p.text("(1)", x: 288, y: 700)
        p.text("Table 1: Teacher river forest.", x: 85, y: 681)
        let rows = [["Sample", "Mean", "Error"], ["Carriage", "4.48", "0.26"], ["Baker", "73.53", "1.62"],
                    ["Careful", "91.37", "1.83"], ["Orchard", "3.14", "0.61"]]
        for (k, row) in rows.enumerated() {
            for (c, t) in row.enumerated() { p.text(t, x: [118, 185, 223][c], y: 669 - 11 * Double(k)) }
        }
        return p
    }

    @Test func formulaAndCaptionStayOutOfTheTable() {
        let layout = page().layout()
        let text = layout.foldedText
        #expect(text.hasSuffix("Table 1: Teacher river forest. Sample Mean Error Carriage 4.48 0.26 Baker 73.53 1.62 "
            + "Careful 91.37 1.83 Orchard 3.14 0.61"))
        #expect(layout.blocks.contains { $0.kind == .table && $0.lines.count == 5 })
    }

    /// Off, the formula's row gives the table columns of its own, and the table is read
    /// column by column.
    @Test func optionOffKeepsTheFormulaInTheTable() {
        var o = LayoutOptions()
        o.separatesTableFormulas = false
        #expect(!page().layout(o).foldedText.contains("Sample Mean Error Carriage 4.48 0.26"))
    }
}
