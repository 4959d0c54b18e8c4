import PDFTestSupport
import Foundation
import PDFCore
import PDFFile
import Testing

/// The encrypted files of the shared corpus open with their passwords (pdfminer's
/// `expected.json`, pdf.js's `passwords.json`) and refuse wrong ones.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipReason))
struct EncryptionCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var user: String
        var owner: String?
        var testDescription: String { path }
    }

    static var pdfminerCases: [Case] {
        guard let expected = SharedCorpus.json("pdfminer/expected.json") as? [String: [String: Any]] else { return [] }
        return expected.keys.sorted().compactMap { key in
            guard key.hasPrefix("encryption/"), let user = expected[key]?["user_password"] as? String else { return nil }
            return Case(path: "pdfminer/" + key, user: user, owner: expected[key]?["owner_password"] as? String)
        }
    }

    @Test("pdfminer encryption files: user password opens as user, owner as owner, wrong one refused", arguments: pdfminerCases)
    func pdfminer(_ c: Case) throws {
        let bytes = try SharedCorpus.bytes(c.path)
        let asUser = try Document(bytes: bytes, password: c.user)
        #expect(!asUser.isLocked)
        #expect(asUser.unlockedAs == .user)
        #expect(asUser.pageCount >= 1)
        // Metadata streams decrypt, or are left alone when /EncryptMetadata is false (the -m files).
        if let xmp = asUser.xmpMetadata { #expect(xmp.contains("rdf:RDF"), "\(c.path)") }
        if let owner = c.owner {
            let asOwner = try Document(bytes: bytes, password: owner)
            #expect(asOwner.unlockedAs == .owner)
            #expect(asOwner.permissions.allowsCopying)
        }
        if !c.user.isEmpty {
            #expect { _ = try Document(bytes: bytes, password: nil) } throws: { ($0 as? PDFError)?.code == .incorrectPassword }
            let locked = try Document(bytes: bytes)
            #expect(locked.isLocked)
            #expect(!locked.unlock(password: "wrong"))
            #expect(locked.unlock(password: c.user))
        }
        #expect { _ = try Document(bytes: bytes, password: "wrong password") } throws: { ($0 as? PDFError)?.code == .incorrectPassword }
    }

    @Test("decrypted strings read as text: the Info producer of the R6 file")
    func decryptedInfo() throws {
        let doc = try Document(bytes: try SharedCorpus.bytes("pdfminer/encryption/aes-256-r6.pdf"), password: "usersecret")
        #expect(doc.info.producer == "pyhanko")
    }

    static var pdfjsCases: [Case] {
        guard let passwords = SharedCorpus.json("pdfjs/passwords.json") as? [String: String] else { return [] }
        return passwords.keys.sorted().map { Case(path: "pdfjs/" + $0, user: passwords[$0]!, owner: nil) }
    }

    @Test("pdf.js encrypted files open with passwords.json, including the SASLprep R6 case", arguments: pdfjsCases)
    func pdfjs(_ c: Case) throws {
        let doc = try Document(bytes: try SharedCorpus.bytes(c.path), password: c.user)
        #expect(!doc.isLocked)
        #expect(doc.pageCount >= 1)
    }
}
