import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts
import PDFGlyphs
import PDFContent

/// What the content-stream rules need from every page, gathered in one pass of the
/// interpreter per page: painted items outside tagged content and artifacts, marked-content
/// nesting errors, languages of text and of `/Span` replacement texts, `/Lang` values, and
/// per-font facts about the glyphs shown. Counts are exact; examples are capped.
struct AuditContentScan {
    /// A failing object and where it is.
    struct Example {
        var location: AuditLocation
        var evidence: [Finding.Evidence]
    }

    /// Per rule id: how many items were checked, and the failing ones (capped).
    var checked: [String: Int] = [:]
    var failures: [String: [Example]] = [:]
    var failureCounts: [String: Int] = [:]
    /// Examples kept per rule.
    static let maxExamples = 50

    mutating func check(_ id: String) { checked[id, default: 0] += 1 }
    mutating func fail(_ id: String, _ example: @autoclosure () -> Example) {
        failureCounts[id, default: 0] += 1
        if failures[id, default: []].count < Self.maxExamples { failures[id, default: []].append(example()) }
    }

    /// Replays the scan's results into the audit context for `ids`, with `message` per rule.
    func report(_ ids: [String], into ctx: AuditContext, message: (String, Example) -> String) {
        for id in ids {
            let failed = failureCounts[id, default: 0]
            let total = checked[id, default: 0]
            if total > failed { ctx.checked(id, count: total - failed) }
            let examples = failures[id, default: []]
            for e in examples { ctx.fail(id, message(id, e), at: e.location, evidence: e.evidence) }
            // Failures beyond the kept examples still count.
            if failed > examples.count { ctx.countFailures(id, failed - examples.count) }
        }
    }

    static func run(_ ctx: AuditContext) -> AuditContentScan {
        ctx.memoized("contentScan") { AuditContentScan(ctx) }
    }

    private init(_ ctx: AuditContext) {
        let document = ctx.document
        let tree = ctx.tree
        // Marked content the structure tree claims, and the element owning each.
        var owner: [MCKey: Int] = [:]
        for (i, e) in tree.elements.enumerated() {
            for k in e.kids {
                if case .markedContent(let page, let mcid, let stream) = k {
                    if let stream { owner[MCKey(page: nil, stream: stream, mcid: mcid)] = i }
                    if let page { owner[MCKey(page: page, stream: nil, mcid: mcid)] = i }
                }
            }
        }
        let catalogLang = document.store.resolve(document.catalog["Lang"]).text
        var options = ExtractionOptions()
        options.includeAnnotations = false
        let extractor = PageExtractor(document: document, fonts: ctx.fonts, options: options)
        var fonts: [Int: FontFacts] = [:]
        var forms: [ObjectID: FormUse] = [:]
        for page in document.pages {
            let sink = ScanSink(pageIndex: page.index, tree: tree, owner: owner, catalogLang: catalogLang,
                                store: document.store)
            sink.checkPrivateUse = ctx.profile.isUA2Family
            extractor.interpret(page: page, sink: sink) { interpreter in
                sink.operatorIndex = { [weak interpreter] in interpreter?.operatorIndex ?? -1 }
            }
            sink.flushShow()
            for (id, n) in sink.scan.checked { checked[id, default: 0] += n }
            for (id, n) in sink.scan.failureCounts { failureCounts[id, default: 0] += n }
            for (id, list) in sink.scan.failures {
                let room = Self.maxExamples - failures[id, default: []].count
                if room > 0 { failures[id, default: []].append(contentsOf: list.prefix(room)) }
            }
            for (key, f) in sink.fonts {
                if var existing = fonts[key] { existing.merge(f); fonts[key] = existing } else { fonts[key] = f }
            }
            for (id, use) in sink.usedForms {
                if var existing = forms[id] {
                    existing.paints += use.paints
                    existing.hasMCID = existing.hasMCID || use.hasMCID
                    forms[id] = existing
                } else {
                    forms[id] = use
                }
            }
        }
        self.fonts = fonts
        self.forms = forms
    }

