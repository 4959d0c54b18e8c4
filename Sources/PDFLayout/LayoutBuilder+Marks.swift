#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore
import PDFGlyphs

// Marks and stacked glyphs: accents and combining marks drawn as glyphs of their own join
// their letters; stacked glyphs of vertical text (tate-chu-yoko) become one cell.

extension LayoutBuilder {
    /// Spacing accents drawn over or under a letter (`composesAccents`) and combining marks
    /// drawn as glyphs of their own (Arabic harakat, Hebrew points) join their letter: they
    /// leave `items` and are recorded in `attachments` under the letter's glyph, which
    /// `TextAssembler` composes. The letter is looked for among the few glyphs painted just
    /// before and after (TeX paints the accent first, word processors the letter), in the same
    /// orientation, of a similar size, with a baseline within `accentBaselineShift`: for an
    /// accent, a letter its box overlaps by `accentOverlap` with its centre over the letter;
    /// for a mark, any glyph whose box holds the mark's centre (give or take `markReach`, or
    /// `markWithoutWidthReach` for a mark drawn with no advance width).
    mutating func attachAccentsAndMarks() {
        let n = items.count
        guard n > 1 else { return }
        // 1: a spacing accent, 2: a combining mark, 0: anything else.
        var kind = [UInt8](repeating: 0, count: n)
        // The accents and marks, in painting order: the loops below visit only them.
        var attaching: [Int] = []
        for k in 0..<n {
            if items[k].isSpace { continue }
            if items[k].isMark { kind[k] = 2; attaching.append(k); continue }
            guard options.composesAccents else { continue }
            let text = page.glyphs[Int(items[k].glyph)].text
            if text.upperBound - text.lowerBound == 1,
               TextNormalization.combiningAccent(page.scalars[Int(text.lowerBound)]) != nil {
                kind[k] = 1; attaching.append(k)
            }
        }
        guard !attaching.isEmpty else { return }
        /// Whether mark `k` has no advance width: its box stands at the pen position, not
        /// where its ink is.
        func withoutWidth(_ k: Int) -> Bool {
            let advance = Double(page.glyphs[Int(items[k].glyph)].advance)
            return advance.isFinite && abs(advance) <= LayoutConstants.negligible * items[k].size
        }
        /// How well glyph `j` fits as the letter of accent or mark `k`: a score (lower is
        /// better), or nil when it cannot be.
        func fit(_ k: Int, _ j: Int) -> Double? {
            guard j >= 0 && j < n && kind[j] == 0 else { return nil }
            let a = items[k], b = items[j]
            guard b.group == a.group, !b.isSpace, b.size <= a.size * options.markSizeChange, a.size <= b.size * options.markSizeChange else { return nil }
            let size = max(a.size, b.size)
            guard abs(b.baseline - a.baseline) <= options.accentBaselineShift * size else { return nil }
            let centre = (a.x0 + a.x1) / 2
            if kind[k] == 1 {
                guard b.isAlphanumeric, centre >= b.x0, centre <= b.x1 else { return nil }
                let overlap = min(a.x1, b.x1) - max(a.x0, b.x0)
                let narrower = min(a.x1 - a.x0, b.x1 - b.x0)
                guard overlap >= options.accentOverlap * narrower else { return nil }
                return abs(centre - (b.x0 + b.x1) / 2) / size
            }
            let outside = max(b.x0 - centre, centre - b.x1, 0) / size
            return outside <= (withoutWidth(k) ? options.markWithoutWidthReach : options.markReach) ? outside : nil
        }
        // Producers paint a mark just before its letter or just after it, one way on a whole
        // page; where the neighbours' boxes both hold a mark (letters whose ink overhangs
        // their advance, as Arabic initial forms do; points under a narrow yod or vav, placed
        // beside it), the page's way decides. Told from the marks that sit well inside one
        // neighbour (its middle three fifths) and not the other.
        /// The `rank`-th glyph from `k` on `side` (−1 before, +1 after) in painting order that
        /// is neither an accent nor a mark (a letter's marks are painted together), within
        /// `window` glyphs.
        let window = 6
        func neighbour(_ k: Int, _ side: Int, _ rank: Int) -> Int {
            var j = k, found = 0
            for _ in 0..<window {
                j += side
                guard j >= 0 && j < n else { return -1 }
                if kind[j] == 0 { found += 1; if found == rank { return j } }
            }
            return -1
        }
        func centred(_ k: Int, _ j: Int) -> Bool {
            guard j >= 0, fit(k, j) != nil else { return false }
            let a = items[k], b = items[j]
            let t = ((a.x0 + a.x1) / 2 - b.x0) / max(b.x1 - b.x0, 1e-9)
            return t >= LayoutConstants.accentCentreMin && t <= LayoutConstants.accentCentreMax
        }
        // Without such marks, right-to-left text (drawn in visual order, each letter's
        // cluster reversed) has its marks before their letters, other text after.
        var before = 0, after = 0, rightToLeft = 0
        for k in attaching where kind[k] == 2 {
            if !withoutWidth(k) {
                let p = centred(k, neighbour(k, -1, 1)), q = centred(k, neighbour(k, 1, 1))
                if p && !q { after += 1 } else if q && !p { before += 1 }
            }
            let r = page.glyphs[Int(items[k].glyph)].text
            let v = page.scalars[Int(r.lowerBound)].value
            if (0x0591...0x05C7).contains(v) || (0x0610...0x061A).contains(v) || (0x064B...0x065F).contains(v)
                || v == 0x0670 || (0x06D6...0x06ED).contains(v) || (0x08D3...0x08FF).contains(v) {
                rightToLeft += 1
            } else {
                rightToLeft -= 1
            }
        }
        let first = before != after ? (before > after ? 1 : -1) : (rightToLeft > 0 ? 1 : -1)
        var removed = [Bool](repeating: false, count: n)
        var anyRemoved = false
        for k in attaching {
            var best = -1
            var bestScore = Double.infinity
            for step in 1...6 {
                // The two neighbours in painting order (the page's side first for a mark),
                // then the next two out, up to the third on each side.
                let side = step % 2 == 1 ? (kind[k] == 2 ? first : -1) : (kind[k] == 2 ? -first : 1)
                let j = neighbour(k, side, (step + 1) / 2)
                guard j >= 0, var score = fit(k, j) else { continue }
                // A mark goes to the first neighbour that holds it.
                if kind[k] == 2 { score = Double(step) }
                if score < bestScore { bestScore = score; best = j }
            }
            guard best >= 0 else { continue }
            attachments[items[best].glyph, default: []].append(items[k].glyph)
            removed[k] = true
            anyRemoved = true
        }
        guard anyRemoved else { return }
        // In place: the kept items move down over the removed ones.
        let kept = items.withUnsafeMutableBufferPointer { buffer -> Int in
            var w = 0
            for k in 0..<n where !removed[k] {
                if w != k { buffer[w] = buffer[k] }
                w += 1
            }
            return w
        }
        items.removeLast(n - kept)
    }

