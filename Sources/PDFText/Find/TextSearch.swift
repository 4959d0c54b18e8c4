import Foundation

/// How a search compares: Foundation's `NSString.CompareOptions` as PDFKit takes them, plus
/// what PDFKit has no flag for.
///
/// Honoured compare options: `.caseInsensitive` (full Unicode case folding: ß matches ss,
/// ﬁ matches fi, final sigma matches sigma), `.diacriticInsensitive`, `.widthInsensitive`
/// (compatibility forms: full-width Latin, half-width katakana, ligatures), `.literal` (no canonical equivalence: a
/// precomposed é no longer matches e + U+0301), `.anchored` (the match starts where the text
/// starts; with `.backwards`, ends where it ends), `.backwards` (matches in reverse order) and
/// `.regularExpression` (see ``regularExpressionHonoured``). Other options are ignored.
public struct FindOptions: Sendable, Hashable {
    public var compareOptions: NSString.CompareOptions
    /// A match must be neither preceded nor followed by a letter or digit (and not continue
    /// over a line-end hyphenation). Every CJK ideograph is a letter, so inside a run of CJK
    /// text no match is a whole word.
    public var wholeWords: Bool
    /// PDFKit ignores `.regularExpression` and searches for the pattern's characters. We
    /// honour it (NSRegularExpression, ICU syntax) unless this is false, which gives PDFKit's
    /// behaviour. Default true.
    public var regularExpressionHonoured: Bool

    public init(_ compareOptions: NSString.CompareOptions = [], wholeWords: Bool = false,
                regularExpressionHonoured: Bool = true) {
        self.compareOptions = compareOptions
        self.wholeWords = wholeWords
        self.regularExpressionHonoured = regularExpressionHonoured
    }

    public var caseInsensitive: Bool { compareOptions.contains(.caseInsensitive) }
    public var diacriticInsensitive: Bool { compareOptions.contains(.diacriticInsensitive) }
    public var widthInsensitive: Bool { compareOptions.contains(.widthInsensitive) }
    public var literal: Bool { compareOptions.contains(.literal) }
    public var anchored: Bool { compareOptions.contains(.anchored) }
    public var backwards: Bool { compareOptions.contains(.backwards) }
    /// True when the query is a regular expression: asked for and honoured.
    public var usesRegularExpression: Bool {
        regularExpressionHonoured && compareOptions.contains(.regularExpression)
    }

    public static func == (a: FindOptions, b: FindOptions) -> Bool {
        a.compareOptions.rawValue == b.compareOptions.rawValue && a.wholeWords == b.wholeWords
            && a.regularExpressionHonoured == b.regularExpressionHonoured
    }

    public func hash(into h: inout Hasher) {
        h.combine(compareOptions.rawValue)
        h.combine(wholeWords)
        h.combine(regularExpressionHonoured)
    }
}

/// Why a search could not run (only the throwing APIs report it; PDFKit's give no match).
public enum FindError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The regular expression does not compile.
    case invalidRegularExpression(pattern: String, reason: String)
    /// The query folds to more units than ``TextSearch/maximumQueryUnits``.
    case queryTooLong(units: Int, limit: Int)
    /// The search stopped at a work bound (``TextSearch/regularExpressionTimeLimit``, or the
    /// bound on match-start work on text made almost only of hyphenated line ends); the
    /// matches found before it are kept by the non-throwing APIs.
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .invalidRegularExpression(let p, _): "invalid regular expression \"\(p)\""
        case .queryTooLong(let u, let l): "query too long (\(u) units, at most \(l))"
        case .limitExceeded(let what): "search stopped: \(what)"
        }
    }
}

