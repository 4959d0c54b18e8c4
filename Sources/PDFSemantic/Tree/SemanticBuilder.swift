import PDFAudit
import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFLayout
import PDFText

/// Thresholds of the structure inferred for untagged documents (docs/ACCESSIBLE-HTML.md,
/// "Inferred, for untagged files").
package struct SemanticOptions: Sendable, Hashable {
    /// Which blocks are headings and of what level (the body size is the size with the
    /// most characters on the pages written); the styled formats use the same options.
    package var headings = HeadingOptions()
    /// In an inferred table, a column ends where no row has a word for at least this many
    /// times the font size.
    package var columnGapRatio = 0.6
    /// A line continues the list item above when it starts more than this many points to
    /// the right of the item's marker.
    package var listIndentTolerance = 1.0
    /// Inside a layout block, a line indented more than this many times the font size past
    /// the block's left edge starts a new paragraph (a first-line indent)…
    package var paragraphIndentRatio = 0.8
    /// … and so does a line after one that ends in sentence punctuation and stops short of
    /// the block's right edge by more than this fraction of the block's width.
    package var shortLineFraction = 0.15
    /// A small filled shape left of a line starts a list item (a bullet drawn as a path,
    /// as browsers and word processors draw them): at most this many times the line's
    /// height on each side…
    package var graphicBulletMaximumSize = 0.8
    /// … and its right edge at most this many times the line's height before the line.
    package var graphicBulletMaximumGap = 3.0
    /// An image becomes a figure when both its sides are at least this long (points), and
    /// it covers less than ``figureMaximumPageShare`` of the page (a scanned page is not a
    /// figure).
    package var figureMinimumSide = 24.0
    package var figureMaximumPageShare = 0.8
    package init() {}
}

/// Builds the ``SemanticDocument`` of a PDF: from its structure tree when it is tagged,
/// else inferred from the layout.
package enum SemanticBuilder {
    /// - Parameters:
    ///   - pages: 0-based page indices to include (all when nil), in order.
    ///   - fallbackTitle: the title when the document has none (the file name).
    package static func build(document: PDFDocument, pages: [Int]? = nil, fallbackTitle: String,
                             options: SemanticOptions = SemanticOptions()) -> SemanticDocument {
        let file = document.file
        let pageList = pages ?? Array(0..<document.pageCount)
        let title = XMPFacts(document: file).title ?? file.info.title.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackTitle
        let language = file.language
        let tree = StructureTree(document: file)
        let hasTaggedContent = tree.elements.contains { e in
            e.kids.contains { if case .markedContent = $0 { true } else { false } }
        }
        if hasTaggedContent {
            let walker = TagWalker(document: document, tree: tree, language: language)
            return SemanticDocument(title: title, language: language, pages: walker.pages(pageList), tagged: true)
        }
        var inference = Inference(document: document, options: options)
        return SemanticDocument(title: title, language: language, pages: inference.pages(pageList), tagged: false)
    }
}

// MARK: - From tags

private final class TagWalker {
    let document: PDFDocument
    let tree: StructureTree
    let tagged: TaggedText
    let language: String?
    var maps: [Int: PageContentMap] = [:]
    var claimed: [Int: Set<Int32>] = [:]
    var hrefs: [Int: String] = [:]
    var annotationPagesRead = Set<Int>()
    /// The last character emitted in the current block, for separators between pieces.
    var last: (page: Int, index: Int32)?

    /// Per note element (FENote, Note): the id its HTML carries; per citing element (one
    /// whose `/Ref` names a note): the note's id.
    var noteIDs: [Int: String] = [:]
    var citations: [Int: String] = [:]

    init(document: PDFDocument, tree: StructureTree, language: String?) {
        self.document = document; self.tree = tree; self.language = language
        self.tagged = TaggedText(tree: tree)
        var byObject: [Int: Int] = [:]
        for (i, e) in tree.elements.enumerated() {
            if let id = e.objectID, byObject[id.number] == nil { byObject[id.number] = i }
            if e.standardType == "FENote" || e.standardType == "Note" {
                // Our own ids, so that a file's /ID can neither collide nor break the link.
                noteIDs[i] = "note-\(i + 1)"
            }
        }
        for (i, e) in tree.elements.enumerated() where !e.references.isEmpty && noteIDs[i] == nil {
            if let target = e.references.lazy.compactMap({ byObject[$0.number] }).first(where: { self.noteIDs[$0] != nil }) {
                citations[i] = noteIDs[target]
            }
        }
    }

