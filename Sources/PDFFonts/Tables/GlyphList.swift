// STUB: the signatures below are the contract; the tables and resolution are filled in by
// tools/fonts (generated tables) and this file.

/// How a glyph name was resolved to Unicode.
public enum GlyphNameResolution: Sendable, Hashable {
    /// A name in the Adobe Glyph List (or the ZapfDingbats list).
    case standard([Unicode.Scalar])
    /// Derived from the name's form: `uniXXXX…`, `uXXXX[XX]`, ligatures `f_f_i`, suffixes `.sc`.
    case derived([Unicode.Scalar])

    public var scalars: [Unicode.Scalar] {
        switch self { case .standard(let s), .derived(let s): s }
    }
}

/// Producer-specific numeric glyph names that only the font program can resolve.
public enum NumericGlyphName: Sendable, Hashable {
    /// `g123`, `gid123`, `glyph123`, `index123`: a glyph id.
    case glyphID(Int)
    /// `cid123`: a CID.
    case cid(Int)
    /// `a123`, `c123`, `#123`-style names some producers write for character codes.
    case code(Int)
}

public enum GlyphList {
    /// The Adobe Glyph List (and ZapfDingbats `a1`… names) entry for `name`, exactly.
    public static func standardUnicode(for name: String) -> [Unicode.Scalar]? { nil }

    /// Full resolution of a glyph name (AGL specification: drop the suffix after the first
    /// period, split ligatures on `_`, `uniXXXX…` and `uXXXX[XX]` forms).
    public static func resolve(_ name: String) -> GlyphNameResolution? { nil }

    /// The numeric producer forms (`g123`, `cid123`, `a123`, `glyph123`, `index123`).
    public static func numericForm(_ name: String) -> NumericGlyphName? { nil }

    /// A glyph name for a scalar (the AGL's preferred name, else `uniXXXX`).
    public static func name(for scalar: Unicode.Scalar) -> String { "" }
}
