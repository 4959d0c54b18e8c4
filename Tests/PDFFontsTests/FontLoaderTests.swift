import PDFCore
import PDFFile
import PDFSyntax
import PDFTestSupport
import PDFGlyphs
import Testing
@testable import PDFFonts

/// Builds a one-page document whose objects 10… are the given bodies (streams when a body
/// is a `(dictionary, data)` pair) and loads the font object 10.
struct FontFixture {
    var builder = PDFBuilder.simpleDocument()

    mutating func add(_ n: Int, _ body: String) { builder.add(n, body) }
    mutating func stream(_ n: Int, dict: String = "", _ text: String) { builder.addStream(n, dictionary: dict, text: text) }
    mutating func stream(_ n: Int, _ dict: String = "", bytes: [UInt8]) { builder.addStream(n, dictionary: dict, data: bytes) }

    func font(_ n: Int = 10) throws -> Font {
        let store = try ObjectStore(bytes: builder.build().bytes)
        return FontCache(store: store).font(.reference(ObjectID(n)))
    }
}

/// Decodes bytes through a font: the text and the per-code widths and sources.
func decode(_ font: Font, _ bytes: [UInt8]) -> (text: String, widths: [Double], sources: [UnicodeSource], codes: [UInt32]) {
    var text = String.UnicodeScalarView()
    var widths: [Double] = [], sources: [UnicodeSource] = [], codes: [UInt32] = []
    font.forEachCode(in: bytes) { code, n in
        let g = font.glyph(code, byteCount: n)
        text.append(contentsOf: g.unicode)
        widths.append(g.width)
        sources.append(g.source)
        codes.append(code)
    }
    return (String(text), widths, sources, codes)
}

func toUnicodeCMap(_ body: String, codespace: String = "<00> <FF>") -> String {
    """
    /CIDInit /ProcSet findresource begin 12 dict begin begincmap
    /CMapName /Test-UCS def
    1 begincodespacerange \(codespace) endcodespacerange
    \(body)
    endcmap CMapName currentdict /CMap defineresource pop end end
    """
}

