import Foundation
import PDFCore
import PDFSyntax
import PDFTestSupport
import PDFText
import Testing

/// A scanned fixture of `Corpus/manifest.json` (`"ocrGroundTruth"`): a page image without a
/// text layer, and the text of the page it was rendered from.
struct ScannedCase: Sendable, CustomTestStringConvertible {
    var id: String
    var pdf: URL
    var groundTruth: URL
    var testDescription: String { id }

    static var all: [ScannedCase] {
        let root = ManifestEntry.corpusRoot
        guard let data = try? Data(contentsOf: root.appendingPathComponent("manifest.json")),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let file = e["file"] as? String, let truth = e["ocrGroundTruth"] as? String else { return nil }
            return ScannedCase(id: e["id"] as? String ?? file, pdf: root.appendingPathComponent(file),
                               groundTruth: root.appendingPathComponent(truth))
        }
    }
}

/// Whether OCR can run here. On CI (`CI=true`), where tools/install-deps.sh installs
/// Tesseract, it must; elsewhere the tests skip with the reason printed.
enum OCRHere {
    static let problem: String? = {
        guard let why = OCREngineInfo.unavailableReason else {
            let data = OCREngineInfo.dataPath(nil)
            return OCREngineInfo.installedLanguages(dataPath: data).contains("eng") ? nil : "no eng.traineddata in \(data)"
        }
        return why
    }()

    /// True when the test should go on; records an issue on CI when OCR is missing there.
    static func available(_ test: String) -> Bool {
        guard let problem else { return true }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("\(test): OCR must run on CI (tools/install-deps.sh installs Tesseract): \(problem)")
        } else {
            print("\(test): skipped: OCR cannot run here: \(problem)")
        }
        return false
    }

    static func document(_ url: URL, mode: OCRMode = .auto) throws -> PDFDocument {
        var options = PDFTextOptions.init()
        options.ocr = OCROptions(mode: mode)
        return try PDFDocument(contentsOf: url, options: options)
    }
}

@Suite(.serialized) struct ScannedPageTests {
    @Test("the scanned fixtures are listed, each with its ground truth")
    func listed() {
        let cases = ScannedCase.all
        #expect(cases.count >= 4)
        for c in cases {
            #expect(FileManager.default.fileExists(atPath: c.pdf.path), "\(c.id): \(c.pdf.path) missing")
            #expect(FileManager.default.fileExists(atPath: c.groundTruth.path), "\(c.id): \(c.groundTruth.path) missing")
        }
    }

    /// Clean scans must read almost perfectly; the noisy, skewed JPEG a little less well
    /// (the issue's targets are 0.985 and 0.93 on average; these are single pages).
    @Test("a scanned page reads close to its source's text, every glyph from OCR with a confidence",
          arguments: ScannedCase.all)
    func reads(_ c: ScannedCase) throws {
        guard OCRHere.available("reads \(c.id)") else { return }
        let document = try OCRHere.document(c.pdf)
        let page = try #require(document.page(at: 0))
        let text = page.string ?? ""
        let truth = String(decoding: try Data(contentsOf: c.groundTruth), as: UTF8.self)
        let score = scoreText(groundTruth: truth, extracted: text)
        let minimum = c.id.contains("noisy") ? 0.95 : 0.975
        #expect(score.char >= minimum, "\(c.id): \(score)\n\(text)")
        #expect(score.order >= 0.9, "\(c.id): \(score)")

        let glyphs = TextExtractor(document: try Document(bytes: FileBytes.read(path: c.pdf.path))).withOCR(OCROptions(mode: .auto)).page(0).glyphs
        #expect(!glyphs.glyphs.isEmpty)
        #expect(glyphs.glyphs.allSatisfy { $0.unicodeSource == .ocr })
        #expect(glyphs.ocrConfidence.count == glyphs.glyphs.count)
        #expect(glyphs.ocrConfidence.allSatisfy { (0...100).contains($0) })
        let visible = glyphs.visibleBox
        #expect(glyphs.glyphs.allSatisfy { visible.intersection($0.quad.bounds) != nil }, "\(c.id): a glyph box off the page")
    }

