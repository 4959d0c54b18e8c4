import Foundation
import PDFCore
import PDFFile
import PDFLayout
import PDFGlyphs

/// The boxes of a page, as PDFKit's `PDFDisplayBox`.
public enum PDFDisplayBox: Int, Sendable { case mediaBox = 0, cropBox, bleedBox, trimBox, artBox }

/// A page: geometry, rotation, label and text, with PDFKit's text API.
///
/// Character indices are UTF-16 offsets into ``string``, as in PDFKit (a character outside
/// the Basic Multilingual Plane takes two). Coordinates are page space: points, origin at
/// the lower left of the media box's coordinate system, y up, `/Rotate` not applied.
public final class PDFPage: Sendable {
    public let info: PageInfo
    /// The page label (`/PageLabels`, e.g. "iv"), or the 1-based page number.
    public let label: String?
    let core: DocumentCore
    /// The document the page belongs to (nil once the document is gone).
    public weak let document: PDFDocument?

    init(info: PageInfo, label: String?, core: DocumentCore, document: PDFDocument?) {
        self.info = info
        self.core = core
        self.document = document
        self.label = label ?? String(info.index + 1)
    }

    /// The file the page belongs to.
    var file: Document { core.file }

    /// The same page of the same document (pages made after their document was released
    /// are other objects for the same page).
    func isSame(as other: PDFPage) -> Bool { self === other || (core === other.core && pageIndex == other.pageIndex) }

    public var pageIndex: Int { info.index }
    /// Degrees clockwise: 0, 90, 180 or 270.
    public var rotation: Int { info.rotation }

    /// A box in page space (points, origin bottom-left). Boxes a page lacks fall back to the
    /// crop box (§14.11.2). `/Rotate` is not applied, as in PDFKit.
    public func bounds(for box: PDFDisplayBox) -> CGRect {
        let r: Rect
        switch box {
        case .mediaBox: r = info.mediaBox
        case .cropBox: r = info.cropBox
        case .bleedBox: r = info.bleedBox ?? info.cropBox
        case .trimBox: r = info.trimBox ?? info.cropBox
        case .artBox: r = info.artBox ?? info.cropBox
        }
        return CGRect(r)
    }

    // MARK: Text

    var model: PageCharacterIndex? { core.model(pageIndex) }

    /// The page's glyphs and layout (reading order, words, lines, blocks, how the order was
    /// decided); nil while the document is locked.
    public var pageText: PageText? { model?.text }

    /// The page text in reading order: words separated by spaces, lines by a line feed,
    /// blocks by an empty line, no line feed at the end. nil while the document is locked.
    public var string: String? { model?.string }

    /// ``string`` with its styles: font family, PostScript name, size, bold, italic,
    /// monospace, fill colour, baseline offset (super- and subscripts), underline and
    /// strike-through (from rules drawn under or through the text), links, language and
    /// structure role, in the `AttributeScopes.PDFTextAttributes` scope. nil while locked.
    public var attributedText: AttributedString? {
        guard let m = model else { return nil }
        return core.attributedText(page: pageIndex, model: m, ranges: [0..<m.characterCount])[0]
    }

    /// ``attributedText`` as PDFKit's type; the attribute names are listed at
    /// `AttributedString.nsAttributedString()`.
    public var attributedString: NSAttributedString? { attributedText?.nsAttributedString() }

    /// The length of ``string`` in UTF-16 units (0 while locked).
    public var numberOfCharacters: Int { model?.utf16Count ?? 0 }

    /// The box of the character at UTF-16 `index` in page space; `.zero` out of range. A
    /// glyph that gives several characters (a ligature) is split evenly among them; a space
    /// the layout inferred covers the gap between its words, and a line break sits, zero
    /// wide, at the end of its line.
    public func characterBounds(at index: Int) -> CGRect {
        guard let m = model, let c = m.character(atUTF16: index) else { return .zero }
        return CGRect(m.quads[c].bounds)
    }

    /// The quadrilateral of the character at UTF-16 `index` (rotated with its text).
    public func characterQuad(at index: Int) -> Quad? {
        guard let m = model, let c = m.character(atUTF16: index) else { return nil }
        return m.quads[c]
    }

