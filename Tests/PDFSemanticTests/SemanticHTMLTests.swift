import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import PDFCore
import PDFFile
import PDFText
import PDFTestSupport
@testable import PDFSemantic

/// Parses XHTML back (FoundationXML's XMLDocument, as the other HTML tests do; its SAX
/// `XMLParser` is not safe to use from concurrent tests on Linux): its text (with the
/// `aria-label`s of images), and the elements met in document order.
final class XHTMLReader {
    var text = ""
    var elements: [(name: String, attributes: [String: String])] = []
    var error: Error?

    static func read(_ html: String) -> XHTMLReader {
        let r = XHTMLReader()
        do {
            let doc = try XMLDocument(data: Data(html.utf8), options: [])
            if let root = doc.rootElement() { r.walk(root) }
        } catch {
            r.error = error
        }
        return r
    }

    func walk(_ node: XMLNode) {
        if let e = node as? XMLElement {
            var attributes: [String: String] = [:]
            for a in e.attributes ?? [] { if let n = a.name { attributes[n] = a.stringValue ?? "" } }
            elements.append((e.localName ?? e.name ?? "", attributes))
            if let label = attributes["aria-label"] { text += " " + label + " " }
            text += " "
            for c in e.children ?? [] { walk(c) }
            text += " "
        } else if node.kind == .text {
            text += node.stringValue ?? ""
        }
    }

    func count(_ name: String) -> Int { elements.filter { $0.name == name }.count }
}

/// Words reduced to letters and digits, so punctuation placement does not matter.
func normalizedWords(_ s: String) -> [String] {
    s.split(whereSeparator: { $0.isWhitespace }).map { String($0.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.map(Character.init)) }
        .filter { !$0.isEmpty }
}

func semanticHTML(_ bytes: [UInt8]) throws -> (SemanticDocument, String, PDFDocument) {
    let pdf = try PDFDocument(bytes: bytes)
    let doc = SemanticBuilder.build(document: pdf, fallbackTitle: "test")
    return (doc, SemanticHTML.render(doc), pdf)
}

