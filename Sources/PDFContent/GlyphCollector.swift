import PDFCore
import PDFSyntax
import PDFGlyphs
import PDFFonts

/// Builds a page's `PageGlyphs` from the interpreter's events: runs, scalars, fonts,
/// marked-content spans, paths and images, and the flags that need the whole page so far
/// (`.duplicate`, `.offPage`, `.artifact`, `.space`), with ActualText replacement.
package final class GlyphCollector: ContentSink {
    /// Everything the events change, in one value: each event is one exclusive access to
    /// this property (a class's stored properties are checked at run time per access, and
    /// a glyph touches a dozen of them). Not checked at all: only the sink methods below
    /// touch it, none of them calls back into the collector, and one interpreter drives a
    /// collector from one thread; the check cost about 80 instructions a glyph.
    @exclusivity(unchecked) var state: Collecting

    /// The page so far.
    package var page: PageGlyphs { state.page }
    /// The most paths kept (later ones are counted in a diagnostic).
    package var maxPaths: Int { state.maxPaths }

    package init(pageIndex: Int, mediaBox: Rect, cropBox: Rect, rotation: Int, maxPaths: Int = 100_000) {
        state = Collecting(pageIndex: pageIndex, mediaBox: mediaBox, cropBox: cropBox, rotation: rotation,
                           maxPaths: maxPaths)
    }

    // MARK: ContentSink

    package func showGlyph(_ e: GlyphEvent) {
        var e = e
        state.showGlyph(&e)
    }
    package func showGlyph(lending e: inout GlyphEvent) { state.showGlyph(&e) }
    package func beginMarkedContent(tag: Name, properties: PDFDictionary?) {
        state.beginMarkedContent(tag: tag, properties: properties)
    }
    package func endMarkedContent() { state.endMarkedContent() }
    package func paintPath(_ path: PathEvent) { state.paintPath(path) }
    package func paintImage(_ image: ImageEvent) { state.paintImage(image) }

    /// The finished page: spans still open are left as they are (their glyphs are known),
    /// and per-font diagnostics are added.
    package func finish(diagnostics: DiagnosticLog) -> PageGlyphs { state.finish(diagnostics: diagnostics) }
}

/// The state of a `GlyphCollector` and the work of each event.
struct Collecting {
    var page: PageGlyphs
    /// The most paths kept (later ones are counted in a diagnostic).
    let maxPaths: Int
    var droppedPaths = 0

    // Fonts: the page's list is deduplicated by summary; duplicates are keyed by the
    // font object itself (two fonts with one summary may encode differently).
    // Per page these are few: arrays searched or indexed, not hash tables (each new
    // hash-table type costs about 450 K instructions the first time a process makes one).
    /// The font objects met on the page, in order (a font's serial is its place here), and
    /// the page font index of each.
    var fontObjects: [ObjectIdentifier] = []
    var fontObjectIndex: [Int32] = []
    /// Places in `fontObjects`, once there are more than `linearFonts` of them.
    var fontObjectPlace: [ObjectIdentifier: Int]? = nil
    /// The page's fonts by summary, once there are more than `linearFonts` of them.
    var summaryIndex: [FontSummary: Int32]? = nil
    static let linearFonts = 64
    /// By page font index: glyphs without Unicode, and the name of the first such glyph's font.
    var noUnicode: [Int] = []
    var fontNames: [String?] = []

    // Marked content.
    var spanStack: [Int32] = []
    var artifactDepth = 0
    /// The ActualText in force: the span's stack depth, its text, and whether it still
    /// waits for its first glyph.
    var actualText: (depth: Int, scalars: [Unicode.Scalar], pending: Bool)?

    // Runs.
    struct RunKey: Equatable {
        var font: Int32, size: Double, fill: RGBA, stroke: RGBA, mode: TextRenderingMode
        var span: Int32, serial: Int, writingMode: UInt8

        /// Every field equal (`==` of each, so a NaN colour or size never matches), the
        /// serial first: it is what differs between one string's run and the next. Written
        /// out because the derived equality was a call per glyph.
        @inline(__always) static func == (a: RunKey, b: RunKey) -> Bool {
            a.serial == b.serial && a.font == b.font && a.span == b.span && a.size == b.size
                && a.mode == b.mode && a.writingMode == b.writingMode
                && a.fill.red == b.fill.red && a.fill.green == b.fill.green && a.fill.blue == b.fill.blue
                && a.fill.alpha == b.fill.alpha && a.stroke.red == b.stroke.red && a.stroke.green == b.stroke.green
                && a.stroke.blue == b.stroke.blue && a.stroke.alpha == b.stroke.alpha
        }
    }
    var currentRun: RunKey?
    /// Whether the current run's key equals itself (no NaN size or colour).
    var currentRunIsComparable = false

