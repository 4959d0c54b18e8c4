import Foundation
import GRDB
import PDFCore
import PDFFile
import PDFSearch
import PDFSearchIndex
import PDFText
import Testing
import PDFTestSupport

let corpusURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

/// Indexes Corpus documents through the library (SearchablePage → SearchIndex) and checks
/// hits, matches and their boxes against the layout's own word boxes.
struct SearchIndexTests {
    static let files = ["text/headers-footers-groff", "text/two-column-pdflatex", "text/greek-lualatex",
                        "text/russian-xelatex", "text/arabic-libreoffice", "text/hebrew-xelatex",
                        "text/chinese-xelatex", "text/japanese-lualatex", "text/rotated-page-pdflatex",
                        "text/ligatures-pdflatex", "text/hyphenated-pdflatex"]

    final class Fixture {
        let dir: URL
        let index: SearchIndex
        var pages: [String: [PageText]] = [:]

        init() throws {
            dir = try TestDirectory.make("index")
            index = try SearchIndex(path: dir.appendingPathComponent("i.sqlite").path, create: true)
            for name in SearchIndexTests.files {
                let path = corpusURL.appendingPathComponent(name + ".pdf").path
                try add(path: path)
            }
        }

        func add(path: String) throws {
            let bytes = try FileBytes.read(path: path)
            let document = try Document(bytes: bytes)
            let extractor = TextExtractor(document: document)
            var records: [SearchIndex.PageRecord] = []
            var texts: [PageText] = []
            for n in 1...document.pageCount {
                let page = extractor.page(n - 1)
                texts.append(page)
                records.append(SearchIndex.PageRecord(number: n, label: nil, page: SearchablePage(page, tokenizer: index.tokenizer, documentLanguage: document.language)))
            }
            pages[path] = texts
            try index.replace(SearchIndex.FileState(path: path, sha256: "h\(bytes.count)", size: Int64(bytes.count), mtime: 0),
                              title: document.info.title, language: document.language, pageCount: document.pageCount, pages: records)
        }

        deinit { try? FileManager.default.removeItem(at: dir) }
    }

