// Glyph names → Unicode: the Adobe Glyph List and the AGL specification's rules, plus the
// numeric names some producers write. Tables: Generated/GlyphListData.swift and
// Generated/TeXGlyphListData.swift (TeX's glyph-name lists).

/// How a glyph name was resolved to Unicode.
package enum GlyphNameResolution: Sendable, Hashable {
    /// A name in the Adobe Glyph List (or the ZapfDingbats list).
    case standard([Unicode.Scalar])
    /// Derived from the name's form: `uniXXXX…`, `uXXXX[XX]`, ligatures `f_f_i`, suffixes `.sc`.
    case derived([Unicode.Scalar])

    package var scalars: [Unicode.Scalar] {
        switch self { case .standard(let s), .derived(let s): s }
    }
}

/// Producer-specific numeric glyph names that only the font program can resolve.
package enum NumericGlyphName: Sendable, Hashable {
    /// `g123`, `gid123`, `glyph123`, `index123`: a glyph id.
    case glyphID(Int)
    /// `cid123`: a CID.
    case cid(Int)
    /// `a123`, `c123`, `char123`, `#123`, and the hexadecimal `G3A` / `c3A`: a character code.
    case code(Int)
}

extension Unicode.Scalar {
    /// In the Basic Multilingual Plane's private use area (U+E000–F8FF).
    var isPrivateUse: Bool { value >= 0xE000 && value <= 0xF8FF }
}

