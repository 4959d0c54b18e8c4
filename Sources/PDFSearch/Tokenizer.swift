import CPDFUnicode
import PDFText

/// How words become search keys. The same folding must be used for the index and for its
/// queries; a ``SearchIndex`` records it and applies it to every query.
public struct SearchFolding: Sendable, Hashable, Codable {
    /// Full case folding ("Straße" and "STRASSE" both become "strasse"). Default on.
    public var caseFolding: Bool
    /// Drop diacritics on Latin, Greek, Cyrillic, Arabic and Hebrew letters ("résumé" →
    /// "resume", Arabic harakat and Hebrew points, tatweel; "ø" → "o"). Marks that make a
    /// different letter in other scripts (Devanagari vowel signs, Thai vowels, the kana
    /// voicing marks) are kept. Default on.
    public var diacriticFolding: Bool

    public init(caseFolding: Bool = true, diacriticFolding: Bool = true) {
        self.caseFolding = caseFolding
        self.diacriticFolding = diacriticFolding
    }

    /// The shared engine's settings for index terms: compatibility normalisation, this
    /// folding, and separators dropped.
    var engine: UnicodeFolding {
        UnicodeFolding(normalization: .compatibility, caseFolding: caseFolding, diacriticFolding: diacriticFolding,
                       dropSeparators: true)
    }

    /// A one-word description stored with an index (`case+diacritics`, `case`, `none`…).
    public var summary: String {
        var parts: [String] = []
        if caseFolding { parts.append("case") }
        if diacriticFolding { parts.append("diacritics") }
        return parts.isEmpty ? "none" : parts.joined(separator: "+")
    }

    public init?(summary: String) {
        let parts = Set(summary.split(separator: "+").map(String.init))
        guard parts.isSubset(of: ["case", "diacritics", "none"]) else { return nil }
        self.init(caseFolding: parts.contains("case"), diacriticFolding: parts.contains("diacritics"))
    }
}

/// A word found by ``Tokenizer``: where it is in the text it came from, and its search key.
public struct WordToken: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case number, letters, kana, ideographs
    }
    /// Unicode-scalar offsets into the tokenized text.
    public var range: Range<Int>
    public var kind: Kind
    /// The folded form: NFKC (which also folds full- and half-width forms), then the
    /// ``SearchFolding``; never empty, and never holds a space or punctuation.
    public var key: String

    public init(range: Range<Int>, kind: Kind, key: String) {
        self.range = range
        self.kind = kind
        self.key = key
    }
}

/// Word breaking and folding for search, through ICU: UAX #29 word boundaries for
/// alphabetic scripts, ICU's dictionaries for Chinese, Japanese, Thai, Lao, Khmer and
/// Burmese. Spaces and punctuation are not words. Safe to use from many threads.
public struct Tokenizer: Sendable {
    public var folding: SearchFolding
    /// Break-rule locale ("" is ICU's root, right for mixed-language text).
    public var locale: String

    public init(folding: SearchFolding = SearchFolding(), locale: String = "") {
        self.folding = folding
        self.locale = locale
    }

    /// The words of `text`, with Unicode-scalar offsets into it.
    public func words(in text: String) -> [WordToken] {
        words(in: Array(text.unicodeScalars))
    }

    /// The words of a scalar sequence (a page string's characters), offsets into it.
    public func words(in scalars: [Unicode.Scalar]) -> [WordToken] {
        guard !scalars.isEmpty else { return [] }
        var utf16: [UInt16] = []
        utf16.reserveCapacity(scalars.count + 8)
        // Scalar index of each UTF-16 unit, plus the end.
        var scalarOfUnit: [Int32] = []
        scalarOfUnit.reserveCapacity(scalars.count + 9)
        for (i, s) in scalars.enumerated() {
            for u in UTF16.encode(s) ?? UTF16.encode("\u{FFFD}")! {
                utf16.append(u)
                scalarOfUnit.append(Int32(i))
            }
        }
        scalarOfUnit.append(Int32(scalars.count))
        var capacity = max(16, scalars.count / 3)
        var starts = [Int32](), ends = [Int32](), kinds = [Int32]()
        var count: Int32 = 0
        while true {
            starts = [Int32](repeating: 0, count: capacity)
            ends = starts
            kinds = starts
            let status = locale.withCString { loc in
                pdfu_words(utf16, Int32(utf16.count), loc, &starts, &ends, &kinds, Int32(capacity), &count)
            }
            if status == Int32(PDFU_BUFFER_TOO_SMALL) { capacity = Int(count); continue }
            if status != Int32(PDFU_OK) { return [] }
            break
        }
        var tokens: [WordToken] = []
        tokens.reserveCapacity(Int(count))
        for k in 0..<Int(count) {
            let lo = Int(scalarOfUnit[Int(starts[k])]), hi = Int(scalarOfUnit[Int(ends[k])])
            guard lo < hi else { continue }
            let kind: WordToken.Kind = switch kinds[k] {
            case Int32(PDFU_WORD_NUMBER): .number
            case Int32(PDFU_WORD_KANA): .kana
            case Int32(PDFU_WORD_IDEO): .ideographs
            default: .letters
            }
            let key = fold(utf16[Int(starts[k])..<Int(ends[k])], scalars: scalars[lo..<hi])
            guard !key.isEmpty else { continue }
            tokens.append(WordToken(range: lo..<hi, kind: kind, key: key))
        }
        return tokens
    }

