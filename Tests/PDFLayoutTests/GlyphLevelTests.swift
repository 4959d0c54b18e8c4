import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

/// Accents drawn as glyphs of their own over a letter (pdfTeX with OT1 fonts, old word
/// processors): one composed character.
@Suite struct AccentCompositionTests {
    /// "Sch¨opf" as pdfTeX paints it: the accent first, at the letter's position (a kern),
    /// then the letter.
    func schoepf(_ p: inout GlyphPage, accentFirst: Bool = true, y: Double = 700) {
        p.text("Sch", x: 72, y: y)
        if accentFirst {
            p.text("\u{A8}", x: 87, y: y)
            p.text("o", x: 87, y: y)
        } else {
            p.text("o", x: 87, y: y)
            p.text("\u{A8}", x: 87, y: y)
        }
        p.text("pf", x: 92, y: y)
    }

    @Test func accentPaintedBeforeTheLetterComposes() {
        var p = GlyphPage()
        schoepf(&p)
        let layout = p.layout()
        #expect(layout.text == "Sch\u{F6}pf\n")
        // The composed letter points at the letter's glyph (index 4: S c h ¨ o); no character
        // points at the accent's glyph, and the word's box still covers it.
        #expect(layout.characters[3].glyph == 4)
        #expect(!layout.characters.contains { $0.glyph == 3 })
        #expect(layout.words.count == 1)
    }

    @Test func accentPaintedAfterTheLetterComposes() {
        var p = GlyphPage()
        schoepf(&p, accentFirst: false)
        #expect(p.layout().text == "Sch\u{F6}pf\n")
    }

    @Test func raisedAccentOverCapitalCedillaAndDotlessI() {
        var p = GlyphPage()
        // Ü with the accent raised by a quarter em (TeX raises accents over capitals).
        p.text("\u{A8}", x: 72, y: 702.5)
        p.text("Uber", x: 72, y: 700)
        // ç: the cedilla hangs below, on the letter's baseline.
        p.text("\u{B8}", x: 102, y: 700)
        p.text("ca", x: 102, y: 700)
        // naïve with a dotless i under the dieresis.
        p.text("na\u{131}ve", x: 132, y: 700)
        p.text("\u{A8}", x: 142, y: 700)
        #expect(p.layout().foldedText == "\u{DC}ber \u{E7}a na\u{EF}ve")
    }

    @Test func everySpacingAccentHasItsCombiningMark() {
        let pairs: [(Unicode.Scalar, String)] = [
            ("\u{B4}", "\u{E9}"), ("`", "\u{E8}"), ("\u{2C6}", "\u{EA}"), ("\u{2DC}", "\u{1EBD}"),
            ("\u{AF}", "\u{113}"), ("\u{2D8}", "\u{115}"), ("\u{2C7}", "\u{11B}"), ("\u{2DA}", "e\u{30A}"),
            ("\u{2DB}", "\u{119}"), ("\u{2D9}", "\u{117}"), ("\u{2DD}", "e\u{30B}"),
        ]
        for (accent, expected) in pairs {
            var p = GlyphPage()
            p.text("e", x: 72, y: 700)
            p.text(String(accent), x: 72, y: 700)
            #expect(p.layout().foldedText == expected)
        }
    }

    @Test func nearMissAccentBesideALetterStaysApart() {
        var p = GlyphPage()
        // "don´t": the acute stands after the n, its own box, not over a letter.
        p.text("don\u{B4}t", x: 72, y: 700)
        #expect(p.layout().foldedText == "don\u{B4}t")
        // A lone dieresis between words is not moved either.
        var q = GlyphPage()
        q.text("a \u{A8} b", x: 72, y: 700, spacesAsGaps: true)
        #expect(q.layout().foldedText == "a \u{A8} b")
    }

    @Test func optionOffKeepsTheAccentAsACharacter() {
        var p = GlyphPage()
        schoepf(&p)
        var o = LayoutOptions()
        o.composesAccents = false
        #expect(p.layout(o).text == "Sch\u{A8}opf\n")
    }
}

