import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

/// Glyphs nobody can see: wholly outside the page's visible area (crop box within media box).
@Suite struct OffPageTextTests {
    @Test func glyphsWhollyOutsideTheCropBoxAreDroppedPartlyInsideKept() {
        var p = GlyphPage()
        p.text("visible line", x: 72, y: 700)
        // Runs off the right edge at 612: "edge" starts at 600, its 'e' (600–605) and 'd'
        // (605–610) are inside, 'g' (610–615) straddles, 'e' (615–620) is outside.
        p.text("edge", x: 600, y: 680)
        // Wholly outside: the neighbouring page's table, and a line below the page.
        p.text("neighbour", x: 650, y: 500)
        p.text("below", x: 72, y: -30)
        let layout = p.layout()
        #expect(layout.foldedText == "visible line edg")
        #expect(layout.statistics.droppedOffPage == 15)
        var keep = LayoutOptions()
        keep.dropsOffPageText = false
        let all = p.layout(keep).foldedText
        #expect(all.contains("edge") && all.contains("neighbour") && all.contains("below"))
    }

    @Test func aGlyphOnlyTouchingTheEdgeIsOutside() {
        var p = GlyphPage()
        p.text("in", x: 72, y: 700)
        p.text("out", x: 612, y: 700)   // its box starts exactly at the edge
        #expect(p.layout().foldedText == "in")
    }

    @Test func theVisibleAreaIsTheCropBoxWithinTheMediaBox() {
        var p = GlyphPage()
        // A crop box showing the left half of a spread: the right page's text is outside.
        p.page.mediaBox = Rect(x0: 0, y0: 0, x1: 1224, y1: 792)
        p.page.cropBox = Rect(x0: 0, y0: 0, x1: 612, y1: 792)
        p.text("left page", x: 72, y: 700)
        p.text("right page", x: 684, y: 700)
        #expect(p.layout().foldedText == "left page")
        // A crop box larger than the media box counts only where the media box is.
        var q = GlyphPage()
        q.page.mediaBox = Rect(x0: 0, y0: 0, x1: 612, y1: 792)
        q.page.cropBox = Rect(x0: 0, y0: 0, x1: 1224, y1: 792)
        q.text("left page", x: 72, y: 700)
        q.text("beyond", x: 700, y: 700)
        #expect(q.layout().foldedText == "left page")
        #expect(q.page.visibleBox == Rect(x0: 0, y0: 0, x1: 612, y1: 792))
    }

    @Test func theCollectorsFlagIsHonouredAndCanBeOverridden() {
        var p = GlyphPage()
        p.text("shown", x: 72, y: 700)
        p.text("flagged", x: 72, y: 680, flags: .offPage)
        #expect(p.layout().foldedText == "shown")
        var keep = LayoutOptions()
        keep.dropsOffPageText = false
        #expect(p.layout(keep).foldedText == "shown flagged")
    }

    @Test func sharesAreaNeedsMoreThanAnEdge() {
        let box = Rect(x0: 0, y0: 0, x1: 10, y1: 10)
        #expect(Rect(x0: 9, y0: 9, x1: 12, y1: 12).sharesArea(with: box))
        #expect(!Rect(x0: 10, y0: 0, x1: 12, y1: 5).sharesArea(with: box))
        // A zero-width glyph box inside counts; a degenerate clip shares nothing.
        #expect(Rect(x0: 5, y0: 2, x1: 5, y1: 4).sharesArea(with: box))
        #expect(!box.sharesArea(with: Rect(x0: 5, y0: 5, x1: 5, y1: 5)))
    }
}

/// Bidi: one base direction per paragraph, not per line.
@Suite struct ParagraphDirectionTests {
    /// Places visual lines flush right at x = 540 (ragged left), 14 pt apart.
    func flushRight(_ lines: [String], on p: inout GlyphPage, right: Double = 540) {
        for (k, l) in lines.enumerated() {
            p.text(l, x: right - Double(l.unicodeScalars.count) * 5, y: 700 - Double(k) * 14)
        }
    }

    @Test func rightToLeftParagraphLinesStartingWithLatinKeepTheParagraphDirection() {
        var p = GlyphPage()
        // Logical: "זהו משפט ראשון" / "Microsoft Windows הוא" / "Windows 11." — more Latin
        // letters than Hebrew, but flush right and ragged left.
        flushRight(["ןושאר טפשמ והז", "אוה Microsoft Windows", ".Windows 11"], on: &p)
        let layout = p.layout()
        #expect(layout.lineTexts() == ["זהו משפט ראשון", "Microsoft Windows הוא", "Windows 11."])
        #expect(layout.lines.allSatisfy { $0.direction == .rightToLeft })
    }

