import ArgumentParser
import CPDFUnicode
import PDFText
import PDFCore

/// The character encoding of text output (`--encoding`, pdftotext's `-enc`) and its end of
/// line (`--eol`, pdftotext's `-eol`).
///
/// UTF-8 is the default. Latin1, ASCII7, Symbol and ZapfDingbats write what pdftotext writes
/// for them: characters of the encoding as they are, a few others spelt with the encoding's
/// characters (ligatures as their letters, "—" as "--", "…" as "...", curly quotes as
/// straight ones in ASCII7), the rest left out. UTF-16 (also named UCS-2, pdftotext's name
/// before Poppler 21) is big-endian without a byte order mark, characters beyond the Basic
/// Multilingual Plane as surrogate pairs. Any other name ICU knows (Latin2, KOI8-R,
/// Shift-JIS, EUC-JP, Big5, GBK, ISO-8859-7, Windows-1255…: every encoding poppler-data adds)
/// goes through ICU's converter, leaving out what the encoding cannot represent.
package struct OutputEncoding: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case utf8
        case utf16
        /// A table of pdftotext's built-in 8-bit encodings.
        case table(BuiltInTable)
        /// An ICU converter, by the name ICU accepts.
        case icu(String)
    }

    package enum BuiltInTable: String, Sendable, Equatable, CaseIterable {
        case latin1 = "Latin1", ascii7 = "ASCII7", symbol = "Symbol", zapfDingbats = "ZapfDingbats"
    }

    package var kind: Kind
    /// The name as pdftotext spells it (as given, for ICU names).
    package var name: String

    package static let utf8 = OutputEncoding(kind: .utf8, name: "UTF-8")

    /// The encodings `--list-encodings` prints: pdftotext's built-in ones, then the names
    /// poppler-data adds, those ICU can convert to.
    package static var listed: [String] {
        let builtIn = ["ASCII7", "Latin1", "Symbol", "UTF-16", "UTF-8", "ZapfDingbats"]
        let extra = ["Big5", "Big5ascii", "EUC-CN", "EUC-JP", "GBK", "ISO-2022-CN", "ISO-2022-JP", "ISO-2022-KR",
                     "ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-9", "KOI8-R", "Latin2",
                     "Shift-JIS", "TIS-620", "Windows-1255"].filter { pdfu_encoding_available(icuName($0)) != 0 }
        return (builtIn + extra).sorted { $0.lowercased() < $1.lowercased() }
    }

    /// The encoding a name stands for (case does not matter), or nil when neither pdftotext's
    /// names nor ICU know it.
    package init?(name raw: String) {
        let key = raw.lowercased().replacingOccurrences(of: "_", with: "-")
        switch key {
        case "utf-8", "utf8": self.init(kind: .utf8, name: "UTF-8")
        case "utf-16", "utf16", "ucs-2", "ucs2", "utf-16be": self.init(kind: .utf16, name: "UTF-16")
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1": self.init(kind: .table(.latin1), name: "Latin1")
        case "ascii7", "ascii", "us-ascii": self.init(kind: .table(.ascii7), name: "ASCII7")
        case "symbol": self.init(kind: .table(.symbol), name: "Symbol")
        case "zapfdingbats": self.init(kind: .table(.zapfDingbats), name: "ZapfDingbats")
        default:
            guard !raw.isEmpty, raw.utf8.count <= 64, raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
                  pdfu_encoding_available(Self.icuName(raw)) != 0 else { return nil }
            self.init(kind: .icu(Self.icuName(raw)), name: raw)
        }
    }

    init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// ICU's name for poppler-data's names that ICU spells otherwise.
    static func icuName(_ name: String) -> String {
        switch name.lowercased() {
        case "latin2": return "ISO-8859-2"
        case "big5ascii": return "Big5"
        default: return name
        }
    }

    /// UTF-8 bytes in this encoding.
    func encode(_ utf8: Bytes) -> Bytes {
        if kind == .utf8 { return utf8 }
        let scalars = String(decoding: utf8.data, as: UTF8.self).unicodeScalars
        var out = Bytes(capacity: utf8.data.count * (kind == .utf16 ? 2 : 1))
        switch kind {
        case .utf8:
            return utf8
        case .utf16:
            for s in scalars {
                for unit in String(s).utf16 { out.append(UInt8(unit >> 8)); out.append(UInt8(unit & 0xFF)) }
            }
        case .table(let table):
            for s in scalars { table.append(s, to: &out) }
        case .icu(let name):
            let units = Array(String(String.UnicodeScalarView(scalars)).utf16)
            var capacity = max(16, units.count * 4 + 16)
            for _ in 0..<3 {
                var buffer = [CChar](repeating: 0, count: capacity)
                let n = units.withUnsafeBufferPointer { u in
                    buffer.withUnsafeMutableBufferPointer { b in
                        pdfu_encode(name, u.baseAddress, Int32(clamping: u.count), b.baseAddress, Int32(clamping: b.count))
                    }
                }
                if n >= 0 {
                    for c in buffer.prefix(Int(n)) { out.append(UInt8(bitPattern: c)) }
                    return out
                }
                guard n == -Int32(PDFU_BUFFER_TOO_SMALL) else { break }
                capacity *= 4
            }
        }
        return out
    }
}

/// pdftotext's end-of-line conventions (`-eol`).
package enum EndOfLine: String, Sendable, CaseIterable, ExpressibleByArgument {
    case unix, dos, mac

    /// Text with each line feed written as this convention's line end.
    func apply(_ bytes: Bytes) -> Bytes {
        guard self != .unix else { return bytes }
        var out = Bytes(capacity: bytes.data.count + bytes.data.count / 16)
        for b in bytes.data {
            if b == 0x0A {
                out.append(0x0D)
                if self == .dos { out.append(0x0A) }
            } else {
                out.append(b)
            }
        }
        return out
    }
}

/// A formatter whose output is re-encoded (`--encoding`) and whose pages' line ends follow
/// `--eol`. As pdftotext: the end-of-line convention applies to the text of pages only (an
/// HTML or TSV wrapper keeps line feeds), the encoding to everything written.
struct EncodedFormatter: PageFormatter {
    var base: any PageFormatter
    var encoding: OutputEncoding
    var endOfLine: EndOfLine
    /// Whether `endOfLine` applies to the pages (text and `-htmlmeta` text only).
    var pagesHaveLines: Bool

    func documentStart(_ document: DocumentContext) -> Bytes {
        encoding.encode(base.documentStart(document))
    }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let bytes = base.page(page, context, document)
        return encoding.encode(pagesHaveLines ? endOfLine.apply(bytes) : bytes)
    }

    func documentEnd(_ document: DocumentContext) -> Bytes {
        encoding.encode(base.documentEnd(document))
    }
}
