import Testing
import PDFFile
import PDFTestSupport
@testable import PDFAudit

@Suite struct AuditBasicsTests {
    @Test func catalogHasEveryRuleOnce() {
        #expect(RuleCatalog.pdfua1.count == 106)
        #expect(Set(RuleCatalog.pdfua1.map(\.id)).count == 106)
        #expect(RuleCatalog.pdfua1ByID["7.3-1"]?.matterhorn == ["13-004"])
    }

    @Test func untaggedDocumentFailsStructureRules() throws {
        var t = TaggedDocument()
        t.structTreeRoot = false
        t.marked = false
        let report = Auditor().audit(try Document(bytes: t.build()))
        let byID = Dictionary(uniqueKeysWithValues: report.rules.map { ($0.rule.id, $0) })
        #expect(byID["7.1-11"]?.status == .failed)
        #expect(byID["6.2-1"]?.status == .failed)
        #expect(report.findings.contains { $0.ruleID == "7.1-11" })
        #expect(report.verdict() == "fail")
        #expect(report.input.claimsPDFUA == 1)
    }

    @Test func taggedDocumentPassesThem() throws {
        var t = TaggedDocument()
        t.content = ["/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (Hello) Tj ET EMC"]
        t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R] >>"),
                     (22, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K 0 >>")]
        t.parentTreeNums = "0 [22 0 R]"
        let report = Auditor().audit(try Document(bytes: t.build()))
        let byID = Dictionary(uniqueKeysWithValues: report.rules.map { ($0.rule.id, $0) })
        #expect(byID["7.1-11"]?.status == .passed)
        #expect(byID["6.2-1"]?.status == .passed)
        #expect(byID["7.3-1"]?.status == .notImplemented || byID["7.3-1"]?.status == .notApplicable)
    }
}

@Suite struct CorpusScoringTests {
    @Test func fileNamesGiveRuleAndVerdict() {
        #expect(CorpusScoring.expectation(fileName: "7.18.5-t02-fail-b.pdf")! == ("7.18.5-2", true))
        #expect(CorpusScoring.expectation(fileName: "7-18.3-t01-pass-a.pdf")! == ("7.18.3-1", false))
        #expect(CorpusScoring.expectation(fileName: "7.18.7-t01-fail-a.pdf")! == ("7.11-1", true))
        #expect(CorpusScoring.expectation(fileName: "5-t02-pass-a.pdf")! == ("5-2", false))
        #expect(CorpusScoring.expectation(fileName: "readme.pdf") == nil)
    }
}
