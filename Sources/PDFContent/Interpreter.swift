import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFFonts

extension Diagnostic.Code {
    /// A resource named by an operator is missing (font, XObject, ExtGState, properties).
    package static let resourceMissing = Diagnostic.Code("resourceMissing")
    /// A form XObject that draws itself (directly or through others), or nesting too deep.
    package static let formRecursion = Diagnostic.Code("formRecursion")
    /// Unbalanced `q`/`Q` or `BMC`/`EMC`, or `q` nesting past the limit.
    package static let contentUnbalanced = Diagnostic.Code("contentUnbalanced")
    /// Text shown with no font set (`Tf` missing): a fallback font was used.
    package static let fontNotSet = Diagnostic.Code("fontNotSet")
}

/// Graphics state (ISO 32000-2 §8.4) reduced to what text extraction needs.
struct GraphicsState {
    var ctm: Matrix = .identity
    var clip: ClipBox = .unbounded
    var fillSpace: ColorSpace = .gray
    var strokeSpace: ColorSpace = .gray
    var fillColor: RGBA = .black
    var strokeColor: RGBA = .black
    var fillAlpha: Float = 1
    var strokeAlpha: Float = 1
    var lineWidth: Double = 1
    // Text state (§9.3).
    var font: Font?
    var fontSize: Double = 0
    var charSpacing: Double = 0
    var wordSpacing: Double = 0
    var horizontalScaling: Double = 1
    var leading: Double = 0
    var renderingMode: TextRenderingMode = .fill
    var rise: Double = 0
}

/// The clipping region as a bounding box in page space, or as the union of a few boxes
/// when the clip path has several subpaths (two columns, table cells): the region lies
/// within the union of its subpaths' bounding boxes, so text between them is clipped.
enum ClipBox: Sendable, Hashable {
    case unbounded
    case box(Rect)
    /// Two or more boxes, at most `maxBoxes`.
    case boxes([Rect])
    case empty

    /// The most boxes a clip keeps; beyond, their bounding box stands for them.
    static let maxBoxes = 32

    func intersecting(_ r: Rect?) -> ClipBox {
        guard let r else { return .empty }
        return intersecting(boxes: [r])
    }

    /// The clip intersected with the union of `boxes` (a clip path's subpaths).
    func intersecting(boxes new: [Rect]) -> ClipBox {
        let current: [Rect]
        switch self {
        case .empty: return .empty
        case .unbounded: return Self.make(new)
        case .box(let b): current = [b]
        case .boxes(let bs): current = bs
        }
        var out: [Rect] = []
        for a in current { for b in new { if let i = a.intersection(b) { out.append(i) } } }
        return Self.make(out)
    }

    static func make(_ boxes: [Rect]) -> ClipBox {
        switch boxes.count {
        case 0: return .empty
        case 1: return .box(boxes[0])
        case ...maxBoxes: return .boxes(boxes)
        default:
            var u = boxes[0]
            for b in boxes.dropFirst() { u = Rect(x0: min(u.x0, b.x0), y0: min(u.y0, b.y0), x1: max(u.x1, b.x1), y1: max(u.y1, b.y1)) }
            return .box(u)
        }
    }

    /// The bounding box of the region (nil when unbounded or empty).
    var bounds: Rect? {
        switch self {
        case .unbounded, .empty: return nil
        case .box(let b): return b
        case .boxes(let bs):
            guard var u = bs.first else { return nil }
            for b in bs.dropFirst() { u = Rect(x0: min(u.x0, b.x0), y0: min(u.y0, b.y0), x1: max(u.x1, b.x1), y1: max(u.y1, b.y1)) }
            return u
        }
    }

    /// Whether a glyph's box lies wholly outside the clip: its bounds share no area with any
    /// of the clip's boxes (a clip of no area hides everything).
    @inline(__always) func excludes(_ q: Quad) -> Bool {
        switch self {
        case .unbounded: return false
        case .empty: return true
        case .box(let b): return !q.sharesArea(with: b)
        case .boxes(let bs): return !bs.contains { q.sharesArea(with: $0) }
        }
    }
}

extension Matrix {
    @inline(__always) static func translation(_ x: Double, _ y: Double) -> Matrix {
        Matrix(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
    }
    /// The bounds of a rectangle mapped by the matrix.
    func bounds(of r: Rect) -> Rect { Quad(r).transformed(by: self).bounds }
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite }
}

