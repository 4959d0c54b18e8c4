import PDFCore
import PDFSyntax
import PDFGlyphs
import PDFFonts

/// One glyph painted by a text-showing operator, as the interpreter computed it.
package struct GlyphEvent {
    package var font: Font
    package var fontSize: Double
    /// The character code and its length in bytes.
    package var code: UInt32
    package var byteCount: Int
    /// What the font says about the code (Unicode, source, width, glyph id), in plain
    /// values; a text too long for it is read by ``unicode``.
    package var glyph: GlyphInfo
    /// The glyph origin in page space (for vertical fonts: the pen position minus the
    /// position vector v).
    package var origin: Point
    /// The glyph box in page space.
    package var quad: Quad
    /// The displacement in page space, as a length along the writing direction.
    package var advance: Double
    /// Text rendering matrix at the glyph: text space (font size and Tz folded in) → page.
    package var textMatrix: Matrix
    package var renderingMode: TextRenderingMode
    /// Colours with the fill/stroke alpha of the graphics state.
    package var fillColor: RGBA
    package var strokeColor: RGBA
    /// Flags the interpreter knows: `.invisible`, `.clipped`, `.vertical`, `.annotation`.
    package var flags: GlyphFlags
    /// Increases with every text-showing operator (`Tj`, `TJ`, `'`, `"`): glyphs of one
    /// operator share it.
    package var showSerial: Int

    /// The code's Unicode text, however long (empty when unknown).
    package var unicode: [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        appendUnicode(to: &scalars)
        return scalars
    }

    /// Appends the code's Unicode text to `scalars`: from `glyph`, or from the font when
    /// the text is too long for it.
    @inline(__always) package func appendUnicode(to scalars: inout [Unicode.Scalar]) {
        if glyph.isLong {
            font.glyph(code, byteCount: byteCount).appendUnicode(to: &scalars)
        } else {
            glyph.appendUnicode(to: &scalars)
        }
    }
}

/// A painted path reduced to its bounds.
package struct PathEvent: Sendable, Hashable {
    /// Bounds in page space (stroked paths grown by half the line width).
    package var bounds: Rect
    package var isStroked: Bool
    package var isFilled: Bool
    /// The fill colour for filled paths, else the stroke colour.
    package var color: RGBA
    /// Line width in page space.
    package var lineWidth: Double
    /// Whether the path was also used as a clip (`W`/`W*` before the painting operator).
    package var isClip: Bool
}

/// A painted image (XObject or inline): the unit square mapped by the CTM.
package struct ImageEvent: Sendable, Hashable {
    package var quad: Quad
    /// True for inline images (`BI … EI`).
    package var isInline: Bool
    /// The XObject's name in the resources, for image XObjects.
    package var name: Name?
    /// The image itself, for sinks that ask for it (``ContentSink/wantsImageSources``).
    package var source: ImageSource? = nil
    /// The resources in force (an inline image's named colour space is looked up there).
    package var resources: PDFDictionary? = nil
    /// The fill colour in force: the colour a stencil mask (`/ImageMask true`) paints.
    package var fillColor: RGBA = .black
}

/// Where a painted image's samples are.
package enum ImageSource: Sendable, Hashable {
    /// An image XObject.
    case xobject(PDFStream)
    /// An inline image: its dictionary (abbreviated keys as written) and its data, still
    /// encoded with its filters.
    case inline(dictionary: PDFDictionary, data: [UInt8])
}

/// A shading painted with `sh`: it fills the current clip.
package struct ShadingEvent: Sendable, Hashable {
    /// The shading's name in the resources.
    package var name: Name
    /// The clip's bounds in page space; nil when the clip is the whole page.
    package var bounds: Rect?
}

/// Receives what a content stream paints, in painting order. The interpreter calls it from
/// one thread. Form XObjects and annotation appearances are flattened into the page's
/// events; Type 3 glyph procedures never reach the sink (their glyph is one `showGlyph`).
package protocol ContentSink: AnyObject {
    /// A glyph was painted.
    func showGlyph(_ glyph: GlyphEvent)
    /// A glyph was painted: the interpreter's own event, lent for the call so that it is not
    /// copied per glyph (about 280 bytes). The sink must leave it as it found it; by default
    /// this calls ``showGlyph(_:)``.
    func showGlyph(lending glyph: inout GlyphEvent)
    /// A marked-content sequence began. `properties` is the inline dictionary or the named
    /// `/Properties` resource, with its values resolved one level.
    func beginMarkedContent(tag: Name, properties: PDFDictionary?)
    /// The innermost marked-content sequence ended (unbalanced `EMC`s are not passed on).
    func endMarkedContent()
    /// A path was painted (stroked and/or filled; `n` paints nothing and is not passed on).
    func paintPath(_ path: PathEvent)
    /// An image was painted.
    func paintImage(_ image: ImageEvent)
    /// Whether `paintImage` wants the image's ``ImageEvent/source`` (an inline image's data
    /// is copied for it); false by default.
    var wantsImageSources: Bool { get }
    /// A shading was painted (`sh`).
    func paintShading(_ shading: ShadingEvent)
    /// A form XObject's stream begins (`objectID`: the form's object, nil for a direct or
    /// synthesised stream); its events follow until the matching `endForm()`.
    func beginForm(objectID: ObjectID?)
    /// The form XObject begun last ends.
    func endForm()
    /// An annotation's appearance begins (`objectID`: the annotation dictionary); its
    /// events follow until the matching `endAnnotation()`.
    func beginAnnotation(objectID: ObjectID?)
    /// The annotation's appearance ends.
    func endAnnotation()
}

extension ContentSink {
    package func showGlyph(lending glyph: inout GlyphEvent) { showGlyph(glyph) }
    package var wantsImageSources: Bool { false }
}

/// Sinks that ignore shadings, form boundaries and annotations need not implement them.
extension ContentSink {
    package func paintShading(_ shading: ShadingEvent) {}
    package func beginForm(objectID: ObjectID?) {}
    package func endForm() {}
    package func beginAnnotation(objectID: ObjectID?) {}
    package func endAnnotation() {}
}
