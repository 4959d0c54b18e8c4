import Foundation
import PDFText
import Testing

func openCorpus(_ relative: String) throws -> PDFDocument {
    try #require(PDFDocument(url: corpusURL.appendingPathComponent(relative)), "cannot open \(relative)")
}

@Suite struct PageTextAPITests {
    @Test func helloString() throws {
        let doc = try openCorpus("basic/hello.pdf")
        let page = try #require(doc.page(at: 0))
        #expect(page.string == "Hello, world.")
        #expect(page.numberOfCharacters == 13)
        #expect(doc.page(at: 0) === page, "page(at:) returns the same object")
        #expect(doc.index(for: page) == 0)
        #expect(page.document === doc)
        #expect(doc.string == "Hello, world.")
    }

    @Test func characterBoundsRunLeftToRightAndHitBack() throws {
        let page = try #require(try openCorpus("basic/hello.pdf").page(at: 0))
        var lastX = -CGFloat.infinity
        for i in 0..<page.numberOfCharacters where i != 6 {
            let b = page.characterBounds(at: i)
            #expect(b.width > 0 && b.height > 0, "character \(i) has a box")
            #expect(b.minX >= lastX - 0.01, "character \(i) starts after the one before")
            lastX = b.minX
            #expect(page.characterIndex(at: CGPoint(x: b.midX, y: b.midY)) == i)
        }
        // The space between "Hello," and "world." is in the text, and its box is the gap.
        let comma = page.characterBounds(at: 5), space = page.characterBounds(at: 6), w = page.characterBounds(at: 7)
        #expect(abs(space.minX - comma.maxX) < 0.01 && abs(space.maxX - w.minX) < 0.01)
        #expect(page.characterBounds(at: 13) == .zero)
        #expect(page.characterBounds(at: -1) == .zero)
        #expect(page.characterIndex(at: CGPoint(x: -100, y: -100)) == -1)
        #expect(page.glyph(forCharacterAt: 0) != nil)
        #expect(page.glyph(forCharacterAt: 6) == nil || page.glyph(forCharacterAt: 6)?.flags.contains(.space) == true)
    }

    @Test func selectionsByRangeAndRect() throws {
        let page = try #require(try openCorpus("basic/hello.pdf").page(at: 0))
        #expect(page.selection(for: NSRange(location: 0, length: 5))?.string == "Hello")
        #expect(page.selection(for: NSRange(location: 7, length: 100))?.string == "world.")
        #expect(page.selection(for: NSRange(location: 0, length: 0)) == nil)
        #expect(page.selection(for: NSRange(location: 13, length: 1)) == nil)
        #expect(page.selection(for: NSRange(location: -1, length: 3)) == nil)

        // A rectangle around the second word only.
        let w0 = page.characterBounds(at: 7), w1 = page.characterBounds(at: 12)
        let rect = w0.union(w1).insetBy(dx: -0.5, dy: -0.5)
        let sel = try #require(page.selection(for: rect))
        #expect(sel.string == "world.")
        #expect(sel.numberOfTextRanges(on: page) == 1)
        #expect(sel.range(at: 0, on: page) == NSRange(location: 7, length: 6))
        #expect(sel.range(at: 1, on: page).location == NSNotFound)
        let b = sel.bounds(for: page)
        #expect(abs(b.minX - w0.minX) < 0.01 && abs(b.maxX - w1.maxX) < 0.01)
        #expect(sel.quadrilaterals(on: page).count == 1)
        #expect(page.selection(for: CGRect(x: -50, y: -50, width: 10, height: 10)) == nil)
    }

    @Test func wordLineAndDrag() throws {
        let page = try #require(try openCorpus("basic/hello.pdf").page(at: 0))
        let h = page.characterBounds(at: 1)
        #expect(page.selectionForWord(at: CGPoint(x: h.midX, y: h.midY))?.string == "Hello,")
        #expect(page.selectionForLine(at: CGPoint(x: h.midX, y: h.midY))?.string == "Hello, world.")
        #expect(page.selectionForWord(at: CGPoint(x: -5, y: -5)) == nil)
        let e = page.characterBounds(at: 1), r = page.characterBounds(at: 9)
        // Dragging backwards selects the same text as forwards.
        let forward = page.selection(from: CGPoint(x: e.midX, y: e.midY), to: CGPoint(x: r.midX, y: r.midY))
        let backward = page.selection(from: CGPoint(x: r.midX, y: r.midY), to: CGPoint(x: e.midX, y: e.midY))
        #expect(forward?.string == "ello, wor")
        #expect(backward?.string == "ello, wor")
    }

