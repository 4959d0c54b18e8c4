import PDFCore
import PDFGlyphs
import PDFImages
@testable import PDFOCR
import Testing

/// Words Tesseract reads as one line across a ruled table's cells ("Island Camp | 08:40" with
/// the rule erased) get no space glyph across the rule: a space there would join the cells
/// into one piece of text that the layout cannot split, and cross the column gap the rows
/// above and below it share.
@Suite struct OCRRuleBarrierTests {
    func word(_ text: String, _ left: Int, _ right: Int, startsLine: Bool = false) -> RecognizedWord {
        RecognizedWord(text: text, box: (left, 1000, right, 1040), confidence: 95, startsLine: startsLine,
                       startsParagraph: startsLine, startsBlock: startsLine, baseline: (left, 1040, right, 1040),
                       characters: [])
    }

    func spaces(rules: [Rect]) -> [Double] {
        var page = PageGlyphs(pageIndex: 0, mediaBox: Rect(x0: 0, y0: 0, x1: 612, y1: 792),
                              cropBox: Rect(x0: 0, y0: 0, x1: 612, y1: 792), rotation: 0)
        let raster = PageRaster(page: page, resolution: 300, maxPixels: 64 << 20)
        // 24 px gaps (under 1.5 em of a 40 px line): each would get a space.
        let words = [word("Island", 100, 220, startsLine: true), word("Camp", 244, 330), word("08:40", 354, 450)]
        let added = OCRGlyphs.insert(words, into: &page, raster: raster, minimumConfidence: 0, rules: rules)
        #expect(added == 3)
        return page.glyphs.filter { $0.flags.contains(.space) }.map { ($0.quad.bounds.x0 * 300 / 72).rounded() }
    }

    @Test func noSpaceAcrossARule() {
        let raster = PageRaster(page: PageGlyphs(pageIndex: 0, mediaBox: Rect(x0: 0, y0: 0, x1: 612, y1: 792),
                                                 cropBox: Rect(x0: 0, y0: 0, x1: 612, y1: 792), rotation: 0),
                                resolution: 300, maxPixels: 64 << 20)
        // A column rule at x 340…343 px from y 900 to 1200 px, in page space.
        let rule = Quad(Rect(x0: 340, y0: 900, x1: 343, y1: 1200)).transformed(by: raster.pixelsToPage).bounds
        #expect(spaces(rules: []) == [220, 330])
        #expect(spaces(rules: [rule]) == [220])
        // Near misses: a rule above the line, and a horizontal one through the gap.
        let above = Quad(Rect(x0: 340, y0: 700, x1: 343, y1: 990)).transformed(by: raster.pixelsToPage).bounds
        let flat = Quad(Rect(x0: 300, y0: 1018, x1: 420, y1: 1021)).transformed(by: raster.pixelsToPage).bounds
        #expect(spaces(rules: [above, flat]) == [220, 330])
    }
}
