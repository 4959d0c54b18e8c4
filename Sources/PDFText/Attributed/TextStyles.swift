import PDFCore
import PDFLayout
import PDFGlyphs

// Character styles of a page's text: what `attributedString` and `pdftext --attributed`
// report per character, computed once per page as runs over `PageLayout.characters`.

/// A colour as sRGB components in 0…1, rounded to 1/255 so that equal colours compare equal.
public struct PDFColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func q(_ v: Double) -> Double { v.isFinite ? (max(0, min(1, v)) * 255).rounded() / 255 : 0 }
        self.red = q(red); self.green = q(green); self.blue = q(blue); self.alpha = q(alpha)
    }

    public init(_ c: RGBA) {
        self.init(red: Double(c.red), green: Double(c.green), blue: Double(c.blue), alpha: Double(c.alpha))
    }

    public static let black = PDFColor(red: 0, green: 0, blue: 0)

    /// The components as integers 0…255 (red, green, blue, alpha); components outside 0…1
    /// are clamped and NaN reads as 0.
    public var bytes: (red: Int, green: Int, blue: Int, alpha: Int) {
        func byte(_ v: Double) -> Int { min(max(Int(saturating: (v * 255).rounded()), 0), 255) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque (CSS colour syntax).
    public var hex: String {
        let b = bytes
        func h(_ v: Int) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
        return "#" + h(b.red) + h(b.green) + h(b.blue) + (b.alpha < 255 ? h(b.alpha) : "")
    }

    public var description: String { hex }
}

/// An area of a page that links somewhere: a link annotation's rectangle, or its
/// quadrilaterals (`/QuadPoints`) when it has them. A character belongs to the link when the
/// centre of its glyph box lies in the area.
public struct LinkArea: Sendable, Hashable {
    /// The annotation's `/Rect`, page space.
    public var rect: Rect
    /// The annotation's `/QuadPoints`, page space; empty when it has none (then `rect` counts).
    public var quads: [Quad]
    /// The URI of a URI action.
    public var url: String?
    /// The 0-based page a destination (or GoTo action) leads to.
    public var pageIndex: Int?

    public init(rect: Rect, quads: [Quad] = [], url: String? = nil, pageIndex: Int? = nil) {
        self.rect = rect; self.quads = quads; self.url = url; self.pageIndex = pageIndex
    }

    /// The smallest upright rectangle holding the area.
    public var bounds: Rect {
        guard var b = quads.first?.bounds else { return rect }
        for q in quads.dropFirst() {
            let r = q.bounds
            b = Rect(x0: min(b.x0, r.x0), y0: min(b.y0, r.y0), x1: max(b.x1, r.x1), y1: max(b.y1, r.y1))
        }
        return b
    }

    /// Whether a page-space point lies in the area: in one of the quadrilaterals (whatever
    /// the order of their corners), or in `rect` when there are none.
    public func contains(_ p: Point) -> Bool {
        if quads.isEmpty { return p.x >= rect.x0 && p.x <= rect.x1 && p.y >= rect.y0 && p.y <= rect.y1 }
        return quads.contains { q in
            // The four triangles over the corners cover their convex hull, for any corner order.
            let c = [q.lowerLeft, q.lowerRight, q.upperRight, q.upperLeft]
            return LinkArea.inTriangle(p, c[0], c[1], c[2]) || LinkArea.inTriangle(p, c[0], c[2], c[3])
                || LinkArea.inTriangle(p, c[0], c[1], c[3]) || LinkArea.inTriangle(p, c[1], c[2], c[3])
        }
    }

    static func inTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
        func cross(_ o: Point, _ u: Point, _ v: Point) -> Double { (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x) }
        let d1 = cross(a, b, p), d2 = cross(b, c, p), d3 = cross(c, a, p)
        let negative = d1 < 0 || d2 < 0 || d3 < 0, positive = d1 > 0 || d2 > 0 || d3 > 0
        return !(negative && positive)
    }
}

