import PDFCore
import PDFSyntax

/// What a ToUnicode mapping gives for the codes of its range.
enum UnicodeDestination: Sendable {
    /// The same text for every code (a `bfchar`, or a one-code range).
    case text([Unicode.Scalar])
    /// A `bfrange` start string in UTF-16BE: the code's offset in the range is added to the
    /// string read as one big-endian number (so the last byte increments and carries into
    /// the bytes before it, as real files expect).
    case incrementing([UInt8])
    /// A `bfrange` array: one text per code.
    case list([[Unicode.Scalar]?])
    /// `cidchar`/`cidrange` misused in a ToUnicode map: integers as code points.
    case codePoint(UInt32)
}

/// A /ToUnicode CMap: character codes (of 1–4 bytes) to Unicode text.
package struct ToUnicodeMap: Sendable {
    let map: CodeRangeMap<UnicodeDestination>
    let codespace: Codespace
    /// True when the program declared no codespace and one was inferred from its sources.
    package let isCodespaceInferred: Bool

    /// An empty map.
    package init() {
        map = CodeRangeMap()
        codespace = Codespace([CodespaceRange(low: [0], high: [0xFF])])
        isCodespaceInferred = true
    }

    init(map: CodeRangeMap<UnicodeDestination>, codespace: Codespace, isCodespaceInferred: Bool) {
        self.map = map
        self.codespace = codespace
        self.isCodespaceInferred = isCodespaceInferred
    }

    /// Parses a ToUnicode CMap: `bfchar`, `bfrange` with a start string or an array of
    /// strings, multi-character and UTF-16 surrogate-pair destinations, codespace ranges of
    /// mixed lengths, and the damaged forms real files carry. Nil when nothing is usable.
    ///
    /// Glyph-name destinations (`/space`) are resolved with ``GlyphList/resolve(_:)``; lone
    /// UTF-16 surrogates are dropped with a diagnostic. `usecmap` is not followed.
    package static func parse(_ bytes: [UInt8], diagnostics: inout DiagnosticLog) -> ToUnicodeMap? {
        let program = CMapProgram.parse(bytes, diagnostics: &diagnostics)
        if !program.useCMaps.isEmpty {
            diagnostics.append(.cmapUnknown, .info, "ToUnicode: usecmap \(program.useCMaps.joined(separator: " ")) not followed")
        }
        var pending = [[RangeEntry<UnicodeDestination>]](repeating: [], count: 4)
        var loneSurrogates = 0
        var unresolvedNames = 0
        func text(_ d: BFDestination?) -> [Unicode.Scalar]? {
            switch d {
            case .string(var s)?:
                if s.count % 2 == 1 { s.insert(0, at: 0) }  // `<41>`: one byte, the code point
                let r = decodeUTF16BE(s)
                if r.droppedSurrogates { loneSurrogates += 1 }
                return r.scalars
            case .name(let n)?:
                if let scalars = GlyphList.resolve(n.string)?.scalars { return scalars }
                unresolvedNames += 1
                return nil
            default:
                return nil
            }
        }
        for e in program.bfEntries {
            let dest: UnicodeDestination
            switch e.value {
            case .string(let s) where e.lo != e.hi:
                var units = s
                if units.count % 2 == 1 { units.insert(0, at: 0) }
                dest = .incrementing(units)
            case .string, .name:
                guard let t = text(e.value) else { continue }
                dest = .text(t)
            case .array(let items):
                dest = .list(items.map { text($0) })
            }
            pending[e.length - 1].append(RangeEntry(lo: e.lo, hi: e.hi, payload: dest))
        }
        for e in program.cidEntries {
            pending[e.length - 1].append(RangeEntry(lo: e.lo, hi: e.hi, payload: .codePoint(e.value)))
        }
        if loneSurrogates > 0 {
            diagnostics.append(.cmapDamaged, .warning, "ToUnicode: \(loneSurrogates) destinations with lone UTF-16 surrogates (dropped)")
        }
        if unresolvedNames > 0 {
            diagnostics.append(.cmapDamaged, .info, "ToUnicode: \(unresolvedNames) glyph-name destinations not resolved")
        }
        let map = CodeRangeMap(pending: pending)
        guard !map.isEmpty else {
            diagnostics.append(.cmapDamaged, .warning, "ToUnicode: no usable mappings")
            return nil
        }
        var codespace = Codespace(program.codespace)
        let inferred = codespace.isEmpty
        if inferred { codespace = Codespace.inferred(from: [map]) }
        return ToUnicodeMap(map: map, codespace: codespace, isCodespaceInferred: inferred)
    }

    /// The text for a code (nil when unmapped). `length` is the code's length in bytes.
    /// When the code is not mapped at that length, the same number is looked up among
    /// codes of the other lengths (files mix one- and two-byte sources). An empty array
    /// means the code is mapped to no text (`<>`).
    package func unicode(for code: UInt32, length: Int) -> [Unicode.Scalar]? {
        if let e = map.find(code, length: length) { return Self.text(e, code) }
        for k in 1...4 where k != length && (k == 4 || code < UInt32(1) << UInt32(8 * k)) {
            if let e = map.find(code, length: k) { return Self.text(e, code) }
        }
        return nil
    }

    static func text(_ e: RangeEntry<UnicodeDestination>, _ code: UInt32) -> [Unicode.Scalar]? {
        let offset = code &- e.lo
        switch e.payload {
        case .text(let t):
            return t
        case .list(let items):
            return Int(offset) < items.count ? items[Int(offset)] : nil
        case .codePoint(let start):
            let (v, overflow) = start.addingReportingOverflow(offset)
            guard !overflow, let s = Unicode.Scalar(v) else { return nil }
            return [s]
        case .incrementing(let units):
            var bytes = units
            var carry = UInt64(offset)
            var i = bytes.count - 1
            while carry > 0, i >= 0 {
                let sum = UInt64(bytes[i]) + (carry & 0xFF)
                bytes[i] = UInt8(truncatingIfNeeded: sum)
                carry = (carry >> 8) + (sum >> 8)
                i -= 1
            }
            return decodeUTF16BE(bytes).scalars
        }
    }

    /// Whether the map maps anything.
    package var isEmpty: Bool { map.isEmpty }

    /// The codespace ranges (declared, or inferred from the source codes when the map
    /// declares none: see ``isCodespaceInferred``).
    package var codespaceRanges: [CodespaceRange] { codespace.ranges }

    /// The byte lengths of the mapped source codes.
    package var mappedCodeLengths: [Int] {
        let m = map.lengthMask
        return (0..<4).filter { m & (1 << UInt8($0)) != 0 }.map { $0 + 1 }
    }

    /// Reads the code at `bytes[index]` by the map's codespace (for a Type 0 font whose
    /// encoding CMap is missing). At least one byte is consumed.
    package func nextCode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (code: UInt32, length: Int) {
        let c = codespace.next(bytes, at: index)
        return (c.code, c.length)
    }

    /// ``nextCode(_:at:)`` with whether the code lies in the codespace.
    package func readCode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> CharacterCode {
        codespace.next(bytes, at: index)
    }
}

/// UTF-16BE to scalars: surrogate pairs joined, lone surrogates dropped (reported), an odd
/// trailing byte ignored (callers pad odd lengths on the left first).
func decodeUTF16BE(_ bytes: [UInt8]) -> (scalars: [Unicode.Scalar], droppedSurrogates: Bool) {
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(bytes.count / 2)
    var dropped = false
    var i = 0
    while i + 1 < bytes.count {
        let u = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
        i += 2
        if u >= 0xD800, u <= 0xDBFF {
            if i + 1 < bytes.count {
                let l = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
                if l >= 0xDC00, l <= 0xDFFF {
                    i += 2
                    if let s = Unicode.Scalar(0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00)) { out.append(s) }
                    continue
                }
            }
            dropped = true
        } else if u >= 0xDC00, u <= 0xDFFF {
            dropped = true
        } else if let s = Unicode.Scalar(u) {
            out.append(s)
        }
    }
    return (out, dropped)
}