    @Test func rightToLeftSentenceKeepsItsFullStopAtTheEnd() {
        var p = GlyphPage()
        p.text(".םלוע םולש", x: 300, y: 700)
        #expect(p.layout().lineTexts() == ["שלום עולם."])
    }

    @Test func latinParagraphWithOneArabicWordStaysLeftToRight() {
        var p = GlyphPage()
        p.text("The word \u{0628}\u{0627}\u{062A}\u{0643} means book and", x: 72, y: 700)
        p.text("it is short.", x: 72, y: 686)
        let layout = p.layout()
        #expect(layout.lineTexts() == ["The word \u{0643}\u{062A}\u{0627}\u{0628} means book and", "it is short."])
        #expect(layout.lines.allSatisfy { $0.direction == .leftToRight })
    }

    @Test func rightAlignedEnglishWithOneHebrewWordStaysLeftToRight() {
        var p = GlyphPage()
        // Near miss: flush right and ragged left, but almost all its letters are Latin.
        flushRight(["The word םולש means peace in", "the Hebrew language."], on: &p)
        let layout = p.layout()
        #expect(layout.lineTexts() == ["The word שלום means peace in", "the Hebrew language."])
        #expect(layout.lines.allSatisfy { $0.direction == .leftToRight })
    }
}

/// Tate-chu-yoko: digits set side by side in one cell of a vertical line.
@Suite struct TateChuYokoTests {
    @Test func horizontalDigitsInAVerticalLineAreReadInPlace() {
        var p = GlyphPage()
        p.text("第", x: 300, y: 700, vertical: true)
        // "12" side by side in the next cell (690–680), as wide as the column.
        p.text("12", x: 295, y: 682, size: 10, advance: 0.5)
        p.text("条を読む", x: 300, y: 680, vertical: true)
        #expect(p.layout().foldedText == "第12条を読む")
        var off = LayoutOptions()
        off.joinsTateChuYoko = false
        #expect(p.layout(off).foldedText != "第12条を読む")
    }

    @Test func aHorizontalNumberAwayFromTheColumnStaysApart() {
        var p = GlyphPage()
        p.text("第", x: 300, y: 700, vertical: true)
        // Near miss: between the vertical glyphs in content order, but set beside the column.
        p.text("12", x: 400, y: 682, size: 10, advance: 0.5)
        p.text("条を読む", x: 300, y: 680, vertical: true)
        let text = p.layout().foldedText
        #expect(!text.contains("第12条"))
        #expect(text.contains("12"))
    }

    @Test func aLongHorizontalRunIsNotTateChuYoko() {
        var p = GlyphPage()
        p.text("第", x: 300, y: 700, vertical: true)
        // Five glyphs squeezed into the cell: longer than tateChuYokoMaxGlyphs.
        p.text("12345", x: 295, y: 682, size: 4, advance: 0.5)
        p.text("条を読む", x: 300, y: 680, vertical: true)
        #expect(!p.layout().foldedText.contains("第12345条"))
    }
}

/// Tate-chu-yoko cells in vertical text set with upright glyphs in horizontal writing mode
/// (each glyph placed below the last).
@Suite struct StackedTateChuYokoTests {
    /// Places a column at `x`: each string one cell 10 pt below the last from y = 700, a
    /// CJK glyph one em wide, digits half an em each, side by side and centred.
    func column(_ cells: [String], x: Double, on p: inout GlyphPage) {
        for (k, cell) in cells.enumerated() {
            let y = 700 - Double(k) * 10
            if cell.unicodeScalars.allSatisfy({ $0.properties.numericType != nil }) {
                p.text(cell, x: x + 5 - Double(cell.count) * 2.5, y: y, advance: 0.5)
            } else {
                p.text(cell, x: x, y: y, advance: 1)
            }
        }
    }

    @Test func aLoneGlyphBetweenCellsStaysInItsColumn() {
        var p = GlyphPage()
        column(["第", "25", "条", "に", "よ"], x: 400, on: &p)
        // 月 between two cells at a column's foot, the next column going on.
        column(["日", "は", "58", "月", "15"], x: 380, on: &p)
        column(["日", "に", "祖", "母"], x: 360, on: &p)
        let layout = p.layout()
        #expect(layout.lineTexts() == ["第25条によ", "日は58月15", "日に祖母"])
        #expect(layout.lines.allSatisfy { $0.direction == .topToBottom })
    }