    @Test("--ocr never leaves a scan without text; auto leaves a page with text alone")
    func modes() throws {
        let scan = ScannedCase.all.first { $0.id.contains("two-column") }!
        let never = try OCRHere.document(scan.pdf, mode: .never)
        let blank = never.page(at: 0)?.string ?? ""
        #expect(blank.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        guard OCRHere.available("modes") else { return }
        let text = ManifestEntry.corpusRoot.appendingPathComponent("text/footnotes-pdflatex.pdf")
        let extractor = TextExtractor(document: try Document(bytes: FileBytes.read(path: text.path))).withOCR(OCROptions(mode: .auto))
        let glyphs = extractor.page(0).glyphs
        #expect(!glyphs.glyphs.isEmpty)
        #expect(!glyphs.glyphs.contains { $0.unicodeSource == .ocr }, "auto read a page that has its text")
        #expect(glyphs.ocrConfidence.isEmpty)
    }

    /// The scan of a page at 300 dpi has the page's size, so each word OCR finds must lie
    /// where the source document draws it: its box within 3 pt of the source's on every edge.
    @Test("find gives boxes over the words of the image: where the source document has them")
    func boxes() throws {
        guard OCRHere.available("boxes") else { return }
        let scan = ScannedCase.all.first { $0.id.contains("two-column") }!
        let source = ManifestEntry.corpusRoot.appendingPathComponent("text/two-column-pdflatex.pdf")
        let scanned = try OCRHere.document(scan.pdf)
        let original = try PDFDocument(contentsOf: source)
        var compared = 0
        for word in ["Bread", "flour", "kitchen", "overnight", "crust", "collected", "hollow", "Cutting"] {
            let a = scanned.findString(word, withOptions: []), b = original.findString(word, withOptions: [])
            guard let sa = a.first, let sb = b.first, a.count == b.count else {
                Issue.record("\(word): \(a.count) hits in the scan, \(b.count) in the source")
                continue
            }
            let ra = sa.bounds(for: sa.pages[0]), rb = sb.bounds(for: sb.pages[0])
            for (x, y, edge) in [(ra.minX, rb.minX, "left"), (ra.maxX, rb.maxX, "right"), (ra.minY, rb.minY, "bottom"), (ra.maxY, rb.maxY, "top")] {
                #expect(abs(x - y) <= 3, "\(word) \(edge): \(x) in the scan, \(y) in the source")
            }
            compared += 1
        }
        #expect(compared >= 6)
    }
}

/// A page with both: the scan of `scanned/two-column-g4` and vector text drawn over its
/// title. `--ocr always` reads the image only where the page has no text.
@Suite struct MixedPageTests {
    @Test("--ocr always reads a page's images only where it has no text of its own")
    func mixed() throws {
        guard OCRHere.available("mixed") else { return }
        let scan = try #require(ScannedCase.all.first { $0.id.contains("two-column") })
        let bytes = try FileBytes.read(path: scan.pdf.path)
        let source = try Document(bytes: bytes)
        let store = source.store
        let image = try #require(store.objectNumbers.lazy.compactMap { store.object(ObjectID($0)).stream }
            .first { store.name($0.dictionary["Subtype"]) == "Image" })
        let w = try #require(store.integer(image.dictionary["Width"])), h = try #require(store.integer(image.dictionary["Height"]))
        // One filter, whose parameters img2pdf writes in an array of one.
        let parms = store.dictionary(image.dictionary["DecodeParms"]) ?? store.dictionary(store.array(image.dictionary["DecodeParms"])?.first)
        let k = store.integer(parms?["K"]) ?? 0, black = store.resolve(parms?["BlackIs1"]).bool ?? false
        let box = source.pages[0].mediaBox
        var b = PDFBuilder.simpleDocument()
        b.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(box.width) \(box.height)] /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>")
        // The scan over the page, then a vector line over its title (at about 536–549 pt).
        b.addStream(4, text: "q \(box.width) 0 0 \(box.height) 0 0 cm /Im1 Do Q BT /F1 14 Tf 60 539 Td (Vector heading over the title) Tj ET")
        b.addStream(5, dictionary: "/Type /XObject /Subtype /Image /Width \(w) /Height \(h) /BitsPerComponent 1 /ColorSpace /DeviceGray /Filter /CCITTFaxDecode /DecodeParms << /K \(k) /Columns \(w) /Rows \(h) /BlackIs1 \(black) >>",
                    data: Array(bytes[image.dataRange.clamped(to: 0..<bytes.count)]))
        b.add(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        var options = PDFTextOptions()
        options.ocr = OCROptions(mode: .always)
        let document = try PDFDocument(bytes: b.build().bytes, options: options)
        let text = try #require(document.page(at: 0)?.string)
        #expect(text.components(separatedBy: "Vector heading over the title").count == 2, "\(text)")
        #expect(text.contains("Good bread needs only four"), "the rest of the scan is read: \(text)")
        #expect(!text.contains("Baking"), "the title under the vector text is not read again: \(text)")
        // `auto` leaves the page alone: it has text (more than a few characters).
        options.ocr = OCROptions(mode: .auto)
        let auto = try PDFDocument(bytes: b.build().bytes, options: options)
        let autoText = auto.page(at: 0)?.string ?? ""
        #expect(!autoText.contains("Good bread"), "\(autoText)")
    }
}

