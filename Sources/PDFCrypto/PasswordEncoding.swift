import CPDFUnicode
import PDFCore

/// Turns a password typed as text into the bytes the algorithms hash.
package enum PasswordEncoding {
    /// Byte encodings to try for revisions 2–4, most likely first, without duplicates:
    /// PDFDocEncoding (what the specification asks for), Latin-1, then UTF-8 (what some
    /// writers used instead).
    package static func legacyCandidates(_ password: String) -> [[UInt8]] {
        var out: [[UInt8]] = []
        func add(_ bytes: [UInt8]?) {
            if let bytes, !out.contains(bytes) { out.append(bytes) }
        }
        add(pdfDocEncoded(password))
        add(latin1Encoded(password))
        add(Array(password.utf8))
        return out
    }

    /// Encodings to try for revisions 5 and 6: the SASLprep form in UTF-8, then the raw
    /// UTF-8 when it differs (or when SASLprep refused the string). Both cut to 127 bytes.
    package static func unicodeCandidates(_ password: String) -> [[UInt8]] {
        var out: [[UInt8]] = []
        if let prepared = saslPrep(password) { out.append(Array(prepared.utf8.prefix(127))) }
        let raw = Array(password.utf8.prefix(127))
        if !out.contains(raw) { out.append(raw) }
        return out
    }

    /// The PDFDocEncoding bytes of the string, nil when a character has no byte there.
    package static func pdfDocEncoded(_ string: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(string.unicodeScalars.count)
        for scalar in string.unicodeScalars {
            guard let byte = pdfDocByte[scalar.value] else { return nil }
            out.append(byte)
        }
        return out
    }

    /// The ISO 8859-1 bytes of the string, nil when a character lies above U+00FF.
    package static func latin1Encoded(_ string: String) -> [UInt8]? {
        var out: [UInt8] = []
        for scalar in string.unicodeScalars {
            guard scalar.value <= 0xFF else { return nil }
            out.append(UInt8(scalar.value))
        }
        return out
    }

    private static let pdfDocByte: [UInt32: UInt8] = {
        var map: [UInt32: UInt8] = [:]
        for b in 0...255 {
            if let scalar = TextString.pdfDocEncoding(UInt8(b)), scalar.value != 0xFFFD, map[scalar.value] == nil {
                map[scalar.value] = UInt8(b)
            }
        }
        return map
    }()

    /// SASLprep (RFC 4013, unassigned code points allowed) through ICU; nil when the profile
    /// rejects the string (prohibited characters, bidi rule) or ICU fails.
    package static func saslPrep(_ string: String) -> String? {
        let input = Array(string.utf16)
        if input.isEmpty { return "" }
        var capacity = input.count * 2 + 16
        for _ in 0..<2 {
            var output = [UInt16](repeating: 0, count: capacity)
            var outLength: Int32 = 0
            let status = input.withUnsafeBufferPointer { inp in
                output.withUnsafeMutableBufferPointer { outp in
                    pdfu_saslprep(inp.baseAddress, Int32(inp.count), outp.baseAddress, Int32(outp.count), &outLength)
                }
            }
            if status == Int32(PDFU_OK), outLength >= 0, Int(outLength) <= output.count {
                return String(decoding: output[0..<Int(outLength)], as: UTF16.self)
            }
            guard status == Int32(PDFU_BUFFER_TOO_SMALL), Int(outLength) > capacity else { return nil }
            capacity = Int(outLength) + 1
        }
        return nil
    }
}