    /// Per font (by object number, or a negative serial for direct dictionaries).
    var fonts: [Int: FontFacts] = [:]
    /// Per form XObject painted from page content: how often, and whether it holds MCIDs.
    var forms: [ObjectID: FormUse] = [:]
}

/// How a form XObject is used by the page content.
struct FormUse {
    /// Times it is painted (each `Do`, counting those inside other forms).
    var paints: Int
    /// Whether its own content has marked content with an MCID.
    var hasMCID: Bool
    var firstPage: Int
}

struct MCKey: Hashable {
    var page: Int?
    var stream: ObjectID?
    var mcid: Int
}

/// What the glyphs shown with one font say about it.
struct FontFacts {
    var summary: FontSummary
    var objectNumber: Int?
    /// The loaded font (its program, CIDs).
    var font: Font
    /// Composite fonts: the CIDs shown that select a glyph other than 0, at most
    /// ``maxTrackedCIDs`` of them.
    var usedCIDs: Set<UInt32> = []
    static let maxTrackedCIDs = 65_536
    /// Glyphs whose width in the font dictionary was compared with the program's
    /// (7.21.5-1), and those that differ by more than ``widthTolerance``.
    var widthsCompared = 0
    var widthMismatches = 0
    var firstWidthMismatch: (code: UInt32, page: Int, bbox: Rect, dictionary: Double, program: Double)?
    /// The largest difference, in 1/1000 em, between a glyph's width in the font dictionary
    /// and in the program that still counts as consistent.
    static let widthTolerance = 1.0
    /// Glyphs painted in a visible rendering mode (not 3).
    var renderedGlyphs = 0
    var unmapped = 0
    var firstUnmapped: (code: UInt32, page: Int, bbox: Rect)?
    /// Codes whose /ToUnicode answer holds U+0000, U+FEFF or U+FFFE.
    var badToUnicode = 0
    var firstBadToUnicode: (code: UInt32, page: Int, bbox: Rect)?
    var notdef = 0
    var firstNotdef: (code: UInt32, page: Int, bbox: Rect)?
    /// Visible glyphs whose code selects a glyph the embedded program does not have (7.21.4.1-2).
    var missingGlyphs = 0
    var firstMissingGlyph: (code: UInt32, page: Int, bbox: Rect)?
    var shown = 0
    var firstPage: Int
    var firstBox: Rect

    mutating func merge(_ o: FontFacts) {
        renderedGlyphs += o.renderedGlyphs; unmapped += o.unmapped; notdef += o.notdef; shown += o.shown
        if firstUnmapped == nil { firstUnmapped = o.firstUnmapped }
        badToUnicode += o.badToUnicode
        if firstBadToUnicode == nil { firstBadToUnicode = o.firstBadToUnicode }
        if firstNotdef == nil { firstNotdef = o.firstNotdef }
        missingGlyphs += o.missingGlyphs
        if firstMissingGlyph == nil { firstMissingGlyph = o.firstMissingGlyph }
        for c in o.usedCIDs where usedCIDs.count < Self.maxTrackedCIDs { usedCIDs.insert(c) }
        widthsCompared += o.widthsCompared; widthMismatches += o.widthMismatches
        if firstWidthMismatch == nil { firstWidthMismatch = o.firstWidthMismatch }
    }
}

/// The language-tag syntax veraPDF checks (lighter than BCP 47): a primary subtag of 1–8
/// ASCII letters, then subtags of 1–8 ASCII letters or digits, separated by `-`.
func isValidLanguageTag(_ s: String) -> Bool {
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (1...8).contains(first.count),
          first.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic) }) else { return false }
    for p in parts.dropFirst() {
        guard (1...8).contains(p.count),
              p.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else { return false }
    }
    return true
}

private final class ScanSink: ContentSink {
    /// One open marked-content sequence, with what is in scope there (so that each
    /// question is answered from the innermost entry, not by walking a stack a file can
    /// nest a hundred thousand deep).
    struct Span {
        var tag: String
        /// The innermost MCID in scope (this sequence's or an enclosing one's).
        var mcid: Int?
        /// Inside an artifact (this sequence or an enclosing one).
        var isArtifact: Bool
        /// The innermost marked-content Lang in scope.
        var lang: String?
        /// An /ActualText or /Alt on this sequence or an enclosing one.
        var replaced = false
    }