/// The style of one character of the page text.
public struct TextStyle: Sendable, Hashable {
    /// The font family, without a subset prefix (`ABCDEF+`).
    public var fontFamily: String
    /// The font's PostScript name (`/BaseFont` without a subset prefix).
    public var postScriptName: String
    /// The size the text is shown at, in points (the font size × the text and current
    /// transformation matrices' vertical scale × `/UserUnit`), rounded to 0.01.
    public var fontSize: Double
    /// Bold by the font (descriptor, name), or drawn bold (see `isSyntheticBold`).
    public var isBold: Bool
    /// Italic by the font (descriptor, name), or slanted by the text matrix (see `isSyntheticItalic`).
    public var isItalic: Bool
    public var isMonospace: Bool
    /// Made bold by painting: filled and stroked (text rendering mode 2 or 6).
    public var isSyntheticBold: Bool
    /// Made italic by a skewed text matrix.
    public var isSyntheticItalic: Bool
    /// The colour glyphs are painted with (the stroke colour for stroke-only rendering modes).
    public var foregroundColor: PDFColor
    /// The baseline's distance from the line's main baseline, in points: positive for
    /// superscripts, negative for subscripts, 0 on the main baseline.
    public var baselineOffset: Double
    public var isUnderlined: Bool
    public var isStrikethrough: Bool
    /// The URI the character links to, as the file writes it (data: a writer that makes it
    /// a live link passes it through ``LinkPolicy`` first).
    public var linkURL: String?
    /// The 0-based page the character links to.
    public var linkPageIndex: Int?
    /// BCP 47 language tag: the marked content's `/Lang` (nearest enclosing span), else the
    /// document's.
    public var language: String?
    /// The structure type of the marked content (`P`, `H1`, `Span`, a custom name), from the
    /// structure tree when the content has an MCID the tree names, else the marked-content tag.
    public var structureRole: String?

    public init(fontFamily: String = "", postScriptName: String = "", fontSize: Double = 0,
                isBold: Bool = false, isItalic: Bool = false, isMonospace: Bool = false,
                isSyntheticBold: Bool = false, isSyntheticItalic: Bool = false,
                foregroundColor: PDFColor = .black, baselineOffset: Double = 0,
                isUnderlined: Bool = false, isStrikethrough: Bool = false,
                linkURL: String? = nil, linkPageIndex: Int? = nil, language: String? = nil,
                structureRole: String? = nil) {
        self.fontFamily = fontFamily; self.postScriptName = postScriptName; self.fontSize = fontSize
        self.isBold = isBold; self.isItalic = isItalic; self.isMonospace = isMonospace
        self.isSyntheticBold = isSyntheticBold; self.isSyntheticItalic = isSyntheticItalic
        self.foregroundColor = foregroundColor; self.baselineOffset = baselineOffset
        self.isUnderlined = isUnderlined; self.isStrikethrough = isStrikethrough
        self.linkURL = linkURL; self.linkPageIndex = linkPageIndex
        self.language = language; self.structureRole = structureRole
    }

    /// Whether the character is part of a link.
    public var isLink: Bool { linkURL != nil || linkPageIndex != nil }
}