/// Combining marks drawn as glyphs of their own (Arabic harakat and tanween).
@Suite struct CombiningMarkTests {
    /// كَتَبَ (kaf, teh, beh, each with a fatha) drawn left to right, the marks narrow and
    /// near each letter's left edge (so a gap opens between a mark and the next letter).
    func kataba(_ p: inout GlyphPage, x: Double, y: Double = 700) {
        for (k, letter) in ["\u{628}", "\u{62A}", "\u{643}"].enumerated() {
            let lx = x + Double(k) * 6
            p.text(letter, x: lx, y: y, advance: 0.6)
            p.text("\u{64E}", x: lx + 1, y: y + 2, advance: 0.2)
        }
    }

    @Test func harakatMakeNoSpaceAndFollowTheirLetter() {
        var p = GlyphPage()
        kataba(&p, x: 100)
        #expect(p.layout().foldedText == "\u{643}\u{64E}\u{62A}\u{64E}\u{628}\u{64E}")
    }

    @Test func tanweenAtTheWordsEndAndTwoWords() {
        var p = GlyphPage()
        // Two words: كَتَبَ on the right, and كِتَابٌ-like word on the left ending in dammatan.
        kataba(&p, x: 128)
        p.text("\u{628}", x: 100, y: 700, advance: 0.6)
        p.text("\u{64C}", x: 101, y: 702, advance: 0.2)
        p.text("\u{627}\u{62A}", x: 106, y: 700, advance: 0.6)
        p.text("\u{643}", x: 118, y: 700, advance: 0.6)
        p.text("\u{650}", x: 119, y: 697, advance: 0.2)
        let text = p.layout().foldedText
        #expect(text == "\u{643}\u{64E}\u{62A}\u{64E}\u{628}\u{64E} \u{643}\u{650}\u{62A}\u{627}\u{628}\u{64C}")
    }

    @Test func marksPaintedBeforeTheirLetterOnItsEdgeFollowIt() {
        var p = GlyphPage()
        // Visual order, each letter's cluster reversed (as right-to-left text is drawn): resh,
        // then qamats and dagesh for the bet, then the bet; the two points sit on the edge
        // between the letters, so only the painting order tells their letter.
        p.text("\u{5E8}", x: 100, y: 700, advance: 0.6)
        p.text("\u{5B8}", x: 105.6, y: 698, advance: 0.05)
        p.text("\u{5BC}", x: 105.8, y: 702, advance: 0.05)
        p.text("\u{5D1}", x: 106, y: 700, advance: 0.6)
        #expect(p.layout().foldedText == "\u{5D1}\u{5B8}\u{5BC}\u{5E8}")
    }

    /// A glyph with no advance at `x` (its box 0.05 em wide, as interpreters give such glyphs).
    @discardableResult
    func markWithoutWidth(_ p: inout GlyphPage, _ mark: String, x: Double, y: Double, flags: GlyphFlags = []) -> Int {
        let g = p.text(mark, x: x, y: y, advance: 0, flags: flags).lowerBound
        p.page.glyphs[g].quad = Quad(Rect(x0: x, y0: y - 2, x1: x + 0.5, y1: y + 8))
        return g
    }

    /// ذَهَبَ's last two letters' fathas as shaped text has them: no advance, painted just
    /// before their letter, their pen position well inside the letter drawn before (to the
    /// left), where only the ink, not the box, reaches over the right letter.
    @Test func marksWithoutWidthFollowThePaintingOrderNotTheirPenPosition() {
        var p = GlyphPage()
        p.text("\u{628}", x: 100, y: 700, advance: 0.8)
        markWithoutWidth(&p, "\u{64E}", x: 104.8, y: 702)
        p.text("\u{647}", x: 108, y: 700, advance: 0.8)
        markWithoutWidth(&p, "\u{64E}", x: 112.8, y: 702)
        p.text("\u{630}", x: 116, y: 700, advance: 0.8)
        #expect(p.layout().foldedText == "\u{630}\u{64E}\u{647}\u{64E}\u{628}")
    }

