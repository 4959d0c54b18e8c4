import Testing
import PDFCore
import PDFFile
import PDFTestSupport
@testable import PDFAudit

@Suite struct DocumentCheckTests {
    static let catalogIDs: Set<String> = ["5-1", "5-2", "7.1-4", "7.1-8", "7.1-9", "7.1-10", "7.16-1", "7.2-2", "7.18.3-1", "7.18.5-2", "7.18.1-2", "7.11-1"]

    @Test func theDefaultFixturePassesTheCatalogRules() throws {
        let r = try audit(content: taggedHello, only: Self.catalogIDs)
        for id in ["5-1", "5-2", "7.1-4", "7.1-8", "7.1-9", "7.1-10"] { #expect(r.status(id) == .passed, "\(id)") }
    }

    @Test func metadataRules() throws {
        let noXMP = try audit(content: taggedHello, only: Self.catalogIDs) { $0.xmp = nil }
        #expect(noXMP.status("7.1-8") == .failed)
        #expect(noXMP.status("5-1") == .notApplicable, "as veraPDF: no XMP package to evaluate (7.1-8 reports it)")
        let noPart = try audit(content: taggedHello, only: Self.catalogIDs) { $0.xmp = TaggedDocument.xmp(title: "T", pdfuaPart: nil) }
        #expect(noPart.status("5-1") == .failed)
        let noTitle = try audit(content: taggedHello, only: Self.catalogIDs) { $0.xmp = TaggedDocument.xmp(title: nil, pdfuaPart: 1) }
        #expect(noTitle.status("7.1-9") == .failed)
        #expect(noTitle.status("5-1") == .passed)
        let wrongPart = try audit(content: taggedHello, only: Self.catalogIDs) { $0.xmp = TaggedDocument.xmp(title: "T", pdfuaPart: 2) }
        #expect(wrongPart.status("5-2") == .failed)
        let noDisplay = try audit(content: taggedHello, only: Self.catalogIDs) { $0.displayDocTitle = false }
        #expect(noDisplay.status("7.1-10") == .failed)
        let suspects = try audit(content: taggedHello, only: Self.catalogIDs) { $0.catalogExtras = "/MarkInfo << /Marked true /Suspects true >>"; $0.marked = false }
        #expect(suspects.status("7.1-4") == .failed)
    }

    @Test func outlineNeedsACatalogLanguage() throws {
        let outline: (inout TaggedDocument) -> Void = {
            $0.catalogExtras = "/Outlines 60 0 R"
            $0.objects += [(60, "<< /Type /Outlines /First 61 0 R /Last 61 0 R /Count 1 >>"),
                           (61, "<< /Title (Intro) /Parent 60 0 R /Dest [3 0 R /Fit] >>")]
        }
        #expect(try audit(content: taggedHello, catalogLang: nil, only: ["7.2-2"], configure: outline).status("7.2-2") == .failed)
        #expect(try audit(content: taggedHello, only: ["7.2-2"], configure: outline).status("7.2-2") == .passed)
    }

    @Test func annotationRules() throws {
        // A link annotation without /Contents on a page without /Tabs /S, its structure
        // parent a Link element through /StructParent.
        let link: (inout TaggedDocument) -> Void = {
            $0.pageExtras = "/Annots [62 0 R]"
            $0.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R 23 0 R] >>"),
                          (22, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K 0 >>"),
                          (23, "<< /Type /StructElem /S /Link /P 21 0 R /Pg 3 0 R /K [<< /Type /OBJR /Obj 62 0 R >>] >>"),
                          (62, "<< /Type /Annot /Subtype /Link /Rect [72 690 120 712] /StructParent 1 /A << /S /URI /URI (https://example.org) >> >>")]
            $0.parentTreeNums = "0 [22 0 R] 1 23 0 R"
        }
        let r = try audit(content: taggedHello, only: ["7.18.3-1", "7.18.5-1", "7.18.5-2"], configure: link)
        #expect(r.status("7.18.3-1") == .failed)
        #expect(r.findings("7.18.3-1").first?.location.pageIndex == 0)
        #expect(r.status("7.18.5-1") == .passed)
        #expect(r.status("7.18.5-2") == .failed)
        let fixed = try audit(content: taggedHello, only: ["7.18.3-1", "7.18.5-2"]) {
            link(&$0)
            $0.pageExtras += " /Tabs /S"
            $0.objects[3].1 = "<< /Type /Annot /Subtype /Link /Rect [72 690 120 712] /StructParent 1 /Contents (Example site) >>"
        }
        #expect(fixed.status("7.18.3-1") == .passed)
        #expect(fixed.status("7.18.5-2") == .passed)
    }

    @Test func embeddedFileSpecificationNeedsFAndUF() throws {
        let files: (String) -> (inout TaggedDocument) -> Void = { spec in {
            $0.catalogExtras = "/Names << /EmbeddedFiles << /Names [(a.txt) 63 0 R] >> >>"
            $0.objects += [(63, spec), (64, "<< /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream")]
        } }
        let bad = try audit(content: taggedHello, only: ["7.11-1"], configure: files("<< /Type /Filespec /F (a.txt) /EF << /F 64 0 R >> >>"))
        #expect(bad.status("7.11-1") == .failed)
        let good = try audit(content: taggedHello, only: ["7.11-1"], configure: files("<< /Type /Filespec /F (a.txt) /UF (a.txt) /EF << /F 64 0 R >> >>"))
        #expect(good.status("7.11-1") == .passed)
    }
}
