/// What the first bytes of an embedded font program say it is, read without FreeType: the
/// signatures PDF readers go by when a font dictionary's declared type and its program
/// disagree (a `/FontFile3 /Type1C` that holds an OpenType font, a `/FontFile2` that holds
/// bare CFF).
///
/// Only headers and table directories are read, each offset checked against the data, so
/// any bytes give an answer (`.unknown` when nothing fits).
package enum ProgramSignature: Sendable, Hashable {
    /// A Type 1 program in text form (`%!PS-AdobeFont-1`, `%!FontType1`).
    case type1Text
    /// A Type 1 program in segments (PFB: 0x80 0x01, a length, then the text form's header).
    case type1Segmented
    /// A TrueType font (sfnt version 1.0 or `true`).
    case trueType
    /// A TrueType collection (`ttcf`).
    case trueTypeCollection
    /// A bare CFF font with name-keyed glyphs.
    case cff
    /// A bare CFF font whose Top DICT starts with ROS: CID-keyed.
    case cffCID
    /// An OpenType font (`OTTO`) whose `CFF ` table is name-keyed.
    case openTypeCFF
    /// An OpenType font whose `CFF ` table is CID-keyed.
    case openTypeCFFCID
    case unknown

    /// Reads the signature of `data`.
    package init(_ data: [UInt8]) {
        self = data.withUnsafeBufferPointer { Self.identify($0) }
    }

    static func identify(_ b: UnsafeBufferPointer<UInt8>) -> ProgramSignature {
        if starts(b, at: 0, with: "%!PS-AdobeFont-1") || starts(b, at: 0, with: "%!FontType1") { return .type1Text }
        if b.count >= 6, b[0] == 0x80, b[1] == 0x01 {
            let length = UInt32(b[2]) | UInt32(b[3]) << 8 | UInt32(b[4]) << 16 | UInt32(b[5]) << 24
            if (length >= 16 && starts(b, at: 6, with: "%!PS-AdobeFont-1")) || (length >= 11 && starts(b, at: 6, with: "%!FontType1")) {
                return .type1Segmented
            }
        }
        if starts(b, at: 0, bytes: [0, 1, 0, 0]) || starts(b, at: 0, with: "true") { return .trueType }
        if starts(b, at: 0, with: "ttcf") { return .trueTypeCollection }
        if starts(b, at: 0, with: "OTTO") { return openType(b) }
        if starts(b, at: 0, bytes: [1, 0]) { return cff(b, start: 0) }
        // One stray byte before the CFF header (some producers write a newline first).
        if starts(b, at: 1, bytes: [1, 0]) { return cff(b, start: 1) }
        return .unknown
    }

    /// An OpenType font: the kind of its `CFF ` table, unknown when it has none.
    static func openType(_ b: UnsafeBufferPointer<UInt8>) -> ProgramSignature {
        guard let tables = u16(b, 4) else { return .unknown }
        for i in 0..<tables {
            let record = 12 + i * 16
            guard record + 16 <= b.count else { return .unknown }
            guard starts(b, at: record, with: "CFF ") else { continue }
            guard let offset = u32(b, record + 8), let start = Int(exactly: offset), start < b.count else { return .unknown }
            switch cff(b, start: start) {
            case .cff: return .openTypeCFF
            case .cffCID: return .openTypeCFFCID
            default: return .unknown
            }
        }
        return .unknown
    }

    /// A CFF font at `start`: CID-keyed when the first operator of its first Top DICT is ROS
    /// (12 30); name-keyed when the header and indexes read but it is not; unknown when
    /// the header or the indexes before the Top DICT do not read.
    static func cff(_ b: UnsafeBufferPointer<UInt8>, start: Int) -> ProgramSignature {
        guard start + 4 <= b.count, b[start] == 1, b[start + 1] == 0 else { return .unknown }
        let headerSize = Int(b[start + 2]), offSize = Int(b[start + 3])
        guard (1...4).contains(offSize) else { return .unknown }
        // The Name INDEX, skipped.
        guard let afterNames = indexEnd(b, at: start + headerSize) else { return .unknown }
        // The Top DICT INDEX: its first entry.
        guard let count = u16(b, afterNames), count >= 1, afterNames + 3 <= b.count else { return .unknown }
        let entrySize = Int(b[afterNames + 2])
        guard (1...4).contains(entrySize),
              let first = offset(b, afterNames + 3, size: entrySize),
              let second = offset(b, afterNames + 3 + entrySize, size: entrySize),
              first >= 1, first <= second else { return .unknown }
        let dataStart = afterNames + 3 + (count + 1) * entrySize - 1
        let dictStart = dataStart + first, dictEnd = min(dataStart + second, b.count)
        return firstOperatorIsROS(b, from: dictStart, to: dictEnd) ? .cffCID : .cff
    }

    /// The position after a CFF INDEX at `at`, nil when it does not read.
    static func indexEnd(_ b: UnsafeBufferPointer<UInt8>, at: Int) -> Int? {
        guard let count = u16(b, at) else { return nil }
        if count == 0 { return at + 2 }
        guard at + 3 <= b.count else { return nil }
        let size = Int(b[at + 2])
        guard (1...4).contains(size), let last = offset(b, at + 3 + count * size, size: size), last >= 1 else { return nil }
        let end = at + 3 + (count + 1) * size - 1 + last
        return end <= b.count ? end : nil
    }

    /// Whether the DICT data in `from..<to` starts with operands and then the ROS operator.
    static func firstOperatorIsROS(_ b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        var p = from
        while p < to {
            let b0 = b[p]
            switch b0 {
            case 28: p += 3
            case 29: p += 5
            case 30:
                // A real: nibbles until one is 0xF.
                p += 1
                while p < to, b[p] & 0x0F != 0x0F, b[p] >> 4 != 0x0F { p += 1 }
                p += 1
            case 32...246: p += 1
            case 247...254: p += 2
            case 12: return p + 1 < to && b[p + 1] == 30
            default: return false
            }
        }
        return false
    }

    static func starts(_ b: UnsafeBufferPointer<UInt8>, at: Int, with s: StaticString) -> Bool {
        s.withUTF8Buffer { starts(b, at: at, bytes: Array($0)) }
    }

    static func starts(_ b: UnsafeBufferPointer<UInt8>, at: Int, bytes: [UInt8]) -> Bool {
        guard at >= 0, at + bytes.count <= b.count else { return false }
        for (i, x) in bytes.enumerated() where b[at + i] != x { return false }
        return true
    }

    static func u16(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard at >= 0, at + 2 <= b.count else { return nil }
        return Int(b[at]) << 8 | Int(b[at + 1])
    }

    static func u32(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= b.count else { return nil }
        return UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    /// A big-endian offset of 1 to 4 bytes.
    static func offset(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, size: Int) -> Int? {
        guard at >= 0, at + size <= b.count else { return nil }
        var v = 0
        for i in 0..<size { v = v << 8 | Int(b[at + i]) }
        return v
    }
}
