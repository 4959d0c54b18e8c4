import Synchronization
import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFFonts

extension Diagnostic.Code {
    /// The page index is outside the document.
    package static let pageMissing = Diagnostic.Code("pageMissing")
}

/// What to interpret and the budgets that keep hostile pages bounded.
public struct ExtractionOptions: Sendable, Hashable {
    /// Also interpret annotation appearance streams (`/AP /N`); their glyphs get
    /// `GlyphFlags.annotation`. Hidden, NoView and Popup annotations are skipped.
    public var includeAnnotations = false
    /// With `includeAnnotations`: text fields, choice fields and FreeText annotations that
    /// have no appearance stream get one made from their value and /DA, as viewers show
    /// them (see `SynthesizedAppearance`).
    public var synthesizeAppearances = true
    /// The most operators executed per page, over the page and every form and annotation
    /// it paints, each form or appearance run counting ``formRunCost`` more. Past it
    /// interpretation stops with a `contentBudget` diagnostic; the text read before is kept.
    /// The document as a whole has its own budget, `Limits.maxOperatorsPerDocument`.
    public var maxOperators = 10_000_000
    /// What running a form XObject or an appearance stream costs against the operator
    /// budgets, on top of the operators it runs: the work of finding, decoding and parsing
    /// it. Counting it bounds a page whose forms draw each other many times over
    /// (`/X Do /X Do` nested 40 deep is 2^40 runs of two operators each).
    public var formRunCost = 100
    /// The most glyphs per page (same treatment).
    public var maxGlyphs = 2_000_000
    /// The most paths recorded per page (later ones are counted, not kept).
    public var maxPaths = 100_000
    /// The deepest nesting of form XObjects.
    public var maxFormDepth = 32
    /// The deepest `q` nesting (deeper `q`s are ignored, with their `Q`s unbalanced).
    public var maxGraphicsStateDepth = 256
    /// The most operands before one operator (older ones are dropped).
    public var maxOperands = 1024
    /// Diagnostics kept per kind; the rest are counted in one summary line.
    public var diagnosticsPerKind = 20

    public init() {}
}

