import Foundation
import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

@Suite struct SpaceInferenceTests {
    @Test func positioningInsteadOfSpaceGlyphsGivesSpaces() {
        var p = GlyphPage()
        p.text("Hello big world", x: 72, y: 700, spacesAsGaps: true)
        #expect(p.layout().foldedText == "Hello big world")
    }

    @Test func kernedGlyphsDrawnOneByOneStayOneWord() {
        var p = GlyphPage()
        // Each glyph its own run with small kerning gaps, as "one glyph per Tj" producers do.
        var x = 72.0
        for (k, ch) in "Typography".enumerated() {
            p.text(String(ch), x: x, y: 700)
            x += 5 + (k % 2 == 0 ? 0.3 : -0.2)
        }
        #expect(p.layout().foldedText == "Typography")
    }

    @Test func letterSpacedHeadingKeepsWordsNotLetters() {
        var p = GlyphPage()
        // 0.3 em between letters, a wider gap between the words.
        p.text("ANNUAL REPORT", x: 72, y: 700, gap: 0.3, spacesAsGaps: true, spaceWidth: 0.6)
        #expect(p.layout().foldedText == "ANNUAL REPORT")
    }

    @Test func explicitSpaceGlyphsAreNotDoubled() {
        var p = GlyphPage()
        p.text("one two", x: 72, y: 700, gap: 0.05)
        let layout = p.layout()
        #expect(layout.text == "one two\n")
        // The space is the space glyph itself, not a made-up one.
        let space = layout.characters.first { $0.scalar == " " }
        #expect(space?.isSynthesized == false)
    }

    @Test func cjkCharactersGetNoSpaces() {
        var p = GlyphPage()
        p.text("日本語の文章", x: 72, y: 700, advance: 1, gap: 0.2)
        #expect(p.layout().foldedText == "日本語の文章")
    }
}

@Suite struct LineTests {
    @Test func superscriptJoinsItsLine() {
        var p = GlyphPage()
        p.text("E = mc", x: 72, y: 700, spacesAsGaps: true)
        p.text("2", x: 98, y: 704, size: 6)
        p.text("next line", x: 72, y: 686, spacesAsGaps: true)
        let lines = p.layout().lineTexts()
        #expect(lines == ["E = mc2", "next line"])
    }

    @Test func subscriptAndFootnoteMarkerStayInLine() {
        var p = GlyphPage()
        p.text("H", x: 72, y: 700)
        p.text("2", x: 77, y: 698, size: 6)
        p.text("O is water", x: 80, y: 700, spacesAsGaps: true)
        #expect(p.layout().lineTexts() == ["H2O is water"])
    }

    @Test func skewedOCRLineStaysOneLine() {
        var p = GlyphPage()
        // A scan tilted by about 1.5°: each word of a line 1.5 pt higher than the one before,
        // 9 pt from end to end (more than the baseline tolerance), lines 14 pt apart.
        for (l, line) in [["one", "two", "three", "four", "five", "six", "seven"], ["eight", "nine", "ten", "eleven", "twelve", "more", "words"]].enumerated() {
            var x = 72.0
            for (k, word) in line.enumerated() {
                p.text(word, x: x, y: 700 - Double(l) * 14 + Double(k) * 1.5, mode: .invisible)
                x += Double(word.count) * 5 + 3
            }
        }
        #expect(p.layout().lineTexts() == ["one two three four five six seven", "eight nine ten eleven twelve more words"])
    }

    @Test func dropCapJoinsTheFirstLine() {
        var p = GlyphPage()
        p.text("O", x: 72, y: 672, size: 36, advance: 0.7)
        p.text("nce upon a time there", x: 100, y: 696, spacesAsGaps: true)
        p.text("was a king who lived", x: 100, y: 684, spacesAsGaps: true)
        p.text("in a castle far away", x: 100, y: 672, spacesAsGaps: true)
        #expect(p.layout().foldedText.hasPrefix("Once upon a time there was a king"))
    }

