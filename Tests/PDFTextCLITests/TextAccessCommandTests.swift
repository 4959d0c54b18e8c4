import Foundation
import PDFTestSupport
import Testing

/// `pdftext text` and the document's permissions: refusal, `--accessibility`, owner password.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct TextAccessCommandTests {
    /// Writes an encrypted one-page file (user password empty, owner password "owner").
    static func write(copying: Bool, accessibility: Bool, name: String = "restricted.pdf") throws -> String {
        let bytes = EncryptedDocument.make(text: "Secret words", userPassword: "", ownerPassword: "owner",
                                           permissions: EncryptedDocument.permissions(copying: copying, accessibility: accessibility))
        let dir = try TextCommandTests.tempDir()
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test("copying off, accessibility on: refused with exit 3 and one line; --accessibility or the owner password extract")
    func accessibilityOnly() throws {
        let file = try Self.write(copying: false, accessibility: true)
        let refused = try CLI.run([file])
        #expect(refused.status == 3 && refused.stdout.isEmpty)
        #expect(refused.stderr == "pdftext: \(file): copying text is not permitted by the document's permissions; extraction for accessibility is allowed: use --accessibility, or give the owner password with --owner-password\n")
        for args in [["--accessibility"], ["-opw", "owner"], ["--owner-password", "owner"], ["text", "--accessibility"]] {
            let r = try CLI.run(args + [file])
            #expect(r.status == 0 && r.stdout.contains("Secret words") && r.stderr.isEmpty, "\(args)")
        }
    }

    @Test("copying and accessibility off: refused even with --accessibility; the owner password extracts")
    func denied() throws {
        let file = try Self.write(copying: false, accessibility: false)
        for args in [[String](), ["--accessibility"]] {
            let r = try CLI.run(args + [file])
            #expect(r.status == 3 && r.stdout.isEmpty, "\(args)")
            #expect(r.stderr == "pdftext: \(file): copying text is not permitted by the document's permissions, not even for accessibility: give the owner password with --owner-password\n")
        }
        let owner = try CLI.run(["-opw", "owner", file])
        #expect(owner.status == 0 && owner.stdout.contains("Secret words"))
        #expect(try CLI.run(["-opw", "wrong", file]).status == 3)
    }

    @Test("copying allowed: extracted without a password; a refused file among others fails alone")
    func mixed() throws {
        let open = try Self.write(copying: true, accessibility: false, name: "open.pdf")
        let closed = try Self.write(copying: false, accessibility: false, name: "closed.pdf")
        let r = try CLI.run([open, closed, CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 3)
        #expect(r.stdout.contains("Secret words") && r.stdout.contains("Hello, world."))
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("closed.pdf: copying text is not permitted"))
    }

    @Test("the qpdf fixture aes-256.pdf (copying off): the user password alone is refused")
    func fixture() throws {
        let file = CLI.fixture("encrypted/aes-256.pdf")
        let user = try CLI.run(["-upw", "user", file])
        #expect(user.status == 3 && user.stderr.contains("use --accessibility"))
        #expect(try CLI.run(["-upw", "user", "--accessibility", file]).stdout.contains("Hello, world."))
    }
}
