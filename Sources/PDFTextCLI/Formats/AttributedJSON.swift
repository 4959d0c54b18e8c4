import PDFCore
import PDFText

/// `--attributed --format json`: the library's attributed page strings as JSON, one object
/// per document on one line, pages streamed:
/// `{"schema":"pdftext-attributed/1","file","pageCount","title"?,"lang"?,"pages":[page…]}`;
/// page `{"index","number","label"?,"text","runs":[run…]}` where `text` is the page string
/// (`PDFPage.string`: the text without its final line break) and each run
/// `{"location","length","font","family","size","color", "bold"?, "italic"?, "monospace"?,
/// "syntheticBold"?, "syntheticItalic"?, "baselineOffset"?, "underline"?, "strikethrough"?,
/// "link"?, "destinationPageIndex"?, "lang"?, "role"?}` covers `length` UTF-16 units of
/// `text` from `location` (NSRange's units). Flags are present only when true; colours are
/// `#rrggbb` (`#rrggbbaa` when not opaque); sizes and offsets are points.
struct AttributedJSONFormatter: PageFormatter {
    static let schema = "pdftext-attributed/1"

    func documentStart(_ document: DocumentContext) -> Bytes {
        JSONFormatter.documentStart(schema: Self.schema, document) { b in
            if let l = document.styling?.language {
                b.append(",\"lang\":")
                b.jsonString(l.unicodeScalars)
            }
        }
    }

    func documentEnd(_ document: DocumentContext) -> Bytes { JSONFormatter().documentEnd(document) }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let chars = page.layout.characters
        let range = page.pageStringCharacters
        let styles = document.styling?.styles(page) ?? PageTextStyles(page, characters: range)
        var out = Bytes(capacity: 2 * range.count + 160 * styles.runs.count + 64)
        JSONFormatter.pageStart(context, into: &out)
        out.append(",\"text\":")
        out.jsonString(chars[range].lazy.map(\.scalar))
        out.append(",\"runs\":[")
        var location = 0
        for (i, run) in styles.runs.enumerated() {
            var length = 0
            for c in chars[run.characters] { length += c.scalar.utf16.count }
            if i > 0 { out.append(UInt8(ascii: ",")) }
            let s = run.style
            out.append("{\"location\":")
            out.int(location)
            out.append(",\"length\":")
            out.int(length)
            out.append(",\"font\":")
            out.jsonString(s.postScriptName.unicodeScalars)
            out.append(",\"family\":")
            out.jsonString(s.fontFamily.unicodeScalars)
            out.append(",\"size\":")
            JSONFormatter.number(s.fontSize, into: &out)
            out.append(",\"color\":\"\(s.foregroundColor.hex)\"")
            for (flag, name) in [(s.isBold, "bold"), (s.isItalic, "italic"), (s.isMonospace, "monospace"),
                                 (s.isSyntheticBold, "syntheticBold"), (s.isSyntheticItalic, "syntheticItalic"),
                                 (s.isUnderlined, "underline"), (s.isStrikethrough, "strikethrough")] where flag {
                out.append(",\"\(name)\":true")
            }
            if s.baselineOffset != 0 {
                out.append(",\"baselineOffset\":")
                JSONFormatter.number(s.baselineOffset, into: &out)
            }
            if let u = s.linkURL {
                out.append(",\"link\":")
                out.jsonString(u.unicodeScalars)
            }
            if let p = s.linkPageIndex {
                out.append(",\"destinationPageIndex\":")
                out.int(p)
            }
            if let l = s.language {
                out.append(",\"lang\":")
                out.jsonString(l.unicodeScalars)
            }
            if let r = s.structureRole {
                out.append(",\"role\":")
                out.jsonString(r.unicodeScalars)
            }
            out.append(UInt8(ascii: "}"))
            location += length
        }
        out.append("]}")
        return out
    }
}