    @Test func rotatedPageReadsUpright() {
        // /Rotate 90: text drawn going up the unrotated page reads left to right on screen.
        var p = GlyphPage(rotation: 90)
        p.text("rotated page text", x: 300, y: 100, direction: (0, 1))
        p.text("second line here", x: 312, y: 100, direction: (0, 1))
        let layout = p.layout()
        #expect(layout.lineTexts() == ["rotated page text", "second line here"])
        #expect(layout.lines[0].direction == .leftToRight)
    }

    @Test func textTurnedOnAnUprightPageIsItsOwnGroup() {
        var p = GlyphPage()
        p.text("Body text on the page", x: 72, y: 700, spacesAsGaps: true)
        p.text("SIDE LABEL", x: 30, y: 300, spacesAsGaps: true, direction: (0, 1))
        let layout = p.layout()
        #expect(layout.lineTexts() == ["Body text on the page", "SIDE LABEL"])
        #expect(layout.lines[1].direction == .bottomToTop)
    }

    @Test func verticalWritingReadsColumnsRightToLeft() {
        var p = GlyphPage()
        p.text("右の列", x: 400, y: 700, vertical: true)
        p.text("左の列", x: 380, y: 700, vertical: true)
        let layout = p.layout()
        #expect(layout.lineTexts() == ["右の列", "左の列"])
        #expect(layout.lines.allSatisfy { $0.direction == .topToBottom })
    }
}

@Suite struct BlockAndOrderTests {
    /// Two columns painted line by line across the page (left, right, left, right…).
    func twoColumns() -> GlyphPage {
        var p = GlyphPage()
        p.text("Title of the article", x: 200, y: 740, size: 16, spacesAsGaps: true)
        for k in 0..<6 {
            let y = 700 - Double(k) * 12
            p.text("left column line \(k) words", x: 72, y: y, spacesAsGaps: true)
            p.text("right column line \(k) words", x: 320, y: y, spacesAsGaps: true)
        }
        return p
    }

    @Test func columnsAreReadOneAfterTheOther() {
        let layout = twoColumns().layout()
        let text = layout.foldedText
        #expect(text.hasPrefix("Title of the article left column line 0"))
        let lastLeft = text.range(of: "left column line 5")!
        let firstRight = text.range(of: "right column line 0")!
        #expect(lastLeft.upperBound < firstRight.lowerBound)
        #expect(layout.orderSource == .geometry)
    }

