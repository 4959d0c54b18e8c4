import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs

extension Diagnostic.Code {
    package static let fontMissing = Diagnostic.Code("fontMissing")
    package static let fontDamaged = Diagnostic.Code("fontDamaged")
    package static let glyphUnmapped = Diagnostic.Code("glyphUnmapped")
    package static let cmapDamaged = Diagnostic.Code("cmapDamaged")
    package static let cmapUnknown = Diagnostic.Code("cmapUnknown")
}

/// What a font says about one character code.
///
/// The text is kept inline when it has at most `FontGlyph.inlineScalars` scalars (nearly
/// every glyph: a letter, a ligature of two or three), so that copying a glyph, once per
/// glyph painted, touches no reference count; longer texts are kept in an array.
package struct FontGlyph: Sendable {
    /// How many scalars of text are kept inline.
    package static let inlineScalars = 3
    /// The number of scalars of text.
    @usableFromInline var scalarCount: UInt32
    /// The first three scalars' values (0 past the count).
    @usableFromInline var s0: UInt32, s1: UInt32, s2: UInt32
    /// The whole text, when it is longer than `inlineScalars`.
    @usableFromInline var long: [Unicode.Scalar]?
    package var source: UnicodeSource
    /// Horizontal advance in glyph space (1/1000 text-space unit for all but Type 3 fonts,
    /// whose glyph space is mapped by `Font.fontMatrix`).
    package var width: Double
    /// Vertical writing: the position vector (v₁ₓ, v₁ᵧ) and the vertical advance w1ᵧ, in
    /// glyph space (PDF 32000-1 §9.7.4.3). Zero for horizontal fonts.
    package var verticalOrigin: (x: Double, y: Double)
    package var verticalAdvance: Double
    /// The glyph id when known, else `PositionedGlyph.unknownGlyphID`.
    package var glyphID: UInt32

    package init(unicode: [Unicode.Scalar], source: UnicodeSource, width: Double,
                verticalOrigin: (x: Double, y: Double) = (0, 0), verticalAdvance: Double = 0,
                glyphID: UInt32 = PositionedGlyph.unknownGlyphID) {
        scalarCount = 0; s0 = 0; s1 = 0; s2 = 0; long = nil
        self.source = source; self.width = width
        self.verticalOrigin = verticalOrigin; self.verticalAdvance = verticalAdvance; self.glyphID = glyphID
        self.unicode = unicode
    }

    /// The Unicode text (empty when unknown). Reading it makes an array: per glyph, use
    /// `unicodeCount` and `appendUnicode(to:)`.
    package var unicode: [Unicode.Scalar] {
        get {
            if let long { return long }
            var r: [Unicode.Scalar] = []
            r.reserveCapacity(Int(scalarCount))
            appendUnicode(to: &r)
            return r
        }
        set {
            scalarCount = UInt32(truncatingIfNeeded: newValue.count)
            s0 = newValue.count > 0 ? newValue[0].value : 0
            s1 = newValue.count > 1 ? newValue[1].value : 0
            s2 = newValue.count > 2 ? newValue[2].value : 0
            long = newValue.count > Self.inlineScalars ? newValue : nil
        }
    }

    /// The number of scalars of text.
    @inlinable package var unicodeCount: Int { Int(scalarCount) }

    /// Appends the text to `scalars`, without making an array of its own.
    @inlinable package func appendUnicode(to scalars: inout [Unicode.Scalar]) {
        if scalarCount > UInt32(Self.inlineScalars) {
            if let long { scalars.append(contentsOf: long) }
        } else {
            GlyphInfo.appendInline(scalarCount, s0, s1, s2, to: &scalars)
        }
    }
}

