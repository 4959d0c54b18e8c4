/// Small PDFs for text tests, written with ``PDFBuilder``: one content stream per page,
/// font /F1 = Helvetica (object 10), /F2 = a Type 0 font with no Unicode mapping at all
/// (Identity-H, no ToUnicode, no embedded program; object 11), image /Im1 = a 2×2 grey
/// image (object 20), on US Letter pages.
package enum FontsAndImageDocument {
    /// The resources every page gets.
    package static let resources = "<< /Font << /F1 10 0 R /F2 11 0 R >> /XObject << /Im1 20 0 R >> >>"

    /// The file with one page per entry: its content stream and extra page dictionary entries.
    package static func bytes(pages: [(content: String, pageExtras: String)]) -> [UInt8] {
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
            b.add(100 + 2 * i, "<< /Type /Page /Parent 2 0 R /Contents \(101 + 2 * i) 0 R /Resources \(resources) \(p.pageExtras) >>")
            b.addStream(101 + 2 * i, text: p.content)
        }
        return b.build().bytes
    }
}
