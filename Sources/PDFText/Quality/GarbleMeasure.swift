import Foundation

/// The garbled-text measure: the share of a page's word characters that are either
/// impossible in real text or part of a Latin word no language would write.
///
/// *Suspicious characters*: U+FFFD (no Unicode known), private-use characters (a font's
/// own codes leaking through), control characters, noncharacters, unassigned code points.
///
/// *Implausible Latin words* (words of at least `minimumWordLetters` letters, leading and
/// trailing punctuation removed), whose characters all count as garbled:
/// 1. only Latin letters, more than half of them lower case (so acronyms such as `PDFs`
///    pass), not one letter repeated (`xxxx`), not followed by a full stop (abbreviations
///    such as `sprl.`), and no vowel (a e i o u y, with any accent, æ œ ø): text read
///    through the wrong encoding is mostly consonants;
/// 2. case flipping from lower to upper more than once inside the word (`hElLo`);
/// 3. letters mixed with two or more ASCII symbols of the kind a wrong single-byte
///    decoding produces: `# $ % * + < = > [ \ ] ^ ` { | } ~` (`H#ll$o`).
/// Tokens longer than `maximumWordLength` are only checked for impossible characters.
///
/// Known misses: Czech and Slovak words with syllabic r or l (`čtvrt`) count as implausible;
/// a wrong encoding that happens to produce vowels is not caught by rule 1.
public struct GarbleMeasure: Sendable, Hashable {
    /// Non-white-space characters in the page's words.
    public var characters = 0
    /// Of those, characters impossible in real text (U+FFFD, private use, controls,
    /// noncharacters, unassigned code points).
    public var suspicious = 0
    /// Characters of implausible words, not counting the suspicious ones among them.
    public var implausibleCharacters = 0
    /// Words judged implausible.
    public var implausibleWords = 0

    /// The garbled share of the characters, 0…1 (0 when there are none).
    public var share: Double { characters == 0 ? 0 : Double(suspicious + implausibleCharacters) / Double(characters) }

    /// An empty measure.
    public init() {}

    static func isSuspicious(_ s: Unicode.Scalar) -> Bool {
        if s.value == 0xFFFD { return true }
        if s.properties.isNoncharacterCodePoint { return true }
        switch s.properties.generalCategory {
        case .privateUse, .unassigned, .surrogate: return true
        case .control: return !(s == "\t" || s == "\n" || s == "\r" || s == "\u{C}")
        default: return false
        }
    }

    static func isLatinLetter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A: return true
        case 0xC0...0x24F: return s.value != 0xD7 && s.value != 0xF7
        case 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    static func isVowel(_ s: Unicode.Scalar) -> Bool {
        let lower = String(s).lowercased()
        if "æœø".contains(lower) { return true }
        guard let base = lower.decomposedStringWithCanonicalMapping.unicodeScalars.first else { return false }
        return "aeiouy".unicodeScalars.contains(base)
    }

    static let garbleSymbols: Set<Unicode.Scalar> = ["#", "$", "%", "*", "+", "<", "=", ">", "[", "\\", "]", "^", "`", "{", "|", "}", "~"]

    /// Adds the text of one word (split further at any white space inside): tokens of at
    /// least `minimumLetters` letters and at most `maximumLength` characters are checked for
    /// plausibility (``DiagnoseThresholds/minimumWordLetters``,
    /// ``DiagnoseThresholds/maximumWordLength``).
    public mutating func add<S: Sequence>(word scalars: S, minimumLetters: Int, maximumLength: Int = 30) where S.Element == Unicode.Scalar {
        var token: [Unicode.Scalar] = []
        for s in scalars {
            if s.properties.isWhitespace {
                addToken(token, minimumLetters: minimumLetters, maximumLength: maximumLength)
                token.removeAll(keepingCapacity: true)
            } else {
                token.append(s)
            }
        }
        addToken(token, minimumLetters: minimumLetters, maximumLength: maximumLength)
    }

    private mutating func addToken(_ token: [Unicode.Scalar], minimumLetters: Int, maximumLength: Int) {
        guard !token.isEmpty else { return }
        characters += token.count
        let bad = token.filter(Self.isSuspicious).count
        suspicious += bad
        // Leading and trailing punctuation does not count.
        var core = token[...]
        while let f = core.first, !f.properties.isAlphabetic && f.properties.numericType == nil { core.removeFirst() }
        while let l = core.last, !l.properties.isAlphabetic && l.properties.numericType == nil { core.removeLast() }
        let letters = core.filter { $0.properties.isAlphabetic }
        guard letters.count >= minimumLetters, core.count <= maximumLength else { return }
        var implausible = false
        if letters.count == core.count && letters.allSatisfy(Self.isLatinLetter) {
            // Mostly capitals is an acronym (`HTML`, `PDFs`); one letter repeated is filler (`xxxx`).
            let lower = letters.filter { $0.properties.isLowercase }.count
            let repeated = Set(String(String.UnicodeScalarView(letters)).lowercased().unicodeScalars).count == 1
            // A vowel-less word ending in a full stop is an abbreviation (`sprl.`, `Nr.`, `Bhf.`).
            let abbreviation = token.last == "." && core.endIndex == token.endIndex - 1
            if 2 * lower > letters.count && !repeated && !abbreviation && !letters.contains(where: Self.isVowel) { implausible = true }
            var flips = 0
            for k in 1..<letters.count where letters[k].properties.isUppercase && letters[k - 1].properties.isLowercase {
                flips += 1
            }
            if flips >= 2 { implausible = true }
        }
        let symbols = core.filter { Self.garbleSymbols.contains($0) }
        if symbols.count >= 2 { implausible = true }
        if implausible {
            implausibleWords += 1
            implausibleCharacters += token.count - bad
        }
    }
}
