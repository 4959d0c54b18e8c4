import PDFCore
import PDFText

/// A page made ready for search: its string (``PDFPage/string``), the words and index terms
/// in it with their offsets, and a box list per term, in display space (points, origin at
/// the top-left of the crop box, after /Rotate: what hOCR, TSV and the JSON formats use).
/// A word split across lines (a hyphenated word the layout joined) gets one box per line.
public struct SearchablePage: Sendable {
    /// The page string.
    public let text: String
    /// Its Unicode scalars; every offset below counts these.
    public let scalars: [Unicode.Scalar]
    public let width: Double
    public let height: Double
    /// Where ``language`` came from.
    public enum LanguageSource: String, Sendable, Hashable {
        /// `/Lang` on the marked content of at least half the page's characters.
        case marked
        /// The document's `/Lang`.
        case document
        /// Guessed from the page's letters, when their script is written in one language
        /// only (``SearchablePage/languageOfScript(in:)``).
        case script
    }

    /// Where ``language`` came from; nil when it is nil.
    public let languageSource: LanguageSource?

    /// The language most of the page's text is marked with (`/Lang` on marked content),
    /// else the document's; nil when neither says.
    public let language: String?
    /// Dictionary words (``Tokenizer``), for word lists and exports.
    public let words: [WordToken]
    /// Index terms: ``words`` with Han and kana split into single characters.
    public let terms: [IndexTerm]
    /// Boxes of each term, one per line it lies on.
    public let termBoxes: [[Rect]]

    /// Boxes of each word, one per line it lies on.
    public var wordBoxes: [[Rect]] { words.map { boxes(for: $0.range) } }

    private let characterBoxes: [Rect?]
    private let lineOfCharacter: [Int32]
    /// The glyph (index into `PageGlyphs.glyphs`) of each scalar, -1 for inferred spaces
    /// and line breaks.
    private let glyphOfCharacter: [Int32]

    /// - Parameter guessLanguage: when neither marked content nor the document names a
    ///   language, guess it from the script (``languageOfScript(in:)``).
    public init(_ page: PageText, tokenizer: Tokenizer, documentLanguage: String? = nil, guessLanguage: Bool = true) {
        let layout = page.layout, glyphs = page.glyphs
        let n = layout.pageStringCharacters.count
        let chars = layout.characters
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(n)
        for i in 0..<n { scalars.append(chars[i].scalar) }
        self.scalars = scalars
        glyphOfCharacter = (0..<n).map { chars[$0].glyph }
        text = layout.pageString

        let m = glyphs.displayTransform
        let size = Quad(glyphs.cropBox).transformed(by: m).bounds
        width = size.width
        height = size.height

        let lineOf = PageCharacterIndex.lineOfCharacters(layout, count: n)
        lineOfCharacter = lineOf

        // A box per character painted by a glyph: the quads PDFPage's character bounds
        // use (a glyph that gives several characters split evenly along its baseline).
        let quads = PageCharacterIndex.characterQuads(page, count: n, lineOf: lineOf)
        var boxes = [Rect?](repeating: nil, count: n)
        var languages: [String: Int] = [:]
        var languageGlyph: Int32 = -1
        var glyphLanguage: String? = nil
        for i in 0..<n {
            let g = chars[i].glyph
            guard g >= 0, Int(g) < glyphs.glyphs.count else { continue }
            boxes[i] = quads[i].transformed(by: m).bounds
            if g != languageGlyph { (languageGlyph, glyphLanguage) = (g, glyphs.language(ofGlyph: Int(g))) }
            if let l = glyphLanguage { languages[l, default: 0] += 1 }
        }
        characterBoxes = boxes
        let marked = languages.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }
        if let marked, marked.value * 2 >= scalars.count {
            (language, languageSource) = (marked.key, .marked)
        } else if let documentLanguage {
            (language, languageSource) = (documentLanguage, .document)
        } else if let marked {
            (language, languageSource) = (marked.key, .marked)
        } else if guessLanguage, let guess = Self.languageOfScript(in: scalars) {
            (language, languageSource) = (guess, .script)
        } else {
            (language, languageSource) = (nil, nil)
        }

