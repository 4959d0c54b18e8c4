import Testing
import PDFCore
import PDFFile
import PDFTestSupport
@testable import PDFAudit

/// A one-page tagged document: `content` is the page's content stream; the structure tree
/// has a Document with one P claiming MCID 0 (and `moreKids` after it).
func audit(content: String, elementExtras: String = "", catalogLang: String? = "en-GB", font: String? = nil,
           only: Set<String>, profile: AuditProfile = .ua1,
           configure: (inout TaggedDocument) -> Void = { _ in }) throws -> AuditReport {
    var t = TaggedDocument()
    t.content = [content]
    t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R] >>"),
                 (22, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K 0 \(elementExtras) >>")]
    t.parentTreeNums = "0 [22 0 R]"
    t.catalogLang = catalogLang
    if let font { t.font = font }
    configure(&t)
    var options = AuditOptions()
    options.onlyRules = only
    options.profile = profile
    return Auditor(options: options).audit(try Document(bytes: t.build()))
}

let taggedHello = "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (Hello) Tj ET EMC"

@Suite struct TaggedContentCheckTests {
    static let ids: Set<String> = ["7.1-1", "7.1-2", "7.1-3"]

    @Test func taggedAndArtifactContentPasses() throws {
        let r = try audit(content: taggedHello + " /Artifact BMC 0 0 10 10 re f EMC", only: Self.ids)
        #expect(r.status("7.1-3") == .passed)
        #expect(r.status("7.1-1") == .passed)
    }

    @Test func loneUntaggedRectangleFails() throws {
        let r = try audit(content: taggedHello + " 10 20 30 40 re f", only: Self.ids)
        #expect(r.status("7.1-3") == .failed)
        let f = try #require(r.findings("7.1-3").first)
        #expect(f.location.pageIndex == 0)
        #expect(f.location.bbox.map { abs($0.x0 - 10) < 0.01 && abs($0.y1 - 60) < 0.01 } == true)
        #expect(f.location.operatorIndex != nil)
        #expect(f.message.contains("Artifact"))
    }

    @Test func mcidTheTreeDoesNotClaimFails() throws {
        let r = try audit(content: taggedHello + " /P << /MCID 7 >> BDC BT /F1 12 Tf 72 600 Td (Lost) Tj ET EMC", only: Self.ids)
        #expect(r.status("7.1-3") == .failed)
        #expect(r.findings("7.1-3").first?.location.mcid == 7)
    }

    @Test func artifactInsideTaggedContentFails() throws {
        let r = try audit(content: "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (Hi) Tj ET /Artifact BMC 0 0 5 5 re f EMC EMC", only: Self.ids)
        #expect(r.status("7.1-1") == .failed)
        #expect(r.status("7.1-2") == .passed)
    }

    @Test func taggedContentInsideArtifactFails() throws {
        let r = try audit(content: "/Artifact BMC /P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (Hi) Tj ET EMC EMC", only: Self.ids)
        #expect(r.status("7.1-2") == .failed)
    }
}

@Suite struct LanguageCheckTests {
    @Test func textWithoutAnyLanguageFails() throws {
        let r = try audit(content: taggedHello, catalogLang: nil, only: ["7.2-34"])
        #expect(r.status("7.2-34") == .failed)
        #expect(r.findings("7.2-34").first?.location.pageIndex == 0)
    }

    @Test func languageFromTheElementOrMarkedContentPasses() throws {
        #expect(try audit(content: taggedHello, elementExtras: "/Lang (de)", catalogLang: nil, only: ["7.2-34"]).status("7.2-34") == .passed)
        let mc = "/P << /MCID 0 /Lang (fr) >> BDC BT /F1 12 Tf 72 700 Td (Salut) Tj ET EMC"
        #expect(try audit(content: mc, catalogLang: nil, only: ["7.2-34"]).status("7.2-34") == .passed)
    }

