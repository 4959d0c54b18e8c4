import Testing

@testable import PDFFonts

private func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

@Suite("Tables: glyph list")
struct GlyphListTableTests {
    @Test func exactAGLEntries() {
        #expect(GlyphList.standardUnicode(for: "A") == scalars("A"))
        #expect(GlyphList.standardUnicode(for: "Aacute") == scalars("\u{C1}"))
        #expect(GlyphList.standardUnicode(for: "fi") == [Unicode.Scalar(0xFB01)!])
        #expect(GlyphList.standardUnicode(for: "space") == scalars(" "))
        #expect(GlyphList.standardUnicode(for: "Euro") == scalars("\u{20AC}"))
        #expect(GlyphList.standardUnicode(for: ".notdef") == nil)
        #expect(GlyphList.standardUnicode(for: "uni0041") == nil)
        // Multi-scalar AGL entry (Hebrew letter with point).
        #expect(GlyphList.standardUnicode(for: "dalethatafpatah") == [Unicode.Scalar(0x05D3)!, Unicode.Scalar(0x05B2)!])
    }

    @Test func zapfDingbatsNames() {
        #expect(GlyphList.standardUnicode(for: "a1", zapfDingbats: true) == scalars("\u{2701}"))
        #expect(GlyphList.standardUnicode(for: "a191", zapfDingbats: true) == scalars("\u{27BE}"))
        // Elsewhere the dingbats names are not glyph names of the list (a101 is code 101).
        #expect(GlyphList.standardUnicode(for: "a1") == nil)
        #expect(GlyphList.standardUnicode(for: "a71", zapfDingbats: true) == scalars("\u{25CF}"))
        #expect(GlyphList.resolve("a1", zapfDingbats: true) == .standard(scalars("\u{2701}")))
        // a80 is not in the list (the file leaves it blank).
        #expect(GlyphList.standardUnicode(for: "a80") == nil)
    }

    @Test func standardAndDerivedResolution() {
        #expect(GlyphList.resolve("A") == .standard(scalars("A")))
        #expect(GlyphList.resolve("uni20AC") == .derived(scalars("\u{20AC}")))
        #expect(GlyphList.resolve("u1F600") == .derived(scalars("\u{1F600}")))
        #expect(GlyphList.resolve("u10FFFF") == .derived([Unicode.Scalar(0x10FFFF)!]))
        #expect(GlyphList.resolve("f_f_i") == .derived(scalars("ffi")))
        #expect(GlyphList.resolve("uni0066006C") == .derived(scalars("fl")))
        #expect(GlyphList.resolve("Lcommaaccent.sc") == .derived(scalars("\u{013B}")))
        #expect(GlyphList.resolve("T_h") == .derived(scalars("Th")))
        #expect(GlyphList.resolve("longs_t.oldstyle") == .derived(scalars("\u{017F}t")))
        #expect(GlyphList.resolve("uni20AC.alt") == .derived(scalars("\u{20AC}")))
        #expect(GlyphList.resolve("space")?.scalars == scalars(" "))
    }

    @Test func lowercaseHexIsAcceptedAsDerived() {
        #expect(GlyphList.resolve("uni00e9") == .derived(scalars("\u{E9}")))
        #expect(GlyphList.resolve("u1f600") == .derived(scalars("\u{1F600}")))
    }

    @Test func rejectedForms() {
        #expect(GlyphList.resolve(".notdef") == nil)
        #expect(GlyphList.resolve(".null") == nil)
        #expect(GlyphList.resolve("") == nil)
        #expect(GlyphList.resolve("g123") == nil)
        // Surrogates.
        #expect(GlyphList.resolve("uniD800") == nil)
        #expect(GlyphList.resolve("uDFFF") == nil)
        #expect(GlyphList.resolve("uni0041DC00") == nil)
        // Above 10FFFF, too few or too many digits, digit count not a multiple of 4.
        #expect(GlyphList.resolve("u110000") == nil)
        #expect(GlyphList.resolve("u123") == nil)
        #expect(GlyphList.resolve("u1234567") == nil)
        #expect(GlyphList.resolve("uni004") == nil)
        #expect(GlyphList.resolve("uniXYZW") == nil)
        // Unknown components map to nothing; the known ones remain.
        #expect(GlyphList.resolve("A_bogus") == .derived(scalars("A")))
        #expect(GlyphList.resolve(String(repeating: "A", count: 5000)) == nil)
    }

