import Testing
import PDFFile
import PDFFonts
import PDFTestSupport
import PDFCore
import PDFSyntax
import PDFGlyphs
@testable import PDFContent

@Suite struct ColourTests {
    func fill(_ content: String, colorSpaces: String = "", objects: [(Int, String)] = []) throws -> RGBA? {
        var page = TestPage("BT /F1 10 Tf 10 10 Td \(content) (A) Tj ET")
        if !colorSpaces.isEmpty { page.resources += " /ColorSpace << \(colorSpaces) >>" }
        page.objects = objects
        let p = try page.extract()
        return p.runs.first?.fillColor
    }

    func close(_ c: RGBA?, _ r: Float, _ g: Float, _ b: Float, tolerance: Float = 0.01) -> Bool {
        guard let c else { return false }
        return abs(c.red - r) <= tolerance && abs(c.green - g) <= tolerance && abs(c.blue - b) <= tolerance
    }

    @Test("device gray, RGB and CMYK")
    func device() throws {
        #expect(close(try fill("0.5 g"), 0.5, 0.5, 0.5))
        #expect(close(try fill("1 0 0 rg"), 1, 0, 0))
        #expect(close(try fill("0 1 1 0 k"), 1, 0, 0))
        #expect(close(try fill("0 0 0 0.5 k"), 0.5, 0.5, 0.5))
        #expect(close(try fill(""), 0, 0, 0))
    }

    @Test("Indexed with a string lookup table")
    func indexed() throws {
        let c = try fill("/CS1 cs 1 sc", colorSpaces: "/CS1 [/Indexed /DeviceRGB 1 <FF000000FF00>]")
        #expect(close(c, 0, 1, 0))
    }

    @Test("Separation with a Type 2 tint transform into CMYK; ICCBased by /N")
    func separation() throws {
        let sep = "/CS1 [/Separation /Spot /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0 0 0] /N 1 >>]"
        #expect(close(try fill("/CS1 cs 0.5 scn", colorSpaces: sep), 0.5, 1, 1))
        // Initial colour of a Separation space: tint 1.
        #expect(close(try fill("/CS1 cs", colorSpaces: sep), 0, 1, 1))
        // A transform that cannot be evaluated (a Type 4 function that is not a stream): tint 1
        // black, tint 0 white, linear between.
        let ps = "/CS1 [/Separation /Spot /DeviceRGB 30 0 R]"
        #expect(close(try fill("/CS1 cs 0.25 scn", colorSpaces: ps, objects: [(30, "<< /FunctionType 4 /Domain [0 1] >>")]), 0.75, 0.75, 0.75))
        let icc = "/CS1 [/ICCBased 31 0 R]"
        #expect(close(try fill("/CS1 cs 0.2 0.4 0.6 sc", colorSpaces: icc, objects: [(31, "<< /N 3 >>")]), 0.2, 0.4, 0.6))
    }

    func fillWithStream(_ content: String, colorSpaces: String, stream: (Int, String, String)) throws -> RGBA? {
        var page = TestPage("BT /F1 10 Tf 10 10 Td \(content) (A) Tj ET")
        page.resources += " /ColorSpace << \(colorSpaces) >>"
        page.streams = [stream]
        return try page.extract().runs.first?.fillColor
    }

    @Test("Separation with a Type 4 (PostScript calculator) tint transform, with if/ifelse, roll and index")
    func postScriptTint() throws {
        let cs = "/CS1 [/Separation /Spot /DeviceCMYK 30 0 R]"
        // t → (0, 0, 0, t): tint 0.25 is 25 % black.
        let black = (30, "/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1 0 1]", "{ 0 0 0 4 -1 roll }")
        #expect(close(try fillWithStream("/CS1 cs 0.25 scn", colorSpaces: cs, stream: black), 0.75, 0.75, 0.75))
        // t > 0.5 → cyan t, else magenta t (ifelse), through dup/index/exch.
        let branch = (30, "/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1 0 1]",
                      "{ dup 0.5 gt { 0 0 0 } { 0 exch 0 0 } ifelse 3 index pop }")
        let c = try fillWithStream("/CS1 cs 1 scn", colorSpaces: cs, stream: branch)
        #expect(close(c, 0, 1, 1))    // cyan 1 → (0, 1, 1)
        let m = try fillWithStream("/CS1 cs 0.4 scn", colorSpaces: cs, stream: branch)
        #expect(close(m, 1, 0.6, 1))  // magenta 0.4
        // sin and cos take degrees: cos 60 = 0.5 black.
        let trig = (30, "/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1 0 1]", "{ pop 0 0 0 60 cos 30 sin add 2 div }")
        #expect(close(try fillWithStream("/CS1 cs 1 scn", colorSpaces: cs, stream: trig), 0.5, 0.5, 0.5))
    }