    /// 8.4.3-1 (PDF/UA-2): look for real text mapping to private-use characters.
    var checkPrivateUse = false
    private var scalars: [Unicode.Scalar] = []
    /// Per structure element: whether it or an ancestor has /ActualText or /Alt.
    private var elementReplaced: [Int: Bool] = [:]

    let pageIndex: Int
    let tree: StructureTree
    let owner: [MCKey: Int]
    let catalogLang: String?
    let store: ObjectStore
    var scan = AuditContentScan.__scratch()
    var fonts: [Int: FontFacts] = [:]
    /// Per font key: the codes the dictionary gives a width for (simple fonts: the /Widths
    /// range; nil: every code, as for composite fonts; empty: none).
    var widthRanges: [Int: Range<UInt32>?] = [:]
    var usedForms: [ObjectID: FormUse] = [:]
    var stack: [Span] = []
    var forms: [ObjectID?] = []
    var operatorIndex: () -> Int = { -1 }
    private var currentShow = -1
    private var showBox: Rect?
    private var showState: (tagged: Bool, artifact: Bool, mcid: Int?, lang: String?)?
    private var directFontSerial = 0

    init(pageIndex: Int, tree: StructureTree, owner: [MCKey: Int], catalogLang: String?, store: ObjectStore) {
        self.pageIndex = pageIndex; self.tree = tree; self.owner = owner; self.catalogLang = catalogLang
        self.store = store
    }

    var inArtifact: Bool { stack.last?.isArtifact ?? false }
    var innermostMCID: Int? { stack.last?.mcid }
    var stream: ObjectID? { forms.last ?? nil }

    /// The structure element owning the innermost MCID, when the tree claims it.
    func owningElement() -> Int? {
        guard let mcid = innermostMCID else { return nil }
        if let s = stream, let e = owner[MCKey(page: nil, stream: s, mcid: mcid)] { return e }
        return owner[MCKey(page: pageIndex, stream: nil, mcid: mcid)]
    }

    /// Marked-content Lang, else the owning element's (or an ancestor's), else the catalog's.
    func effectiveLanguage() -> String? {
        if let l = stack.last?.lang { return l }
        if let e = owningElement(), let l = tree.language(of: e) { return l }
        return catalogLang
    }

    func location(bbox: Rect?) -> AuditLocation {
        AuditLocation(pageIndex: pageIndex, mcid: innermostMCID, contentStream: stream,
                      operatorIndex: operatorIndex() >= 0 ? operatorIndex() : nil, bbox: bbox)
    }

    /// One painted item: tagged (inside claimed MCID content) or an artifact, else 7.1-3.
    func painted(kind: String, bbox: Rect?) {
        scan.check("7.1-3")
        if inArtifact { return }
        if innermostMCID != nil, owningElement() != nil { return }
        let why = innermostMCID == nil ? "not in marked content with an MCID" : "its MCID \(innermostMCID!) is not in the structure tree"
        scan.fail("7.1-3", .init(location: location(bbox: bbox), evidence: [.init("item", kind), .init("reason", why)]))
    }

    func beginMarkedContent(tag: Name, properties: PDFDictionary?) {
        flushShow()
        let mcid = properties?["MCID"]?.integer
        let isArtifact = tag == "Artifact"
        let lang = properties?["Lang"]?.text
        if isArtifact {
            scan.check("7.1-1")
            if innermostMCID != nil && !inArtifact {
                scan.fail("7.1-1", .init(location: location(bbox: nil), evidence: [.init("enclosingMCID", String(innermostMCID!))]))
            }
        }
        if mcid != nil {
            if let form = stream { usedForms[form]?.hasMCID = true }
            scan.check("7.1-2")
            if inArtifact {
                scan.fail("7.1-2", .init(location: location(bbox: nil), evidence: [.init("MCID", String(mcid!))]))
            }
        }
        if let raw = properties?["Lang"] {
            scan.check("7.2-29")
            let value = raw.text ?? ""
            if !isValidLanguageTag(value) {
                scan.fail("7.2-29", .init(location: location(bbox: nil), evidence: [.init("Lang", value), .init("where", "marked content /\(tag.string)")]))
            }
        }
        let replaced = properties.map { $0["ActualText"] != nil || $0["Alt"] != nil } ?? false
        stack.append(Span(tag: tag.string, mcid: mcid ?? innermostMCID, isArtifact: isArtifact || inArtifact,
                          lang: lang ?? stack.last?.lang, replaced: replaced || (stack.last?.replaced ?? false)))
        if tag == "Span", let p = properties {
            for (key, rule) in [("ActualText", "7.2-30"), ("Alt", "7.2-31"), ("E", "7.2-32")] where p[Name(key)] != nil {
                scan.check(rule)
                if effectiveLanguage() == nil {
                    scan.fail(rule, .init(location: location(bbox: nil), evidence: [.init(key, p[Name(key)]?.text ?? "")]))
                }
            }
        }
    }

