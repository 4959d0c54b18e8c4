import PDFContent
import PDFFile
import PDFFonts
import PDFTextModel

// TEMPORARY adapter until the interpreter lands.
public struct ExtractionOptions: Sendable {
    public var includeAnnotations = false
    public init() {}
}

enum GlyphExtraction {
    static func extract(document: Document, pageIndex: Int, fonts: FontCache, options: ExtractionOptions) -> PageGlyphs {
        let p = document.pages[pageIndex]
        return PageGlyphs(pageIndex: pageIndex, mediaBox: p.mediaBox, cropBox: p.cropBox, rotation: p.rotation)
    }
}
