import Foundation
import Synchronization
import PDFCore
import PDFFile
import PDFSearchIndex
import PDFAudit

/// What `pdftext serve` serves: the catalogue of documents, the documents opened (an LRU of
/// them) and their pages' overlays (an LRU of JSON), the search index, pdf.js and the
/// per-client rate limit. The routes are ``ViewerResponder``'s.
package final class Viewer: Sendable {
    package struct Settings: Sendable {
        /// Open documents kept.
        package var cachedDocuments = 8
        /// Page overlays kept, over all documents.
        package var cachedPages = 128
        /// How long a page request waits for the document's audit, counted from the request:
        /// past the page's extraction only what is left of it. Then it answers with
        /// `findingsPending` (the audit goes on; a later request has the findings).
        package var auditWait: Duration = .milliseconds(100)
        /// The rate limit per client.
        package var burst = 600
        package var perSecond = 200.0
        package var pdfjsRoot = PDFJSFiles.defaultRoot
        package var limits = Limits.default
        package init() {}
    }

    package let catalog: DocumentCatalog
    package let settings: Settings
    package let pdfjs: PDFJSFiles
    package let limiter: RateLimiter
    let documents: LRUCache<String, OpenDocument>
    let pages: LRUCache<String, CachedOverlay>
    private let searchState = Mutex<SearchState>(.none)
    /// Page counts by document id, as documents are opened or counted.
    private let pageCounts = Mutex<[String: Int]>([:])
    /// Catalogues up to this size get every page count in `/api/docs` (each file read once,
    /// on the first call); larger ones only those of documents opened so far.
    package static let countedCatalogue = 200

    /// Where search stands.
    package enum SearchState: Sendable {
        /// No index: search answers with no hit.
        case none
        /// An index is being built (`serve` without `--db`).
        case building
        case ready(SearchIndex)
        case failed(String)
    }

    package init(catalog: DocumentCatalog, settings: Settings = Settings()) {
        self.catalog = catalog
        self.settings = settings
        self.pdfjs = PDFJSFiles(root: settings.pdfjsRoot)
        self.limiter = RateLimiter(burst: settings.burst, perSecond: settings.perSecond)
        self.documents = LRUCache(capacity: settings.cachedDocuments)
        self.pages = LRUCache(capacity: settings.cachedPages)
    }

    package var search: SearchState {
        get { searchState.withLock { $0 } }
        set { searchState.withLock { $0 = newValue } }
    }

    /// Opens the index at `path` read-only for search.
    package func useIndex(path: String) {
        do {
            search = .ready(try SearchIndex(path: path, create: false, readOnly: true))
        } catch {
            search = .failed("the search index cannot be opened")
        }
    }

    /// The opened document with this id, or nil when the catalogue has none or it cannot be
    /// opened.
    package func document(_ id: String) -> OpenDocument? {
        guard let entry = catalog.byID[id] else { return nil }
        if let d = documents.value(id) { return d }
        guard let d = OpenDocument(entry: entry, catalog: catalog, limits: settings.limits) else { return nil }
        documents.insert(d, for: id)
        pageCounts.withLock { $0[id] = d.pageCount }
        return d
    }

    /// `/api/doc/<id>/page/<n>` as JSON bytes; nil when the page does not exist. The
    /// overlay comes from the page cache, or is extracted now on another thread; the audit's
    /// findings, which may come later, are added as the answer is written.
    package func pageJSON(_ doc: OpenDocument, page n: Int) async -> [UInt8]? {
        guard n >= 1, n <= doc.pageCount else { return nil }
        let key = doc.entry.id + "/" + String(n)
        if let cached = pages.value(key) {
            // Kept already: answered at once, with the findings if the audit has them by now.
            return cached.answer(await doc.findings(wait: .zero), index: n - 1)
        }
        // The audit starts (on the document's first page) and runs beside the extraction;
        // the answer waits for it only what is left of `auditWait` once the page is ready.
        let clock = ContinuousClock()
        let start = clock.now
        _ = await doc.findings(wait: .zero)
        let overlay: CachedOverlay = await withCheckedContinuation { done in
            DispatchQueue.global(qos: .userInitiated).async {
                done.resume(returning: CachedOverlay(PageOverlay.build(doc, index: n - 1)))
            }
        }
        pages.insert(overlay, for: key)
        let left = settings.auditWait - (clock.now - start)
        return overlay.answer(await doc.findings(wait: max(.zero, left)), index: n - 1)
    }

    /// JSON text for a browser: `<`, `>` and `&` (which only strings can hold) escaped too,
    /// so that no PDF-derived text reads as markup even where JSON ends up inside HTML.
    package static func json(_ value: JSONValue) -> [UInt8] {
        var raw: [UInt8] = []
        value.write(to: &raw)
        var out: [UInt8] = []
        out.reserveCapacity(raw.count + 16)
        for b in raw {
            switch b {
            case UInt8(ascii: "<"): out.append(contentsOf: Array("\\u003c".utf8))
            case UInt8(ascii: ">"): out.append(contentsOf: Array("\\u003e".utf8))
            case UInt8(ascii: "&"): out.append(contentsOf: Array("\\u0026".utf8))
            default: out.append(b)
            }
        }
        return out
    }

    /// `/api/docs`.
    package func docsJSON() -> [UInt8] {
        var o = JSONObject()
        o["docs"] = .array(catalog.entries.map { e in
            var j = JSONObject()
            j["id"] = .string(e.id)
            j["name"] = .string(e.name)
            j["pages"] = pageCount(e).map(JSONValue.int) ?? .null
            return .object(j)
        })
        return Self.json(.object(o))
    }

    /// The page count of a catalogue entry: known, or read now when the catalogue is small.
    func pageCount(_ e: DocumentCatalog.Entry) -> Int? {
        if let n = pageCounts.withLock({ $0[e.id] }) { return n }
        guard catalog.entries.count <= Self.countedCatalogue, let bytes = catalog.bytes(of: e, limits: settings.limits),
              let d = try? Document(bytes: bytes, limits: settings.limits) else { return nil }
        let n = d.pageCount
        pageCounts.withLock { $0[e.id] = n }
        return n
    }
}

/// A page's overlay in the page cache: its JSON text without the closing brace, so that an
/// answer is these bytes and the findings known at the time.
struct CachedOverlay: Sendable {
    let head: [UInt8]

    init(_ overlay: JSONObject) {
        head = Array(Viewer.json(.object(overlay)).dropLast())
    }

    /// The page's JSON with `findings` and `findingsPending` last.
    func answer(_ findings: [Finding]?, index: Int) -> [UInt8] {
        let tail = Viewer.json(.object(PageOverlay.adding(findings, to: JSONObject(), index: index)))
        return head + [UInt8(ascii: ",")] + tail.dropFirst()
    }
}
