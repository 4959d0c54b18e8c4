import PDFCore
import PDFText
import Synchronization

/// What the document-level formats need of the Info dictionary beyond its title: the
/// entries `pdftotext -htmlmeta` prints, the raw date strings (pdftotext reads them as
/// bytes), and a serial number that tells one opened document from another within a
/// process (the same path may be given twice), for formatters that gather a document's
/// pages before writing them (ALTO).
struct DocumentMetadata: Sendable, Hashable {
    /// The trailer has an Info dictionary (pdftotext writes no `<title>` without one).
    var hasInfo = false
    var title: String?
    var subject: String?
    var keywords: String?
    var author: String?
    var creator: String?
    var producer: String?
    /// `/CreationDate` and `/ModDate` as their bytes, when strings.
    var creationDate: [UInt8]?
    var modificationDate: [UInt8]?
    /// Unique per `DocumentMetadata(document)` in this process.
    var serial = 0

    private static let counter = Atomic<Int>(0)

    init() {}

    /// The entries of `document`'s Info dictionary (none while its strings are sealed).
    init(_ document: Document) {
        serial = Self.counter.add(1, ordering: .relaxed).newValue
        let store = document.store
        guard let dictionary = store.dictionary(store.trailer["Info"]) else { return }
        hasInfo = true
        guard !document.stringsSealed else { return }
        let info = document.info
        title = info.title; subject = info.subject; keywords = info.keywords
        author = info.author; creator = info.creator; producer = info.producer
        creationDate = store.resolve(dictionary["CreationDate"]).string?.bytes
        modificationDate = store.resolve(dictionary["ModDate"]).string?.bytes
    }
}

/// The HTML around pdftotext's `-htmlmeta`, `-bbox` and `-bbox-layout` outputs, as
/// pdftotext 22.12 writes it: the XHTML 1.0 Transitional doctype (with no line break before
/// `<html>`), a `<title>` and `<meta>` elements from the Info dictionary, then `<body>`.
enum PopplerHTML {
    static let doctype = "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">"

    /// Text and attribute values: `& ' " < >` as pdftotext's entities, and the characters
    /// XML 1.0 cannot hold left out (pdftotext writes them as they are).
    static let style = XMLEscaping.Style(escapesQuote: true, apostrophe: .named, carriageReturn: .lineFeed,
                                         referencesWhitespace: false, controls: .dropped)

    /// The document's metadata, or what `DocumentContext` alone gives (its title).
    static func metadata(_ document: DocumentContext) -> DocumentMetadata {
        if let m = document.metadata { return m }
        var m = DocumentMetadata()
        m.hasInfo = document.title != nil
        m.title = document.title
        return m
    }

    /// The doctype through `<body>\n`, then `body` (`<doc>` or `<pre>`).
    static func head(_ document: DocumentContext, then body: String) -> Bytes {
        let m = metadata(document)
        var b = Bytes(capacity: 1024)
        b.append(doctype)
        b.append("<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n")
        if m.hasInfo {
            b.append("<title>")
            if let t = m.title { b.escaped(t.unicodeScalars, style) }
            b.append("</title>\n")
            for (name, value) in [("Subject", m.subject), ("Keywords", m.keywords), ("Author", m.author),
                                  ("Creator", m.creator), ("Producer", m.producer)] {
                guard let value else { continue }
                b.append("<meta name=\"\(name)\" content=\"")
                b.escaped(value.unicodeScalars, style)
                b.append("\"/>\n")
            }
            for (name, value) in [("CreationDate", m.creationDate), ("ModDate", m.modificationDate)] {
                guard let value, let date = PopplerDate.iso8601(value) else { continue }
                b.append("<meta name=\"\(name)\" content=\"")
                b.escaped(date.unicodeScalars, style)
                b.append("\"/>\n")
            }
        }
        b.append("</head>\n<body>\n")
        b.append(body)
        return b
    }

    /// `close` (`</doc>` or `</pre>`), then `</body>` and `</html>`.
    static func end(after close: String) -> Bytes {
        var b = Bytes(capacity: 32)
        b.append(close)
        b.append("</body>\n</html>\n")
        return b
    }
}