package enum GlyphList {
    /// Names longer than this are not resolved (Type 1 limits names to 127 bytes; hostile
    /// files can write megabytes).
    package static let maximumNameLength = 1024

    /// The Adobe Glyph List entry for `name`, exactly; for the ZapfDingbats font
    /// (`zapfDingbats: true`) its own list (`a1`…`a191`) first. The dingbats list applies
    /// to that font only: elsewhere `a101` is a producer's name for code 101.
    package static func standardUnicode(for name: String, zapfDingbats: Bool = false) -> [Unicode.Scalar]? {
        if zapfDingbats, let d = Tables.shared.dingbats[name] { return d }
        return Tables.shared.byName[name]
    }

    /// Full resolution of a glyph name (AGL specification: drop the suffix after the first
    /// period, split ligatures on `_`, `uniXXXX…` and `uXXXX[XX]` forms).
    ///
    /// An exact list entry gives `.standard`; anything else that yields at least one scalar
    /// gives `.derived`. Components that match no rule map to nothing, as the specification
    /// says; a name whose components all map to nothing (`.notdef`, `g12`) gives nil.
    /// Hexadecimal digits may be lowercase (a common producer variant; the specification
    /// asks for uppercase). Surrogates (D800–DFFF) and values above 10FFFF are rejected.
    package static func resolve(_ name: String, zapfDingbats: Bool = false) -> GlyphNameResolution? {
        if let exact = standardUnicode(for: name, zapfDingbats: zapfDingbats) {
            // An AGL entry in the private use area (Apple's delimiter pieces, expert small
            // capitals) yields to a TeX list's standard character.
            if exact.allSatisfy(\.isPrivateUse), let tex = TeXTable.shared[name] {
                return .derived(tex)
            }
            return .standard(exact)
        }
        let bytes = Array(name.utf8)
        guard bytes.count <= maximumNameLength else { return nil }
        let base = bytes.firstIndex(of: UInt8(ascii: ".")).map { bytes[..<$0] } ?? bytes[...]
        var scalars: [Unicode.Scalar] = []
        for component in base.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: true) {
            scalars.append(contentsOf: resolveComponent(component))
        }
        return scalars.isEmpty ? nil : .derived(scalars)
    }

    private static func resolveComponent(_ c: ArraySlice<UInt8>) -> [Unicode.Scalar] {
        let text = String(decoding: c, as: UTF8.self)
        if let tex = TeXTable.shared[text] { return tex }
        if let listed = Tables.shared.byName[text] { return listed }
        if let tex = TeXGlyphNames.lookup(text) { return [tex] }
        if c.count > 3, c.starts(with: "uni".utf8) {
            let digits = c.dropFirst(3)
            if digits.count % 4 == 0 {
                var out: [Unicode.Scalar] = []
                var i = digits.startIndex
                while i < digits.endIndex {
                    guard let v = hexValue(digits[i..<i + 4]), let s = Unicode.Scalar(v) else { return [] }
                    out.append(s)
                    i += 4
                }
                return out
            }
        }
        if (5...7).contains(c.count), c.first == UInt8(ascii: "u"),
            let v = hexValue(c.dropFirst()), let s = Unicode.Scalar(v)
        {
            return [s]
        }
        return []
    }

    /// The numeric producer forms, for names `resolve` could not map. Accepted (the whole
    /// name, ASCII; decimal unless said; values 0…65535):
    /// - `.glyphID`: `gid123`, `glyph123`, `index123`, `g123`, `G123` (decimal: sequential
    ///   glyph names such as `G1`…`G54` are glyph numbers, not codes);
    /// - `.cid`: `cid123`;
    /// - `.code`: `char123`, `c123`, `a123`, `#123`; and two hexadecimal digits after `G` or
    ///   `c` when one of them is a letter (`G3A`, `c3A`).
    ///
    /// `a1`…`a191` (and `a192`…`a206`) are ZapfDingbats names: `resolve` maps them first, so
    /// a caller asks for the numeric form only after `resolve` failed (or, for such names,
    /// when it knows the font is not ZapfDingbats and the names are codes).
    package static func numericForm(_ name: String) -> NumericGlyphName? {
        let b = Array(name.utf8)
        guard b.count >= 2, b.count <= 16 else { return nil }
        let decimal: [(prefix: String, make: (Int) -> NumericGlyphName)] = [
            ("gid", NumericGlyphName.glyphID), ("glyph", NumericGlyphName.glyphID),
            ("index", NumericGlyphName.glyphID), ("cid", NumericGlyphName.cid),
            ("char", NumericGlyphName.code), ("g", NumericGlyphName.glyphID), ("G", NumericGlyphName.glyphID),
            ("c", NumericGlyphName.code), ("a", NumericGlyphName.code), ("#", NumericGlyphName.code),
        ]
        for (prefix, make) in decimal where b.starts(with: prefix.utf8) {
            if let v = decimalValue(b.dropFirst(prefix.utf8.count)) { return make(v) }
        }
        if b.count == 3, b[0] == UInt8(ascii: "G") || b[0] == UInt8(ascii: "c"),
            let v = hexValue(b[1...])
        {
            let hasLetter = b[1...].contains { $0 > UInt8(ascii: "9") }
            if hasLetter { return .code(Int(v)) }
        }
        return nil
    }

    /// A glyph name for a scalar: the AGL's preferred name (AGLFN, then the legacy name the
    /// standard Latin fonts use, e.g. `fi`), else `uniXXXX` (BMP) or `uXXXXX`.
    package static func name(for scalar: Unicode.Scalar) -> String {
        if let preferred = Tables.preferred[scalar.value] { return preferred }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return scalar.value <= 0xFFFF ? "uni" + padded : "u" + padded
    }

    // MARK: - Parsing helpers

    /// Hexadecimal digits (either case) → value; nil for other bytes, empty input or more
    /// than 8 digits.
    static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var v: UInt32 = 0
        for d in digits {
            let n: UInt32
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): n = UInt32(d - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): n = UInt32(d - UInt8(ascii: "A") + 10)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): n = UInt32(d - UInt8(ascii: "a") + 10)
            default: return nil
            }
            v = v << 4 | n
        }
        return v
    }

    /// 1…5 decimal digits with a value up to 65535.
    private static func decimalValue(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 5 else { return nil }
        var v = 0
        for d in digits {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") else { return nil }
            v = v * 10 + Int(d - UInt8(ascii: "0"))
        }
        return v <= 0xFFFF ? v : nil
    }

    // MARK: - Tables

    /// TeX's glyph names outside the AGL (consulted after it), indexed on first use of its
    /// own: fonts whose names are all in the AGL never pay for it.
    private enum TeXTable {
        static let shared = SortedLines(TeXGlyphListData.texGlyphList)
    }

    /// The lists, indexed once per process on first use (`static let` is thread-safe). Each
    /// is searched in place (``SortedLines``): building hash tables of their 6,000 entries
    /// cost 20 M instructions, more than MuPDF's whole start-up, in every process that met a
    /// glyph name.
    private struct Tables: Sendable {
        static let shared = Tables()

        let byName = SortedLines(GlyphListData.adobeGlyphList)
        let dingbats = SortedLines(GlyphListData.zapfDingbats)
        /// Scalar → preferred name, built on first use of its own (``GlyphList/name(for:)``).
        static let preferred: [UInt32: String] = {
            var preferred: [UInt32: String] = [:]
            preferred.reserveCapacity(1600)
            SortedLines.forEachLine(Array(GlyphListData.preferredNames.utf8)) { left, right in
                if let v = GlyphList.hexValue(left) { preferred[v] = String(decoding: right, as: UTF8.self) }
            }
            return preferred
        }()
    }
}

