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
    var statistics = LayoutStatistics()
    var diagnostics = DiagnosticLog()

    init(page: PageGlyphs, options: LayoutOptions) {
        self.page = page
        self.options = options
    }

    mutating func run(structureOrder: [Int]?) -> PageLayout {
        collectItems()
        regroupStackedGlyphs()
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
                let bf = BlockFinder(segments: segs, options: options)
                let (tables, used) = bf.tables()
                var groupBlocks = tables + bf.blocks(excluding: used)
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
        var groupIndex: [Orientation: Int] = [:]
        var cachedRun: Int32 = -1, cachedVertical = false
        var cachedOrientation: Orientation? = nil
        var lastOrientation: Orientation? = nil, lastGroup = 0
        statistics.glyphs = page.glyphs.count
        for (i, g) in page.glyphs.enumerated() {
            let f = g.flags
            if f.contains(.duplicate) && options.dropsDuplicates { statistics.droppedDuplicates += 1; continue }
            if f.contains(.hidden) && options.dropsHiddenText { statistics.droppedHidden += 1; continue }
            if f.contains(.offPage) { statistics.droppedOffPage += 1; continue }
            if f.contains(.clipped) && options.dropsClippedText { statistics.droppedClipped += 1; continue }
            if f.contains(.invisible) {
                if options.dropsInvisibleText { statistics.droppedInvisible += 1; continue }
                statistics.invisibleKept += 1
            }
            guard g.text.lowerBound < g.text.upperBound else { continue }
            let run = page.runs[Int(g.run)]
            // The orientation is the run's (and the writing mode's): worked out once per run.
            let vertical = f.contains(.vertical)
            let orientation: Orientation
            if g.run == cachedRun && vertical == cachedVertical, let c = cachedOrientation {
                orientation = c
            } else {
                let m = run.textMatrix
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
            if orientation == lastOrientation { group = lastGroup } else if let k = groupIndex[orientation] {
                group = k
            } else {
                group = groups.count; groups.append(orientation); groupIndex[orientation] = group
            }
            lastOrientation = orientation; lastGroup = group
            let (fx, fy) = orientation.flow
            let (nx, ny) = (-fy, fx)
            let o = display.apply(g.origin)
            guard o.x.isFinite, o.y.isFinite else { continue }
            var size = run.effectiveSize
            if !(size.isFinite && size > 0.01) { size = max(0.01, g.quad.bounds.height) }
            let first = page.scalars[Int(g.text.lowerBound)]
            let isSpace = page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)].allSatisfy { $0.isLayoutWhitespace }
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
            var extent = max(max(reach(q.lowerLeft), reach(q.lowerRight)), max(reach(q.upperRight), reach(q.upperLeft)))
            if !(extent.isFinite && extent > 0) {
                extent = g.advance.isFinite && g.advance > 0 ? Double(g.advance) : 0.5 * size
            }
            items.append(Item(glyph: Int32(i), x0: along, x1: along + extent, baseline: across,
                              size: size, group: group, isSpace: isSpace, isCJK: first.isCJKLike,
                              isAlphanumeric: first.isLetterOrDigit))
        }
    }

    /// Vertical text set with upright glyphs in horizontal writing mode (each glyph placed below
    /// the last, as LuaTeX-ja and browsers do): content-order runs of three or more CJK glyphs
    /// whose centres stay in one column while each moves down by about a glyph
    /// (`stackedGlyphStep`) are moved to the top-to-bottom group.
    mutating func regroupStackedGlyphs() {
        guard options.detectsStackedVerticalText, items.count >= 3 else { return }
        let display = page.unscaledDisplayTransform
        func centre(_ it: Item) -> Point {
            let b = page.glyphs[Int(it.glyph)].quad.transformed(by: display).bounds
            return Point(x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2)
        }
        let upright = groups.firstIndex { $0.angle == 0 && !$0.isDiagonal }
        guard let upright else { return }
        func stacked(_ a: Item, _ b: Item) -> Bool {
            guard a.group == upright, b.group == upright, a.isCJK || b.isCJK,
                  a.isCJK || !a.isAlphanumeric, b.isCJK || !b.isAlphanumeric else { return false }
            let ca = centre(a), cb = centre(b)
            let size = max(a.size, b.size)
            let dy = cb.y - ca.y
            return abs(cb.x - ca.x) <= 0.5 * size && dy >= options.stackedGlyphStep.lowerBound * size
                && dy <= options.stackedGlyphStep.upperBound * size
        }
        var chain = [Bool](repeating: false, count: items.count)
        var k = 0
        while k + 2 < items.count {
            var end = k
            while end + 1 < items.count && stacked(items[end], items[end + 1]) { end += 1 }
            if end - k >= 2 { for j in k...end { chain[j] = true } }
            k = max(end, k + 1)
        }
        guard chain.contains(true) else { return }
        let vertical = Orientation(angle: 270, isDiagonal: false)
        let group: Int
        if let g = groups.firstIndex(of: vertical) { group = g } else { groups.append(vertical); group = groups.count - 1 }
        for j in items.indices where chain[j] {
            let b = page.glyphs[Int(items[j].glyph)].quad.transformed(by: display).bounds
            items[j].group = group
            items[j].x0 = b.y0
            items[j].x1 = b.y1
            items[j].baseline = -(b.x0 + b.x1) / 2 + 0.25 * items[j].size
        }
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
        let (order, confidence, fallback) = BlockOrdering.order(boxes, maxBlocks: options.maxOrderedBlocks, band: options.rowBandRatio)
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
        let words: Set<Substring> = ["page", "seite", "página", "pagina", "p", "of", "von", "de", "sur", "pp"]
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
        var rank: [Int: Int] = [:]
        for (r, m) in mcids.enumerated() where rank[m] == nil { rank[m] = r }
        guard !rank.isEmpty else { return nil }
        func glyphRank(_ glyph: Int32) -> Int? {
            var span = page.runs[Int(page.glyphs[Int(glyph)].run)].markedContent
            var depth = 0
            while span >= 0 && Int(span) < page.markedContent.count && depth < 64 {
                let s = page.markedContent[Int(span)]
                if let m = s.mcid { return rank[m] }
                span = s.parent; depth += 1
            }
            return nil
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

