import PDFSearch
import Testing

/// Word breaking and folding across scripts: every word's offsets give back its text, and
/// keys fold as a searcher expects.
struct TokenizerTests {
    let tokenizer = Tokenizer()

    func keys(_ s: String, _ t: Tokenizer? = nil) -> [String] { (t ?? tokenizer).words(in: s).map(\.key) }

    /// The text each word's range covers.
    func slices(_ s: String) -> [String] {
        let scalars = Array(s.unicodeScalars)
        return tokenizer.words(in: s).map { String(String.UnicodeScalarView(scalars[$0.range])) }
    }

    @Test func latin() {
        // Punctuation inside a word is dropped from its key, so both apostrophes and none meet.
        #expect(keys("The Quick, brown fox — isn't it?") == ["the", "quick", "brown", "fox", "isnt", "it"])
        #expect(keys("isn’t isnt") == ["isnt", "isnt"])
        #expect(slices("isn't") == ["isn't"])
        #expect(slices("Hello, World!") == ["Hello", "World"])
        // Full case folding, NFKC (ligatures), diacritics.
        #expect(keys("STRASSE Straße") == ["strasse", "strasse"])
        #expect(keys("ﬁnance") == ["finance"])
        #expect(keys("Résumé naïve Ærø Łódź") == ["resume", "naive", "æro", "lodz"])
        // Numbers stay one word; their separators leave the key.
        #expect(keys("3.14 1,000 2026") == ["314", "1000", "2026"])
        #expect(slices("3.14 1,000") == ["3.14", "1,000"])
    }

    @Test func diacriticsCanBeKept() {
        let keeping = Tokenizer(folding: SearchFolding(caseFolding: true, diacriticFolding: false))
        #expect(keys("Résumé", keeping) == ["résumé"])
        let exact = Tokenizer(folding: SearchFolding(caseFolding: false, diacriticFolding: false))
        #expect(keys("Résumé", exact) == ["Résumé"])
    }

    @Test func widthFolding() {
        // Full-width Latin and digits, half-width katakana.
        #expect(keys("ＰＤＦ　２０２６") == ["pdf", "2026"])
        let half = tokenizer.words(in: "ｺﾝﾋﾟｭｰﾀｰ")
        let full = tokenizer.words(in: "コンピューター")
        #expect(half.map(\.key).joined() == full.map(\.key).joined())
        #expect(full.map(\.key).joined() == "コンピューター")
    }

    @Test func greek() {
        #expect(keys("Η ΓΡΗΓΟΡΗ καφέ αλεπού") == ["η", "γρηγορη", "καφε", "αλεπου"])
        // Final sigma folds like medial sigma.
        #expect(keys("ΟΔΟΣ οδός") == ["οδοσ", "οδοσ"])
    }

    @Test func cyrillic() {
        #expect(keys("Съешь же ещё этих мягких французских булок") == ["съешь", "же", "еще", "этих", "мягких", "французских", "булок"])
        #expect(slices("Москва, Россия.") == ["Москва", "Россия"])
    }

    @Test func arabic() {
        // Harakat and tatweel fold away, so vocalised and bare spellings meet.
        #expect(keys("كَتَبَ الطالبُ") == ["كتب", "الطالب"])
        #expect(keys("كتـــاب") == ["كتاب"])
        // Presentation forms (as extracted from some PDFs) fold to the letters by NFKC.
        #expect(keys("\u{FEB3}\u{FEFC}\u{FEE1}") == ["سلام"])
        #expect(slices("مرحبا بالعالم") == ["مرحبا", "بالعالم"])
    }

    @Test func hebrew() {
        #expect(keys("שָׁלוֹם עולם") == ["שלום", "עולם"])
        #expect(slices("ספר, תורה") == ["ספר", "תורה"])
    }

    @Test func chineseUsesTheDictionary() {
        let words = tokenizer.words(in: "我们在北京大学学习中文")
        let k = words.map(\.key)
        #expect(k.joined() == "我们在北京大学学习中文")
        #expect(k.contains("我们"))
        #expect(k.contains("学习"))
        #expect(k.contains("北京") || k.contains("北京大学"))
        #expect(words.allSatisfy { $0.kind == .ideographs })
        #expect(words.count >= 4 && words.count <= 8)
    }

    @Test func japaneseUsesTheDictionary() {
        let s = "東京都に住んでいます。コンピューターを使います。"
        let k = keys(s)
        #expect(k.joined() == "東京都に住んでいますコンピューターを使います")
        #expect(k.contains("コンピューター"))
        #expect(k.count >= 6)
    }

    @Test func thaiUsesTheDictionary() {
        let k = keys("ภาษาไทยง่ายนิดเดียว")
        #expect(k.joined() == "ภาษาไทยง่ายนิดเดียว")
        #expect(k.contains("ภาษา"))
        #expect(k.contains("ไทย"))
        #expect(k.count >= 4)
    }

    @Test func offsetsCountScalarsEvenOutsideTheBMP() {
        let s = "𝐀𝐁 abc 𠀋𠀋"
        let words = tokenizer.words(in: s)
        let scalars = Array(s.unicodeScalars)
        #expect(words.contains { $0.range == 3..<6 && String(String.UnicodeScalarView(scalars[$0.range])) == "abc" })
    }

    @Test func cjkTermsAreSingleCharacters() {
        let s = "東京都とTokyo"
        let scalars = Array(s.unicodeScalars)
        let terms = IndexTerm.terms(of: tokenizer.words(in: scalars), in: scalars, tokenizer: tokenizer)
        #expect(terms.map(\.key) == ["東", "京", "都", "と", "tokyo"])
        #expect(terms.map(\.range) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<9])
    }
}

struct LanguageGuessTests {
    func guess(_ s: String) -> String? { SearchablePage.languageOfScript(in: Array(s.unicodeScalars)) }

    @Test func scriptsWrittenInOneLanguageAreNamed() {
        #expect(guess("Το μικρό νησί βρίσκεται στη μέση του Αιγαίου.") == "el")
        #expect(guess("הספרייה העירונית נפתחה לפני יותר ממאה שנה") == "he")
        #expect(guess("ภาษาไทยง่ายนิดเดียว") == "th")
        #expect(guess("한국어 문장입니다") == "ko")
        #expect(guess("春になると、川沿いの桜が一斉に咲き始めます。") == "ja")
        #expect(guess("长江是中国最长的河流，全长约六千三百公里。") == "zh")
    }

    @Test func scriptsOfManyLanguagesAreNot() {
        #expect(guess("The quick brown fox") == nil)
        #expect(guess("Зимой в деревне темнеет рано.") == nil)
        #expect(guess("الخط العربي فن قديم") == nil)
        #expect(guess("1234 — !") == nil)
        // Mixed: no script has the share.
        #expect(guess("Greek νησί and English words here") == nil)
    }
}