/// What a font says about a code, in plain values only, so that copying it (once per glyph
/// painted, into the interpreter's event) touches no reference count: a text longer than
/// `FontGlyph.inlineScalars` is not kept (`isLong`), and is read from the font when needed
/// (``Font/glyph(_:byteCount:)``).
package struct GlyphInfo: Sendable {
    @usableFromInline var scalarCount: UInt32
    @usableFromInline var s0: UInt32, s1: UInt32, s2: UInt32
    package var source: UnicodeSource
    /// Horizontal advance in glyph space (see `FontGlyph.width`).
    package var width: Double
    /// Vertical writing: the position vector and the vertical advance (see `FontGlyph`).
    package var verticalOrigin: (x: Double, y: Double)
    package var verticalAdvance: Double
    /// The glyph id when known, else `PositionedGlyph.unknownGlyphID`.
    package var glyphID: UInt32

    package init(_ g: FontGlyph) {
        scalarCount = g.scalarCount; s0 = g.s0; s1 = g.s1; s2 = g.s2
        source = g.source; width = g.width
        verticalOrigin = g.verticalOrigin; verticalAdvance = g.verticalAdvance; glyphID = g.glyphID
    }

    /// What a font says about a code it has nothing for: no text, no width.
    package static let empty = GlyphInfo(FontGlyph(unicode: [], source: .none, width: 0))

    /// The number of scalars of text.
    @inlinable package var unicodeCount: Int { Int(scalarCount) }

    /// Whether the text is longer than this value keeps: read it from the font.
    @inlinable package var isLong: Bool { scalarCount > UInt32(FontGlyph.inlineScalars) }

    /// Appends the text to `scalars` (nothing when `isLong`: the font has it).
    @inlinable @inline(__always) package func appendUnicode(to scalars: inout [Unicode.Scalar]) {
        Self.appendInline(scalarCount, s0, s1, s2, to: &scalars)
    }

    /// Appends the first `count` of three inline scalar values (none when `count` is over
    /// three). The values came from scalars, so they are valid: `unsafelyUnwrapped` spares
    /// the check.
    @inlinable static func appendInline(_ count: UInt32, _ s0: UInt32, _ s1: UInt32, _ s2: UInt32,
                                        to scalars: inout [Unicode.Scalar]) {
        switch count {
        case 1: scalars.append(Unicode.Scalar(s0).unsafelyUnwrapped)
        case 2:
            scalars.append(Unicode.Scalar(s0).unsafelyUnwrapped)
            scalars.append(Unicode.Scalar(s1).unsafelyUnwrapped)
        case 3:
            scalars.append(Unicode.Scalar(s0).unsafelyUnwrapped)
            scalars.append(Unicode.Scalar(s1).unsafelyUnwrapped)
            scalars.append(Unicode.Scalar(s2).unsafelyUnwrapped)
        default: return
        }
    }
}

/// A Type 3 font's glyph procedures.
package struct Type3Procedures: Sendable {
    /// The glyph procedure for each code that has one.
    package var procedures: [UInt32: PDFStream]
    /// /Resources of the font (nil: the page's, as PDF 1.1 allowed).
    package var resources: PDFDictionary?
    /// /FontBBox in glyph space.
    package var fontBBox: Rect
}

