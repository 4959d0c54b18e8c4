#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore
import PDFGlyphs

/// Running headers and footers found by repetition across a document's pages: the lines
/// that come back at about the same place on several pages with the same text once digits
/// are masked ("Chapter 3 · 17" and "Chapter 3 · 18" are one pattern). A page laid out with
/// them marks a matching block as a header or footer wherever it stands, inside the margin
/// bands or not; a page laid out alone keeps the positional rule.
///
/// Finding them is cheap: ``candidates(_:options:)`` reads the top and bottom lines of a
/// page straight from its glyphs (no layout), and ``init(pages:options:)`` keeps what
/// repeats.
public struct RunningFurniture: Sendable, Hashable {
    /// One line near the top or bottom of a page.
    public struct Line: Sendable, Hashable {
        /// The line's text with whitespace left out, letters in lower case and every run of
        /// digits as one `#`.
        public var pattern: String
        /// Near the top of the page (a header) or the bottom (a footer).
        public var isTop: Bool
        /// The baseline's distance from that edge, in points of display space.
        public var offset: Double
        /// The line's font size.
        public var size: Double

        public init(pattern: String, isTop: Bool, offset: Double, size: Double) {
            self.pattern = pattern; self.isTop = isTop; self.offset = offset; self.size = size
        }

        func matches(_ other: Line, tolerance: Double) -> Bool {
            pattern == other.pattern && isTop == other.isTop
                && abs(offset - other.offset) <= tolerance * max(size, other.size)
        }
    }

    /// The repeated lines.
    public var lines: [Line]

    public init(lines: [Line]) { self.lines = lines }

    /// The lines that occur on at least `furnitureMinimumPages` of the pages given (or on
    /// half of them, when there are fewer than twice as many; never on fewer than two).
    /// - Parameter pages: each page's ``candidates(_:options:)``.
    public init(pages: [[Line]], options: LayoutOptions = LayoutOptions()) {
        let needed = max(2, min(max(1, options.furnitureMinimumPages), (pages.count + 1) / 2))
        var kept: [Line] = []
        guard pages.count >= 2 else { self.init(lines: []); return }
        let tolerance = options.furniturePositionTolerance
        for (p, page) in pages.enumerated() {
            for line in page where Self.isPlausible(line.pattern) && !kept.contains(where: { $0.matches(line, tolerance: tolerance) }) {
                var count = 1
                for q in pages.indices where q != p && pages[q].contains(where: { $0.matches(line, tolerance: tolerance) }) {
                    count += 1
                }
                if count >= needed { kept.append(line) }
            }
        }
        self.init(lines: kept)
    }

    /// Whether a pattern can be furniture: it has a letter, or it is a page number alone
    /// ("#", "-#-", "#/#"). A row of figures ("#.# #.# #.#", the top row of a table of
    /// numbers on every page) is not.
    static func isPlausible(_ pattern: String) -> Bool {
        var marks = 0, others = 0
        for s in pattern.unicodeScalars {
            if s == "#" { marks += 1 } else if s.properties.isAlphabetic { return true } else { others += 1 }
        }
        return marks >= 1 && marks <= 2 && others <= LayoutConstants.pageNumberPatternMaxOthers
    }

    /// Whether no line repeats.
    public var isEmpty: Bool { lines.isEmpty }

    func matches(_ line: Line, tolerance: Double) -> Line? {
        lines.first { $0.matches(line, tolerance: tolerance) }
    }

