// STUB: the contract; metrics generated from AFM files by tools/fonts.

/// Metrics of one of the 14 standard Type 1 fonts (PDF 32000-1 §9.6.2.2).
public struct StandardFontMetrics: Sendable {
    /// The canonical name: `Helvetica-BoldOblique`, `Times-Roman`, `Symbol`, …
    public var name: String
    /// `Helvetica`, `Times`, `Courier`, `Symbol`, `ZapfDingbats`.
    public var family: String
    /// Font descriptor flags as a PDF writer would give them.
    public var flags: UInt32
    public var ascent: Double
    public var descent: Double
    public var capHeight: Double
    public var xHeight: Double
    public var italicAngle: Double
    public var bbox: (Double, Double, Double, Double)
    public var isFixedPitch: Bool
    public var isBold: Bool
    public var isItalic: Bool
    /// StandardEncoding for the Latin fonts; the font's own for Symbol and ZapfDingbats.
    public var builtinEncoding: BaseEncoding

    /// The standard font a /BaseFont names: exact names, subset prefixes (`ABCDEF+`),
    /// style suffixes (`,Bold`, `-BoldItalic`), and the usual aliases (Arial → Helvetica,
    /// TimesNewRoman → Times, CourierNew → Courier, …).
    public static func lookup(_ baseFont: String) -> StandardFontMetrics? { nil }

    /// The advance width of a glyph, in 1/1000 em.
    public func width(ofGlyph name: String) -> Double? { nil }
}
