import PDFCore
import PDFGlyphs

/// A block during analysis: segments (lines) in reading order inside it.
struct Block {
    /// Indices into the segment array; for tables, each entry of `rows` is one line.
    var lines: [[Int]]
    var x0: Double
    var x1: Double
    var top: Double
    var bottom: Double
    var size: Double
    var kind: BlockKind
    var group: Int
    var firstGlyph: Int32
    /// Page furniture found in the top margin (read first).
    var isTopMargin = false

    var centerY: Double { (top + bottom) / 2 }
    var width: Double { x1 - x0 }

    init(segment k: Int, _ s: Segment) {
        lines = [[k]]; x0 = s.x0; x1 = s.x1; top = s.top; bottom = s.bottom; size = s.size
        kind = .text; group = s.group; firstGlyph = s.firstGlyph
    }

    mutating func append(line: [Int], _ segs: [Segment]) {
        lines.append(line)
        for k in line {
            let s = segs[k]
            x0 = min(x0, s.x0); x1 = max(x1, s.x1); top = min(top, s.top); bottom = max(bottom, s.bottom)
            firstGlyph = min(firstGlyph, s.firstGlyph)
        }
    }
}

/// Overlap of two intervals (negative when apart).
@inline(__always) func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
    min(a1, b1) - max(a0, b0)
}

struct BlockFinder {
    let segments: [Segment]
    let options: LayoutOptions
    /// The page's items, which segments index (for word widths); may be empty.
    var items: [Item] = []
    /// The page whose glyphs the items are (for the letters a line starts and ends with).
    var page: PageGlyphs? = nil
    /// Segments that are equation numbers ("(3)"): rows that each hold one (display formulas
    /// numbered at the column's edge, perhaps beside the other column's text) are not a table.
    var equationNumbers: Set<Int> = []
    /// The orientation of the segments' frame (for the page's painted rules).
    var orientation = Orientation(angle: 0, isDiagonal: false)
    /// Answers of `isProseLine` by segment, asked again and again for the rows of a run.
    let proseLines = ProseLineCache()

    final class ProseLineCache { var answers: [Int: Bool] = [:] }

    /// A painted rule in the segments' frame: its extent along the line and across it.
    struct Rule { var along0, along1, across0, across1: Double }

    /// The page's thin rules: painted paths no thicker than `tableRuleThickness` em (of
    /// `size`) across the line, in the segments' frame.
    func thinRules(size: Double) -> [Rule] {
        guard let page else { return [] }
        let display = page.unscaledDisplayTransform
        let (fx, fy) = orientation.flow
        let (nx, ny) = (-fy, fx)
        var rules: [Rule] = []
        for path in page.paths {
            let b = path.bounds
            var r = Rule(along0: .infinity, along1: -.infinity, across0: .infinity, across1: -.infinity)
            for (x, y) in [(b.x0, b.y0), (b.x1, b.y0), (b.x0, b.y1), (b.x1, b.y1)] {
                let p = display.apply(Point(x: x, y: y))
                let along = p.x * fx + p.y * fy, across = p.x * nx + p.y * ny
                r.along0 = min(r.along0, along); r.along1 = max(r.along1, along)
                r.across0 = min(r.across0, across); r.across1 = max(r.across1, across)
            }
            if r.across1 - r.across0 <= options.tableRuleThickness * size { rules.append(r) }
        }
        return rules
    }

    /// Whether `rules` lying between `upper` and `lower` (the frame's line-normal
    /// coordinates, give or take `LayoutConstants.ruleSlack`) together cover `tableRuleCover` of
    /// `x0`…`x1` along the line.
    func rulesCover(_ rules: [Rule], _ x0: Double, _ x1: Double, between upper: Double, and lower: Double,
                    size: Double) -> Bool {
        guard x1 > x0 else { return false }
        var covered = 0.0
        for r in rules where r.across0 >= upper - LayoutConstants.ruleSlack * size && r.across1 <= lower + LayoutConstants.ruleSlack * size {
            covered += max(0, min(x1, r.along1) - max(x0, r.along0))
        }
        return covered >= options.tableRuleCover * (x1 - x0)
    }

