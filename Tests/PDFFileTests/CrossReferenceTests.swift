import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

func open(_ bytes: [UInt8], limits: Limits = .default) throws -> Document {
    try Document(bytes: bytes, limits: limits)
}

func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

/// A document with an Info dictionary (object 9) and a three-page tree.
func infoDocument(title: String = "Original") -> PDFBuilder {
    var b = PDFBuilder.simpleDocument(pages: 3)
    b.add(9, "<< /Title (\(title)) /Author (Ada) >>")
    return b
}

@Suite struct CrossReferenceTests {
    @Test("classic table: pages, info and no diagnostics")
    func classicTable() throws {
        let doc = try open(infoDocument().build(trailer: "/Info 9 0 R").bytes)
        #expect(doc.pageCount == 3)
        #expect(doc.info.title == "Original")
        #expect(doc.info.author == "Ada")
        #expect(!doc.store.wasRepaired)
        #expect(doc.diagnostics.isEmpty)
    }

    @Test("cross-reference stream")
    func xrefStream() throws {
        let doc = try open(infoDocument().build(xref: .stream, trailer: "/Info 9 0 R").bytes)
        #expect(doc.pageCount == 3)
        #expect(doc.info.title == "Original")
        #expect(!doc.store.wasRepaired)
    }

    @Test("object stream objects resolve through type 2 entries")
    func objectStreams() throws {
        var b = PDFBuilder(version: "1.5")
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>", compressed: true)
        b.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>", compressed: true)
        b.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 200] >>", compressed: true)
        b.add(4, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>")
        b.add(9, "<< /Title (Packed) >>", compressed: true)
        let doc = try open(b.build(xref: .stream, trailer: "/Info 9 0 R", objectStreamNumber: 20).bytes)
        #expect(doc.pageCount == 2)
        #expect(doc.pages[0].mediaBox == Rect(x0: 0, y0: 0, x1: 100, y1: 200))
        #expect(doc.pages[1].mediaBox == Rect(x0: 0, y0: 0, x1: 300, y1: 400))
        #expect(doc.info.title == "Packed")
        #expect(!doc.store.wasRepaired)
    }

    @Test("hybrid file: /XRefStm supplies the objects the table leaves out")
    func hybrid() throws {
        var b = PDFBuilder(version: "1.5")
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", compressed: true)
        b.add(3, "<< /Type /Page /Parent 2 0 R >>", compressed: true)
        b.add(9, "<< /Title (Hybrid) >>", compressed: true)
        let doc = try open(b.build(xref: .hybrid, trailer: "/Info 9 0 R", objectStreamNumber: 20).bytes)
        #expect(doc.pageCount == 1)
        #expect(doc.info.title == "Hybrid")
        #expect(!doc.store.wasRepaired)
        #expect(doc.store.xrefSectionOffsets.count == 1)
    }

    @Test("incremental update: the newest definition wins through /Prev")
    func incrementalUpdate() throws {
        let base = infoDocument().build(trailer: "/Info 9 0 R")
        let updated = PDFBuilder.appendUpdate(to: base, objects: [(9, "<< /Title (Revised) >>")], size: 10, trailer: "/Info 9 0 R")
        let doc = try open(updated.bytes)
        #expect(doc.info.title == "Revised")
        #expect(doc.info.author == nil)
        #expect(doc.pageCount == 3)
        #expect(doc.store.xrefSectionOffsets == [updated.xrefOffset, base.xrefOffset])
        #expect(!doc.store.wasRepaired)
    }

    @Test("incremental update that adds a page: the older sections still supply the rest")
    func incrementalAddsPage() throws {
        let base = PDFBuilder.simpleDocument(pages: 1).build()
        let updated = PDFBuilder.appendUpdate(to: base, objects: [
            (2, "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 /MediaBox [0 0 612 792] >>"),
            (5, "<< /Type /Page /Parent 2 0 R /Rotate 90 >>"),
        ], size: 6)
        let doc = try open(updated.bytes)
        #expect(doc.pageCount == 2)
        #expect(doc.pages[1].rotation == 90)
    }

    @Test("a /Prev chain that loops is cut with a diagnostic")
    func prevLoop() throws {
        let base = infoDocument().build(trailer: "/Info 9 0 R")
        // Point the first table's /Prev at itself.
        var text = String(decoding: base.bytes, as: UTF8.self)
        text = text.replacingFirst("/Info 9 0 R >>", with: "/Info 9 0 R /Prev \(base.xrefOffset) >>")
        let doc = try open(bytes(text))
        #expect(doc.info.title == "Original")
        #expect(doc.diagnostics.contains(.xrefPrevLoop))
    }

