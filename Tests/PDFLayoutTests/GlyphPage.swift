import PDFCore
import PDFGlyphs
@testable import PDFLayout

/// A page built by hand for layout tests: text placed glyph by glyph, each character a
/// glyph `advance` em wide, in page space (y up), on a US Letter page.
struct GlyphPage {
    var page = PageGlyphs(pageIndex: 0, mediaBox: Rect(x0: 0, y0: 0, x1: 612, y1: 792),
                          cropBox: Rect(x0: 0, y0: 0, x1: 612, y1: 792), rotation: 0)

    init(rotation: Int = 0) {
        page.rotation = rotation
        page.fonts = [FontSummary(baseFont: "Test", name: "Test", family: "Test", kind: .type1, descriptorFlags: 0,
                                  isEmbedded: false, isBold: false, isItalic: false, isMonospaced: true, isSerif: false, objectNumber: nil)]
    }

    /// Places `text` starting at (x, y) with font size `size`. `gap` is extra space after each
    /// glyph (em); spaces in `text` become space glyphs unless `spacesAsGaps`, when they are
    /// left out and the pen moves by `spaceWidth` em instead. `direction` is the text's
    /// unit direction in page space (vertical writing uses `vertical`).
    @discardableResult
    mutating func text(_ text: String, x: Double, y: Double, size: Double = 10, advance: Double = 0.5,
                       gap: Double = 0, spacesAsGaps: Bool = false, spaceWidth: Double = 0.3,
                       direction: (Double, Double) = (1, 0), vertical: Bool = false,
                       flags: GlyphFlags = [], mode: TextRenderingMode = .fill, mcid: Int? = nil) -> Range<Int> {
        let first = page.glyphs.count
        var span: Int32 = -1
        if let mcid {
            page.markedContent.append(MarkedContentSpan(tag: "P", mcid: mcid))
            span = Int32(page.markedContent.count - 1)
        }
        let (dx, dy) = direction
        let m: Matrix = vertical
            ? Matrix(a: size, b: 0, c: 0, d: size, e: x, f: y)
            : Matrix(a: dx * size, b: dy * size, c: -dy * size, d: dx * size, e: x, f: y)
        let run = Int32(page.runs.count)
        page.runs.append(GlyphRun(font: 0, fontSize: Float(size), textMatrix: m, renderingMode: mode,
                                  fillColor: .black, strokeColor: .black, markedContent: span,
                                  glyphs: Int32(first)..<Int32(first), writingMode: vertical ? 1 : 0))
        var pen = 0.0
        for ch in text.unicodeScalars {
            if ch == " " && spacesAsGaps { pen += spaceWidth * size; continue }
            let step = (vertical ? 1.0 : advance) * size
            let origin: Point
            let quad: Quad
            if vertical {
                origin = Point(x: x, y: y - pen)
                quad = Quad(Rect(x0: x - 0.5 * size, y0: y - pen - size, x1: x + 0.5 * size, y1: y - pen))
            } else {
                origin = Point(x: x + dx * pen, y: y + dy * pen)
                let r = Rect(x0: 0, y0: -0.2 * size, x1: step, y1: 0.8 * size)
                quad = Quad(r).transformed(by: Matrix(a: dx, b: dy, c: -dy, d: dx, e: origin.x, f: origin.y))
            }
            let start = Int32(page.scalars.count)
            page.scalars.append(ch)
            var f = flags
            if vertical { f.insert(.vertical) }
            if mode.isInvisible { f.insert(.invisible) }
            page.glyphs.append(PositionedGlyph(code: ch.value, text: start..<start + 1, origin: origin, quad: quad,
                                               advance: Float(step), run: run, unicodeSource: .toUnicode, flags: f))
            pen += step + gap * size
        }
        page.runs[Int(run)].glyphs = Int32(first)..<Int32(page.glyphs.count)
        return first..<page.glyphs.count
    }

    /// Places a table: `rows` of cells, each cell its lines; columns `columnWidth` pt apart
    /// from x = 72, rows 24 pt apart (plus 11 pt for each wrapped line of the tallest cell),
    /// wrapped lines 11 pt apart.
    mutating func table(_ rows: [[[String]]], columnWidth: Double, spacesAsGaps: Bool = false) {
        var y = 700.0
        for row in rows {
            for (c, cell) in row.enumerated() {
                for (l, line) in cell.enumerated() {
                    text(line, x: 72 + Double(c) * columnWidth, y: y - Double(l) * 11, spacesAsGaps: spacesAsGaps)
                }
            }
            y -= 24 + Double((row.map(\.count).max()! - 1) * 11)
        }
    }

    func layout(_ options: LayoutOptions = LayoutOptions(), structureOrder: [Int]? = nil) -> PageLayout {
        analyzeLayout(page, options: options, structureOrder: structureOrder)
    }
}

extension PageLayout {
    /// The text with whitespace runs folded to one space, trimmed.
    var foldedText: String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    func lineTexts() -> [String] { lines.map { text($0.characters) } }
}
