/// A request's target (path and query) read byte by byte, and refused when it is anything
/// but plain: the server's URLs never carry file paths, so nothing in them needs `..`,
/// percent-encoding, a backslash, an empty segment or a control character.
package struct RequestTarget: Sendable, Equatable {
    /// The path's segments (`/api/doc/ab12/page/3` → `["api", "doc", "ab12", "page", "3"]`).
    package var segments: [String]
    /// The query's parameters, decoded (`%XX` and `+`), in order; a name given twice keeps
    /// its first value.
    package var query: [String: String]

    /// The longest request target taken (path and query, in bytes).
    package static let maxBytes = 8192
    /// The most path segments and query parameters taken.
    package static let maxSegments = 16
    package static let maxParameters = 16

    /// Why a target is refused.
    package enum Refusal: Error, Equatable, Sendable {
        /// Longer than ``RequestTarget/maxBytes``.
        case tooLong
        /// Not a plain path or query.
        case malformed(String)
    }

    /// Reads a raw request target (`/path?query`, as the request line gives it).
    package static func parse(_ raw: String) throws(Refusal) -> RequestTarget {
        let bytes = Array(raw.utf8.prefix(maxBytes + 1))
        guard bytes.count <= maxBytes else { throw .tooLong }
        let queryStart = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
        let path = bytes[..<queryStart]
        guard path.first == UInt8(ascii: "/") else { throw .malformed("the path must start with /") }
        var segments: [String] = []
        if path.count > 1 {
            for part in path.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                guard !part.isEmpty else { throw .malformed("empty path segment") }
                guard part.allSatisfy(isPlainPathByte) else { throw .malformed("unexpected character in the path") }
                guard part.contains(where: { $0 != UInt8(ascii: ".") }) else { throw .malformed("dot segment in the path") }
                segments.append(String(decoding: part, as: UTF8.self))
            }
        }
        guard segments.count <= maxSegments else { throw .malformed("too many path segments") }
        var query: [String: String] = [:]
        if queryStart < bytes.count {
            let text = bytes[(queryStart + 1)...]
            let pairs = text.split(separator: UInt8(ascii: "&"))
            guard pairs.count <= maxParameters else { throw .malformed("too many query parameters") }
            for pair in pairs {
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
                guard let name = decode(pair[pair.startIndex..<equals]),
                      let value = decode(equals < pair.endIndex ? pair[(equals + 1)...] : [][...])
                else { throw .malformed("bad percent-encoding in the query") }
                if query[name] == nil { query[name] = value }
            }
        }
        return RequestTarget(segments: segments, query: query)
    }

    /// Letters, digits and `-._~` (RFC 3986's unreserved characters), and `!$'()*+,;=:@`.
    /// No `%`: a path that needs encoding names nothing the server has.
    static func isPlainPathByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$'()*+,;=:@".utf8.contains(b)
        }
    }

    /// A query component decoded (`+` is a space, `%XX` a byte), as UTF-8; nil when an
    /// escape is broken, the bytes are not UTF-8, or a control character (NUL among them)
    /// is in it.
    static func decode(_ part: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(part.count)
        var k = part.startIndex
        while k < part.endIndex {
            let b = part[k]
            if b == UInt8(ascii: "%") {
                guard k + 2 < part.endIndex,
                      let hi = hexValue(part[k + 1]), let lo = hexValue(part[k + 2]) else { return nil }
                out.append(hi << 4 | lo)
                k += 3
            } else {
                out.append(b == UInt8(ascii: "+") ? 0x20 : b)
                k += 1
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { return nil }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        return text
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
