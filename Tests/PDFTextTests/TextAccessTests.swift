import Foundation
import PDFTestSupport
import Testing
import PDFText

@Suite struct TextAccessTests {
    static func open(_ bytes: [UInt8], password: String? = nil) throws -> PDFDocument {
        let doc = try #require(PDFDocument(data: Data(bytes)))
        if let password { #expect(doc.unlock(withPassword: password)) }
        return doc
    }

    static func decisions(_ doc: PDFDocument) -> [TextAccessDecision] {
        [doc.textAccess(for: .general), doc.textAccess(for: .accessibility)]
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var copying: Bool, accessibility: Bool
        var expected: [TextAccessDecision]
        var testDescription: String { "copying \(copying), accessibility \(accessibility)" }
    }

    @Test("each permission combination, opened with the user password (general, accessibility)", arguments: [
        Case(copying: true, accessibility: true, expected: [.allowed, .allowed]),
        Case(copying: true, accessibility: false, expected: [.allowed, .allowed]),
        Case(copying: false, accessibility: true, expected: [.allowedForAccessibilityOnly, .allowed]),
        Case(copying: false, accessibility: false, expected: [.denied, .denied]),
    ])
    func combinations(_ c: Case) throws {
        let p = EncryptedDocument.permissions(copying: c.copying, accessibility: c.accessibility)
        for handler in [EncryptedDocument.Handler.rc4, .aes256] {
            let bytes = EncryptedDocument.make(text: "Secret", userPassword: "u", ownerPassword: "o", permissions: p, handler: handler)
            let asUser = try Self.open(bytes, password: "u")
            #expect(asUser.permissionsStatus == .user)
            #expect(Self.decisions(asUser) == c.expected, "\(handler)")
            // The owner password lifts every restriction.
            let asOwner = try Self.open(bytes, password: "o")
            #expect(asOwner.permissionsStatus == .owner)
            #expect(Self.decisions(asOwner) == [.allowed, .allowed], "\(handler)")
        }
    }

    @Test("PDF 2.0 always allows extraction for accessibility; the same file as 1.7 does not")
    func pdf20() throws {
        let p = EncryptedDocument.permissions(copying: false, accessibility: false)
        let v20 = try Self.open(EncryptedDocument.make(text: "Secret", userPassword: "", ownerPassword: "o", permissions: p, handler: .aes256, version: "2.0"))
        #expect(Self.decisions(v20) == [.allowedForAccessibilityOnly, .allowed])
        let v17 = try Self.open(EncryptedDocument.make(text: "Secret", userPassword: "", ownerPassword: "o", permissions: p, handler: .aes256, version: "1.7"))
        #expect(Self.decisions(v17) == [.denied, .denied])
    }

    @Test("not encrypted: allowed; the library does not block the text of a restricted file")
    func notBlocked() throws {
        let plain = try Self.open(PDFBuilder.simpleDocument().build().bytes)
        #expect(Self.decisions(plain) == [.allowed, .allowed])
        let p = EncryptedDocument.permissions(copying: false, accessibility: false)
        let restricted = try Self.open(EncryptedDocument.make(text: "Secret words", userPassword: "", ownerPassword: "o", permissions: p))
        #expect(restricted.textAccess(for: .general) == .denied)
        #expect(TextExtractor(document: restricted.file).page(0).layout.text.contains("Secret words"))
    }

    @Test("Corpus fixtures made by qpdf: R6 without copying, R2 without copying, R6 with copying")
    func fixtures() throws {
        func open(_ name: String, _ password: String) throws -> PDFDocument {
            let doc = try #require(PDFDocument(url: corpusURL.appendingPathComponent("encrypted/\(name)")))
            #expect(doc.unlock(withPassword: password))
            return doc
        }
        #expect(Self.decisions(try open("aes-256.pdf", "user")) == [.allowedForAccessibilityOnly, .allowed])
        // Revision 2 has no accessibility bit: it follows the copy bit.
        #expect(Self.decisions(try open("rc4-40.pdf", "user")) == [.denied, .denied])
        #expect(Self.decisions(try open("aes-256.pdf", "owner")) == [.allowed, .allowed])
        #expect(Self.decisions(try open("aes-256-empty-user.pdf", "")) == [.allowed, .allowed])
    }
}
