import PDFCore

extension Diagnostic.Code {
    package static let streamLengthWrong = Diagnostic.Code("streamLengthWrong")
    package static let syntaxRecovered = Diagnostic.Code("syntaxRecovered")
    package static let nestingTooDeep = Diagnostic.Code("nestingTooDeep")
}

/// Parses objects from tokens (ISO 32000-2 §7.3). Lenient where real files are wrong:
/// unclosed arrays and dictionaries end at the keyword that ends the object, stray tokens
/// inside containers are skipped, a dictionary key without a value is dropped.
package struct Parser: Sendable {
    package var lexer: Lexer
    package let limits: Limits
    package var diagnostics = DiagnosticLog()
    /// Where `endstream`/`endobj` keywords are, for streams whose `/Length` is wrong. Given
    /// by callers that parse many objects of one file; without it the parser searches.
    package var keywordIndex: (@Sendable () -> KeywordIndex)?
    /// The items of the arrays being read, innermost last: each array is gathered here and
    /// copied out once, at its exact size, instead of growing its own storage by doubling.
    var itemScratch: [PDFObject] = []
    /// The same for dictionaries' entries, so that each dictionary's table is allocated
    /// once at its final size instead of being rehashed as it grows.
    var entryScratch: [DictionaryEntry] = []

    package init(bytes: [UInt8], position: Int = 0, end: Int? = nil, limits: Limits = .default) {
        self.lexer = Lexer(bytes: bytes, position: position, end: end)
        self.limits = limits
        self.diagnostics = DiagnosticLog(capacity: limits.maxDiagnostics)
    }

    package var position: Int {
        get { lexer.position }
        set { lexer.position = newValue }
    }

    /// Parses one object at the current position. References stay `.reference`.
    package mutating func parseObject() throws(PDFError) -> PDFObject {
        let start = lexer.position
        let token = lexer.next()
        if let object = try parseObject(startingWith: token, depth: 0) { return object }
        throw PDFError(.syntax, "expected an object", offset: start)
    }

    /// Returns nil for a token that cannot start an object (after consuming it).
    mutating func parseObject(startingWith token: Token, depth: Int) throws(PDFError) -> PDFObject? {
        switch token {
        case .integer(let i):
            // N G R ?
            if i >= 0 {
                // Look ahead by position (copying the lexer would retain its buffer), and
                // only when a digit follows, so `[1 (text)]` does not read the string twice.
                let saved = lexer.position
                lexer.skipWhitespaceAndComments()
                if let c = lexer.peekByte(), CharacterClass.isDigit(c),
                   case .integer(let g) = lexer.next(), g >= 0, g <= 65535,
                   case .keyword(.R, _) = lexer.next() {
                    return .reference(ObjectID(Int(clamping: i), Int(g)))
                }
                lexer.position = saved
            }
            return .integer(i)
        case .real, .name, .string, .keyword(.true, _), .keyword(.false, _), .keyword(.null, _):
            return token.scalarObject
        case .arrayOpen:
            guard depth < limits.maxNestingDepth else { throw nestingError() }
            return .array(try parseArrayBody(depth: depth + 1))
        case .dictOpen:
            guard depth < limits.maxNestingDepth else { throw nestingError() }
            return .dictionary(try parseDictionaryBody(depth: depth + 1))
        default:
            return nil
        }
    }

    func nestingError() -> PDFError {
        PDFError(.limitExceeded, "arrays and dictionaries nested deeper than \(limits.maxNestingDepth)", offset: lexer.position)
    }

    /// True for keywords that end the enclosing object: a container left open ends there.
    @inline(__always) static func endsObject(_ k: Keyword) -> Bool {
        switch k {
        case .endobj, .stream, .endstream, .obj, .xref, .trailer, .startxref: return true
        default: return false
        }
    }

    /// The elements of a scratch stack from `base` in an array of their own. `Array(slice)`
    /// would share the stack's buffer when the slice is all of it, and the removal that
    /// follows would then copy the whole stack.
    @inlinable package static func detached<T>(_ slice: ArraySlice<T>) -> [T] {
        if slice.isEmpty { return [] }
        return [T](unsafeUninitializedCapacity: slice.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: slice)
            count = slice.count
        }
    }

    mutating func parseArrayBody(depth: Int) throws(PDFError) -> [PDFObject] {
        // A parser made for one object (most of them) grows its stack once, not by doubling.
        if itemScratch.capacity == 0 { itemScratch.reserveCapacity(16) }
        let base = itemScratch.count
        defer { itemScratch.removeSubrange(base...) }
        while true {
            let before = lexer.position
            let token = lexer.next()
            switch token {
            case .arrayClose: return Parser.detached(itemScratch[base...])
            case .eof:
                diagnostics.append(.syntaxRecovered, .warning, "array not closed before end of data", offset: before)
                return Parser.detached(itemScratch[base...])
            case .keyword(let k, _) where Parser.endsObject(k):
                lexer.position = before
                diagnostics.append(.syntaxRecovered, .warning, "array not closed", offset: before)
                return Parser.detached(itemScratch[base...])
            case .dictClose:
                lexer.position = before
                diagnostics.append(.syntaxRecovered, .warning, "array not closed", offset: before)
                return Parser.detached(itemScratch[base...])
            default:
                if let o = try parseObject(startingWith: token, depth: depth) { itemScratch.append(o) }
            }
        }
    }

    mutating func parseDictionaryBody(depth: Int) throws(PDFError) -> PDFDictionary {
        let base = entryScratch.count
        defer { entryScratch.removeSubrange(base...) }
        try gatherDictionaryEntries(depth: depth)
        return dictionary(from: base)
    }

    /// Reads a dictionary's entries after its `<<` onto ``entryScratch``, in file order
    /// (`null` values left out), up to its `>>` or where it was left open.
    mutating func gatherDictionaryEntries(depth: Int) throws(PDFError) {
        if entryScratch.capacity == 0 { entryScratch.reserveCapacity(16) }
        while true {
            let before = lexer.position
            let token = lexer.next()
            switch token {
            case .dictClose:
                return
            case .eof:
                diagnostics.append(.syntaxRecovered, .warning, "dictionary not closed before end of data", offset: before)
                return
            case .keyword(let k, _) where Parser.endsObject(k):
                lexer.position = before
                diagnostics.append(.syntaxRecovered, .warning, "dictionary not closed", offset: before)
                return
            case .arrayClose:
                lexer.position = before
                diagnostics.append(.syntaxRecovered, .warning, "dictionary not closed", offset: before)
                return
            case .name(let key):
                let valueStart = lexer.position
                let valueToken = lexer.next()
                switch valueToken {
                case .dictClose:
                    return  // key without value
                case .keyword(let k, _) where Parser.endsObject(k):
                    lexer.position = valueStart
                    return
                default:
                    if let value = try parseObject(startingWith: valueToken, depth: depth) {
                        // `null` values are as if the key were absent (§7.3.7).
                        if !value.isNull { entryScratch.append(DictionaryEntry(key: key, value: value)) }
                    }
                }
            default:
                continue  // stray token where a key belongs
            }
        }
    }

    /// The entries gathered since `base` as a dictionary, allocated once at its size; a
    /// later duplicate key replaces an earlier one.
    func dictionary(from base: Int) -> PDFDictionary { PDFDictionary(written: entryScratch[base...]) }

    /// For a reader that looks up a few keys in each of many small dictionaries read once
    /// (the structure tree): parses `N G obj << … >>` at the current position and returns the
    /// dictionary's entries in file order, without building its hash table. Nil, with the
    /// position unspecified, for anything else or anything that needs recovery: a stream, an
    /// object that is not a dictionary, damage (a diagnostic); the caller then reads the
    /// object with ``parseIndirectObject(resolveLength:)``. Where it returns entries, that
    /// would give the dictionary of exactly these entries (a later duplicate key replacing an
    /// earlier one; `null` values left out).
    package mutating func parseIndirectDictionaryEntries() -> (ObjectID, [DictionaryEntry])? {
        guard case .integer(let num) = lexer.next(), num >= 0,
              case .integer(let gen) = lexer.next(), gen >= 0,
              case .keyword(.obj, _) = lexer.next(),
              case .dictOpen = lexer.next(), limits.maxNestingDepth > 0 else { return nil }
        let reported = diagnostics.count
        let base = entryScratch.count
        defer { entryScratch.removeSubrange(base...) }
        do { try gatherDictionaryEntries(depth: 1) } catch { return nil }
        guard diagnostics.count == reported else { return nil }
        if case .keyword(.stream, _) = lexer.next() { return nil }
        return (ObjectID(Int(clamping: num), Int(clamping: gen)), Parser.detached(entryScratch[base...]))
    }

    /// Parses `N G obj … endobj` at the current position. A stream's data range is found
    /// from `/Length` (direct, or through `resolveLength` for an indirect one); when that is
    /// missing or wrong, from the `endstream` keyword.
    package mutating func parseIndirectObject(
        resolveLength: (ObjectID) -> Int? = { _ in nil }
    ) throws(PDFError) -> (ObjectID, PDFObject) {
        let start = lexer.position
        guard case .integer(let num) = lexer.next(), num >= 0,
              case .integer(let gen) = lexer.next(), gen >= 0,
              case .keyword(.obj, _) = lexer.next()
        else { throw PDFError(.syntax, "expected an object header 'N G obj'", offset: start) }
        let id = ObjectID(Int(clamping: num), Int(clamping: gen))
        let bodyStart = lexer.position
        let token = lexer.next()
        var object: PDFObject
        if case .keyword(.endobj, _) = token {
            return (id, .null)
        }
        if let o = try parseObject(startingWith: token, depth: 0) {
            object = o
        } else {
            lexer.position = bodyStart
            throw PDFError(.syntax, "object \(id.number) \(id.generation) has no value", offset: bodyStart)
        }
        if case .dictionary(let dict) = object {
            let afterDictionary = lexer.position
            if case .keyword(.stream, _) = lexer.next() {
                let dataStart = Parser.streamDataStart(bytes: lexer.bytes, afterKeyword: lexer.position, end: lexer.end)
                var length: Int? = nil
                switch dict["Length"] {
                case .integer(let l)?: length = Int(clamping: l)
                case .real(let r)? where r.isFinite && r >= 0 && r < 1e15: length = Int(r)
                case .reference(let ref)?: length = resolveLength(ref)
                default: break
                }
                let range = findStreamData(dataStart: dataStart, declaredLength: length, id: id)
                object = .stream(PDFStream(dictionary: dict, dataRange: range, objectID: id))
                lexer.position = range.upperBound
                let beforeEnd = lexer.position
                if case .keyword(.endstream, _) = lexer.next() {} else { lexer.position = beforeEnd }
            } else {
                lexer.position = afterDictionary
            }
        }
        // Consume a trailing endobj if present; its absence is common and harmless.
        let beforeEndobj = lexer.position
        if case .keyword(.endobj, _) = lexer.next() {} else { lexer.position = beforeEndobj }
        return (id, object)
    }

    /// Where stream data starts after the `stream` keyword: after CR LF or LF (or a lone CR,
    /// or spaces before the end of line, which some writers emit).
    static func streamDataStart(bytes: [UInt8], afterKeyword p0: Int, end: Int) -> Int {
        var p = p0
        while p < end, bytes[p] == 0x20 || bytes[p] == 0x09 { p += 1 }
        if p < end, bytes[p] == 0x0D {
            p += 1
            if p < end, bytes[p] == 0x0A { p += 1 }
        } else if p < end, bytes[p] == 0x0A {
            p += 1
        } else {
            p = p0  // no end of line at all: data starts right after the keyword
        }
        return p
    }

    mutating func findStreamData(dataStart: Int, declaredLength: Int?, id: ObjectID) -> Range<Int> {
        let bytes = lexer.bytes
        let end = lexer.end
        if let length = declaredLength, length >= 0, dataStart <= end - length {
            // Accept the declared length when `endstream` follows (after optional whitespace).
            var p = dataStart + length
            while p < end, CharacterClass.isWhitespace(bytes[p]) { p += 1 }
            if ByteSearch.matches(bytes, at: p, "endstream") {
                return dataStart..<(dataStart + length)
            }
        }
        // Fall back to the `endstream` keyword.
        let index = keywordIndex?()
        let foundEndstream = index.map { $0.firstEndstream(from: dataStart, to: end - 8) } ?? ByteSearch.find(bytes, "endstream", from: dataStart, to: end)
        if let found = foundEndstream {
            var stop = found
            // The end-of-line before `endstream` is not data (§7.3.8.1).
            if stop > dataStart, bytes[stop - 1] == 0x0A { stop -= 1 }
            if stop > dataStart, bytes[stop - 1] == 0x0D { stop -= 1 }
            diagnostics.append(.streamLengthWrong, .warning,
                declaredLength == nil ? "stream /Length missing or unusable; found the data end by searching for endstream"
                                      : "stream /Length \(declaredLength!) is wrong; found the data end by searching for endstream",
                offset: dataStart, objectNumber: id.number, generation: id.generation)
            return dataStart..<stop
        }
        // No endstream at all: up to endobj or the end of data.
        let foundEndobj = index.map { $0.firstEndobj(from: dataStart, to: end - 5) } ?? ByteSearch.find(bytes, "endobj", from: dataStart, to: end)
        let stop = foundEndobj ?? end
        diagnostics.append(.streamLengthWrong, .warning, "stream has no endstream keyword",
            offset: dataStart, objectNumber: id.number, generation: id.generation)
        return dataStart..<max(dataStart, stop)
    }
}

