import PDFCore
import PDFTextModel

/// Placeholder pass (content order, one line per baseline change); replaced by the real
/// analysis.
struct LayoutBuilder {
    let page: PageGlyphs
    let options: LayoutOptions

    mutating func run(structureOrder: [Int]?) -> PageLayout {
        var out = PageLayout(pageIndex: page.pageIndex)
        var lineStart = 0
        var wordStart = 0
        var lastY: Double? = nil
        func closeWord() {
            if out.characters.count > wordStart {
                out.words.append(LayoutWord(characters: Int32(wordStart)..<Int32(out.characters.count),
                                            bounds: Rect(x0: 0, y0: 0, x1: 0, y1: 0), font: 0, fontSize: 0))
            }
        }
        for (i, g) in page.glyphs.enumerated() {
            if let y = lastY, abs(y - g.origin.y) > 1 {
                closeWord()
                out.lines.append(LayoutLine(words: Int32(lineStart)..<Int32(out.words.count),
                                            characters: 0..<0, bounds: Rect(x0: 0, y0: 0, x1: 0, y1: 0),
                                            direction: .leftToRight, angle: 0))
                lineStart = out.words.count
                out.characters.append(LayoutCharacter(scalar: "\n", glyph: -1))
                wordStart = out.characters.count
            }
            lastY = g.origin.y
            for s in page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)] {
                out.characters.append(LayoutCharacter(scalar: s, glyph: Int32(i)))
            }
        }
        closeWord()
        if !out.characters.isEmpty { out.characters.append(LayoutCharacter(scalar: "\n", glyph: -1)) }
        return out
    }
}