@Suite struct SimpleFontTests {
    @Test("a standard 14 font without /Widths takes its widths from the built-in metrics")
    func standardFontMetrics() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let font = try f.font()
        let r = decode(font, Array("Hi a".utf8))
        #expect(r.text == "Hi a")
        #expect(r.widths == [722, 222, 278, 556])
        #expect(r.sources == [.encoding, .encoding, .encoding, .encoding])
        #expect(font.summary.name == "Helvetica")
        #expect(!font.summary.isEmbedded)
    }

    @Test("StandardEncoding is the default: 0x27 is quoteright, 0x60 quoteleft")
    func standardEncodingDefault() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>")
        let r = decode(try f.font(), [0x27, 0x60, 0xAE])
        #expect(r.text == "\u{2019}\u{2018}\u{FB01}")
    }

    @Test("WinAnsiEncoding with Differences; widths from /Widths and /FirstChar; MissingWidth outside")
    func differencesAndWidths() throws {
        var f = FontFixture()
        f.add(10, """
            << /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Minion-Bold /FirstChar 65 /LastChar 67
               /Widths [600 610 620] /FontDescriptor 11 0 R
               /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [66 /Euro /uni0141 68 /f_f_i] >> >>
            """)
        f.add(11, "<< /Type /FontDescriptor /FontName /ABCDEF+Minion-Bold /Flags 34 /MissingWidth 250 /Ascent 700 /Descent -250 >>")
        let font = try f.font()
        let r = decode(font, [65, 66, 67, 68, 0x80, 0x93])
        #expect(r.text == "A€Łffi€\u{201C}")
        #expect(r.widths == [600, 610, 620, 250, 250, 250])
        #expect(r.sources == [.encoding, .encoding, .glyphName, .glyphName, .encoding, .encoding])
        #expect(font.summary.name == "Minion-Bold")
        #expect(font.summary.baseFont == "ABCDEF+Minion-Bold")
        #expect(font.summary.isBold)
        #expect(font.summary.isSerif)
        #expect(font.ascent == 700 && font.descent == -250)
    }

    @Test("ToUnicode wins over the encoding, and a ToUnicode to U+0000 falls back to the encoding")
    func toUnicodePrecedence() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 12 0 R >>")
        f.stream(12, toUnicodeCMap("3 beginbfchar <41> <0042> <43> <0000> <44> <00660069> endbfchar"))
        let r = decode(try f.font(), [0x41, 0x43, 0x44, 0x45])
        #expect(r.text == "BCfiE")
        #expect(r.sources == [.toUnicode, .encoding, .toUnicode, .encoding])
    }

    @Test("codes with no name and no map in a symbolic, non-embedded font are guessed, not silent")
    func symbolicGuess() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /TrueType /BaseFont /Wingdings /FontDescriptor 11 0 R >>")
        f.add(11, "<< /Type /FontDescriptor /FontName /Wingdings /Flags 4 >>")
        let r = decode(try f.font(), [0x41])
        #expect(r.sources == [.guessed])
    }

    @Test("a missing font dictionary gives a usable fallback and a diagnostic")
    func missingFont() throws {
        let f = FontFixture()
        let font = try f.font(99)
        #expect(font.diagnostics.contains(.fontMissing))
        #expect(decode(font, Array("ok".utf8)).text == "ok")
    }

    @Test("Symbol and ZapfDingbats use their own built-in encodings")
    func symbolFonts() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>")
        f.add(11, "<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>")
        #expect(decode(try f.font(10), [0x61, 0x62]).text == "αβ")
        #expect(decode(try f.font(11), [0x21]).text == "\u{2701}")
    }

    @Test("TeX glyph names the Adobe Glyph List lacks resolve, marked as derived from the name")
    func texNames() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /CMMI10 /Encoding << /Differences [2 /epsilon1 /theta1 /square] >> >>")
        let r = decode(try f.font(), [2, 3, 4])
        #expect(r.text == "\u{03F5}\u{03D1}\u{25A1}")
        f.add(11, "<< /Type /Font /Subtype /Type1 /BaseFont /CMEX10 /Encoding << /Differences [2 /prime /parenleftbigg /integraltext /summationdisplay /bracketrightBig] >> >>")
        #expect(decode(try f.font(11), [2, 3, 4, 5, 6]).text == "\u{2032}(\u{222B}\u{2211}]")
        #expect(r.sources == [.glyphName, .encoding, .glyphName])  // theta1 is in the AGL itself
    }

    @Test("a ToUnicode entry only in the private use area yields to a glyph name with a standard character; other entries stay")
    func privateUseToUnicodeYieldsToTeXName() throws {
        var f = FontFixture()
        // pdfTeX's glyphtounicode.tex maps the pieces of big braces to Apple's codes (U+F8F1…).
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /CMEX10 /Encoding << /Differences [2 /bracelefttp /braceleftbt /a61 /parenleftBigg] >> /ToUnicode 12 0 R >>")
        f.stream(12, toUnicodeCMap("4 beginbfchar <02> <F8F1> <03> <F8F3> <04> <E000> <05> <0028> endbfchar"))
        let r = decode(try f.font(), [2, 3, 4, 5])
        // The near miss: a private-use entry whose name has no standard character (a61) stays.
        #expect(r.text == "\u{23A7}\u{23A9}\u{E000}(")
        #expect(r.sources == [.glyphName, .glyphName, .toUnicode, .toUnicode])
    }

    @Test("a non-standard font without /Widths or program is measured with a substitute: Times, Helvetica when sans, Courier when fixed")
    func substituteWidths() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Monaco >>")
        f.add(11, "<< /Type /Font /Subtype /TrueType /BaseFont /Verdana /FontDescriptor 12 0 R >>")
        f.add(12, "<< /Type /FontDescriptor /FontName /Verdana /Flags 32 >>")
        f.add(13, "<< /Type /Font /Subtype /TrueType /BaseFont /Consolas /FontDescriptor 14 0 R >>")
        f.add(14, "<< /Type /FontDescriptor /FontName /Consolas /Flags 33 >>")
        #expect(decode(try f.font(10), Array("I".utf8)).widths == [333])   // Times-Roman
        #expect(decode(try f.font(11), Array("I".utf8)).widths == [278])   // Helvetica
        #expect(decode(try f.font(13), Array("I".utf8)).widths == [600])   // Courier
    }

    @Test("unused WinAnsi codes show a bullet; .notdef over a code takes the standard glyph's width there")
    func winAnsiBulletAndNotdef() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [32 /.notdef] >> >>")
        let r = decode(try f.font(), [0x81, 0x20])
        #expect(r.text == "\u{2022}")
        #expect(r.widths == [350, 250])
        #expect(r.sources == [.encoding, .none])
    }

    @Test("a non-embedded Chinese TrueType simple font reads its strings as GBK, advancing by the bytes' widths",
          .enabled(if: PredefinedCMaps.isAvailable, "poppler-data CMaps are not installed"))
    func chineseSimpleFont() throws {
        var f = FontFixture()
        let widths = Array(repeating: "500", count: 224).joined(separator: " ")
        f.add(10, "<< /Type /Font /Subtype /TrueType /BaseFont /SimSun /Encoding /WinAnsiEncoding /FirstChar 32 /LastChar 255 /Widths [\(widths)] >>")
        f.add(11, "<< /Type /Font /Subtype /TrueType /BaseFont /Verdana /Encoding /WinAnsiEncoding >>")
        let r = decode(try f.font(10), [0xD6, 0xD0, 0x41])
        #expect(r.text == "中A")
        #expect(r.widths == [1000, 500])
        #expect(r.sources == [.encoding, .encoding])
        #expect(decode(try f.font(11), [0xD6, 0xD0]).text == "ÖÐ")   // other fonts are left alone
        #expect(ChineseSimpleFont.isChineseName([0xD0, 0xA1, 0xB1, 0xEA, 0xCB, 0xCE]))  // 小标宋 in GBK
        #expect(!ChineseSimpleFont.isChineseName(Array("Helvetica".utf8)))
    }

    @Test("Arial,Bold resolves to Helvetica-Bold metrics")
    func aliases() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /TrueType /BaseFont /Arial,Bold >>")
        let font = try f.font()
        #expect(decode(font, Array("W".utf8)).widths == [944])
        #expect(font.summary.isBold)
    }
}

