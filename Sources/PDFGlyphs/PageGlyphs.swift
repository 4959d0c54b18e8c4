@_exported import PDFCore

// The boundary between interpretation and layout: one arena of glyphs per page.
//
// Coordinate space: every point, quad and box here is in PDF *default user space* of the
// page (PDFKit's "page space"): origin at the bottom-left of the coordinate system the
// page's MediaBox is written in, y upwards, one unit = 1/72 inch × UserUnit, and *before*
// the page's /Rotate is applied. `PageGlyphs.rotation` and `cropBox` say how a viewer
// shows the page; `displayTransform` maps page space to the rotated, y-down display space
// that tools such as `mutool draw -F stext` and `pdftotext -bbox` report.

/// Where a glyph's Unicode came from, best first.
public enum UnicodeSource: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The font's /ToUnicode CMap.
    case toUnicode
    /// The font's encoding (base encoding and /Differences) through a standard glyph name,
    /// or a predefined CMap's CID-to-Unicode table.
    case encoding
    /// A glyph name that is not in the standard lists but was resolved by its form
    /// (`uniXXXX`, `uXXXXX`, `f_f_i`, `g123` through the font program, …).
    case glyphName
    /// The embedded font program's own cmap or glyph names.
    case fontProgram
    /// A marked-content /ActualText replaced the glyphs it covers.
    case actualText
    /// Recognised by OCR in a page image: the glyph is a character Tesseract read, with a
    /// confidence (``PageGlyphs/ocrConfidence``), not one the page's content paints.
    case ocr
    /// A guess: a code taken as Latin-1/ASCII for want of anything better.
    case guessed
    /// Unknown: the glyph has no text.
    case none

    public var description: String {
        switch self {
        case .toUnicode: "tounicode"
        case .encoding: "encoding"
        case .glyphName: "glyphname"
        case .fontProgram: "fontprogram"
        case .actualText: "actualtext"
        case .ocr: "ocr"
        case .guessed: "guessed"
        case .none: "none"
        }
    }
}

/// Per-glyph flags.
public struct GlyphFlags: OptionSet, Sendable, Hashable {
    public var rawValue: UInt16
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }
    /// The same glyph painted again less than 1 pt away (fake bold, shadow); the first
    /// painting is the original and keeps no flag.
    @inlinable public static var duplicate: GlyphFlags { GlyphFlags(rawValue: 1 << 0) }
    /// Not visible: text render mode 3 or 7 (OCR layers), or zero fill alpha.
    @inlinable public static var invisible: GlyphFlags { GlyphFlags(rawValue: 1 << 1) }
    /// Outside the clipping path in force when it was painted.
    @inlinable public static var clipped: GlyphFlags { GlyphFlags(rawValue: 1 << 2) }
    /// Outside the crop box.
    @inlinable public static var offPage: GlyphFlags { GlyphFlags(rawValue: 1 << 3) }
    /// Painted by an annotation's appearance stream (form field, FreeText), not the page.
    @inlinable public static var annotation: GlyphFlags { GlyphFlags(rawValue: 1 << 4) }
    /// Inside a marked-content sequence tagged /Artifact.
    @inlinable public static var artifact: GlyphFlags { GlyphFlags(rawValue: 1 << 5) }
    /// Written in vertical mode (WMode 1).
    @inlinable public static var vertical: GlyphFlags { GlyphFlags(rawValue: 1 << 6) }
    /// A word space inferred by nobody: the glyph itself is a space character.
    @inlinable public static var space: GlyphFlags { GlyphFlags(rawValue: 1 << 7) }
    /// In optional content (a layer) that is off in the document's default configuration:
    /// viewers do not show it.
    @inlinable public static var hidden: GlyphFlags { GlyphFlags(rawValue: 1 << 8) }
}

/// A colour reduced to sRGB, components in 0…1.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var red: Float, green: Float, blue: Float, alpha: Float
    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let black = RGBA(red: 0, green: 0, blue: 0)
    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        func h(_ v: Float) -> String {
            let i = Int((max(0, min(1, v)) * 255).rounded())
            return String(i, radix: 16).count == 1 ? "0" + String(i, radix: 16) : String(i, radix: 16)
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }
}