/// The thresholds of style detection. Sizes are fractions of the font size of the text
/// concerned (the line's main size for rules, the character's own for their position).
public struct TextStyleOptions: Sendable, Hashable {
    /// Baseline shifts smaller than this fraction of the line's main font size count as
    /// none (kerning, rounding, jittery producers).
    public var minimumBaselineShift: Double = 0.08
    /// Baseline shifts larger than this fraction of the line's main font size are not
    /// super- or subscripts but other lines the layout read as one (a table row whose cells
    /// wrap): they count as none.
    public var maximumBaselineShift: Double = 0.75
    /// Characters whose baselines differ by at most this fraction of the font size are on
    /// one baseline when finding a line's main baseline.
    public var baselineTolerance: Double = 0.04
    /// A decoration rule is at most this thick (fraction of the line's main font size).
    public var maximumRuleThickness: Double = 0.15
    /// A decoration rule is at least this many times as long as it is thick.
    public var minimumRuleAspect: Double = 3
    /// An underline's centre lies at most this far below the baseline (the descent region).
    public var underlineDepth: Double = 0.45
    /// An underline's centre lies at most this far above the baseline.
    public var underlineRise: Double = 0.05
    /// A strike-through's centre lies between these heights above the baseline (around the
    /// middle of the x-height).
    public var strikeLow: Double = 0.15
    public var strikeHigh: Double = 0.45
    /// A rule decorates a character when it spans at least this fraction of the glyph's advance.
    public var minimumCharacterOverlap: Double = 0.5
    /// The line's glyphs cover at least this fraction of a decoration rule's length; rules
    /// that run far past the text (table borders, separators) are not decorations.
    public var minimumRuleCoverage: Double = 0.6
    /// A text matrix whose axes are this far from perpendicular (the cosine of their angle;
    /// 0.1 ≈ 6°) slants the text: synthetic italic.
    public var syntheticItalicShear: Double = 0.1

    public init() {}
}

/// Characters of one style: a range of `PageLayout.characters`.
public struct StyleRun: Sendable, Hashable {
    public var characters: Range<Int>
    public var style: TextStyle
    public init(characters: Range<Int>, style: TextStyle) { self.characters = characters; self.style = style }
}

/// The styles of a page's characters (or of a range of them), as runs: one run per change of
/// style, in character order, covering the range without gaps.
///
/// Characters the layout made up (spaces, line breaks) take the style of the character before
/// them; a link, underline, strike-through or baseline shift goes on over them only when the
/// character after them has it too, so a space inside a link is linked and the space after
/// it is not.
public struct PageTextStyles: Sendable {
    /// The characters described, a range of `PageLayout.characters`.
    public let characters: Range<Int>
    public let runs: [StyleRun]

    /// - Parameters:
    ///   - text: the page's glyphs and layout.
    ///   - characters: the range to describe (default: the whole page); clamped to the page.
    ///   - links: the page's link areas (from its link annotations).
    ///   - documentLanguage: the catalog's `/Lang`, for text no marked content gives a language.
    ///   - roles: the structure type of each MCID of the page (`StructureOrder.roles(forPage:)`).
    ///   - options: the detection thresholds.
    public init(_ text: PageText, characters: Range<Int>? = nil, links: [LinkArea] = [],
                documentLanguage: String? = nil, roles: [Int: String] = [:],
                options: TextStyleOptions = TextStyleOptions()) {
        let count = text.layout.characters.count
        let wanted = characters ?? 0..<count
        let range = max(0, min(wanted.lowerBound, count))..<max(0, min(wanted.upperBound, count))
        self.characters = range
        var builder = StyleBuilder(text: text, links: links, documentLanguage: documentLanguage, roles: roles, options: options)
        self.runs = builder.runs(range)
    }

    /// The run holding character `index` (an index into `PageLayout.characters`).
    public func run(containing index: Int) -> StyleRun? {
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].characters.upperBound <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo < runs.count && runs[lo].characters.contains(index) ? runs[lo] : nil
    }

    public func style(at index: Int) -> TextStyle? { run(containing: index)?.style }
}

// MARK: - Computation

/// What varies per character on top of its glyph run's style.
struct CharacterKey: Equatable {
    /// The glyph run, or -1 for none.
    var run: Int32 = -1
    /// Baseline offset in points.
    var shift: Float = 0
    var underline = false
    var strike = false
    /// The link target: index of the first link area with the same target, or -1.
    var link: Int32 = -1
    /// Whether the key comes from a glyph (not filled in from neighbours).
    var real = false

    static func == (a: CharacterKey, b: CharacterKey) -> Bool {
        a.run == b.run && a.shift == b.shift && a.underline == b.underline && a.strike == b.strike && a.link == b.link
    }
}

/// A candidate decoration rule in a line's frame.
struct RuleSpan {
    /// Extent along the writing direction, and across it (along "up").
    var along: ClosedRange<Double>
    var across: ClosedRange<Double>
}

