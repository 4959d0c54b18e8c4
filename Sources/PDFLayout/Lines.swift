import PDFCore
import PDFTextModel

/// A line segment: glyphs on one baseline with no wide gap between them. Columns and table
/// cells that share a baseline are separate segments.
struct Segment {
    /// Indices into the item array, ordered along the text direction.
    var items: [Int32]
    var x0: Double
    var x1: Double
    /// Baseline and size of the segment's main (largest-share) text.
    var baseline: Double
    var size: Double
    var top: Double
    var bottom: Double
    var group: Int
    /// For each item but the last: whether a space follows it (decided by `inferSpaces`).
    var spaceAfter: [Bool] = []
    /// Number of words once spaces are known (words without a letter or digit, such as the
    /// dots of a leader, are not counted).
    var wordCount: Int = 1
    /// Smallest content-stream index of its glyphs: a stable tie-breaker.
    var firstGlyph: Int32
    /// A whole leader line: an entry, a leader of three dots or more and a number
    /// (`LineFinder.isLeaderLine`), set once the line's segments are final.
    var isLeaderLine = false

    var width: Double { x1 - x0 }
    var centerY: Double { (top + bottom) / 2 }
}

extension Segment {
    mutating func absorb(_ other: Segment, items all: [Item]) {
        items.append(contentsOf: other.items)
        x0 = min(x0, other.x0); x1 = max(x1, other.x1)
        top = min(top, other.top); bottom = max(bottom, other.bottom)
        firstGlyph = min(firstGlyph, other.firstGlyph)
        if other.size > size * 1.05 && other.items.count * 2 > items.count {
            size = other.size; baseline = other.baseline
        }
    }

    /// The last (or first) scalar of the segment's text at that end, its space glyphs left out
    /// and `skipping` more glyphs passed over: the character a line ends (or starts) with.
    /// Nil when the segment has no such glyph or its text is out of range.
    func edgeScalar(last: Bool, skipping: Int = 0, items all: [Item], page: PageGlyphs) -> Unicode.Scalar? {
        var skipped = 0
        for n in items.indices {
            let i = items[last ? items.count - 1 - n : n]
            guard Int(i) < all.count, !all[Int(i)].isSpace else { continue }
            if skipped < skipping { skipped += 1; continue }
            let g = Int(all[Int(i)].glyph)
            guard g >= 0, g < page.glyphs.count else { return nil }
            let r = page.glyphs[g].text
            guard r.lowerBound >= 0, r.lowerBound < r.upperBound, Int(r.upperBound) <= page.scalars.count else { return nil }
            return page.scalars[Int(last ? r.upperBound - 1 : r.lowerBound)]
        }
        return nil
    }

    /// Orders the items along the text direction; ties keep content order.
    mutating func sortItems(_ all: [Item]) {
        items.sort { a, b in
            let ia = all[Int(a)], ib = all[Int(b)]
            if ia.x0 != ib.x0 { return ia.x0 < ib.x0 }
            return ia.glyph < ib.glyph
        }
    }
}

/// Line finding for one orientation group.
struct LineFinder {
    let page: PageGlyphs
    let items: [Item]
    let options: LayoutOptions

    /// Chains glyphs in content order: a glyph continues the current fragment when it sits
    /// on the same baseline and within `segmentGapRatio` of it on either side. Producers draw
    /// text in runs, so this keeps words drawn glyph by glyph together and splits where the
    /// pen jumps (to another column, cell or line).
    func fragments(_ indices: [Int32]) -> [Segment] {
        var out: [Segment] = []
        // The fragment being read, as plain values (a `Segment` carried from glyph to glyph
        // was copied with its arrays' references): its items are consecutive entries of
        // `indices`, from `start`, given to the segment at their number when it ends.
        var current: FragmentBounds? = nil
        var start = 0
        var last: Item? = nil
        for (k, i) in indices.enumerated() {
            let it = items[Int(i)]
            defer { last = it }
            if var c = current {
                let size = min(c.size, it.size)
                // The same baseline as the fragment, or (a skewed line, as OCR layers of scans
                // have) as the glyph just before it when the pen moves on along the line.
                var sameBaseline = abs(it.baseline - c.baseline) <= options.baselineTolerance * size
                if !sameBaseline, let l = last, abs(l.size - it.size) <= 0.2 * it.size,
                   it.x0 >= l.x1 - 0.3 * size, it.x0 <= l.x1 + options.segmentGapRatio * size {
                    sameBaseline = abs(it.baseline - l.baseline) <= 0.5 * options.baselineTolerance * size
                }
                let reach = options.segmentGapRatio * max(c.size, it.size)
                let near = it.x0 <= c.x1 + reach && it.x1 >= c.x0 - reach
                let similarSize = it.size <= c.size * 1.6 && c.size <= it.size * 1.6
                if sameBaseline && near && similarSize {
                    c.absorb(it)
                    current = c
                    continue
                }
                out.append(c.segment(Array(indices[start..<k])))
            }
            current = FragmentBounds(it)
            start = k
        }
        if let c = current { out.append(c.segment(Array(indices[start...]))) }
        return out
    }

    /// What `fragments` keeps of the fragment being read: a segment without its arrays.
    struct FragmentBounds {
        var x0, x1, baseline, size, top, bottom: Double
        var group: Int
        var firstGlyph: Int32

        /// The bounds, size and baseline of one item.
        init(_ it: Item) {
            x0 = it.x0; x1 = it.x1; baseline = it.baseline; size = it.size
            top = it.top; bottom = it.bottom; group = it.group; firstGlyph = it.glyph
        }

        /// Takes in one more item. One item never holds the majority of a segment it joins
        /// (see `Segment.absorb(_:items:)`), so size and baseline stay.
        mutating func absorb(_ it: Item) {
            x0 = min(x0, it.x0); x1 = max(x1, it.x1)
            top = min(top, it.top); bottom = max(bottom, it.bottom)
            firstGlyph = min(firstGlyph, it.glyph)
        }

        func segment(_ items: [Int32]) -> Segment {
            Segment(items: items, x0: x0, x1: x1, baseline: baseline, size: size,
                    top: top, bottom: bottom, group: group, firstGlyph: firstGlyph)
        }
    }

