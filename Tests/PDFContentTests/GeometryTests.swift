import Testing
import PDFCore
import PDFSyntax
import PDFGlyphs
@testable import PDFContent
import PDFFonts

// The fallback font of PDFFonts today: every code is 500 glyph units wide (0.5 em),
// font matrix 0.001, ascent 718, descent −207. Expected origins below follow
// PDF 32000-1 §9.4.4 by hand: advance = (0.5 × Tfs + Tc + Tw) × Th.

@Suite struct GlyphGeometryTests {
    func origins(_ content: String) throws -> [Point] {
        try TestPage(content).extract().origins()
    }

    @Test("Td moves from the start of the line; glyphs advance by their width")
    func td() throws {
        let o = try origins("BT /F1 10 Tf 100 700 Td (AB) Tj 10 -20 Td (C) Tj ET")
        #expect(o.count == 3)
        #expect(near(o[0], 100, 700))
        #expect(near(o[1], 105, 700))
        #expect(near(o[2], 110, 680))  // from the line start, not the pen
    }

    @Test("TD sets the leading; T* and TL")
    func tdLeading() throws {
        let o = try origins("BT /F1 10 Tf 10 700 Td 0 -14 TD (A) Tj T* (B) Tj 20 TL T* (C) Tj ET")
        #expect(near(o[0], 10, 686))
        #expect(near(o[1], 10, 672))
        #expect(near(o[2], 10, 652))
    }

    @Test("Tm sets the text matrix; advances scale with it")
    func tm() throws {
        let o = try origins("BT /F1 10 Tf 2 0 0 2 50 60 Tm (AB) Tj ET")
        #expect(near(o[0], 50, 60))
        #expect(near(o[1], 60, 60))
    }

    @Test("Tc adds to every glyph; Tw only to the single-byte code 32")
    func spacing() throws {
        let o = try origins("BT /F1 10 Tf 2 Tc 3 Tw 0 100 Td (A B) Tj ET")
        #expect(near(o[0], 0, 100))
        #expect(near(o[1], 7, 100))       // 5 + Tc
        #expect(near(o[2], 17, 100))      // 7 + 5 + Tc + Tw
        let p = try TestPage("BT /F1 10 Tf 3 Tw 0 100 Td (AB) Tj ET").extract()
        #expect(near(p.glyphs[1].origin, 5, 100))
        #expect(p.glyphs.allSatisfy { !$0.flags.contains(.space) })
        let q = try TestPage("BT /F1 10 Tf 0 100 Td (A B) Tj ET").extract()
        #expect(q.glyphs[1].flags.contains(.space))
    }

    @Test("Tz scales advances and the glyph box horizontally; Ts raises the baseline")
    func scalingAndRise() throws {
        let p = try TestPage("BT /F1 10 Tf 50 Tz 0 100 Td (AB) Tj 100 Tz 5 Ts (C) Tj ET").extract()
        #expect(near(p.glyphs[0].origin, 0, 100))
        #expect(near(p.glyphs[1].origin, 2.5, 100))
        #expect(near(p.glyphs[2].origin, 5, 105))
        // Box: 0.5 em × 10 × 0.5 wide, descent…ascent high.
        let box = p.glyphs[0].quad.bounds
        #expect(abs(box.width - 2.5) < 1e-9)
        let helvetica = try #require(StandardFontMetrics.lookup("Helvetica"))
        #expect(abs(box.y0 - (100 + helvetica.descent / 100)) < 1e-9)
        #expect(abs(box.y1 - (100 + helvetica.ascent / 100)) < 1e-9)
        #expect(abs(p.glyphs[0].advance - 2.5) < 1e-5)
    }

