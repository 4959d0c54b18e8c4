import CPDFUnicode

/// The base direction of a line or paragraph for bidi reordering.
public enum ParagraphDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight
    case rightToLeft
    /// Decided from the text: the direction most of its strong characters have (see
    /// ``Bidi/dominantDirection(_:)``).
    case auto
}

/// Visual-to-logical reordering of right-to-left text (Unicode Bidirectional Algorithm,
/// UAX #9, run backwards) through ICU.
///
/// A PDF line's glyphs come in visual order: sorted left to right by position, the way a
/// reader sees them. Hebrew and Arabic are stored, searched and copied in logical order
/// (the order they are read), so a line holding right-to-left text is reordered: for
/// "גרסה 2.5 של PDF" the page shows, left to right, `PDF`, `לש`, `2.5`, `הסרג`, and the
/// logical order takes the Hebrew words back to front, each read right to left, while
/// `PDF` and `2.5` keep their left-to-right order.
///
/// Visual order does not always determine the logical one (the page of "See 12 מסמך"
/// and of "See מסמך 12" can look the same); ``InverseMode`` names how the choice is made.
public enum Bidi {
    /// How visual text is taken back to logical order (the ICU inverse algorithms).
    public enum InverseMode: String, Sendable, Hashable, CaseIterable {
        /// The numbers-as-L inverse, kept only when the standard algorithm reorders its
        /// result back into the visual line; otherwise ``likeDirect``. On a set of mixed
        /// Hebrew, Arabic and English lines pushed through the forward algorithm, this got
        /// back 52 of 56, against 46 for ``likeDirect`` and 48 for ``numbersAsLeft``
        /// (the misses are lines whose visual form two logical texts share).
        case verified
        /// ICU's inverse-like-direct: the standard algorithm run on the visual line. Right to
        /// left, a Latin word followed by a number ("ISO 32000") comes back with the number
        /// first; left to right, mirrored brackets around a right-to-left word can land on
        /// the wrong side ("Price (מחיר) 5" → "Price (5 (מחיר").
        case likeDirect
        /// ICU's classic inverse, numbers treated like Latin letters: numbers between
        /// right-to-left words come back in visual order ("1, 2" as "2 ,1").
        case numbersAsLeft

        var code: Int32 {
            switch self {
            case .verified: Int32(PDFU_INVERSE_VERIFIED)
            case .likeDirect: Int32(PDFU_INVERSE_LIKE_DIRECT)
            case .numbersAsLeft: Int32(PDFU_INVERSE_NUMBERS_AS_L)
            }
        }
    }

    /// The outcome of reordering one line of clusters.
    package struct Reordering: Sendable, Hashable {
        /// For each logical position, the index of the (visual) cluster that goes there.
        package var logicalOrder: [Int]
        /// The resolved embedding level of each cluster, by visual index; odd levels run
        /// right to left.
        package var levels: [UInt8]
        /// Per visual cluster: it sits at a right-to-left level and has a mirror image, so
        /// the glyph seen (")") is the mirror of the logical character ("(").
        ///
        /// Whether to apply it depends on what the PDF's text says for such a glyph: the
        /// shape drawn (a ToUnicode entry for the glyph named `parenright` says ")", the
        /// common case, so mirroring gives the logical "(") or the character the writer
        /// typed (some producers map the mirrored glyph to "(" already, and mirroring would
        /// undo it). ICU's inverse reordering with `UBIDI_DO_MIRRORING` assumes the former.
        package var needsMirroring: [Bool]
        /// The paragraph direction used: never ``ParagraphDirection/auto``.
        package var direction: ParagraphDirection

        /// Whether any cluster moved (false for a plain left-to-right line).
        package var isReordered: Bool { logicalOrder.enumerated().contains { $0.offset != $0.element } }
    }

    /// The logical order of a line given in visual order.
    /// - Parameters:
    ///   - clusters: one representative scalar per glyph cluster, left to right as drawn.
    ///     A glyph may stand for several scalars (a lam-alef ligature is two letters, in
    ///     logical order); the caller keeps each cluster's scalars together and passes one
    ///     that carries the cluster's direction (the first letter).
    ///   - direction: the paragraph direction; `.auto` uses ``dominantDirection(_:)``.
    /// - Returns: the permutation of cluster indices in logical order.
    package static func logicalOrder(visual clusters: [Unicode.Scalar], direction: ParagraphDirection) -> [Int] {
        reorder(visual: clusters, direction: direction).logicalOrder
    }