    @Test("a subsection written as '1 N' that holds object 0 is read as starting at 0")
    func offByOneSubsection() throws {
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        var text = String(decoding: out.bytes, as: UTF8.self)
        text = text.replacingFirst("xref\n0 11\n", with: "xref\n1 11\n")
        let doc = try open(bytes(text))
        #expect(doc.info.title == "Original")
        #expect(doc.pageCount == 3)
        #expect(doc.diagnostics.contains(.xrefSubsectionShifted))
        #expect(!doc.store.wasRepaired)
    }

    @Test("table entries with one-byte line endings and stray spaces still read")
    func lineEndings() throws {
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        var text = String(decoding: out.bytes, as: UTF8.self)
        text = text.replacingOccurrences(" n\r\n", with: " n\n").replacingOccurrences(" f\r\n", with: " f \r")
        let doc = try open(bytes(text))
        #expect(doc.info.title == "Original")
        #expect(!doc.store.wasRepaired)
    }

    @Test("junk before %PDF- shifts every offset; objects are still found")
    func junkBeforeHeader() throws {
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        let doc = try open(bytes("GARBAGE FROM A MAIL GATEWAY\n") + out.bytes)
        #expect(doc.info.title == "Original")
        #expect(doc.pageCount == 3)
        #expect(doc.store.headerOffset == 28)
        #expect(!doc.store.wasRepaired)   // the shifted table is used, not rebuilt
    }

    @Test("a reference chain that loops resolves to null")
    func referenceLoop() throws {
        var b = PDFBuilder.simpleDocument()
        b.add(7, "8 0 R")
        b.add(8, "7 0 R")
        let doc = try open(b.build().bytes)
        #expect(doc.store.resolve(.reference(ObjectID(7))) == .null)
    }

    @Test("a stream whose /Length is an indirect object, and one whose /Length is wrong")
    func streamLengths() throws {
        var b = PDFBuilder.simpleDocument()
        b.addStream(10, text: "0123456789", length: "11 0 R")
        b.add(11, "10")
        b.addStream(12, text: "abcdef", length: "3")
        let doc = try open(b.build().bytes)
        guard case .stream(let s10) = doc.store.object(ObjectID(10)), case .stream(let s12) = doc.store.object(ObjectID(12)) else {
            Issue.record("streams missing"); return
        }
        #expect(doc.store.streamData(s10).bytes == bytes("0123456789"))
        #expect(doc.store.streamData(s12).bytes == bytes("abcdef"))
        #expect(doc.diagnostics.contains(.streamLengthWrong))
    }

    @Test("object count limit: a table declaring too many objects is refused, then repaired")
    func objectCountLimit() throws {
        var limits = Limits()
        limits.maxObjectCount = 5
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        #expect(throws: PDFError.self) { _ = try open(out.bytes, limits: limits) }
        limits.maxObjectCount = 100
        #expect(try open(out.bytes, limits: limits).pageCount == 3)
    }
}

@Suite struct RepairTests {
    @Test("no startxref: rebuilt by scanning, with a diagnostic")
    func missingStartXRef() throws {
        let out = infoDocument().build(xref: .none)
        // No trailer at all: the catalog is found by its /Type.
        let doc = try open(out.bytes)
        #expect(doc.pageCount == 3)
        #expect(doc.store.wasRepaired)
        #expect(doc.diagnostics.contains(.xrefRepaired))
        #expect(doc.diagnostics.contains(.trailerMissingRoot))
    }

    @Test("startxref pointing nowhere: rebuilt; the trailer dictionary is still used")
    func wrongStartXRef() throws {
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        var text = String(decoding: out.bytes, as: UTF8.self)
        text = text.replacingFirst("startxref\n\(out.xrefOffset)", with: "startxref\n\(out.xrefOffset / 2)")
        let doc = try open(bytes(text))
        #expect(doc.store.wasRepaired)
        #expect(doc.info.title == "Original")
        #expect(doc.pageCount == 3)
    }

    @Test("truncated file: the table is cut off, objects are found by scanning")
    func truncated() throws {
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        let cut = Array(out.bytes.prefix(out.xrefOffset + 40))
        let doc = try open(cut)
        #expect(doc.pageCount == 3)
        #expect(doc.store.wasRepaired)
    }

    @Test("offsets in the table off by a few bytes: objects are found by scanning")
    func shiftedOffsets() throws {
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        // Insert bytes after the header: every table offset is now wrong by 7.
        let header = Array(out.bytes.prefix(15))
        let shifted = header + bytes("%extra\n") + Array(out.bytes.dropFirst(15))
        // startxref is wrong too, so the whole table is rebuilt.
        let doc = try open(shifted)
        #expect(doc.pageCount == 3)
        #expect(doc.info.title == "Original")
    }