    /// Every match's boxes lie inside a word box of the layout (display space, computed by
    /// DisplayLayout from the layout's words, not from the index's character boxes) whose
    /// text holds the match, once folded.
    func checkBoxes(_ hit: SearchIndex.Hit, _ fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let page = fixture.pages[hit.file]?[hit.page - 1] else {
            Issue.record("no page for \(hit.file) \(hit.page)", sourceLocation: sourceLocation)
            return
        }
        let display = DisplayLayout(page.layout, glyphs: page.glyphs)
        let words = display.blocks.flatMap(\.lines).flatMap(\.words)
        let fold = fixture.index.tokenizer
        #expect(!hit.matches.isEmpty, sourceLocation: sourceLocation)
        for m in hit.matches {
            #expect(!m.boxes.isEmpty, sourceLocation: sourceLocation)
            let key = fold.words(in: m.text).map(\.key).joined()
            for box in m.boxes {
                let on = words.contains { w in
                    let range = page.layout.words[w.index].characters
                    let text = String(String.UnicodeScalarView(page.layout.characters[Int(range.lowerBound)..<Int(range.upperBound)].map(\.scalar)))
                    let wordKey = fold.words(in: text).map(\.key).joined()
                    let tolerance = 0.6
                    return w.box.x0 - tolerance <= box.x0 && box.x1 <= w.box.x1 + tolerance
                        && w.box.y0 - tolerance <= box.y0 && box.y1 <= w.box.y1 + tolerance
                        && (wordKey.contains(key) || key.contains(wordKey))
                }
                #expect(on, "box \(box) of “\(m.text)” on page \(hit.page) of \(hit.file) lies on no word", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func hitsAcrossScriptsHaveBoxesOnTheirWords() throws {
        let f = try Fixture()
        let cases: [(query: String, file: String, text: String)] = [
            ("fishing", "headers-footers-groff", "fishing"),
            ("FLOUR", "two-column-pdflatex", "flour"),
            ("νησι", "greek-lualatex", "νησί"),
            ("деревне", "russian-xelatex", "деревне"),
            ("العربي", "arabic-libreoffice", "العربي"),
            ("הספרייה", "hebrew-xelatex", "הספרייה"),
            ("长江", "chinese-xelatex", "长江"),
            ("花火", "japanese-lualatex", "花火"),
            ("volunteers", "rotated-page-pdflatex", "volunteers"),
            // On the landscape (/Rotate) page.
            ("hawfinch", "rotated-page-pdflatex", "hawfinch"),
            ("office", "ligatures-pdflatex", "Office"),
        ]
        for c in cases {
            let r = try f.index.search(c.query)
            let hit = try #require(r.hits.first { $0.file.hasSuffix(c.file + ".pdf") }, "no hit for \(c.query)")
            #expect(hit.matches.contains { $0.text == c.text }, "\(c.query): \(hit.matches.map(\.text))")
            #expect(hit.score > 0)
            checkBoxes(hit, f)
        }
    }

    @Test func phrasesPrefixesBooleansAndRanking() throws {
        let f = try Fixture()
        let phrase = try f.index.search("\"fishing village\"")
        #expect(phrase.total == 1)
        #expect(phrase.hits.first?.matches.first?.text == "fishing village")
        // Not in that order.
        #expect(try f.index.search("\"village fishing\"").total == 0)
        let prefix = try f.index.search("fish*")
        #expect(prefix.hits.contains { $0.matches.contains { $0.text.lowercased() == "fishing" } })
        let either = try f.index.search("νησί OR деревне")
        #expect(Set(either.hits.map { URL(fileURLWithPath: $0.file).lastPathComponent }) == ["greek-lualatex.pdf", "russian-xelatex.pdf"])
        let without = try f.index.search("the -fishing")
        #expect(!without.hits.isEmpty)
        #expect(!without.hits.contains { $0.file.hasSuffix("headers-footers-groff.pdf") && $0.page == 1 })
        // bm25: scores never increase down the list.
        let the = try f.index.search("the", limit: 50)
        #expect(zip(the.hits, the.hits.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(the.total == the.hits.count)
    }

    @Test func snippetsMarkTheMatches() throws {
        let f = try Fixture()
        let hit = try #require(try f.index.search("fishing village").hits.first)
        let s = hit.snippet(length: 80, markStart: "<", markEnd: ">")
        #expect(s.contains("<fishing>") && s.contains("<village>"))
        #expect(s.unicodeScalars.count <= 80 + 2 + 8)
        #expect(!s.contains("\n"))
    }

    @Test func aWordHyphenatedAcrossLinesIsOneMatchWithABoxOnEachLine() throws {
        let f = try Fixture()
        let hit = try #require(try f.index.search("interdepartmental").hits.first)
        let m = try #require(hit.matches.first)
        #expect(m.text == "interdepartmental")
        #expect(m.boxes.count == 2)
        if m.boxes.count == 2 {
            // The second part is on the next line, below the first.
            #expect(m.boxes[1].y0 > m.boxes[0].y1 - 1)
        }
        checkBoxes(hit, f)
    }

    @Test func chineseSnippetsJoinLinesWithoutSpaces() throws {
        let f = try Fixture()
        let hit = try #require(try f.index.search("长江").hits.first)
        let s = hit.snippet(length: 400)
        #expect(s.contains("[长江]"))
        // The page breaks a line inside 青藏高原.
        #expect(hit.text.contains("青\n藏") || hit.text.contains("青 藏"))
        #expect(s.contains("青藏高原"))
    }

    @Test func replacingADocumentKeepsOneCopyAndRemovingDropsIt() throws {
        let f = try Fixture()
        let path = corpusURL.appendingPathComponent("text/headers-footers-groff.pdf").path
        let before = try f.index.search("fishing").total
        try f.add(path: path)
        #expect(try f.index.search("fishing").total == before)
        try f.index.remove(paths: [path])
        #expect(try f.index.search("fishing").total == 0)
        #expect(try f.index.integrityProblem() == nil)
    }

    @Test func anotherSQLiteDatabaseIsNeverWrittenTo() throws {
        let f = try Fixture()
        let path = f.dir.appendingPathComponent("other.sqlite").path
        let other = try DatabaseQueue(path: path)
        try other.write { db in try db.execute(sql: "CREATE TABLE notes(x TEXT)") }
        #expect(throws: SearchIndex.OpenError.self) { _ = try SearchIndex(path: path, create: true) }
        let tables = try other.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(tables == ["notes"])
    }

    /// A run killed while creating the index can leave GRDB's migration table without the
    /// schema; the next open completes it.
    @Test func anIndexWhoseCreationWasInterruptedIsCompleted() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-interrupted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("i.sqlite").path
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        }
        let index = try SearchIndex(path: path, create: true)
        #expect(try index.counts().documents == 0)
        #expect(try index.integrityProblem() == nil)
    }