    /// Vertical text set with upright glyphs in horizontal writing mode (each glyph placed below
    /// the last, as LuaTeX-ja and browsers do): content-order runs of three or more CJK glyphs
    /// whose centres stay in one column while each moves down by about a glyph
    /// (`stackedGlyphStep`) are moved to the top-to-bottom group. A tate-chu-yoko cell (at
    /// most `tateChuYokoMaxGlyphs` digits or Latin letters side by side, no wider than
    /// `tateChuYokoWidthRatio` of the column, `joinsTateChuYoko`) counts as one glyph of such
    /// a run and joins the line at its place, so a lone glyph between two cells ("第25条",
    /// "58月15日") or after one at a column's foot stays in its line.
    mutating func regroupStackedGlyphs() {
        guard options.detectsStackedVerticalText, items.count >= LayoutConstants.stackedRunMinGlyphs else { return }
        let display = page.unscaledDisplayTransform
        func box(_ j: Int) -> Rect { page.glyphs[Int(items[j].glyph)].quad.transformed(by: display).bounds }
        func box(_ cell: ClosedRange<Int>) -> Rect {
            var r = box(cell.lowerBound)
            for j in cell.dropFirst() {
                let b = box(j)
                r = Rect(x0: min(r.x0, b.x0), y0: min(r.y0, b.y0), x1: max(r.x1, b.x1), y1: max(r.y1, b.y1))
            }
            return r
        }
        let upright = groups.firstIndex { $0.angle == 0 && !$0.isDiagonal }
        // Stacks are of CJK glyphs: a page without any has none.
        guard let upright, items.contains(where: \.isCJK) else { return }
        let cellsJoin = options.joinsTateChuYoko && options.tateChuYokoMaxGlyphs > 0
        func isCellGlyph(_ it: Item) -> Bool { it.group == upright && it.isAlphanumeric && !it.isCJK && !it.isSpace }
        /// The unit of a stack starting at `k`: the glyph, or the tate-chu-yoko cell it starts.
        func cell(_ k: Int) -> ClosedRange<Int> {
            guard cellsJoin, isCellGlyph(items[k]) else { return k...k }
            var end = k
            while end + 1 < items.count, end + 1 - k < options.tateChuYokoMaxGlyphs, isCellGlyph(items[end + 1]),
                  abs(items[end + 1].baseline - items[k].baseline) <= options.baselineTolerance * items[k].size { end += 1 }
            return k...end
        }
        func isCell(_ c: ClosedRange<Int>) -> Bool { c.count > 1 || (!items[c.lowerBound].isCJK && items[c.lowerBound].isAlphanumeric) }
        func stacked(_ a: ClosedRange<Int>, _ b: ClosedRange<Int>) -> Bool {
            let ia = items[a.lowerBound], ib = items[b.lowerBound]
            guard ia.group == upright, ib.group == upright else { return false }
            let aCell = isCell(a), bCell = isCell(b)
            if aCell || bCell {
                // A cell sits between vertical glyphs: its neighbour is a CJK glyph or a mark
                // of punctuation, no narrower.
                guard cellsJoin, aCell != bCell else { return false }
                let glyph = aCell ? ib : ia
                guard glyph.isCJK || (!glyph.isAlphanumeric && !glyph.isSpace) else { return false }
                let c = box(aCell ? a : b), g = box(aCell ? b.lowerBound : a.lowerBound)
                guard c.x1 - c.x0 <= options.tateChuYokoWidthRatio * max(g.x1 - g.x0, glyph.size) else { return false }
            } else {
                guard ia.isCJK || ib.isCJK, ia.isCJK || !ia.isAlphanumeric, ib.isCJK || !ib.isAlphanumeric else { return false }
            }
            let ba = box(a), bb = box(b)
            let size = max(ia.size, ib.size)
            let dy = (bb.y0 + bb.y1) / 2 - (ba.y0 + ba.y1) / 2
            // A cell's box (a Latin face's) is shorter than a CJK glyph's and set off in it: any
            // step down will do.
            let lowest = aCell || bCell ? 0 : options.stackedGlyphStep.lowerBound * size
            return abs((bb.x0 + bb.x1) / 2 - (ba.x0 + ba.x1) / 2) <= options.stackedGlyphOffset * size && dy > lowest
                && dy <= options.stackedGlyphStep.upperBound * size
        }
        var chain = [Bool](repeating: false, count: items.count)
        /// Tate-chu-yoko cells inside a stack, with the glyphs of the stack before and after.
        var cells: [(cell: ClosedRange<Int>, before: Int?, after: Int?)] = []
        var k = 0
        while k + LayoutConstants.stackedRunMinGlyphs - 1 < items.count {
            var run = [cell(k)]
            while let last = run.last, last.upperBound + 1 < items.count {
                let next = cell(last.upperBound + 1)
                guard stacked(last, next) else { break }
                run.append(next)
            }
            if run.count >= LayoutConstants.stackedRunMinGlyphs {
                for (n, c) in run.enumerated() {
                    if isCell(c) {
                        cells.append((c, n > 0 ? run[n - 1].lowerBound : nil, n + 1 < run.count ? run[n + 1].lowerBound : nil))
                    } else {
                        chain[c.lowerBound] = true
                    }
                }
            }
            k = run.count > 1 ? run[run.count - 1].lowerBound : run[0].upperBound + 1
        }
        guard chain.contains(true) else { return }
        let vertical = Orientation(angle: 270, isDiagonal: false)
        let group: Int
        if let g = groups.firstIndex(of: vertical) { group = g } else { groups.append(vertical); group = groups.count - 1 }
        for j in items.indices where chain[j] {
            let b = box(j)
            items[j].group = group
            items[j].x0 = b.y0
            items[j].x1 = b.y1
            items[j].baseline = -(b.x0 + b.x1) / 2 + LayoutConstants.verticalBaselineShift * items[j].size
        }
        for (c, before, after) in cells {
            guard let host = before ?? after else { continue }
            // The cell fills its place in the line: no gap (and so no space) between it and
            // the glyphs above and below, whose boxes come from another face's metrics.
            var b = box(c)
            if let before { b.y0 = min(b.y0, max(items[before].x1, b.y0 - items[host].size)) }
            if let after { b.y1 = max(b.y1, min(items[after].x0, b.y1 + items[host].size)) }
            setTateChuYoko(c, box: b, host: host, hostBox: box(host))
        }
    }

