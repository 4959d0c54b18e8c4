import ArgumentParser
import PDFCore
import PDFText

/// The output formats of `pdftext text`.
package enum OutputFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// UTF-8 text in reading order, a form feed after each page.
    case text
    /// `pdftotext -tsv`: one row per page, block, line and word with its box.
    case tsv
    /// pdftext's own JSON (schema `pdftext/1`, docs/JSON-FORMAT.md).
    case json
    /// hOCR 1.2 (XHTML with page, area, paragraph, line and word boxes).
    case hocr
    /// Accessible, semantic HTML5 from the structure tree (or structure inferred from the
    /// layout of an untagged file); styled HTML with `--attributed` (AttributedHTML.swift).
    case html
    /// Styled Markdown (`--attributed`; AttributedMarkdown.swift).
    case markdown
    /// Styled RTF (`--attributed`; AttributedRTF.swift).
    case rtf
    /// Linear text with headings, list markers, table headers and figure descriptions
    /// spelt out, for plain-text readers and braille (PDFSemantic's AccessibleText).
    case accessibleText = "accessible-text"
    /// One JSON object per page with its text and word boxes, one per line (schema
    /// `pdftext-page/1`; PageRecordFormat.swift), for batch engines.
    case jsonl
    /// The same page objects as `_bulk` NDJSON for OpenSearch and Elasticsearch, each after
    /// its `{"index":…}` action line.
    case opensearchBulk = "opensearch-bulk"
    /// `pdftotext -bbox`: XHTML with each word's box per page (BBoxFormat.swift).
    case bbox
    /// `pdftotext -bbox-layout`: the same with flows, blocks and lines around the words.
    case bboxLayout = "bbox-layout"
    /// ALTO XML 4 (ALTOFormat.swift).
    case alto

    /// The file extension `--output-dir` gives each output.
    package var fileExtension: String {
        switch self {
        case .text: "txt"
        case .tsv: "tsv"
        case .json: "json"
        case .hocr: "hocr"
        case .html: "html"
        case .markdown: "md"
        case .rtf: "rtf"
        case .accessibleText: "txt"
        case .jsonl: "jsonl"
        case .opensearchBulk: "ndjson"
        case .bbox, .bboxLayout: "html"
        case .alto: "xml"
        }
    }
}

/// What a formatter knows of the document being written.
struct DocumentContext: Sendable {
    /// The input as named on the command line (`-` for standard input).
    var path: String
    var pageCount: Int
    /// The selected 1-based page numbers, in order.
    var pages: [Int]
    var labels: [String]?
    var title: String?
    /// True for the first document written to a stream (a shared standard output writes
    /// one TSV header for all documents).
    var firstOnStream: Bool
    /// Language, structure roles and links for styled output (`--attributed`), else nil.
    var styling: StylingSource? = nil
    /// SHA-256 of the input's bytes, in hex, for the formats that identify pages by it.
    var sha256: String? = nil
    /// The document's `/Lang`.
    var language: String? = nil
    /// The Info dictionary's entries for the pdftotext HTML head, and the document's serial
    /// number (PopplerHTML.swift); nil when not read.
    var metadata: DocumentMetadata? = nil
}

/// What a formatter knows of the page being written.
struct PageContext: Sendable {
    /// 1-based page number.
    var number: Int
    /// Position among the selected pages, from 0.
    var ordinal: Int
    var label: String?
}

/// Turns pages into bytes. `page` is called on worker threads, possibly for several pages
/// at once; the writer puts `documentStart`, the pages in order, and `documentEnd` together.
protocol PageFormatter: Sendable {
    func documentStart(_ document: DocumentContext) -> Bytes
    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes
    func documentEnd(_ document: DocumentContext) -> Bytes
}

/// Plain text: the layout's text (or the physical layout), a form feed after each page.
struct TextFormatter: PageFormatter {
    var physical: Bool
    var pageBreaks: Bool
    var physicalOptions = PhysicalLayoutOptions()

    func documentStart(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }
    func documentEnd(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        var out = Bytes(capacity: page.layout.characters.count + 8)
        if physical {
            out.append(physicalText(page.layout, glyphs: page.glyphs, options: physicalOptions))
        } else {
            for c in page.layout.characters { out.append(c.scalar) }
        }
        if pageBreaks { out.append(0x0C) }
        return out
    }
}
