import Testing
import PDFCore
import PDFSyntax
import PDFFonts
import PDFTestSupport
import PDFGlyphs
@testable import PDFFile
@testable import PDFContent

/// Annotations that paint nothing are recognised from their bytes; anything the painting
/// decision would resolve, or that is unusual, is left to the full reading.
@Suite struct AnnotationPeekTests {
    func peek(_ body: String) -> (subtype: Name?, appearance: Bool)? {
        let bytes = Array(("<<" + body + ">>").utf8)
        return bytes.withUnsafeBufferPointer { b -> (subtype: Name?, appearance: Bool)? in
            var s = RawScanner(b)
            guard s.next() == .dictOpen else { return nil }
            return AnnotationPeek.read(&s, maxNesting: 16)
        }
    }

    @Test("what the bytes say, and what is left to the parser")
    func decisions() throws {
        let link = try #require(peek("/Type /Annot /Subtype /Link /Border [0 0 0] /Rect [1 2.5 3 4] /A << /S /URI /URI (http://x.org/a\\)b) >> /F 4"))
        #expect(link.subtype == "Link" && !link.appearance)
        let widget = try #require(peek("/Subtype /Widget /AP << /N 12 0 R >> /Rect [0 0 1 1]"))
        #expect(widget.subtype == "Widget" && widget.appearance)
        #expect(peek("/Subtype /Link /AP null")?.appearance == false, "a null entry is no entry")
        #expect(peek("/Subtype /Link /Subtype (Widget)")?.subtype == nil, "a later entry replaces an earlier one")
        #expect(peek("/Subtype 5 0 R /Rect [0 0 1 1]") == nil, "a subtype elsewhere")
        #expect(peek("/Subtype /Li#6Ek") == nil, "an escaped name")
        #expect(peek("/Subtype /Link /Rect 7 0 R") == nil, "a rectangle elsewhere")
        #expect(peek("/Subtype /Link /Rect [0 0 1 8 0 R]") == nil, "a number elsewhere")
        #expect(peek("/Subtype /Link /F 9 0 R") == nil, "flags elsewhere")
        #expect(peek("/Subtype /Link /OC << /Type /OCMD >>") == nil, "optional content")
        #expect(peek("/Subtype /Link /T (not closed") == nil)
        #expect(peek("/Subtype /Link /A << /D [1 0 R /XYZ 0 0 null] >> /StructParent 3 /P 4 0 R")?.subtype == "Link",
                "references elsewhere are passed over")
    }

    @Test("a document's links are passed over, its appearances painted, in the file or in an object stream")
    func documents() throws {
        for compressed in [false, true] {
            var b = PDFBuilder()
            b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
            b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 200] >>")
            b.add(3, "<< /Type /Page /Parent 2 0 R /Resources << >> /Contents 4 0 R /Annots [10 0 R 11 0 R 12 0 R] >>")
            b.addStream(4, text: "")
            b.add(10, "<< /Type /Annot /Subtype /Link /Rect [0 0 50 10] /A << /S /URI /URI (http://example.org) >> >>", compressed: compressed)
            b.add(11, "<< /Type /Annot /Subtype /Stamp /Rect [10 100 110 120] /AP << /N 20 0 R >> >>", compressed: compressed)
            b.add(12, "<< /Type /Annot /Subtype /Link /Rect [0 20 50 30] /AP << /N 20 0 R >> >>", compressed: compressed)
            b.addStream(20, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Resources << /Font << /F1 21 0 R >> >>",
                        text: "BT /F1 12 Tf 2 5 Td (Stamped) Tj ET")
            b.add(21, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
            let doc = try Document(bytes: b.build(xref: compressed ? .stream : .table).bytes)
            let fonts = FontCache(store: doc.store)
            let glyphs = extractGlyphs(document: doc, pageIndex: 0, fonts: fonts, options: { var o = ExtractionOptions(); o.includeAnnotations = true; return o }())
            #expect(glyphs.paintingOrderText == "StampedStamped", "compressed: \(compressed)")
            // The link reads from its bytes (for an object stream, once the stream is decoded).
            let link = doc.store.scanWrittenDictionary(ObjectID(10)) { AnnotationPeek.read(&$0, maxNesting: 16) }
            #expect(link?.subtype == "Link" && link?.appearance == false, "compressed: \(compressed)")
            #expect(doc.store.scanWrittenDictionary(ObjectID(20)) { _ in true } == nil, "a stream is left to the parser")
            #expect(!doc.store.isCached(10), "the link is not kept")
        }
    }
}
