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

/// The TSV rows of one page, written as bytes (this is a bulk output: no `String` per field).
enum GlyphTSV {
    static func write(_ page: PageGlyphs, pageNumber: Int, display: Bool, to out: BufferedOutput) {
        let m = display ? page.displayTransform : Matrix.identity
        let fontNames = page.fonts.map { Array($0.name.utf8) }
        let sources = UnicodeSource.allCases.map { Array($0.description.utf8) }
        let pageText = Array(String(pageNumber).utf8)
        var flagCache: [UInt16: [UInt8]] = [:]
        var b = out.buffer
        for (i, g) in page.glyphs.enumerated() {
            let run = page.runs[Int(g.run)]
            let box = g.quad.transformed(by: m).bounds
            let o = m.apply(g.origin)
            b.append(contentsOf: pageText); b.append(9)
            appendInt(Int64(i), &b); b.append(9)
            escape(page, g.text, into: &b); b.append(9)
            appendNumber(box.x0, &b); b.append(9); appendNumber(box.y0, &b); b.append(9)
            appendNumber(box.x1, &b); b.append(9); appendNumber(box.y1, &b); b.append(9)
            b.append(contentsOf: fontNames[Int(run.font)]); b.append(9)
            appendNumber(run.effectiveSize, &b); b.append(9)
            b.append(contentsOf: sources[Int(g.unicodeSource.rawValue)]); b.append(9)
            if let f = flagCache[g.flags.rawValue] {
                b.append(contentsOf: f)
            } else {
                let f = Array(flagText(g.flags).utf8)
                flagCache[g.flags.rawValue] = f
                b.append(contentsOf: f)
            }
            b.append(9)
            appendNumber(o.x, &b); b.append(9); appendNumber(o.y, &b); b.append(10)
            if b.count >= 1 << 16 {
                out.buffer = b
                out.flush()
                b = out.buffer
            }
        }
        out.buffer = b
    }

    static func escape(_ page: PageGlyphs, _ r: Range<Int32>, into b: inout [UInt8]) {
        for k in Int(r.lowerBound)..<Int(r.upperBound) {
            let c = page.scalars[k]
            switch c {
            case "\t": b.append(0x5C); b.append(UInt8(ascii: "t"))
            case "\n": b.append(0x5C); b.append(UInt8(ascii: "n"))
            case "\r": b.append(0x5C); b.append(UInt8(ascii: "r"))
            case "\\": b.append(0x5C); b.append(0x5C)
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    b.append(contentsOf: "\\u{".utf8)
                    b.append(contentsOf: String(c.value, radix: 16).utf8)
                    b.append(UInt8(ascii: "}"))
                } else if c.value < 0x80 {
                    b.append(UInt8(c.value))
                } else {
                    b.append(contentsOf: UTF8.encode(c)!)
                }
            }
        }
    }

    static func appendInt(_ v: Int64, _ b: inout [UInt8]) {
        var n = v
        if n < 0 { b.append(UInt8(ascii: "-")); n = n == .min ? .max : -n }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(n % 10) + 48
                n /= 10
                count += 1
            } while n > 0
            for k in stride(from: count - 1, through: 0, by: -1) { b.append(d[k]) }
        }
    }

    /// A coordinate to two decimals, trailing zeros dropped: 72, 89.33, 0.5, -3.25.
    static func appendNumber(_ v: Double, _ b: inout [UInt8]) {
        guard v.isFinite, abs(v) < 1e15 else { b.append(48); return }
        let n = Int64((v * 100).rounded())
        if n < 0 { b.append(UInt8(ascii: "-")) }
        let a = n < 0 ? -n : n
        appendInt(a / 100, &b)
        let frac = a % 100
        if frac != 0 {
            b.append(UInt8(ascii: "."))
            b.append(UInt8(frac / 10) + 48)
            if frac % 10 != 0 { b.append(UInt8(frac % 10) + 48) }
        }
    }

    static func num(_ v: Double) -> String {
        var b: [UInt8] = []
        appendNumber(v, &b)
        return String(decoding: b, as: UTF8.self)
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