/// Text rendering mode (`Tr`).
public enum TextRenderingMode: UInt8, Sendable, Hashable {
    case fill = 0, stroke, fillStroke, invisible, fillClip, strokeClip, fillStrokeClip, clip
    /// Modes that paint nothing (3 and 7).
    public var isInvisible: Bool { self == .invisible || self == .clip }
}

/// One glyph as painted. Trivial (no references), so an array of them is one allocation.
public struct PositionedGlyph: Sendable, Hashable {
    /// The character code as read from the string (1–4 bytes, big-endian).
    public var code: UInt32
    /// The glyph id in the font program, or `PositionedGlyph.unknownGlyphID`.
    public var glyphID: UInt32
    /// The glyph's Unicode text: a range in `PageGlyphs.scalars` (empty when none, or when
    /// an ActualText given to an earlier glyph covers this one).
    public var text: Range<Int32>
    /// The origin: the pen position before the glyph, in page space. For vertical writing
    /// too (the top centre of the glyph's advance box), not the glyph-space origin, which
    /// lies at the pen position minus the position vector v (PDF 32000-1 §9.7.4.3).
    public var origin: Point
    /// The glyph box in page space: horizontal writing, the advance × the font's
    /// descent…ascent; vertical writing, the width × the vertical advance below the pen.
    public var quad: Quad
    /// The advance in page space, along the writing direction (absolute length).
    public var advance: Float
    /// The run this glyph belongs to (index into `PageGlyphs.runs`).
    public var run: Int32
    public var unicodeSource: UnicodeSource
    public var flags: GlyphFlags

    public static let unknownGlyphID: UInt32 = .max

    public init(code: UInt32, glyphID: UInt32 = PositionedGlyph.unknownGlyphID, text: Range<Int32>,
                origin: Point, quad: Quad, advance: Float, run: Int32,
                unicodeSource: UnicodeSource, flags: GlyphFlags = []) {
        self.code = code; self.glyphID = glyphID; self.text = text; self.origin = origin
        self.quad = quad; self.advance = advance; self.run = run
        self.unicodeSource = unicodeSource; self.flags = flags
    }
}

/// Glyphs painted with one font, size, colour, render mode and marked-content span, by one
/// text-showing operator (or less).
public struct GlyphRun: Sendable, Hashable {
    /// Index into `PageGlyphs.fonts`.
    public var font: Int32
    /// The font size from `Tf`.
    public var fontSize: Float
    /// Text rendering matrix (text space → page space) at the run's first glyph, with the
    /// font size and horizontal scaling folded in: a glyph-space unit vector of 1 text unit.
    public var textMatrix: Matrix
    public var renderingMode: TextRenderingMode
    public var fillColor: RGBA
    public var strokeColor: RGBA
    /// Index into `PageGlyphs.markedContent` of the innermost span, or -1.
    public var markedContent: Int32
    /// Glyphs in `PageGlyphs.glyphs`.
    public var glyphs: Range<Int32>
    /// 0 horizontal, 1 vertical.
    public var writingMode: UInt8

    public init(font: Int32, fontSize: Float, textMatrix: Matrix, renderingMode: TextRenderingMode,
                fillColor: RGBA, strokeColor: RGBA, markedContent: Int32, glyphs: Range<Int32>,
                writingMode: UInt8) {
        self.font = font; self.fontSize = fontSize; self.textMatrix = textMatrix
        self.renderingMode = renderingMode; self.fillColor = fillColor; self.strokeColor = strokeColor
        self.markedContent = markedContent; self.glyphs = glyphs; self.writingMode = writingMode
    }

    /// The effective size in page space: font size × the text matrix's vertical scale.
    public var effectiveSize: Double {
        let m = textMatrix
        return (m.c * m.c + m.d * m.d).squareRoot()
    }
}

/// The kind of font program a font dictionary describes.
public enum FontKind: String, Sendable, Hashable {
    case type1 = "Type1", mmType1 = "MMType1", trueType = "TrueType", type3 = "Type3"
    case cidType0 = "CIDFontType0", cidType2 = "CIDFontType2"
}