    @Test func invalidLanguageTagsFail() throws {
        #expect(try audit(content: taggedHello, catalogLang: "portugues", only: ["7.2-29"]).status("7.2-29") == .failed)
        #expect(try audit(content: taggedHello, catalogLang: "", only: ["7.2-29"]).status("7.2-29") == .failed)
        #expect(try audit(content: taggedHello, catalogLang: "pt-BR", only: ["7.2-29"]).status("7.2-29") == .passed)
        let mc = "/P << /MCID 0 /Lang (12) >> BDC BT /F1 12 Tf 72 700 Td (x) Tj ET EMC"
        let r = try audit(content: mc, only: ["7.2-29"])
        #expect(r.status("7.2-29") == .failed)
        #expect(r.findings("7.2-29").first?.evidence.contains { $0.key == "Lang" && $0.value == "12" } == true)
        #expect(isValidLanguageTag("portugue") && isValidLanguageTag("en-1234abcd") && !isValidLanguageTag("пт"))
    }

    @Test func spanReplacementTextNeedsALanguage() throws {
        let span = "/P << /MCID 0 >> BDC /Span << /ActualText (fi) >> BDC BT /F1 12 Tf 72 700 Td (x) Tj ET EMC EMC"
        #expect(try audit(content: span, catalogLang: nil, only: ["7.2-30"]).status("7.2-30") == .failed)
        #expect(try audit(content: span, only: ["7.2-30"]).status("7.2-30") == .passed)
        let alt = "/P << /MCID 0 >> BDC /Span << /Alt (x) /Lang (en) >> BDC BT /F1 12 Tf 72 700 Td (x) Tj ET EMC EMC"
        #expect(try audit(content: alt, catalogLang: nil, only: ["7.2-31"]).status("7.2-31") == .passed)
    }
}

@Suite struct FontCheckTests {
    @Test func unembeddedFontFailsAndInvisibleTextIsExempt() throws {
        let r = try audit(content: taggedHello, only: ["7.21.4.1-1"])
        #expect(r.status("7.21.4.1-1") == .failed)
        let f = try #require(r.findings("7.21.4.1-1").first)
        #expect(f.location.object?.number == 5)
        #expect(f.message.contains("Helvetica") && f.message.contains("Embed"))
        let invisible = "/P << /MCID 0 >> BDC BT 3 Tr /F1 12 Tf 72 700 Td (Hello) Tj ET EMC"
        #expect(try audit(content: invisible, only: ["7.21.4.1-1"]).status("7.21.4.1-1") == .notApplicable)
    }

    @Test func standardEncodingMapsToUnicodeAndASymbolicCodeWithoutMappingFails() throws {
        #expect(try audit(content: taggedHello, only: ["7.21.7-1"]).status("7.21.7-1") == .passed)
        // A Type 1 font with a built-in, unknown encoding: its glyph names say nothing.
        let font = "<< /Type /Font /Subtype /Type1 /BaseFont /Mystery /Encoding << /Type /Encoding /Differences [72 /g17] >> >>"
        let r = try audit(content: taggedHello, font: font, only: ["7.21.7-1"])
        #expect(r.status("7.21.7-1") == .failed)
        #expect(r.findings("7.21.7-1").first?.evidence.contains { $0.key == "code" && $0.value == "72" } == true)
    }
}

