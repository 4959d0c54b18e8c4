import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

/// Narrow justified columns whose wide word spaces line up at a line's last word, or at
/// words that start at one x by chance: the lines stay whole, while gutters still split.
@Suite struct JustifiedColumnEndTests {
    /// Lines of three words (10 pt, 5 pt a letter) justified to 150 pt: spaces of 2 to 2.25
    /// em, the last one lined up from line to line (a white band near x = 145..155) before a
    /// last word set flush right.
    static let looseLines = ["correspondence at quiet", "neighbourhood and bright", "independent tower stone",
                             "considerable by lantern"]
    /// Lines of the same column set tight (0.3 em spaces), running across that band.
    static let tightLines = ["the baker opens his shop by the", "square and sells warm bread to",
                             "all who come along the road each", "morning before the bells ring"]
    /// The next column's lines, ragged, 0.3 em spaces.
    static let nextColumn = ["the harbour lanterns gleam at", "dusk as crowds gather in the",
                             "frost and lighthouses shine", "over the grey sea while the",
                             "fishermen mend their nets by", "the warm stove and talk of",
                             "storms that kept the boats", "home all through the winter"]

    /// The loose lines between the tight ones in a column at x = 40, 150 pt wide; the next
    /// column `gutter` pt to its right.
    static func columnsPage(gutter: Double) -> GlyphPage {
        var p = GlyphPage()
        let column = [tightLines[0], tightLines[1]] + looseLines + [tightLines[2], tightLines[3]]
        for (k, line) in column.enumerated() {
            let y = 700 - 12 * Double(k)
            let words = line.split(separator: " ").map(String.init)
            if looseLines.contains(line) {
                p.words(words, x: 40, y: y, width: 150)
            } else {
                p.words(words, x: 40, y: y, width: 0, gap: 3)
            }
            p.words(nextColumn[k].split(separator: " ").map(String.init), x: 190 + gutter, y: y, width: 0, gap: 3)
        }
        return p
    }

    static var columnsText: String {
        ([tightLines[0], tightLines[1]] + looseLines + [tightLines[2], tightLines[3]] + nextColumn).joined(separator: " ")
    }

    /// The gutter (1.65 em) is narrower than the loose lines' spaces: the space before a
    /// loose line's last word, measured against the gutter or against the next column's
    /// narrow spaces across it, looks wide, and its band through four lines splits the last
    /// word off. Measured against the line's own spaces on its left, it is a river.
    @Test func lastWordOfALooseLineBesideANarrowGutterStaysOnItsLine() {
        let p = Self.columnsPage(gutter: 16.5)
        var wider = LayoutOptions()
        wider.riverSpaceLeftSide = true
        #expect(p.layout(wider).foldedText == Self.columnsText, "\(p.layout(wider).lineTexts())")
        // Off by default: the narrower side.
        #expect(p.layout().foldedText != Self.columnsText)
    }

    /// Near miss: with `riverSpaceLeftSide`, the same columns with a gutter as wide as the
    /// loose lines' spaces still split at the gutter: every line of the next column starts
    /// at its edge.
    @Test func nearMissAGutterAsWideAsTheWordSpacesStillSplits() {
        let p = Self.columnsPage(gutter: 21)
        var wider = LayoutOptions()
        wider.riverSpaceLeftSide = true
        #expect(p.layout(wider).foldedText == Self.columnsText, "\(p.layout(wider).lineTexts())")
    }

    /// Eight justified lines of three words (150 pt), each with the space before its last
    /// word (2 em, as wide as the line's other space) open over x = 150..154: a river through
    /// all eight lines, as long as a gutter. The last words, set flush right, start at 150,
    /// 155, 160 or 165, as their lengths put them (two lines at each).
    static let riverLines = [
        "extraordinary near river", "considerable near meadow", "independent near lantern",
        "correspondence near town", "neighbourhood near tower", "mountaineers near quarry",
        "comfortable near harbour", "administration from city",
    ]

    static func riverPage() -> GlyphPage {
        var p = GlyphPage()
        for (k, line) in riverLines.enumerated() {
            p.justified(line, x: 40, y: 700 - 12 * Double(k), width: 150)
        }
        return p
    }

    @Test func aLongRiverBeforeFlushRightLastWordsIsNoGutter() {
        let p = riverPageChecked()
        let layout = p.layout()
        #expect(layout.lineTexts() == Self.riverLines, "\(layout.lineTexts())")
        #expect(layout.blocks.count == 1 && !layout.blocks.contains { $0.kind == .table })
        // Taken for gutters, the river and the band of the first spaces cut the lines into
        // three columns.
        var o = LayoutOptions()
        o.riverGutterEdgeShare = 0
        let split = p.layout(o)
        #expect(split.blocks.count > 1 || split.blocks.contains { $0.kind == .table })
    }

