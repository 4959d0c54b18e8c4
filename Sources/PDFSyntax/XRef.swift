import PDFCore

extension Diagnostic.Code {
    package static let xrefSubsectionShifted = Diagnostic.Code("xrefSubsectionShifted")
    package static let xrefEntryMalformed = Diagnostic.Code("xrefEntryMalformed")
    package static let xrefTruncated = Diagnostic.Code("xrefTruncated")
}

/// Where an object lives (ISO 32000-2 §7.5.4, §7.5.8.3).
package enum XRefEntry: Sendable, Hashable {
    case free
    case inFile(offset: Int, generation: Int)
    case compressed(streamNumber: Int, index: Int)
}

/// One cross-reference section: a classic table with its trailer, or an xref stream with
/// its dictionary (which serves as the trailer).
package struct XRefSection: Sendable {
    package enum Kind: Sendable { case table, stream }
    package var kind: Kind
    package var offset: Int
    package var entries: [Int: XRefEntry]
    package var trailer: PDFDictionary
    package init(kind: Kind, offset: Int, entries: [Int: XRefEntry], trailer: PDFDictionary) {
        self.kind = kind; self.offset = offset; self.entries = entries; self.trailer = trailer
    }
}

/// Reads a classic cross-reference table (`xref` … `trailer <<…>>`) at an offset.
package enum XRefTableReader {
    /// Returns nil when no `xref` keyword is at `offset` (after whitespace).
    /// Lenient about line endings (entries are read as tokens, not fixed 20-byte records),
    /// about a first subsection written as `1 N` whose first entry is object 0's free entry
    /// (shifted to start at 0), and about a table cut short (what was read is kept).
    package static func read(bytes: [UInt8], at offset: Int, limits: Limits, diagnostics: inout DiagnosticLog) throws(PDFError) -> XRefSection? {
        var lexer = Lexer(bytes: bytes, position: offset)
        guard case .keyword(.xref, _) = lexer.next() else { return nil }
        var entries: [Int: XRefEntry] = [:]
        var total = 0
        var highest = -1
        subsections: while true {
            let before = lexer.position
            let t = lexer.next()
            switch t {
            case .keyword(.trailer, _):
                break subsections
            case .integer(let first0):
                guard case .integer(let count) = lexer.next(), first0 >= 0, count >= 0, first0 <= Int64.max - count else {
                    diagnostics.append(.xrefEntryMalformed, .warning, "malformed xref subsection header", offset: before)
                    throw PDFError(.syntax, "malformed xref subsection header", offset: before)
                }
                var first = Int(clamping: first0)
                // Each entry takes at least 5 bytes ("0 0 n"); a count beyond that is a lie.
                let maxPossible = (bytes.count - lexer.position) / 5 + 1
                let n = Int(min(count, Int64(maxPossible)))
                total += n
                guard total <= limits.maxObjectCount else {
                    throw PDFError(.limitExceeded, "cross-reference table declares more than \(limits.maxObjectCount) objects", offset: before)
                }
                entries.reserveCapacity(entries.count + n)
                var i = 0
                while i < n {
                    let entryStart = lexer.position
                    let off: Int64, gen: Int64, kind: UInt8
                    // The whitespace the lexer would skip before the entry's first token.
                    lexer.skipWhitespaceAndComments()
                    let recordStart = lexer.position
                    if let record = strictRecord(bytes, at: recordStart) {
                        (off, gen, kind) = (record.offset, record.generation, record.kind)
                        lexer.position = recordStart + 18
                    } else {
                        guard case .integer(let o) = lexer.next(), case .integer(let g) = lexer.next(),
                              case .keyword(_, let r) = lexer.next(), r.count == 1
                        else {
                            lexer.position = entryStart
                            diagnostics.append(.xrefTruncated, .warning, "cross-reference subsection ends after \(i) of \(n) entries", offset: entryStart)
                            break
                        }
                        (off, gen, kind) = (o, g, bytes[r.lowerBound])
                    }
                    if i == 0, first == 1, kind == UInt8(ascii: "f"), off == 0, gen == 65535 {
                        first = 0
                        diagnostics.append(.xrefSubsectionShifted, .info, "xref subsection starts at 1 but holds object 0; read as starting at 0", offset: entryStart)
                    }
                    let number = first + i
                    // The first entry of a number counts. Numbers above every one stored so
                    // far (each subsection counts up; most tables are one) need no lookup.
                    let isNew = number > highest || entries[number] == nil
                    highest = max(highest, number)
                    if isNew {
                        if kind == UInt8(ascii: "n") {
                            entries[number] = off > 0 || number != 0 ? .inFile(offset: Int(clamping: off), generation: Int(clamping: gen)) : .free
                        } else {
                            entries[number] = .free
                        }
                    }
                    i += 1
                }
            default:
                lexer.position = before
                diagnostics.append(.xrefTruncated, .warning, "cross-reference table has no trailer keyword", offset: before)
                break subsections
            }
        }
        var trailer = PDFDictionary()
        var parser = Parser(bytes: bytes, position: lexer.position, limits: limits)
        if case .dictionary(let d)? = try? parser.parseObject() { trailer = d }
        return XRefSection(kind: .table, offset: offset, entries: entries, trailer: trailer)
    }

    /// An entry written as the specification has it (§7.5.4): ten digits, a space, five
    /// digits, a space, `n` or `f`, then whitespace (the record's two end-of-line bytes;
    /// the next token starts after any whitespace). Read directly, as the lexer would read
    /// its three tokens; nil for anything else, which the lexer then reads.
    @inline(__always)
    static func strictRecord(_ bytes: [UInt8], at p: Int) -> (offset: Int64, generation: Int64, kind: UInt8)? {
        guard p >= 0, p + 18 < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { b -> (offset: Int64, generation: Int64, kind: UInt8)? in
            /// The value of `count` decimal digits from `start`; nil at any other byte.
            func digits(_ start: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for k in start..<(start + count) {
                    let d = b[k] &- 0x30
                    guard d < 10 else { return nil }
                    value = value * 10 + Int64(d)
                }
                return value
            }
            guard let offset = digits(p, 10), b[p + 10] == 0x20, let generation = digits(p + 11, 5) else { return nil }
            let kind = b[p + 17]
            guard b[p + 16] == 0x20, kind == 0x6E || kind == 0x66, CharacterClass.isWhitespace(b[p + 18]) else { return nil }
            return (offset, generation, kind)
        }
    }
}

