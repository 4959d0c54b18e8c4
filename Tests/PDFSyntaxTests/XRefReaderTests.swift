import Foundation
import PDFCore
import Testing
@testable import PDFSyntax

@Suite struct XRefStreamReaderTests {
    @Test("/W with a zero-width type field defaults every entry to type 1")
    func zeroWidthType() throws {
        var log = DiagnosticLog()
        // W [0 2 1]: offset (2 bytes), generation (1 byte)
        let data: [UInt8] = [0x00, 0x10, 0x00, 0x01, 0x00, 0x02]
        let e = try XRefStreamReader.entries(data: data, widths: [0, 2, 1], index: [(0, 2)], limits: .default, diagnostics: &log)
        #expect(e[0] == .inFile(offset: 16, generation: 0))
        #expect(e[1] == .inFile(offset: 256, generation: 2))
    }

    @Test("/W with a zero-width third field gives generation 0 and index 0")
    func zeroWidthThird() throws {
        var log = DiagnosticLog()
        let data: [UInt8] = [1, 0x00, 0x20, 2, 0x00, 0x07]
        let e = try XRefStreamReader.entries(data: data, widths: [1, 2, 0], index: [(3, 2)], limits: .default, diagnostics: &log)
        #expect(e[3] == .inFile(offset: 32, generation: 0))
        #expect(e[4] == .compressed(streamNumber: 7, index: 0))
    }

    @Test("/Index with several subsections, free entries and unknown types")
    func indexSubsections() throws {
        var log = DiagnosticLog()
        let data: [UInt8] = [
            0, 0, 0, 0xFF,   // 0: free
            1, 0, 9, 0,      // 1: offset 9
            2, 0, 5, 3,      // 10: in object stream 5 at index 3
            7, 0, 0, 0,      // 11: unknown type → absent (null)
        ]
        let e = try XRefStreamReader.entries(data: data, widths: [1, 2, 1], index: [(0, 2), (10, 2)], limits: .default, diagnostics: &log)
        #expect(e[0] == .free)
        #expect(e[1] == .inFile(offset: 9, generation: 0))
        #expect(e[10] == .compressed(streamNumber: 5, index: 3))
        #expect(e[11] == nil)
        #expect(log.isEmpty)
    }

    @Test("data shorter than /Index declares keeps what is there, with a diagnostic")
    func shortData() throws {
        var log = DiagnosticLog()
        let e = try XRefStreamReader.entries(data: [1, 0, 4, 0], widths: [1, 2, 1], index: [(0, 5)], limits: .default, diagnostics: &log)
        #expect(e.count == 1)
        #expect(log.contains(.xrefTruncated))
    }

    @Test("invalid widths are an error")
    func badWidths() {
        var log = DiagnosticLog()
        #expect(throws: PDFError.self) { try XRefStreamReader.entries(data: [1], widths: [1, 9, 1], index: [(0, 1)], limits: .default, diagnostics: &log) }
        #expect(throws: PDFError.self) { try XRefStreamReader.entries(data: [1], widths: [0, 0, 0], index: [(0, 1)], limits: .default, diagnostics: &log) }
        #expect(throws: PDFError.self) { try XRefStreamReader.entries(data: [1], widths: [1, 1], index: [(0, 1)], limits: .default, diagnostics: &log) }
    }
}

@Suite struct XRefTableReaderTests {
    func read(_ s: String) throws -> XRefSection? {
        var log = DiagnosticLog()
        return try XRefTableReader.read(bytes: Array(s.utf8), at: 0, limits: .default, diagnostics: &log)
    }

    @Test("several subsections and the trailer")
    func subsections() throws {
        let t = try #require(try read("xref\n0 2\n0000000000 65535 f\r\n0000000017 00000 n\r\n5 1\n0000000099 00002 n\r\ntrailer\n<< /Size 6 /Root 1 0 R >>"))
        #expect(t.entries[0] == .free)
        #expect(t.entries[1] == .inFile(offset: 17, generation: 0))
        #expect(t.entries[5] == .inFile(offset: 99, generation: 2))
        #expect(t.trailer["Root"] == .reference(ObjectID(1)))
    }

