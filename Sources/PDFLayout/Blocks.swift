import PDFCore
import PDFTextModel

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
    /// coordinates, give or take a tenth of an em) together cover at least half of
    /// `x0`…`x1` along the line.
    func rulesCover(_ rules: [Rule], _ x0: Double, _ x1: Double, between upper: Double, and lower: Double,
                    size: Double) -> Bool {
        guard x1 > x0 else { return false }
        var covered = 0.0
        for r in rules where r.across0 >= upper - 0.1 * size && r.across1 <= lower + 0.1 * size {
            covered += max(0, min(x1, r.along1) - max(x0, r.along0))
        }
        return covered >= 0.5 * (x1 - x0)
    }

    /// Rows of cells lined up in columns, with few words per cell, become table blocks read
    /// row by row. Returns the tables and the segments they use.
    func tables() -> (blocks: [Block], used: Set<Int>) {
        guard options.detectsTables, segments.count >= 4 else { return ([], []) }
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

        var blocks: [Block] = []
        var used = Set<Int>()
        var r = 0
        while r < rows.count {
            guard rows[r].count >= 2 else { r += 1; continue }
            var run = [rows[r]]
            // The index in `rows` of each row of the run.
            var runRows = [r]
            // The table's columns so far: every cell seen, for alignment.
            var seen = rows[r]
            var next = r + 1
            while next < rows.count {
                let prev = run.last!, cand = rows[next]
                let gap = rowTop(cand) - rowBottom(prev)
                guard gap <= 1.5 * rowSize(prev) else { break }
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
                   rowTop(rows[next + 1]) - rowBottom(cand) <= 1.5 * rowSize(cand),
                   run.count > 1 || !spansBeyond(cand[0], rows[next + 1]) {
                    run.append(cand); runRows.append(next); seen += cand; next += 1; continue
                }
                // Lines of wrapped cells, each going on under a line of its column.
                if continuesCells(cand, below: prev, seen: seen) {
                    run.append(cand); runRows.append(next); seen += cand; next += 1; continue
                }
                break
            }
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
            // A single cell left last (it stood before a row of the other column, now gone) and
            // reaching out of the table's sides is no wrapped cell of its last row.
            if let lo = run.filter({ $0.count >= 2 }).joined().map({ segments[$0].x0 }).min(),
               let hi = run.filter({ $0.count >= 2 }).joined().map({ segments[$0].x1 }).max() {
                while let last = run.last, last.count == 1 {
                    let s = segments[last[0]], edge = 0.5 * s.size
                    guard s.x0 < lo - edge || s.x1 > hi + edge else { break }
                    run.removeLast()
                }
            }
            // A numbered formula just above or below a table (and the caption between) is no row
            // of it (`separatesTableFormulas`).
            if options.separatesTableFormulas {
                if run.count >= 3, holdsEquationNumber(run[0]), !holdsEquationNumber(run[1]) {
                    run.removeFirst()
                    while let f = run.first, f.count == 1 { run.removeFirst() }
                }
                if run.count >= 3, holdsEquationNumber(run[run.count - 1]), !holdsEquationNumber(run[run.count - 2]) {
                    run.removeLast()
                }
            }
            let multi = run.filter { $0.count >= 2 }
            let cells = multi.flatMap { $0 }
            // Words, or for text set without spaces (CJK) its length at about 3 em a word.
            func cellWords(_ k: Int) -> Double { max(Double(segments[k].wordCount), segments[k].width / (3 * segments[k].size)) }
            let words = cells.reduce(0.0) { $0 + cellWords($1) }
            let longest = cells.map(cellWords).max() ?? 0
            let meanWords = words / Double(max(1, cells.count))
            // The usual number of cells in a row (the most frequent; the larger on a tie).
            var counts: [Int: Int] = [:]
            for row in multi { counts[row.count, default: 0] += 1 }
            let columns = counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }?.key ?? 0
            let limit = columns >= 3 ? options.tableCellWords * 1.5 : options.tableCellWords
            // Prose beside a column of short lines (code, a figure's labels) is not a table:
            // no cell may hold more than twice the mean allowance.
            // Columns of prose (every column averaging three words or more per line) side by
            // side are not a table.
            var columnWords = [Double](repeating: 0, count: columns), columnRows = 0
            for row in multi where row.count == columns {
                columnRows += 1
                for (c, k) in row.enumerated() { columnWords[c] += cellWords(k) }
            }
            var prose = columnRows > 0 && columnWords.allSatisfy { $0 / Double(columnRows) >= 3 }
            // Narrow justified columns (few, widely spaced words a line) side by side: in every
            // column most lines of two words or more fill the column from edge to edge.
            if !prose && columnRows >= 3 && options.proseColumnJustifiedShare <= 1 {
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
                        let sg = segments[k], tolerance = 0.5 * sg.size
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
            if multi.count >= 2 && meanWords <= limit && longest <= 2 * limit && !prose && !numberedFormulas && !index
                && !continuesProseColumns(multi, columns: columns) {
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

    /// Whether every column of the rows (`multi`, `columns` cells a row) goes on from a line of
    /// justified prose just above it (`blockGapRatio`): a line starting where the column does
    /// (within 0.5 em), reaching at least as far, short of the next column, with a line just
    /// above it starting and ending where it does. The last lines of columns of prose side by
    /// side (a short last line and its neighbour) are no table.
    func continuesProseColumns(_ multi: [[Int]], columns: Int) -> Bool {
        guard options.readsProseColumnEnds, columns >= 2 else { return false }
        let full = multi.filter { $0.count == columns }
        guard let first = full.min(by: { segments[$0[0]].top < segments[$1[0]].top }) else { return false }
        for c in 0..<columns {
            let top = segments[first[c]], edge = 0.5 * top.size, reach = options.blockGapRatio * top.size
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
        let edge = 0.5 * s.size, reach = options.blockGapRatio * s.size
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
                    && abs(all[j].baseline - s.baseline) > 0.3 * s.size && top - s.bottom <= reach && s.top - bottom <= reach {
                    closest = min(closest, max(top - s.bottom, s.top - bottom))
                }
            }
            guard closest.isFinite else { return }
            for j in all.indices where j != k {
                if all[j].x0 >= s.x0 - indent && all[j].x1 <= s.x1 + edge && abs(all[j].baseline - s.baseline) <= 10 * s.size
                    && abs(all[j].size - s.size) <= 0.1 * s.size {
                    near.append((all[j].top, all[j].bottom))
                }
            }
        }
        guard closest.isFinite else { return false }
        near.append((s.top, s.bottom))
        near.sort { $0.top < $1.top }
        var tightest = Double.infinity
        for (a, b) in zip(near, near.dropFirst()) where b.top - a.bottom > -0.5 * s.size {
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
                let s = segments[k], edge = 0.5 * s.size
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
        guard let page, s.wordCount == 1, s.items.count >= 3, s.items.count <= 10 else { return false }
        var text: [Unicode.Scalar] = []
        for i in s.items where Int(i) < items.count && !items[Int(i)].isSpace {
            let g = Int(items[Int(i)].glyph)
            guard g >= 0, g < page.glyphs.count else { return false }
            let r = page.glyphs[g].text
            guard r.lowerBound >= 0, r.lowerBound <= r.upperBound, Int(r.upperBound) <= page.scalars.count else { return false }
            text += page.scalars[Int(r.lowerBound)..<Int(r.upperBound)]
            if text.count > 10 { return false }
        }
        guard text.count >= 3, text.first == "(", text.last == ")" else { return false }
        let body = text.dropFirst().dropLast()
        return body.contains { $0.properties.numericType != nil }
            && body.allSatisfy { $0 == "." || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

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

    /// Joins wrapped cells. When the gaps between rows fall into two clear sizes (wrapped lines
    /// set close, rows padded apart: `tableRowGapRatio`), lines closer than the split belong to
    /// one row; otherwise a row with fewer cells than usual continues the row above when set
    /// closer than rows are to each other, or when each of its lines goes on a line of its
    /// column that the line's first word would not have fitted on. A column whose cell ended
    /// (no line in the row above) and has a line again starts a new row. A logical row lists its
    /// cells column by column, each cell's lines top to bottom.
    func logicalRows(_ run: [[Int]], columns: Int) -> [[Int]] {
        guard run.count >= 2 else { return run }
        func top(_ r: [Int]) -> Double { r.map { segments[$0].top }.min()! }
        func bottom(_ r: [Int]) -> Double { r.map { segments[$0].bottom }.max()! }
        var gaps: [Double] = []
        for k in 1..<run.count { gaps.append(top(run[k]) - bottom(run[k - 1])) }
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
                    rulesCover(rules, x0, x1, between: bottom(run[g]), and: top(run[g + 1]), size: size) == (gaps[g] > threshold)
                }
            }
        }
        let spacingSplits = widest >= options.tableRowGapRatio * size || ruled
        var full = gaps.indices.filter { run[$0 + 1].count >= columns && run[$0].count >= columns }.map { gaps[$0] }.sorted()
        if full.isEmpty { full = sorted }
        let rowGap = full[full.count / 2]
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
            let x = segments[k].x0 + 0.5
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
                return s.x1 + 0.25 * s.size + firstWordWidth(j) > edge + 0.1 * s.size
                    || (options.joinsHyphenatedCells && endsWithBrokenWord(a))
            }
        }
        /// A line ending in a hyphen after a letter: a word broken across the cell's lines.
        func endsWithBrokenWord(_ k: Int) -> Bool {
            guard let last = edgeScalar(k, last: true), TextAssembler.isHyphen(last) else { return false }
            return edgeScalar(k, last: true, skipping: 1)?.properties.isAlphabetic == true
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
        func increasing(_ ks: [Int]) -> Bool {
            zip(ks, ks.dropFirst()).allSatisfy { segments[$0].firstGlyph < segments[$1].firstGlyph }
        }
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
                : run[k].count < columns && (gap < 0.6 * rowGap || wraps(k)) || allWrap(k) || drawnWhole(k))
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
            active.removeAll { b in s.top - blocks[b].bottom > 3 * max(s.size, blocks[b].size) }
            for b in active {
                let last = segments[lastSegment[b]]
                guard s.baseline > last.baseline + 0.3 * min(s.size, last.size) else { continue }
                let gap = s.top - last.bottom
                guard gap <= options.blockGapRatio * max(s.size, last.size) else { continue }
                let ov = overlap(s.x0, s.x1, last.x0, last.x1)
                guard ov > 0.2 * min(s.width, last.width) || ov > 0.5 * min(s.size, last.size) * 4 else { continue }
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