    func endMarkedContent() { flushShow(); _ = stack.popLast() }

    func beginForm(objectID: ObjectID?) {
        flushShow()
        forms.append(objectID)
        if let id = objectID {
            usedForms[id, default: FormUse(paints: 0, hasMCID: false, firstPage: pageIndex)].paints += 1
        }
    }
    func endForm() { flushShow(); _ = forms.popLast() }

    func flushShow() {
        guard currentShow >= 0, let box = showBox else { return }
        painted(kind: "text", bbox: box)
        currentShow = -1
        showBox = nil
    }

    func showGlyph(_ e: GlyphEvent) {
        if e.showSerial != currentShow {
            flushShow()
            currentShow = e.showSerial
            // Language of the text item (7.2-34), once per text-showing operator.
            scan.check("7.2-34")
            if effectiveLanguage() == nil {
                scan.fail("7.2-34", .init(location: location(bbox: e.quad.bounds), evidence: []))
            }
        }
        let b = e.quad.bounds
        showBox = showBox.map { $0.union(b) } ?? b
        if checkPrivateUse, !inArtifact { checkPrivateUseGlyph(e, b) }
        // Fonts.
        let font = e.font
        let key: Int
        if let n = font.summary.objectNumber { key = n } else { directFontSerial -= 1; key = directFontSerial }
        var facts = fonts[key] ?? FontFacts(summary: font.summary, objectNumber: font.summary.objectNumber,
                                            font: font, firstPage: pageIndex, firstBox: b)
        facts.shown += 1
        let invisible = e.renderingMode == .invisible
        if !invisible { facts.renderedGlyphs += 1 }
        if font.summary.kind != .type3 {
            switch e.glyph.source {
            case .toUnicode, .encoding, .glyphName, .actualText, .ocr: break
            case .fontProgram, .guessed, .none:
                facts.unmapped += 1
                if facts.firstUnmapped == nil { facts.firstUnmapped = (e.code, pageIndex, b) }
            }
            if let map = font.toUnicodeMap, let u = map.unicode(for: e.code, length: e.byteCount),
               u.contains(where: { $0.value == 0 || $0.value == 0xFEFF || $0.value == 0xFFFE }) {
                facts.badToUnicode += 1
                if facts.firstBadToUnicode == nil { facts.firstBadToUnicode = (e.code, pageIndex, b) }
            }
            if !invisible, font.program != nil, e.glyph.glyphID == 0 {
                facts.notdef += 1
                if facts.firstNotdef == nil { facts.firstNotdef = (e.code, pageIndex, b) }
            }
            if !invisible, let program = font.program, isMissing(e, font, program) {
                facts.missingGlyphs += 1
                if facts.firstMissingGlyph == nil { facts.firstMissingGlyph = (e.code, pageIndex, b) }
            }
            if !font.isSimple, e.glyph.glyphID != 0, facts.usedCIDs.count < FontFacts.maxTrackedCIDs,
               let cid = font.cid(e.code, byteCount: e.byteCount) {
                facts.usedCIDs.insert(cid)
            }
            if !invisible, let program = font.program, e.glyph.glyphID != 0, dictionaryGivesWidth(key, font, e.code),
               let programWidth = program.advanceWidth(e.glyph.glyphID) {
                facts.widthsCompared += 1
                if abs(programWidth - e.glyph.width) > FontFacts.widthTolerance {
                    facts.widthMismatches += 1
                    if facts.firstWidthMismatch == nil {
                        facts.firstWidthMismatch = (e.code, pageIndex, b, e.glyph.width, programWidth)
                    }
                }
            }
        }
        fonts[key] = facts
    }

