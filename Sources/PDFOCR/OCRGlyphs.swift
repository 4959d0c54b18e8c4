import PDFCore
import PDFGlyphs
import PDFImages

/// Recognised words into a page's glyph arena.
enum OCRGlyphs {
    /// The font OCR glyphs are given: a summary only, no program.
    static let font = FontSummary(baseFont: "OCR", name: "OCR", family: "OCR", kind: .trueType, descriptorFlags: 0,
                                  isEmbedded: false, isBold: false, isItalic: false, isMonospaced: false,
                                  isSerif: false, objectNumber: nil)

    /// Adds `words` (raster pixels) to `page` as glyphs: one run per word, one glyph per
    /// character (its box across the word's height, so that a line's glyphs line up), and a
    /// space glyph between words of one line. Words below `minimumConfidence`, without
    /// text, or centred on text the page already has are left out. Returns the words added.
    static func insert(_ words: [RecognizedWord], into page: inout PageGlyphs, raster: PageRaster,
                       minimumConfidence: Float) -> Int {
        let toPage = raster.pixelsToPage
        let pixelsPerUnit = (raster.pageToPixels.a * raster.pageToPixels.a + raster.pageToPixels.b * raster.pageToPixels.b).squareRoot()
        guard pixelsPerUnit.isFinite, pixelsPerUnit > 0 else { return 0 }
        // Unit vectors in page space of the raster's +x (the writing direction) and of up (−y).
        let along = unit(toPage.a, toPage.b), up = unit(-toPage.c, -toPage.d)
        let existing = page.glyphs.filter { !$0.flags.contains(.hidden) && !$0.text.isEmpty && $0.unicodeSource != .ocr }
            .map(\.quad.bounds)
        let kept = words.filter { w in
            guard w.confidence >= minimumConfidence, !w.text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }),
                  w.box.right > w.box.left, w.box.bottom > w.box.top else { return false }
            let c = toPage.apply(Point(x: Double(w.box.left + w.box.right) / 2, y: Double(w.box.top + w.box.bottom) / 2))
            return !existing.contains { $0.x0 <= c.x && c.x <= $0.x1 && $0.y0 <= c.y && c.y <= $0.y1 }
        }
        guard !kept.isEmpty else { return 0 }
        if page.ocrConfidence.isEmpty { page.ocrConfidence = [Float](repeating: -1, count: page.glyphs.count) }
        let font = Int32(page.fonts.count)
        page.fonts.append(Self.font)
        let lines = lineExtents(kept)
        for (k, word) in kept.enumerated() {
            // Every word of a line gets the line's top, bottom and baseline: one size and one
            // baseline per line, as typeset text has, whatever letters each word holds.
            let (top, bottom, baselineY) = lines[k]
            let size = (bottom - top) / pixelsPerUnit
            let runStart = Int32(page.glyphs.count)
            let origin = toPage.apply(Point(x: Double(word.box.left), y: baselineY))
            let matrix = Matrix(a: along.x * size, b: along.y * size, c: up.x * size, d: up.y * size, e: origin.x, f: origin.y)
            let run = Int32(page.runs.count)
            page.runs.append(GlyphRun(font: font, fontSize: 1, textMatrix: matrix, renderingMode: .fill,
                                      fillColor: .black, strokeColor: .black, markedContent: -1,
                                      glyphs: runStart..<runStart, writingMode: 0))
            for (i, ch) in characters(of: word).enumerated() {
                let next = i + 1 < word.characters.count ? Double(word.characters[i + 1].left) : Double(ch.right)
                append(ch.text, left: Double(ch.left), right: Double(ch.right), advanceTo: max(next, Double(ch.right)),
                       top: top, bottom: bottom, baselineY: baselineY, confidence: ch.confidence, flags: [],
                       run: run, toPage: toPage, pixelsPerUnit: pixelsPerUnit, page: &page)
            }
            // A space to the next word when it goes on in the same line.
            if k + 1 < kept.count, !kept[k + 1].startsLine, kept[k + 1].box.left > word.box.right {
                let nextLeft = Double(kept[k + 1].box.left)
                append(" ", left: Double(word.box.right), right: nextLeft, advanceTo: nextLeft, top: top, bottom: bottom,
                       baselineY: baselineY, confidence: word.confidence, flags: .space,
                       run: run, toPage: toPage, pixelsPerUnit: pixelsPerUnit, page: &page)
            }
            page.runs[Int(run)].glyphs = runStart..<Int32(page.glyphs.count)
        }
        return kept.count
    }

    /// For each word, its line's top and bottom (the extremes of the line's words) and
    /// baseline (the median of their baselines), raster pixels.
    static func lineExtents(_ words: [RecognizedWord]) -> [(top: Double, bottom: Double, baseline: Double)] {
        var out: [(Double, Double, Double)] = []
        out.reserveCapacity(words.count)
        var start = 0
        while start < words.count {
            var end = start + 1
            while end < words.count, !words[end].startsLine { end += 1 }
            let line = words[start..<end]
            let top = Double(line.map(\.box.top).min() ?? 0), bottom = Double(line.map(\.box.bottom).max() ?? 0)
            let baselines = line.map { baseline($0) }.sorted()
            let base = baselines[baselines.count / 2]
            out.append(contentsOf: repeatElement((top, bottom, base), count: end - start))
            start = end
        }
        return out
    }

    /// The word's characters with their boxes; when Tesseract gave none (or fewer boxes than
    /// characters), the word's box split evenly.
    static func characters(of word: RecognizedWord) -> [(text: String, left: Int, right: Int, confidence: Float)] {
        let joined = word.characters.map(\.text).joined()
        if !word.characters.isEmpty, joined == word.text {
            return word.characters.map { ($0.text, $0.left, max($0.right, $0.left), $0.confidence) }
        }
        let scalars = Array(word.text)
        let width = Double(word.box.right - word.box.left) / Double(max(1, scalars.count))
        return scalars.enumerated().map { i, c in
            (String(c), word.box.left + Int(Double(i) * width), word.box.left + Int(Double(i + 1) * width), word.confidence)
        }
    }

    /// The baseline's y (raster pixels) under the word's left edge: Tesseract's baseline
    /// when it gave one, else a fifth of the height above the bottom.
    static func baseline(_ w: RecognizedWord) -> Double {
        let b = w.baseline
        let fallback = Double(w.box.bottom) - 0.2 * Double(w.box.bottom - w.box.top)
        guard b.x2 != b.x1 else { return fallback }
        let y = Double(b.y1) + Double(w.box.left - b.x1) * Double(b.y2 - b.y1) / Double(b.x2 - b.x1)
        return y.isFinite && y >= Double(w.box.top) && y <= Double(w.box.bottom) ? y : fallback
    }

    static func unit(_ x: Double, _ y: Double) -> Point {
        let n = (x * x + y * y).squareRoot()
        return n > 0 && n.isFinite ? Point(x: x / n, y: y / n) : Point(x: 1, y: 0)
    }

    static func append(_ text: String, left: Double, right: Double, advanceTo: Double, top: Double, bottom: Double,
                       baselineY: Double, confidence: Float, flags: GlyphFlags, run: Int32, toPage: Matrix,
                       pixelsPerUnit: Double, page: inout PageGlyphs) {
        let start = Int32(page.scalars.count)
        page.scalars.append(contentsOf: text.unicodeScalars)
        let quad = Quad(lowerLeft: toPage.apply(Point(x: left, y: bottom)), lowerRight: toPage.apply(Point(x: right, y: bottom)),
                        upperRight: toPage.apply(Point(x: right, y: top)), upperLeft: toPage.apply(Point(x: left, y: top)))
        let glyph = PositionedGlyph(code: text.unicodeScalars.first.map { $0.value } ?? 0,
                                    text: start..<Int32(page.scalars.count),
                                    origin: toPage.apply(Point(x: left, y: baselineY)), quad: quad,
                                    advance: Float((advanceTo - left) / pixelsPerUnit), run: run,
                                    unicodeSource: .ocr, flags: flags)
        page.glyphs.append(glyph)
        page.ocrConfidence.append(max(0, min(100, confidence)))
    }
}
