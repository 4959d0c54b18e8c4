import ArgumentParser
import Foundation
import PDFCore
import PDFSearch
import PDFSearchIndex

/// `pdftext search --db index.sqlite QUERY`: the pages of an index that match, best first.
package struct SearchCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search an index built by `pdftext index`: matching pages, best first (bm25).",
        discussion: """
            QUERY (several arguments are joined by spaces): words, all of which must be on the \
            page; "a phrase" in quotes (the words next to each other, in order); pref* (words \
            starting so); OR, AND, NOT in capitals, -word (without it) and parentheses. \
            Words are folded as the index folded its text (case, diacritics, width), so \
            Resume finds résumé. Chinese and Japanese need no spaces: 東京 finds 東京 inside \
            東京都.

            Prints one hit per line: FILE, page N (label), and a snippet of the page with \
            the matches marked (in colour on a terminal, else between [ and ]; \
            --mark-start/--mark-end choose); control and bidirectional formatting characters \
            in the name, the label and the snippet are shown escaped (\\u{1b}). --json prints one object: {"query","ftsQuery",\
            "total","hits":[{"file","sha256","page","label","language","score","width",\
            "height","snippet","matches":[{"text","start","end","utf16":{"location","length"},\
            "boxes":[[x0,y0,x1,y1]...]}]}]}: start/end count Unicode scalars of the page text, \
            utf16 is the same range in PDFKit's UTF-16 indices (PDFPage.string), boxes are display space (points, \
            origin top-left of the page as shown, after /Rotate), one per line of the match.

            A query may be at most \(Limits.default.maxQueryBytes) bytes long, hold at most \
            \(Limits.default.maxQueryTerms) words (a Chinese or Japanese character counts as \
            one) and nest parentheses \(Limits.default.maxQueryDepth) deep; a longer one is \
            refused (exit 64). The index is opened read-only: searching never writes to it.

            Exit codes, as grep: 0 a page matched; 1 none did; 2 the index cannot be opened \
            or read; 64 bad usage (also a query with no word in it, or over a limit).
            """)

    @Argument(help: ArgumentHelp("The query.", valueName: "query"))
    package var query: [String] = []

    @Option(help: ArgumentHelp("The index file.", valueName: "file"))
    package var db: String

    @Option(help: "Hits to print.")
    package var limit: Int = 10

    @Option(help: "Hits to skip first (for the next screenful).")
    package var offset: Int = 0

    @Option(help: ArgumentHelp("Only files in this folder (any depth), or this file.", valueName: "path"))
    package var under: String?

    @Option(help: ArgumentHelp("Only pages in this language (BCP 47; `en` also takes `en-GB`).", valueName: "tag"))
    package var lang: String?

    @Flag(help: "One JSON object with every hit, its matches and their boxes.")
    package var json = false

    @Option(help: "Longest snippet, in characters.")
    package var snippetLength: Int = 160

    @Option(help: "Written before each match in snippets (default: [, or colour on a terminal).")
    package var markStart: String?

    @Option(help: "Written after each match in snippets (default: ], or colour on a terminal).")
    package var markEnd: String?

    @OptionGroup(title: "Colour") package var colorOptions: ColorOptions

    package init() {}

    /// Arguments after `search` beyond which the command line is refused before it is
    /// parsed (the argument parser's time grows with the square of their number): room for
    /// every option and a query of ``PDFCore/Limits/maxQueryTerms`` words.
    static var maxArguments: Int { Limits.default.maxQueryTerms + 32 }

    /// The usage error for a `pdftext` command line that is a search with too many
    /// arguments, nil for any other.
    static func refusal(arguments: [String]) -> String? {
        guard arguments.first == configuration.commandName, arguments.count - 1 > maxArguments else { return nil }
        return "search: \(arguments.count - 1) arguments; a query may hold at most \(Limits.default.maxQueryTerms) words"
    }

    package func validate() throws {
        if query.isEmpty { throw ValidationError("no query") }
        if limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more") }
        if snippetLength < 10 { throw ValidationError("--snippet-length must be 10 or more") }
    }

    package func run() throws {
        let index: SearchIndex
        do {
            index = try SearchIndex(path: db, create: false, readOnly: true)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        let text = query.joined(separator: " ")
        let parsed: SearchQuery
        do {
            parsed = try SearchQuery(text, tokenizer: index.tokenizer)
        } catch {
            // A query too long to repeat is not repeated.
            printError(text.unicodeScalars.count <= 80 && query.count <= 16 ? "\(text): \(error)" : "search: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        let results: SearchIndex.Results
        do {
            let filter = SearchIndex.Filter(under: under.map { RawPath(argument: $0).absolute.key }, language: lang)
            results = try index.search(parsed, limit: limit, offset: offset, filter: filter)
        } catch {
            printError("\(db): cannot search: \(error)")
            throw ExitCode(2)
        }
        let writer = ByteWriter(fd: 1)
        if json {
            writer.bytes(Self.json(results, queryText: text, snippetLength: snippetLength).data)
        } else {
            let colour = colorOptions.enabled()
            let start = markStart ?? (colour ? "\u{1B}[1;31m" : "[")
            let end = markEnd ?? (colour ? "\u{1B}[0m" : "]")
            var out = Bytes()
            // The file name, the label and the snippet come from files: shown escaped.
            for hit in results.hits {
                out.append(ControlEscaping.escaped(hit.file))
                out.append(", page \(hit.page)")
                if let l = hit.label, l != String(hit.page) { out.append(" (\(ControlEscaping.escaped(l)))") }
                out.append(": ")
                out.append(hit.snippet(length: snippetLength, markStart: start, markEnd: end, escapingControls: true))
                out.append(10)
            }
            writer.bytes(out.data)
        }
        writer.flush()
        if !json && results.total > offset + results.hits.count && isatty(2) != 0 {
            printError("\(results.hits.count) of \(results.total) matching pages shown (--offset \(offset + results.hits.count) for more)")
        }
        if results.total == 0 { throw ExitCode(1) }
    }

    static func json(_ r: SearchIndex.Results, queryText: String, snippetLength: Int) -> Bytes {
        var out = Bytes()
        out.append("{\"schema\":\"pdftext-search/1\",\"query\":")
        out.jsonString(queryText.unicodeScalars)
        out.append(",\"ftsQuery\":")
        out.jsonString(r.query.ftsExpression.unicodeScalars)
        out.append(",\"total\":")
        out.int(r.total)
        out.append(",\"hits\":[")
        for (k, hit) in r.hits.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"file\":")
            out.jsonString(hit.file.unicodeScalars)
            out.append(",\"sha256\":")
            out.jsonString(hit.sha256.unicodeScalars)
            out.append(",\"page\":")
            out.int(hit.page)
            out.append(",\"label\":")
            out.jsonStringOrNull(hit.label)
            out.append(",\"language\":")
            out.jsonStringOrNull(hit.language)
            out.append(",\"score\":")
            out.append(String(format: "%.4f", hit.score))
            out.append(",\"width\":")
            JSONFormatter.number(hit.width, into: &out)
            out.append(",\"height\":")
            JSONFormatter.number(hit.height, into: &out)
            out.append(",\"snippet\":")
            out.jsonString(hit.snippet(length: snippetLength).unicodeScalars)
            out.append(",\"truncatedFromPage\":")
            if let page = hit.truncatedFromPage { out.int(page) } else { out.append("null") }
            out.append(",\"matches\":[")
            for (m, match) in hit.matches.enumerated() {
                if m > 0 { out.append(UInt8(ascii: ",")) }
                out.append("{\"text\":")
                out.jsonString(match.text.unicodeScalars)
                out.append(",\"start\":")
                out.int(match.range.lowerBound)
                out.append(",\"end\":")
                out.int(match.range.upperBound)
                out.append(",\"utf16\":{\"location\":")
                out.int(match.utf16Range.lowerBound)
                out.append(",\"length\":")
                out.int(match.utf16Range.count)
                out.append("},\"boxes\":[")
                for (b, box) in match.boxes.enumerated() {
                    if b > 0 { out.append(UInt8(ascii: ",")) }
                    JSONFormatter.box(box, into: &out)
                }
                out.append("]}")
            }
            out.append("]}")
        }
        out.append("]}\n")
        return out
    }
}
