import Foundation
import Testing

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

    @Test("an untagged file: one line on standard error, exit 4")
    func untagged() throws {
        let r = try CLI.run(["structure", CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 4)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "pdftext: \(CLI.fixture("basic/hello.pdf")): no structure tree (the PDF is not tagged)\n")
    }
}
