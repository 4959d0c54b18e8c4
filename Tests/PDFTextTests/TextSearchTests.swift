import Foundation
import Testing
import PDFText
import PDFTestSupport

/// The matches of `query` in `text` as (start, end) UTF-16 offsets, for compact expectations.
private func find(_ query: String, _ text: String, _ options: NSString.CompareOptions = [],
                  wholeWords: Bool = false, regexHonoured: Bool = true) -> [[Int]] {
    TextSearch.matches(of: query, in: text, options: FindOptions(options, wholeWords: wholeWords, regularExpressionHonoured: regexHonoured))
        .map { [$0.lowerBound, $0.upperBound] }
}

/// The text a UTF-16 range covers.
private func cut(_ text: String, _ r: [Int]) -> String {
    let u = Array(text.utf16)
    return String(decoding: u[r[0]..<r[1]], as: UTF16.self)
}

@Suite struct TextSearchTests {
    // MARK: Basics

    @Test func emptyQueryMatchesNothing() throws {
        #expect(find("", "abc").isEmpty)
        #expect(find("", "").isEmpty)
        #expect(find("a", "").isEmpty)
        #expect(try TextSearch("").isEmpty)
    }

    @Test func plainMatchesAreCaseSensitiveByDefault() {
        #expect(find("world", "hello world") == [[6, 11]])
        #expect(find("World", "hello world").isEmpty)
        #expect(find("World", "hello world", .caseInsensitive) == [[6, 11]])
        #expect(find("HELLO", "Hello hello HeLLo", .caseInsensitive) == [[0, 5], [6, 11], [12, 17]])
    }

    @Test func overlappingOccurrencesAreReportedLeftToRightWithoutOverlap() {
        #expect(find("aa", "aaaa") == [[0, 2], [2, 4]])
        #expect(find("aa", "aaa") == [[0, 2]])
        #expect(find("aba", "abababa") == [[0, 3], [4, 7]])
    }

    @Test func backwardsGivesTheSameMatchesInReverseOrder() {
        #expect(find("a", "a b a", .backwards) == [[4, 5], [0, 1]])
        #expect(find("aa", "aaa", .backwards) == [[0, 2]])
    }

    @Test func anchoredMatchesAtTheStartOrWithBackwardsAtTheEnd() {
        #expect(find("foo", "foo bar foo", .anchored) == [[0, 3]])
        #expect(find("bar", "foo bar foo", .anchored).isEmpty)
        #expect(find("foo", "foo bar foo", [.anchored, .backwards]) == [[8, 11]])
        #expect(find("bar", "foo bar foo", [.anchored, .backwards]).isEmpty)
        #expect(find("FOO", "foo bar", [.anchored, .caseInsensitive]) == [[0, 3]])
    }

    @Test func wholeWordsNeedsNoLetterOrDigitAround() {
        #expect(find("cat", "cat concat cat.", wholeWords: true) == [[0, 3], [11, 14]])
        #expect(find("cat", "cat1 cat", wholeWords: true) == [[5, 8]])
        #expect(find("cat", "concatenate").count == 1)
        #expect(find("cat", "concatenate", wholeWords: true).isEmpty)
        // A rejected candidate does not hide a later whole word.
        #expect(find("ab", "aab ab", wholeWords: true) == [[4, 6]])
        // Non-Latin letters count as letters.
        #expect(find("кот", "котик кот", wholeWords: true) == [[6, 9]])
    }

    // MARK: Folding

    @Test func germanSharpSMatchesDoubleSWhenCaseInsensitive() {
        let text = "Die Straße ist lang"
        #expect(find("STRASSE", text, .caseInsensitive) == [[4, 10]])
        #expect(find("strasse", text).isEmpty)
        #expect(find("ß", "MASSE", .caseInsensitive) == [[2, 4]])
        // Half of ß is no match: matches cover whole characters.
        #expect(find("s", "ß", .caseInsensitive).isEmpty)
        #expect(find("ss", "ẞ", .caseInsensitive) == [[0, 1]])
    }