/// Interprets pages into their `PageGlyphs`. Make one per document and reuse it: what is
/// the same for every page (the optional-content configuration) is read once.
package struct PageExtractor: Sendable {
    package let document: Document
    package let fonts: FontCache
    package var options: ExtractionOptions
    let optionalContent: OptionalContent
    /// The largest page so far, to reserve each new page's arrays at once.
    let sizes = PageSizeHints()

    package init(document: Document, fonts: FontCache, options: ExtractionOptions = ExtractionOptions()) {
        self.document = document
        self.fonts = fonts
        self.options = options
        self.optionalContent = OptionalContent(document: document)
    }

    /// The page's glyphs. Never throws: damaged content gives what could be read, with
    /// diagnostics.
    package func extract(pageIndex: Int) -> PageGlyphs {
        let pages = document.pages
        guard pageIndex >= 0, pageIndex < pages.count else {
            var empty = PageGlyphs(pageIndex: pageIndex, mediaBox: .letter, cropBox: .letter, rotation: 0)
            empty.diagnostics.append(.pageMissing, .error, "page \(pageIndex) is not in the document (\(pages.count) pages)")
            return empty
        }
        return extract(page: pages[pageIndex])
    }

    package func extract(page: PageInfo) -> PageGlyphs {
        let collector = GlyphCollector(pageIndex: page.index, mediaBox: page.mediaBox, cropBox: page.cropBox,
                                       rotation: page.rotation, maxPaths: options.maxPaths)
        let largest = sizes.current
        collector.state.page.reserve(largest)
        collector.state.duplicates.reserve(points: largest.glyphs)
        let interpreter = interpret(page: page, sink: collector)
        var result = collector.finish(diagnostics: interpreter.diagnostics.finished)
        result.userUnit = page.userUnit
        sizes.record(result)
        return result
    }

    /// Runs the page's content (and, with `options.includeAnnotations`, its annotations'
    /// appearances) into any sink. `prepare` is called with the interpreter before it runs
    /// (a sink that reads `operatorIndex` keeps it there). Returns the interpreter, whose
    /// diagnostics and counters say how it went.
    @discardableResult
    package func interpret<S: ContentSink>(page: PageInfo, sink: S,
                                          prepare: (ContentInterpreter<S>) -> Void = { _ in }) -> ContentInterpreter<S> {
        let interpreter = ContentInterpreter(store: document.store, fonts: fonts, options: options, sink: sink)
        interpreter.fallbackResources = inheritedResources(page)
        interpreter.optionalContent = optionalContent
        prepare(interpreter)
        let content = contentBytes(page, interpreter: interpreter)
        withExtendedLifetime(content.lease) { interpreter.run(content.bytes, resources: page.resources) }
        if options.includeAnnotations {
            runAnnotations(page, interpreter: interpreter)
        }
        return interpreter
    }

    /// The nearest ancestor's /Resources when the page has its own (they replace, not
    /// extend, the inherited ones; viewers still find names there).
    func inheritedResources(_ page: PageInfo) -> PDFDictionary? {
        guard page.dictionary["Resources"] != nil else { return nil }
        let store = document.store
        var node = store.dictionary(page.dictionary["Parent"])
        var depth = 0
        while let n = node, depth < 64 {
            if let r = store.dictionary(n["Resources"]) { return r }
            node = store.dictionary(n["Parent"])
            depth += 1
        }
        return nil
    }

    /// The page's /Contents: one stream, or an array of streams joined with a space; with
    /// the share of the document's decode budget the bytes hold.
    func contentBytes<S>(_ page: PageInfo, interpreter: ContentInterpreter<S>) -> (bytes: [UInt8], lease: DecodeLease?) {
        let store = document.store
        let contents = store.resolve(page.dictionary["Contents"])
        if let s = contents.stream {
            return interpreter.decoded(s)
        }
        guard let array = contents.array else { return ([], nil) }
        var out: [UInt8] = []
        // The joined bytes are drawn from the budget as they grow (each part's own share
        // goes back once it is copied).
        var allowance = DecodeAllowance(budget: store.decodeBudget)
        for (i, item) in array.prefix(10_000).enumerated() {
            guard let s = store.resolve(item).stream else { continue }
            let part = interpreter.decoded(s)
            let wanted = part.bytes.count + (i > 0 ? 1 : 0)
            let granted = allowance.take(upTo: wanted)
            if granted < wanted {
                out += part.bytes.prefix(max(0, granted - 1))
                interpreter.diagnostics.note(.decodeBudget, "page contents cut at \(out.count) bytes: the document's decode budget of \(store.decodeBudget.capacity) bytes is in use", severity: .error)
                break
            }
            if i > 0 { out.append(0x20) }
            out += part.bytes
            if out.count > store.limits.maxDecodedStreamBytes {
                interpreter.diagnostics.note(.contentBudget, "page contents larger than \(store.limits.maxDecodedStreamBytes) bytes; cut")
                break
            }
        }
        allowance.settle(keeping: out.count)
        let lease = allowance.held > 0 ? DecodeLease(budget: store.decodeBudget, count: allowance.held) : nil
        return (out, lease)
    }

    /// Each visible annotation's normal appearance, placed on its /Rect (ISO 32000-2 §12.5.5).
    func runAnnotations<S>(_ page: PageInfo, interpreter: ContentInterpreter<S>) {
        let store = document.store
        // The page's annotations are read once, for this page: not kept in the store's cache,
        // where a hyperlinked document's thousands of link annotations would pile up page
        // after page (their appearance streams, often shared, are cached as usual).
        guard let annotsObject = page.dictionary["Annots"], let annots = store.resolveOnce(annotsObject).array else { return }
        let acroForm = store.dictionary(document.catalog["AcroForm"])
        let saved = interpreter.extraFlags
        interpreter.extraFlags.insert(.annotation)
        defer { interpreter.extraFlags = saved }
        var reader: ObjectStore.EntryReader? = nil
        for annotObject in annots.prefix(store.limits.maxAnnotationsPerPage) {
            // An annotation with no appearance, and none to make, paints nothing: read from
            // its bytes, without parsing it (most of a hyperlinked document's annotations are
            // links, thousands of them).
            if let id = annotObject.reference,
               let (subtype, appearance) = store.scanWrittenDictionary(id, { AnnotationPeek.read(&$0, maxNesting: store.limits.maxNestingDepth) }),
               !appearance, !(options.synthesizeAppearances && SynthesizedAppearance.mayMake(subtype: subtype)) {
                interpreter.sink.beginAnnotation(objectID: id)
                interpreter.sink.endAnnotation()
                continue
            }
            // Its entries as written where possible: the few keys below are looked up in
            // them, and a hash table is built only for a form field or FreeText without an
            // appearance (a hyperlinked document has thousands of link annotations).
            let annot: DictionaryEntries
            switch store.resolveOnceForLookup(annotObject, reader: &reader) {
            case .dictionary(let d): annot = d
            case .other(let o):
                guard let d = o.dictionary else { continue }
                annot = DictionaryEntries(d)
            }
            interpreter.sink.beginAnnotation(objectID: annotObject.reference)
            defer { interpreter.sink.endAnnotation() }
            if store.name(annot["Subtype"]) == "Popup" { continue }
            let flags = store.integer(annot["F"]) ?? 0
            if flags & (1 << 1) != 0 || flags & (1 << 5) != 0 { continue }  // Hidden, NoView
            if !interpreter.optionalContent.isVisible(annot["OC"], store: store) { continue }
            guard let rect = interpreter.rectValue(annot["Rect"]) else { continue }
            guard let normal = store.dictionary(annot["AP"])?["N"],
                  store.resolve(normal).stream != nil || store.dictionary(normal) != nil else {
                // No appearance: a field value or FreeText is laid out as a viewer would.
                if options.synthesizeAppearances, SynthesizedAppearance.mayMake(subtype: store.name(annot["Subtype"])),
                   let synthetic = SynthesizedAppearance.make(annot.dictionary, rect: rect, store: store, acroForm: acroForm, fontCache: fonts) {
                    interpreter.gs = GraphicsState()
                    interpreter.gs.ctm = Matrix(a: 1, b: 0, c: 0, d: 1, e: rect.x0, f: rect.y0)
                    interpreter.run(synthetic.content, resources: synthetic.resources)
                }
                continue
            }
            var appearanceRef = normal
            if store.resolve(normal).stream == nil {
                // A dictionary of states: /AS picks one.
                guard let state = store.name(annot["AS"]), let states = store.dictionary(normal),
                      let chosen = states[state] else { continue }
                appearanceRef = chosen
            }
            guard let stream = store.resolve(appearanceRef).stream else { continue }
            let d = stream.dictionary
            let formMatrix = interpreter.matrixValue(d["Matrix"]) ?? .identity
            guard let bbox = interpreter.rectValue(d["BBox"]) else { continue }
            let box = formMatrix.bounds(of: bbox)
            // A maps the transformed box onto the annotation's rectangle.
            let sx = box.width > 0 ? rect.width / box.width : 1
            let sy = box.height > 0 ? rect.height / box.height : 1
            interpreter.gs = GraphicsState()
            let a = Matrix(a: sx, b: 0, c: 0, d: sy, e: rect.x0 - box.x0 * sx, f: rect.y0 - box.y0 * sy)
            interpreter.runForm(stream, id: appearanceRef.reference ?? stream.objectID,
                                callerResources: page.resources, matrix: a)
        }
    }
}

