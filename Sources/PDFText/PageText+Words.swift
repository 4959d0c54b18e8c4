/// What a word of the layout was painted with: its glyphs, font, size and language. The
/// page formats (JSON, TSV, hOCR) write these per word.
extension PageText {
    /// The index in `glyphs.glyphs` of the first glyph a word was painted with; nil when
    /// all its characters were added by the layout.
    public func firstGlyph(ofWord index: Int) -> Int? {
        let w = layout.words[index]
        for c in layout.characters[Int(w.characters.lowerBound)..<Int(w.characters.upperBound)] where c.glyph >= 0 {
            return Int(c.glyph)
        }
        return nil
    }

    /// The text of a word, its scalars straight from the layout.
    public func scalars(ofWord index: Int) -> String.UnicodeScalarView {
        let w = layout.words[index]
        var s = String.UnicodeScalarView()
        for c in layout.characters[Int(w.characters.lowerBound)..<Int(w.characters.upperBound)] { s.append(c.scalar) }
        return s
    }

    /// A word's font name, when its font index is valid.
    public func fontName(ofWord index: Int) -> String? {
        let f = Int(layout.words[index].font)
        return f >= 0 && f < glyphs.fonts.count ? glyphs.fonts[f].name : nil
    }

    /// A word's font size in display points (scaled by /UserUnit): the layout's, or when it
    /// gives none, the effective size of the word's first glyph; 0 when neither is known.
    public func fontSize(ofWord index: Int) -> Double {
        let unit = glyphs.userUnit > 0 && glyphs.userUnit.isFinite ? glyphs.userUnit : 1
        let size = Double(layout.words[index].fontSize)
        if size > 0 && size.isFinite { return size * unit }
        guard let g = firstGlyph(ofWord: index) else { return 0 }
        let run = Int(glyphs.glyphs[g].run)
        return run >= 0 && run < glyphs.runs.count ? glyphs.runs[run].effectiveSize * unit : 0
    }

    /// The language of a word: that of its first glyph (marked content's `/Lang`), else nil.
    public func language(ofWord index: Int) -> String? {
        firstGlyph(ofWord: index).flatMap { glyphs.language(ofGlyph: $0) }
    }
}
