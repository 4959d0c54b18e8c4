import Foundation
import GRDB
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

/// Invariants of the tokenizer on random text from many scripts: words are ordered and
/// disjoint, keys are never empty, and SQLite's FTS5 tokenizer (as the index configures it)
/// reads each key as exactly one token, which highlighting and boxes rely on.
struct TokenizerInvariantTests {
    static let blocks: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x590...0x5FF,
        0x600...0x6FF, 0x900...0x97F, 0xE00...0xE7F, 0x1100...0x11FF, 0x2000...0x206F,
        0x3000...0x30FF, 0x4E00...0x4FFF, 0xAC00...0xAD00, 0xFB00...0xFB4F, 0xFE70...0xFEFF,
        0xFF00...0xFFEF, 0x1D400...0x1D4FF, 0x1F300...0x1F6FF, 0x20000...0x200FF, 0xE000...0xE0FF,
        0x17000...0x170FF, 0x30000...0x300FF, 0x11F00...0x11F5F, 0x0D80...0x0DFF, 0x1780...0x17FF,
    ]

    @Test func randomTextGivesOneFTSTokenPerKey() throws {
        let tokenizer = Tokenizer()
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE t USING fts5(x, tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'");
                CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');
                """)
        }
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let block = Self.blocks.randomElement(using: &generator)!
                if let s = Unicode.Scalar(UInt32.random(in: block, using: &generator)) { scalars.append(s) }
                if Int.random(in: 0..<5, using: &generator) == 0 { scalars.append(" ") }
            }
            let words = tokenizer.words(in: scalars)
            var end = 0
            for w in words {
                #expect(w.range.lowerBound >= end && w.range.upperBound <= scalars.count && !w.range.isEmpty)
                #expect(!w.key.isEmpty && !w.key.unicodeScalars.contains { $0.properties.isWhitespace })
                end = w.range.upperBound
            }
            let terms = IndexTerm.terms(of: words, in: scalars, tokenizer: tokenizer)
            let text = terms.map(\.key).joined(separator: " ")
            let tokens = try queue.write { db -> Int in
                try db.execute(sql: "DELETE FROM t")
                try db.execute(sql: "INSERT INTO t(rowid, x) VALUES (1, ?)", arguments: [text])
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM v") ?? -1
            }
            #expect(tokens == terms.count, "round \(round): \(terms.map(\.key)) gave \(tokens) FTS5 tokens")
        }
    }
}
