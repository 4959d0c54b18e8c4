import Testing
import PDFCore
import PDFFonts
import PDFGlyphs
@testable import PDFFile
@testable import PDFContent

@Suite struct AnnotationCacheTests {
    @Test("a page's annotations are read for that page and not kept in the store's cache; their appearance streams are")
    func annotationsNotCached() throws {
        let page = AnnotationTests().page()
        let doc = try page.build()
        let glyphs = extractGlyphs(document: doc, pageIndex: 0, fonts: FontCache(store: doc.store), options: page.options)
        #expect(glyphs.paintingOrderText == "PA")
        #expect(!doc.store.isCached(30) && !doc.store.isCached(32))
        #expect(doc.store.isCached(31))
        // Read again, the page gives the same glyphs.
        let again = extractGlyphs(document: doc, pageIndex: 0, fonts: FontCache(store: doc.store), options: page.options)
        #expect(again.paintingOrderText == "PA" && again.glyphs.map(\.origin) == glyphs.glyphs.map(\.origin))
    }
}
