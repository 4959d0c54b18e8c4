/// Flags of a folded unit.
struct UnitFlags: OptionSet {
    var rawValue: UInt8
    /// The first unit of its original character.
    static let characterStart = UnitFlags(rawValue: 1)
    /// The last unit of its original character.
    static let characterEnd = UnitFlags(rawValue: 2)
    /// From a letter or digit (or a joined hyphenation): a word goes on through it.
    static let wordCharacter = UnitFlags(rawValue: 4)
}

/// Text folded for comparison: one entry per folded unit (a Unicode scalar value, or one of
/// the special units), each with the UTF-16 range of the original character(s) it came from.
struct FoldedText {
    var units: [UInt32] = []
    var starts: [Int32] = []
    var ends: [Int32] = []
    var flags: [UnitFlags] = []
    /// Units that are ``Folder/hyphenationUnit``.
    var hyphenations = 0

    mutating func append(_ u: UInt32, _ s: Int, _ e: Int, _ f: UnitFlags) {
        units.append(u); starts.append(Int32(truncatingIfNeeded: s)); ends.append(Int32(truncatingIfNeeded: e)); flags.append(f)
    }
}

/// Folds text per character through the shared ``UnicodeFolding`` engine (the search index
/// folds its terms with the same one): case and diacritics as the options ask, compatibility
/// forms with `.widthInsensitive`, canonical equivalence unless `.literal`; every whitespace
/// run to one space, and (in page text) a letter-hyphen-"\n"-letter sequence's hyphen and line
/// break to one ``hyphenationUnit``.
struct Folder {
    /// The unit every whitespace run folds to.
    static let spaceUnit: UInt32 = 0x20
    /// A line-end hyphenation ("-\n" between letters): matched by a query hyphen (optionally
    /// followed by a space), skipped otherwise. Not a Unicode scalar value.
    static let hyphenationUnit: UInt32 = 0xFFFF_FFFF

    let engine: UnicodeFolding
    let caseInsensitive: Bool
    /// Per non-ASCII character: its folded units (a slice of `pool`) and whether it is a
    /// letter, a letter or digit, whitespace.
    private var cache: [Character: (start: Int32, count: Int32, kind: UInt8)] = [:]
    private var pool: [UInt32] = []

    static let kindWord: UInt8 = 1, kindSpace: UInt8 = 2, kindLetter: UInt8 = 4

    init(options: FindOptions) {
        engine = Self.engine(options)
        caseInsensitive = options.caseInsensitive
    }

    /// The engine's settings for find options.
    static func engine(_ options: FindOptions) -> UnicodeFolding {
        UnicodeFolding(normalization: options.widthInsensitive ? .compatibility : options.literal ? .none : .canonical,
                       caseFolding: options.caseInsensitive, diacriticFolding: options.diacriticInsensitive)
    }

    static func isHyphen(_ v: UInt32) -> Bool { v == 0x2D || v == 0x2010 || v == 0x2011 || v == 0xAD }

    /// The folded units and kind of a non-ASCII character, cached.
    private mutating func info(_ ch: Character) -> (start: Int32, count: Int32, kind: UInt8) {
        if let c = cache[ch] { return c }
        let start = Int32(pool.count)
        if let folded = engine.fold(Array(ch.utf16)) {
            for u in String(decoding: folded, as: UTF16.self).unicodeScalars { pool.append(u.value) }
        } else {
            for u in ch.unicodeScalars { pool.append(u.value) }
        }
        var kind: UInt8 = 0
        if ch.isLetter { kind |= Self.kindLetter | Self.kindWord }
        if ch.isNumber { kind |= Self.kindWord }
        if ch.isWhitespace { kind |= Self.kindSpace }
        let r = (start, Int32(pool.count) - start, kind)
        cache[ch] = r
        return r
    }

    /// One character of the text: an ASCII byte that is a character by itself (the common
    /// case, without Character's grapheme machinery), or any other character.
    enum Piece {
        case ascii(UInt8)
        case character(Character)
    }

    /// Where folding is in the text.
    private struct Cursor {
        var offset = 0
        var lastWasLetter = false
        /// A hyphen after a letter waiting to see whether "\n" and a letter follow.
        var pendingHyphen: (piece: Piece, offset: Int)? = nil
        var pendingNewline: Int? = nil
    }

