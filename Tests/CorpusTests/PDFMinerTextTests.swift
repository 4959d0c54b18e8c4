import PDFTestSupport
import Foundation
import PDFContent
import PDFCore
import PDFFile
import PDFFonts
import PDFText
import PDFGlyphs
import Testing

/// Every `contains` string of pdfminer's `expected.json` appears, whitespace ignored, in the
/// document's glyph text taken in painting order; and, as a reader would find it, in the text in
/// reading order (the layout).
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipReason))
struct PDFMinerTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var password: String?
        var contains: [String]
        var testDescription: String { path }
    }

    static var cases: [Case] {
        guard let expected = SharedCorpus.json("pdfminer/expected.json") as? [String: [String: Any]] else { return [] }
        return expected.keys.sorted().compactMap { key in
            guard let contains = expected[key]?["contains"] as? [String], !contains.isEmpty else { return nil }
            return Case(path: "pdfminer/" + key, password: expected[key]?["user_password"] as? String, contains: contains)
        }
    }

    /// All glyph text of a document in painting order, without white space.
    static func paintingOrderText(_ document: Document) -> String {
        let extractor = PageExtractor(document: document, fonts: FontCache(store: document.store))
        var text = String.UnicodeScalarView()
        for i in 0..<document.pageCount {
            let page = extractor.extract(pageIndex: i)
            text.append(contentsOf: page.scalars.filter { !$0.properties.isWhitespace })
        }
        return String(text)
    }

    @Test("pdfminer expected strings appear in the painting-order glyph text", arguments: cases)
    func contains(_ c: Case) throws {
        let document = try Document(bytes: try SharedCorpus.bytes(c.path), password: c.password)
        let text = Self.paintingOrderText(document)
        for s in c.contains {
            let needle = String(String.UnicodeScalarView(s.unicodeScalars.filter { !$0.properties.isWhitespace }))
            #expect(text.contains(needle), "\(c.path): missing \"\(s)\"; text begins \"\(text.prefix(200))\"")
        }
    }

    /// Text with every run of white space (spaces, line and block breaks, form feeds) folded to
    /// one space and the ends trimmed. A reader searching the text sees a line break as a
    /// space, and two spaces as one; but a space the layout leaves out inside a phrase, or adds
    /// inside a word, is a real difference, so spaces are not ignored altogether.
    static func foldingWhiteSpace(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var pending = false
        for u in s.unicodeScalars {
            if u.properties.isWhitespace { pending = !out.isEmpty; continue }
            if pending { out.append(" "); pending = false }
            out.append(u)
        }
        return String(out)
    }

    @Test("pdfminer expected strings appear in the layout text, white space runs folded", arguments: cases)
    func layoutContains(_ c: Case) throws {
        let document = try Document(bytes: try SharedCorpus.bytes(c.path), password: c.password)
        let text = Self.foldingWhiteSpace(TextFidelity.documentText(document))
        for s in c.contains {
            let found = text.contains(Self.foldingWhiteSpace(s))
            #expect(found, "\(c.path): missing \"\(s)\"; layout text begins \"\(text.prefix(200))\"")
        }
    }
}
