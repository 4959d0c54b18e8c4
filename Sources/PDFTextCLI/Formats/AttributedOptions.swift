import ArgumentParser
import Foundation
import PDFText
import Synchronization

/// `--attributed`: styled text instead of plain text.
package struct AttributedFlags: ParsableArguments {
    @Flag(help: ArgumentHelp("Styled text (fonts, sizes, bold, italic, colours, sub- and superscripts, underlines, links, languages): HTML, or with --format json, markdown or rtf.",
                             discussion: "The format also follows the output's extension (.html, .json, .md, .rtf). --format markdown and rtf imply --attributed; --format html without --attributed is the accessible, semantic HTML (docs/ACCESSIBLE-HTML.md)."))
    package var attributed = false

    package init() {}
}

extension Text {
    /// The styled format asked for, or nil for plain output: `--format html|markdown|rtf`,
    /// `--attributed` with `--format json` (else the output's extension, else HTML), or an
    /// output named `.md` or `.rtf`.
    var styledFormat: OutputFormat? {
        if let f = format {
            switch f {
            case .markdown, .rtf: return f
            case .html, .json: return styled.attributed ? f : nil
            case .text, .tsv, .hocr: return styled.attributed ? .html : nil
            case .accessibleText, .jsonl, .opensearchBulk, .bbox, .bboxLayout, .alto: return nil
            }
        }
        var byExtension: OutputFormat? = nil
        if case .file(let path) = plan().destination {
            byExtension = Self.styledFormat(forExtensionOf: path)
            switch (path as NSString).pathExtension.lowercased() {
            case "json": byExtension = styled.attributed ? .json : nil
            case "html", "htm", "xhtml": byExtension = styled.attributed ? .html : nil
            default: break
            }
        }
        if let f = byExtension { return f }
        return styled.attributed ? .html : nil
    }

    func validateStyled() throws {
        guard styled.attributed, let f = format else { return }
        if f == .text || f == .tsv || f == .hocr || f == .accessibleText || f == .jsonl || f == .opensearchBulk {
            throw ValidationError("--attributed writes html, json, markdown or rtf, not \(f.rawValue)")
        }
    }

    /// The styled format an output's extension asks for by itself, without --attributed
    /// (.md and .markdown: Markdown; .rtf: RTF).
    static func styledFormat(forExtensionOf path: String) -> OutputFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "md", "markdown": return .markdown
        case "rtf": return .rtf
        default: return nil
        }
    }

    func styledFormatter(_ format: OutputFormat) -> any PageFormatter {
        let version = PDFTextCommand.configuration.version
        switch format {
        case .json: return AttributedJSONFormatter()
        case .markdown: return AttributedMarkdownFormatter()
        case .rtf: return AttributedRTFFormatter()
        default: return AttributedHTMLFormatter(version: version)
        }
    }

    /// Whether the output needs styles (and so links, roles and the document language).
    var wantsStyles: Bool { styledFormat != nil }
}

/// What styled output needs of a document beyond its pages: the language, the structure
/// roles, the link annotations; and, for formats that can only be written once every page
/// is known (RTF: its font and colour tables come first), the pages seen so far.
final class StylingSource: Sendable {
    let document: Document
    let language: String?
    let structure: StructureOrder?
    let heldPages = Mutex<[Int: StyledPage]>([:])

    init(document: Document, structure: StructureOrder?) {
        self.document = document
        self.language = document.language
        self.structure = structure ?? (document.hasStructureTree ? StructureOrder(document: document) : nil)
    }

    /// The styles of a page's PDFKit string (its text without the final line break).
    func styles(_ page: PageText) -> PageTextStyles {
        let index = page.layout.pageIndex
        return PageTextStyles(page, characters: page.pageStringCharacters,
                              links: LinkArea.links(in: document, pageIndex: index),
                              documentLanguage: language, roles: structure?.roles(forPage: index) ?? [:])
    }

    func hold(_ page: StyledPage, ordinal: Int) { heldPages.withLock { $0[ordinal] = page } }

    /// The pages held, in order, and forgets them.
    func takePages() -> [StyledPage] {
        heldPages.withLock { held in
            defer { held = [:] }
            return held.keys.sorted().map { held[$0]! }
        }
    }
}

