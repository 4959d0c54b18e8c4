import Synchronization
import PDFCore
import PDFContent
import PDFFonts
@_exported import PDFOCR
@_exported import PDFLayout
@_exported import PDFGlyphs

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
    /// options do not use it. Read in the background, this waits until it is read.
    public var structureOrder: StructureOrder? { structure.value }
    var structure: Eventually<StructureOrder?>
    /// A pass over each page's glyphs after interpretation and before the layout (and before
    /// running furniture is looked for): flags set here, such as `.offPage` for pdftotext's
    /// crop area, decide what the layout keeps. Nil: none.
    public var glyphPass: (@Sendable (inout PageGlyphs) -> Void)? = nil
    /// OCR of the pages that need it (``withOCR(_:)``), run before `glyphPass`; nil: none.
    package private(set) var ocrPass: OCRPass? = nil

    /// This extractor, reading pages with OCR as `options` say (see `OCROptions`): the
    /// characters recognised enter each page's glyphs before the layout. Set it before
    /// ``withRunningFurniture(pages:workers:sampleBudget:)`` and
    /// ``readingAhead(pages:budget:)``, which read pages.
    public func withOCR(_ options: OCROptions) -> TextExtractor {
        var copy = self
        copy.ocrPass = options.mode == .never ? nil : OCRPass(document: document, extractor: extractor, options: options)
        return copy
    }

    /// Why OCR cannot run (libtesseract or its language data missing), when it was asked
    /// for with ``withOCR(_:)``; nil when it can, or was not asked for.
    public var ocrUnavailableReason: String? { ocrPass?.unavailable }

    /// The OCR pass, then the glyph pass.
    var pagePass: (@Sendable (inout PageGlyphs) -> Void)? {
        guard let ocr = ocrPass else { return glyphPass }
        let pass = glyphPass
        return { ocr.run(&$0); pass?(&$0) }
    }

    /// - Parameters:
    ///   - document: the opened document.
    ///   - extraction: what the content interpreter keeps (`ExtractionOptions.pageText` by
    ///     default: page content and annotation appearances).
    ///   - layout: the layout's options.
    ///   - readsStructureConcurrently: read the structure tree on another thread while pages
    ///     are interpreted (only their layout needs it), instead of before anything else.
    ///     Worth it with more than one core: a tagged document's tree, read whole, can take
    ///     as long as a tenth of its pages.
    public init(document: Document, extraction: ExtractionOptions = .pageText,
                layout: LayoutOptions = LayoutOptions(), readsStructureConcurrently: Bool = false) {
        self.document = document
        self.extraction = extraction
        self.layout = layout
        self.extractor = PageExtractor(document: document, fonts: FontCache(store: document.store), options: extraction)
        let usesTags = layout.readingOrder == .automatic || layout.readingOrder == .structure
        if !usesTags {
            structure = Eventually(nil)
        } else if readsStructureConcurrently {
            structure = Eventually { StructureOrder(document: document) }
        } else {
            structure = Eventually(StructureOrder(document: document))
        }
    }

    public var pageCount: Int { document.pageCount }

    /// The document's headers and footers found by repetition (see
    /// ``withRunningFurniture(pages:workers:sampleBudget:)``); nil lays each page out alone.
    public private(set) var runningFurniture: RunningFurniture? = nil
    /// Glyphs of some of the pages read to find them (see `sampleBudget`), kept so that they
    /// are not interpreted twice; each is handed out once and then let go.
    var sampled = SampledPages()

    /// The glyphs and layout of page `index` (0-based).
    public func page(_ index: Int) -> PageText {
        let glyphs = sampled.take(index) ?? Self.extract(index, extractor, pagePass)
        if !structure.isReady { readAhead() }
        let layout = analyzeLayout(glyphs, options: layout, structureOrder: structureOrder?.mcids(forPage: index),
                                   runningFurniture: runningFurniture)
        return PageText(glyphs: glyphs, layout: layout)
    }

    /// Page `index` interpreted, and the glyph pass run over it.
    static func extract(_ index: Int, _ extractor: PageExtractor, _ pass: (@Sendable (inout PageGlyphs) -> Void)?) -> PageGlyphs {
        var glyphs = extractor.extract(pageIndex: index)
        pass?(&glyphs)
        return glyphs
    }

    /// This extractor, with the running headers and footers that repeat over `pages`
    /// (0-based indices, those about to be extracted) found first: up to
    /// `furnitureSamplePages` of them are read, in pairs of consecutive pages spread over the
    /// range. The glyphs of the sampled pages that come first in `pages` are kept for
    /// ``page(_:)``, up to `sampleBudget` bytes, and let go once ``page(_:)`` has handed them
    /// out; the others are interpreted again when their turn comes. With fewer than two
    /// pages, or when the layout options do not ask for it, the extractor is returned as it is.
    /// - Parameters:
    ///   - pages: the 0-based indices of the pages about to be extracted, in the order they
    ///     will be asked for.
    ///   - workers: pages read at once.
    ///   - sampleBudget: the most bytes of sampled glyphs kept (``defaultSampleBudget``); 0
    ///     keeps none, `Int.max` keeps all of them.
    public func withRunningFurniture(pages: [Int], workers: Int = 1,
                                     sampleBudget: Int = TextExtractor.defaultSampleBudget) -> TextExtractor {
        let options = layout
        let valid = pages.filter { $0 >= 0 && $0 < pageCount }
        guard options.findsRepeatedFurniture, options.marksRunningArtifacts, options.readingOrder != .contentStream,
              valid.count >= 2, options.furnitureSamplePages >= 2 else { return self }
        let sample = Self.sample(valid, count: min(options.furnitureSamplePages, Self.maxSamplePages))
        let extractor = self.extractor, pass = pagePass
        var copy = self
        copy.sampled = SampledPages()
        // Read in run order, `workers` pages at a time: each page gives its candidate lines at
        // once, and is kept only while the pages before it and itself fit in the budget, so
        // that no more than the budget and one round of pages are held at any time.
        var candidates = [[RunningFurniture.Line]](repeating: [], count: sample.count)
        var spent = 0, full = sampleBudget <= 0
        var start = 0
        while start < sample.count {
            let round = start..<min(sample.count, start + max(1, workers))
            let read = Mutex<[Int: PageGlyphs]>([:])
            if round.count > 1 {
                WorkerThread.concurrentPerform(iterations: round.count) { j in
                    let i = sample[round.lowerBound + j]
                    let glyphs = Self.extract(i, extractor, pass)
                    read.withLock { $0[i] = glyphs }
                }
            } else {
                let i = sample[round.lowerBound]
                let glyphs = Self.extract(i, extractor, pass)
                read.withLock { $0[i] = glyphs }
            }
            let glyphs = read.withLock { $0 }
            for j in round {
                guard let page = glyphs[sample[j]] else { continue }
                candidates[j] = RunningFurniture.candidates(page, options: options)
                guard !full else { continue }
                let bytes = page.approximateBytes
                if bytes > sampleBudget - spent {
                    full = true
                } else {
                    spent += bytes
                    copy.sampled.keep(page, for: sample[j])
                }
            }
            start = round.upperBound
        }
        let found = RunningFurniture(pages: candidates, options: options)
        copy.runningFurniture = found.isEmpty ? nil : found
        return copy
    }

    /// This extractor, reading ahead while the structure tree is still being read: a
    /// tagged page's layout waits for the tree (read on another thread when
    /// `readsStructureConcurrently` was given), and a large tree can take as long as a tenth
    /// of the document's pages. Until it is read, a ``page(_:)`` that would wait interprets
    /// the next of `pages` not yet begun instead and keeps their glyphs for their turn (up to
    /// `budget` bytes at a time), so that every core stays busy; the layouts then follow
    /// without waiting. Without a tree to wait for, nothing is read ahead.
    /// - Parameters:
    ///   - pages: the 0-based indices of the pages about to be extracted, in the order they
    ///     will be asked for.
    ///   - budget: the most bytes of glyphs read ahead and not yet handed out
    ///     (``defaultReadAheadBudget``); 0 reads nothing ahead.
    public func readingAhead(pages: [Int], budget: Int = TextExtractor.defaultReadAheadBudget) -> TextExtractor {
        var copy = self
        copy.sampled = sampled.planning(pages.filter { $0 >= 0 && $0 < pageCount }, budget: max(0, budget))
        return copy
    }

    /// How many bytes of glyphs ``readingAhead(pages:budget:)`` holds at most by default.
    public static let defaultReadAheadBudget = 4 << 20

    /// Interprets planned pages ahead of their turn until the structure tree is read, the
    /// plan is done or the budget is spent.
    func readAhead() {
        while !structure.isReady, let next = sampled.claimReadAhead() {
            sampled.keepReadAhead(Self.extract(next, extractor, pagePass), for: next)
        }
    }

    /// How many bytes of sampled pages' glyphs ``withRunningFurniture(pages:workers:sampleBudget:)``
    /// keeps by default: 2 MiB, four or five pages of a dense manual. Keeping every sampled page
    /// (12 by default) held 4–5 MB for the whole run of a 116-page manual, half again the
    /// whole memory MuPDF needs for it; interpreting the pages left out again costs about 7%
    /// of that document's interpretation, and nothing on documents whose sampled pages fit.
    public static let defaultSampleBudget = 2 << 20

    /// The most pages read to find running furniture, whatever the options say (those of
    /// them kept for ``page(_:)`` are bounded by the sample budget).
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