    @Test func nearMissMarksWithAWidthGoWhereTheirBoxIs() {
        var p = GlyphPage()
        // The same page with marks 0.2 em wide: their boxes sit inside the letter painted
        // before them, so the page paints marks after their letters.
        p.text("\u{628}", x: 100, y: 700, advance: 0.8)
        p.text("\u{64E}", x: 104.8, y: 702, advance: 0.2)
        p.text("\u{647}", x: 108, y: 700, advance: 0.8)
        p.text("\u{64E}", x: 112.8, y: 702, advance: 0.2)
        p.text("\u{630}", x: 116, y: 700, advance: 0.8)
        #expect(p.layout().foldedText == "\u{630}\u{647}\u{64E}\u{628}\u{64E}")
    }

    @Test func markWithoutWidthLeftOfTheClipStaysWithItsLetter() {
        // رُ at the start of a line (its damma's pen position just outside the clip the
        // letter lies in), then لا to its right.
        var p = GlyphPage()
        markWithoutWidth(&p, "\u{64F}", x: 98, y: 700, flags: [.clipped])
        p.text("\u{631}", x: 100, y: 700, advance: 0.6)
        p.text("\u{644}\u{627}", x: 106, y: 700, advance: 0.6)
        #expect(p.layout().foldedText == "\u{627}\u{644}\u{631}\u{64F}")
        // Near miss: when the letter is clipped too, both go.
        var q = GlyphPage()
        markWithoutWidth(&q, "\u{64F}", x: 98, y: 700, flags: [.clipped])
        q.text("\u{631}", x: 100, y: 700, advance: 0.6, flags: [.clipped])
        q.text("\u{644}\u{627}", x: 106, y: 700, advance: 0.6)
        #expect(q.layout().foldedText == "\u{627}\u{644}")
    }

    @Test func actualTextSpanStartedByAMarkWithoutWidthIsWhereItsLetterIs() {
        // حِ as one ActualText span: the kasra painted first (no advance, its pen raised 0.4 em
        // and left of the letter), then the hah, which has no text of its own; لا to its right.
        var p = GlyphPage()
        let mark = markWithoutWidth(&p, "\u{62D}", x: 99, y: 704)
        p.page.scalars.append("\u{650}")
        let start = p.page.glyphs[mark].text.lowerBound
        p.page.glyphs[mark].text = start..<start + 2
        p.page.glyphs[mark].unicodeSource = .actualText
        p.page.markedContent.append(MarkedContentSpan(tag: "Span", mcid: nil))
        let span = Int32(p.page.markedContent.count - 1)
        p.page.runs[Int(p.page.glyphs[mark].run)].markedContent = span
        let letter = p.text("\u{62D}", x: 100, y: 700, advance: 0.6).lowerBound
        let end = p.page.glyphs[letter].text.upperBound
        p.page.glyphs[letter].text = end..<end
        p.page.glyphs[letter].unicodeSource = .actualText
        p.page.runs[Int(p.page.glyphs[letter].run)].markedContent = span
        p.text("\u{644}\u{627}", x: 106, y: 700, advance: 0.6)
        let layout = p.layout()
        #expect(layout.lineTexts() == ["\u{627}\u{644}\u{62D}\u{650}"])
    }

    @Test func nearMissWordGapBetweenMarkedWordsStays() {
        var p = GlyphPage()
        kataba(&p, x: 100)
        kataba(&p, x: 124)
        let words = p.layout().foldedText.split(separator: " ")
        #expect(words.count == 2)
    }
}

