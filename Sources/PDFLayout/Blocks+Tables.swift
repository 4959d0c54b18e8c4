import PDFCore
import PDFGlyphs

// Table detection: rows of cells lined up in columns become table blocks, unless they are
// columns of prose, numbered formulas or an index's columns. Wrapped cells are joined into
// logical rows in Blocks+TableRows.swift.

extension BlockFinder {
    /// Rows of cells lined up in columns, with few words per cell, become table blocks read
    /// row by row. Returns the tables and the segments they use.
    func tables() -> (blocks: [Block], used: Set<Int>) {
        guard options.detectsTables, segments.count >= LayoutConstants.tableMinSegments else { return ([], []) }
        let rows = tableRows()
        var blocks: [Block] = []
        var used = Set<Int>()
        var r = 0
        while r < rows.count {
            guard rows[r].count >= 2 else { r += 1; continue }
            let found = tableRun(from: r, in: rows)
            var run = found.run, next = found.next
            let runRows = found.rows
            // A table set in a column of prose ends where that column's prose goes on under it.
            let kept = rowsBeforeProseBelowCells(run)
            if kept < run.count { next = runRows[kept]; run.removeSubrange(kept...) }
            let unfiltered = run.reduce(0) { $0 + $1.count }
            if let float = tableBelowProse(run) {
                // The rows of a table float under its column's text, without the other column.
                next = runRows[float.rows.upperBound] + 1
                run = run[float.rows].map { row in
                    row.filter { segments[$0].x0 >= float.x0 && segments[$0].x1 <= float.x1 }
                }.filter { !$0.isEmpty }
            } else {
                run = withoutProseColumns(run)
            }
            run = withoutStrayEnds(run)
            let multi = run.filter { $0.count >= 2 }
            let columns = usualCellCount(multi)
            if isTable(run, multi: multi, columns: columns) {
                var b = Block(segment: run[0][0], segments[run[0][0]])
                b.lines = []
                for row in logicalRows(run, columns: columns) { b.append(line: row, segments); used.formUnion(row) }
                b.kind = .table
                blocks.append(b)
                r = next
            } else {
                // Rows already judged (prose columns) are not tried again from inside.
                r = multi.count >= 2 || run.reduce(0, { $0 + $1.count }) < unfiltered ? next : r + 1
            }
        }
        return (blocks, used)
    }

    /// The rows the table search reads: segments sharing a baseline (within
    /// `baselineTolerance`), each by x, with the lines of centred cells taken in
    /// (`withCentredCells`).
    func tableRows() -> [[Int]] {
        // Rows: segments sharing a baseline. (The sort keys in arrays of their own: a
        // comparison that reads `segments` copies segments, and this finder, at every call.)
        let baselines = segments.map(\.baseline), starts = segments.map(\.x0)
        let order = segments.indices.sorted { a, b in
            baselines[a] != baselines[b] ? baselines[a] < baselines[b] : starts[a] < starts[b]
        }
        var rows: [[Int]] = []
        for k in order {
            let s = segments[k]
            if let last = rows.last?.first, abs(segments[last].baseline - s.baseline) <= options.baselineTolerance * min(s.size, segments[last].size) {
                rows[rows.count - 1].append(k)
            } else {
                rows.append([k])
            }
        }
        for r in rows.indices { rows[r].sort { starts[$0] < starts[$1] } }
        rows = withCentredCells(rows)
        return rows
    }

    func rowTop(_ r: [Int]) -> Double { r.map { segments[$0].top }.min()! }
    func rowBottom(_ r: [Int]) -> Double { r.map { segments[$0].bottom }.max()! }
    func rowSize(_ r: [Int]) -> Double { r.map { segments[$0].size }.max()! }
    /// How many cells of `b` sit under a cell of `a`.
    func aligned(_ a: [Int], _ b: [Int]) -> Int {
        b.filter { kb in
            a.contains { ka in
                let sa = segments[ka], sb = segments[kb]
                return overlap(sa.x0, sa.x1, sb.x0, sb.x1) > 0
                    || abs(sa.x0 - sb.x0) < sa.size || abs(sa.x1 - sb.x1) < sa.size
            }
        }.count
    }

    /// Whether segment `k` reaches out by its size or more beyond both sides of the cells
    /// of `row` under it (two at least).
    func spansBeyond(_ k: Int, _ row: [Int]) -> Bool {
        let s = segments[k]
        let under = row.filter { overlap(segments[$0].x0, segments[$0].x1, s.x0, s.x1) > 0 }
        guard under.count >= 2 else { return false }
        return s.x0 <= under.map { segments[$0].x0 }.min()! - s.size && s.x1 >= under.map { segments[$0].x1 }.max()! + s.size
    }

