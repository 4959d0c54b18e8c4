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
    /// Figures inferred on one page at most.
    package var maximumFiguresPerPage = 200
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

final class TagWalker {
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