    @Test func tableIsReadRowByRow() {
        var p = GlyphPage()
        p.text("A paragraph above the table.", x: 72, y: 720, spacesAsGaps: true)
        let rows = [["Name", "Age", "City"], ["Ann", "31", "Oslo"], ["Bob", "27", "Rome"], ["Cy", "45", "Lima"]]
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() {
                p.text(cell, x: 72 + Double(c) * 100, y: 690 - Double(r) * 14)
            }
        }
        let layout = p.layout()
        #expect(layout.foldedText == "A paragraph above the table. Name Age City Ann 31 Oslo Bob 27 Rome Cy 45 Lima")
        #expect(layout.blocks.contains { $0.kind == .table })
    }

    @Test func twoProseColumnsAreNotATable() {
        let layout = twoColumns().layout()
        #expect(!layout.blocks.contains { $0.kind == .table })
    }

    @Test func headerFooterAndPageNumberAreMarkedAndKeptInPlace() {
        var p = GlyphPage()
        // Painted footer first, then header, then body.
        p.text("7", x: 300, y: 40)
        p.text("Journal of Tests", x: 72, y: 760, size: 8, spacesAsGaps: true)
        p.text("Body text starts here", x: 72, y: 600, spacesAsGaps: true)
        p.text("and goes on here", x: 72, y: 588, spacesAsGaps: true)
        let layout = p.layout()
        #expect(layout.foldedText == "Journal of Tests Body text starts here and goes on here 7")
        #expect(layout.blocks.first?.kind == .header)
        #expect(layout.blocks.last?.kind == .pageNumber)
        #expect(layout.blocks.last?.kind.isArtifact == true)
    }

    @Test func headingAcrossColumnsSeparatesColumnGroups() {
        var p = GlyphPage()
        for k in 0..<3 {
            let y = 700 - Double(k) * 12
            p.text("upper left \(k) with more words in it", x: 72, y: y, spacesAsGaps: true)
            p.text("upper right \(k) with more words in it", x: 320, y: y, spacesAsGaps: true)
        }
        p.text("A heading that spans both columns of the page", x: 72, y: 640, size: 14, spacesAsGaps: true)
        for k in 0..<3 {
            let y = 610 - Double(k) * 12
            p.text("lower left \(k) with more words in it", x: 72, y: y, spacesAsGaps: true)
            p.text("lower right \(k) with more words in it", x: 320, y: y, spacesAsGaps: true)
        }
        let text = p.layout().foldedText
        let expected = ["upper left 2", "upper right 0", "upper right 2", "A heading", "lower left 0", "lower left 2", "lower right 0"]
        var last = text.startIndex
        for e in expected {
            let r = text.range(of: e, range: last..<text.endIndex)
            #expect(r != nil, "\(e) out of order in: \(text)")
            if r == nil { print(p.layout().lineTexts()) }
            if let r { last = r.upperBound }
        }
    }

    @Test func contentStreamOrderFollowsPainting() {
        var p = GlyphPage()
        p.text("painted first at the bottom", x: 72, y: 100, spacesAsGaps: true)
        p.text("painted second at the top", x: 72, y: 700, spacesAsGaps: true)
        var o = LayoutOptions()
        o.readingOrder = .contentStream
        let layout = p.layout(o)
        #expect(layout.foldedText == "painted first at the bottom painted second at the top")
        #expect(layout.orderSource == .contentStream)
        #expect(p.layout().foldedText == "painted second at the top painted first at the bottom")
    }

    @Test func structureOrderIsUsedWhenItAgreesWithGeometry() {
        var p = GlyphPage()
        // Two side-by-side boxes; geometry reads left first, the tags say right first.
        p.text("right box text", x: 320, y: 700, spacesAsGaps: true, mcid: 0)
        p.text("left box text", x: 72, y: 700, spacesAsGaps: true, mcid: 1)
        let tagged = p.layout(structureOrder: [0, 1])
        #expect(tagged.orderSource == .structureTree)
        #expect(tagged.foldedText == "right box text left box text")
        var geometryOnly = LayoutOptions()
        geometryOnly.readingOrder = .geometry
        #expect(p.layout(geometryOnly).foldedText == "left box text right box text")
    }

    @Test("MCIDs ranked alike whether dense (a table) or sparse, huge or negative (hashed), the first place of a repeated one counting",
          arguments: [(0, 1), (7, 1_000_000), (Int.max, 3), (-5, 2)])
    func structureOrderWithAnyMCIDs(right: Int, left: Int) {
        var p = GlyphPage()
        p.text("right box text", x: 320, y: 700, spacesAsGaps: true, mcid: right)
        p.text("left box text", x: 72, y: 700, spacesAsGaps: true, mcid: left)
        let tagged = p.layout(structureOrder: [right, left, right])
        #expect(tagged.orderSource == .structureTree)
        #expect(tagged.foldedText == "right box text left box text")
        let reversed = p.layout(structureOrder: [left, right, left])
        #expect(reversed.foldedText == "left box text right box text")
    }

    @Test func structureOrderThatScramblesLinesIsRejected() {
        var p = GlyphPage()
        // One paragraph whose lines the tags put in reverse order.
        for k in 0..<4 {
            p.text("line number \(k) of the paragraph", x: 72, y: 700 - Double(k) * 12, spacesAsGaps: true, mcid: k)
        }
        let layout = p.layout(structureOrder: [3, 2, 1, 0])
        #expect(layout.orderSource == .geometry)
        #expect(layout.foldedText.hasPrefix("line number 0"))
    }
}

