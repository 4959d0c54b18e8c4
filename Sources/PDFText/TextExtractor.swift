import PDFCore
import PDFContent
import PDFFonts
@_exported import PDFLayout
@_exported import PDFTextModel

/// A page's glyphs and their layout, together: every character of `layout` indexes
/// `glyphs.glyphs`.
public struct PageText: Sendable {
    public let glyphs: PageGlyphs
    public let layout: PageLayout
    public init(glyphs: PageGlyphs, layout: PageLayout) { self.glyphs = glyphs; self.layout = layout }
}

/// The text pipeline for one document: content interpretation, then layout. Make one per
/// document; `page(_:)` may be called from many tasks at once (fonts are shared and parsed
/// once), and keeps nothing of a page once it returns, so memory follows the largest page.
public struct TextExtractor: Sendable {
    public let document: Document
    public let extraction: ExtractionOptions
    public let layout: LayoutOptions
    let extractor: PageExtractor
    /// The structure tree's reading order (tagged PDFs), read once; nil when the layout
    /// options do not use it.
    public let structureOrder: StructureOrder?

    public init(document: Document, extraction: ExtractionOptions = .pageText,
                layout: LayoutOptions = LayoutOptions()) {
        self.document = document
        self.extraction = extraction
        self.layout = layout
        self.extractor = PageExtractor(document: document, fonts: FontCache(store: document.store), options: extraction)
        let usesTags = layout.readingOrder == .automatic || layout.readingOrder == .structure
        self.structureOrder = usesTags ? StructureOrder(document: document) : nil
    }

    public var pageCount: Int { document.pageCount }

    /// The glyphs and layout of page `index` (0-based).
    public func page(_ index: Int) -> PageText {
        let glyphs = extractor.extract(pageIndex: index)
        let layout = analyzeLayout(glyphs, options: layout, structureOrder: structureOrder?.mcids(forPage: index))
        return PageText(glyphs: glyphs, layout: layout)
    }
}

extension ExtractionOptions {
    /// What a reader sees: page content plus annotation appearances (filled-in form fields,
    /// FreeText, stamps), as pdftotext and MuPDF's text output include them.
    public static var pageText: ExtractionOptions {
        var o = ExtractionOptions()
        o.includeAnnotations = true
        return o
    }
}
