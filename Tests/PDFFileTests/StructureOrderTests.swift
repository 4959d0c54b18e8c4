import Foundation
import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

@Suite struct StructureOrderTests {
    /// A document with `pages` pages (objects 3, 4, …) whose catalog points at structure
    /// tree root 20; `objects` adds the tree's objects.
    func tagged(pages: Int = 1, marked: Bool = true, _ objects: [(Int, String)], limits: Limits = .default) throws -> Document {
        var b = PDFBuilder.simpleDocument(pages: pages, catalogExtras: "/StructTreeRoot 20 0 R" + (marked ? " /MarkInfo << /Marked true >>" : ""))
        for (n, body) in objects { b.add(n, body) }
        return try Document(bytes: b.build().bytes, limits: limits)
    }

    @Test("nested elements give their MCIDs depth-first in tree order, with their roles")
    func nested() throws {
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K 21 0 R >>"),
            (21, "<< /Type /StructElem /S /Document /Pg 3 0 R /K [22 0 R 23 0 R 24 0 R] >>"),
            (22, "<< /Type /StructElem /S /H1 /K 2 >>"),
            (23, "<< /Type /StructElem /S /P /K [0 << /Type /MCR /MCID 1 >>] >>"),
            (24, "<< /Type /StructElem /S /Sect /K [<< /S /P /K 4 >> << /S /Figure /K 3 >>] >>"),
        ])
        let order = StructureOrder(document: doc)
        #expect(order.isTagged)
        #expect(order.mcids(forPage: 0) == [2, 0, 1, 4, 3])
        #expect(order.roles(forPage: 0) == [2: "H1", 0: "P", 1: "P", 4: "P", 3: "Figure"])
        #expect(order.diagnostics.isEmpty)
        #expect(order.pagesWithContent == [0])
    }

    @Test("an MCR's own /Pg wins over its element's; elements inherit /Pg from ancestors")
    func pagesOfMCRsAndInheritance() throws {
        let doc = try tagged(pages: 2, [
            (20, "<< /Type /StructTreeRoot /K [21 0 R] >>"),
            (21, "<< /S /Document /Pg 3 0 R /K [22 0 R 23 0 R] >>"),
            // No /Pg: page 0 from the Document element.
            (22, "<< /S /P /K [5 6] >>"),
            // A paragraph running over the page break: one MCID on each page.
            (23, "<< /S /P /Pg 3 0 R /K [7 << /Type /MCR /Pg 4 0 R /MCID 0 >>] >>"),
        ])
        let order = StructureOrder(document: doc)
        #expect(order.mcids(forPage: 0) == [5, 6, 7])
        #expect(order.mcids(forPage: 1) == [0])
        #expect(order.roles(forPage: 1) == [0: "P"])
        #expect(order.mcids(forPage: 2) == nil)
        #expect(order.diagnostics.isEmpty)
    }

    @Test("two pages, each element with its own /Pg, the second page's content first in the tree")
    func twoPages() throws {
        let doc = try tagged(pages: 2, [
            (20, "<< /Type /StructTreeRoot /K << /S /Document /K [30 0 R 31 0 R 32 0 R] >> >>"),
            (30, "<< /S /H1 /Pg 4 0 R /K [0 1] >>"),
            (31, "<< /S /P /Pg 3 0 R /K [1 0] >>"),
            (32, "<< /S /P /Pg 4 0 R /K 2 >>"),
        ])
        let order = StructureOrder(document: doc)
        #expect(order.mcids(forPage: 0) == [1, 0])
        #expect(order.mcids(forPage: 1) == [0, 1, 2])
        #expect(order.roles(forPage: 1) == [0: "H1", 1: "H1", 2: "P"])
        #expect(order.pagesWithContent == [0, 1])
    }

    @Test("form XObject references and object references are recorded, not put in the page order")
    func streamAndObjectReferences() throws {
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K [21 0 R] >>"),
            (21, "<< /S /Sect /Pg 3 0 R /K [0 << /Type /MCR /MCID 0 /Stm 40 0 R >> << /Type /OBJR /Obj 41 0 R >> 1] >>"),
            (40, "<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] >>"),
            (41, "<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] >>"),
        ])
        let order = StructureOrder(document: doc)
        #expect(order.mcids(forPage: 0) == [0, 1])
        #expect(order.streamReferences == [.init(pageIndex: 0, stream: ObjectID(40), mcid: 0, role: "Sect")])
        #expect(order.objectReferences == [.init(pageIndex: 0, object: ObjectID(41), role: "Sect")])
    }

    @Test("a cycle is cut where an element comes round again; what was read is kept")
    func cycle() throws {
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K 21 0 R >>"),
            (21, "<< /S /Document /Pg 3 0 R /K [22 0 R 23 0 R] >>"),
            (22, "<< /S /P /K [0 21 0 R] >>"),   // back to the Document element
            (23, "<< /S /P /K [1 22 0 R] >>"),   // and a second way into 22
        ])
        let order = StructureOrder(document: doc)
        #expect(order.mcids(forPage: 0) == [0, 1])
        #expect(order.diagnostics.contains(.structureTreeLoop))
        #expect(order.diagnostics.entries.filter { $0.code == .structureTreeLoop }.count == 2)
    }

    @Test("a tree deeper than the recursion limit is read down to the limit")
    func overDeep() throws {
        // Elements 100…199 nest one in the next; element 100+k holds MCID k first.
        var objects: [(Int, String)] = [(20, "<< /Type /StructTreeRoot /K 100 0 R >>")]
        for k in 0..<100 {
            let next = k < 99 ? " \(101 + k) 0 R" : ""
            objects.append((100 + k, "<< /S /Div /Pg 3 0 R /K [\(k)\(next)] >>"))
        }
        var limits = Limits.default
        limits.maxRecursionDepth = 40
        let order = StructureOrder(document: try tagged(objects, limits: limits))
        let mcids = try #require(order.mcids(forPage: 0))
        #expect(mcids == Array(0..<mcids.count))
        #expect(mcids.count >= 39 && mcids.count <= 41)
        #expect(order.diagnostics.contains(.structureTreeTooLarge))
        // With the default limit the whole chain is read.
        let full = StructureOrder(document: try tagged(objects))
        #expect(full.mcids(forPage: 0) == Array(0..<100))
        #expect(full.diagnostics.isEmpty)
    }

    @Test("the node cap stops a huge tree")
    func nodeCap() throws {
        let kids = (0..<500).map(String.init).joined(separator: " ")
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K 21 0 R >>"),
            (21, "<< /S /P /Pg 3 0 R /K [\(kids)] >>"),
        ])
        let order = StructureOrder(document: doc, maxNodes: 100)
        let mcids = try #require(order.mcids(forPage: 0))
        #expect(mcids.count < 100)
        #expect(mcids == Array(0..<mcids.count))
        #expect(order.diagnostics.contains(.structureTreeTooLarge))
        #expect(StructureOrder(document: doc).mcids(forPage: 0)?.count == 500)
    }

    @Test("damage: a /Pg that is no page, an MCID with no page, a kid of the wrong type")
    func damage() throws {
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K [21 0 R 22 0 R] >>"),
            (21, "<< /S /P /Pg 99 0 R /K [0 (text) 1] >>"),
            (22, "<< /S /P /Pg 3 0 R /K [2 << /MCID 3 >>] >>"),   // an MCR without /Type
        ])
        let order = StructureOrder(document: doc)
        #expect(order.mcids(forPage: 0) == [2, 3])
        #expect(order.diagnostics.contains(.structureTreeDamaged))
        #expect(order.diagnostics.count == 3)  // the bad /Pg, MCIDs with no page (once), the string
    }

    @Test("an untagged file: not tagged, nothing named, no diagnostics")
    func untagged() throws {
        let doc = try Document(bytes: PDFBuilder.simpleDocument(pages: 2).build().bytes)
        let order = StructureOrder(document: doc)
        #expect(!order.isTagged)
        #expect(order.mcids(forPage: 0) == nil)
        #expect(order.roles(forPage: 0).isEmpty)
        #expect(order.diagnostics.isEmpty)
        // /MarkInfo /Marked true alone counts as tagged.
        let marked = StructureOrder(document: try Document(bytes: PDFBuilder.simpleDocument(catalogExtras: "/MarkInfo << /Marked true >>").build().bytes))
        #expect(marked.isTagged)
        #expect(marked.mcids(forPage: 0) == nil)
        // A structure tree without /MarkInfo also counts.
        let unmarked = try tagged(marked: false, [(20, "<< /Type /StructTreeRoot /K << /S /P /Pg 3 0 R /K 0 >> >>")])
        #expect(StructureOrder(document: unmarked).isTagged)
    }

    // MARK: Shared corpus

    /// The veraPDF PDF/UA-1 and PDF/UA-2 test files in the shared corpus.
    static let corpus: URL = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    static var corpusFiles: [URL] {
        ["pdfua1", "pdfua2"].flatMap { folder -> [URL] in
            guard let e = FileManager.default.enumerator(at: corpus.appendingPathComponent(folder), includingPropertiesForKeys: nil) else { return [] }
            return e.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "pdf" }
        }.sorted { $0.path < $1.path }
    }

    /// The MCIDs a page's content streams mark (`/MCID n` in a property list), found in the
    /// decoded bytes.
    static func markedMCIDs(page: PageInfo, store: ObjectStore) -> Set<Int> {
        var streams: [PDFObject] = []
        switch store.resolve(page.dictionary["Contents"]) {
        case .array(let a): streams = a
        case .stream: streams = [page.dictionary["Contents"]!]
        default: break
        }
        var out: Set<Int> = []
        let key = Array("/MCID".utf8)
        for s in streams {
            guard case .stream(let stream) = store.resolve(s) else { continue }
            let bytes = store.streamData(stream).bytes
            var i = 0
            while i + key.count < bytes.count {
                if bytes[i] == 0x2F, Array(bytes[i..<i + key.count]) == key {
                    var j = i + key.count
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                    var n = 0, digits = 0
                    while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { n = n * 10 + Int(bytes[j] - 0x30); j += 1; digits += 1 }
                    if digits > 0 { out.insert(n) }
                    i = j
                } else {
                    i += 1
                }
            }
        }
        return out
    }

    @Test("PDF/UA files: the MCIDs the tree puts on a page are marked in that page's content")
    func pdfuaCorpus() throws {
        let files = Self.corpusFiles
        guard !files.isEmpty else {
            print("StructureOrderTests: \(Self.corpus.path) not found; skipped")
            return
        }
        var checked = 0, tagged = 0, pages = 0, named = 0
        var mismatches: [String] = [], withDiagnostics: [String] = []
        for url in files {
            guard let doc = try? Document(bytes: [UInt8](try Data(contentsOf: url))) else { continue }
            checked += 1
            let order = StructureOrder(document: doc)
            guard order.isTagged else { continue }
            tagged += 1
            if !order.diagnostics.isEmpty { withDiagnostics.append("\(url.lastPathComponent): \(order.diagnostics.entries.first!.message)") }
            for page in doc.pages {
                guard let mcids = order.mcids(forPage: page.index) else { continue }
                pages += 1
                named += mcids.count
                #expect(Set(mcids).count == mcids.count)
                #expect(Set(order.roles(forPage: page.index).keys) == Set(mcids))
                let missing = Set(mcids).subtracting(Self.markedMCIDs(page: page, store: doc.store))
                if !missing.isEmpty {
                    mismatches.append("\(url.lastPathComponent) p\(page.index + 1): \(missing.sorted().prefix(5))")
                }
            }
        }
        print("StructureOrderTests: \(checked) PDF/UA files opened, \(tagged) tagged, \(pages) pages with \(named) MCIDs; "
              + "pages naming an MCID their content lacks: \(mismatches.count) \(mismatches.prefix(10)); "
              + "files with diagnostics: \(withDiagnostics.count) \(withDiagnostics.prefix(10))")
        #expect(tagged > 0 && named > 0)
        // Some test files break the tagging on purpose (7.1-t01-pass-b: "P has not MCID").
        #expect(mismatches.count * 50 <= pages, "\(mismatches)")
    }

    @Test("the walk does not keep the elements it read in the store's cache; a damaged one, with its diagnostic, is kept")
    func walkLeavesCacheAlone() throws {
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K 21 0 R >>"),
            (21, "<< /Type /StructElem /S /Document /Pg 3 0 R /K [22 0 R 23 0 R] >>"),
            (22, "<< /Type /StructElem /S /P /K 0 >>"),
            // Not closed: the parser recovers it and reports the damage.
            (23, "<< /Type /StructElem /S /P /K [1 2"),
        ])
        let order = StructureOrder(document: doc)
        #expect(order.mcids(forPage: 0) == [0, 1, 2])
        let store = doc.store
        #expect(!store.isCached(21) && !store.isCached(22))
        #expect(store.isCached(23))
        // Read again, by the walk or anything else, the damage is not reported a second time.
        let reported = store.diagnostics.count
        #expect(reported > 0)
        _ = StructureOrder(document: doc)
        _ = store.object(ObjectID(23))
        #expect(store.diagnostics.count == reported)
        // An ordinary resolve still caches.
        _ = store.object(ObjectID(22))
        #expect(store.isCached(22))
        #expect(store.resolveOnce(.reference(ObjectID(22))) == store.object(ObjectID(22)))
    }

    @Test("elements read as written entries give the order and roles the full parse gives, damaged ones included")
    func writtenEntriesAgree() throws {
        let objects: [(Int, String)] = [
            (20, "<< /Type /StructTreeRoot /K 21 0 R >>"),
            (21, "<< /Type /StructElem /S /Document /Pg 3 0 R /K [22 0 R 23 0 R 24 0 R 25 0 R] >>"),
            (22, "<< /Type /StructElem /S /H1 /S /H2 /K [2 << /Type /MCR /MCID 5 >>] >>"),
            (23, "<< /Type /StructElem /S /P /K 26 0 R >>"),
            (26, "[0 1]"),
            (24, "<< /Type /StructElem /S /NonStruct /K [27 0 R 4] >>"),
            (27, "<< /S /Span /K 3 "),
            (25, "<< /Type /StructElem /S /Figure /K 21 0 R >>"),
        ]
        let order = StructureOrder(document: try tagged(objects))
        #expect(order.mcids(forPage: 0) == [2, 5, 0, 1, 3, 4])
        #expect(order.roles(forPage: 0) == [2: "H2", 5: "H2", 0: "P", 1: "P", 3: "Span", 4: "Document"])
        #expect(order.diagnostics.contains(.structureTreeLoop))
        let doc = try tagged(objects)
        #expect(doc.store.writtenEntries(ObjectID(22)) != nil)
        #expect(doc.store.writtenEntries(ObjectID(26)) == nil)   // an array
        #expect(doc.store.writtenEntries(ObjectID(27)) == nil)   // damaged: the full parse reports it
        // One reader for several objects, a failed one among them, reads each as a new one would.
        var reader: ObjectStore.EntryReader? = nil
        for n in [21, 27, 26, 24, 22, 25] {
            #expect(doc.store.writtenEntries(ObjectID(n), reader: &reader) == doc.store.writtenEntries(ObjectID(n)), "object \(n)")
        }
        _ = doc.store.object(ObjectID(22))
        #expect(doc.store.writtenEntries(ObjectID(22)) == nil)   // cached: the cached object is used
        if case .dictionary(let e) = doc.store.resolveOnceForLookup(.reference(ObjectID(22))) {
            #expect(e["S"] == .name("H2"))
        } else {
            Issue.record("object 22 is a dictionary")
        }
    }
}
