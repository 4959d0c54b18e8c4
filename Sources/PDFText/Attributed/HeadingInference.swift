import PDFLayout
import PDFGlyphs

/// Which blocks of text without heading tags are headings, and of what level: one set of
/// options for the semantic HTML and accessible text (`PDFSemantic`) and for the styled
/// formats (attributed HTML, JSON, Markdown and RTF), so that both find the same headings.
///
/// A block is a heading when it is body text (or sits in the top margin: large type there is
/// a title more often than a running header), is short (``maxWords``, ``maxLines``), and its
/// size is at least ``sizeRatio`` times the body size; or when it is one line of text whose
/// characters are nearly all bold (``boldShare``), at least ``boldSizeRatio`` times the
/// body size. Sizes are the sizes most characters have, counted in steps of ``sizeStep``;
/// of equally common sizes the smallest wins, so the result never depends on a hash
/// table's order. Levels rank the distinct heading sizes, largest first, sizes within
/// ``sizeTolerance`` of each other sharing a level, at most 6.
public struct HeadingOptions: Sendable, Hashable {
    /// A block is a heading when its size is at least this many times the body size.
    public var sizeRatio = 1.15
    /// A heading has at most this many words…
    public var maxWords = 20
    /// …and at most this many lines. Larger type over more lines is more often a pull
    /// quote, a lead paragraph or a cover page's blurb than a heading; a reader who jumps
    /// from heading to heading is better served by missing one than by landing in prose.
    public var maxLines = 3
    /// A one-line block of nearly all bold characters is a heading when its size is at
    /// least this many times the body size (a run-in "Introduction" in the body's size).
    public var boldSizeRatio = 0.95
    /// The share of a block's characters that are bold for it to count as bold.
    public var boldShare = 0.9
    /// Font sizes are counted in steps of this many points (half points: 11.96 and 12.02
    /// are one size).
    public var sizeStep = 0.5
    /// Distinct heading sizes closer than this (points) share a level.
    public var sizeTolerance = 0.5

    public init() {}
}

/// What heading inference reads of a layout block.
package struct HeadingBlock: Sendable, Hashable {
    package var kind: BlockKind
    /// The size most of the block's characters have (``HeadingOptions/sizeStep`` steps).
    package var size: Double
    package var lines: Int
    package var words: Int
    /// At least ``HeadingOptions/boldShare`` of the characters are in a bold font.
    package var bold: Bool

    package init(kind: BlockKind, size: Double, lines: Int, words: Int, bold: Bool) {
        self.kind = kind; self.size = size; self.lines = lines; self.words = words; self.bold = bold
    }

    /// The facts of `block`, one of `text`'s layout blocks.
    package init(_ block: LayoutBlock, in text: PageText, options: HeadingOptions) {
        let layout = text.layout
        var sizes: [Double: Int] = [:]
        var boldChars = 0, chars = 0, words = 0
        for l in block.lines {
            for w in layout.lines[Int(l)].words {
                let word = layout.words[Int(w)]
                let n = word.characters.count
                sizes[HeadingInference.step(Double(word.fontSize), options), default: 0] += n
                chars += n
                words += 1
                let f = Int(word.font)
                if f >= 0, f < text.glyphs.fonts.count, text.glyphs.fonts[f].isBold { boldChars += n }
            }
        }
        self.init(kind: block.kind, size: HeadingInference.commonestSize(sizes), lines: block.lines.count, words: words,
                  bold: chars > 0 && Double(boldChars) >= Double(chars) * options.boldShare)
    }
}

/// Heading inference (``HeadingOptions``): the body size, which blocks are headings, and
/// their levels. The semantic tree ranks the blocks of all the pages it writes; the styled
/// formats, which write each page as it is read, rank a page's blocks.
package enum HeadingInference {
    /// `size` in steps of ``HeadingOptions/sizeStep``.
    package static func step(_ size: Double, _ options: HeadingOptions) -> Double {
        guard size.isFinite, options.sizeStep > 0 else { return size.isFinite ? size : 0 }
        return (size / options.sizeStep).rounded() * options.sizeStep
    }

    /// Adds the characters of each size on `text`'s page to `counts`.
    package static func countSizes(_ text: PageText, into counts: inout [Double: Int], options: HeadingOptions) {
        for w in text.layout.words { counts[step(Double(w.fontSize), options), default: 0] += w.characters.count }
    }

    /// The size with the most characters; of sizes with as many, the smallest (0 when there
    /// is none). Taking the first a hash table gives would change the choice, and so the
    /// headings, from run to run.
    package static func commonestSize(_ characters: [Double: Int]) -> Double {
        characters.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 0
    }

    /// Whether `block` is a heading beside text of `bodySize`.
    package static func isHeading(_ block: HeadingBlock, bodySize: Double, options: HeadingOptions) -> Bool {
        guard block.kind == .text || block.kind == .header, block.words > 0, block.words <= options.maxWords,
              block.lines <= options.maxLines, bodySize > 0 else { return false }
        if block.size >= bodySize * options.sizeRatio { return true }
        guard block.kind == .text else { return false }
        return block.bold && block.lines == 1 && block.size >= bodySize * options.boldSizeRatio
    }

    /// The heading level (1…6) of each block, nil for blocks that are not headings: the
    /// distinct sizes of the headings among `blocks`, largest first, each within
    /// ``HeadingOptions/sizeTolerance`` of the largest of its group sharing its level.
    package static func levels(_ blocks: [HeadingBlock], bodySize: Double, options: HeadingOptions) -> [Int?] {
        let headings = blocks.map { isHeading($0, bodySize: bodySize, options: options) }
        let sizes = Set(zip(blocks, headings).compactMap { $1 ? $0.size : nil }).sorted(by: >)
        return zip(blocks, headings).map { $1 ? level($0.size, sizes: sizes, options: options) : nil }
    }

    /// The level of a heading of `size` among the heading sizes `sizes` (largest first).
    static func level(_ size: Double, sizes: [Double], options: HeadingOptions) -> Int {
        var rank = 0
        var previous: Double?
        for s in sizes {
            if let p = previous, p - s <= options.sizeTolerance { if s <= size { break }; continue }
            rank += 1
            previous = s
            if s <= size + options.sizeTolerance { break }
        }
        return max(1, min(6, rank))
    }
}