    /// 8.4.3-1: a glyph of real content whose text is private-use needs /ActualText or /Alt
    /// in scope (marked content, the owning element or an ancestor).
    func checkPrivateUseGlyph(_ e: GlyphEvent, _ box: Rect) {
        scalars.removeAll(keepingCapacity: true)
        e.appendUnicode(to: &scalars)
        guard scalars.contains(where: { (0xE000...0xF8FF).contains($0.value) || $0.value >= 0xF0000 }) else {
            if e.showSerial != lastPrivateUseCheck { lastPrivateUseCheck = e.showSerial; scan.check("8.4.3-1") }
            return
        }
        scan.check("8.4.3-1")
        if stack.last?.replaced == true { return }
        if let element = owningElement(), replacedElement(element) { return }
        scan.fail("8.4.3-1", .init(location: location(bbox: box),
                                   evidence: [.init("text", scalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " "))]))
    }
    private var lastPrivateUseCheck = -1

    func replacedElement(_ i: Int) -> Bool {
        if let known = elementReplaced[i] { return known }
        var k: Int? = i
        var steps = 0
        var found = false
        while let j = k, steps <= tree.elements.count {
            if tree.elements[j].actualText != nil || tree.elements[j].alt != nil { found = true; break }
            k = tree.elements[j].parent
            steps += 1
        }
        elementReplaced[i] = found
        return found
    }

    /// Whether the code selects a glyph the program lacks: a simple font's encoding names a
    /// glyph (or a TrueType cmap lookup is needed) and none is found; a composite font's CID
    /// (other than 0) reaches no glyph of the program. A code the encoding leaves unnamed
    /// paints .notdef, which is 7.21.8-1's business.
    func isMissing(_ e: GlyphEvent, _ font: Font, _ program: FontProgram) -> Bool {
        let gid = e.glyph.glyphID
        if font.isSimple {
            guard gid == PositionedGlyph.unknownGlyphID else { return false }
            if font.summary.kind == .trueType { return true }
            guard program.hasGlyphNames, let name = font.encodingName(e.code) else { return false }
            return name != ".notdef"
        }
        guard let cid = font.cid(e.code, byteCount: e.byteCount), cid != 0 else { return false }
        return gid == PositionedGlyph.unknownGlyphID || Int(gid) >= program.numberOfGlyphs
    }

    /// Whether the font dictionary itself gives the width of `code`: composite fonts always
    /// (/W, else /DW), simple fonts inside their /Widths range.
    func dictionaryGivesWidth(_ key: Int, _ font: Font, _ code: UInt32) -> Bool {
        if !font.isSimple { return true }
        if widthRanges[key] == nil {
            var range: Range<UInt32>? = 0..<0
            if let n = font.summary.objectNumber, let d = store.dictionary(store.object(ObjectID(n))),
               let first = store.integer(d["FirstChar"]), first >= 0, first < 256,
               let widths = store.array(d["Widths"]) {
                range = UInt32(first)..<UInt32(first + widths.count)
            }
            widthRanges[key] = .some(range)
        }
        guard let range = widthRanges[key] ?? nil else { return true }
        return range.contains(code)
    }

    func paintPath(_ path: PathEvent) { flushShow(); painted(kind: path.isFilled ? "path fill" : "path stroke", bbox: path.bounds) }
    func paintImage(_ image: ImageEvent) { flushShow(); painted(kind: image.isInline ? "inline image" : "image", bbox: image.quad.bounds) }
    func paintShading(_ shading: ShadingEvent) { flushShow(); painted(kind: "shading", bbox: shading.bounds) }
}

extension AuditContentScan {
    /// An empty scan for a sink to fill.
    static func __scratch() -> AuditContentScan { AuditContentScan(empty: ()) }
    private init(empty: Void) {}
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ o: Rect) -> Rect {
        Rect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
}