    @Test("Separation with a Type 0 (sampled) tint transform, interpolated")
    func sampledTint() throws {
        let cs = "/CS1 [/Separation /Spot /DeviceRGB 30 0 R]"
        // Two samples: tint 0 = red, tint 1 = blue; tint 0.5 is halfway.
        var page = TestPage("BT /F1 10 Tf 10 10 Td /CS1 cs 0.5 scn (A) Tj ET")
        page.resources += " /ColorSpace << \(cs) >>"
        let bytes: [UInt8] = [255, 0, 0, 0, 0, 255]
        page.binaryStreams = [(30, "/FunctionType 0 /Domain [0 1] /Range [0 1 0 1 0 1] /Size [2] /BitsPerSample 8", bytes)]
        let c = try page.extract().runs.first?.fillColor
        #expect(close(c, 0.5, 0, 0.5))
    }

    @Test("Lab: L* 100 is white, L* 0 black")
    func lab() throws {
        let lab = "/CS1 [/Lab << /WhitePoint [0.9505 1 1.089] >>]"
        #expect(close(try fill("/CS1 cs 100 0 0 sc", colorSpaces: lab), 1, 1, 1))
        #expect(close(try fill("/CS1 cs 0 0 0 sc", colorSpaces: lab), 0, 0, 0))
    }

    @Test("fill alpha from ExtGState")
    func alpha() throws {
        var page = TestPage("/GS1 gs BT /F1 10 Tf 10 10 Td (A) Tj ET")
        page.resources += " /ExtGState << /GS1 << /ca 0.5 /CA 0.25 >> >>"
        let p = try page.extract()
        #expect(p.runs[0].fillColor.alpha == 0.5)
        #expect(p.runs[0].strokeColor.alpha == 0.25)
    }
}

@Suite struct GlyphFlagTests {
    @Test("render mode 3 and zero fill alpha are invisible")
    func invisible() throws {
        var page = TestPage("BT /F1 10 Tf 10 10 Td (A) Tj 3 Tr (B) Tj 0 Tr /GS1 gs (C) Tj ET")
        page.resources += " /ExtGState << /GS1 << /ca 0 >> >>"
        let p = try page.extract()
        #expect(p.glyphs.map { $0.flags.contains(.invisible) } == [false, true, true])
        #expect(p.runs.count == 3)
    }

    @Test("the same glyph painted again less than 1 pt away is a duplicate (the later one)")
    func fakeBold() throws {
        let p = try TestPage("BT /F1 10 Tf 100 700 Td (A) Tj ET BT /F1 10 Tf 100.5 700.3 Td (A) Tj ET BT /F1 10 Tf 101.2 700 Td (A) Tj ET BT /F1 10 Tf 99.5 700 Td (B) Tj ET").extract()
        #expect(p.glyphs.map { $0.flags.contains(.duplicate) } == [false, true, true, false])
    }

    @Test("a glyph wholly outside the clip box is clipped; Q restores the clip")
    func clip() throws {
        let p = try TestPage("q 0 0 50 50 re W n BT /F1 10 Tf 100 100 Td (A) Tj ET BT /F1 10 Tf 10 10 Td (B) Tj ET Q BT /F1 10 Tf 100 100 Td (C) Tj ET").extract()
        #expect(p.glyphs.map { $0.flags.contains(.clipped) } == [true, false, false])
    }

    @Test("a clip of several rectangles clips what lies between them; a glyph in either, or straddling an edge, is kept")
    func multiRectangleClip() throws {
        // Two column boxes, 0–50 and 200–250; A at 100 lies between them, B in the first,
        // C in the second, D straddles the first's right edge (45–~52).
        let p = try TestPage("q 0 0 50 50 re 200 0 50 50 re W n BT /F1 10 Tf 100 10 Td (A) Tj -90 0 Td (B) Tj 200 0 Td (C) Tj -165 0 Td (D) Tj ET Q").extract()
        #expect(p.glyphs.map { $0.flags.contains(.clipped) } == [true, false, false, false])
    }

