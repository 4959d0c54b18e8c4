import PDFCore
import PDFGlyphs

// The gap tests of `SegmentRows`: whether the white between two pieces of a row runs on
// through the lines around (a stripe: a column gutter, a cell border), closes within a
// line or two (a justified line's wide space, a river), or has cells starting at its end
// in the rows nearby.

extension SegmentRows {
    /// A soft gap splits only when it is part of a white stripe: no other line of about the
    /// same size within `stripeWindow` em above or below crosses it, and text lies on both of its sides
    /// there (a column gutter or a cell border; a wide word space or a quad is crossed by
    /// the lines around it).
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
                    if f.size > size * options.stripeSizeChange || f.size < size / options.stripeSizeChange { continue }
                    if f.x1 <= a { rl = true }
                    else if f.x0 >= z {
                        // Text on the right counts when it starts where the stripe ends
                        // (a column or cell edge, or a paragraph indent from it), not anywhere
                        // further right.
                        if f.x0 <= z + options.stripeEdgeReach * size { rr = true; rightStart = min(rightStart, f.x0) }
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
    /// Row `r`'s word spaces (x and width, by x), beyond its letter spacing, which
    /// `rowLetterSpacing` keeps.
    mutating func wordGaps(ofRow r: Int) -> [(x: Double, width: Double)] {
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
            let spacing = finder.letterSpacing(&letterGaps)
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
    mutating func spacing(ofRow r: Int) -> Double {
        if rowWordGaps[r] == nil { _ = wordGaps(ofRow: r) }
        return rowLetterSpacing[r]
    }
    /// The word space of row `r` next to a gap: the smaller of the two spaces nearest it
    /// on its left, from `start` on (the line's text since its last split: spaces of the
    /// column before a gutter say nothing of this one), and the space nearest it on its
    /// right; the left side alone, when it has spaces, with `riverSpaceLeftSide` (the
    /// spaces on the right may be a narrow gutter, or the next column's across it), else
    /// the smaller side, two spaces on each. Justified text spreads a line's spaces evenly, so
    /// a river is no wider than the spaces beside it, while a gutter or a cell border is
    /// wider than the spaces of the text beside it.
    mutating func typicalWordGap(_ g: Gap, row r: Int, from start: Double) -> Double? {
        let all = wordGaps(ofRow: r)
        // Gaps sorted by x: the first one right of the gap, and the two on each side.
        var lo = 0, hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid].x < g.x1 - LayoutConstants.negligible { lo = mid + 1 } else { hi = mid }
        }
        let right = all[lo..<min(all.count, lo + 2)].map(\.width)
        var before = lo
        while before > 0 && all[before - 1].x + all[before - 1].width > g.x0 + LayoutConstants.negligible { before -= 1 }
        let left = all[max(0, before - 2)..<before].filter { $0.x + $0.width >= start - LayoutConstants.negligible }.map(\.width)
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
                if f.size > size * options.stripeSizeChange || f.size < size / options.stripeSizeChange { continue }
                if f.x1 > left && f.x0 < g.x0 { overLeft = true }
                if f.x0 < right && f.x1 > g.x1 { overRight = true }
                if f.x1 <= ra || f.x0 >= rz { continue }
                // A table's number cell inside the gap (a digit at both ends, other text of
                // its row at least `segmentGapRatio` away on both sides: the column between
                // two header cells set further apart) neither closes nor narrows it. (A word
                // between a letter-spaced line's wide spaces does.)
                if f.x0 > ra && f.x1 < rz && finder.edgeIsDigit(fragments[order[k - step]], last: false)
                    && finder.edgeIsDigit(fragments[order[k - step]], last: true)
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
    mutating func isRiverLike(_ g: Gap, row r: Int, from start: Double) -> Bool {
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
        let spaces = [finder.widestSpace(left), finder.widestSpace(right)].filter { $0 > options.wordGapRatio * size }
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
        guard glyphs >= LayoutConstants.spreadWordMinGlyphs * (last - first + 2) else { return false }
        // Flush with the nearest line above or below within the run's span, that line
        // across one of the gaps at least (a table's rows leave its gutters white).
        let x0 = pieces[r][first].x0, x1 = pieces[r][last + 1].x1, edge = options.spreadLineEdge * size
        let b = pieces[r][0].baseline
        var flush = false
        for dir in [-1, 1] where !flush {
            var n = r + dir
            while n >= 0 && n < pieces.count && abs(pieces[n][0].baseline - b) <= options.spreadLineWindow * size {
                var lo = Double.infinity, hi = -Double.infinity, crosses = false
                for p in pieces[n] where p.x1 > x0 && p.x0 < x1 && abs(p.size - size) <= options.sameSizeTolerance * size {
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
                  !finder.isMonospaced(a), !finder.isMonospaced(z) else { return false }
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
                if f.size > size * options.stripeSizeChange || f.size < size / options.stripeSizeChange || f.x1 <= a || f.x0 >= z { continue }
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
        let width = (narrowest ?? options.segmentGapRatio) * size * options.cellGapWidthShare
        let past = options.cellEdgeCrossingReach * size
        let sizeChange = options.cellEdgeCrossingSizeChange
        var count = 0, crossings = 0
        for dir in [-1, 1] {
            var n = r + dir
            while n >= 0 && n < pieces.count && abs(pieces[n][0].baseline - b) <= reach {
                if let k = gaps[n].firstIndex(where: { abs($0.x1 - g.x1) <= options.cellStartTolerance * size && $0.x1 - $0.x0 >= width }) {
                    if let end = flushEnd, k + 2 == pieces[n].count, abs(pieces[n][k + 1].x1 - end) <= options.cellStartTolerance * size,
                       finder.sameText(pieces[n][k + 1], pieces[r][pieces[r].count - 1]) {
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
}