    /// Folds `text`; `joinHyphenation` turns line-end hyphenations into ``hyphenationUnit``.
    mutating func fold(_ text: String, joinHyphenation: Bool) -> FoldedText {
        var out = FoldedText()
        var text = text
        let estimate = text.utf8.count
        out.units.reserveCapacity(estimate); out.starts.reserveCapacity(estimate)
        out.ends.reserveCapacity(estimate); out.flags.reserveCapacity(estimate)
        var cursor = Cursor()
        text.withUTF8 { bytes in
            let n = bytes.count
            var i = 0
            while i < n {
                // An ASCII byte between ASCII bytes is a character of its own: no ASCII
                // character extends or prepends to another (CR LF fold to one space anyway).
                if bytes[i] < 0x80, i == 0 || bytes[i - 1] < 0x80, i + 1 == n || bytes[i + 1] < 0x80 {
                    step(.ascii(bytes[i]), length: 1, joinHyphenation, &cursor, &out)
                    i += 1
                    continue
                }
                // Otherwise up to the next such byte, character by character.
                var j = i + 1
                while j < n, !(bytes[j] < 0x80 && bytes[j - 1] < 0x80 && (j + 1 == n || bytes[j + 1] < 0x80)) { j += 1 }
                let segment = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<j]), as: UTF8.self)
                for ch in segment { step(.character(ch), length: ch.utf16.count, joinHyphenation, &cursor, &out) }
                i = j
            }
        }
        if let h = cursor.pendingHyphen {
            emit(h.piece, at: h.offset, length: 1, into: &out)
            if let n = cursor.pendingNewline { emit(.ascii(0x0A), at: n, length: 1, into: &out) }
        }
        return out
    }

    private mutating func step(_ piece: Piece, length: Int, _ joinHyphenation: Bool,
                               _ c: inout Cursor, _ out: inout FoldedText) {
        if let h = c.pendingHyphen {
            if c.pendingNewline == nil, case .ascii(0x0A) = piece {
                c.pendingNewline = c.offset
                c.offset += length
                return
            }
            if let n = c.pendingNewline, isLetter(piece) {
                out.append(Self.hyphenationUnit, h.offset, n + 1, [.characterStart, .characterEnd, .wordCharacter])
                out.hyphenations += 1
            } else {
                emit(h.piece, at: h.offset, length: 1, into: &out)
                if let n = c.pendingNewline { emit(.ascii(0x0A), at: n, length: 1, into: &out) }
            }
            c.pendingHyphen = nil
            c.pendingNewline = nil
        }
        if joinHyphenation, c.lastWasLetter, length == 1, isHyphen(piece) {
            c.pendingHyphen = (piece, c.offset)
            c.lastWasLetter = false
            c.offset += length
            return
        }
        c.lastWasLetter = emit(piece, at: c.offset, length: length, into: &out)
        c.offset += length
    }

    private func isHyphen(_ piece: Piece) -> Bool {
        switch piece {
        case .ascii(let a): return a == 0x2D
        case .character(let ch): return ch.unicodeScalars.count == 1 && Self.isHyphen(ch.unicodeScalars.first!.value)
        }
    }

    private mutating func isLetter(_ piece: Piece) -> Bool {
        switch piece {
        case .ascii(let a): return Self.isASCIILetter(a)
        case .character(let ch):
            if ch.isASCII { return Self.isASCIILetter(ch.asciiValue ?? 0) }
            return info(ch).kind & Self.kindLetter != 0
        }
    }

    @inline(__always) static func isASCIILetter(_ a: UInt8) -> Bool { (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A }

    /// Appends the folded units of one character; returns whether it is a letter.
    @discardableResult
    private mutating func emit(_ piece: Piece, at offset: Int, length: Int, into out: inout FoldedText) -> Bool {
        let ch: Character
        switch piece {
        case .ascii(let a):
            return emitASCII(a, at: offset, length: length, into: &out)
        case .character(let c):
            // "\r\n" is one ASCII character of two units: whitespace.
            if c.isASCII { return emitASCII(length == 1 ? c.asciiValue! : 0x0A, at: offset, length: length, into: &out) }
            ch = c
        }
        let i = info(ch)
        if i.kind & Self.kindSpace != 0 {
            appendSpace(offset, offset + length, into: &out)
            return false
        }
        let word: UnitFlags = i.kind & Self.kindWord != 0 ? .wordCharacter : []
        let n = Int(i.count)
        for k in 0..<n {
            var f = word
            if k == 0 { f.insert(.characterStart) }
            if k == n - 1 { f.insert(.characterEnd) }
            out.append(pool[Int(i.start) + k], offset, offset + length, f)
        }
        return i.kind & Self.kindLetter != 0
    }

    /// ASCII folds by case alone.
    @inline(__always)
    private func emitASCII(_ a: UInt8, at offset: Int, length: Int, into out: inout FoldedText) -> Bool {
        if a == 0x20 || (a >= 0x09 && a <= 0x0D) {
            appendSpace(offset, offset + length, into: &out)
            return false
        }
        let letter = Self.isASCIILetter(a)
        let digit = a >= 0x30 && a <= 0x39
        let unit = UInt32(caseInsensitive && letter ? a | 0x20 : a)
        out.append(unit, offset, offset + length, letter || digit ? [.characterStart, .characterEnd, .wordCharacter] : [.characterStart, .characterEnd])
        return letter
    }

    private func appendSpace(_ s: Int, _ e: Int, into out: inout FoldedText) {
        if let last = out.units.last, last == Self.spaceUnit, Int(out.ends[out.ends.count - 1]) == s {
            out.ends[out.ends.count - 1] = Int32(truncatingIfNeeded: e)
        } else {
            out.append(Self.spaceUnit, s, e, [.characterStart, .characterEnd])
        }
    }
}
