#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore
import PDFTextModel

extension Diagnostic.Code {
    static let layoutOrderFallback = Diagnostic.Code("layoutOrderFallback")
    static let structureOrderRejected = Diagnostic.Code("structureOrderRejected")
}

/// One page's layout analysis: glyph selection, lines, blocks, order, text.
struct LayoutBuilder {
    let page: PageGlyphs
    let options: LayoutOptions
    var items: [Item] = []
    var groups: [Orientation] = []
    /// Accents and combining marks drawn as glyphs of their own, by the glyph of the letter
    /// they belong to (see `attachAccentsAndMarks`); their items are gone from `items`.
    var attachments: [Int32: [Int32]] = [:]
    var statistics = LayoutStatistics()
    var diagnostics = DiagnosticLog()
    /// The document's repeated headers and footers, when known.
    var furniture: RunningFurniture? = nil

    init(page: PageGlyphs, options: LayoutOptions) {
        self.page = page
        self.options = options
    }

    mutating func run(structureOrder: [Int]?) -> PageLayout {
        collectItems()
        attachAccentsAndMarks()
        regroupStackedGlyphs()
        joinTateChuYoko()
        var blocks: [Block] = []
        var segments: [Segment] = []
        var source = OrderSource.geometry
        var confidence = 1.0

        if options.readingOrder == .contentStream {
            (segments, blocks) = contentOrderBlocks()
            source = .contentStream
        } else {
            // Each orientation group is laid out in its own frame; the group with the most
            // glyphs comes first, diagonal text last.
            let order = groupOrder()
            for g in order {
                let indices = items.indices.filter { items[$0].group == g }.map { Int32($0) }
                let finder = LineFinder(page: page, items: items, options: options)
                var segs = finder.segments(finder.fragments(indices))
                for k in segs.indices { finder.inferSpaces(&segs[k]) }
                let base = segments.count
                segments.append(contentsOf: segs)
                var bf = BlockFinder(segments: segs, options: options, items: items)
                bf.page = page
                bf.orientation = groups[g]
                bf.equationNumbers = Set(segs.indices.filter { finder.isEquationNumber(segs[$0]) })
                let (tables, used) = bf.tables()
                var groupBlocks = tables + bf.blocks(excluding: used)
                if !groups[g].isDiagonal { joinEquationNumbers(&groupBlocks, segs, finder) }
                if groups[g].isDiagonal {
                    for k in groupBlocks.indices { groupBlocks[k].kind = .diagonal }
                } else if g == order.first && options.marksRunningArtifacts {
                    markFurniture(&groupBlocks, segments: segs, group: groups[g])
                }
                var (ordered, conf) = orderBlocks(groupBlocks)
                let splitter = ParagraphSplitter(page: page, segments: segs, items: items, options: options)
                ordered = ordered.flatMap { splitter.split($0) }
                if g == order.first { confidence = conf }
                let shifted = ordered.map { b -> Block in
                    var b = b
                    b.lines = b.lines.map { $0.map { $0 + base } }
                    return b
                }
                if g == order.first || groups[g].isDiagonal {
                    blocks.append(contentsOf: shifted)
                } else {
                    // Text turned on the page (labels, side notes) is read where it stands:
                    // each of its blocks goes before the first main-text block that starts
                    // below it on the page.
                    let tops = blocks.map { displayTop($0, segments) }
                    let end = blocks.lastIndex { !$0.kind.isArtifact || $0.isTopMargin }.map { $0 + 1 } ?? blocks.count
                    var before: [Int: [Block]] = [:]
                    for b in shifted {
                        let top = displayTop(b, segments)
                        let at = blocks.indices.first { !blocks[$0].kind.isArtifact && !blocks[$0].isTopMargin && tops[$0] > top } ?? end
                        before[at, default: []].append(b)
                    }
                    var merged: [Block] = []
                    for k in 0...blocks.count {
                        merged.append(contentsOf: before[k] ?? [])
                        if k < blocks.count { merged.append(blocks[k]) }
                    }
                    blocks = merged
                }
            }
            if let mcids = structureOrder, options.readingOrder != .geometry,
               let (reordered, agreement) = structureOrdered(blocks, segments: segments, mcids: mcids) {
                blocks = reordered
                source = .structureTree
                confidence = agreement
            }
        }
        var assembler = TextAssembler(page: page, items: items, segments: segments, groups: groups, options: options)
        assembler.attachments = attachments
        var layout = assembler.assemble(blocks)
        layout.orderSource = source
        layout.orderConfidence = confidence
        statistics.hyphenationsJoined = assembler.hyphenationsJoined
        layout.statistics = statistics
        for d in diagnostics { layout.diagnostics.append(d) }
        return layout
    }

