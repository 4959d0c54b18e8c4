import ArgumentParser
import Foundation
import PDFCore
import PDFText

/// pdftotext's options that `pdftext text` takes besides its own (docs/POPPLER-COMPAT.md):
/// each under pdftotext's single-dash name and, where it is ours too, a long name.
package struct PopplerOptions: ParsableArguments {
    @Option(name: [.customShort("r"), .customLong("resolution")], parsing: .unconditional,
            help: ArgumentHelp("Resolution (DPI) of the -x/-y/-W/-H pixels and of the -tsv and -bbox coordinates (pdftotext -r).", valueName: "dpi"))
    package var resolution: Double = 72

    @Option(name: [.customShort("x"), .customLong("crop-x")], parsing: .unconditional,
            help: ArgumentHelp("Left edge of the crop area, in pixels at --resolution from the media box's left (pdftotext -x).", valueName: "pixels"))
    package var cropX: Int = 0
    @Option(name: [.customShort("y"), .customLong("crop-y")], parsing: .unconditional,
            help: ArgumentHelp("Top edge of the crop area, in pixels from the media box's top (pdftotext -y).", valueName: "pixels"))
    package var cropY: Int = 0
    @Option(name: [.customShort("W"), .customLong("crop-width")], parsing: .unconditional,
            help: ArgumentHelp("Width of the crop area in pixels (pdftotext -W). A crop area is used when any of -x, -y, -W, -H is not 0.", valueName: "pixels"))
    package var cropWidth: Int = 0
    @Option(name: [.customShort("H"), .customLong("crop-height")], parsing: .unconditional,
            help: ArgumentHelp("Height of the crop area in pixels (pdftotext -H).", valueName: "pixels"))
    package var cropHeight: Int = 0

    @Option(name: [.customLong("fixed", withSingleDash: true), .customLong("fixed-pitch")], parsing: .unconditional,
            help: ArgumentHelp("Physical layout (--layout) on a grid of this character width in points, measured from the page's left edge (pdftotext -fixed).", valueName: "points"))
    package var fixedPitch: Double?

    @Option(name: [.customLong("colspacing", withSingleDash: true), .customLong("column-spacing")], parsing: .unconditional,
            help: ArgumentHelp("A gap wider than this (a fraction of the font size) may part columns (pdftotext -colspacing; sets --segment-gap-ratio).", valueName: "em"))
    package var columnSpacing: Double?

    @Flag(name: [.customLong("htmlmeta", withSingleDash: true), .customLong("html-meta")],
          help: "pdftotext -htmlmeta: the text in an XHTML page whose head holds the document's title and Info metadata.")
    package var htmlMeta = false

    @Flag(name: .customLong("bbox", withSingleDash: true), help: "pdftotext -bbox: XHTML with each word's box (same as --format bbox).")
    package var bbox = false

    @Flag(name: .customLong("bbox-layout", withSingleDash: true), help: "pdftotext -bbox-layout: XHTML with the boxes of blocks, lines and words (same as --format bbox-layout).")
    package var bboxLayout = false

    @Flag(name: [.customLong("cropbox", withSingleDash: true), .customLong("cropbox")],
          help: "Measure -tsv and -bbox coordinates from the crop box, not the media box (pdftotext -cropbox).")
    package var cropBox = false

    @Option(name: [.customLong("enc", withSingleDash: true), .customLong("encoding")],
            help: ArgumentHelp("Output encoding: UTF-8 (default), UTF-16 (or UCS-2), Latin1, ASCII7, or any name --list-encodings prints (pdftotext -enc).", valueName: "name"))
    package var encodingName: String?

    @Flag(name: [.customLong("listenc", withSingleDash: true), .customLong("list-encodings")],
          help: "List the output encodings and exit (pdftotext -listenc).")
    package var listEncodings = false

    @Option(name: [.customLong("eol", withSingleDash: true), .customLong("eol")],
            help: ArgumentHelp("Line ends of text output: unix (\\n, the default), dos (\\r\\n) or mac (\\r) (pdftotext -eol).", valueName: "unix|dos|mac"))
    package var endOfLine: EndOfLine = .unix

    @Flag(name: .customLong("as-pdftotext"),
          help: "Behave as pdftotext (also when run under that name): with one input and no output the text goes to INPUT.txt (.html with -htmlmeta or -bbox), the format follows the flags only, and usage errors exit 99.")
    package var asPdftotext = false

    package init() {}

    /// The highest resolution accepted (pdftotext takes any number; past this the pixel
    /// arithmetic means nothing).
    static let maximumResolution = 1_000_000.0
    /// The largest crop coordinate or size accepted, in pixels.
    static let maximumCropPixels = 1_000_000_000

    package func validate() throws {
        guard resolution.isFinite, resolution > 0, resolution <= Self.maximumResolution else {
            throw ValidationError("-r must be a number of DPI above 0 and at most \(Int(Self.maximumResolution)), not \(resolution)")
        }
        for (name, v) in [("-x", cropX), ("-y", cropY), ("-W", cropWidth), ("-H", cropHeight)] where abs(v) > Self.maximumCropPixels {
            throw ValidationError("\(name) must be between -\(Self.maximumCropPixels) and \(Self.maximumCropPixels) pixels, not \(v)")
        }
        if let f = fixedPitch, !(f.isFinite && f >= 0 && f <= 10_000) {
            throw ValidationError("-fixed must be a character width in points from 0 to 10000, not \(f)")
        }
        if let c = columnSpacing, !(c.isFinite && c >= 0 && c <= 1000) {
            throw ValidationError("-colspacing must be a fraction of the font size from 0 to 1000, not \(c)")
        }
        if let name = encodingName, OutputEncoding(name: name) == nil {
            throw ValidationError("unknown encoding '\(name)' (pdftext --list-encodings lists them)")
        }
    }

    /// The output encoding (UTF-8 unless named).
    var encoding: OutputEncoding { encodingName.flatMap { OutputEncoding(name: $0) } ?? .utf8 }

    /// Whether a crop area is asked for (pdftotext uses one when any of the four is not 0).
    var hasCropArea: Bool { cropX != 0 || cropY != 0 || cropWidth != 0 || cropHeight != 0 }

    /// The crop area in display-space points, measured from the media box's top-left (as
    /// pdftotext's slice of `displayPageSlice` with `useMediaBox`).
    var cropArea: Rect? {
        guard hasCropArea else { return nil }
        let k = 72 / resolution
        return Rect(x0: Double(cropX) * k, y0: Double(cropY) * k,
                    x1: Double(cropX + cropWidth) * k, y1: Double(cropY + cropHeight) * k)
    }

    /// The scale from points to the output's coordinate unit (pixels at `resolution`).
    var coordinateScale: Double { resolution / 72 }

    /// The frame positional pdftotext formats measure from.
    var frame: DisplayLayout.Frame { cropBox ? .cropBox : .mediaBox }
}

