import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

@Suite struct PageTreeTests {
    @Test("MediaBox, CropBox, Rotate and Resources inherit from ancestors; the page's own win")
    func inheritance() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 3 /MediaBox [0 0 500 700] /Rotate 90 /Resources << /Font << /F1 9 0 R >> >> >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /CropBox [10 10 600 600] >>")
        b.add(4, "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 2 /Rotate -90 >>")
        b.add(5, "<< /Type /Page /Parent 4 0 R /MediaBox [0 0 200 300] /Rotate 450 /Resources << >> >>")
        b.add(9, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.pageCount == 2)
        let p0 = doc.pages[0], p1 = doc.pages[1]
        #expect(p0.mediaBox == Rect(x0: 0, y0: 0, x1: 500, y1: 700))
        #expect(p0.cropBox == Rect(x0: 10, y0: 10, x1: 500, y1: 600))  // clipped to the media box
        #expect(p0.rotation == 90)
        #expect(p0.resources?["Font"] != nil)
        #expect(p1.mediaBox == Rect(x0: 0, y0: 0, x1: 200, y1: 300))
        #expect(p1.cropBox == p1.mediaBox)
        #expect(p1.rotation == 90)      // 450 normalised
        #expect(p1.resources?.isEmpty == true)
        #expect(doc.declaredPageCount == 3)
    }

    @Test("a page tree that loops back to an ancestor visits each node once")
    func loop() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R >>")
        b.add(4, "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 3 0 R 5 0 R] /Count 1 >>")
        b.add(5, "<< /Type /Page /Parent 4 0 R >>")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.pageCount == 2)
        #expect(doc.diagnostics.contains(.pageTreeLoop))
    }

    @Test("missing or unusable MediaBox falls back to US Letter")
    func defaultMediaBox() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R >>")
        b.add(4, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 0 0] >>")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.pages.map(\.mediaBox) == [.letter, .letter])
        #expect(doc.diagnostics.contains(.pageBoxInvalid))
    }

    @Test("a /Kids entry that is a lone reference instead of an array")
    func loneKid() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids 3 0 R /Count 1 >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R >>")
        #expect(try Document(bytes: b.build().bytes).pageCount == 1)
    }

    @Test("an unusable page tree falls back to the /Type /Page objects in file order")
    func scanForPages() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 99 0 R >>")
        b.add(5, "<< /Type /Page /MediaBox [0 0 10 10] >>")
        b.add(3, "<< /Type /Page /MediaBox [0 0 20 20] >>")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.pages.map { $0.mediaBox.width } == [10, 20])
        #expect(doc.diagnostics.contains(.pageTreeDamaged))
    }
}

@Suite struct DamagedLinearizedTests {
    @Test("a linearized file with a lost page tree keeps its declared page count with placeholders")
    func placeholders() throws {
        let body = "1 0 obj\n<< /Type /Catalog /Pages 99 0 R >>\nendobj\n3 0 obj\n<< /Type /Page /MediaBox [0 0 50 60] >>\nendobj\n4 0 obj\n<< /Type /Page /MediaBox [0 0 50 60] >>\nendobj\n"
        func file(_ l: Int) -> [UInt8] {
            Array("%PDF-1.4\n2 0 obj\n<< /Linearized 1 /L \(PDFBuilder.padded(l)) /O 4 /N 3 >>\nendobj\n\(body)".utf8)
        }
        let doc = try Document(bytes: file(file(0).count))
        #expect(doc.pageCount == 3)
        #expect(doc.pages.map { $0.objectID?.number } == [4, 3, nil])   // /O first, then file order
        #expect(doc.pages[2].mediaBox == Rect(x0: 0, y0: 0, x1: 50, y1: 60))
        #expect(doc.diagnostics.contains(.pageTreeDamaged))
    }
}

@Suite struct PageLabelTests {
    @Test("styles, prefixes and start values (ISO 32000-2 §12.4.2 example)")
    func labels() throws {
        var b = PDFBuilder.simpleDocument(pages: 8, catalogExtras: "/PageLabels << /Nums [0 << /S /r >> 4 << /S /D >> 6 << /S /A /P (A-) /St 26 >> 7 << /P (Cover) >>] >>")
        b.add(30, "null")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.pageLabels == ["i", "ii", "iii", "iv", "1", "2", "A-Z", "Cover"])
    }

    @Test("labels in a number tree with kids")
    func labelTree() throws {
        let b = PDFBuilder.simpleDocument(pages: 3, catalogExtras: "/PageLabels << /Kids [<< /Nums [0 << /S /R /St 4 >>] >> << /Nums [2 << /S /a >>] >>] >>")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.pageLabels == ["IV", "V", "a"])
    }

    @Test("roman numerals and letter labels beyond Z")
    func formats() {
        #expect(PageLabels.roman(1994) == "MCMXCIV")
        #expect(PageLabels.letters(27) == "AA")
        #expect(PageLabels.letters(53) == "AAA")
    }
}

