// The bodies of the fuzz entry points that reach stages below the text API (the glyph
// extraction, the content-stream interpreter, the CMap parsers). They live in this package,
// not in tools/fuzz, so that they may use its `package` declarations and so that every
// build compiles them; tools/fuzz's executables only hand libFuzzer's input to them, and
// `FuzzEntryTests` runs them on the committed seeds.

import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFFonts
import PDFContent

/// What the fuzz entry points run on one input. Each returns a value built from everything
/// it read (the caller keeps it, so the reads are not optimised away); a broken invariant
/// traps (`check`).
public enum FuzzEntry {
    /// A PDF: opened with `Limits.fuzzing`, then `extractGlyphs` on its first 20 pages with
    /// annotations and small budgets; every page's arena is read and checked (`touch`).
    /// Returns the number of glyphs seen, or nil when the file is refused.
    public static func glyphExtraction(_ input: [UInt8]) -> Int? {
        guard let document = try? Document(bytes: input, limits: .fuzzing) else { return nil }
        let fonts = FontCache(store: document.store)
        var sink = 0, glyphs = 0
        for index in 0..<min(document.pages.count, 20) {
            let page = extractGlyphs(document: document, pageIndex: index, fonts: fonts, options: glyphOptions)
            check(page.pageIndex == index, "page \(page.pageIndex) for index \(index)")
            sink &+= touch(page)
            glyphs += page.glyphs.count
        }
        keep(sink)
        return glyphs
    }

    /// A content stream, run by a `ContentInterpreter` into a `GlyphCollector` as the content
    /// of a fixed synthetic page (made once, on first use). Returns the number of glyphs collected.
    public static func contentStream(_ input: [UInt8]) -> Int {
        let collector = GlyphCollector(pageIndex: 0, mediaBox: contentPage.mediaBox, cropBox: contentPage.cropBox,
                                       rotation: contentPage.rotation, maxPaths: contentOptions.maxPaths)
        let interpreter = ContentInterpreter(store: contentDocument.store, fonts: contentFonts, options: contentOptions, sink: collector)
        interpreter.optionalContent = contentOptionalContent
        interpreter.run(input, resources: contentPage.resources)
        check(interpreter.operatorCount <= contentOptions.maxOperators + 1, "\(interpreter.operatorCount) operators")
        let result = collector.finish(diagnostics: interpreter.diagnostics.finished)
        keep(touch(result))
        return result.glyphs.count
    }

    /// A CMap program, parsed as a ToUnicode map and as an encoding CMap (`usecmap` resolves
    /// Identity-H/V and the predefined CMaps); fixed codes of 1–4 bytes are looked up and the
    /// input is split into codes by each, checking every code is 1–4 bytes long. Returns
    /// how many of the two parses gave a map.
    public static func cmap(_ input: [UInt8]) -> Int {
        var parsed = 0
        var sink = 0
        var log = DiagnosticLog()
        if let map = ToUnicodeMap.parse(input, diagnostics: &log) {
            parsed += 1
            for (code, length) in probes { sink &+= map.unicode(for: code, length: length)?.count ?? 0 }
            sink &+= map.mappedCodeLengths.reduce(0, &+) &+ map.codespaceRanges.count
            input.withUnsafeBufferPointer { buffer in
                var i = 0
                while i < buffer.count {
                    let (code, length) = map.nextCode(buffer, at: i)
                    check(length >= 1 && length <= 4, "ToUnicode nextCode length \(length) at \(i)")
                    sink &+= map.unicode(for: code, length: length)?.count ?? 0
                    let read = map.readCode(buffer, at: i)
                    check(read.length >= 1, "ToUnicode readCode length \(read.length) at \(i)")
                    i += length
                }
            }
        }
        if let cmap = CMap.parse(input, resolve: resolve, diagnostics: &log) {
            parsed += 1
            for (code, length) in probes {
                sink &+= Int(cmap.cid(for: code, length: length) ?? 0) & 1
                sink &+= Int(cmap.notdefCID(for: code, length: length) ?? 0) & 1
            }
            sink &+= cmap.writingMode &+ cmap.codespaceRanges.count &+ (cmap.isIdentity ? 1 : 0)
            input.withUnsafeBufferPointer { buffer in
                var i = 0
                while i < buffer.count {
                    let (code, length) = cmap.nextCode(buffer, at: i)
                    check(length >= 1 && length <= 4, "CMap nextCode length \(length) at \(i)")
                    sink &+= Int(cmap.cid(for: code, length: length) ?? 0) & 1
                    i += length
                }
            }
            let codes = cmap.codes(in: input)
            check(codes.allSatisfy { $0.length >= 1 && $0.length <= 4 }, "CMap codes(in:) length outside 1...4")
        }
        keep(sink &+ log.count)
        return parsed
    }
}

private let glyphOptions = fuzzingOptions(includeAnnotations: true)

// The CMap entry point's lookups.
private let probes: [(UInt32, Int)] = [(0, 1), (0x20, 1), (0x41, 1), (0xFF, 1), (0, 2), (0x0041, 2), (0x8140, 2),
                                       (0xFFFF, 2), (0x8EA1A1, 3), (0xFFFFFF, 3), (0x10000, 4), (0xFFFF_FFFF, 4), (0x41, 0), (1, 9)]

private func resolve(_ name: String) -> CMap? {
    switch name {
    case "Identity-H": return .identityH
    case "Identity-V": return .identityV
    default: return PredefinedCMaps.isPredefined(name) ? PredefinedCMaps.cmap(named: name) : nil
    }
}

