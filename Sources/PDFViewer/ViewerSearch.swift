import PDFCore
import PDFFile
import PDFGlyphs
import PDFSearch
import PDFSearchIndex

/// A request the viewer refuses: its status and a message that names nothing outside the
/// roots.
package struct ViewerError: Error, Sendable, Equatable {
    package var status: Int
    package var message: String
    package init(_ status: Int, _ message: String) { self.status = status; self.message = message }
}

extension Viewer {
    /// Hits asked for at most.
    package static let maxHits = 100
    /// Snippet length, characters.
    package static let snippetLength = 200

    /// `/api/search?q=…&limit=…`: the pages of the index that match, best first, each with
    /// its snippet (the matches between U+0002 and U+0003) and the matches' boxes in page
    /// space. Hits in files outside the catalogue are left out.
    package func searchJSON(query: String, limit: Int) throws(ViewerError) -> [UInt8] {
        var o = JSONObject()
        o["query"] = .string(query)
        let index: SearchIndex
        switch search {
        case .ready(let i): index = i
        case .none, .building, .failed:
            if case .building = search { o["pending"] = .bool(true) }
            if case .failed(let why) = search { o["unavailable"] = .string(why) }
            o["hits"] = .array([])
            return Self.json(.object(o))
        }
        let parsed: SearchQuery
        do { parsed = try SearchQuery(query, tokenizer: index.tokenizer) } catch {
            throw ViewerError(400, "query: \(error)")
        }
        let results: SearchIndex.Results
        do { results = try index.search(parsed, limit: max(1, min(limit, Self.maxHits))) } catch {
            throw ViewerError(500, "the search index cannot be read")
        }
        o["total"] = .int(results.total)
        o["hits"] = .array(results.hits.compactMap(hitJSON))
        return Self.json(.object(o))
    }

    /// One hit, or nil when its file is not in the catalogue or its page is gone.
    func hitJSON(_ hit: SearchIndex.Hit) -> JSONValue? {
        guard let canonical = DocumentCatalog.canonical(hit.file), let entry = catalog.byID[DocumentCatalog.id(of: canonical)],
              let doc = document(entry.id), hit.page >= 1, hit.page <= doc.pageCount else { return nil }
        let info = doc.document.pages[hit.page - 1]
        var j = JSONObject()
        j["doc"] = .string(entry.id)
        j["name"] = .string(entry.name)
        j["page"] = .int(hit.page)
        j["label"] = .string(hit.label ?? doc.labels[hit.page - 1])
        j["snippet"] = .string(hit.snippet(length: Self.snippetLength, markStart: "\u{2}", markEnd: "\u{3}"))
        let toPage = Self.displayToPage(info)
        j["boxes"] = .array(hit.matches.flatMap(\.boxes).compactMap { box in
            guard let m = toPage else { return nil }
            let r = Quad(box).transformed(by: m).bounds
            return [r.x0, r.y0, r.x1, r.y1].allSatisfy(\.isFinite) ? JSONValue.rect(r) : nil
        })
        return .object(j)
    }

    /// Display space (the index's boxes: origin top-left of the crop box as shown, after
    /// /Rotate, /UserUnit applied) → page space; nil when the page's transform has no inverse.
    static func displayToPage(_ info: PageInfo) -> Matrix? {
        var g = PageGlyphs(pageIndex: info.index, mediaBox: info.mediaBox, cropBox: info.cropBox, rotation: info.rotation)
        g.userUnit = info.userUnit
        return inverse(g.displayTransform)
    }

    static func inverse(_ m: Matrix) -> Matrix? {
        let det = m.a * m.d - m.b * m.c
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let a = m.d / det, b = -m.b / det, c = -m.c / det, d = m.a / det
        return Matrix(a: a, b: b, c: c, d: d, e: -(m.e * a + m.f * c), f: -(m.e * b + m.f * d))
    }
}
