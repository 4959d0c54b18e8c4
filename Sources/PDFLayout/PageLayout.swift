import PDFCore
import PDFGlyphs

/// One character of a page's text in reading order: a Unicode scalar and the glyph it came
/// from. Inferred spaces, line and block breaks, and the letters of expanded ligatures that
/// have no glyph of their own still point at a glyph when they stand for one (a ligature's
/// letters all point at the ligature glyph); characters the layout made up point at none.
public struct LayoutCharacter: Sendable, Hashable {
    public var scalar: Unicode.Scalar
    /// Index into `PageGlyphs.glyphs`, or `LayoutCharacter.synthesized`.
    public var glyph: Int32
    public static let synthesized: Int32 = -1
    public init(scalar: Unicode.Scalar, glyph: Int32) { self.scalar = scalar; self.glyph = glyph }
    public var isSynthesized: Bool { glyph < 0 }
}

/// The direction a line's characters advance in, as the reader reads them.
public enum TextDirection: String, Sendable, Hashable {
    case leftToRight, rightToLeft, topToBottom, bottomToTop
}

/// A word: characters with no inferred space inside, in reading order.
public struct LayoutWord: Sendable, Hashable {
    /// Range into `PageLayout.characters`.
    public var characters: Range<Int32>
    /// Union of the word's glyph boxes, page space (PDF user space before /Rotate).
    public var bounds: Rect
    /// Index into `PageGlyphs.fonts` and the effective font size of the word's first glyph.
    public var font: Int32
    public var fontSize: Float
    public init(characters: Range<Int32>, bounds: Rect, font: Int32, fontSize: Float) {
        self.characters = characters; self.bounds = bounds; self.font = font; self.fontSize = fontSize
    }
}

/// A line: words on one baseline within one block.
public struct LayoutLine: Sendable, Hashable {
    /// Range into `PageLayout.words`.
    public var words: Range<Int32>
    /// Range into `PageLayout.characters`: the line's text without its line break.
    public var characters: Range<Int32>
    /// Union of the line's glyph boxes, page space.
    public var bounds: Rect
    /// Reading direction of the line's text.
    public var direction: TextDirection
    /// Angle of the baseline in display space (degrees, counter-clockwise, 0 = upright).
    public var angle: Double
    /// The baseline's frame in page space, for horizontal lines; nil for vertical ones and
    /// when no glyph of the line has a usable text matrix.
    public var frame: LineFrame?
    public init(words: Range<Int32>, characters: Range<Int32>, bounds: Rect, direction: TextDirection, angle: Double,
                frame: LineFrame? = nil) {
        self.words = words; self.characters = characters; self.bounds = bounds
        self.direction = direction; self.angle = angle; self.frame = frame
    }
}

/// A horizontal line's baseline frame, page space: the unit vector of the writing direction
/// of its first horizontal glyph's text matrix (exact, where ``LayoutLine/angle`` is rounded
/// and in display space), and the perpendicular unit vector on the side of the glyphs'
/// ascent (which a mirrored text matrix turns over). Styled text measures sub- and
/// superscript shifts and underline positions along `up`.
public struct LineFrame: Sendable, Hashable {
    public var along: Point
    public var up: Point
    public init(along: Point, up: Point) { self.along = along; self.up = up }

    /// The frame of a text matrix `[a b c d]`, or nil when its first row has no finite length.
    public init?(textMatrixA a: Double, b: Double, c: Double, d: Double) {
        let len = (a * a + b * b).squareRoot()
        guard len > 0, len.isFinite else { return nil }
        along = Point(x: a / len, y: b / len)
        up = Point(x: -along.y, y: along.x)
        if up.x * c + up.y * d < 0 { up = Point(x: -up.x, y: -up.y) }
    }
}

/// What a block is, as far as layout analysis can tell.
public enum BlockKind: String, Sendable, Hashable {
    /// Body text (a paragraph or a run of lines).
    case text
    /// A table read row by row: each line is a row, its words in cell order.
    case table
    /// A running header (top margin, repeated matter); kept in place, marked as an artifact.
    case header
    /// A running footer (bottom margin); kept in place, marked as an artifact.
    case footer
    /// A page number in the top or bottom margin; kept in place, marked as an artifact.
    case pageNumber
    /// Text at an angle far from the page axes (watermarks, stamps).
    case diagonal

    /// Headers, footers and page numbers are page furniture (PDF "artifacts").
    public var isArtifact: Bool { self == .header || self == .footer || self == .pageNumber }
}

/// A block: consecutive lines read together (a paragraph, a table, a header).
public struct LayoutBlock: Sendable, Hashable {
    /// Range into `PageLayout.lines`.
    public var lines: Range<Int32>
    /// Union of the block's glyph boxes, page space.
    public var bounds: Rect
    public var kind: BlockKind
    public init(lines: Range<Int32>, bounds: Rect, kind: BlockKind) {
        self.lines = lines; self.bounds = bounds; self.kind = kind
    }
}

/// Which source decided a page's reading order.
public enum OrderSource: String, Sendable, Hashable {
    /// The structure tree of a tagged PDF (its order agreed with the geometry).
    case structureTree
    /// Geometry: lines, blocks and columns laid out on the page.
    case geometry
    /// The order in which the content stream paints the text (`--raw`).
    case contentStream
}

/// Counts of glyphs left out of the text, and why.
public struct LayoutStatistics: Sendable, Hashable {
    public var glyphs = 0
    public var droppedDuplicates = 0
    public var droppedInvisible = 0
    public var droppedClipped = 0
    public var droppedOffPage = 0
    public var droppedHidden = 0
    public var droppedDiagonal = 0
    /// Glyphs kept whose text is rendering mode 3/7 or fully transparent (OCR layers).
    public var invisibleKept = 0
    /// Hyphenated line ends joined into one word.
    public var hyphenationsJoined = 0
    public init() {}
}

/// The layout of one page: its text in reading order, as ranges over characters, words,
/// lines and blocks, each character traceable to its glyph.
public struct PageLayout: Sendable {
    public var pageIndex: Int
    /// The page text in reading order. Words are separated by U+0020, lines by U+000A, and
    /// blocks by an empty line (two U+000A); the text ends with a line break when it is not
    /// empty.
    public var characters: [LayoutCharacter] = []
    public var words: [LayoutWord] = []
    public var lines: [LayoutLine] = []
    public var blocks: [LayoutBlock] = []
    public var orderSource: OrderSource = .geometry
    /// How sure the layout is of its order, 0…1 (1: one column or tags that agree with geometry).
    public var orderConfidence: Double = 1
    public var statistics = LayoutStatistics()
    public var diagnostics = DiagnosticLog()

    public init(pageIndex: Int) { self.pageIndex = pageIndex }

    /// The page text as a `String`.
    public var text: String {
        var s = String.UnicodeScalarView()
        s.reserveCapacity(characters.count)
        for c in characters { s.append(c.scalar) }
        return String(s)
    }

    /// The text of a character range.
    public func text(_ range: Range<Int32>) -> String {
        var s = String.UnicodeScalarView()
        for c in characters[Int(range.lowerBound)..<Int(range.upperBound)] { s.append(c.scalar) }
        return String(s)
    }
}
