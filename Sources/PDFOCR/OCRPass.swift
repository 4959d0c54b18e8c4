import Foundation
import PDFContent
import PDFCore
import PDFFile
import PDFGlyphs
import PDFImages
import PDFSyntax
import Synchronization

extension Diagnostic.Code {
    /// A page needed OCR and it could not run, or Tesseract failed on it.
    package static let ocrFailed = Diagnostic.Code("ocrFailed")
    /// A page was read with OCR (how many words, at what resolution, in which languages).
    package static let ocrDone = Diagnostic.Code("ocrDone")
}

/// OCR as a pass over a page's glyphs, between interpretation and layout: when the page
/// needs it (``OCROptions/mode``), its images are drawn into a raster in display space
/// (``PageRaster``), areas that already have text are blanked, Tesseract reads the rest, and
/// each recognised character enters the glyph arena as a glyph with
/// ``UnicodeSource/ocr``, its box in page space and its confidence. Everything after (layout,
/// selections, search boxes, every output format) then works on them as on any glyph.
package struct OCRPass: Sendable {
    package let options: OCROptions
    let document: Document
    let extractor: PageExtractor
    /// Tesseract, its data and the languages, looked for on first need: loading
    /// libtesseract costs a process that reads no scanned page nothing.
    let setup: Setup

    /// What the pass found on first use.
    package struct Resolved: Sendable {
        /// Why OCR cannot run (nil when it can).
        package var unavailable: String?
        /// The Tesseract languages pages are read in.
        package var languages: String
        var engines: OCREngines?
    }

    final class Setup: Sendable {
        let value = Mutex<Resolved?>(nil)
    }

    package init(document: Document, extractor: PageExtractor, options: OCROptions) {
        self.options = options
        self.document = document
        self.extractor = extractor
        self.setup = Setup()
    }

    /// Tesseract and the languages, looked for now if not yet.
    package var resolved: Resolved {
        setup.value.withLock { state in
            if let state { return state }
            let r = Self.resolve(options, document: document)
            state = r
            return r
        }
    }

    /// Why OCR cannot run, or nil.
    package var unavailable: String? { resolved.unavailable }

    static func resolve(_ options: OCROptions, document: Document) -> Resolved {
        let dataPath = OCREngines.dataPath(options.dataPath)
        if let why = OCREngines.unavailableReason { return Resolved(unavailable: why, languages: "eng", engines: nil) }
        let installed = OCREngines.installedLanguages(dataPath: dataPath)
        let languages = Self.languages(options.languages, document: document, installed: installed)
        guard !languages.isEmpty else {
            let why = "no Tesseract language data for \(options.languages ?? "eng") in \(dataPath) (install tesseract-ocr-eng or another tesseract-ocr-LANG package)"
            return Resolved(unavailable: why, languages: "eng", engines: nil)
        }
        return Resolved(unavailable: nil, languages: languages, engines: OCREngines(dataPath: dataPath))
    }

    /// The languages to read: those asked for that are installed; without a request, the
    /// document's /Lang when installed, else `eng`. Empty when none is installed.
    static func languages(_ asked: String?, document: Document, installed: Set<String>) -> String {
        if let asked {
            return asked.split(separator: "+").map(String.init).filter { installed.contains($0) }.joined(separator: "+")
        }
        if let tag = document.language, let name = OCRLanguages.tesseractName(tag), installed.contains(name) {
            return name == "eng" ? name : name + "+eng"
        }
        return installed.contains("eng") ? "eng" : ""
    }

    /// Whether `page` needs OCR under the options' mode.
    package func needsOCR(_ page: PageGlyphs) -> Bool {
        switch options.mode {
        case .never: return false
        case .always: return !page.images.isEmpty
        case .auto:
            guard !page.images.isEmpty else { return false }
            let (visible, invisible) = Self.textCharacters(page)
            guard visible <= options.autoMaxTextCharacters, invisible <= options.autoMaxTextCharacters else { return false }
            return Coverage.share(of: page.images.map(\.bounds), within: page.cropBox) >= options.autoImageCoverage
        }
    }

    /// Visible and invisible (an OCR layer's) non-space characters with Unicode.
    static func textCharacters(_ page: PageGlyphs) -> (visible: Int, invisible: Int) {
        var visible = 0, invisible = 0
        let left: GlyphFlags = [.hidden, .clipped, .offPage, .space, .duplicate]
        for g in page.glyphs where g.flags.isDisjoint(with: left) && g.unicodeSource != .none && !g.text.isEmpty {
            let text = page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)]
            guard text.contains(where: { !$0.properties.isWhitespace && $0 != "\u{FFFD}" }) else { continue }
            if g.flags.contains(.invisible) { invisible += 1 } else { visible += 1 }
        }
        return (visible, invisible)
    }

    /// Reads `page` with OCR when it needs it, adding the glyphs recognised.
    package func run(_ page: inout PageGlyphs) {
        guard needsOCR(page) else { return }
        let setup = resolved
        guard let engines = setup.engines else {
            page.diagnostics.append(.ocrFailed, .warning, "page \(page.pageIndex + 1) needs OCR, which cannot run: \(setup.unavailable ?? "OCR is off")")
            return
        }
        let languages = setup.languages
        var log = CappedLog(perCode: 5)
        var imageLog = DiagnosticLog()
        let images = PageImages.collect(extractor, pageIndex: page.pageIndex, log: &imageLog)
        page.diagnostics.append(contentsOf: imageLog)
        var resolution = options.resolution
        if options.keepsImageResolution, let own = Self.resolution(ofLargest: images, store: document.store, userUnit: page.userUnit),
           own < resolution {
            resolution = max(own, min(options.lowestResolution, resolution))
        }
        var raster = PageRaster(page: page, resolution: resolution, maxPixels: options.maxRasterPixels)
        var decoder = ImageDecoder(store: document.store)
        var drawn = 0
        for placed in images {
            guard let picture = decoder.decode(placed.source, resources: placed.resources, ink: placed.ink, log: &log) else { continue }
            raster.draw(picture, matrix: placed.matrix, isMask: ImageDecoder.isMask(placed.source, store: document.store))
            drawn += 1
        }
        for g in page.glyphs where !g.flags.contains(.hidden) && !g.text.isEmpty && g.unicodeSource != .none {
            raster.erase(g.quad)
        }
        page.diagnostics.append(contentsOf: log.finished)
        guard drawn > 0, raster.image.inkShare > 0.0002 else { return }
        let rules = options.findsRules ? takeRules(from: &raster, into: &page) : []
        let ppi = Int(raster.resolution.rounded())
        do {
            let (words, read) = try recognizeUpright(raster, engines: engines, ppi: ppi, languages: languages, page: &page)
            raster = read
            let added = OCRGlyphs.insert(words, into: &page, raster: raster, minimumConfidence: options.minimumWordConfidence,
                                         rules: rules)
            page.diagnostics.append(.ocrDone, .info, "page \(page.pageIndex + 1) read with OCR (\(languages), \(ppi) ppi): \(added) words")
        } catch {
            let message = (error as? PDFError)?.message ?? "\(error)"
            page.diagnostics.append(.ocrFailed, .warning, "page \(page.pageIndex + 1): OCR failed: \(message)")
        }
    }
}

