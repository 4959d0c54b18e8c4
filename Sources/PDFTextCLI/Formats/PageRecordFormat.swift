import PDFCore
import PDFSearch
import PDFText

/// One JSON object per page for search engines and batch pipelines (schema
/// `pdftext-page/1`, docs/SEARCH.md):
/// `{"schema","id","file","sha256","page","pages","label","title","language","languageSource","width",
/// "height","text","words":[{"text","start","end","boxes":[[x0,y0,x1,y1]…]}]}`.
///
/// - `id` is `<sha256>-p<page, 5 digits>`: the same page of the same content gets the same
///   id wherever the file lies, so re-sending a file overwrites rather than duplicates.
/// - `start`/`end` count Unicode scalars in `text`; words are ICU words (``Tokenizer``), in
///   reading order, with a box per line they lie on (display space, as `--format json`).
/// - `label` and `title` are null when the document has none; `language` is the page's
///   marked language, else the document's, else null.
///
/// `jsonl` writes one object per line. `opensearch-bulk` precedes each with the `_bulk`
/// action line `{"index":{"_index":NAME,"_id":id}}`, for OpenSearch and Elasticsearch.
struct PageRecordFormatter: PageFormatter {
    static let schema = "pdftext-page/1"
    /// The `_index` of `opensearch-bulk` action lines; nil writes plain JSON lines.
    var bulkIndex: String?
    let tokenizer = Tokenizer()

    func documentStart(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }
    func documentEnd(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }

    static func id(sha256: String, page: Int) -> String {
        let n = String(page)
        return sha256 + "-p" + String(repeating: "0", count: max(0, 5 - n.count)) + n
    }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let p = SearchablePage(page, tokenizer: tokenizer, documentLanguage: document.language)
        let sha = document.sha256 ?? ""
        let id = Self.id(sha256: sha, page: context.number)
        var out = Bytes(capacity: p.scalars.count * 3 + p.words.count * 64 + 256)
        if let index = bulkIndex {
            out.append("{\"index\":{\"_index\":")
            out.jsonString(index.unicodeScalars)
            out.append(",\"_id\":")
            out.jsonString(id.unicodeScalars)
            out.append("}}\n")
        }
        out.append("{\"schema\":\"\(Self.schema)\",\"id\":")
        out.jsonString(id.unicodeScalars)
        out.append(",\"file\":")
        out.jsonString(document.path.unicodeScalars)
        out.append(",\"sha256\":")
        out.jsonString(sha.unicodeScalars)
        out.append(",\"page\":")
        out.int(context.number)
        out.append(",\"pages\":")
        out.int(document.pageCount)
        out.append(",\"label\":")
        out.jsonStringOrNull(context.label)
        out.append(",\"title\":")
        out.jsonStringOrNull(document.title)
        out.append(",\"language\":")
        out.jsonStringOrNull(p.language)
        out.append(",\"languageSource\":")
        out.jsonStringOrNull(p.languageSource?.rawValue)
        out.append(",\"width\":")
        JSONFormatter.number(p.width, into: &out)
        out.append(",\"height\":")
        JSONFormatter.number(p.height, into: &out)
        out.append(",\"text\":")
        out.jsonString(p.scalars)
        out.append(",\"words\":[")
        let boxes = p.wordBoxes
        for (k, w) in p.words.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"text\":")
            out.jsonString(p.scalars[w.range])
            out.append(",\"start\":")
            out.int(w.range.lowerBound)
            out.append(",\"end\":")
            out.int(w.range.upperBound)
            out.append(",\"boxes\":[")
            for (b, box) in boxes[k].enumerated() {
                if b > 0 { out.append(UInt8(ascii: ",")) }
                JSONFormatter.box(box, into: &out)
            }
            out.append("]}")
        }
        out.append("]}\n")
        return out
    }
}
