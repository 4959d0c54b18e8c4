import Foundation
import PDFCore
import PDFTestSupport
import PDFText
import Testing

/// A fixture of `Corpus/manifest.json` with a ground-truth text (`"groundTruth": "text/NAME.txt"`,
/// relative to the corpus folder, as `file` is).
struct GroundTruthCase: Sendable, CustomTestStringConvertible {
    var id: String
    var pdf: URL
    var groundTruth: URL
    var password: String?
    var testDescription: String { id }

    /// Every manifest entry of the corpus at `root` that names a ground truth, in manifest order.
    static func load(corpus root: URL) -> [GroundTruthCase] {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("manifest.json")),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let file = e["file"] as? String, let truth = e["groundTruth"] as? String else { return nil }
            return GroundTruthCase(id: e["id"] as? String ?? file, pdf: root.appendingPathComponent(file),
                                   groundTruth: root.appendingPathComponent(truth),
                                   password: e["user_password"] as? String)
        }
    }

    static var all: [GroundTruthCase] { load(corpus: ManifestEntry.corpusRoot) }
}

/// What the ground-truth tests require of every document, and how they read it.
enum TextFidelity {
    /// Character accuracy: at most 2 edits per 100 characters.
    static let minimumChar = 0.98
    /// Order score: at most 3 word edits per 100 words.
    static let minimumOrder = 0.97

    /// The text of every page through the text pipeline (`TextExtractor`, glyphs then layout),
    /// pages joined with a form feed as `pdftext` separates them.
    static func documentText(_ document: Document) -> String {
        let extractor = TextExtractor(document: document)
        return (0..<extractor.pageCount).map { extractor.page($0).layout.text }.joined(separator: "\u{0C}")
    }

    /// The document's score against its ground truth (read as UTF-8, bad bytes replaced as
    /// score.py reads them). With `PDFTEXT_TEXT_OUT=DIR` in the environment the extracted text
    /// is also written to DIR/<ground truth's name>, for
    /// `score.py --dir DIR --gt Corpus/text` to score the same texts.
    static func score(_ c: GroundTruthCase) throws -> TextScore {
        let bytes = try FileBytes.read(path: c.pdf.path)
        let document = try Document(bytes: bytes, password: c.password)
        let truth = String(decoding: try Data(contentsOf: c.groundTruth), as: UTF8.self)
        let text = documentText(document)
        if let dir = ProcessInfo.processInfo.environment["PDFTEXT_TEXT_OUT"] {
            let out = URL(fileURLWithPath: dir)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: out.appendingPathComponent(c.groundTruth.lastPathComponent))
        }
        return scoreText(groundTruth: truth, extracted: text)
    }

    static func passes(_ s: TextScore) -> Bool { s.char >= minimumChar && s.order >= minimumOrder }
}

/// Every document of `Corpus/` with a ground-truth text reads, through the layout, close to it:
/// character accuracy ≥ 0.98 and order score ≥ 0.97 (the project's metric, `scoreText`, the
/// same as `../shared/tools/score.py`).
@Suite struct TextGroundTruthTests {
    @Test("the corpus's ground-truth texts are listed (a note when there are none yet)")
    func listed() {
        let cases = GroundTruthCase.all
        if cases.isEmpty {
            print("TextGroundTruthTests: no Corpus/manifest.json entry has a \"groundTruth\" yet; nothing to score")
        }
        for c in cases {
            #expect(FileManager.default.fileExists(atPath: c.pdf.path), "\(c.id): \(c.pdf.path) missing")
            #expect(FileManager.default.fileExists(atPath: c.groundTruth.path), "\(c.id): \(c.groundTruth.path) missing")
        }
    }

    @Test("each document's layout text is close to its ground truth", arguments: GroundTruthCase.all)
    func fidelity(_ c: GroundTruthCase) throws {
        let s = try TextFidelity.score(c)
        print("ground truth \(c.id): \(s)")
        #expect(s.char >= TextFidelity.minimumChar,
                "\(c.id): char accuracy \(s.char) is \(TextFidelity.minimumChar - s.char) below \(TextFidelity.minimumChar)")
        #expect(s.order >= TextFidelity.minimumOrder,
                "\(c.id): order score \(s.order) is \(TextFidelity.minimumOrder - s.order) below \(TextFidelity.minimumOrder)")
    }
}