@Suite struct SemanticHTMLTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")

    /// Every Corpus file that opens: the HTML parses as XML, and every word of the page
    /// text outside artifacts (list markers aside, which HTML lists draw) is in it.
    @Test func corpusHTMLIsWellFormedAndKeepsEveryWord() throws {
        let files = (FileManager.default.enumerator(atPath: Self.corpus.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".pdf") }.sorted()
        #expect(files.count > 20)
        var checked = 0, words = 0
        for f in files {
            guard let bytes = try? [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(f))),
                  let pdf = try? PDFDocument(bytes: bytes), !pdf.isLocked, pdf.pageCount <= 40 else { continue }
            let doc = SemanticBuilder.build(document: pdf, fallbackTitle: f)
            let html = SemanticHTML.render(doc)
            let reader = XHTMLReader.read(html)
            #expect(reader.error == nil, "\(f): \(String(describing: reader.error))")
            let have = Set(normalizedWords(reader.text))
            var missing: [String] = []
            for i in 0..<pdf.pageCount {
                guard let text = pdf.page(at: i)?.pageText else { continue }
                var s = String.UnicodeScalarView()
                for c in text.layout.characters {
                    if c.glyph >= 0, text.glyphs.glyphs[Int(c.glyph)].flags.contains(.artifact) { s.append(" "); continue }
                    s.append(c.scalar)
                }
                for w in normalizedWords(String(s)) where !have.contains(w) && !isListMarker(w) {
                    missing.append(w)
                }
                words += normalizedWords(String(s)).count
            }
            #expect(missing.isEmpty, "\(f): words missing from the HTML: \(missing.prefix(10))")
            checked += 1
        }
        print("SemanticHTMLTests: \(checked) Corpus files, \(words) words checked")
        #expect(checked > 20)
    }

    /// Enumerators an ordered list draws itself ("1", "a", "iv").
    func isListMarker(_ w: String) -> Bool {
        (w.count <= 3 && w.allSatisfy(\.isNumber)) || (w.count == 1) || (w.count <= 4 && w.allSatisfy { "ivxlcdm".contains($0) })
    }

    /// An untagged page: a heading set in one block with the paragraph under it, a figure
    /// image with its caption, bullets drawn as small squares, and a table whose header row
    /// stands apart from its body.
    @Test func inferenceOfUntaggedStructure() throws {
        var t = TaggedDocument()
        t.structTreeRoot = false
        t.marked = false
        t.resourceExtras = "/XObject << /Im1 60 0 R >>"
        let body = (0..<3).map { i in "(Body text line number \(i + 1) of the first paragraph goes on.) Tj T*" }.joined(separator: " ")
        let bullets = (0..<3).map { i in "72 \(553 - 16 * i) 4 4 re f BT /F1 11 Tf 84 \(552 - 16 * i) Td (Bullet item \(i + 1)) Tj ET" }.joined(separator: "\n")
        let rows = [("Name", "Count", "Total"), ("alpha", "12", "340"), ("beta", "7", "95"), ("gamma", "31", "1200")]
        let table = rows.enumerated().map { (r, row) in
            "BT /F1 11 Tf 72 \(440 - 16 * r) Td (\(row.0)) Tj 120 0 Td (\(row.1)) Tj 120 0 Td (\(row.2)) Tj ET"
        }.joined(separator: "\n")
        t.content = ["""
        BT /F1 16 Tf 13 TL 72 700 Td (Findings of the survey) Tj T* /F1 11 Tf \(body) ET
        \(bullets)
        \(table)
        q 150 0 0 100 72 200 cm /Im1 Do Q
        BT /F1 10 Tf 72 185 Td (Figure 1. The survey area) Tj ET
        """]
        t.objects = [(60, "<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length 9 >>\nstream\n00FFFF00>\nendstream")]
        let (doc, html, _) = try semanticHTML(t.build())
        #expect(!doc.tagged)
        let r = XHTMLReader.read(html)
        #expect(r.error == nil, "\(html)")
        #expect(r.elements.contains { $0.name.hasPrefix("h") && $0.name.count == 2 }, "the heading is split from its paragraph: \(html)")
        #expect(html.contains(">Findings of the survey</h"))
        #expect(r.count("li") == 3, "bullets drawn as squares make list items")
        #expect(r.count("figure") == 1 && r.count("figcaption") == 1)
        #expect(r.count("th") == 3 && html.contains(">Name</th>"), "the header row over the numbers")
        #expect(html.contains("<td data-inferred=\"true\">alpha</td>") && html.contains(">1200</td>"))
    }

    @Test func pdf20TypesAndMathML() throws {
        var t = TaggedDocument()
        t.version = "2.0"
        t.content = ["""
        /Title << /MCID 0 >> BDC BT /F1 18 Tf 72 720 Td (Annual report) Tj ET EMC
        /P << /MCID 1 >> BDC BT /F1 12 Tf 72 690 Td (Results rose) Tj ET EMC
        /Span << /MCID 2 >> BDC BT /F1 8 Tf 150 694 Td (1) Tj ET EMC
        /Aside << /MCID 3 >> BDC BT /F1 12 Tf 400 600 Td (A side remark) Tj ET EMC
        /mi << /MCID 4 >> BDC BT /F1 12 Tf 72 500 Td (x) Tj ET EMC
        /FENote << /MCID 5 >> BDC BT /F1 8 Tf 72 60 Td (1 Audited figures) Tj ET EMC
        """]
        let ns = "/NS 70 0 R"
        t.objects = [
            (21, "<< /Type /StructElem /S /Document /P 20 0 R \(ns) /K [22 0 R 23 0 R 25 0 R 26 0 R 29 0 R] >>"),
            (22, "<< /S /Title /P 21 0 R /Pg 3 0 R \(ns) /K 0 >>"),
            (23, "<< /S /P /P 21 0 R /Pg 3 0 R \(ns) /K [1 24 0 R] >>"),
            (24, "<< /S /Sub /P 23 0 R /Pg 3 0 R \(ns) /K 2 /Ref [29 0 R] >>"),
            (25, "<< /S /Aside /P 21 0 R /Pg 3 0 R \(ns) /K 3 >>"),
            (26, "<< /S /Formula /P 21 0 R /Pg 3 0 R \(ns) /K [27 0 R] >>"),
            (27, "<< /S /math /P 26 0 R /Pg 3 0 R /NS 71 0 R /K [28 0 R] >>"),
            (28, "<< /S /mi /P 27 0 R /Pg 3 0 R /NS 71 0 R /K 4 >>"),
            (29, "<< /S /FENote /P 21 0 R /Pg 3 0 R \(ns) /K 5 /Ref [24 0 R] >>"),
            (70, "<< /Type /Namespace /NS (http://iso.org/pdf2/ssn) >>"),
            (71, "<< /Type /Namespace /NS (http://www.w3.org/1998/Math/MathML) >>"),
        ]
        t.rootExtras = "/Namespaces [70 0 R 71 0 R]"
        let (_, html, _) = try semanticHTML(t.build())
        let r = XHTMLReader.read(html)
        #expect(r.error == nil, "\(html)")
        #expect(r.elements.contains { $0.name == "h1" })
        #expect(r.text.contains("Annual report"))
        let note = try #require(r.elements.first { $0.name == "aside" && $0.attributes["role"] == "note" })
        let noteID = try #require(note.attributes["id"])
        #expect(r.elements.contains { $0.name == "a" && $0.attributes["href"] == "#" + noteID && $0.attributes["role"] == "doc-noteref" })
        #expect(r.elements.contains { $0.name == "aside" && $0.attributes["role"] == nil }, "Aside is a complementary region")
        #expect(r.elements.contains { $0.name == "math" })
        #expect(html.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\">"))
        #expect(r.elements.contains { $0.name == "mi" })
        #expect(SemanticHTML.Writer.mathMLName("mi\"><script>") == "mrow")
    }

    @Test func taggedStructureBecomesElements() throws {
        var t = TaggedDocument()
        t.content = ["""
        /H1 << /MCID 0 >> BDC BT /F1 18 Tf 72 720 Td (Report) Tj ET EMC
        /P << /MCID 1 >> BDC BT /F1 12 Tf 72 690 Td (Opening words) Tj ET EMC
        /Artifact BMC BT /F1 9 Tf 72 30 Td (Page footer) Tj ET EMC
        /LI << /MCID 2 >> BDC BT /F1 12 Tf 90 660 Td (First item) Tj ET EMC
        /LI << /MCID 3 >> BDC BT /F1 12 Tf 90 645 Td (Second item) Tj ET EMC
        /TH << /MCID 4 >> BDC BT /F1 12 Tf 72 600 Td (Name) Tj ET EMC
        /TD << /MCID 5 >> BDC BT /F1 12 Tf 200 600 Td (Value) Tj ET EMC
        /Figure << /MCID 6 >> BDC 72 400 100 100 re f EMC
        /P << /MCID 7 >> BDC BT /F1 12 Tf 72 380 Td (Bonjour) Tj ET EMC
        """]
        t.objects = [
            (21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R 23 0 R 24 0 R 27 0 R 32 0 R 33 0 R] >>"),
            (22, "<< /S /H1 /P 21 0 R /Pg 3 0 R /K 0 >>"),
            (23, "<< /S /P /P 21 0 R /Pg 3 0 R /K 1 >>"),
            (24, "<< /S /L /P 21 0 R /Pg 3 0 R /K [25 0 R 26 0 R] /A << /O /List /ListNumbering /Disc >> >>"),
            (25, "<< /S /LI /P 24 0 R /Pg 3 0 R /K 2 >>"),
            (26, "<< /S /LI /P 24 0 R /Pg 3 0 R /K 3 >>"),
            (27, "<< /S /Table /P 21 0 R /Pg 3 0 R /K [28 0 R] >>"),
            (28, "<< /S /TR /P 27 0 R /Pg 3 0 R /K [29 0 R 30 0 R] >>"),
            (29, "<< /S /TH /P 28 0 R /Pg 3 0 R /K 4 /A << /O /Table /Scope /Column >> >>"),
            (30, "<< /S /TD /P 28 0 R /Pg 3 0 R /K 5 >>"),
            (32, "<< /S /Figure /P 21 0 R /Pg 3 0 R /K 6 /Alt (A black square) >>"),
            (33, "<< /S /P /P 21 0 R /Pg 3 0 R /K 7 /Lang (fr) >>"),
        ]
        let (doc, html, _) = try semanticHTML(t.build())
        #expect(doc.tagged)
        let r = XHTMLReader.read(html)
        #expect(r.error == nil)
        #expect(r.elements.first { $0.name == "html" }?.attributes["lang"] == "en-GB")
        #expect(r.count("h1") == 1 && r.count("ul") == 1 && r.count("li") == 2)
        #expect(r.elements.first { $0.name == "th" }?.attributes["scope"] == "col")
        #expect(r.elements.contains { $0.attributes["role"] == "img" && $0.attributes["aria-label"] == "A black square" })
        #expect(r.elements.contains { $0.name == "p" && $0.attributes["lang"] == "fr" })
        #expect(r.elements.contains { $0.name == "section" && $0.attributes["aria-label"] == "Page 1" })
        #expect(r.elements.first { $0.name == "title" } != nil && html.contains("<title>Test document</title>"))
        #expect(html.contains("Opening words") && html.contains("First item"))
        #expect(!html.contains("Page footer"), "artifacts are left out")
        let text = AccessibleText.render(doc)
        #expect(text.contains("Heading level 1: Report"))
        #expect(text.contains("• First item\n• Second item"))
        #expect(text.contains("[Figure: A black square]"))
    }

    @Test func untaggedDocumentGetsInferredHeadingAndList() throws {
        var b = PDFBuilder.simpleDocument()
        let content = """
        BT /F1 24 Tf 72 720 Td (Annual Plan) Tj ET
        BT /F1 11 Tf 72 690 Td (This plan lists the work for the coming year in order.) Tj ET
        BT /F1 11 Tf 72 675 Td (It is short, and it is written in plain words for all.) Tj ET
        BT /F1 11 Tf 72 645 Td (\\225 Repair the roof) Tj ET
        BT /F1 11 Tf 72 630 Td (\\225 Paint the hall) Tj ET
        BT /F1 11 Tf 72 615 Td (\\225 Plant the garden) Tj ET
        """
        b.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
        b.addStream(4, text: content)
        b.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        let (doc, html, _) = try semanticHTML(b.build().bytes)
        #expect(!doc.tagged)
        let r = XHTMLReader.read(html)
        #expect(r.error == nil)
        #expect(r.elements.contains { $0.name == "h1" && $0.attributes["data-inferred"] == "true" })
        #expect(r.count("ul") == 1 && r.count("li") == 3)
        #expect(html.contains("Repair the roof") && !html.contains("\u{2022}"))
    }

    @Test func paragraphsInsideOneLayoutBlockAreSplitAtIndentsAndShortLines() throws {
        var b = PDFBuilder.simpleDocument()
        let content = """
        BT /F1 11 Tf 72 700 Td (The first paragraph runs across the whole measure of the page) Tj ET
        BT /F1 11 Tf 72 687 Td (and then it stops here.) Tj ET
        BT /F1 11 Tf 84 674 Td (The second paragraph starts with an indent as books set them) Tj ET
        BT /F1 11 Tf 72 661 Td (and it goes on to the end of the measure of the page as well.) Tj ET
        """
        b.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
        b.addStream(4, text: content)
        b.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        let (_, html, _) = try semanticHTML(b.build().bytes)
        let r = XHTMLReader.read(html)
        #expect(r.error == nil)
        #expect(r.count("p") == 2, "\(html)")
        #expect(html.contains("stops here.</p>"))
    }
}
