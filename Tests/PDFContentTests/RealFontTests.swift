import Testing
import PDFCore
import PDFSyntax
import PDFGlyphs
@testable import PDFContent

// Glyph positions with real font dictionaries (Type 0 with /W and /W2, Type 3, standard 14),
// checked against values worked out by hand from PDF 32000-1 §9.4.4 (text space advances:
// tx = (w0 × Tfs + Tc + Tw) × Th, ty = w1 × Tfs + Tc + Tw) and §9.7.4.3 (vertical metrics:
// the position vector v and the vertical advance w1y; PositionedGlyph.origin is the pen).

/// A Type 0 font (object 40, resource /T0) with Identity-H or Identity-V, a CIDFontType2
/// descendant (41) and a ToUnicode map (42): CIDs 1…5 read A…E, CID 32 a space.
/// Widths: CID 1 600, CID 2 700, CIDs 3–5 400, CID 32 250, others /DW 1000.
/// Vertical: /DW2 [880 −1000], CID 2 has /W2 w1y −900, v = (250, 800).
struct Type0Page {
    var page: TestPage

    init(_ content: String, vertical: Bool = false, formResources: Bool = false) {
        page = TestPage(content)
        let encoding = vertical ? "Identity-V" : "Identity-H"
        page.resources = "/Font << /F1 10 0 R /T0 40 0 R /S1 43 0 R >>"
        page.objects = [
            (40, "<< /Type /Font /Subtype /Type0 /BaseFont /TestCID /Encoding /\(encoding) /DescendantFonts [41 0 R] /ToUnicode 42 0 R >>"),
            (41, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /TestCID /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 /W [1 [600 700] 3 5 400 32 [250]] /DW2 [880 -1000] /W2 [2 [-900 250 800]] >>"),
            // A simple font with explicit widths: code 32 is 278 wide, code 65 is 667.
            (43, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 65 /Widths [278 \(String(repeating: "500 ", count: 32))667] >>"),
        ]
        page.streams = [(42, "", """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            /CMapName /Test-UCS def /CMapType 2 def
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            2 beginbfchar <0001> <0041> <0002> <0042> endbfchar
            1 beginbfrange <0003> <0005> <0043> endbfrange
            1 beginbfchar <0020> <0020> endbfchar
            endcmap CMapName currentdict /CMap defineresource pop end end
            """)]
    }

    func extract() throws -> PageGlyphs { try page.extract() }
}

@Suite struct RealFontTests {
    @Test("Type 0 Identity-H: /W widths advance the pen; Tw skips the two-byte 0x0020 but not a simple font's 32")
    func identityH() throws {
        let p = try Type0Page("BT /T0 10 Tf 5 Tw 100 700 Td <0001000200200003> Tj /S1 10 Tf ( A) Tj ET").extract()
        let o = p.origins()
        #expect(o.count == 6)
        #expect(near(o[0], 100, 700))
        #expect(near(o[1], 106, 700))     // CID 1: 600/1000 × 10
        #expect(near(o[2], 113, 700))     // CID 2: 700/1000 × 10
        #expect(near(o[3], 115.5, 700))   // CID 32: 250/1000 × 10, no Tw for a two-byte code
        #expect(near(o[4], 119.5, 700))   // CID 3: 400/1000 × 10 (the /W range 3 5 400)
        #expect(near(o[5], 127.28, 700))  // code 32 of the simple font: 2.78 + Tw 5
        #expect(p.text(of: 0) == "A" && p.text(of: 1) == "B" && p.text(of: 2) == " " && p.text(of: 3) == "C")
        #expect(p.glyphs[0..<4].allSatisfy { $0.unicodeSource == .toUnicode })
        #expect(p.glyphs[2].flags.contains(.space))
        #expect(p.glyphs.allSatisfy { !$0.flags.contains(.vertical) })
        #expect(abs(p.glyphs[1].advance - 7) < 1e-4)
    }

    @Test("a CID missing from /W takes /DW")
    func defaultWidth() throws {
        let o = try Type0Page("BT /T0 10 Tf 0 100 Td <00090001> Tj ET").extract().origins()
        #expect(near(o[1], 10, 100))      // DW 1000/1000 × 10
    }

    @Test("Type 0 Identity-V: the pen moves down by w1y, TJ moves vertically, boxes centred by vx")
    func identityV() throws {
        let p = try Type0Page("BT /T0 10 Tf 200 700 Td [<0001> 500 <00020009>] TJ ET", vertical: true).extract()
        let o = p.origins()
        #expect(o.count == 3)
        // Origins are pen positions (PositionedGlyph.origin; the glyph-space origin would be
        // the pen minus v). Pen: 700, then − 10 (CID 1: w1y = DW2[1] = −1000) − 5 (TJ 500:
        // −500/1000 × 10, vertical) = 685, then − 9 (CID 2: /W2 w1y −900) = 676.
        #expect(near(o[0], 200, 700))
        #expect(near(o[1], 200, 685))
        #expect(near(o[2], 200, 676))
        // Boxes: w0 wide starting vx left of the pen, |w1y| high below it.
        // CID 1: w0 600, vx = w0/2 = 300 (no /W2 entry) → x 197…203, y 690…700.
        let a = p.glyphs[0].quad.bounds, b = p.glyphs[1].quad.bounds, c = p.glyphs[2].quad.bounds
        #expect(abs(a.x0 - 197) < 1e-9 && abs(a.x1 - 203) < 1e-9)
        #expect(abs(a.y0 - 690) < 1e-9 && abs(a.y1 - 700) < 1e-9)
        // CID 2: w0 700, /W2 vx 250 → x 197.5…204.5, y 676…685.
        #expect(abs(b.x0 - 197.5) < 1e-9 && abs(b.x1 - 204.5) < 1e-9)
        #expect(abs(b.y0 - 676) < 1e-9 && abs(b.y1 - 685) < 1e-9)
        // CID 9: w0 = DW 1000, vx 500 → x 195…205, y 666…676.
        #expect(abs(c.x0 - 195) < 1e-9 && abs(c.x1 - 205) < 1e-9)
        #expect(abs(c.y0 - 666) < 1e-9 && abs(c.y1 - 676) < 1e-9)
        #expect(p.glyphs.allSatisfy { $0.flags.contains(.vertical) })
        #expect(p.runs.allSatisfy { $0.writingMode == 1 })
        #expect(abs(p.glyphs[1].advance - 9) < 1e-4)
    }

    @Test("Tc applies to two-byte codes; Tz scales the advances of a Type 0 font")
    func spacingAndScaling() throws {
        let o = try Type0Page("BT /T0 10 Tf 50 Tz 2 Tc 0 100 Td <000100020003> Tj ET").extract().origins()
        #expect(near(o[0], 0, 100))
        #expect(near(o[1], 4, 100))       // (6 + 2) × 0.5
        #expect(near(o[2], 8.5, 100))     // + (7 + 2) × 0.5
    }

    @Test("TJ numbers with a Type 0 font move by −n/1000 × Tfs × Th")
    func tjWithType0() throws {
        let o = try Type0Page("BT /T0 10 Tf 50 Tz 0 100 Td [<0001> -1000 <0002>] TJ ET").extract().origins()
        #expect(near(o[1], 8, 100))       // (6 + 10) × 0.5
    }

    @Test("ActualText replaces the text of the Type 0 glyphs it covers")
    func actualText() throws {
        let p = try Type0Page("BT /T0 10 Tf 0 100 Td /Span << /ActualText (xyz) >> BDC <00010002> Tj EMC <0003> Tj ET").extract()
        #expect(p.paintingOrderText == "xyzC")
        #expect(p.glyphs.map(\.unicodeSource) == [.actualText, .actualText, .toUnicode])
        #expect(p.text(of: 0) == "xyz")
        #expect(p.text(of: 1).isEmpty)
        #expect(near(p.glyphs[1].origin, 6, 100))   // geometry is untouched
    }

    @Test("the same Type 0 glyph painted again 0.3 pt away is a fake-bold duplicate")
    func fakeBold() throws {
        let p = try Type0Page("BT /T0 10 Tf 100 700 Td <0001> Tj ET BT /T0 10 Tf 100.3 700 Td <0001> Tj ET BT /T0 10 Tf 100 700 Td <0002> Tj ET").extract()
        #expect(p.glyphs.count == 3)
        #expect(!p.glyphs[0].flags.contains(.duplicate))
        #expect(p.glyphs[1].flags.contains(.duplicate))
        #expect(!p.glyphs[2].flags.contains(.duplicate))   // another glyph at the same place
    }

    @Test("text in a form XObject uses a font from the form's own resources")
    func formFont() throws {
        var t = Type0Page("/X1 Do")
        t.page.resources = "/Font << /F1 10 0 R >> /XObject << /X1 50 0 R >>"
        t.page.streams.append((50, "/Type /XObject /Subtype /Form /BBox [0 0 500 500] /Matrix [1 0 0 1 100 200] /Resources << /Font << /T0 40 0 R >> >>",
                               "BT /T0 10 Tf 10 20 Td <00010002> Tj ET"))
        let p = try t.extract()
        #expect(p.paintingOrderText == "AB")
        #expect(near(p.glyphs[0].origin, 110, 220))
        #expect(near(p.glyphs[1].origin, 116, 220))
        #expect(p.glyphs.allSatisfy { $0.unicodeSource == .toUnicode })
        #expect(p.diagnostics.entries.allSatisfy { $0.code != .resourceMissing })
    }

    @Test("Type 3: /Widths in glyph space through FontMatrix; each glyph's box from its d1")
    func type3Boxes() throws {
        var page = TestPage("BT /T3 10 Tf 100 100 Td (abc) Tj ET")
        page.resources = "/Font << /T3 40 0 R >>"
        page.objects = [(40, "<< /Type /Font /Subtype /Type3 /FontBBox [0 -50 100 100] /FontMatrix [0.01 0 0 0.01 0 0] /CharProcs << /a 41 0 R /b 42 0 R /c 43 0 R >> /Encoding << /Differences [97 /a /b /c] >> /FirstChar 97 /LastChar 99 /Widths [50 80 30] /Resources << >> >>")]
        page.streams = [(41, "", "50 0 0 -20 40 70 d1 0 0 40 70 re f"),
                        (42, "", "80 0 5 0 75 50 d1 5 0 70 50 re f"),
                        (43, "", "30 0 d0 0 0 30 30 re f")]
        let p = try page.extract()
        let o = p.origins()
        #expect(near(o[0], 100, 100))
        #expect(near(o[1], 105, 100))    // 50 × 0.01 × 10
        #expect(near(o[2], 113, 100))    // + 80 × 0.01 × 10
        let a = p.glyphs[0].quad.bounds, b = p.glyphs[1].quad.bounds, c = p.glyphs[2].quad.bounds
        // Box: advance wide; d1's lly…ury high (× 0.01 × 10).
        #expect(abs(a.x0 - 100) < 1e-9 && abs(a.x1 - 105) < 1e-9)
        #expect(abs(a.y0 - 98) < 1e-9 && abs(a.y1 - 107) < 1e-9)
        #expect(abs(b.x0 - 105) < 1e-9 && abs(b.x1 - 113) < 1e-9)
        #expect(abs(b.y0 - 100) < 1e-9 && abs(b.y1 - 105) < 1e-9)
        // d0 gives no box: the /FontBBox's height (−50…100).
        #expect(abs(c.y0 - 95) < 1e-9 && abs(c.y1 - 110) < 1e-9)
        #expect(abs(p.glyphs[2].advance - 3) < 1e-4)
    }

    @Test("standard 14 fonts without /Widths take the AFM widths (Helvetica a = 556, Times a = 444, Courier 600)")
    func standard14Widths() throws {
        var page = TestPage("BT /F1 10 Tf 0 100 Td (aa) Tj /F2 10 Tf 0 -20 Td (aa) Tj /F3 10 Tf 0 -20 Td (aa) Tj ET")
        page.resources = "/Font << /F1 13 0 R /F2 11 0 R /F3 12 0 R >>"
        page.objects = [(13, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
                        (11, "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>"),
                        (12, "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")]
        let p = try page.extract()
        let o = p.origins()
        #expect(o.count == 6)
        #expect(near(o[1], 5.56, 100))
        #expect(near(o[3], 4.44, 80))
        #expect(near(o[5], 6, 60))
        #expect(p.glyphs.allSatisfy { $0.unicodeSource == .encoding })
    }
}
