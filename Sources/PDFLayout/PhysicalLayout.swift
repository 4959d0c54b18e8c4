import PDFCore
import PDFGlyphs

// Physical layout (`pdftext --layout`, after `pdftotext -layout`): the page text placed on a
// grid of character cells so that columns, tables and indentation survive in plain text.
// Also the display-space tree of blocks, lines and words that every positional output
// format (TSV, JSON, hOCR) is written from.

/// The blocks, lines and words of a `PageLayout` as a tree, with boxes in display space
/// (`PageGlyphs.displayTransform`: rotated by /Rotate, origin at the crop box's top-left,
/// y downwards, points).
///
/// Every word of the layout is in exactly one line and every line in exactly one block, in
/// layout order, even when the layout's ranges leave some out: words outside every line
/// form a line of their own, and lines outside every block a block of kind `.text`. A box
/// the layout leaves empty (all zero) is rebuilt from the glyph boxes of the characters it
/// covers.
public struct DisplayLayout: Sendable {
    public struct Word: Sendable, Hashable {
        /// Index into `PageLayout.words`.
        public var index: Int
        public var box: Rect
        /// Display-space y of the baseline (the first glyph's origin), when the word has a glyph.
        public var baseline: Double?
    }

    public struct Line: Sendable, Hashable {
        /// Index into `PageLayout.lines`, or nil for a line made up for words outside every line.
        public var index: Int?
        public var box: Rect
        public var direction: TextDirection
        public var words: [Word]
        /// The first word's baseline, or the bottom of the box.
        public var baseline: Double {
            words.lazy.compactMap(\.baseline).first ?? box.y1
        }
    }

    public struct Block: Sendable, Hashable {
        /// Index into `PageLayout.blocks`, or nil for a block made up for lines outside every block.
        public var index: Int?
        public var box: Rect
        public var kind: BlockKind
        public var lines: [Line]
    }

    public var blocks: [Block]
    /// The page's size in display space (the crop box, rotated, in points).
    public var width: Double
    public var height: Double

    /// The box whose top-left corner is the origin of display space.
    public enum Frame: Sendable, Hashable {
        /// The crop box (what a viewer shows; MuPDF's frame, and pdftotext's with `-cropbox`).
        case cropBox
        /// The media box (pdftotext's default frame): coordinates are those of the crop-box
        /// frame moved by the offset of the crop box inside the media box.
        case mediaBox
    }

    public init(_ layout: PageLayout, glyphs: PageGlyphs, frame: Frame = .cropBox) {
        var m = glyphs.displayTransform
        var page = Quad(glyphs.cropBox).transformed(by: m).bounds
        if frame == .mediaBox {
            let media = Quad(glyphs.mediaBox).transformed(by: m).bounds
            if media.width > 0, media.height > 0, media.x0.isFinite, media.y0.isFinite {
                m = m.concatenating(Matrix(a: 1, b: 0, c: 0, d: 1, e: -media.x0, f: -media.y0))
                page = Rect(x0: 0, y0: 0, x1: media.width, y1: media.height)
            }
        }
        width = page.width
        height = page.height

        func glyphBox(_ characters: Range<Int32>) -> Rect? {
            var box: Rect? = nil
            for c in layout.characters[Int(characters.lowerBound)..<Int(characters.upperBound)] where c.glyph >= 0 && Int(c.glyph) < glyphs.glyphs.count {
                let b = glyphs.glyphs[Int(c.glyph)].quad.transformed(by: m).bounds
                box = box.map { $0.union(b) } ?? b
            }
            return box
        }
        func display(_ r: Rect) -> Rect? {
            r.x0 == 0 && r.y0 == 0 && r.x1 == 0 && r.y1 == 0 ? nil : Quad(r).transformed(by: m).bounds
        }

        let words: [Word] = layout.words.enumerated().map { i, w in
            let first = layout.characters[Int(w.characters.lowerBound)..<Int(w.characters.upperBound)].first { $0.glyph >= 0 && Int($0.glyph) < glyphs.glyphs.count }
            let baseline = first.map { m.apply(glyphs.glyphs[Int($0.glyph)].origin).y }
            let box = display(w.bounds) ?? glyphBox(w.characters) ?? Rect(x0: 0, y0: 0, x1: 0, y1: 0)
            return Word(index: i, box: box, baseline: baseline)
        }

        // Lines, each covering its words; words outside every line get a line of their own.
        var lines: [Line] = []
        var lineOf: [Int?] = Array(repeating: nil, count: layout.lines.count)
        var nextWord = 0
        func orphanWords(upTo end: Int) {
            guard nextWord < end else { return }
            let ws = Array(words[nextWord..<end])
            lines.append(Line(index: nil, box: Self.union(ws.map(\.box)), direction: .leftToRight, words: ws))
            nextWord = end
        }
        for (i, l) in layout.lines.enumerated() {
            let lo = max(nextWord, Int(l.words.lowerBound)), hi = min(words.count, Int(l.words.upperBound))
            orphanWords(upTo: min(lo, words.count))
            let ws = lo < hi ? Array(words[lo..<hi]) : []
            if hi > nextWord { nextWord = hi }
            let box = display(l.bounds) ?? Self.union(ws.map(\.box))
            lineOf[i] = lines.count
            lines.append(Line(index: i, box: box, direction: l.direction, words: ws))
        }
        orphanWords(upTo: words.count)

        // Blocks, each covering its lines; lines outside every block get a block of their own.
        var blocks: [Block] = []
        var nextLine = 0
        func orphanLines(upTo end: Int) {
            guard nextLine < end else { return }
            let ls = Array(lines[nextLine..<end])
            blocks.append(Block(index: nil, box: Self.union(ls.map(\.box)), kind: .text, lines: ls))
            nextLine = end
        }
        for (i, b) in layout.blocks.enumerated() {
            // Block ranges index layout lines; map them onto `lines`, which may hold extra
            // lines made up for stray words.
            let first = Int(b.lines.lowerBound), last = Int(b.lines.upperBound)
            guard first < last, first >= 0, last <= lineOf.count,
                  let lo = lineOf[first], let hiLast = lineOf[last - 1], lo >= nextLine else { continue }
            orphanLines(upTo: lo)
            let ls = Array(lines[lo...hiLast])
            nextLine = hiLast + 1
            blocks.append(Block(index: i, box: display(b.bounds) ?? Self.union(ls.map(\.box)), kind: b.kind, lines: ls))
        }
        orphanLines(upTo: lines.count)
        self.blocks = blocks
    }