    @Test("each glyph's rendering matrix is [Tfs×Th 0 0 Tfs 0 Ts] × Tm × CTM, bit for bit, under a skewed CTM and text matrix")
    func renderingMatrixPerGlyph() throws {
        // A string, a TJ array with kerning, and a second string after a new Tm: the
        // interpreter works the linear parts out once per text matrix, the translation per
        // glyph; here every product is made in full, as `Matrix.concatenating` does.
        let (sink, _) = try record("""
            q 0.9 0.3 -0.2 1.1 15 25 cm BT /F1 11 Tf 80 Tz 2 Ts 0.7 Tc 1.2 0.4 -0.3 0.8 40 500 Tm             (AB) Tj [(C) -333 (DE)] TJ 0.5 -0.1 0.2 1.3 10 20 Tm (FG) Tj ET Q
            """)
        let events = sink.glyphs
        #expect(events.count == 7)
        let ctm = Matrix(a: 0.9, b: 0.3, c: -0.2, d: 1.1, e: 15, f: 25)
        let fs = 11.0, th = 0.8, rise = 2.0, tc = 0.7, w0 = 0.5
        var tm = Matrix(a: 1.2, b: 0.4, c: -0.3, d: 0.8, e: 40, f: 500)
        var k = 0
        func show(_ count: Int) {
            for _ in 0..<count where k < events.count {
                let textToPage = tm.concatenating(ctm)
                let trm = Matrix(a: fs * th, b: 0, c: 0, d: fs, e: 0, f: rise).concatenating(textToPage)
                let e = events[k]
                #expect(e.textMatrix == trm, "glyph \(k): \(e.textMatrix) against \(trm)")
                let tx = (w0 * fs + tc) * th
                let advance = abs(tx) * (textToPage.a * textToPage.a + textToPage.b * textToPage.b).squareRoot()
                #expect(e.advance == advance, "glyph \(k)")
                tm = Matrix.translation(tx, 0).concatenating(tm)
                k += 1
            }
        }
        show(3)
        tm = Matrix.translation(333.0 / 1000 * fs * th, 0).concatenating(tm)
        show(2)
        tm = Matrix(a: 0.5, b: -0.1, c: 0.2, d: 1.3, e: 10, f: 20)
        show(2)
        #expect(k == 7)
    }

    @Test("TJ numbers move by −n/1000 × Tfs × Th")
    func tjKerning() throws {
        let o = try origins("BT /F1 10 Tf 0 100 Td [(A) -500 (B) 250 (C)] TJ ET")
        #expect(near(o[0], 0, 100))
        #expect(near(o[1], 10, 100))     // 5 + 5
        #expect(near(o[2], 12.5, 100))   // 10 + 5 − 2.5
        let s = try origins("BT /F1 10 Tf 50 Tz 0 100 Td [(A) -500 (B)] TJ ET")
        #expect(near(s[1], 5, 100))      // (5 + 5) × 0.5
    }

