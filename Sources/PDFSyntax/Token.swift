/// Keywords the parsers act on; everything else is `.other` with its bytes in the token range.
package enum Keyword: UInt8, Sendable {
    case `true`, `false`, null, obj, endobj, stream, endstream, R, xref, trailer, startxref, other

    /// The keyword the bytes spell (`.other` for any other word). Over the file buffer's
    /// pointer: a slice of the array would take a reference to it and give it back, for
    /// each keyword of a file.
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Keyword {
        switch bytes.count {
        case 1: return bytes.first == UInt8(ascii: "R") ? .R : .other
        case 3:
            if equal(bytes, "obj") { return .obj }
            return .other
        case 4:
            if equal(bytes, "true") { return .true }
            if equal(bytes, "null") { return .null }
            if equal(bytes, "xref") { return .xref }
            return .other
        case 5: return equal(bytes, "false") ? .false : .other
        case 6:
            if equal(bytes, "endobj") { return .endobj }
            if equal(bytes, "stream") { return .stream }
            return .other
        case 7: return equal(bytes, "trailer") ? .trailer : .other
        case 9:
            if equal(bytes, "endstream") { return .endstream }
            if equal(bytes, "startxref") { return .startxref }
            return .other
        default: return .other
        }
    }

    @inline(__always) static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        guard bytes.count == s.utf8CodeUnitCount else { return false }
        let p = s.utf8Start
        var k = 0
        for b in bytes {
            if b != p[k] { return false }
            k += 1
        }
        return true
    }
}

/// A lexical token. Keywords carry their byte range so callers can read unknown ones.
package enum Token: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case name(Name)
    case string(PDFString)
    case keyword(Keyword, Range<Int>)
    case arrayOpen, arrayClose, dictOpen, dictClose
    case braceOpen, braceClose
    case eof
}
