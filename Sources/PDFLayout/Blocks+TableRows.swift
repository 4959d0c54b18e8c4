import PDFCore
import PDFGlyphs

// A table's rows: lines of cells centred between the lines of a taller cell, and wrapped
// cells joined into logical rows.

extension BlockFinder {
    /// Rows of cells centred vertically: a row of two cells or more takes in the row just above
    /// and the row just below it (when they have fewer cells) whose every line overlaps its
    /// band by `tableCentredCellOverlap` of the line's height and stands beside its cells,
    /// under none of them, when the content stream draws them all together (a two-line cell
    /// beside one-line cells centred between its lines).
    func withCentredCells(_ rows: [[Int]]) -> [[Int]] {
        guard options.tableCentredCellOverlap > 0, options.tableCentredCellOverlap.isFinite else { return rows }
        func fitsBeside(_ a: [Int], _ m: [Int]) -> Bool {
            guard a.count < m.count else { return false }
            let top = m.map { segments[$0].top }.min()!, bottom = m.map { segments[$0].bottom }.max()!
            return a.allSatisfy { k in
                let s = segments[k]
                guard overlap(s.top, s.bottom, top, bottom) >= options.tableCentredCellOverlap * (s.bottom - s.top) else { return false }
                return !m.contains { overlap(segments[$0].x0, segments[$0].x1, s.x0, s.x1) > 0 }
            }
        }
        // The row's lines must be drawn together, with no other text drawn between them (a
        // column of prose beside a table is drawn before or after it).
        var firstGlyphs: [Int32] = []
        func drawnTogether(_ row: [Int]) -> Bool {
            if firstGlyphs.isEmpty { firstGlyphs = segments.map(\.firstGlyph).sorted() }
            let lo = row.map { segments[$0].firstGlyph }.min()!, hi = row.map { segments[$0].firstGlyph }.max()!
            // How many segments start before `g` (or at it, `through`).
            func count(_ g: Int32, through: Bool) -> Int {
                var a = 0, z = firstGlyphs.count
                while a < z {
                    let m = (a + z) / 2
                    if firstGlyphs[m] < g || (through && firstGlyphs[m] == g) { a = m + 1 } else { z = m }
                }
                return a
            }
            return count(hi, through: true) - count(lo, through: false) == row.count
        }
        var out: [[Int]] = []
        var taken = false   // the last row of `out` has taken in a row
        var k = 0
        while k < rows.count {
            var row = rows[k]
            var took = false
            if row.count >= 2 {
                // A two-line cell drawn amid the row's other cells has its lines above and
                // below the row: both are taken at once.
                if !taken, let above = out.last, fitsBeside(above, rows[k]), k + 1 < rows.count,
                   fitsBeside(rows[k + 1], rows[k]), drawnTogether(above + row + rows[k + 1]) {
                    row = above + row + rows[k + 1]; out.removeLast(); k += 1; took = true
                } else {
                    if !taken, let above = out.last, fitsBeside(above, rows[k]), drawnTogether(above + row) {
                        row = above + row; out.removeLast(); took = true
                    }
                    if k + 1 < rows.count, fitsBeside(rows[k + 1], rows[k]), drawnTogether(row + rows[k + 1]) {
                        row += rows[k + 1]; k += 1; took = true
                    }
                }
                if took { row.sort { segments[$0].x0 != segments[$1].x0 ? segments[$0].x0 < segments[$1].x0 : segments[$0].top < segments[$1].top } }
            }
            out.append(row)
            taken = took
            k += 1
        }
        return out
    }

    /// How many columns side by side the leader lines among `rows` stand in: their extents
    /// along the line, overlapping ones merged.
    func leaderColumns(_ rows: [[Int]]) -> Int {
        let spans = rows.joined().filter { segments[$0].isLeaderLine }.map { (segments[$0].x0, segments[$0].x1) }.sorted { $0.0 < $1.0 }
        var count = 0
        var end = -Double.infinity
        for (x0, x1) in spans {
            if x0 >= end { count += 1; end = x1 } else { end = max(end, x1) }
        }
        return count
    }

    /// Whether every line of `row` goes on a wrapped cell of the row above: it sits at most
    /// `tableCellLineGap` under a line of `above`, and touches no cell of the table (`seen`)
    /// outside that line's column.
    func continuesCells(_ row: [Int], below above: [Int], seen: [Int]) -> Bool {
        row.allSatisfy { k in
            let s = segments[k]
            let over = above.filter { overlap(segments[$0].x0, segments[$0].x1, s.x0, s.x1) > 0 }
            guard over.count == 1 else { return false }
            let p = segments[over[0]]
            guard s.top - p.bottom <= options.tableCellLineGap * max(s.size, p.size) else { return false }
            return !seen.contains { q in
                let sq = segments[q]
                return overlap(sq.x0, sq.x1, s.x0, s.x1) > 0 && overlap(sq.x0, sq.x1, p.x0, p.x1) <= 0
            }
        }
    }

