import PDFCore
import PDFFile
import PDFText
import PDFAudit

/// `/api/doc/<id>/page/<n>`: one page's overlay data, every coordinate in page space
/// (default user space, y up): words, lines, blocks in reading order, glyphs with the source
/// of their Unicode, structure elements with their bounds on the page, and audit findings.
package enum PageOverlay {
    /// The most glyphs listed for one page (``glyphsTruncated`` says when there were more).
    package static let maxGlyphs = 50_000
    /// Characters of a block's text listed.
    package static let blockTextLength = 80

    /// The overlay of page `index` (0-based) of `doc`, extracted now, without the audit's
    /// findings (``adding(_:to:index:)``).
    package static func build(_ doc: OpenDocument, index: Int) -> JSONObject {
        let info = doc.document.pages[index]
        doc.countExtraction()
        let page = doc.extractor.page(index)
        let layout = page.layout
        var o = JSONObject()
        o["page"] = .int(index + 1)
        o["mediaBox"] = rect(info.mediaBox)
        o["cropBox"] = rect(info.cropBox)
        o["rotation"] = .int(info.rotation)
        o["userUnit"] = .double(info.userUnit)
        o["label"] = .string(doc.labels[index])
        o["words"] = .array(layout.words.map { w in
            var j = JSONObject()
            j["text"] = .string(layout.text(w.characters))
            j["rect"] = rect(w.bounds)
            return .object(j)
        })
        var blockOfLine = [Int](repeating: -1, count: layout.lines.count)
        for (k, b) in layout.blocks.enumerated() {
            for l in Int(b.lines.lowerBound)..<Int(b.lines.upperBound) where l >= 0 && l < blockOfLine.count { blockOfLine[l] = k }
        }
        o["lines"] = .array(layout.lines.enumerated().map { k, line in
            var j = JSONObject()
            j["rect"] = rect(line.bounds)
            j["block"] = .int(blockOfLine[k])
            return .object(j)
        })
        let reason = orderReason(layout)
        o["order"] = .object({ var j = JSONObject(); j["source"] = .string(layout.orderSource.rawValue)
            j["confidence"] = .double(layout.orderConfidence); return j }())
        let levels = headingLevels(page)
        o["blocks"] = .array(layout.blocks.enumerated().map { k, b in
            var j = JSONObject()
            j["order"] = .int(k)
            j["rect"] = rect(b.bounds)
            j["kind"] = .string(levels[k] == nil ? kindName(b.kind) : "heading")
            if let level = levels[k] { j["level"] = .int(level) }
            j["text"] = .string(blockText(layout, b))
            j["reason"] = .string(reason)
            return .object(j)
        })
        let glyphs = page.glyphs
        o["glyphs"] = .array(glyphs.glyphs.indices.prefix(maxGlyphs).map { g in
            let glyph = glyphs.glyphs[g]
            var j = JSONObject()
            j["quad"] = quad(glyph.quad)
            j["text"] = .string(glyphs.text(of: g))
            j["source"] = .string(sourceName(glyph.unicodeSource))
            return .object(j)
        })
        o["glyphsTruncated"] = .bool(glyphs.glyphs.count > maxGlyphs)
        o["structure"] = .array(structure(doc.structureIndex, glyphs: glyphs))
        return o
    }

    /// The overlay with the findings of the document's audit on page `index` (nil: the
    /// audit has not finished; `findingsPending` says so).
    package static func adding(_ findings: [Finding]?, to overlay: JSONObject, index: Int) -> JSONObject {
        var o = overlay
        o["findings"] = .array((findings ?? []).filter { $0.location.pageIndex == index }.map(finding))
        o["findingsPending"] = .bool(findings == nil)
        return o
    }

    /// The heading level of each block (nil: not a heading), inferred on this page as the
    /// styled formats infer it (`HeadingInference`: larger or bold short blocks beside the
    /// page's body size).
    static func headingLevels(_ page: PageText) -> [Int?] {
        let options = HeadingOptions()
        var sizes: [Double: Int] = [:]
        HeadingInference.countSizes(page, into: &sizes, options: options)
        let blocks = page.layout.blocks.map { HeadingBlock($0, in: page, options: options) }
        return HeadingInference.levels(blocks, bodySize: HeadingInference.commonestSize(sizes), options: options)
    }

    /// How the page's order was decided, as the layout reports it.
    static func orderReason(_ layout: PageLayout) -> String {
        let confidence = JSONValue.number((layout.orderConfidence * 100).rounded() / 100)
        switch layout.orderSource {
        case .structureTree: return "structure tree (its order agreed with the geometry)"
        case .geometry: return "geometry: lines, blocks and columns on the page (confidence \(confidence))"
        case .contentStream: return "content stream order"
        }
    }

    /// The block kinds the web app knows: body text is a paragraph.
    static func kindName(_ kind: BlockKind) -> String {
        switch kind {
        case .text: "paragraph"
        case .table: "table"
        case .header: "header"
        case .footer: "footer"
        case .pageNumber: "pageNumber"
        case .diagonal: "diagonal"
        }
    }

    /// A glyph's ``UnicodeSource`` as the API names it.
    package static func sourceName(_ source: UnicodeSource) -> String {
        switch source {
        case .toUnicode: "toUnicode"
        case .encoding: "encoding"
        case .glyphName: "glyphName"
        case .fontProgram: "fontProgram"
        case .actualText: "actualText"
        case .ocr: "ocr"
        case .guessed: "guessed"
        case .none: "none"
        }
    }

    /// The first ``blockTextLength`` characters of a block, its lines joined by spaces.
    static func blockText(_ layout: PageLayout, _ block: LayoutBlock) -> String {
        var out = String.UnicodeScalarView()
        let lo = max(0, Int(block.lines.lowerBound)), hi = min(layout.lines.count, Int(block.lines.upperBound))
        var count = 0
        for l in lo..<max(lo, hi) {
            if !out.isEmpty { out.append(" "); count += 1 }
            let r = layout.lines[l].characters
            for c in layout.characters[max(0, Int(r.lowerBound))..<min(layout.characters.count, Int(r.upperBound))] {
                guard count < blockTextLength else { return String(out) }
                out.append(c.scalar)
                count += 1
            }
        }
        return String(out)
    }

    static func quad(_ q: Quad) -> JSONValue {
        .array([q.lowerLeft, q.lowerRight, q.upperRight, q.upperLeft].flatMap { [coordinate($0.x), coordinate($0.y)] })
    }

    /// A rectangle `[x0, y0, x1, y1]`, coordinates to 1/100 pt.
    static func rect(_ r: Rect) -> JSONValue {
        .array([coordinate(r.x0), coordinate(r.y0), coordinate(r.x1), coordinate(r.y1)])
    }

    /// A coordinate rounded to 1/100 pt (finer than any screen shows; the JSON is half as
    /// long). Non-finite values become null.
    static func coordinate(_ v: Double) -> JSONValue {
        let r = (v * 100).rounded() / 100
        return .double(r.isFinite ? r : v)
    }

    static func finding(_ f: Finding) -> JSONValue {
        var j = JSONObject()
        j["rule"] = .string(f.ruleID)
        j["severity"] = .string(f.severity.rawValue)
        j["message"] = .string(f.message)
        if let r = f.location.bbox, [r.x0, r.y0, r.x1, r.y1].allSatisfy(\.isFinite) { j["rect"] = rect(r) }
        return .object(j)
    }

    /// Structure elements with marked content on this page, in tree order, each with the
    /// bounds of its glyphs here (an element's bounds hold its descendants').
    static func structure(_ index: StructureIndex, glyphs: PageGlyphs) -> [JSONValue] {
        guard let named = index.markedContent[glyphs.pageIndex], !named.isEmpty else { return [] }
        // MCID → bounds of the glyphs in its marked content (the innermost span with an MCID).
        var boundsOfMCID: [Int: Rect] = [:]
        var mcidOfSpan = [Int?](repeating: nil, count: glyphs.markedContent.count)
        for k in glyphs.markedContent.indices {
            var s = k, steps = 0
            while s >= 0, s < glyphs.markedContent.count, steps < 256 {
                if let m = glyphs.markedContent[s].mcid { mcidOfSpan[k] = m; break }
                s = Int(glyphs.markedContent[s].parent)
                steps += 1
            }
        }
        for run in glyphs.runs {
            let span = Int(run.markedContent)
            guard span >= 0, span < mcidOfSpan.count, let mcid = mcidOfSpan[span] else { continue }
            for g in Int(run.glyphs.lowerBound)..<Int(run.glyphs.upperBound) where g >= 0 && g < glyphs.glyphs.count {
                let b = glyphs.glyphs[g].quad.bounds
                guard [b.x0, b.y0, b.x1, b.y1].allSatisfy(\.isFinite) else { continue }
                boundsOfMCID[mcid] = boundsOfMCID[mcid].map { union($0, b) } ?? b
            }
        }
        var bounds: [Int: Rect] = [:]
        for (element, mcid) in named {
            guard let b = boundsOfMCID[mcid] else { continue }
            // The element and its ancestors.
            var e: Int? = element, steps = 0
            while let k = e, k >= 0, k < index.elements.count, steps < 4096 {
                bounds[k] = bounds[k].map { union($0, b) } ?? b
                e = index.elements[k].parent
                steps += 1
            }
        }
        return bounds.keys.sorted().map { k in
            let e = index.elements[k]
            var j = JSONObject()
            j["role"] = .string(e.role)
            j["rect"] = rect(bounds[k]!)
            j["depth"] = .int(e.depth)
            if let alt = e.alt { j["alt"] = .string(alt) }
            return .object(j)
        }
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        Rect(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
    }
}

extension PageOverlay {
    /// `/api/doc/<id>/findings`: every finding of the document's audit with its page
    /// (1-based, null for document-level ones); `pending` when the audit has not finished.
    package static func documentFindings(_ findings: [Finding]?) -> JSONValue {
        var o = JSONObject()
        o["pending"] = .bool(findings == nil)
        o["findings"] = .array((findings ?? []).map { f in
            guard case .object(var j) = finding(f) else { return .null }
            j["page"] = f.location.pageIndex.map { .int($0 + 1) } ?? .null
            return .object(j)
        })
        return .object(o)
    }
}
