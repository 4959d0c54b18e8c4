import PDFCore
import PDFGlyphs
import PDFImages

/// Recognised words into a page's glyph arena.
///
/// Tesseract gives upright word and character boxes in raster pixels and a baseline per
/// line. Glyphs are built from the line's baseline (its slope kept, so a skewed scan gives
/// lines that do not run into each other) and one size per line, measured from the
/// baseline to the line's tops (x-height-only words do not make it smaller) and snapped to
/// the page's body size when within `OCRGlyphs.sizeSnap` of it: the layout then sees the
/// even sizes and baselines of typeset text, which its column and paragraph rules expect.
enum OCRGlyphs {
    /// The font OCR glyphs are given: a summary only, no program.
    static let font = FontSummary(baseFont: "OCR", name: "OCR", family: "OCR", kind: .trueType, descriptorFlags: 0,
                                  isEmbedded: false, isBold: false, isItalic: false, isMonospaced: false,
                                  isSerif: false, objectNumber: nil)
    /// The share of an em above the baseline that ascenders and capitals reach, and below it
    /// that descenders reach (typical of Latin text faces).
    static let ascent = 0.72, descent = 0.22
    /// Line sizes within this share of the page's median are taken as the median.
    static let sizeSnap = 0.15

    /// One line's geometry, raster pixels: the baseline `y = intercept + slope × x` and the size (em).
    struct Line {
        var slope: Double, intercept: Double, size: Double
        /// The raster x where the pen line meets the baseline: the middle of the page's text,
        /// the same for every line.
        var middle: Double
        func baseline(_ x: Double) -> Double { intercept + slope * x }
        /// The pen's y for every glyph of the line: the baseline at its middle. The glyph
        /// boxes follow the sloped baseline over the image; the origins stay on one level, so
        /// that the layout reads a skewed line as one line and never interleaves it with the
        /// next one, which the slope brings within its baseline tolerance at the far end.
        var pen: Double { baseline(middle) }
    }

    /// Adds `words` (raster pixels) to `page` as glyphs: one run per word, one glyph per
    /// character, and a space glyph between neighbouring words of one line. Words below
    /// `minimumConfidence`, without text, or centred on text the page already has are left
    /// out. No space glyph crosses one of `rules` (page space: the scan's ruled lines, a
    /// table's column rule between two words Tesseract read as one line). Returns the words
    /// added.
    static func insert(_ words: [RecognizedWord], into page: inout PageGlyphs, raster: PageRaster,
                       minimumConfidence: Float, rules: [Rect] = []) -> Int {
        let toPage = raster.pixelsToPage
        let pixelsPerUnit = (raster.pageToPixels.a * raster.pageToPixels.a + raster.pageToPixels.b * raster.pageToPixels.b).squareRoot()
        guard pixelsPerUnit.isFinite, pixelsPerUnit > 0 else { return 0 }
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
        let barriers = rules.map { Quad($0).transformed(by: raster.pageToPixels).bounds }
        for (members, line) in lineGeometry(kept) {
            for (j, k) in members.enumerated() {
                var next = j + 1 < members.count ? kept[members[j + 1]] : nil
                if let n = next, separated(kept[k], n, by: barriers) { next = nil }
                add(kept[k], next: next, line: line, font: font, toPage: toPage, pixelsPerUnit: pixelsPerUnit, page: &page)
            }
        }
        return kept.count
    }