    @inline(__always) func runKey(_ e: GlyphEvent, font: Int32, span: Int32) -> RunKey {
        RunKey(font: font, size: e.fontSize, fill: e.fillColor, stroke: e.strokeColor,
               mode: e.renderingMode, span: span, serial: e.showSerial,
               writingMode: e.flags.contains(.vertical) ? 1 : 0)
    }

    // Fake-bold detection: origins by font, code and 1-pt cell.
    let duplicates = DuplicateIndex()
    // The last font seen, so that a run of glyphs needs no dictionary lookups.
    var lastFont: ObjectIdentifier? = nil
    var lastFontIndex: Int32 = 0
    var lastFontSerial: Int32 = 0

    /// The page's visible box (crop within media): a glyph sharing no area with it is off the page.
    let visibleBox: Rect

    init(pageIndex: Int, mediaBox: Rect, cropBox: Rect, rotation: Int, maxPaths: Int) {
        page = PageGlyphs(pageIndex: pageIndex, mediaBox: mediaBox, cropBox: cropBox, rotation: rotation)
        visibleBox = page.visibleBox
        self.maxPaths = maxPaths
    }

    mutating func showGlyph(_ e: inout GlyphEvent) {
        let fontID = ObjectIdentifier(e.font)
        if fontID != lastFont {
            (lastFontIndex, lastFontSerial) = index(of: e.font)
            lastFont = fontID
        }
        let fontIndex = lastFontIndex
        let serial = lastFontSerial
        let span = spanStack.last ?? -1
        let glyphIndex = Int32(clamping: page.glyphs.count)
        // One text-showing operator's glyphs share its font, size, colours and mode (no
        // operator runs inside a string, and forms are interpreted by the same interpreter
        // with the same serial counter): so a glyph of the current run's operator, font and
        // span is in the run, unless one of the run's values is NaN (a run of a NaN size or
        // colour ends at every glyph, as the full comparison of `RunKey` says).
        var sameRun = false
        if let current = currentRun, current.serial == e.showSerial, current.span == span, current.font == fontIndex {
            sameRun = currentRunIsComparable
        }
        if !sameRun {
            let key = runKey(e, font: fontIndex, span: span)
            currentRun = key
            currentRunIsComparable = key == key
            // The run before ends here (a run's glyphs are those painted until the next run
            // begins; the last run is closed by `finish`): one write per run, not per glyph.
            if let last = page.runs.indices.last {
                page.runs[last].glyphs = page.runs[last].glyphs.lowerBound..<glyphIndex
            }
            page.runs.append(GlyphRun(font: fontIndex, fontSize: Float(e.fontSize), textMatrix: e.textMatrix,
                                      renderingMode: e.renderingMode, fillColor: e.fillColor,
                                      strokeColor: e.strokeColor, markedContent: span,
                                      glyphs: glyphIndex..<glyphIndex, writingMode: key.writingMode))
        }
        let runIndex = Int32(clamping: page.runs.count - 1)

        var flags = e.flags
        if artifactDepth > 0 { flags.insert(.artifact) }
        if !e.quad.sharesArea(with: visibleBox) { flags.insert(.offPage) }

        // Text: ActualText replaces the glyphs its span covers.
        let textStart = Int32(clamping: page.scalars.count)
        var source = e.glyph.source
        if var at = actualText {
            source = .actualText
            if at.pending {
                page.scalars.append(contentsOf: at.scalars)
                at.pending = false
                actualText = at
            }
        } else {
            let count = e.glyph.unicodeCount
            if source == .none && count == 0 {
                // Unknown text is marked, not dropped: one U+FFFD per glyph (as MuPDF does),
                // so that every painted glyph has a character and consumers can count,
                // select and flag it. The source `.none` says it is not text.
                page.scalars.append("\u{FFFD}")
            } else {
                e.appendUnicode(to: &page.scalars)
            }
            if count == 0 || source == .none, fontIndex >= 0 {
                let k = Int(fontIndex)
                if noUnicode.count <= k {
                    noUnicode.append(contentsOf: repeatElement(0, count: k + 1 - noUnicode.count))
                    fontNames.append(contentsOf: repeatElement(nil, count: k + 1 - fontNames.count))
                }
                noUnicode[k] += 1
                if fontNames[k] == nil { fontNames[k] = e.font.summary.baseFont }
            }
        }
        let textEnd = Int32(clamping: page.scalars.count)
        if textEnd - textStart == 1, page.scalars[Int(textStart)] == " " { flags.insert(.space) }

        // Fake bold: the same code of the same font painted again within 1 pt.
        if duplicates.checkAndInsert(font: serial, code: e.code, origin: e.origin) { flags.insert(.duplicate) }

        page.glyphs.append(PositionedGlyph(code: e.code, glyphID: e.glyph.glyphID, text: textStart..<textEnd,
                                           origin: e.origin, quad: e.quad, advance: Float(e.advance),
                                           run: runIndex, unicodeSource: source, flags: flags))
    }

