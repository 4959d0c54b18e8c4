import PDFCore
import PDFGlyphs
import Testing
@testable import PDFFonts

/// Font dictionaries that made font loading trap (integer overflow) before the fix named in
/// each test; found with the glyph-extraction fuzzer's probes (tools/fuzz/README.md). Widths
/// are Helvetica's from its AFM (d 556, x 500); codes that /Widths does not cover take the
/// descriptor's /MissingWidth (ISO 32000-2 §9.6.2.1).
@Suite struct FontFuzzRegressionTests {
    @Test("/Differences with a code of Int.max: the names after it are ignored, the next code restarts the count")
    func differencesCodeIntMax() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [9223372036854775807 /d /e 97 /x] >> >>")
        let r = decode(try f.font(), Array("ad".utf8))
        #expect(r.text == "xd")
        #expect(r.widths == [500, 556])
    }

    @Test("/FirstChar of Int.max: no /Widths entry applies to any code, so every code takes /MissingWidth")
    func firstCharIntMax() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 9223372036854775807 /LastChar 9223372036854775807 /Widths [1 2 3] /FontDescriptor 11 0 R >>")
        f.add(11, "<< /Type /FontDescriptor /FontName /Helvetica /Flags 32 /MissingWidth 250 >>")
        let r = decode(try f.font(), Array("a".utf8))
        #expect(r.text == "a")
        #expect(r.widths == [250])
    }
}
