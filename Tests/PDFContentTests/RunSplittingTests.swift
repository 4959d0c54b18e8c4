import Testing
import PDFFile
import PDFFonts
import PDFTestSupport
import PDFCore
import PDFSyntax
import PDFGlyphs
@testable import PDFContent

/// The collector starts a new run where the full run key (font, size, colours, mode, span,
/// operator, writing mode) changes; it decides by operator, font and span, which is the
/// same on what the interpreter sends (one operator's glyphs share the rest). Checked here
/// against the full key, glyph by glyph, on recorded events.
@Suite struct RunSplittingTests {
    /// Where the full key says a run starts: the index of each run's first glyph.
    static func expectedRunStarts(_ events: [RecordingSink.Event]) -> [Int] {
        var starts: [Int] = []
        var last: Collecting.RunKey? = nil
        var spans: [Int32] = []
        var nextSpan: Int32 = 0
        var glyph = 0
        for event in events {
            switch event {
            case .begin:
                spans.append(nextSpan)
                nextSpan += 1
            case .end:
                _ = spans.popLast()
            case .glyph(let e):
                // Fonts by object: the test font is the only one, so its index is 0.
                let key = Collecting.RunKey(font: 0, size: e.fontSize, fill: e.fillColor, stroke: e.strokeColor,
                                            mode: e.renderingMode, span: spans.last ?? -1, serial: e.showSerial,
                                            writingMode: e.flags.contains(.vertical) ? 1 : 0)
                if last.map({ $0 == key }) != true { starts.append(glyph) }
                last = key
                glyph += 1
            case .path, .image:
                break
            }
        }
        return starts
    }

    /// A collector for a US Letter page fed recorded events, glyphs by value.
    static func collector(fedWith events: [RecordingSink.Event]) -> GlyphCollector {
        let box = Rect(x0: 0, y0: 0, x1: 612, y1: 792)
        let collector = GlyphCollector(pageIndex: 0, mediaBox: box, cropBox: box, rotation: 0)
        for event in events {
            switch event {
            case .begin(let tag, let properties): collector.beginMarkedContent(tag: Name(tag), properties: properties)
            case .end: collector.endMarkedContent()
            case .glyph(let e): collector.showGlyph(e)
            case .path(let p): collector.paintPath(p)
            case .image(let i): collector.paintImage(i)
            }
        }
        return collector
    }

    /// Feeds recorded events to a collector and returns its runs' first glyphs.
    static func collectedRunStarts(_ events: [RecordingSink.Event]) -> [Int] {
        collector(fedWith: events).finish(diagnostics: DiagnosticLog()).runs.map { Int($0.glyphs.lowerBound) }
    }

    static let content = """
        BT /F1 10 Tf 10 700 Td (AB) Tj [(C) -250 (D)] TJ (E) ' 2 1 (F) " \
        1 0 0 rg (GH) Tj 0 0 1 RG 2 Tr (IJ) Tj 0 Tr /F1 12 Tf (K) Tj \
        /P <</MCID 0>> BDC (LM) Tj EMC (N) Tj /Span <</ActualText (x)>> BDC (OP) Tj EMC (QR) Tj ET \
        q 1 0 0 1 5 5 cm /Fm1 Do Q BT /F1 10 Tf 10 600 Td (ST) Tj ET
        """

    @Test("a collector lent the interpreter's events builds the page it builds from the same events given by value")
    func lentEventsCollectLikeCopies() throws {
        let resources = "<< /Font << /F1 10 0 R >> /XObject << /Fm1 20 0 R >> >>"
        let form = [(20, "<< /Type /XObject /Subtype /Form /BBox [0 0 500 500] /Resources << /Font << /F1 10 0 R >> >> /Length 39 >>\nstream\nBT /F1 10 Tf 50 50 Td (UV) Tj (W) Tj ET\nendstream")]
        let (sink, _) = try record(Self.content, resources: resources, objects: form)
        let byValue = Self.collector(fedWith: sink.events)
        // The same content interpreted straight into a collector (`showGlyph(lending:)`).
        var b = PDFBuilder.simpleDocument()
        b.add(10, testFont)
        for (n, body) in form { b.add(n, body) }
        let doc = try Document(bytes: b.build().bytes)
        let box = Rect(x0: 0, y0: 0, x1: 612, y1: 792)
        let lent = GlyphCollector(pageIndex: 0, mediaBox: box, cropBox: box, rotation: 0)
        let interpreter = ContentInterpreter(store: doc.store, fonts: FontCache(store: doc.store), options: ExtractionOptions(), sink: lent)
        interpreter.run(Array(Self.content.utf8), resources: dictionary(resources))
        let a = byValue.finish(diagnostics: DiagnosticLog()), c = lent.finish(diagnostics: DiagnosticLog())
        #expect(c.glyphs.count == 23)
        #expect(a.glyphs == c.glyphs && a.runs == c.runs && a.scalars == c.scalars && a.markedContent == c.markedContent)
    }

    @Test("runs split where the full key changes: operators, colours, modes, sizes, spans and forms")
    func operatorsFontAndSpanDecide() throws {
        let (sink, _) = try record(Self.content,
                                   resources: "<< /Font << /F1 10 0 R >> /XObject << /Fm1 20 0 R >> >>",
                                   objects: [(20, "<< /Type /XObject /Subtype /Form /BBox [0 0 500 500] /Resources << /Font << /F1 10 0 R >> >> /Length 39 >>\nstream\nBT /F1 10 Tf 50 50 Td (UV) Tj (W) Tj ET\nendstream")])
        #expect(sink.glyphs.count == 23, "every letter painted: \(sink.text)")
        let expected = Self.expectedRunStarts(sink.events)
        #expect(expected.count >= 14, "the content changes runs often: \(expected)")
        #expect(Self.collectedRunStarts(sink.events) == expected)
    }

    @Test("a NaN size or colour ends the run at every glyph, as the full key's equality says")
    func notANumberNeverMatches() throws {
        let (sink, _) = try record("BT /F1 10 Tf 10 700 Td (ABC) Tj (DE) Tj ET")
        for (field, change) in [("size", { (e: inout GlyphEvent) in e.fontSize = .nan }),
                                ("fill", { (e: inout GlyphEvent) in e.fillColor.green = .nan }),
                                ("stroke", { (e: inout GlyphEvent) in e.strokeColor.alpha = .nan })] {
            // The first string's glyphs carry the NaN; the second string's do not.
            var seen = 0
            let events: [RecordingSink.Event] = sink.events.map { event in
                guard case .glyph(var e) = event else { return event }
                seen += 1
                if seen <= 3 { change(&e) }
                return .glyph(e)
            }
            let expected = Self.expectedRunStarts(events)
            #expect(expected == [0, 1, 2, 3], "\(field): \(expected)")
            #expect(Self.collectedRunStarts(events) == expected, "\(field)")
        }
    }
}
