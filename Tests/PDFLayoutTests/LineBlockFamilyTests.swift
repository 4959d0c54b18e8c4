import Foundation
import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

extension GlyphPage {
    /// Places `words` on one line from `x`, word by word (each its own run), spread so the
    /// line ends at `x + width` (justified), or with `gap` pt between words when given.
    /// Characters are 5 pt wide (10 pt text). Returns the gap used.
    @discardableResult
    mutating func words(_ words: [String], x: Double, y: Double, width: Double, gap: Double? = nil) -> Double {
        let letters = words.reduce(0) { $0 + $1.count }
        let space = gap ?? (width - Double(letters) * 5) / Double(max(1, words.count - 1))
        var pen = x
        for w in words {
            text(w, x: pen, y: y)
            pen += Double(w.count) * 5 + space
        }
        return space
    }

    /// `line` split at spaces, justified to `width`.
    @discardableResult
    mutating func justified(_ line: String, x: Double, y: Double, width: Double) -> Double {
        words(line.split(separator: " ").map(String.init), x: x, y: y, width: width)
    }
}

@Suite struct RiverTests {
    /// A justified single column whose four loose lines leave wide word spaces at the same x
    /// (rivers), between ordinary lines that cross them.
    @Test func riverInJustifiedTextDoesNotSplitLines() {
        var p = GlyphPage()
        let tight = ["added went who stalls daughter every every", "while at spring whole crates pine book then"]
        // Spaces of 1.3, 1.4, 1.2 and 1.3 em: the river drifts by a fifth of an em from line
        // to line, as rivers do, but stays open through all four.
        let loose = [
            "quiet ship moves along old quays", "the winter tides round the cape",
            "little old boats beyond red skies", "gull cried above our old harbour",
        ]
        let after = ["nets it children calm fish it market brown", "sailed dog and it years county market nets"]
        var y = 700.0
        var gaps: [Double] = []
        for line in tight + loose + after {
            gaps.append(p.justified(line, x: 72, y: y, width: 200))
            y -= 12
        }
        // The loose lines' spaces are wider than `segmentGapRatio`, narrower than a hard gap.
        #expect(zip(gaps[2...5], [13.0, 14, 12, 13]).allSatisfy { abs($0 - $1) < 0.01 })
        let layout = p.layout()
        #expect(layout.lineTexts() == tight + loose + after, "\(layout.lineTexts())")
        #expect(layout.blocks.count == 1)
        // Taking every gap for a possible gutter splits the loose lines at the river (into
        // cells of a table, here).
        var options = LayoutOptions()
        options.riverGapRatio = 0
        #expect(p.layout(options).blocks.count > 1)
    }

    /// Two justified columns with a 1 em gutter; one row has loose lines in both columns
    /// (word spaces as wide as the gutter), another a loose line on one side only.
    /// The first word of a column's line followed by a space as wide as its line's other
    /// spaces, in three lines running (a short river) with two of them starting the next word
    /// at one x: the other column's narrow spaces, across the gutter, do not make that space
    /// look wide.
    @Test func spaceAfterAColumnsFirstWordIsMeasuredAgainstItsOwnLine() {
        var p = GlyphPage()
        let left = ["every morning the baker", "opens his small shop by", "the square and sells", "warm bread to all who",
                    "come along the road", "before the bells ring"]
        let right = ["the harbours lanterns gleam at dusk", "observatory crowds gather in frost",
                     "lighthouses shine over the grey sea", "comfortable homes line the old quays",
                     "and fishermen mend their nets", "beside the warm stove at night"]
        for (k, line) in left.enumerated() {
            p.words(line.split(separator: " ").map(String.init), x: 40, y: 700 - 12 * Double(k), width: 0, gap: 3)
        }
        var gaps: [Double] = []
        for (k, line) in right.enumerated() {
            gaps.append(p.justified(line, x: 270, y: 700 - 12 * Double(k), width: 200))
        }
        // Spaces of 0.9 to 1.9 em on the right (not hard), 0.3 em on the left.
        #expect(gaps.allSatisfy { $0 >= 9 && $0 < 20 })
        let layout = p.layout()
        #expect(layout.foldedText == (left + right).joined(separator: " "), "\(layout.lineTexts())")
    }

    @Test func narrowGutterBetweenJustifiedColumnsStillSplits() throws {
        var p = GlyphPage()
        let left = ["left0 of fox last river wide for", "crates while open old quay open", "crews open fish into lazy until",
                    "came fox over light then harbour", "loosely set line at four", "brown fish harbour fish hunters",
                    "dog town wide every town pine at", "whole over came for whole whole", "jumps hides after town quay open"]
        let right = ["right0 wide jumps jumps at falls", "wide over their under river lazy", "went who port nets mended of the",
                     "crews port after every fox then", "two loosely set words here", "spring and before crews at pine",
                     "stalls mended until before nets", "every old open market years kept", "crews for calm search it hunters"]
        for k in 0..<left.count {
            let y = 700 - Double(k) * 12
            p.justified(left[k], x: 72, y: y, width: 150)
            p.justified(right[k], x: 232, y: y, width: 150)
        }
        let text = p.layout().foldedText
        let lastLeft = try #require(text.range(of: "jumps hides after town quay open"))
        let firstRight = try #require(text.range(of: "right0 wide jumps jumps at falls"))
        #expect(lastLeft.upperBound < firstRight.lowerBound, "\(text)")
        #expect(text.contains("came fox over light then harbour loosely set line at four brown fish"))
        #expect(text.contains("crews port after every fox then two loosely set words here spring and"))
    }