    /// TeX's glyph names (generated from texlive's lists) come after the AGL: sized
    /// delimiters map to their base character, AMS and wasy/stmaryrd names to their symbols.
    @Test func texGlyphNames() {
        #expect(GlyphList.resolve("parenleftBigg") == .derived(scalars("(")))
        #expect(GlyphList.resolve("braceleftBigg") == .derived(scalars("{")))
        #expect(GlyphList.resolve("bracketrightbig") == .derived(scalars("]")))
        #expect(GlyphList.resolve("radicalbig") == .derived(scalars("\u{221A}")))
        #expect(GlyphList.resolve("summationtext") == .derived(scalars("\u{2211}")))
        #expect(GlyphList.resolve("integraldisplay") == .derived(scalars("\u{222B}")))
        #expect(GlyphList.resolve("bracelefttp") == .derived(scalars("\u{23A7}")))
        #expect(GlyphList.resolve("square") == .derived(scalars("\u{25A1}")))
        #expect(GlyphList.resolve("squaresolid") == .derived(scalars("\u{25A0}")))
        #expect(GlyphList.resolve("lessornotequal") == .derived(scalars("\u{2268}")))
        #expect(GlyphList.resolve("check") == .derived(scalars("\u{2713}")))
        #expect(GlyphList.resolve("Box") == .derived(scalars("\u{25A1}")))
        #expect(GlyphList.resolve("llbracket") == .derived(scalars("\u{27E6}")))
        #expect(GlyphList.resolve("boxdot") == .derived(scalars("\u{22A1}")))
        #expect(GlyphList.resolve("pi1") == .derived(scalars("\u{03D6}")))
        // The AGL still comes first (and keeps `.standard`).
        #expect(GlyphList.resolve("blacksquare") == .standard(scalars("\u{25A0}")))
        #expect(GlyphList.resolve("theta1") == .standard(scalars("\u{03D1}")))
        // Numeric names stay numeric (lasy, line and xypic give them different glyphs).
        #expect(GlyphList.resolve("a40") == nil)
        #expect(GlyphList.resolve("d12") == nil)
        // Near miss: an unknown name is still unresolved; the uniXXXX fallback still works.
        #expect(GlyphList.resolve("parenleftHuge") == nil)
        #expect(GlyphList.resolve("squarebogus") == nil)
        #expect(GlyphList.resolve("uni25A1") == .derived(scalars("\u{25A1}")))
    }

    @Test func numericForms() {
        #expect(GlyphList.numericForm("g123") == .glyphID(123))
        #expect(GlyphList.numericForm("gid7") == .glyphID(7))
        #expect(GlyphList.numericForm("glyph0042") == .glyphID(42))
        #expect(GlyphList.numericForm("index5") == .glyphID(5))
        #expect(GlyphList.numericForm("cid600") == .cid(600))
        #expect(GlyphList.numericForm("c65") == .code(65))
        #expect(GlyphList.numericForm("char32") == .code(32))
        #expect(GlyphList.numericForm("a200") == .code(200))
        #expect(GlyphList.numericForm("#12") == .code(12))
        #expect(GlyphList.numericForm("G3A") == .code(0x3A))
        #expect(GlyphList.numericForm("G41") == .glyphID(41))  // all digits: a glyph number
        #expect(GlyphList.numericForm("c3A") == .code(0x3A))
        #expect(GlyphList.numericForm("cFF") == .code(0xFF))
        #expect(GlyphList.numericForm("g") == nil)
        #expect(GlyphList.numericForm("g12x") == nil)
        #expect(GlyphList.numericForm("gid65536") == nil)
        #expect(GlyphList.numericForm("gid99999999999999") == nil)
        #expect(GlyphList.numericForm("A") == nil)
        #expect(GlyphList.numericForm("space") == nil)
        #expect(GlyphList.numericForm("G3AB") == nil)
    }

