// STUB: the contract for embedded font programs read through FreeType.

/// An embedded font program (FontFile, FontFile2, FontFile3), parsed once per document and
/// shared. Thread-safe: FreeType calls run under a lock.
public final class FontProgram: Sendable {
    public enum Format: Sendable, Hashable {
        /// /FontFile: Type 1 (PFA/PFB-style, with cleartext and eexec parts).
        case type1
        /// /FontFile3 /Subtype /Type1C or /CIDFontType0C: bare CFF.
        case cff
        /// /FontFile2: TrueType.
        case trueType
        /// /FontFile3 /Subtype /OpenType.
        case openType
    }

    /// Parses a font program; nil when FreeType cannot open it.
    public init?(data: [UInt8], format: Format) { return nil }

    public var numberOfGlyphs: Int { 0 }
    public var unitsPerEm: Int { 1000 }
    /// Whether the program is a CID-keyed CFF (glyphs selected by CID).
    public var isCIDKeyed: Bool { false }
    public var postScriptName: String? { nil }

    /// The glyph's name (Type 1, CFF, TrueType with a `post` table).
    public func glyphName(_ gid: UInt32) -> String? { nil }
    /// The glyph id of a named glyph.
    public func glyphID(named name: String) -> UInt32? { nil }
    /// A Type 1 or CFF font's built-in encoding: glyph names by code (nil entries unused).
    public var builtinEncoding: [String?]? { nil }
    /// The (platform, encoding) pairs of the TrueType/OpenType cmap subtables present.
    public var cmapSubtables: [(platform: UInt16, encoding: UInt16)] { [] }
    /// Looks a code up in the given cmap subtable.
    public func glyphID(forCode code: UInt32, platform: UInt16, encoding: UInt16) -> UInt32? { nil }
    /// The glyph for a CID in a CID-keyed CFF.
    public func glyphID(forCID cid: UInt32) -> UInt32? { nil }
    /// Unicode for a glyph from the program's Unicode cmap ((3,1), (3,10), (0,x)), reversed.
    public func unicode(forGlyph gid: UInt32) -> [Unicode.Scalar]? { nil }
    public var ascender: Double? { nil }
    public var descender: Double? { nil }
    /// Horizontal advance in 1/1000 em.
    public func advanceWidth(_ gid: UInt32) -> Double? { nil }
}
