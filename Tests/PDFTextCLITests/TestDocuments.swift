import Foundation
import PDFTestSupport
import PDFText

/// Small PDFs for the CLI tests (``FontsAndImageDocument``: fonts /F1 and /F2, image /Im1).
struct TestDocument {
    struct Page {
        var content: String
        var pageExtras = ""
        init(_ content: String, pageExtras: String = "") { self.content = content; self.pageExtras = pageExtras }
    }

    var pages: [Page]

    init(_ pages: [Page]) { self.pages = pages }
    init(_ contents: String...) { pages = contents.map { Page($0) } }

    static let resources = FontsAndImageDocument.resources

    var bytes: [UInt8] { FontsAndImageDocument.bytes(pages: pages.map { ($0.content, $0.pageExtras) }) }

    /// Writes the file to a fresh temporary path.
    func write(_ name: String = "test.pdf") throws -> String {
        let dir = try TestDirectory.make("cli")
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Text lines shown with F1 at 12 pt, starting at (x, y), 14 pt apart.
    static func lines(_ lines: [String], x: Double = 72, y: Double = 720, size: Double = 12) -> String {
        var s = "BT /F1 \(size) Tf \(x) \(y) Td "
        for (i, l) in lines.enumerated() {
            if i > 0 { s += "0 -\(size + 2) Td " }
            let escaped = l.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
            s += "(\(escaped)) Tj "
        }
        return s + "ET\n"
    }

    /// The image over the whole page.
    static let fullPageImage = "q 612 0 0 792 0 0 cm /Im1 Do Q\n"

    /// `count` glyphs of the font without Unicode mapping.
    static func unmapped(_ count: Int, x: Double = 72, y: Double = 600) -> String {
        let codes = (0..<count).map { String(format: "%04X", 0x20 + $0) }.joined()
        return "BT /F2 12 Tf \(x) \(y) Td <\(codes)> Tj ET\n"
    }

    /// The extractor over this document.
    func extractor() throws -> TextExtractor {
        TextExtractor(document: try Document(bytes: bytes))
    }
}