    func map(_ page: Int) -> PageContentMap? {
        if let m = maps[page] { return m }
        guard let text = document.page(at: page)?.pageText else { return nil }
        let m = PageContentMap(text)
        maps[page] = m
        return m
    }

    static let inlineTypes: Set<String> = ["Span", "Link", "Em", "Strong", "Code", "Quote", "Reference", "Lbl", "Formula",
                                           "Annot", "Form", "Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP", "Sub", "Note"]
    static let containers: Set<String> = ["Document", "DocumentFragment", "Part", "Art", "Sect", "Div", "NonStruct", "Private"]

    /// Block-level elements in tree order, with the number of Sect/Art/Part around them.
    func blocks() -> [(element: Int, sectionDepth: Int)] {
        var out: [(Int, Int)] = []
        func visit(_ i: Int, depth: Int, guardDepth: Int) {
            guard guardDepth < TaggedText.maxDepth else { return }
            let e = tree.elements[i]
            let std = e.standardType ?? "Div"
            if std == "Artifact" { return }
            if Self.containers.contains(std) && e.actualText == nil {
                let d = depth + (["Sect", "Art", "Part"].contains(std) ? 1 : 0)
                let hasDirectContent = e.kids.contains { if case .markedContent = $0 { true } else { false } }
                if hasDirectContent { out.append((i, d)) } else {
                    for k in e.kids { if case .element(let c) = k { visit(c, depth: d, guardDepth: guardDepth + 1) } }
                }
            } else {
                out.append((i, depth))
            }
        }
        for r in tree.roots { visit(r, depth: 0, guardDepth: 0) }
        return out
    }

    func pages(_ pageList: [Int]) -> [SemanticNode] {
        let wanted = Set(pageList)
        var byPage: [Int: [SemanticNode]] = [:]
        var lastPage = pageList.first ?? 0
        for (b, depth) in blocks() {
            let page = tagged.pages[b].first ?? lastPage
            lastPage = page
            guard wanted.contains(page) else { continue }
            last = nil
            byPage[page, default: []] += render(b, lang: language, sectionDepth: depth, inFigure: false, listOrdered: nil)
        }
        return pageList.map { p in
            var children = byPage[p] ?? []
            if let rest = untagged(page: p) { children.append(rest) }
            return SemanticNode(.page(p), children: children)
        }
    }

    /// What no element claims on a page (not artifacts), as paragraphs per layout block.
    func untagged(page: Int) -> SemanticNode? {
        guard let m = map(page) else { return nil }
        let layout = m.text.layout
        let mine = claimed[page] ?? []
        var paragraphs: [SemanticNode] = []
        for block in layout.blocks {
            var s = ""
            var any = false
            guard let firstLine = block.lines.first.map({ layout.lines[Int($0)] }),
                  let lastLine = block.lines.last.map({ layout.lines[Int($0)] }) else { continue }
            // The block's characters as the layout joined them (line breaks become spaces;
            // a hyphenated word stays whole), without claimed ones and artifacts.
            for c in firstLine.characters.lowerBound..<lastLine.characters.upperBound {
                let ch = layout.characters[Int(c)]
                if ch.isSynthesized || ch.scalar.properties.isWhitespace { s += " "; continue }
                guard !m.isArtifact[Int(c)], !mine.contains(c) else { s += " "; continue }
                any = true
                s.unicodeScalars.append(ch.scalar)
            }
            let text = s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            if any && !text.isEmpty { paragraphs.append(SemanticNode(.paragraph, children: [SemanticNode(.text(text))])) }
        }
        return paragraphs.isEmpty ? nil : SemanticNode(.untagged, children: paragraphs)
    }

