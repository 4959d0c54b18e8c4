import Testing
import PDFCore
import PDFGlyphs
@testable import PDFContent

/// A page's fonts are found by search while few, by hash table past `linearFonts`: the fonts
/// list, each glyph's font index and run serial are the same either way.
@Suite struct ManyFontsTests {
    @Test func fontIndicesAndSerialsPastTheSearchLimit() throws {
        // 150 fonts written in the resources themselves (no object number): fonts 2k and 2k+1
        // are two copies of one font, two font objects with one summary.
        let count = 150
        var page = TestPage("")
        var resources = "/Font <<"
        var content = "BT 0 700 Td "
        for k in 0..<count {
            resources += " /F\(k) << /Type /Font /Subtype /Type1 /BaseFont /Face\(k / 2) /Encoding /WinAnsiEncoding >>"
            content += "/F\(k) 10 Tf (A) Tj "
        }
        // Back to the first fonts after the hash table took over.
        content += "/F0 10 Tf (B) Tj /F1 10 Tf (C) Tj /F149 10 Tf (D) Tj ET"
        page.resources = resources + " >>"
        page.content = content
        let glyphs = try page.extract()
        #expect(glyphs.glyphs.count == count + 3)
        #expect(glyphs.fonts.count == count / 2, "one entry per summary")
        #expect(glyphs.fonts.map(\.baseFont) == (0..<count / 2).map { "Face\($0)" })
        let fontOfGlyph = glyphs.glyphs.map { glyphs.runs[Int($0.run)].font }
        #expect(Array(fontOfGlyph.prefix(count)) == (0..<count).map { Int32($0 / 2) })
        #expect(Array(fontOfGlyph.suffix(3)) == [0, 0, Int32(count / 2 - 1)])
        // Every glyph starts a run of its own: the two copies of a font have serials apart.
        #expect(glyphs.runs.count == count + 3)
        #expect(Collecting.linearFonts < count / 2, "both the search and the hash table were used")
    }
}
