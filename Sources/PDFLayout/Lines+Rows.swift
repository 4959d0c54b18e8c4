import PDFCore
import PDFGlyphs

// `LineFinder.segments`' rows: the fragments of one orientation group in rows by baseline,
// each row cut into pieces at its gaps, and which gaps split a line (a column gutter, a cell
// border) and which are wide spaces (a justified line, a river). The gap tests themselves
// are in Lines+Gaps.swift.

/// The fragments of one orientation group in rows, each row's pieces and the gaps between
/// them, and the caches the gap tests share. `LineFinder.segments` builds one, cuts the rows
/// (`cutRows`) and merges the pieces no gap splits (`merge`).
struct SegmentRows {
    /// A gap between two pieces of a row (pieces closer than `segmentGapRatio` merge; the
    /// wider gaps are noted).
    struct Gap { var x0: Double; var x1: Double; var hard: Bool; var narrow = false; var drawnApart = false; var dropCap = false
        /// Narrower than `narrowCellGapRatio` or overlapping, sides drawn apart (`overlappingCellStarts`).
        var touching = false }
    /// A fragment's extent only: the walks of the gap tests copy an element per step, and a
    /// whole fragment's copy took references to its two arrays and gave them back.
    struct Extent { var x0: Double, x1: Double, baseline: Double, size: Double }

    let finder: LineFinder
    let options: LayoutOptions
    let items: [Item]
    let page: PageGlyphs
    let fragments: [Segment]
    /// Fragment indices by baseline, then x, then content order.
    let order: [Int]
    /// The fragments in rows, in `order`.
    let rows: [[Segment]]
    /// Each row's pieces, by x (fragments merged across gaps narrower than the gaps that
    /// may split a line), and the gaps between them (`cutRows`).
    var pieces: [[Segment]] = []
    var gaps: [[Gap]] = []
    /// The fragments' extents in `order`, and the row of each.
    let byBaseline: [Extent]
    let rowOf: [Int]
    // A fragment's place in the content stream, by its first glyph (fragments come in
    // content order): two sides of a gap drawn apart have other text drawn between them.
    // (Sorted pairs searched by halves: a hash table's type costs a process about 450 K
    // instructions the first time. Of two fragments with one first glyph the later counts.)
    var fragmentIndex: [(glyph: Int32, index: Int)]? = nil
    // Super- and subscripts on baselines of their own (a footnote mark, a citation, an
    // index), by baseline: they fill the gap they sit in between two pieces of a row
    // (`scriptsFillGaps`), so that "word¹ word" is measured by its white, not as one gap.
    // (Collected when a gap first needs them.)
    var scriptsByBaseline: [Segment]? = nil
    /// Each row's word spaces and letter spacing, found when a gap test first asks
    /// (`wordGaps(ofRow:)`).
    var rowWordGaps: [[(x: Double, width: Double)]?]
    var rowLetterSpacing: [Double]

    init(finder: LineFinder, fragments: [Segment]) {
        self.finder = finder
        options = finder.options
        items = finder.items
        page = finder.page
        self.fragments = fragments
        // Rows: fragments sorted by baseline, a new row when the baseline moves by more than
        // the tolerance from the row's first fragment (a key sort: a strict weak ordering).
        // (Fields read in place: a copy of each fragment per comparison took references to
        // its arrays and gave them back.)
        let order = fragments.indices.sorted { a, b in
            if fragments[a].baseline != fragments[b].baseline { return fragments[a].baseline < fragments[b].baseline }
            if fragments[a].x0 != fragments[b].x0 { return fragments[a].x0 < fragments[b].x0 }
            return fragments[a].firstGlyph < fragments[b].firstGlyph
        }
        var rows: [[Segment]] = []
        var rowBaseline = 0.0, rowSize = 0.0
        for k in order {
            let f = fragments[k]
            if rows.isEmpty || abs(f.baseline - rowBaseline) > options.baselineTolerance * min(rowSize, f.size) {
                rows.append([])
                rowBaseline = f.baseline; rowSize = f.size
            }
            rows[rows.count - 1].append(f)
        }
        self.order = order
        self.rows = rows
        let byBaseline = order.map { Extent(x0: fragments[$0].x0, x1: fragments[$0].x1,
                                            baseline: fragments[$0].baseline, size: fragments[$0].size) }
        var rowOf = [Int](repeating: 0, count: byBaseline.count)
        do {
            var k = 0
            for (r, row) in rows.enumerated() { for _ in row { rowOf[k] = r; k += 1 } }
        }
        self.byBaseline = byBaseline
        self.rowOf = rowOf
        rowWordGaps = .init(repeating: nil, count: rows.count)
        rowLetterSpacing = .init(repeating: 0, count: rows.count)
    }

