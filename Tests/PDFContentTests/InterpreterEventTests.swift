import Testing
import PDFCore
import PDFSyntax
import PDFGlyphs
@testable import PDFContent

@Suite struct InterpreterEventTests {
    @Test("paths report page-space bounds, stroke/fill, colour and line width; n paints nothing")
    func paths() throws {
        let (sink, _) = try record("2 0 0 2 0 0 cm 1 0 0 RG 0.5 w 10 10 m 60 10 l S 0 0 1 rg 5 5 10 20 re f 0 0 5 5 re n")
        #expect(sink.paths.count == 2)
        let rule = sink.paths[0]
        #expect(rule.isStroked && !rule.isFilled)
        #expect(rule.lineWidth == 1)  // 0.5 × scale 2
        #expect(rule.bounds == Rect(x0: 19.5, y0: 19.5, x1: 120.5, y1: 20.5))
        #expect(rule.color == RGBA(red: 1, green: 0, blue: 0))
        let box = sink.paths[1]
        #expect(box.isFilled && !box.isStroked)
        #expect(box.bounds == Rect(x0: 10, y0: 10, x1: 30, y1: 50))
        #expect(box.color == RGBA(red: 0, green: 0, blue: 1))
    }

    @Test("image XObjects and inline images paint the unit square mapped by the CTM")
    func images() throws {
        let (sink, _) = try record("q 100 0 0 50 10 20 cm /Im1 Do BI /W 1 /H 1 /BPC 8 /CS /G ID \u{0} EI Q",
                                   resources: "<< /XObject << /Im1 20 0 R >> >>",
                                   objects: [(20, "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 >>")])
        // Object 20 is a dictionary here, not a stream: it is not painted.
        #expect(sink.images.count == 1)
        #expect(sink.images[0].isInline)
        #expect(sink.images[0].quad.bounds == Rect(x0: 10, y0: 20, x1: 110, y1: 70))
    }

    @Test("marked-content events carry the properties; unbalanced EMC is not passed on; open spans are closed")
    func markedContentEvents() throws {
        let (sink, log) = try record("EMC /P << /MCID 1 /Nested << /A [1 [2 3]] >> >> BDC /Span BMC EMC")
        guard sink.events.count == 4 else { Issue.record("expected 4 events, got \(sink.events.count)"); return }
        if case .begin(let tag, let props) = sink.events[0] {
            #expect(tag == "P")
            #expect(props?["MCID"]?.integer == 1)
            #expect(props?["Nested"]?.dictionary?["A"]?.array?[1].array?.count == 2)
        } else { Issue.record("expected begin") }
        if case .begin(let tag, let props) = sink.events[1] {
            #expect(tag == "Span")
            #expect(props == nil)
        } else { Issue.record("expected begin") }
        if case .end = sink.events[2] {} else { Issue.record("expected end") }
        if case .end = sink.events[3] {} else { Issue.record("expected the unclosed span to be closed") }
        #expect(log.contains(.contentUnbalanced))
    }

    @Test("glyph events: one show serial per operator, Trm, colours and advance")
    func glyphEvents() throws {
        let (sink, _) = try record("BT /F1 20 Tf 0.5 g 10 10 Td (AB) Tj [(C) 100 (D)] TJ ET")
        let g = sink.glyphs
        #expect(g.count == 4)
        #expect(g.map(\.showSerial) == [1, 1, 2, 2])
        #expect(g[0].textMatrix == Matrix(a: 20, b: 0, c: 0, d: 20, e: 10, f: 10))
        #expect(g[0].advance == 10)
        #expect(g[0].fillColor == RGBA(red: 0.5, green: 0.5, blue: 0.5))
        #expect(near(g[3].origin, 38, 10))   // 10 + 3 × 10 − 2
        #expect(sink.text == "ABCD")
    }

    @Test("text without Tf uses the fallback font with a diagnostic")
    func noFont() throws {
        let (sink, log) = try record("BT 10 10 Td (A) Tj ET")
        #expect(sink.glyphs.count == 1)
        #expect(log.contains(.fontNotSet))
    }

    @Test("a missing font falls back with a diagnostic; ExtGState /Font sets the font")
    func fonts() throws {
        let (sink, log) = try record("/GS1 gs BT 10 10 Td (A) Tj /F9 12 Tf (B) Tj ET",
                                     resources: "<< /Font << /F1 10 0 R >> /ExtGState << /GS1 << /Font [10 0 R 30] >> >> >>")
        #expect(sink.glyphs.map(\.fontSize) == [30, 12])
        #expect(!log.contains(.fontNotSet))
        #expect(log.contains(.resourceMissing))
    }

    @Test("a Type 3 font maps widths through its FontMatrix and boxes through d1")
    func type3() throws {
        var page = TestPage("BT /T3 10 Tf 100 100 Td (ab) Tj ET")
        page.resources += " /Font << /F1 10 0 R /T3 40 0 R >>"
        page.objects = [(40, "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 100 100] /FontMatrix [0.01 0 0 0.01 0 0] /CharProcs << /a 41 0 R /b 41 0 R >> /Encoding << /Differences [97 /a /b] >> /FirstChar 97 /LastChar 98 /Widths [50 80] /Resources << >> >>")]
        page.streams = [(41, "", "50 0 0 -20 40 70 d1 0 0 40 90 re f")]
        let p = try page.extract()
        #expect(p.glyphs.count == 2)
        #expect(near(p.glyphs[0].origin, 100, 100))
        #expect(p.paths.isEmpty)   // glyph procedures paint nothing of the page's
        #expect(near(p.glyphs[1].origin, 105, 100))          // 50 × 0.01 × 10
        let box = p.glyphs[0].quad.bounds
        #expect(abs(box.y0 - 98) < 1e-9)                        // d1 lly −20 × 0.01 × 10
        #expect(abs(box.y1 - 107) < 1e-9)                       // d1 ury 70
    }
}