/// pdftotext's crop area: keeps the glyphs whose pen path (from the origin along the
/// advance) meets the area, as Poppler's text device keeps the characters of a page slice;
/// the others are flagged off the page, so that the layout leaves them out.
struct CropArea: Sendable {
    /// Display-space points, from the media box's top-left.
    var area: Rect

    func apply(to page: inout PageGlyphs) {
        var m = page.displayTransform
        let media = Quad(page.mediaBox).transformed(by: m).bounds
        if media.x0.isFinite, media.y0.isFinite {
            m = m.concatenating(Matrix(a: 1, b: 0, c: 0, d: 1, e: -media.x0, f: -media.y0))
        }
        for i in page.glyphs.indices {
            let g = page.glyphs[i]
            let vertical = Int(g.run) >= 0 && Int(g.run) < page.runs.count && page.runs[Int(g.run)].writingMode == 1
            let q = g.quad.transformed(by: m)
            let o = m.apply(g.origin)
            // The advance as a display-space vector: the glyph box's edge along the writing direction.
            let dx = vertical ? q.lowerLeft.x - q.upperLeft.x : q.lowerRight.x - q.lowerLeft.x
            let dy = vertical ? q.lowerLeft.y - q.upperLeft.y : q.lowerRight.y - q.lowerLeft.y
            let x = o.x - area.x0, y = o.y - area.y0
            let keep = x.isFinite && y.isFinite && dx.isFinite && dy.isFinite
                && !(x + dx < 0 || x > area.width || y + dy < 0 || y > area.height)
            if !keep { page.glyphs[i].flags.insert(.offPage) }
        }
    }
}

