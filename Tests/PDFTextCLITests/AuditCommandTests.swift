import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import PDFTestSupport
@testable import PDFTextCLI

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct AuditCommandTests {
    /// A tagged fixture and an untagged one, written to a temporary folder.
    static let files: (tagged: String, untagged: String, notPDF: String) = {
        let dir = (try? TestDirectory.make("audit")) ?? TestDirectory.root
        var t = TaggedDocument()
        t.content = ["/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (Hello) Tj ET EMC 10 10 50 50 re f"]
        t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R 23 0 R] >>"),
                     (22, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K 0 >>"),
                     (23, "<< /Type /StructElem /S /Figure /P 21 0 R /Pg 3 0 R >>")]
        t.parentTreeNums = "0 [22 0 R]"
        let tagged = dir.appendingPathComponent("tagged.pdf")
        try? Data(t.build()).write(to: tagged)
        var u = TaggedDocument()
        u.structTreeRoot = false
        u.marked = false
        u.content = ["BT /F1 12 Tf 72 700 Td (Hello) Tj ET"]
        let untagged = dir.appendingPathComponent("untagged.pdf")
        try? Data(u.build()).write(to: untagged)
        let notPDF = dir.appendingPathComponent("notes.pdf")
        try? Data("just text".utf8).write(to: notPDF)
        return (tagged.path, untagged.path, notPDF.path)
    }()

    @Test func exitCodes() throws {
        let pass = try CLI.run(["audit", "--rules", "7.1-11,6.2-1", Self.files.tagged])
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout.contains("PASS"))
        let fail = try CLI.run(["audit", "--rules", "7.1-11,6.2-1", Self.files.untagged])
        #expect(fail.status == 4)
        let unreadable = try CLI.run(["audit", Self.files.notPDF, Self.files.tagged])
        #expect(unreadable.status == 1 || unreadable.status == 4)
        #expect(unreadable.stderr.contains("notes.pdf") && unreadable.stderr.split(separator: "\n").count == 1)
        let onlyUnreadable = try CLI.run(["audit", Self.files.notPDF])
        #expect(onlyUnreadable.status == 1)
        let usage = try CLI.run(["audit", "--format", "yaml", Self.files.tagged])
        #expect(usage.status == 64)
    }

    @Test func profiles() throws {
        // The file claims PDF/UA-1; --profile ua2 reads it with the PDF/UA-2 rules and ids.
        let ua2 = try CLI.run(["audit", "--profile", "ua2", "--format", "json", Self.files.tagged])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(ua2.stdout.utf8)) as? [String: Any])
        let profile = try #require(report["profile"] as? [String: Any])
        #expect(profile["id"] as? String == "pdfua-2")
        #expect(profile["chosenBy"] as? String == "option")
        let rules = try #require(report["rules"] as? [[String: Any]])
        #expect(rules.count == 91)
        #expect(rules.contains { $0["id"] as? String == "8.2.5.28.2-1" && $0["status"] as? String == "failed" })
        #expect(rules.contains { $0["id"] as? String == "5-2" && $0["status"] as? String == "failed" }, "the file says part 1")
        #expect(rules.contains { ($0["wcag"] as? [String])?.contains("1.1.1") == true })
        // Without --profile the file's claim decides.
        let own = try CLI.run(["audit", "--format", "json", Self.files.tagged])
        let ownReport = try #require(try JSONSerialization.jsonObject(with: Data(own.stdout.utf8)) as? [String: Any])
        #expect((ownReport["profile"] as? [String: Any])?["id"] as? String == "pdfua-1")
        #expect((ownReport["profile"] as? [String: Any])?["chosenBy"] as? String == "file")
        // An unknown profile, or a rule the profile lacks, is a usage error.
        let bad = try CLI.run(["audit", "--profile", "ua3", Self.files.tagged])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("ua3"))
        let wrongRule = try CLI.run(["audit", "--profile", "ua2", "--rules", "7.3-1", Self.files.tagged])
        #expect(wrongRule.status == 64)
        #expect(try CLI.run(["audit", "--by", "wcag", "--format", "json", Self.files.tagged]).status == 64)
    }

    @Test func textReportByWCAGCriterion() throws {
        let r = try CLI.run(["audit", "--by", "wcag", Self.files.tagged])
        #expect(r.status == 4)
        #expect(r.stdout.contains("WCAG 1.1.1 Non-text Content"))
        // 7.3-1 (Figure without Alt) is listed under 1.1.1, and its line carries its criteria.
        let section = try #require(r.stdout.components(separatedBy: "WCAG 1.1.1 Non-text Content").dropFirst().first)
        #expect(section.contains("7.3-1"))
        #expect(r.stdout.contains("[alt-text, error, Matterhorn 13-004, WCAG "))
    }

    @Test func textReportNamesRulePageAndFix() throws {
        let r = try CLI.run(["audit", "--format", "text", Self.files.tagged])
        #expect(r.status == 4)
        #expect(r.stdout.contains("7.3-1") && r.stdout.contains("13-004"))
        #expect(r.stdout.contains("7.1-3") && r.stdout.contains("p.1"))
        #expect(r.stdout.contains("Add /Alt"))
        #expect(r.stdout.contains("Manual checks"))
    }

    @Test func jsonReport() throws {
        let r = try CLI.run(["audit", "--format", "json", Self.files.tagged])
        let any = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
        let report = try #require((any as? [String: Any]) ?? (any as? [[String: Any]])?.first)
        #expect(report["schema"] as? String == "audit-report/1")
        let rules = try #require(report["rules"] as? [[String: Any]])
        #expect(rules.count == 106)
        #expect(rules.first { $0["id"] as? String == "7.3-1" }?["status"] as? String == "failed")
        let findings = try #require(report["findings"] as? [[String: Any]])
        let rect = try #require(findings.first { $0["ruleId"] as? String == "7.1-3" })
        let location = try #require(rect["location"] as? [String: Any])
        #expect(location["page"] as? Int == 1)
        #expect((location["bbox"] as? [Double])?.count == 4)
        let input = try #require(report["input"] as? [String: Any])
        #expect((input["sha256"] as? String)?.count == 64)
    }

    @Test func sarifReport() throws {
        let r = try CLI.run(["audit", "--format", "sarif", Self.files.tagged])
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [[String: Any]])?.contains { $0["id"] as? String == "PDFUA1/7.3-1" } == true)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.contains { $0["ruleId"] as? String == "PDFUA1/7.3-1" && $0["level"] as? String == "error" })
        #expect(results.allSatisfy { $0["partialFingerprints"] != nil && $0["locations"] != nil })
        let figure = (driver["rules"] as? [[String: Any]])?.first { $0["id"] as? String == "PDFUA1/7.3-1" }
        #expect(((figure?["properties"] as? [String: Any])?["wcag"] as? [String])?.contains("1.1.1") == true)
        // Files audited under two profiles: each profile's rules under its own prefix.
        let mixed = try CLI.run(["audit", "--format", "sarif", Self.files.tagged, "--profile", "ua2"])
        let mixedRun = try #require(((try JSONSerialization.jsonObject(with: Data(mixed.stdout.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let mixedResults = try #require(mixedRun["results"] as? [[String: Any]])
        #expect(mixedResults.contains { $0["ruleId"] as? String == "PDFUA2/8.2.5.28.2-1" })
        #expect(!mixedResults.contains { ($0["ruleId"] as? String)?.hasPrefix("PDFUA1/") == true })
    }

    @Test func junitReport() throws {
        let r = try CLI.run(["audit", "--format", "junit", Self.files.tagged, Self.files.untagged])
        // XMLDocument, not the SAX XMLParser, which is not safe in concurrent tests on Linux.
        let doc = try XMLDocument(data: Data(r.stdout.utf8), options: [])
        let reader = (suites: try doc.nodes(forXPath: "//testsuite").count, cases: try doc.nodes(forXPath: "//testcase").count,
                      failures: try doc.nodes(forXPath: "//failure").count)
        #expect(reader.suites == 2)
        #expect(reader.cases >= 2 * 50)
        #expect(reader.failures >= 3)
    }
}
