import PDFSearch
import PDFText
import PDFTextCLI
import Testing

/// Find, grep and the search index fold with one engine (``UnicodeFolding``): a query
/// matches the same words in all three.
struct FoldingAgreementTests {
    /// Words of page text, and queries that should or should not find them.
    static let pairs: [(query: String, word: String)] = [
        ("strasse", "Straße"), ("STRASSE", "straße"), ("resume", "résumé"), ("RÉSUMÉ", "resume"),
        ("cafe", "cafe\u{301}"), ("café", "CAFÉ"), ("finance", "\u{FB01}nance"), ("office", "o\u{FB03}ce"),
        ("full", "\u{FF46}\u{FF55}\u{FF4C}\u{FF4C}"), ("ｆｕｌｌ", "FULL"), ("oslo", "Øslo"), ("lodz", "Łódź"),
        ("istanbul", "ıstanbul"), ("ελληνικα", "ΕΛΛΗΝΙΚΆ"), ("σοφος", "ΣΟΦΟΣ"), ("ёлка", "Елка"),
        ("كتب", "كَتَبَ"), ("كتب", "كـتـب"), ("שלום", "שָׁלוֹם"), ("cat", "cats"), ("cat", "Cat"),
        ("noel", "Noël"), ("naive", "naïve"), ("hindi", "हिंदी"), ("हिंदी", "हिदी"), ("カ", "ガ"),
        ("abc", "\u{FF21}\u{FF22}\u{FF23}"), ("dz", "ǆ"), ("kelvin", "\u{212A}elvin"), ("angstrom", "\u{212B}ngstrom"),
    ]

    /// The options of `pdftext grep -i --ignore-diacritics -w`.
    static func grepOptions() throws -> FindOptions {
        try Grep.parse(["-i", "--ignore-diacritics", "-w", "q", "f.pdf"]).findOptions
    }

    @Test("find, grep and the index's keys agree on every pair, both ways")
    func agreement() throws {
        let grep = try Self.grepOptions()
        let find = FindOptions([.caseInsensitive, .diacriticInsensitive, .widthInsensitive], wholeWords: true)
        let tokenizer = Tokenizer()
        var matched = 0
        for (query, word) in Self.pairs {
            let text = "before \(word) after"
            let byFind = !TextSearch.matches(of: query, in: text, options: find).isEmpty
            let byGrep = !TextSearch.matches(of: query, in: text, options: grep).isEmpty
            let keys = tokenizer.words(in: text).map(\.key)
            let queryKeys = tokenizer.words(in: query).map(\.key)
            let bySearch = !queryKeys.isEmpty && keys.contains(queryKeys.joined())
            #expect(byFind == byGrep && byGrep == bySearch, "\(query) in \(word): find \(byFind), grep \(byGrep), search \(bySearch)")
            if byFind { matched += 1 }
        }
        // Most pairs are variants of one word; the rest (cat/cats, the Devanagari and kana
        // marks, which make other letters) must not match anywhere.
        #expect(matched >= 24)
        #expect(TextSearch.matches(of: "cat", in: "before cats after", options: find).isEmpty)
        #expect(TextSearch.matches(of: "カ", in: "ガ", options: find).isEmpty)
    }

    @Test("without -i, case matters to grep and find alike; compatibility forms still fold")
    func caseSensitiveGrep() throws {
        let grep = try Grep.parse(["q", "f.pdf"]).findOptions
        #expect(TextSearch.matches(of: "Cat", in: "a cat", options: grep).isEmpty)
        #expect(!TextSearch.matches(of: "finance", in: "\u{FB01}nance", options: grep).isEmpty)
        #expect(!TextSearch.matches(of: "full", in: "\u{FF46}\u{FF55}\u{FF4C}\u{FF4C}", options: grep).isEmpty)
        // Canonical equivalence without compatibility: e + U+0301 is é for find's defaults.
        #expect(!TextSearch.matches(of: "café", in: "cafe\u{301}", options: FindOptions()).isEmpty)
        #expect(TextSearch.matches(of: "finance", in: "\u{FB01}nance", options: FindOptions()).isEmpty)
    }
}