/// Runs content streams (page, forms, annotation appearances) and reports what they paint
/// to a sink. One interpreter per page; not thread-safe.
package final class ContentInterpreter<Sink: ContentSink> {
    package let store: ObjectStore
    package let fonts: FontCache
    package let options: ExtractionOptions
    package let sink: Sink
    /// What went wrong, capped per kind.
    package internal(set) var diagnostics = CappedLog()
    /// Operators executed so far (every stream of the page), each form or appearance run
    /// counting `options.formRunCost` more.
    // The counters below are read and written per operator or per string: not checked for
    // exclusivity at run time (each check cost about 60 instructions). They are plain
    // integers, never passed `inout`, and one interpreter runs on one thread.
    @exclusivity(unchecked) package internal(set) var operatorCount = 0
    /// The 0-based index of the operator being executed within its own stream (the page's
    /// contents, a form XObject or an appearance stream); sinks read it to locate events.
    @exclusivity(unchecked) package internal(set) var operatorIndex = 0
    @exclusivity(unchecked) package internal(set) var glyphCount = 0
    /// Set when a budget of `options` ran out: interpretation stopped there.
    package internal(set) var budgetExceeded = false
    /// Operators drawn from the document's budget and not spent yet.
    @exclusivity(unchecked) var workCredit = 0

    /// Flags added to every glyph (`.annotation` while running an appearance stream).
    package var extraFlags: GlyphFlags = []
    /// The document's optional content configuration: glyphs in groups that are off get
    /// `GlyphFlags.hidden`.
    package var optionalContent = OptionalContent()
    /// For each open marked-content sequence, whether it hid its content; and how many do.
    // The state below is read and written by nearly every operator: not checked for
    // exclusive access at run time (a call each, 1-2% of a page's instructions). As above,
    // none of it is passed `inout` or held across a call back into the interpreter, and one
    // interpreter runs on one thread; the compiler still checks what it can see.
    @exclusivity(unchecked) var hidingStack: [Bool] = []
    @exclusivity(unchecked) var hiddenDepth = 0

    @exclusivity(unchecked) var gs = GraphicsState()
    /// Resources consulted when a name is missing from the current ones (see `resourceEntry`).
    package var fallbackResources: PDFDictionary? = nil
    @exclusivity(unchecked) var saved: [GraphicsState] = []
    var colorSpaces: ColorSpaceReader
    @exclusivity(unchecked) var textMatrix = Matrix.identity
    @exclusivity(unchecked) var lineMatrix = Matrix.identity
    @exclusivity(unchecked) var showSerial = 0
    @exclusivity(unchecked) var markedDepth = 0
    @exclusivity(unchecked) var formStack: [ObjectID] = []
    /// q-stack and marked-content depth when the current stream began: a stream cannot pop
    /// what its caller pushed.
    @exclusivity(unchecked) var stackBase = 0
    @exclusivity(unchecked) var markedBase = 0
    // The current path.
    @exclusivity(unchecked) var pathBounds: Rect?
    /// The bounding box of each subpath of the current path (a clip is their union); at most
    /// `ClipBox.maxBoxes + 1`, past which `pathBounds` stands for them.
    @exclusivity(unchecked) var subpathBounds: [Rect] = []
    @exclusivity(unchecked) var currentPoint = Point(x: 0, y: 0)
    @exclusivity(unchecked) var pendingClip = false
    // Caches.
    var directFonts: [PDFDictionary: Font] = [:]
    /// Fonts `Tf` found in the resources, by the stream run they were named in (`streamRun`)
    /// and their name: a page switches among a few fonts hundreds of times, and each lookup
    /// went through the resources, the object store and the shared font cache's lock
    /// (3,300 instructions a `Tf` on a groff manual). Only fonts found in the run's own
    /// resources are kept, so the diagnostics of a lookup elsewhere are given every time.
    @exclusivity(unchecked) var namedFonts: [(run: Int, name: Name, font: Font)] = []
    /// The stream run now going (`run(_:resources:)`: the page, a form, an appearance), and
    /// how many have begun: each run has resources of its own.
    @exclusivity(unchecked) var streamRun = 0
    @exclusivity(unchecked) var streamRuns = 0
    /// What composite fonts said about the page's codes (`glyphInfo(_:_:byteCount:)`): a
    /// direct-mapped table in front of each font's shared answers, which are computed once
    /// and then read under a lock (270 instructions a glyph on a LuaTeX manual). Allocated
    /// on the first glyph of such a font.
    @exclusivity(unchecked) var glyphInfos: [CachedGlyphInfo] = []
    /// The fonts `glyphInfos` has answers of, kept alive with the interpreter so that no
    /// other font takes an address the table knows (at most `InterpreterKeys.maxCachedFonts`).
    @exclusivity(unchecked) var glyphInfoFonts: [Font] = []
    var type3Boxes: [Type3Key: Rect?] = [:]
    lazy var fallbackFont: Font = fonts.font(.null)

    struct Type3Key: Hashable {
        var font: ObjectIdentifier
        var code: UInt32
    }

    package init(store: ObjectStore, fonts: FontCache, options: ExtractionOptions = ExtractionOptions(), sink: Sink) {
        self.store = store
        self.fonts = fonts
        self.options = options
        self.sink = sink
        self.colorSpaces = ColorSpaceReader(store: store)
        self.diagnostics = CappedLog(perCode: options.diagnosticsPerKind, capacity: store.limits.maxDiagnostics)
    }

    /// The CTM used at the start of the next `run` (page space: identity).
    package var initialMatrix: Matrix {
        get { gs.ctm }
        set { gs.ctm = newValue }
    }

    // MARK: Running streams

    /// Runs a content stream's bytes with the given resources. Marked-content sequences
    /// left open are closed and the graphics-state stack is restored at the end.
    package func run(_ bytes: [UInt8], resources: PDFDictionary?) {
        guard !budgetExceeded else { return }
        var parser = ContentParser(bytes: bytes, maxOperands: options.maxOperands, maxNesting: 64,
                                   diagnostics: CappedLog(perCode: options.diagnosticsPerKind))
        let outerStackBase = stackBase, outerMarkedBase = markedBase
        let outerOperatorIndex = operatorIndex
        let outerRun = streamRun
        streamRuns += 1
        streamRun = streamRuns
        operatorIndex = -1
        stackBase = saved.count
        markedBase = markedDepth
        defer {
            if markedDepth > markedBase {
                diagnostics.note(.contentUnbalanced, "\(markedDepth - markedBase) marked-content sequences not closed by EMC")
            }
            while markedDepth > markedBase {
                sink.endMarkedContent()
                markedDepth -= 1
                if let hid = hidingStack.popLast(), hid { hiddenDepth -= 1 }
            }
            while saved.count > stackBase { gs = saved.removeLast() }
            stackBase = outerStackBase
            markedBase = outerMarkedBase
            operatorIndex = outerOperatorIndex
            streamRun = outerRun
            diagnostics.merge(parser.diagnostics)
        }
        while let op = parser.next() {
            operatorIndex += 1
            guard spend(1) else { return }
            execute(op, resources: resources, bytes: bytes)
            if budgetExceeded { return }
        }
    }

    /// Counts `work` operators against the page's budget (`options.maxOperators`) and the
    /// document's (`ObjectStore.operatorBudget`, drawn in batches); false, with a
    /// `contentBudget` diagnostic, when either is spent.
    func spend(_ work: Int) -> Bool {
        operatorCount = operatorCount.addingReportingOverflow(work).overflow ? Int.max : operatorCount + work
        if operatorCount > options.maxOperators {
            exceedBudget("more than \(options.maxOperators) operators on the page (a form run counts \(options.formRunCost)); the rest is not interpreted")
            return false
        }
        workCredit -= work
        if workCredit < 0 {
            workCredit += store.operatorBudget.draw(upTo: 4096 - workCredit)
            if workCredit < 0 {
                exceedBudget("the document's budget of \(store.operatorBudget.capacity) operators (Limits.maxOperatorsPerDocument) is spent; the rest of the page is not interpreted")
                return false
            }
        }
        return true
    }

    func exceedBudget(_ message: String) {
        if !budgetExceeded { diagnostics.note(.contentBudget, message, severity: .error) }
        budgetExceeded = true
    }

    /// Decoded stream data, with its decoding diagnostics.
    func data(of stream: PDFStream) -> [UInt8] { decoded(stream).bytes }

    /// Decoded stream data with its share of the document's decode budget (keep the result
    /// while the bytes are in use), with its decoding diagnostics.
    func decoded(_ stream: PDFStream) -> (bytes: [UInt8], lease: DecodeLease?) {
        let r = store.streamData(stream)
        if !r.isComplete || !r.diagnostics.isEmpty {
            diagnostics.append(contentsOf: r.diagnostics)
        }
        return (r.bytes, r.lease)
    }

    // MARK: Operators

    func execute(_ op: consuming Operator, resources: PDFDictionary?, bytes: [UInt8]) {
        // Consumed by the switch: each case destroys its own payload, where destroying the
        // whole enum afterwards went through its generic value witness (docs/PERFORMANCE.md).
        switch consume op {
        // Graphics state
        case .q: saveState()
        case .Q: restoreState()
        case .cm(let m):
            guard m.isFinite else { return }
            gs.ctm = m.concatenating(gs.ctm)
        case .w(let w): gs.lineWidth = w
        case .gs(let name): applyExtGState(name, resources: resources)
        case .otherGraphicsState: break

        // Text objects and state
        case .BT:
            textMatrix = .identity
            lineMatrix = .identity
        case .ET: break
        case .Td(let x, let y): moveLine(x, y)
        case .TD(let x, let y):
            gs.leading = -y
            moveLine(x, y)
        case .Tm(let m):
            guard m.isFinite else { return }
            textMatrix = m
            lineMatrix = m
        case .Tstar: moveLine(0, -gs.leading)
        case .Tc(let v): gs.charSpacing = v
        case .Tw(let v): gs.wordSpacing = v
        case .Tz(let v): gs.horizontalScaling = v / 100
        case .TL(let v): gs.leading = v
        case .Ts(let v): gs.rise = v
        case .Tr(let v): gs.renderingMode = TextRenderingMode(rawValue: UInt8(clamping: v)) ?? .fill
        case .Tf(let name, let size):
            gs.font = font(named: name, resources: resources)
            gs.fontSize = size
        case .Tj(let s):
            showSerial += 1
            show(s)
        case .quote(let s):
            moveLine(0, -gs.leading)
            showSerial += 1
            show(s)
        case .doubleQuote(let aw, let ac, let s):
            gs.wordSpacing = aw
            gs.charSpacing = ac
            moveLine(0, -gs.leading)
            showSerial += 1
            show(s)
        case .TJ(let array):
            showSerial += 1
            show(array)

        // Colour
        case .CS(let name):
            gs.strokeSpace = colorSpaces.colorSpace(named: name, resources: resources, log: &diagnostics)
            gs.strokeColor = gs.strokeSpace.initialColor
        case .cs(let name):
            gs.fillSpace = colorSpaces.colorSpace(named: name, resources: resources, log: &diagnostics)
            gs.fillColor = gs.fillSpace.initialColor
        case .SC(let c), .SCN(let c, _): gs.strokeColor = gs.strokeSpace.rgba(c)
        case .sc(let c), .scn(let c, _): gs.fillColor = gs.fillSpace.rgba(c)
        case .G(let v): setStrokeColor(.gray, [v])
        case .g(let v): setFillColor(.gray, [v])
        case .RG(let r, let g, let b): setStrokeColor(.rgb, [r, g, b])
        case .rg(let r, let g, let b): setFillColor(.rgb, [r, g, b])
        case .K(let c, let m, let y, let k): setStrokeColor(.cmyk, [c, m, y, k])
        case .k(let c, let m, let y, let k): setFillColor(.cmyk, [c, m, y, k])

        // Paths
        case .m(let x, let y):
            currentPoint = Point(x: x, y: y)
            addToPath(currentPoint, startsSubpath: true)
        case .l(let x, let y):
            currentPoint = Point(x: x, y: y)
            addToPath(currentPoint)
        case .c(let x1, let y1, let x2, let y2, let x3, let y3):
            addToPath(Point(x: x1, y: y1)); addToPath(Point(x: x2, y: y2))
            currentPoint = Point(x: x3, y: y3)
            addToPath(currentPoint)
        case .v(let x2, let y2, let x3, let y3), .y(let x2, let y2, let x3, let y3):
            addToPath(Point(x: x2, y: y2))
            currentPoint = Point(x: x3, y: y3)
            addToPath(currentPoint)
        case .h: break
        case .re(let x, let y, let w, let h): addRectangle(x, y, w, h)
        case .S, .s: paint(stroke: true, fill: false)
        case .f, .F, .fStar: paint(stroke: false, fill: true)
        case .B, .BStar, .b, .bStar: paint(stroke: true, fill: true)
        case .n: paint(stroke: false, fill: false)
        case .W, .WStar: pendingClip = true

        // XObjects, images, shadings
        case .Do(let name): doXObject(name, resources: resources)
        case .inlineImage(let image):
            var event = ImageEvent(quad: Quad(Rect(x0: 0, y0: 0, x1: 1, y1: 1)).transformed(by: gs.ctm),
                                   isInline: true, name: nil)
            if sink.wantsImageSources {
                let range = image.dataRange.clamped(to: 0..<bytes.count)
                event.source = .inline(dictionary: image.dictionary, data: Array(bytes[range]))
                event.resources = resources
                event.fillColor = gs.fillColor
            }
            sink.paintImage(event)
        case .sh(let name): paintShading(name)

        // Marked content
        case .BMC(let tag):
            markedDepth += 1
            hidingStack.append(false)
            sink.beginMarkedContent(tag: tag, properties: nil)
        case .BDC(let tag, let props): beginMarkedContent(tag, props, resources: resources)
        case .EMC: endMarkedContent()
        case .MP, .DP, .BX, .EX: break
        case .d0, .d1: break
        case .unknown: break
        }
    }

    /// `q`: saves the graphics state, up to `maxGraphicsStateDepth` states.
    @inline(__always) func saveState() {
        if saved.count >= options.maxGraphicsStateDepth {
            diagnostics.note(.contentUnbalanced, "q nested deeper than \(options.maxGraphicsStateDepth); ignored")
        } else {
            saved.append(gs)
        }
    }

    /// `Q`: restores the graphics state last saved in this stream (or form).
    @inline(__always) func restoreState() {
        if saved.count > stackBase { gs = saved.removeLast() } else {
            diagnostics.note(.contentUnbalanced, "Q without q; ignored")
        }
    }

    /// `G`, `RG`, `K`: the stroke colour in a device colour space.
    @inline(__always) func setStrokeColor(_ space: ColorSpace, _ components: [Double]) {
        gs.strokeSpace = space
        gs.strokeColor = space.rgba(components)
    }

    /// `g`, `rg`, `k`: the fill colour in a device colour space.
    @inline(__always) func setFillColor(_ space: ColorSpace, _ components: [Double]) {
        gs.fillSpace = space
        gs.fillColor = space.rgba(components)
    }

    /// `re`: a closed rectangle subpath.
    @inline(__always) func addRectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        addToPath(Point(x: x, y: y), startsSubpath: true); addToPath(Point(x: x + w, y: y))
        addToPath(Point(x: x + w, y: y + h)); addToPath(Point(x: x, y: y + h))
        currentPoint = Point(x: x, y: y)
    }

    /// `sh`: a shading painted over the clip.
    @inline(__always) func paintShading(_ name: Name) {
        switch gs.clip {
        case .empty: break
        case .unbounded: sink.paintShading(ShadingEvent(name: name, bounds: nil))
        case .box, .boxes: sink.paintShading(ShadingEvent(name: name, bounds: gs.clip.bounds))
        }
    }

    /// `BDC`: marked content with properties (named in the resources' /Properties, or
    /// inline); an optional content group that is off hides what it holds.
    @inline(__always) func beginMarkedContent(_ tag: Name, _ props: PDFObject, resources: PDFDictionary?) {
        markedDepth += 1
        // The named resource as written (an OCG keeps its reference, which identifies it).
        let entry = props.name.map { store.dictionary(resources?["Properties"])?[$0] } ?? props
        let hides = tag == "OC" && !optionalContent.isVisible(entry, store: store)
        hidingStack.append(hides)
        if hides { hiddenDepth += 1 }
        sink.beginMarkedContent(tag: tag, properties: properties(entry, name: props.name))
    }

    /// `EMC`: ends the marked content begun last in this stream (or form).
    @inline(__always) func endMarkedContent() {
        if markedDepth > markedBase {
            markedDepth -= 1
            if let hid = hidingStack.popLast(), hid { hiddenDepth -= 1 }
            sink.endMarkedContent()
        } else {
            diagnostics.note(.contentUnbalanced, "EMC without BMC/BDC; ignored")
        }
    }

    func moveLine(_ x: Double, _ y: Double) {
        lineMatrix = Matrix.translation(x, y).concatenating(lineMatrix)
        textMatrix = lineMatrix
    }
}

/// An entry of `ContentInterpreter.glyphInfos`: a font (its identity; 0 for none), a code
/// and its length, and the font's answer.
struct CachedGlyphInfo {
    var font: UInt = 0
    var code: UInt32 = 0
    var byteCount = 0
    var info = GlyphInfo.empty
}

/// Constants of `ContentInterpreter` (a generic class has no static stored properties).
enum InterpreterKeys {
    /// Entries of `ContentInterpreter.glyphInfos` (a power of two).
    static let glyphInfoSlots = 1024
    /// The most fonts `ContentInterpreter.glyphInfos` keeps answers of on a page.
    static let maxCachedFonts = 256
    static let font: Name = "Font"
    /// The most fonts `ContentInterpreter.namedFonts` keeps before it starts again.
    static let maxNamedFonts = 64
}