    /// The river page, checked to be what it claims: every line's two spaces equal, the
    /// space before the last word between 1.5 and 2.2 em, and those spaces sharing a band.
    func riverPageChecked() -> GlyphPage {
        var band = (0.0, 1000.0)
        for line in Self.riverLines {
            let w = line.split(separator: " ").map(String.init)
            let space = (150 - 5 * Double(w.joined().count)) / 2
            #expect(space >= 15 && space <= 22, "\(line): \(space)")
            let start = 40 + 5 * Double(w[0].count + w[1].count) + space, end = 190 - 5 * Double(w[2].count)
            band = (max(band.0, start), min(band.1, end))
        }
        #expect(band.1 - band.0 >= 4, "\(band)")
        return Self.riverPage()
    }

    /// Near miss: two columns side by side whose gutter is as narrow as their word spaces
    /// (river-like) still split: the right column's lines all start at its edge.
    @Test func nearMissARiverLikeGutterWithAlignedStartsStillSplits() {
        var p = GlyphPage()
        let left = Self.riverLines, right = Self.riverLines.map { $0.uppercased() }
        for k in left.indices {
            p.justified(left[k], x: 40, y: 700 - 12 * Double(k), width: 150)
            p.justified(right[k], x: 205, y: 700 - 12 * Double(k), width: 150)
        }
        #expect(p.layout().foldedText == (left + right).joined(separator: " "), "\(p.layout().lineTexts())")
    }

    /// A narrow justified column (110 pt) whose loose lines (three short words: spaces of
    /// 2.75 em, wider than `hardSegmentGapRatio`) start their second and third words at one
    /// x, by chance, in four lines; the column's tight lines, two between each, run across
    /// those x.
    static let chanceLines = ["harbour at an", "village in it", "meadows on us", "teacher by me"]

    static func chancePage() -> GlyphPage {
        var p = GlyphPage()
        let tight = ["the keeper lit his lamp", "at dusk and watched the", "ships come home at night",
                     "from every port of their", "the northern sea and all", "the gulls flew over them",
                     "while the wind rose high", "and the rain fell softly"]
        var k = 0
        for block in 0..<4 {
            for line in tight[(2 * block)..<(2 * block + 2)] {
                p.justified(line, x: 40, y: 700 - 12 * Double(k), width: 110)
                k += 1
            }
            p.justified(chanceLines[block], x: 40, y: 700 - 12 * Double(k), width: 110)
            k += 1
        }
        return p
    }

    @Test func wordsStartingInLineByChanceInANarrowColumnAreNoCells() {
        let p = Self.chancePage()
        let lines = p.layout().lineTexts()
        for line in Self.chanceLines { #expect(lines.contains(line), "\(lines)") }
        var o = LayoutOptions()
        o.hardGapCellStartCrossings = 0
        #expect(!p.layout(o).lineTexts().contains(Self.chanceLines[1]))
    }

    /// A justified narrow column's line ending in a number, its words spread as widely as
    /// the space before the number (3 em, wider than `hardSegmentGapRatio`): one line, not
    /// an entry and its page number.
    @Test func aNumberEndingAJustifiedLineStaysOnIt() {
        var p = GlyphPage()
        // The next column, its lines on other baselines (after a heading).
        for k in 0..<5 {
            p.text("the next column of the page", x: 165, y: 694 - 12 * Double(k))
        }
        let tight = ["the keeper lit his lamp", "at dusk and watched the", "ships come home at night",
                     "from every port of their"]
        for (k, line) in tight.prefix(2).enumerated() {
            p.justified(line, x: 40, y: 700 - 12 * Double(k), width: 110)
        }
        p.justified("heavy at 107", x: 40, y: 676, width: 110)
        for (k, line) in tight.suffix(2).enumerated() {
            p.justified(line, x: 40, y: 664 - 12 * Double(k), width: 110)
        }
        #expect(p.layout().lineTexts().contains("heavy at 107"), "\(p.layout().lineTexts())")
    }

    /// Near miss: entries of a contents list and their page numbers, flush right after one
    /// wide gap, the entries' own words set close: each entry is read with its number.
    @Test func nearMissEntriesAndTheirPageNumbersStillPair() {
        var p = GlyphPage()
        let entries = [("The harbour at dawn", "3"), ("Keepers of the light", "17"), ("Storms and calm", "29")]
        for (k, (entry, page)) in entries.enumerated() {
            let y = 700 - 12 * Double(k)
            p.words(entry.split(separator: " ").map(String.init), x: 40, y: y, width: 0, gap: 3)
            p.text(page, x: 190 - 5 * Double(page.count), y: y)
        }
        let layout = p.layout()
        #expect(layout.foldedText == entries.map { "\($0.0) \($0.1)" }.joined(separator: " "), "\(layout.lineTexts())")
    }
}
