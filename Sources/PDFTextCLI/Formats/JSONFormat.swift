import PDFCore
import PDFText

/// pdftext's JSON (schema `pdftext/1`, documented in docs/JSON-FORMAT.md): one object per
/// document, written on one line, pages streamed as they are ready:
/// `{"schema","file","pageCount","title"?,"pages":[page…]}`; page
/// `{"index","number","label"?,"width","height","rotation","orderSource","orderConfidence",
/// "text","blocks":[{"kind","bbox","lines":[{"bbox","direction","words":[{"text","bbox",
/// "font","size","lang"?}]}]}]}`. Boxes are `[x0, y0, x1, y1]` in display space (points,
/// origin top-left, y down, after /Rotate), rounded to 0.01.
struct JSONFormatter: PageFormatter {
    static let schema = "pdftext/1"

    func documentStart(_ document: DocumentContext) -> Bytes { Self.documentStart(schema: Self.schema, document) }

    /// `{"schema","file","pageCount","title"?`, what `fields` adds, then `,"pages":[`.
    static func documentStart(schema: String, _ document: DocumentContext, fields: (inout Bytes) -> Void = { _ in }) -> Bytes {
        var b = Bytes(capacity: 128)
        b.append("{\"schema\":")
        b.append(JSONValue.string(schema).serialized)
        b.append(",\"file\":")
        b.append(JSONValue.string(document.path).serialized)
        b.append(",\"pageCount\":")
        b.int(document.pageCount)
        if let t = document.title {
            b.append(",\"title\":")
            b.append(JSONValue.string(t).serialized)
        }
        fields(&b)
        b.append(",\"pages\":[")
        return b
    }

    func documentEnd(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 4)
        b.append("]}\n")
        return b
    }

    /// A number rounded to 0.01, written as the package's JSON writer writes numbers
    /// (`JSONValue.number`: `72`, `54.5`, `204.02`; `null` when not finite).
    static func number(_ v: Double, into out: inout Bytes) {
        out.append(JSONValue.number((v * 100).rounded() / 100))
    }

    /// A page object's start: a comma after the first page, then `{"index","number","label"?`.
    static func pageStart(_ context: PageContext, into out: inout Bytes) {
        if context.ordinal > 0 { out.append(UInt8(ascii: ",")) }
        out.append("{\"index\":")
        out.int(context.number - 1)
        out.append(",\"number\":")
        out.int(context.number)
        if let label = context.label {
            out.append(",\"label\":")
            out.jsonString(label.unicodeScalars)
        }
    }

    static func box(_ b: Rect, into out: inout Bytes) {
        out.append(UInt8(ascii: "["))
        number(b.x0, into: &out); out.append(UInt8(ascii: ","))
        number(b.y0, into: &out); out.append(UInt8(ascii: ","))
        number(b.x1, into: &out); out.append(UInt8(ascii: ","))
        number(b.y1, into: &out)
        out.append(UInt8(ascii: "]"))
    }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let layout = page.layout, glyphs = page.glyphs
        let tree = DisplayLayout(layout, glyphs: glyphs)
        var out = Bytes(capacity: 160 * (layout.words.count + 4))
        Self.pageStart(context, into: &out)
        out.append(",\"width\":")
        Self.number(tree.width, into: &out)
        out.append(",\"height\":")
        Self.number(tree.height, into: &out)
        out.append(",\"rotation\":")
        out.int(((glyphs.rotation % 360) + 360) % 360)
        out.append(",\"orderSource\":\"\(layout.orderSource.rawValue)\",\"orderConfidence\":")
        Self.number(layout.orderConfidence, into: &out)
        out.append(",\"text\":")
        out.jsonString(layout.characters.lazy.map(\.scalar))
        out.append(",\"blocks\":[")
        for (bi, block) in tree.blocks.enumerated() {
            if bi > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"kind\":\"\(block.kind.rawValue)\",\"bbox\":")
            Self.box(block.box, into: &out)
            out.append(",\"lines\":[")
            for (li, line) in block.lines.enumerated() {
                if li > 0 { out.append(UInt8(ascii: ",")) }
                out.append("{\"bbox\":")
                Self.box(line.box, into: &out)
                out.append(",\"direction\":\"\(line.direction.rawValue)\",\"words\":[")
                for (wi, w) in line.words.enumerated() {
                    if wi > 0 { out.append(UInt8(ascii: ",")) }
                    let word = layout.words[w.index]
                    out.append("{\"text\":")
                    out.jsonString(layout.characters[Int(word.characters.lowerBound)..<Int(word.characters.upperBound)].lazy.map(\.scalar))
                    out.append(",\"bbox\":")
                    Self.box(w.box, into: &out)
                    out.append(",\"font\":")
                    out.jsonStringOrNull(page.fontName(ofWord: w.index))
                    out.append(",\"size\":")
                    Self.number(page.fontSize(ofWord: w.index), into: &out)
                    if let lang = page.language(ofWord: w.index) {
                        out.append(",\"lang\":")
                        out.jsonString(lang.unicodeScalars)
                    }
                    out.append(UInt8(ascii: "}"))
                }
                out.append("]}")
            }
            out.append("]}")
        }
        out.append("]}")
        return out
    }
}
