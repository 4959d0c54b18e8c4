import Foundation
import PDFTestSupport
import PDFText

/// Small PDFs for the CLI tests, written with PDFBuilder: one content stream per page,
/// font /F1 = Helvetica (object 10), /F2 = a Type 0 font with no Unicode mapping at all
/// (Identity-H, no ToUnicode, no embedded program; object 11), image /Im1 = a 2×2 grey
/// image (object 20).
struct TestDocument {
    struct Page {
        var content: String
        var pageExtras = ""
        init(_ content: String, pageExtras: String = "") { self.content = content; self.pageExtras = pageExtras }
    }

    var pages: [Page]

    init(_ pages: [Page]) { self.pages = pages }
    init(_ contents: String...) { pages = contents.map { Page($0) } }

    static let resources = "<< /Font << /F1 10 0 R /F2 11 0 R >> /XObject << /Im1 20 0 R >> >>"

    var bytes: [UInt8] {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        let kids = pages.indices.map { "\(100 + 2 * $0) 0 R" }.joined(separator: " ")
        b.add(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) /MediaBox [0 0 612 792] >>")
        b.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        b.add(11, "<< /Type /Font /Subtype /Type0 /BaseFont /NoMap /Encoding /Identity-H /DescendantFonts [12 0 R] >>")
        b.add(12, "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /NoMap /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 13 0 R /DW 600 >>")
        b.add(13, "<< /Type /FontDescriptor /FontName /NoMap /Flags 4 /FontBBox [0 -200 1000 800] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 >>")
        b.addStream(20, dictionary: "/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8", data: [0, 255, 255, 0])
        for (i, p) in pages.enumerated() {
            b.add(100 + 2 * i, "<< /Type /Page /Parent 2 0 R /Contents \(101 + 2 * i) 0 R /Resources \(Self.resources) \(p.pageExtras) >>")
            b.addStream(101 + 2 * i, text: p.content)
        }
        return b.build().bytes
    }

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