struct StyleBuilder {
    let text: PageText
    let links: [LinkArea]
    let linkBounds: [Rect]
    /// Per link area, the first area with the same target (areas of one link on two lines
    /// are one link).
    let linkTargets: [Int32]
    let documentLanguage: String?
    let roles: [Int: String]
    let options: TextStyleOptions
    let unit: Double
    /// Thin, long painted paths: possible underlines and strike-throughs.
    let rules: [Rect]
    var baseStyles: [Int32: TextStyle] = [:]

    init(text: PageText, links: [LinkArea], documentLanguage: String?, roles: [Int: String], options: TextStyleOptions) {
        self.text = text
        self.links = links
        self.linkBounds = links.map(\.bounds)
        var first: [String: Int32] = [:]
        self.linkTargets = links.indices.map { i in
            let key = (links[i].url ?? "") + "\u{0}" + (links[i].pageIndex.map { String($0) } ?? "")
            if let f = first[key] { return f }
            first[key] = Int32(i)
            return Int32(i)
        }
        self.documentLanguage = documentLanguage
        self.roles = roles
        self.options = options
        let u = text.glyphs.userUnit
        self.unit = u > 0 && u.isFinite ? u : 1
        let aspect = max(1, options.minimumRuleAspect)
        self.rules = text.glyphs.paths.compactMap { p in
            let b = p.bounds
            guard b.x0.isFinite, b.y0.isFinite, b.x1.isFinite, b.y1.isFinite else { return nil }
            let thin = min(b.width, b.height), long = max(b.width, b.height)
            return long > 0 && long >= aspect * thin ? b : nil
        }
    }

    mutating func runs(_ range: Range<Int>) -> [StyleRun] {
        guard !range.isEmpty else { return [] }
        let layout = text.layout, glyphs = text.glyphs
        // Extend to the real characters on either side, so that made-up characters at the
        // edges of the range find their neighbours.
        var lower = range.lowerBound, upper = range.upperBound
        while lower > 0 && layout.characters[lower].glyph < 0 { lower -= 1 }
        while upper < layout.characters.count && layout.characters[upper - 1].glyph < 0 { upper += 1 }
        var keys = [CharacterKey](repeating: CharacterKey(), count: upper - lower)
        for i in lower..<upper {
            let g = Int(layout.characters[i].glyph)
            guard g >= 0, g < glyphs.glyphs.count else { continue }
            let run = glyphs.glyphs[g].run
            keys[i - lower] = CharacterKey(run: run >= 0 && Int(run) < glyphs.runs.count ? run : -1, real: true)
        }
        // Lines: baseline offsets, decorations, links.
        let firstLine = firstLine(endingAfter: lower)
        var l = firstLine
        while l < layout.lines.count, Int(layout.lines[l].characters.lowerBound) < upper {
            analyseLine(l, keys: &keys, offset: lower)
            l += 1
        }
        // Links of characters outside lines (there should be none, but the layout may change).
        fillNeighbours(&keys)
        return materialise(keys, offset: lower, range: range)
    }

