import Foundation
import PDFTestSupport
import Testing
import PDFText

/// What programs written for PDFKit do with a document's attributes and outline.
@Suite struct PDFKitPortingTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

    @Test("documentAttributes: PDFKit's type, both key idioms, keywords as strings, dates as Date, settable")
    func attributes() throws {
        var b = PDFBuilder.simpleDocument()
        b.add(9, "<< /Title (A Title) /Author (An Author) /Keywords (one, two,three) /CreationDate (D:20240102030405Z) /Custom (x) >>")
        let doc = try #require(PDFDocument(data: Data(b.build(trailer: "/Info 9 0 R").bytes)))
        let attributes: [AnyHashable: Any]? = doc.documentAttributes
        #expect(attributes?[PDFDocumentAttribute.titleAttribute] as? String == "A Title")
        #expect(attributes?["Title"] as? String == "A Title")
        #expect(doc.documentAttributes?[PDFDocumentAttribute.authorAttribute] as? String == "An Author")
        #expect(attributes?[PDFDocumentAttribute.keywordsAttribute] as? [String] == ["one", "two", "three"])
        let created = try #require(attributes?[PDFDocumentAttribute.creationDateAttribute] as? Date)
        #expect(created.timeIntervalSince1970 == 1_704_164_645)
        #expect(attributes?[PDFDocumentAttribute.producerAttribute] == nil)
        #expect(PDFDocumentAttribute.modificationDateAttribute.rawValue == "ModDate")
        #expect(PDFDocumentAttribute(rawValue: "Title") == .titleAttribute)

        doc.documentAttributes = [PDFDocumentAttribute.titleAttribute: "Changed"]
        #expect(doc.documentAttributes?["Title"] as? String == "Changed")
        #expect(doc.documentAttributes?[PDFDocumentAttribute.authorAttribute] == nil)
        doc.documentAttributes = nil
        #expect(doc.documentAttributes?["Title"] as? String == "A Title")
    }

    @Test("a locked document gives no ciphertext as attributes, outline or labels; unlocked, the real ones",
          arguments: ["aes-128", "aes-256", "rc4-128", "rc4-40"])
    func lockedAttributes(name: String) throws {
        let url = Self.corpus.appendingPathComponent("encrypted/\(name).pdf")
        let doc = try #require(PDFDocument(url: url))
        #expect(doc.isLocked)
        #expect(doc.documentAttributes?.isEmpty == true, "\(String(describing: doc.documentAttributes))")
        #expect(doc.file.info.title == nil && doc.file.info.producer == nil)
        #expect(doc.file.stringsSealed)
        #expect(doc.unlock(withPassword: "user"))
        #expect(!doc.file.stringsSealed)
        #expect(doc.documentAttributes?[PDFDocumentAttribute.titleAttribute] as? String == "Hello")
    }

    @Test("a file encrypted with an empty user password opens unlocked, with its real attributes")
    func emptyUserPassword() throws {
        let doc = try #require(PDFDocument(url: Self.corpus.appendingPathComponent("encrypted/aes-256-empty-user.pdf")))
        #expect(doc.isEncrypted && !doc.isLocked && !doc.file.stringsSealed)
        #expect(doc.documentAttributes?[PDFDocumentAttribute.titleAttribute] as? String == "Hello")
        #expect(doc.file.info.title == "Hello")
    }

    /// Page 1: "Introduction" at the top, "Method" half-way down; page 2: "Results"; page 3:
    /// "Appendix" at the top. Outline: Introduction (page 1 top, child Method at y 410),
    /// Results (page 2 /Fit), Late (page 3, below the text).
    static func outlined() throws -> PDFDocument {
        var b = PDFBuilder.simpleDocument(pages: 3, catalogExtras: "/Outlines 20 0 R")
        let font = "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"
        let texts = [[("Introduction", 700), ("Method", 400)], [("Results", 700)], [("Appendix", 700)]]
        for (i, lines) in texts.enumerated() {
            b.add(3 + i, "<< /Type /Page /Parent 2 0 R /Contents \(10 + i) 0 R \(font) >>")
            let content = lines.map { "BT /F1 12 Tf 72 \($0.1) Td (\($0.0)) Tj ET" }.joined(separator: "\n")
            b.addStream(10 + i, text: content)
        }
        b.add(20, "<< /Type /Outlines /First 21 0 R /Last 24 0 R /Count 4 >>")
        b.add(21, "<< /Title (Introduction) /Parent 20 0 R /Next 23 0 R /Dest [3 0 R /XYZ 0 720 null] /First 22 0 R /Last 22 0 R /Count 1 >>")
        b.add(22, "<< /Title (Method) /Parent 21 0 R /Dest [3 0 R /XYZ 0 410 null] >>")
        b.add(23, "<< /Title (Results) /Parent 20 0 R /Prev 21 0 R /Next 24 0 R /Dest [4 0 R /Fit] >>")
        b.add(24, "<< /Title (Late) /Parent 20 0 R /Prev 23 0 R /Dest [5 0 R /XYZ 0 100 null] >>")
        return try #require(PDFDocument(data: Data(b.build().bytes)))
    }

    @Test("outlineItem(for:) names the bookmark the selection is in")
    func outlineItemForSelection() throws {
        let doc = try Self.outlined()
        func item(_ word: String) -> String? {
            guard let s = doc.findString(word, withOptions: []).first else { return "not found" }
            return doc.outlineItem(for: s)?.label
        }
        #expect(item("Introduction") == "Introduction")
        #expect(item("Method") == "Method")
        #expect(item("Results") == "Results")
        // Page 3's only destination lies below its text: the last item before is Results.
        #expect(item("Appendix") == "Results")
        #expect(doc.outlineItem(for: PDFSelection(document: doc)) == nil)
        let plain = try #require(PDFDocument(data: Data(PDFBuilder.simpleDocument().build().bytes)))
        #expect(plain.outlineItem(for: PDFSelection(document: plain)) == nil)
    }
}
