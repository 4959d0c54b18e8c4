import PDFFile

/// What the audit reads from the catalog's XMP metadata packet.
struct XMPFacts: Sendable {
    /// `pdfuaid:part`, as an element or an attribute, when present and numeric.
    var pdfuaPart: Int?

    init(document: Document) {
        guard let xmp = document.xmpMetadata else { return }
        pdfuaPart = Self.value(of: "pdfuaid:part", in: Array(xmp.utf8)).flatMap { Int($0) }
    }

    /// The text of `<name>…</name>` or the value of `name="…"`, trimmed.
    static func value(of name: String, in bytes: [UInt8]) -> String? {
        let key = Array(name.utf8)
        var i = 0
        while i + key.count < bytes.count {
            if bytes[i] == UInt8(ascii: "<") || bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\n")
                || bytes[i] == UInt8(ascii: "\t") || bytes[i] == UInt8(ascii: "\r"),
               Array(bytes[(i + 1)..<min(bytes.count, i + 1 + key.count)]) == key {
                var j = i + 1 + key.count
                if bytes[i] == UInt8(ascii: "<") {
                    guard j < bytes.count, bytes[j] == UInt8(ascii: ">") else { i += 1; continue }
                    j += 1
                    var k = j
                    while k < bytes.count, bytes[k] != UInt8(ascii: "<") { k += 1 }
                    return trimmed(bytes[j..<k])
                }
                while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { i += 1; continue }
                j += 1
                while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { i += 1; continue }
                let quote = bytes[j]
                j += 1
                var k = j
                while k < bytes.count, bytes[k] != quote { k += 1 }
                return trimmed(bytes[j..<k])
            }
            i += 1
        }
        return nil
    }

    private static func trimmed(_ s: ArraySlice<UInt8>) -> String {
        var a = s.startIndex, b = s.endIndex
        func ws(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
        while a < b, ws(s[a]) { a += 1 }
        while b > a, ws(s[b - 1]) { b -= 1 }
        return String(decoding: s[a..<b], as: UTF8.self)
    }
}