    @Test func reverseNames() {
        #expect(GlyphList.name(for: "A") == "A")
        #expect(GlyphList.name(for: " ") == "space")
        #expect(GlyphList.name(for: "\u{20AC}") == "Euro")
        #expect(GlyphList.name(for: "\u{FB01}") == "fi")
        #expect(GlyphList.name(for: "\u{0416}") == "afii10024")  // the standard fonts' name
        #expect(GlyphList.name(for: "\u{0531}") == "uni0531")  // AGL has only Aybarmenian
        #expect(GlyphList.name(for: "\u{00B2}") == "twosuperior")
        #expect(GlyphList.name(for: "\u{F8FF}") == "uniF8FF")
        #expect(GlyphList.name(for: "\u{1F600}") == "u1F600")
        #expect(GlyphList.name(for: "\u{0007}") == "uni0007")
        // Every preferred name resolves back to its scalar.
        for v: UInt32 in [0x41, 0xE9, 0x2022, 0x2014, 0x0131, 0x02C6] {
            let s = Unicode.Scalar(v)!
            #expect(GlyphList.resolve(GlyphList.name(for: s))?.scalars == [s])
        }
    }
}

@Suite("Tables: encodings")
struct EncodingTableTests {
    @Test func annexDSpotChecks() {
        #expect(BaseEncoding.winAnsi.glyphName(0x80) == "Euro")
        #expect(BaseEncoding.winAnsi.glyphName(0x92) == "quoteright")
        #expect(BaseEncoding.winAnsi.glyphName(0x95) == "bullet")
        #expect(BaseEncoding.winAnsi.glyphName(0x8E) == "Zcaron")
        #expect(BaseEncoding.winAnsi.glyphName(0xA0) == "space")
        #expect(BaseEncoding.winAnsi.glyphName(0xAD) == "hyphen")
        #expect(BaseEncoding.winAnsi.glyphName(0xE9) == "eacute")
        for unused: UInt8 in [0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x00, 0x1F] {
            #expect(BaseEncoding.winAnsi.glyphName(unused) == nil)
        }
        #expect(BaseEncoding.macRoman.glyphName(0xD0) == "endash")
        #expect(BaseEncoding.macRoman.glyphName(0xDB) == "currency")
        #expect(BaseEncoding.macRoman.glyphName(0xCA) == "space")
        #expect(BaseEncoding.macRoman.glyphName(0x80) == "Adieresis")
        #expect(BaseEncoding.macRoman.glyphName(0xDE) == "fi")
        #expect(BaseEncoding.standard.glyphName(0x27) == "quoteright")
        #expect(BaseEncoding.standard.glyphName(0x60) == "quoteleft")
        #expect(BaseEncoding.standard.glyphName(0xAE) == "fi")
        #expect(BaseEncoding.standard.glyphName(0xE1) == "AE")
        #expect(BaseEncoding.standard.glyphName(0x80) == nil)
        #expect(BaseEncoding.symbol.glyphName(0x61) == "alpha")
        #expect(BaseEncoding.symbol.glyphName(0x57) == "Omega")
        #expect(BaseEncoding.symbol.glyphName(0xA0) == "Euro")
        #expect(BaseEncoding.symbol.glyphName(0x80) == nil)
        #expect(BaseEncoding.zapfDingbats.glyphName(0x21) == "a1")
        #expect(BaseEncoding.zapfDingbats.glyphName(0x23) == "a202")
        #expect(BaseEncoding.zapfDingbats.glyphName(0xFE) == "a191")
        #expect(BaseEncoding.pdfDoc.glyphName(0x18) == "breve")
        #expect(BaseEncoding.pdfDoc.glyphName(0x1F) == "tilde")
        #expect(BaseEncoding.pdfDoc.glyphName(0x80) == "bullet")
        #expect(BaseEncoding.pdfDoc.glyphName(0xA0) == "Euro")
        #expect(BaseEncoding.pdfDoc.glyphName(0x9F) == nil)
        #expect(BaseEncoding.pdfDoc.glyphName(0xAD) == nil)
        #expect(BaseEncoding.macExpert.glyphName(0x21) == "exclamsmall")
        #expect(BaseEncoding.macExpert.glyphName(0x56) == "ff")
        #expect(BaseEncoding.macExpert.glyphName(0xBE) == "AEsmall")
        #expect(BaseEncoding.macExpert.glyphName(0xFB) == "Ringsmall")
    }