/// What layout and attributes need to know of a font.
public struct FontSummary: Sendable, Hashable {
    /// /BaseFont as written (with any subset prefix `ABCDEF+`).
    public var baseFont: String
    /// /BaseFont without the subset prefix.
    public var name: String
    /// The family name guessed from `name` (`Helvetica-BoldOblique` → `Helvetica`), or
    /// /FontFamily when given.
    public var family: String
    public var kind: FontKind
    /// /FontDescriptor /Flags (PDF 32000-1 §9.8.2), or the standard font's.
    public var descriptorFlags: UInt32
    public var isEmbedded: Bool
    public var isBold: Bool
    public var isItalic: Bool
    public var isMonospaced: Bool
    public var isSerif: Bool
    /// The dictionary's object number, when indirect.
    public var objectNumber: Int?
    /// The ascent and descent (em; descent negative) that a reader taking them from the font
    /// dictionary alone uses, as pdftotext does for its word boxes: /Ascent and /Descent of
    /// the descriptor when not 0 and within 3 em (a wrong sign corrected), else the standard
    /// font's, else 0.95 and −0.35; a standard font that is not embedded has its standard
    /// metrics whatever the descriptor says. Glyph boxes use the font program's metrics
    /// instead when the descriptor has none.
    public var nominalAscent = 0.95
    public var nominalDescent = -0.35

    public init(baseFont: String, name: String, family: String, kind: FontKind, descriptorFlags: UInt32,
                isEmbedded: Bool, isBold: Bool, isItalic: Bool, isMonospaced: Bool, isSerif: Bool,
                objectNumber: Int?) {
        self.baseFont = baseFont; self.name = name; self.family = family; self.kind = kind
        self.descriptorFlags = descriptorFlags; self.isEmbedded = isEmbedded; self.isBold = isBold
        self.isItalic = isItalic; self.isMonospaced = isMonospaced; self.isSerif = isSerif
        self.objectNumber = objectNumber
    }
}

/// A marked-content sequence (`BMC`/`BDC` … `EMC`).
public struct MarkedContentSpan: Sendable, Hashable {
    /// The tag (`P`, `Span`, `Artifact`, `OC`, …).
    public var tag: String
    public var mcid: Int?
    public var actualText: String?
    public var alt: String?
    public var lang: String?
    /// /E: the expansion of an abbreviation.
    public var expansion: String?
    /// For /Artifact: /Type (Pagination, Layout, Page, Background) and /Subtype (Header,
    /// Footer, Watermark, PageNum, …).
    public var artifactType: String?
    public var artifactSubtype: String?
    /// The enclosing span, or -1.
    public var parent: Int32

    public init(tag: String, mcid: Int? = nil, actualText: String? = nil, alt: String? = nil,
                lang: String? = nil, expansion: String? = nil, artifactType: String? = nil,
                artifactSubtype: String? = nil, parent: Int32 = -1) {
        self.tag = tag; self.mcid = mcid; self.actualText = actualText; self.alt = alt
        self.lang = lang; self.expansion = expansion; self.artifactType = artifactType
        self.artifactSubtype = artifactSubtype; self.parent = parent
    }

    public var isArtifact: Bool { tag == "Artifact" }
}

/// A painted path reduced to what text analysis uses: its bounds, and whether it is a thin
/// rule (underline, strike-through, table line).
public struct PathPaint: Sendable, Hashable {
    public var bounds: Rect
    public var isStroked: Bool
    public var isFilled: Bool
    public var color: RGBA
    public var lineWidth: Float
    public init(bounds: Rect, isStroked: Bool, isFilled: Bool, color: RGBA, lineWidth: Float) {
        self.bounds = bounds; self.isStroked = isStroked; self.isFilled = isFilled
        self.color = color; self.lineWidth = lineWidth
    }
}

/// Everything painted on one page that text analysis needs. One contiguous store per page,
/// freed at once.
public struct PageGlyphs: Sendable {
    /// 0-based page index.
    public var pageIndex: Int
    public var glyphs: [PositionedGlyph] = []
    public var runs: [GlyphRun] = []
    public var scalars: [Unicode.Scalar] = []
    public var fonts: [FontSummary] = []
    public var markedContent: [MarkedContentSpan] = []
    /// Paths painted (only those with a non-empty bounding box).
    public var paths: [PathPaint] = []
    /// Images painted, as their page-space quads.
    public var images: [Quad] = []
    public var mediaBox: Rect
    public var cropBox: Rect
    /// Clockwise display rotation: 0, 90, 180 or 270.
    public var rotation: Int
    /// /UserUnit: the size of a page-space unit in points (1 unless the page says).
    public var userUnit: Double = 1
    /// OCR's confidence in each glyph, 0…100, parallel to `glyphs`, -1 for glyphs the page
    /// paints itself; empty when no glyph of the page was recognised by OCR.
    public var ocrConfidence: [Float] = []
    public var diagnostics = DiagnosticLog()

