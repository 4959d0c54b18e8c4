import PDFContent
import PDFFile
import PDFFonts
import PDFTextModel

enum GlyphExtraction {
    static func extract(document: Document, pageIndex: Int, fonts: FontCache, options: ExtractionOptions) -> PageGlyphs {
        extractGlyphs(document: document, pageIndex: pageIndex, fonts: fonts, options: options)
    }
}