/// Byte-string search over the file buffer.
package enum ByteSearch {
    @inline(__always) package static func matches(_ bytes: [UInt8], at p: Int, _ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard p >= 0, p + n <= bytes.count else { return false }
        let q = s.utf8Start
        for i in 0..<n where bytes[p + i] != q[i] { return false }
        return true
    }

    /// First occurrence of `s` in `bytes[from..<to]`.
    package static func find(_ bytes: [UInt8], _ s: StaticString, from: Int, to: Int) -> Int? {
        let n = s.utf8CodeUnitCount
        let q = s.utf8Start
        let first = q[0]
        let stop = min(to, bytes.count) - n
        guard from <= stop else { return nil }
        return bytes.withUnsafeBufferPointer { buf -> Int? in
            var p = max(0, from)
            while p <= stop {
                if buf[p] == first {
                    var ok = true
                    for i in 1..<n where buf[p + i] != q[i] { ok = false; break }
                    if ok { return p }
                }
                p += 1
            }
            return nil
        }
    }

    /// Last occurrence of `s` in `bytes[from..<to]`.
    package static func findLast(_ bytes: [UInt8], _ s: StaticString, from: Int, to: Int) -> Int? {
        let n = s.utf8CodeUnitCount
        let q = s.utf8Start
        var p = min(to, bytes.count) - n
        let lower = max(0, from)
        while p >= lower {
            var ok = true
            for i in 0..<n where bytes[p + i] != q[i] { ok = false; break }
            if ok { return p }
            p -= 1
        }
        return nil
    }
}