    // MARK: Glyph selection

    /// Chooses the glyphs that take part, by the options, and measures each in the frame of
    /// its orientation group.
    mutating func collectItems() {
        let display = page.unscaledDisplayTransform
        items.reserveCapacity(page.glyphs.count)
        var cachedRun: Int32 = -1, cachedVertical = false
        var cachedOrientation: Orientation? = nil
        // The text matrix the cached orientation was worked out for: runs in a row mostly
        // share it (TeX starts a run at every kern), and then the orientation is the same.
        var cachedMatrix = (a: Double.nan, b: Double.nan, c: Double.nan, d: Double.nan)
        // The run of the glyph before, and its effective size and marked-content span: read
        // once per run, not copied out of the run per glyph.
        var sizedRun: Int32 = -1, runSize = 0.0, runSpan: Int32 = -1
        var lastOrientation: Orientation? = nil, lastGroup = 0
        // The last item that took an ActualText span's text, and its marked-content span.
        // `sized`: the item's box is that of a glyph with an advance (not a mark's pen position).
        var actualTextItem: (item: Int, span: Int32, sized: Bool)? = nil
        statistics.glyphs = page.glyphs.count
        // Off the page: the interpreter's flag, or (pages made otherwise) the glyph's box.
        let visible = page.visibleBox
        for (i, g) in page.glyphs.enumerated() {
            let f = g.flags
            if f.contains(.duplicate) && options.dropsDuplicates { statistics.droppedDuplicates += 1; continue }
            if f.contains(.hidden) && options.dropsHiddenText { statistics.droppedHidden += 1; continue }
            if options.dropsOffPageText && (f.contains(.offPage) || !g.quad.sharesArea(with: visible)) {
                statistics.droppedOffPage += 1; continue
            }
            // A glyph with no advance (a mark painted before its letter) has a box only at its
            // pen position, which says little of its ink: it is clipped when its letter is.
            if f.contains(.clipped) && options.dropsClippedText
                && !(abs(g.advance) < 0.01 && i + 1 < page.glyphs.count && !page.glyphs[i + 1].flags.contains(.clipped)) {
                statistics.droppedClipped += 1; continue
            }
            if f.contains(.invisible) {
                if options.dropsInvisibleText { statistics.droppedInvisible += 1; continue }
                statistics.invisibleKept += 1
            }
            // A glyph without text of its own inside an ActualText span (the span's text went
            // to its first glyph) widens that glyph's item below, so the text covers the span's
            // glyphs: a letter and its mark replaced as one cluster, the mark painted first.
            let spanContinuation = g.text.lowerBound >= g.text.upperBound && g.unicodeSource == .actualText
                && actualTextItem.map { $0.span == page.runs[Int(g.run)].markedContent } == true
            guard g.text.lowerBound < g.text.upperBound || spanContinuation else { continue }
            if g.run != sizedRun {
                sizedRun = g.run
                runSize = page.runs[Int(g.run)].effectiveSize
                runSpan = page.runs[Int(g.run)].markedContent
            }
            // The orientation is the run's (and the writing mode's): worked out once per run.
            let vertical = f.contains(.vertical)
            let orientation: Orientation
            let m = page.runs[Int(g.run)].textMatrix
            if g.run == cachedRun && vertical == cachedVertical, let c = cachedOrientation {
                orientation = c
            } else if vertical == cachedVertical, let c = cachedOrientation,
                      m.a == cachedMatrix.a, m.b == cachedMatrix.b, m.c == cachedMatrix.c, m.d == cachedMatrix.d {
                cachedRun = g.run
                orientation = c
            } else {
                cachedMatrix = (m.a, m.b, m.c, m.d)
                // Direction of the text in page space, then in display space.
                var (vx, vy) = vertical ? (-m.c, -m.d) : (m.a, m.b)
                (vx, vy) = (vx * display.a + vy * display.c, vx * display.b + vy * display.d)
                let length = (vx * vx + vy * vy).squareRoot()
                cachedRun = g.run; cachedVertical = vertical; cachedOrientation = nil
                guard length.isFinite, length > 0 else { continue }
                let angle = angleDegrees(vx, vy)
                let nearest = (angle / 90).rounded() * 90
                if abs(angle - nearest) <= options.diagonalAngle {
                    orientation = Orientation(angle: Int(nearest) % 360, isDiagonal: false)
                } else {
                    orientation = Orientation(angle: Int((angle / 5).rounded() * 5) % 360, isDiagonal: true)
                }
                cachedOrientation = orientation
            }
            if orientation.isDiagonal && options.dropsDiagonalText { statistics.droppedDiagonal += 1; continue }
            let group: Int
            // A page has few orientations (4 upright, and diagonals in 5° steps): `groups` is
            // searched when the orientation changes.
            if orientation == lastOrientation { group = lastGroup } else if let k = groups.firstIndex(of: orientation) {
                group = k
            } else {
                group = groups.count; groups.append(orientation)
            }
            lastOrientation = orientation; lastGroup = group
            let (fx, fy) = orientation.flow
            let (nx, ny) = (-fy, fx)
            let o = display.apply(g.origin)
            guard o.x.isFinite, o.y.isFinite else { continue }
            var size = runSize
            if !(size.isFinite && size > 0.01) { size = max(0.01, g.quad.bounds.height) }
            let along = o.x * fx + o.y * fy
            var across = o.x * nx + o.y * ny
            if vertical {
                // The pen of vertical text runs down the middle of the glyph column.
                across += 0.25 * size
            }
            // The glyph's own width along the line (its box), not the pen advance: character
            // spacing (Tc) belongs to the gap, where producers often put word breaks.
            @inline(__always) func reach(_ p: Point) -> Double {
                let c = display.apply(p)
                return c.x * fx + c.y * fy - along
            }
            let q = g.quad
            let boxExtent = max(max(reach(q.lowerLeft), reach(q.lowerRight)), max(reach(q.upperRight), reach(q.upperLeft)))
            var extent = boxExtent
            if !(extent.isFinite && extent > 0) {
                extent = g.advance.isFinite && g.advance > 0 ? Double(g.advance) : 0.5 * size
            }
            if spanContinuation, let last = actualTextItem {
                if items[last.item].group == group {
                    if !last.sized && abs(Double(g.advance)) > 0.01 * size {
                        // A span started by a mark with no advance (painted before its letter,
                        // its pen position off the letter's box and often off the baseline):
                        // the item is where its letter is.
                        items[last.item].x0 = along
                        items[last.item].x1 = along + extent
                        items[last.item].baseline = across
                        actualTextItem?.sized = true
                    } else {
                        items[last.item].x0 = min(items[last.item].x0, along)
                        items[last.item].x1 = max(items[last.item].x1, along + extent)
                    }
                }
                continue
            }
            let first = page.scalars[Int(g.text.lowerBound)]
            var isSpace = true
            for k in Int(g.text.lowerBound)..<Int(g.text.upperBound) where !page.scalars[k].isLayoutWhitespace {
                isSpace = false; break
            }
            // A space whose own width spacing cancels (`cancelledSpaceAdvance`) is a kern.
            // (`limit` is above 0, so the width floor also rules out a box of no width.)
            if isSpace, options.cancelledSpaceAdvance > 0, boxExtent.isFinite {
                let advance = Double(g.advance)
                let limit = options.cancelledSpaceAdvance * size
                if advance.isFinite, advance < limit, boxExtent >= 1.5 * limit, advance < 0.5 * boxExtent { continue }
            }
            actualTextItem = g.unicodeSource == .actualText && runSpan >= 0
                ? (items.count, runSpan, abs(Double(g.advance)) > 0.01 * size) : nil
            items.append(Item(glyph: Int32(i), x0: along, x1: along + extent, baseline: across,
                              size: size, group: group, isSpace: isSpace, isCJK: first.isCJKLike,
                              isAlphanumeric: first.isLetterOrDigit, isMark: first.isCombiningMark))
        }
    }

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
            return advance.isFinite && abs(advance) <= 0.01 * items[k].size
        }
        /// How well glyph `j` fits as the letter of accent or mark `k`: a score (lower is
        /// better), or nil when it cannot be.
        func fit(_ k: Int, _ j: Int) -> Double? {
            guard j >= 0 && j < n && kind[j] == 0 else { return nil }
            let a = items[k], b = items[j]
            guard b.group == a.group, !b.isSpace, b.size <= a.size * 1.5, a.size <= b.size * 1.5 else { return nil }
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
            return t >= 0.2 && t <= 0.8
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
        guard options.detectsStackedVerticalText, items.count >= 3 else { return }
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
            return abs((bb.x0 + bb.x1) / 2 - (ba.x0 + ba.x1) / 2) <= 0.5 * size && dy > lowest
                && dy <= options.stackedGlyphStep.upperBound * size
        }
        var chain = [Bool](repeating: false, count: items.count)
        /// Tate-chu-yoko cells inside a stack, with the glyphs of the stack before and after.
        var cells: [(cell: ClosedRange<Int>, before: Int?, after: Int?)] = []
        var k = 0
        while k + 2 < items.count {
            var run = [cell(k)]
            while let last = run.last, last.upperBound + 1 < items.count {
                let next = cell(last.upperBound + 1)
                guard stacked(last, next) else { break }
                run.append(next)
            }
            if run.count >= 3 {
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
            items[j].baseline = -(b.x0 + b.x1) / 2 + 0.25 * items[j].size
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
            items[j].x1 = max(run.y1, run.y0 + 0.01)
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
                guard gap >= -0.5 * size, gap <= options.tateChuYokoGapRatio * size else { continue }
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
                k != n && !removed[k] && blocks[k].kind == .text && blocks[k].x0 <= f.x0 && blocks[k].x1 >= number.x1 - 0.5 * size
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

    // MARK: Content order

    /// `--raw`: lines as the content stream paints them, blocks split where the pen jumps back
    /// up or far down.
    mutating func contentOrderBlocks() -> ([Segment], [Block]) {
        let finder = LineFinder(page: page, items: items, options: options)
        var segs = finder.fragments(items.indices.map { Int32($0) })
        var blocks: [Block] = []
        for k in segs.indices {
            segs[k].sortItems(items)
            finder.inferSpaces(&segs[k])
            let s = segs[k]
            if var b = blocks.last, b.group == s.group,
               let last = b.lines.last?.last.map({ segs[$0] }),
               s.baseline > last.baseline - 0.3 * s.size, s.top - last.bottom <= 1.5 * s.size {
                b.append(line: [k], segs)
                blocks[blocks.count - 1] = b
            } else {
                blocks.append(Block(segment: k, s))
            }
        }
        return (segs, blocks)
    }

    // MARK: Order

    mutating func orderBlocks(_ blocks: [Block]) -> ([Block], Double) {
        let headers = blocks.filter { $0.kind == .header || ($0.kind == .pageNumber && $0.isTopMargin) }
        let footers = blocks.filter { ($0.kind == .footer || $0.kind == .pageNumber) && !$0.isTopMargin }
        let body = blocks.filter { !$0.kind.isArtifact }
        func key(_ b: Block) -> PositionKey { PositionKey(top: b.top, left: b.x0, serial: b.firstGlyph) }
        let boxes = body.map { BlockOrdering.Box(x0: $0.x0, x1: $0.x1, top: $0.top, bottom: $0.bottom, key: key($0), size: $0.size) }
        let (order, confidence, fallback) = BlockOrdering.order(boxes, maxBlocks: options.maxOrderedBlocks, band: options.rowBandRatio,
                                                                   overhang: options.columnOverhang, spanGap: options.columnSpanGap)
        if fallback {
            diagnostics.append(.layoutOrderFallback, .warning,
                     "page \(page.pageIndex + 1): \(body.count) blocks, more than \(options.maxOrderedBlocks); ordered by position")
        }
        let sortedHeaders = headers.sorted { key($0) < key($1) }
        let sortedFooters = footers.sorted { key($0) < key($1) }
        return (sortedHeaders + order.map { body[$0] } + sortedFooters, confidence)
    }

    /// Marks blocks in the top and bottom margin bands as headers, footers or page numbers.
    func markFurniture(_ blocks: inout [Block], segments: [Segment], group: Orientation) {
        guard blocks.count >= 2 else { return }
        // The page's extent across the text direction, in the group's frame.
        let display = page.unscaledDisplayTransform
        let c = page.cropBox
        let (fx, fy) = group.flow
        let (nx, ny) = (-fy, fx)
        let corners = [Point(x: c.x0, y: c.y0), Point(x: c.x1, y: c.y0), Point(x: c.x0, y: c.y1), Point(x: c.x1, y: c.y1)]
            .map { display.apply($0) }.map { $0.x * nx + $0.y * ny }
        guard let lo = corners.min(), let hi = corners.max(), hi > lo else { return }
        if let furniture, !furniture.isEmpty, group.angle == 0 {
            markRepeated(&blocks, segments: segments, furniture: furniture, lo: lo, hi: hi)
        }
        let band = options.marginBand * (hi - lo)
        let bodyTop = blocks.map(\.top).min() ?? lo
        let bodyBottom = blocks.map(\.bottom).max() ?? hi
        for k in blocks.indices where blocks[k].kind == .text && blocks[k].lines.count <= 2 {
            let b = blocks[k]
            let inTop = b.bottom <= lo + band && b.top <= bodyTop + 0.5
            let inBottom = b.top >= hi - band && b.bottom >= bodyBottom - 0.5
            // Only the outermost block on its side, and with others between it and the
            // opposite margin.
            let others = blocks.indices.filter { $0 != k }
            if inTop, others.contains(where: { blocks[$0].top > b.bottom }) {
                blocks[k].kind = looksLikePageNumber(b, segments) ? .pageNumber : .header
                blocks[k].isTopMargin = true
            } else if inBottom, others.contains(where: { blocks[$0].bottom < b.top }) {
                blocks[k].kind = looksLikePageNumber(b, segments) ? .pageNumber : .footer
            }
        }
    }

    /// Marks blocks whose every line is one of the document's repeated header or footer
    /// lines (`RunningFurniture`), wherever they stand. A line is compared as a whole: the
    /// pattern of every segment on its baseline, left to right, as the candidates were read.
    func markRepeated(_ blocks: inout [Block], segments: [Segment], furniture: RunningFurniture, lo: Double, hi: Double) {
        let tolerance = options.furniturePositionTolerance
        let maxLines = max(1, options.furnitureCandidateLines)
        // One answer per baseline: many blocks on one row (table cells) share it.
        var answers: [Double: RunningFurniture.Line?] = [:]
        func match(_ line: [Int]) -> RunningFurniture.Line? {
            guard let first = line.first else { return nil }
            let s = segments[first]
            // Cheap test first (cheaper than the cache): is any repeated line at this height?
            guard furniture.lines.contains(where: { k in
                let offset = k.isTop ? s.baseline - lo : hi - s.baseline
                return abs(offset - k.offset) <= tolerance * max(k.size, s.size)
            }) else { return nil }
            if let known = answers[s.baseline] { return known }
            let answer = matchRow(s)
            answers[s.baseline] = .some(answer)
            return answer
        }
        func matchRow(_ s: Segment) -> RunningFurniture.Line? {
            let row = segments.indices.filter { abs(segments[$0].baseline - s.baseline) <= options.baselineTolerance * max(segments[$0].size, s.size) }
                .sorted { segments[$0].x0 != segments[$1].x0 ? segments[$0].x0 < segments[$1].x0 : segments[$0].firstGlyph < segments[$1].firstGlyph }
            var pattern = RunningFurniture.Pattern()
            for k in row { for i in segments[k].items { pattern.add(page, glyph: items[Int(i)].glyph) } }
            guard !pattern.isEmpty else { return nil }
            let size = row.map { segments[$0].size }.max() ?? s.size
            for isTop in [true, false] {
                let candidate = RunningFurniture.Line(pattern: pattern.text, isTop: isTop,
                                                      offset: isTop ? s.baseline - lo : hi - s.baseline, size: size)
                if let m = furniture.matches(candidate, tolerance: tolerance) { return m }
            }
            return nil
        }
        for k in blocks.indices where blocks[k].kind == .text && blocks[k].lines.count <= maxLines {
            var side: Bool? = nil
            for line in blocks[k].lines {
                guard let m = match(line), side == nil || side == m.isTop else { side = nil; break }
                side = m.isTop
            }
            guard let isTop = side else { continue }
            let number = looksLikePageNumber(blocks[k], segments)
            blocks[k].kind = number ? .pageNumber : (isTop ? .header : .footer)
            blocks[k].isTopMargin = isTop
        }
    }

    /// "12", "- 12 -", "xiv", "Page 3", "Page 3 of 10", "3 / 10".
    func looksLikePageNumber(_ b: Block, _ segments: [Segment]) -> Bool {
        var s: [Unicode.Scalar] = []
        for line in b.lines { for k in line { for i in segments[k].items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            s.append(contentsOf: page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)])
        } } }
        let text = String(String.UnicodeScalarView(s)).lowercased()
        guard text.unicodeScalars.count <= 30 else { return false }
        let tokens = text.split { !($0.isLetter || $0.isNumber) }
        // Ten words: an array (a set's first use costs a process more than the search).
        let words: [Substring] = ["page", "seite", "página", "pagina", "p", "of", "von", "de", "sur", "pp"]
        var numbers = 0
        for t in tokens {
            if t.allSatisfy({ $0.isASCII && $0.isNumber }) || (t.count <= 8 && t.allSatisfy { "ivxlcdm".contains($0) }) {
                numbers += 1
            } else if !words.contains(t) {
                return false
            }
        }
        return numbers >= 1 && numbers <= 2
    }

    // MARK: Structure order

    /// Orders blocks by the structure tree when the page's marked content covers most of its
    /// text and the tree's order agrees with the geometry inside blocks (the lines of a block
    /// follow each other in the tree). Returns nil when it does not.
    func structureOrdered(_ blocks: [Block], segments: [Segment], mcids: [Int]) -> ([Block], Double)? {
        // Each MCID's first place in the tree's order: in a table indexed by MCID when they
        // are dense (as producers number them, from 0 on each page), else hashed.
        guard !mcids.isEmpty else { return nil }
        let highest = mcids.max() ?? 0
        let dense = mcids.allSatisfy { $0 >= 0 } && highest < 4 * mcids.count + 64
        var rankTable = [Int](repeating: -1, count: dense ? highest + 1 : 0)
        var rankMap: [Int: Int] = [:]
        if dense {
            for (r, m) in mcids.enumerated() where rankTable[m] < 0 { rankTable[m] = r }
        } else {
            for (r, m) in mcids.enumerated() where rankMap[m] == nil { rankMap[m] = r }
        }
        func rank(_ m: Int) -> Int? {
            guard dense else { return rankMap[m] }
            return m >= 0 && m < rankTable.count && rankTable[m] >= 0 ? rankTable[m] : nil
        }
        // The rank of each marked-content span, worked out the first time one of its glyphs
        // asks (-2: not yet, -1: none): a page's glyphs share few spans, and a dictionary
        // lookup per glyph cost more than the rest of the ordering.
        var spanRank = [Int](repeating: -2, count: page.markedContent.count)
        func glyphRank(_ glyph: Int32) -> Int? {
            let first = page.runs[Int(page.glyphs[Int(glyph)].run)].markedContent
            guard first >= 0 && Int(first) < spanRank.count else { return nil }
            let known = spanRank[Int(first)]
            if known != -2 { return known >= 0 ? known : nil }
            var span = first
            var depth = 0
            var found: Int? = nil
            while span >= 0 && Int(span) < page.markedContent.count && depth < 64 {
                let s = page.markedContent[Int(span)]
                if let m = s.mcid { found = rank(m); break }
                span = s.parent; depth += 1
            }
            spanRank[Int(first)] = found ?? -1
            return found
        }
        var covered = 0, total = 0
        var lineRanks: [[Int?]] = []
        var blockRank: [Int] = []
        for b in blocks {
            var ranks: [Int?] = []
            for line in b.lines {
                var lineMin: Int? = nil
                for k in line { for i in segments[k].items {
                    if b.kind.isArtifact { continue }
                    // Annotation appearances are tagged through object references, not MCIDs.
                    if page.glyphs[Int(items[Int(i)].glyph)].flags.contains(.annotation) { continue }
                    total += 1
                    if let r = glyphRank(items[Int(i)].glyph) {
                        covered += 1
                        lineMin = min(lineMin ?? r, r)
                    }
                } }
                ranks.append(lineMin)
            }
            lineRanks.append(ranks)
            blockRank.append(ranks.compactMap { $0 }.min() ?? Int.max)
        }
        guard total > 0 else { return nil }
        let coverage = Double(covered) / Double(total)
        // Agreement inside blocks: consecutive ranked lines whose ranks do not go backwards.
        var steps = 0, forward = 0
        for ranks in lineRanks {
            let r = ranks.compactMap { $0 }
            for k in r.indices.dropFirst() { steps += 1; if r[k] >= r[k - 1] { forward += 1 } }
        }
        let agreement = steps == 0 ? 1 : Double(forward) / Double(steps)
        let strict = options.readingOrder == .automatic
        if coverage < (strict ? 0.9 : 0.5) || (strict && agreement < 0.9) {
            return nil
        }
        // Artifacts keep their places (headers first, footers last); ranked body blocks in
        // tree order; unranked ones after the block that precedes them geometrically.
        let headCount = blocks.prefix { $0.kind.isArtifact && $0.isTopMargin }.count
        let body = blocks.indices.filter { !blocks[$0].kind.isArtifact }
        var keyed: [(rank: Int, geometric: Int, block: Int)] = []
        var lastRank = -1
        for (g, b) in body.enumerated() {
            let r = blockRank[b] == Int.max ? lastRank : blockRank[b]
            lastRank = max(lastRank, r)
            keyed.append((r, g, b))
        }
        keyed.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.geometric < $1.geometric }
        let heads = Array(blocks[0..<headCount])
        let tails = blocks.indices.filter { $0 >= headCount && blocks[$0].kind.isArtifact }.map { blocks[$0] }
        return (heads + keyed.map { blocks[$0.block] } + tails, coverage * agreement)
    }
}

