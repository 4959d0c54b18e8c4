import ArgumentParser
import Foundation
import PDFCore
import PDFContent
import PDFFonts
import PDFOCR
import PDFText
import PDFGlyphs

/// `pdftext glyphs`: every glyph as painted, one TSV row each (a debugging view of the
/// glyph arena that every other output is built from).
package struct Glyphs: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "glyphs",
        abstract: "List every glyph as painted: text, box, font, size, Unicode source and flags (TSV).",
        discussion: """
            With several files, their rows follow one another (the page column restarts); \
            the exit code is the highest of them. Columns: page (1-based), index (on the page, painting order), text, x0 y0 x1 y1 \
            (the glyph box), font, size (effective, in points), source (where the Unicode came \
            from: tounicode, encoding, glyphname, fontprogram, actualtext, ocr:N for a character \
            read by OCR with N its confidence 0–100 (see --ocr), guessed, none), \
            flags (duplicate, invisible, clipped, offpage, annotation, artifact, vertical, \
            hidden: in an optional-content layer that is off; - when none), then ox oy (the glyph origin). Coordinates are PDF page space (origin \
            bottom-left, y up, before /Rotate) unless --display is given: then the rotated, \
            y-down space of the crop box that mutool and pdftotext -bbox use. Text and font \
            are escaped: \\t, \\n, \\r, \\\\, and \\u{1b} for other control and \
            bidirectional formatting characters.
            """)

    @Argument(help: "PDF files (`-` reads standard input).")
    package var files: [String]

    @Option(help: "Pages to list, such as 1-3,7,10- (default: all).")
    package var pages: String?

    @OptionGroup package var range: FirstLastOptions

    @Flag(help: "Report coordinates in display space (rotated, y down, origin at the crop box's top-left).")
    package var display = false

    @Flag(help: "Also interpret annotation appearances (form fields, FreeText); their glyphs are flagged `annotation`.")
    package var annotations = false

    @Flag(help: "Omit the header line.")
    package var noHeader = false

    @Flag(help: "List the diagnostics met on each page, on standard error.")
    package var diagnostics = false

    @OptionGroup package var passwords: PasswordOptions

    @OptionGroup package var access: TextAccessOptions

    @OptionGroup(title: "OCR") package var ocr: OCRFlags

    package init() {}

    package func validate() throws {
        if let p = pages { _ = try PageSelection(parsing: p) }
    }

    package func run() throws {
        let selection = try pages.map { try PageSelection(parsing: $0) } ?? PageSelection()
        var options = ExtractionOptions()
        options.includeAnnotations = annotations
        let out = ByteWriter()
        if !noHeader { out.write("page\tindex\ttext\tx0\ty0\tx1\ty1\tfont\tsize\tsource\tflags\tox\toy\n") }
        var status = ExitStatus.success
        for file in files {
            let document: Document
            switch Opening.open(path: file, passwords: passwords.candidates) {
            case .failure(let f):
                out.flush()
                printError(f.message)
                status = max(status, f.exitCode)
                continue
            case .success(let (d, _)):
                document = d
            }
            if let refusal = access.refusal(for: document, path: file) {
                out.flush()
                printError(refusal.message)
                status = max(status, refusal.exitCode)
                continue
            }
            let numbers = selection.pages(count: document.pageCount, first: range.firstPage, last: range.lastPage)
            let extractor = PageExtractor(document: document, fonts: FontCache(store: document.store), options: options)
            let recognizer = ocr.mode == .never ? nil : OCRPass(document: document, extractor: extractor, options: ocr.options)
            for n in numbers {
                var page = extractor.extract(pageIndex: n - 1)
                recognizer?.run(&page)
                GlyphTSV.write(page, pageNumber: n, display: display, to: out)
                if diagnostics {
                    out.flush()
                    for d in page.diagnostics.entries { printError("\(file): page \(n): \(d)") }
                }
                if out.error != nil { break }
            }
        }
        out.flush()
        if let e = out.error {
            printError("cannot write output: \(e)")
            throw ExitCode(ExitStatus.outputFailed)
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

/// The TSV rows of one page, written as bytes (a bulk output: no `String` per field).
enum GlyphTSV {
    static func write(_ page: PageGlyphs, pageNumber: Int, display: Bool, to out: ByteWriter) {
        let m = display ? page.displayTransform : Matrix.identity
        // Font names come from the file: escaped as the text column is.
        let fontNames = page.fonts.map { Array(ControlEscaping.escaped($0.name, doublingBackslashes: true).utf8) }
        let sources = UnicodeSource.allCases.map { Array($0.description.utf8) }
        var flagCache: [UInt16: [UInt8]] = [:]
        for (i, g) in page.glyphs.enumerated() {
            let run = page.runs[Int(g.run)]
            let box = g.quad.transformed(by: m).bounds
            let o = m.apply(g.origin)
            out.int(Int64(pageNumber)); out.byte(9)
            out.int(Int64(i)); out.byte(9)
            escape(page, g.text, into: out); out.byte(9)
            out.number(box.x0); out.byte(9); out.number(box.y0); out.byte(9)
            out.number(box.x1); out.byte(9); out.number(box.y1); out.byte(9)
            out.bytes(fontNames[Int(run.font)]); out.byte(9)
            out.number(run.effectiveSize); out.byte(9)
            out.bytes(sources[Int(g.unicodeSource.rawValue)])
            if g.unicodeSource == .ocr, i < page.ocrConfidence.count {
                // OCR's confidence in the character, 0–100: `ocr:96`.
                out.byte(0x3A); out.int(Int64(page.ocrConfidence[i].rounded()))
            }
            out.byte(9)
            if let f = flagCache[g.flags.rawValue] {
                out.bytes(f)
            } else {
                let f = Array(flagText(g.flags).utf8)
                flagCache[g.flags.rawValue] = f
                out.bytes(f)
            }
            out.byte(9)
            out.number(o.x); out.byte(9); out.number(o.y); out.byte(10)
            out.flushIfFull()
        }
    }

    static func escape(_ page: PageGlyphs, _ r: Range<Int32>, into out: ByteWriter) {
        for k in Int(r.lowerBound)..<Int(r.upperBound) {
            let c = page.scalars[k]
            switch c {
            case "\\": out.byte(0x5C); out.byte(0x5C)
            default:
                if ControlEscaping.needsEscape(c) {
                    out.write(ControlEscaping.escape(c))
                } else if c.value < 0x80 {
                    out.byte(UInt8(c.value))
                } else {
                    for u in UTF8.encode(c)! { out.byte(u) }
                }
            }
        }
    }

    static let flagNames: [(GlyphFlags, String)] = [
        (.duplicate, "duplicate"), (.invisible, "invisible"), (.clipped, "clipped"), (.offPage, "offpage"),
        (.annotation, "annotation"), (.artifact, "artifact"), (.vertical, "vertical"), (.hidden, "hidden"),
    ]

    static func flagText(_ f: GlyphFlags) -> String {
        let names = flagNames.filter { f.contains($0.0) }.map(\.1)
        return names.isEmpty ? "-" : names.joined(separator: ",")
    }
}
