import Foundation
import PDFCore
import PDFText
import Testing

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct DiagnoseCommandTests {
    static let prose = TestDocument.lines([
        "The quick brown fox jumps over the lazy dog.",
        "Pack my box with five dozen liquor jugs.",
    ])

    @Test("diagnose --json: one object per file with a verdict per page and a summary")
    func json() throws {
        let path = try TestDocument(Self.prose, TestDocument.fullPageImage, TestDocument.unmapped(12)).write()
        let r = try CLI.run(["diagnose", "--json", path])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let pages = try #require(o["pages"] as? [[String: Any]])
        #expect(pages.map { $0["verdict"] as? String } == ["ok", "needs-ocr", "needs-ocr"])
        #expect(pages.map { $0["page"] as? Int } == [1, 2, 3])
        let fonts = try #require(pages[2]["unmappedFonts"] as? [[String: Any]])
        #expect(fonts.first?["font"] as? String == "NoMap")
        let summary = try #require(o["summary"] as? [String: Any])
        #expect(summary["ok"] as? Int == 1 && summary["needsOCR"] as? Int == 2 && summary["verdict"] as? String == "needs-ocr")
    }

    @Test("human output: a line per page with the reasons, a summary line; --fail-on gives exit 4")
    func text() throws {
        let path = try TestDocument(Self.prose, TestDocument.fullPageImage).write()
        let r = try CLI.run(["diagnose", path])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  page 1: ok") })
        #expect(lines.contains { $0.hasPrefix("  page 2: needs-ocr — images cover") })
        #expect(lines.last == "\(path): 2 pages: 1 ok, 0 degraded, 1 needs-ocr; verdict needs-ocr")
        let only1 = try CLI.run(["diagnose", "--pages", "1", "--fail-on", "degraded", path])
        #expect(only1.status == 0)
        let failing = try CLI.run(["diagnose", "--fail-on", "needs-ocr", path])
        #expect(failing.status == 4)
        let missing = try CLI.run(["diagnose", "/nonexistent/x.pdf", path])
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/x.pdf"))
    }
}