    /// The `furnitureCandidateLines` topmost and bottommost lines of upright text on a page,
    /// read from the glyphs that take part in layout (as the options select them). A line
    /// is the glyphs whose baselines lie within `baselineTolerance` of each other; its
    /// pattern reads them left to right. O(glyphs × lines asked for).
    public static func candidates(_ page: PageGlyphs, options: LayoutOptions = LayoutOptions()) -> [Line] {
        let count = max(0, min(options.furnitureCandidateLines, 8))
        guard count > 0, !page.glyphs.isEmpty else { return [] }
        let display = page.unscaledDisplayTransform
        let corners = Quad(page.cropBox).transformed(by: display).bounds
        let height = corners.y1 - corners.y0
        guard height.isFinite, height > 0 else { return [] }
        // Baseline (display y, down) and size of each upright glyph that takes part.
        var ys: [(y: Double, x: Double, size: Double, glyph: Int32)] = []
        ys.reserveCapacity(page.glyphs.count)
        var cachedRun: Int32 = -1, cachedUpright = false, cachedSize = 0.0
        // The first bands' baselines, found while collecting.
        var firstTop = Double.infinity, firstBottom = -Double.infinity
        for (i, g) in page.glyphs.enumerated() {
            guard takesPart(g, page: page, options: options), g.text.lowerBound < g.text.upperBound else { continue }
            if g.run != cachedRun {
                cachedRun = g.run
                let run = page.runs[Int(g.run)]
                let m = run.textMatrix
                let vx = m.a * display.a + m.b * display.c, vy = m.a * display.b + m.b * display.d
                cachedUpright = run.writingMode == 0 && vx > 0 && abs(vy) <= LayoutConstants.uprightSlope * vx
                cachedSize = run.effectiveSize
            }
            guard cachedUpright, !g.flags.contains(.vertical) else { continue }
            let o = display.apply(g.origin)
            guard o.x.isFinite, o.y.isFinite, cachedSize.isFinite, cachedSize > 0 else { continue }
            ys.append((o.y, o.x, cachedSize, Int32(i)))
            firstTop = min(firstTop, o.y); firstBottom = max(firstBottom, o.y)
        }
        guard !ys.isEmpty else { return [] }
        // Both edges at once, band by band: one pass finds the next baseline from the top and
        // from the bottom (beyond the bands taken), one more gathers the glyphs on each.
        func line(_ members: [(x: Double, glyph: Int32)], top: Bool, offset: Double, size: Double) -> Line? {
            var pattern = Pattern()
            for m in members.sorted(by: { $0.x != $1.x ? $0.x < $1.x : $0.glyph < $1.glyph }) { pattern.add(page, glyph: m.glyph) }
            return pattern.isEmpty ? nil : Line(pattern: pattern.text, isTop: top, offset: offset, size: size)
        }
        var topLines: [Line] = [], bottomLines: [Line] = []
        var topLimit = -Double.infinity, bottomLimit = Double.infinity
        let tolerance = options.baselineTolerance
        for band in 0..<count {
            var topReference = firstTop, bottomReference = firstBottom
            if band > 0 {
                topReference = .infinity; bottomReference = -.infinity
                for e in ys {
                    if e.y > topLimit && e.y < topReference { topReference = e.y }
                    if e.y < bottomLimit && e.y > bottomReference { bottomReference = e.y }
                }
            }
            let hasTop = topReference.isFinite, hasBottom = bottomReference.isFinite
            guard hasTop || hasBottom else { break }
            var topMembers: [(x: Double, glyph: Int32)] = [], bottomMembers: [(x: Double, glyph: Int32)] = []
            var topSize = 0.0, bottomSize = 0.0, topEdge = topReference, bottomEdge = bottomReference
            for e in ys {
                let reach = tolerance * e.size
                if hasTop && abs(e.y - topReference) <= reach {
                    topMembers.append((e.x, e.glyph)); topSize = max(topSize, e.size); topEdge = max(topEdge, e.y)
                }
                if hasBottom && abs(e.y - bottomReference) <= reach {
                    bottomMembers.append((e.x, e.glyph)); bottomSize = max(bottomSize, e.size); bottomEdge = min(bottomEdge, e.y)
                }
            }
            if hasTop {
                topLimit = topEdge
                if let line = line(topMembers, top: true, offset: topReference - corners.y0, size: topSize) { topLines.append(line) }
            }
            if hasBottom {
                bottomLimit = bottomEdge
                if let line = line(bottomMembers, top: false, offset: corners.y1 - bottomReference, size: bottomSize) { bottomLines.append(line) }
            }
        }
        return topLines + bottomLines
    }

    /// Whether layout with these options takes a glyph into account.
    static func takesPart(_ g: PositionedGlyph, page: PageGlyphs, options: LayoutOptions) -> Bool {
        let f = g.flags
        if f.contains(.duplicate) && options.dropsDuplicates { return false }
        if f.contains(.hidden) && options.dropsHiddenText { return false }
        if f.contains(.offPage) && options.dropsOffPageText { return false }
        if f.contains(.clipped) && options.dropsClippedText { return false }
        if f.contains(.invisible) && options.dropsInvisibleText { return false }
        return true
    }

    /// A line's text as a pattern: whitespace left out, letters lower-cased, each run of
    /// digits one `#`; at most 200 scalars.
    struct Pattern {
        var scalars: [Unicode.Scalar] = []
        var inDigits = false
        var isEmpty: Bool { scalars.isEmpty }
        var text: String { String(String.UnicodeScalarView(scalars)) }

        mutating func add(_ page: PageGlyphs, glyph: Int32) {
            let g = page.glyphs[Int(glyph)]
            for s in page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)] { add(s) }
        }

        mutating func add(_ s: Unicode.Scalar) {
            guard scalars.count < LayoutConstants.furnitureKeyMaxScalars, !s.isLayoutWhitespace else { return }
            let v = s.value
            // ASCII without a property lookup.
            if s.isDecimalDigit {
                if !inDigits { scalars.append("#") }
                inDigits = true
                return
            }
            inDigits = false
            if v < 0x80 {
                scalars.append((v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A ? Unicode.Scalar(UInt8(v | 0x20)) : s)
            } else {
                scalars.append(contentsOf: s.properties.lowercaseMapping.unicodeScalars)
            }
        }
    }
}