    /// The run of rows from row `r` that may be a table: rows set close under it whose cells
    /// line up with the cells seen so far, single cells inside it and lines of wrapped
    /// cells, lines of the page's other column passed over. The run, the index in `rows` of
    /// each of its rows, and the row after it.
    func tableRun(from r: Int, in rows: [[Int]]) -> (run: [[Int]], rows: [Int], next: Int) {
        var run = [rows[r]]
        // The index in `rows` of each row of the run.
        var runRows = [r]
        // The table's columns so far: every cell seen, for alignment.
        var seen = rows[r]
        var next = r + 1
        while next < rows.count {
            let prev = run.last!, cand = rows[next]
            let gap = rowTop(cand) - rowBottom(prev)
            guard gap <= options.tableRowSpacing * rowSize(prev) else { break }
            // A line of the page's other column between two rows, further than
            // `tableStrayCellGap` beyond the table's sides, is passed over.
            if cand.count == 1 && aligned(seen, cand) == 0 {
                let s = segments[cand[0]], reach = options.tableStrayCellGap * s.size
                let left = seen.map { segments[$0].x0 }.min()!, right = seen.map { segments[$0].x1 }.max()!
                if s.x0 > right + reach || s.x1 < left - reach { next += 1; continue }
            }
            if cand.count >= 2 && aligned(seen, cand) >= 2 {
                // Text on the same baseline far beyond the table's sides, under none of its
                // cells (the other column of the page beside a table), is not part of it.
                let left = seen.map { segments[$0].x0 }.min()!, right = seen.map { segments[$0].x1 }.max()!
                let kept = cand.filter { k in
                    let s = segments[k], reach = options.tableStrayCellGap * s.size
                    return (s.x0 <= right + reach && s.x1 >= left - reach) || aligned(seen, [k]) == 1
                }
                run.append(kept); runRows.append(next); seen += kept; next += 1; continue
            }
            // A single cell (a wrapped cell or an empty column) inside the table when
            // the row after it continues the table.
            // After a single row, a line reaching out beyond both sides of that row's cells
            // under it by an em or more (a caption over the table under it) is no cell.
            if cand.count == 1, next + 1 < rows.count, rows[next + 1].count >= 2,
               aligned(seen, rows[next + 1]) >= 2, aligned(seen, cand) == 1,
               rowTop(rows[next + 1]) - rowBottom(cand) <= options.tableRowSpacing * rowSize(cand),
               run.count > 1 || !spansBeyond(cand[0], rows[next + 1]) {
                run.append(cand); runRows.append(next); seen += cand; next += 1; continue
            }
            // Lines of wrapped cells, each going on under a line of its column.
            if continuesCells(cand, below: prev, seen: seen) {
                run.append(cand); runRows.append(next); seen += cand; next += 1; continue
            }
            break
        }
        return (run, runRows, next)
    }

    /// The run without a single cell left last that reaches out of the table's sides, nor
    /// (`separatesTableFormulas`) a numbered formula just above or below it.
    func withoutStrayEnds(_ rows: [[Int]]) -> [[Int]] {
        var run = rows
        // A single cell left last (it stood before a row of the other column, now gone) and
        // reaching out of the table's sides is no wrapped cell of its last row.
        if let lo = run.filter({ $0.count >= 2 }).joined().map({ segments[$0].x0 }).min(),
           let hi = run.filter({ $0.count >= 2 }).joined().map({ segments[$0].x1 }).max() {
            while let last = run.last, last.count == 1 {
                let s = segments[last[0]], edge = options.tableEdgeTolerance * s.size
                guard s.x0 < lo - edge || s.x1 > hi + edge else { break }
                run.removeLast()
            }
        }
        // A numbered formula just above or below a table (and the caption between) is no row
        // of it (`separatesTableFormulas`).
        if options.separatesTableFormulas {
            if run.count >= LayoutConstants.formulaRowMinRun, holdsEquationNumber(run[0]), !holdsEquationNumber(run[1]) {
                run.removeFirst()
                while let f = run.first, f.count == 1 { run.removeFirst() }
            }
            if run.count >= LayoutConstants.formulaRowMinRun, holdsEquationNumber(run[run.count - 1]), !holdsEquationNumber(run[run.count - 2]) {
                run.removeLast()
            }
        }
        return run
    }