    /// The names a marked-content sequence is read by, made once (a name from a string
    /// literal is built each time it is met: seven per sequence).
    enum Keys {
        static let mcid: Name = "MCID", actualText: Name = "ActualText", alt: Name = "Alt", lang: Name = "Lang"
        static let expansion: Name = "E", artifact: Name = "Artifact", type: Name = "Type", subtype: Name = "Subtype"
    }

    mutating func beginMarkedContent(tag: Name, properties: PDFDictionary?) {
        var span = MarkedContentSpan(tag: tag.string, parent: spanStack.last ?? -1)
        let isArtifact = tag == Keys.artifact
        if let p = properties {
            // One pass over the entries (most property lists hold only /MCID) instead of
            // seven hashed lookups; a dictionary's keys are unique, so the values are those
            // the lookups would give.
            for (key, value) in p.entries {
                if key == Keys.mcid { span.mcid = value.integer
                } else if key == Keys.actualText { span.actualText = value.text
                } else if key == Keys.alt { span.alt = value.text
                } else if key == Keys.lang { span.lang = value.text
                } else if key == Keys.expansion { span.expansion = value.text
                } else if isArtifact && key == Keys.type { span.artifactType = value.name?.string
                } else if isArtifact && key == Keys.subtype { span.artifactSubtype = value.name?.string
                }
            }
        }
        if isArtifact { artifactDepth += 1 }
        page.markedContent.append(span)
        spanStack.append(Int32(clamping: page.markedContent.count - 1))
        if actualText == nil, let text = span.actualText {
            // The outermost ActualText wins; nested ones are ignored.
            actualText = (spanStack.count, Array(text.unicodeScalars), true)
        }
    }

    mutating func endMarkedContent() {
        guard let top = spanStack.popLast() else { return }
        if page.markedContent[Int(top)].isArtifact { artifactDepth = max(0, artifactDepth - 1) }
        if let at = actualText, spanStack.count < at.depth { actualText = nil }
    }

    mutating func paintPath(_ path: PathEvent) {
        guard page.paths.count < maxPaths else {
            droppedPaths += 1
            return
        }
        page.paths.append(PathPaint(bounds: path.bounds, isStroked: path.isStroked, isFilled: path.isFilled,
                                    color: path.color, lineWidth: Float(path.lineWidth)))
    }

    mutating func paintImage(_ image: ImageEvent) {
        page.images.append(image.quad)
    }

    // MARK: Helpers

    /// The page font index of a font object, and its serial (the order font objects were met).
    mutating func index(of font: Font) -> (index: Int32, serial: Int32) {
        let id = ObjectIdentifier(font)
        if fontObjects.count > Self.linearFonts && fontObjectPlace == nil {
            var places: [ObjectIdentifier: Int] = [:]
            for (k, o) in fontObjects.enumerated() { places[o] = k }
            fontObjectPlace = places
        }
        if let k = fontObjectPlace != nil ? fontObjectPlace?[id] : fontObjects.firstIndex(of: id) {
            return (fontObjectIndex[k], Int32(clamping: k))
        }
        let i: Int32
        let summary = font.summary
        // Asked once per font object of the page (`fontObjects` keeps the answer): a
        // search of the page's few fonts, or a hash table past `linearFonts` of them.
        if page.fonts.count > Self.linearFonts && summaryIndex == nil {
            var index: [FontSummary: Int32] = [:]
            for (k, f) in page.fonts.enumerated() where index[f] == nil { index[f] = Int32(clamping: k) }
            summaryIndex = index
        }
        if let existing = summaryIndex != nil ? summaryIndex?[summary] : page.fonts.firstIndex(of: summary).map({ Int32(clamping: $0) }) {
            i = existing
        } else {
            i = Int32(clamping: page.fonts.count)
            page.fonts.append(summary)
            summaryIndex?[summary] = i
        }
        let serial = Int32(clamping: fontObjects.count)
        fontObjectPlace?[id] = fontObjects.count
        fontObjects.append(id)
        fontObjectIndex.append(i)
        return (i, serial)
    }

    func finish(diagnostics: DiagnosticLog) -> PageGlyphs {
        var result = page
        if let last = result.runs.indices.last {
            result.runs[last].glyphs = result.runs[last].glyphs.lowerBound..<Int32(clamping: result.glyphs.count)
        }
        result.diagnostics.append(contentsOf: diagnostics)
        for (font, count) in noUnicode.enumerated() where count > 0 {
            let name = fontNames[font] ?? "?"
            result.diagnostics.append(.glyphUnmapped, .warning, "font \(name): \(count) glyphs have no Unicode")
        }
        if droppedPaths > 0 {
            result.diagnostics.append(.contentBudget, .info, "\(droppedPaths) paths beyond \(maxPaths) not recorded")
        }
        return result
    }
}
