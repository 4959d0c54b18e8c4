import PDFCore
import PDFFile
import PDFText

/// Which layout characters of one page each marked-content id (MCID) of the page's content
/// stream owns, and which characters are artifacts.
///
/// A character belongs to the MCID of the innermost marked-content sequence around its
/// glyph that has one (`/P <</MCID 3>> BDC … /Span <</Lang (de)>> BDC … EMC … EMC`: the
/// span's glyphs belong to MCID 3). Characters the layout made up (inferred spaces, line
/// breaks) belong to nobody; the letters of an expanded ligature belong to its glyph's MCID.
///
/// Marked content inside form XObjects (`/Stm` references) is not told apart from the
/// page's own: the glyph arena does not record which stream painted a glyph, so a form's
/// MCID counts as the page MCID with the same number.
package struct PageContentMap: Sendable {
    /// The page's glyphs and layout.
    package let text: PageText
    package var pageIndex: Int { text.layout.pageIndex }
    /// For each layout character: the MCID that owns it, or -1.
    package let owner: [Int32]
    /// For each layout character: its glyph is inside `/Artifact` marked content.
    package let isArtifact: [Bool]
    /// Layout character indices per MCID, ascending (layout order).
    package let charactersByMCID: [Int: [Int32]]
    /// For each layout character: the marked-content span its glyph is painted in, or -1.
    package let span: [Int32]

    package init(_ text: PageText) {
        self.text = text
        let glyphs = text.glyphs
        let spans = glyphs.markedContent
        // The MCID of each span: its own, or the nearest enclosing span's.
        var mcidOfSpan = [Int32](repeating: -1, count: spans.count)
        for i in spans.indices {
            if let m = spans[i].mcid { mcidOfSpan[i] = Int32(clamping: m); continue }
            let p = Int(spans[i].parent)
            // Parents come before their children in the arena.
            if p >= 0, p < i { mcidOfSpan[i] = mcidOfSpan[p] }
        }
        let chars = text.layout.characters
        var owner = [Int32](repeating: -1, count: chars.count)
        var artifact = [Bool](repeating: false, count: chars.count)
        var spanOf = [Int32](repeating: -1, count: chars.count)
        var byMCID: [Int: [Int32]] = [:]
        for (i, c) in chars.enumerated() where c.glyph >= 0 && Int(c.glyph) < glyphs.glyphs.count {
            let g = glyphs.glyphs[Int(c.glyph)]
            if g.flags.contains(.artifact) { artifact[i] = true; continue }
            let run = Int(g.run)
            guard run >= 0, run < glyphs.runs.count else { continue }
            let s = Int(glyphs.runs[run].markedContent)
            guard s >= 0, s < spans.count else { continue }
            spanOf[i] = Int32(s)
            let m = mcidOfSpan[s]
            guard m >= 0 else { continue }
            owner[i] = m
            byMCID[Int(m), default: []].append(Int32(i))
        }
        self.owner = owner
        self.isArtifact = artifact
        self.charactersByMCID = byMCID
        self.span = spanOf
    }

    /// The language the marked content around character `i` gives (its span's `/Lang`, or
    /// an enclosing span's), or nil.
    package func spanLanguage(ofCharacter i: Int) -> String? {
        var s = Int(span[i]), steps = 0
        let spans = text.glyphs.markedContent
        while s >= 0, s < spans.count, steps < TaggedText.maxSpanNesting {
            if let l = spans[s].lang, !l.isEmpty { return l }
            s = Int(spans[s].parent)
            steps += 1
        }
        return nil
    }

    /// The `/E` expansion of the span character `i` is painted in (its own span only).
    package func spanExpansion(ofCharacter i: Int) -> (span: Int, expansion: String)? {
        let s = Int(span[i])
        guard s >= 0, s < text.glyphs.markedContent.count, let e = text.glyphs.markedContent[s].expansion else { return nil }
        return (s, e)
    }

    /// The text of a set of layout characters (ascending indices): the characters, with
    /// what separates two of them that are not neighbours taken from the layout between
    /// them (see ``separator(after:before:)``).
    package func text(of characters: [Int32]) -> String {
        var s = String.UnicodeScalarView()
        var last: Int32? = nil
        let chars = text.layout.characters
        for i in characters {
            if let l = last, i != l + 1 { s.append(contentsOf: separator(after: l, before: i).unicodeScalars) }
            s.append(chars[Int(i)].scalar)
            last = i
        }
        return String(s)
    }

    /// What goes between layout character `a` and a later character `b` when the
    /// characters between them are not part of the text being built: a line break when
    /// the layout breaks a line between them, a space when it puts white space there (or
    /// when `b` comes before `a`), else nothing (one word painted in two pieces).
    package func separator(after a: Int32, before b: Int32) -> String {
        guard b > a else { return " " }
        let chars = text.layout.characters
        var space = false
        var i = Int(a) + 1
        while i < Int(b) {
            let scalar = chars[i].scalar
            if scalar == "\n" { return "\n" }
            if scalar == " " || scalar == "\t" || scalar.properties.isWhitespace { space = true }
            i += 1
        }
        return space ? " " : ""
    }

    /// The union of the glyph boxes of some layout characters, page space; nil when none
    /// has a glyph.
    package func bounds(of characters: [Int32]) -> Rect? {
        var r: Rect? = nil
        let glyphs = text.glyphs.glyphs
        for i in characters {
            let g = Int(text.layout.characters[Int(i)].glyph)
            guard g >= 0, g < glyphs.count else { continue }
            let b = glyphs[g].quad.bounds
            r = r.map { Rect(x0: min($0.x0, b.x0), y0: min($0.y0, b.y0), x1: max($0.x1, b.x1), y1: max($0.y1, b.y1)) } ?? b
        }
        return r
    }
}