/// A read-only table of `key;HHHH[ HHHH…]` lines (a glyph name; Unicode scalars in hex), found
/// by binary search over the lines in place: indexing is one pass over the bytes, with no
/// string or array per entry. Lines are put in byte order of their keys when the data is not;
/// of two lines with one key, the later one counts.
struct SortedLines: Sendable {
    private let bytes: [UInt8]
    /// Start of each line's key and of its `;`, in byte order of the keys.
    private let lines: [(key: Int32, semicolon: Int32)]

    init(_ data: String) {
        let bytes = Array(data.utf8)
        var lines: [(key: Int32, semicolon: Int32)] = []
        lines.reserveCapacity(bytes.count / 8)
        // One pass: each non-empty line with a `;` is an entry (as `forEachLine` reads them).
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                let start = i
                var semicolon = -1
                while i < b.count, b[i] != UInt8(ascii: "\n") {
                    if semicolon < 0, b[i] == UInt8(ascii: ";") { semicolon = i }
                    i += 1
                }
                if semicolon >= 0 { lines.append((Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: semicolon))) }
                i += 1
            }
        }
        bytes.withUnsafeBufferPointer { b in
            func key(_ l: (key: Int32, semicolon: Int32)) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: b[Int(l.key)..<Int(l.semicolon)])
            }
            var sorted = true
            for i in lines.indices.dropFirst() where Self.compare(key(lines[i - 1]), key(lines[i])) >= 0 {
                sorted = false
                break
            }
            guard !sorted else { return }
            // Stable by position among equal keys, then the last of each key is kept.
            let order = lines.indices.sorted {
                let c = Self.compare(key(lines[$0]), key(lines[$1]))
                return c < 0 || (c == 0 && $0 < $1)
            }
            var unique: [(key: Int32, semicolon: Int32)] = []
            unique.reserveCapacity(order.count)
            for i in order {
                if let last = unique.last, Self.compare(key(last), key(lines[i])) == 0 { unique.removeLast() }
                unique.append(lines[i])
            }
            lines = unique
        }
        self.bytes = bytes
        self.lines = lines
    }

    /// The scalars of the line whose key is `name`; nil when there is none. Hex fields that
    /// are not a scalar are left out, as they always were.
    subscript(name: String) -> [Unicode.Scalar]? {
        var name = name
        return name.withUTF8 { self[utf8: $0] }
    }

    subscript(utf8 name: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar]? {
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let l = lines[mid]
            let order = bytes.withUnsafeBufferPointer { b in
                Self.compare(UnsafeBufferPointer(rebasing: b[Int(l.key)..<Int(l.semicolon)]), name)
            }
            if order == 0 { return scalars(after: Int(l.semicolon)) }
            if order < 0 { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    private func scalars(after semicolon: Int) -> [Unicode.Scalar] {
        var end = semicolon + 1
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return bytes[(semicolon + 1)..<end].split(separator: UInt8(ascii: " ")).compactMap {
            GlyphList.hexValue($0).flatMap(Unicode.Scalar.init)
        }
    }

    /// Byte order: negative when `a` comes first, 0 when equal.
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(a.count, b.count)
        for i in 0..<n where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        return a.count - b.count
    }

    /// Calls `body` with the two fields of each `left;right` line.
    static func forEachLine(_ bytes: [UInt8], _ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Void) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let semi = line.firstIndex(of: UInt8(ascii: ";")) else { continue }
            body(line[..<semi], line[(semi + 1)...])
        }
    }
}