/// `\ldots` and spaced full stops; dot leaders keep their spaces.
@Suite struct EllipsisTests {
    @Test func spacedFullStopsAreOneEllipsis() {
        var p = GlyphPage()
        p.text("The end", x: 72, y: 700, spacesAsGaps: true)
        // Three periods 0.28 em wide, a sixth of an em apart (TeX's \ldots).
        p.text("...", x: 105, y: 700, advance: 0.28, gap: 0.17)
        p.text("and then more text follows here", x: 125, y: 700, spacesAsGaps: true)
        #expect(p.layout().foldedText == "The end... and then more text follows here")
    }

    /// Near miss: full stops typed with word spaces between them (a quarter of an em, as in
    /// Times) are not an ellipsis.
    @Test func fullStopsTypedWithSpacesKeepThem() {
        var p = GlyphPage()
        p.text("Wait", x: 72, y: 700)
        p.text("...", x: 95, y: 700, advance: 0.25, gap: 0.25)
        #expect(p.layout().foldedText == "Wait . . .")
    }

    /// A table-of-contents line: the title, a leader of dots half an em apart from `dotsX`,
    /// and the page number.
    func leaderLine(_ title: String, dots: String, dotsX: Double) -> String {
        var p = GlyphPage()
        p.text(title, x: 72, y: 700)
        p.text(dots, x: dotsX, y: 700, advance: 0.28, gap: 0.5)
        p.text("5", x: 150, y: 700)
        return p.layout().foldedText
    }

    @Test func nearMissDotLeadersKeepTheirSpaces() {
        #expect(leaderLine("Intro", dots: "......", dotsX: 100).contains(". . . . . ."))
        // A title ending in a full stop, the leader's first dot 0.2 em after it.
        #expect(leaderLine("Notes.", dots: ".....", dotsX: 104).hasPrefix("Notes. . . . . ."))
    }
}

/// Letter-spaced text (LetterSpace, CSS letter-spacing, character spacing): words stay
/// words; ordinary text neither gains nor loses spaces.
@Suite struct LetterSpacingTests {
    @Test func letterSpacedLineKeepsItsWordSpaces() {
        var p = GlyphPage()
        p.text("This form shall mean any agreement", x: 72, y: 700, gap: 0.2, spacesAsGaps: true, spaceWidth: 0.33)
        #expect(p.layout().foldedText == "This form shall mean any agreement")
    }

    @Test func widelyLetterSpacedLineKeepsItsWordSpaces() {
        var p = GlyphPage()
        p.text("This form shall mean any", x: 40, y: 700, gap: 0.6, spacesAsGaps: true, spaceWidth: 0.33)
        #expect(p.layout().foldedText == "This form shall mean any")
    }

    @Test func shortLetterSpacedHeadingIsOneWord() {
        var p = GlyphPage()
        p.text("FORM", x: 72, y: 700, gap: 0.3)
        #expect(p.layout().foldedText == "FORM")
    }

    @Test func shortLastLineOfALetterSpacedParagraphKeepsItsWords() {
        var p = GlyphPage()
        p.text("This form shall mean any agreement", x: 72, y: 700, gap: 0.3, spacesAsGaps: true, spaceWidth: 0.3)
        p.text("them in", x: 72, y: 686, gap: 0.3, spacesAsGaps: true, spaceWidth: 0.3)
        #expect(p.layout().lineTexts() == ["This form shall mean any agreement", "them in"])
    }

    @Test func nearMissKernedWordsGetNoInnerSpaces() {
        var p = GlyphPage()
        // Ordinary text: kerning pulls some pairs in and pushes others out by a few hundredths
        // of an em; a third of an em between the words.
        var x = 72.0
        for (w, word) in ["AVAWAY", "Tower", "Ta", "Wolf", "office"].enumerated() {
            for (k, ch) in word.enumerated() {
                p.text(String(ch), x: x, y: 700)
                x += 5 + ((k + w) % 3 == 0 ? -0.8 : 0.4)
            }
            x += 3.3
        }
        #expect(p.layout().foldedText == "AVAWAY Tower Ta Wolf office")
    }

