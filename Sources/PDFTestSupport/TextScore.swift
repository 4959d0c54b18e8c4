import Foundation

/// The project's text-fidelity metric, the same as `../shared/tools/score.py` (the reference:
/// both must give the same numbers, to 1e-9, on the same strings).
///
/// Both texts are normalised (`normalizeForScoring`), then:
/// * `char` — normalised Levenshtein similarity of the two strings, over Unicode scalars
///   (Python counts code points): 1 − distance / max(length₁, length₂), 1 when both are empty;
/// * `wordF1` — F1 of the two bags (multisets) of words; 0 when no word is shared;
/// * `order` — normalised Levenshtein similarity of the two word sequences.
///
/// Words are split at spaces, and every CJK character (the `cjkRanges`) is a word of its own.
package struct TextScore: Sendable, Hashable, CustomStringConvertible {
    package var char: Double
    package var wordF1: Double
    package var order: Double

    package init(char: Double, wordF1: Double, order: Double) {
        self.char = char; self.wordF1 = wordF1; self.order = order
    }

    package var description: String {
        func f(_ x: Double) -> String { String(format: "%.4f", x) }
        return "char \(f(char)) wordF1 \(f(wordF1)) order \(f(order))"
    }
}

/// Scores `extracted` against `groundTruth` (see `TextScore`).
package func scoreText(groundTruth: String, extracted: String) -> TextScore {
    let g = ScoringText(groundTruth), e = ScoringText(extracted)
    let char = normalizedSimilarity(g.scalars, e.scalars)

    // Words as sequences of scalars (not `String`s: `String` equality is canonical
    // equivalence, Python's is code-point equality), numbered densely for the distance.
    var ids: [[UInt32]: UInt32] = [:]
    func numbered(_ words: [[UInt32]]) -> [UInt32] {
        words.map { w in
            if let id = ids[w] { return id }
            let id = UInt32(ids.count)
            ids[w] = id
            return id
        }
    }
    let gw = numbered(g.words), ew = numbered(e.words)

    var counts = [Int](repeating: 0, count: ids.count)
    for w in gw { counts[Int(w)] += 1 }
    var shared = 0
    for w in ew where counts[Int(w)] > 0 {
        counts[Int(w)] -= 1
        shared += 1
    }
    let p = Double(shared) / Double(max(1, ew.count))
    let r = Double(shared) / Double(max(1, gw.count))
    let f1 = shared == 0 ? 0.0 : 2 * p * r / (p + r)

    return TextScore(char: char, wordF1: f1, order: normalizedSimilarity(gw, ew))
}

/// The normalisation both texts get before scoring: Unicode NFKC (ligatures such as U+FB01
/// expand, full-width forms narrow), then NFC; soft hyphens (U+00AD) removed; every run of
/// white space (Python's `str.isspace`, form feeds included) folded to one U+0020 and the ends
/// trimmed; and a space between two CJK characters removed (a line wrap inside CJK text is
/// not a word break).
package func normalizeForScoring(_ s: String) -> String {
    var v = String.UnicodeScalarView()
    for c in normalizedScalars(s) { v.append(Unicode.Scalar(c)!) }
    return String(v)
}

// MARK: - Normalisation

/// The scalars Python's `str.isspace()` (and so `re`'s `\s` and `str.split()`) counts as white
/// space, Unicode 14: bidirectional class WS, B or S, or general category Zs. It differs from
/// Unicode's White_Space property by U+001C…U+001F.
func isPythonSpace(_ c: UInt32) -> Bool {
    switch c {
    case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
        return true
    default:
        return false
    }
}

/// The character ranges score.py treats as CJK: kana, CJK unified ideographs and extension A,
/// compatibility ideographs, CJK symbols and punctuation, half- and full-width forms.
let cjkRanges: [ClosedRange<UInt32>] = [
    0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x3000...0x303F, 0xFF00...0xFFEF,
]

func isCJK(_ c: UInt32) -> Bool {
    // The ranges are few and small; a linear scan keeps them readable next to score.py's.
    for r in cjkRanges where r.contains(c) { return true }
    return false
}

