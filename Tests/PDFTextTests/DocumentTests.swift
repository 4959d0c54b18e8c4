import Foundation
import Testing
import PDFText

/// The Corpus folder, found from this file's path.
let corpusURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

@Suite struct DocumentTests {
    @Test func opensAndCountsPages() throws {
        let doc = try #require(PDFDocument(url: corpusURL.appendingPathComponent("basic/three-pages.pdf")))
        #expect(doc.pageCount == 3)
        #expect(doc.page(at: 3) == nil)
        #expect(doc.page(at: -1) == nil)
        #expect(doc.isEncrypted == false)
        #expect(doc.permissionsStatus == .owner)
    }

    @Test func lockedUntilUnlocked() throws {
        let doc = try #require(PDFDocument(url: corpusURL.appendingPathComponent("encrypted/aes-256.pdf")))
        #expect(doc.isEncrypted)
        #expect(doc.isLocked)
        #expect(doc.unlock(withPassword: "wrong") == false)
        #expect(doc.unlock(withPassword: "user"))
        #expect(doc.isLocked == false)
        #expect(doc.permissionsStatus == .user)
    }
}

@Suite struct AccessPermissionsTests {
    @Test func bitsAsPDFKitReportsThem() throws {
        let plain = try #require(PDFDocument(url: corpusURL.appendingPathComponent("basic/hello.pdf")))
        #expect(plain.accessPermissions == .all)
        #expect(PDFAccessPermissions.allowsContentCopying.rawValue == 16)
        #expect(PDFAccessPermissions.allowsContentAccessibility.rawValue == 32)

        let user = try #require(PDFDocument(url: corpusURL.appendingPathComponent("encrypted/aes-256.pdf")))
        #expect(user.unlock(withPassword: "user"))
        #expect(!user.accessPermissions.contains(.allowsContentCopying))
        #expect(user.accessPermissions.contains(.allowsContentCopying) == user.allowsCopying)
        #expect(user.accessPermissions.contains(.allowsContentAccessibility) == user.allowsContentAccessibility)
        #expect(user.accessPermissions.contains(.allowsLowQualityPrinting) == user.allowsPrinting)

        let owner = try #require(PDFDocument(url: corpusURL.appendingPathComponent("encrypted/aes-256.pdf")))
        #expect(owner.unlock(withPassword: "owner"))
        #expect(owner.accessPermissions == .all)
    }
}
