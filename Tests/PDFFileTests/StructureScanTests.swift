import Foundation
import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

/// Structure elements read from their bytes give the walk what parsing them into objects
/// gives: the same order, roles, references and diagnostics, on real files and on elements
/// made to be awkward.
@Suite struct StructureScanTests {
    /// Everything a walk gives, as one comparable value.
    struct Walked: Equatable {
        var order: [Int: [Int]]
        var roles: [Int: [Int: String]]
        var streams: [StructureOrder.StreamContentReference]
        var objects: [StructureOrder.ObjectReference]
        var diagnostics: [String]
    }

    static func walk(_ doc: Document, scans: Bool, maxNodes: Int = StructureOrder.defaultMaxNodes) -> Walked {
        let o = StructureOrder(document: doc, maxNodes: maxNodes, scansElements: scans)
        return Walked(order: o.orderByPage, roles: o.rolesByPage, streams: o.streamReferences, objects: o.objectReferences,
                      diagnostics: o.diagnostics.map { "\($0.code) \($0.message) \($0.objectNumber.map(String.init) ?? "")" })
    }

    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func pdfs(under root: URL) -> [URL] {
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".pdf") }.sorted().map { root.appendingPathComponent($0) }
    }

    func compare(_ files: [URL]) throws -> (tagged: Int, elementsSeen: Int, scanned: Int) {
        var tagged = 0, seen = 0, scanned = 0
        for url in files {
            guard let bytes = try? [UInt8](Data(contentsOf: url)), let doc = try? Document(bytes: bytes) else { continue }
            let walked = Self.walk(doc, scans: true)
            let parsed = Self.walk(doc, scans: false)
            #expect(walked == parsed, "\(url.lastPathComponent)")
            scanned += StructureOrder(document: doc).scannedElements
            if !parsed.order.isEmpty || !parsed.objects.isEmpty { tagged += 1 }
            seen += parsed.order.values.reduce(0) { $0 + $1.count }
            // Also with a node cap that stops the walk part-way.
            let cap = max(1, parsed.order.values.reduce(0) { $0 + $1.count } / 2)
            #expect(Self.walk(doc, scans: true, maxNodes: cap) == Self.walk(doc, scans: false, maxNodes: cap), "\(url.lastPathComponent) capped")
        }
        return (tagged, seen, scanned)
    }

    @Test("Corpus: scanned and parsed elements walk alike")
    func corpus() throws {
        let (tagged, seen, scanned) = try compare(Self.pdfs(under: Self.projectRoot.appendingPathComponent("Corpus")))
        #expect(tagged >= 10 && seen > 100 && scanned > 100, "\(tagged) tagged files, \(seen) MCIDs, \(scanned) elements scanned")
    }

    @Test("shared corpus: scanned and parsed elements walk alike", .enabled(if: SharedCorpus.isAvailable, "\(SharedCorpus.skipMessage)"))
    func shared() throws {
        let (tagged, seen, scanned) = try compare(SharedCorpus.allPDFs.map { SharedCorpus.url($0) })
        #expect(tagged >= 100 && seen > 1000 && scanned > 1000, "\(tagged) tagged files, \(seen) MCIDs, \(scanned) elements scanned")
    }

    @Test("awkward elements: escaped names, strings, nesting, nulls, duplicates, streams and damage")
    func awkward() throws {
        let elements: [(Int, String)] = [
            (20, "<< /Type /StructTreeRoot /K [21 0 R 22 0 R 23 0 R 24 0 R 25 0 R 26 0 R 27 0 R 28 0 R 29 0 R 30 0 R 31 0 R 32 0 R 33 0 R] >>"),
            (21, "<< /Type /StructElem /S /P /Pg 3 0 R /T (a (nested) title \\) with escapes) /A << /O /Layout /BBox [1 2 3 4] >> /K [0 1] >>"),
            (22, "<< /Type /StructElem /#53 /H1 /Pg 3 0 R /K 2 >>"),                // an escaped key: parsed
            (23, "<< /Type /StructElem /S /Span /K null /K 3 /Pg 3 0 R >>"),         // /K after a null one
            (24, "<< /Type /StructElem /S /P /S null /Pg 3 0 R /K [4 null << /Type /MCR /MCID 5 /Pg 3 0 R >>] >>"),
            (25, "<< /Type /StructElem /S /Figure /Pg 3 0 R /K [[6 7]] >>"),          // nested kids array: parsed
            (26, "<< /Type /StructElem /S /P /Pg 3 0 R /K 8.5 >>"),                  // a real kid: a diagnostic
            (27, "<< /Type /StructElem /S (P) /Pg 3 0 R /K 9 >>"),                   // /S a string: no role
            (28, "<< /Type /StructElem /S /Link /Pg 3 0 R /K [<< /Type /OBJR /Obj 40 0 R >> 10] >>"),
            (29, "<< /Type /StructElem /S /P /Pg 99 0 R /K 11 >>"),                  // /Pg not a page
            (30, "<< /Type /StructElem /S /NonStruct /Pg 3 0 R /K << /S /Span /K 12 >> >>"),
            (31, "<< /Length 0 /S /P /K 13 >>\nstream\n\nendstream"),                // a stream
            (32, "<< /Type /StructElem /S /P /Pg 3 0 R /K [14 <abc> 15] >>"),        // a string kid
            (33, "<< /Type /StructElem /S /P /Pg 3 0 R /K 21 0 R /ID <0102> >>"),     // a loop
            (40, "<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] >>"),
        ]
        var b = PDFBuilder.simpleDocument(pages: 1, catalogExtras: "/StructTreeRoot 20 0 R /MarkInfo << /Marked true >>")
        for (n, body) in elements { b.add(n, body) }
        let doc = try Document(bytes: b.build().bytes)
        let scanned = Self.walk(doc, scans: true), parsed = Self.walk(doc, scans: false)
        #expect(scanned == parsed)
        let scannedCount = StructureOrder(document: doc).scannedElements
        // Read from their bytes: 21, 23, 24, 28, 29, 30 and 33; the others are left to the parser.
        #expect(scannedCount == 7, "\(scannedCount) of 13 elements read from their bytes")
        #expect(parsed.order[0]?.prefix(6) == [0, 1, 2, 3, 4, 5], "\(parsed.order)")
        #expect(parsed.roles[0]?[12] == "Span" && parsed.objects.count == 1 && !parsed.diagnostics.isEmpty)
        // The cap cuts both walks at the same node.
        for cap in 1...40 { #expect(Self.walk(doc, scans: true, maxNodes: cap) == Self.walk(doc, scans: false, maxNodes: cap), "cap \(cap)") }
    }

    @Test("the table of written offsets: in-file objects at their offsets, cached ones left to the cache, none when encrypted")
    func writtenOffsets() throws {
        var b = PDFBuilder.simpleDocument(pages: 1, catalogExtras: "/StructTreeRoot 20 0 R")
        b.add(20, "<< /Type /StructTreeRoot /K [21 0 R 22 0 R] >>")
        b.add(21, "<< /Type /StructElem /S /P /Pg 3 0 R /K 0 >>")
        b.add(22, "<< /Type /StructElem /S /H1 /Pg 3 0 R /K 1 >>")
        let doc = try Document(bytes: b.build().bytes)
        let store = doc.store
        _ = store.resolve(.reference(ObjectID(22)), keep: true)
        let offsets = try #require(store.writtenOffsets())
        #expect(offsets.count == store.objectCount)
        for n in 1..<offsets.count {
            if n == 22 {
                #expect(offsets[n] == -1, "cached: read from the cache")
            } else {
                #expect(offsets[n] == store.writtenOffset(ObjectID(n)).map { Int32($0) } ?? -1, "object \(n)")
            }
        }
        #expect(offsets[21] >= 0 && offsets[0] == -1)
        let walked = Self.walk(doc, scans: true)
        #expect(walked == Self.walk(doc, scans: false))
        #expect(walked.order[0] == [0, 1] && walked.roles[0]?[1] == "H1")
    }

    @Test("raw tokens: references as the parser reads them, strings and names passed over")
    func rawTokens() {
        func tokens(_ text: String, _ body: (inout RawScanner) -> Void) {
            Array(text.utf8).withUnsafeBufferPointer { b in
                var l = RawScanner(b)
                body(&l)
            }
        }
        tokens("12 0 R 5 0 obj 7 -1 R 3 65536 R 4 0 Rx 8 % c\n 0 %d\n R (a(b)c\\)) <41 42> /Na#20me [1 2] << /A 1 >> true null 4.5 -3 1234567890123456789 (open") { l in
            #expect(l.next() == .reference(ObjectID(12, 0)))
            #expect(l.next() == .integer(5))
            #expect(l.next() == .integer(0))
            #expect(l.next() == .keyword(.obj))
            #expect(l.next() == .integer(7))
            #expect(l.next() == .integer(-1))
            #expect(l.next() == .keyword(.R))
            #expect(l.next() == .integer(3))
            #expect(l.next() == .integer(65536))
            #expect(l.next() == .keyword(.R))
            #expect(l.next() == .integer(4))
            #expect(l.next() == .integer(0))
            #expect(l.next() == .keyword(.other), "Rx is not R")
            #expect(l.next() == .reference(ObjectID(8, 0)), "comments between the parts")
            #expect(l.next() == .string)
            #expect(l.next() == .string)
            guard case .name(let s, let e, true) = l.next() else { Issue.record("escaped name"); return }
            #expect(e - s == 7)
            let array = l.next(), arraySkipped = l.skipValue(array, depth: 0, maxDepth: 4)
            let dict = l.next(), dictSkipped = l.skipValue(dict, depth: 0, maxDepth: 4)
            #expect(array == .arrayOpen && arraySkipped && dict == .dictOpen && dictSkipped)
            #expect(l.next() == .true && l.next() == .null && l.next() == .real)
            #expect(l.next() == .integer(-3))
            #expect(l.next() == .integer(1_234_567_890_123_456_789), "19 digits: read as the lexer reads them")
            #expect(l.next() == .unterminated)
            #expect(l.next() == .eof)
        }
        // A generation read by the digit fast path or the lexer: a reference exactly when the
        // parser reads one.
        for g in ["0", "00", "7", "65535", "65536", "99999", "123456", "0.0", "0e1", "0x", ".0", "+0", "-0", "00000", "000000", "0#", "0(", "0/", "0%c\n"] {
            let text = "12 \(g) R"
            var parser = Parser(bytes: Array("[\(text)]".utf8))
            let first = (try? parser.parseObject())?.array?.first
            tokens(text) { l in
                if case .reference(let id)? = first {
                    #expect(l.next() == .reference(id), "\(text)")
                } else {
                    #expect(l.next() == .integer(12), "\(text)")
                }
            }
        }
        // The same numbers as the lexer gives.
        let numbers = "0 7 42 123456789012345678 1234567890123456789 99999999999999999999 -5 +6 007 1.5 .5 4. 1e3 --5 4.-2"
        tokens(numbers) { l in
            var lexer = Lexer(bytes: Array(numbers.utf8))
            while true {
                let raw = l.next(), token = lexer.next()
                if token == .eof { #expect(raw == .eof); break }
                switch token {
                case .integer(let i): #expect(raw == .integer(i), "\(i)")
                case .real: #expect(raw == .real)
                case .keyword(let k, _): #expect(raw == .keyword(k))
                default: Issue.record("unexpected \(token)")
                }
            }
        }
        tokens("[[[1]]]") { l in
            let first = l.next(), skipped = l.skipValue(first, depth: 0, maxDepth: 2)
            #expect(!skipped, "nested deeper than allowed")
        }
        tokens("<< /A [1 2 >>") { l in
            let first = l.next(), skipped = l.skipValue(first, depth: 0, maxDepth: 8)
            #expect(!skipped)
        }
    }
}