    @Test("subsections that overlap or go back: the first entry of a number counts")
    func overlapping() throws {
        let t = try #require(try read("xref\n0 3\n0000000000 65535 f\r\n0000000017 00000 n\r\n0000000030 00000 n\r\n"
            + "1 2\n0000000500 00000 n\r\n0000000600 00000 n\r\n3 1\n0000000700 00000 n\r\n"
            + "0 1\n0000000800 00000 n\r\ntrailer\n<< /Size 4 >>"))
        #expect(t.entries[0] == .free)
        #expect(t.entries[1] == .inFile(offset: 17, generation: 0))
        #expect(t.entries[2] == .inFile(offset: 30, generation: 0))
        #expect(t.entries[3] == .inFile(offset: 700, generation: 0))
        #expect(t.entries.count == 4)
    }

    @Test("entries separated by bare CR, bare LF or spaces")
    func lineEndings() throws {
        let t = try #require(try read("xref\r0 2\r0000000000 65535 f \r0000000017 00000 n\rtrailer<</Size 2>>"))
        #expect(t.entries[1] == .inFile(offset: 17, generation: 0))
        #expect(t.trailer["Size"] == .integer(2))
    }

    @Test("no xref keyword: not a table")
    func notATable() throws {
        #expect(try read("1 0 obj") == nil)
    }

    @Test("a subsection count larger than the data is cut to what is there")
    func hugeCount() throws {
        var log = DiagnosticLog()
        let t = try XRefTableReader.read(bytes: Array("xref\n0 99999999\n0000000000 65535 f\r\ntrailer\n<<>>".utf8), at: 0, limits: .default, diagnostics: &log)
        #expect(t?.entries.count == 1)
        #expect(log.contains(.xrefTruncated))
    }
}

@Suite struct RepairScannerTests {
    @Test("finds objects, the latest definition wins, stream data is skipped")
    func scan() throws {
        let text = """
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            3 0 obj << /Length 20 >> stream
            4 0 obj (fake) endobj
            endstream endobj
            1 0 obj << /Type /Catalog /Pages 5 0 R >> endobj
            trailer << /Root 1 0 R >>
            """
        let r = try RepairScanner.scan(bytes: Array(text.utf8), limits: .default)
        #expect(Set(r.objects.keys) == [1, 3])
        #expect(r.objects[1]?.type == "Catalog")
        #expect(r.objects[1]!.offset > r.objects[3]!.offset)
        #expect(r.trailers.count == 1)
    }

    @Test("headers glued to endobj are still found")
    func glued() throws {
        let r = try RepairScanner.scan(bytes: Array("1 0 obj 5 endobj2 0 obj 6 endobj".utf8), limits: .default)
        #expect(Set(r.objects.keys) == [1, 2])
    }
}

/// Entries written as the specification has them are read directly (`strictRecord`), the
/// rest token by token: both must give what the tokens say.
@Suite struct XRefTableRecordTests {
    func read(_ table: String) throws -> (XRefSection?, DiagnosticLog) {
        var log = DiagnosticLog()
        let s = try XRefTableReader.read(bytes: Array(table.utf8), at: 0, limits: .default, diagnostics: &log)
        return (s, log)
    }

    @Test("strict records, CR LF and space-LF endings, a comment, and loose entries give the same entries")
    func mixed() throws {
        let table = "xref\n0 6\n0000000000 65535 f\r\n0000000017 00000 n \n% a comment\n0000000081 00002 n\r\n"
            + "  99 0 n\n0000000123 00000 n<<\n0000000150 00000 f \ntrailer << /Size 6 >>"
        let (section, log) = try read(table)
        let s = try #require(section)
        #expect(s.entries[0] == .free)
        #expect(s.entries[1] == .inFile(offset: 17, generation: 0))
        #expect(s.entries[2] == .inFile(offset: 81, generation: 2))
        #expect(s.entries[3] == .inFile(offset: 99, generation: 0))
        // "n<<": the keyword is "n", then the delimiter; the strict reading declines it and the
        // tokens read it, and then meet "<<" where the next entry belongs: the subsection ends
        // there, with the table's trailer unread, as token-by-token reading always did.
        #expect(s.entries[4] == .inFile(offset: 123, generation: 0))
        #expect(s.entries[5] == nil)
        #expect(log.contains(.xrefTruncated))
        let (clean, cleanLog) = try read(table.replacingOccurrences(of: "n<<", with: "n \n"))
        #expect(try #require(clean).entries[5] == .free && clean?.trailer["Size"] == .integer(6))
        #expect(cleanLog.isEmpty)
    }

    @Test("a record cut short or with a bad kind ends the subsection where the tokens do")
    func truncated() throws {
        let (section, log) = try read("xref\n0 3\n0000000000 65535 f \n0000000017 00000 x \n0000000020 00000 n \ntrailer << >>")
        let s = try #require(section)
        #expect(s.entries[0] == .free)
        #expect(s.entries[1] == .free)  // any one-letter kind other than n is free, as before
        #expect(s.entries[2] == .inFile(offset: 20, generation: 0))
        #expect(log.isEmpty)
        let (short, shortLog) = try read("xref\n0 3\n0000000000 65535 f \n0000000017 00000 n \ntrailer << >>")
        #expect(try #require(short).entries.count == 2)
        #expect(shortLog.contains(.xrefTruncated))
    }
}
