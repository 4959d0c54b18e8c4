/// A page's text-quality verdict (``PageDiagnosis/verdict``), best first, so `<` means
/// better.
public enum PageVerdict: String, Sendable, Comparable, CaseIterable {
    /// The page's text can be trusted.
    case ok
    /// The page has text, but part of it is unmapped, garbled or guessed, or its reading
    /// order is uncertain.
    case degraded
    /// The page has no usable text: it needs optical character recognition.
    case needsOCR = "needs-ocr"

    var rank: Int { self == .ok ? 0 : self == .degraded ? 1 : 2 }

    /// True when `a` is a better verdict than `b`.
    public static func < (a: PageVerdict, b: PageVerdict) -> Bool { a.rank < b.rank }
}

/// The thresholds of a page's verdict (``PageDiagnosis``): each rule of the diagnosis is
/// one field here, and `pdftext diagnose` has one flag per field. Shares are fractions,
/// 0…1. The defaults are those docs/DIAGNOSE.md documents.
public struct DiagnoseThresholds: Sendable, Hashable {
    /// A page with at most this many visible text characters has "almost no text".
    public var minTextCharacters = 10
    /// A page with almost no text needs OCR when images cover at least this share of it.
    public var imageCoverage = 0.5
    /// Glyphs without Unicode: from this share the page needs OCR …
    public var unmappedNeedsOCR = 0.5
    /// … and from this share it is degraded.
    public var unmappedDegraded = 0.02
    /// Garbled characters (see ``GarbleMeasure``): from this share the page needs OCR …
    public var garbledNeedsOCR = 0.5
    /// … and from this share it is degraded.
    public var garbledDegraded = 0.1
    /// Glyphs whose Unicode is a guess (a code read as Latin-1 for want of anything better):
    /// from this share the page is degraded.
    public var guessedDegraded = 0.5
    /// A reading order decided with less confidence than this makes the page degraded.
    public var lowOrderConfidence = 0.5
    /// Latin words with at least this many letters are checked for plausibility …
    public var minimumWordLetters = 4
    /// … and at most this many characters: longer tokens are URLs, identifiers or words
    /// run together, checked only for impossible characters.
    public var maximumWordLength = 30

    /// The default thresholds.
    public init() {}
}
