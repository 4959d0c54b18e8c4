import Testing
import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts
import PDFGlyphs
import PDFTestSupport
@testable import PDFContent

/// Records what the interpreter paints, in order (the EmbeddedChannel idea: drive the
/// interpreter, then read the events back).
final class RecordingSink: ContentSink {
    enum Event {
        case glyph(GlyphEvent)
        case begin(String, PDFDictionary?)
        case end
        case path(PathEvent)
        case image(ImageEvent)
    }
    var events: [Event] = []

    func showGlyph(_ glyph: GlyphEvent) { events.append(.glyph(glyph)) }
    func beginMarkedContent(tag: Name, properties: PDFDictionary?) { events.append(.begin(tag.string, properties)) }
    func endMarkedContent() { events.append(.end) }
    func paintPath(_ path: PathEvent) { events.append(.path(path)) }
    func paintImage(_ image: ImageEvent) { events.append(.image(image)) }

    var glyphs: [GlyphEvent] { events.compactMap { if case .glyph(let g) = $0 { return g }; return nil } }
    var images: [ImageEvent] { events.compactMap { if case .image(let i) = $0 { return i }; return nil } }
    var paths: [PathEvent] { events.compactMap { if case .path(let p) = $0 { return p }; return nil } }
    var text: String { String(String.UnicodeScalarView(glyphs.flatMap(\.unicode))) }
}

/// Every operator of a content stream, and the parser's diagnostics.
func operators(_ content: String) -> (ops: [Operator], log: DiagnosticLog) {
    operators(Array(content.utf8))
}

func operators(_ content: [UInt8]) -> (ops: [Operator], log: DiagnosticLog) {
    var p = ContentParser(bytes: content)
    var ops: [Operator] = []
    while let op = p.next() { ops.append(op) }
    return (ops, p.diagnostics.finished)
}

/// A dictionary from PDF syntax.
func dictionary(_ text: String) -> PDFDictionary {
    var p = Parser(bytes: Array(text.utf8))
    return (try? p.parseObject())?.dictionary ?? PDFDictionary()
}

/// Font F1 of the tests: Helvetica whose every code is 500/1000 em wide (so positions are
/// easy to compute by hand), ascent 718 and descent −207 as Helvetica's.
let testFont = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 0 /LastChar 255 /Widths ["
    + String(repeating: "500 ", count: 256) + "] >>"

/// Runs content against a RecordingSink in a one-page document holding `objects`.
func record(_ content: [UInt8], resources: String = "<< /Font << /F1 10 0 R >> >>",
            objects: [(Int, String)] = [], options: ExtractionOptions = ExtractionOptions())
    throws -> (sink: RecordingSink, log: DiagnosticLog) {
    var b = PDFBuilder.simpleDocument()
    b.add(10, testFont)
    for (n, body) in objects { b.add(n, body) }
    let doc = try Document(bytes: b.build().bytes)
    let sink = RecordingSink()
    let interpreter = ContentInterpreter(store: doc.store, fonts: FontCache(store: doc.store), options: options, sink: sink)
    interpreter.run(content, resources: dictionary(resources))
    return (sink, interpreter.diagnostics.finished)
}

func record(_ content: String, resources: String = "<< /Font << /F1 10 0 R >> >>",
            objects: [(Int, String)] = [], options: ExtractionOptions = ExtractionOptions())
    throws -> (sink: RecordingSink, log: DiagnosticLog) {
    try record(Array(content.utf8), resources: resources, objects: objects, options: options)
}

/// A one-page document: page 3 with `content` as stream 4, font F1 (object 10, Helvetica),
/// extra resources and page entries, other objects and streams.
struct TestPage {
    var content: String
    var resources = "/Font << /F1 10 0 R >>"
    var pageExtras = ""
    var objects: [(Int, String)] = []
    var streams: [(Int, String, String)] = []
    var binaryStreams: [(Int, String, [UInt8])] = []
    var options = ExtractionOptions()

    init(_ content: String) { self.content = content }

    func build() throws -> Document {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << \(resources) >> \(pageExtras) >>")
        b.addStream(4, text: content)
        b.add(10, testFont)
        for (n, body) in objects { b.add(n, body) }
        for (n, dict, text) in streams { b.addStream(n, dictionary: dict, text: text) }
        for (n, dict, data) in binaryStreams { b.addStream(n, dictionary: dict, data: data) }
        return try Document(bytes: b.build().bytes)
    }

    func extract() throws -> PageGlyphs {
        let doc = try build()
        return extractGlyphs(document: doc, pageIndex: 0, fonts: FontCache(store: doc.store), options: options)
    }
}

/// Checks a point against expected coordinates within a tolerance.
func near(_ p: Point, _ x: Double, _ y: Double, tolerance: Double = 1e-6) -> Bool {
    abs(p.x - x) <= tolerance && abs(p.y - y) <= tolerance
}

func near(_ a: Float, _ b: Float, tolerance: Float = 1e-3) -> Bool { abs(a - b) <= tolerance }

extension PageGlyphs {
    func origins() -> [Point] { glyphs.map(\.origin) }
}