    /// One word as a run of glyphs, with a space glyph to `next` (the next word of its line)
    /// when it is near: a wide gap (a column gutter Tesseract read across) is left to the
    /// layout to judge.
    static func add(_ word: RecognizedWord, next: RecognizedWord?, line: Line, font: Int32, toPage: Matrix,
                    pixelsPerUnit: Double, page: inout PageGlyphs) {
        let run = Int32(page.runs.count), runStart = Int32(page.glyphs.count)
        let origin = toPage.apply(Point(x: Double(word.box.left), y: line.pen))
        // Text space: along the pen line, and up, scaled by the size.
        let along = unit(toPage.a, toPage.b)
        let up = Point(x: -along.y, y: along.x)
        let size = line.size / pixelsPerUnit
        let mirrored = toPage.a * toPage.d - toPage.b * toPage.c > 0  // raster y runs down: a mirror, as usual
        let upward = mirrored ? Point(x: -up.x, y: -up.y) : up
        let matrix = Matrix(a: along.x * size, b: along.y * size, c: upward.x * size, d: upward.y * size,
                            e: origin.x, f: origin.y)
        page.runs.append(GlyphRun(font: font, fontSize: 1, textMatrix: matrix, renderingMode: .fill,
                                  fillColor: .black, strokeColor: .black, markedContent: -1,
                                  glyphs: runStart..<runStart, writingMode: 0))
        let chars = characters(of: word)
        for (i, ch) in chars.enumerated() {
            let to = i + 1 < chars.count ? Double(chars[i + 1].left) : Double(ch.right)
            append(ch.text, from: Double(ch.left), to: Double(ch.right), advanceTo: max(to, Double(ch.right)),
                   line: line, confidence: ch.confidence, flags: [], run: run, toPage: toPage,
                   pixelsPerUnit: pixelsPerUnit, page: &page)
        }
        if let next, next.box.left > word.box.right, Double(next.box.left - word.box.right) <= line.size * maximumSpaceRatio {
            append(" ", from: Double(word.box.right), to: Double(next.box.left), advanceTo: Double(next.box.left),
                   line: line, confidence: word.confidence, flags: .space, run: run, toPage: toPage,
                   pixelsPerUnit: pixelsPerUnit, page: &page)
        }
        page.runs[Int(run)].glyphs = runStart..<Int32(page.glyphs.count)
    }

    /// Whether one of `barriers` (raster pixels) stands between words `a` and `b` of a line,
    /// across the middle of `a`'s height: a thin upright rule in the white between them.
    static func separated(_ a: RecognizedWord, _ b: RecognizedWord, by barriers: [Rect]) -> Bool {
        let middle = Double(a.box.top + a.box.bottom) / 2
        let (left, right) = (Double(a.box.right) - 1, Double(b.box.left) + 1)
        return barriers.contains { r in
            r.width < r.height && r.x0 >= left && r.x1 <= right && r.y0 <= middle && r.y1 >= middle
        }
    }

    /// The widest gap (em) between two words of a line that gets a space glyph.
    static let maximumSpaceRatio = 1.5

    /// The lines of `words`, each with its words (indices, left to right) and geometry.
    /// Tesseract's text lines are taken, split where their words lie at different heights (a
    /// skewed scan can make it read two close lines as one). A line's slope is the median of
    /// its words' baselines; its baseline is Tesseract's when the line was not split, else the
    /// upper quartile of the words' bottoms (words without descenders); its size is the upper
    /// quartile of the words' heights above the baseline, over ``ascent``.
    static func lineGeometry(_ words: [RecognizedWord]) -> [(members: [Int], line: Line)] {
        var lines: [(members: [Int], line: Line)] = []
        var start = 0
        while start < words.count {
            var end = start + 1
            while end < words.count, !words[end].startsLine { end += 1 }
            let slopes = words[start..<end].compactMap { w -> Double? in
                let b = w.baseline
                return b.x2 != b.x1 ? Double(b.y2 - b.y1) / Double(b.x2 - b.x1) : nil
            }
            let slope = max(-0.2, min(0.2, median(slopes) ?? 0))
            let rows = split(Array(start..<end), words: words, slope: slope)
            for row in rows {
                lines.append((row.sorted { words[$0].box.left < words[$1].box.left },
                              geometry(row, words: words, slope: slope, trustsBaseline: rows.count == 1)))
            }
            start = end
        }
        // Snap sizes near the page's median to it.
        if let body = median(lines.map(\.line.size)) {
            for i in lines.indices where abs(lines[i].line.size / body - 1) <= sizeSnap { lines[i].line.size = body }
        }
        // One reference column for every line's pen: pieces of one skewed line that Tesseract
        // gave as separate lines (split at a wide gap) share their baseline, hence their pen.
        let left = words.map(\.box.left).min() ?? 0, right = words.map(\.box.right).max() ?? 0
        for i in lines.indices { lines[i].line.middle = Double(left + right) / 2 }
        return lines
    }

    /// The words of one Tesseract line in rows: a word joins the row whose middle (the slope
    /// taken out) is within half the line's median word height of its own, else starts one.
    static func split(_ members: [Int], words: [RecognizedWord], slope: Double) -> [[Int]] {
        let height = median(members.map { Double(words[$0].box.bottom - words[$0].box.top) }) ?? 1
        var rows: [(middle: Double, members: [Int])] = []
        for k in members {
            let w = words[k]
            let x = Double(w.box.left + w.box.right) / 2
            let middle = Double(w.box.top + w.box.bottom) / 2 - slope * x
            if let r = rows.indices.min(by: { abs(rows[$0].middle - middle) < abs(rows[$1].middle - middle) }),
               abs(rows[r].middle - middle) <= height / 2 {
                rows[r].members.append(k)
            } else {
                rows.append((middle, [k]))
            }
        }
        return rows.map(\.members)
    }