    @Test("one object's offset wrong: that object is found by scanning, the table is kept")
    func oneOffsetWrong() throws {
        let out = infoDocument().build(trailer: "/Info 9 0 R")
        var text = String(decoding: out.bytes, as: UTF8.self)
        let right = PDFBuilder.padded(out.offsets[9]!)
        let wrong = PDFBuilder.padded(out.offsets[9]! - 3)
        text = text.replacingFirst("\(right) 00000 n", with: "\(wrong) 00000 n")
        let doc = try open(bytes(text))
        #expect(!doc.store.wasRepaired)
        #expect(doc.info.title == "Original")
        #expect(doc.diagnostics.contains(.objectOffsetWrong))
    }

    @Test("damaged object stream header: the scan still finds uncompressed objects")
    func objectStreamsRepair() throws {
        var b = PDFBuilder(version: "1.5")
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>", compressed: true)
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", compressed: true)
        b.add(3, "<< /Type /Page /Parent 2 0 R >>", compressed: true)
        let out = b.build(xref: .none, objectStreamNumber: 20)
        // No cross-reference data: the rebuild indexes the object stream.
        let doc = try open(out.bytes)
        #expect(doc.pageCount == 1)
        #expect(doc.store.wasRepaired)
    }

    @Test("an unclosed string swallowing later objects does not hide them from the scan")
    func swallowedObjects() throws {
        var b = PDFBuilder.simpleDocument(pages: 2)
        b.add(8, "<< /Junk (unclosed string ( >>")
        let out = b.build(xref: .none)
        // Object 8 comes after the pages here; put it first by building a file by hand.
        var text = "%PDF-1.4\n8 0 obj\n<< /Junk (unclosed ( >>\nendobj\n"
        let body = String(decoding: out.bytes, as: UTF8.self)
        text += body.dropFirst(body.firstRange(of: "1 0 obj")!.lowerBound.utf16Offset(in: body))
        let doc = try open(bytes(text))
        #expect(doc.pageCount == 2)
    }

    @Test("a trailer whose /Root is a direct dictionary, with a direct page in /Kids")
    func directRoot() throws {
        let text = "%PDF-1.\n1 0 obj\n<</Kids[<</Parent 1 0 R/Contents[2 0 R]>>]/Resources<<>>>>\n2 0 obj\n<<>>\nstream\nBT ET\nendstream\nendobj\ntrailer<</Root<</Pages 1 0 R>>>>"
        let doc = try open(bytes(text))
        #expect(doc.pageCount == 1)
        #expect(doc.pages[0].objectID == nil)
        #expect(doc.store.wasRepaired)
    }

    @Test("bytes that are not a PDF give a clear notAPDF error")
    func notAPDF() {
        #expect {
            _ = try open(bytes("Hello, this is a text file.\n"))
        } throws: { ($0 as? PDFError)?.code == .notAPDF }
    }

    @Test("a PDF header with nothing usable after it is damaged beyond repair")
    func nothingUsable() {
        #expect {
            _ = try open(bytes("%PDF-1.7\n1 0 obj\n<< /Foo 1 >>\nendobj\n%%EOF\n"))
        } throws: { ($0 as? PDFError)?.code == .damaged }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        var s = self
        s.replaceSubrange(r, with: replacement)
        return s
    }

    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        var s = self
        while let r = s.firstRange(of: target) { s.replaceSubrange(r, with: "\u{0}") }
        return s.split(separator: "\u{0}", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

@Suite struct SecurityAndLimitsTests {
    @Test("a public-key security handler gives a clear unsupportedEncryption error")
    func publicKey() {
        var b = PDFBuilder.simpleDocument()
        b.add(9, "<< /Filter /Adobe.PubSec /SubFilter /adbe.pkcs7.s5 /V 4 /R 4 >>")
        let bytes = b.build(trailer: "/Encrypt 9 0 R /ID [<01> <01>]").bytes
        #expect {
            _ = try Document(bytes: bytes)
        } throws: { e in
            guard let e = e as? PDFError else { return false }
            return e.code == .unsupportedEncryption && e.message.contains("public-key")
        }
    }

    @Test("a stream decoding past the size limit is cut with a diagnostic")
    func decodedSizeLimit() throws {
        var b = PDFBuilder.simpleDocument()
        b.addStream(10, dictionary: "/Filter /ASCIIHexDecode", text: String(repeating: "41", count: 5000) + ">")
        var limits = Limits()
        limits.maxDecodedStreamBytes = 1000
        let doc = try Document(bytes: b.build().bytes, limits: limits)
        guard case .stream(let s) = doc.store.object(ObjectID(10)) else { Issue.record("no stream"); return }
        let r = doc.store.streamData(s)
        #expect(r.bytes.count == 1000)
        #expect(!r.isComplete)
        #expect(r.diagnostics.contains(.decodedSizeLimit))
    }

    @Test("recursion limit: a deep page tree is cut, not a stack overflow")
    func deepTree() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        let depth = 5000
        for i in 0..<depth {
            b.add(2 + i, "<< /Type /Pages /Kids [\(3 + i) 0 R] /Count 1 >>")
        }
        b.add(2 + depth, "<< /Type /Page >>")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.pageCount == 0 || doc.pageCount == 1)
        #expect(doc.diagnostics.contains(.pageTreeDamaged))
    }

    @Test("filters and DecodeParms given as arrays, with a null entry")
    func filterArrays() throws {
        var b = PDFBuilder.simpleDocument()
        // ASCIIHex of "Hello" then RunLength: the RunLength data is "\u{4}Hello\u{80}".
        let runLength: [UInt8] = [4] + Array("Hello".utf8) + [128]
        let hex = runLength.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() + ">"
        b.addStream(10, dictionary: "/Filter [/AHx /RunLengthDecode] /DecodeParms [null null]", text: hex)
        let doc = try Document(bytes: b.build().bytes)
        guard case .stream(let s) = doc.store.object(ObjectID(10)) else { Issue.record("no stream"); return }
        #expect(doc.store.streamData(s).bytes == Array("Hello".utf8))
    }
}

