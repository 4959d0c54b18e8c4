import Foundation
import PDFSearch
import PDFSearchIndex
import Testing

struct SearchQueryTests {
    let tokenizer = Tokenizer()

    func fts(_ q: String) throws -> String { try SearchQuery(q, tokenizer: tokenizer).ftsExpression }

    @Test func wordsAreAndedAndFolded() throws {
        #expect(try fts("Reading ORDER") == "\"reading\" AND \"order\"")
        #expect(try fts("Résumé") == "\"resume\"")
        #expect(try fts("reading AND order") == "\"reading\" AND \"order\"")
    }

    @Test func phrasesPrefixesAndBooleans() throws {
        #expect(try fts("\"reading order\"") == "\"reading order\"")
        #expect(try fts("“reading order”") == "\"reading order\"")
        #expect(try fts("fish*") == "\"fish\" *")
        #expect(try fts("\"reading ord\"*") == "\"reading ord\" *")
        #expect(try fts("coastal OR flour") == "\"coastal\" OR \"flour\"")
        #expect(try fts("the -coastal") == "\"the\" NOT \"coastal\"")
        #expect(try fts("the NOT coastal") == "\"the\" NOT \"coastal\"")
        #expect(try fts("(coastal OR flour) path") == "(\"coastal\" OR \"flour\") AND \"path\"")
        // Lower-case operators are words.
        #expect(try fts("salt and time") == "\"salt\" AND \"and\" AND \"time\"")
        // A hyphen inside a word is not an exclusion.
        #expect(try fts("e-mail") == "\"e mail\"")
    }

    @Test func cjkWordsArePhrasesOfCharacters() throws {
        #expect(try fts("东京") == "\"东 京\"")
        #expect(try fts("長江 河流") == "\"長 江\" AND \"河 流\"")
        #expect(try fts("コンピューター") == "\"コ ン ピ ュ ー タ ー\"")
    }

    @Test func queriesWithoutWordsAreErrors() {
        #expect(throws: SearchQuery.SyntaxError.self) { try SearchQuery("", tokenizer: tokenizer) }
        #expect(throws: SearchQuery.SyntaxError.self) { try SearchQuery("?! —", tokenizer: tokenizer) }
        #expect(throws: SearchQuery.SyntaxError.self) { try SearchQuery("-alone", tokenizer: tokenizer) }
        #expect(throws: SearchQuery.SyntaxError.self) { try SearchQuery("NOT alone", tokenizer: tokenizer) }
    }

    /// Whatever a user types, the expression is valid FTS5: SQLite never reports a syntax
    /// error for it.
    @Test func noInputMakesAnFTS5SyntaxError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-query-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let index = try SearchIndex(path: dir.appendingPathComponent("q.sqlite").path, create: true)
        let pieces = ["a", "\"", "(", ")", "*", "-", "AND", "OR", "NOT", "NEAR", "b:", "^", "x*y", "\"\"", "ö", "東京", "+", "{", "}", ":", "'"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let n = Int.random(in: 1...6, using: &generator)
            let q = (0..<n).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: Bool.random() ? " " : "")
            guard let parsed = try? SearchQuery(q, tokenizer: index.tokenizer) else { continue }
            #expect(throws: Never.self, "\(q) → \(parsed.ftsExpression)") { _ = try index.search(parsed) }
        }
    }
}

struct HighlightParsingTests {
    @Test func markedRunsCountOurTerms() {
        #expect(SearchIndex.markedTermRuns("a \u{2}b\u{3} c") == [1...1])
        // A phrase is one run.
        #expect(SearchIndex.markedTermRuns("\u{2}a b\u{3} c \u{2}d\u{3}") == [0...1, 3...3])
        // A mark starting inside a term (SQLite split it) still names that term, and the
        // terms after it keep their ordinals.
        #expect(SearchIndex.markedTermRuns("x a\u{2}b\u{3} c \u{2}d\u{3}") == [1...1, 3...3])
        #expect(SearchIndex.markedTermRuns("no marks here") == [])
    }
}