    @Test func aCellAfterPunctuationAtAColumnsFootJoinsIt() {
        var p = GlyphPage()
        column(["読", "み", "ま", "す", "。", "21", "年"], x: 400, on: &p)
        column(["に", "秋", "に", "な"], x: 380, on: &p)
        #expect(p.layout().lineTexts() == ["読みます。21年", "に秋にな"])
    }

    @Test func nearMissHorizontalLineWithDigitsStaysHorizontal() {
        var p = GlyphPage()
        p.text("第", x: 72, y: 700, advance: 1)
        p.text("25", x: 82, y: 700, advance: 0.5)
        p.text("条によれば", x: 92, y: 700, advance: 1)
        let layout = p.layout()
        #expect(layout.lineTexts() == ["第25条によれば"])
        #expect(layout.lines.allSatisfy { $0.direction == .leftToRight })
    }
}

/// Mathematics set with sized delimiters and radicals, which hang from a baseline of their
/// own above the formula's (TeX's cmex glyphs).
@Suite struct SizedDelimiterTests {
    @Test func bigBracketsJoinTheirFormulaLine() {
        var p = GlyphPage()
        p.text("Text above the formula", x: 72, y: 630)
        p.text("[", x: 194, y: 612)
        p.text("x \u{2212} y", x: 200, y: 600, spacesAsGaps: true)
        p.text("]", x: 222, y: 612)
        p.text("\u{2A7E} 0", x: 230, y: 600, spacesAsGaps: true)
        p.text("text below it", x: 72, y: 570)
        #expect(p.layout().lineTexts() == ["Text above the formula", "[x \u{2212} y] \u{2A7E} 0", "text below it"])
        var off = LayoutOptions()
        off.delimiterShiftRatio = 0
        #expect(p.layout(off).lineTexts().count == 4)
    }

    @Test func radicalJoinsItsFormulaLine() {
        var p = GlyphPage()
        p.text("\u{221A}", x: 200, y: 610)
        p.text("c + d", x: 205, y: 600, spacesAsGaps: true)
        #expect(p.layout().lineTexts() == ["\u{221A}c + d"])
    }

    @Test func nearMissABracketAwayFromTheLineStaysApart() {
        var p = GlyphPage()
        // A bracket an em above a line's baseline but 3 em to the right of its end.
        p.text("some text here", x: 72, y: 600)
        p.text(")", x: 172, y: 612)
        #expect(p.layout().lineTexts().count == 2)
    }
}

/// Display formulas numbered at the column's edge.
@Suite struct EquationNumberTests {
    @Test func numberIsReadAfterItsFormula() {
        var p = GlyphPage()
        // Prose lines 72–332; the numbers end at the column's right edge.
        let prose = ["the first line of prose runs across the whole column",
                     "and a second line of prose runs across it too, then",
                     "a third line of prose closes the paragraph here now"]
        p.text(prose[0], x: 72, y: 700)
        p.text("a + b = c", x: 190, y: 680, spacesAsGaps: true)
        p.text("(1)", x: 317, y: 680)
        p.text(prose[1], x: 72, y: 660)
        p.text("x = y", x: 200, y: 640, spacesAsGaps: true)
        p.text("(2)", x: 317, y: 640)
        p.text(prose[2], x: 72, y: 620)
        #expect(p.layout().lineTexts() == [prose[0], "a + b = c (1)", prose[1], "x = y (2)", prose[2]])
    }

    @Test func nearMissANumberInTheOtherColumnStaysThere() {
        var p = GlyphPage()
        // Two columns (72–222, 240–390); "Results" closes the left one on the baseline of a
        // "(3)" alone in the right one.
        for (k, y) in [700.0, 686, 672].enumerated() {
            p.text("left column prose line \(k) here", x: 72, y: y)
            p.text("right column prose line \(k) too", x: 240, y: y)
        }
        p.text("Results", x: 72, y: 658)
        p.text("(3)", x: 240, y: 658)
        let lines = p.layout().lineTexts()
        #expect(lines.contains("Results"))
        #expect(lines.contains("(3)"))
    }
}