/// The matching engine behind every find API: a compiled query, applied to page texts.
/// It knows no PDF type; ranges are UTF-16 offsets into the searched text (PDFKit's indices).
///
/// Page text has words separated by spaces, lines by "\n" and blocks by "\n\n". So:
/// - whitespace in the query matches any run of whitespace in the text (phrases match across
///   line and block breaks), and leading or trailing query whitespace needs some there;
/// - a hyphen at a line end between letters ("co-\noperate") may be skipped, so "cooperate"
///   matches it, and "co-operate" (or "co- operate") matches it too;
/// - a match always covers whole characters (grapheme clusters) of the text: "e" does not
///   match inside "é" unless diacritics are ignored, "s" does not match half of "ß";
/// - matches do not overlap and are found left to right (with `.backwards`, the same matches
///   in reverse order, so a backward iteration visits what a forward one does).
///
/// Literal queries run as one bit-parallel pass over the folded text (Shift-And): time
/// linear in the text, times the query length in 64-unit words. Text is folded per
/// character with the shared `UnicodeFolding` engine, cached per
/// character within a call.
public struct TextSearch: Sendable {
    /// The longest query, in folded units (Unicode scalars after folding): the pass costs
    /// one 64-bit word per 64 units at each text position.
    public static let maximumQueryUnits = 4096
    /// How long one regular-expression search of one text may run before it stops with the
    /// matches so far (ICU backtracking can be exponential in the pattern).
    public static let regularExpressionTimeLimit: Duration = .seconds(2)
    /// Bound on the units walked to find where matches start, per unit of text. Only text
    /// made of hyphenated line ends searched for a long query that keeps failing the
    /// whole-word test comes near it.
    public static let startWalkBudgetPerUnit = 32

    public let query: String
    public let options: FindOptions
    private let pattern: Pattern

    private enum Pattern: @unchecked Sendable {
        case empty
        case literal(LiteralPattern)
        // NSRegularExpression is immutable and thread-safe once made.
        case regex(NSRegularExpression)
    }

    /// Compiles `query`. Throws for an invalid regular expression or a query over
    /// ``maximumQueryUnits``. An empty query (or one that folds to nothing) matches nothing.
    public init(_ query: String, options: FindOptions = FindOptions()) throws(FindError) {
        self.query = query
        self.options = options
        if query.isEmpty {
            pattern = .empty
        } else if options.usesRegularExpression {
            var o: NSRegularExpression.Options = []
            if options.caseInsensitive { o.insert(.caseInsensitive) }
            do {
                pattern = .regex(try NSRegularExpression(pattern: query, options: o))
            } catch {
                throw .invalidRegularExpression(pattern: query, reason: "\(error.localizedDescription)")
            }
        } else {
            var folder = Folder(options: options)
            let folded = folder.fold(query, joinHyphenation: false)
            if folded.units.isEmpty {
                pattern = .empty
            } else if folded.units.count > Self.maximumQueryUnits {
                throw .queryTooLong(units: folded.units.count, limit: Self.maximumQueryUnits)
            } else {
                pattern = .literal(LiteralPattern(folded.units))
            }
        }
    }

    /// True when nothing can match (an empty query).
    public var isEmpty: Bool { if case .empty = pattern { return true } else { return false } }

    /// The matches in `text` as UTF-16 offset ranges, in order (reversed with `.backwards`).
    /// A search stopped at a work bound gives the matches found before it.
    public func matches(in text: String) -> [Range<Int>] {
        (try? run(text, partialOnLimit: true)) ?? []
    }

    /// As ``matches(in:)``, but a work bound throws ``FindError/limitExceeded(_:)``.
    public func checkedMatches(in text: String) throws(FindError) -> [Range<Int>] {
        try run(text, partialOnLimit: false)
    }

    /// PDFKit's shape: no match (not an error) for an invalid regular expression.
    public static func matches(of query: String, in text: String, options: FindOptions = FindOptions()) -> [Range<Int>] {
        guard let s = try? TextSearch(query, options: options) else { return [] }
        return s.matches(in: text)
    }