    @Test("a clip of no area clips even a glyph whose box holds it")
    func emptyClip() throws {
        let p = try TestPage("q 20 10 0 0 re W n BT /F1 10 Tf 18 8 Td (B) Tj ET Q BT /F1 10 Tf 18 8 Td (C) Tj ET").extract()
        #expect(p.glyphs.map { $0.flags.contains(.clipped) } == [true, false])
    }

    @Test("a form's BBox clips its glyphs")
    func formBBoxClip() throws {
        var page = TestPage("/X1 Do")
        page.resources += " /XObject << /X1 20 0 R >>"
        page.streams = [(20, "/Subtype /Form /BBox [0 0 50 50]", "BT /F1 10 Tf 10 10 Td (A) Tj 100 0 Td (B) Tj ET")]
        let p = try page.extract()
        #expect(p.glyphs.map { $0.flags.contains(.clipped) } == [false, true])
    }

    @Test("a glyph wholly outside the crop box is off the page")
    func offPage() throws {
        let p = try TestPage("BT /F1 10 Tf 700 100 Td (A) Tj -690 0 Td (B) Tj ET").extract()
        #expect(p.glyphs.map { $0.flags.contains(.offPage) } == [true, false])
    }

    @Test("glyphs with no Unicode give one diagnostic per font")
    func noUnicode() throws {
        let p = try TestPage("BT /F1 10 Tf 10 10 Td <0102030441> Tj ET").extract()
        #expect(p.glyphs.count == 5)
        let d = p.diagnostics.entries.filter { $0.code == .glyphUnmapped }
        #expect(d.count == 1)
        #expect(d.first?.message.contains("4 glyphs") == true)
    }

    @Test("a new run per text-showing operator, font size and colour")
    func runs() throws {
        let p = try TestPage("BT /F1 10 Tf 10 10 Td (AB) Tj (C) Tj 1 0 0 rg (D) Tj /F1 12 Tf (E) Tj ET").extract()
        #expect(p.runs.map(\.glyphs) == [0..<2, 2..<3, 3..<4, 4..<5])
        #expect(p.runs[3].fontSize == 12)
        #expect(p.fonts.count == 1)
        #expect(p.runs.allSatisfy { $0.font == 0 })
        #expect(p.glyphs.map(\.run) == [0, 0, 1, 2, 3])
    }
}

@Suite struct MarkedContentTests {
    @Test("ActualText replaces the glyphs of its span: all text to the first glyph, geometry kept")
    func actualText() throws {
        let p = try TestPage("BT /F1 10 Tf 10 10 Td /Span << /ActualText (ffi) >> BDC (XY) Tj EMC (Z) Tj ET").extract()
        #expect(p.glyphs.count == 3)
        #expect(p.text(of: 0) == "ffi")
        #expect(p.text(of: 1) == "")
        #expect(p.text(of: 2) == "Z")
        #expect(p.glyphs[0].unicodeSource == .actualText)
        #expect(p.glyphs[1].unicodeSource == .actualText)
        #expect(p.glyphs[2].unicodeSource != .actualText)
        #expect(near(p.glyphs[1].origin, 15, 10))
        #expect(p.paintingOrderText == "ffiZ")
    }

    @Test("nested ActualText: the outermost wins; an ActualText with no glyphs emits nothing")
    func nestedActualText() throws {
        let p = try TestPage("BT /F1 10 Tf 10 10 Td /Span << /ActualText <FEFF00C9> >> BDC (A) Tj /Span << /ActualText (inner) >> BDC (B) Tj EMC EMC /Span << /ActualText (none) >> BDC EMC (C) Tj ET").extract()
        #expect(p.paintingOrderText == "\u{C9}C")
        #expect(p.markedContent.count == 3)
        #expect(p.markedContent[2].actualText == "none")
        #expect(p.markedContent[1].parent == 0)
    }

    @Test("artifacts flag their glyphs and keep /Type and /Subtype")
    func artifact() throws {
        let p = try TestPage("BT /F1 10 Tf 10 10 Td /Artifact << /Type /Pagination /Subtype /Header >> BDC (A) Tj EMC (B) Tj /Artifact BMC (C) Tj EMC ET").extract()
        #expect(p.glyphs.map { $0.flags.contains(.artifact) } == [true, false, true])
        #expect(p.markedContent[0].artifactType == "Pagination")
        #expect(p.markedContent[0].artifactSubtype == "Header")
        #expect(p.markedContent[0].isArtifact)
    }

