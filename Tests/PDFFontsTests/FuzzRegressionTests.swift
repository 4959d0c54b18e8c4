import PDFCore
import PDFTextModel
import Testing
@testable import PDFFonts

/// Font dictionaries that made font loading trap (integer overflow) before the fix named in
/// each test; found with the glyph-extraction fuzzer's probes (tools/fuzz/README.md). Widths
/// are Helvetica's from its AFM (a 556, d 556, x 500).
@Suite struct FontFuzzRegressionTests {
    @Test("/Differences with a code of Int.max: the names after it are ignored, the next code restarts the count")
    func differencesCodeIntMax() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [9223372036854775807 /d /e 97 /x] >> >>")
        let r = decode(try f.font(), Array("ad".utf8))
        #expect(r.text == "xd")
        #expect(r.widths == [500, 556])
    }

    @Test("/FirstChar of Int.max: no width applies to any code, so the built-in metrics do")
    func firstCharIntMax() throws {
        var f = FontFixture()
        f.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 9223372036854775807 /LastChar 9223372036854775807 /Widths [1 2 3] >>")
        let r = decode(try f.font(), Array("a".utf8))
        #expect(r.text == "a")
        #expect(r.widths == [556])
    }
}
