import Testing
@testable import PDFLayout

/// Forms and invoices: blocks of lines side by side that line up like a table's rows, read
/// by the cells the producer drew whole; tables whose wrapped lines outnumber their full rows.
@Suite struct FormAndInvoiceTests {
    static let seller = ["Jonas Workshop", "179 Harbour Street", "10052 Lisbon"]
    static let meta = ["Invoice No. 55338", "Date 2025-08-04", "Customer No. 5306"]

    /// An invoice's head: the seller's address on the left, the invoice's numbers on the
    /// right, lines 12 pt apart; each block drawn whole (or, `byRow`, line by line across);
    /// the buyer's address below after a blank line.
    static func invoiceHead(byRow: Bool) -> GlyphPage {
        var p = GlyphPage()
        if byRow {
            for k in 0..<3 {
                p.text(seller[k], x: 72, y: 700 - Double(k) * 12)
                p.text(meta[k], x: 400, y: 700 - Double(k) * 12)
            }
        } else {
            for k in 0..<3 { p.text(seller[k], x: 72, y: 700 - Double(k) * 12) }
            for k in 0..<3 { p.text(meta[k], x: 400, y: 700 - Double(k) * 12) }
        }
        for (k, line) in ["Pablo Martason", "75 Distant Road", "39640 Krakow"].enumerated() {
            p.text(line, x: 72, y: 664 - Double(k) * 12)
        }
        return p
    }

    @Test func addressBlocksDrawnWholeAreReadBlockByBlock() {
        let text = Self.invoiceHead(byRow: false).layout().foldedText
        #expect(text == (Self.seller + Self.meta).joined(separator: " ") + " Pablo Martason 75 Distant Road 39640 Krakow")
    }

    /// The near miss: the same lines drawn row by row across are a table's rows.
    @Test func linesDrawnRowByRowStayTableRows() {
        let text = Self.invoiceHead(byRow: true).layout().foldedText
        #expect(text.hasPrefix("Jonas Workshop Invoice No. 55338 179 Harbour Street Date 2025-08-04"))
    }

    /// Without the rule, the blocks drawn whole are read row by row as well.
    @Test func drawingOrderRuleCanBeTurnedOff() {
        var o = LayoutOptions()
        o.joinsCellsDrawnWhole = false
        let text = Self.invoiceHead(byRow: false).layout(o).foldedText
        #expect(text.hasPrefix("Jonas Workshop Invoice No. 55338"))
    }

    /// A form: boxes in two columns, each a small label over its value, drawn box by box;
    /// 16 pt of white between rows of boxes, the label 1 pt over its value.
    static func form(boxByBox: Bool) -> GlyphPage {
        var p = GlyphPage()
        let fields = [("Town", "Bruno"), ("Licence", "20434775"), ("Street", "Ghent"), ("Surname", "Anna")]
        for row in 0..<2 {
            let y = 700 - Double(row) * 34
            let pair = [fields[2 * row], fields[2 * row + 1]]
            if boxByBox {
                for (c, f) in pair.enumerated() {
                    p.text(f.0, x: 72 + Double(c) * 180, y: y, size: 7)
                    p.text(f.1, x: 72 + Double(c) * 180, y: y - 10)
                }
            } else {
                for (c, f) in pair.enumerated() { p.text(f.0, x: 72 + Double(c) * 180, y: y, size: 7) }
                for (c, f) in pair.enumerated() { p.text(f.1, x: 72 + Double(c) * 180, y: y - 10) }
            }
        }
        return p
    }

    @Test func labelsAreReadWithTheirValues() {
        #expect(Self.form(boxByBox: true).layout().foldedText == "Town Bruno Licence 20434775 Street Ghent Surname Anna")
    }

    /// The near miss: a header line drawn across, then the values: read row by row.
    @Test func headerLinesDrawnAcrossStayRows() {
        #expect(Self.form(boxByBox: false).layout().foldedText == "Town Licence Bruno 20434775 Street Surname Ghent Anna")
    }

