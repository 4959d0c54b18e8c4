import Foundation
import PDFCore
import PDFTestSupport
import PDFText
import Testing

/// Pages for the diagnosis tests (``FontsAndImageDocument``: font /F1 = Helvetica, /F2 =
/// a font without any Unicode mapping, image /Im1).
struct DiagnosisFixture {
    var pages: [String]

    init(_ pages: String...) { self.pages = pages }

    var bytes: [UInt8] { FontsAndImageDocument.bytes(pages: pages.map { ($0, "") }) }

    /// Text lines shown with F1 at 12 pt from (72, 720), 14 pt apart.
    static func lines(_ lines: [String]) -> String {
        "BT /F1 12 Tf 72 720 Td " + lines.map { "(\($0)) Tj " }.joined(separator: "0 -14 Td ") + "ET\n"
    }

    /// The image over the whole page.
    static let fullPageImage = "q 612 0 0 792 0 0 cm /Im1 Do Q\n"

    /// `count` glyphs of the font without Unicode mapping.
    static func unmapped(_ count: Int) -> String {
        let codes = (0..<count).map { String(format: "%04X", 0x20 + $0) }.joined()
        return "BT /F2 12 Tf 72 600 Td <\(codes)> Tj ET\n"
    }

    func extractor() throws -> TextExtractor { TextExtractor(document: try Document(bytes: bytes)) }
}

@Suite struct PageDiagnosisTests {
    static let prose = DiagnosisFixture.lines([
        "The quick brown fox jumps over the lazy dog.",
        "Pack my box with five dozen liquor jugs.",
    ])

    static func diagnose(_ doc: DiagnosisFixture, page: Int = 1, thresholds: DiagnoseThresholds = DiagnoseThresholds()) throws -> PageDiagnosis {
        let extractor = try doc.extractor()
        return PageDiagnosis(extractor.page(page - 1), number: page, thresholds: thresholds)
    }

    @Test("a page with only an image and no text needs OCR")
    func imageOnly() throws {
        let d = try Self.diagnose(DiagnosisFixture(DiagnosisFixture.fullPageImage))
        #expect(d.verdict == .needsOCR)
        #expect(d.imageCoverage > 0.99)
        #expect(d.glyphs == 0)
        #expect(d.reasons.contains { $0.contains("images cover") && $0.contains("no text") })
    }

    @Test("a normal text page is ok")
    func normalText() throws {
        let d = try Self.diagnose(DiagnosisFixture(Self.prose))
        #expect(d.verdict == .ok)
        #expect(d.reasons.isEmpty)
        #expect(d.unmapped == 0 && d.imageCoverage == 0)
        #expect(d.visibleCharacters == "Thequickbrownfoxjumpsoverthelazydog.Packmyboxwithfivedozenliquorjugs.".count)
        #expect(d.sources[Int(UnicodeSource.encoding.rawValue)] == d.glyphs)
        #expect(d.garble.share == 0)
    }

    @Test("a page whose only font has no Unicode mapping needs OCR, and the font is named")
    func unmappedFont() throws {
        let d = try Self.diagnose(DiagnosisFixture(DiagnosisFixture.unmapped(20)))
        #expect(d.unmapped == 20 && d.textGlyphs == 20)
        #expect(d.verdict == .needsOCR)
        #expect(d.unmappedFonts.first?.name == "NoMap" && d.unmappedFonts.first?.glyphs == 20)
        #expect(d.reasons.contains { $0.contains("no Unicode mapping") && $0.contains("NoMap (20)") })
    }

    @Test("a text page with a few unmapped glyphs is degraded")
    func partlyUnmapped() throws {
        let d = try Self.diagnose(DiagnosisFixture(Self.prose + DiagnosisFixture.unmapped(5)))
        #expect(d.unmapped == 5)
        #expect(d.unmappedShare > 0.02 && d.unmappedShare < 0.5)
        #expect(d.verdict == .degraded)
    }

    @Test("an image under invisible text (an OCR layer) is ok; a blank page is ok")
    func ocrLayerAndBlank() throws {
        let ocr = try Self.diagnose(DiagnosisFixture(DiagnosisFixture.fullPageImage + "3 Tr " + Self.prose))
        #expect(ocr.invisible > 0)
        #expect(ocr.verdict == .ok)
        let blank = try Self.diagnose(DiagnosisFixture(""))
        #expect(blank.verdict == .ok && blank.reasons == ["blank page"])
    }

    @Test("text read through a wrong encoding (consonant soup) needs OCR")
    func garbled() throws {
        let d = try Self.diagnose(DiagnosisFixture(DiagnosisFixture.lines(["Xbcdfg hjklmn pqrstv wxzbcd", "Bcdfgh jklmnp qrstvw"])))
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

    @Test("each threshold moves its verdict: unmapped, guessed, order confidence, almost no text")
    func thresholds() throws {
        let partly = DiagnosisFixture(Self.prose + DiagnosisFixture.unmapped(5))
        var lenient = DiagnoseThresholds()
        lenient.unmappedDegraded = 0.5
        let noted = try Self.diagnose(partly, thresholds: lenient)
        #expect(noted.verdict == .ok)
        #expect(noted.reasons.count == 1 && noted.reasons[0].contains("no Unicode mapping; fonts: NoMap (5)"))
        var strict = DiagnoseThresholds()
        strict.unmappedNeedsOCR = 0.05
        #expect(try Self.diagnose(partly, thresholds: strict).verdict == .needsOCR)

        var order = DiagnoseThresholds()
        order.lowOrderConfidence = 1.01
        let uncertain = try Self.diagnose(DiagnosisFixture(Self.prose), thresholds: order)
        #expect(uncertain.verdict == .degraded)
        #expect(uncertain.reasons.contains { $0.hasPrefix("reading order uncertain (confidence ") })

        // Eleven characters over a full-page image: text by default, "almost no text" with a minimum of 11.
        let little = DiagnosisFixture(DiagnosisFixture.fullPageImage + DiagnosisFixture.lines(["Hello worlds"]))
        #expect(try Self.diagnose(little).verdict == .ok)
        var almost = DiagnoseThresholds()
        almost.minTextCharacters = 11
        let d = try Self.diagnose(little, thresholds: almost)
        #expect(d.verdict == .needsOCR)
        #expect(d.reasons == ["images cover 100.0% of the page and it has almost no text (11 characters)"])
        var images = almost
        images.imageCoverage = 1.01
        #expect(try Self.diagnose(little, thresholds: images).verdict == .ok)
    }

    @Test("a document's summary counts its pages' verdicts; its verdict is the worst")
    func summary() throws {
        let doc = DiagnosisFixture(Self.prose, DiagnosisFixture.fullPageImage, Self.prose + DiagnosisFixture.unmapped(5))
        let extractor = try doc.extractor()
        let pages = (0..<3).map { PageDiagnosis(extractor.page($0), number: $0 + 1) }
        #expect(pages.map(\.verdict) == [.ok, .needsOCR, .degraded])
        let s = DocumentDiagnosis(pages: pages)
        #expect(s.pages == 3 && s.ok == 1 && s.degraded == 1 && s.needsOCR == 1 && s.verdict == .needsOCR)
        #expect(DocumentDiagnosis(pages: []).verdict == .ok)
        #expect(DocumentDiagnosis(pages: [pages[0], pages[2]]).verdict == .degraded)
        #expect(PageVerdict.ok < .degraded && PageVerdict.degraded < .needsOCR)
        #expect(PageVerdict.allCases.map(\.rawValue) == ["ok", "degraded", "needs-ocr"])
    }
}