/// The harness on a corpus made here: a two-page PDF whose text is known, a manifest naming its
/// ground truth, and wrong ground truths the thresholds must reject.
@Suite struct TextGroundTruthHarnessTests {
    static let page1 = ["Reading order is checked against a ground truth.", "The second line follows the first one."]
    static let page2 = ["A second page closes the document."]

    /// Two pages of Helvetica lines, each line 14 points below the one before.
    static func twoPagePDF() -> [UInt8] {
        func content(_ lines: [String]) -> String {
            "BT /F1 12 Tf 72 700 Td 14 TL " + lines.map { "(\($0)) Tj T*" }.joined(separator: " ") + " ET"
        }
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 612 792] >>")
        for (n, c) in [(3, 5), (4, 6)] {
            b.add(n, "<< /Type /Page /Parent 2 0 R /Contents \(c) 0 R /Resources << /Font << /F1 7 0 R >> >> >>")
        }
        b.addStream(5, text: content(page1))
        b.addStream(6, text: content(page2))
        b.add(7, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        return b.build().bytes
    }

    /// A corpus folder with the PDF, a manifest entry without ground truth and one with, and
    /// `truth` as the ground-truth text.
    static func corpus(truth: String) throws -> URL {
        let root = try TestDirectory.make("gt-harness")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("text"), withIntermediateDirectories: true)
        try Data(twoPagePDF()).write(to: root.appendingPathComponent("text/two-pages.pdf"))
        try Data(truth.utf8).write(to: root.appendingPathComponent("text/two-pages.txt"))
        let manifest: [[String: Any]] = [
            ["id": "other", "file": "text/two-pages.pdf", "sha256": "", "tags": []],
            ["id": "text/two-pages", "file": "text/two-pages.pdf", "groundTruth": "text/two-pages.txt", "sha256": "", "tags": []],
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: root.appendingPathComponent("manifest.json"))
        return root
    }

    static let truth = page1.joined(separator: "\n") + "\n\u{0C}" + page2.joined(separator: "\n") + "\n"

    @Test("the right ground truth scores 1; only entries with a ground truth are cases")
    func exact() throws {
        let root = try Self.corpus(truth: Self.truth)
        defer { try? FileManager.default.removeItem(at: root) }
        let cases = GroundTruthCase.load(corpus: root)
        #expect(cases.map(\.id) == ["text/two-pages"])
        let s = try TextFidelity.score(try #require(cases.first))
        #expect(s == TextScore(char: 1, wordF1: 1, order: 1), "\(s)")
        #expect(TextFidelity.passes(s))
    }

    @Test("pages in the wrong order fail the order threshold")
    func swappedPages() throws {
        let swapped = Self.page2.joined(separator: "\n") + "\n\u{0C}" + Self.page1.joined(separator: "\n") + "\n"
        let root = try Self.corpus(truth: swapped)
        defer { try? FileManager.default.removeItem(at: root) }
        let s = try TextFidelity.score(try #require(GroundTruthCase.load(corpus: root).first))
        #expect(s.wordF1 == 1)  // the same words
        #expect(s.order < TextFidelity.minimumOrder, "\(s)")
        #expect(!TextFidelity.passes(s))
    }

    @Test("a line missing from the extraction fails the character threshold")
    func missingLine() throws {
        let longer = Self.truth + "A line the document does not have."
        let root = try Self.corpus(truth: longer)
        defer { try? FileManager.default.removeItem(at: root) }
        let s = try TextFidelity.score(try #require(GroundTruthCase.load(corpus: root).first))
        #expect(s.char < TextFidelity.minimumChar, "\(s)")
        #expect(!TextFidelity.passes(s))
    }
}
