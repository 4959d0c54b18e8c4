#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore
import PDFGlyphs

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
               s.baseline > last.baseline - options.nextLineShift * s.size, s.top - last.bottom <= options.rawBlockLineGap * s.size {
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
        for k in blocks.indices where blocks[k].kind == .text && blocks[k].lines.count <= LayoutConstants.marginBlockMaxLines {
            let b = blocks[k]
            let inTop = b.bottom <= lo + band && b.top <= bodyTop + LayoutConstants.overlapTolerance
            let inBottom = b.top >= hi - band && b.bottom >= bodyBottom - LayoutConstants.overlapTolerance
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
        guard text.unicodeScalars.count <= LayoutConstants.pageNumberMaxLength else { return false }
        let tokens = text.split { !($0.isLetter || $0.isNumber) }
        // Ten words: an array (a set's first use costs a process more than the search).
        let words: [Substring] = ["page", "seite", "página", "pagina", "p", "of", "von", "de", "sur", "pp"]
        var numbers = 0
        for t in tokens {
            if t.allSatisfy({ $0.isASCII && $0.isNumber }) || (t.count <= LayoutConstants.romanNumeralMaxLength && t.allSatisfy { "ivxlcdm".contains($0) }) {
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
        let dense = mcids.allSatisfy { $0 >= 0 } && highest < LayoutConstants.denseMCIDFactor * mcids.count + LayoutConstants.denseMCIDSlack
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
            while span >= 0 && Int(span) < page.markedContent.count && depth < LayoutConstants.maxMarkedContentDepth {
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
        if coverage < (strict ? options.structureOrderCoverage : options.structureOrderLooseCoverage)
            || (strict && agreement < options.structureOrderAgreement) {
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