    @Test("a property list read in one pass: every key the span keeps, others passed over, /Type and /Subtype only for artifacts")
    func propertyList() throws {
        let p = try TestPage("BT /F1 10 Tf 10 10 Td /Span << /Other 1 /Type /Pagination /Subtype /Header /MCID 4 /Alt (a) /Lang (de) /E (e) /ActualText (X) /Z [1 2] >> BDC (A) Tj EMC /Artifact << /Subtype /Footer /MCID 2.0 /Q (q) >> BDC (B) Tj EMC ET").extract()
        let span = p.markedContent[0], artifact = p.markedContent[1]
        #expect(span.mcid == 4 && span.alt == "a" && span.lang == "de" && span.expansion == "e" && span.actualText == "X")
        #expect(span.artifactType == nil && span.artifactSubtype == nil && !span.isArtifact)
        #expect(artifact.isArtifact && artifact.artifactSubtype == "Footer" && artifact.artifactType == nil)
        #expect(artifact.mcid == 2 && artifact.alt == nil && artifact.actualText == nil)
        #expect(p.paintingOrderText == "XB")
    }

    @Test("MCID spans inline and by name from /Properties; unbalanced EMC ignored; unclosed closed")
    func mcid() throws {
        var page = TestPage("EMC BT /F1 10 Tf 10 10 Td /P << /MCID 3 >> BDC (A) Tj EMC /P /MC0 BDC (B) Tj EMC /Span << /MCID 9 /Lang (fr) /Alt (x) /E (etc) >> BDC (C) Tj ET")
        page.resources += " /Properties << /MC0 << /MCID 7 >> >>"
        let p = try page.extract()
        #expect(p.markedContent.map(\.mcid) == [3, 7, 9])
        #expect(p.markedContent.map(\.tag) == ["P", "P", "Span"])
        #expect(p.runs.map(\.markedContent) == [0, 1, 2])
        #expect(p.markedContent[2].lang == "fr")
        #expect(p.markedContent[2].alt == "x")
        #expect(p.markedContent[2].expansion == "etc")
        #expect(p.diagnostics.contains(.contentUnbalanced))
    }
}

@Suite struct AnnotationTests {
    func page(flags: Int = 0, include: Bool = true) -> TestPage {
        var page = TestPage("BT /F1 10 Tf 10 10 Td (P) Tj ET")
        page.pageExtras = "/Annots [30 0 R 32 0 R]"
        page.objects = [
            (30, "<< /Type /Annot /Subtype /FreeText /F \(flags) /Rect [100 100 200 150] /AP << /N 31 0 R >> >>"),
            (32, "<< /Type /Annot /Subtype /Popup /Rect [0 0 100 100] /AP << /N 31 0 R >> >>"),
        ]
        page.streams = [(31, "/Type /XObject /Subtype /Form /BBox [0 0 50 25] /Resources << /Font << /F1 10 0 R >> >>",
                         "BT /F1 10 Tf 5 5 Td (A) Tj ET")]
        page.options.includeAnnotations = include
        return page
    }

    @Test("an appearance stream is mapped from its BBox onto /Rect; its glyphs are flagged")
    func appearance() throws {
        let p = try page().extract()
        #expect(p.paintingOrderText == "PA")
        #expect(near(p.glyphs[1].origin, 110, 110))   // BBox 50×25 → Rect 100×50: scale 2
        #expect(p.glyphs[1].flags.contains(.annotation))
        #expect(!p.glyphs[0].flags.contains(.annotation))
        #expect(abs(p.glyphs[1].advance - 10) < 1e-5)
    }

    @Test("annotations are off by default; hidden and NoView ones are skipped")
    func skipped() throws {
        #expect(try page(include: false).extract().paintingOrderText == "P")
        #expect(try page(flags: 2).extract().paintingOrderText == "P")
        #expect(try page(flags: 32).extract().paintingOrderText == "P")
        #expect(try page(flags: 4).extract().paintingOrderText == "PA")  // Print only
    }

    @Test("an appearance dictionary of states is chosen by /AS")
    func states() throws {
        var p = page()
        p.objects[0] = (30, "<< /Type /Annot /Subtype /Widget /AS /On /Rect [0 0 50 25] /AP << /N << /Off 33 0 R /On 31 0 R >> >> >>")
        p.streams.append((33, "/Subtype /Form /BBox [0 0 50 25] /Resources << /Font << /F1 10 0 R >> >>", "BT /F1 10 Tf 5 5 Td (X) Tj ET"))
        let g = try p.extract()
        #expect(g.paintingOrderText == "PA")
        #expect(near(g.glyphs[1].origin, 5, 5))
    }
}

