import Foundation
@testable import PDFText
import PDFCore
import PDFFile
import PDFContent
import PDFFonts
import PDFTestSupport
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

/// Pages read ahead while the structure tree is read: in plan order, never a page whose turn
/// has come, within the budget, each handed out once, and the text is the same.
@Suite struct ReadAheadTests {
    /// Four tagged pages, each with two marked-content spans its structure element names.
    static func taggedPages() throws -> Document {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 20 0 R /MarkInfo << /Marked true >> >>")
        b.add(2, "<< /Type /Pages /Kids [10 0 R 11 0 R 12 0 R 13 0 R] /Count 4 /MediaBox [0 0 612 792] >>")
        b.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        b.add(20, "<< /Type /StructTreeRoot /K [21 0 R 22 0 R 23 0 R 24 0 R] >>")
        for i in 0..<4 {
            b.add(10 + i, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents \(30 + i) 0 R /StructParents \(i) >>")
            b.addStream(30 + i, text: "BT /F1 12 Tf 72 700 Td /P << /MCID 0 >> BDC (Page \(i + 1) first line) Tj EMC 0 -20 Td /P << /MCID 1 >> BDC (Page \(i + 1) second line) Tj EMC ET")
            b.add(21 + i, "<< /Type /StructElem /S /P /P 20 0 R /Pg \(10 + i) 0 R /K [0 1] >>")
        }
        return try Document(bytes: b.build().bytes)
    }

    @Test func claimsFollowThePlanAndTurns() throws {
        let doc = try Self.taggedPages()
        let page = PageExtractor(document: doc, fonts: FontCache(store: doc.store), options: .pageText).extract(pageIndex: 0)
        let s = SampledPages().planning([0, 1, 2, 3], budget: .max)
        #expect(s.take(0) == nil, "page 0's turn: nothing kept, and it is not read ahead")
        #expect(s.claimReadAhead() == 1)
        s.keepReadAhead(page, for: 1)
        #expect(s.count == 1)
        #expect(s.claimReadAhead() == 2)
        #expect(s.take(2) == nil, "page 2's turn came while it was read ahead")
        s.keepReadAhead(page, for: 2)
        #expect(s.count == 1, "a page whose turn came is not kept")
        #expect(s.claimReadAhead() == 3)
        #expect(s.claimReadAhead() == nil, "the plan is done")
        #expect(s.take(1) != nil && s.take(1) == nil, "handed out once")
        // The budget: one page's bytes allow one page ahead, and a claim again once it is taken.
        let small = SampledPages().planning([0, 1, 2], budget: page.approximateBytes)
        #expect(small.claimReadAhead() == 0)
        small.keepReadAhead(page, for: 0)
        #expect(small.claimReadAhead() == nil, "the budget is spent")
        #expect(small.take(0) != nil)
        #expect(small.claimReadAhead() == 1)
        // No plan (or no budget): nothing is read ahead.
        #expect(SampledPages().claimReadAhead() == nil)
        #expect(SampledPages().planning([0, 1], budget: 0).claimReadAhead() == nil)
    }

    @Test func pagesReadWhileTheTreeIsReadGiveTheSameText() throws {
        let doc = try Self.taggedPages()
        let plain = TextExtractor(document: doc)
        #expect(plain.structureOrder != nil)
        var waiting = plain.readingAhead(pages: [0, 1, 2, 3])
        // A tree that takes 300 ms to read: page 0's layout waits, and the other pages are
        // read meanwhile.
        waiting.structure = Eventually {
            usleep(300_000)
            return StructureOrder(document: doc)
        }
        let first = waiting.page(0)
        #expect(waiting.sampled.count == 3, "pages 2-4 were read ahead while the tree was read")
        #expect(first.layout.text == plain.page(0).layout.text)
        for i in 1..<4 { #expect(waiting.page(i).layout.text == plain.page(i).layout.text, "page \(i + 1)") }
        #expect(waiting.sampled.count == 0, "every page read ahead was handed out")
        #expect(plain.page(3).layout.text.contains("Page 4 second line"))
        // With the tree read, nothing is read ahead.
        let ready = plain.readingAhead(pages: [0, 1, 2, 3])
        _ = ready.page(0)
        #expect(ready.sampled.count == 0)
    }
}