@Suite struct TextAssemblyTests {
    @Test func hyphenatedLineEndIsJoined() {
        var p = GlyphPage()
        p.text("a long hyphen-", x: 72, y: 700, spacesAsGaps: true)
        p.text("ated word here", x: 72, y: 688, spacesAsGaps: true)
        let layout = p.layout()
        #expect(layout.foldedText == "a long hyphenated word here")
        #expect(layout.statistics.hyphenationsJoined == 1)
        var never = LayoutOptions()
        never.hyphenJoining = .never
        #expect(p.layout(never).foldedText == "a long hyphen- ated word here")
    }

    @Test func compoundSeenOnThePageKeepsItsHyphen() {
        var p = GlyphPage()
        p.text("the well-known fact is", x: 72, y: 700, spacesAsGaps: true)
        p.text("a well-", x: 72, y: 688, spacesAsGaps: true)
        p.text("known one", x: 72, y: 676, spacesAsGaps: true)
        #expect(p.layout().foldedText == "the well-known fact is a well- known one")
    }

    @Test func ligaturesExpandUnlessKept() {
        var p = GlyphPage()
        p.text("e\u{FB03}cient \u{FB01}sh", x: 72, y: 700, spacesAsGaps: true)
        #expect(p.layout().foldedText == "efficient fish")
        var keep = LayoutOptions()
        keep.expandsLigatures = false
        #expect(p.layout(keep).foldedText == "e\u{FB03}cient \u{FB01}sh")
        // Each letter of an expanded ligature points at the ligature glyph.
        let layout = p.layout()
        let ffi = layout.characters[1..<4]
        #expect(Set(ffi.map(\.glyph)).count == 1)
    }

    @Test func duplicatesAreDroppedAndInvisibleTextKeptByDefault() {
        var p = GlyphPage()
        p.text("Bold", x: 72, y: 700)
        p.text("Bold", x: 72.3, y: 700, flags: [.duplicate])
        p.text("ocr layer", x: 72, y: 600, spacesAsGaps: true, mode: .invisible)
        let layout = p.layout()
        #expect(layout.foldedText == "Bold ocr layer")
        #expect(layout.statistics.droppedDuplicates == 4)
        #expect(layout.statistics.invisibleKept == 8)
        var drop = LayoutOptions()
        drop.dropsInvisibleText = true
        #expect(p.layout(drop).foldedText == "Bold")
    }

    @Test func diagonalWatermarkGoesLastOrIsDropped() {
        var p = GlyphPage()
        p.text("DRAFT", x: 200, y: 300, size: 60, direction: (0.7071, 0.7071))
        p.text("Real content line", x: 72, y: 700, spacesAsGaps: true)
        let layout = p.layout()
        #expect(layout.foldedText == "Real content line DRAFT")
        #expect(layout.blocks.last?.kind == .diagonal)
        var o = LayoutOptions()
        o.dropsDiagonalText = true
        #expect(p.layout(o).foldedText == "Real content line")
    }

    @Test func everyCharacterTracesToItsGlyph() {
        let p = BlockAndOrderTests().twoColumns()
        let layout = p.layout()
        for c in layout.characters where !c.isSynthesized {
            let g = p.page.glyphs[Int(c.glyph)]
            let text = p.page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)]
            #expect(text.contains(c.scalar) || c.scalar == " ")
        }
        // Words, lines and blocks partition consistently.
        for w in layout.words {
            #expect(!layout.text(w.characters).contains(" "))
            #expect(w.bounds.width > 0)
        }
        for line in layout.lines {
            let words = layout.words[Int(line.words.lowerBound)..<Int(line.words.upperBound)]
            #expect(words.first?.characters.lowerBound == line.characters.lowerBound)
            #expect(words.last?.characters.upperBound == line.characters.upperBound)
        }
        #expect(layout.blocks.last?.lines.upperBound == Int32(layout.lines.count))
    }

    @Test func emptyPageGivesEmptyLayout() {
        let layout = GlyphPage().layout()
        #expect(layout.text.isEmpty)
        #expect(layout.lines.isEmpty && layout.blocks.isEmpty)
    }
}