    @Test func addMergesAndKeepsDiscontiguousRanges() throws {
        let page = try #require(try openCorpus("basic/hello.pdf").page(at: 0))
        let a = try #require(page.selection(for: NSRange(location: 0, length: 2)))
        a.add(try #require(page.selection(for: NSRange(location: 7, length: 2))))
        #expect(a.numberOfTextRanges(on: page) == 2)
        #expect(a.string == "He\nwo")
        a.add([try #require(page.selection(for: NSRange(location: 1, length: 7)))])
        #expect(a.numberOfTextRanges(on: page) == 1)
        #expect(a.string == "Hello, wo")
        let copy = a.copy()
        a.extend(atEnd: 2)
        #expect(a.string == "Hello, worl")
        #expect(copy.string == "Hello, wo", "a copy does not change with the original")
        a.extend(atEnd: -3)
        #expect(a.string == "Hello, w")
        let b = try #require(page.selection(for: NSRange(location: 3, length: 2)))
        b.extendForLineBoundaries()
        #expect(b.string == "Hello, world.")
    }

    @Test func selectionsAcrossPages() throws {
        let doc = try openCorpus("basic/three-pages.pdf")
        let p0 = try #require(doc.page(at: 0)), p1 = try #require(doc.page(at: 1)), p2 = try #require(doc.page(at: 2))
        let s0 = try #require(p0.string), s1 = try #require(p1.string), s2 = try #require(p2.string)
        let sel = try #require(doc.selection(from: p0, atCharacterIndex: 1, to: p2, atCharacterIndex: 2))
        #expect(sel.pages.map(\.pageIndex) == [0, 1, 2])
        #expect(sel.string == String(s0.dropFirst()) + "\n" + s1 + "\n" + String(s2.prefix(3)))
        #expect(doc.selection(from: p2, atCharacterIndex: 0, to: p0, atCharacterIndex: 0) == nil)
        #expect(doc.selection(from: p0, atCharacterIndex: 0, to: p0, atCharacterIndex: 999) == nil)

        // Extending past the end of a page runs onto the next one.
        let end = try #require(p0.selection(for: NSRange(location: p0.numberOfCharacters - 1, length: 1)))
        end.extend(atEnd: 3)
        #expect(end.pages.map(\.pageIndex) == [0, 1])
        #expect(end.string == String(s0.suffix(1)) + "\n" + String(s1.prefix(3)))
        let start = try #require(p1.selection(for: NSRange(location: 0, length: 1)))
        start.extend(atStart: 2)
        #expect(start.string == String(s0.suffix(2)) + "\n" + String(s1.prefix(1)))

        let all = try #require(doc.selectionForEntireDocument)
        #expect(all.string == doc.string)
        #expect(all.selectionsByLine().count >= 3)
    }

    @Test func granularityWidensDrags() throws {
        let doc = try openCorpus("basic/hello.pdf")
        let page = try #require(doc.page(at: 0))
        let e = page.characterBounds(at: 1), r = page.characterBounds(at: 9)
        let a = CGPoint(x: e.midX, y: e.midY), b = CGPoint(x: r.midX, y: r.midY)
        #expect(doc.selection(from: page, at: a, to: page, at: b, withGranularity: .character)?.string == "ello, wor")
        #expect(doc.selection(from: page, at: a, to: page, at: b, withGranularity: .word)?.string == "Hello, world.")
        #expect(doc.selection(from: page, at: a, to: page, at: a, withGranularity: .line)?.string == "Hello, world.")
    }

    @Test func lockedDocumentHasNoText() throws {
        let doc = try openCorpus("encrypted/aes-256.pdf")
        let page = try #require(doc.page(at: 0))
        #expect(page.string == nil)
        #expect(page.numberOfCharacters == 0)
        #expect(doc.string == nil)
        #expect(doc.unlock(withPassword: "user"))
        #expect(page.string?.isEmpty == false)
    }

    @Test func ligatureGlyphIsSplitAmongItsCharacters() throws {
        let doc = try openCorpus("text/ligatures-pdflatex.pdf")
        let page = try #require(doc.page(at: 0))
        let s = try #require(page.string) as NSString
        let r = s.range(of: "fi")
        try #require(r.location != NSNotFound)
        let f = page.characterBounds(at: r.location), i = page.characterBounds(at: r.location + 1)
        #expect(f.width > 0 && i.width > 0)
        #expect(f.maxX <= i.minX + 0.01, "the two halves of one glyph do not overlap")
        #expect(page.characterIndex(at: CGPoint(x: f.midX, y: f.midY)) == r.location)
        #expect(page.characterIndex(at: CGPoint(x: i.midX, y: i.midY)) == r.location + 1)
    }

    @Test func rotatedTextGetsRotatedQuads() throws {
        let doc = try openCorpus("text/rotated-text-pdflatex.pdf")
        let page = try #require(doc.page(at: 0))
        let all = try #require(page.selectionForEntirePage)
        let quads = all.quadrilaterals(on: page)
        #expect(quads.count == page.pageText?.layout.lines.count)
        // Some line runs along a direction other than the x axis.
        let turned = quads.contains { q in abs(q.lowerRight.y - q.lowerLeft.y) > abs(q.lowerRight.x - q.lowerLeft.x) }
        #expect(turned)
    }
}

@Suite struct DocumentTextTests {
    @Test func actualTextReplacesTheGlyphsItCovers() throws {
        let doc = try openCorpus("fonts/actualtext.pdf")
        let page = try #require(doc.page(at: 0))
        let s = try #require(page.string)
        #expect(s.contains("five Straße"), "ActualText is honoured (PDFKit ignores it)")
        // Every character of the replacement still has a box on the page.
        let r = (s as NSString).range(of: "Straße")
        for i in r.location..<(r.location + r.length) {
            let b = page.characterBounds(at: i)
            #expect(b.width > 0 && b.height > 0, "character \(i) has a box")
        }
    }

    @Test func concurrentUseGivesTheSameText() async throws {
        let url = corpusURL.appendingPathComponent("text/two-column-pdflatex.pdf")
        let reference = try #require(PDFDocument(url: url)?.string)
        let doc = try #require(PDFDocument(url: url))
        let n = doc.pageCount
        // Many tasks ask for the same pages at once; each gets the one right text.
        let results = await withTaskGroup(of: (Int, String?).self) { group in
            for k in 0..<(8 * n) {
                group.addTask { (k % n, doc.page(at: k % n)?.string) }
            }
            var out: [(Int, String?)] = []
            for await r in group { out.append(r) }
            return out
        }
        let pages = (0..<n).map { doc.page(at: $0)?.string ?? "" }
        #expect(pages.joined(separator: "\n") == reference)
        for (i, s) in results { #expect(s == pages[i]) }
        #expect(doc.string == reference)
    }

    @Test func cacheLimitRebuildsPagesOnDemand() throws {
        var options = PDFTextOptions()
        options.cachedPages = 1
        let doc = try PDFDocument(contentsOf: corpusURL.appendingPathComponent("basic/three-pages.pdf"), options: options)
        let first = doc.page(at: 0)?.string
        _ = doc.page(at: 1)?.string
        _ = doc.page(at: 2)?.string
        #expect(doc.page(at: 0)?.string == first)
        #expect(first?.isEmpty == false)
    }

    @Test func throwingInitialiserSaysWhy() throws {
        #expect(throws: PDFError.self) { try PDFDocument(contentsOf: corpusURL.appendingPathComponent("broken/not-a-pdf.pdf")) }
        #expect(PDFDocument(data: Data("not a pdf".utf8)) == nil)
        let missing = corpusURL.appendingPathComponent("no-such-file.pdf")
        do {
            _ = try PDFDocument(contentsOf: missing)
            Issue.record("opening a missing file succeeded")
        } catch {
            #expect(error.message.contains("no-such-file.pdf") || error.message.lowercased().contains("no such file"))
        }
    }
}

@Suite struct PageAttributedTextTests {
    @Test func pageAndSelectionCarryStyles() throws {
        let doc = try openCorpus("text/styles-pdflatex.pdf")
        let page = try #require(doc.page(at: 0))
        let string = try #require(page.string)
        let attributed = try #require(page.attributedText)
        #expect(String(attributed.characters) == string)
        let ns = try #require(page.attributedString)
        #expect(ns.string == string)

        let r = (string as NSString).range(of: "boldword")
        let sel = try #require(page.selection(for: r))
        let text = try #require(sel.attributedText)
        #expect(String(text.characters) == "boldword")
        #expect(text.runs.allSatisfy { $0.isBold == true })
        let plain = try #require(page.selection(for: (string as NSString).range(of: "paragraph")))
        #expect(plain.attributedText?.runs.allSatisfy { $0.isBold != true } == true)
        let link = try #require(page.selection(for: (string as NSString).range(of: "linkword")))
        #expect(link.attributedString?.attribute(NSAttributedString.Key("NSLink"), at: 0, effectiveRange: nil) != nil)

        // Two ranges join with a line feed, as `string` does.
        sel.add(plain)
        #expect(sel.attributedText.map { String($0.characters) } == sel.string)
    }
}

@Suite struct FindAcrossLinesTests {
    /// A phrase made of the last word of a line and the first of the next is found as one
    /// selection with one quad per line.
    @Test func phraseAcrossALineBreakHasOneQuadPerLine() throws {
        let doc = try openCorpus("text/prose-libreoffice.pdf")
        let page = try #require(doc.page(at: 0))
        let string = try #require(page.string) as NSString
        let byLine = page.selectionForEntirePage?.selectionsByLine() ?? []
        let lines = byLine.compactMap { $0.string }
        var checked = 0
        for k in 0..<(lines.count - 1) {
            guard let last = lines[k].split(separator: " ").last, let first = lines[k + 1].split(separator: " ").first,
                  last.count > 3, first.count > 3,
                  string.range(of: String(last) + "\n" + String(first)).location != NSNotFound else { continue }
            let phrase = String(last) + " " + String(first)
            let hits = doc.findString(phrase, withOptions: [])
            let across: String = String(last) + "\n" + String(first)
            let match: PDFSelection? = hits.first { $0.string == across }
            let hit = try #require(match, "\(phrase) not found across the break")
            #expect(hit.quadrilaterals(on: page).count == 2)
            #expect(hit.selectionsByLine().map(\.string) == [String(last), String(first)])
            checked += 1
        }
        #expect(checked >= 3)
    }

    /// A word hyphenated at a line end is found whole, spanning both lines.
    @Test func hyphenatedWordAtALineEnd() throws {
        var options = PDFTextOptions()
        options.layout.hyphenJoining = .never
        let doc = try PDFDocument(contentsOf: corpusURL.appendingPathComponent("text/hyphenated-pdflatex.pdf"), options: options)
        let page = try #require(doc.page(at: 0))
        let string = try #require(page.string)
        // "xxx-\nyyy" between letters: take the pieces around the first such break.
        let scalars = Array(string)
        var found = false
        for i in 1..<(scalars.count - 2) where scalars[i] == "-" && scalars[i + 1] == "\n" && scalars[i - 1].isLetter && scalars[i + 2].isLetter {
            var a = i - 1
            while a > 0, scalars[a - 1].isLetter { a -= 1 }
            var b = i + 2
            while b + 1 < scalars.count, scalars[b + 1].isLetter { b += 1 }
            let word = String(scalars[a..<i]) + String(scalars[(i + 2)...b])
            let hits = doc.findString(word, withOptions: .caseInsensitive)
            let match: PDFSelection? = hits.first { $0.string?.contains("-\n") == true }
            let hit = try #require(match, "\(word) not found across its hyphen")
            #expect(hit.quadrilaterals(on: page).count == 2)
            found = true
            break
        }
        #expect(found, "the fixture has a hyphenated line end when joining is off")
    }
}
