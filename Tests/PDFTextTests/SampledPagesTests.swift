import Foundation
@testable import PDFText
import PDFCore
import Testing

/// The pages read to find running headers and footers are kept only within a budget, each
/// handed out once, and the text does not depend on which were kept.
@Suite struct SampledPagesTests {
    func document(_ relative: String) throws -> Document {
        try Document(bytes: try FileBytes.read(path: corpusURL.appendingPathComponent(relative).path))
    }

    /// Each page's text and the kind of each of its blocks (running headers and footers are
    /// marked so).
    func texts(_ e: TextExtractor, _ pages: [Int]) -> [String] {
        pages.map { i in
            let layout = e.page(i).layout
            return layout.text + "\n" + layout.blocks.map { "\($0.kind)" }.joined(separator: ",")
        }
    }

    @Test func budgetDecidesWhatIsKeptAndTextIsTheSame() throws {
        let doc = try document("layout/headers-groff+qpdf-objstm-3005.pdf")
        let pages = Array(0..<doc.pageCount)
        #expect(pages.count == 3)
        let base = TextExtractor(document: doc)
        let all = base.withRunningFurniture(pages: pages, sampleBudget: .max)
        let none = base.withRunningFurniture(pages: pages, sampleBudget: 0)
        #expect(all.runningFurniture != nil, "the fixture's running header is found")
        #expect(all.sampled.count == 3)
        #expect(none.sampled.count == 0)
        #expect(base.sampled.count == 0, "the extractor it came from keeps nothing")
        let one = try #require(all.sampled.take(0))
        // A budget of one page's bytes keeps the first page asked for, and no more.
        let first = base.withRunningFurniture(pages: [2, 1, 0], sampleBudget: one.approximateBytes + 1)
        #expect(first.sampled.count == 1)
        #expect(first.sampled.take(2) != nil && first.sampled.take(2) == nil, "handed out once")
        let keptAll = base.withRunningFurniture(pages: pages, sampleBudget: .max)
        #expect(texts(keptAll, pages) == texts(none, pages))
        #expect(keptAll.sampled.count == 0, "every kept page is let go once handed out")
        #expect(texts(keptAll, pages) == texts(none, pages), "asking again interprets the page again")
    }
}

/// The structure tree read on another thread gives the same reading order as read first.
@Suite struct ConcurrentStructureTests {
    @Test func backgroundValueIsWaitedFor() {
        let slow = Eventually<[Int]?> {
            var a: [Int] = []
            for i in 0..<100_000 { a.append(i &* 7) }
            return a
        }
        #expect(slow.value?.count == 100_000 && slow.value?.last == 99_999 &* 7)
        #expect(Eventually<Int?>(nil).value == nil && Eventually(3).value == 3)
    }

    @Test func taggedPagesLayOutTheSame() throws {
        // Tagged fixtures (Chromium writes a structure tree), a damaged tree, and untagged files.
        let files = ["text/semantic-chromium.pdf", "text/three-column-chromium.pdf", "text/mixed-bidi-chromium.pdf",
                     "layout/newsletter-chromium-3013.pdf", "layout/invoice-chromium-3018.pdf",
                     "hostile/controls-structure.pdf", "basic/three-pages.pdf", "structure/object-streams.pdf"]
        var tagged = 0
        for name in files {
            let doc = try Document(bytes: try FileBytes.read(path: corpusURL.appendingPathComponent(name).path))
            let first = TextExtractor(document: doc)
            let concurrent = TextExtractor(document: doc, readsStructureConcurrently: true)
            if first.structureOrder != nil { tagged += 1 }
            #expect((first.structureOrder == nil) == (concurrent.structureOrder == nil), "\(name)")
            for i in 0..<min(doc.pageCount, 4) {
                #expect(first.page(i).layout.text == concurrent.page(i).layout.text, "\(name) page \(i + 1)")
            }
        }
        #expect(tagged >= 5, "the tagged fixtures have a reading order from their tree")
    }
}
