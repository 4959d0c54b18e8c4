import Testing
import Foundation
import PDFCore
import PDFFile
import PDFTestSupport
@testable import PDFAudit

/// The tiny font programs of the font tests (`Tests/PDFFontsTests/Fixtures`, made by the
/// project's own script), embedded as ASCIIHex streams.
enum EmbeddedFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PDFFontsTests/Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func stream(_ bytes: [UInt8], extras: String = "") -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var hex: [UInt8] = []
        for b in bytes { hex.append(digits[Int(b >> 4)]); hex.append(digits[Int(b & 15)]) }
        let text = String(decoding: hex, as: UTF8.self) + ">"
        return "<< /Filter /ASCIIHexDecode \(extras) /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream"
    }

    /// A font descriptor (object 60) with the program as object 61 under `key`.
    static func descriptor(flags: Int, key: String = "FontFile2", extras: String = "") -> String {
        "<< /Type /FontDescriptor /FontName /ABCDEF+Test /Flags \(flags) /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /\(key) 61 0 R \(extras) >>"
    }

    /// A TrueType program with the cmap encoding record `from` renamed `to` (FreeType does
    /// not check table checksums).
    static func renamingCmap(_ font: [UInt8], from: (UInt16, UInt16), to: (UInt16, UInt16)) -> [UInt8] {
        var f = font
        func u16(_ i: Int) -> Int { Int(f[i]) << 8 | Int(f[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        for t in 0..<u16(4) where Array(f[(12 + 16 * t)..<(16 + 16 * t)]) == Array("cmap".utf8) {
            let cmap = u32(12 + 16 * t + 8)
            for r in 0..<u16(cmap + 2) {
                let at = cmap + 4 + 8 * r
                if u16(at) == Int(from.0) && u16(at + 2) == Int(from.1) {
                    f[at] = UInt8(to.0 >> 8); f[at + 1] = UInt8(to.0 & 0xFF)
                    f[at + 2] = UInt8(to.1 >> 8); f[at + 3] = UInt8(to.1 & 0xFF)
                }
            }
        }
        return f
    }
}

/// Text "ABC" with /F1, tagged as MCID 0.
let taggedABC = "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (ABC) Tj ET EMC"

/// Audits `taggedABC` with a simple TrueType /F1 over `program`.
func auditTrueType(_ program: [UInt8], flags: Int, encoding: String = "/Encoding /WinAnsiEncoding",
                   widths: String = "[610 620 630]", content: String = taggedABC, only: Set<String>) throws -> AuditReport {
    try audit(content: content, font: "<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Test /FirstChar 65 /LastChar 67 /Widths \(widths) /FontDescriptor 60 0 R \(encoding) >>", only: only) { t in
        t.objects += [(60, EmbeddedFixture.descriptor(flags: flags)), (61, EmbeddedFixture.stream(program))]
    }
}

/// Audits `taggedABC` with a Type 1 /F1 over the name-keyed CFF fixture (/FontFile3 /Type1C).
func auditNamedCFF(baseFont: String = "ABCDEF+FixtureCFF", encoding: String = "/WinAnsiEncoding",
                   descriptorExtras: String = "", only: Set<String>) throws -> AuditReport {
    let cff = try EmbeddedFixture.bytes("named.cff")
    return try audit(content: taggedABC, font: "<< /Type /Font /Subtype /Type1 /BaseFont /\(baseFont) /FirstChar 65 /LastChar 67 /Widths [610 620 630] /FontDescriptor 60 0 R /Encoding \(encoding) >>", only: only) { t in
        t.objects += [(60, EmbeddedFixture.descriptor(flags: 32, key: "FontFile3", extras: descriptorExtras)),
                      (61, EmbeddedFixture.stream(cff, extras: "/Subtype /Type1C"))]
    }
}

@Suite struct FontEncodingCheckTests {
    @Test func nonSymbolicTrueTypeNeedsAStandardEncodingOrGlyphListDifferences() throws {
        let ttf = try EmbeddedFixture.bytes("unicode.ttf")
        let id: Set<String> = ["7.21.6-2"]
        #expect(try auditTrueType(ttf, flags: 32, only: id).status("7.21.6-2") == .passed)
        let agl = "/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /A /B /C] >>"
        #expect(try auditTrueType(ttf, flags: 32, encoding: agl, only: id).status("7.21.6-2") == .passed)
        let odd = "/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /Aee] >>"
        let r = try auditTrueType(ttf, flags: 32, encoding: odd, only: id)
        #expect(r.status("7.21.6-2") == .failed)
        let f = try #require(r.findings("7.21.6-2").first)
        #expect(f.location.object?.number == 5)
        #expect(f.location.pageIndex == 0)
        #expect(f.message.contains("/Aee") && f.message.contains("Adobe Glyph List"))
        let none = try auditTrueType(ttf, flags: 32, encoding: "", only: id)
        #expect(none.status("7.21.6-2") == .failed)
        #expect(none.findings("7.21.6-2").first?.message.contains("WinAnsiEncoding") == true)
        let identity = try auditTrueType(ttf, flags: 32, encoding: "/Encoding << /BaseEncoding /Identity >>", only: id)
        #expect(identity.status("7.21.6-2") == .failed)
        // Symbolic fonts are not judged by this rule.
        #expect(try auditTrueType(ttf, flags: 4, encoding: "", only: id).status("7.21.6-2") == .notApplicable)
    }

    @Test func glyphListDifferencesNeedAUnicodeCmap() throws {
        let noUnicode = EmbeddedFixture.renamingCmap(try EmbeddedFixture.bytes("unicode.ttf"), from: (3, 1), to: (3, 10))
        let agl = "/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /A] >>"
        let r = try auditTrueType(noUnicode, flags: 32, encoding: agl, only: ["7.21.6-2"])
        #expect(r.status("7.21.6-2") == .failed)
        #expect(r.findings("7.21.6-2").first?.message.contains("(3,1)") == true)
    }

    @Test func nonSymbolicProgramNeedsAMacRomanOrUnicodeCmap() throws {
        let ttf = try EmbeddedFixture.bytes("unicode.ttf")
        #expect(try auditTrueType(ttf, flags: 32, only: ["7.21.6-1"]).status("7.21.6-1") == .passed)
        // symbolic.ttf with its (1,0) record renamed (0,3): only (0,3) and (3,0) remain.
        let bare = EmbeddedFixture.renamingCmap(try EmbeddedFixture.bytes("symbolic.ttf"), from: (1, 0), to: (0, 3))
        let r = try auditTrueType(bare, flags: 32, only: ["7.21.6-1"])
        #expect(r.status("7.21.6-1") == .failed)
        let f = try #require(r.findings("7.21.6-1").first)
        #expect(f.location.object?.number == 5)
        #expect(f.message.contains("(3,1)"))
        // Invisible text (rendering mode 3) is exempt.
        let invisible = "/P << /MCID 0 >> BDC BT 3 Tr /F1 12 Tf 72 700 Td (ABC) Tj ET EMC"
        #expect(try auditTrueType(bare, flags: 32, content: invisible, only: ["7.21.6-1"]).status("7.21.6-1") == .notApplicable)
    }

    @Test func symbolicProgramNeedsOneCmapOrASymbolCmap() throws {
        // symbolic.ttf has (1,0) and (3,0): the (3,0) subtable makes it pass.
        let symbolic = try EmbeddedFixture.bytes("symbolic.ttf")
        #expect(try auditTrueType(symbolic, flags: 4, encoding: "", only: ["7.21.6-4"]).status("7.21.6-4") == .passed)
        // unicode.ttf has three subtables and no (3,0).
        let r = try auditTrueType(try EmbeddedFixture.bytes("unicode.ttf"), flags: 4, encoding: "", only: ["7.21.6-4"])
        #expect(r.status("7.21.6-4") == .failed)
        let f = try #require(r.findings("7.21.6-4").first)
        #expect(f.location.object?.number == 5)
        #expect(f.evidence.contains { $0.key == "cmaps" && $0.value.contains("(0,3)") })
    }
}

@Suite struct FontSubsetCheckTests {
    static let names = "/space/A/B/C/bullet/uniE001/Aacute"

    func auditType1(charSet: String, baseFont: String = "ABCDEF+FixtureCFF") throws -> AuditReport {
        try auditNamedCFF(baseFont: baseFont, descriptorExtras: "/CharSet (\(charSet))", only: ["7.21.4.2-1"])
    }

    @Test func charSetListsExactlyTheProgramsGlyphs() throws {
        #expect(try auditType1(charSet: Self.names).status("7.21.4.2-1") == .passed)
        let missing = try auditType1(charSet: "/space/A/B/C/bullet/uniE001")
        #expect(missing.status("7.21.4.2-1") == .failed)
        let f = try #require(missing.findings("7.21.4.2-1").first)
        #expect(f.location.object?.number == 5)
        #expect(f.message.contains("/Aacute") && f.message.contains("CharSet"))
        #expect(try auditType1(charSet: Self.names + "/d").status("7.21.4.2-1") == .failed)
        // Only subsets (a six-letter prefix) are judged.
        #expect(try auditType1(charSet: "/A", baseFont: "FixtureCFF").status("7.21.4.2-1") == .notApplicable)
    }

    /// A CIDSet stream with bits set for `cids`.
    static func cidSet(_ cids: [UInt32]) -> String {
        var bits = [UInt8](repeating: 0, count: Int((cids.max() ?? 0) / 8) + 1)
        for c in cids { bits[Int(c / 8)] |= 0x80 >> UInt8(c % 8) }
        return EmbeddedFixture.stream(bits)
    }

    func auditCID(program: String, subtype: String, key: String, fileExtras: String, cids: [UInt32], content: String) throws -> AuditReport {
        let bytes = try EmbeddedFixture.bytes(program)
        return try audit(content: content, font: "<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Test /Encoding /Identity-H /DescendantFonts [62 0 R] >>", only: ["7.21.4.2-2"]) { t in
            t.objects += [(60, EmbeddedFixture.descriptor(flags: 4, key: key, extras: "/CIDSet 63 0 R")),
                          (61, EmbeddedFixture.stream(bytes, extras: fileExtras)),
                          (62, "<< /Type /Font /Subtype /\(subtype) /BaseFont /ABCDEF+Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 60 0 R /CIDToGIDMap /Identity >>"),
                          (63, Self.cidSet(cids))]
        }
    }

    @Test func cidSetOfACIDKeyedProgramListsItsCharset() throws {
        let all: [UInt32] = [0, 1, 34, 35, 36, 200, 1000, 65000]
        let show = "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td <00220023> Tj ET EMC"
        let pass = try auditCID(program: "cid.cff", subtype: "CIDFontType0", key: "FontFile3", fileExtras: "/Subtype /CIDFontType0C", cids: all, content: show)
        #expect(pass.status("7.21.4.2-2") == .passed)
        let fail = try auditCID(program: "cid.cff", subtype: "CIDFontType0", key: "FontFile3", fileExtras: "/Subtype /CIDFontType0C", cids: all.filter { $0 != 1000 }, content: show)
        #expect(fail.status("7.21.4.2-2") == .failed)
        let f = try #require(fail.findings("7.21.4.2-2").first)
        #expect(f.location.object?.number == 5)
        #expect(f.evidence.contains { $0.key == "missing" && $0.value == "1000" })
    }

    @Test func cidSetOfATrueTypeProgramCoversTheShownCIDs() throws {
        // Identity: CIDs 2 and 3 are glyphs A and B of unicode.ttf.
        let show = "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td <00020003> Tj ET EMC"
        let pass = try auditCID(program: "unicode.ttf", subtype: "CIDFontType2", key: "FontFile2", fileExtras: "", cids: [0, 1, 2, 3, 4], content: show)
        #expect(pass.status("7.21.4.2-2") == .passed)
        let fail = try auditCID(program: "unicode.ttf", subtype: "CIDFontType2", key: "FontFile2", fileExtras: "", cids: [0, 2], content: show)
        #expect(fail.status("7.21.4.2-2") == .failed)
        #expect(fail.findings("7.21.4.2-2").first?.evidence.contains { $0.key == "missing" && $0.value == "3" } == true)
        // A bit for a CID beyond the program's eight glyphs.
        let beyond = try auditCID(program: "unicode.ttf", subtype: "CIDFontType2", key: "FontFile2", fileExtras: "", cids: [2, 3, 40], content: show)
        #expect(beyond.status("7.21.4.2-2") == .failed)
    }
}

@Suite struct GlyphWidthCheckTests {
    @Test func dictionaryWidthsAgreeWithTheProgram() throws {
        let ttf = try EmbeddedFixture.bytes("unicode.ttf")
        // Program advances: A 610.35, B 620.12, C 629.88 (1/1000 em).
        #expect(try auditTrueType(ttf, flags: 32, only: ["7.21.5-1"]).status("7.21.5-1") == .passed)
        let r = try auditTrueType(ttf, flags: 32, widths: "[610 700 630]", only: ["7.21.5-1"])
        #expect(r.status("7.21.5-1") == .failed)
        let f = try #require(r.findings("7.21.5-1").first)
        #expect(f.location.object?.number == 5)
        #expect(f.location.pageIndex == 0)
        #expect(f.location.bbox != nil)
        #expect(f.evidence.contains { $0.key == "code" && $0.value == "66" })
        #expect(f.evidence.contains { $0.key == "dictionaryWidth" && $0.value == "700" })
        // Invisible text is exempt.
        let invisible = "/P << /MCID 0 >> BDC BT 3 Tr /F1 12 Tf 72 700 Td (ABC) Tj ET EMC"
        #expect(try auditTrueType(ttf, flags: 32, widths: "[610 700 630]", content: invisible, only: ["7.21.5-1"]).status("7.21.5-1") == .notApplicable)
    }
}

@Suite struct FormXObjectCheckTests {
    func auditForm(content: String) throws -> AuditReport {
        let form = "/P << /MCID 0 >> BDC 0 0 10 10 re f EMC"
        return try audit(content: content, only: ["7.20-2"]) { t in
            t.resourceExtras = "/XObject << /Fm0 64 0 R >>"
            t.objects += [(64, "<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Length \(form.utf8.count) >>\nstream\n\(form)\nendstream")]
            t.objects[1] = (22, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K << /Type /MCR /MCID 0 /Stm 64 0 R >> >>")
        }
    }

    @Test func formWithMCIDsPaintedOncePassesTwiceFails() throws {
        #expect(try auditForm(content: "q /Fm0 Do Q").status("7.20-2") == .passed)
        let r = try auditForm(content: "q /Fm0 Do Q q 1 0 0 1 50 50 cm /Fm0 Do Q")
        #expect(r.status("7.20-2") == .failed)
        let f = try #require(r.findings("7.20-2").first)
        #expect(f.location.object?.number == 64)
        #expect(f.location.pageIndex == 0)
        #expect(f.message.contains("painted 2 times"))
        // A form without MCIDs may be painted any number of times.
        #expect(try audit(content: "q /Fm0 Do Q q /Fm0 Do Q", only: ["7.20-2"]) { t in
            t.resourceExtras = "/XObject << /Fm0 64 0 R >>"
            let art = "/Artifact BMC 0 0 1 1 re f EMC"
            t.objects += [(64, "<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Length \(art.utf8.count) >>\nstream\n\(art)\nendstream")]
        }.status("7.20-2") == .notApplicable)
    }
}

@Suite struct GlyphPresenceCheckTests {
    func auditCFF(encoding: String) throws -> AuditReport {
        try auditNamedCFF(encoding: encoding, only: ["7.21.4.1-2"])
    }

    @Test func everyPaintedGlyphIsInTheProgram() throws {
        #expect(try auditCFF(encoding: "/WinAnsiEncoding").status("7.21.4.1-2") == .passed)
        // Code 66 now names Zcaron, which the program lacks.
        let r = try auditCFF(encoding: "<< /BaseEncoding /WinAnsiEncoding /Differences [66 /Zcaron] >>")
        #expect(r.status("7.21.4.1-2") == .failed)
        let f = try #require(r.findings("7.21.4.1-2").first)
        #expect(f.location.object?.number == 5)
        #expect(f.location.pageIndex == 0)
        #expect(f.evidence.contains { $0.key == "code" && $0.value == "66" })
    }

    @Test func aCIDBeyondTheProgramIsMissing() throws {
        let ttf = try EmbeddedFixture.bytes("unicode.ttf")
        func run(_ hex: String) throws -> AuditReport {
            try audit(content: "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td <\(hex)> Tj ET EMC", font: "<< /Type /Font /Subtype /Type0 /BaseFont /Test /Encoding /Identity-H /DescendantFonts [62 0 R] >>", only: ["7.21.4.1-2"]) { t in
                t.objects += [(60, EmbeddedFixture.descriptor(flags: 4)), (61, EmbeddedFixture.stream(ttf)),
                              (62, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 60 0 R /CIDToGIDMap /Identity >>")]
            }
        }
        #expect(try run("00020003").status("7.21.4.1-2") == .passed)
        let r = try run("00020028")
        #expect(r.status("7.21.4.1-2") == .failed)
        #expect(r.findings("7.21.4.1-2").first?.evidence.contains { $0.key == "code" && $0.value == "40" } == true)
    }
}