    @Test("A TJ array moves the pen as its strings and numbers shown one by one: before the first string, between strings and after the last")
    func tjArrayEqualsItsParts() throws {
        // Shown as one array or as separate operators, the pens are the same.
        let whole = try origins("BT /F1 10 Tf 0 100 Td [-1000 (A) -500 (BC) 250 () 100 (D) -300] TJ (E) Tj ET")
        let parts = try origins("BT /F1 10 Tf 0 100 Td [-1000] TJ (A) Tj [-500] TJ (BC) Tj [250] TJ () Tj [100] TJ (D) Tj [-300] TJ (E) Tj ET")
        #expect(whole.count == 5 && parts.count == 5)
        for (a, b) in zip(whole, parts) { #expect(near(a, b.x, b.y), "\(a) \(b)") }
        #expect(near(whole[0], 10, 100))     // the leading −1000 moves one em first
        #expect(near(whole[4], 34.5, 100))   // 10 +5 +5 +5+5 −2.5 −1 +5 +3
        // A number too large for a double is read as 0.
        let odd = try origins("BT /F1 10 Tf 0 100 Td [(A) 1e999 (B)] TJ ET")
        #expect(odd.count == 2 && near(odd[1], 5, 100))
    }

    @Test("' moves to the next line; \" sets Tw and Tc first")
    func quotes() throws {
        let o = try origins("BT /F1 10 Tf 12 TL 0 100 Td (A) Tj (B) ' 2 1 (C D) \" ET")
        #expect(near(o[0], 0, 100))
        #expect(near(o[1], 0, 88))
        #expect(near(o[2], 0, 76))
        #expect(near(o[3], 6, 76))       // 5 + Tc 1
        #expect(near(o[4], 14, 76))      // 6 + 5 + Tc 1 + Tw 2
    }

    @Test("cm applies to text; Q restores the CTM")
    func cmAndQ() throws {
        let o = try origins("q 2 0 0 2 10 10 cm BT /F1 10 Tf 5 5 Td (AB) Tj ET Q BT /F1 10 Tf 5 5 Td (C) Tj ET")
        #expect(near(o[0], 20, 20))
        #expect(near(o[1], 30, 20))
        #expect(near(o[2], 5, 5))
    }

    @Test("a rotated text matrix moves glyphs along the rotated baseline")
    func rotated() throws {
        let o = try origins("BT /F1 10 Tf 0 1 -1 0 300 300 Tm (AB) Tj ET")
        #expect(near(o[0], 300, 300))
        #expect(near(o[1], 300, 305))
    }

    @Test("a form XObject is drawn under its /Matrix and the caller's CTM")
    func formMatrix() throws {
        var page = TestPage("q 2 0 0 2 0 0 cm /X1 Do Q BT /F1 10 Tf 1 1 Td (B) Tj ET")
        page.resources += " /XObject << /X1 20 0 R >>"
        page.streams = [(20, "/Type /XObject /Subtype /Form /BBox [0 0 500 500] /Matrix [1 0 0 1 100 200] /Resources << /Font << /F1 10 0 R >> >>",
                         "BT /F1 10 Tf 1 2 Td (A) Tj ET")]
        let p = try page.extract()
        #expect(p.glyphs.count == 2)
        #expect(near(p.glyphs[0].origin, 202, 404))
        #expect(near(p.glyphs[1].origin, 1, 1))
    }

    @Test("a font name means the font of the resources it is used with, however often it is switched to")
    func fontNamesFollowResources() throws {
        // /F1 is Helvetica on the page and Courier in the form; the page switches back after
        // each form, and the form is drawn twice.
        var page = TestPage("BT /F1 10 Tf (A) Tj ET /X1 Do BT /F1 10 Tf (B) Tj ET /X1 Do BT /F1 10 Tf (C) Tj /F2 10 Tf (D) Tj /F1 10 Tf (E) Tj ET")
        page.resources += " /XObject << /X1 20 0 R >>"
        page.resources = page.resources.replacingOccurrences(of: "/F1 10 0 R", with: "/F1 10 0 R /F2 11 0 R")
        page.objects = [(11, "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")]
        page.streams = [(20, "/Subtype /Form /BBox [0 0 500 500] /Resources << /Font << /F1 11 0 R >> >>",
                         "BT /F1 10 Tf 0 100 Td (x) Tj /F1 12 Tf (y) Tj ET")]
        let p = try page.extract()
        let fonts = p.glyphs.map { p.fonts[Int(p.runs[Int($0.run)].font)].baseFont }
        let text = p.glyphs.map { String(Character(p.scalars[Int($0.text.lowerBound)])) }
        #expect(text == ["A", "x", "y", "B", "x", "y", "C", "D", "E"])
        #expect(fonts == ["Helvetica", "Courier", "Courier", "Helvetica", "Courier", "Courier", "Helvetica", "Courier", "Helvetica"])
    }

    @Test("a form without /Resources uses the caller's")
    func formInheritsResources() throws {
        var page = TestPage("/X1 Do")
        page.resources += " /XObject << /X1 20 0 R >>"
        page.streams = [(20, "/Subtype /Form /BBox [0 0 500 500]", "BT /F1 10 Tf 1 2 Td (A) Tj ET")]
        let p = try page.extract()
        #expect(p.paintingOrderText == "A")
        #expect(p.diagnostics.entries.allSatisfy { $0.code != .resourceMissing })
    }

    @Test("a form that draws itself is drawn once, with a diagnostic")
    func formRecursion() throws {
        var page = TestPage("/X1 Do")
        page.resources += " /XObject << /X1 20 0 R >>"
        page.streams = [(20, "/Subtype /Form /BBox [0 0 500 500] /Resources << /Font << /F1 10 0 R >> /XObject << /X1 20 0 R >> >>",
                         "BT /F1 10 Tf 1 2 Td (A) Tj ET /X1 Do")]
        let p = try page.extract()
        #expect(p.paintingOrderText == "A")
        #expect(p.diagnostics.contains(.formRecursion))
    }

    @Test("/Rotate and /CropBox leave page-space coordinates alone")
    func rotateAndCropBox() throws {
        var page = TestPage("BT /F1 10 Tf 100 200 Td (A) Tj 0 400 Td (B) Tj ET")
        page.pageExtras = "/Rotate 90 /CropBox [50 50 300 300]"
        let p = try page.extract()
        #expect(p.rotation == 90)
        #expect(p.cropBox == Rect(x0: 50, y0: 50, x1: 300, y1: 300))
        #expect(near(p.glyphs[0].origin, 100, 200))
        #expect(!p.glyphs[0].flags.contains(.offPage))
        #expect(near(p.glyphs[1].origin, 100, 600))
        #expect(p.glyphs[1].flags.contains(.offPage))
    }

    @Test("the /Contents array is joined with a space between streams")
    func contentsArray() throws {
        var b = TestPage("")
        b.pageExtras = "/Contents [21 0 R 22 0 R]"
        b.streams = [(21, "", "BT /F1 10 Tf 10 10 Td (A) Tj"), (22, "", "(B) Tj ET")]
        // The page dictionary's own /Contents 4 0 R comes first in the text; the later key wins.
        let p = try b.extract()
        #expect(p.paintingOrderText == "AB")
        #expect(near(p.glyphs[1].origin, 15, 10))
    }
}

/// Texts longer than the glyph event keeps inline come from the font, whole.
@Suite struct LongGlyphTextTests {
    @Test("a code mapped to five characters gives all five, in the page and in the event")
    func longToUnicode() throws {
        var page = TestPage("BT /F3 10 Tf <010203> Tj ET")
        page.resources = "/Font << /F3 12 0 R >>"
        page.objects = [(12, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 13 0 R >>")]
        let cmap = """
        /CIDInit /ProcSet findresource begin 12 dict begin begincmap
        1 begincodespacerange <00> <FF> endcodespacerange
        3 beginbfchar
        <01> <00680065006C006C006F>
        <02> <0041>
        <03> <006600660069>
        endbfchar endcmap CMapName currentdict /CMap defineresource pop end end
        """
        page.streams = [(13, "", cmap)]
        let p = try page.extract()
        #expect(p.glyphs.count == 3)
        let texts = p.glyphs.map { String(String.UnicodeScalarView(p.scalars[Int($0.text.lowerBound)..<Int($0.text.upperBound)])) }
        #expect(texts == ["hello", "A", "ffi"])
        // The interpreter's events: the long text is read from the font.
        let doc = try page.build()
        let sink = RecordingSink()
        let interpreter = ContentInterpreter(store: doc.store, fonts: FontCache(store: doc.store), options: ExtractionOptions(), sink: sink)
        interpreter.run(Array("BT /F3 10 Tf <010203> Tj ET".utf8), resources: dictionary("<< /Font << /F3 12 0 R >> >>"))
        #expect(sink.glyphs.map(\.glyph.isLong) == [true, false, false])
        #expect(sink.glyphs.map { String(String.UnicodeScalarView($0.unicode)) } == ["hello", "A", "ffi"])
        #expect(sink.text == "helloAffi")
    }
}

/// Composite fonts' answers are kept per page in a table of the interpreter's: the same
/// codes of two fonts, switched back and forth, each get their own font's text.
@Suite struct CompositeGlyphCacheTests {
    @Test("two Identity-H fonts with different ToUnicode maps, 2,048 glyphs, each read right")
    func twoFontsSameCodes() throws {
        func hex(_ codes: ClosedRange<Int>) -> String {
            "<" + codes.map { String(format: "%04X", $0) }.joined() + ">"
        }
        var content = "BT"
        for _ in 0..<4 {
            content += " /F1 10 Tf \(hex(0...255)) Tj /F2 10 Tf \(hex(0...255)) Tj"
        }
        content += " ET"
        var page = TestPage(content)
        page.resources = "/Font << /F1 30 0 R /F2 40 0 R >>"
        func type0(_ n: Int, toUnicode: Int) -> [(Int, String)] {
            [(n, "<< /Type /Font /Subtype /Type0 /BaseFont /T\(n) /Encoding /Identity-H /DescendantFonts [\(n + 1) 0 R] /ToUnicode \(toUnicode) 0 R >>"),
             (n + 1, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /T\(n) /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>")]
        }
        page.objects = type0(30, toUnicode: 32) + type0(40, toUnicode: 42)
        func cmap(_ first: String) -> String {
            "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange "
                + "1 beginbfrange <0000> <00FF> <\(first)> endbfrange endcmap CMapName currentdict /CMap defineresource pop end end"
        }
        page.streams = [(32, "", cmap("4E00")), (42, "", cmap("0100"))]
        let p = try page.extract()
        #expect(p.glyphs.count == 2048)
        var expected: [Unicode.Scalar] = []
        for _ in 0..<4 {
            for c in 0...255 { expected.append(Unicode.Scalar(0x4E00 + c)!) }
            for c in 0...255 { expected.append(Unicode.Scalar(0x0100 + c)!) }
        }
        #expect(p.scalars == expected)
    }
}