@Suite struct OrderingRelationTests {
    /// `PositionKey`'s `<` must be a strict weak ordering: irreflexive, transitive, and
    /// incomparability transitive — checked over random keys with many ties.
    @Test func positionKeyIsAStrictWeakOrdering() {
        var rng = SystemRandomNumberGenerator()
        let keys = (0..<60).map { _ in
            PositionKey(top: Double(Int.random(in: 0..<4, using: &rng)), left: Double(Int.random(in: 0..<3, using: &rng)),
                        serial: Int32.random(in: 0..<3, using: &rng))
        }
        for a in keys {
            #expect(!(a < a))
            for b in keys {
                if a < b { #expect(!(b < a)) }
                for c in keys {
                    if a < b && b < c { #expect(a < c) }
                    let ab = !(a < b) && !(b < a), bc = !(b < c) && !(c < b)
                    if ab && bc { #expect(!(a < c) && !(c < a)) }
                }
            }
        }
    }

    @Test func blockOrderIsAPermutationRespectingAboveBelow() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let boxes = (0..<Int.random(in: 1..<25, using: &rng)).map { k -> BlockOrdering.Box in
                let x = Double.random(in: 0..<500, using: &rng), y = Double.random(in: 0..<700, using: &rng)
                return BlockOrdering.Box(x0: x, x1: x + Double.random(in: 5..<200, using: &rng), top: y,
                                         bottom: y + Double.random(in: 5..<80, using: &rng),
                                         key: PositionKey(top: y, left: x, serial: Int32(k)))
            }
            let (order, confidence, _) = BlockOrdering.order(boxes, maxBlocks: 600)
            #expect(order.sorted() == Array(boxes.indices))
            #expect(confidence >= 0 && confidence <= 1)
            // A block wholly above another that it overlaps horizontally comes first,
            // unless a cycle had to be broken (only possible with overlapping boxes).
            let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            for a in boxes.indices {
                for b in boxes.indices where a != b {
                    let A = boxes[a], B = boxes[b]
                    let separate = !boxes.contains { c in overlap(c.top, c.bottom, A.top, A.bottom) > 0 && overlap(c.top, c.bottom, B.top, B.bottom) > 0 }
                    if separate, overlap(A.x0, A.x1, B.x0, B.x1) > 1, A.bottom < B.top {
                        #expect(position[a]! < position[b]!)
                    }
                }
            }
        }
    }
}

@Suite struct ColumnAndTableDetailTests {
    /// Two justified columns 1 em apart (LaTeX's default gutter), whose lines drift out of
    /// step after a paragraph gap in the right column, with a full-width paragraph below.
    @Test func narrowGutterSplitsColumnsButNotWideWordSpaces() throws {
        var p = GlyphPage()
        // Lines of different words (so their spaces do not line up), at most 18 characters;
        // columns at 72 and 192 (10 pt = 1 em gutter at the widest line).
        let words = ["left", "an", "ordinary", "set", "of", "words", "to", "fill", "lines", "with", "text"]
        func line(_ k: Int, _ first: String) -> String {
            var s = first
            var j = k
            while s.count + 1 + words[j % words.count].count <= 18 { s += " " + words[j % words.count]; j += 3 }
            return s
        }
        // Word spaces of 0.35 em, except one loosely justified line with 1.1 em spaces.
        for k in 0..<8 {
            p.text(line(k, "left\(k)"), x: 72, y: 700 - Double(k) * 12, spacesAsGaps: true, spaceWidth: k == 4 ? 1.1 : 0.35)
        }
        for k in 0..<7 {
            let y = (k < 3 ? 700 : 694) - Double(k) * 12
            p.text(line(k + 1, "right\(k)"), x: 192, y: y, spacesAsGaps: true, spaceWidth: 0.35)
        }
        p.text("A closing paragraph that runs across both columns of the page.", x: 72, y: 590, spacesAsGaps: true)
        let text = p.layout().foldedText
        let lastLeft = try #require(text.range(of: "left7")), firstRight = try #require(text.range(of: "right0"))
        #expect(lastLeft.upperBound < firstRight.lowerBound, "\(text)")
        // The loose line's 1.1 em spaces inside a column do not split it.
        #expect(text.contains(line(4, "left4") + " left5"))
        #expect(text.hasSuffix("both columns of the page."))
    }