/// Reads the decoded data of a cross-reference stream (ISO 32000-2 §7.5.8).
package enum XRefStreamReader {
    /// - Parameters:
    ///   - widths: the `/W` array; a width of 0 gives the field's default (type 1, generation 0).
    ///   - index: the `/Index` array as pairs (first, count); defaults to `[0 Size]`.
    package static func entries(data: [UInt8], widths: [Int], index: [(Int, Int)], limits: Limits, diagnostics: inout DiagnosticLog) throws(PDFError) -> [Int: XRefEntry] {
        guard widths.count >= 3, widths.allSatisfy({ $0 >= 0 && $0 <= 8 }) else {
            throw PDFError(.syntax, "xref stream /W must hold three widths of 0 to 8 bytes")
        }
        let w0 = widths[0], w1 = widths[1], w2 = widths[2]
        let rowLength = w0 + w1 + w2
        guard rowLength > 0 else { throw PDFError(.syntax, "xref stream /W widths are all zero") }
        let rows = data.count / rowLength
        var entries: [Int: XRefEntry] = [:]
        entries.reserveCapacity(min(rows, limits.maxObjectCount))
        var row = 0
        @inline(__always) func field(_ start: Int, _ width: Int) -> Int {
            var v = 0
            for k in 0..<width { v = (v << 8) | Int(data[start + k]) }
            return v
        }
        outer: for (first, count) in index {
            guard first >= 0, count >= 0, first <= Int.max - count else { continue }
            for i in 0..<count {
                guard row < rows else {
                    diagnostics.append(.xrefTruncated, .warning, "xref stream data holds \(rows) entries, fewer than /Index declares")
                    break outer
                }
                guard entries.count < limits.maxObjectCount else {
                    throw PDFError(.limitExceeded, "xref stream declares more than \(limits.maxObjectCount) objects")
                }
                let base = row * rowLength
                row += 1
                let type = w0 == 0 ? 1 : field(base, w0)
                let f2 = field(base + w0, w1)
                let f3 = field(base + w0 + w1, w2)
                let number = first + i
                guard entries[number] == nil else { continue }
                switch type {
                case 0: entries[number] = .free
                case 1: entries[number] = .inFile(offset: f2, generation: f3)
                case 2: entries[number] = .compressed(streamNumber: f2, index: f3)
                default: break  // unknown types are references to null (§7.5.8.3)
                }
            }
        }
        return entries
    }
}

/// Reads the header of a decoded object stream (ISO 32000-2 §7.5.7): pairs of object
/// number and offset relative to `/First`.
package enum ObjectStreamReader {
    package static func header(data: [UInt8], count: Int, first: Int, limits: Limits) -> [(number: Int, offset: Int)] {
        var lexer = Lexer(bytes: data, position: 0, end: min(first, data.count))
        var out: [(Int, Int)] = []
        let n = min(max(0, count), limits.maxObjectCount, data.count / 2 + 1)
        out.reserveCapacity(n)
        for _ in 0..<n {
            guard case .integer(let num) = lexer.next(), case .integer(let off) = lexer.next(),
                  num >= 0, off >= 0 else { break }
            out.append((Int(clamping: num), Int(clamping: off)))
        }
        return out
    }
}
