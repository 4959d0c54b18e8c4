import Foundation
import PDFCore
import PDFText
import Testing
@testable import PDFTextCLI

@Suite struct DiagnoseTests {
    static let prose = TestDocument.lines([
        "The quick brown fox jumps over the lazy dog.",
        "Pack my box with five dozen liquor jugs.",
    ])

    static func diagnose(_ doc: TestDocument, page: Int = 1) throws -> PageDiagnosis {
        let extractor = try doc.extractor()
        return PageDiagnosis(extractor.page(page - 1), number: page)
    }

    @Test("a page with only an image and no text needs OCR")
    func imageOnly() throws {
        let d = try Self.diagnose(TestDocument(TestDocument.fullPageImage))
        #expect(d.verdict == .needsOCR)
        #expect(d.imageCoverage > 0.99)
        #expect(d.glyphs == 0)
        #expect(d.reasons.contains { $0.contains("images cover") && $0.contains("no text") })
    }

    @Test("a normal text page is ok")
    func normalText() throws {
        let d = try Self.diagnose(TestDocument(Self.prose))
        #expect(d.verdict == .ok)
        #expect(d.reasons.isEmpty)
        #expect(d.unmapped == 0 && d.imageCoverage == 0)
        #expect(d.visibleCharacters == "Thequickbrownfoxjumpsoverthelazydog.Packmyboxwithfivedozenliquorjugs.".count)
        #expect(d.sources[Int(UnicodeSource.encoding.rawValue)] == d.glyphs)
        #expect(d.garble.share == 0)
    }

    @Test("a page whose only font has no Unicode mapping needs OCR, and the font is named")
    func unmappedFont() throws {
        let d = try Self.diagnose(TestDocument(TestDocument.unmapped(20)))
        #expect(d.unmapped == 20 && d.textGlyphs == 20)
        #expect(d.verdict == .needsOCR)
        #expect(d.unmappedFonts.first?.name == "NoMap" && d.unmappedFonts.first?.glyphs == 20)
        #expect(d.reasons.contains { $0.contains("no Unicode mapping") && $0.contains("NoMap (20)") })
    }

    @Test("a text page with a few unmapped glyphs is degraded")
    func partlyUnmapped() throws {
        let d = try Self.diagnose(TestDocument(Self.prose + TestDocument.unmapped(5)))
        #expect(d.unmapped == 5)
        #expect(d.unmappedShare > 0.02 && d.unmappedShare < 0.5)
        #expect(d.verdict == .degraded)
    }

    @Test("an image under invisible text (an OCR layer) is ok; a blank page is ok")
    func ocrLayerAndBlank() throws {
        let ocr = try Self.diagnose(TestDocument(TestDocument.fullPageImage + "3 Tr " + Self.prose))
        #expect(ocr.invisible > 0)
        #expect(ocr.verdict == .ok)
        let blank = try Self.diagnose(TestDocument(""))
        #expect(blank.verdict == .ok && blank.reasons == ["blank page"])
    }

    @Test("text read through a wrong encoding (consonant soup) needs OCR")
    func garbled() throws {
        let d = try Self.diagnose(TestDocument(TestDocument.lines(["Xbcdfg hjklmn pqrstv wxzbcd", "Bcdfgh jklmnp qrstvw"])))
        #expect(d.garble.share > 0.9)
        #expect(d.verdict == .needsOCR)
    }

    @Test("garble measure: words of real languages pass, consonant soup, case flips and symbol mixes do not")
    func garbleMeasure() {
        func share(_ words: String) -> Double {
            var g = GarbleMeasure()
            for w in words.split(separator: " ") { g.add(word: Array(w.unicodeScalars), minimumLetters: 4) }
            return g.share
        }
        #expect(share("The rhythm of HTML and PDF files, (really) naïve café: Straße") == 0)
        #expect(share("Bcdfgh") == 1)
        #expect(share("tHiS") == 1)
        #expect(share("H#ll$o") == 1)
        #expect(share("\u{E000}\u{E001}ab") == 0.5)
        #expect(share("a\u{FFFD}") == 0.5)
        #expect(share("it's well-known") == 0)
        #expect(share("PDFs URLs xxxxxxx sprl.") == 0)
        #expect(share("sprl") == 1)
        #expect(share("image_via_1.3_001.pdf user@example.com p←MasterPassword∶x") == 0)
        // Longer than 30 characters: words run together, not judged as a word.
        #expect(share("TraceBasedJustInTimeTypeSpecialization") == 0)
    }

    @Test("image coverage is the union of the image boxes, within the page")
    func coverage() {
        let page = Rect(x0: 0, y0: 0, x1: 200, y1: 100)
        let overlapping = [Rect(x0: 0, y0: 0, x1: 100, y1: 100), Rect(x0: 50, y0: 0, x1: 150, y1: 100), Rect(x0: 180, y0: -50, x1: 300, y1: 50)]
        // 150 × 100 plus the part of the third inside the page (20 × 50).
        #expect(abs(Coverage.share(of: overlapping, within: page) - (15000 + 1000) / 20000) < 1e-9)
        // Many tiles (the grid path): 50 × 50 tiles of 2 × 1 over the left half.
        var tiles: [Rect] = []
        for i in 0..<50 { for j in 0..<100 { tiles.append(Rect(x0: Double(2 * i), y0: Double(j), x1: Double(2 * i + 2), y1: Double(j + 1))) } }
        #expect(abs(Coverage.share(of: tiles, within: page) - 0.5) < 0.01)
        #expect(Coverage.share(of: [], within: page) == 0)
    }
}

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct DiagnoseCommandTests {
    @Test("diagnose --json: one object per file with a verdict per page and a summary")
    func json() throws {
        let path = try TestDocument(DiagnoseTests.prose, TestDocument.fullPageImage, TestDocument.unmapped(12)).write()
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
        let path = try TestDocument(DiagnoseTests.prose, TestDocument.fullPageImage).write()
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
