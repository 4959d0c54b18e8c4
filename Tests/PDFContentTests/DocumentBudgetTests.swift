import Dispatch
import Synchronization
import Testing
import PDFCore
import PDFFile
import PDFSyntax
import PDFFonts
import PDFGlyphs
import PDFTestSupport
@testable import PDFContent

/// Budgets shared by a document's pages: decoded bytes held at once, and operators run.
@Suite struct DocumentBudgetTests {
    /// ASCIIHex of a line of text followed by `padding` spaces.
    static func hexContent(_ text: String, padding: Int) -> [UInt8] {
        let plain = Array(text.utf8) + [UInt8](repeating: 0x20, count: padding)
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(plain.count * 2 + 1)
        for b in plain {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        out.append(UInt8(ascii: ">"))
        return out
    }

    /// Pages 3, 4, … each with its own content stream (objects 20, 21, …).
    static func pages(_ contents: [[UInt8]], dictionary: String = "/Filter /ASCIIHexDecode",
                      resources: String = "/Font << /F1 10 0 R >>", objects: [(Int, String)] = [],
                      streams: [(Int, String, String)] = [], limits: Limits) throws -> Document {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        let kids = contents.indices.map { "\(3 + $0) 0 R" }.joined(separator: " ")
        b.add(2, "<< /Type /Pages /Kids [\(kids)] /Count \(contents.count) /MediaBox [0 0 612 792] >>")
        for (i, content) in contents.enumerated() {
            b.add(3 + i, "<< /Type /Page /Parent 2 0 R /Contents \(20 + i) 0 R /Resources << \(resources) >> >>")
            b.addStream(20 + i, dictionary: dictionary, data: content)
        }
        b.add(10, testFont)
        for (n, body) in objects { b.add(n, body) }
        for (n, dict, text) in streams { b.addStream(n, dictionary: dict, text: text) }
        return try Document(bytes: b.build().bytes, limits: limits)
    }

    @Test("a page decoded while another page holds the budget is cut, with a diagnostic, not more memory")
    func sharedDecodeBudget() throws {
        var limits = Limits()
        limits.maxDecodedBytesInFlight = 1_500_000
        let content = Self.hexContent("BT /F1 10 Tf 72 700 Td (Before) Tj ET ", padding: 1_000_000)
        let doc = try Self.pages([content, content], limits: limits)
        let store = doc.store
        let fonts = FontCache(store: store)

        // Page 1's content, held as a page in flight holds it.
        let stream = try #require(store.resolve(doc.pages[0].dictionary["Contents"]).stream)
        var held: [UInt8]? = nil
        do {
            let first = store.streamData(stream)
            #expect(first.bytes.count > 1_000_000)
            #expect(first.isComplete)
            held = first.bytes
            let second = extractGlyphs(document: doc, pageIndex: 1, fonts: fonts)
            #expect(second.paintingOrderText == "Before")
            #expect(second.diagnostics.contains(.decodeBudget))
            #expect(store.decodeBudget.inUse <= limits.maxDecodedBytesInFlight)
            // The page's share went back when it was done; page 1's is still held.
            #expect(store.decodeBudget.inUse == first.bytes.count)
        }
        #expect(held != nil)
        #expect(store.decodeBudget.inUse == 0)

        // Two pages in parallel: each keeps its text, and every share goes back.
        let results = Mutex<[Int: PageGlyphs]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let g = extractGlyphs(document: doc, pageIndex: i, fonts: fonts)
            results.withLock { $0[i] = g }
        }
        for i in 0..<2 {
            #expect(results.withLock { $0[i] }?.paintingOrderText == "Before")
        }
        #expect(store.decodeBudget.inUse == 0)
    }

    /// Forms 40…79: form i draws form i + 1 twice; the last shows "x".
    static let doublingForms: [(Int, String, String)] = (0..<40).map { i in
        let n = 40 + i
        if i == 39 {
            return (n, "/Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 10 0 R >> >>", "BT /F1 10 Tf (x) Tj ET")
        }
        return (n, "/Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X \(n + 1) 0 R >> >>", "/X Do /X Do")
    }

    final class FormCounter: ContentSink {
        var forms = 0
        var text = ""
        func showGlyph(_ glyph: GlyphEvent) { text.unicodeScalars.append(contentsOf: glyph.unicode) }
        func beginMarkedContent(tag: Name, properties: PDFDictionary?) {}
        func endMarkedContent() {}
        func paintPath(_ path: PathEvent) {}
        func paintImage(_ image: ImageEvent) {}
        func beginForm(objectID: ObjectID?) { forms += 1 }
    }

    @Test("forms drawing each other 2^40 times stop at the page's operator budget; the text before is kept")
    func formDoubling() throws {
        let content = "BT /F1 10 Tf 72 700 Td (Before) Tj ET /X0 Do BT /F1 10 Tf 72 600 Td (After) Tj ET"
        let doc = try Self.pages([Array(content.utf8)], dictionary: "",
                                 resources: "/Font << /F1 10 0 R >> /XObject << /X0 40 0 R >>",
                                 streams: Self.doublingForms, limits: Limits())
        var options = ExtractionOptions()
        options.maxOperators = 200_000
        let sink = FormCounter()
        let extractor = PageExtractor(document: doc, fonts: FontCache(store: doc.store), options: options)
        let interpreter = extractor.interpret(page: doc.pages[0], sink: sink)
        #expect(sink.text.hasPrefix("Before"))
        #expect(!sink.text.contains("After"))
        #expect(interpreter.budgetExceeded)
        #expect(interpreter.diagnostics.finished.contains(.contentBudget))
        // Each form run costs formRunCost operators besides its own two.
        #expect(sink.forms <= options.maxOperators / options.formRunCost)
        #expect(sink.forms >= options.maxOperators / (options.formRunCost + 2) - 40)
    }

    @Test("pages that each reach their budget stop at the document's")
    func documentBudget() throws {
        var limits = Limits()
        limits.maxOperatorsPerDocument = 300_000
        let content = Array("BT /F1 10 Tf 72 700 Td (Before) Tj ET /X0 Do".utf8)
        let doc = try Self.pages(Array(repeating: content, count: 6), dictionary: "",
                                 resources: "/Font << /F1 10 0 R >> /XObject << /X0 40 0 R >>",
                                 streams: Self.doublingForms, limits: limits)
        var options = ExtractionOptions()
        options.maxOperators = 100_000
        let extractor = PageExtractor(document: doc, fonts: FontCache(store: doc.store), options: options)
        var total = 0
        var documentStops = 0
        for page in doc.pages {
            let sink = FormCounter()
            let interpreter = extractor.interpret(page: page, sink: sink)
            total += interpreter.operatorCount
            let log = interpreter.diagnostics.finished
            if log.entries.contains(where: { $0.code == .contentBudget && $0.message.contains("maxOperatorsPerDocument") }) {
                documentStops += 1
            }
        }
        // Three pages fit in the document's budget; the others stop at once.
        #expect(documentStops >= 3)
        #expect(total <= limits.maxOperatorsPerDocument + 6 * (4096 + options.formRunCost + 1))
        #expect(doc.store.operatorBudget.inUse <= limits.maxOperatorsPerDocument)
    }
}