/// The glyphs of page `pageIndex` (0-based): see `PageExtractor`.
package func extractGlyphs(document: Document, pageIndex: Int, fonts: FontCache,
                          options: ExtractionOptions = ExtractionOptions()) -> PageGlyphs {
    PageExtractor(document: document, fonts: fonts, options: options).extract(pageIndex: pageIndex)
}

/// The sizes of the largest page a `PageExtractor` has read (glyphs, runs, scalars), each
/// capped: a new page reserves them before it starts, so that its arrays are allocated once
/// instead of growing by doubling and copying (about 4% of a long LibreOffice document's
/// instructions). Shared by the pages read in parallel, without a lock.
final class PageSizeHints: Sendable {
    static let cap = 1 << 16
    let glyphs = Atomic<Int>(0), runs = Atomic<Int>(0), scalars = Atomic<Int>(0)

    var current: (glyphs: Int, runs: Int, scalars: Int) {
        (glyphs.load(ordering: .relaxed), runs.load(ordering: .relaxed), scalars.load(ordering: .relaxed))
    }

    func record(_ page: PageGlyphs) {
        Self.raise(glyphs, to: page.glyphs.count)
        Self.raise(runs, to: page.runs.count)
        Self.raise(scalars, to: page.scalars.count)
    }

    static func raise(_ atomic: borrowing Atomic<Int>, to n: Int) {
        let capped = min(n, cap)
        var seen = atomic.load(ordering: .relaxed)
        while capped > seen {
            let (exchanged, original) = atomic.compareExchange(expected: seen, desired: capped, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }
}

extension PageGlyphs {
    /// Room for this many glyphs, runs and scalars.
    mutating func reserve(_ sizes: (glyphs: Int, runs: Int, scalars: Int)) {
        if sizes.glyphs > 0 { glyphs.reserveCapacity(sizes.glyphs) }
        if sizes.runs > 0 { runs.reserveCapacity(sizes.runs) }
        if sizes.scalars > 0 { scalars.reserveCapacity(sizes.scalars) }
    }
}

/// What a plainly written annotation says about painting it, read from its bytes: its
/// `/Subtype` and whether it has an `/AP`. Nil (the annotation is then read in full) when an
/// entry the painting decision reads refers to another object (`/Subtype`, `/F`, `/Rect` or
/// one of its numbers), when it has optional content (`/OC`), or for anything the object
/// parser would read otherwise (an escaped name, a value not closed, nesting too deep).
enum AnnotationPeek {
    static func read(_ s: inout RawScanner, maxNesting: Int) -> (subtype: Name?, appearance: Bool)? {
        var subtype: Name? = nil, appearance = false
        while true {
            let key = s.next()
            if case .dictClose = key { return (subtype, appearance) }
            guard case .name(let ks, let ke, false) = key else { return nil }
            let value = s.next()
            if case .null = value { continue }  // as if absent
            if s.bytes(ks, ke, equal: "Subtype") {
                switch value {
                case .name(let a, let b, false): subtype = s.name(a, b)
                case .name, .reference: return nil
                default: subtype = nil  // not a name: no subtype
                }
                guard s.skipValue(value, depth: 1, maxDepth: maxNesting) else { return nil }
            } else if s.bytes(ks, ke, equal: "OC") {
                return nil
            } else if s.bytes(ks, ke, equal: "Rect") {
                if case .arrayOpen = value {
                    while true {
                        let t = s.next()
                        if case .arrayClose = t { break }
                        switch t {
                        case .integer, .real: continue
                        default: return nil
                        }
                    }
                } else if case .reference = value {
                    return nil
                } else {
                    guard s.skipValue(value, depth: 1, maxDepth: maxNesting) else { return nil }
                }
            } else {
                if s.bytes(ks, ke, equal: "AP") { appearance = true }
                if s.bytes(ks, ke, equal: "F"), case .reference = value { return nil }
                guard s.skipValue(value, depth: 1, maxDepth: maxNesting) else { return nil }
            }
        }
    }
}
