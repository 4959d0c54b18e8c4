import PDFCore
import PDFText

/// Word boxes as pdftotext measures them, for the formats scripts read as pdftotext's
/// (`-tsv`, `-bbox`, `-bbox-layout`): a horizontal, upright word spans its glyphs across the
/// line and, up and down, the font's nominal ascent and descent (`FontSummary.nominalAscent`)
/// from its baseline, at the word's font size. Other words (rotated, vertical, without a
/// glyph) keep the layout's box.
enum PopplerWordBox {
    static func box(_ word: DisplayLayout.Word, _ page: PageText) -> Rect {
        let glyphs = page.glyphs
        let chars = page.layout.words[word.index].characters
        guard let baseline = word.baseline,
              let c = page.layout.characters[Int(chars.lowerBound)..<Int(chars.upperBound)].first(where: { $0.glyph >= 0 && Int($0.glyph) < glyphs.glyphs.count }) else { return word.box }
        let g = glyphs.glyphs[Int(c.glyph)]
        guard Int(g.run) >= 0, Int(g.run) < glyphs.runs.count else { return word.box }
        let run = glyphs.runs[Int(g.run)]
        guard run.writingMode == 0, Int(run.font) >= 0, Int(run.font) < glyphs.fonts.count else { return word.box }
        // Upright: the baseline runs left to right on the display.
        let q = g.quad.transformed(by: glyphs.displayTransform)
        let dx = q.lowerRight.x - q.lowerLeft.x, dy = q.lowerRight.y - q.lowerLeft.y
        guard dx > 0, abs(dy) <= 0.01 * dx else { return word.box }
        let font = glyphs.fonts[Int(run.font)]
        let unit = glyphs.userUnit > 0 && glyphs.userUnit.isFinite ? glyphs.userUnit : 1
        let size = run.effectiveSize * unit
        guard size.isFinite, size > 0 else { return word.box }
        let top = baseline - font.nominalAscent * size, bottom = baseline - font.nominalDescent * size
        guard top.isFinite, bottom.isFinite, top < bottom else { return word.box }
        return Rect(x0: word.box.x0, y0: top, x1: word.box.x1, y1: bottom)
    }
}