    /// Rows padded apart whose wrapped lines (two cells) outnumber the rows with every cell:
    /// the columns still start where every cell of the full rows starts, so each cell is read
    /// whole, column by column.
    @Test func columnsComeFromTheFullestRows() {
        var p = GlyphPage()
        let rows: [[[String]]] = [
            [["Head"], ["Second"], ["Third"]],
            [["alpha", "beta"], ["one", "two", "three", "four", "five"], ["six", "seven", "eight", "nine", "ten"]],
            [["gamma", "delta"], ["red", "green", "blue", "cyan", "pink"], ["oak", "elm", "ash", "fir", "yew"]],
        ]
        p.table(rows, columnWidth: 90)
        let layout = p.layout()
        #expect(layout.foldedText == "Head Second Third alpha beta one two three four five six seven eight nine ten "
            + "gamma delta red green blue cyan pink oak elm ash fir yew")
    }

    /// A table whose second column's cells run up to 0.6 em from the third's: row 1's first
    /// line of that column and the third column's cell beside it are drawn apart (the cell
    /// below first, as a table drawn cell by cell does) or, `inOrder`, one after the other.
    static func narrowColumns(inOrder: Bool) -> GlyphPage {
        var p = GlyphPage()
        let farmer = ("Farmer", 213.0, 676.0)
        var cells = [("Key", 72.0, 700.0), ("Unexpected item", 132, 700), ("Village", 213, 700),
                     ("Alder", 72, 676), ("Theatre eastern", 132, 676), ("curious", 132, 665), ("opportunity", 132, 654),
                     ("Birch", 72, 630), ("Harbour", 132, 630), ("Market", 213, 630)]
        cells.insert(farmer, at: inOrder ? 5 : 7)
        for (text, x, y) in cells { p.text(text, x: x, y: y) }
        return p
    }

    @Test func narrowGapBetweenCellsDrawnApartSplits() {
        #expect(Self.narrowColumns(inOrder: false).layout().foldedText
            == "Key Unexpected item Village Alder Theatre eastern curious opportunity Farmer Birch Harbour Market")
        // Without the rule, the gap is too narrow for a cell border.
        var o = LayoutOptions()
        o.drawnApartCellStarts = 99
        #expect(Self.narrowColumns(inOrder: false).layout(o).foldedText.contains("Theatre eastern Farmer"))
    }

    /// The near miss: text drawn in order across the narrow gap stays one line's text.
    @Test func narrowGapDrawnInOrderDoesNotSplit() {
        #expect(Self.narrowColumns(inOrder: true).layout().foldedText.contains("Theatre eastern Farmer curious"))
    }

    /// A table drawn row by row whose first column's cell wraps onto two lines, the other
    /// cells of that row centred between them (as browsers set table cells).
    static func centredCells() -> GlyphPage {
        var p = GlyphPage()
        let cells = [("Item", 72.0, 700.0), ("Qty", 200, 700), ("Price", 260, 700),
                     ("Mountain farmer", 72, 676), ("council", 72, 664), ("17", 200, 670), ("53.32", 260, 670),
                     ("Bridge", 72, 640), ("9", 200, 640), ("117.93", 260, 640)]
        for (text, x, y) in cells { p.text(text, x: x, y: y) }
        return p
    }

    @Test func cellsCentredBesideAWrappedCellJoinItsRow() {
        let expected = "Item Qty Price Mountain farmer council 17 53.32 Bridge 9 117.93"
        #expect(Self.centredCells().layout().foldedText == expected)
        var o = LayoutOptions()
        o.tableCentredCellOverlap = 0
        #expect(Self.centredCells().layout(o).foldedText != expected)
    }

    /// The near miss: prose beside a table, its lines level between the table's rows but drawn
    /// after the table, stays out of the table's rows.
    @Test func proseBesideATableIsNotTakenForCentredCells() {
        var p = GlyphPage()
        let rows = [["Sample", "Mean", "Error"], ["Meadow", "95.77", "1.42"], ["Morning", "4.07", "0.09"], ["Hillside", "46.80", "0.29"]]
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() { p.text(cell, x: 72 + Double(c) * 50, y: 700 - Double(r) * 12) }
        }
        let prose = ["Under the evening Nils prepares", "the festival and remembers the",
                     "letter and the morning under", "the baker behind the traveller", "who visits the observatory."]
        for (k, line) in prose.enumerated() { p.text(line, x: 300, y: 706 - Double(k) * 12, spacesAsGaps: true) }
        let text = p.layout().foldedText
        #expect(text.contains(prose.joined(separator: " ")), "\(text)")
        #expect(text.hasSuffix(prose.joined(separator: " ")), "\(text)")
    }
}