    /// The first line whose characters end after `index` (binary search; lines are in
    /// character order).
    func firstLine(endingAfter index: Int) -> Int {
        let lines = text.layout.lines
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(lines[mid].characters.upperBound) <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The effective size of a glyph run in points.
    func size(ofRun r: Int32) -> Double {
        guard r >= 0, Int(r) < text.glyphs.runs.count else { return 0 }
        let s = text.glyphs.runs[Int(r)].effectiveSize * unit
        return s.isFinite ? s : 0
    }

    mutating func analyseLine(_ index: Int, keys: inout [CharacterKey], offset: Int) {
        let layout = text.layout, glyphs = text.glyphs
        let line = layout.lines[index]
        let chars = Int(line.characters.lowerBound)..<Int(line.characters.upperBound)
        // The characters of the line that are in `keys` and come from a glyph.
        struct Item { var key: Int; var glyph: Int; var up: Double; var along: ClosedRange<Double>; var size: Double }
        var items: [Item] = []
        items.reserveCapacity(chars.count)

        // The line's baseline frame, from the layout.
        let frame = line.frame.map { (u: $0.along, up: $0.up) }

        let keyRange = offset..<(offset + keys.count)
        var linked: [(key: Int, glyph: Int)] = []
        for i in chars where keyRange.contains(i) && keys[i - offset].real {
            let g = Int(layout.characters[i].glyph)
            linked.append((i - offset, g))
            guard let f = frame else { continue }
            let glyph = glyphs.glyphs[g]
            let q = glyph.quad
            let a = [q.lowerLeft, q.lowerRight, q.upperRight, q.upperLeft].map { $0.x * f.u.x + $0.y * f.u.y }
            let up = glyph.origin.x * f.up.x + glyph.origin.y * f.up.y
            // Damaged geometry (infinite or NaN coordinates) takes no part in baselines and rules.
            guard up.isFinite, let lo = a.min(), let hi = a.max(), lo.isFinite, hi.isFinite, lo <= hi else { continue }
            items.append(Item(key: i - offset, glyph: g, up: up, along: lo...hi, size: size(ofRun: glyph.run)))
        }

        // Links: the centre of the glyph box in an area.
        if !links.isEmpty {
            let lb = line.bounds
            let near = links.indices.filter { linkBounds[$0].intersection(lb) != nil }
            if !near.isEmpty {
                for item in linked {
                    let b = glyphs.glyphs[item.glyph].quad.bounds
                    let centre = Point(x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2)
                    if let k = near.first(where: { links[$0].contains(centre) }) { keys[item.key].link = linkTargets[k] }
                }
            }
        }
        guard let f = frame, !items.isEmpty else { return }

        // The main baseline: the largest group of characters on one baseline.
        let sizes = items.map(\.size).sorted()
        let medianSize = max(sizes[sizes.count / 2], 0.01)
        let tolerance = options.baselineTolerance * medianSize / unit
        let ups = items.map(\.up).sorted()
        var bestStart = 0, bestCount = 0, start = 0
        for j in 1...ups.count {
            if j == ups.count || ups[j] - ups[j - 1] > tolerance {
                if j - start > bestCount { bestCount = j - start; bestStart = start }
                start = j
            }
        }
        let main = ups[bestStart + bestCount / 2]
        let mainBand = ups[bestStart]...ups[bestStart + bestCount - 1]
        let mainSizes = items.filter { mainBand.contains($0.up) }.map(\.size).sorted()
        let mainSize = mainSizes.isEmpty ? medianSize : max(mainSizes[mainSizes.count / 2], 0.01)
        for item in items {
            var shift = (item.up - main) * unit
            if abs(shift) < options.minimumBaselineShift * mainSize || abs(shift) > options.maximumBaselineShift * mainSize { shift = 0 }
            keys[item.key].shift = Float((shift * 100).rounded() / 100)
        }

        // Decorations: thin rules near the line, in the line's frame.
        guard !rules.isEmpty else { return }
        let reach = (options.underlineDepth + options.strikeHigh) * mainSize / unit + 1
        let lb = line.bounds
        let zone = Rect(x0: lb.x0 - reach, y0: lb.y0 - reach, x1: lb.x1 + reach, y1: lb.y1 + reach)
        let maxThickness = options.maximumRuleThickness * mainSize / unit
        for rule in rules where rule.intersection(zone) != nil {
            let corners = [Point(x: rule.x0, y: rule.y0), Point(x: rule.x1, y: rule.y0),
                           Point(x: rule.x1, y: rule.y1), Point(x: rule.x0, y: rule.y1)]
            let along = corners.map { $0.x * f.u.x + $0.y * f.u.y }
            let across = corners.map { $0.x * f.up.x + $0.y * f.up.y }
            let a0 = along.min()!, a1 = along.max()!, h0 = across.min()!, h1 = across.max()!
            let length = a1 - a0, thickness = h1 - h0
            guard length > 0, thickness <= maxThickness, length >= options.minimumRuleAspect * thickness else { continue }
            // How much of the rule the line's glyphs cover.
            var covered = 0.0
            for item in items {
                covered += max(0, min(item.along.upperBound, a1) - max(item.along.lowerBound, a0))
            }
            guard covered >= options.minimumRuleCoverage * length else { continue }
            let centre = (h0 + h1) / 2
            for item in items {
                let width = item.along.upperBound - item.along.lowerBound
                let overlap = min(item.along.upperBound, a1) - max(item.along.lowerBound, a0)
                guard width > 0, overlap >= options.minimumCharacterOverlap * width else { continue }
                let size = max(item.size, 0.01) / unit
                let rel = centre - item.up
                if rel >= -options.underlineDepth * size && rel <= options.underlineRise * size {
                    keys[item.key].underline = true
                } else if rel >= options.strikeLow * size && rel <= options.strikeHigh * size {
                    keys[item.key].strike = true
                }
            }
        }
    }

    /// Made-up characters take their neighbours' keys (see ``PageTextStyles``).
    func fillNeighbours(_ keys: inout [CharacterKey]) {
        var previous: CharacterKey? = nil
        var i = 0
        while i < keys.count {
            if keys[i].real { previous = keys[i]; i += 1; continue }
            var j = i
            while j < keys.count && !keys[j].real { j += 1 }
            let next: CharacterKey? = j < keys.count ? keys[j] : nil
            var k = previous ?? next ?? CharacterKey()
            if let p = previous, let n = next {
                if p.link != n.link { k.link = -1 }
                if p.shift != n.shift { k.shift = 0 }
                k.underline = p.underline && n.underline
                k.strike = p.strike && n.strike
            } else {
                k.link = -1; k.shift = 0; k.underline = false; k.strike = false
            }
            k.real = false
            for m in i..<j { keys[m] = k }
            i = j
        }
    }

    mutating func materialise(_ keys: [CharacterKey], offset: Int, range: Range<Int>) -> [StyleRun] {
        var runs: [StyleRun] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let key = keys[i - offset]
            var j = i + 1
            while j < range.upperBound && keys[j - offset] == key { j += 1 }
            var style = baseStyle(key.run)
            style.baselineOffset = Double(key.shift)
            style.isUnderlined = key.underline
            style.isStrikethrough = key.strike
            if key.link >= 0 {
                style.linkURL = links[Int(key.link)].url
                style.linkPageIndex = links[Int(key.link)].pageIndex
            }
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].characters = last.characters.lowerBound..<j
            } else {
                runs.append(StyleRun(characters: i..<j, style: style))
            }
            i = j
        }
        return runs
    }

    /// The style a glyph run gives its characters (cached per run).
    mutating func baseStyle(_ r: Int32) -> TextStyle {
        if let s = baseStyles[r] { return s }
        let glyphs = text.glyphs
        var style = TextStyle(language: documentLanguage)
        if r >= 0, Int(r) < glyphs.runs.count {
            let run = glyphs.runs[Int(r)]
            if run.font >= 0, Int(run.font) < glyphs.fonts.count {
                let font = glyphs.fonts[Int(run.font)]
                let name = FontStyleNames.withoutSubsetPrefix(font.name.isEmpty ? font.baseFont : font.name)
                let hints = FontStyleNames.texHints(name)
                style.postScriptName = name
                style.fontFamily = FontStyleNames.withoutSubsetPrefix(font.family)
                style.isBold = font.isBold || hints.bold
                style.isItalic = font.isItalic || hints.italic
                style.isMonospace = font.isMonospaced || hints.monospace
            }
            style.fontSize = (size(ofRun: r) * 100).rounded() / 100
            let mode = run.renderingMode
            style.isSyntheticBold = mode == .fillStroke || mode == .fillStrokeClip
            let m = run.textMatrix
            let lx = (m.a * m.a + m.b * m.b).squareRoot(), ly = (m.c * m.c + m.d * m.d).squareRoot()
            if run.writingMode == 0, lx > 0, ly > 0 {
                let cosine = (m.a * m.c + m.b * m.d) / (lx * ly)
                style.isSyntheticItalic = cosine.isFinite && abs(cosine) > options.syntheticItalicShear
            }
            style.isBold = style.isBold || style.isSyntheticBold
            style.isItalic = style.isItalic || style.isSyntheticItalic
            let strokeOnly = mode == .stroke || mode == .strokeClip
            style.foregroundColor = PDFColor(strokeOnly ? run.strokeColor : run.fillColor)
            // Marked content: the nearest language, the structure role.
            var span = Int(run.markedContent), steps = 0
            var language: String? = nil, role: String? = nil, tag: String? = nil
            while span >= 0, span < glyphs.markedContent.count, steps < Self.maxSpanDepth {
                let s = glyphs.markedContent[span]
                if language == nil, let l = s.lang, !l.isEmpty { language = l }
                if role == nil, let mcid = s.mcid, let named = roles[mcid], !named.isEmpty { role = named }
                if tag == nil, !s.tag.isEmpty, !Self.nonStructureTags.contains(s.tag) { tag = s.tag }
                span = Int(s.parent)
                steps += 1
            }
            style.language = language ?? documentLanguage
            style.structureRole = role ?? tag
        }
        baseStyles[r] = style
        return style
    }

    /// How many enclosing marked-content spans are looked through at most.
    static let maxSpanDepth = 64
    /// Marked-content tags that say nothing of structure (optional content).
    static let nonStructureTags: Set<String> = ["OC"]
}

