import Foundation
import PDFTestSupport
import Testing
@testable import PDFTextCLI

/// Encryption dictionaries at their edges (issue 15, class 10) and cross-reference data that
/// leads nowhere (class 12), as a user of `pdftext` meets them: the fixtures of
/// `tools/corpus/hostile/c10_encryption.py` and `c12_xref.py`.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct EncryptionAndXRefEdgeTests {
    static func hostile(_ name: String) -> String { CLI.fixture("hostile/\(name).pdf") }

    @Test("an unknown /CFM: exit 3, one line naming the file, the crypt filter and its method")
    func unsupportedCryptFilter() throws {
        for (name, filter) in [("encryption-cfm-rot13", "/StdCF"), ("encryption-stmf-unknown-cfm-strf-v2", "/OddCF")] {
            let file = Self.hostile(name)
            for command in ["text", "info", "diagnose", "structure"] {
                let r = try CLI.run([command, file])
                #expect(r.status == 3 && r.stdout.isEmpty, "\(name) \(command)")
                #expect(r.stderr == "pdftext: \(file): unsupported crypt filter \(filter) (/CFM /ROT13)\n", "\(name) \(command)")
            }
        }
    }

    @Test("/P 99999999999999999999: the user and the owner password open the file; none is refused")
    func pBeyond64Bits() throws {
        let file = Self.hostile("encryption-p-overflows-int64")
        for args in [["-upw", "user"], ["--password", "owner"]] {
            let r = try CLI.run(["text"] + args + [file])
            #expect(r.status == 0 && r.stdout.contains("Hello big P") && r.stderr.isEmpty, "\(args)")
        }
        let none = try CLI.run(["text", file])
        #expect(none.status == 3 && none.stderr == "pdftext: \(file): incorrect password\n")
        // The permissions are the low 32 bits of /P: 0x630FFFFF allows everything listed.
        let info = try CLI.run(["info", "-upw", "user", file])
        #expect(info.stdout.contains("copying:yes") && info.stdout.contains("printing:yes"))
    }

    @Test("only an /EFF crypt filter: opens without a password; a wrong password is still refused")
    func embeddedFileFilterOnly() throws {
        let file = Self.hostile("encryption-eff-only")
        let open = try CLI.run(["text", file])
        #expect(open.status == 0 && open.stdout.contains("Hello attachments") && open.stderr.isEmpty)
        #expect(try CLI.run(["info", file]).stdout.contains("Encrypted:       yes"))
        let wrong = try CLI.run(["text", "-upw", "wrong", file])
        #expect(wrong.status == 3 && wrong.stderr == "pdftext: \(file): incorrect password\n")
    }

    @Test("/Encrypt null, missing or not a dictionary: read as unencrypted")
    func encryptNotADictionary() throws {
        for (name, text) in [("encryption-null", "Hello null"), ("encryption-missing-object", "Hello missing"),
                             ("encryption-not-a-dictionary", "Hello stream")] {
            let r = try CLI.run(["text", Self.hostile(name)])
            #expect(r.status == 0 && r.stdout.contains(text) && r.stderr.isEmpty, "\(name)")
            #expect(try CLI.run(["info", Self.hostile(name)]).stdout.contains("Encrypted:       no"), "\(name)")
        }
    }

    @Test("damaged cross-reference data: the text is recovered by a rebuild, with a diagnostic", arguments: [
        "xref-stream-catalog-only", "xref-stream-predictor-columns-1e9",
        "xref-stream-w-8-8-8", "xref-stream-w-huge-negative", "xref-stream-index-nowhere",
        "xref-stream-decodes-to-nothing", "xref-stream-prev-chain-damaged", "xref-table-pages-free",
        "xref-stream-garbage-objstm", "xref-stream-garbage-objstm-encrypted",
    ])
    func xrefRecovered(_ name: String) throws {
        let file = Self.hostile(name)
        let r = try CLI.run(["text", file])
        #expect(r.status == 0 && r.stdout.contains("Recovered xref text") && r.stderr.isEmpty)
        let info = try CLI.run(["info", "--diagnostics", file])
        #expect(info.stdout.contains("Pages:           1"))
        #expect(info.stdout.contains("Repaired:        yes"))
        #expect(info.stdout.contains("[xrefRepaired]"))
    }

    @Test("garbage entries into a missing object stream: the text is recovered object by object")
    func garbageEntries() throws {
        let file = Self.hostile("xref-stream-garbage-entries")
        let r = try CLI.run(["text", file])
        #expect(r.status == 0 && r.stdout.contains("Recovered xref text") && r.stderr.isEmpty)
        #expect(try CLI.run(["info", "--diagnostics", file]).stdout.contains("found by scanning (object 1 0) [objectOffsetWrong]"))
    }

    @Test("page objects but no page readable, even after a rebuild: exit 1 with one line, not a silent success")
    func pageObjectsButNoPage() throws {
        let file = Self.hostile("xref-stream-no-catalog-anywhere")
        // grep reports a file it cannot read with 2, as grep does.
        for (command, status) in [("text", Int32(1)), ("info", 1), ("grep", 2)] {
            let args = command == "grep" ? [command, "text", file] : [command, file]
            let r = try CLI.run(args)
            #expect(r.status == status && r.stdout.isEmpty, "\(command)")
            #expect(r.stderr == "pdftext: \(file): no page could be read: the file holds page objects, but neither its page tree nor a scan of the file gives one\n", "\(command)")
        }
    }

    @Test("a document with no page and no page object is empty, not damaged: exit 0")
    func emptyDocument() throws {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        let url = try TextCommandTests.tempDir().appendingPathComponent("empty.pdf")
        try Data(b.build(xref: .stream).bytes).write(to: url)
        let r = try CLI.run(["text", url.path])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(try CLI.run(["info", url.path]).stdout.contains("Pages:           0"))
    }
}
