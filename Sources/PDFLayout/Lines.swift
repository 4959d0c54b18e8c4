import PDFCore
import PDFGlyphs

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
        if other.size > size * LayoutConstants.sizeTakeover && other.items.count * 2 > items.count {
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
                if !sameBaseline, let l = last, abs(l.size - it.size) <= options.skewedLineSizeChange * it.size,
                   it.x0 >= l.x1 - options.skewedLineOverlap * size, it.x0 <= l.x1 + options.segmentGapRatio * size {
                    sameBaseline = abs(it.baseline - l.baseline) <= options.skewedLineBaselineShare * options.baselineTolerance * size
                }
                let reach = options.segmentGapRatio * max(c.size, it.size)
                let near = it.x0 <= c.x1 + reach && it.x1 >= c.x0 - reach
                let similarSize = it.size <= c.size * options.fragmentSizeChange && c.size <= it.size * options.fragmentSizeChange
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
        var rows = SegmentRows(finder: self, fragments: fragments)
        rows.cutRows()
        let (merged, mergedRows) = rows.merge()
        var segs = attachDelimiters(attachScripts(joinLeaderRows(merged, rows: mergedRows)))
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
        guard seg.items.count <= LayoutConstants.listMarkerMaxGlyphs else { return false }
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
        guard !body.isEmpty, body.count <= LayoutConstants.listMarkerMaxBody, body.count < scalars.count || body.allSatisfy({ $0.properties.numericType != nil }) else { return false }
        return body.allSatisfy { $0.properties.numericType != nil } || (body.count == 1 && body[0].properties.isAlphabetic)
            || body.allSatisfy { "ivxlcIVXLC".unicodeScalars.contains($0) }
    }

    /// Whether `small` sits as a super- or subscript of text of `size` on `baseline`: smaller
    /// by `scriptSizeRatio` at least, its baseline moved by `scriptMinimumShift` of that size
    /// to `scriptShiftRatio` of it.
    func isScript(_ small: Segment, ofSize size: Double, baseline: Double) -> Bool {
        let shift = abs(small.baseline - baseline)
        return small.size * options.scriptSizeRatio <= size && shift >= options.scriptMinimumShift * size
            && shift <= options.scriptShiftRatio * size
    }

    /// A short segment in a smaller size, raised or lowered by at most `scriptShiftRatio` of a
    /// neighbour's size and touching it along the line, joins that neighbour.
    func attachScripts(_ segs: [Segment]) -> [Segment] {
        var segs = segs
        var removed = [Bool](repeating: false, count: segs.count)
        // Candidates sorted by baseline so each looks only at nearby lines.
        let (byBaseline, position) = Self.baselineOrder(segs)
        for s in segs.indices where segs[s].items.count <= LayoutConstants.scriptMaxGlyphs {
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
                    if gap > options.scriptGapRatio * big.size { continue }
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
        guard seg.items.count >= LayoutConstants.equationNumberMinLength, seg.items.count <= LayoutConstants.equationNumberMaxLength else { return false }
        var scalars: [Unicode.Scalar] = []
        for i in seg.items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            scalars.append(contentsOf: page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)])
        }
        guard scalars.count >= LayoutConstants.equationNumberMinLength, scalars.count <= LayoutConstants.equationNumberMaxLength, scalars.first == "(", scalars.last == ")" else { return false }
        let body = scalars.dropFirst().dropLast()
        return body.contains { $0.properties.numericType != nil }
            && body.allSatisfy { $0.properties.numericType != nil || $0.properties.isAlphabetic || $0 == "." || $0 == "-" }
    }

    /// Whether every glyph of the segment is a delimiter, a radical sign or a big operator:
    /// what mathematics sets in sized glyphs on a baseline of their own.
    func isSizedMathGlyphs(_ seg: Segment) -> Bool {
        guard seg.items.count <= LayoutConstants.scriptMaxGlyphs else { return false }
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
        /// Each glyph of `d` stands beside the line's glyphs, within `delimiterReach` of one, and
        /// over none (a bracket drawn over the words of another line is not theirs).
        func besides(_ d: Segment, _ line: Segment) -> Bool {
            let size = line.size
            guard d.x0 <= line.x1 + options.delimiterReach * size, d.x1 >= line.x0 - options.delimiterReach * size else { return false }
            for i in d.items {
                let a = items[Int(i)]
                var nearest = Double.infinity
                for j in line.items {
                    let b = items[Int(j)]
                    if min(a.x1, b.x1) - max(a.x0, b.x0) > LayoutConstants.glyphOverlap * size { return false }
                    nearest = min(nearest, max(a.x0 - b.x1, b.x0 - a.x1))
                }
                if nearest > options.delimiterReach * size { return false }
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
                    guard !isCandidate[t], line.size <= d.size * options.fragmentSizeChange, d.size <= line.size * options.fragmentSizeChange,
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
                guard cap.size >= options.dropCapSizeRatio * line.size else { continue }
                let gap = line.x0 - cap.x1
                guard gap >= -options.dropCapOverlap * line.size, gap <= options.dropCapLineGap * line.size else { continue }
                // The line's baseline lies within the cap's height, near its top.
                guard line.top >= cap.top - LayoutConstants.dropCapTopReach * line.size,
                      line.baseline <= cap.baseline + LayoutConstants.dropCapBaselineReach * line.size else { continue }
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
        while run < LayoutConstants.ellipsisLength && closeFullStops(seg, a) { run += 1; a -= 1 }
        var z = k + 1
        while run < LayoutConstants.ellipsisLength && closeFullStops(seg, z) { run += 1; z += 1 }
        return run
    }

    /// A line's letter spacing (em) from its gaps between letters (em; reordered): the
    /// `letterSpacingQuantile` gap when there are six gaps or more; with three to five, the
    /// smallest when all others are wider than `wordGapRatio`; otherwise 0.
    func letterSpacing(_ gaps: inout [Double]) -> Double {
        guard gaps.count >= LayoutConstants.letterSpacingMinGaps else { return 0 }
        if gaps.count >= LayoutConstants.letterSpacingQuantileGaps {
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
                    if space && closeFullStops(seg, k) && ellipsisRunLength(seg, k) >= LayoutConstants.ellipsisLength { space = false }
                    // A raised number opening a line (a footnote's marker) is its own word.
                    if !space && k == 0 && it.size <= options.footnoteMarkerSize * b.size
                        && it.baseline < b.baseline - options.footnoteMarkerRise * b.size
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