    /// The search key of one word (used for queries as well as text).
    public func fold(_ word: String) -> String {
        let units = Array(word.utf16)
        return fold(units[...], scalars: Array(word.unicodeScalars)[...])
    }

    private func fold(_ units: ArraySlice<UInt16>, scalars: ArraySlice<Unicode.Scalar>) -> String {
        // ASCII letters and digits fold by lowercasing alone.
        if scalars.allSatisfy({ $0.value < 0x80 && (Self.isASCIIAlnum($0.value)) }) {
            var s = String.UnicodeScalarView()
            for c in scalars {
                let v = c.value
                s.append(folding.caseFolding && v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v + 32)! : c)
            }
            return String(s)
        }
        guard let folded = folding.engine.fold(Array(units)) else { return "" }
        return String(decoding: folded, as: UTF16.self)
    }

    private static func isASCIIAlnum(_ v: UInt32) -> Bool {
        (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
    }
}

/// An index term: what the full-text index stores at one position. Words of alphabetic
/// scripts, numbers and Thai are one term each; Han ideographs and kana are one term per
/// character, so that a query finds any run of characters whatever the dictionary made of
/// the text ("東京" inside "東京都"), as a phrase of single-character terms.
public struct IndexTerm: Sendable, Hashable {
    /// Unicode-scalar offsets into the text.
    public var range: Range<Int>
    public var key: String

    public init(range: Range<Int>, key: String) {
        self.range = range
        self.key = key
    }

    /// True for scalars indexed one by one: Han, kana and CJK compatibility ideographs.
    public static func isSingleCharacterScript(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF, 0x3005, 0x3006, 0x3007:
            return true
        default:
            return false
        }
    }

    /// The terms of `tokens` (found in `scalars`).
    public static func terms(of tokens: [WordToken], in scalars: [Unicode.Scalar], tokenizer: Tokenizer) -> [IndexTerm] {
        var terms: [IndexTerm] = []
        terms.reserveCapacity(tokens.count)
        for t in tokens {
            guard t.kind == .ideographs || t.kind == .kana || t.range.contains(where: { isSingleCharacterScript(scalars[$0]) }) else {
                terms.append(IndexTerm(range: t.range, key: t.key))
                continue
            }
            // Split into single CJK characters (with the marks after them) and runs of
            // anything else.
            var i = t.range.lowerBound
            while i < t.range.upperBound {
                var j = i + 1
                if isSingleCharacterScript(scalars[i]) {
                    // Marks and the half-width voicing marks (letters, not marks) stay with the
                    // character, so "ﾋﾟ" folds to the same term as "ピ".
                    while j < t.range.upperBound,
                          scalars[j].properties.generalCategory.isMark || scalars[j].value == 0xFF9E || scalars[j].value == 0xFF9F { j += 1 }
                } else {
                    while j < t.range.upperBound, !isSingleCharacterScript(scalars[j]) { j += 1 }
                }
                let key = tokenizer.fold(String(String.UnicodeScalarView(scalars[i..<j])))
                if !key.isEmpty { terms.append(IndexTerm(range: i..<j, key: key)) }
                i = j
            }
        }
        return terms
    }
}

extension Unicode.GeneralCategory {
    var isMark: Bool {
        self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
    }
}