// The content-stream entry point's page: a standard Helvetica (/F1), a Type 0 Identity-H
// font with a ToUnicode map and /W widths (/T0), a Type 3 font (/T3), a TrueType font with a
// damaged embedded program (/TT), a form XObject that shows text and draws itself (/X1), an
// image (/Im1), ExtGStates (/GS1 sets a font), colour spaces, marked-content properties and
// an optional content group that is off. Made once, on first use.
private let contentDocument: Document = {
    let toUnicode = """
        /CIDInit /ProcSet findresource begin 12 dict begin begincmap
        /CMapName /Fuzz-UCS def /CMapType 2 def
        1 begincodespacerange <0000> <FFFF> endcodespacerange
        3 beginbfchar <0001> <0041> <0002> <00660069> <0003> <D835DC00> endbfchar
        2 beginbfrange <0010> <0030> <0061> <0040> <0042> [<0031> <0032> <0033>] endbfrange
        endcmap CMapName currentdict /CMap defineresource pop end end
        """
    let widths = String(repeating: "500 ", count: 95)
    let objects: [(Int, String, String?)] = [
        (1, "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [30 0 R] /D << /OFF [30 0 R] >> >> >>", nil),
        (2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>", nil),
        (3, """
            << /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << \
            /Font << /F1 10 0 R /T0 11 0 R /T3 14 0 R /TT 16 0 R >> \
            /XObject << /X1 20 0 R /Im1 21 0 R >> \
            /ExtGState << /GS1 << /Font [11 0 R 12] /ca 0.5 /LW 2 >> /GS2 << /CA 0 >> >> \
            /ColorSpace << /CS1 /DeviceRGB /CS2 [/Indexed /DeviceRGB 1 <000000FFFFFF>] /CS3 [/Separation /Spot /DeviceCMYK 22 0 R] >> \
            /Properties << /MC1 << /MCID 1 /ActualText (fuzz) >> /OC1 30 0 R >> >> >>
            """, nil),
        (4, "", "BT /F1 12 Tf 72 720 Td (Hello) Tj ET"),
        (10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 126 /Widths [\(widths)] >>", nil),
        (11, "<< /Type /Font /Subtype /Type0 /BaseFont /FuzzCID /Encoding /Identity-H /DescendantFonts [12 0 R] /ToUnicode 13 0 R >>", nil),
        (12, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /FuzzCID /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 /W [1 [600 700] 3 5 400 32 [250]] /DW2 [880 -1000] /W2 [2 [-900 250 800]] >>", nil),
        (13, "", toUnicode),
        (14, "<< /Type /Font /Subtype /Type3 /FontBBox [0 -50 100 100] /FontMatrix [0.01 0 0 0.01 0 0] /CharProcs << /a 15 0 R /b 15 0 R >> /Encoding << /Differences [97 /a /b] >> /FirstChar 97 /LastChar 98 /Widths [50 80] /Resources << /XObject << /X1 20 0 R >> >> >>", nil),
        (15, "", "100 0 0 -50 100 100 d1 0 0 100 100 re f /X1 Do"),
        (16, "<< /Type /Font /Subtype /TrueType /BaseFont /Damaged /FirstChar 32 /LastChar 126 /Widths [\(widths)] /FontDescriptor 17 0 R >>", nil),
        (17, "<< /Type /FontDescriptor /FontName /Damaged /Flags 32 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 18 0 R >>", nil),
        (18, "", "\0\u{1}\0\0\0\u{4}\0\u{40}cmap garbage head glyf loca"),
        (20, "<< /Type /XObject /Subtype /Form /BBox [0 0 200 100] /Matrix [1 0 0 1 10 10] /Resources << /Font << /F1 10 0 R /T3 14 0 R >> /XObject << /X1 20 0 R >> >> >>",
         "BT /F1 10 Tf 0 0 Td (form) Tj /T3 10 Tf (ab) Tj ET /X1 Do"),
        (21, "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 >>", "\0"),
        (22, "<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0 1 0 0] /N 1 >>", nil),
        (30, "<< /Type /OCG /Name (off) >>", nil),
    ]
    // A classic cross-reference table, written by hand (PDFTestSupport is not a product).
    var out = Array("%PDF-1.7\n".utf8)
    var offsets: [Int: Int] = [:]
    for (n, body, stream) in objects {
        offsets[n] = out.count
        if let stream {
            let dict = body.isEmpty ? "<< >>" : body
            out += Array("\(n) 0 obj\n\(dict.dropLast(2)) /Length \(stream.utf8.count) >>\nstream\n".utf8)
            out += Array(stream.utf8) + Array("\nendstream\nendobj\n".utf8)
        } else {
            out += Array("\(n) 0 obj\n\(body)\nendobj\n".utf8)
        }
    }
    let size = (offsets.keys.max() ?? 0) + 1
    let xref = out.count
    out += Array("xref\n0 \(size)\n0000000000 65535 f \n".utf8)
    for n in 1..<size {
        if let offset = offsets[n] {
            let digits = String(offset)
            out += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
        } else {
            out += Array("0000000000 65535 f \n".utf8)
        }
    }
    out += Array("trailer\n<< /Size \(size) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    guard let document = try? Document(bytes: out, limits: .fuzzing), document.diagnostics.isEmpty else {
        fatalError("the synthetic document does not load cleanly")
    }
    return document
}()
private let contentPage = contentDocument.pages[0]
private let contentFonts = FontCache(store: contentDocument.store)
private let contentOptionalContent = OptionalContent(document: contentDocument)
private let contentOptions = fuzzingOptions(includeAnnotations: false)
