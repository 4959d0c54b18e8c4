import Foundation
import PDFCore
import PDFFile
import PDFSearch
import PDFSearchIndex
import PDFText
import Testing

/// What the index keeps of a file past its limits, and queries past theirs.
struct IndexLimitTests {
    let tokenizer = Tokenizer()

    /// Page records of a Corpus document, with the searchable pages they came from.
    func records(_ name: String) throws -> [(SearchablePage, SearchIndex.PageRecord)] {
        let bytes = try FileBytes.read(path: corpusURL.appendingPathComponent(name + ".pdf").path)
        let extractor = TextExtractor(document: try Document(bytes: bytes))
        return (0..<extractor.document.pageCount).map { n in
            let page = SearchablePage(extractor.page(n), tokenizer: tokenizer)
            return (page, SearchIndex.PageRecord(number: n + 1, label: nil, page: page))
        }
    }

    @Test func aPageCutKeepsItsFirstTermsTheirBoxesAndTheTextUpToTheLast() throws {
        let (page, record) = try #require(try records("text/headers-footers-groff").first)
        #expect(page.terms.count > 20)
        let cut = record.prefix(terms: 12, characters: .max)
        #expect(cut.termCount == 12)
        #expect(cut.terms == page.terms.prefix(12).map(\.key).joined(separator: " "))
        #expect(cut.text == page.text(0..<page.terms[11].range.upperBound))
        #expect(cut.scalarCount == page.terms[11].range.upperBound)
        let entries = TermBoxes.decode(cut.boxes)
        #expect(Set(entries.map(\.term)) == Set(0..<12))
        #expect(entries.count == page.termBoxes.prefix(12).map(\.count).reduce(0, +))
        // By characters: the terms that end within them, the text up to the last.
        let limit = page.terms[7].range.upperBound + 1
        let byCharacters = record.prefix(terms: .max, characters: limit)
        #expect(byCharacters.termCount == 8)
        #expect(byCharacters.scalarCount == page.terms[7].range.upperBound)
        // A page that fits is itself.
        #expect(record.prefix(terms: .max, characters: .max).text == record.text)
    }

    @Test func aFileBudgetCutsThePageThatReachesItAndRefusesTheRest() throws {
        let pages = try records("basic/three-pages").map(\.1)
        #expect(pages.count == 3)
        let first = pages[0].termCount
        let budget = SearchIndex.FileBudget(SearchIndex.FileLimits(maxTerms: first + 1, maxCharacters: 0))
        #expect(budget.take(pages[0], number: 1)?.termCount == first)
        #expect(!budget.isSpent && budget.truncatedFromPage == nil)
        #expect(budget.take(pages[1], number: 2)?.termCount == 1)
        #expect(budget.isSpent && budget.truncatedFromPage == 2 && budget.reachedLimit == "terms")
        #expect(budget.take(pages[2], number: 3) == nil)
        #expect(budget.kept.terms == first + 1)
        // Spent exactly at a page's end: the next page is the first left out.
        let exact = SearchIndex.FileBudget(SearchIndex.FileLimits(maxTerms: first, maxCharacters: 0))
        #expect(exact.take(pages[0], number: 1)?.termCount == first)
        #expect(exact.truncatedFromPage == nil)
        #expect(exact.take(nil, number: 2) == nil)
        #expect(exact.truncatedFromPage == 2)
        // Whole when the limits are not reached.
        let whole = SearchIndex.FileBudget(.unlimited)
        for (k, p) in pages.enumerated() { #expect(whole.take(p, number: k + 1)?.text == p.text) }
        #expect(whole.truncatedFromPage == nil)
    }

    @Test func theIndexRecordsWhereAFileWasCut() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let index = try SearchIndex(path: dir.appendingPathComponent("i.sqlite").path, create: true)
        let pages = try records("basic/three-pages").map(\.1)
        let state = SearchIndex.FileState(path: "/three.pdf", sha256: "h", size: 1, mtime: 0)
        let cut = try index.replace(state, title: nil, language: nil, pageCount: 3, pages: pages,
                                    limits: SearchIndex.FileLimits(maxTerms: pages[0].termCount, maxCharacters: 0))
        #expect(cut == 2)
        #expect(try index.counts().pages == 1)
        #expect(try index.dump().contains("truncated from page 2"))
        // A reader sees it on the hits.
        let reader = try SearchIndex(path: index.path, create: false, readOnly: true)
        let word = try #require(pages[0].terms.split(separator: " ").first.map(String.init))
        #expect(try reader.search(word).hits.first?.truncatedFromPage == 2)
    }

    @Test func queriesPastTheirLimitsAreRefused() throws {
        var limits = Limits()
        limits.maxQueryBytes = 100
        limits.maxQueryTerms = 5
        limits.maxQueryDepth = 3
        #expect(throws: SearchQuery.LimitExceeded.self) { try SearchQuery(String(repeating: "a", count: 101), tokenizer: tokenizer, limits: limits) }
        #expect(throws: SearchQuery.LimitExceeded.self) { try SearchQuery("a b c d e f", tokenizer: tokenizer, limits: limits) }
        // Chinese characters are terms each.
        #expect(throws: SearchQuery.LimitExceeded.self) { try SearchQuery("东京东京东京", tokenizer: tokenizer, limits: limits) }
        #expect(throws: SearchQuery.LimitExceeded.self) { try SearchQuery("((((a))))", tokenizer: tokenizer, limits: limits) }
        #expect(try SearchQuery("(((a))) b c d e", tokenizer: tokenizer, limits: limits).keys.count == 5)
        // The defaults.
        #expect(throws: SearchQuery.LimitExceeded.self) { try SearchQuery(String(repeating: "(", count: 20_000) + "a", tokenizer: tokenizer) }
        #expect(throws: SearchQuery.LimitExceeded.self) { try SearchQuery(Array(repeating: "a", count: 257).joined(separator: " "), tokenizer: tokenizer) }
    }
}
