import ArgumentParser
import Foundation
import PDFCore
import PDFContent
import PDFFonts
import PDFText
import PDFTextModel

/// `pdftext glyphs`: every glyph as painted, one TSV row each (a debugging view of the
/// glyph arena that every other output is built from).
public struct Glyphs: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "List every glyph as painted: text, box, font, size, Unicode source and flags (TSV).",
        discussion: """
            Columns: page (1-based), index (on the page, painting order), text, x0 y0 x1 y1 \
            (the glyph box), font, size (effective, in points), source (where the Unicode came \
            from: tounicode, encoding, glyphname, fontprogram, actualtext, guessed, none), \
            flags (duplicate, invisible, clipped, offpage, annotation, artifact, vertical; - \
            when none), then ox oy (the glyph origin). Coordinates are PDF page space (origin \
            bottom-left, y up, before /Rotate) unless --display is given: then the rotated, \
            y-down space of the crop box that mutool and pdftotext -bbox use. Text is escaped: \
            \\t, \\n, \\\\.
            """)

    @Argument(help: "A PDF file (`-` reads standard input).")
    public var file: String

    @Option(help: "Pages to list, such as 1-3,7,10- (default: all).")
    public var pages: String?

    @Option(name: [.customShort("f"), .customLong("first-page")], help: "First page (1-based).")
    public var firstPage: Int?

    @Option(name: [.customShort("l"), .customLong("last-page")], help: "Last page.")
    public var lastPage: Int?

    @Flag(help: "Report coordinates in display space (rotated, y down, origin at the crop box's top-left).")
    public var display = false

    @Flag(help: "Also interpret annotation appearances (form fields, FreeText); their glyphs are flagged `annotation`.")
    public var annotations = false

    @Flag(help: "Omit the header line.")
    public var noHeader = false

    @Flag(help: "List the diagnostics met on each page, on standard error.")
    public var diagnostics = false

    @OptionGroup public var passwords: PasswordOptions

    public init() {}

    public func validate() throws {
        if let p = pages { _ = try PageSelection(parsing: p) }
        if let f = firstPage, f < 1 { throw ValidationError("-f must be 1 or more") }
        if let l = lastPage, l < 1 { throw ValidationError("-l must be 1 or more") }
    }

    public func run() throws {
        let document: Document
        switch Opening.open(path: file, passwords: passwords.candidates) {
        case .failure(let f):
            printError(f.message)
            throw ExitCode(f.exitCode)
        case .success(let (d, _)):
            document = d
        }
        let selection = try pages.map { try PageSelection(parsing: $0) } ?? PageSelection()
        let numbers = selection.pages(count: document.pageCount, first: firstPage, last: lastPage)
        let fonts = FontCache(store: document.store)
        var options = ExtractionOptions()
        options.includeAnnotations = annotations
        let out = BufferedOutput()
        if !noHeader { out.write("page\tindex\ttext\tx0\ty0\tx1\ty1\tfont\tsize\tsource\tflags\tox\toy\n") }
        for n in numbers {
            let page = GlyphExtraction.extract(document: document, pageIndex: n - 1, fonts: fonts, options: options)
            GlyphTSV.write(page, pageNumber: n, display: display, to: out)
            if diagnostics {
                for d in page.diagnostics.entries { printError("\(file): page \(n): \(d)") }
            }
        }
        out.flush()
    }
}

/// The TSV rows of one page.
enum GlyphTSV {
    static func write(_ page: PageGlyphs, pageNumber: Int, display: Bool, to out: BufferedOutput) {
        let m = display ? page.displayTransform : Matrix.identity
        var line = ""
        for (i, g) in page.glyphs.enumerated() {
            let run = page.runs[Int(g.run)]
            let font = page.fonts[Int(run.font)]
            let box = g.quad.transformed(by: m).bounds
            let o = m.apply(g.origin)
            line.removeAll(keepingCapacity: true)
            line += String(pageNumber); line += "\t"
            line += String(i); line += "\t"
            escape(page, g.text, into: &line); line += "\t"
            line += num(box.x0); line += "\t"; line += num(box.y0); line += "\t"
            line += num(box.x1); line += "\t"; line += num(box.y1); line += "\t"
            line += font.name; line += "\t"
            line += num(run.effectiveSize); line += "\t"
            line += g.unicodeSource.description; line += "\t"
            line += flagText(g.flags); line += "\t"
            line += num(o.x); line += "\t"; line += num(o.y); line += "\n"
            out.write(line)
        }
    }

    static func escape(_ page: PageGlyphs, _ r: Range<Int32>, into s: inout String) {
        for k in Int(r.lowerBound)..<Int(r.upperBound) {
            let c = page.scalars[k]
            switch c {
            case "\t": s += "\\t"
            case "\n": s += "\\n"
            case "\r": s += "\\r"
            case "\\": s += "\\\\"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    s += "\\u{" + String(c.value, radix: 16) + "}"
                } else {
                    s.unicodeScalars.append(c)
                }
            }
        }
    }

    static func num(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return String(r)
    }

    static let flagNames: [(GlyphFlags, String)] = [
        (.duplicate, "duplicate"), (.invisible, "invisible"), (.clipped, "clipped"), (.offPage, "offpage"),
        (.annotation, "annotation"), (.artifact, "artifact"), (.vertical, "vertical"),
    ]

    static func flagText(_ f: GlyphFlags) -> String {
        let names = flagNames.filter { f.contains($0.0) }.map(\.1)
        return names.isEmpty ? "-" : names.joined(separator: ",")
    }
}

/// Standard output in 64 KiB writes.
final class BufferedOutput {
    var buffer: [UInt8] = []
    init() { buffer.reserveCapacity(1 << 16) }
    func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }
    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