    static func geometry(_ row: [Int], words: [RecognizedWord], slope: Double, trustsBaseline: Bool) -> Line {
        let intercepts = row.map { k -> Double in
            let w = words[k], b = w.baseline
            if trustsBaseline, b.x2 != b.x1 { return Double(b.y1) - slope * Double(b.x1) }
            return Double(w.box.bottom) - slope * Double(w.box.left + w.box.right) / 2
        }.sorted()
        // Tesseract's baseline: the median; word bottoms: the upper quartile (raster y runs
        // down), those of words without descenders.
        let intercept = trustsBaseline ? intercepts[intercepts.count / 2] : intercepts[intercepts.count / 4]
        let heights = row.map { k -> Double in
            let w = words[k]
            let x = Double(w.box.left + w.box.right) / 2
            return max(1, intercept + slope * x - Double(w.box.top))
        }.sorted()
        let tall = heights[min(heights.count - 1, heights.count * 3 / 4)]
        let middle = Double((row.map { words[$0].box.left }.min() ?? 0) + (row.map { words[$0].box.right }.max() ?? 0)) / 2
        return Line(slope: slope, intercept: intercept, size: tall / ascent, middle: middle)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        return s[s.count / 2]
    }

    /// The word's characters, each with a stretch of the word's box: the word cut between
    /// neighbouring characters (halfway between one's right edge and the next one's left),
    /// cuts never going back. Tesseract's character boxes overlap (a T's arm over the h after
    /// it) and, with its line recogniser, sometimes run out of order; cut so, the glyphs of a
    /// word touch, in the order Tesseract read them, and the layout neither reorders nor
    /// splits them. Without character boxes that spell the word, the box is cut evenly.
    static func characters(of word: RecognizedWord) -> [(text: String, left: Int, right: Int, confidence: Float)] {
        let joined = word.characters.map(\.text).joined()
        let left = word.box.left, right = word.box.right
        guard !word.characters.isEmpty, joined == word.text else {
            let letters = Array(word.text)
            let width = Double(right - left) / Double(max(1, letters.count))
            return letters.enumerated().map { i, c in
                (String(c), left + Int(Double(i) * width), left + Int(Double(i + 1) * width), word.confidence)
            }
        }
        let chars = word.characters
        var cuts = [left]
        for i in 1..<chars.count {
            let cut = (chars[i - 1].right + chars[i].left) / 2
            cuts.append(min(max(cut, cuts[i - 1]), right))
        }
        cuts.append(right)
        return chars.indices.map { i in (chars[i].text, cuts[i], max(cuts[i], cuts[i + 1]), chars[i].confidence) }
    }

    static func unit(_ x: Double, _ y: Double) -> Point {
        let n = (x * x + y * y).squareRoot()
        return n > 0 && n.isFinite ? Point(x: x / n, y: y / n) : Point(x: 1, y: 0)
    }

    /// One glyph from `from` to `to` along the line (raster x), its box from the descent
    /// below the baseline to the ascent above it.
    static func append(_ text: String, from left: Double, to right: Double, advanceTo: Double, line: Line,
                       confidence: Float, flags: GlyphFlags, run: Int32, toPage: Matrix, pixelsPerUnit: Double,
                       page: inout PageGlyphs) {
        let start = Int32(page.scalars.count)
        page.scalars.append(contentsOf: text.unicodeScalars)
        let above = ascent * line.size, below = descent * line.size
        let bl = line.baseline(left), br = line.baseline(right)
        let quad = Quad(lowerLeft: toPage.apply(Point(x: left, y: bl + below)),
                        lowerRight: toPage.apply(Point(x: right, y: br + below)),
                        upperRight: toPage.apply(Point(x: right, y: br - above)),
                        upperLeft: toPage.apply(Point(x: left, y: bl - above)))
        let glyph = PositionedGlyph(code: text.unicodeScalars.first.map { $0.value } ?? 0,
                                    text: start..<Int32(page.scalars.count),
                                    origin: toPage.apply(Point(x: left, y: line.pen)), quad: quad,
                                    advance: Float((advanceTo - left) / pixelsPerUnit), run: run,
                                    unicodeSource: .ocr, flags: flags)
        page.glyphs.append(glyph)
        page.ocrConfidence.append(max(0, min(100, confidence)))
    }
}