    /// Three narrow justified columns (110 pt, 1.4 em gutters) with lines of two long words:
    /// justification spaces them 3 to 4.5 em apart, wider than the gutters and than
    /// `hardSegmentGapRatio`. The lines just above and below fill each such space.
    static let narrowColumns = [
        ["boats came in at dawn", "administration at", "the nets were full of", "fish and the gulls",
         "observatory is", "on the hill above the", "town where the old", "keeper lived alone"],
        ["he lit the lamp each", "evening without fail", "and watched ships", "correspondence of",
         "sailors reached him", "from every port he", "extraordinary was", "his memory for all faces"],
        ["in winter the storms", "kept the boats home", "neighbourhood by", "and the town waited",
         "for the first calm", "lighthouse beacons", "shone over water and", "the keeper slept late"],
    ]

    func narrowColumnsPage(gutter: Double) -> GlyphPage {
        var p = GlyphPage()
        for (c, column) in Self.narrowColumns.enumerated() {
            for (k, line) in column.enumerated() {
                p.justified(line, x: 72 + Double(c) * (110 + gutter), y: 700 - Double(k) * 12, width: 110)
            }
        }
        return p
    }

    @Test func wideSpacesOfNarrowJustifiedColumnsDoNotSplitLines() {
        let p = narrowColumnsPage(gutter: 14)
        let expected = Self.narrowColumns.flatMap { $0 }.joined(separator: " ")
        #expect(p.layout().foldedText == expected)
        // Every gap of 2.5 em or more splitting its line takes the second word of a loose line
        // for a column of its own.
        var options = LayoutOptions()
        options.hardGapCrossWindow = 0
        #expect(p.layout(options).foldedText != expected)
    }

    /// Four columns of five lines on shared baselines, two words a line: `ragged` lines end
    /// where their words do (table cells), others fill their column (narrow justified prose).
    func columnSegments(ragged: Bool) -> [Segment] {
        var segs: [Segment] = []
        for row in 0..<5 {
            for c in 0..<4 {
                let x0 = 72 + Double(c) * 110, y = 700 - Double(row) * 12
                let x1 = x0 + (ragged ? 40 + Double((row * 7 + c * 3) % 5) * 10 : 80)
                var s = Segment(items: [], x0: x0, x1: x1, baseline: y, size: 10, top: 792 - y - 8,
                                bottom: 792 - y + 2, group: 0, firstGlyph: Int32(segs.count))
                s.wordCount = 2
                segs.append(s)
            }
        }
        return segs
    }

    @Test func narrowJustifiedColumnsAreNotATable() {
        #expect(BlockFinder(segments: columnSegments(ragged: false), options: LayoutOptions()).tables().blocks.isEmpty)
        var options = LayoutOptions()
        options.proseColumnJustifiedShare = 2
        #expect(BlockFinder(segments: columnSegments(ragged: false), options: options).tables().blocks.count == 1)
        // The near miss: cells of two words that end where their words do are a table.
        #expect(BlockFinder(segments: columnSegments(ragged: true), options: LayoutOptions()).tables().blocks.count == 1)
    }

    /// One line of `words` words from x0 to x1 on baseline `y` (up from the page's foot; 10 pt
    /// text).
    static func segment(_ x0: Double, _ x1: Double, _ y: Double, words: Int, _ serial: Int) -> Segment {
        var s = Segment(items: [], x0: x0, x1: x1, baseline: 792 - y, size: 10, top: 792 - y - 8,
                        bottom: 792 - y + 2, group: 0, firstGlyph: Int32(serial))
        s.wordCount = words
        return s
    }

    /// Two justified columns whose baselines meet only at their last four lines (the right
    /// column's paragraph gap moved its lines): the left column ends with a lone long word
    /// and a short last line, the right one fills its lines to the end.
    static func columnEndSegments() -> [Segment] {
        var segs: [Segment] = []
        for k in 0..<8 {
            let y = 700 - Double(k) * 12
            let x1 = k == 6 ? 127.0 : k == 7 ? 150 : 182
            segs.append(segment(72, x1, y, words: k == 6 ? 1 : k == 7 ? 2 : 3, segs.count))
        }
        for y in [705.0, 693, 681, 669, 652, 640, 628, 616] {
            segs.append(segment(206, 316, y, words: 3, segs.count))
        }
        return segs
    }

    @Test func lastLinesOfJustifiedColumnsAreNotATable() {
        let segs = Self.columnEndSegments()
        #expect(BlockFinder(segments: segs, options: LayoutOptions()).tables().blocks.isEmpty)
        var options = LayoutOptions()
        options.readsProseColumnEnds = false
        #expect(BlockFinder(segments: segs, options: options).tables().blocks.count == 1)
    }