    @Test func anIndexKeepsItsFolding() throws {
        let f = try Fixture()
        #expect(throws: SearchIndex.OpenError.self) {
            _ = try SearchIndex(path: f.index.path, create: false, folding: SearchFolding(caseFolding: true, diacriticFolding: false))
        }
        let reopened = try SearchIndex(path: f.index.path, create: false)
        #expect(reopened.folding == SearchFolding())
        #expect(throws: SearchIndex.OpenError.self) {
            _ = try SearchIndex(path: f.dir.appendingPathComponent("missing.sqlite").path, create: false)
        }
    }

    @Test func termBoxesRoundTrip() throws {
        let f = try Fixture()
        let path = corpusURL.appendingPathComponent("text/two-column-pdflatex.pdf").path
        let page = try #require(f.pages[path]?.first)
        let p = SearchablePage(page, tokenizer: f.index.tokenizer)
        let entries = TermBoxes.decode(TermBoxes.encode(p))
        #expect(Set(entries.map(\.term)) == Set(p.terms.indices.filter { !p.termBoxes[$0].isEmpty }))
        for e in entries.prefix(50) {
            #expect(e.range == p.terms[e.term].range)
            #expect(p.termBoxes[e.term].contains { abs($0.x0 - e.box.x0) < 0.01 && abs($0.y1 - e.box.y1) < 0.01 })
        }
    }
}

/// A match leads back to PDFKit's text API and to the glyphs it was painted with.
struct MatchTracingTests {
    @Test func aMatchIsAPDFKitSelectionAndHasItsGlyphs() throws {
        let f = try SearchIndexTests.Fixture()
        for query in ["hawfinch", "长江", "הספרייה"] {
            let hit = try #require(try f.index.search(query).hits.first)
            let document = try PDFDocument(contentsOf: URL(fileURLWithPath: hit.file))
            let page = try #require(document.page(at: hit.page - 1))
            for m in hit.matches {
                let selection = try #require(page.selection(for: NSRange(location: m.utf16Range.lowerBound, length: m.utf16Range.count)))
                #expect(selection.string == m.text, "\(query)")
            }
            // The glyphs of the match lie inside its boxes.
            let text = try #require(f.pages[hit.file]?[hit.page - 1])
            let searchable = SearchablePage(text, tokenizer: f.index.tokenizer)
            let m = try #require(hit.matches.first)
            let glyphs = searchable.glyphs(for: m.range)
            #expect(!glyphs.isEmpty)
            let display = text.glyphs.displayTransform
            for g in glyphs {
                let b = text.glyphs.glyphs[g].quad.transformed(by: display).bounds
                #expect(m.boxes.contains { $0.x0 - 0.01 <= b.x0 && b.x1 <= $0.x1 + 0.01 && $0.y0 - 0.01 <= b.y0 && b.y1 <= $0.y1 + 0.01 }, "\(query): glyph \(g)")
            }
        }
    }
}