    @Test func wrappedCellsJoinTheirRow() {
        var p = GlyphPage()
        // Rows 24 pt apart, wrapped lines 11 pt apart.
        let rows: [[[String]]] = [
            [["Stop"], ["First"], ["Fare"]],
            [["North"], ["07:15"], ["2.50"]],
            [["Old", "Lighthouse"], ["08:05"], ["4.00"]],
            [["Island"], ["08:40"], ["5.75"]],
        ]
        p.table(rows, columnWidth: 90)
        let layout = p.layout()
        #expect(layout.foldedText == "Stop First Fare North 07:15 2.50 Old Lighthouse 08:05 4.00 Island 08:40 5.75")
    }

    @Test func bulletsStayWithTheirItems() {
        var p = GlyphPage()
        for k in 0..<4 {
            p.text("\u{2022}", x: 72, y: 700 - Double(k) * 12)
            p.text("item number \(k) of the list", x: 90, y: 700 - Double(k) * 12, spacesAsGaps: true)
        }
        #expect(p.layout().lineTexts() == (0..<4).map { "\u{2022} item number \($0) of the list" })
    }
}

@Suite struct ScriptDetailTests {
    @Test func unmappedExtendersInsideArabicWordsAreDropped() {
        var p = GlyphPage()
        // Visual order, left to right: "ب" + two unmapped extenders + "ا"  (logical: ا…ب).
        let r = p.text("\u{0628}\u{FFFD}\u{FFFD}\u{0627}", x: 72, y: 700)
        for i in r.dropFirst().prefix(2) { p.page.glyphs[i].unicodeSource = .none }
        let layout = p.layout()
        #expect(layout.foldedText == "\u{0627}\u{0628}")
        #expect(layout.lines.first?.direction == .rightToLeft)
        // An unmapped glyph elsewhere stays visible as U+FFFD.
        var q = GlyphPage()
        let r2 = q.text("a\u{FFFD}b", x: 72, y: 700)
        q.page.glyphs[r2.lowerBound + 1].unicodeSource = .none
        #expect(q.layout().foldedText == "a\u{FFFD}b")
    }

    @Test func hebrewLineComesOutInLogicalOrder() {
        var p = GlyphPage()
        // "שלום עולם" drawn left to right as it appears on screen: "םלוע םולש".
        p.text("םלוע םולש", x: 72, y: 700, spacesAsGaps: true)
        let layout = p.layout()
        #expect(layout.foldedText == "שלום עולם")
        #expect(layout.lines.first?.direction == .rightToLeft)
    }

    @Test func uprightGlyphsStackedDownAColumnReadAsVerticalText() {
        var p = GlyphPage()
        // Horizontal-mode glyphs placed one below the other, columns right to left.
        for (c, column) in ["古い町の朝", "静かです"].enumerated() {
            for (k, ch) in column.enumerated() {
                p.text(String(ch), x: 400 - Double(c) * 20, y: 700 - Double(k) * 10, advance: 1)
            }
        }
        let layout = p.layout()
        #expect(layout.lineTexts() == ["古い町の朝", "静かです"])
        #expect(layout.lines.allSatisfy { $0.direction == .topToBottom })
    }
}