    /// The matches, or why there can be none.
    public static func checkedMatches(of query: String, in text: String, options: FindOptions = FindOptions()) throws(FindError) -> [Range<Int>] {
        try TextSearch(query, options: options).checkedMatches(in: text)
    }

    private func run(_ text: String, partialOnLimit: Bool) throws(FindError) -> [Range<Int>] {
        var found: [Range<Int>]
        switch pattern {
        case .empty:
            return []
        case .literal(let p):
            var folder = Folder(options: options)
            let folded = folder.fold(text, joinHyphenation: true)
            let r = p.search(folded, anchored: options.anchored && !options.backwards, anchoredAtEnd: options.anchored && options.backwards,
                             wholeWords: options.wholeWords)
            if r.stopped && !partialOnLimit { throw .limitExceeded("match-start work bound") }
            found = r.matches
        case .regex(let re):
            let r = RegexSearch.search(re, in: text, options: options)
            if r.stopped && !partialOnLimit { throw .limitExceeded("regular expression time limit") }
            found = r.matches
        }
        if options.backwards { found.reverse() }
        return found
    }
}

// MARK: - Literal matching

/// A folded query compiled for the Shift-And pass: bit i of the state is set when the first
/// i + 1 query units match the text ending at the current unit.
struct LiteralPattern {
    let query: [UInt32]
    /// 64-bit words per state.
    let words: Int
    /// Per alphabet index (0: a unit not in the query), `words` mask words.
    let masks: [UInt64]
    /// Alphabet index of ASCII units.
    let asciiIndex: [Int32]
    /// Alphabet index of other units.
    let otherIndex: [UInt32: Int32]
    /// Query positions that are hyphens, and spaces.
    let hyphenMask: [UInt64]
    let spaceMask: [UInt64]

    init(_ query: [UInt32]) {
        self.query = query
        let w = (query.count + 63) / 64
        words = w
        var ascii = [Int32](repeating: 0, count: 128)
        var other: [UInt32: Int32] = [:]
        var masks = [UInt64](repeating: 0, count: w)  // index 0
        var hy = [UInt64](repeating: 0, count: w), sp = hy
        for (i, u) in query.enumerated() {
            var index: Int32
            if u < 128 {
                if ascii[Int(u)] == 0 {
                    ascii[Int(u)] = Int32(masks.count / w)
                    masks.append(contentsOf: repeatElement(0, count: w))
                }
                index = ascii[Int(u)]
            } else if let x = other[u] {
                index = x
            } else {
                index = Int32(masks.count / w)
                other[u] = index
                masks.append(contentsOf: repeatElement(0, count: w))
            }
            masks[Int(index) * w + i / 64] |= 1 << UInt64(i % 64)
            if Folder.isHyphen(u) { hy[i / 64] |= 1 << UInt64(i % 64) }
            if u == Folder.spaceUnit { sp[i / 64] |= 1 << UInt64(i % 64) }
        }
        self.masks = masks
        asciiIndex = ascii
        otherIndex = other
        hyphenMask = hy
        spaceMask = sp
    }

    @inline(__always) func index(of u: UInt32) -> Int {
        u < 128 ? Int(asciiIndex[Int(u)]) : Int(otherIndex[u] ?? 0)
    }

    struct Result { var matches: [Range<Int>] = []; var stopped = false }