/// A PDF date as pdftotext 22.12 prints it in `-htmlmeta`: read as poppler reads it (an
/// optional `D:`, then `scanf("%4d%2d%2d%2d%2d%2d%c%2d%*c%2d")`: each field optional
/// from the first missing one on, blanks before numbers skipped, a sign allowed; a year
/// before 1930 in a string longer than 14 characters read again as Distiller 3's
/// century-and-years-since-1900), and written `YYYY-MM-DDTHH:MM:SS` with `Z` for a zero
/// offset, else the offset's sign character, hours and (when not 0) `:MM`. Nil when
/// poppler prints nothing: no year, a year of 0 or less, fewer than 2 bytes.
enum PopplerDate {
    /// A `scanf` reader over bytes.
    struct Scanner {
        var bytes: ArraySlice<UInt8>

        /// `%Nd`: blanks skipped, then at most `width` characters of sign and digits.
        mutating func int(_ width: Int) -> Int? {
            while let c = bytes.first, c == 0x20 || (0x09...0x0D).contains(c) { bytes.removeFirst() }
            var taken = 0, negative = false, digits = 0, value = 0
            if let c = bytes.first, c == UInt8(ascii: "-") || c == UInt8(ascii: "+"), width > 1 {
                negative = c == UInt8(ascii: "-")
                bytes.removeFirst(); taken = 1
            }
            while taken < width, let c = bytes.first, (0x30...0x39).contains(c) {
                value = value * 10 + Int(c - 0x30)   // at most 4 digits: no overflow
                bytes.removeFirst(); taken += 1; digits += 1
            }
            return digits > 0 ? (negative ? -value : value) : nil
        }

        /// `%c`: one byte, blanks included.
        mutating func byte() -> UInt8? { bytes.popFirst() }
    }

    static func iso8601(_ raw: [UInt8]) -> String? {
        guard raw.count >= 2 else { return nil }
        // As C reads the string: up to its first NUL.
        var s = raw.prefix { $0 != 0 }
        if s.starts(with: [UInt8(ascii: "D"), UInt8(ascii: ":")]) { s = s.dropFirst(2) }
        var f = [1, 1, 1, 0, 0, 0]   // year (required), month, day, hour, minute, second
        var tz: UInt8 = 0, tzHour = 0, tzMinute = 0
        var scan = Scanner(bytes: s)
        guard let year = scan.int(4) else { return nil }
        f[0] = year
        read: do {
            for (k, width) in [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)] {
                guard let v = scan.int(width) else { break read }
                f[k] = v
            }
            guard let c = scan.byte() else { break read }
            tz = c
            guard let h = scan.int(2) else { break read }
            tzHour = h
            guard scan.byte() != nil, let m = scan.int(2) else { break read }
            tzMinute = m
        }
        if f[0] < 1930 && s.count > 14 {
            var again = Scanner(bytes: s)
            var g: [Int] = []
            for width in [2, 3, 2, 2, 2, 2, 2] {
                guard let v = again.int(width) else { return nil }
                g.append(v)
            }
            f = [g[0] * 100 + g[1], g[2], g[3], g[4], g[5], g[6]]
        }
        guard f[0] > 0 else { return nil }
        var out = "\(pad(f[0], 4))-\(pad(f[1], 2))-\(pad(f[2], 2))T\(pad(f[3], 2)):\(pad(f[4], 2)):\(pad(f[5], 2))"
        if tzHour == 0 && tzMinute == 0 {
            out += "Z"
        } else {
            out.unicodeScalars.append(Unicode.Scalar(tz))
            out += pad(tzHour, 2)
            if tzMinute != 0 { out += ":" + pad(tzMinute, 2) }
        }
        return out
    }

    /// `%0Nd`.
    static func pad(_ v: Int, _ width: Int) -> String {
        let digits = String(v.magnitude)
        let sign = v < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - sign.count - digits.count)) + digits
    }
}

extension Bytes {
    /// Scalars escaped in `style`.
    mutating func escaped<S: Sequence>(_ scalars: S, _ style: XMLEscaping.Style) where S.Element == Unicode.Scalar {
        for s in scalars {
            switch XMLEscaping.piece(s, style) {
            case .kept: append(s)
            case .dropped: break
            case .replaced(let r): r.withUTF8Buffer { data.append(contentsOf: $0) }
            }
        }
    }

    /// `%f` of a coordinate; 0 for NaN and the infinities (a hostile file's numbers must not
    /// reach a reader as `nan`).
    mutating func popplerNumber(_ v: Double) {
        fixed(v.isFinite ? v : 0, 6)
    }
}