    @Test func nearMissJustifiedTextKeepsItsSpaces() {
        var p = GlyphPage()
        // Stretched word spaces (0.6 em), drawn as gaps; and a line with space glyphs.
        p.text("we must not lose any spaces in them", x: 72, y: 700, spacesAsGaps: true, spaceWidth: 0.6)
        p.text("nor here in a line with space glyphs", x: 72, y: 686, gap: 0.02)
        #expect(p.layout().lineTexts() == ["we must not lose any spaces in them", "nor here in a line with space glyphs"])
    }

    @Test func nearMissOneDigitCellsStayApart() {
        var p = GlyphPage()
        // A row of one-digit cells 0.7 em apart: not letter spacing.
        p.text("1 2 3 4", x: 72, y: 700, spacesAsGaps: true, spaceWidth: 0.7)
        #expect(p.layout().foldedText == "1 2 3 4")
    }

    /// Lines of a letter-spaced paragraph (0.2 em between letters, word spaces 1.2 em: wider
    /// than `segmentGapRatio`, and so wide that they line up as stripes here and there).
    static let spacedParagraph = [
        "Above the festival the familiar student", "the independent spring. The familiar",
        "neighbourhood the patient compass protects", "the traveller. The patient opportunity",
        "Jonas and hillside rarely announces the", "spring? The unexpected observatory the",
    ]

    /// `lines` letter-spaced (0.2 em), word spaces 1.2 em, 14 pt apart from y = 700.
    static func spaced(_ lines: [String]) -> GlyphPage {
        var p = GlyphPage()
        for (k, line) in lines.enumerated() {
            p.text(line, x: 40, y: 700 - 14 * Double(k), gap: 0.2, spacesAsGaps: true, spaceWidth: 1.0)
        }
        return p
    }

    @Test func letterSpacedParagraphWithWideWordSpacesIsNotSplitIntoColumns() {
        #expect(Self.spaced(Self.spacedParagraph).layout().lineTexts() == Self.spacedParagraph)
    }

    @Test func nearMissLetterSpacedColumnsStillSplitAtTheirGutter() {
        var p = GlyphPage()
        // The same paragraph twice side by side in 7 pt, 2.2 em apart (below
        // `hardSegmentGapRatio`).
        let size = 7.0
        let width = Self.spacedParagraph.map { line in
            line.reduce(0.0) { $0 + ($1 == " " ? 1.0 : 0.7) } * size
        }.max()!
        for (k, line) in Self.spacedParagraph.enumerated() {
            let y = 700 - 1.4 * size * Double(k)
            p.text(line, x: 40, y: y, size: size, gap: 0.2, spacesAsGaps: true, spaceWidth: 1.0)
            p.text(line.uppercased(), x: 40 + width + 2 * size, y: y, size: size, gap: 0.2, spacesAsGaps: true, spaceWidth: 1.0)
        }
        #expect(p.layout().lineTexts() == Self.spacedParagraph + Self.spacedParagraph.map { $0.uppercased() })
    }

    /// Places letter-spaced words (0.7 em a letter with its 0.2 em spacing), 14 pt apart
    /// from y = 700: each line justified to `width` em but the last, whose words are 1.2 em
    /// apart.
    static func justified(_ lines: [String], width: Double, size: Double = 10) -> GlyphPage {
        var p = GlyphPage()
        for (k, line) in lines.enumerated() {
            let words = line.split(separator: " ").map(String.init)
            let letters = words.reduce(0.0) { $0 + Double($1.count) * 0.7 - 0.2 }
            let space = k == lines.count - 1 ? 1.2 : (width - letters) / Double(words.count - 1)
            var x = 40.0
            for word in words {
                p.text(word, x: x, y: 700 - 14 * Double(k), size: size, gap: 0.2)
                x += (Double(word.count) * 0.7 - 0.2 + space) * size
            }
        }
        return p
    }