    /// The smallest rectangle holding every box (an empty rectangle at the origin for none).
    public static func union(_ boxes: [Rect]) -> Rect {
        guard var u = boxes.first else { return Rect(x0: 0, y0: 0, x1: 0, y1: 0) }
        for b in boxes.dropFirst() { u = u.union(b) }
        return u
    }
}

fileprivate extension Rect {
    /// The smallest rectangle holding both.
    func union(_ o: Rect) -> Rect {
        Rect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
}

/// Settings of `physicalText`. Distances in rows and columns of the character grid.
public struct PhysicalLayoutOptions: Sendable, Hashable {
    /// At most this many blank rows between two rows of text, however far apart they are
    /// on the page (a half-empty page does not turn into fifty empty lines).
    public var maxBlankRows = 4
    /// At least this many spaces between two lines that share a row (columns, table cells
    /// set as separate lines), so they never run together.
    public var columnGap = 2
    /// Inside a line, words closer than this (a fraction of the font size) are set one space
    /// apart; words further apart keep the column of their position (table cells, tabbed text).
    public var positionalGapRatio = 1.0
    /// Lines whose baselines differ by less than this fraction of the row pitch share a row.
    public var sameRowTolerance = 0.5
    /// The column width is this quantile of the lines' widths per character (spaces
    /// included), counting each line as many times as it has characters. A low quantile, so that nearly every line fits in the columns its box spans
    /// and text beside it starts at the column its position gives, as pdftotext's does.
    public var lineWidthQuantile = 0.1
    /// Only lines of at least this many characters are measured for the column width.
    public var minimumLineCharacters = 8
    /// Without such lines, the column width is this quantile of the glyph advances per
    /// character.
    public var characterWidthQuantile = 0.5
    /// Used when the page has no glyph to measure: the column width and row pitch as
    /// fractions of the typical font size, and a font size in points for pages without text.
    public var fallbackWidthRatio = 0.5
    public var fallbackPitchRatio = 1.2
    public var fallbackFontSize = 12.0
    /// A fixed character width in points (pdftotext's `-fixed`): columns are this wide and
    /// counted from the page's left edge instead of measured from the text. Nil: measured.
    public var fixedCharacterWidth: Double? = nil
    public init() {}
}

/// The page text laid out physically, as `pdftotext -layout` does: each line of the layout
/// at the row and column its display-space position gives, on a grid whose column width is
/// narrow enough for nearly every line to fit the columns it spans and whose row height is
/// the page's typical line spacing.
/// Words of a line are one space apart unless a wide gap separates them (then they keep their
/// horizontal positions, so table cells stay aligned); lines sharing a row
/// are kept `columnGap` spaces apart; blank rows between lines follow the vertical gaps, up
/// to `maxBlankRows`. Wide (East Asian) characters take two columns. Rows end without
/// trailing spaces; the result ends with a line break unless it is empty.
public func physicalText(_ layout: PageLayout, glyphs: PageGlyphs,
                         options: PhysicalLayoutOptions = PhysicalLayoutOptions()) -> String {
    let tree = DisplayLayout(layout, glyphs: glyphs)
    var lines: [DisplayLayout.Line] = []
    for b in tree.blocks { for l in b.lines where !l.words.isEmpty { lines.append(l) } }
    guard !lines.isEmpty else { return "" }

    let scale = glyphs.userUnit > 0 && glyphs.userUnit.isFinite ? glyphs.userUnit : 1
    // Typical font size (for fallbacks), from the words.
    let sizes = layout.words.map { Double($0.fontSize) * scale }.filter { $0 > 0 && $0.isFinite }
    let fontSize = quantile(sizes, median) ?? options.fallbackFontSize

    let fixed = options.fixedCharacterWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    let cw = fixed ?? characterWidth(lines, layout: layout, glyphs: glyphs, scale: scale, fontSize: fontSize, options: options)

    let pitch = rowPitch(tree, lines: lines, fontSize: fontSize, options: options)

    let rows = physicalRows(lines, pitch: pitch, options: options)

    let minX = fixed != nil ? 0 : lines.map(\.box.x0).min() ?? 0
    func column(_ x: Double) -> Int {
        let c = ((x - minX) / cw).rounded()
        return c.isFinite && c > 0 ? Int(saturating: min(c, 100_000)) : 0
    }

    var out = String.UnicodeScalarView()
    var currentRow = 0
    for (r, group) in rows.enumerated() {
        if r > 0 {
            for _ in 0..<(group.row - currentRow) { out.append("\n") }
        }
        currentRow = group.row
        var cursor = 0
        var rowText = String.UnicodeScalarView()
        let byX = group.lines.sorted { lines[$0].box.x0 < lines[$1].box.x0 }
        for (k, li) in byX.enumerated() {
            let words = lines[li].words.sorted { $0.box.x0 < $1.box.x0 }
            for (j, w) in words.enumerated() {
                var col = column(w.box.x0)
                if j > 0 {
                    let size = Double(layout.words[w.index].fontSize) * scale
                    let em = size > 0 ? size : max(w.box.height, 1)
                    let gap = w.box.x0 - words[j - 1].box.x1
                    col = gap < options.positionalGapRatio * em ? cursor + 1 : max(col, cursor + 1)
                } else if cursor > 0 || k > 0 {
                    col = max(col, cursor + options.columnGap)
                }
                for _ in cursor..<max(cursor, col) { rowText.append(" ") }
                cursor = max(cursor, col)
                let word = layout.words[w.index]
                for c in layout.characters[Int(word.characters.lowerBound)..<Int(word.characters.upperBound)] {
                    let s = c.scalar
                    if s == "\n" || s == "\r" || s == "\u{C}" { continue }
                    rowText.append(s)
                    cursor += columnWidth(of: s)
                }
            }
        }
        while rowText.last == " " { rowText.removeLast() }
        out.append(contentsOf: rowText)
    }
    out.append("\n")
    return String(out)
}

/// The width of a character column (page units): the lines' widths per character (weighted
/// by characters, at `lineWidthQuantile`), else the glyph advances
/// (`characterWidthQuantile`), else the words' widths per character, else
/// `fallbackFontSize` times `fallbackWidthRatio`.
private func characterWidth(_ lines: [DisplayLayout.Line], layout: PageLayout, glyphs: PageGlyphs, scale: Double,
                            fontSize: Double, options: PhysicalLayoutOptions) -> Double {
    // Column width: the lines' widths per character, else the glyph advances, else the
    // words' widths per character.
    var perLine: [(width: Double, characters: Int)] = []
    for l in lines where l.box.width > 0 {
        var n = max(0, l.words.count - 1)
        for w in l.words {
            let word = layout.words[w.index]
            for c in layout.characters[Int(word.characters.lowerBound)..<Int(word.characters.upperBound)] {
                n += columnWidth(of: c.scalar)
            }
        }
        if n >= options.minimumLineCharacters { perLine.append((l.box.width / Double(n), n)) }
    }
    // Weighted by characters: the body text decides, not a few short captions.
    var cw = 0.0
    if !perLine.isEmpty {
        perLine.sort { $0.width < $1.width }
        let total = perLine.reduce(0) { $0 + $1.characters }
        var seen = 0
        for p in perLine {
            seen += p.characters
            cw = p.width
            if Double(seen) >= options.lineWidthQuantile * Double(total) { break }
        }
    }
    if !(cw > minimumColumnWidth) {
        var advances: [Double] = []
        advances.reserveCapacity(glyphs.glyphs.count)
        for g in glyphs.glyphs where !g.flags.contains(.vertical) && !g.flags.contains(.space) && !g.flags.contains(.duplicate) {
            let n = Int(g.text.upperBound - g.text.lowerBound)
            if n > 0, g.advance > 0 { advances.append(Double(g.advance) * scale / Double(n)) }
        }
        cw = quantile(advances, options.characterWidthQuantile) ?? 0
    }
    if !(cw > minimumColumnWidth) {
        var perChar: [Double] = []
        for l in lines {
            for w in l.words {
                let n = layout.words[w.index].characters.count
                if n > 0, w.box.width > 0 { perChar.append(w.box.width / Double(n)) }
            }
        }
        cw = quantile(perChar, median) ?? fontSize * options.fallbackWidthRatio
    }
    if !(cw > minimumColumnWidth) { cw = options.fallbackFontSize * options.fallbackWidthRatio }
    return cw
}

/// The row pitch (page units): the usual distance between consecutive baselines inside
/// blocks, else the lines' usual height, else `fallbackPitchRatio` of the font size.
private func rowPitch(_ tree: DisplayLayout, lines: [DisplayLayout.Line], fontSize: Double,
                      options: PhysicalLayoutOptions) -> Double {
    // Row pitch: the usual distance between consecutive baselines inside blocks.
    var steps: [Double] = []
    for b in tree.blocks where b.lines.count > 1 {
        for k in 1..<b.lines.count {
            let d = b.lines[k].baseline - b.lines[k - 1].baseline
            if d > minimumLineStep * fontSize { steps.append(d) }
        }
    }
    var pitch = quantile(steps, median) ?? quantile(lines.map(\.box.height).filter { $0 > 0 }, median) ?? 0
    if !(pitch > minimumColumnWidth) { pitch = fontSize * options.fallbackPitchRatio }
    return pitch
}

/// The output rows: each row's number (blank rows between follow the vertical gaps, up to
/// `maxBlankRows`) and its lines (indices into `lines`).
private func physicalRows(_ lines: [DisplayLayout.Line], pitch: Double,
                          options: PhysicalLayoutOptions) -> [(row: Int, lines: [Int])] {
    // Rows: lines sorted top to bottom; a line within the tolerance of the row's first
    // baseline joins that row.
    let order = lines.indices.sorted {
        let a = lines[$0], b = lines[$1]
        return a.baseline != b.baseline ? a.baseline < b.baseline : a.box.x0 < b.box.x0
    }
    var rows: [(row: Int, lines: [Int])] = []
    var rowBaseline = 0.0
    for i in order {
        let y = lines[i].baseline
        if !rows.isEmpty, y - rowBaseline < options.sameRowTolerance * pitch {
            rows[rows.count - 1].lines.append(i)
        } else {
            let row: Int
            if let last = rows.last {
                let steps = ((y - rowBaseline) / pitch).rounded()
                row = last.row + max(1, min(options.maxBlankRows + 1, Int(saturating: steps.isFinite ? steps : 1)))
            } else {
                row = 0
            }
            rows.append((row, [i]))
            rowBaseline = y
        }
    }
    return rows
}

/// The quantile that is the median.
private let median = 0.5
/// A character column or row pitch narrower than this (page units, half a point) is no
/// measure: the next estimate is tried.
private let minimumColumnWidth = 0.5
/// Consecutive baselines closer than this (em of the typical size) are one line drawn twice
/// or a super- or subscript, not the row pitch.
private let minimumLineStep = 0.3

/// Columns a scalar takes in a terminal: 0 for combining marks, 2 for East Asian wide and
/// full-width characters, 1 otherwise.
fileprivate func columnWidth(of s: Unicode.Scalar) -> Int {
    let v = s.value
    switch v {
    case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F, 0x200B...0x200F:
        return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
         0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
         0xFFE0...0xFFE6, 0x20000...0x3FFFD:
        return 2
    default:
        return 1
    }
}

/// The `q` quantile of `values` (nearest rank), or nil when empty.
fileprivate func quantile(_ values: [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let k = Int((Double(sorted.count - 1) * max(0, min(1, q))).rounded())
    return sorted[k]
}