        let words = tokenizer.words(in: scalars)
        self.words = words
        terms = IndexTerm.terms(of: words, in: scalars, tokenizer: tokenizer)
        termBoxes = terms.map { Self.boxes(for: $0.range, characterBoxes: boxes, lineOf: lineOf) }
    }

    /// Share of a page's letters that must be in one script for ``languageOfScript(in:)``.
    public static let scriptShare = 0.6

    /// The language of a text whose letters are mostly (``scriptShare``) in a script written
    /// in one language: Greek `el`, Hebrew `he`, Thai `th`, Hangul `ko`, Armenian `hy`,
    /// Georgian `ka`; Japanese `ja` when kana are at least a tenth of the Han and kana
    /// letters, else Han `zh`. Latin, Cyrillic, Arabic, Devanagari and the rest serve many
    /// languages: nil.
    public static func languageOfScript(in scalars: [Unicode.Scalar]) -> String? {
        var counts: [String: Int] = [:]
        var letters = 0, han = 0, kana = 0
        for s in scalars where s.properties.isAlphabetic {
            letters += 1
            let v = s.value
            switch v {
            case 0x0370...0x03FF, 0x1F00...0x1FFF: counts["el", default: 0] += 1
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: counts["he", default: 0] += 1
            case 0x0E00...0x0E7F: counts["th", default: 0] += 1
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: counts["ko", default: 0] += 1
            case 0x0530...0x058F: counts["hy", default: 0] += 1
            case 0x10A0...0x10FF: counts["ka", default: 0] += 1
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: han += 1
            default: break
            }
        }
        guard letters > 0 else { return nil }
        if Double(han + kana) >= scriptShare * Double(letters) {
            return Double(kana) >= 0.1 * Double(han + kana) ? "ja" : "zh"
        }
        // Of languages with as many letters, the first by code: the table's own order
        // changes from run to run.
        if let (language, n) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), Double(n) >= scriptShare * Double(letters) {
            return language
        }
        return nil
    }

    /// The glyphs a scalar range was painted with (indices into the page's
    /// `PageGlyphs.glyphs`, each once, in reading order): a word's or a match's way back to
    /// its glyph quads, fonts and content-stream operators.
    public func glyphs(for range: Range<Int>) -> [Int] {
        let lo = max(0, range.lowerBound), hi = min(glyphOfCharacter.count, range.upperBound)
        guard lo < hi else { return [] }
        var out: [Int] = []
        for c in lo..<hi where glyphOfCharacter[c] >= 0 && out.last != Int(glyphOfCharacter[c]) {
            out.append(Int(glyphOfCharacter[c]))
        }
        return out
    }

    /// UTF-16 offsets (PDFKit's `NSRange` on ``PDFPage/string``) of a scalar range.
    public func utf16Range(_ range: Range<Int>) -> Range<Int> {
        SearchablePage.utf16Range(range, in: scalars)
    }

    public static func utf16Range(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
        var start = 0, k = 0
        let lo = max(0, min(range.lowerBound, scalars.count)), hi = max(lo, min(range.upperBound, scalars.count))
        while k < lo { start += scalars[k].utf16.count; k += 1 }
        var end = start
        while k < hi { end += scalars[k].utf16.count; k += 1 }
        return start..<end
    }

    /// The boxes of a scalar range: the union of its characters' boxes per line.
    public func boxes(for range: Range<Int>) -> [Rect] {
        Self.boxes(for: range, characterBoxes: characterBoxes, lineOf: lineOfCharacter)
    }

    private static func boxes(for range: Range<Int>, characterBoxes: [Rect?], lineOf lineOfCharacter: [Int32]) -> [Rect] {
        var result: [Rect] = []
        var line: Int32 = .min
        let lo = max(0, range.lowerBound), hi = min(characterBoxes.count, range.upperBound)
        guard lo < hi else { return [] }
        for c in lo..<hi {
            guard let b = characterBoxes[c] else { continue }
            if lineOfCharacter[c] == line, let last = result.last {
                result[result.count - 1] = Rect(x0: min(last.x0, b.x0), y0: min(last.y0, b.y0), x1: max(last.x1, b.x1), y1: max(last.y1, b.y1))
            } else {
                result.append(b)
                line = lineOfCharacter[c]
            }
        }
        return result
    }

    /// The index terms' keys separated by spaces: what the full-text index tokenizes.
    public var termString: String {
        var s = ""
        s.reserveCapacity(terms.count * 6)
        for (k, t) in terms.enumerated() {
            if k > 0 { s.append(" ") }
            s.append(t.key)
        }
        return s
    }

    /// The text of a scalar range.
    public func text(_ range: Range<Int>) -> String {
        let lo = max(0, min(scalars.count, range.lowerBound)), hi = max(lo, min(scalars.count, range.upperBound))
        return String(String.UnicodeScalarView(scalars[lo..<hi]))
    }
}


/// The term boxes of a page as one compact blob (the index's `words` table): per box,
/// little-endian `term u32, start u32, end u32, x0 y0 x1 y1 f32` (28 bytes), terms in
/// order, a term with several boxes repeated. Offsets are Unicode scalars in the page
/// string; boxes are display space.
public enum TermBoxes {
    public struct Entry: Sendable, Hashable {
        public var term: Int
        public var range: Range<Int>
        public var box: Rect
        public init(term: Int, range: Range<Int>, box: Rect) { self.term = term; self.range = range; self.box = box }
    }

    public static let recordSize = 28

    public static func encode(_ page: SearchablePage) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(page.terms.count * recordSize)
        func u32(_ v: Int) { let x = UInt32(truncatingIfNeeded: v).littleEndian; withUnsafeBytes(of: x) { out.append(contentsOf: $0) } }
        func f32(_ v: Double) { let x = Float(v).bitPattern.littleEndian; withUnsafeBytes(of: x) { out.append(contentsOf: $0) } }
        for (k, t) in page.terms.enumerated() {
            for b in page.termBoxes[k] {
                u32(k); u32(t.range.lowerBound); u32(t.range.upperBound)
                f32(b.x0); f32(b.y0); f32(b.x1); f32(b.y1)
            }
        }
        return out
    }

    public static func decode(_ bytes: [UInt8]) -> [Entry] {
        var entries: [Entry] = []
        let count = bytes.count / recordSize
        entries.reserveCapacity(count)
        func u32(_ o: Int) -> UInt32 {
            UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
        }
        func f32(_ o: Int) -> Double { Double(Float(bitPattern: u32(o))) }
        for r in 0..<count {
            let o = r * recordSize
            let lo = Int(u32(o + 4)), hi = Int(u32(o + 8))
            guard lo <= hi else { continue }
            entries.append(Entry(term: Int(u32(o)), range: lo..<hi,
                                 box: Rect(x0: f32(o + 12), y0: f32(o + 16), x1: f32(o + 20), y1: f32(o + 24))))
        }
        return entries
    }
}