    func text(page: Int, mcid: Int) -> [SemanticNode] {
        guard let m = map(page), let chars = m.charactersByMCID[mcid], let first = chars.first else { return [] }
        claimed[page, default: []].formUnion(chars)
        var out: [SemanticNode] = []
        if let l = last, l.page == page, !m.separator(after: l.index, before: first).isEmpty {
            out.append(SemanticNode(.text(" ")))
        } else if let l = last, l.page != page {
            out.append(SemanticNode(.text(" ")))
        }
        let s = m.text(of: chars).replacingLineBreaks()
        out.append(SemanticNode(.text(s)))
        last = (page, chars.last!)
        return out
    }

    func claim(_ i: Int) {
        for p in tagged.pages[i] {
            guard let m = map(p) else { continue }
            claimed[p, default: []].formUnion(tagged.content(of: i, on: m).characters)
        }
    }

    func href(for object: ObjectID?, page: Int?) -> String? {
        guard let object, let page else { return nil }
        if !annotationPagesRead.contains(page) {
            annotationPagesRead.insert(page)
            for a in document.file.annotations(pageIndex: page) {
                guard let n = a.objectNumber else { continue }
                // A URI whose scheme may not be a link (javascript:, file:, …) leaves the
                // element without an href: its text stays, not the link.
                let target = LinkPolicy.target(url: a.url ?? a.action?.uri, pageIndex: (a.destination ?? a.action?.destination)?.pageIndex)
                if let target { hrefs[n] = target }
            }
        }
        return hrefs[object.number]
    }

    func kids(_ i: Int, lang: String?, sectionDepth: Int, inFigure: Bool, listOrdered: Bool?) -> [SemanticNode] {
        var out: [SemanticNode] = []
        for k in tree.elements[i].kids {
            switch k {
            case .markedContent(let page?, let mcid, _): out += text(page: page, mcid: mcid)
            case .element(let c): out += render(c, lang: lang, sectionDepth: sectionDepth, inFigure: inFigure, listOrdered: listOrdered)
            default: break
            }
        }
        return out
    }

    func attribute(_ e: StructureTree.Element, _ key: String) -> PDFObject? {
        for a in e.attributes.reversed() { if let v = a.entries[key] { return v } }
        return nil
    }