func normalizedScalars(_ s: String) -> [UInt32] {
    let composed = s.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
    // Fold white space and drop soft hyphens; `pendingSpace` holds a run until the next
    // non-space scalar, so leading and trailing runs vanish.
    var folded: [UInt32] = []
    folded.reserveCapacity(composed.unicodeScalars.count)
    var pendingSpace = false
    for u in composed.unicodeScalars {
        let c = u.value
        if c == 0xAD { continue }
        if isPythonSpace(c) {
            pendingSpace = !folded.isEmpty
            continue
        }
        if pendingSpace { folded.append(0x20); pendingSpace = false }
        folded.append(c)
    }
    // A space between two CJK characters goes (spaces are single and never at the ends now).
    var out: [UInt32] = []
    out.reserveCapacity(folded.count)
    for (i, c) in folded.enumerated() {
        if c == 0x20, isCJK(folded[i - 1]), isCJK(folded[i + 1]) { continue }
        out.append(c)
    }
    return out
}

/// A text as score.py sees it: its normalised scalars and its words.
struct ScoringText {
    var scalars: [UInt32]
    var words: [[UInt32]]

    init(_ s: String) {
        scalars = normalizedScalars(s)
        // score.py puts spaces around every CJK character, then splits at white space.
        words = []
        var word: [UInt32] = []
        for c in scalars {
            if c == 0x20 || isCJK(c) {
                if !word.isEmpty { words.append(word); word = [] }
                if c != 0x20 { words.append([c]) }
            } else {
                word.append(c)
            }
        }
        if !word.isEmpty { words.append(word) }
    }
}

// MARK: - Levenshtein distance

/// 1 − distance / max(a.count, b.count); 1 when both are empty (rapidfuzz's
/// `Levenshtein.normalized_similarity` with unit weights).
package func normalizedSimilarity(_ a: [UInt32], _ b: [UInt32]) -> Double {
    let longest = max(a.count, b.count)
    if longest == 0 { return 1 }
    return 1 - Double(levenshteinDistance(a, b)) / Double(longest)
}

/// The Levenshtein distance (insertions, deletions and substitutions all cost 1) of two
/// symbol sequences.
///
/// The common prefix and suffix are cut off first. The rest is the bit-vector algorithm of
/// G. Myers ("A fast bit-vector algorithm for approximate string matching based on dynamic
/// programming", J. ACM 46(3), 1999) in H. Hyyrö's formulation, blocked for patterns longer
/// than 64, with the top row fixed at D[0][j] = j (a global distance, not a search); see
/// `BandedDistance` for the diagonal band that keeps it to O(d·n/64) word operations for a
/// distance d, instead of O(m·n/64).
package func levenshteinDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
    var lo = 0
    var hiA = a.count, hiB = b.count
    while lo < hiA, lo < hiB, a[lo] == b[lo] { lo += 1 }
    while hiA > lo, hiB > lo, a[hiA - 1] == b[hiB - 1] { hiA -= 1; hiB -= 1 }
    // The shorter one is the pattern (fewer blocks, a smaller match table).
    let (pattern, text) = hiA - lo <= hiB - lo ? (a[lo..<hiA], b[lo..<hiB]) : (b[lo..<hiB], a[lo..<hiA])
    if pattern.isEmpty { return text.count }
    let d = BandedDistance(pattern: pattern, text: text)
    // Bands four times wider each try until the distance fits in one: the last try costs the
    // most, so the total stays within about 4/3 of it (texts far apart end in one full matrix,
    // 50k × 50k in about a second in a debug build; texts a few percent apart, in a fraction
    // of that).
    var band = max(text.count - pattern.count, 64)
    while true {
        let distance = d.run(band: band)
        if distance <= band || band >= text.count { return distance }
        // A result over the band is still an upper bound on the distance (the band only
        // over-estimates), and a band that wide is certain to hold the answer.
        band = min(4 * band, distance, text.count)
    }
}