@Suite struct BudgetTests {
    @Test("a huge stream stops at the operator budget with a diagnostic")
    func operatorBudget() throws {
        var page = TestPage(String(repeating: "0 0 m ", count: 200_000) + "BT /F1 10 Tf (A) Tj ET")
        page.options.maxOperators = 10_000
        let p = try page.extract()
        #expect(p.glyphs.isEmpty)
        #expect(p.diagnostics.entries.contains { $0.code == .contentBudget && $0.severity == .error })
    }

    @Test("the glyph budget stops interpretation")
    func glyphBudget() throws {
        var page = TestPage("BT /F1 10 Tf (" + String(repeating: "A", count: 500) + ") Tj ET")
        page.options.maxGlyphs = 100
        let p = try page.extract()
        #expect(p.glyphs.count == 100)
        #expect(p.diagnostics.contains(.contentBudget))
    }

    @Test("deep q nesting and unbalanced Q are survived")
    func stateStack() throws {
        let p = try TestPage(String(repeating: "q ", count: 1000) + "BT /F1 10 Tf 3 3 Td (A) Tj ET" + String(repeating: " Q", count: 1200)).extract()
        #expect(near(p.glyphs[0].origin, 3, 3))
        #expect(p.diagnostics.contains(.contentUnbalanced))
    }

    @Test("a missing page gives an empty result with a diagnostic")
    func missingPage() throws {
        let doc = try TestPage("").build()
        let p = extractGlyphs(document: doc, pageIndex: 5, fonts: .init(store: doc.store))
        #expect(p.glyphs.isEmpty)
        #expect(p.diagnostics.contains(.pageMissing))
    }
}

@Suite struct SynthesizedAppearanceTests {
    func page(_ annots: [(Int, String)], catalogForm: Bool = false) -> TestPage {
        var page = TestPage("BT /F1 10 Tf 10 10 Td (P) Tj ET")
        page.pageExtras = "/Annots [" + annots.map { "\($0.0) 0 R" }.joined(separator: " ") + "]"
        page.objects = annots
        page.options.includeAnnotations = true
        return page
    }

    @Test("a text field without an appearance shows its value (inherited from the parent) in its rectangle")
    func textField() throws {
        let p = try page([
            (30, "<< /Type /Annot /Subtype /Widget /Parent 31 0 R /Rect [100 100 300 120] /DA (/Helv 10 Tf 0 0 1 rg) >>"),
            (31, "<< /FT /Tx /T (name) /V (Jane Doe) >>"),
        ]).extract()
        #expect(p.paintingOrderText == "PJane Doe")
        let j = p.glyphs[1]
        #expect(j.flags.contains(.annotation))
        #expect(j.origin.x == 102)                          // 2 pt padding
        #expect(j.origin.y > 100 && j.origin.y < 110)       // inside the field, centred
        #expect(p.runs[Int(j.run)].fillColor == RGBA(red: 0, green: 0, blue: 1))
    }

    @Test("a centred field (/Q 1) is centred by the font's own widths")
    func centred() throws {
        let p = try page([(30, "<< /Type /Annot /Subtype /Widget /FT /Tx /Q 1 /V (AB) /Rect [100 100 300 120] /DA (/Helv 10 Tf 0 g) >>")]).extract()
        // Helvetica A and B are 667/1000 em: 13.34 pt at 10 pt; (200 - 13.34) / 2 = 93.33.
        #expect(abs(p.glyphs[1].origin.x - 193.33) < 0.01)
        #expect(abs(p.glyphs[2].origin.x - 200) < 0.01)
    }

    @Test("FreeText without an appearance shows /Contents, any script, one line per line break")
    func freeText() throws {
        let p = try page([
            (30, "<< /Type /Annot /Subtype /FreeText /Rect [0 0 200 100] /DA (/Helv 12 Tf) /Contents <FEFF005A0061014201050063007A006E0069006B000A0041> >>"),
        ]).extract()
        #expect(p.paintingOrderText == "PZałącznikA")
        let a = p.glyphs.last!
        let z = p.glyphs[1]
        #expect(a.origin.y < z.origin.y - 12)               // the second line is below
    }