    func render(_ i: Int, lang: String?, sectionDepth: Int, inFigure: Bool, listOrdered: Bool?) -> [SemanticNode] {
        let e = tree.elements[i]
        let std = e.standardType ?? "Span"
        if std == "Artifact" { return [] }
        let ownLang = e.language.flatMap { $0.isEmpty || $0 == lang ? nil : $0 }
        let lang = ownLang ?? lang
        func node(_ kind: SemanticNode.Kind, _ children: [SemanticNode]) -> SemanticNode {
            var n = SemanticNode(kind, children: children, language: ownLang)
            if let id = e.id, !id.isEmpty { n.id = id }
            return n
        }
        if !Self.inlineTypes.contains(std) && !Self.containers.contains(std) { last = nil }
        var children: [SemanticNode]
        if let actual = e.actualText, std != "Figure" {
            claim(i)
            children = [SemanticNode(.text(actual))]
        } else if std == "Figure" || std == "Formula" {
            claim(i)
            children = []
        } else {
            let ordered = std == "L" ? isOrdered(i) : listOrdered
            children = kids(i, lang: lang, sectionDepth: sectionDepth + (["Sect", "Art", "Part"].contains(std) ? 1 : 0),
                            inFigure: inFigure || std == "Figure", listOrdered: ordered)
        }
        if let exp = e.expansion, !exp.isEmpty { children = [SemanticNode(.abbreviation(expansion: exp), children: children)] }
        if let target = citations[i] { children = [SemanticNode(.noteReference(target: target), children: children)] }
        // MathML (by its namespace, or role-mapped into it): the element as MathML.
        if e.standardNamespace == StructureTree.mathMLNamespace { return [node(.mathML(std), children)] }
        switch std {
        case "H1", "H2", "H3", "H4", "H5", "H6": return [node(.heading(level: Int(String(std.last!))!), children)]
        case "H": return [node(.heading(level: min(6, sectionDepth + 1)), children)]
        case "P", "BibEntry", "Index": return [node(.paragraph, children)]
        case "Caption": return [node(.caption, children)]
        case "L": return [node(.list(ordered: isOrdered(i)), children)]
        case "LI": return [node(.listItem, children)]
        case "Lbl":
            // The marker a list element draws anyway is not repeated.
            let t = SemanticNode(.span, children: children).plainText.trimmingCharacters(in: .whitespaces)
            if listOrdered == true && Self.isEnumerator(t) { return [] }
            if listOrdered == false && (t.isEmpty || Self.isBullet(t)) { return [] }
            return [node(.label, children + [SemanticNode(.text(" "))])]
        case "LBody": return children
        case "Table": return [node(.table, children)]
        case "THead": return [node(.tableHead, children)]
        case "TBody": return [node(.tableBody, children)]
        case "TFoot": return [node(.tableFoot, children)]
        case "TR": return [node(.row, children)]
        case "TH", "TD":
            var n: SemanticNode
            if std == "TH" {
                let scope: String? = switch attribute(e, "Scope")?.name?.string {
                case "Row": "row"
                case "Column": "col"
                case "Both": "colgroup"
                default: nil
                }
                n = node(.headerCell(scope: scope == "colgroup" ? "col" : scope), children)
            } else {
                n = node(.dataCell, children)
            }
            n.rowSpan = max(1, min(1000, attribute(e, "RowSpan")?.integer ?? 1))
            n.columnSpan = max(1, min(1000, attribute(e, "ColSpan")?.integer ?? 1))
            if case .array(let ids)? = attribute(e, "Headers") { n.headers = ids.compactMap(\.text) }
            return [n]
        case "Figure":
            // The figure's own text (labels drawn in a chart) stays inside its image, where a
            // screen reader reads the alternate text instead.
            var figureText: [SemanticNode] = []
            for p in tagged.pages[i] {
                if let m = map(p) {
                    let t = tagged.content(of: i, on: m).text.replacingLineBreaks().trimmingCharacters(in: .whitespaces)
                    if !t.isEmpty { figureText.append(SemanticNode(.text(t))) }
                }
            }
            let image = SemanticNode(.image(alt: e.alt), children: figureText)
            if inFigure { return [image] }
            let inner = kids(i, lang: lang, sectionDepth: sectionDepth, inFigure: true, listOrdered: nil)
            // A figure's own text is its image's; a caption stays a caption.
            let captions = inner.filter { if case .caption = $0.kind { true } else { false } }
            let images = inner.filter { if case .image = $0.kind { true } else { false } }
            var parts = e.alt != nil || images.isEmpty ? [image] : images
            if e.alt != nil || !images.isEmpty {} else { parts = [image] }
            return [node(.figure, parts + captions)]
        case "Formula": return [node(.formula(alt: e.alt ?? e.actualText), kids(i, lang: lang, sectionDepth: sectionDepth, inFigure: true, listOrdered: nil))]
        case "Link":
            var href: String?
            for k in e.kids { if case .object(let p, let o) = k, let h = self.href(for: o, page: p ?? e.pageIndex) { href = h; break } }
            return [node(.link(href: href), children)]
        case "Note", "FENote":
            var n = node(.note(id: noteIDs[i]), children)
            n.id = noteIDs[i]
            return [n]
        case "Title": return [node(.heading(level: 1), children)]
        case "Aside": return [node(.aside, children)]
        case "Sub": return [node(.span, children)]
        case "BlockQuote": return [node(.blockQuote, children)]
        case "Quote": return [node(.quote, children)]
        case "Code": return [node(.code, children)]
        case "Em": return [node(.emphasis, children)]
        case "Strong": return [node(.strong, children)]
        case "TOC": return [node(.navigation, [SemanticNode(.list(ordered: false), children: children)])]
        case "TOCI": return [node(.listItem, children)]
        case "Sect", "Art": return [node(.group(section: true), children)]
        case "Document", "DocumentFragment", "Part", "Div", "NonStruct", "Private":
            // Inside a block a grouping adds nothing: its content takes its place.
            return ownLang != nil ? [node(.span, children)] : children
        default:
            return ownLang != nil || e.id != nil ? [node(.span, children)] : children
        }
    }