/// A page prepared for styled output: its blocks, each as pieces of text with one style.
struct StyledPage: Sendable {
    struct Piece: Sendable {
        var text: String
        var style: TextStyle
    }

    struct Block: Sendable {
        var kind: BlockKind
        /// 1…6 for headings.
        var headingLevel: Int?
        /// The size most of the block's characters have.
        var size: Double
        /// The block's lines, each as pieces.
        var lines: [[Piece]]
        /// Each line's left edge (page space), to tell an item's continuation lines from
        /// the paragraph after a list.
        var lineStarts: [Double] = []
    }

    var number: Int
    var label: String?
    var blocks: [Block] = []
    /// The size and colour most of the page's characters outside links have.
    var bodySize: Double = 0
    var bodyColor: PDFColor = .black

    /// Which untagged blocks are headings: the options of the semantic HTML, ranked over
    /// the page (styled output writes each page as it is read).
    static let headings = HeadingOptions()

    init(_ page: PageText, styles: PageTextStyles, number: Int, label: String?) {
        self.number = number
        self.label = label
        let layout = page.layout
        let chars = layout.characters
        // Links are often coloured: the body is what is not linked, when there is any.
        var sizeCount: [Double: Int] = [:], colorCount: [PDFColor: Int] = [:]
        let unlinked = styles.runs.contains { !$0.style.isLink }
        for run in styles.runs where !(unlinked && run.style.isLink) {
            sizeCount[run.style.fontSize, default: 0] += run.characters.count
            colorCount[run.style.foregroundColor, default: 0] += run.characters.count
        }
        bodySize = HeadingInference.commonestSize(sizeCount)
        bodyColor = Self.most(colorCount) ?? .black

        var runIndex = 0
        func pieces(_ range: Range<Int>) -> [Piece] {
            var out: [Piece] = []
            while runIndex < styles.runs.count, styles.runs[runIndex].characters.upperBound <= range.lowerBound { runIndex += 1 }
            var r = runIndex
            while r < styles.runs.count, styles.runs[r].characters.lowerBound < range.upperBound {
                let run = styles.runs[r]
                let part = max(run.characters.lowerBound, range.lowerBound)..<min(run.characters.upperBound, range.upperBound)
                if !part.isEmpty {
                    var s = String.UnicodeScalarView()
                    for c in chars[part] { s.append(c.scalar) }
                    out.append(Piece(text: String(s), style: run.style))
                }
                r += 1
            }
            return out
        }

        var facts: [HeadingBlock] = []
        for block in layout.blocks {
            var lines: [[Piece]] = []
            var blockSizes: [Double: Int] = [:]
            var roles: [String: Int] = [:]
            var starts: [Double] = []
            for li in Int(block.lines.lowerBound)..<Int(block.lines.upperBound) {
                let range = Int(layout.lines[li].characters.lowerBound)..<Int(layout.lines[li].characters.upperBound)
                let clipped = max(range.lowerBound, styles.characters.lowerBound)..<min(range.upperBound, styles.characters.upperBound)
                guard !clipped.isEmpty else { continue }
                let line = pieces(clipped)
                for p in line {
                    blockSizes[p.style.fontSize, default: 0] += p.text.unicodeScalars.count
                    if let r = p.style.structureRole { roles[r, default: 0] += p.text.unicodeScalars.count }
                }
                lines.append(line)
                starts.append(layout.lines[li].bounds.x0)
            }
            guard !lines.isEmpty else { continue }
            let size = blockSizes.isEmpty ? bodySize : HeadingInference.commonestSize(blockSizes)
            var level: Int? = nil
            if let role = Self.most(roles), role.count == 2, role.first == "H", let n = Int(role.dropFirst()), (1...6).contains(n) {
                level = n
            }
            blocks.append(Block(kind: block.kind, headingLevel: level, size: size, lines: lines, lineStarts: starts))
            facts.append(HeadingBlock(block, in: page, options: Self.headings))
        }
        // Blocks without a heading tag: the headings HeadingInference finds on the page.
        var pageSizes: [Double: Int] = [:]
        HeadingInference.countSizes(page, into: &pageSizes, options: Self.headings)
        let untagged = blocks.indices.filter { blocks[$0].headingLevel == nil }
        let levels = HeadingInference.levels(untagged.map { facts[$0] }, bodySize: HeadingInference.commonestSize(pageSizes),
                                             options: Self.headings)
        for (i, level) in zip(untagged, levels) { blocks[i].headingLevel = level }
    }