/// A value known now, or computed on another thread and waited for on first use.
final class Eventually<Value: Sendable>: @unchecked Sendable {
    // Guarded by `condition`.
    private var result: Value?
    private let condition = ConditionLock()

    init(_ value: Value) { result = value }

    /// Computes the value on a thread of its own (or here, when the system gives none).
    init(computing make: @escaping @Sendable () -> Value) {
        result = nil
        if let thread = WorkerThread.start({ self.finish(make()) }) {
            thread.detach()
        } else {
            result = make()
        }
    }

    private func finish(_ value: Value) {
        condition.withLock {
            result = value
            condition.broadcast()
        }
    }

    /// True once the value is there (never waits).
    var isReady: Bool { condition.withLock { result != nil } }

    var value: Value {
        condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }
    }
}

/// Pages read before their turn, each handed out once (``TextExtractor/page(_:)``): the
/// running-furniture sample's, and those read ahead while the structure tree is read.
final class SampledPages: Sendable {
    private struct State {
        var kept: [Int: PageGlyphs] = [:]
        /// Read-ahead: the planned pages, the next of them to look at, the bytes allowed.
        var plan: [Int] = []
        var cursor = 0
        var budget = 0
        /// Pages read ahead and not yet handed out, and their bytes.
        var ahead: Set<Int> = []
        var aheadBytes = 0
        /// Pages ``TextExtractor/page(_:)`` has begun, and pages being read ahead (with a plan).
        var started: Set<Int> = []
        var reading: Set<Int> = []
    }
    private let state: Mutex<State>

