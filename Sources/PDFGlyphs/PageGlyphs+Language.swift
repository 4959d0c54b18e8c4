extension PageGlyphs {
    /// The language of the marked-content span a glyph is painted in (or of the nearest
    /// enclosing span that has one).
    public func language(ofGlyph index: Int) -> String? {
        guard index >= 0, index < glyphs.count else { return nil }
        let run = Int(glyphs[index].run)
        guard run >= 0, run < runs.count else { return nil }
        var span = Int(runs[run].markedContent)
        var steps = 0
        while span >= 0, span < markedContent.count, steps < 64 {
            if let l = markedContent[span].lang, !l.isEmpty { return l }
            span = Int(markedContent[span].parent)
            steps += 1
        }
        return nil
    }
}