    /// The near miss: a table of two columns set right under a paragraph of one column is
    /// still a table (its columns go on from one line, not from a line each).
    @Test func tableRightUnderAParagraphStaysATable() {
        var segs: [Segment] = []
        for k in 0..<4 { segs.append(Self.segment(72, 376, 700 - Double(k) * 12, words: 8, segs.count)) }
        let cells = [(1, 1), (2, 1), (1, 2), (2, 1)]
        for (r, (a, b)) in cells.enumerated() {
            let y = 652 - Double(r) * 12
            segs.append(Self.segment(72, 72 + Double(a) * 40, y, words: a, segs.count))
            segs.append(Self.segment(236, 236 + Double(b) * 40, y, words: b, segs.count))
        }
        #expect(BlockFinder(segments: segs, options: LayoutOptions()).tables().blocks.count == 1)
    }

    /// The near miss: a gutter wider than `hardSegmentGapRatio` between columns whose lines
    /// are as loose is left empty by the lines above and below, and still splits.
    @Test func wideGutterBesideLooseColumnsStillSplits() {
        let p = narrowColumnsPage(gutter: 30)
        #expect(p.layout().foldedText == Self.narrowColumns.flatMap { $0 }.joined(separator: " "))
    }

    /// A justified narrow column under a heading: its second line's two words are 4 em apart;
    /// the first line's loose spaces leave part of that white open (nothing above but the
    /// heading), the third line fills it. The column starts there: the gap is a word space.
    @Test func wideSpaceUnderAHeadingDoesNotSplitItsLine() {
        var p = GlyphPage()
        p.text("Workshop Station", x: 72, y: 724, size: 16)
        let lines = ["Repairs the ferry the", "independent neighbour", "establishes the orchard",
                     "Elena follows the tower", "distant chapter the bright", "arrangement and forest"]
        for (k, line) in lines.enumerated() { p.justified(line, x: 72, y: 700 - Double(k) * 12, width: 140) }
        #expect(p.layout().lineTexts() == ["Workshop Station"] + lines)
        // Taking the one loose line above for a gutter running on splits the line.
        var options = LayoutOptions()
        options.hardGapColumnLines = 0
        #expect(p.layout(options).lineTexts() != ["Workshop Station"] + lines)
    }

    /// A justified narrow column whose last three lines each hold a long word, a wide space
    /// (3 to 5 em, ending at two x) and one more word: the lines above close the white, and
    /// only the column's last two lines run on below the first of them. The column ends
    /// there: the gaps are word spaces.
    @Test func wideSpacesInAColumnsLastLinesDoNotSplitThem() {
        var p = GlyphPage()
        let lines = ["the harbour keeps a record of", "ships and goods that come in", "from the wide world beyond it",
                     "administration recorded", "neighbourhood lanterns", "extraordinary quiet"]
        for (k, line) in lines.enumerated() { p.justified(line, x: 72, y: 700 - Double(k) * 12, width: 140) }
        #expect(p.layout().lineTexts() == lines, "\(p.layout().lineTexts())")
        // Two lines of the column running on below are taken for a gutter: the first such
        // line splits.
        var options = LayoutOptions()
        options.hardGapColumnLines = 2
        #expect(p.layout(options).lineTexts() != lines)
    }

    /// The near miss: two short columns of words under a heading, 3 em apart: the gap stays
    /// open up to the heading and down to the end of the columns, and every row still splits
    /// (a table of two columns).
    @Test func shortColumnsUnderAHeadingStillSplit() {
        var p = GlyphPage()
        p.text("Harbour Stores", x: 72, y: 724, size: 16)
        let left = ["anchors", "lanterns", "oilskins"], right = ["ropes", "netting", "barrels"]
        for k in 0..<3 {
            p.text(left[k], x: 72, y: 700 - Double(k) * 12)
            p.text(right[k], x: 142, y: 700 - Double(k) * 12)
        }
        let layout = p.layout()
        #expect(layout.blocks.map(\.kind) == [.header, .table], "\(layout.blocks.map(\.kind))")
    }

    /// Two captions side by side, 2.4 em apart, with no other text near (the figures above
    /// them are pictures): the left one wraps to a second line, the right one does not.
    @Test func captionsSideBySideSplitWithoutColumnsAround() {
        var p = GlyphPage()
        p.text("Figure 3: Heavy ferry garden opportunity morning", x: 72, y: 700, spacesAsGaps: true)
        // The left caption ends at 72 + 42 letters of 5 pt + 6 spaces of 3 pt = 300.
        p.text("Figure 4: River bright autumn.", x: 324, y: 700, spacesAsGaps: true)
        p.text("wooden workshop market curious.", x: 72, y: 688, spacesAsGaps: true)
        let expected = "Figure 3: Heavy ferry garden opportunity morning wooden workshop market curious. "
            + "Figure 4: River bright autumn."
        #expect(p.layout().foldedText == expected, "\(p.layout().foldedText)")
        // Without this rule (nor the one for a gap with no line across it nearby) the
        // captions are read as one.
        var options = LayoutOptions()
        options.isolatedGapWordSpaces = 0
        options.openGapWordSpaces = 0
        #expect(p.layout(options).foldedText != expected)
    }