@Suite struct HostileInputTests {
    /// Before the keyword index, each stream searched to the end of the file: this case took
    /// minutes. Speed itself is measured by tools/benchmarks, not here.
    @Test("many streams without endstream are all read, each ending at the next endobj or the file's end")
    func manyUnterminatedStreams() throws {
        var text = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page >> endobj\n"
        for i in 0..<20_000 { text += "\(10 + i) 0 obj << /Length 999999 >> stream\nxx\n" }
        let doc = try Document(bytes: Array(text.utf8))
        #expect(doc.pageCount == 1)
        #expect(doc.store.wasRepaired)
        // Every object was found, though each stream's data ran on without an end.
        #expect(doc.store.objectNumbers.count == 3 + 20_000)
        guard case .stream(let s) = doc.store.object(ObjectID(20_009)) else { Issue.record("no stream"); return }
        #expect(s.dataRange.upperBound == text.utf8.count)
    }
}

extension HostileInputTests {
    /// Each unclosed string used to run to the end of the file for every object the rescan
    /// and the page fallback parsed: quadratic, minutes for this input.
    @Test("thousands of objects with unclosed strings: the rescan reads each within a window")
    func unclosedStrings() throws {
        var text = "%PDF-1.7\n"
        for i in 0..<10_000 { text += "\(i + 10) 0 obj (\n" }
        text += "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj 2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj 3 0 obj << /Type /Page >> endobj"
        let doc = try Document(bytes: Array(text.utf8))
        #expect(doc.store.wasRepaired)
        #expect(doc.pageCount == 1)
    }
}

@Suite struct TrailerTests {
    @Test("an update whose trailer drops /Info drops the document information")
    func droppedInfo() throws {
        let base = infoDocument().build(trailer: "/Info 9 0 R")
        let updated = PDFBuilder.appendUpdate(to: base, objects: [(3, "<< /Type /Page /Parent 2 0 R /Rotate 180 >>")], size: 10)
        let doc = try Document(bytes: updated.bytes)
        #expect(doc.info.title == nil)
        #expect(doc.pages[0].rotation == 180)
    }

    @Test("an update whose trailer lacks /Root still opens through the older trailer")
    func missingRoot() throws {
        let base = infoDocument().build(trailer: "/Info 9 0 R")
        var updated = PDFBuilder.appendUpdate(to: base, objects: [(9, "<< /Title (New) >>")], size: 10, trailer: "/Info 9 0 R")
        // Drop /Root from the newest (last) trailer only.
        let text = String(decoding: updated.bytes, as: UTF8.self)
        let parts = text.split(separator: "/Root 1 0 R /Prev", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        updated.bytes = Array((parts[0] + "/Prev" + parts[1]).utf8)
        let doc = try Document(bytes: updated.bytes)
        #expect(doc.info.title == "New")
        #expect(doc.pageCount == 3)
        #expect(!doc.store.wasRepaired)
    }
}