@Suite struct Type3FontTests {
    @Test("Type 3: FontMatrix, glyph names from Differences, widths in glyph space, procedures by code")
    func type3() throws {
        var f = FontFixture()
        f.add(10, """
            << /Type /Font /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FontBBox [0 -20 80 90]
               /FirstChar 97 /LastChar 99 /Widths [50 60 70]
               /Encoding << /Type /Encoding /Differences [97 /a /square /g7] >>
               /CharProcs << /a 11 0 R /square 12 0 R >> >>
            """)
        f.stream(11, "50 0 0 0 40 60 d1 0 0 40 60 re f")
        f.stream(12, "60 0 d0 0 0 50 50 re f")
        let font = try f.font()
        #expect(font.fontMatrix == Matrix(a: 0.01, b: 0, c: 0, d: 0.01, e: 0, f: 0))
        let r = decode(font, [97, 98, 99])
        #expect(r.widths == [50, 60, 70])
        #expect(r.text.unicodeScalars.first == "a")
        #expect(r.sources[0] == .encoding)
        #expect(font.type3?.procedures.count == 2)
        #expect(font.type3?.procedures[97] != nil)
        #expect(font.summary.kind == .type3)
        #expect(font.ascent == 90 && font.descent == -20)
    }

    @Test("Type 3 bitmap fonts named by code (/a28): codes below 32 read as TeX's T1 encoding, as a guess")
    func pkFontCodeNames() throws {
        var f = FontFixture()
        f.add(10, """
            << /Type /Font /Subtype /Type3 /FontMatrix [1 0 0 1 0 0] /FontBBox [0 0 1 1]
               /FirstChar 27 /LastChar 97 /Widths [1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1]
               /Encoding << /Differences [27 /a27 /a28 21 /a21 97 /a97] >> /CharProcs << >> >>
            """)
        let font = try f.font()
        let r = decode(font, [27, 28, 97])
        #expect(r.text == "\u{FB00}\u{FB01}a")
        #expect(r.sources == [.guessed, .guessed, .guessed])
    }
}