    /// Moves the horizontal run `cell` (its box `run`) into the vertical line of glyph `host`,
    /// as one cell at its place.
    mutating func setTateChuYoko(_ cell: ClosedRange<Int>, box run: Rect, host: Int, hostBox: Rect) {
        let hostItem = items[host]
        for j in cell {
            items[j].group = hostItem.group
            items[j].x0 = run.y0
            items[j].x1 = max(run.y1, run.y0 + LayoutConstants.negligible)
            items[j].baseline = hostItem.baseline + ((run.x0 + run.x1) / 2 - (hostBox.x0 + hostBox.x1) / 2) * -1
            items[j].size = hostItem.size
            items[j].isCJK = true
        }
    }

    /// Tate-chu-yoko: in vertical writing, a few digits or Latin letters set horizontally in
    /// one character cell ("第12条" with "12" side by side). Such a run comes in content
    /// order between glyphs of the top-to-bottom group, in the horizontal group: a run of at
    /// most `tateChuYokoMaxGlyphs` letters or digits whose box is no wider than
    /// `tateChuYokoWidthRatio` of the vertical neighbours' column, centred in it, and within
    /// `tateChuYokoGapRatio` (em) of the glyph above or below it, joins that vertical line
    /// at its place, as one cell.
    mutating func joinTateChuYoko() {
        guard options.joinsTateChuYoko, options.tateChuYokoMaxGlyphs > 0,
              let vertical = groups.firstIndex(where: { $0.angle == 270 && !$0.isDiagonal }),
              let upright = groups.firstIndex(where: { $0.angle == 0 && !$0.isDiagonal }) else { return }
        let display = page.unscaledDisplayTransform
        func box(_ j: Int) -> Rect { page.glyphs[Int(items[j].glyph)].quad.transformed(by: display).bounds }
        var k = 0
        while k < items.count {
            guard items[k].group == upright, items[k].isAlphanumeric, !items[k].isCJK else { k += 1; continue }
            var end = k
            while end + 1 < items.count, end + 1 - k < options.tateChuYokoMaxGlyphs + 1,
                  items[end + 1].group == upright, items[end + 1].isAlphanumeric, !items[end + 1].isCJK { end += 1 }
            defer { k = end + 1 }
            guard end - k + 1 <= options.tateChuYokoMaxGlyphs else { continue }
            if end + 1 < items.count, items[end + 1].group == upright, !items[end + 1].isSpace { continue }
            // The vertical neighbours in content order: the glyph before the run and the one after.
            var neighbours: [(index: Int, below: Bool)] = []
            if k > 0, items[k - 1].group == vertical { neighbours.append((k - 1, false)) }
            if end + 1 < items.count, items[end + 1].group == vertical { neighbours.append((end + 1, true)) }
            guard !neighbours.isEmpty else { continue }
            var run = box(k)
            for j in k...end { let b = box(j); run = Rect(x0: min(run.x0, b.x0), y0: min(run.y0, b.y0), x1: max(run.x1, b.x1), y1: max(run.y1, b.y1)) }
            var host: Int? = nil
            for (n, below) in neighbours {
                let b = box(n)
                let size = items[n].size
                let column = b.x1 - b.x0
                guard column > 0, run.x1 - run.x0 <= options.tateChuYokoWidthRatio * max(column, size) else { continue }
                let centre = (run.x0 + run.x1) / 2
                guard centre >= b.x0, centre <= b.x1 else { continue }
                let gap = below ? b.y0 - run.y1 : run.y0 - b.y1
                guard gap >= -options.tateChuYokoOverlap * size, gap <= options.tateChuYokoGapRatio * size else { continue }
                host = n
                break
            }
            guard let host else { continue }
            setTateChuYoko(k...end, box: run, host: host, hostBox: box(host))
        }
    }

