import Testing
import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts
import PDFGlyphs
@testable import PDFContent

@Suite struct PageSizeHintsTests {
    func page(glyphs: Int, runs: Int, scalars: Int) -> PageGlyphs {
        var p = PageGlyphs(pageIndex: 0, mediaBox: .letter, cropBox: .letter, rotation: 0)
        let g = PositionedGlyph(code: 0, text: 0..<0, origin: Point(x: 0, y: 0), quad: Quad(Rect(x0: 0, y0: 0, x1: 1, y1: 1)),
                                advance: 1, run: 0, unicodeSource: .none)
        p.glyphs = Array(repeating: g, count: glyphs)
        p.runs = Array(repeating: GlyphRun(font: 0, fontSize: 10, textMatrix: .identity, renderingMode: .fill,
                                           fillColor: .black, strokeColor: .black, markedContent: -1,
                                           glyphs: 0..<0, writingMode: 0), count: runs)
        p.scalars = Array(repeating: "a", count: scalars)
        return p
    }

    @Test("the hints keep each size's largest page so far, capped, and only grow")
    func largestSoFar() {
        let hints = PageSizeHints()
        #expect(hints.current == (glyphs: 0, runs: 0, scalars: 0))
        hints.record(page(glyphs: 10, runs: 3, scalars: 12))
        hints.record(page(glyphs: 4, runs: 7, scalars: 5))
        #expect(hints.current == (glyphs: 10, runs: 7, scalars: 12))
        hints.record(page(glyphs: PageSizeHints.cap + 5, runs: 0, scalars: 0))
        #expect(hints.current == (glyphs: PageSizeHints.cap, runs: 7, scalars: 12))
    }

    @Test("a page read after a larger one gives the same glyphs as read first")
    func sameGlyphs() throws {
        let small = Array("BT /F1 10 Tf 72 700 Td (Small) Tj ET".utf8)
        let large = Array(("BT /F1 10 Tf 72 700 Td " + String(repeating: "(Larger page) Tj 0 -12 Td ", count: 40) + "ET").utf8)
        let doc = try DocumentBudgetTests.pages([large, small], dictionary: "", resources: "/Font << /F1 10 0 R >>",
                                                limits: Limits())
        let fresh = PageExtractor(document: doc, fonts: FontCache(store: doc.store)).extract(pageIndex: 1)
        let extractor = PageExtractor(document: doc, fonts: FontCache(store: doc.store))
        let first = extractor.extract(pageIndex: 0)
        #expect(extractor.sizes.current.glyphs == first.glyphs.count && first.glyphs.count > 400)
        let after = extractor.extract(pageIndex: 1)
        #expect(after.glyphs.capacity >= first.glyphs.count)
        #expect(after.glyphs.count == fresh.glyphs.count && after.runs.count == fresh.runs.count)
        #expect(after.scalars == fresh.scalars)
        #expect(zip(after.glyphs, fresh.glyphs).allSatisfy { $0.quad == $1.quad && $0.text == $1.text })
    }
}

@Suite struct DuplicateIndexReserveTests {
    @Test("a reserved index finds the same duplicates as one that grows")
    func sameAnswers() {
        let grown = DuplicateIndex(capacity: 4), reserved = DuplicateIndex(capacity: 4)
        reserved.reserve(points: 20_000)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var duplicates = 0
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Double(state >> 40 & 0x3FF) * 0.37, y = Double(state >> 20 & 0x3FF) * 0.41
            let code = UInt32(state >> 8 & 0x7), font = Int32(state & 1)
            let a = grown.checkAndInsert(font: font, code: code, origin: Point(x: x, y: y))
            let b = reserved.checkAndInsert(font: font, code: code, origin: Point(x: x, y: y))
            #expect(a == b)
            if a { duplicates += 1 }
        }
        #expect(duplicates > 100 && duplicates < 19_000)
    }
}
