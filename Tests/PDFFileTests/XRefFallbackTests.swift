import Foundation
import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

/// Cross-reference data that reads but leads nowhere (garbage entries, a catalog or page tree
/// marked free, absurd /W, /Index or predictor values, an empty stream, a damaged /Prev
/// chain) is replaced by a rebuild from a scan of the file, as data that cannot be read is.
@Suite struct XRefFallbackTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/hostile")

    /// The class 12 fixtures of `tools/corpus/hostile/c12_xref.py` whose page is recovered.
    static let recovered = [
        "xref-stream-catalog-only", "xref-stream-predictor-columns-1e9",
        "xref-stream-w-8-8-8", "xref-stream-w-huge-negative", "xref-stream-index-nowhere",
        "xref-stream-decodes-to-nothing", "xref-stream-prev-chain-damaged", "xref-table-pages-free",
        "xref-stream-garbage-objstm", "xref-stream-garbage-objstm-encrypted",
    ]

    static func load(_ name: String) throws -> Document {
        let data = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".pdf").path))
        return try Document(bytes: Array(data))
    }

    @Test("the page and its text are found through a rebuild", arguments: recovered)
    func recovers(_ name: String) throws {
        let doc = try Self.load(name)
        #expect(doc.pageCount == 1)
        let page = try #require(doc.pages.first)
        guard case .stream(let s) = doc.store.resolve(page.dictionary["Contents"]) else {
            Issue.record("no content stream")
            return
        }
        let text = String(decoding: doc.store.streamData(s).bytes, as: UTF8.self)
        #expect(text.contains("(Recovered xref text) Tj"))
        #expect(doc.store.wasRepaired)
        #expect(doc.diagnostics.contains(.xrefRepaired))
        // The font resolves too: the whole file is read through the rebuilt data.
        #expect(doc.store.dictionary(doc.store.dictionary(page.resources?["Font"])?["F1"])?["BaseFont"] == .name("Helvetica"))
    }

    @Test("entries into an object stream that does not exist: each object is found by the rescan, no rebuild")
    func garbageEntriesFoundOneByOne() throws {
        let doc = try Self.load("xref-stream-garbage-entries")
        #expect(doc.pageCount == 1)
        #expect(!doc.store.wasRepaired && doc.store.xrefSectionOffsets.count == 1)
        let messages = doc.diagnostics.entries.filter { $0.code == .objectOffsetWrong }.map(\.message)
        #expect(messages.contains("object not found in object stream 9999; found by scanning"))
    }

    @Test("the catalog inside an object stream the entries miss: rebuilt once the page tree gives nothing")
    func rebuiltAfterOpening() throws {
        for name in ["xref-stream-garbage-objstm", "xref-stream-garbage-objstm-encrypted"] {
            let doc = try Self.load(name)
            // Opening trusts an entry into an object stream for the catalog (it cannot be
            // checked cheaply); the page tree's emptiness is what shows the data is garbage.
            #expect(!doc.store.wasRepaired && doc.store.xrefSectionOffsets.count == 1, "\(name)")
            #expect(doc.pageCount == 1, "\(name)")
            let messages = doc.diagnostics.entries.filter { $0.code == .xrefRepaired }.map(\.message)
            #expect(messages == ["cross-reference data does not lead to the document catalog; rebuilt by scanning the file"], "\(name)")
            #expect(doc.store.xrefSectionOffsets.isEmpty, "\(name)")
        }
        // The encrypted one: the rebuild read its object stream with the document's key.
        #expect(try Self.load("xref-stream-garbage-objstm-encrypted").isEncrypted)
    }

    @Test("a catalog whose page tree is marked free: rebuilt, with the reason")
    func pageTreeFree() throws {
        let doc = try Self.load("xref-table-pages-free")
        #expect(doc.pageCount == 1)
        let messages = doc.diagnostics.entries.filter { $0.code == .xrefRepaired }.map(\.message)
        #expect(messages == ["cross-reference data leads to a page tree with no page, but the file holds page objects; rebuilt by scanning the file"])
    }

    @Test("no catalog anywhere: no rebuild, no page, and the file is known to hold page objects")
    func noCatalog() throws {
        let doc = try Self.load("xref-stream-no-catalog-anywhere")
        #expect(doc.pageCount == 0)
        #expect(doc.holdsPageObjects)
        #expect(!doc.store.wasRepaired)
    }

    @Test("a document with no page and no page object is empty, not damaged: no rebuild")
    func emptyDocument() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        let doc = try Document(bytes: b.build(xref: .stream).bytes)
        #expect(doc.pageCount == 0)
        #expect(!doc.holdsPageObjects)
        #expect(!doc.store.wasRepaired)
        #expect(!doc.diagnostics.contains(.xrefRepaired))
    }

    @Test("a good file is not rebuilt, and a rebuild happens at most once")
    func repairIsOnce() throws {
        let good = try Document(bytes: PDFBuilder.simpleDocument(pages: 2).build(xref: .stream).bytes)
        #expect(good.pageCount == 2 && !good.store.wasRepaired)
        #expect(good.store.repairFromScan(reason: "test"))
        #expect(good.store.wasRepaired)
        #expect(!good.store.repairFromScan(reason: "again"))
        #expect(good.diagnostics.entries.filter { $0.code == .xrefRepaired }.count == 1)
    }
}