extension Text {
    /// The pdftotext options' own checks, and their conflicts with ours.
    func validatePoppler() throws {
        let p = poppler
        if p.bbox || p.bboxLayout, let f = format, f != popplerFormat {
            throw ValidationError("\(p.bboxLayout ? "-bbox-layout" : "-bbox") and --format \(f.rawValue) contradict each other")
        }
        if p.bbox || p.bboxLayout, popplerTSV { throw ValidationError("-bbox and -tsv exclude each other") }
        if p.htmlMeta, !(p.bbox || p.bboxLayout), effectiveFormat != .text {
            throw ValidationError("-htmlmeta applies to text output only, not --format \(effectiveFormat.rawValue)")
        }
        // JSON is UTF-8 by definition, and the XML formats declare UTF-8: only pdftotext's own
        // formats are re-encoded.
        if p.encoding != .utf8 || p.endOfLine != .unix, styledFormat != nil || ![.text, .tsv, .bbox, .bboxLayout].contains(effectiveFormat) {
            throw ValidationError("--encoding and --eol apply to text, tsv, bbox and bbox-layout output, not \(effectiveFormat.rawValue)")
        }
        if p.hasCropArea, [.html, .accessibleText].contains(effectiveFormat) {
            throw ValidationError("-x, -y, -W and -H apply to page-by-page output, not --format \(effectiveFormat.rawValue)")
        }
    }

    /// The format pdftotext's flags ask for (-bbox-layout, -bbox), or nil.
    var popplerFormat: OutputFormat? {
        if poppler.bboxLayout { return .bboxLayout }
        if poppler.bbox { return .bbox }
        return nil
    }

    /// The formatters whose coordinates follow pdftotext's frame and resolution; nil for the others.
    func popplerFormatter(_ format: OutputFormat) -> (any PageFormatter)? {
        switch format {
        case .tsv: TSVFormatter(frame: poppler.frame, scale: poppler.coordinateScale)
        case .bbox, .bboxLayout: BBoxFormatter(frame: poppler.frame, layout: format == .bboxLayout, scale: poppler.coordinateScale)
        default: nil
        }
    }

    /// Plain text, inside pdftotext's HTML page with -htmlmeta.
    func wrappedText(_ text: TextFormatter) -> any PageFormatter {
        poppler.htmlMeta ? HTMLMetaFormatter(text: text) : text
    }

    /// `formatter` with --encoding and --eol applied (itself when both are the defaults).
    func encoded(_ formatter: any PageFormatter) -> any PageFormatter {
        let p = poppler
        guard p.encoding != .utf8 || p.endOfLine != .unix else { return formatter }
        return EncodedFormatter(base: formatter, encoding: p.encoding, endOfLine: p.endOfLine,
                                pagesHaveLines: effectiveFormat == .text)
    }

    /// pdftotext's outputs: the second path, else the input's name with .txt (.html with
    /// -htmlmeta, -bbox or -bbox-layout) for .pdf (or added to it).
    var pdftotextPlan: (inputs: [String], destination: Destination) {
        guard let input = paths.first else { return ([], .standardOutput) }
        if paths.count == 2 { return ([input], paths[1] == "-" ? .standardOutput : .file(paths[1])) }
        let base = input.hasSuffix(".pdf") || input.hasSuffix(".PDF") ? String(input.dropLast(4)) : input
        let html = poppler.htmlMeta || poppler.bbox || poppler.bboxLayout
        return ([input], .file(base + (html ? ".html" : ".txt")))
    }
}