/// Tables whose cells wrap: a word hyphenated at a cell's edge, a two-line header cell drawn
/// amid its row, quantities before prices set close together.
@Suite struct CellLineTests {
    /// Three columns 90 pt apart; the middle cell of the second row wraps with a hyphen
    /// before `tail` (and, in the third row, the third cell with a hyphen before `last`).
    static func hyphenatedCells(tail: String, last: String) -> GlyphPage {
        var p = GlyphPage()
        p.table([[["Stop"], ["Notes"], ["Fare"]],
                 [["North"], ["an arrange-", tail + " kept"], ["2.50"]],
                 [["Island"], ["late ferry"], ["Lisbon-", last]]], columnWidth: 90)
        return p
    }

    @Test func aWordHyphenatedAtACellsEdgeIsJoined() {
        let text = Self.hyphenatedCells(tail: "ment", last: "Porto").layout().foldedText
        #expect(text == "Stop Notes Fare North an arrangement kept 2.50 Island late ferry Lisbon- Porto", "\(text)")
        var o = LayoutOptions()
        o.hyphenJoining = .never
        #expect(Self.hyphenatedCells(tail: "ment", last: "Porto").layout(o).foldedText.contains("arrange- ment"))
    }

    /// The near miss: a hyphen before a capital (a compound of names) stays, and so does one
    /// whose compound the page holds elsewhere.
    @Test func aCompoundsHyphenAtACellsEdgeStays() {
        var p = Self.hyphenatedCells(tail: "ment", last: "Porto")
        p.text("The arrange-ment is fixed.", x: 72, y: 560)
        let text = p.layout().foldedText
        #expect(text.contains("Lisbon- Porto"), "\(text)")
        #expect(text.contains("arrange- ment kept"), "\(text)")
    }

    /// The head of an invoice's item table: "Description", "Qty", a "Unit price" cell wrapped
    /// onto lines above and below the others ("price" 5 pt left of "Unit" at `unit`), drawn
    /// amid them, and "Amount" at `amount`.
    static func itemsHeader(unit: Double, amount: Double) -> GlyphPage {
        var p = GlyphPage()
        p.text("Description", x: 72, y: 700)
        p.text("Qty", x: 185, y: 700)
        p.text("Unit", x: unit, y: 706)
        p.text("price", x: unit - 5, y: 694)
        p.text("Amount", x: amount, y: 700)
        return p
    }

    /// An invoice's item table as a browser sets it: the "Unit price" header wrapped onto two
    /// lines around the row's other headers and drawn amid them; a description wrapped onto
    /// two lines with the row's other cells centred between them; quantities flush right,
    /// then the unit price and the amount 0.6 em apart, drawn as one run.
    static func invoiceItems() -> GlyphPage {
        var p = itemsHeader(unit: 230, amount: 270)
        p.text("Mountain farmer", x: 72, y: 674)
        p.text("council", x: 72, y: 662)
        p.text("17", x: 190, y: 668)
        p.text("53.32 906.44", x: 220, y: 668, spacesAsGaps: true, spaceWidth: 0.6)
        let rows = [("Bridge neighbour", "9", "117.93 1061.37"), ("Kitchen meadow", "14", "456.83 6395.62"),
                    ("Journey student", "9", "129.64 1166.76"), ("Garden evening", "2", "455.13 910.26")]
        for (k, row) in rows.enumerated() {
            let y = 644 - Double(k) * 18
            p.text(row.0, x: 72, y: y, spacesAsGaps: true)
            p.text(row.1, x: 200 - 5 * Double(row.1.count), y: y)
            p.text(row.2, x: 220, y: y, spacesAsGaps: true, spaceWidth: 0.6)
        }
        return p
    }

