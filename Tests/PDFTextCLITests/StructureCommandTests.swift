import Foundation
import Testing
import PDFTestSupport

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct StructureCommandTests {
    @Test("the tagged Chromium fixture: roles indented, language, text and object references")
    func tagged() throws {
        let r = try CLI.run(["structure", CLI.fixture("text/styles-chromium.pdf")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Document lang=en-GB")
        #expect(lines.contains("  H1"))
        #expect(lines.contains { $0.hasPrefix("    NonStruct p1 ") && $0.contains("\"Styled Text Sample\"") })
        #expect(lines.contains { $0.hasPrefix("    Code") })
        #expect(lines.contains { $0.hasPrefix("      [object ") })
    }

    @Test("PDF 2.0 namespaces: each element's /NS, and the namespace its role map reaches")
    func namespaces() throws {
        var t = TaggedDocument()
        t.version = "2.0"
        t.content = ["/P << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (Hello) Tj ET EMC"]
        t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /NS 70 0 R /K [22 0 R] >>"),
                     (22, "<< /Type /StructElem /S /Para /P 21 0 R /Pg 3 0 R /NS 71 0 R /K 0 >>"),
                     (70, "<< /Type /Namespace /NS (http://iso.org/pdf2/ssn) >>"),
                     (71, "<< /Type /Namespace /NS (http://example.com/ns) /RoleMapNS << /Para [/P 70 0 R] >> >>")]
        t.parentTreeNums = "0 [22 0 R]"
        let dir = try TestDirectory.make("structure-ns")
        let file = dir.appendingPathComponent("ns.pdf")
        try Data(t.build()).write(to: file)
        let r = try CLI.run(["structure", file.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Document ns=pdf-2.0") == true)
        #expect(lines.contains { $0.hasPrefix("  Para → P ns=http://example.com/ns (pdf-2.0)") && $0.contains("\"Hello\"") }, "\(lines)")
    }

    @Test("an untagged file: one line on standard error, exit 4")
    func untagged() throws {
        let r = try CLI.run(["structure", CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 4)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "pdftext: \(CLI.fixture("basic/hello.pdf")): no structure tree (the PDF is not tagged)\n")
    }
}