    @Test func ligaturesFoldToTheirLetters() {
        let text = "the ﬁrst ﬁnd"
        #expect(find("first", text, .caseInsensitive) == [[4, 8]])
        #expect(cut(text, [4, 8]) == "ﬁrst")
        #expect(find("fi", text, .caseInsensitive) == [[4, 5], [9, 10]])
        #expect(find("f", text, .caseInsensitive).isEmpty)  // half a ligature
        #expect(find("first", text).isEmpty)
    }

    @Test func greekCaseFoldingIncludingFinalSigma() {
        let text = "ΟΔΟΣ Αθηνών"
        #expect(find("οδος", text, .caseInsensitive) == [[0, 4]])
        #expect(find("οδος", text).isEmpty)
        #expect(find("ΑΘΗΝΩΝ", text, .caseInsensitive).isEmpty)  // ώ keeps its accent
        #expect(find("ΑΘΗΝΩΝ", text, [.caseInsensitive, .diacriticInsensitive]) == [[5, 11]])
        #expect(find("ς", "Σ σ ς", .caseInsensitive) == [[0, 1], [2, 3], [4, 5]])
    }

    @Test func cyrillicCaseAndDiacritics() {
        let text = "МОСКВА и Ёлка"
        #expect(find("москва", text, .caseInsensitive) == [[0, 6]])
        #expect(find("ёлка", text, .caseInsensitive) == [[9, 13]])
        #expect(find("елка", text, .caseInsensitive).isEmpty)
        #expect(find("елка", text, [.caseInsensitive, .diacriticInsensitive]) == [[9, 13]])
    }

    @Test func diacriticsAndCanonicalEquivalence() {
        let precomposed = "café noir", decomposed = "cafe\u{301} noir"
        #expect(find("cafe", precomposed).isEmpty)
        #expect(find("cafe", precomposed, .diacriticInsensitive) == [[0, 4]])
        // "e" never matches inside e + combining acute.
        #expect(find("cafe", decomposed).isEmpty)
        #expect(find("cafe", decomposed, .diacriticInsensitive) == [[0, 5]])
        // NFC and NFD match each other unless .literal.
        #expect(find("café", decomposed) == [[0, 5]])
        #expect(find("cafe\u{301}", precomposed) == [[0, 4]])
        #expect(find("café", decomposed, .literal).isEmpty)
        #expect(find("café", precomposed, .literal) == [[0, 4]])
        #expect(find("CAFÉ", precomposed, [.literal, .caseInsensitive]) == [[0, 4]])
        // Stacked marks in either order are canonically equivalent (ccc 220 and 230).
        #expect(find("a\u{301}\u{323}", "xa\u{323}\u{301}y") == [[1, 4]])
    }

    @Test func combiningMarksStayWithTheirBase() {
        let text = "n\u{303}o"  // ñ decomposed
        #expect(find("n", text).isEmpty)
        #expect(find("no", text, .diacriticInsensitive) == [[0, 3]])
        #expect(find("ño", text) == [[0, 3]])
        // ASCII next to non-ASCII: a prepended number sign makes one character with "1".
        #expect(find("1", "x\u{600}12").isEmpty)
        #expect(find("2", "x\u{600}12") == [[3, 4]])
        #expect(find("a", "é a éa aé") == [[2, 3], [5, 6], [7, 8]])
        #expect(find("\u{600}1", "x\u{600}12") == [[1, 3]])
    }

    @Test func widthInsensitive() {
        #expect(find("ABC", "ＡＢＣ").isEmpty)
        #expect(find("ABC", "xＡＢＣx", .widthInsensitive) == [[1, 4]])
        #expect(find("テキスト", "ﾃｷｽﾄ", .widthInsensitive) == [[0, 4]])
        #expect(find("abc", "ＡＢＣ", [.widthInsensitive, .caseInsensitive]) == [[0, 3]])
    }

    @Test func arabicAndHebrew() {
        let arabic = "مرحبا بالعالم"
        #expect(find("بالعالم", arabic) == [[6, 13]])
        let vowelled = "مَرْحَبًا"
        #expect(find("مرحبا", vowelled).isEmpty)
        #expect(find("مرحبا", vowelled, .diacriticInsensitive) == [[0, vowelled.utf16.count]])
        let hebrew = "שָׁלוֹם עולם"
        #expect(find("עולם", hebrew) == [[8, 12]])
        #expect(find("שלום", hebrew).isEmpty)
        #expect(find("שלום", hebrew, .diacriticInsensitive) == [[0, 7]])
    }