    /// Table cells of several words, some wrapped, 1.2 em apart at the narrowest: the cell
    /// borders still split the rows.
    @Test func tableWithWrappedCellsStillSplits() {
        var p = GlyphPage()
        let rows: [[[String]]] = [
            [["Route name"], ["Departs at"], ["Fare paid"]],
            [["North quay ferry"], ["early morning"], ["two euros"]],
            [["Old lighthouse", "island loop"], ["late morning"], ["four euros"]],
            [["Harbour bridge"], ["noon daily"], ["five euros"]],
        ]
        p.table(rows, columnWidth: 88, spacesAsGaps: true)
        let layout = p.layout()
        #expect(layout.blocks.contains { $0.kind == .table })
        #expect(layout.foldedText == "Route name Departs at Fare paid North quay ferry early morning two euros "
            + "Old lighthouse island loop late morning four euros Harbour bridge noon daily five euros")
    }
}

@Suite struct LeaderTests {
    /// A table of contents as LaTeX sets it: dots on a fixed grid, page numbers flush right.
    func contents(dots: Bool) -> (GlyphPage, [(String, String)]) {
        var p = GlyphPage()
        // Titles long enough (five words and more) that the rows are not read as a table.
        let entries = dots
            ? [("1 Introduction", "1"), ("1.1 Scope of the work", "3"), ("1.2 Save catcodes", "11"),
               ("2 Methods", "17"), ("2.1 Sampling the harbour", "23"), ("3 Results and discussion", "104")]
            : [("1 An introduction to the old harbour", "1"), ("1.1 The scope of the work done here", "3"),
               ("1.2 How to save and restore catcodes", "11"), ("2 The methods used in the survey", "17"),
               ("2.1 Sampling the water of the harbour", "23"), ("3 The results and a short discussion", "104")]
        for (k, (entry, page)) in entries.enumerated() {
            let y = 700 - Double(k) * 14
            let x = entry.first == "1" && entry.contains(".") || entry.hasPrefix("2.") ? 87.0 : 72.0
            p.text(entry, x: x, y: y)
            if dots {
                var dx = 380.0
                while dx > x + Double(entry.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
            }
            p.text(page, x: 410 - Double(page.count) * 5, y: y)
        }
        return (p, entries)
    }

    @Test func dotLeadersKeepEntryAndNumberOnOneLine() {
        let (p, entries) = contents(dots: true)
        let lines = p.layout().lineTexts()
        #expect(lines.count == entries.count, "\(lines)")
        for (line, (entry, page)) in zip(lines, entries) {
            #expect(line.hasPrefix(entry + " . . ."), "\(line)")
            #expect(line.hasSuffix(". " + page), "\(line)")
        }
    }

    @Test func rightAlignedNumbersWithoutLeadersPairWithTheirEntries() {
        let (p, entries) = contents(dots: false)
        #expect(p.layout().lineTexts() == entries.map { "\($0.0) \($0.1)" })
        // Without the rule the numbers form a column of their own, read after the entries.
        var options = LayoutOptions()
        options.joinsLeaders = false
        #expect(p.layout(options).lineTexts() != entries.map { "\($0.0) \($0.1)" })
    }

    /// Chapter entries set without a leader, their numbers flush right with the sections'.
    @Test func entriesWithoutLeaderJoinTheDottedColumn() {
        var p = GlyphPage()
        let entries = [("1 Introduction", "1", false), ("1.1 Scope of the work", "3", true),
                       ("2 Methods", "17", false), ("2.1 Sampling the harbour", "23", true)]
        for (k, (entry, page, dots)) in entries.enumerated() {
            let y = 700 - Double(k) * 14
            p.text(entry, x: 72, y: y)
            if dots {
                var dx = 380.0
                while dx > 72 + Double(entry.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
            }
            p.text(page, x: 410 - Double(page.count) * 5, y: y)
        }
        let lines = p.layout().lineTexts()
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first == "1 Introduction 1")
        #expect(lines.dropFirst(2).first == "2 Methods 17")
    }

    /// A table of contents in two columns, the right column's section numbers set apart from
    /// their titles: each left entry keeps its page number (a number followed by a number and
    /// text is a page number, not a table's cell).
    @Test func twoColumnContentsKeepTheirNumbers() {
        var p = GlyphPage()
        let left = [("5.1 Preliminaries", "6"), ("5.2 Latin fonts", "10"), ("5.3 Service macros", "17")]
        // Titles long enough that the rows are not read as a table.
        let right = [("6.9", "Poetry environments and the many macros that set verse"),
                     ("6.10", "Metrics symbols and the macros that print them in verse"),
                     ("6.11", "Debugging commands and the ways to switch them on")]
        for k in 0..<3 {
            let y = 700 - Double(k) * 14
            p.text(left[k].0, x: 72, y: y)
            var dx = 250.0
            while dx > 72 + Double(left[k].0.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
            p.text(left[k].1, x: 280 - Double(left[k].1.count) * 5, y: y)
            p.text(right[k].0, x: 300, y: y)
            p.text(right[k].1, x: 335, y: y, spacesAsGaps: true)
        }
        let lines = p.layout().lineTexts()
        for (entry, page) in left {
            // (The two columns' rows are read as a table, row by row: the number follows its
            // own leader.)
            #expect(lines.contains { $0.hasPrefix(entry + " . .") && $0.contains(". " + page + " 6.") }, "\(lines)")
        }
    }

    /// A leader set close to its number (one segment, "........ 35"), far from its entry:
    /// the entry still gets its number; rows whose leader starts further left are no
    /// different from the others.
    @Test func leaderAndNumberInOneSegmentJoinTheirEntry() {
        var p = GlyphPage()
        let entries = [("2.1 Hillside Cathedral", "31", 360.0), ("2.2 Tower Harvest Concert Winter", "35", 300.0),
                       ("3 Station Narrow", "43", 350.0)]
        for (k, (entry, page, dotsX)) in entries.enumerated() {
            let y = 700 - Double(k) * 14
            p.text(entry, x: 72, y: y, spacesAsGaps: true)
            var dots = ""
            var dx = dotsX
            while dx < 395 { dots += "."; dx += 5 }
            p.text(dots + " " + page, x: dotsX, y: y)
        }
        let lines = p.layout().lineTexts()
        #expect(lines.count == 3, "\(lines)")
        for (k, (entry, page, _)) in entries.enumerated() where k < lines.count {
            #expect(lines[k].hasPrefix(entry + " ..") && lines[k].hasSuffix(" " + page), "\(lines)")
        }
    }

    /// An index in three columns as LaTeX's doc package sets it: entries with dots on a grid,
    /// page numbers flush right in each column (some far from the last dot, one without a
    /// leader); the middle column goes on with one entry's long list of page numbers, one line
    /// of them on each row.
    func threeColumnIndex() -> (GlyphPage, left: [(String, String)], middle: [String], right: [(String, String)]) {
        var p = GlyphPage()
        let left = [("\\barwedge", "105"), ("\\Bbbk", "233"), ("\\because", "60"), ("\\beth", "214"),
                    ("\\blacktriangleright", "92"), ("\\bigstar", "89")]
        let middle = ["\\DeclareMathSymbol", "84, 85, 86, 87,", "88, 89, 90, 91,", "92, 93, 94, 95,",
                      "96, 97, 98, 99,", "100, 101, 102,"]
        let right = [("\\downdownarrows", "38"), ("\\eqcirc", "97"), ("\\eqsim", "213"), ("\\eth", "212"),
                     ("\\Finv", "208"), ("\\Game", "209")]
        func entry(_ e: (String, String), column x: Double, y: Double, dots: Bool) {
            p.text(e.0, x: x, y: y)
            let edge = x + 150
            if dots {
                // Dots on a grid from the column's right edge, stopping 2 to 3 em short of it.
                var dx = edge - 30
                while dx > x + Double(e.0.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
            }
            p.text(e.1, x: edge - Double(e.1.count) * 5, y: y)
        }
        for k in 0..<6 {
            let y = 700 - Double(k) * 12
            entry(left[k], column: 72, y: y, dots: left[k].1 != "92")
            p.text(middle[k], x: k == 0 ? 240 : 250, y: y)
            entry(right[k], column: 408, y: y, dots: true)
        }
        return (p, left, middle, right)
    }

    /// The index is read column by column, each entry with its page number, also where the
    /// next column's line on the same row holds numbers only.
    @Test func indexColumnsAreReadColumnByColumn() {
        let (p, left, middle, right) = threeColumnIndex()
        let layout = p.layout()
        #expect(!layout.blocks.contains { $0.kind == .table })
        let lines = layout.lineTexts()
        func line(_ e: (String, String)) -> Int? {
            lines.firstIndex { $0.hasPrefix(e.0) && $0.hasSuffix(" " + e.1) }
        }
        var at: [Int] = []
        for e in left + [(middle[0], "")] + right {
            let n = e.1.isEmpty ? lines.firstIndex(of: e.0) : line(e)
            #expect(n != nil, "\(e.0) in \(lines)")
            if let n { at.append(n) }
        }
        #expect(at == at.sorted(), "\(lines)")
        #expect(lines.firstIndex(of: middle[5]).map { $0 < line(right[0]) ?? -1 } == true, "\(lines)")
    }

    /// An index in two narrow columns (few words a line, as in a table): each column is read
    /// whole, not row by row across both.
    @Test func narrowIndexColumnsAreNotATable() {
        var p = GlyphPage()
        let left = [("\\eth", "212"), ("\\Finv", "208"), ("\\Game", "209"), ("\\gimel", "215"),
                    ("\\gneq", "156"), ("\\gnsim", "162")]
        let right = [("\\hbar", "236"), ("\\imath", "235"), ("\\iiint", "6"), ("\\iint", "5"),
                     ("\\Join", "7"), ("\\lang", "9")]
        for k in 0..<6 {
            let y = 700 - Double(k) * 12
            for (x, e) in [(72.0, left[k]), (200.0, right[k])] {
                p.text(e.0, x: x, y: y)
                var dx = x + 60
                while dx > x + Double(e.0.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
                p.text(e.1, x: x + 85 - Double(e.1.count) * 5, y: y)
            }
        }
        let layout = p.layout()
        #expect(!layout.blocks.contains { $0.kind == .table })
        // Each line an entry, its leader and its number; the left column first.
        let lines = layout.lineTexts()
        #expect(lines.allSatisfy { $0.contains(" . . ") }, "\(lines)")
        #expect(lines.map { $0.replacing(" .", with: "") } == (left + right).map { "\($0.0) \($0.1)" }, "\(lines)")
        // Without the rule the rows are read as a table, across the columns (the rule for
        // narrow justified columns, which leader lines filling their column also meet, off too).
        var options = LayoutOptions()
        options.leaderIndexColumns = 0
        options.proseColumnJustifiedShare = 2
        #expect(p.layout(options).blocks.contains { $0.kind == .table })
    }

    /// An index in two columns whose rows meet a letter heading of the other column ("– D –"
    /// beside an entry, an entry beside "– H –"): no row holds two leader lines, yet the
    /// columns are read one after the other.
    @Test func indexWithLetterHeadingsIsNotATable() {
        var p = GlyphPage()
        let rows = [("– D –", "guillemets", "25"), ("\\draftname", "– H –", "13"), ("– E –", "\\headtoname", "13")]
        func entry(_ text: String, _ page: String, x: Double, y: Double) {
            p.text(text, x: x, y: y)
            var dx = x + 130
            while dx > x + Double(text.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
            p.text(page, x: x + 160 - Double(page.count) * 5, y: y)
        }
        for (k, (a, b, page)) in rows.enumerated() {
            let y = 700 - Double(k) * 14
            if a.hasPrefix("–") { p.text(a, x: 140, y: y) } else { entry(a, page, x: 72, y: y) }
            if b.hasPrefix("–") { p.text(b, x: 330, y: y) } else { entry(b, page, x: 260, y: y) }
        }
        let layout = p.layout()
        #expect(!layout.blocks.contains { $0.kind == .table })
        let lines = layout.lineTexts().map { $0.replacing(" .", with: "") }
        #expect(lines == ["– D –", "\\draftname 13", "– E –", "guillemets 25", "– H –", "\\headtoname 13"], "\(lines)")
        var options = LayoutOptions()
        options.leaderIndexColumns = 0
        #expect(p.layout(options).blocks.contains { $0.kind == .table })
    }

    /// Near miss: a column of item numbers beside a column of leader lines (one leader line a
    /// row) stays a table read row by row, each number before its entry; so does a table
    /// whose last column holds numbers without leaders.
    @Test func codesBesideLeaderLinesStayATable() {
        var p = GlyphPage()
        let rows = [("A1", "Espresso", "2.50"), ("A2", "Cappuccino", "3.20"), ("B1", "Hot chocolate", "3.90"),
                    ("B2", "Tea", "2.10")]
        for (k, (code, name, price)) in rows.enumerated() {
            let y = 700 - Double(k) * 14
            p.text(code, x: 72, y: y)
            p.text(name, x: 120, y: y)
            var dx = 260.0
            while dx > 120 + Double(name.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
            p.text(price, x: 290 - Double(price.count) * 5, y: y)
        }
        let layout = p.layout()
        #expect(layout.blocks.contains { $0.kind == .table })
        let lines = layout.lineTexts()
        for (code, name, price) in rows {
            #expect(lines.contains { $0.hasPrefix(code + " " + name + " . .") && $0.hasSuffix(" " + price) }, "\(lines)")
        }
        var q = GlyphPage()
        q.table([[["Item"], ["Qty"], ["Price"]], [["Bolts"], ["12"], ["3.50"]], [["Nuts"], ["40"], ["1.20"]],
                 [["Washers"], ["100"], ["0.80"]]], columnWidth: 80)
        let table = q.layout()
        #expect(table.blocks.contains { $0.kind == .table })
        #expect(table.foldedText == "Item Qty Price Bolts 12 3.50 Nuts 40 1.20 Washers 100 0.80")
    }

    /// Contents in two columns whose section numbers end 1.2 em before their titles, each
    /// column's titles starting at the same x: each number is read with its entry,
    /// the chapter's entry (no leader) too, and the left column comes first.
    @Test func sectionNumbersSetApartJoinTheirEntries() {
        var p = GlyphPage()
        let columns = [[("1", "Introduction", "1"), ("1.1", "Scope", "2"), ("1.2", "Licence", "2"), ("1.3", "Sources", "4"),
                        ("1.4", "Notation", "5")],
                       [("2", "Methods", "7"), ("2.1", "Sampling", "7"), ("2.2", "Weighing", "9"), ("2.3", "Counting", "12"),
                        ("2.4", "Tests", "15")]]
        for (c, entries) in columns.enumerated() {
            let x = 72 + Double(c) * 240
            for (k, (number, title, page)) in entries.enumerated() {
                let y = 700 - Double(k) * 14
                p.text(number, x: x + 22 - Double(number.count) * 5, y: y)   // 1.2 em before the title
                p.text(title, x: x + 34, y: y)
                if k > 0 {
                    var dx = x + 170
                    while dx > x + 34 + Double(title.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
                }
                p.text(page, x: x + 200 - Double(page.count) * 5, y: y)
            }
        }
        let lines = p.layout().lineTexts()
        let entries = columns.flatMap { $0 }
        #expect(lines.count == entries.count, "\(lines)")
        for (line, (number, title, page)) in zip(lines, entries) {
            #expect(line.hasPrefix(number + " " + title) && line.hasSuffix(" " + page), "\(lines)")
        }
        var options = LayoutOptions()
        options.leaderSectionNumberGap = 0
        #expect(p.layout(options).lineTexts() != lines)
    }

    /// An appendix's contents, section numbers ("A.1.2") set 1.2 em apart from their titles:
    /// each number stays with its entry.
    @Test func appendixNumbersJoinTheirEntries() {
        var p = GlyphPage()
        let entries = [("A.1", "Installation", "13"), ("A.1.1", "Editors", "13"), ("A.1.2", "Citavi", "13"),
                       ("A.2", "Updates", "14"), ("A.2.1", "Version two", "15")]
        for (k, (number, title, page)) in entries.enumerated() {
            let y = 700 - Double(k) * 14
            // Each level indented by 1.5 em; the title 1.2 em after its number.
            let x = number.count > 3 ? 87.0 : 72.0, titleX = x + Double(number.count) * 5 + 12
            p.text(number, x: x, y: y)
            p.text(title, x: titleX, y: y)
            var dx = 370.0
            while dx > titleX + Double(title.count) * 5 + 5 { p.text(".", x: dx, y: y); dx -= 10 }
            p.text(page, x: 400 - Double(page.count) * 5, y: y)
        }
        let lines = p.layout().lineTexts()
        #expect(lines.count == entries.count, "\(lines)")
        for (line, (number, title, page)) in zip(lines, entries) {
            #expect(line.hasPrefix(number + " " + title + " . .") && line.hasSuffix(" " + page), "\(lines)")
        }
        var options = LayoutOptions()
        options.leaderSectionNumberGap = 0
        #expect(p.layout(options).lineTexts() != lines)
    }

    /// A price list: an ellipsis character as the leader, prices with decimals.
    @Test func priceListWithEllipsisLeader() {
        var p = GlyphPage()
        let items = [("Espresso", "2.50"), ("Cappuccino", "3.20"), ("Hot chocolate", "3.90")]
        for (k, (name, price)) in items.enumerated() {
            let y = 700 - Double(k) * 14
            p.text(name + " \u{2026}\u{2026}\u{2026}", x: 72, y: y)
            p.text(price, x: 300 - Double(price.count) * 5, y: y)
        }
        #expect(p.layout().lineTexts() == items.map { "\($0.0) \u{2026}\u{2026}\u{2026} \($0.1)" })
    }

    /// Near miss: two columns of prose whose right column has a few short numeric lines (years
    /// in a list, ending at the same x): they stay in their column.
    @Test func numericLinesInTheRightColumnStayThere() throws {
        var p = GlyphPage()
        let left = ["The survey of the town", "began in the spring and", "went on for many years",
                    "as new streets were built", "along the river banks", "and up the long hill",
                    "towards the old castle", "where it ended at last"]
        let right = ["Records of the survey were", "kept by the town clerk in", "1998", "and again in",
                     "2004", "2011", "with new maps of all the", "streets and the river banks"]
        for k in 0..<left.count {
            let y = 700 - Double(k) * 12
            p.text(left[k], x: 72, y: y, spacesAsGaps: true)
            p.text(right[k], x: 200, y: y, spacesAsGaps: true)
        }
        let text = p.layout().foldedText
        #expect(text == (left + right).joined(separator: " "), "\(text)")
    }
}

@Suite struct ParagraphTests {
    /// Justified lines 200 pt wide; each paragraph's last line short.
    let paragraphs = [
        ["fish hunters their a dog him into whole", "lazy daughter of jumps runs book master", "years before the war."],
        ["crews pine town master while added hides", "calm into names old who lazy fields war", "the quay each spring."],
    ]

    func page(indent: Double) -> GlyphPage {
        var p = GlyphPage()
        var y = 700.0
        for para in paragraphs {
            for (k, line) in para.enumerated() {
                let x = k == 0 ? 72 + indent : 72
                if k == para.count - 1 {
                    p.words(line.split(separator: " ").map(String.init), x: x, y: y, width: 0, gap: 3)
                } else {
                    p.justified(line, x: x, y: y, width: 272 - x)
                }
                y -= 12
            }
        }
        return p
    }

    @Test func firstLineIndentStartsAParagraph() {
        let layout = page(indent: 15).layout()
        #expect(layout.blocks.count == 2)
        var options = LayoutOptions()
        options.splitsParagraphs = false
        #expect(page(indent: 15).layout(options).blocks.count == 1)
        #expect(layout.text.contains("years before the war.\n\ncrews pine"), "\(layout.text)")
    }

    @Test func shortLastLineOfJustifiedTextEndsAParagraph() {
        let layout = page(indent: 0).layout()
        #expect(layout.blocks.count == 2)
        #expect(layout.text.contains("years before the war.\n\ncrews pine"), "\(layout.text)")
    }

    /// Near miss: a line ending in a hyphen (a word broken across the line) does not end a
    /// paragraph, however short it is or however the next line starts.
    @Test func hyphenatedLineEndDoesNotEndAParagraph() {
        var p = GlyphPage()
        p.justified("nets names boats pine book names boats", x: 72, y: 700, width: 200)
        p.justified("fish hunters their a dog him into whole", x: 72, y: 688, width: 200)
        p.words(["short", "ham-"], x: 72, y: 676, width: 0, gap: 3)
        p.justified("mers silver went from came whole market", x: 87, y: 664, width: 185)
        p.justified("calm into names old who lazy fields war", x: 72, y: 652, width: 200)
        let layout = p.layout()
        #expect(layout.blocks.count == 1, "\(layout.text)")
        #expect(layout.text.contains("short hammers silver"), "\(layout.text)")
    }

    /// Near miss: ragged-right text (not justified) with short lines stays one block.
    @Test func raggedRightTextIsNotSplitAtShortLines() {
        var p = GlyphPage()
        let lines = ["Ragged text ends each line", "where the words run out, so some",
                     "lines are short", "and others are longer than the", "ones around them."]
        for (k, line) in lines.enumerated() {
            p.text(line, x: 72, y: 700 - Double(k) * 12, spacesAsGaps: true)
        }
        let layout = p.layout()
        #expect(layout.blocks.count == 1)
        #expect(layout.lineTexts() == lines)
    }

    /// Near miss: list items with a hanging indent (continuation lines under the item's text)
    /// are not split at each continuation line.
    @Test func hangingIndentIsNotAFirstLineIndent() {
        var p = GlyphPage()
        let items = [("1.", "The first item of the list runs", "on to a second line here"),
                     ("2.", "The second item also needs two", "lines to say what it says")]
        var y = 700.0
        for (marker, first, second) in items {
            p.text(marker, x: 72, y: y)
            p.text(first, x: 87, y: y, spacesAsGaps: true)
            p.text(second, x: 87, y: y - 12, spacesAsGaps: true)
            y -= 24
        }
        let layout = p.layout()
        #expect(layout.blocks.count == 1, "\(layout.text)")
    }
}

@Suite struct CaptionGridTests {
    /// Two figures side by side, each with a two-line caption under it, 1.5 em apart.
    @Test func captionsSideBySideAreReadOneAfterTheOther() {
        var p = GlyphPage()
        p.text("Figure 1: Growth of the old", x: 72, y: 500, spacesAsGaps: true)
        p.text("harbour since 1900.", x: 72, y: 488, spacesAsGaps: true)
        p.text("Figure 2: Ships in port", x: 212, y: 500, spacesAsGaps: true)
        p.text("each year since 1950.", x: 212, y: 488, spacesAsGaps: true)
        let expected = "Figure 1: Growth of the old harbour since 1900. Figure 2: Ships in port each year since 1950."
        #expect(p.layout().foldedText == expected)
        // Asking for a stripe through two more lines (and no split where text drawn apart
        // starts in line with another row's text, nor for a gap with no line across it
        // nearby) reads the captions line by line across.
        var options = LayoutOptions()
        options.gutterStripeLines = 2
        options.drawnApartCellStarts = 99
        options.openGapWordSpaces = 0
        #expect(p.layout(options).foldedText != expected)
    }

    /// A 2 × 2 grid: figures (no text) with a two-line caption under each; the rows of the
    /// grid are read in turn, each caption whole.
    @Test func gridOfCaptionsIsReadRowByRow() {
        var p = GlyphPage()
        for (row, y) in [500.0, 300].enumerated() {
            let n = row * 2
            p.text("Figure \(n + 1): Growth of the old", x: 72, y: y, spacesAsGaps: true)
            p.text("harbour in year \(n + 1).", x: 72, y: y - 12, spacesAsGaps: true)
            p.text("Figure \(n + 2): Ships in port", x: 212, y: y, spacesAsGaps: true)
            p.text("each year \(n + 2).", x: 212, y: y - 12, spacesAsGaps: true)
        }
        let expected = "Figure 1: Growth of the old harbour in year 1. Figure 2: Ships in port each year 2. "
            + "Figure 3: Growth of the old harbour in year 3. Figure 4: Ships in port each year 4."
        #expect(p.layout().foldedText == expected)
        // Without the band rule the grid reads as two columns (1, 3, 2, 4).
        var options = LayoutOptions()
        options.rowBandRatio = .infinity
        #expect(p.layout(options).foldedText != expected)
    }

    /// Near miss: two columns of text with a figure in the left one: the right column's text
    /// crosses the white band, so the left column is still read first.
    @Test func figureInOneColumnKeepsColumnOrder() throws {
        var p = GlyphPage()
        for k in 0..<20 {
            let y = 700 - Double(k) * 12
            if k < 5 || k >= 15 { p.text("left column line \(k) words", x: 72, y: y, spacesAsGaps: true) }
            p.text("right column line \(k) words", x: 320, y: y, spacesAsGaps: true)
        }
        let text = p.layout().foldedText
        let lastLeft = try #require(text.range(of: "left column line 19"))
        let firstRight = try #require(text.range(of: "right column line 0"))
        #expect(lastLeft.upperBound < firstRight.lowerBound, "\(text)")
    }

    /// Near miss: two lines of justified text with loose word spaces at the same x (1.4 em,
    /// as wide as the caption gutter above, but no wider than the lines' other spaces).
    @Test func twoLooseLinesWithAlignedSpacesStayWhole() {
        var p = GlyphPage()
        p.words(["small", "boats", "drift", "under", "grey", "skies"], x: 72, y: 500, width: 0, gap: 14)
        p.words(["heavy", "ropes", "swing", "above", "wide", "docks"], x: 72, y: 488, width: 0, gap: 14)
        #expect(p.layout().lineTexts() == ["small boats drift under grey skies", "heavy ropes swing above wide docks"])
    }
}