extension OCRPass {
    /// Finds the raster's ruled lines (``OCROptions/findsRules``), erases them, and adds them
    /// to the page's paths as the thin stroked rules a vector page would paint. Returns their
    /// page boxes.
    func takeRules(from raster: inout PageRaster, into page: inout PageGlyphs) -> [Rect] {
        let found = RasterRules.find(in: raster.image, options: RasterRules.Options(
            ppi: raster.resolution, minimumInches: options.ruleMinimumLength, maximumPoints: options.ruleMaximumThickness))
        guard !found.isEmpty else { return [] }
        RasterRules.erase(found, from: &raster.image)
        let toPage = raster.pixelsToPage
        let pointsPerPixel = 72 / max(raster.resolution, 1)
        var boxes: [Rect] = []
        for r in found {
            let bounds = Quad(Rect(x0: Double(r.x0), y0: Double(r.y0), x1: Double(r.x1), y1: Double(r.y1))).transformed(by: toPage).bounds
            page.paths.append(PathPaint(bounds: bounds, isStroked: true, isFilled: false, color: .black,
                                        lineWidth: Float(Double(r.thickness) * pointsPerPixel)))
            boxes.append(bounds)
        }
        return boxes
    }

    /// The words of `raster`, read upright: Tesseract's orientation detection (the `osd`
    /// model) is asked first. When it finds the text turned with at least
    /// ``OCROptions/trustedOrientationConfidence``, the turned raster is read; with less (but
    /// at least ``OCROptions/orientationConfidence``), both are read and the reading with the
    /// higher mean word confidence kept: the detection alone misreads some low-resolution
    /// pages (a bilevel page at 150 dpi found upside down), and Tesseract reads sideways lines
    /// with a fair confidence, so neither settles it alone.
    func recognizeUpright(_ raster: PageRaster, engines: OCREngines, ppi: Int, languages: String,
                          page: inout PageGlyphs) throws -> ([RecognizedWord], PageRaster) {
        func read(_ r: PageRaster) throws -> [RecognizedWord] {
            try engines.recognize(r.image.pixels, width: r.image.width, height: r.image.height, ppi: ppi,
                                  languages: languages, pageSegmentationMode: options.pageSegmentationMode,
                                  timeoutSeconds: options.timeoutSeconds)
        }
        guard options.detectsOrientation,
              let (turns, found) = engines.orientation(raster.image.pixels, width: raster.image.width,
                                                       height: raster.image.height, ppi: ppi, languages: languages),
              turns != 0, found >= options.orientationConfidence else { return (try read(raster), raster) }
        // Tesseract gives the text's turn counter-clockwise; the raster turns back.
        let turned = raster.rotated(clockwise: turns)
        let words = try read(turned)
        let note = "page \(page.pageIndex + 1): the scan's text is turned \(turns * 90)° (orientation confidence \(String(format: "%.1f", found)))"
        if found >= options.trustedOrientationConfidence {
            page.diagnostics.append(.ocrDone, .info, note + "; read upright")
            return (words, turned)
        }
        let upright = try read(raster)
        let (a, b) = (Self.meanConfidence(upright), Self.meanConfidence(words))
        guard b > a else { return (upright, raster) }
        page.diagnostics.append(.ocrDone, .info, note + "; read upright (word confidence \(Int(a)) as it is, \(Int(b)) turned)")
        return (words, turned)
    }