    /// Ragged letter-spaced lines (word spaces 1.2 em), every other one starting with "the":
    /// their second word starts at one x, after a river-like space, in four lines; the first
    /// words of the others run across that x.
    static let theStartingLines = [
        "the garden seldom watches the river", "harbours keep a lantern burning",
        "the meadow opens towards a valley", "students remember an old bridge",
        "the archive holds every quiet letter", "mountains covered with snow",
        "the orchard behind a tower", "travellers cross a wide square",
    ]

    @Test func letterSpacedWordsStartingInLineAreNoTableColumn() {
        let p = Self.spaced(Self.theStartingLines)
        #expect(p.layout().lineTexts() == Self.theStartingLines)
        // Aligned starts alone (the lines running across them left uncounted) split the
        // lines after "the".
        var options = LayoutOptions()
        options.cellStartCrossings = 0
        #expect(p.layout(options).lineTexts() != Self.theStartingLines)
    }

    @Test func sameLastWordOfJustifiedLinesIsNoTableColumn() {
        // Four lines in six end with "the", flush right: it starts at one x after a
        // river-like space in all four, and only two lines run across that x.
        let lines = ["And compass the eastern opportunity the", "southern keeper behind the council. And the",
                     "western harvest the familiar farmer. Ingrid", "unexpected sailor beyond the laboratory the",
                     "modest sailor independent river. Describes the", "opportunity slowly considers the hillside",
                     "season in the quiet vineyard before"]
        #expect(Self.justified(lines, width: 33).layout().lineTexts() == lines)
    }

    @Test func nearMissLetterSpacedTableStillSplitsAtItsCells() {
        var p = GlyphPage()
        // Two columns of cells, the second starting at one x in every row, 2 em after the
        // widest cell of the first (less than twice the 1.2 em word space: river-like).
        let rows = [("red apple", "twelve boxes"), ("sour pear", "nine crates"), ("green plum", "four bags"),
                    ("ripe figs", "many boxes"), ("sour lime", "seven crates"), ("ripe peach", "three bags")]
        for (k, row) in rows.enumerated() {
            let y = 700 - 14 * Double(k)
            p.text(row.0, x: 40, y: y, gap: 0.2, spacesAsGaps: true, spaceWidth: 1.0)
            p.text(row.1, x: 131, y: y, gap: 0.2, spacesAsGaps: true, spaceWidth: 1.0)
        }
        let layout = p.layout()
        #expect(layout.blocks.contains { $0.kind == .table }, "\(layout.foldedText)")
        #expect(layout.foldedText == rows.map { "\($0.0) \($0.1)" }.joined(separator: " "))
    }

    /// Justified letter-spaced lines across a wide page: each line's word spaces spread to one
    /// width, wider than `hardSegmentGapRatio`, at other places from line to line.
    @Test func evenlySpreadWideLetterSpacedLinesKeepTheirWords() {
        let lines = ["And station the careful vineyard the distant", "workshop above the neighbour carries the",
                     "The independent parliament under the",
                     "lighthouse? Rosa and chapter the western laboratory", "the distant journey often the gentle laboratory and",
                     "island."]
        // Spaces of 2.8, 3.7 and 5.2 em in the first three lines (wider than
        // `hardSegmentGapRatio`), about 2 em in the next two.
        let p = Self.justified(lines, width: 42)
        #expect(p.layout().lineTexts() == lines)
        var options = LayoutOptions()
        options.evenHardGaps = 0
        #expect(p.layout(options).lineTexts() != lines)
    }

    @Test func nearMissEvenlySpacedTableColumnsStillSplit() {
        // Four columns of five-letter cells 3 em apart in every row: even gaps whose white
        // never closes.
        let rows = [["alpha", "bravo", "delta", "gamma"], ["omega", "sigma", "kappa", "theta"],
                    ["north", "south", "coast", "river"], ["apple", "peach", "lemon", "mango"]]
        var p = GlyphPage()
        for (k, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() {
                p.text(cell, x: 40 + Double(c) * (5 * 7 + 30), y: 700 - 14 * Double(k), gap: 0.2)
            }
        }
        let layout = p.layout()
        #expect(layout.blocks.contains { $0.kind == .table }, "\(layout.foldedText)")
        #expect(layout.foldedText == rows.flatMap { $0 }.joined(separator: " "))
    }