@Suite struct CompositeFontTests {
    @Test("Type 0 Identity-H: two-byte codes, /W in both forms, /DW, ToUnicode with surrogates")
    func identityH() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /XYZABC+Foo /Encoding /Identity-H /DescendantFonts [11 0 R] /ToUnicode 13 0 R >>")
        f.add(11, """
            << /Type /Font /Subtype /CIDFontType2 /BaseFont /XYZABC+Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>
               /DW 900 /W [1 [500 510] 10 20 333] /FontDescriptor 12 0 R >>
            """)
        f.add(12, "<< /Type /FontDescriptor /FontName /XYZABC+Foo /Flags 32 /Ascent 880 /Descent -120 >>")
        f.stream(13, toUnicodeCMap("3 beginbfchar <0001> <0041> <0002> <D83DDE00> <000F> <0066006C> endbfchar", codespace: "<0000> <FFFF>"))
        let font = try f.font()
        let r = decode(font, [0x00, 0x01, 0x00, 0x02, 0x00, 0x0F, 0x00, 0x30])
        #expect(r.codes == [1, 2, 15, 0x30])
        #expect(r.text == "A😀fl")
        #expect(r.widths == [500, 510, 333, 900])
        #expect(r.sources == [.toUnicode, .toUnicode, .toUnicode, .none])
        #expect(font.writingMode == 0)
        #expect(font.summary.kind == .cidType2)
    }

    @Test("Identity-V: vertical metrics from /W2 and /DW2")
    func identityV() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /V /Encoding /Identity-V /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /V /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 /DW2 [880 -1000] /W2 [5 [-900 500 870]] >>")
        let font = try f.font()
        #expect(font.writingMode == 1)
        let g5 = font.glyph(5, byteCount: 2)
        #expect(g5.verticalAdvance == -900)
        #expect(g5.verticalOrigin.x == 500 && g5.verticalOrigin.y == 870)
        let g6 = font.glyph(6, byteCount: 2)
        #expect(g6.verticalAdvance == -1000)
        #expect(g6.verticalOrigin.x == 500 && g6.verticalOrigin.y == 880)
    }

    @Test("a predefined CJK CMap and its collection give Unicode without ToUnicode",
          .enabled(if: PredefinedCMaps.isAvailable, "poppler-data CMaps are not installed"))
    func predefinedCJK() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /Ryumin-Light-90ms-RKSJ-H /Encoding /90ms-RKSJ-H /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /Ryumin-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> >>")
        let r = decode(try f.font(), [0x82, 0xA0, 0x41, 0x82, 0xA2])
        #expect(r.text == "あAい")
        #expect(r.sources == [.encoding, .encoding, .encoding])
    }

    @Test("a Unicode CMap (UniJIS-UCS2-H) gives the codes' own Unicode",
          .enabled(if: PredefinedCMaps.isAvailable, "poppler-data CMaps are not installed"))
    func unicodeCMap() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /HeiseiMin-W3-UniJIS-UCS2-H /Encoding /UniJIS-UCS2-H /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /HeiseiMin-W3 /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> >>")
        let r = decode(try f.font(), [0x30, 0x42, 0x65, 0xE5])
        #expect(r.text == "あ日")
    }

    @Test("an embedded encoding CMap with usecmap of a predefined one",
          .enabled(if: PredefinedCMaps.isAvailable, "poppler-data CMaps are not installed"))
    func embeddedCMapUseCMap() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /E /Encoding 12 0 R /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /E /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> >>")
        f.stream(12, dict: "/Type /CMap /CMapName /Custom /UseCMap /90ms-RKSJ-H", """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            /CMapName /Custom def
            /90ms-RKSJ-H usecmap
            1 begincidchar <41> 843 endcidchar
            endcmap CMapName currentdict /CMap defineresource pop end end
            """)
        let r = decode(try f.font(), [0x41, 0x82, 0xA2])
        #expect(r.text == "あい")
    }

    @Test("a vertical variant CID of a collection gives the horizontal character, not a presentation form",
          .enabled(if: PredefinedCMaps.isAvailable, "poppler-data CMaps are not installed"))
    func verticalPresentationForms() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /R /Encoding /Identity-V /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /R /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> >>")
        // CID 7899 is the vertical left parenthesis (U+FE35 in the collection's table).
        let r = decode(try f.font(), [0x1E, 0xDB])
        #expect(r.text == "\u{FF08}")
    }

    @Test("/ToUnicode /Identity-H (a name) says the codes are Unicode, whatever the encoding CMap does")
    func toUnicodeIdentityName() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /Arial /Encoding /Identity-H /ToUnicode /Identity-H /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Arial /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>")
        let r = decode(try f.font(), [0x00, 0x41, 0x01, 0x59])
        #expect(r.text == "Ař")
        #expect(r.sources == [.toUnicode, .toUnicode])

        var g = FontFixture()
        g.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /T /Encoding 12 0 R /ToUnicode /Identity-H /DescendantFonts [11 0 R] >>")
        g.add(11, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /T /CIDSystemInfo << /Registry (Actuate) /Ordering (Identity) /Supplement 0 >> >>")
        g.stream(12, dict: "/Type /CMap /CMapName /CM1", """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /CM1 def
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            2 begincidrange <0041> <0041> 18 <004B> <004B> 20 endcidrange
            endcmap CMapName currentdict /CMap defineresource pop end end
            """)
        #expect(decode(try g.font(), [0x00, 0x4B, 0x00, 0x41]).text == "KA")
    }

    @Test("a non-embedded Identity-H font without ToUnicode: CIDs are glyph numbers, text unknown")
    func nonEmbeddedIdentityUnknown() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /TimesNewRoman /Encoding /Identity-H /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /TimesNewRoman /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>")
        #expect(decode(try f.font(), [0x00, 0x28]).sources == [.none])
    }

    @Test("embedded, no ToUnicode, Identity ordering and an unreadable program: text unknown, with a diagnostic")
    func unknownText() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type0 /BaseFont /N /Encoding /Identity-H /DescendantFonts [11 0 R] >>")
        f.add(11, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /N /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 12 0 R >>")
        f.add(12, "<< /Type /FontDescriptor /FontName /N /Flags 32 /FontFile2 13 0 R >>")
        f.stream(13, "not a font program")
        let font = try f.font()
        let r = decode(font, [0x00, 0x41])
        #expect(r.text == "")
        #expect(r.sources == [.none])
        #expect(font.diagnostics.contains(.glyphUnmapped))
    }
}
