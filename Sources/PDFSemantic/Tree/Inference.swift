import PDFAudit
import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFLayout
import PDFText

/// The structure of an untagged document, inferred from its layout (docs/ACCESSIBLE-HTML.md,
/// "Inferred, for untagged files"; measured in docs/STRUCTURE-INFERENCE.md).
package struct Inference {
    let document: PDFDocument
    let options: SemanticOptions

    init(document: PDFDocument, options: SemanticOptions) { self.document = document; self.options = options }

    /// A layout block with what heading inference read of it and its heading level (nil
    /// when it is not a heading).
    struct BlockInfo { var block: LayoutBlock; var size: Double; var level: Int? }

    /// The pages' nodes. Headings are ranked over all the pages written
    /// (``HeadingInference``), so one size has one level throughout.
    mutating func pages(_ pageList: [Int]) -> [SemanticNode] {
        var texts: [Int: PageText] = [:]
        var facts: [(page: Int, block: LayoutBlock, facts: HeadingBlock)] = []
        var sizeChars: [Double: Int] = [:]
        for p in pageList {
            guard let t = texts[p] ?? document.page(at: p)?.pageText else { continue }
            if texts[p] == nil {
                texts[p] = t
                for whole in t.layout.blocks {
                    for b in splitLeadingHeading(t, whole) { facts.append((p, b, HeadingBlock(b, in: t, options: options.headings))) }
                }
            }
            HeadingInference.countSizes(t, into: &sizeChars, options: options.headings)
        }
        let levels = HeadingInference.levels(facts.map(\.facts), bodySize: HeadingInference.commonestSize(sizeChars),
                                             options: options.headings)
        var infos: [Int: [BlockInfo]] = [:]
        for (f, level) in zip(facts, levels) { infos[f.page, default: []].append(BlockInfo(block: f.block, size: f.facts.size, level: level)) }
        return pageList.map { p in
            guard let t = texts[p] else { return SemanticNode(.page(p)) }
            return SemanticNode(.page(p), children: nodes(t, infos[p] ?? []))
        }
    }

    /// A text block whose first line is set clearly larger than the rest (a heading the
    /// layout read together with the paragraph under it) as two blocks: that line, then
    /// the rest. Other blocks as they are.
    func splitLeadingHeading(_ t: PageText, _ b: LayoutBlock) -> [LayoutBlock] {
        guard b.kind == .text, b.lines.count >= 2 else { return [b] }
        func size(_ li: Int) -> Double {
            t.layout.lines[li].words.map { Double(t.layout.words[Int($0)].fontSize) }.max() ?? 0
        }
        let first = Int(b.lines.lowerBound)
        let firstLine = t.layout.lines[first]
        let rest = (first + 1..<Int(b.lines.upperBound)).map(size).sorted()
        let restSize = rest[rest.count / 2]
        guard restSize > 0, size(first) >= restSize * options.headings.sizeRatio,
              firstLine.words.count <= options.headings.maxWords else { return [b] }
        var restBounds = t.layout.lines[first + 1].bounds
        for li in first + 2..<Int(b.lines.upperBound) {
            let r = t.layout.lines[li].bounds
            restBounds = Rect(x0: min(restBounds.x0, r.x0), y0: min(restBounds.y0, r.y0), x1: max(restBounds.x1, r.x1), y1: max(restBounds.y1, r.y1))
        }
        return [LayoutBlock(lines: b.lines.lowerBound..<b.lines.lowerBound + 1, bounds: firstLine.bounds, kind: .text),
                LayoutBlock(lines: b.lines.lowerBound + 1..<b.lines.upperBound, bounds: restBounds, kind: .text)]
    }

    /// What goes between two consecutive lines: nothing when the layout joined them (a
    /// word hyphenated across the break), else a space.
    static func joiner(_ layout: PageLayout, _ a: LayoutLine, _ b: LayoutLine) -> String {
        // The characters from the end of `a`'s text to the start of `b`'s: the layout puts a
        // line break (or space) there, and nothing where it joined a hyphenated word.
        var i = Int(a.characters.lowerBound)
        let end = min(Int(b.characters.lowerBound), layout.characters.count)
        var lastIsSpace = false
        while i < end { lastIsSpace = layout.characters[i].scalar.properties.isWhitespace; i += 1 }
        return lastIsSpace || end > Int(a.characters.upperBound) ? " " : ""
    }

    /// Whether `line` starts a new paragraph inside its layout block: a first-line indent, or
    /// a short previous line that ends a sentence.
    func startsParagraph(_ line: LayoutLine, after previous: LayoutLine, block b: BlockInfo, previousText: String) -> Bool {
        let size = max(b.size, 1)
        let box = b.block.bounds
        if line.bounds.x0 - box.x0 > size * options.paragraphIndentRatio && previous.bounds.x0 - box.x0 <= size * options.paragraphIndentRatio {
            return true
        }
        let short = box.x1 - previous.bounds.x1 > (box.x1 - box.x0) * options.shortLineFraction
        let ends = previousText.last.map { ".!?:;".contains($0) || $0.isNumber } ?? false
        return short && ends
    }

    func lineText(_ t: PageText, _ line: LayoutLine) -> String {
        var s = String.UnicodeScalarView()
        for c in line.characters { s.append(t.layout.characters[Int(c)].scalar) }
        return String(s).replacingLineBreaks().trimmingCharacters(in: .whitespaces)
    }

    package static func marker(_ line: String) -> (ordered: Bool, rest: String)? {
        guard let firstWord = line.split(separator: " ", maxSplits: 1).first else { return nil }
        let rest = String(line.dropFirst(firstWord.count)).trimmingCharacters(in: .whitespaces)
        if firstWord.count <= 2, firstWord.unicodeScalars.allSatisfy({ TagWalker.bulletScalars.contains($0) }) {
            return (false, rest)
        }
        if let f = line.unicodeScalars.first, ["•", "◦", "▪", "‣", "●", "\u{F0B7}"].contains(f) {
            return (false, String(line.unicodeScalars.dropFirst()).trimmingCharacters(in: .whitespaces))
        }
        if TagWalker.isEnumerator(String(firstWord)), firstWord.last.map({ $0 == "." || $0 == ")" }) == true, !rest.isEmpty {
            return (true, rest)
        }
        return nil
    }

    /// The page's images large enough to be figures, top first, as page-space boxes.
    func figureBoxes(_ t: PageText) -> [Rect] {
        let page = t.glyphs.visibleBox
        let pageArea = max(1, (page.x1 - page.x0) * (page.y1 - page.y0))
        var boxes: [Rect] = []
        for q in t.glyphs.images {
            let b = q.bounds
            let w = b.x1 - b.x0, h = b.y1 - b.y0
            guard w.isFinite, h.isFinite, w >= options.figureMinimumSide, h >= options.figureMinimumSide,
                  w * h < pageArea * options.figureMaximumPageShare, !t.glyphs.isOffPage(q) else { continue }
            // One figure for images drawn on top of each other.
            if boxes.contains(where: { $0.x0 <= b.x1 && b.x0 <= $0.x1 && $0.y0 <= b.y1 && b.y0 <= $0.y1 }) { continue }
            boxes.append(b)
            // The overlap test is quadratic: a page of thousands of image tiles is not figures.
            if boxes.count >= options.maximumFiguresPerPage { break }
        }
        return boxes.sorted { $0.y1 > $1.y1 }
    }

    /// Whether a small filled shape sits just left of `line`, on its height: a bullet drawn
    /// as a path. `paths` are the page's candidates sorted by their vertical middle, so that
    /// each line looks only at those on its height (a page may paint 100,000 paths).
    func hasGraphicBullet(_ line: LayoutLine, paths: [PathPaint]) -> Bool {
        let box = line.bounds
        let height = box.y1 - box.y0
        guard height > 0, height.isFinite else { return false }
        let maxSize = height * options.graphicBulletMaximumSize
        // The first candidate whose middle is above the line's bottom.
        var lo = 0, hi = paths.count
        while lo < hi {
            let m = (lo + hi) / 2
            if Self.middle(paths[m]) <= box.y0 { lo = m + 1 } else { hi = m }
        }
        var k = lo
        while k < paths.count, Self.middle(paths[k]) < box.y1 {
            let b = paths[k].bounds
            k += 1
            let w = b.x1 - b.x0, h = b.y1 - b.y0
            guard w > 0.5, h > 0.5, w <= maxSize, h <= maxSize, w <= 2.5 * h, h <= 2.5 * w else { continue }
            guard b.x1 <= box.x0 + 0.5, box.x0 - b.x1 <= height * options.graphicBulletMaximumGap else { continue }
            return true
        }
        return false
    }

    static func middle(_ p: PathPaint) -> Double { (p.bounds.y0 + p.bounds.y1) / 2 }

    /// The blocks with headings that stand side by side with another block on one line
    /// demoted: a heading has its line to itself (words set apart on one line are the
    /// header cells of a table the layout did not see).
    func demoteSideBySideHeadings(_ t: PageText, _ list: [BlockInfo]) -> [BlockInfo] {
        var list = list
        let lines = list.map { t.layout.lines[Int($0.block.lines.lowerBound)] }
        let firstLines = lines.map(\.bounds)
        // Horizontal lines only: vertical text sets its lines side by side, title included.
        for i in list.indices where list[i].level != nil && lines[i].frame != nil {
            let a = firstLines[i]
            let side = firstLines.indices.contains { j in
                guard j != i, lines[j].frame != nil else { return false }
                let b = firstLines[j]
                let overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
                return overlap > 0.5 * min(a.y1 - a.y0, b.y1 - b.y0) && (b.x0 >= a.x1 || a.x0 >= b.x1)
            }
            if side { list[i].level = nil }
        }
        return list
    }

    func nodes(_ t: PageText, _ list: [BlockInfo]) -> [SemanticNode] {
        let list = demoteSideBySideHeadings(t, list)
        var out: [SemanticNode] = []
        var figures = figureBoxes(t)
        // Paths that could be bullets: only small filled ones are kept for the per-line test.
        let bulletPaths = t.glyphs.paths.filter { p in
            p.isFilled && p.bounds.x1 - p.bounds.x0 < 40 && p.bounds.y1 - p.bounds.y0 < 40 && Self.middle(p).isFinite
        }.sorted { Self.middle($0) < Self.middle($1) }
        /// The figure just written, while the block after it may be its caption.
        var openFigure: Int?
        /// Header rows found above tables: the blocks that form them, and per table block the
        /// lines of its header.
        let (headerBlocks, headerLines) = tableHeaders(t, list)
        for (bi, b) in list.enumerated() {
            // Figures whose top is above this block come first.
            while let f = figures.first, f.y1 > b.block.bounds.y1 {
                figures.removeFirst()
                out.append(SemanticNode(.figure, children: [SemanticNode(.image(alt: nil), inferred: true)], inferred: true))
                openFigure = out.count - 1
            }
            let lines = b.block.lines.map { t.layout.lines[Int($0)] }
            let texts = lines.map { lineText(t, $0) }
            if let f = openFigure {
                openFigure = nil
                let joined = texts.joined(separator: " ")
                if b.level == nil, Self.isCaption(joined) {
                    out[f].children.append(SemanticNode(.caption, children: [SemanticNode(.text(joined))], inferred: true))
                    continue
                }
            }
            if b.block.kind == .table {
                let header = headerLines[bi] ?? []
                out.append(table(t, header.isEmpty ? lines : [header.first!] + lines, headerRows: header.isEmpty ? 0 : 1,
                                 extraHeaderWords: header.dropFirst().flatMap { words(t, $0) }))
                continue
            }
            // One-line blocks right above a table whose words stand in its columns are its
            // header row, not headings.
            if headerBlocks.contains(bi) { continue }
            if let level = b.level {
                var h = texts.first ?? ""
                for k in 1..<max(1, lines.count) { h += Self.joiner(t.layout, lines[k - 1], lines[k]) + texts[k] }
                out.append(SemanticNode(.heading(level: level), children: [SemanticNode(.text(h))], inferred: true))
                continue
            }
            // Lines that start with a bullet or an enumerator begin list items; lines indented
            // past an item's marker continue it; other lines are paragraph text.
            var paragraph: [String] = []
            var items: [SemanticNode] = []
            var ordered = true
            var item: (text: String, x0: Double)?
            var previous: LayoutLine?
            func flushItem() {
                if let it = item { items.append(SemanticNode(.listItem, children: [SemanticNode(.text(it.text))], inferred: true)) }
                item = nil
            }
            func flushList(_ out: inout [SemanticNode]) {
                flushItem()
                guard !items.isEmpty else { return }
                // Consecutive lists of one kind make one list.
                if let lastNode = out.last, case .list(let o) = lastNode.kind, o == ordered, lastNode.inferred {
                    out[out.count - 1].children += items
                } else {
                    out.append(SemanticNode(.list(ordered: ordered), children: items, inferred: true))
                }
                items = []
                ordered = true
            }
            func flushParagraph(_ out: inout [SemanticNode]) {
                guard !paragraph.isEmpty else { return }
                out.append(SemanticNode(.paragraph, children: [SemanticNode(.text(paragraph.joined()))], inferred: true))
                paragraph = []
            }
            for (line, text) in zip(lines, texts) {
                let drawn = Self.marker(text) == nil && !bulletPaths.isEmpty && hasGraphicBullet(line, paths: bulletPaths)
                if let m = Self.marker(text) ?? (drawn ? (ordered: false, rest: text) : nil) {
                    flushParagraph(&out)
                    flushItem()
                    if items.isEmpty { ordered = m.ordered } else { ordered = ordered && m.ordered }
                    item = (m.rest, line.bounds.x0)
                } else if let it = item, line.bounds.x0 > it.x0 + options.listIndentTolerance {
                    item = (it.text + Self.joiner(t.layout, previous!, line) + text, it.x0)
                } else {
                    flushList(&out)
                    if let p = previous, !paragraph.isEmpty, !startsParagraph(line, after: p, block: b, previousText: paragraph[paragraph.count - 1]) {
                        paragraph[paragraph.count - 1] += Self.joiner(t.layout, p, line) + text
                    } else {
                        flushParagraph(&out)
                        paragraph.append(text)
                    }
                }
                previous = line
            }
            flushList(&out)
            flushParagraph(&out)
            continue
        }
        for _ in figures {
            out.append(SemanticNode(.figure, children: [SemanticNode(.image(alt: nil), inferred: true)], inferred: true))
        }
        return out
    }

    /// The words of `line` in reading order, with their text.
    func words(_ t: PageText, _ line: LayoutLine) -> [(box: Rect, size: Double, text: String)] {
        line.words.map { w in
            let word = t.layout.words[Int(w)]
            var s = String.UnicodeScalarView()
            for c in word.characters { s.append(t.layout.characters[Int(c)].scalar) }
            return (word.bounds, Double(word.fontSize), String(s).trimmingCharacters(in: .whitespaces))
        }
    }

    /// The columns of a table's lines: the x ranges that words cover, merged where the gap
    /// between them is under ``SemanticOptions/columnGapRatio`` times the font size (so a
    /// cell's words stay together and a column ends where no line has text).
    func columns(_ t: PageText, _ lines: [LayoutLine]) -> [ClosedRange<Double>] {
        var spans: [(x0: Double, x1: Double, size: Double)] = []
        for line in lines { for w in words(t, line) where w.box.x0.isFinite && w.box.x1.isFinite { spans.append((w.box.x0, w.box.x1, w.size)) } }
        spans.sort { $0.x0 < $1.x0 }
        var out: [(x0: Double, x1: Double)] = []
        for sp in spans {
            if let last = out.last, sp.x0 - last.x1 < max(1, sp.size) * options.columnGapRatio {
                out[out.count - 1].x1 = max(last.x1, sp.x1)
            } else {
                out.append((sp.x0, sp.x1))
            }
        }
        return out.map { $0.x0...$0.x1 }
    }

    /// Whether `line` is a header row of `table`: its words fall in two or more of the
    /// table's columns, and no word crosses a column gap.
    /// Per table block, the lines of the header row above it (one line, or the cells of one
    /// row the layout cut into blocks side by side), and the blocks they came from.
    func tableHeaders(_ t: PageText, _ list: [BlockInfo]) -> (Set<Int>, [Int: [LayoutLine]]) {
        var blocks = Set<Int>(), lines: [Int: [LayoutLine]] = [:]
        for (k, b) in list.enumerated() where b.block.kind == .table && k > 0 {
            // The one-line blocks before the table that share the last one's baseline.
            var run: [Int] = []
            var j = k - 1
            while j >= 0, list[j].block.kind != .table, list[j].block.lines.count == 1, !blocks.contains(j) {
                let line = t.layout.lines[Int(list[j].block.lines.lowerBound)]
                if let first = run.first {
                    let ref = t.layout.lines[Int(list[first].block.lines.lowerBound)]
                    guard abs(line.bounds.y0 - ref.bounds.y0) < max(2, (ref.bounds.y1 - ref.bounds.y0) * 0.3) else { break }
                }
                run.append(j)
                j -= 1
            }
            guard !run.isEmpty else { continue }
            let candidate = run.reversed().map { t.layout.lines[Int(list[$0].block.lines.lowerBound)] }
            if isHeaderRow(t, candidate, of: b.block) {
                blocks.formUnion(run)
                lines[k] = candidate.sorted { $0.bounds.x0 < $1.bounds.x0 }
            }
        }
        return (blocks, lines)
    }

    func isHeaderRow(_ t: PageText, _ header: [LayoutLine], of table: LayoutBlock) -> Bool {
        let tableLines = table.lines.map { t.layout.lines[Int($0)] }
        let body = columns(t, tableLines)
        // With the header, the columns stay the same (a centred header may widen them, but
        // must not bridge two).
        let all = columns(t, tableLines + header)
        guard body.count >= 2, all.count == body.count else { return false }
        var used = Set<Int>()
        for w in header.flatMap({ words(t, $0) }) {
            let mid = (w.box.x0 + w.box.x1) / 2
            guard let c = all.firstIndex(where: { $0.contains(mid) }) else { return false }
            used.insert(c)
        }
        return used.count >= 2
    }

    /// A table node: cells by column (``columns(_:_:)`` of the rows below the first, which
    /// is often a header centred over its column), the first `headerRows` rows of header
    /// cells scoped to their columns, empty cells where a row has no words in a column. With
    /// no header row given, a first row without digits over a column of numbers is one.
    func table(_ t: PageText, _ lines: [LayoutLine], headerRows: Int,
               extraHeaderWords: [(box: Rect, size: Double, text: String)] = []) -> SemanticNode {
        let cols = columns(t, lines.count >= 3 ? Array(lines.dropFirst()) : lines)
        func column(_ mid: Double) -> Int {
            if let c = cols.firstIndex(where: { $0.contains(mid) }) { return c }
            func distance(_ r: ClosedRange<Double>) -> Double { mid < r.lowerBound ? r.lowerBound - mid : mid - r.upperBound }
            return cols.indices.min { distance(cols[$0]) < distance(cols[$1]) } ?? 0
        }
        let grid: [[String]] = lines.enumerated().map { (r, line) in
            var cells = Array(repeating: "", count: max(1, cols.count))
            for w in words(t, line) + (r == 0 ? extraHeaderWords : []) where !w.text.isEmpty {
                let c = column((w.box.x0 + w.box.x1) / 2)
                cells[c] += (cells[c].isEmpty ? "" : " ") + w.text
            }
            return cells
        }
        var headerRows = headerRows
        if headerRows == 0, grid.count >= 3 {
            let hasDigit = { (s: String) in s.unicodeScalars.contains { ("0"..."9").contains($0) } }
            let numericColumn = grid[0].indices.contains { c in
                let body = grid.dropFirst().map { $0[c] }.filter { !$0.isEmpty }
                return !body.isEmpty && body.allSatisfy(hasDigit)
            }
            if numericColumn, !grid[0].contains(where: hasDigit), grid[0].filter({ !$0.isEmpty }).count >= 2 { headerRows = 1 }
        }
        var head: [SemanticNode] = [], body: [SemanticNode] = []
        for (r, cells) in grid.enumerated() {
            let isHead = r < headerRows
            let row = SemanticNode(.row, children: cells.map { text in
                SemanticNode(isHead ? .headerCell(scope: "col") : .dataCell, children: text.isEmpty ? [] : [SemanticNode(.text(text))], inferred: true)
            }, inferred: true)
            if isHead { head.append(row) } else { body.append(row) }
        }
        var parts: [SemanticNode] = []
        if !head.isEmpty { parts.append(SemanticNode(.tableHead, children: head, inferred: true)) }
        parts.append(SemanticNode(.tableBody, children: body, inferred: true))
        return SemanticNode(.table, children: parts, inferred: true)
    }

    /// Text that reads as a figure's caption ("Figure 3.", "Fig. 2:", "Image 1 –").
    static func isCaption(_ text: String) -> Bool {
        let lower = text.lowercased()
        for word in ["figure", "fig.", "fig ", "image", "photo", "chart", "illustration", "abbildung", "figura"] where lower.hasPrefix(word) {
            return lower.count <= 400
        }
        return false
    }
}