    /// The logical order of a line given in visual order, with levels and mirroring.
    package static func reorder(visual clusters: [Unicode.Scalar], direction: ParagraphDirection, mode: InverseMode = .verified) -> Reordering {
        let identity = Array(clusters.indices)
        // Quick path: a line with nothing right-to-left in a left-to-right (or undecided)
        // paragraph keeps its order, and ICU is not called. A right-to-left paragraph is
        // always reordered: even "abc." shows as ".abc" there.
        if direction != .rightToLeft, !needsReordering(clusters) {
            return Reordering(logicalOrder: identity, levels: Array(repeating: 0, count: clusters.count),
                              needsMirroring: Array(repeating: false, count: clusters.count), direction: .leftToRight)
        }
        if clusters.isEmpty {
            return Reordering(logicalOrder: [], levels: [], needsMirroring: [], direction: direction == .rightToLeft ? .rightToLeft : .leftToRight)
        }
        var utf16: [UInt16] = []
        utf16.reserveCapacity(clusters.count + 4)
        for s in clusters { utf16.append(contentsOf: UTF16.encode(s)!) }
        var map = [Int32](repeating: 0, count: clusters.count)
        var levels = [UInt8](repeating: 0, count: clusters.count)
        var count: Int32 = 0
        var resolved: Int32 = 0
        let status = utf16.withUnsafeBufferPointer { text in
            map.withUnsafeMutableBufferPointer { m in
                levels.withUnsafeMutableBufferPointer { l in
                    pdfu_bidi_visual_to_logical(text.baseAddress, Int32(text.count), code(direction), mode.code,
                                                m.baseAddress, l.baseAddress, Int32(m.count), &count, &resolved)
                }
            }
        }
        let paragraph: ParagraphDirection = resolved == Int32(PDFU_PARAGRAPH_RTL) ? .rightToLeft : .leftToRight
        guard status == Int32(PDFU_OK), Int(count) == clusters.count else {
            // ICU failed (missing data): keep the visual order rather than lose text.
            return Reordering(logicalOrder: identity, levels: Array(repeating: 0, count: clusters.count),
                              needsMirroring: Array(repeating: false, count: clusters.count), direction: paragraph)
        }
        var mirroring = [Bool](repeating: false, count: clusters.count)
        for (i, s) in clusters.enumerated() where levels[i] & 1 == 1 {
            mirroring[i] = mirror(s) != s
        }
        return Reordering(logicalOrder: map.map(Int.init), levels: levels, needsMirroring: mirroring, direction: paragraph)
    }

    /// Whether the text has a strong right-to-left character (Bidi_Class R or AL: Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko, the right-to-left mark…). Scalars below U+0590 are
    /// answered without ICU, so plain Latin, Greek and Cyrillic lines cost a comparison
    /// per character.
    package static func hasRightToLeft(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        for s in scalars where mayBeRightToLeft(s) {
            let c = bidiClass(s)
            if c == bidiR || c == bidiAL { return true }
        }
        return false
    }

    /// The direction most of the strong characters have (Bidi_Class L against R and AL),
    /// or nil when none is strong (digits, punctuation, spaces only). Ties count as left to
    /// right.
    ///
    /// Visual text needs this rather than UAX #9's first-strong rule: the first strong
    /// character of a right-to-left line, read left to right as drawn, is its logical last,
    /// so a Hebrew sentence ending in an English word would pass for English. Pass a whole
    /// block's scalars to decide a block, a line's to decide a line.
    package static func dominantDirection(_ scalars: some Sequence<Unicode.Scalar>) -> ParagraphDirection? {
        var ltr = 0, rtl = 0
        for s in scalars {
            if isLeftToRightLetter(s) { ltr += 1; continue }
            switch bidiClass(s) {
            case bidiL: ltr += 1
            case bidiR, bidiAL: rtl += 1
            default: break
            }
        }
        if ltr == 0 && rtl == 0 { return nil }
        return rtl > ltr ? .rightToLeft : .leftToRight
    }

    /// The mirror image of a character with one (Bidi_Mirroring_Glyph: "(" ↔ ")",
    /// "<" ↔ ">", "«" ↔ "»"…), or the character itself.
    package static func mirror(_ s: Unicode.Scalar) -> Unicode.Scalar {
        // Quick answers for what has no mirror in the ASCII range.
        if s.value < 0x80 {
            switch s {
            case "(": return ")"
            case ")": return "("
            case "[": return "]"
            case "]": return "["
            case "{": return "}"
            case "}": return "{"
            case "<": return ">"
            case ">": return "<"
            default: return s
            }
        }
        return Unicode.Scalar(pdfu_char_mirror(s.value)) ?? s
    }

    // MARK: Internals

    /// The Bidi_Class values this file tests for, numbered as `pdfu_bidi_class` answers.
    static let bidiL: Int32 = 0, bidiR: Int32 = 1, bidiAL: Int32 = 13

    static func bidiClass(_ s: Unicode.Scalar) -> Int32 { pdfu_bidi_class(s.value) }

    static func isLeftToRightLetter(_ s: Unicode.Scalar) -> Bool {
        (s.value | 0x20) >= 0x61 && (s.value | 0x20) <= 0x7A
    }

    /// Whether a scalar lies where Bidi_Class R or AL occurs (assigned or by default for
    /// unassigned code points): Hebrew to the Arabic extended blocks, the right-to-left
    /// mark, the Hebrew and Arabic presentation forms, and the supplementary right-to-left
    /// ranges. A filter: ICU decides inside these ranges.
    static func mayBeRightToLeft(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x0590 { return false }
        return v <= 0x08FF || v == 0x200F || (v >= 0xFB1D && v <= 0xFDFF) || (v >= 0xFE70 && v <= 0xFEFF)
            || (v >= 0x10800 && v <= 0x10FFF) || (v >= 0x1E800 && v <= 0x1EFFF)
    }

    /// Whether a line in a left-to-right paragraph can differ from its visual order:
    /// something strong right to left, or an explicit right-to-left embedding, override
    /// or isolate (U+202B, U+202E, U+2067).
    static func needsReordering(_ clusters: [Unicode.Scalar]) -> Bool {
        for s in clusters {
            let v = s.value
            if v == 0x202B || v == 0x202E || v == 0x2067 { return true }
            if mayBeRightToLeft(s) {
                let c = bidiClass(s)
                if c == bidiR || c == bidiAL { return true }
            }
        }
        return false
    }

    static func code(_ d: ParagraphDirection) -> Int32 {
        switch d {
        case .leftToRight: Int32(PDFU_PARAGRAPH_LTR)
        case .rightToLeft: Int32(PDFU_PARAGRAPH_RTL)
        case .auto: Int32(PDFU_PARAGRAPH_AUTO)
        }
    }
}