/// The Levenshtein distance of a pattern (m symbols) and a text (n ≥ m symbols), computed
/// only in a diagonal band.
///
/// Every cell on a path of cost ≤ k lies within k of the main diagonal (D[i][j] ≥ |i − j|),
/// so with a band of half-width k the blocks of rows outside [j − k, j + k] are skipped at
/// column j. The skipped cells are stood in for by over-estimates: a block that enters the band
/// at the bottom starts as D[i] = D[i−1] + 1 down from the block above, and the first block in
/// the band takes a horizontal step of +1 at its top (D[i][j] ≤ D[i][j−1] + 1 and
/// D[i][j] ≤ D[i−1][j] + 1 make both over-estimates). Over-estimates never make a value
/// smaller, and a cell of true value v ≤ k is reached by a path of cells of value ≤ v, all in
/// the band, so every cell of true value ≤ k comes out exact. Hence a result ≤ k is the
/// distance, and a result > k means the distance is > k.
struct BandedDistance {
    let m: Int, n: Int
    let blocks: Int
    /// match[s * blocks + b]: bit r set when pattern[64b + r] is symbol s. The last row is
    /// all zeros: text symbols absent from the pattern.
    let match: [UInt64]
    /// The text as pattern-symbol numbers (absent symbols get the last, all-zero row).
    let text: [Int]
    /// Bit of the pattern's last row in the last block.
    let lastBit: UInt64

    init(pattern: ArraySlice<UInt32>, text: ArraySlice<UInt32>) {
        m = pattern.count
        n = text.count
        blocks = (m + 63) / 64
        var alphabet: [UInt32: Int] = [:]
        for c in pattern where alphabet[c] == nil { alphabet[c] = alphabet.count }
        var match = [UInt64](repeating: 0, count: (alphabet.count + 1) * blocks)
        for (i, c) in pattern.enumerated() {
            match[alphabet[c]! * blocks + i / 64] |= 1 << UInt64(i % 64)
        }
        self.match = match
        let absent = alphabet.count
        self.text = text.map { alphabet[$0] ?? absent }
        lastBit = 1 << UInt64((m - 1) % 64)
    }

    /// D[m][n] computed in the band |i − j| ≤ k: exact when ≤ k, otherwise some value > k.
    func run(band k: Int) -> Int {
        let blocks = blocks, m = m
        // The column: vertical deltas +1 (positive) and −1 (negative) per block; column 0 is
        // D[i][0] = i, all +1.
        var positive = [UInt64](repeating: ~0, count: blocks)
        var negative = [UInt64](repeating: 0, count: blocks)
        /// The block holding (1-based) row `row`.
        func block(ofRow row: Int) -> Int { (row - 1) / 64 }
        /// The bottom row of block `b`.
        func bottomRow(_ b: Int) -> Int { min(64 * (b + 1), m) }
        // The last block in the band, and D at its bottom row in the current column.
        var last = block(ofRow: min(m, k + 1))
        var lastScore = bottomRow(last)
        return match.withUnsafeBufferPointer { match in
            positive.withUnsafeMutableBufferPointer { vpBuffer in
                negative.withUnsafeMutableBufferPointer { vnBuffer in
                    let vp = vpBuffer.baseAddress!, vn = vnBuffer.baseAddress!, table = match.baseAddress!
                    for (index, symbol) in text.enumerated() {
                        let j = index + 1
                        if j - k > m { return k + 1 }  // the band has left the matrix
                        let first = j - k > 1 ? block(ofRow: j - k) : 0
                        let newLast = block(ofRow: min(m, j + k))
                        while last < newLast {
                            // Entering the band: D one more per row down from the block above
                            // (its state is still column 0's, all +1).
                            last += 1
                            lastScore += bottomRow(last) - bottomRow(last - 1)
                        }
                        let row = table + symbol * blocks
                        // Horizontal deltas entering the first block's top: +1 (exact at row 0).
                        var hpIn: UInt64 = 1, hnIn: UInt64 = 0
                        var b = first
                        while true {
                            let p = vp[b], q = vn[b]
                            let x = row[b] | hnIn
                            let d0 = (((x & p) &+ p) ^ p) | x | q
                            let hp = q | ~(d0 | p)
                            let hn = d0 & p
                            let hpShifted = (hp << 1) | hpIn
                            let hnShifted = (hn << 1) | hnIn
                            vp[b] = hnShifted | ~(d0 | hpShifted)
                            vn[b] = hpShifted & d0
                            if b == last {
                                // The horizontal delta at the band's bottom row.
                                let high: UInt64 = b == blocks - 1 ? lastBit : 1 << 63
                                if hp & high != 0 { lastScore += 1 } else if hn & high != 0 { lastScore -= 1 }
                                break
                            }
                            hpIn = hp >> 63
                            hnIn = hn >> 63
                            b += 1
                        }
                    }
                    return lastScore
                }
            }
        }
    }
}