/// What a structure element owns on one page.
package struct ElementContent: Sendable, Hashable {
    /// Index into ``StructureTree/elements``.
    package var element: Int
    package var pageIndex: Int
    /// The element's text on the page: its characters in layout order, with the layout's
    /// spaces and line breaks between them; a `/ActualText` of the element or of an
    /// element inside it replaces that element's characters.
    package var text: String
    /// Layout characters owned (ascending), without those replaced by ActualText.
    package var characters: [Int32]
    /// Glyph indices (into `PageGlyphs.glyphs`) of the characters, ascending, no repeats.
    package var glyphs: [Int32]
    /// The union of the glyphs' boxes, page space.
    package var bounds: Rect?
    /// The element's `/Alt`, kept as metadata (the text is the visible text).
    package var alt: String?
}

/// A tagged document's structure tree linked to the text: which pages each element has
/// content on, and each element's text and glyphs per page.
package struct TaggedText: Sendable {
    /// How many marked-content spans are followed outwards at most when looking for an
    /// enclosing span's `/Lang`.
    package static let maxSpanNesting = 64
    /// How deep below an element its subtree is followed at most (the tree itself is
    /// already bounded by the store's recursion limit).
    package static let maxDepth = 512

    package let tree: StructureTree
    /// For each element, the pages its content (marked content, object references) is on,
    /// ascending. An element with no content of its own anywhere gets its `/Pg`, else the
    /// page of the content before it in tree order (else page 0), so it still has a place.
    package let pages: [[Int]]
    /// The pages the tree names any marked content on, ascending.
    package let pagesWithContent: [Int]

    package init(document: Document, tree: StructureTree? = nil) {
        self.init(tree: tree ?? StructureTree(document: document))
    }

    package init(tree: StructureTree) {
        self.tree = tree
        let elements = tree.elements
        var own = [Set<Int>](repeating: [], count: elements.count)
        var contentPages = Set<Int>()
        for (i, e) in elements.enumerated() {
            for kid in e.kids {
                switch kid {
                case .markedContent(let p?, _, _): own[i].insert(p); contentPages.insert(p)
                case .object(let p?, _): own[i].insert(p)
                default: break
                }
            }
        }
        // Elements without content of their own below them get their /Pg, else the page of
        // the content before them in tree order (elements are stored in tree order).
        var hasContent = [Bool](repeating: false, count: elements.count)
        for i in elements.indices.reversed() where !own[i].isEmpty || hasContent[i] {
            hasContent[i] = true
            if let p = elements[i].parent, p >= 0, p < i { hasContent[p] = true }
        }
        var last = 0
        for i in elements.indices {
            if let p = elements[i].kids.reversed().lazy.compactMap({ kid -> Int? in
                switch kid {
                case .markedContent(let p?, _, _), .object(let p?, _): return p
                default: return nil
                }
            }).first {
                last = p
            } else if !hasContent[i] {
                own[i] = [elements[i].pageIndex ?? last]
            }
        }
        // Parents before children: add children to parents from the end.
        for i in elements.indices.reversed() {
            if let p = elements[i].parent, p >= 0, p < i { own[p].formUnion(own[i]) }
        }
        pages = own.map { $0.sorted() }
        pagesWithContent = contentPages.sorted()
    }

    /// Elements on page `pageIndex`, in tree order.
    package func isOnPage(_ element: Int, _ pageIndex: Int) -> Bool {
        pages[element].contains(pageIndex)
    }

    /// What element `index` owns on a page: with `descendants`, its whole subtree, else only
    /// the marked content it names directly. Artifact elements inside are left out.
    package func content(of index: Int, on page: PageContentMap, descendants: Bool = true) -> ElementContent {
        // Pieces of text in layout order: runs of owned characters, and ActualText
        // replacements standing where the characters they replace start.
        struct Piece { var first: Int32; var last: Int32; var replacement: String? }
        var characters: [Int32] = []
        var pieces: [Piece] = []
        let pageIndex = page.pageIndex
        func own(_ i: Int, depth: Int, into out: inout [Int32]) {
            guard depth <= TaggedText.maxDepth else { return }
            for kid in tree.elements[i].kids {
                switch kid {
                case .markedContent(pageIndex, let mcid, _): out += page.charactersByMCID[mcid] ?? []
                case .element(let k) where tree.elements[k].standardType != "Artifact": own(k, depth: depth + 1, into: &out)
                default: break
                }
            }
        }
        func collect(_ i: Int, depth: Int) {
            guard depth <= TaggedText.maxDepth else { return }
            let e = tree.elements[i]
            if let actual = e.actualText, i != index {
                var replaced: [Int32] = []
                own(i, depth: 0, into: &replaced)
                if let f = replaced.min(), let l = replaced.max() { pieces.append(Piece(first: f, last: l, replacement: actual)) }
                return
            }
            for kid in e.kids {
                switch kid {
                case .markedContent(pageIndex, let mcid, _):
                    characters += page.charactersByMCID[mcid] ?? []
                case .element(let k) where descendants && tree.elements[k].standardType != "Artifact":
                    collect(k, depth: depth + 1)
                default: break
                }
            }
        }
        let element = tree.elements[index]
        var text: String
        if let actual = element.actualText {
            own(index, depth: 0, into: &characters)
            characters = Array(Set(characters)).sorted()
            text = actual
        } else {
            collect(index, depth: 0)
            characters = Array(Set(characters)).sorted()
            for c in characters { pieces.append(Piece(first: c, last: c, replacement: nil)) }
            pieces.sort { $0.first < $1.first }
            var s = String.UnicodeScalarView()
            var last: Int32? = nil
            let chars = page.text.layout.characters
            for p in pieces {
                if let l = last, p.first != l + 1 { s.append(contentsOf: page.separator(after: l, before: p.first).unicodeScalars) }
                if let r = p.replacement { s.append(contentsOf: r.unicodeScalars) } else { s.append(chars[Int(p.first)].scalar) }
                last = max(last ?? p.last, p.last)
            }
            text = String(s)
        }
        let chars = page.text.layout.characters
        let glyphs = Array(Set(characters.compactMap { chars[Int($0)].glyph >= 0 ? chars[Int($0)].glyph : nil })).sorted()
        return ElementContent(element: index, pageIndex: pageIndex, text: text, characters: characters,
                              glyphs: glyphs, bounds: page.bounds(of: characters), alt: element.alt)
    }

    /// MCIDs of a page the tree names anywhere (through an element that is not an artifact).
    package func referencedMCIDs(onPage pageIndex: Int) -> Set<Int> {
        var out = Set<Int>()
        for e in tree.elements where e.standardType != "Artifact" {
            for kid in e.kids {
                if case .markedContent(let p, let mcid, _) = kid, p == pageIndex { out.insert(mcid) }
            }
        }
        return out
    }
}