/// A scanned table ruled in a full grid (`scanned/ruled-table-g4`): the grid is found in the
/// pixels (`OCROptions.findsRules`), erased before Tesseract reads the page, and given to the
/// layout as painted rules, so each row reads as one line, its wrapped cells whole, with no
/// "|" for a column rule.
@Suite struct RuledScanTests {
    @Test("a ruled table on a scan reads row by row, its rules neither read as text nor lost")
    func ruledTable() throws {
        guard OCRHere.available("ruledTable") else { return }
        let scan = try #require(ScannedCase.all.first { $0.id.contains("ruled-table") })
        let truth = String(decoding: try Data(contentsOf: scan.groundTruth), as: UTF8.self)
        // The ground truth's table rows: its lines of more than one cell's words.
        let rows = truth.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Cliff") || $0.hasPrefix("Valley") || $0.hasPrefix("Forest") }
        #expect(rows.count == 3)
        func read(_ findsRules: Bool) throws -> (text: String, rules: Int) {
            var ocr = OCROptions(mode: .auto)
            ocr.findsRules = findsRules
            let extractor = TextExtractor(document: try Document(bytes: FileBytes.read(path: scan.pdf.path))).withOCR(ocr)
            var options = PDFTextOptions()
            options.ocr = ocr
            let text = try PDFDocument(contentsOf: scan.pdf, options: options).page(at: 0)?.string ?? ""
            return (text, extractor.page(0).glyphs.paths.count)
        }
        let (text, rules) = try read(true)
        let lines = Set(text.split(separator: "\n").map(String.init))
        for row in rows { #expect(lines.contains(row), "row not read whole: \(row)\n\(text)") }
        #expect(!text.contains("|") && !text.contains("_"), "\(text)")
        // Five column rules and five row rules, each a path.
        #expect(rules == 10, "\(rules) rules found")
        // Near miss: without the rules, the same scan reads the rows apart or with "|".
        let (plain, none) = try read(false)
        #expect(none == 0)
        let plainLines = Set(plain.split(separator: "\n").map(String.init))
        #expect(!rows.allSatisfy { plainLines.contains($0) } || plain.contains("|"), "\(plain)")
    }
}

/// A scan at 150 dpi is read at its own resolution (`OCROptions.keepsImageResolution`), not
/// scaled up to 300 ppi; a scan at 300 dpi and more at `resolution`.
@Suite struct ScanResolutionTests {
    @Test("a page is drawn for OCR at its image's resolution when that is lower")
    func ownResolution() throws {
        guard OCRHere.available("ownResolution") else { return }
        func readAt(_ id: String, keeps: Bool) throws -> String {
            let scan = try #require(ScannedCase.all.first { $0.id.contains(id) })
            var ocr = OCROptions(mode: .auto)
            ocr.keepsImageResolution = keeps
            let glyphs = TextExtractor(document: try Document(bytes: FileBytes.read(path: scan.pdf.path))).withOCR(ocr).page(0).glyphs
            return glyphs.diagnostics.entries.map(\.message).first { $0.contains("read with OCR") } ?? "not read"
        }
        #expect(try readAt("prose-rotate270-jpx", keeps: true).contains("150 ppi"))
        #expect(try readAt("prose-rotate270-jpx", keeps: false).contains("300 ppi"))
        #expect(try readAt("two-column-g4", keeps: true).contains("300 ppi"))
    }
}