    @Test func invoiceItemsAreReadRowByRow() {
        let text = Self.invoiceItems().layout().foldedText
        #expect(text == "Description Qty Unit price Amount Mountain farmer council 17 53.32 906.44 Bridge neighbour 9 117.93 1061.37 "
            + "Kitchen meadow 14 456.83 6395.62 Journey student 9 129.64 1166.76 Garden evening 2 455.13 910.26", "\(text)")
    }

    /// An invoice's items with the unit price and the amount drawn as cells of their own, 1.2
    /// em apart or more, amounts flush right: the "Unit price" header between "Qty" and
    /// "Amount" wraps, and the prices under the gap between those two headers are cells, not
    /// words crossing a wide space.
    @Test func priceCellsUnderAHeaderGapDoNotCloseIt() {
        var p = Self.itemsHeader(unit: 225, amount: 262)
        let rows = [("Bridge neighbour", "9", "17.93", "161.37"), ("Kitchen meadow", "14", "56.83", "95.62"),
                    ("Journey student", "9", "29.64", "1266.76"), ("Garden evening", "2", "55.13", "10.26")]
        for (k, row) in rows.enumerated() {
            let y = 676 - Double(k) * 18
            p.text(row.0, x: 72, y: y, spacesAsGaps: true)
            p.text(row.1, x: 200 - 5 * Double(row.1.count), y: y)
            p.text(row.2, x: 220, y: y)
            p.text(row.3, x: 292 - 5 * Double(row.3.count), y: y)
        }
        let text = p.layout().foldedText
        #expect(text.hasPrefix("Description Qty Unit price Amount Bridge neighbour 9 17.93 161.37"), "\(text)")
    }

    /// A table under a line of prose, its first row's first cell wrapped and the next cell
    /// 3.3 em to its right; its other rows, tall with wrapped cells, start their cells there
    /// further down than `cellStartWindow`.
    static func wrappedHeaderUnderProse() -> GlyphPage {
        var p = GlyphPage()
        p.text("The northern ferry understands the station and the village.", x: 72, y: 724, spacesAsGaps: true)
        let rows: [(Double, [String])] = [(700, ["Magnificent", "Ancient", "Instrument", "Orchard"]),
                                          (670, ["Island", "Baker", "Chapter", "Committee"]),
                                          (610, ["Comfortable", "Weather", "Journal", "Autumn"]),
                                          (596, ["Letter", "Distant", "Spring", "Village"])]
        for (y, cells) in rows {
            for (c, cell) in cells.enumerated() { p.text(cell, x: 72 + 88 * Double(c), y: y) }
        }
        p.text("Observatory", x: 72, y: 689)
        p.text("Considerable", x: 248, y: 689)
        for k in 1...4 { p.text("silent", x: 248, y: 670 - 11 * Double(k)) }
        return p
    }

    @Test func aWrappedFirstCellUnderProseStaysInItsColumn() {
        let text = Self.wrappedHeaderUnderProse().layout().foldedText
        #expect(text.contains("Magnificent Observatory Ancient Instrument Considerable Orchard"), "\(text)")
        var o = LayoutOptions()
        o.hardGapCellStartWindow = o.cellStartWindow
        #expect(!Self.wrappedHeaderUnderProse().layout(o).foldedText.contains("Magnificent Observatory Ancient"))
    }

    /// The near miss of the quantity cell before a price: a bare number starting a list item's
    /// words, however wide the gap, stays with its item.
    @Test func aBareNumberBeforeWordsStaysAListMarker() {
        var p = GlyphPage()
        for k in 0..<3 {
            p.text("\(k + 1)", x: 72, y: 700 - Double(k) * 12)
            p.text("item number \(k + 1) of the list", x: 90, y: 700 - Double(k) * 12, spacesAsGaps: true)
        }
        #expect(p.layout().lineTexts() == (1...3).map { "\($0) item number \($0) of the list" })
    }

    /// The near miss: a table of contents without leaders (an entry, its page number flush
    /// right) still pairs each entry with its number.
    @Test func entriesAndPageNumbersWithoutLeadersStillPair() {
        var p = GlyphPage()
        let entries = [("Introduction", "1"), ("Methods and materials", "17"), ("Results", "42"), ("Discussion", "108")]
        for (k, e) in entries.enumerated() {
            p.text(e.0, x: 72, y: 700 - Double(k) * 14, spacesAsGaps: true)
            p.text(e.1, x: 300 - 5 * Double(e.1.count), y: 700 - Double(k) * 14)
        }
        #expect(p.layout().lineTexts() == entries.map { "\($0.0) \($0.1)" })
    }
}