@Suite struct FontDictionaryCheckTests {
    /// A Type 0 font over an unembedded CIDFontType2, with `encoding` and CIDFont extras.
    static func type0(encoding: String, cidExtras: String = "", registry: String = "Adobe", ordering: String = "Identity", supplement: Int = 0) -> (inout TaggedDocument) -> Void {
        { t in
            t.font = "<< /Type /Font /Subtype /Type0 /BaseFont /Test /Encoding \(encoding) /DescendantFonts [65 0 R] >>"
            t.objects += [(65, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Test /CIDSystemInfo << /Registry (\(registry)) /Ordering (\(ordering)) /Supplement \(supplement) >> /FontDescriptor 66 0 R \(cidExtras) >>"),
                          (66, "<< /Type /FontDescriptor /FontName /Test /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 67 0 R >>"),
                          (67, "<< /Length 0 >>\nstream\n\nendstream")]
        }
    }
    static let twoByteHello = "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td <00480065> Tj ET EMC"

    @Test func cmapNotInTable118Fails() throws {
        let r = try audit(content: Self.twoByteHello, only: ["7.21.3.3-1"], configure: Self.type0(encoding: "/Adobe-Korea1-2"))
        #expect(r.status("7.21.3.3-1") == .failed)
        #expect(r.findings("7.21.3.3-1").first?.evidence.contains { $0.key == "Encoding" && $0.value == "Adobe-Korea1-2" } == true)
        let ok = try audit(content: Self.twoByteHello, only: ["7.21.3.3-1"], configure: Self.type0(encoding: "/Identity-H"))
        #expect(ok.status("7.21.3.3-1") == .passed)
    }

    @Test func embeddedCIDFontType2NeedsAUsableCIDToGIDMap() throws {
        let missing = try audit(content: Self.twoByteHello, only: ["7.21.3.2-1"], configure: Self.type0(encoding: "/Identity-H"))
        #expect(missing.status("7.21.3.2-1") == .failed)
        let identity = try audit(content: Self.twoByteHello, only: ["7.21.3.2-1"], configure: Self.type0(encoding: "/Identity-H", cidExtras: "/CIDToGIDMap /Identity"))
        #expect(identity.status("7.21.3.2-1") == .passed)
    }

    @Test func embeddedCMapMustAgreeWithItsCIDFont() throws {
        let program = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> def /CMapName /Test-H def /WMode 1 def 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange endcmap CMapName currentdict /CMap defineresource pop end end"
        let embed: (String, Int) -> (inout TaggedDocument) -> Void = { ordering, supplement in { t in
            Self.type0(encoding: "68 0 R", cidExtras: "/CIDToGIDMap /Identity", ordering: ordering, supplement: supplement)(&t)
            t.objects.append((68, "<< /Type /CMap /CMapName /Test-H /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> /Length \(program.utf8.count) >>\nstream\n\(program)\nendstream"))
        } }
        let ids: Set<String> = ["7.21.3.1-1", "7.21.3.3-2"]
        let mismatch = try audit(content: Self.twoByteHello, only: ids, configure: embed("Korea1", 0))
        #expect(mismatch.status("7.21.3.1-1") == .failed)
        #expect(mismatch.status("7.21.3.3-2") == .failed, "the dictionary says WMode 0, the program 1")
        let higherSupplement = try audit(content: Self.twoByteHello, only: ids, configure: embed("Japan1", 3))
        #expect(higherSupplement.status("7.21.3.1-1") == .failed)
        let same = try audit(content: Self.twoByteHello, only: ids, configure: embed("Japan1", 1))
        #expect(same.status("7.21.3.1-1") == .passed)
    }

    @Test func symbolicTrueTypeWithAnEncodingFails() throws {
        let font = "<< /Type /Font /Subtype /TrueType /BaseFont /Sym /FirstChar 72 /LastChar 111 /FontDescriptor 69 0 R /Encoding /WinAnsiEncoding >>"
        let r = try audit(content: taggedHello, font: font, only: ["7.21.6-3"]) { t in
            t.objects.append((69, "<< /Type /FontDescriptor /FontName /Sym /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 >>"))
        }
        #expect(r.status("7.21.6-3") == .failed)
    }
}

@Suite struct ToUnicodeValueCheckTests {
    @Test func toUnicodeMappingAUsedCodeToNULFails() throws {
        let cmap = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange 2 beginbfchar <48> <0000> <65> <0065> endbfchar endcmap CMapName currentdict /CMap defineresource pop end end"
        let font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 70 0 R >>"
        let configure: (inout TaggedDocument) -> Void = { $0.objects.append((70, "<< /Length \(cmap.utf8.count) >>\nstream\n\(cmap)\nendstream")) }
        let bad = try audit(content: taggedHello, font: font, only: ["7.21.7-2"], configure: configure)
        #expect(bad.status("7.21.7-2") == .failed)
        #expect(bad.findings("7.21.7-2").first?.evidence.contains { $0.key == "code" && $0.value == "72" } == true)
        let fine = try audit(content: "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (eee) Tj ET EMC", font: font, only: ["7.21.7-2"], configure: configure)
        #expect(fine.status("7.21.7-2") == .passed, "only codes the content uses count")
    }
}