    @Test("password fields and fields without a value show nothing; the option turns synthesis off")
    func nothing() throws {
        #expect(try page([(30, "<< /Subtype /Widget /FT /Tx /Ff 8192 /V (secret) /Rect [0 0 100 20] >>")]).extract().paintingOrderText == "P")
        #expect(try page([(30, "<< /Subtype /Widget /FT /Tx /Rect [0 0 100 20] >>")]).extract().paintingOrderText == "P")
        var off = page([(30, "<< /Subtype /Widget /FT /Tx /V (x) /Rect [0 0 100 20] >>")])
        off.options.synthesizeAppearances = false
        #expect(try off.extract().paintingOrderText == "P")
    }
}

@Suite struct InheritedResourceTests {
    @Test("a font missing from the page's own /Resources is found in the page tree's, with a diagnostic")
    func fallback() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 50] /Resources << /Font << /F1 10 0 R >> >> >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /XObject << >> >> >>")
        b.addStream(4, text: "BT /F1 20 Tf 10 20 Td (Is) Tj ET")
        b.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>")
        let doc = try Document(bytes: b.build().bytes)
        let p = extractGlyphs(document: doc, pageIndex: 0, fonts: FontCache(store: doc.store))
        #expect(p.paintingOrderText == "Is")
        #expect(p.fonts.first?.name == "Times-Roman")
        #expect(abs(p.glyphs[1].origin.x - (10 + 0.333 * 20)) < 1e-9)
        #expect(p.diagnostics.contains(.resourceMissing))
    }
}

@Suite struct OptionalContentTests {
    @Test("text in a layer that is off, by BDC /OC or a form's /OC, is flagged hidden; other layers are not")
    func hiddenLayers() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [20 0 R 21 0 R 22 0 R] /D << /OFF [20 0 R] >> >> >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 200] >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 10 0 R >> /Properties << /Off 20 0 R /On 21 0 R /M 23 0 R >> /XObject << /X 24 0 R >> >> >>")
        b.addStream(4, text: """
            BT /F1 10 Tf 10 10 Td /OC /Off BDC (a) Tj EMC /OC /On BDC (b) Tj EMC /OC /M BDC (c) Tj EMC (d) Tj ET
            /X Do
            """)
        b.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        b.add(20, "<< /Type /OCG /Name (off) >>")
        b.add(21, "<< /Type /OCG /Name (on) >>")
        b.add(22, "<< /Type /OCG /Name (other) >>")
        b.add(23, "<< /Type /OCMD /OCGs [20 0 R 21 0 R] /P /AllOn >>")
        b.addStream(24, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 200 200] /OC 20 0 R /Resources << /Font << /F1 10 0 R >> >>",
                    text: "BT /F1 10 Tf 50 50 Td (e) Tj ET")
        let doc = try Document(bytes: b.build().bytes)
        let p = extractGlyphs(document: doc, pageIndex: 0, fonts: FontCache(store: doc.store))
        #expect(p.paintingOrderText == "abcde")
        #expect(p.glyphs.map { $0.flags.contains(.hidden) } == [true, false, true, false, true])
    }
}