    /// A short line of glyphs at `x` advancing `step` em each, with `gaps` em between them.
    static func shortLine(_ letters: String, gaps: [Double]) -> GlyphPage {
        var p = GlyphPage()
        var x = 72.0
        for (k, ch) in letters.enumerated() {
            p.text(String(ch), x: x, y: 700)
            x += 5 + 10 * (k < gaps.count ? gaps[k] : 0)
        }
        return p
    }

    @Test func shortLetterSpacedLastLineWithAKernedPairIsOneWord() {
        // "farmer." letter-spaced by 0.2 em, the "fa" pair kerned in to 0.13 em.
        #expect(Self.shortLine("farmer.", gaps: [0.13, 0.2, 0.2, 0.19, 0.19, 0.2]).layout().foldedText == "farmer.")
    }

    @Test func nearMissShortLineWithOneLooseLetterPairKeepsItsSpaces() {
        // "to be ok": letters touching but for one loose pair (0.1 em), words 0.3 em apart.
        #expect(Self.shortLine("tobeok", gaps: [0, 0.3, 0.1, 0.3, 0]).layout().foldedText == "to be ok")
    }

    @Test func nearMissTwoOneLetterWordsStayApart() {
        var p = GlyphPage()
        p.text("x y", x: 72, y: 700, spacesAsGaps: true)
        #expect(p.layout().foldedText == "x y")
    }
}

/// ActualText spans whose text sits on one glyph while the others have none (a letter and
/// its mark replaced as one cluster, as Chromium writes Arabic with harakat).
@Suite struct ActualTextClusterTests {
    /// Marks the glyphs `range` as ActualText in the marked-content span `span`, their text
    /// kept on the first and dropped from the others.
    static func cluster(_ p: inout GlyphPage, _ range: Range<Int>, span: Int32) {
        for k in range {
            p.page.glyphs[k].unicodeSource = .actualText
            p.page.runs[Int(p.page.glyphs[k].run)].markedContent = span
            if k != range.lowerBound { p.page.glyphs[k].text = p.page.glyphs[k].text.lowerBound..<p.page.glyphs[k].text.lowerBound }
        }
    }

    @Test func clusterTextTakesTheBoxOfItsSpan() {
        var p = GlyphPage()
        p.text("the", x: 72, y: 700)
        // "cafe": each letter a span; its text on a narrow glyph (0.05 em) painted first over
        // the letter's middle, the letter's own 0.5 em glyph without text.
        for (k, ch) in "cafe".enumerated() {
            let x = 90 + 5 * Double(k)
            let mark = p.text(String(ch), x: x + 2, y: 700, advance: 0.05, mcid: k)
            let letter = p.text("?", x: x, y: 700)
            Self.cluster(&p, mark.lowerBound..<letter.upperBound, span: Int32(p.page.markedContent.count - 1))
        }
        p.text("is open", x: 113, y: 700, spacesAsGaps: true)
        #expect(p.layout().foldedText == "the cafe is open")
    }

    @Test func nearMissAGlyphOfAnotherSpanDoesNotWidenTheCluster() {
        var p = GlyphPage()
        let a = p.text("x", x: 72, y: 700, mcid: 0)
        Self.cluster(&p, a, span: 0)
        // A glyph without text in another span, reaching across the word space.
        let b = p.text("?", x: 73, y: 700, advance: 0.6, mcid: 1)
        p.page.glyphs[b.lowerBound].unicodeSource = .actualText
        p.page.glyphs[b.lowerBound].text = p.page.glyphs[b.lowerBound].text.lowerBound..<p.page.glyphs[b.lowerBound].text.lowerBound
        p.text("yz", x: 80, y: 700)
        #expect(p.layout().foldedText == "x yz")
    }
}
