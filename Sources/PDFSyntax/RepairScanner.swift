import PDFCore

/// Rebuilds cross-reference information by scanning the whole file for `N G obj` headers
/// and `trailer` dictionaries, as a reader must when `startxref` or the table is missing,
/// wrong or truncated. Later definitions of an object win (incremental updates append).
/// Stream data is skipped, so object headers inside streams are not mistaken for objects.
package struct RepairScanner {
    package struct ScannedObject: Sendable, Hashable {
        package var offset: Int
        package var generation: Int
        /// The dictionary's `/Type`, when the object is a dictionary or stream that has one.
        package var type: Name?
        /// An untyped dictionary with document-information keys (`/Producer`, `/Creator`,
        /// `/CreationDate`, `/ModDate`, `/Title` with `/Author`): a candidate for the
        /// trailer's `/Info` when no trailer survives.
        package var looksLikeInfo: Bool = false
    }

    package struct Result: Sendable {
        /// Uncompressed objects by number; the latest definition in the file.
        package var objects: [Int: ScannedObject] = [:]
        /// Trailer dictionaries and xref-stream dictionaries, in file order.
        package var trailers: [PDFDictionary] = []
        /// Object streams found (`/Type /ObjStm`), as (number, offset) in file order.
        package var objectStreams: [(number: Int, offset: Int)] = []
        package var diagnostics = DiagnosticLog()
        package init() {}
    }

    /// A place the scan acts on: an object header or a `trailer` keyword.
    enum Landmark { case header, trailer }

    /// Two passes. The first finds every `N G obj` header and `trailer` keyword; the second
    /// parses each one only up to the next landmark, so an unclosed string or dictionary
    /// cannot make every object read to the end of the file (that would be quadratic). A
    /// stream is parsed again without that bound, for its data range, and landmarks inside
    /// its data are skipped when it ends in `endstream`.
    package static func scan(bytes: [UInt8], limits: Limits) throws(PDFError) -> Result {
        var result = Result()
        result.diagnostics = DiagnosticLog(capacity: limits.maxDiagnostics)
        let n = bytes.count
        let index = KeywordIndex(bytes: bytes)

        var landmarks: [(position: Int, kind: Landmark)] = []
        var p = 0
        while p + 3 <= n {
            let c = bytes[p]
            if c == UInt8(ascii: "o"), bytes[p + 1] == UInt8(ascii: "b"), bytes[p + 2] == UInt8(ascii: "j"),
               p + 3 == n || !CharacterClass.isRegular(bytes[p + 3]),
               let headerStart = headerStart(bytes, objKeywordAt: p) {
                landmarks.append((headerStart, .header))
                p += 3
            } else if c == UInt8(ascii: "t"), ByteSearch.matches(bytes, at: p, "trailer"),
                      p == 0 || !CharacterClass.isRegular(bytes[p - 1]) {
                landmarks.append((p, .trailer))
                p += 7
            } else {
                p += 1
            }
        }

        var skipUntil = 0
        for (i, landmark) in landmarks.enumerated() where landmark.position >= skipUntil {
            let bound = i + 1 < landmarks.count ? landmarks[i + 1].position : n
            switch landmark.kind {
            case .trailer:
                var parser = Parser(bytes: bytes, position: landmark.position + 7, end: bound, limits: limits)
                if case .dictionary(let d)? = try? parser.parseObject() { result.trailers.append(d) }
            case .header:
                var parser = Parser(bytes: bytes, position: landmark.position, end: bound, limits: limits)
                parser.keywordIndex = { index }
                guard var (id, object) = try? parser.parseIndirectObject() else { continue }
                if case .stream = object {
                    var full = Parser(bytes: bytes, position: landmark.position, limits: limits)
                    full.keywordIndex = { index }
                    if let parsed = try? full.parseIndirectObject() { (id, object) = parsed }
                }
                guard result.objects.count < limits.maxObjectCount else {
                    throw PDFError(.limitExceeded, "file holds more than \(limits.maxObjectCount) objects")
                }
                let type = object.dictionary?.type
                var looksLikeInfo = false
                if case .dictionary(let d) = object, type == nil {
                    looksLikeInfo = d["Producer"] != nil || d["Creator"] != nil || d["CreationDate"] != nil
                        || d["ModDate"] != nil || (d["Title"] != nil && d["Author"] != nil)
                }
                result.objects[id.number] = ScannedObject(offset: landmark.position, generation: id.generation, type: type, looksLikeInfo: looksLikeInfo)
                if type == "ObjStm" { result.objectStreams.append((id.number, landmark.position)) }
                if type == "XRef", let d = object.dictionary { result.trailers.append(d) }
                // Headers inside stream data are not objects; but a stream that does not end
                // in `endstream` has no trustworthy end, and its "data" may hold real objects.
                if case .stream(let s) = object, endsWithKeyword(bytes, at: s.dataRange.upperBound) {
                    skipUntil = s.dataRange.upperBound
                }
            }
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