    /// The UTF-16 index of the character under `point`, or -1 when there is none (PDFKit's
    /// contract). Where boxes overlap, the character whose centre is nearest wins; a point in
    /// the gap between two words gives the space between them.
    public func characterIndex(at point: CGPoint) -> Int {
        guard let m = model, let c = m.characterIndex(at: Point(point)) else { return -1 }
        return Int(m.utf16Start[c])
    }

    /// Where the character at UTF-16 `index` comes from: its glyph (code, glyph id, quad,
    /// run with font, size and colour, Unicode source), or nil for characters the layout
    /// made up (inferred spaces and line breaks).
    public func glyph(forCharacterAt index: Int) -> PositionedGlyph? {
        guard let m = model, let c = m.character(atUTF16: index) else { return nil }
        let g = m.layout.characters[c].glyph
        guard g >= 0, Int(g) < m.text.glyphs.glyphs.count else { return nil }
        return m.text.glyphs.glyphs[Int(g)]
    }

    // MARK: Selections

    /// The characters of `range` (UTF-16, widened to whole characters); nil when the range
    /// is empty or starts outside the string. A range that runs past the end is cut there.
    public func selection(for range: NSRange) -> PDFSelection? {
        guard let m = model, let chars = m.characters(utf16: range) else { return nil }
        return PDFSelection(page: self, ranges: [m.utf16Range(chars)])
    }

    /// The text whose characters' centres lie in `rect`, plus the spaces and line breaks
    /// between them; nil when there is none.
    public func selection(for rect: CGRect) -> PDFSelection? {
        guard let m = model else { return nil }
        let r = Rect(rect)
        let runs = m.characters(in: r)
        guard !runs.isEmpty else { return nil }
        return PDFSelection(page: self, ranges: runs.map { m.utf16Range($0) })
    }

    /// The text a drag from `start` to `end` selects: from the character nearest the upper
    /// point (then the left one, on the same height) to the one nearest the other, in reading
    /// order. nil when the page has no text.
    public func selection(from start: CGPoint, to end: CGPoint) -> PDFSelection? {
        guard let m = model,
              let a = m.nearestCharacter(to: Point(start)),
              let b = m.nearestCharacter(to: Point(end)) else { return nil }
        return PDFSelection(page: self, ranges: [m.utf16Range(min(a, b)..<(max(a, b) + 1))])
    }

    /// The word under `point`, nil when no character is there. A point on an inferred space
    /// gives the space alone.
    public func selectionForWord(at point: CGPoint) -> PDFSelection? {
        guard let m = model, let c = m.characterIndex(at: Point(point)) else { return nil }
        let w = m.wordOfCharacter[c]
        guard w >= 0 else { return PDFSelection(page: self, ranges: [m.utf16Range(c..<(c + 1))]) }
        return PDFSelection(page: self, ranges: [m.utf16Range(m.wordRange(Int(w)))])
    }

    /// The line under `point`, nil when no character is there.
    public func selectionForLine(at point: CGPoint) -> PDFSelection? {
        guard let m = model, let c = m.characterIndex(at: Point(point)) else { return nil }
        let l = m.lineOfCharacter[c]
        guard l >= 0 else { return nil }
        return PDFSelection(page: self, ranges: [m.utf16Range(m.lineRange(Int(l)))])
    }

    /// All the page's text.
    public var selectionForEntirePage: PDFSelection? {
        guard let m = model, m.utf16Count > 0 else { return nil }
        return PDFSelection(page: self, ranges: [0..<m.utf16Count])
    }
}

extension PageCharacterIndex {
    /// Layout characters of word `w`, cut to the page string.
    func wordRange(_ w: Int) -> Range<Int> {
        let r = layout.words[w].characters
        return Int(r.lowerBound)..<min(characterCount, Int(r.upperBound))
    }

    /// Layout characters of line `l`, cut to the page string.
    func lineRange(_ l: Int) -> Range<Int> {
        let r = layout.lines[l].characters
        return Int(r.lowerBound)..<min(characterCount, Int(r.upperBound))
    }
}

extension CGRect {
    init(_ r: Rect) { self.init(x: r.x0, y: r.y0, width: r.width, height: r.height) }
}

extension Rect {
    init(_ r: CGRect) {
        let s = r.standardized
        self.init(x0: Double(s.minX), y0: Double(s.minY), x1: Double(s.maxX), y1: Double(s.maxY))
    }
}

extension Point {
    init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) }
}
