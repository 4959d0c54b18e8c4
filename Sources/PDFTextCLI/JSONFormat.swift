import PDFCore
import PDFLayout
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

    func documentStart(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 128)
        b.append("{\"schema\":")
        b.append(JSONValue.string(Self.schema).serialized)
        b.append(",\"file\":")
        b.append(JSONValue.string(document.path).serialized)
        b.append(",\"pageCount\":")
        b.int(document.pageCount)
        if let t = document.title {
            b.append(",\"title\":")
            b.append(JSONValue.string(t).serialized)
        }
        b.append(",\"pages\":[")
        return b
    }

    func documentEnd(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 4)
        b.append("]}\n")
        return b
    }

    static func r(_ v: Double) -> JSONValue {
        let x = (v * 100).rounded() / 100
        return .double(x == 0 ? 0 : x)
    }

    static func box(_ b: Rect) -> JSONValue { .array([r(b.x0), r(b.y0), r(b.x1), r(b.y1)]) }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let layout = page.layout, glyphs = page.glyphs
        let tree = DisplayLayout(layout, glyphs: glyphs)
        var o = JSONObject()
        o["index"] = .int(context.number - 1)
        o["number"] = .int(context.number)
        o["label"] = context.label.map { .string($0) }
        o["width"] = Self.r(tree.width)
        o["height"] = Self.r(tree.height)
        o["rotation"] = .int(((glyphs.rotation % 360) + 360) % 360)
        o["orderSource"] = .string(layout.orderSource.rawValue)
        o["orderConfidence"] = Self.r(layout.orderConfidence)
        o["text"] = .string(layout.text)
        o["blocks"] = .array(tree.blocks.map { block in
            var b = JSONObject()
            b["kind"] = .string(block.kind.rawValue)
            b["bbox"] = Self.box(block.box)
            b["lines"] = .array(block.lines.map { line in
                var l = JSONObject()
                l["bbox"] = Self.box(line.box)
                l["direction"] = .string(line.direction.rawValue)
                l["words"] = .array(line.words.map { w in
                    var j = JSONObject()
                    j["text"] = .string(String(DisplayLayout.text(of: w.index, in: layout)))
                    j["bbox"] = Self.box(w.box)
                    j["font"] = page.fontName(ofWord: w.index).map { .string($0) } ?? .null
                    j["size"] = Self.r(page.fontSize(ofWord: w.index))
                    j["lang"] = layout.firstGlyph(ofWord: w.index).flatMap { glyphs.language(ofGlyph: $0) }.map { .string($0) }
                    return .object(j)
                })
                return .object(l)
            })
            return .object(b)
        })
        var out = Bytes(capacity: 256 * (layout.words.count + 4))
        if context.ordinal > 0 { out.append(UInt8(ascii: ",")) }
        out.append(JSONValue.object(o).serialized)
        return out
    }
}
