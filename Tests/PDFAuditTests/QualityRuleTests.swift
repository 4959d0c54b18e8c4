import Testing
import PDFCore
import PDFFile
import PDFTestSupport
@testable import PDFAudit

/// Six lines of text top to bottom, MCIDs 0…5, and a structure tree of six P elements
/// claiming them in `order`.
func sixLines(order: [Int], lang: String? = "en-GB", text: (Int) -> String = { "Line number \($0) of the page" }) throws -> AuditReport {
    let content = (0..<6).map { i in "/P << /MCID \(i) >> BDC BT /F1 12 Tf 72 \(700 - 30 * i) Td (\(text(i))) Tj ET EMC" }.joined(separator: "\n")
    return try audit(content: content, catalogLang: lang, only: Set(RuleCatalog.quality.map(\.id)), profile: .quality) { t in
        let ps = order.enumerated().map { (k, mcid) in (22 + k, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K \(mcid) >>") }
        t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [\(ps.map { "\($0.0) 0 R" }.joined(separator: " "))] >>")] + ps
        t.parentTreeNums = "0 [\((0..<6).map { m in "\(22 + order.firstIndex(of: m)!) 0 R" }.joined(separator: " "))]"
    }
}

@Suite struct QualityRuleTests {
    static let all = Set(RuleCatalog.quality.map(\.id))

    @Test func catalogue() {
        #expect(AuditProfile.quality.rules.count == 8)
        #expect(AuditProfile.quality.rules.allSatisfy { $0.severity == .warning && !$0.wcag.isEmpty })
        #expect(Auditor.implementedRuleIDs(.quality) == Self.all)
    }

    @Test func orderAgainstTheGeometry() throws {
        let inOrder = try sixLines(order: [0, 1, 2, 3, 4, 5])
        #expect(inOrder.status("Q-6") == .passed)
        let reversed = try sixLines(order: [5, 4, 3, 2, 1, 0])
        #expect(reversed.status("Q-6") == .failed)
        #expect(reversed.findings("Q-6").first?.location.pageIndex == 0)
        // A quality report fails nothing at the default --fail-on error.
        #expect(reversed.verdict() == "pass")
        #expect(reversed.verdict(failOn: .warning) == "fail")
    }

    @Test func languageAgainstTheScript() throws {
        #expect(try sixLines(order: [0, 1, 2, 3, 4, 5], lang: "ru").status("Q-8") == .failed)
        #expect(try sixLines(order: [0, 1, 2, 3, 4, 5], lang: "en-US").status("Q-8") == .passed)
        #expect(try sixLines(order: [0, 1, 2, 3, 4, 5], lang: "x-klingon").status("Q-8") != .failed, "languages it does not know are not judged")
    }

    @Test func headingsTablesAltAndBlankTags() throws {
        let skipped = try auditTree([Node("Document", [Node("H1"), Node("H3")])], only: ["Q-4"], profile: .quality)
        #expect(skipped.status("Q-4") == .failed)
        let fine = try auditTree([Node("Document", [Node("H1"), Node("H2"), Node("H2"), Node("H1")])], only: ["Q-4"], profile: .quality)
        #expect(fine.status("Q-4") == .passed)
        let table = try auditTree([Node("Document", [Node("Table", [Node("TR", [Node("TD"), Node("TD")])])])], only: ["Q-5"], profile: .quality)
        #expect(table.status("Q-5") == .failed)
        let headed = try auditTree([Node("Document", [Node("Table", [Node("TR", [Node("TH"), Node("TD")])])])], only: ["Q-5"], profile: .quality)
        #expect(headed.status("Q-5") == .passed)
        let alt = try audit(content: taggedHello, elementExtras: "/Alt (Greeting)", only: ["Q-3"], profile: .quality)
        #expect(alt.status("Q-3") == .failed)
        #expect(try audit(content: taggedHello, only: ["Q-3"], profile: .quality).status("Q-3") == .passed)
        let blank = try audit(content: "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (   ) Tj ET EMC", only: ["Q-2"], profile: .quality)
        #expect(blank.status("Q-2") == .failed)
    }

    @Test func artifactBodyTextAndVagueLinks() throws {
        let long = String(repeating: "This paragraph is body text. ", count: 4)
        let body = try audit(content: taggedHello + " /Artifact BMC BT /F1 10 Tf 72 400 Td (\(long)) Tj ET EMC", only: ["Q-1"], profile: .quality)
        #expect(body.status("Q-1") == .failed)
        let footer = try audit(content: taggedHello + " /Artifact << /Type /Pagination >> BDC BT /F1 10 Tf 72 400 Td (\(long)) Tj ET EMC", only: ["Q-1"], profile: .quality)
        #expect(footer.status("Q-1") == .passed)
        let link = try audit(content: "/Link << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (click here) Tj ET EMC", only: ["Q-7"], profile: .quality) { t in
            t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R] >>"),
                         (22, "<< /Type /StructElem /S /Link /P 21 0 R /Pg 3 0 R /K 0 >>")]
        }
        #expect(link.status("Q-7") == .failed)
        #expect(QualityChecks.vagueLink("https://example.com/report.pdf") != nil)
        #expect(QualityChecks.vagueLink("Annual report 2024") == nil)
    }
}