    /// The words' confidence, weighted by their lengths (0 without words).
    static func meanConfidence(_ words: [RecognizedWord]) -> Double {
        var sum = 0.0, n = 0
        for w in words {
            let k = w.text.unicodeScalars.count
            sum += Double(w.confidence) * Double(k)
            n += k
        }
        return n == 0 ? 0 : sum / Double(n)
    }
}

extension OCRPass {
    /// The pixels per inch of the page's largest image (by area shown), along its coarser
    /// side; nil without an image whose size is known.
    static func resolution(ofLargest images: [PlacedImage], store: ObjectStore, userUnit: Double) -> Double? {
        let unit = userUnit.isFinite && userUnit > 0 ? userUnit : 1
        var best: (area: Double, ppi: Double)? = nil
        for placed in images {
            let d: PDFDictionary
            switch placed.source {
            case .xobject(let s): d = s.dictionary
            case .inline(let dictionary, _): d = ImageDecoder.expandInlineKeys(dictionary)
            }
            guard let w = store.integer(d["Width"]), let h = store.integer(d["Height"]), w > 0, h > 0 else { continue }
            let m = placed.matrix
            // The image's sides on the page, in inches.
            let across = (m.a * m.a + m.b * m.b).squareRoot() * unit / 72
            let down = (m.c * m.c + m.d * m.d).squareRoot() * unit / 72
            guard across.isFinite, down.isFinite, across > 0, down > 0 else { continue }
            let ppi = min(Double(w) / across, Double(h) / down)
            let area = across * down
            guard ppi.isFinite, ppi > 0, area.isFinite else { continue }
            if best.map({ area > $0.area }) ?? true { best = (area, ppi) }
        }
        return best?.ppi
    }
}

extension ImageDecoder {
    /// Whether the image is a stencil mask (`/ImageMask true`, or `/IM true` inline).
    package static func isMask(_ source: ImageSource, store: ObjectStore) -> Bool {
        switch source {
        case .xobject(let s): return store.resolve(s.dictionary["ImageMask"]).bool ?? false
        case .inline(let d, _): return (d["IM"] ?? d["ImageMask"])?.bool ?? false
        }
    }
}