    /// Width of the first word of segment `k` (the whole segment without items).
    func firstWordWidth(_ k: Int) -> Double {
        let s = segments[k]
        guard !items.isEmpty else { return s.width }
        for (n, i) in s.items.enumerated() where Int(i) < items.count {
            let it = items[Int(i)]
            if it.isSpace { return max(0, it.x0 - s.x0) }
            if n < s.spaceAfter.count && s.spaceAfter[n] { return max(0, it.x1 - s.x0) }
        }
        return s.width
    }

    /// A line ending in a hyphen after a letter: a word broken across the cell's lines.
    func endsWithBrokenWord(_ k: Int) -> Bool {
        guard let last = edgeScalar(k, last: true), TextAssembler.isHyphen(last) else { return false }
        return edgeScalar(k, last: true, skipping: 1)?.properties.isAlphabetic == true
    }

    /// Whether the content stream draws segments `ks` in this order.
    func increasing(_ ks: [Int]) -> Bool {
        zip(ks, ks.dropFirst()).allSatisfy { segments[$0].firstGlyph < segments[$1].firstGlyph }
    }

    /// How a table's lines are spaced: the gaps between consecutive lines of `run`, the
    /// threshold between line spacing and row spacing (the widest jump in the sorted gaps),
    /// whether that threshold splits rows (`tableRowGapRatio`, or rules painted between the
    /// rows), the median gap between rows of full cells, and the largest size.
    func rowSpacing(_ run: [[Int]], columns: Int) -> (gaps: [Double], threshold: Double, splits: Bool, rowGap: Double, size: Double) {
        var gaps: [Double] = []
        for k in 1..<run.count { gaps.append(rowTop(run[k]) - rowBottom(run[k - 1])) }
        let size = run.flatMap { $0 }.map { segments[$0].size }.max() ?? 1
        // Rows padded apart and wrapped lines set close: the widest jump in the sorted gaps,
        // when clear, separates line spacing from row spacing.
        let sorted = gaps.sorted()
        var threshold = -Double.infinity
        var widest = 0.0
        for k in 1..<max(1, sorted.count) where sorted[k] - sorted[k - 1] > widest {
            widest = sorted[k] - sorted[k - 1]
            threshold = (sorted[k] + sorted[k - 1]) / 2
        }
        // Rows set apart by a rule (a rule's width added to the line spacing between rows): the
        // gaps fall into two sizes that differ little but each hardly varies
        // (`tableRuleGapRatio`, `tableRuleGapClarity`), the wider at least twice, the narrower
        // no wider than lines of a cell are apart (`tableCellLineGap`) and found under a row
        // with fewer cells than usual (a cell's wrapped line, not a row of full cells).
        // A rule is painted in each of the wider gaps and in none of the narrower.
        var ruled = false
        if options.tableRuleGapClarity > 0, widest >= options.tableRuleGapRatio * size,
           let k = sorted.indices.dropFirst().first(where: { sorted[$0] > threshold }), sorted.count - k >= 2,
           sorted[k - 1] <= options.tableCellLineGap * size,
           gaps.indices.contains(where: { gaps[$0] < threshold && run[$0 + 1].count < columns }) {
            let spread = max(sorted[k - 1] - sorted[0], sorted[sorted.count - 1] - sorted[k])
            if widest >= options.tableRuleGapClarity * spread {
                let all = run.joined(), rules = thinRules(size: size)
                let x0 = all.map { segments[$0].x0 }.min()!, x1 = all.map { segments[$0].x1 }.max()!
                ruled = gaps.indices.allSatisfy { g in
                    rulesCover(rules, x0, x1, between: rowBottom(run[g]), and: rowTop(run[g + 1]), size: size) == (gaps[g] > threshold)
                }
            }
        }
        let spacingSplits = widest >= options.tableRowGapRatio * size || ruled
        var full = gaps.indices.filter { run[$0 + 1].count >= columns && run[$0].count >= columns }.map { gaps[$0] }.sorted()
        if full.isEmpty { full = sorted }
        let rowGap = full[full.count / 2]
        return (gaps, threshold, spacingSplits, rowGap, size)
    }