@Suite struct DuplicateIndexTests {
    @Test("a coordinate's cell is its floor, as Int32(saturating: v.rounded(.down)) gives it, NaN included")
    func cells() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 2.999999, -2.000001, 1e9, -1e9, 999_999_999.5,
                                -999_999_999.5, 123.456, -123.456, .nan, 4503599627370495.5 / 1e7]
        for k in 0..<2000 { values.append(Double(k - 1000) * 0.37) }
        for v in values {
            let (index, edge) = DuplicateIndex.cell(v)
            #expect(index == Int32(saturating: v.rounded(.down)), "\(v)")
            if v.isNaN { #expect(edge.isNaN) } else { #expect(edge == v.rounded(.down), "\(v)") }
            // What the lookup decides from the edge: which neighbour cells a point is near.
            #expect((v - edge < 0.5) == (v - v.rounded(.down) < 0.5), "\(v)")
        }
        // Past the bound callers clamp to, the clamped value's cell, never a trap.
        #expect(DuplicateIndex.cell(.infinity) == (1_000_000_000, 1e9))
        #expect(DuplicateIndex.cell(-.infinity) == (-1_000_000_000, -1e9))
        #expect(DuplicateIndex.cell(1e300) == (1_000_000_000, 1e9))
    }

    @Test("a repeat within 1 pt is found across cell edges; farther ones, other codes and fonts are not")
    func neighbourhood() {
        let index = DuplicateIndex(capacity: 4)
        let pairs: [(Point, Point, Bool)] = [
            (Point(x: 1.99, y: 5), Point(x: 2.01, y: 5), true),      // across a 2 pt cell edge
            (Point(x: 10, y: 10), Point(x: 10.7, y: 10.7), true),     // diagonal, 0.99 pt
            (Point(x: 20, y: 20), Point(x: 20.8, y: 20.8), false),    // diagonal, 1.13 pt
            (Point(x: -3.5, y: -0.2), Point(x: -4.1, y: 0.3), true),  // negative coordinates
            (Point(x: 100, y: 100), Point(x: 101.2, y: 100), false),
        ]
        for (n, (a, b, expected)) in pairs.enumerated() {
            let code = UInt32(n)
            let first = index.checkAndInsert(font: 1, code: code, origin: a)
            let second = index.checkAndInsert(font: 1, code: code, origin: b)
            let otherFont = index.checkAndInsert(font: 2, code: code, origin: a)
            let otherCode = index.checkAndInsert(font: 1, code: code + 100, origin: a)
            #expect(!first)
            #expect(second == expected, "\(a) \(b)")
            #expect(!otherFont && !otherCode)
        }
        // Growing keeps what was recorded.
        for k in 0..<5000 { _ = index.checkAndInsert(font: 3, code: UInt32(k), origin: Point(x: Double(k), y: 0)) }
        let again = index.checkAndInsert(font: 1, code: 0, origin: Point(x: 2.0, y: 5))
        #expect(again)
    }

    @Test("answers as a brute-force search of every recorded point does, with 64 points kept a cell, through growth")
    func matchesBruteForce() {
        let index = DuplicateIndex(capacity: 4)
        // Every recorded point by font and code (searched whole), and how many each 8 pt
        // cell recorded (a cell records no more than `perCell`).
        var recorded: [UInt64: [Point]] = [:]
        var perCell: [UInt64: Int] = [:]
        func reference(_ font: Int32, _ code: UInt32, _ p: Point) -> Bool {
            let glyph = DuplicateIndex.key(font: font, code: code, cx: 0, cy: 0)
            let found = recorded[glyph, default: []].contains { q in
                (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y) < 1
            }
            let sx = min(max(p.x / DuplicateIndex.cellSize, -1e9), 1e9), sy = min(max(p.y / DuplicateIndex.cellSize, -1e9), 1e9)
            let own = DuplicateIndex.key(font: font, code: code, cx: DuplicateIndex.cell(sx).index, cy: DuplicateIndex.cell(sy).index)
            if perCell[own, default: 0] < Int(DuplicateIndex.perCell) {
                perCell[own, default: 0] += 1
                recorded[glyph, default: []].append(p)
            }
            return found
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var found = 0
        for k in 0..<8_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // Dense spots (more than 64 points a cell), a wide field with points near every
            // cell edge and corner, and repeats.
            let dense = k % 3 == 0
            let x = dense ? Double(state >> 40 & 0xF) * 0.13 : Double(state >> 40 & 0xFFF) * 0.29 - 300
            let y = dense ? Double(state >> 20 & 0xF) * 0.11 : Double(state >> 20 & 0xFFF) * 0.31 - 300
            let code = UInt32(state >> 8 & 0x3), font = Int32(state & 1)
            let p = Point(x: x, y: y)
            let a = index.checkAndInsert(font: font, code: code, origin: p)
            let b = reference(font, code, p)
            #expect(a == b, "\(k): \(p)")
            if a { found += 1 }
            if a != b { break }
        }
        #expect(found > 500 && found < 7_500, "both answers occur: \(found)")
    }

    @Test("only the cells a 1 pt circle reaches are looked up: repeats across 8 pt cell edges and corners are found")
    func edgesAndCorners() {
        let index = DuplicateIndex(capacity: 4)
        let pairs: [(Point, Point, Bool)] = [
            (Point(x: 7.99, y: 3), Point(x: 8.01, y: 3), true),        // across a vertical edge
            (Point(x: 3, y: -0.01), Point(x: 3, y: 0.01), true),       // across a horizontal edge
            (Point(x: 0.3, y: 0.3), Point(x: -0.3, y: -0.3), true),    // across a corner, 0.85 pt
            (Point(x: 15.5, y: 23.5), Point(x: 16.2, y: 24.2), true),  // the other corner
            (Point(x: 6.9, y: 4), Point(x: 7.8, y: 4), true),          // inside one cell
            (Point(x: 1.05, y: 4), Point(x: 0.06, y: 4), true),        // 0.99 pt, just past the margin
            (Point(x: 7.5, y: 4), Point(x: 8.6, y: 4), false),         // 1.1 pt, across the edge
        ]
        for (n, (a, b, expected)) in pairs.enumerated() {
            #expect(!index.checkAndInsert(font: 1, code: UInt32(n), origin: a))
            #expect(index.checkAndInsert(font: 1, code: UInt32(n), origin: b) == expected, "\(a) \(b)")
        }
    }
}

