import Foundation
import PDFText
import Testing

/// Page- and document-level reading: text outside the page, headers found by repetition.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct PageLevelCommandTests {
    @Test("text wholly outside the crop box is left out, listed by `glyphs` as offpage, and kept with --keep-off-page-text")
    func offPageText() throws {
        let content = TestDocument.lines(["Seen on the page"], x: 72, y: 700)
            + TestDocument.lines(["Neighbouring page table"], x: 640, y: 600)
            + TestDocument.lines(["Under the page"], x: 72, y: -40)
        let path = try TestDocument(content).write()
        let text = try CLI.run(["text", path]).stdout
        #expect(text.contains("Seen on the page"))
        #expect(!text.contains("Neighbouring") && !text.contains("Under"))
        let kept = try CLI.run(["text", "--keep-off-page-text", path]).stdout
        #expect(kept.contains("Neighbouring page table") && kept.contains("Under the page"))
        let glyphs = try CLI.run(["glyphs", path]).stdout.split(separator: "\n")
        let off = glyphs.filter { $0.contains("offpage") }
        // "Neighbouring page table" and "Under the page": 23 + 14 glyphs, spaces included.
        #expect(off.count == 37)
    }

    /// A header set at the top right, below the top margin band, beside the first body line.
    static func report(pages: Int) -> TestDocument {
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
        return TestDocument((1...pages).map { n in
            let w = words[(n - 1) % words.count]
            return TestDocument.Page(TestDocument.lines(["Quarterly Report"], x: 420, y: 690)
                + TestDocument.lines(["The \(w) section opens here", "and goes on about \(w) for", "a few lines of its own."], x: 72, y: 696))
        })
    }

    @Test("a line repeated at the same place on several pages is a header: read first, even outside the margin band")
    func repeatedHeader() throws {
        let path = try Self.report(pages: 4).write()
        let pages = try CLI.run(["text", path]).stdout.split(separator: "\u{C}", omittingEmptySubsequences: true)
        #expect(pages.count == 4)
        for p in pages { #expect(p.hasPrefix("Quarterly Report")) }
        // Without the document-level pass, and for a page alone, position decides: the body
        // line beside it (higher on the page) comes first.
        let positional = try CLI.run(["text", "--no-repeated-furniture", path]).stdout
        #expect(positional.hasPrefix("The alpha section"))
        let alone = try CLI.run(["text", "-f", "2", "-l", "2", path]).stdout
        #expect(alone.hasPrefix("The bravo section"))
        // Parallel extraction gives the same text.
        #expect(try CLI.run(["text", "-j", "3", path]).stdout == pages.joined(separator: "\u{C}") + "\u{C}")
    }
}
