/// A token read without building its value: for a reader that wants a few entries of many
/// small dictionaries (the structure tree) and passes over the rest, so that strings are not
/// copied, names not made and arrays not built for entries nobody reads.
public enum RawToken: Sendable, Equatable {
    case integer(Int64)
    /// `N G R`, recognised as ``Parser`` recognises it: a non-negative integer, then an
    /// integer from 0 to 65535 that starts with a digit, then `R`.
    case reference(ObjectID)
    case real
    case string
    /// A name's bytes after the slash, `start..<end` in the lexer's buffer; `escaped` when
    /// they hold a `#` (the name is then not those bytes).
    case name(start: Int, end: Int, escaped: Bool)
    case `true`, `false`, null
    /// Any other keyword (`obj`, `stream`, a stray word, a stray `)` or `>`).
    case keyword(Keyword)
    case arrayOpen, arrayClose, dictOpen, dictClose, braceOpen, braceClose
    case eof
    /// A string not closed before the end of the data.
    case unterminated
}

extension Lexer {
    /// The next token, its value left unbuilt (see ``RawToken``).
    public mutating func nextRaw() -> RawToken {
        skipWhitespaceAndComments()
        guard position < end else { return .eof }
        let c = bytes[position]
        switch c {
        case 0x2F:  // /
            position += 1
            let start = position
            var escaped = false
            bytes.withUnsafeBufferPointer { b in
                let limit = min(end, b.count)
                while position < limit, CharacterClass.isRegular(b[position]) {
                    if b[position] == 0x23 { escaped = true }
                    position &+= 1
                }
            }
            return .name(start: start, end: position, escaped: escaped)
        case 0x28:  // (
            position += 1
            return skipLiteralString() ? .string : .unterminated
        case 0x3C:  // <
            if position + 1 < end, bytes[position + 1] == 0x3C {
                position += 2
                return .dictOpen
            }
            position += 1
            while position < end, bytes[position] != 0x3E { position += 1 }
            guard position < end else { return .unterminated }
            position += 1
            return .string
        case 0x3E:  // >
            if position + 1 < end, bytes[position + 1] == 0x3E {
                position += 2
                return .dictClose
            }
            position += 1
            return .keyword(.other)
        case 0x5B: position += 1; return .arrayOpen
        case 0x5D: position += 1; return .arrayClose
        case 0x7B: position += 1; return .braceOpen
        case 0x7D: position += 1; return .braceClose
        case 0x29: position += 1; return .keyword(.other)
        case 0x30...0x39, 0x2B, 0x2D, 0x2E:
            switch readNumber() {
            case .integer(let i)?: return referenceOrInteger(i)
            case .some: return .real
            case nil: return keywordToken()
            }
        default:
            return keywordToken()
        }
    }

    private mutating func keywordToken() -> RawToken {
        guard case .keyword(let k, _) = readKeyword() else { return .keyword(.other) }
        switch k {
        case .true: return .true
        case .false: return .false
        case .null: return .null
        default: return .keyword(k)
        }
    }

    /// After an integer `i`: `i G R` as a reference (read as ``Parser`` reads it), else the
    /// integer with the position just after it.
    private mutating func referenceOrInteger(_ i: Int64) -> RawToken {
        guard i >= 0 else { return .integer(i) }
        let saved = position
        skipWhitespaceAndComments()
        if let c = peekByte(), CharacterClass.isDigit(c), case .integer(let g)? = readNumber(), g >= 0, g <= 65535 {
            skipWhitespaceAndComments()
            if let r = peekByte(), !CharacterClass.isDelimiter(r), !CharacterClass.isWhitespace(r),
               case .keyword(.R, _) = readKeyword() {
                return .reference(ObjectID(Int(clamping: i), Int(g)))
            }
        }
        position = saved
        return .integer(i)
    }

    /// Passes over a literal string after its `(`: balanced parentheses, a backslash taking
    /// the byte after it. False when the data ends first.
    private mutating func skipLiteralString() -> Bool {
        var depth = 1
        let found: Bool = bytes.withUnsafeBufferPointer { b in
            let limit = min(end, b.count)
            while position < limit {
                let c = b[position]
                position &+= 1
                if c == 0x5C {
                    guard position < limit else { return false }
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
        return found
    }

    /// Passes over the value that starts with `first` (already read): true when it is a
    /// well-formed value (arrays and dictionaries closed, nested fewer than `maxDepth` deep
    /// counting from `depth`, each dictionary key a name with a value). False for anything
    /// a reader would have to recover from; the position is then unspecified.
    public mutating func skipRawValue(_ first: RawToken, depth: Int, maxDepth: Int) -> Bool {
        switch first {
        case .integer, .reference, .real, .string, .name, .true, .false, .null:
            return true
        case .arrayOpen:
            guard depth < maxDepth else { return false }
            while true {
                let t = nextRaw()
                if t == .arrayClose { return true }
                guard skipRawValue(t, depth: depth + 1, maxDepth: maxDepth) else { return false }
            }
        case .dictOpen:
            guard depth < maxDepth else { return false }
            while true {
                let key = nextRaw()
                if key == .dictClose { return true }
                guard case .name = key else { return false }
                guard skipRawValue(nextRaw(), depth: depth + 1, maxDepth: maxDepth) else { return false }
            }
        default:
            return false
        }
    }

    /// Whether the bytes `start..<end` of the buffer spell `word` (an ASCII name).
    public func bytes(_ start: Int, _ end: Int, equal word: StaticString) -> Bool {
        guard end - start == word.utf8CodeUnitCount, start >= 0, end <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { b in
            let w = word.utf8Start
            for k in 0..<(end - start) where b[start + k] != w[k] { return false }
            return true
        }
    }

    /// The name made of the bytes `start..<end` of the buffer.
    public func name(_ start: Int, _ end: Int) -> Name {
        bytes.withUnsafeBufferPointer { Name(bytes: UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}
