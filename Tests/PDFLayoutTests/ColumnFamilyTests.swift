import Testing
@testable import PDFLayout

/// Multi-column pages with floats: caption grids, table floats beside a column of prose,
/// display equations with their numbers.
@Suite struct ColumnFamilyTests {
    /// Captions side by side, each wrapping over three lines at once (every row of the grid
    /// has a line in every column): each caption is read whole, one after the other.
    @Test func captionGridReadsEachCaptionWhole() {
        var p = GlyphPage()
        let captions = [
            ["Figure 1: Harvest market", "museum beside", "lighthouses."],
            ["Figure 2:", "Correspondence of the", "harbour gates."],
            ["Figure 3: Arrangement", "festival river", "patient winter."],
            ["Figure 4: Patient baker", "opportunity and", "lighthouse towers."],
        ]
        for (c, lines) in captions.enumerated() {
            for (l, line) in lines.enumerated() { p.text(line, x: 40 + Double(c) * 140, y: 600 - Double(l) * 11) }
        }
        let layout = p.layout()
        #expect(layout.foldedText == "Figure 1: Harvest market museum beside lighthouses. "
            + "Figure 2: Correspondence of the harbour gates. Figure 3: Arrangement festival river patient winter. "
            + "Figure 4: Patient baker opportunity and lighthouse towers.", "\(layout.foldedText)")
    }

    /// A caption going on with a name (in capitals) beside captions going on in lower case is
    /// read whole too.
    @Test func captionGoingOnWithANameIsReadWhole() {
        var p = GlyphPage()
        let captions = [
            ["Figure 1: Harvest market", "museum beside", "lighthouses."],
            ["Figure 2:", "correspondence of the", "harbour gates."],
            ["Figure 3: Arrangement", "Festival river", "patient winter."],
            ["Figure 4: Patient baker", "opportunity and", "lighthouse towers."],
        ]
        for (c, lines) in captions.enumerated() {
            for (l, line) in lines.enumerated() { p.text(line, x: 40 + Double(c) * 140, y: 600 - Double(l) * 11) }
        }
        let text = p.layout().foldedText
        #expect(text == captions.map { $0.joined(separator: " ") }.joined(separator: " "), "\(text)")
    }

    /// Near miss: a table of short cells in lower case (no row holds two words a cell) and one
    /// of names in capitals stay tables read row by row.
    @Test func tablesOfShortCellsStayRowByRow() {
        var p = GlyphPage()
        let rows = [["apple", "red", "sweet"], ["pear", "green", "soft"], ["plum", "dark", "sour"], ["fig", "brown", "ripe"]]
        for (r, row) in rows.enumerated() {
            for (c, t) in row.enumerated() { p.text(t, x: 72 + Double(c) * 60, y: 700 - Double(r) * 11) }
        }
        #expect(p.layout().foldedText == "apple red sweet pear green soft plum dark sour fig brown ripe")

        var q = GlyphPage()
        let names = [["New York", "East Coast", "Big Apple"], ["Los Angeles", "West Coast", "Angel City"],
                     ["Chicago", "Midwest", "Windy City"]]
        for (r, row) in names.enumerated() {
            for (c, t) in row.enumerated() { q.text(t, x: 72 + Double(c) * 90, y: 700 - Double(r) * 11) }
        }
        #expect(q.layout().foldedText
            == "New York East Coast Big Apple Los Angeles West Coast Angel City Chicago Midwest Windy City")
    }

    /// A table float in the right column, its rows on the baselines of the left column's
    /// justified prose: the prose is read first, whole, then the table row by row.
    @Test func proseBesideATableFloatStaysOutOfIt() {
        var p = GlyphPage()
        // Justified: every line but the last as wide as the column.
        let prose = ["The quiet river runs past the mill and town,", "where the farmers bring in grain each autumn",
                     "and the miller weighs each sack on the scale", "before the carts go back along the west lane",
                     "to the villages that lie beyond the far hill", "where the old bridge crosses the bay."]
        for (k, line) in prose.enumerated() { p.text(line, x: 40, y: 700 - Double(k) * 12) }
        let rows = [["Sample", "Mean", "Error"], ["Harvest", "49.33", "0.37"], ["Meadow", "78.41", "0.07"],
                    ["Autumn", "6.34", "1.32"], ["Orchard", "12.50", "0.90"]]
        for (r, row) in rows.enumerated() {
            for (c, t) in row.enumerated() { p.text(t, x: 330 + Double(c) * 60, y: 700 - Double(r) * 12) }
        }
        let text = p.layout().foldedText
        #expect(text.hasPrefix("The quiet river runs past the mill and town, where the farmers"), "\(text)")
        #expect(text.hasSuffix("Sample Mean Error Harvest 49.33 0.37 Meadow 78.41 0.07 Autumn 6.34 1.32 Orchard 12.50 0.90"),
                "\(text)")
    }

    /// Near miss: a table whose last column holds notes of several words, ragged on the right,
    /// stays one table read row by row.
    @Test func tableWithANotesColumnStaysATable() {
        var p = GlyphPage()
        let rows = [["Stop", "Time", "Notes on the service and the road"],
                    ["Quay", "9:10", "runs every day of the week"],
                    ["Mill", "9:40", "stops on request only for the farms nearby"],
                    ["Bridge", "10:05", "last stop before the long climb up"]]
        for (r, row) in rows.enumerated() {
            for (c, t) in row.enumerated() { p.text(t, x: 72 + Double(c) * 60, y: 700 - Double(r) * 12) }
        }
        let layout = p.layout()
        #expect(layout.foldedText == rows.map { $0.joined(separator: " ") }.joined(separator: " "), "\(layout.foldedText)")
    }

    /// A display equation's number, set apart at the column's right edge, is read at the end
    /// of the equation's line, before the column goes on and before the other column.
    @Test func equationNumberEndsItsEquationLine() {
        var p = GlyphPage()
        for k in 0..<3 { p.text("left \(k) the quiet river runs past the mill", x: 40, y: 700 - Double(k) * 12) }
        p.text("p + q = r", x: 110, y: 700 - 4 * 12)
        p.text("(1)", x: 235, y: 700 - 4 * 12)
        for k in 0..<3 { p.text("below \(k) the old road climbs to the hills", x: 40, y: 700 - Double(k + 6) * 12) }
        for k in 0..<9 { p.text("right \(k) an old road climbs to the hill", x: 320, y: 700 - Double(k) * 12) }
        let layout = p.layout()
        let text = layout.foldedText
        #expect(text.contains("p + q = r (1) below 0"), "\(text)")
        #expect(layout.lineTexts().contains("p + q = r (1)"), "\(layout.lineTexts())")
    }

    /// Near miss: an equation number in the right column on the baseline of a left-column
    /// line (its equation is on another line) is not read with that line.
    @Test func equationNumberOfTheOtherColumnStaysThere() {
        var p = GlyphPage()
        for k in 0..<8 { p.text("left \(k) the quiet river runs past the mill", x: 40, y: 700 - Double(k) * 12) }
        for k in 0..<3 { p.text("right \(k) an old road climbs to the hill", x: 320, y: 700 - Double(k) * 12) }
        p.text("a + b", x: 400, y: 700 - 3.5 * 12)
        p.text("(2)", x: 535, y: 700 - 4 * 12)
        for k in 5..<8 { p.text("right \(k) an old road climbs to the hill", x: 320, y: 700 - Double(k) * 12) }
        let lines = p.layout().lineTexts()
        #expect(!lines.contains { $0.hasPrefix("left") && $0.hasSuffix("(2)") }, "\(lines)")
    }

    /// A paragraph under captions of unequal length side by side joins none of them: the
    /// captions are read in turn, then the paragraph.
    @Test func paragraphUnderUnevenCaptionsStartsItsOwnBlock() {
        var p = GlyphPage()
        let captions = [["Figure 7: Forest theatre", "valley morning."],
                        ["Figure 8: Island concert", "mountain neighbour", "instrument."],
                        ["Figure 9: Farmer letter", "meadow hillside."]]
        for (c, lines) in captions.enumerated() {
            for (l, line) in lines.enumerated() { p.text(line, x: 40 + Double(c) * 180, y: 600 - Double(l) * 10, size: 9) }
        }
        p.text("Gathers the chapter and harbour and evening carries the window of the town hall.", x: 40, y: 566)
        p.text("The second line of the closing paragraph runs on under it.", x: 40, y: 554)
        let text = p.layout().foldedText
        #expect(text == "Figure 7: Forest theatre valley morning. Figure 8: Island concert mountain neighbour instrument. "
            + "Figure 9: Farmer letter meadow hillside. Gathers the chapter and harbour and evening carries the window "
            + "of the town hall. The second line of the closing paragraph runs on under it.", "\(text)")
    }

    /// A heading of a larger size at the top of an article in the next column, on the
    /// baseline of a line of the column before it and close to it: the gutter between the
    /// columns' smaller lines splits them, and the first column is read to its end first.
    @Test func headingBesideAColumnLineIsSplitAtTheGutter() {
        var p = GlyphPage()
        for k in 0..<10 { p.text("left \(k) the quiet river runs past", x: 40, y: 700 - Double(k) * 11, size: 9) }
        // The next column's lines fall between the first column's, but for its heading.
        for k in 0..<10 where k != 3 && k != 4 {
            p.text("right \(k) an old road climbs on", x: 204, y: 694.5 - Double(k) * 11, size: 9)
        }
        p.text("Sailor Market", x: 204, y: 700 - 4 * 11, size: 11)
        let text = p.layout().foldedText
        let lastLeft = text.range(of: "left 9"), heading = text.range(of: "Sailor Market")
        #expect(lastLeft != nil && heading != nil && lastLeft!.upperBound < heading!.lowerBound, "\(text)")
    }

    /// Near miss: a larger word set apart inside a paragraph, with lines of the paragraph
    /// running across the gap above and below, stays on its line.
    @Test func largerWordInsideAParagraphStaysOnItsLine() {
        var p = GlyphPage()
        for k in 0..<3 { p.text("the quiet river runs past the mill and town", x: 40, y: 700 - Double(k) * 11, size: 9) }
        p.text("the total", x: 40, y: 700 - 3 * 11, size: 9)
        p.text("Twelve", x: 90, y: 700 - 3 * 11, size: 11)
        for k in 4..<6 { p.text("and the miller weighs each sack on the scale", x: 40, y: 700 - Double(k) * 11, size: 9) }
        #expect(p.layout().lineTexts().contains("the total Twelve"), "\(p.layout().lineTexts())")
    }

    /// A page of main text beside a sidebar, and a line below the main text (from `width`
    /// characters) starting at the main text's side.
    func sidebarPage(lineBelow width: Int) -> GlyphPage {
        var p = GlyphPage()
        for k in 0..<8 { p.text("main \(k) " + String(repeating: "word ", count: 9) + "and end", x: 60, y: 700 - Double(k) * 12) }
        p.text("Side Title", x: 401, y: 700)
        for k in 0..<5 { p.text("side \(k) some aside text here", x: 401, y: 684 - Double(k) * 12) }
        let below = "boxed " + String(repeating: "x", count: width - 6)
        p.text(below, x: 63, y: 700 - 8 * 12 - 24)
        return p
    }

    /// A full-width box under both the main text and a sidebar, its one line running out
    /// beyond the main text's right side but short of the sidebar, is read after the sidebar.
    @Test func boxUnderTextAndSidebarIsReadAfterTheSidebar() throws {
        let text = sidebarPage(lineBelow: 66).layout().foldedText
        let side = try #require(text.range(of: "side 4")), boxed = try #require(text.range(of: "boxed"))
        #expect(side.upperBound < boxed.lowerBound, "\(text)")
    }

    /// Near miss: a line within the main text's width, below it, goes on with the main text
    /// before the sidebar.
    @Test func lineWithinTheMainTextGoesOnBeforeTheSidebar() throws {
        let text = sidebarPage(lineBelow: 50).layout().foldedText
        let side = try #require(text.range(of: "Side Title")), boxed = try #require(text.range(of: "boxed"))
        #expect(boxed.upperBound < side.lowerBound, "\(text)")
    }

    /// A table float in one column, the other column's lines falling between its rows: the
    /// lines are passed over and the table is read row by row.
    @Test func otherColumnLinesBetweenTableRowsArePassedOver() {
        var p = GlyphPage()
        let rows = [["Sample", "Mean", "Error"], ["Independent", "89.74", "0.44"], ["Hillside", "58.24", "1.94"],
                    ["Chapter", "7.70", "0.21"], ["Account", "28.48", "0.03"]]
        for (r, row) in rows.enumerated() {
            for (c, t) in row.enumerated() { p.text(t, x: 120 + Double(c) * 60, y: 700 - Double(r) * 11, size: 9) }
        }
        for k in 0..<5 { p.text("right \(k) the old road climbs to the hills", x: 311, y: 694.5 - Double(k) * 11, size: 9) }
        let layout = p.layout()
        #expect(layout.foldedText.contains(rows.map { $0.joined(separator: " ") }.joined(separator: " ")), "\(layout.foldedText)")
        #expect(layout.foldedText.hasSuffix("right 4 the old road climbs to the hills"), "\(layout.foldedText)")
    }

    /// A two-column page whose right column starts with a small table float, its prose going
    /// on under the table, the left column's prose sharing baselines with the table's rows.
    func tableAtopColumn(_ rightTop: (inout GlyphPage) -> Void) -> GlyphPage {
        var p = GlyphPage()
        let prose = "alpha beta gamma delta epsilon zeta eta theta io"  // 48 letters: a justified line
        p.text("1 Introduction", x: 48, y: 724)
        for l in 0..<14 { p.text(prose, x: 48, y: 700 - Double(l) * 12) }
        rightTop(&p)
        p.text("2 Window Concert", x: 311, y: 640)
        for l in 0..<8 { p.text(prose, x: 311, y: 616 - Double(l) * 12) }
        return p
    }

    /// The table is read row by row, then the column's heading and prose under it.
    @Test func tableFloatAtopAColumnReadsRowByRow() {
        let p = tableAtopColumn { p in
            let rows = [("Sample", "Mean Error"), ("Carriage", "18.16 1.17"), ("Concert", "59.12 0.42"), ("Workshop", "48.95 0.12")]
            // Drawn column by column, as a table is drawn cell by cell.
            for (r, row) in rows.enumerated() { p.text(row.0, x: 388, y: 700 - Double(r) * 11, size: 9) }
            for (r, row) in rows.enumerated() { p.text(row.1, x: 436, y: 700 - Double(r) * 11, size: 9) }
        }
        let layout = p.layout(), text = layout.foldedText
        #expect(text.contains("Sample Mean Error Carriage 18.16 1.17 Concert 59.12 0.42 Workshop 48.95 0.12 2 Window Concert"), "\(text)")
    }

    /// Near miss: justified lines atop the column, each split at a wide space (a river) from
    /// the column's edge to its edge, are the column's prose, not a table float.
    @Test func riverSplitLinesAtopAColumnAreNoTable() {
        let p = tableAtopColumn { p in
            for r in 0..<4 {
                p.text("one two three four", x: 311, y: 700 - Double(r) * 12)
                p.text("five six seven\(r)", x: 311 + 240 - 75, y: 700 - Double(r) * 12)
            }
        }
        let layout = p.layout()
        #expect(!layout.blocks.contains { $0.kind == .table }, "\(layout.foldedText)")
    }

    /// A table at the foot of the left column beside the right column's paragraph, whose
    /// indented first line and full second line end together: the paragraph is prose, so its
    /// lines stay out of the table's rows.
    @Test func tableBesideAnIndentedParagraphKeepsItsRows() {
        var p = GlyphPage()
        let rows = [("Sample", "Mean", "Error"), ("Ancient", "51.39", "0.17"), ("Lantern", "70.01", "1.55"),
                    ("Teacher", "91.06", "0.75"), ("Student", "14.07", "0.98")]
        for (r, row) in rows.enumerated() {
            let y = 700 - Double(r) * 12
            p.text(row.0, x: 72, y: y); p.text(row.1, x: 140, y: y); p.text(row.2, x: 200, y: y)
        }
        p.text("f(x) = ax + b", x: 400, y: 700); p.text("(2)", x: 536, y: 700)
        p.text("Along the council the northern neighbour and it", x: 316, y: 676)  // 47 letters, indented
        p.text("account establishes the museum in Bologna at the", x: 311, y: 664)  // 48 letters
        p.text("modest kitchen behind it.", x: 311, y: 652)
        let text = p.layout().foldedText
        #expect(text.contains("Sample Mean Error Ancient 51.39 0.17 Lantern 70.01 1.55 Teacher 91.06 0.75 Student 14.07 0.98"), "\(text)")
        #expect(text.contains("Along the council the northern neighbour and it account establishes the museum in Bologna at the modest kitchen behind it."), "\(text)")
    }
}