    func search(_ text: FoldedText, anchored: Bool, anchoredAtEnd: Bool, wholeWords: Bool) -> Result {
        var result = Result()
        let n = text.units.count
        let m = query.count
        guard n > 0, m > 0 else { return result }
        let w = words
        let lastWord = (m - 1) / 64, lastBit: UInt64 = 1 << UInt64((m - 1) % 64)
        var state = [UInt64](repeating: 0, count: w)
        var scratch = [UInt64](repeating: 0, count: w)
        // Prefix counts of hyphenation units, so a match without one finds its start at once.
        var hyphenationsBefore: [Int32] = []
        if text.hyphenations > 0 {
            hyphenationsBefore.reserveCapacity(n + 1)
            var c: Int32 = 0
            hyphenationsBefore.append(0)
            for u in text.units { if u == Folder.hyphenationUnit { c += 1 }; hyphenationsBefore.append(c) }
        }
        var budget = TextSearch.startWalkBudgetPerUnit * n + 4 * m + 1024
        // Words that may be non-zero: state[top...] are all zero.
        var top = 0

        text.units.withUnsafeBufferPointer { units in
        text.flags.withUnsafeBufferPointer { flags in
        masks.withUnsafeBufferPointer { masks in
        state.withUnsafeMutableBufferPointer { state in
        scratch.withUnsafeMutableBufferPointer { scratch in
            var j = 0
            while j < n {
                let u = units[j]
                let carryIn: UInt64 = flags[j].contains(.characterStart) && (!anchored || j == 0) ? 1 : 0
                var accepts: Bool
                if u == Folder.hyphenationUnit {
                    // Consumed by a query hyphen (and a following space), or skipped. Only a
                    // consumed one can end a match here: a skipped one ended it before.
                    let limit = min(w, top + 1)
                    var carry = carryIn
                    for k in 0..<limit {
                        let s = state[k]
                        scratch[k] = ((s << 1) | carry) & hyphenMask[k]
                        carry = s >> 63
                    }
                    carry = 0
                    var any = false
                    accepts = false
                    for k in 0..<limit {
                        let h = scratch[k]
                        let consumed = h | (((h << 1) | carry) & spaceMask[k])
                        carry = h >> 63
                        if k == lastWord, consumed & lastBit != 0 { accepts = true }
                        state[k] |= consumed
                        if state[k] != 0 { any = true }
                    }
                    top = any ? limit : 0
                } else {
                    let ix = index(of: u)
                    if ix == 0 {
                        if top > 0 { for k in 0..<top { state[k] = 0 }; top = 0 }
                        j += 1
                        continue
                    }
                    let base = ix * w
                    if w == 1 {
                        state[0] = ((state[0] << 1) | carryIn) & masks[base]
                        top = state[0] != 0 ? 1 : 0
                    } else {
                        let limit = min(w, top + 1)
                        var carry = carryIn
                        var newTop = 0
                        for k in 0..<limit {
                            let s = state[k]
                            let v = ((s << 1) | carry) & masks[base + k]
                            carry = s >> 63
                            state[k] = v
                            if v != 0 { newTop = k + 1 }
                        }
                        top = newTop
                    }
                    accepts = top > lastWord && state[lastWord] & lastBit != 0
                }
                if accepts {
                    // A match ends at j: check its end, find its start, check that.
                    var ok = flags[j].contains(.characterEnd)
                    if ok, anchoredAtEnd, j != n - 1 { ok = false }
                    if ok, wholeWords, j + 1 < n, flags[j + 1].contains(.wordCharacter) { ok = false }
                    if ok {
                        var start = j - m + 1
                        if !hyphenationsBefore.isEmpty, start < 0 || hyphenationsBefore[j + 1] != hyphenationsBefore[max(0, start)] {
                            start = walkBack(from: j, units: units, budget: &budget)
                        }
                        if budget < 0 { result.stopped = true; return }
                        if start < 0 { ok = false }
                        if ok, anchored, start != 0 { ok = false }
                        if ok, wholeWords, start > 0, flags[start - 1].contains(.wordCharacter) { ok = false }
                        if ok {
                            result.matches.append(Int(text.starts[start])..<Int(text.ends[j]))
                            for k in 0..<top { state[k] = 0 }
                            top = 0
                        }
                    }
                }
                j += 1
            }
        }}}}}
        return result
    }