    /// Merges fragments on one baseline whose gap is within `segmentGapRatio` (text drawn
    /// out of order, words placed one by one), then attaches super- and subscripts and drop
    /// caps to their lines.
    func segments(_ fragments: [Segment]) -> [Segment] {
        guard !fragments.isEmpty else { return [] }
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
        // Within a row: merge pieces closer than `segmentGapRatio`; note the wider gaps.
        struct Gap { var x0: Double; var x1: Double; var hard: Bool; var narrow = false; var drawnApart = false; var dropCap = false
            /// Narrower than `narrowCellGapRatio` or overlapping, sides drawn apart (`overlappingCellStarts`).
            var touching = false }
        // A fragment's place in the content stream, by its first glyph (fragments come in
        // content order): two sides of a gap drawn apart have other text drawn between them.
        // (Sorted pairs searched by halves: a hash table's type costs a process about 450 K
        // instructions the first time. Of two fragments with one first glyph the later counts.)
        var fragmentIndex: [(glyph: Int32, index: Int)]? = nil
        func drawnApart(_ a: Segment, _ b: Segment) -> Bool {
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
        // Super- and subscripts on baselines of their own (a footnote mark, a citation, an
        // index), by baseline: they fill the gap they sit in between two pieces of a row
        // (`scriptsFillGaps`), so that "word¹ word" is measured by its white, not as one gap.
        // (Collected when a gap first needs them.)
        var scriptsByBaseline: [Segment]? = nil
        /// The widest white left between `a` and `b` once the scripts standing in it are
        /// placed, its ends, and how many scripts fill it (0: none; the gap as it is).
        func filledGap(_ a: Segment, _ b: Segment, size: Double) -> (x0: Double, x1: Double, scripts: Int) {
            let none = (a.x1, b.x0, 0)
            // Only a gap wide enough to be a column's or cell's border: narrower ones are
            // word spaces or cell borders as they are, script or not.
            guard options.scriptsFillGaps, b.x0 - a.x1 > options.segmentGapRatio * size else { return none }
            if scriptsByBaseline == nil { scriptsByBaseline = order.map { fragments[$0] }.filter { $0.items.count <= 8 } }
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
                guard isScript(s, ofSize: size, baseline: baseline), s.x0 >= a.x1 - 0.35 * size,
                      s.x1 <= b.x0 + 0.35 * size, s.x1 > a.x1, s.x0 < b.x0 else { continue }
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
                let dropCapSized = f.size >= cur.size * 1.8 || cur.size >= f.size * 1.8
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
        // A soft gap splits only when it is part of a white stripe: no other line of about the
        // same size within `stripeWindow` em above or below crosses it, and text lies on both of its sides
        // there (a column gutter or a cell border; a wide word space or a quad is crossed by
        // the lines around it).
        // The fragments' extents only: the walks below copy an element per step, and a
        // whole fragment's copy took references to its two arrays and gave them back.
        struct Extent { var x0: Double, x1: Double, baseline: Double, size: Double }
        let byBaseline = order.map { Extent(x0: fragments[$0].x0, x1: fragments[$0].x1,
                                            baseline: fragments[$0].baseline, size: fragments[$0].size) }
        var rowOf = [Int](repeating: 0, count: byBaseline.count)
        do {
            var k = 0
            for (r, row) in rows.enumerated() { for _ in row { rowOf[k] = r; k += 1 } }
        }
        func firstFragment(ofRow r: Int) -> Int {
            var start = 0, end = byBaseline.count
            while start < end {
                let mid = (start + end) / 2
                if rowOf[mid] < r { start = mid + 1 } else { end = mid }
            }
            return start
        }
        func isStripe(_ g: Gap, row r: Int, baseline b: Double, size: Double, window: Double, lines: Int,
                      edgeShare: Double = 0) -> Bool {
            let reach = window * size
            let start = firstFragment(ofRow: r)
            // The part of the gap that the lines around leave empty: text on its left moves
            // its start right, text on its right moves its end left (text inside the gap, on
            // one side of what is left of it, too: the next column's first word beside a
            // paragraph's indent). Walking away from the row, line by line, a line across what
            // is left (or text inside it) ends the stripe on that side: a full-width paragraph
            // under two columns does not undo the gutter. With `edgeShare`, the text after the
            // gap must start at one x in that share of the rows (`riverGutterEdgeShare`).
            var a = g.x0, z = g.x1
            var rowsLeft = 0, rowsRight = 0
            var rightStarts: [Double] = []
            for step in [-1, 1] {
                var k = step < 0 ? start - 1 : start
                if step > 0 { while k < byBaseline.count && rowOf[k] == r { k += 1 } }
                while k >= 0 && k < byBaseline.count && abs(byBaseline[k].baseline - b) <= reach {
                    let row = rowOf[k]
                    var ra = a, rz = z, rl = false, rr = false, crossing = false
                    var rightStart = Double.infinity
                    while k >= 0 && k < byBaseline.count && rowOf[k] == row {
                        let f = byBaseline[k]
                        k += step
                        // Headings and footnotes in other sizes may span the columns.
                        if f.size > size * 1.2 || f.size < size / 1.2 { continue }
                        if f.x1 <= a { rl = true }
                        else if f.x0 >= z {
                            // Text on the right counts when it starts where the stripe ends
                            // (a column or cell edge, or a paragraph indent from it), not anywhere
                            // further right.
                            if f.x0 <= z + 2.5 * size { rr = true; rightStart = min(rightStart, f.x0) }
                        }
                        else if f.x0 < a && f.x1 < z { rl = true; ra = max(ra, f.x1) }
                        else if f.x1 > z && f.x0 > a { rr = true; rz = min(rz, f.x0); rightStart = min(rightStart, f.x0) }
                        else { crossing = true }
                    }
                    if crossing || rz - ra < options.minimumStripeRatio * size { break }
                    a = ra; z = rz
                    if rl { rowsLeft += 1 }
                    if rr { rowsRight += 1; if edgeShare > 0 { rightStarts.append(rightStart) } }
                }
            }
            // `lines` lines with text on each side of the gap at least (their baselines need
            // not match: columns drift apart after headings and paragraph gaps).
            guard rowsLeft >= lines && rowsRight >= lines && z - a >= options.minimumStripeRatio * size else { return false }
            if edgeShare > 0 {
                // The text after a gutter starts at one x, the column's edge (a paragraph's
                // indent aside); the words after a river start wherever the line's spacing put them.
                // (The most rows starting within the tolerance of one x: a hanging indent
                // starts the other lines of an index entry further in than its first.)
                let tolerance = options.riverGutterEdgeTolerance * size
                rightStarts.append(g.x1)
                rightStarts.sort()
                var atEdge = 0, first = 0
                for last in rightStarts.indices {
                    while rightStarts[last] - rightStarts[first] > tolerance { first += 1 }
                    atEdge = max(atEdge, last - first + 1)
                }
                if Double(atEdge) < edgeShare * Double(rightStarts.count) { return false }
            }
            return true
        }
        /// The word space of row `r` next to a gap: the smaller of the two spaces nearest it
        /// on its left, from `start` on (the line's text since its last split: spaces of the
        /// column before a gutter say nothing of this one), and the space nearest it on its
        /// right; the left side alone, when it has spaces, with `riverSpaceLeftSide` (the
        /// spaces on the right may be a narrow gutter, or the next column's across it), else
        /// the smaller side, two spaces on each. Justified text spreads a line's spaces evenly, so
        /// a river is no wider than the spaces beside it, while a gutter or a cell border is
        /// wider than the spaces of the text beside it.
        var rowWordGaps = [[(x: Double, width: Double)]?](repeating: nil, count: pieces.count)
        var rowLetterSpacing = [Double](repeating: 0, count: pieces.count)
        /// Row `r`'s word spaces (x and width, by x), beyond its letter spacing, which
        /// `rowLetterSpacing` keeps.
        func wordGaps(ofRow r: Int) -> [(x: Double, width: Double)] {
            if rowWordGaps[r] == nil {
                var boxes: [(Double, Double, Double, Bool)] = []
                var sorted = true
                for piece in pieces[r] { for i in piece.items where !items[Int(i)].isSpace {
                    let it = items[Int(i)]
                    if let last = boxes.last, last.0 > it.x0 { sorted = false }
                    boxes.append((it.x0, it.x1, it.size, it.isAlphanumeric))
                } }
                if !sorted { boxes.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 } }
                // A letter-spaced line widens every gap by its letter spacing: a word space is
                // a gap clearly wider than that, as in `inferSpaces`.
                var letterGaps: [Double] = []
                for k in boxes.indices.dropFirst() where boxes[k].3 && boxes[k - 1].3 {
                    letterGaps.append((boxes[k].0 - boxes[k - 1].1) / max(boxes[k].2, boxes[k - 1].2))
                }
                let spacing = letterSpacing(&letterGaps)
                var found: [(x: Double, width: Double)] = []
                var end = boxes.first?.1 ?? 0
                for b in boxes.dropFirst() {
                    let w = b.0 - end
                    if w > (spacing + options.wordGapRatio) * b.2 { found.append((end, w)) }
                    end = max(end, b.1)
                }
                rowWordGaps[r] = found
                rowLetterSpacing[r] = spacing
            }
            return rowWordGaps[r]!
        }
        /// Row `r`'s letter spacing (em), as `inferSpaces` finds it.
        func spacing(ofRow r: Int) -> Double {
            if rowWordGaps[r] == nil { _ = wordGaps(ofRow: r) }
            return rowLetterSpacing[r]
        }
        func typicalWordGap(_ g: Gap, row r: Int, from start: Double) -> Double? {
            let all = wordGaps(ofRow: r)
            // Gaps sorted by x: the first one right of the gap, and the two on each side.
            var lo = 0, hi = all.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if all[mid].x < g.x1 - 0.01 { lo = mid + 1 } else { hi = mid }
            }
            let right = all[lo..<min(all.count, lo + 2)].map(\.width)
            var before = lo
            while before > 0 && all[before - 1].x + all[before - 1].width > g.x0 + 0.01 { before -= 1 }
            let left = all[max(0, before - 2)..<before].filter { $0.x + $0.width >= start - 0.01 }.map(\.width)
            switch (left.min(), right.min()) {
            case let (l?, r?): return options.riverSpaceLeftSide ? l : min(l, r)
            case let (l?, nil): return l
            case let (nil, r?): return r
            default: return nil
            }
        }
        /// Whether the white of the gap closes within `hardGapCrossWindow` em above (`step` -1)
        /// or below (+1): walking away line by line among lines of about the same size that
        /// have text over the pieces on both sides of the gap (`left` to `right`), text
        /// reaching in from its ends narrows it (as in `isStripe`) until a line has text inside
        /// or across what is left, or leaves less than `minimumStripeRatio`. The wide spaces of
        /// a justified narrow column close within a line or two, even where two of them line
        /// up; a gutter runs on empty. Nil when no line on that side has text over the piece
        /// after the gap.
        func isCrossed(_ g: Gap, row r: Int, baseline b: Double, size: Double, step: Int,
                       from left: Double, to right: Double) -> Bool? {
            let reach = options.hardGapCrossWindow * size
            let start = firstFragment(ofRow: r)
            var k = step < 0 ? start - 1 : start
            if step > 0 { while k < byBaseline.count && rowOf[k] == r { k += 1 } }
            var a = g.x0, z = g.x1, reachesRight = false, columnLines = 0
            while k >= 0 && k < byBaseline.count && abs(byBaseline[k].baseline - b) <= reach {
                let row = rowOf[k]
                var ra = a, rz = z, touched = false, crossing = false, overLeft = false, overRight = false
                while k >= 0 && k < byBaseline.count && rowOf[k] == row {
                    let f = byBaseline[k]
                    k += step
                    if f.size > size * 1.2 || f.size < size / 1.2 { continue }
                    if f.x1 > left && f.x0 < g.x0 { overLeft = true }
                    if f.x0 < right && f.x1 > g.x1 { overRight = true }
                    if f.x1 <= ra || f.x0 >= rz { continue }
                    // A table's number cell inside the gap (a digit at both ends, other text of
                    // its row at least `segmentGapRatio` away on both sides: the column between
                    // two header cells set further apart) neither closes nor narrows it. (A word
                    // between a letter-spaced line's wide spaces does.)
                    if f.x0 > ra && f.x1 < rz && edgeIsDigit(fragments[order[k - step]], last: false)
                        && edgeIsDigit(fragments[order[k - step]], last: true)
                        && isSetApart(k - step, size: size) { continue }
                    touched = true
                    if f.x0 <= ra && f.x1 < rz { ra = f.x1 }
                    else if f.x1 >= rz && f.x0 > ra { rz = f.x0 }
                    else { crossing = true }
                }
                // Only a line of the same column, with text over the pieces on both sides of
                // the gap, counts (not a column between two others set on other baselines).
                if overRight { reachesRight = true }
                if overLeft && overRight { columnLines += 1 }
                guard touched && overLeft && overRight else { continue }
                if crossing || rz - ra < options.minimumStripeRatio * size { return true }
                a = ra; z = rz
            }
            // No text over the piece after the gap on this side (the end of a column, whose
            // last lines are short): nothing holds the gap open here.
            // Fewer than `hardGapColumnLines` lines of the column within reach (its first
            // line under a heading, or its last): the column ends before the gap could close.
            return reachesRight && columnLines >= options.hardGapColumnLines ? false : nil
        }
        /// How many gaps of row `r` (this one too) are as wide as `g` within
        /// `evenGapTolerance` em: justification spreads a line's spaces evenly.
        func evenGaps(_ g: Gap, row r: Int, size: Double) -> Int {
            let w = g.x1 - g.x0, tolerance = options.evenGapTolerance * size
            var count = 0
            for o in gaps[r] where abs(o.x1 - o.x0 - w) <= tolerance { count += 1 }
            return count
        }
        /// Whether fragment `i` (of `byBaseline`) has no other text of its row within
        /// `segmentGapRatio` em on either side.
        func isSetApart(_ i: Int, size: Double) -> Bool {
            let f = byBaseline[i], reach = options.segmentGapRatio * size
            var j = i - 1
            while j >= 0 && rowOf[j] == rowOf[i] {
                let o = byBaseline[j]
                if o.x0 < f.x1 + reach && o.x1 > f.x0 - reach { return false }
                j -= 1
            }
            j = i + 1
            while j < byBaseline.count && rowOf[j] == rowOf[i] {
                let o = byBaseline[j]
                if o.x0 < f.x1 + reach && o.x1 > f.x0 - reach { return false }
                j += 1
            }
            return true
        }
        /// Closed on one side and closed or without text after the gap on the other (or, with
        /// `either`, whatever the other side does).
        func closes(_ up: Bool?, _ down: Bool?, either: Bool = false) -> Bool {
            either ? up == true || down == true : (up == true && down != false) || (up != false && down == true)
        }
        /// A gap no wider than `riverGapRatio` times the line's own word spaces.
        func isRiverLike(_ g: Gap, row r: Int, from start: Double) -> Bool {
            guard let typical = typicalWordGap(g, row: r, from: start) else { return false }
            return g.x1 - g.x0 < options.riverGapRatio * typical
        }
        /// A gap at least `isolatedGapWordSpaces` times the widest word space of the text on
        /// each side of it (its segment so far, and the piece after it; a side of one word
        /// tells nothing, and one side at least has a space): no justified or ragged line
        /// spaces its words so unevenly (two captions side by side).
        func isolatedGap(_ g: Gap, _ left: Segment, _ right: Segment, size: Double,
                         wordSpaces: Double? = nil) -> Bool {
            let ratio = wordSpaces ?? options.isolatedGapWordSpaces
            guard ratio > 0 else { return false }
            let spaces = [widestSpace(left), widestSpace(right)].filter { $0 > options.wordGapRatio * size }
            guard let widest = spaces.max() else { return false }
            return g.x1 - g.x0 >= ratio * widest
        }
        /// Whether gap `k` of row `r` is one of `spreadLineGaps` gaps or more in a run spaced
        /// evenly (within `evenGapTolerance` em, sides drawn in order) between words of letters
        /// (three glyphs a word on average) in a proportional font, the run starting and ending
        /// where the nearest line above or below it within its span does (within half an em),
        /// that line running across one of the gaps, and not every gap with a row nearby whose
        /// text starts where it ends (`alignedStarts`): a justified line of few words spread
        /// across a narrow column.
        func spreadFlushLine(row r: Int, gap k: Int, size: Double) -> Bool {
            guard options.spreadLineGaps > 0 else { return false }
            let row = gaps[r], w = row[k].x1 - row[k].x0, tolerance = options.evenGapTolerance * size
            func even(_ j: Int) -> Bool { abs(row[j].x1 - row[j].x0 - w) <= tolerance && !row[j].drawnApart }
            var first = k, last = k
            while first > 0 && even(first - 1) { first -= 1 }
            while last + 1 < row.count && even(last + 1) { last += 1 }
            guard last - first + 1 >= options.spreadLineGaps else { return false }
            // Words of three glyphs a piece on average (a chart of single glyphs lines up in
            // even steps of its own).
            var glyphs = 0
            for p in pieces[r][first...(last + 1)] {
                for i in p.items where Int(i) < items.count && !items[Int(i)].isSpace { glyphs += 1 }
            }
            guard glyphs >= 3 * (last - first + 2) else { return false }
            // Flush with the nearest line above or below within the run's span, that line
            // across one of the gaps at least (a table's rows leave its gutters white).
            let x0 = pieces[r][first].x0, x1 = pieces[r][last + 1].x1, edge = 0.5 * size
            let b = pieces[r][0].baseline
            var flush = false
            for dir in [-1, 1] where !flush {
                var n = r + dir
                while n >= 0 && n < pieces.count && abs(pieces[n][0].baseline - b) <= 2 * size {
                    var lo = Double.infinity, hi = -Double.infinity, crosses = false
                    for p in pieces[n] where p.x1 > x0 && p.x0 < x1 && abs(p.size - size) <= 0.1 * size {
                        lo = min(lo, p.x0); hi = max(hi, p.x1)
                        if !crosses {
                            crosses = row[first...last].contains { g in
                                let mid = (g.x0 + g.x1) / 2
                                return p.x0 < mid && p.x1 > mid
                            }
                        }
                    }
                    if lo > hi { n += dir; continue }
                    flush = abs(lo - x0) <= edge && abs(hi - x1) <= edge && crosses
                    break
                }
            }
            guard flush else { return false }
            // Words of letters set in a proportional font: a table's numbers, or code in a
            // monospaced font, line up in even steps of their own.
            for j in first...last {
                let a = pieces[r][j], z = pieces[r][j + 1]
                // A space glyph drawn on its own in the gap (a justified line's stretched space).
                if [a, z].contains(where: { $0.items.allSatisfy { Int($0) < items.count && items[Int($0)].isSpace } }) { continue }
                guard let e = a.edgeScalar(last: true, items: items, page: page),
                      e.properties.isAlphabetic || ".,;:!?)]\u{2019}\u{201D}\"'".unicodeScalars.contains(e),
                      let f = z.edgeScalar(last: false, items: items, page: page),
                      f.properties.isAlphabetic || "([\u{2018}\u{201C}\"'".unicodeScalars.contains(f),
                      !isMonospaced(a), !isMonospaced(z) else { return false }
            }
            // Not every gap has a row nearby with text starting where it ends, as a table's
            // cells do under its header (a river's word lines up with one by chance).
            return !(first...last).allSatisfy { alignedStarts(row[$0], row: r, size: size) > 0 }
        }
        /// Whether no line of about the gap's size within `openGapWindow` em above or below has
        /// text across the gap's white, narrowed by text reaching in from its sides as in
        /// `isStripe` (but a line across it is not passed over: it closes the gap).
        func isOpen(_ g: Gap, row r: Int, baseline b: Double, size: Double) -> Bool {
            let reach = options.openGapWindow * size
            let start = firstFragment(ofRow: r)
            var a = g.x0, z = g.x1
            for step in [-1, 1] {
                var k = step < 0 ? start - 1 : start
                if step > 0 { while k < byBaseline.count && rowOf[k] == r { k += 1 } }
                while k >= 0 && k < byBaseline.count && abs(byBaseline[k].baseline - b) <= reach {
                    let f = byBaseline[k]
                    k += step
                    if f.size > size * 1.2 || f.size < size / 1.2 || f.x1 <= a || f.x0 >= z { continue }
                    if f.x0 <= a && f.x1 < z { a = f.x1 }
                    else if f.x1 >= z && f.x0 > a { z = f.x0 }
                    else { return false }
                    if z - a < options.minimumStripeRatio * size { return false }
                }
            }
            return true
        }
        /// Rows nearby (`window` em, else `cellStartWindow`) with a wide gap ending where this one ends: text
        /// starting at the same x after white space, as table cells do (word starts in prose
        /// rarely line up to a tenth of an em).
        func alignedStarts(_ g: Gap, row r: Int, size: Double, narrowest: Double? = nil, window: Double? = nil) -> Int {
            alignedStartsAndCrossings(g, row: r, size: size, narrowest: narrowest, window: window, crossings: false).starts
        }
        /// `alignedStarts`, and how many of those rows nearby have text of the gap's size
        /// (`cellEdgeCrossingSizeChange`) running across the gap's end instead (a piece of the
        /// row reaching `cellEdgeCrossingReach` em past it on each side): a column of cells
        /// starts at that x in its rows, while words of prose that start there by chance (the
        /// same word ending justified lines flush right, or letter-spaced words) have the
        /// other lines' words run across it. With `flushEnd` (the gap's line ends with the
        /// piece after it, there), a row ending the same way, with the same text starting and
        /// ending where that piece does (the same word closing justified lines), counts as
        /// neither.
        func alignedStartsAndCrossings(_ g: Gap, row r: Int, size: Double, narrowest: Double? = nil, window: Double? = nil,
                                       flushEnd: Double? = nil, crossings counting: Bool = true) -> (starts: Int, crossings: Int) {
            let b = pieces[r][0].baseline
            let reach = (window ?? options.cellStartWindow) * size
            let width = (narrowest ?? options.segmentGapRatio) * size * 0.9
            let past = options.cellEdgeCrossingReach * size
            let sizeChange = options.cellEdgeCrossingSizeChange
            var count = 0, crossings = 0
            for dir in [-1, 1] {
                var n = r + dir
                while n >= 0 && n < pieces.count && abs(pieces[n][0].baseline - b) <= reach {
                    if let k = gaps[n].firstIndex(where: { abs($0.x1 - g.x1) <= 0.15 * size && $0.x1 - $0.x0 >= width }) {
                        if let end = flushEnd, k + 2 == pieces[n].count, abs(pieces[n][k + 1].x1 - end) <= 0.15 * size,
                           sameText(pieces[n][k + 1], pieces[r][pieces[r].count - 1]) {
                            // The same last word of a justified line, not a cell.
                        } else {
                            count += 1
                        }
                    } else if counting && pieces[n].contains(where: {
                        $0.x0 < g.x1 - past && $0.x1 > g.x1 + past && abs($0.size - size) <= sizeChange * size
                    }) {
                        crossings += 1
                    }
                    n += dir
                }
            }
            return (count, crossings)
        }
        /// Rows nearby with text starting at a gap's end, as cells do (`riverAlignedStarts`),
        /// and fewer rows with text running across that x than `crossingRatio` times as many
        /// (0: crossings not counted): a table's rows, not words lined up by chance (the same
        /// word closing justified lines, or starts in a justified narrow column). `flushEnd`:
        /// the end of the piece after the gap when it ends its line.
        func cellStartsOutnumberCrossings(_ g: Gap, row r: Int, size: Double, crossingRatio: Double,
                                          window: Double? = nil, flushEnd: Double? = nil) -> Bool {
            let counting = crossingRatio > 0
            let (starts, crossings) = alignedStartsAndCrossings(g, row: r, size: size, window: window,
                                                                flushEnd: flushEnd, crossings: counting)
            guard starts >= options.riverAlignedStarts else { return false }
            return !counting || Double(crossings) < crossingRatio * Double(starts)
        }
        var merged: [Segment] = []
        var mergedRows: [[Int]] = []
        for r in pieces.indices {
            var cur = pieces[r][0]
            var row: [Int] = []
            for (k, next) in pieces[r].dropFirst().enumerated() {
                let g = gaps[r][k]
                // A list marker (bullet, "1.", "a)") stays with its item however wide the gap;
                // a number before a number is a table's cell ("17", "53.32"), not a marker.
                let marker = k == 0 && !g.hard && isListMarker(cur) && !(edgeIsDigit(cur, last: true) && edgeIsDigit(next, last: false))
                let size = max(cur.size, next.size)
                var split = g.hard, wideSpace = false
                if split && !g.dropCap && !marker && options.hardGapCrossWindow > 0
                    && !(edgeIsDigit(cur, last: true) && edgeIsDigit(next, last: false))
                    // A number ending its line is a page number, unless the words before it
                    // are spread as widely (a justified narrow column's line ending in a number).
                    && !(k == pieces[r].count - 2 && edgeIsDigit(next, last: false)
                         && widestSpace(cur) < g.x1 - g.x0 - options.evenGapTolerance * size) {
                    // A very wide space of a justified narrow column (`hardGapLineWidth`): the words before it on
                    // its line are spread as widely (within `riverGapRatio`), or are one word;
                    // the lines just above and below fill it; and cells start at its end in
                    // fewer than `riverAlignedStarts` rows within `hardGapCellStartWindow` em, as for
                    // river-like gaps.
                    // An equation and its number are not spread so.
                    let b = pieces[r][0].baseline
                    let inner = widestSpace(cur)
                    // One word: no gap wider than a space beyond the line's letter spacing.
                    let oneWord = inner <= options.wordGapRatio * size
                        || inner <= (spacing(ofRow: r) + options.wordGapRatio) * size
                    // A row spread evenly (`evenHardGaps`) needs its white closed on one side only:
                    // its rivers may run on for a few lines on the other.
                    let narrowLine = next.x1 - cur.x0 <= options.hardGapLineWidth * size
                    let even = options.evenHardGaps > 0 && evenGaps(g, row: r, size: size) >= options.evenHardGaps
                    if (narrowLine || even) && !(options.hardGapDrawnInOrder && g.drawnApart && wordEdges(cur, next))
                        && (oneWord || options.riverGapRatio * inner >= g.x1 - g.x0)
                        && closes(isCrossed(g, row: r, baseline: b, size: size, step: -1, from: cur.x0, to: next.x1),
                                  isCrossed(g, row: r, baseline: b, size: size, step: 1, from: cur.x0, to: next.x1), either: even)
                        // (A narrow line's cells are looked for as far as `hardGapCellStartWindow`;
                        // an evenly spread row's words start in line with others by chance.)
                        && !cellStartsOutnumberCrossings(g, row: r, size: size, crossingRatio: options.hardGapCellStartCrossings,
                                                         window: even && !narrowLine ? nil : max(options.cellStartWindow, options.hardGapCellStartWindow)) {
                        split = false; wideSpace = true
                    }
                }
                if wideSpace {
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
                if !split && !marker && (!g.narrow || g.x1 - g.x0 > options.segmentGapRatio * small) && small < size / 1.2 {
                    split = isStripe(g, row: r, baseline: pieces[r][0].baseline, size: small,
                                     window: options.stripeWindow * size / small, lines: 2)
                }
                if split { row.append(merged.count); merged.append(cur); cur = next } else { cur.absorb(next, items: items) }
            }
            row.append(merged.count)
            merged.append(cur)
            mergedRows.append(row)
        }
        merged = joinLeaderRows(merged, rows: mergedRows)
        var segs = attachDelimiters(attachScripts(merged))
        if options.joinsDropCaps { segs = attachDropCaps(segs) }
        for k in segs.indices {
            segs[k].sortItems(items)
            segs[k].isLeaderLine = isLeaderLine(segs[k])
        }
        return segs
    }

    /// Whether `a` ends and `b` starts with a letter or digit: words, not a formula's signs.
    func wordEdges(_ a: Segment, _ b: Segment) -> Bool {
        guard let x = a.edgeScalar(last: true, items: items, page: page),
              let y = b.edgeScalar(last: false, items: items, page: page) else { return false }
        return (x.properties.isAlphabetic || x.properties.numericType != nil)
            && (y.properties.isAlphabetic || y.properties.numericType != nil)
    }

    /// Whether the first glyph of a segment is set in a monospaced font.
    func isMonospaced(_ seg: Segment) -> Bool {
        guard let i = seg.items.first, Int(i) < items.count else { return false }
        let g = Int(items[Int(i)].glyph)
        guard g >= 0, g < page.glyphs.count else { return false }
        let run = Int(page.glyphs[g].run)
        guard run >= 0, run < page.runs.count else { return false }
        let font = Int(page.runs[run].font)
        return font >= 0 && font < page.fonts.count && page.fonts[font].isMonospaced
    }

    /// Whether a segment ends (or starts) with an ASCII digit (`Segment.edgeScalar`): a page
    /// number, a section number.
    func edgeIsDigit(_ seg: Segment, last: Bool) -> Bool {
        guard let v = seg.edgeScalar(last: last, items: items, page: page)?.value else { return false }
        return v >= 0x30 && v <= 0x39
    }

    /// Whether two segments hold the same text, glyph by glyph (space glyphs left out).
    func sameText(_ a: Segment, _ b: Segment) -> Bool {
        let x = a.items.filter { !items[Int($0)].isSpace }, y = b.items.filter { !items[Int($0)].isSpace }
        guard x.count == y.count else { return false }
        for (i, j) in zip(x, y) {
            let g = page.glyphs[Int(items[Int(i)].glyph)].text, h = page.glyphs[Int(items[Int(j)].glyph)].text
            let n = Int32(clamping: page.scalars.count)
            guard g.lowerBound >= 0, h.lowerBound >= 0, g.upperBound <= n, h.upperBound <= n,
                  g.count == h.count, page.scalars[Int(g.lowerBound)..<Int(g.upperBound)]
                    .elementsEqual(page.scalars[Int(h.lowerBound)..<Int(h.upperBound)]) else { return false }
        }
        return true
    }

    /// The widest gap between the glyphs of a segment (space glyphs left out), in page units.
    func widestSpace(_ seg: Segment) -> Double {
        var widest = 0.0, end = -Double.infinity
        for i in seg.items {
            let it = items[Int(i)]
            if it.isSpace { continue }
            if end > -Double.infinity { widest = max(widest, it.x0 - end) }
            end = max(end, it.x1)
        }
        return widest
    }

    /// A bullet, dash or a short enumerator such as "1.", "iv)", "(a)" or "12".
    func isListMarker(_ seg: Segment) -> Bool {
        guard seg.items.count <= 5 else { return false }
        var scalars: [Unicode.Scalar] = []
        for i in seg.items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            scalars.append(contentsOf: page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)])
        }
        scalars.removeAll { $0.isLayoutWhitespace }
        guard let first = scalars.first else { return false }
        if scalars.count == 1 {
            switch first.value {
            case 0x2022, 0x2023, 0x2043, 0x2013, 0x2014, 0x002D, 0x002A, 0x00B7, 0x25AA, 0x25AB, 0x25CF, 0x25CB,
                 0x25E6, 0x25A0, 0x25A1, 0x2219, 0x27A2, 0x2713, 0x2714, 0x2192, 0x25B8, 0x25BA, 0x2666, 0x2756,
                 0xF0A7, 0xF0B7, 0xF076, 0xF0D8, 0xF0FC:
                return true
            default:
                break
            }
        }
        let body = scalars.filter { !"().]".unicodeScalars.contains($0) }
        guard !body.isEmpty, body.count <= 3, body.count < scalars.count || body.allSatisfy({ $0.properties.numericType != nil }) else { return false }
        return body.allSatisfy { $0.properties.numericType != nil } || (body.count == 1 && body[0].properties.isAlphabetic)
            || body.allSatisfy { "ivxlcIVXLC".unicodeScalars.contains($0) }
    }

    /// Whether `small` sits as a super- or subscript of text of `size` on `baseline`: smaller
    /// by 15% at least, its baseline moved by 5% of that size to `scriptShiftRatio` of it.
    func isScript(_ small: Segment, ofSize size: Double, baseline: Double) -> Bool {
        let shift = abs(small.baseline - baseline)
        return small.size * 1.15 <= size && shift >= 0.05 * size && shift <= options.scriptShiftRatio * size
    }

    /// A short segment in a smaller size, raised or lowered by at most `scriptShiftRatio` of a
    /// neighbour's size and touching it along the line, joins that neighbour.
    func attachScripts(_ segs: [Segment]) -> [Segment] {
        var segs = segs
        var removed = [Bool](repeating: false, count: segs.count)
        // Candidates sorted by baseline so each looks only at nearby lines.
        let (byBaseline, position) = Self.baselineOrder(segs)
        for s in segs.indices where segs[s].items.count <= 8 {
            let small = segs[s]
            var best: Int? = nil
            var bestGap = Double.infinity
            // Scan neighbours within the allowed shift.
            for dir in [-1, 1] {
                var p = position[s] + dir
                while p >= 0 && p < byBaseline.count {
                    let t = byBaseline[p]
                    let big = segs[t]
                    if abs(big.baseline - small.baseline) > options.scriptShiftRatio * max(big.size, small.size) { break }
                    p += dir
                    if t == s || removed[t] || !isScript(small, ofSize: big.size, baseline: big.baseline) { continue }
                    let gap = max(small.x0 - big.x1, big.x0 - small.x1)
                    if gap > 0.35 * big.size { continue }
                    if gap < bestGap { bestGap = gap; best = t }
                }
            }
            if let t = best {
                segs[t].absorb(small, items: items)
                removed[s] = true
            }
        }
        return segs.indices.filter { !removed[$0] }.map { segs[$0] }
    }

    /// An equation number: a parenthesised number of at most eight characters ("(3)",
    /// "(2.1)", "(A.4)").
    func isEquationNumber(_ seg: Segment) -> Bool {
        guard seg.items.count >= 3, seg.items.count <= 8 else { return false }
        var scalars: [Unicode.Scalar] = []
        for i in seg.items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            scalars.append(contentsOf: page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)])
        }
        guard scalars.count >= 3, scalars.count <= 8, scalars.first == "(", scalars.last == ")" else { return false }
        let body = scalars.dropFirst().dropLast()
        return body.contains { $0.properties.numericType != nil }
            && body.allSatisfy { $0.properties.numericType != nil || $0.properties.isAlphabetic || $0 == "." || $0 == "-" }
    }

    /// Whether every glyph of the segment is a delimiter, a radical sign or a big operator:
    /// what mathematics sets in sized glyphs on a baseline of their own.
    func isSizedMathGlyphs(_ seg: Segment) -> Bool {
        guard seg.items.count <= 8 else { return false }
        for i in seg.items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            guard g.text.lowerBound < g.text.upperBound else { return false }
            for s in page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)] {
                switch s.properties.generalCategory {
                case .openPunctuation, .closePunctuation: continue
                default: break
                }
                let v = s.value
                // | ‖ / \ √ ∛ ∜ ∑ ∏ ∐ ∫…∳ ⋀…⋃ ⎛…⎳ (bracket pieces) ⨀…⨌
                if v == 0x7C || v == 0x2016 || v == 0x2F || v == 0x5C || (0x221A...0x221C).contains(v)
                    || v == 0x2211 || v == 0x220F || v == 0x2210 || (0x222B...0x2233).contains(v)
                    || (0x22C0...0x22C3).contains(v) || (0x239B...0x23B3).contains(v) || (0x2A00...0x2A0C).contains(v) {
                    continue
                }
                return false
            }
        }
        return true
    }

    /// Sized delimiters, radicals and big operators (`isSizedMathGlyphs`) hang from a baseline
    /// of their own, above or below their formula's: such a segment joins the segment whose
    /// glyphs it stands beside (within half an em, over none of them) with the baseline
    /// nearest its own, within `delimiterShiftRatio`.
    func attachDelimiters(_ segs: [Segment]) -> [Segment] {
        guard options.delimiterShiftRatio > 0 else { return segs }
        /// Each glyph of `d` stands beside the line's glyphs, within half an em of one, and
        /// over none (a bracket drawn over the words of another line is not theirs).
        func besides(_ d: Segment, _ line: Segment) -> Bool {
            let size = line.size
            guard d.x0 <= line.x1 + 0.5 * size, d.x1 >= line.x0 - 0.5 * size else { return false }
            for i in d.items {
                let a = items[Int(i)]
                var nearest = Double.infinity
                for j in line.items {
                    let b = items[Int(j)]
                    if min(a.x1, b.x1) - max(a.x0, b.x0) > 0.1 * size { return false }
                    nearest = min(nearest, max(a.x0 - b.x1, b.x0 - a.x1))
                }
                if nearest > 0.5 * size { return false }
            }
            return true
        }
        let candidates = segs.indices.filter { isSizedMathGlyphs(segs[$0]) }
        guard !candidates.isEmpty, candidates.count < segs.count else { return segs }
        // Segments sorted by baseline so each candidate looks only at nearby lines.
        let (byBaseline, position) = Self.baselineOrder(segs)
        var isCandidate = [Bool](repeating: false, count: segs.count)
        for s in candidates { isCandidate[s] = true }
        var target = [Int?](repeating: nil, count: segs.count)
        for s in candidates {
            let d = segs[s]
            var best: Int? = nil
            var bestShift = Double.infinity
            for dir in [-1, 1] {
                var p = position[s] + dir
                while p >= 0 && p < byBaseline.count {
                    let t = byBaseline[p]
                    let line = segs[t]
                    let shift = abs(line.baseline - d.baseline)
                    if shift > options.delimiterShiftRatio * max(line.size, d.size) { break }
                    p += dir
                    guard !isCandidate[t], line.size <= d.size * 1.6, d.size <= line.size * 1.6,
                          shift < bestShift, besides(d, line) else { continue }
                    bestShift = shift; best = t
                }
            }
            target[s] = best
        }
        var out = segs
        var removed = [Bool](repeating: false, count: segs.count)
        for s in candidates {
            guard let t = target[s] else { continue }
            // The line keeps its own baseline and size.
            let (baseline, size) = (out[t].baseline, out[t].size)
            out[t].absorb(segs[s], items: items)
            out[t].baseline = baseline; out[t].size = size
            removed[s] = true
        }
        return out.indices.filter { !removed[$0] }.map { out[$0] }
    }

    /// A single large letter whose height spans two or more lines of smaller text just to its
    /// right joins the first of those lines (without a space).
    func attachDropCaps(_ segs: [Segment]) -> [Segment] {
        var segs = segs
        var removed = [Bool](repeating: false, count: segs.count)
        for s in segs.indices where segs[s].items.count == 1 {
            let cap = segs[s]
            var best: Int? = nil
            for t in segs.indices where t != s && !removed[t] {
                let line = segs[t]
                guard cap.size >= 1.8 * line.size else { continue }
                let gap = line.x0 - cap.x1
                guard gap >= -0.2 * line.size, gap <= 1.5 * line.size else { continue }
                // The line's baseline lies within the cap's height, near its top.
                guard line.top >= cap.top - 0.5 * line.size, line.baseline <= cap.baseline + 0.3 * line.size else { continue }
                if best == nil || line.baseline < segs[best!].baseline { best = t }
            }
            if let t = best {
                var joined = segs[s]
                joined.absorb(segs[t], items: items)
                joined.baseline = segs[t].baseline; joined.size = segs[t].size
                joined.top = segs[t].top; joined.bottom = segs[t].bottom
                segs[t] = joined
                removed[s] = true
            }
        }
        return segs.indices.filter { !removed[$0] }.map { segs[$0] }
    }

    /// The glyph's text is a full stop and nothing else.
    func isFullStop(_ it: Item) -> Bool {
        let r = page.glyphs[Int(it.glyph)].text
        return r.upperBound - r.lowerBound == 1 && page.scalars[Int(r.lowerBound)] == "."
    }

    /// Items `k` and `k + 1` of the segment are full stops closer than `ellipsisGapRatio`.
    func closeFullStops(_ seg: Segment, _ k: Int) -> Bool {
        guard k >= 0, k + 1 < seg.items.count else { return false }
        let a = items[Int(seg.items[k])], b = items[Int(seg.items[k + 1])]
        return (b.x0 - a.x1) / max(a.size, b.size) < options.ellipsisGapRatio && isFullStop(a) && isFullStop(b)
    }

    /// How many close full stops run through items `k` and `k + 1` (which are close), counted
    /// up to 3: enough to tell an ellipsis from a full stop before a leader's first dot.
    func ellipsisRunLength(_ seg: Segment, _ k: Int) -> Int {
        var run = 2
        var a = k - 1
        while run < 3 && closeFullStops(seg, a) { run += 1; a -= 1 }
        var z = k + 1
        while run < 3 && closeFullStops(seg, z) { run += 1; z += 1 }
        return run
    }

    /// A line's letter spacing (em) from its gaps between letters (em; reordered): the
    /// `letterSpacingQuantile` gap when there are six gaps or more; with three to five, the
    /// smallest when all others are wider than `wordGapRatio`; otherwise 0.
    func letterSpacing(_ gaps: inout [Double]) -> Double {
        guard gaps.count >= 3 else { return 0 }
        if gaps.count >= 6 {
            let q = Self.select(&gaps, min(gaps.count - 1, max(0, Int(saturating: Double(gaps.count) * options.letterSpacingQuantile))))
            return q.isFinite ? min(max(q, 0), 1) : 0
        }
        gaps.sort()
        // Too few gaps for a quantile, but every one would be a space, or all but one (a
        // kerned pair such as "fa"): a short letter-spaced line ("F O R M", the last line
        // "t h e m  i n" or "f a r m e r ." of a letter-spaced paragraph) rather than
        // one-letter words; the narrowest gap is the letter spacing (up to
        // `shortLineLetterSpacing`: wider gaps part one-digit table cells).
        let lo = gaps[0]
        guard lo.isFinite, gaps[1] > options.wordGapRatio, lo <= options.shortLineLetterSpacing else { return 0 }
        return max(lo, 0)
    }

    /// Segment indices ordered by baseline (ties by index), and each segment's place in that
    /// order, so a segment can look at the lines nearest its baseline. The sort reads the
    /// baselines from an array of their own: a comparison reading `segs` copies segments.
    static func baselineOrder(_ segs: [Segment]) -> (order: [Int], position: [Int]) {
        let baselines = segs.map(\.baseline)
        let order = segs.indices.sorted { baselines[$0] != baselines[$1] ? baselines[$0] < baselines[$1] : $0 < $1 }
        var position = [Int](repeating: 0, count: segs.count)
        for (p, k) in order.enumerated() { position[k] = p }
        return (order, position)
    }

    /// The `k`-th smallest of `values` (from 0), as `values.sorted()[k]` gives it, found in
    /// linear time on average (a quickselect); `values` is left reordered.
    static func select(_ values: inout [Double], _ k: Int) -> Double {
        values.withUnsafeMutableBufferPointer { v in
            var lo = 0, hi = v.count - 1
            while lo < hi {
                let pivot = v[lo + (hi - lo) / 2]
                var i = lo, j = hi
                while i <= j {
                    while i < hi && v[i] < pivot { i += 1 }
                    while j > lo && pivot < v[j] { j -= 1 }
                    if i <= j { (v[i], v[j]) = (v[j], v[i]); i += 1; j -= 1 }
                }
                if k <= j { hi = j } else if k >= i { lo = i } else { return v[k] }
            }
            return v[k]
        }
    }

    /// Decides where spaces go inside a segment: an explicit space glyph, or a gap wider than
    /// `wordGapRatio` beyond the segment's usual letter spacing (its `letterSpacingQuantile`
    /// gap when it has six gaps between letters or more; with three to five, the smallest
    /// when all are wider than `wordGapRatio`, as in a short letter-spaced line), or
    /// `cjkWordGapRatio` between CJK characters. Three or more full stops closer than
    /// `ellipsisGapRatio` stay one word ("..."); a combining mark never makes a space.
    func inferSpaces(_ seg: inout Segment) {
        let n = seg.items.count
        seg.spaceAfter = [Bool](repeating: false, count: max(0, n - 1))
        guard n > 1 else { seg.wordCount = 1; return }
        var gaps: [Double] = []
        gaps.reserveCapacity(n)
        for k in 0..<(n - 1) {
            let a = items[Int(seg.items[k])], b = items[Int(seg.items[k + 1])]
            if a.isSpace || b.isSpace || !a.isAlphanumeric || !b.isAlphanumeric { continue }
            gaps.append((b.x0 - a.x1) / max(a.size, b.size))
        }
        let spacing = letterSpacing(&gaps)
        var words = 0
        var wordHasLetter = false
        // The end of the text so far: a combining mark left on its own (not attached to its
        // letter) lies inside its letter's box, so the gap after it counts from the letter.
        var reach = -Double.infinity
        for k in 0..<n {
            let it = items[Int(seg.items[k])]
            reach = it.isMark ? max(reach, it.x1) : it.x1
            if !it.isSpace && it.isAlphanumeric && !it.isMark { wordHasLetter = true }
            var boundary = it.isSpace || k == n - 1
            if k < n - 1 {
                let b = items[Int(seg.items[k + 1])]
                var space = false
                if !it.isSpace && !b.isSpace && !b.isMark {
                    let size = max(it.size, b.size)
                    let gap = (b.x0 - reach) / size
                    let threshold = (it.isCJK && b.isCJK) ? options.cjkWordGapRatio : spacing + options.wordGapRatio
                    space = gap > threshold
                    // Three or more spaced full stops (an ellipsis) stay together; two do not
                    // (a sentence's full stop and the first dot of a leader).
                    if space && closeFullStops(seg, k) && ellipsisRunLength(seg, k) >= 3 { space = false }
                    // A raised number opening a line (a footnote's marker) is its own word.
                    if !space && k == 0 && it.size <= 0.8 * b.size && it.baseline < b.baseline - 0.15 * b.size
                        && it.isAlphanumeric && !it.isCJK && b.isAlphanumeric {
                        space = true
                    }
                }
                seg.spaceAfter[k] = space
                boundary = boundary || space
            }
            if boundary {
                if wordHasLetter { words += 1 }
                wordHasLetter = false
            }
        }
        seg.wordCount = words
    }
}