    func isOrdered(_ i: Int) -> Bool {
        let e = tree.elements[i]
        if let n = attribute(e, "ListNumbering")?.name?.string {
            return ["Decimal", "UpperRoman", "LowerRoman", "UpperAlpha", "LowerAlpha"].contains(n)
        }
        // No numbering attribute: ordered when the first label is an enumerator.
        for k in e.kids {
            guard case .element(let li) = k else { continue }
            for kk in tree.elements[li].kids {
                guard case .element(let lbl) = kk, tree.elements[lbl].standardType == "Lbl" else { continue }
                var t = ""
                for m in tree.elements[lbl].kids {
                    if case .markedContent(let p?, let mcid, _) = m, let map = map(p), let cs = map.charactersByMCID[mcid] { t += map.text(of: cs) }
                }
                return Self.isEnumerator(t.trimmingCharacters(in: .whitespaces))
            }
            return false
        }
        return false
    }

    static func isBullet(_ t: String) -> Bool { t.count <= 2 && t.unicodeScalars.allSatisfy { bulletScalars.contains($0) } }
    static let bulletScalars: Set<Unicode.Scalar> = ["•", "◦", "▪", "‣", "–", "-", "*", "·", "\u{F0B7}", "■", "□", "○", "●", "➢", "✓"]
    static func isEnumerator(_ t: String) -> Bool {
        var s = Substring(t)
        if s.hasPrefix("(") { s = s.dropFirst() }
        guard let last = s.last, [".", ")", ":"].contains(last) || s.allSatisfy(\.isNumber) else { return false }
        if !s.allSatisfy(\.isNumber) { s = s.dropLast() }
        guard !s.isEmpty, s.count <= 6 else { return false }
        return s.allSatisfy(\.isNumber) || (s.count <= 4 && s.allSatisfy { "ivxlcdmIVXLCDM".contains($0) })
            || (s.count == 1 && s.allSatisfy(\.isLetter))
    }
}

extension String {
    func replacingLineBreaks() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
    func trimmingCharacters(in _: WhitespaceSet) -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
    enum WhitespaceSet { case whitespaces }
}

// MARK: - Inferred from the layout

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
        }
        return boxes.sorted { $0.y1 > $1.y1 }
    }

    /// Whether a small filled shape sits just left of `line`, on its height: a bullet drawn
    /// as a path.
    func hasGraphicBullet(_ line: LayoutLine, paths: [PathPaint]) -> Bool {
        let box = line.bounds
        let height = box.y1 - box.y0
        guard height > 0, height.isFinite else { return false }
        let maxSize = height * options.graphicBulletMaximumSize
        for p in paths where p.isFilled {
            let b = p.bounds
            let w = b.x1 - b.x0, h = b.y1 - b.y0
            guard w > 0.5, h > 0.5, w <= maxSize, h <= maxSize, w <= 2.5 * h, h <= 2.5 * w else { continue }
            let mid = (b.y0 + b.y1) / 2
            guard mid > box.y0, mid < box.y1, b.x1 <= box.x0 + 0.5, box.x0 - b.x1 <= height * options.graphicBulletMaximumGap else { continue }
            return true
        }
        return false
    }

    /// The blocks with headings that stand side by side with another block on one line
    /// demoted: a heading has its line to itself (words set apart on one line are the
    /// header cells of a table the layout did not see).
    func demoteSideBySideHeadings(_ t: PageText, _ list: [BlockInfo]) -> [BlockInfo] {
        var list = list
        let firstLines = list.map { t.layout.lines[Int($0.block.lines.lowerBound)].bounds }
        for i in list.indices where list[i].level != nil {
            let a = firstLines[i]
            let side = firstLines.indices.contains { j in
                guard j != i else { return false }
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
            p.isFilled && p.bounds.x1 - p.bounds.x0 < 40 && p.bounds.y1 - p.bounds.y0 < 40
        }
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
