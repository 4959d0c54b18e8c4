import Dispatch
import Synchronization
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

    /// The document's headers and footers found by repetition (see
    /// ``withRunningFurniture(pages:workers:)``); nil lays each page out alone.
    public private(set) var runningFurniture: RunningFurniture? = nil
    /// Glyphs of the pages read to find them, kept so that they are not interpreted twice.
    var sampled: [Int: PageGlyphs] = [:]

    /// The glyphs and layout of page `index` (0-based).
    public func page(_ index: Int) -> PageText {
        let glyphs = sampled[index] ?? extractor.extract(pageIndex: index)
        let layout = analyzeLayout(glyphs, options: layout, structureOrder: structureOrder?.mcids(forPage: index),
                                   runningFurniture: runningFurniture)
        return PageText(glyphs: glyphs, layout: layout)
    }

    /// This extractor, with the running headers and footers that repeat over `pages`
    /// (0-based indices, those about to be extracted) found first: up to
    /// `furnitureSamplePages` of them are read, in pairs of consecutive pages spread over the
    /// range, and their glyphs are kept for ``page(_:)``. With fewer than two pages, or when
    /// the layout options do not ask for it, the extractor is returned as it is.
    /// - Parameters:
    ///   - pages: the 0-based indices of the pages about to be extracted.
    ///   - workers: pages read at once.
    public func withRunningFurniture(pages: [Int], workers: Int = 1) -> TextExtractor {
        let options = layout
        let valid = pages.filter { $0 >= 0 && $0 < pageCount }
        guard options.findsRepeatedFurniture, options.marksRunningArtifacts, options.readingOrder != .contentStream,
              valid.count >= 2, options.furnitureSamplePages >= 2 else { return self }
        let sample = Self.sample(valid, count: min(options.furnitureSamplePages, Self.maxSamplePages))
        let read = Mutex<[Int: PageGlyphs]>([:])
        let extractor = self.extractor
        if workers > 1 {
            DispatchQueue.concurrentPerform(iterations: sample.count) { j in
                let glyphs = extractor.extract(pageIndex: sample[j])
                read.withLock { $0[sample[j]] = glyphs }
            }
        } else {
            for i in sample { let glyphs = extractor.extract(pageIndex: i); read.withLock { $0[i] = glyphs } }
        }
        var copy = self
        copy.sampled = read.withLock { $0 }
        let candidates = sample.compactMap { copy.sampled[$0] }.map { RunningFurniture.candidates($0, options: options) }
        let found = RunningFurniture(pages: candidates, options: options)
        copy.runningFurniture = found.isEmpty ? nil : found
        return copy
    }

    /// The most pages read (and kept) to find running furniture, whatever the options say:
    /// their glyphs stay in memory until the extractor goes.
    static let maxSamplePages = 64

    /// Up to `count` of `pages`: all of them when few, else pairs of consecutive entries
    /// spread evenly.
    static func sample(_ pages: [Int], count: Int) -> [Int] {
        guard pages.count > count else { return pages }
        let pairs = max(1, count / 2)
        var out: [Int] = []
        for j in 0..<pairs {
            let at = pairs == 1 ? 0 : j * (pages.count - 2) / (pairs - 1)
            for p in [pages[at], pages[at + 1]] where out.last != p && !out.contains(p) { out.append(p) }
        }
        return out
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
