import PDFCore
import PDFLayout
import PDFText
import PDFGlyphs

/// A page built by hand, glyphs and layout together, for testing writers without the
/// layout analysis: every character is 6 pt wide, its box runs from 2 pt below the
/// baseline to 8 pt above it; words of a line are one space (6 pt) apart.
struct HandLayout {
    var glyphs: PageGlyphs
    var layout = PageLayout(pageIndex: 0)
    private var blockStart = 0

    static let helvetica = FontSummary(baseFont: "ABCDEF+Helvetica", name: "Helvetica", family: "Helvetica", kind: .type1,
                                       descriptorFlags: 32, isEmbedded: false, isBold: false, isItalic: false,
                                       isMonospaced: false, isSerif: false, objectNumber: nil)

    init(rotation: Int = 0, cropBox: Rect = Rect(x0: 0, y0: 0, x1: 612, y1: 792), lang: String? = nil) {
        glyphs = PageGlyphs(pageIndex: 0, mediaBox: cropBox, cropBox: cropBox, rotation: rotation)
        glyphs.fonts = [Self.helvetica]
        if let lang { glyphs.markedContent = [MarkedContentSpan(tag: "P", mcid: 0, lang: lang)] }
        glyphs.runs = [GlyphRun(font: 0, fontSize: 10, textMatrix: Matrix(a: 10, b: 0, c: 0, d: 10, e: 0, f: 0),
                                renderingMode: .fill, fillColor: .black, strokeColor: .black,
                                markedContent: lang == nil ? -1 : 0, glyphs: 0..<0, writingMode: 0)]
    }

    static func union(_ a: Rect?, _ b: Rect) -> Rect {
        guard let a else { return b }
        return Rect(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
    }

    /// A line of words from x on baseline y (page space). With `zeroBounds`, words and the
    /// line carry all-zero bounds (as a layout that does not measure them).
    mutating func line(_ words: [String], x: Double, y: Double, direction: TextDirection = .leftToRight, zeroBounds: Bool = false) {
        let firstWord = layout.words.count, firstChar = layout.characters.count
        var pen = x
        var lineBox: Rect? = nil
        for (k, w) in words.enumerated() {
            if k > 0 {
                layout.characters.append(LayoutCharacter(scalar: " ", glyph: LayoutCharacter.synthesized))
                pen += 6
            }
            let start = layout.characters.count
            var box: Rect? = nil
            for s in w.unicodeScalars {
                let g = Int32(glyphs.glyphs.count)
                glyphs.scalars.append(s)
                let n = Int32(glyphs.scalars.count)
                let quad = Rect(x0: pen, y0: y - 2, x1: pen + 6, y1: y + 8)
                glyphs.glyphs.append(PositionedGlyph(code: s.value, text: (n - 1)..<n, origin: Point(x: pen, y: y),
                                                     quad: Quad(quad), advance: 6, run: 0, unicodeSource: .toUnicode))
                layout.characters.append(LayoutCharacter(scalar: s, glyph: g))
                box = Self.union(box, quad)
                pen += 6
            }
            let b = zeroBounds ? Rect(x0: 0, y0: 0, x1: 0, y1: 0) : box!
            layout.words.append(LayoutWord(characters: Int32(start)..<Int32(layout.characters.count), bounds: b, font: 0, fontSize: 10))
            lineBox = Self.union(lineBox, box!)
        }
        layout.lines.append(LayoutLine(words: Int32(firstWord)..<Int32(layout.words.count),
                                       characters: Int32(firstChar)..<Int32(layout.characters.count),
                                       bounds: zeroBounds ? Rect(x0: 0, y0: 0, x1: 0, y1: 0) : lineBox!,
                                       direction: direction, angle: 0))
        layout.characters.append(LayoutCharacter(scalar: "\n", glyph: LayoutCharacter.synthesized))
        glyphs.runs[0].glyphs = 0..<Int32(glyphs.glyphs.count)
    }

    /// Closes a block over the lines added since the last one.
    mutating func block(_ kind: BlockKind = .text) {
        var box: Rect? = nil
        for l in layout.lines[blockStart...] { box = Self.union(box, l.bounds) }
        layout.blocks.append(LayoutBlock(lines: Int32(blockStart)..<Int32(layout.lines.count), bounds: box ?? Rect(x0: 0, y0: 0, x1: 0, y1: 0), kind: kind))
        blockStart = layout.lines.count
        layout.characters.append(LayoutCharacter(scalar: "\n", glyph: LayoutCharacter.synthesized))
    }

    /// Moves a word (its glyphs and bounds) right by `dx`.
    mutating func shift(word: Int, by dx: Double) {
        let w = layout.words[word]
        for c in layout.characters[Int(w.characters.lowerBound)..<Int(w.characters.upperBound)] where c.glyph >= 0 {
            var g = glyphs.glyphs[Int(c.glyph)]
            g.origin.x += dx
            let b = g.quad.bounds
            g.quad = Quad(Rect(x0: b.x0 + dx, y0: b.y0, x1: b.x1 + dx, y1: b.y1))
            glyphs.glyphs[Int(c.glyph)] = g
        }
        let b = w.bounds
        layout.words[word].bounds = Rect(x0: b.x0 + dx, y0: b.y0, x1: b.x1 + dx, y1: b.y1)
    }

    var page: PageText { PageText(glyphs: glyphs, layout: layout) }
}