    static func most<K: Hashable>(_ counts: [K: Int]) -> K? {
        counts.max { a, b in a.value < b.value || (a.value == b.value && "\(a.key)" > "\(b.key)") }?.key
    }
}

/// Inline markup as a stack of open elements: for each piece of text the elements it needs,
/// outermost first; elements still open that the next piece also needs (as a common
/// prefix) stay open, the rest are closed innermost first, so the output nests properly.
struct InlineStack<Element: Equatable> {
    private(set) var open: [Element] = []

    /// Moves to `wanted`: calls `close` for the elements to close (innermost first) and
    /// `opening` for the ones to open (outermost first).
    mutating func move(to wanted: [Element], close: (Element) -> Void, opening: (Element) -> Void) {
        var common = 0
        while common < open.count, common < wanted.count, open[common] == wanted[common] { common += 1 }
        for e in open[common...].reversed() { close(e) }
        for e in wanted[common...] { opening(e) }
        open = wanted
    }

    mutating func closeAll(_ close: (Element) -> Void) { move(to: [], close: close, opening: { _ in }) }
}

/// A block's text cut for inline markup: runs of text and of white space, each with the
/// elements it is wrapped in. White space (also the breaks between lines) carries only the
/// outer elements its two neighbours share, so markup opens and closes next to the words
/// (`<b>bold</b> word`, not `<b>bold </b>word`) and a space inside a link stays linked.
struct InlineSegment<Element: Equatable> {
    var text: String
    var elements: [Element]
    /// The break between two lines of the block (text "\n").
    var isLineBreak = false

    /// - Parameters:
    ///   - elements: the elements a piece of text of a style needs, outermost first.
    ///   - continuesOverSpace: whether an element shared by both neighbours stays open over
    ///     white space between them.
    ///   - breaksClose: whether line breaks close every element (table rows).
    static func cut(_ block: StyledPage.Block, breaksClose: Bool,
                    elements: (TextStyle, String) -> [Element], continuesOverSpace: (Element) -> Bool) -> [InlineSegment] {
        var out: [InlineSegment] = []
        var space: [Bool] = []
        for (i, line) in block.lines.enumerated() {
            if i > 0 {
                out.append(InlineSegment(text: "\n", elements: [], isLineBreak: true))
                space.append(true)
            }
            for piece in line {
                var current = String.UnicodeScalarView(), currentSpace: Bool? = nil
                func flush() {
                    guard let c = currentSpace else { return }
                    let text = String(current)
                    out.append(InlineSegment(text: text, elements: c ? [] : elements(piece.style, text)))
                    space.append(c)
                }
                for scalar in piece.text.unicodeScalars {
                    let s = scalar.value < 0x80 ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
                    if currentSpace != nil, currentSpace != s {
                        flush()
                        current = String.UnicodeScalarView()
                    }
                    current.append(scalar)
                    currentSpace = s
                }
                flush()
            }
        }
        // The elements of the nearest word before and after each segment.
        var before = [[Element]](repeating: [], count: out.count)
        var after = before
        var last: [Element] = []
        for i in out.indices {
            before[i] = last
            if !space[i] { last = out[i].elements } else if out[i].isLineBreak && breaksClose { last = [] }
        }
        last = []
        for i in out.indices.reversed() {
            after[i] = last
            if !space[i] { last = out[i].elements } else if out[i].isLineBreak && breaksClose { last = [] }
        }
        for i in out.indices where space[i] && !(out[i].isLineBreak && breaksClose) {
            var prefix: [Element] = []
            for (a, b) in zip(before[i], after[i]) {
                guard a == b, continuesOverSpace(a) else { break }
                prefix.append(a)
            }
            out[i].elements = prefix
        }
        return out
    }
}