    @Test func cjk() {
        let text = "日本語のテキストを検索する。中文文本"
        #expect(find("テキスト", text) == [[4, 8]])
        #expect(find("検索", text) == [[9, 11]])
        #expect(find("文本", text) == [[16, 18]])
        #expect(find("中文", text, wholeWords: true).isEmpty)  // ideographs are letters
    }

    @Test func surrogatePairsGiveUTF16Offsets() {
        let text = "a😀b😀c 𝐀𝐁"
        #expect(find("😀c", text) == [[4, 7]])
        #expect(find("b", text) == [[3, 4]])
        #expect(find("𝐁", text) == [[10, 12]])
        #expect(find("😀", text, .backwards) == [[4, 6], [1, 3]])
        // Flags are one character of two scalars (four units).
        #expect(find("🇫🇷", "x🇫🇷y") == [[1, 5]])
        #expect(find("🇫", "x🇫🇷y").isEmpty)
    }

    // MARK: Page text rules

    @Test func queryWhitespaceMatchesAnyWhitespaceRun() {
        #expect(find("foo bar", "foo\nbar") == [[0, 7]])
        #expect(find("foo bar", "foo\n\nbar") == [[0, 8]])
        #expect(find("foo bar", "foo  \t bar") == [[0, 10]])
        #expect(find("foo   bar", "foo bar") == [[0, 7]])
        #expect(find("foo bar", "foobar").isEmpty)
        #expect(find("foo bar", "foo\u{A0}bar") == [[0, 7]])
        #expect(find("two words", "one two\nwords three") == [[4, 13]])
    }

    @Test func lineEndHyphenationMayBeSkipped() {
        let text = "we co-\noperate and well-\nknown"
        #expect(find("cooperate", text) == [[3, 14]])
        #expect(find("co-operate", text) == [[3, 14]])
        #expect(find("co- operate", text) == [[3, 14]])
        #expect(find("well-known", text) == [[19, 30]])
        #expect(find("wellknown", text) == [[19, 30]])
        #expect(find("co", text) == [[3, 5]])
        #expect(find("operate", text) == [[7, 14]])
        // Half of a hyphenated word is not a whole word.
        #expect(find("co", text, wholeWords: true).isEmpty)
        #expect(find("cooperate", text, wholeWords: true) == [[3, 14]])
        #expect(find("COOPERATE", text, .caseInsensitive) == [[3, 14]])
        #expect(find("cooperate", text, .backwards) == [[3, 14]])
    }

    @Test func hyphensOutsideLetterLineEndsAreKept() {
        #expect(find("23", "2-\n3").isEmpty)
        #expect(find("2- 3", "2-\n3") == [[0, 4]])
        #expect(find("ab", "a-\n\nb").isEmpty)  // a block break is no hyphenation
        #expect(find("ab", "a-\n3b").isEmpty)
        #expect(find("a b", "a-\nb").isEmpty)
    }

    // MARK: Regular expressions

    @Test func regularExpressionsAreHonouredUnlessAskedNotTo() {
        let text = "abc 123 def 4567 a.c"
        #expect(find("\\d+", text, .regularExpression) == [[4, 7], [12, 16]])
        #expect(find("\\d+", text, .regularExpression, regexHonoured: false).isEmpty)
        #expect(find("a.c", text, .regularExpression) == [[0, 3], [17, 20]])
        #expect(find("a.c", text, .regularExpression, regexHonoured: false) == [[17, 20]])
        #expect(find("ABC", text, [.regularExpression, .caseInsensitive]) == [[0, 3]])
        #expect(find("ABC", text, .regularExpression).isEmpty)
        #expect(find("\\d+", text, [.regularExpression, .backwards]) == [[12, 16], [4, 7]])
        #expect(find("\\w+", text, [.regularExpression, .anchored]) == [[0, 3]])
        #expect(find("\\d", text, [.regularExpression, .anchored]).isEmpty)
        #expect(find("\\w", text, [.regularExpression, .anchored, .backwards]) == [[19, 20]])
        #expect(find("\\d\\d", text, .regularExpression, wholeWords: true).isEmpty)
        #expect(find("\\d{4}", text, .regularExpression, wholeWords: true) == [[12, 16]])
        // Zero-length matches are no selection.
        #expect(find("x*", "abc", .regularExpression).isEmpty)
    }