    public init(pageIndex: Int, mediaBox: Rect, cropBox: Rect, rotation: Int) {
        self.pageIndex = pageIndex; self.mediaBox = mediaBox; self.cropBox = cropBox; self.rotation = rotation
    }

    /// What a viewer can show of the page: the crop box intersected with the media box (an
    /// empty box when they do not meet).
    public var visibleBox: Rect {
        mediaBox.intersection(cropBox) ?? Rect(x0: cropBox.x0, y0: cropBox.y0, x1: cropBox.x0, y1: cropBox.y0)
    }

    /// Whether a glyph box lies wholly outside `visibleBox`: it shares no area with it (a
    /// box that only touches an edge is outside). A glyph partly inside is not.
    public func isOffPage(_ quad: Quad) -> Bool {
        !quad.sharesArea(with: visibleBox)
    }

    /// The text of glyph `i`.
    public func text(of i: Int) -> String {
        var s = String.UnicodeScalarView()
        let r = glyphs[i].text
        s.append(contentsOf: scalars[Int(r.lowerBound)..<Int(r.upperBound)])
        return String(s)
    }

    /// All glyph text in painting order.
    public var paintingOrderText: String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }

    /// Page space → display space: rotated by /Rotate, origin at the top-left of the crop
    /// box, y downwards, in points (scaled by /UserUnit) — what MuPDF's stext reports.
    public var displayTransform: Matrix {
        let u = userUnit > 0 && userUnit.isFinite ? userUnit : 1
        let m = unscaledDisplayTransform
        return u == 1 ? m : m.concatenating(Matrix(a: u, b: 0, c: 0, d: u, e: 0, f: 0))
    }

    /// As `displayTransform`, in page-space units (no /UserUnit scaling).
    public var unscaledDisplayTransform: Matrix {
        let c = cropBox
        // First move the crop box's top-left to the origin and flip y.
        let flip = Matrix(a: 1, b: 0, c: 0, d: -1, e: -c.x0, f: c.y1)
        switch ((rotation % 360) + 360) % 360 {
        case 90:
            // Rotate 90° clockwise on the y-down display: (x, y) → (H - y, x)
            return flip.concatenating(Matrix(a: 0, b: 1, c: -1, d: 0, e: c.height, f: 0))
        case 180:
            return flip.concatenating(Matrix(a: -1, b: 0, c: 0, d: -1, e: c.width, f: c.height))
        case 270:
            return flip.concatenating(Matrix(a: 0, b: -1, c: 1, d: 0, e: 0, f: c.width))
        default:
            return flip
        }
    }
}

extension Rect {
    /// Whether the two boxes overlap by more than an edge: along each axis their open
    /// intervals meet. Along an axis where this box has no extent (a zero-width glyph box)
    /// lying within the other's closed interval is enough; an empty or degenerate `other`
    /// shares area with nothing. Non-finite coordinates share nothing.
    @inlinable public func sharesArea(with other: Rect) -> Bool {
        guard other.x1 > other.x0, other.y1 > other.y0 else { return false }
        func meets(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Bool {
            a1 > a0 ? max(a0, b0) < min(a1, b1) : (a0 >= b0 && a0 <= b1)
        }
        return meets(x0, x1, other.x0, other.x1) && meets(y0, y1, other.y0, other.y1)
    }
}

extension Quad {
    /// `bounds.sharesArea(with: other)`, without working out the bounds when a corner lies
    /// strictly inside `other` (the bounds then share area with it, whatever the quad's
    /// shape): the common case of a glyph well inside the page or the clip.
    @inlinable public func sharesArea(with other: Rect) -> Bool {
        let p = lowerLeft
        if p.x > other.x0 && p.x < other.x1 && p.y > other.y0 && p.y < other.y1 { return true }
        return bounds.sharesArea(with: other)
    }
}