    @Test func pdfNames() {
        #expect(BaseEncoding(pdfName: "WinAnsiEncoding") == .winAnsi)
        #expect(BaseEncoding(pdfName: "MacExpertEncoding") == .macExpert)
        #expect(BaseEncoding(pdfName: "Identity-H") == nil)
        for e in BaseEncoding.allCases { #expect(e.glyphNames.count == 256) }
    }

    @Test func latinEncodingNamesResolveThroughTheAGL() {
        for e in [BaseEncoding.standard, .winAnsi, .macRoman, .pdfDoc, .symbol] {
            for code in 0...255 {
                guard let name = e.glyphName(UInt8(code)) else { continue }
                #expect(GlyphList.standardUnicode(for: name) != nil, "\(e) \(code) \(name)")
            }
        }
        // The dingbats names resolve through the ZapfDingbats list.
        for code in 0...255 {
            guard let name = BaseEncoding.zapfDingbats.glyphName(UInt8(code)) else { continue }
            #expect(GlyphList.resolve(name, zapfDingbats: true) != nil, "ZapfDingbats \(code) \(name)")
        }
    }

    @Test func winAnsiAgreesWithLatin1AboveA0() {
        // cp1252 is Latin-1 from 0xA0 up: each name maps back to its own code point
        // (0xA0 and 0xAD are the Annex D duplicates, named space and hyphen).
        for code in 0xA1...0xFF where code != 0xAD {
            let name = BaseEncoding.winAnsi.glyphName(UInt8(code))
            #expect(name.flatMap { GlyphList.standardUnicode(for: $0) } == [Unicode.Scalar(UInt32(code))!])
        }
    }
}

@Suite("Tables: standard 14 fonts")
struct StandardFontTableTests {
    @Test func widths() throws {
        let helvetica = try #require(StandardFontMetrics.lookup("Helvetica"))
        #expect(helvetica.width(ofGlyph: "a") == 556)
        #expect(helvetica.width(ofGlyph: "space") == 278)
        #expect(helvetica.width(ofGlyph: "nosuchglyph") == nil)
        let times = try #require(StandardFontMetrics.lookup("Times-Roman"))
        #expect(times.width(ofGlyph: "space") == 250)
        #expect(times.width(ofGlyph: "a") == 444)
        let bold = try #require(StandardFontMetrics.lookup("Helvetica-Bold"))
        #expect(bold.width(ofGlyph: "W") == 944)
        let symbol = try #require(StandardFontMetrics.lookup("Symbol"))
        #expect(symbol.width(ofGlyph: "space") == 250)
        #expect(symbol.width(ofGlyph: "alpha") != nil)
        let dingbats = try #require(StandardFontMetrics.lookup("ZapfDingbats"))
        #expect(dingbats.width(ofGlyph: "a1") == 974)
        #expect(dingbats.width(ofGlyph: "a") == nil)
    }