    /// Whether other text is drawn between the fragments of `a` and `b` (`fragmentIndex`).
    mutating func drawnApart(_ a: Segment, _ b: Segment) -> Bool {
        if fragmentIndex == nil {
            var pairs = fragments.enumerated().map { (glyph: $0.element.firstGlyph, index: $0.offset) }
            pairs.sort { $0.glyph != $1.glyph ? $0.glyph < $1.glyph : $0.index < $1.index }
            fragmentIndex = pairs
        }
        func place(_ glyph: Int32) -> Int? {
            guard let pairs = fragmentIndex else { return nil }
            // The last pair whose glyph is not above `glyph`.
            var lo = 0, hi = pairs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if pairs[mid].glyph <= glyph { lo = mid + 1 } else { hi = mid }
            }
            return lo > 0 && pairs[lo - 1].glyph == glyph ? pairs[lo - 1].index : nil
        }
        guard let i = place(a.firstGlyph), let j = place(b.firstGlyph) else { return false }
        return abs(i - j) > 1
    }
    /// The widest white left between `a` and `b` once the scripts standing in it are
    /// placed, its ends, and how many scripts fill it (0: none; the gap as it is).
    mutating func filledGap(_ a: Segment, _ b: Segment, size: Double) -> (x0: Double, x1: Double, scripts: Int) {
        let none = (a.x1, b.x0, 0)
        // Only a gap wide enough to be a column's or cell's border: narrower ones are
        // word spaces or cell borders as they are, script or not.
        guard options.scriptsFillGaps, b.x0 - a.x1 > options.segmentGapRatio * size else { return none }
        if scriptsByBaseline == nil { scriptsByBaseline = order.map { fragments[$0] }.filter { $0.items.count <= LayoutConstants.scriptMaxGlyphs } }
        guard let scripts = scriptsByBaseline, !scripts.isEmpty else { return none }
        let reach = options.scriptShiftRatio * size, baseline = a.baseline
        // The first script whose baseline is within reach, by binary search.
        var lo = 0, hi = scripts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if scripts[mid].baseline < baseline - reach { lo = mid + 1 } else { hi = mid }
        }
        var inside: [(Double, Double)] = []
        while lo < scripts.count && scripts[lo].baseline <= baseline + reach {
            let s = scripts[lo]
            lo += 1
            guard finder.isScript(s, ofSize: size, baseline: baseline), s.x0 >= a.x1 - options.scriptGapRatio * size,
                  s.x1 <= b.x0 + options.scriptGapRatio * size, s.x1 > a.x1, s.x0 < b.x0 else { continue }
            inside.append((s.x0, s.x1))
        }
        guard !inside.isEmpty else { return none }
        inside.sort { $0.0 < $1.0 }
        var widest = (x0: a.x1, x1: a.x1), at = a.x1
        for (x0, x1) in inside {
            if x0 - at > widest.x1 - widest.x0 { widest = (at, x0) }
            at = max(at, x1)
        }
        if b.x0 - at > widest.x1 - widest.x0 { widest = (at, b.x0) }
        // A script a word's width away from both pieces fills nothing they share.
        if widest.x1 - widest.x0 > options.segmentGapRatio * size { return none }
        return (widest.x0, max(widest.x0, widest.x1), inside.count)
    }

    /// Sorts each row by x and cuts it into pieces: fragments closer than `narrowCellGapRatio`
    /// join (unless drawn apart, `overlappingCellStarts`), the wider gaps are noted, those of
    /// `hardSegmentGapRatio` and more (or beside a drop cap) as hard.
    mutating func cutRows() {
        var pieces: [[Segment]] = []
        var gaps: [[Gap]] = []
        for var row in rows {
            row.sort { a, b in a.x0 != b.x0 ? a.x0 < b.x0 : a.firstGlyph < b.firstGlyph }
            var out: [Segment] = [row[0]]
            var rowGaps: [Gap] = []
            var previous = row[0]
            for f in row.dropFirst() {
                defer { previous = f }
                let cur = out[out.count - 1]
                let size = max(cur.size, f.size)
                let filled = filledGap(cur, f, size: size)
                let gap = filled.x1 - filled.x0
                // A glyph nearly twice the size of its neighbour (a drop cap) is not part of
                // its line segment; super- and subscripts are, and join below.
                let dropCapSized = f.size >= cur.size * options.dropCapSizeRatio || cur.size >= f.size * options.dropCapSizeRatio
                if gap <= options.narrowCellGapRatio * size && !dropCapSized {
                    if options.overlappingCellStarts > 0 && filled.scripts == 0 && drawnApart(previous, f) {
                        // Touching or overlapping, drawn apart: perhaps an overfull cell
                        // running into the next one; decided below. The gap ends where the
                        // next piece starts.
                        rowGaps.append(Gap(x0: min(cur.x1, f.x0), x1: f.x0, hard: false, narrow: true,
                                           drawnApart: true, touching: true))
                        out.append(f)
                    } else {
                        out[out.count - 1].absorb(f, items: items)
                    }
                } else if gap <= options.segmentGapRatio * size && !dropCapSized {
                    rowGaps.append(Gap(x0: filled.x0, x1: filled.x1, hard: false, narrow: true,
                                       drawnApart: filled.scripts == 0 && drawnApart(previous, f)))
                    out.append(f)
                } else {
                    rowGaps.append(Gap(x0: cur.x1, x1: max(cur.x1, f.x0),
                                       hard: gap >= options.hardSegmentGapRatio * size || dropCapSized,
                                       drawnApart: drawnApart(previous, f), dropCap: dropCapSized))
                    out.append(f)
                }
            }
            pieces.append(out)
            gaps.append(rowGaps)
        }
        self.pieces = pieces
        self.gaps = gaps
    }

    func firstFragment(ofRow r: Int) -> Int {
        var start = 0, end = byBaseline.count
        while start < end {
            let mid = (start + end) / 2
            if rowOf[mid] < r { start = mid + 1 } else { end = mid }
        }
        return start
    }

    /// The rows' pieces merged where no gap splits them (`splits`), and each row's indices
    /// into the merged segments.
    mutating func merge() -> (segments: [Segment], rows: [[Int]]) {
        var merged: [Segment] = []
        var mergedRows: [[Int]] = []
        for r in pieces.indices {
            var cur = pieces[r][0]
            var row: [Int] = []
            for (k, next) in pieces[r].dropFirst().enumerated() {
                if splits(row: r, gap: k, cur, next) { row.append(merged.count); merged.append(cur); cur = next } else { cur.absorb(next, items: items) }
            }
            row.append(merged.count)
            merged.append(cur)
            mergedRows.append(row)
        }
        return (merged, mergedRows)
    }

    /// Whether gap `k` of row `r` splits `cur` (the row's text since its last split) from
    /// `next`, the piece after the gap.
    mutating func splits(row r: Int, gap k: Int, _ cur: Segment, _ next: Segment) -> Bool {
        let g = gaps[r][k]
        // A list marker (bullet, "1.", "a)") stays with its item however wide the gap;
        // a number before a number is a table's cell ("17", "53.32"), not a marker.
        let marker = k == 0 && !g.hard && finder.isListMarker(cur) && !(finder.edgeIsDigit(cur, last: true) && finder.edgeIsDigit(next, last: false))
        let size = max(cur.size, next.size)
        var split = g.hard
        if split && isJustifiedWideSpace(g, row: r, gap: k, cur, next, size: size, marker: marker) {
            split = false
        } else if g.touching {
            // An overfull cell touching or overlapping the next cell of its row (the
            // content stream draws them apart): a cell border where cells start at the
            // next piece's start in rows nearby.
            split = !marker && alignedStarts(g, row: r, size: size, narrowest: options.narrowCellGapRatio)
                >= options.overlappingCellStarts
        } else if !split && !marker && g.drawnApart
            && (alignedStarts(g, row: r, size: size, narrowest: options.narrowCellGapRatio) >= options.drawnApartCellStarts
                || (!g.narrow && options.drawnApartCellStartWindow > options.cellStartWindow
                    && alignedStarts(g, row: r, size: size, narrowest: options.narrowCellGapRatio,
                                     window: options.drawnApartCellStartWindow) > options.drawnApartCellStarts)) {
            // Sides drawn apart (a table drawn cell by cell) with cells starting at the
            // gap's end nearby, narrow gaps counting: a cell border. A gap of a
            // segment gap or more also counts one more row further away
            // (`drawnApartCellStartWindow`): rows of tall cells set the cells of the
            // rows above and below far away.
            split = true
        } else if g.narrow {
            // Narrower than a segment gap: a cell border only where cells start at its
            // end in several rows around (a full cell set close to the next column).
            split = alignedStarts(g, row: r, size: size) >= options.riverAlignedStarts
        } else if !split && !marker {
            let b = pieces[r][0].baseline
            if spreadFlushLine(row: r, gap: k, size: size) {
                // A line of few words spread evenly across a narrow column, flush with
                // the line above or below (`spreadLineGaps`): no river, no gutter.
                split = false
            } else if isRiverLike(g, row: r, from: cur.x0) {
                // As wide as the line's word spaces: a gutter only when the stripe runs
                // on for many lines (a river is short, and meanders), or cells start at
                // its edge in several rows (a table whose cells are single words).
                split = isStripe(g, row: r, baseline: b, size: size, window: options.riverStripeWindow,
                                 lines: options.riverStripeLines, edgeShare: options.riverGutterEdgeShare)
                    || cellStartsOutnumberCrossings(g, row: r, size: size, crossingRatio: options.cellStartCrossings,
                                                    flushEnd: k + 2 == pieces[r].count ? next.x1 : nil)
            } else {
                // Wider than the line's word spaces: cells starting in line, or a
                // stripe through two more lines on each side, or through
                // `gutterStripeLines` when text after it starts at the same x in another
                // row (a column's edge: two-line captions side by side; a wide sentence
                // space lined up with another by chance has no such edge).
                let starts = alignedStarts(g, row: r, size: size)
                split = starts >= 2 || isolatedGap(g, cur, next, size: size) || isStripe(g, row: r, baseline: b, size: size, window: options.stripeWindow,
                                                lines: starts >= 1 ? min(2, options.gutterStripeLines) : 2)
                    || (isolatedGap(g, cur, next, size: size, wordSpaces: options.openGapWordSpaces)
                        && (typicalWordGap(g, row: r, from: cur.x0).map { g.x1 - g.x0 >= options.openGapWordSpaces * $0 } ?? false)
                        && isOpen(g, row: r, baseline: b, size: size))
            }
        }
        // A heading beside a column's line: the stripe runs between lines of the
        // smaller size, which the search above, in the larger size, left out. A gap
        // narrow in the heading's size is a full segment gap in the smaller one (a
        // column gutter of one em beside a heading).
        let small = min(cur.size, next.size)
        if !split && !marker && (!g.narrow || g.x1 - g.x0 > options.segmentGapRatio * small) && small < size / options.stripeSizeChange {
            split = isStripe(g, row: r, baseline: pieces[r][0].baseline, size: small,
                             window: options.stripeWindow * size / small, lines: 2)
        }
        return split
    }

    /// Whether hard gap `g` (gap `k` of row `r`, between `cur` and `next`) is a very wide space
    /// of a justified narrow column rather than a split.
    mutating func isJustifiedWideSpace(_ g: Gap, row r: Int, gap k: Int, _ cur: Segment, _ next: Segment,
                                       size: Double, marker: Bool) -> Bool {
        guard !g.dropCap && !marker && options.hardGapCrossWindow > 0
            && !(finder.edgeIsDigit(cur, last: true) && finder.edgeIsDigit(next, last: false))
            // A number ending its line is a page number, unless the words before it
            // are spread as widely (a justified narrow column's line ending in a number).
            && !(k == pieces[r].count - 2 && finder.edgeIsDigit(next, last: false)
                 && finder.widestSpace(cur) < g.x1 - g.x0 - options.evenGapTolerance * size) else { return false }
        // A very wide space of a justified narrow column (`hardGapLineWidth`): the words before it on
        // its line are spread as widely (within `riverGapRatio`), or are one word;
        // the lines just above and below fill it; and cells start at its end in
        // fewer than `riverAlignedStarts` rows within `hardGapCellStartWindow` em, as for
        // river-like gaps.
        // An equation and its number are not spread so.
        let b = pieces[r][0].baseline
        let inner = finder.widestSpace(cur)
        // One word: no gap wider than a space beyond the line's letter spacing.
        let oneWord = inner <= options.wordGapRatio * size
            || inner <= (spacing(ofRow: r) + options.wordGapRatio) * size
        // A row spread evenly (`evenHardGaps`) needs its white closed on one side only:
        // its rivers may run on for a few lines on the other.
        let narrowLine = next.x1 - cur.x0 <= options.hardGapLineWidth * size
        let even = options.evenHardGaps > 0 && evenGaps(g, row: r, size: size) >= options.evenHardGaps
        return (narrowLine || even) && !(options.hardGapDrawnInOrder && g.drawnApart && finder.wordEdges(cur, next))
            && (oneWord || options.riverGapRatio * inner >= g.x1 - g.x0)
            && closes(isCrossed(g, row: r, baseline: b, size: size, step: -1, from: cur.x0, to: next.x1),
                      isCrossed(g, row: r, baseline: b, size: size, step: 1, from: cur.x0, to: next.x1), either: even)
            // (A narrow line's cells are looked for as far as `hardGapCellStartWindow`;
            // an evenly spread row's words start in line with others by chance.)
            && !cellStartsOutnumberCrossings(g, row: r, size: size, crossingRatio: options.hardGapCellStartCrossings,
                                             window: even && !narrowLine ? nil : max(options.cellStartWindow, options.hardGapCellStartWindow))
    }
}
