import Foundation
import Synchronization
import PDFCore
import PDFFile
import PDFText
import PDFAudit

/// One opened document of the catalogue: its parsed file and text extractor (fonts shared
/// between its pages), and what is read of it once and kept — the structure tree's elements
/// by page, and the audit, run in the background on first use. Pages are extracted one at a
/// time when asked for (``PageCache`` keeps their overlay JSON); nothing here reads the
/// whole document's content for one page.
package final class OpenDocument: Sendable {
    package let entry: DocumentCatalog.Entry
    package let document: Document
    let extractor: TextExtractor
    private let audit = Mutex<AuditState>(.notStarted)
    private let structure = Mutex<StructureIndex?>(nil)
    private let extractions = Atomic<Int>(0)

    /// How many pages' overlays were extracted (each page once while the cache keeps it).
    package var pagesExtracted: Int { extractions.load(ordering: .relaxed) }
    func countExtraction() { extractions.add(1, ordering: .relaxed) }

    enum AuditState {
        case notStarted, running, done([Finding])
    }

    /// Opens `entry` (read through the catalogue's checks). Nil when the file cannot be read,
    /// parsed or unlocked without a password, or has no page.
    package convenience init?(entry: DocumentCatalog.Entry, catalog: DocumentCatalog, limits: Limits = .default) {
        guard let bytes = catalog.bytes(of: entry, limits: limits),
              let document = try? Document(bytes: bytes, limits: limits),
              !document.isLocked, document.pageCount > 0 else { return nil }
        self.init(entry: entry, document: document)
    }

    /// A document opened already (`pdftext view`, which opens its file as every command does).
    package init(entry: DocumentCatalog.Entry, document: Document) {
        self.entry = entry
        self.document = document
        self.extractor = TextExtractor(document: document, layout: LayoutOptions(), readsStructureConcurrently: true)
    }

    package var pageCount: Int { document.pageCount }

    /// Page labels, one per page (the page numbers when the document has none).
    package var labels: [String] {
        let labels = document.pageLabels ?? []
        return (0..<pageCount).map { $0 < labels.count ? labels[$0] : String($0 + 1) }
    }

    /// `/api/doc/<id>`: what the document is, without extracting a page.
    package func summary() -> JSONValue {
        var o = JSONObject()
        o["id"] = .string(entry.id)
        o["name"] = .string(entry.name)
        o["pages"] = .int(pageCount)
        o["title"] = document.info.title.map(JSONValue.string) ?? .null
        o["tagged"] = .bool(document.isTagged)
        o["pageLabels"] = .array(labels.map(JSONValue.string))
        return .object(o)
    }

    // MARK: The audit

    /// The audit's findings, when it has finished; the first call starts it on another
    /// thread. Waits at most `wait` for it.
    package func findings(wait: Duration) async -> [Finding]? {
        let start = audit.withLock { state -> Bool in
            guard case .notStarted = state else { return false }
            state = .running
            return true
        }
        if start {
            let document = self.document
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let report = Auditor().audit(document)
                audit.withLock { $0 = .done(report.findings) }
            }
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        while true {
            if case .done(let f) = audit.withLock({ $0 }) { return f }
            if clock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    // MARK: The structure tree

    /// The structure elements by page (read once, on first use).
    var structureIndex: StructureIndex {
        if let s = structure.withLock({ $0 }) { return s }
        let built = StructureIndex(tree: document.isTagged || document.catalog["StructTreeRoot"] != nil
                                   ? StructureTree(document: document) : nil)
        structure.withLock { $0 = built }
        return built
    }
}

/// The structure tree's elements as the page overlay needs them: for each page, the
/// elements that name marked content on it (by MCID), and every element's parent.
struct StructureIndex: Sendable {
    struct Element: Sendable {
        var role: String
        var depth: Int
        var parent: Int?
        var alt: String?
    }
    var elements: [Element] = []
    /// Page index → (element, MCID) pairs of marked content on that page's own content.
    var markedContent: [Int: [(element: Int, mcid: Int)]] = [:]

    init(tree: StructureTree?) {
        guard let tree else { return }
        for (k, e) in tree.elements.enumerated() {
            elements.append(Element(role: e.standardType ?? e.type, depth: e.depth, parent: e.parent, alt: e.alt))
            for kid in e.kids {
                if case .markedContent(let page, let mcid, let stream) = kid, stream == nil, let page {
                    markedContent[page, default: []].append((k, mcid))
                }
            }
        }
    }
}

/// A bounded least-recently-used cache.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var values: [Key: (value: Value, used: UInt64)] = [:]
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    func value(_ key: Key) -> Value? {
        state.withLock { s in
            guard let hit = s.values[key] else { return nil }
            s.clock &+= 1
            s.values[key] = (hit.value, s.clock)
            return hit.value
        }
    }

    func insert(_ value: Value, for key: Key) {
        state.withLock { s in
            s.clock &+= 1
            s.values[key] = (value, s.clock)
            if s.values.count > capacity, let oldest = s.values.min(by: { $0.value.used < $1.value.used })?.key {
                s.values[oldest] = nil
            }
        }
    }
}