    @Test func courierIsFixedPitch() {
        for m in StandardFontMetrics.all where m.family == "Courier" {
            #expect(m.isFixedPitch)
            #expect(m.flags & 1 == 1)
            for name in m.glyphNames { #expect(m.width(ofGlyph: name) == 600, "\(m.name) \(name)") }
        }
    }

    @Test func descriptors() throws {
        #expect(StandardFontMetrics.all.count == 14)
        #expect(Set(StandardFontMetrics.all.map(\.name)).count == 14)
        let helvetica = try #require(StandardFontMetrics.lookup("Helvetica"))
        #expect(helvetica.flags == 32)
        #expect(helvetica.family == "Helvetica")
        #expect(helvetica.builtinEncoding == .standard)
        #expect(helvetica.ascent > 700 && helvetica.descent < -200)
        #expect(helvetica.capHeight > 700 && helvetica.xHeight > 500)
        let timesBI = try #require(StandardFontMetrics.lookup("Times-BoldItalic"))
        #expect(timesBI.flags == 2 | 32 | 64)
        #expect(timesBI.isBold && timesBI.isItalic)
        #expect(timesBI.italicAngle < 0)
        let courier = try #require(StandardFontMetrics.lookup("Courier"))
        #expect(courier.flags == 1 | 2 | 32)
        let symbol = try #require(StandardFontMetrics.lookup("Symbol"))
        #expect(symbol.flags == 4)
        #expect(symbol.builtinEncoding == .symbol)
        let dingbats = try #require(StandardFontMetrics.lookup("ZapfDingbats"))
        #expect(dingbats.builtinEncoding == .zapfDingbats)
        for m in StandardFontMetrics.all {
            #expect(m.bbox.0 < m.bbox.2 && m.bbox.1 < m.bbox.3, "\(m.name)")
            #expect(m.descent < 0 && m.ascent > 0, "\(m.name)")
        }
    }

    @Test func aliases() {
        let cases: [(String, String)] = [
            ("Arial", "Helvetica"), ("ArialMT", "Helvetica"), ("Arial,Bold", "Helvetica-Bold"),
            ("Arial-BoldMT", "Helvetica-Bold"), ("Arial,Italic", "Helvetica-Oblique"),
            ("Arial-ItalicMT", "Helvetica-Oblique"), ("Arial,BoldItalic", "Helvetica-BoldOblique"),
            ("Arial-BoldItalicMT", "Helvetica-BoldOblique"), ("Helvetica,Bold", "Helvetica-Bold"),
            ("Helvetica-Italic", "Helvetica-Oblique"), ("Helvetica-BoldItalic", "Helvetica-BoldOblique"),
            ("TimesNewRoman", "Times-Roman"), ("TimesNewRomanPS", "Times-Roman"),
            ("TimesNewRomanPSMT", "Times-Roman"), ("TimesNewRoman,Bold", "Times-Bold"),
            ("TimesNewRomanPS-BoldMT", "Times-Bold"), ("TimesNewRomanPS-ItalicMT", "Times-Italic"),
            ("TimesNewRomanPS-BoldItalicMT", "Times-BoldItalic"), ("Times", "Times-Roman"),
            ("Times-Roman", "Times-Roman"), ("Times,Italic", "Times-Italic"),
            ("Times New Roman", "Times-Roman"), ("Times New Roman,Bold", "Times-Bold"),
            ("CourierNew", "Courier"), ("CourierNewPSMT", "Courier"), ("CourierNew,Bold", "Courier-Bold"),
            ("CourierNewPS-BoldMT", "Courier-Bold"), ("CourierNewPS-ItalicMT", "Courier-Oblique"),
            ("Courier New,BoldItalic", "Courier-BoldOblique"), ("Courier-Italic", "Courier-Oblique"),
            ("Symbol,Bold", "Symbol"), ("Symbol,Italic", "Symbol"), ("SymbolMT", "Symbol"),
            ("ABCDEF+Helvetica", "Helvetica"), ("XYZABC+Arial-BoldMT", "Helvetica-Bold"),
            ("ZapfDingbats", "ZapfDingbats"), ("ITC Zapf Dingbats", "ZapfDingbats"),
        ]
        for (alias, canonical) in cases {
            #expect(StandardFontMetrics.lookup(alias)?.name == canonical, "\(alias)")
        }
        for other in [
            "ArialNarrow", "Arial Black", "HelveticaNeue", "Times-Light", "Calibri", "", "abcdef+Helvetica",
            "ABCDE+Helvetica", "Helvetica-Condensed",
        ] {
            #expect(StandardFontMetrics.lookup(other) == nil, "\(other)")
        }
    }

    @Test func everyLatinEncodingNameHasAHelveticaWidth() throws {
        let helvetica = try #require(StandardFontMetrics.lookup("Helvetica"))
        // Mac OS Roman's Apple logo (a private-use character) is in no standard font, and
        // Omega is Apple's name for 0xBD (the Latin fonts call that glyph Omegagreek).
        let macOnly: Set<String> = ["apple", "Omega"]
        for e in [BaseEncoding.standard, .winAnsi, .macRoman, .pdfDoc] {
            for code in 0...255 {
                guard let name = e.glyphName(UInt8(code)), !macOnly.contains(name) else { continue }
                #expect(helvetica.width(ofGlyph: name) != nil, "\(e) \(code) \(name)")
            }
        }
        let symbol = try #require(StandardFontMetrics.lookup("Symbol"))
        let dingbats = try #require(StandardFontMetrics.lookup("ZapfDingbats"))
        for code in 0...255 {
            if let name = BaseEncoding.symbol.glyphName(UInt8(code)) {
                #expect(symbol.width(ofGlyph: name) != nil, "Symbol \(name)")
            }
            if let name = BaseEncoding.zapfDingbats.glyphName(UInt8(code)) {
                #expect(dingbats.width(ofGlyph: name) != nil, "ZapfDingbats \(name)")
            }
        }
    }
}
