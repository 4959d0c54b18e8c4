import Foundation
import PDFCore
import PDFFile
import PDFTestSupport
import Testing

/// One case per entry of `Corpus/manifest.json`: the file matches its recorded sha256 and
/// shows the facts recorded for it.
struct ManifestEntry: Sendable, CustomTestStringConvertible {
    var file: String
    var sha256: String
    var pages: Int?
    var title: String?
    var userPassword: String?
    var ownerPassword: String?
    var allowsCopying: Bool?
    var linearized: Bool?
    var repaired: Bool?
    var error: String?
    var testDescription: String { file }

    static let corpusRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

    static var all: [ManifestEntry] {
        guard let data = try? Data(contentsOf: corpusRoot.appendingPathComponent("manifest.json")),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.map { e in
            ManifestEntry(file: e["file"] as! String, sha256: e["sha256"] as! String,
                          pages: e["pages"] as? Int, title: e["title"] as? String,
                          userPassword: e["user_password"] as? String, ownerPassword: e["owner_password"] as? String,
                          allowsCopying: e["allows_copying"] as? Bool, linearized: e["linearized"] as? Bool,
                          repaired: e["repaired"] as? Bool, error: e["error"] as? String)
        }
    }

    var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: Self.corpusRoot.appendingPathComponent(file)))) ?? [] }
}

@Suite struct ManifestTests {
    @Test("the manifest lists the fixtures")
    func manifestPresent() {
        #expect(ManifestEntry.all.count >= 13)
    }

    @Test("each fixture opens and shows its recorded facts", arguments: ManifestEntry.all)
    func fixture(_ e: ManifestEntry) throws {
        let bytes = e.bytes
        #expect(!bytes.isEmpty)
        #expect(SHA256Hex.digest(bytes) == e.sha256, "fixture changed without updating the manifest")
        if let error = e.error {
            #expect { _ = try Document(bytes: bytes) } throws: { ($0 as? PDFError)?.code.rawValue == error }
            return
        }
        let doc = try Document(bytes: bytes, password: e.userPassword)
        if let pages = e.pages { #expect(doc.pageCount == pages) }
        if let title = e.title { #expect(doc.info.title == title) }
        if let l = e.linearized { #expect(doc.isLinearized == l) }
        #expect(doc.store.wasRepaired == (e.repaired ?? false))
        if let user = e.userPassword {
            #expect(doc.isEncrypted)
            #expect(doc.unlockedAs == .user)
            if let copying = e.allowsCopying { #expect(doc.permissions.allowsCopying == copying) }
            if !user.isEmpty {
                #expect(try Document(bytes: bytes).isLocked)
            }
            #expect { _ = try Document(bytes: bytes, password: "not the password") } throws: { ($0 as? PDFError)?.code == .incorrectPassword }
        }
        if let owner = e.ownerPassword {
            let asOwner = try Document(bytes: bytes, password: owner)
            #expect(asOwner.unlockedAs == .owner)
            #expect(asOwner.permissions.allowsCopying)
            #expect(asOwner.info.title == e.title)
        }
    }
}