    /// The usual number of cells in a row (the most frequent; the larger on a tie).
    func usualCellCount(_ multi: [[Int]]) -> Int {
        var counts: [Int: Int] = [:]
        for row in multi { counts[row.count, default: 0] += 1 }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }?.key ?? 0
    }

    /// Whether a run of rows (`multi`: its rows of two cells or more, `columns` cells usual)
    /// is a table: few words a cell (`tableCellWords`), no columns of prose side by side, no
    /// numbered formulas, no index's columns (`leaderIndexColumns`), no last lines of
    /// columns of prose.
    func isTable(_ run: [[Int]], multi: [[Int]], columns: Int) -> Bool {
        let cells = multi.flatMap { $0 }
        // Words, or for text set without spaces (CJK) its length at about 3 em a word.
        func cellWords(_ k: Int) -> Double { max(Double(segments[k].wordCount), segments[k].width / (3 * segments[k].size)) }
        let words = cells.reduce(0.0) { $0 + cellWords($1) }
        let longest = cells.map(cellWords).max() ?? 0
        let meanWords = words / Double(max(1, cells.count))
        let limit = columns >= LayoutConstants.wideTableColumns ? options.tableCellWords * options.tableWideCellWords : options.tableCellWords
        // Prose beside a column of short lines (code, a figure's labels) is not a table:
        // no cell may hold more than twice the mean allowance.
        // Columns of prose (every column averaging three words or more per line) side by
        // side are not a table.
        var columnWords = [Double](repeating: 0, count: columns), columnRows = 0
        for row in multi where row.count == columns {
            columnRows += 1
            for (c, k) in row.enumerated() { columnWords[c] += cellWords(k) }
        }
        var prose = columnRows > 0 && columnWords.allSatisfy { $0 / Double(columnRows) >= LayoutConstants.proseWordsPerLine }
        // Narrow justified columns (few, widely spaced words a line) side by side: in every
        // column most lines of two words or more fill the column from edge to edge.
        if !prose && columnRows >= LayoutConstants.proseMinRows && options.proseColumnJustifiedShare <= 1 {
            var full = [Int](repeating: 0, count: columns)
            var left = [Double](repeating: .infinity, count: columns)
            var right = [Double](repeating: -.infinity, count: columns)
            for row in multi where row.count == columns {
                for (c, k) in row.enumerated() {
                    left[c] = min(left[c], segments[k].x0); right[c] = max(right[c], segments[k].x1)
                }
            }
            for row in multi where row.count == columns {
                for (c, k) in row.enumerated() {
                    let sg = segments[k], tolerance = options.tableEdgeTolerance * sg.size
                    if sg.wordCount >= 2 && sg.x0 - left[c] <= tolerance && right[c] - sg.x1 <= tolerance {
                        full[c] += 1
                    }
                }
            }
            prose = full.allSatisfy { Double($0) >= options.proseColumnJustifiedShare * Double(columnRows) }
        }
        let numberedFormulas = multi.allSatisfy(holdsEquationNumber)
        // Leader lines in columns side by side: the columns of an index or a table of
        // contents, read column by column.
        let index = options.leaderIndexColumns > 0 && leaderColumns(run) >= options.leaderIndexColumns
        return multi.count >= 2 && meanWords <= limit && longest <= 2 * limit && !prose && !numberedFormulas && !index
            && !continuesProseColumns(multi, columns: columns)
    }

    /// Whether every column of the rows (`multi`, `columns` cells a row) goes on from a line of
    /// justified prose just above it (`blockGapRatio`): a line starting where the column does
    /// (within `tableEdgeTolerance`), reaching at least as far, short of the next column, with a line just
    /// above it starting and ending where it does. The last lines of columns of prose side by
    /// side (a short last line and its neighbour) are no table.
    func continuesProseColumns(_ multi: [[Int]], columns: Int) -> Bool {
        guard options.readsProseColumnEnds, columns >= 2 else { return false }
        let full = multi.filter { $0.count == columns }
        guard let first = full.min(by: { segments[$0[0]].top < segments[$1[0]].top }) else { return false }
        for c in 0..<columns {
            let top = segments[first[c]], edge = options.tableEdgeTolerance * top.size, reach = options.blockGapRatio * top.size
            let x0 = full.map { segments[$0[c]].x0 }.min()!, x1 = full.map { segments[$0[c]].x1 }.max()!
            let next = c + 1 < columns ? full.map { segments[$0[c + 1]].x0 }.min()! : Double.infinity
            func justifiedAbove(_ j: Int, below: Segment) -> Bool {
                let o = segments[j]
                return o.bottom <= below.top + edge && below.top - o.bottom <= reach
                    && abs(o.x0 - x0) <= edge && o.x1 >= x1 - edge && o.x1 < next
            }
            let found = segments.indices.contains { j in
                guard justifiedAbove(j, below: top) else { return false }
                let o = segments[j]
                return segments.indices.contains { i in
                    i != j && abs(segments[i].x0 - o.x0) <= edge && abs(segments[i].x1 - o.x1) <= edge
                        && segments[i].bottom <= o.top + edge && o.top - segments[i].bottom <= reach
                }
            }
            if !found { return false }
        }
        return true
    }

    /// The run without its columns of prose: a line of `tableProseWords` words and
    /// `tableProseWidth` em with a line just above or below it (as a block's lines are:
    /// `blockGapRatio`) starting and ending where it does (justified text) is a line of prose,
    /// and every line within its span leaves the run (its column's headings and short last
    /// lines too). The page's other column beside a table float, or the columns of a
    /// newsletter, share baselines with a table's rows, or with each other, by chance.
    func withoutProseColumns(_ run: [[Int]]) -> [[Int]] {
        var spans: [(Double, Double)] = []
        for k in run.joined() where !spans.contains(where: { $0.0 <= segments[k].x0 && $0.1 >= segments[k].x1 }) {
            if isProseLine(k) { spans.append((segments[k].x0, segments[k].x1)) }
        }
        guard !spans.isEmpty else { return run }
        return run.map { row in
            row.filter { k in !spans.contains { overlap($0.0, $0.1, segments[k].x0, segments[k].x1) > 0 } }
        }.filter { !$0.isEmpty }
    }

    /// Rows of the run wholly below the last line of prose of a column of prose
    /// (`withoutProseColumns`), with two cells or more inside the column (equation numbers
    /// left out), two such rows at least: a table float set in the column under its text
    /// (a formula set in pieces is one row). The first to the last such row, and the column's
    /// extent; the topmost when several columns have one.
    func tableBelowProse(_ run: [[Int]]) -> (rows: ClosedRange<Int>, x0: Double, x1: Double)? {
        var spans: [(x0: Double, x1: Double)] = []
        for k in run.joined() where !spans.contains(where: { $0.x0 <= segments[k].x0 && $0.x1 >= segments[k].x1 }) {
            if isProseLine(k) { spans.append((segments[k].x0, segments[k].x1)) }
        }
        var best: (rows: ClosedRange<Int>, x0: Double, x1: Double)? = nil
        for span in spans {
            func inside(_ k: Int) -> Bool { segments[k].x0 >= span.x0 && segments[k].x1 <= span.x1 }
            // The bottom of the column's last line of prose in the run.
            guard let last = run.lastIndex(where: { $0.contains { inside($0) && isProseLine($0) } }) else { continue }
            let bottom = run[last].filter { inside($0) && isProseLine($0) }.map { segments[$0].bottom }.max()!
            let rows = run.indices.filter { i in
                guard i > last else { return false }
                let cells = run[i].filter { inside($0) && !equationNumbers.contains($0) }
                return cells.count >= 2 && cells.allSatisfy { segments[$0].top >= bottom }
            }
            guard rows.count >= 2, let first = rows.first, let end = rows.last else { continue }
            if best == nil || first < best!.rows.lowerBound { best = (first...end, span.x0, span.x1) }
        }
        return best
    }

    /// Whether a row of segments holds an equation number ("(3)").
    func holdsEquationNumber(_ row: [Int]) -> Bool { row.contains { equationNumbers.contains($0) } }

    /// Whether segment `k` is a line of prose as `withoutProseColumns` means it: `tableProseWords`
    /// words over `tableProseWidth` em, with a line just above or below it ending where it
    /// does and starting there too, or within `tableProseIndent` em (a paragraph's indent),
    /// set as close as the closest lines within its span nearby (`tableProseLineGap`).
    func isProseLine(_ k: Int) -> Bool {
        if let known = proseLines.answers[k] { return known }
        let answer = proseLineUncached(k)
        proseLines.answers[k] = answer
        return answer
    }

    private func proseLineUncached(_ k: Int) -> Bool {
        let s = segments[k]
        guard Double(s.wordCount) >= options.tableProseWords, s.width >= options.tableProseWidth * s.size else { return false }
        let edge = options.tableEdgeTolerance * s.size, reach = options.blockGapRatio * s.size
        let indent = max(edge, options.tableProseIndent.isFinite ? options.tableProseIndent * s.size : edge)
        // The lines flush with this one just above or below (fields read in place, no segment
        // copied); then the closest two lines one above the other within its span nearby, the
        // column's line spacing (in a table, its cells' wrapped lines).
        var closest = Double.infinity
        var near: [(top: Double, bottom: Double)] = []
        segments.withUnsafeBufferPointer { all in
            for j in all.indices where j != k {
                let top = all[j].top, bottom = all[j].bottom
                if abs(all[j].x0 - s.x0) <= indent && abs(all[j].x1 - s.x1) <= edge
                    && abs(all[j].baseline - s.baseline) > options.nextLineShift * s.size && top - s.bottom <= reach && s.top - bottom <= reach {
                    closest = min(closest, max(top - s.bottom, s.top - bottom))
                }
            }
            guard closest.isFinite else { return }
            for j in all.indices where j != k {
                if all[j].x0 >= s.x0 - indent && all[j].x1 <= s.x1 + edge && abs(all[j].baseline - s.baseline) <= options.tableProseWindow * s.size
                    && abs(all[j].size - s.size) <= options.sameSizeTolerance * s.size {
                    near.append((all[j].top, all[j].bottom))
                }
            }
        }
        guard closest.isFinite else { return false }
        near.append((s.top, s.bottom))
        near.sort { $0.top < $1.top }
        var tightest = Double.infinity
        for (a, b) in zip(near, near.dropFirst()) where b.top - a.bottom > -options.tableProseLineOverlap * s.size {
            tightest = min(tightest, b.top - a.bottom)
        }
        return closest <= tightest + options.tableProseLineGap * s.size
    }

    /// How many rows of the run come before the first line of prose (`isProseLine`) under an
    /// earlier row with two cells or more within the prose line's width, not filling it from
    /// edge to edge (a table float at the top of a column, the column's text going on under
    /// it; not a justified line split at a river). Rows holding an equation number (a formula
    /// beside its number) do not count as such a row.
    func rowsBeforeProseBelowCells(_ run: [[Int]]) -> Int {
        for i in run.indices.dropFirst() {
            for k in run[i] where isProseLine(k) {
                let s = segments[k], edge = options.tableEdgeTolerance * s.size
                let above = run[..<i].contains { row in
                    let inside = row.filter { segments[$0].x0 >= s.x0 - edge && segments[$0].x1 <= s.x1 + edge && !isProseLine($0) }
                    guard inside.count >= 2, !holdsEquationNumber(row) else { return false }
                    // Not a justified line of the column split at a wide space.
                    let x0 = inside.map { segments[$0].x0 }.min()!, x1 = inside.map { segments[$0].x1 }.max()!
                    return abs(x0 - s.x0) > edge || abs(x1 - s.x1) > edge
                }
                if above { return i }
            }
        }
        return run.count
    }

    /// The first (or last) letter of segment `k`'s text, when the page is known; with
    /// `skipping`, that of the glyph so many glyphs further in (space glyphs left out).
    func edgeScalar(_ k: Int, last: Bool, skipping: Int = 0) -> Unicode.Scalar? {
        guard let page else { return nil }
        return segments[k].edgeScalar(last: last, skipping: skipping, items: items, page: page)
    }

    /// Whether segment `k` is an equation number: one word, "(" then up to eight digits,
    /// letters and dots with a digit among them, then ")".
    func isEquationNumber(_ k: Int) -> Bool {
        let s = segments[k]
        guard let page, s.wordCount == 1, s.items.count >= LayoutConstants.equationNumberMinLength, s.items.count <= LayoutConstants.tableEquationNumberMaxLength else { return false }
        var text: [Unicode.Scalar] = []
        for i in s.items where Int(i) < items.count && !items[Int(i)].isSpace {
            let g = Int(items[Int(i)].glyph)
            guard g >= 0, g < page.glyphs.count else { return false }
            let r = page.glyphs[g].text
            guard r.lowerBound >= 0, r.lowerBound <= r.upperBound, Int(r.upperBound) <= page.scalars.count else { return false }
            text += page.scalars[Int(r.lowerBound)..<Int(r.upperBound)]
            if text.count > LayoutConstants.tableEquationNumberMaxLength { return false }
        }
        guard text.count >= LayoutConstants.equationNumberMinLength, text.first == "(", text.last == ")" else { return false }
        let body = text.dropFirst().dropLast()
        return body.contains { $0.properties.numericType != nil }
            && body.allSatisfy { $0 == "." || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