    init() { state = Mutex(State()) }
    private init(_ s: State) { state = Mutex(s) }

    func keep(_ page: PageGlyphs, for index: Int) { state.withLock { $0.kept[index] = page } }

    /// The page's glyphs when read before, else nil; either way the page counts as begun.
    func take(_ index: Int) -> PageGlyphs? {
        state.withLock { s in
            if !s.plan.isEmpty { s.started.insert(index) }
            guard let page = s.kept.removeValue(forKey: index) else { return nil }
            if s.ahead.remove(index) != nil { s.aheadBytes -= page.approximateBytes }
            return page
        }
    }

    /// A copy with a read-ahead plan; the kept pages move to it.
    func planning(_ pages: [Int], budget: Int) -> SampledPages {
        var s = state.withLock { s in
            let all = s
            s.kept = [:]
            s.ahead = []
            s.aheadBytes = 0
            return all
        }
        s.plan = budget > 0 ? pages : []
        s.cursor = 0
        s.budget = budget
        return SampledPages(s)
    }

    /// The next planned page to read ahead (marked as being read), or nil when the plan is
    /// done or the budget spent.
    func claimReadAhead() -> Int? {
        state.withLock { s in
            guard s.aheadBytes < s.budget else { return nil }
            while s.cursor < s.plan.count {
                let p = s.plan[s.cursor]
                s.cursor += 1
                if s.started.contains(p) || s.kept[p] != nil || s.reading.contains(p) { continue }
                s.reading.insert(p)
                return p
            }
            return nil
        }
    }

    /// Keeps a page read ahead, unless its turn came meanwhile (it was then read again).
    func keepReadAhead(_ page: PageGlyphs, for index: Int) {
        let dropped: PageGlyphs? = state.withLock { s in
            s.reading.remove(index)
            if s.started.contains(index) { return page }
            s.kept[index] = page
            s.ahead.insert(index)
            s.aheadBytes += page.approximateBytes
            return nil
        }
        _ = dropped  // let go outside the lock
    }

    var count: Int { state.withLock { $0.kept.count } }
}

extension PageGlyphs {
    /// About how many bytes the page's arrays hold (their capacity, not their count).
    var approximateBytes: Int {
        glyphs.capacity * MemoryLayout<PositionedGlyph>.stride + runs.capacity * MemoryLayout<GlyphRun>.stride
            + scalars.capacity * MemoryLayout<Unicode.Scalar>.stride + paths.capacity * MemoryLayout<PathPaint>.stride
            + images.capacity * MemoryLayout<Quad>.stride + markedContent.capacity * 128 + fonts.capacity * 256
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