@Suite struct OutlineTests {
    @Test("titles, nesting, explicit and named destinations, URI actions")
    func outline() throws {
        var b = PDFBuilder.simpleDocument(pages: 3, catalogExtras: "/Outlines 20 0 R /Names << /Dests << /Names [(chap2) [4 0 R /Fit]] >> >> /Dests << /third << /D [5 0 R /XYZ 0 792 null] >> >>")
        b.add(20, "<< /Type /Outlines /First 21 0 R /Last 23 0 R /Count 3 >>")
        b.add(21, "<< /Title (One) /Parent 20 0 R /Next 22 0 R /Dest [3 0 R /XYZ 0 700 0] /First 24 0 R /Last 24 0 R /Count 1 >>")
        b.add(22, "<< /Title <FEFF00540077006F> /Parent 20 0 R /Prev 21 0 R /Next 23 0 R /A << /S /GoTo /D (chap2) >> >>")
        b.add(23, "<< /Title (Three) /Parent 20 0 R /Prev 22 0 R /Dest /third /Next 25 0 R >>")
        b.add(24, "<< /Title (One.a) /Parent 21 0 R /A << /S /URI /URI (https://example.org/) >> >>")
        b.add(25, "<< /Title (Loop) /Parent 20 0 R /Next 21 0 R >>")
        let doc = try Document(bytes: b.build().bytes)
        let items = doc.outline
        #expect(items.map(\.title) == ["One", "Two", "Three", "Loop"])
        #expect(items[0].destination?.pageIndex == 0)
        #expect(items[0].destination?.kind == "XYZ")
        #expect(items[0].children.map(\.title) == ["One.a"])
        #expect(items[0].children[0].uri == "https://example.org/")
        #expect(items[1].destination?.pageIndex == 1)
        #expect(items[1].destination?.name == "chap2")
        #expect(items[2].destination?.pageIndex == 2)
    }
}

@Suite struct MetadataTests {
    @Test("Info strings in PDFDocEncoding and UTF-16, dates parsed")
    func info() throws {
        var b = PDFBuilder.simpleDocument()
        b.add(9, "<< /Title <FEFF00C9007400E9> /Author (Jos\\351) /Subject (\\223Quotes\\224) /CreationDate (D:20240131235959+05'30') /ModDate (D:2023) /Company (ACME) >>")
        let doc = try Document(bytes: b.build(trailer: "/Info 9 0 R").bytes)
        let info = doc.info
        #expect(info.title == "Été")
        #expect(info.author == "José")
        #expect(info.subject == "\u{FB01}Quotes\u{FB02}")
        #expect(info.creationDate == PDFDate(year: 2024, month: 1, day: 31, hour: 23, minute: 59, second: 59, utcOffsetMinutes: 330))
        #expect(info.modificationDate?.year == 2023)
        #expect(info.custom["Company"] == "ACME")
    }

    @Test("XMP packet, tagged, forms, version from the catalog")
    func catalogFacts() throws {
        var b = PDFBuilder.simpleDocument(catalogExtras: "/Metadata 10 0 R /MarkInfo << /Marked true >> /AcroForm << /Fields [] /XFA [(a) 11 0 R] >> /Version /2.0", version: "1.4")
        b.addStream(10, dictionary: "/Type /Metadata /Subtype /XML", text: "<x:xmpmeta xmlns:x='adobe:ns:meta/'/>")
        b.addStream(11, text: "<xdp/>")
        let doc = try Document(bytes: b.build().bytes)
        #expect(doc.xmpMetadata == "<x:xmpmeta xmlns:x='adobe:ns:meta/'/>")
        #expect(doc.isTagged)
        #expect(doc.formKind == .xfa)
        #expect(doc.version == "2.0")
        #expect(!doc.isLinearized)
    }

    @Test("linearized: the first object's /L equals the file length")
    func linearized() throws {
        let body = PDFBuilder.simpleDocument().build().bytes.dropFirst(9)  // without "%PDF-1.7\n"
        func file(length: Int) -> [UInt8] {
            Array("%PDF-1.7\n50 0 obj\n<< /Linearized 1 /L \(PDFBuilder.padded(length)) /O 3 /N 1 >>\nendobj\n".utf8) + body
        }
        let size = file(length: 0).count
        let doc = try Document(bytes: file(length: size))
        #expect(doc.isLinearized)
        #expect(doc.linearizationDictionary?["O"] == .integer(3))
        #expect(doc.pageCount == 1)
        #expect(try Document(bytes: file(length: size + 1)).isLinearized == false)
    }
}