    /// Joins wrapped cells. When the gaps between rows fall into two clear sizes (wrapped lines
    /// set close, rows padded apart: `tableRowGapRatio`), lines closer than the split belong to
    /// one row; otherwise a row with fewer cells than usual continues the row above when set
    /// closer than rows are to each other, or when each of its lines goes on a line of its
    /// column that the line's first word would not have fitted on. A column whose cell ended
    /// (no line in the row above) and has a line again starts a new row. A logical row lists its
    /// cells column by column, each cell's lines top to bottom.
    func logicalRows(_ run: [[Int]], columns: Int) -> [[Int]] {
        guard run.count >= 2 else { return run }
        let (gaps, threshold, spacingSplits, rowGap, size) = rowSpacing(run, columns: columns)
        // Cells in column order, each column's lines top to bottom. Columns start where the
        // cells of rows with the usual cell count or more start (starts within an em of each other, as
        // in a column set flush right, are one column); a line belongs to the last column
        // starting at or before it (a cell running over the next column's start, or a cell
        // wider than its column, stays in its own). Sorting by (column, top, left) keys keeps
        // the sort a strict weak ordering.
        var fullRows = run.filter { $0.count >= columns }
        if fullRows.isEmpty { fullRows = run }
        let starts = fullRows.flatMap { $0 }.map { segments[$0].x0 }.sorted()
        var columnsX: [Double] = []
        var lastStart = -Double.infinity
        for x in starts {
            if x - lastStart > size { columnsX.append(x) }
            lastStart = x
        }
        func column(_ k: Int) -> Int {
            let x = segments[k].x0 + LayoutConstants.overlapTolerance
            return columnsX.lastIndex { $0 <= x } ?? 0
        }
        // A cell's lines follow one another: a column with a line earlier in the row, none in
        // the row above, starts a new row when it has a line again. Without padding between
        // rows, a row with fewer cells continues the one above when each of its lines goes on
        // a line of its column whose next word would not have fitted (the cell wrapped).
        var right: [Int: Double] = [:]
        for k in run.flatMap({ $0 }) { right[column(k)] = max(right[column(k)] ?? -.infinity, segments[k].x1) }
        func wraps(_ k: Int) -> Bool {
            let above = Dictionary(run[k - 1].map { (column($0), $0) }, uniquingKeysWith: { a, b in segments[a].x0 < segments[b].x0 ? b : a })
            return run[k].allSatisfy { j in
                guard let a = above[column(j)], let edge = right[column(j)] else { return false }
                let s = segments[a]
                return s.x1 + LayoutConstants.spaceWidth * s.size + firstWordWidth(j) > edge + options.cellWrapTolerance * s.size
                    || (options.joinsHyphenatedCells && endsWithBrokenWord(a))
            }
        }
        // Every cell wrapped at once (captions side by side): each line goes on the line above
        // in its column, which wrapped before it, under a row of `tableWrapRowWords` words a
        // cell.
        func allWrap(_ k: Int) -> Bool {
            let above = run[k - 1]
            let words = above.reduce(0) { $0 + segments[$1].wordCount }
            guard Double(words) >= options.tableWrapRowWords * Double(above.count),
                  Set(run[k].map(column)).count == run[k].count, wraps(k) else { return false }
            let byColumn = Dictionary(above.map { (column($0), $0) }, uniquingKeysWith: { a, b in segments[a].x0 < segments[b].x0 ? b : a })
            // Each line goes on: starting in lower case or after a colon, comma, semicolon or
            // hyphen; or, for fewer than half of them (a name wrapped to the next line), at
            // least not after a sentence's end nor with a digit.
            var evidenced = 0
            for j in run[k] {
                guard let a = byColumn[column(j)], let first = edgeScalar(j, last: false),
                      let end = edgeScalar(a, last: true) else { return false }
                if first.properties.isLowercase || ":,;".unicodeScalars.contains(end) || TextAssembler.isHyphen(end) {
                    evidenced += 1
                } else if ".!?".unicodeScalars.contains(end) || first.properties.numericType != nil {
                    return false
                }
            }
            return 2 * evidenced > run[k].count
        }
        // Cells drawn whole: two rows of two cells or more whose lines the content stream draws
        // column by column (each column's lines of both rows before the next column's), not row
        // by row, are lines of one row's cells (address blocks side by side, a label over its
        // value in a box).
        func drawnWhole(_ k: Int) -> Bool {
            guard options.joinsCellsDrawnWhole, run[k - 1].count >= 2, run[k].count >= 2 else { return false }
            let byRow = run[k - 1] + run[k]
            let byColumn = byRow.sorted { a, b in
                let ca = column(a), cb = column(b)
                if ca != cb { return ca < cb }
                let sa = segments[a], sb = segments[b]
                return sa.top != sb.top ? sa.top < sb.top : sa.x0 < sb.x0
            }
            return increasing(byColumn) && !increasing(byRow)
        }
        var out: [[Int]] = [run[0]]
        var inRow = Set(run[0].map(column))
        for k in 1..<run.count {
            let gap = gaps[k - 1]
            let here = Set(run[k].map(column)), above = Set(run[k - 1].map(column))
            let restarts = here.contains { inRow.contains($0) && !above.contains($0) }
            let continues = !restarts && (spacingSplits ? gap < threshold
                : run[k].count < columns && (gap < options.tableWrappedLineGap * rowGap || wraps(k)) || allWrap(k) || drawnWhole(k))
            if continues {
                out[out.count - 1] += run[k]
                inRow.formUnion(here)
            } else {
                out.append(run[k])
                inRow = here
            }
        }
        return out.map { row in
            row.sorted { a, b in
                let ca = column(a), cb = column(b)
                if ca != cb { return ca < cb }
                let sa = segments[a], sb = segments[b]
                return sa.top != sb.top ? sa.top < sb.top : sa.x0 < sb.x0
            }
        }
    }
}
