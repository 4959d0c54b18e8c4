import PDFCore

/// Rebuilds cross-reference information by scanning the whole file for `N G obj` headers
/// and `trailer` dictionaries, as a reader must when `startxref` or the table is missing,
/// wrong or truncated. Later definitions of an object win (incremental updates append).
/// Stream data is skipped, so object headers inside streams are not mistaken for objects.
public struct RepairScanner {
    public struct ScannedObject: Sendable, Hashable {
        public var offset: Int
        public var generation: Int
        /// The dictionary's `/Type`, when the object is a dictionary or stream that has one.
        public var type: Name?
        /// An untyped dictionary with document-information keys (`/Producer`, `/Creator`,
        /// `/CreationDate`, `/ModDate`, `/Title` with `/Author`): a candidate for the
        /// trailer's `/Info` when no trailer survives.
        public var looksLikeInfo: Bool = false
    }

    public struct Result: Sendable {
        /// Uncompressed objects by number; the latest definition in the file.
        public var objects: [Int: ScannedObject] = [:]
        /// Trailer dictionaries and xref-stream dictionaries, in file order.
        public var trailers: [PDFDictionary] = []
        /// Object streams found (`/Type /ObjStm`), as (number, offset) in file order.
        public var objectStreams: [(number: Int, offset: Int)] = []
        public var diagnostics = DiagnosticLog()
        public init() {}
    }

    public static func scan(bytes: [UInt8], limits: Limits) throws(PDFError) -> Result {
        var result = Result()
        result.diagnostics = DiagnosticLog(capacity: limits.maxDiagnostics)
        let n = bytes.count
        let index = KeywordIndex(bytes: bytes)
        var p = 0
        while p + 3 <= n {
            let c = bytes[p]
            if c == UInt8(ascii: "o"), bytes[p + 1] == UInt8(ascii: "b"), bytes[p + 2] == UInt8(ascii: "j"),
               p + 3 == n || !CharacterClass.isRegular(bytes[p + 3]),
               let headerStart = headerStart(bytes, objKeywordAt: p) {
                var parser = Parser(bytes: bytes, position: headerStart, limits: limits)
                parser.keywordIndex = { index }
                if let (id, object) = try? parser.parseIndirectObject() {
                    guard result.objects.count < limits.maxObjectCount else {
                        throw PDFError(.limitExceeded, "file holds more than \(limits.maxObjectCount) objects")
                    }
                    let type = object.dictionary?.type
                    var looksLikeInfo = false
                    if case .dictionary(let d) = object, type == nil {
                        looksLikeInfo = d["Producer"] != nil || d["Creator"] != nil || d["CreationDate"] != nil
                            || d["ModDate"] != nil || (d["Title"] != nil && d["Author"] != nil)
                    }
                    result.objects[id.number] = ScannedObject(offset: headerStart, generation: id.generation, type: type, looksLikeInfo: looksLikeInfo)
                    if type == "ObjStm" { result.objectStreams.append((id.number, headerStart)) }
                    if type == "XRef", let d = object.dictionary { result.trailers.append(d) }
                    // Continue after a stream's data (object headers inside it are not
                    // objects); otherwise right after `obj`: a damaged object (an unclosed
                    // string) may have swallowed the objects that follow.
                    // A stream that does not end in `endstream` has no trustworthy end: its
                    // "data" may hold the objects that follow.
                    if case .stream(let s) = object, endsWithKeyword(bytes, at: s.dataRange.upperBound) {
                        p = max(p + 3, s.dataRange.upperBound)
                    } else {
                        p += 3
                    }
                    continue
                }
                p += 3
                continue
            }
            if c == UInt8(ascii: "t"), ByteSearch.matches(bytes, at: p, "trailer"),
               p == 0 || !CharacterClass.isRegular(bytes[p - 1]) {
                var parser = Parser(bytes: bytes, position: p + 7, limits: limits)
                if case .dictionary(let d)? = try? parser.parseObject() {
                    result.trailers.append(d)
                    p = max(p + 7, parser.position)
                    continue
                }
                p += 7
                continue
            }
            p += 1
        }
        return result
    }

    /// Whether `endstream` follows `p` after optional whitespace.
    static func endsWithKeyword(_ bytes: [UInt8], at p0: Int) -> Bool {
        var p = p0
        while p < bytes.count, CharacterClass.isWhitespace(bytes[p]) { p += 1 }
        return ByteSearch.matches(bytes, at: p, "endstream")
    }

    /// For an `obj` keyword at `p`, the offset of its `N G` header, or nil when the bytes
    /// before it are not `digits whitespace digits whitespace`.
    static func headerStart(_ bytes: [UInt8], objKeywordAt p: Int) -> Int? {
        var q = p - 1
        // whitespace (at least one) between generation and obj; some writers omit it.
        while q >= 0, CharacterClass.isWhitespace(bytes[q]) { q -= 1 }
        let genEnd = q
        while q >= 0, CharacterClass.isDigit(bytes[q]) { q -= 1 }
        guard q < genEnd, genEnd - q <= 10 else { return nil }
        let wsEnd = q
        while q >= 0, CharacterClass.isWhitespace(bytes[q]) { q -= 1 }
        guard q < wsEnd else { return nil }
        let numEnd = q
        while q >= 0, CharacterClass.isDigit(bytes[q]) { q -= 1 }
        guard q < numEnd, numEnd - q <= 10 else { return nil }
        // A regular character before the number means it is part of another token, except
        // for `endobj`/`endstream` glued to the next header, which damaged files show.
        if q >= 0, CharacterClass.isRegular(bytes[q]) {
            if !(ByteSearch.matches(bytes, at: q - 5, "endobj") || ByteSearch.matches(bytes, at: q - 8, "endstream")) {
                return nil
            }
        }
        return q + 1
    }
}