    /// A display formula's number ("(3)", set at the column's edge on the formula's baseline,
    /// far from it) is read at the end of the formula's line: a block that is one equation
    /// number joins the nearest line to its left on its baseline (of a text block), when a
    /// block within `stripeWindow` em above or below it (or its own) spans both (one column,
    /// not a gutter between two).
    func joinEquationNumbers(_ blocks: inout [Block], _ segs: [Segment], _ finder: LineFinder) {
        let numbers = blocks.indices.filter { k in
            blocks[k].kind == .text && blocks[k].lines.count == 1 && blocks[k].lines[0].count == 1
                && finder.isEquationNumber(segs[blocks[k].lines[0][0]])
        }
        guard !numbers.isEmpty else { return }
        var removed = [Bool](repeating: false, count: blocks.count)
        for n in numbers {
            let number = segs[blocks[n].lines[0][0]]
            let size = number.size
            // The nearest line to the left on the number's baseline.
            var formula: (block: Int, line: Int, x0: Double, x1: Double, top: Double, bottom: Double)? = nil
            for k in blocks.indices where k != n && !removed[k] && blocks[k].kind == .text {
                for (l, line) in blocks[k].lines.enumerated() {
                    guard line.allSatisfy({ abs(segs[$0].baseline - number.baseline) <= options.baselineTolerance * size }) else { continue }
                    var x0 = Double.infinity, x1 = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
                    for s in line { x0 = min(x0, segs[s].x0); x1 = max(x1, segs[s].x1); top = min(top, segs[s].top); bottom = max(bottom, segs[s].bottom) }
                    guard x1 <= number.x0, formula.map({ x1 > $0.x1 }) ?? true else { continue }
                    formula = (k, l, x0, x1, top, bottom)
                }
            }
            guard let f = formula else { continue }
            let reach = options.stripeWindow * size
            let spanned = blocks.indices.contains { k in
                k != n && !removed[k] && blocks[k].kind == .text && blocks[k].x0 <= f.x0 && blocks[k].x1 >= number.x1 - options.equationNumberOverhang * size
                    && blocks[k].top <= f.bottom + reach && blocks[k].bottom >= f.top - reach
            }
            guard spanned else { continue }
            blocks[f.block].lines[f.line].append(blocks[n].lines[0][0])
            blocks[f.block].x1 = max(blocks[f.block].x1, number.x1)
            blocks[f.block].top = min(blocks[f.block].top, number.top)
            blocks[f.block].bottom = max(blocks[f.block].bottom, number.bottom)
            removed[n] = true
        }
        if removed.contains(true) { blocks = blocks.indices.filter { !removed[$0] }.map { blocks[$0] } }
    }

    /// The top of a block in display space (y down), from its glyph boxes.
    func displayTop(_ b: Block, _ segments: [Segment]) -> Double {
        let display = page.unscaledDisplayTransform
        var top = Double.infinity
        for line in b.lines { for k in line { for i in segments[k].items {
            top = min(top, page.glyphs[Int(items[Int(i)].glyph)].quad.transformed(by: display).bounds.y0)
        } } }
        return top
    }

    /// Groups by glyph count, most first; diagonal groups after the axis-aligned ones.
    func groupOrder() -> [Int] {
        var counts = [Int](repeating: 0, count: groups.count)
        for it in items { counts[it.group] += 1 }
        return groups.indices.sorted { a, b in
            if groups[a].isDiagonal != groups[b].isDiagonal { return !groups[a].isDiagonal }
            if counts[a] != counts[b] { return counts[a] > counts[b] }
            return groups[a].angle < groups[b].angle
        }
    }

}