/// Style facts read from font names.
enum FontStyleNames {
    /// `ABCDEF+Name` → `Name`: six upper-case ASCII letters and a plus.
    static func withoutSubsetPrefix(_ s: String) -> String {
        let u = s.utf8
        guard u.count > 7 else { return s }
        var i = u.startIndex
        for _ in 0..<6 {
            guard (65...90).contains(u[i]) else { return s }
            i = u.index(after: i)
        }
        guard u[i] == UInt8(ascii: "+") else { return s }
        return String(s[s.utf8.index(after: i)...])
    }

    /// TeX's Computer Modern (`CMBX10`, `CMTI12`, `CMTT9`) and EC (`SFBX1000`) font names
    /// say their style in a code that the font descriptors usually do not repeat (their
    /// `/Flags` are 4 and they have no `/FontWeight`).
    static func texHints(_ name: String) -> (bold: Bool, italic: Bool, monospace: Bool) {
        let none = (false, false, false)
        let u = Array(name.utf8)
        let letters = u.prefix { $0 >= 65 && $0 <= 90 }
        guard letters.count >= 3, letters.count < u.count, u[letters.count...].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return none }
        let word = String(decoding: letters, as: UTF8.self)
        if word.hasPrefix("CM") {
            let code = String(word.dropFirst(2))
            return (cmBold.contains(code), cmItalic.contains(code), cmMonospace.contains(code))
        }
        if word.hasPrefix("SF"), word.count == 4, u.count - letters.count == 4 {
            let code = String(word.dropFirst(2))
            return (ecBold.contains(code), ecItalic.contains(code), ecMonospace.contains(code))
        }
        return none
    }

    static let cmBold: Set<String> = ["BX", "BXSL", "BXTI", "B", "MIB", "BSY", "SSBX", "SSDC", "FIB"]
    static let cmItalic: Set<String> = ["BXSL", "BXTI", "TI", "SL", "U", "SLTT", "ITT", "SSI", "SSQI", "MI", "MIB", "FI", "FIB"]
    static let cmMonospace: Set<String> = ["TT", "SLTT", "ITT", "TCSC"]
    static let ecBold: Set<String> = ["BX", "BI", "SO", "SX", "XC"]
    static let ecItalic: Set<String> = ["TI", "SL", "BI", "SO", "SI", "ST", "IT", "UI"]
    static let ecMonospace: Set<String> = ["TT", "ST", "IT", "TC"]
}
