import PDFCore

/// A byte-level tokenizer over a file buffer (ISO 32000-2 §7.2–7.3). It never builds a
/// `String` for a token and never fails: malformed input yields the most plausible token,
/// the way widely used readers treat it.
package struct Lexer: Sendable {
    package let bytes: [UInt8]
    /// Next byte to read.
    package var position: Int
    /// One past the last byte this lexer may read.
    package let end: Int

    package init(bytes: [UInt8], position: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.end = min(end ?? bytes.count, bytes.count)
        self.position = max(0, min(position, self.end))
    }

    package var isAtEnd: Bool { position >= end }

    @inline(__always) func peekByte() -> UInt8? { position < end ? bytes[position] : nil }

    /// Skips whitespace and comments.
    ///
    /// Through the buffer's pointer, and eight bytes at a time through a run of one
    /// whitespace byte (the padding a hostile stream decompresses into hundreds of
    /// megabytes, and that real files use to fill space), so that skipping costs about a
    /// load per eight bytes.
    package mutating func skipWhitespaceAndComments() {
        let (from, stop) = (position, end)
        position = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return from }
            return Lexer.skipWhitespaceAndComments(base, from: from, end: stop)
        }
    }

    /// The position of the first byte from `p` on (before `stop`) that is neither
    /// whitespace nor in a comment (see ``skipWhitespaceAndComments()``).
    @inline(__always) static func skipWhitespaceAndComments(_ base: UnsafePointer<UInt8>, from start: Int, end stop: Int) -> Int {
        var p = start
        while p < stop {
            let c = base[p]
            if CharacterClass.isWhitespace(c) {
                p += 1
                // A run of the same byte (not a lone space between tokens): eight at a time.
                if p < stop, base[p] == c {
                    let run = UInt64(c) &* 0x0101_0101_0101_0101
                    while p &+ 8 <= stop, UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self) == run { p &+= 8 }
                }
            } else if c == 0x25 {  // %
                while p < stop, base[p] != 0x0A, base[p] != 0x0D { p &+= 1 }
            } else {
                break
            }
        }
        return p
    }

    /// Reads the next token.
    package mutating func next() -> Token {
        skipWhitespaceAndComments()
        guard position < end else { return .eof }
        let c = bytes[position]
        switch c {
        case 0x2F: // /
            position += 1
            return .name(readName())
        case 0x28: // (
            position += 1
            return .string(PDFString(bytes: readLiteralString(), isHex: false))
        case 0x3C: // <
            if position + 1 < end, bytes[position + 1] == 0x3C {
                position += 2
                return .dictOpen
            }
            position += 1
            return .string(PDFString(bytes: readHexString(), isHex: true))
        case 0x3E: // >
            if position + 1 < end, bytes[position + 1] == 0x3E {
                position += 2
                return .dictClose
            }
            position += 1
            return .keyword(.other, (position - 1)..<position)
        case 0x5B: position += 1; return .arrayOpen
        case 0x5D: position += 1; return .arrayClose
        case 0x7B: position += 1; return .braceOpen
        case 0x7D: position += 1; return .braceClose
        case 0x29: // stray )
            position += 1
            return .keyword(.other, (position - 1)..<position)
        case 0x30...0x39, 0x2B, 0x2D, 0x2E:
            if let number = readNumber() { return number }
            return readKeyword()
        default:
            return readKeyword()
        }
    }

    /// Reads the next token without consuming it.
    package func peek() -> Token {
        var copy = self
        return copy.next()
    }

    mutating func readKeyword() -> Token {
        let start = position
        let limit = end
        let (stop, keyword) = bytes.withUnsafeBufferPointer { Lexer.scanKeyword($0, from: start, end: limit) }
        position = stop
        return .keyword(keyword, start..<stop)
    }

    /// The word of regular bytes at `start` (a lone delimiter we have no use for, when there
    /// is none) as a keyword, and the position after it.
    @inline(__always) static func scanKeyword(_ b: UnsafeBufferPointer<UInt8>, from start: Int, end limit: Int) -> (Int, Keyword) {
        var p = start
        let stop = min(limit, b.count)
        while p < stop, CharacterClass.isRegular(b[p]) { p &+= 1 }
        if p == start { p = min(start + 1, b.count) }
        return (p, Keyword.classify(UnsafeBufferPointer(rebasing: b[start..<p])))
    }

    /// A name after its slash; `#xx` becomes the byte xx, a `#` without two hex digits stays.
    mutating func readName() -> Name {
        // Fast path: no `#` escape, the bytes are used as they are.
        let start = position
        let (stop, escaped) = bytes.withUnsafeBufferPointer { b in
            var p = start
            let limit = min(end, b.count)
            while p < limit {
                let c = b[p]
                guard CharacterClass.isRegular(c) else { break }
                if c == 0x23 { return (p, true) }
                p &+= 1
            }
            return (p, false)
        }
        if escaped { return readEscapedName(from: start) }
        position = stop
        return bytes.withUnsafeBufferPointer { Name(bytes: UnsafeBufferPointer(rebasing: $0[start..<stop])) }
    }

    mutating func readEscapedName(from start: Int) -> Name {
        position = start
        var out: [UInt8] = []
        while position < end {
            let c = bytes[position]
            guard CharacterClass.isRegular(c) else { break }
            if c == 0x23, position + 2 < end,
               let h = CharacterClass.hexValue(bytes[position + 1]),
               let l = CharacterClass.hexValue(bytes[position + 2]) {
                out.append(h << 4 | l)
                position += 3
            } else {
                out.append(c)
                position += 1
            }
        }
        return Name(bytes: out)
    }

    /// A literal string after its opening parenthesis (ISO 32000-2 §7.3.4.2): balanced
    /// parentheses, every escape, 1–3 digit octal (high bits dropped), backslash-newline
    /// continuation, and an unescaped CR or CR LF read as LF. Unterminated at the end of
    /// data: what was read.
    mutating func readLiteralString() -> [UInt8] {
        var out: [UInt8] = []
        // Room for the bytes up to the first `)`: most strings end there, and growing the
        // array byte by byte would reallocate it several times.
        var close = position
        while close < end && bytes[close] != 0x29 { close += 1 }
        out.reserveCapacity(close - position)
        appendLiteralString(to: &out)
        return out
    }

    /// ``readLiteralString()``, its bytes appended to `out`.
    mutating func appendLiteralString(to out: inout [UInt8]) {
        var depth = 1
        while position < end {
            // Bytes that stand for themselves are appended a run at a time.
            let run = bytes.withUnsafeBufferPointer { src in
                var k = position
                while k < end {
                    let b = src[k]
                    if b == 0x28 || b == 0x29 || b == 0x5C || b == 0x0D { break }
                    k += 1
                }
                return k
            }
            if run > position {
                out.append(contentsOf: bytes[position..<run])
                position = run
                if position == end { return }
            }
            let c = bytes[position]
            position += 1
            switch c {
            case 0x28:
                depth += 1
                out.append(c)
            case 0x29:
                depth -= 1
                if depth == 0 { return }
                out.append(c)
            case 0x0D:
                if position < end, bytes[position] == 0x0A { position += 1 }
                out.append(0x0A)
            case 0x5C:
                guard position < end else { return }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case 0x0D:
                    if position < end, bytes[position] == 0x0A { position += 1 }
                case 0x0A:
                    break
                case 0x30...0x37:
                    var v = UInt32(e - 0x30)
                    var n = 1
                    while n < 3, position < end, bytes[position] >= 0x30, bytes[position] <= 0x37 {
                        v = v * 8 + UInt32(bytes[position] - 0x30)
                        position += 1
                        n += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: v))
                default:
                    out.append(e)  // \( \) \\ and unknown escapes: the character itself
                }
            default:
                out.append(c)
            }
        }
    }

    /// A hex string after its `<`: whitespace and stray characters skipped, an odd final
    /// digit read as if followed by 0.
    mutating func readHexString() -> [UInt8] {
        var out: [UInt8] = []
        appendHexString(to: &out)
        return out
    }

    /// ``readHexString()``, its bytes appended to `out`.
    mutating func appendHexString(to out: inout [UInt8]) {
        // Read over the buffer's pointer and decoded into a small buffer on the stack,
        // appended a chunk at a time: appended one by one to `out`, each byte paid for the
        // array's checks.
        let chunkSize = 256
        let stop = end
        var p = position
        bytes.withUnsafeBufferPointer { src in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) { chunk in
                var n = 0
                var high: UInt8? = nil
                while p < stop {
                    let c = src[p]
                    p += 1
                    if c == 0x3E { break }
                    guard let v = CharacterClass.hexValue(c) else { continue }
                    if let h = high {
                        chunk[n] = h << 4 | v
                        n += 1
                        high = nil
                        if n == chunkSize {
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<n]))
                            n = 0
                        }
                    } else {
                        high = v
                    }
                }
                if let h = high {
                    chunk[n] = h << 4
                    n += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<n]))
            }
        }
        position = p
    }

    /// One item of an array being read by a content parser, strings not made into arrays
    /// of their own (see ``nextArrayItem(appendingStringsTo:)``).
    package enum ArrayItem: Equatable {
        /// A string, its bytes appended to the caller's buffer at this range.
        case string(Range<Int>)
        /// A number, as ``PDFObject/number`` reads it: nil when it is not finite.
        case number(Double?)
        /// The array's `]`.
        case close
        /// Anything else (a name, a nested array or dictionary, a keyword, the end of the
        /// data): the caller reads the array again the general way, from its start.
        case other
    }

    /// The next item of an array whose `[` was read: a literal or hex string appended to
    /// `bytes` (as ``next()`` would read it, without a new array per string), a number,
    /// the closing `]`, or `.other`.
    package mutating func nextArrayItem(appendingStringsTo bytes: inout [UInt8]) -> ArrayItem {
        skipWhitespaceAndComments()
        guard position < end else { return .other }
        switch self.bytes[position] {
        case 0x28:
            position += 1
            let start = bytes.count
            appendLiteralString(to: &bytes)
            return .string(start..<bytes.count)
        case 0x3C:
            if position + 1 < end, self.bytes[position + 1] == 0x3C { return .other }
            position += 1
            let start = bytes.count
            appendHexString(to: &bytes)
            return .string(start..<bytes.count)
        case 0x5D:
            position += 1
            return .close
        case 0x30...0x39, 0x2B, 0x2D, 0x2E:
            switch readNumber() {
            case .integer(let i)?: return .number(Double(i))
            case .real(let r)?: return .number(r.isFinite ? r : nil)
            default: return .other
            }
        default:
            return .other
        }
    }

    /// A number as real files write it: `+1`, `-.5`, `1.`, `--5` (read as -5), `4.-2`
    /// (a minus inside a number is ignored: 4.2), `1e3` only when an exponent digit follows.
    /// Returns nil (position unchanged) when the bytes are not a number at all.
    mutating func readNumber() -> Token? {
        let (token, next) = bytes.withUnsafeBufferPointer { Lexer.scanNumber($0, from: position, end: end) }
        position = next
        return token
    }

    /// ``readNumber()`` over the buffer's pointer: the token and the position after it
    /// (`start` when the bytes are not a number).
    ///
    /// Nearly every number in a file is an optional sign, at most 18 digits and perhaps a
    /// fraction, ended by a byte that cannot go on a number: those are read by a loop of a
    /// few instructions a digit, with no overflow checks (18 digits fit in 63 bits) and the
    /// fraction summed exactly as ``scanAnyNumber(_:from:end:)`` sums it, so that both give
    /// the same value. Anything else (a second sign or dot, an exponent, more digits, no
    /// digit at all) is read again by ``scanAnyNumber(_:from:end:)``.
    static func scanNumber(_ b: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> (Token?, Int) {
        guard start < end, end <= b.count, let base = b.baseAddress else { return (nil, start) }
        var p = start
        var negative = false
        let first = base[p]
        if first == 0x2D {
            negative = true
            p &+= 1
        } else if first == 0x2B {
            p &+= 1
        }
        let digitsStart = p
        var value: UInt64 = 0
        while p < end {
            let d = base[p] &- 0x30
            guard d < 10 else { break }
            value = value &* 10 &+ UInt64(d)
            p &+= 1
        }
        let integerDigits = p &- digitsStart
        /// Whether the byte at `q` would make the general scanner read on (or a number of
        /// its own form): then the fast path gives way.
        @inline(__always) func goesOn(_ q: Int) -> Bool {
            guard q < end else { return false }
            let c = base[q]
            return c == 0x2E || c == 0x2D || c == 0x65 || c == 0x45
        }
        if integerDigits <= 18 {
            if p < end, base[p] == 0x2E {
                p &+= 1
                var fraction: Double = 0
                var scale: Double = 1
                let fractionStart = p
                while p < end {
                    let d = base[p] &- 0x30
                    guard d < 10 else { break }
                    if scale < 1e300 {
                        scale *= 10
                        fraction += Double(d) / scale
                    }
                    p &+= 1
                }
                if integerDigits + (p &- fractionStart) > 0, !goesOn(p) {
                    var v = Double(Int64(value)) + fraction
                    if negative { v = -v }
                    return (.real(v), p)
                }
            } else if integerDigits > 0, !goesOn(p) {
                let i = Int64(value)
                return (.integer(negative ? -i : i), p)
            }
        }
        return scanAnyNumber(b, from: start, end: end)
    }

    /// Every number form ``readNumber()`` accepts (see there).
    static func scanAnyNumber(_ b: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> (Token?, Int) {
        guard start < end, end <= b.count else { return (nil, start) }
        var p = start
        var negative = false
        if b[p] == 0x2D {
            negative = true
            p += 1
            if p < end, b[p] == 0x2D { p += 1 }  // double minus
        } else if b[p] == 0x2B {
            p += 1
        }
        var intPart: Int64 = 0
        var overflow = false
        var fraction: Double = 0
        var scale: Double = 1
        var sawDot = false
        var sawDigit = false
        var real: Double = 0
        while p < end {
            let c = b[p]
            if CharacterClass.isDigit(c) {
                sawDigit = true
                let d = Int64(c - 0x30)
                if sawDot {
                    if scale < 1e300 {
                        scale *= 10
                        fraction += Double(d) / scale
                    }
                } else if !overflow {
                    let (m, o1) = intPart.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.addingReportingOverflow(d)
                    if o1 || o2 {
                        overflow = true
                        real = Double(intPart) * 10 + Double(d)
                    } else {
                        intPart = s
                    }
                } else {
                    real = real * 10 + Double(d)
                }
                p += 1
            } else if c == 0x2E {
                if sawDot { break }
                sawDot = true
                p += 1
            } else if c == 0x2D {
                p += 1  // minus in the middle: ignored
            } else if (c == 0x65 || c == 0x45), sawDigit, p + 1 < end,
                      CharacterClass.isDigit(b[p + 1]) || ((b[p + 1] == 0x2D || b[p + 1] == 0x2B) && p + 2 < end && CharacterClass.isDigit(b[p + 2])) {
                // Exponent: only when a digit (after an optional sign) follows.
                p += 1
                var expNegative = false
                if b[p] == 0x2D { expNegative = true; p += 1 } else if b[p] == 0x2B { p += 1 }
                var exp = 0
                while p < end, CharacterClass.isDigit(b[p]) {
                    if exp < 10000 { exp = exp * 10 + Int(b[p] - 0x30) }
                    p += 1
                }
                let base = (overflow ? real : Double(intPart)) + fraction
                var v = base * pow10(expNegative ? -exp : exp)
                if negative { v = -v }
                return (.real(v.isFinite ? v : 0), p)
            } else {
                break
            }
        }
        guard sawDigit else {
            // "-", ".", "+" alone: read as 0 like widely used readers, unless a regular
            // character follows (then it is a keyword such as an operator).
            if p < end, CharacterClass.isRegular(b[p]) { return (nil, start) }
            return (.integer(0), p)
        }
        if sawDot || overflow {
            var v = (overflow ? real : Double(intPart)) + fraction
            if negative { v = -v }
            return (.real(v), p)
        }
        return (.integer(negative ? -intPart : intPart), p)
    }
}

@inline(__always) func pow10(_ e: Int) -> Double {
    var r = 1.0
    var n = abs(e)
    var b = 10.0
    while n > 0 {
        if n & 1 == 1 { r *= b }
        b *= b
        n >>= 1
    }
    return e < 0 ? 1 / r : r
}

extension Lexer {
    /// The low 32 bits (two's complement) of the integer written at `position`: an optional
    /// sign, then digits, however many. Nil when no digit is there, or when a fraction, an
    /// exponent or another regular character follows (the token is not an integer). An
    /// integer too large for `Int64` is parsed as a real, which loses its low bits; this
    /// reads them from the digits, for a value that matters modulo 2^32 (the permissions /P
    /// of an encryption dictionary, ISO 32000-2 Table 21).
    package static func integerLow32Bits(_ bytes: [UInt8], at position: Int) -> UInt32? {
        var p = position
        guard p >= 0, p < bytes.count else { return nil }
        var negative = false
        if bytes[p] == 0x2D {
            negative = true
            p += 1
        } else if bytes[p] == 0x2B {
            p += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while p < bytes.count, CharacterClass.isDigit(bytes[p]) {
            value = value &* 10 &+ UInt32(bytes[p] - 0x30)
            digits += 1
            p += 1
        }
        guard digits > 0 else { return nil }
        if p < bytes.count, CharacterClass.isRegular(bytes[p]) { return nil }
        return negative ? 0 &- value : value
    }
}
