/// A token read without building its value: for a reader that wants a few entries of many
/// small dictionaries (the structure tree) and passes over the rest, so that strings are not
/// copied, names not made and arrays not built for entries nobody reads.
package enum RawToken: Sendable, Equatable {
    case integer(Int64)
    /// `N G R`, recognised as ``Parser`` recognises it: a non-negative integer, then an
    /// integer from 0 to 65535 that starts with a digit, then `R`.
    case reference(ObjectID)
    case real
    case string
    /// A name's bytes after the slash, `start..<end` in the buffer; `escaped` when they hold
    /// a `#` (the name is then not those bytes).
    case name(start: Int, end: Int, escaped: Bool)
    case `true`, `false`, null
    /// Any other keyword (`obj`, `stream`, a stray word, a stray `)` or `>`).
    case keyword(Keyword)
    case arrayOpen, arrayClose, dictOpen, dictClose, braceOpen, braceClose
    case eof
    /// A string not closed before the end of the data.
    case unterminated
}

/// Reads ``RawToken``s straight from a buffer's memory, with the ``Lexer``'s rules
/// (whitespace, comments, delimiters, numbers as ``Lexer`` reads them) and none of its
/// values: about a tenth of the instructions a token costs when its value is built. The
/// buffer must outlive the scanner (use it inside `withUnsafeBufferPointer`).
package struct RawScanner {
    package let buffer: UnsafeBufferPointer<UInt8>
    package var position: Int

    package init(_ buffer: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.buffer = buffer
        self.position = max(0, min(position, buffer.count))
    }

    @inline(__always) mutating func skipWhitespaceAndComments() {
        guard let base = buffer.baseAddress else { return }
        position = Lexer.skipWhitespaceAndComments(base, from: position, end: buffer.count)
    }

    /// The next token, its value left unbuilt.
    package mutating func next() -> RawToken {
        skipWhitespaceAndComments()
        let end = buffer.count
        guard position < end else { return .eof }
        let c = buffer[position]
        switch c {
        case 0x2F:  // /
            position &+= 1
            let start = position
            var escaped = false
            while position < end, CharacterClass.isRegular(buffer[position]) {
                if buffer[position] == 0x23 { escaped = true }
                position &+= 1
            }
            return .name(start: start, end: position, escaped: escaped)
        case 0x28:  // (
            position &+= 1
            return skipLiteralString() ? .string : .unterminated
        case 0x3C:  // <
            if position + 1 < end, buffer[position + 1] == 0x3C {
                position &+= 2
                return .dictOpen
            }
            position &+= 1
            while position < end, buffer[position] != 0x3E { position &+= 1 }
            guard position < end else { return .unterminated }
            position &+= 1
            return .string
        case 0x3E:  // >
            if position + 1 < end, buffer[position + 1] == 0x3E {
                position &+= 2
                return .dictClose
            }
            position &+= 1
            return .keyword(.other)
        case 0x5B: position &+= 1; return .arrayOpen
        case 0x5D: position &+= 1; return .arrayClose
        case 0x7B: position &+= 1; return .braceOpen
        case 0x7D: position &+= 1; return .braceClose
        case 0x29: position &+= 1; return .keyword(.other)
        case 0x30...0x39:
            // Plain digits ended by a byte that cannot go on a number: most numbers of a
            // dictionary (object numbers, generations, MCIDs).
            var p = position, v: Int64 = 0
            while p < end, p - position < 18, CharacterClass.isDigit(buffer[p]) {
                v = v &* 10 &+ Int64(buffer[p] &- 0x30)
                p &+= 1
            }
            if p == end || !(CharacterClass.isRegular(buffer[p])) {
                position = p
                return referenceOrInteger(v)
            }
            return number()
        case 0x2B, 0x2D, 0x2E:
            return number()
        default:
            return keyword()
        }
    }

    /// A number as ``Lexer`` reads it (a keyword when the bytes are not one).
    private mutating func number() -> RawToken {
        let (token, next) = Lexer.scanNumber(buffer, from: position, end: buffer.count)
        switch token {
        case .integer(let i)?:
            position = next
            return referenceOrInteger(i)
        case .some:
            position = next
            return .real
        case nil:
            return keyword()
        }
    }

    private mutating func keyword() -> RawToken {
        let (next, keyword) = Lexer.scanKeyword(buffer, from: position, end: buffer.count)
        position = next
        switch keyword {
        case .true: return .true
        case .false: return .false
        case .null: return .null
        case let k: return .keyword(k)
        }
    }

    /// After an integer `i`: `i G R` as a reference (read as ``Parser`` reads it), else the
    /// integer with the position just after it.
    private mutating func referenceOrInteger(_ i: Int64) -> RawToken {
        guard i >= 0 else { return .integer(i) }
        let saved = position, end = buffer.count
        skipWhitespaceAndComments()
        if position < end, CharacterClass.isDigit(buffer[position]) {
            // Up to five plain digits ended by a byte that cannot go on a number (nearly
            // every generation is `0`) are the integer the lexer would read; else it reads.
            var q = position, g: Int64 = 0
            while q < end, q - position < 5, CharacterClass.isDigit(buffer[q]) {
                g = g &* 10 &+ Int64(buffer[q] &- 0x30)
                q &+= 1
            }
            var generation: Int64? = nil, next = q
            if q == end || !CharacterClass.isRegular(buffer[q]) {
                generation = g
            } else if case let (.integer(v)?, after) = Lexer.scanNumber(buffer, from: position, end: end) {
                (generation, next) = (v, after)
            }
            if let g = generation, g >= 0, g <= 65535 {
                position = next
                skipWhitespaceAndComments()
                // `R` as a keyword of its own: followed by a byte that ends a word.
                if position < end, buffer[position] == 0x52,
                   position + 1 == end || !CharacterClass.isRegular(buffer[position + 1]) {
                    position &+= 1
                    return .reference(ObjectID(Int(clamping: i), Int(g)))
                }
            }
        }
        position = saved
        return .integer(i)
    }

    /// Passes over a literal string after its `(`: balanced parentheses, a backslash taking
    /// the byte after it. False when the data ends first.
    private mutating func skipLiteralString() -> Bool {
        var depth = 1
        let end = buffer.count
        while position < end {
            let c = buffer[position]
            position &+= 1
            if c == 0x5C {
                guard position < end else { return false }
                position &+= 1
            } else if c == 0x28 {
                depth += 1
            } else if c == 0x29 {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }

    /// Passes over the value that starts with `first` (already read): true when it is a
    /// well-formed value (arrays and dictionaries closed, nested fewer than `maxDepth` deep
    /// counting from `depth`, each dictionary key a name with a value). False for anything
    /// a reader would have to recover from; the position is then unspecified.
    package mutating func skipValue(_ first: RawToken, depth: Int, maxDepth: Int) -> Bool {
        switch first {
        case .integer, .reference, .real, .string, .name, .true, .false, .null:
            return true
        case .arrayOpen:
            guard depth < maxDepth else { return false }
            while true {
                let t = next()
                if case .arrayClose = t { return true }
                guard skipValue(t, depth: depth + 1, maxDepth: maxDepth) else { return false }
            }
        case .dictOpen:
            guard depth < maxDepth else { return false }
            while true {
                let key = next()
                if case .dictClose = key { return true }
                guard case .name = key else { return false }
                guard skipValue(next(), depth: depth + 1, maxDepth: maxDepth) else { return false }
            }
        default:
            return false
        }
    }

    /// Reads `number G obj <<`, the start of an indirect object's dictionary: false (the
    /// position then unspecified) for anything else.
    package mutating func enterIndirectDictionary(number: Int) -> Bool {
        guard case .integer(let n) = next(), n == Int64(number),
              case .integer(let generation) = next(), generation >= 0 else { return false }
        guard case .keyword(.obj) = next(), case .dictOpen = next() else { return false }
        return true
    }

    /// Whether the bytes `start..<end` spell `word` (an ASCII name).
    @inline(__always) package func bytes(_ start: Int, _ end: Int, equal word: StaticString) -> Bool {
        guard end - start == word.utf8CodeUnitCount, start >= 0, end <= buffer.count else { return false }
        let w = word.utf8Start
        for k in 0..<(end - start) where buffer[start + k] != w[k] { return false }
        return true
    }

    /// The name made of the bytes `start..<end`.
    package func name(_ start: Int, _ end: Int) -> Name { Name(bytes: UnsafeBufferPointer(rebasing: buffer[start..<end])) }
}