/// Running headers and footers found by repetition across pages.
@Suite struct RepeatedFurnitureTests {
    /// A page with a header line below the top margin band (y 660, the band ends at 697),
    /// a body paragraph that differs per page, and a footer "Page N of 6" above the bottom
    /// band (y 110, the band starts at 95).
    func page(_ n: Int, header: String) -> GlyphPage {
        var p = GlyphPage()
        p.text(header, x: 72, y: 660)
        let word = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"][(n - 1) % 6]
        for k in 0..<4 {
            p.text("body text of the \(word) page, line \(k)", x: 72, y: 620 - Double(k) * 14)
        }
        p.text("Page \(n) of 6", x: 280, y: 110)
        return p
    }

    func kinds(_ layout: PageLayout) -> [(String, BlockKind)] {
        layout.blocks.map { b in
            let lines = layout.lines[Int(b.lines.lowerBound)..<Int(b.lines.upperBound)]
            return (lines.map { layout.text($0.characters) }.joined(separator: " "), b.kind)
        }
    }

    @Test func repeatedLinesOutsideTheMarginBandsAreFurniture() {
        // Alternating headers: the book's title on even pages, the chapter on odd ones.
        let pages = (1...6).map { page($0, header: $0 % 2 == 0 ? "A Book of Examples" : "Chapter 2: Methods") }
        let candidates = pages.map { RunningFurniture.candidates($0.page) }
        let furniture = RunningFurniture(pages: candidates)
        #expect(furniture.lines.contains { $0.pattern == "chapter#:methods" && $0.isTop })
        #expect(furniture.lines.contains { $0.pattern == "abookofexamples" && $0.isTop })
        #expect(furniture.lines.contains { $0.pattern == "page#of#" && !$0.isTop })
        for p in pages {
            let layout = analyzeLayout(p.page, runningFurniture: furniture)
            let k = kinds(layout)
            #expect(k.first?.1 == .header)
            #expect(k.last?.0.hasPrefix("Page ") == true && k.last?.1 == .pageNumber)
            #expect(k.filter { $0.1 == .text }.count == 1)
        }
        // A page alone keeps the positional rule: these lines are outside the bands.
        let alone = kinds(pages[0].layout())
        #expect(alone.allSatisfy { $0.1 == .text })
    }

    @Test func linesThatDoNotRepeatAreNotFurniture() {
        // Near miss: each page's first line differs (not only in its digits), and only two
        // of six pages share a footer.
        let headers = ["Introduction", "Background", "Methods", "Results", "Discussion", "Summary"]
        var pages = (1...6).map { page($0, header: headers[$0 - 1]) }
        for k in 2..<6 { pages[k] = { var p = GlyphPage(); p.text(headers[k], x: 72, y: 660); p.text("body of " + headers[k], x: 72, y: 620); return p }() }
        let furniture = RunningFurniture(pages: pages.map { RunningFurniture.candidates($0.page) })
        #expect(!furniture.lines.contains { $0.isTop })
        #expect(!furniture.lines.contains { $0.pattern == "page#of#" })
        let k = kinds(analyzeLayout(pages[0].page, runningFurniture: furniture))
        #expect(k.allSatisfy { $0.1 == .text })
    }

    @Test func twoPagesNeedBoth() {
        let a = page(1, header: "Report"), b = page(2, header: "Other")
        let furniture = RunningFurniture(pages: [RunningFurniture.candidates(a.page), RunningFurniture.candidates(b.page)])
        #expect(!furniture.lines.contains { $0.pattern == "report" })
        #expect(furniture.lines.contains { $0.pattern == "page#of#" })
    }
}

@Suite struct ParagraphDirectionEquationTests {
    @Test func aCentredEquationInARightToLeftParagraphKeepsItsOwnDirection() {
        var p = GlyphPage()
        // Flush right at 540: two Hebrew lines, then a centred formula with no Hebrew
        // letter (a display equation), then the last Hebrew line.
        p.text("ןושאר טפשמ והז הפ", x: 540 - 17 * 5, y: 700)
        p.text("הפסקה של ינש וק", x: 540 - 15 * 5, y: 686)
        p.text("(f(x)) = 2", x: 400, y: 672)
        p.text("ףוס", x: 540 - 3 * 5, y: 658)
        let lines = p.layout().lineTexts()
        #expect(lines.contains("(f(x)) = 2"))
        #expect(lines.contains("סוף"))
    }
}