/// A font loaded from a font dictionary, ready to decode strings: code splitting, Unicode,
/// widths and geometry. Immutable after loading, so it is shared by every page that uses it.
package final class Font: Sendable {
    package let summary: FontSummary
    /// 0 horizontal, 1 vertical (WMode of a Type 0 font's CMap).
    package let writingMode: Int
    /// Glyph space → text space: [0.001 0 0 0.001 0 0] except for Type 3 fonts.
    package let fontMatrix: Matrix
    /// Ascent and descent in glyph space (for glyph boxes). Descent is negative.
    package let ascent: Double
    package let descent: Double
    package let type3: Type3Procedures?
    /// What went wrong while loading.
    package let diagnostics: DiagnosticLog

    /// The parsed /ToUnicode CMap as written (answers include U+0000 and others the
    /// decoder refuses); nil when there is none or it could not be read.
    package let toUnicodeMap: ToUnicodeMap?
    /// The embedded font program, when one was found and could be read.
    package let program: FontProgram?
    /// Simple fonts: the glyph name the encoding gives each code (after /Differences).
    let encodingNames: [String?]?

    let decoder: FontDecoder
    /// The decoder of a simple font, called directly rather than through the `FontDecoder`
    /// existential once per glyph.
    let simpleDecoder: SimpleFontDecoder?
    /// A simple font's 256 answers as plain values (``glyphInfo(_:byteCount:)``).
    @usableFromInline let simpleInfo: [GlyphInfo]?

    init(summary: FontSummary, writingMode: Int, fontMatrix: Matrix, ascent: Double, descent: Double,
         type3: Type3Procedures?, diagnostics: DiagnosticLog, decoder: FontDecoder,
         toUnicodeMap: ToUnicodeMap? = nil, program: FontProgram? = nil, encodingNames: [String?]? = nil) {
        self.summary = summary; self.writingMode = writingMode; self.fontMatrix = fontMatrix
        self.ascent = ascent; self.descent = descent; self.type3 = type3
        self.diagnostics = diagnostics; self.decoder = decoder
        self.simpleDecoder = decoder as? SimpleFontDecoder
        self.simpleInfo = simpleDecoder.map { $0.table.map(GlyphInfo.init) }
        self.toUnicodeMap = toUnicodeMap; self.program = program; self.encodingNames = encodingNames
    }

    /// Simple fonts: the glyph name the font's encoding (base encoding, built-in encoding,
    /// /Differences) gives `code`; nil when it gives none or the font is composite.
    package func encodingName(_ code: UInt32) -> String? {
        guard let names = encodingNames, code < UInt32(names.count) else { return nil }
        return names[Int(code)]
    }

    /// Composite fonts: the CID the encoding CMap gives `code` (0 when the CMap maps it to
    /// nothing); nil for simple fonts.
    package func cid(_ code: UInt32, byteCount: Int) -> UInt32? {
        decoder.cid(code, byteCount: byteCount)
    }

    /// Whether codes take one byte each (simple fonts) rather than a CMap's lengths.
    package var isSimple: Bool { decoder.isSimple }

    /// Splits a string's bytes into character codes, calling `body(code, byteCount)` for each.
    @inlinable
    package func forEachCode(in bytes: [UInt8], _ body: (UInt32, Int) -> Void) {
        bytes.withUnsafeBufferPointer { buf in forEachCode(in: buf, body) }
    }

    package func forEachCode(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32, Int) -> Void) {
        if let simple = simpleDecoder {
            simple.forEachCode(in: bytes, body)
        } else {
            decoder.forEachCode(in: bytes, body)
        }
    }

    /// What the font says about a code. `byteCount` is the code's length as given by
    /// `forEachCode` (it matters for ToUnicode maps with mixed lengths).
    package func glyph(_ code: UInt32, byteCount: Int = 1) -> FontGlyph {
        if let simple = simpleDecoder { return simple.glyph(code, byteCount: byteCount) }
        return decoder.glyph(code, byteCount: byteCount)
    }

    /// ``glyph(_:byteCount:)`` as plain values (its text only when short: see ``GlyphInfo``).
    package func glyphInfo(_ code: UInt32, byteCount: Int = 1) -> GlyphInfo {
        if let info = tableGlyphInfo(code) { return info }
        return GlyphInfo(decoder.glyph(code, byteCount: byteCount))
    }

    /// ``glyphInfo(_:byteCount:)`` when the font has a table of its answers (simple fonts);
    /// nil otherwise: then it asks a decoder that computes answers and keeps them behind a
    /// lock, shared by every thread reading the font.
    @inlinable package func tableGlyphInfo(_ code: UInt32) -> GlyphInfo? {
        guard let table = simpleInfo else { return nil }
        return code < UInt32(table.count) ? table[Int(code)] : .empty
    }
}