    @Test func regularExpressionsSeeJoinedHyphenationAndLineBreaksAsSpaces() {
        let text = "we co-\noperate\nnicely"
        #expect(find("coop\\w+", text, .regularExpression) == [[3, 14]])
        #expect(find("operate nicely", text, .regularExpression) == [[7, 21]])
        #expect(find("😀+", "a😀😀b", .regularExpression) == [[1, 5]])
    }

    @Test func invalidRegularExpressionsAreAnErrorOnlyWhenAskedFor() {
        #expect(find("(", "(((", .regularExpression).isEmpty)
        #expect(find("(", "(((", .regularExpression, regexHonoured: false) == [[0, 1], [1, 2], [2, 3]])
        #expect(throws: FindError.self) { try TextSearch("(", options: FindOptions(.regularExpression)) }
        do {
            _ = try TextSearch.checkedMatches(of: "[a-", in: "abc", options: FindOptions(.regularExpression))
            Issue.record("no error")
        } catch {
            guard case .invalidRegularExpression(let p, _) = error else { Issue.record("\(error)"); return }
            #expect(p == "[a-")
        }
    }

    // MARK: Bounds

    @Test func tooLongQueriesAreRefused() {
        let long = String(repeating: "a", count: TextSearch.maximumQueryUnits + 1)
        #expect(throws: FindError.queryTooLong(units: TextSearch.maximumQueryUnits + 1, limit: TextSearch.maximumQueryUnits)) {
            try TextSearch(long)
        }
        #expect(find(long, long).isEmpty)
        let fits = String(repeating: "ab", count: TextSearch.maximumQueryUnits / 2)
        #expect(find(fits, "x" + fits + "x") == [[1, 1 + fits.utf16.count]])
    }

    @Test func pathologicalInputsStayLinear() {
        // Quadratic matching would compare ~2·10^8 units here.
        let text = String(repeating: "a", count: 100_000)
        #expect(find(String(repeating: "a", count: 2000) + "b", text).isEmpty)
        #expect(find(String(repeating: "a", count: 2000), text).count == 50)
        // Text of hyphenated line ends, a long query that keeps failing the word test.
        let hyphenated = String(repeating: "a-\n", count: 30_000) + "a"
        let query = String(repeating: "a", count: 300)
        #expect(find(query, hyphenated, wholeWords: true).isEmpty)
        #expect(find(query, hyphenated).count == 100)
        #expect(find("a-a", hyphenated).count == 15_000)
    }

    // MARK: Property

    /// Case-insensitive matches on random strings against a reference: lower-cased
    /// characters compared one by one, non-overlapping, left to right. Every character of
    /// the alphabet is one UTF-16 unit, so character positions are UTF-16 offsets.
    @Test func caseInsensitiveMatchesAgreeWithAReference() {
        var rng = SeededGenerator(seed: 0x5EA4C4)
        let alphabet: [Character] = ["a", "A", "b", "B", "é", "É", "σ", "Σ", "ж", "Ж", "-", "1"]
        func reference(_ q: [Character], _ t: [Character]) -> [[Int]] {
            let q = q.map { $0.lowercased() }, t = t.map { $0.lowercased() }
            var out: [[Int]] = []
            var i = 0
            while i + q.count <= t.count {
                if Array(t[i..<i + q.count]) == q { out.append([i, i + q.count]); i += q.count } else { i += 1 }
            }
            return out
        }
        var total = 0
        for _ in 0..<400 {
            let t = (0..<Int.random(in: 0...60, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let q = (0..<Int.random(in: 1...4, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let expected = reference(q, t)
            total += expected.count
            #expect(find(String(q), String(t), .caseInsensitive) == expected, "\(String(q)) in \(String(t))")
        }
        #expect(total > 100)  // the test exercises matches, not only misses
    }
}
