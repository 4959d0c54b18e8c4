/// Decoding of PDF *text strings* (ISO 32000-2 §7.9.2.2): UTF-16BE with a byte-order mark,
/// UTF-8 with a byte-order mark (PDF 2.0), otherwise PDFDocEncoding. Also accepts the
/// UTF-16LE mark that some producers write. Language escapes (U+001B … U+001B) are dropped
/// from both Unicode forms; other control characters are kept (what shows the text decides
/// how to show them: see `ControlEscaping`).
package enum TextString {
    package static func decode<C: Collection<UInt8>>(_ bytes: C) -> String where C.Index == Int {
        let b = Array(bytes)
        if let marked = decodeMarked(b) { return marked }
        var s = String.UnicodeScalarView()
        s.reserveCapacity(b.count)
        for byte in b {
            if let scalar = pdfDocEncoding(byte) { s.append(scalar) }
        }
        return String(s)
    }

    /// Text that starts with a byte-order mark (UTF-16BE, UTF-16LE or UTF-8), nil without one.
    static func decodeMarked(_ b: [UInt8]) -> String? {
        if b.count >= 2, b[0] == 0xFE, b[1] == 0xFF { return decodeUTF16(b[2...], bigEndian: true) }
        if b.count >= 2, b[0] == 0xFF, b[1] == 0xFE { return decodeUTF16(b[2...], bigEndian: false) }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            // PDF 2.0 allows the language escape in UTF-8 text strings too.
            var scalars = String.UnicodeScalarView()
            var inEscape = false
            for c in String(decoding: b[3...], as: UTF8.self).unicodeScalars {
                if c == "\u{1B}" { inEscape.toggle(); continue }
                if !inEscape { scalars.append(c) }
            }
            return String(scalars)
        }
        return nil
    }

    static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let hi = UInt16(bytes[i]), lo = UInt16(bytes[i + 1])
            units.append(bigEndian ? (hi << 8 | lo) : (lo << 8 | hi))
            i += 2
        }
        // Drop language escapes: ESC <language code> ESC.
        var filtered: [UInt16] = []
        filtered.reserveCapacity(units.count)
        var inEscape = false
        for u in units {
            if u == 0x1B { inEscape.toggle(); continue }
            if !inEscape { filtered.append(u) }
        }
        return String(decoding: filtered, as: UTF16.self)
    }

    /// The Unicode scalar of a PDFDocEncoding byte (ISO 32000-2 Annex D.3), nil where undefined.
    package static func pdfDocEncoding(_ byte: UInt8) -> Unicode.Scalar? {
        switch byte {
        case 0x18...0x1F: return Unicode.Scalar(pdfDocLow[Int(byte - 0x18)])
        case 0x7F, 0x9F, 0xAD: return nil
        case 0x80...0xA0: return Unicode.Scalar(pdfDocHigh[Int(byte - 0x80)])
        default: return Unicode.Scalar(byte)
        }
    }

    private static let pdfDocLow: [UInt16] = [0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC]
    private static let pdfDocHigh: [UInt16] = [
        0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044,
        0x2039, 0x203A, 0x2212, 0x2030, 0x201E, 0x201C, 0x201D, 0x2018,
        0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160,
        0x0178, 0x017D, 0x0131, 0x0142, 0x0153, 0x0161, 0x017E, 0xFFFD,
        0x20AC,
    ]

    /// Encodes a string the way a writer would for a text string: PDFDocEncoding when every
    /// scalar has a byte there, UTF-16BE with a mark otherwise.
    package static func encode(_ string: String) -> [UInt8] {
        var out: [UInt8] = []
        var ok = true
        for scalar in string.unicodeScalars {
            if let byte = reversePDFDoc[scalar.value] { out.append(byte) } else { ok = false; break }
        }
        if ok { return out }
        out = [0xFE, 0xFF]
        for u in string.utf16 { out.append(UInt8(u >> 8)); out.append(UInt8(u & 0xFF)) }
        return out
    }

    private static let reversePDFDoc: [UInt32: UInt8] = {
        var map: [UInt32: UInt8] = [:]
        for b in 0...255 {
            if let s = pdfDocEncoding(UInt8(b)), s.value != 0xFFFD { map[s.value] = UInt8(b) }
        }
        return map
    }()
}

extension TextString {
    /// Decodes an XML packet (XMP): UTF-8 unless a UTF-16 byte-order mark says otherwise.
    package static func decodeXML(_ bytes: [UInt8]) -> String {
        decodeMarked(bytes) ?? String(decoding: bytes, as: UTF8.self)
    }
}