    /// The start of the match ending at `end`, walking the query backwards over the text;
    /// a hyphenation unit is consumed by a query hyphen (or hyphen and space), else skipped.
    private func walkBack(from end: Int, units: UnsafeBufferPointer<UInt32>, budget: inout Int) -> Int {
        var q = query.count - 1
        var t = end
        while q >= 0 {
            budget -= 1
            guard t >= 0, budget >= 0 else { return -1 }
            if units[t] == Folder.hyphenationUnit {
                if query[q] == Folder.spaceUnit, q > 0, Folder.isHyphen(query[q - 1]) {
                    q -= 2
                } else if Folder.isHyphen(query[q]) {
                    q -= 1
                }
            } else {
                q -= 1
            }
            t -= 1
        }
        return t + 1
    }
}

// MARK: - Regular expressions

/// Regular expressions run on the text with line-end hyphenations removed and line breaks
/// as spaces; matches map back to the original UTF-16 offsets. `.caseInsensitive` applies;
/// diacritic and width folding do not.
enum RegexSearch {
    static func search(_ re: NSRegularExpression, in text: String, options: FindOptions) -> LiteralPattern.Result {
        var result = LiteralPattern.Result()
        let original = Array(text.utf16)
        var flat: [UInt16] = []
        var origin: [Int32] = []
        flat.reserveCapacity(original.count)
        origin.reserveCapacity(original.count)
        var i = 0
        while i < original.count {
            let c = original[i]
            if Folder.isHyphen(UInt32(c)), i + 2 < original.count, original[i + 1] == 0x0A,
               isLetter(scalarBefore(i, original)), isLetter(scalarAt(i + 2, original)) {
                i += 2
                continue
            }
            flat.append(c == 0x0A ? 0x20 : c)
            origin.append(Int32(truncatingIfNeeded: i))
            i += 1
        }
        let string = String(decoding: flat, as: UTF16.self)
        let total = flat.count
        let deadline = ContinuousClock.now.advanced(by: TextSearch.regularExpressionTimeLimit)
        var matching: NSRegularExpression.MatchingOptions = [.reportProgress]
        if options.anchored && !options.backwards { matching.insert(.anchored) }
        re.enumerateMatches(in: string, options: matching, range: NSRange(location: 0, length: total)) { m, _, stop in
            if ContinuousClock.now > deadline {
                result.stopped = true
                stop.pointee = true
                return
            }
            guard let r = m?.range, r.location != NSNotFound, r.length > 0 else { return }
            let s = r.location, e = r.location + r.length
            if options.anchored && !options.backwards && s != 0 { stop.pointee = true; return }
            if options.anchored && options.backwards && e != total { return }
            if options.wholeWords {
                if s > 0, isWord(scalarBefore(s, flat)) { return }
                if e < total, isWord(scalarAt(e, flat)) { return }
            }
            let lo = Int(origin[s]), hi = Int(origin[e - 1]) + 1
            result.matches.append(lo..<hi)
        }
        return result
    }

    static func scalarAt(_ i: Int, _ u: [UInt16]) -> Unicode.Scalar? {
        guard i >= 0, i < u.count else { return nil }
        let c = u[i]
        if UTF16.isLeadSurrogate(c), i + 1 < u.count, UTF16.isTrailSurrogate(u[i + 1]) {
            return Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([c, u[i + 1]])).value)
        }
        return Unicode.Scalar(UInt32(c))
    }

    static func scalarBefore(_ i: Int, _ u: [UInt16]) -> Unicode.Scalar? {
        guard i > 0, i <= u.count else { return nil }
        let c = u[i - 1]
        if UTF16.isTrailSurrogate(c), i >= 2, UTF16.isLeadSurrogate(u[i - 2]) { return scalarAt(i - 2, u) }
        return Unicode.Scalar(UInt32(c))
    }

    static func isLetter(_ s: Unicode.Scalar?) -> Bool { s?.properties.isAlphabetic ?? false }
    static func isWord(_ s: Unicode.Scalar?) -> Bool {
        guard let s else { return false }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }
}