    /// Groups the remaining segments into blocks: a segment joins the block whose last line
    /// is just above it (gap within `blockGapRatio`), overlaps it along the line, and has a
    /// similar size (`blockSizeChange`). A segment under two blocks at once (a heading across
    /// columns) starts its own block.
    func blocks(excluding used: Set<Int>) -> [Block] {
        let order = segments.indices.filter { !used.contains($0) }.sorted { a, b in
            let sa = segments[a], sb = segments[b]
            if sa.top != sb.top { return sa.top < sb.top }
            if sa.x0 != sb.x0 { return sa.x0 < sb.x0 }
            return sa.firstGlyph < sb.firstGlyph
        }
        var blocks: [Block] = []
        var lastSegment: [Int] = []   // per block: its last line's segment
        var active: [Int] = []        // blocks that may still grow
        for k in order {
            let s = segments[k]
            var candidates: [(block: Int, gap: Double)] = []
            active.removeAll { b in s.top - blocks[b].bottom > options.blockReach * max(s.size, blocks[b].size) }
            for b in active {
                let last = segments[lastSegment[b]]
                guard s.baseline > last.baseline + options.nextLineShift * min(s.size, last.size) else { continue }
                let gap = s.top - last.bottom
                guard gap <= options.blockGapRatio * max(s.size, last.size) else { continue }
                let ov = overlap(s.x0, s.x1, last.x0, last.x1)
                guard ov > options.blockOverlapShare * min(s.width, last.width) || ov > options.blockOverlapWidth * min(s.size, last.size) else { continue }
                guard abs(s.size - last.size) <= options.blockSizeChange * max(s.size, last.size) else { continue }
                candidates.append((b, gap))
            }
            // A segment that spans two blocks side by side belongs to neither.
            if candidates.count >= 2 {
                let xs = candidates.map { blocks[$0.block] }
                let apart = xs.indices.contains { i in xs.indices.contains { j in
                    i != j && overlap(xs[i].x0, xs[i].x1, xs[j].x0, xs[j].x1) <= 0 } }
                if apart { candidates.removeAll() }
            }
            // Nor does a segment under a block and, beside it, another that ended a little
            // higher up (captions of unequal length side by side, a paragraph under them).
            if let only = candidates.first, candidates.count == 1 {
                let c = blocks[only.block]
                if active.contains(where: { b in
                    let o = blocks[b]
                    return b != only.block && o.bottom <= s.top && overlap(o.x0, o.x1, s.x0, s.x1) > s.size
                        && overlap(o.x0, o.x1, c.x0, c.x1) <= 0
                }) { candidates.removeAll() }
            }
            // An equation number goes at the end of the nearest line to its left on its
            // baseline (the equation) that is the last of its block, when a block at most
            // `equationNumberReach` above spans both (the column they stand in: not a line of
            // the page's other column).
            if options.joinsEquationNumbers, isEquationNumber(k) {
                var host: Int? = nil
                for b in active {
                    let last = segments[lastSegment[b]]
                    guard last.x1 < s.x0, abs(last.baseline - s.baseline) <= options.baselineTolerance * min(s.size, last.size),
                          host.map({ segments[lastSegment[$0]].x1 < last.x1 }) ?? true else { continue }
                    host = b
                }
                // Nothing else on the baseline between the equation and its number.
                if let b = host, blocks.contains(where: { c in
                    c.x0 <= segments[lastSegment[b]].x0 + s.size && c.x1 >= s.x1 - s.size
                        && c.top < s.top && s.top - c.bottom <= options.equationNumberReach * s.size
                }), !segments.indices.contains(where: { j in
                    let o = segments[j]
                    return j != k && j != lastSegment[b] && o.x0 >= segments[lastSegment[b]].x1 && o.x1 <= s.x0
                        && abs(o.baseline - s.baseline) <= options.baselineTolerance * min(s.size, o.size)
                }) {
                    blocks[b].lines[blocks[b].lines.count - 1].append(k)
                    blocks[b].x1 = max(blocks[b].x1, s.x1)
                    blocks[b].top = min(blocks[b].top, s.top); blocks[b].bottom = max(blocks[b].bottom, s.bottom)
                    continue
                }
            }
            if let best = candidates.min(by: { $0.gap != $1.gap ? $0.gap < $1.gap : $0.block < $1.block }) {
                blocks[best.block].append(line: [k], segments)
                lastSegment[best.block] = k
            } else {
                blocks.append(Block(segment: k, s))
                lastSegment.append(k)
                active.append(blocks.count - 1)
            }
        }
        return blocks
    }
}