@Suite struct HostileNumberTests {
    func calculator(_ program: [PostScriptFunction.Op]) -> PostScriptFunction {
        PostScriptFunction(program: program, domain: [0, 1], range: [0, 1])
    }

    @Test("copy, index and roll with a count of 1e300, NaN or -1 fail the function instead of trapping")
    func calculatorCounts() {
        let huge: [PostScriptFunction.Op] = [.number(10), .number(300), .op("exp")]
        #expect(calculator(huge + [.op("copy")]).evaluate([0.5]) == nil)
        #expect(calculator(huge + [.op("index")]).evaluate([0.5]) == nil)
        #expect(calculator([.number(1)] + huge + [.op("roll")]).evaluate([0.5]) == nil)
        #expect(calculator(huge + [.number(1), .op("roll")]).evaluate([0.5]) == nil)
        let nan: [PostScriptFunction.Op] = [.number(0), .number(1e308), .number(10), .op("mul"), .op("mul")]  // 0 × inf
        #expect(calculator(nan + [.op("copy")]).evaluate([0.5]) == nil)
        #expect(calculator([.number(-1), .op("index")]).evaluate([0.5]) == nil)
        // Integer operators on NaN and huge operands give bounded numbers.
        let f = calculator(nan + [.number(1), .op("and"), .number(1e300), .op("idiv"), .op("pop")])
        #expect(f.evaluate([0.25]) == [0.25])
        // Counts in range still work: 1 copy duplicates, 1 index reaches the element below.
        #expect(calculator([.number(1), .op("copy"), .op("add")]).evaluate([0.25]) == [0.5])
        #expect(calculator([.number(0.75), .number(1), .op("index"), .op("exch"), .op("pop"), .op("exch"), .op("pop")]).evaluate([0.25]) == [0.25])
    }

    @Test("a sampled function whose Domain and Encode span ±1.7e308 reads the first sample (NaN index) and never outputs NaN")
    func sampledHugeDomain() {
        let f = SampledFunction(size: [2], domain: [-1.7e308, 1.7e308], range: [0, 1], encode: [-1.7e308, 1.7e308],
                                decode: [0, 1], samples: [0.2, 0.8])
        #expect(f.evaluate([1.7e308]) == [0.2])
        #expect(f.evaluate([Double.nan]) == [0.2])
        // A NaN output (0 × an infinite decode span) gives the low end of the range.
        let g = SampledFunction(size: [2], domain: [0, 1], range: [0, 1], encode: [0, 1],
                                decode: [-1.7e308, 1.7e308], samples: [0, 1])
        #expect(g.evaluate([0]) == [0])
    }

    @Test("a Separation space with a failing calculator or a NaN sampled transform paints a finite colour")
    func separationFill() throws {
        let cs = "/CS1 [/Separation /Spot /DeviceRGB 30 0 R]"
        for program in ["{pop 10 300 exp copy 0 0 0}", "{pop 10 300 exp index 0 0 0}", "{pop 10 300 exp 1 roll 0 0 0}"] {
            var page = TestPage("BT /F1 10 Tf 10 10 Td /CS1 cs 0.5 sc /CS1 cs 0.25 scn (A) Tj ET")
            page.resources += " /ColorSpace << \(cs) >>"
            page.streams = [(30, "/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1]", program)]
            let p = try page.extract()
            let c = try #require(p.runs.first?.fillColor)
            #expect([c.red, c.green, c.blue].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "\(program)")
            #expect(p.glyphs.count == 1)
        }
    }

    @Test("NaN and infinite origins are never duplicates of anything, and do not trap")
    func duplicateIndexNaN() {
        let index = DuplicateIndex(capacity: 4)
        for origin in [Point(x: .nan, y: 0), Point(x: .infinity, y: -.infinity), Point(x: 1e300, y: 1e300)] {
            let found = index.checkAndInsert(font: 1, code: 65, origin: origin)
            #expect(!found)
        }
        let nan = index.checkAndInsert(font: 1, code: 65, origin: Point(x: .nan, y: .nan))
        #expect(!nan)
        let repeated = index.checkAndInsert(font: 1, code: 65, origin: Point(x: 1e300, y: 1e300))
        #expect(repeated)
    }
}
