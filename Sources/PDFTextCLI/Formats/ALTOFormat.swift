import PDFCore
import PDFText
import Synchronization

/// ALTO XML 4 (schema 4.4; docs/POPPLER-COMPAT.md): `Description` (MeasurementUnit
/// `pixel` at 72 per inch, so that one pixel is one PDF point, as pdfalto writes it for
/// PDF sources; the input's path as `sourceImageInformation/fileName`; pdftext as the
/// `OCRProcessing` step's `processingSoftware`), `Styles` (a `TextStyle` per font family,
/// size, weight, slant, serif and pitch in use), then `Layout`: per page a `Page` (`ID`
/// `page_N`, `PHYSICAL_IMG_NR` N, `PRINTED_IMG_NR` its label) holding a `PrintSpace` over the
/// whole page, per block a `TextBlock`, per line a `TextLine`, per word a `String` with its
/// box and `STYLEREFS`, `<SP/>` between words, and where the layout joined a word broken by
/// a hyphen at a line's end, `SUBS_TYPE`/`SUBS_CONTENT` on both parts and `<HYP
/// CONTENT="-"/>` after the first. Ids are unique in the document (`pN_bK`, `pN_lK`,
/// `pN_wK`, K from 1 on each page). Coordinates are display space from `frame`'s top-left
/// corner, with up to three decimals. A document without pages gets one empty `Page`
/// numbered 0 (ALTO requires one).
///
/// `Styles` must come before `Layout`, and a style is known only once the pages using it
/// are laid out: the pages are formatted on the workers as usual, but held until
/// `documentEnd`, which writes the whole document (so the output of a document appears when
/// its last page is done, and a document's ALTO is held in memory once).
struct ALTOFormatter: PageFormatter {
    var frame: DisplayLayout.Frame
    var version: String
    /// The formatted pages not yet written, shared by the copies of this formatter.
    let pending = ALTOPendingPages()

    init(frame: DisplayLayout.Frame = .cropBox, version: String) {
        self.frame = frame
        self.version = version
    }

    static let namespace = "http://www.loc.gov/standards/alto/ns-v4#"
    static let schemaLocation = "http://www.loc.gov/standards/alto/v4/alto-4-4.xsd"

    /// Attribute values and text: entities for `& < > " '`, line breaks and tabs as
    /// references (so that an attribute keeps them), what XML 1.0 cannot hold left out.
    static let style = XMLEscaping.Style(escapesQuote: true, apostrophe: .named, carriageReturn: .reference,
                                         referencesWhitespace: true, controls: .dropped)

    func documentStart(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let formatted = ALTOPageWriter(page: page, number: context.number, label: context.label, frame: frame).write()
        pending.put(ALTOPendingPages.Key(document, page: context.number), formatted)
        return Bytes(capacity: 0)
    }

    func documentEnd(_ document: DocumentContext) -> Bytes {
        let pages = document.pages.map { pending.take(ALTOPendingPages.Key(document, page: $0)) }
        var styles: [ALTOTextStyle] = [], seen: Set<ALTOTextStyle> = []
        for p in pages { for s in p?.styles ?? [] where seen.insert(s).inserted { styles.append(s) } }
        var out = Bytes(capacity: 4096 + pages.reduce(0) { $0 + ($1?.bytes.data.count ?? 0) })
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<alto xmlns=\"\(Self.namespace)\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        out.append(" xsi:schemaLocation=\"\(Self.namespace) \(Self.schemaLocation)\" SCHEMAVERSION=\"4.4\">\n")
        out.append("  <Description>\n    <MeasurementUnit>pixel</MeasurementUnit>\n")
        out.append("    <sourceImageInformation>\n      <fileName>")
        out.escaped(document.path.unicodeScalars, Self.style)
        out.append("</fileName>\n    </sourceImageInformation>\n")
        out.append("    <OCRProcessing ID=\"pdftext\">\n      <ocrProcessingStep>\n")
        out.append("        <processingStepSettings>text layer of the PDF, not OCR; 1 pixel = 1 PDF point (1/72 inch); ")
        out.append(frame == .mediaBox ? "origin at the top-left corner of the media box" : "origin at the top-left corner of the crop box")
        out.append("</processingStepSettings>\n        <processingSoftware>\n")
        out.append("          <softwareName>pdftext</softwareName>\n          <softwareVersion>")
        out.escaped(version.unicodeScalars, Self.style)
        out.append("</softwareVersion>\n        </processingSoftware>\n      </ocrProcessingStep>\n    </OCRProcessing>\n")
        out.append("  </Description>\n")
        if !styles.isEmpty {
            out.append("  <Styles>\n")
            for s in styles { s.write(&out) }
            out.append("  </Styles>\n")
        }
        out.append("  <Layout>\n")
        for p in pages { if let p { out.data.append(contentsOf: p.bytes.data) } }
        // ALTO wants a Page: a document without pages (or none selected) gets an empty one, 0.
        if !pages.contains(where: { $0 != nil }) {
            out.append("    <Page ID=\"page_0\" PHYSICAL_IMG_NR=\"0\" WIDTH=\"0\" HEIGHT=\"0\"/>\n")
        }
        out.append("  </Layout>\n</alto>\n")
        return out
    }

    /// A length or coordinate with up to three decimals, no trailing zeros; 0 for NaN, the
    /// infinities and anything past 1e9 (no page is that large).
    static func number(_ v: Double, _ out: inout Bytes) {
        let x = v.isFinite && abs(v) < 1e9 ? (v * 1000).rounded() / 1000 : 0
        var digits = Bytes.fixed(x == 0 ? 0 : x, 3)
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.last == UInt8(ascii: ".") { digits.removeLast() }
        out.data.append(contentsOf: digits)
    }
}

/// A text style in use: what `TextStyle` says of a font.
struct ALTOTextStyle: Sendable, Hashable {
    var family: String
    /// The size in hundredths of a point.
    var size: Int
    var bold: Bool
    var italic: Bool
    var serif: Bool
    var monospaced: Bool

    /// An XML ID made of the style's fields, each told apart: letters and digits of the
    /// family kept, anything else as `_HEX_`; `-` between the fields.
    var id: String {
        var s = "font-"
        for c in family.unicodeScalars {
            if c.isASCII, c.properties.isAlphabetic || ("0"..."9").contains(c) {
                s.unicodeScalars.append(c)
            } else {
                s += "_" + String(c.value, radix: 16) + "_"
            }
        }
        s += "-\(size)"
        if bold || italic || serif || monospaced {
            s += "-" + (bold ? "b" : "") + (italic ? "i" : "") + (serif ? "s" : "") + (monospaced ? "m" : "")
        }
        return s
    }

    var fontStyle: String? {
        let words = (bold ? ["bold"] : []) + (italic ? ["italics"] : [])
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    func write(_ out: inout Bytes) {
        out.append("    <TextStyle ID=\"\(id)\"")
        if !family.isEmpty {
            out.append(" FONTFAMILY=\"")
            out.escaped(family.unicodeScalars, ALTOFormatter.style)
            out.append("\"")
        }
        out.append(serif ? " FONTTYPE=\"serif\"" : " FONTTYPE=\"sans-serif\"")
        out.append(monospaced ? " FONTWIDTH=\"fixed\"" : " FONTWIDTH=\"proportional\"")
        if size > 0 {
            out.append(" FONTSIZE=\"")
            ALTOFormatter.number(Double(size) / 100, &out)
            out.append("\"")
        }
        if let fontStyle { out.append(" FONTSTYLE=\"\(fontStyle)\"") }
        out.append("/>\n")
    }
}

/// Pages formatted by `ALTOFormatter.page`, held until their document ends.
final class ALTOPendingPages: Sendable {
    struct Key: Hashable, Sendable {
        var serial: Int
        var path: String
        var page: Int

        init(_ document: DocumentContext, page: Int) {
            serial = document.metadata?.serial ?? 0
            path = document.path
            self.page = page
        }
    }

    struct Page: Sendable {
        var bytes: Bytes
        /// The styles its words use, in order of first use.
        var styles: [ALTOTextStyle]
    }

    private let pages = Mutex<[Key: Page]>([:])

    func put(_ key: Key, _ page: Page) { pages.withLock { $0[key] = page } }
    func take(_ key: Key) -> Page? { pages.withLock { $0.removeValue(forKey: key) } }
}
