// The fixed numbers of layout analysis: geometry the analysis assumes and guards against
// degenerate values, not heuristics a user would tune (those are `LayoutOptions` fields).

/// Fixed numbers of layout analysis (em unless a constant says otherwise).
enum LayoutConstants {
    /// The top of a glyph's line box above its baseline: a nominal ascent. Glyph boxes differ
    /// from font to font (and are often missing or wrong), so lines are compared by a box of
    /// the font size instead: most Latin faces reach about 0.8 em above the baseline.
    static let ascent = 0.8
    /// The bottom of a glyph's line box below its baseline: a nominal descent (about 0.2 to
    /// 0.25 em in most faces).
    static let descent = 0.25
    /// The baseline of a glyph set upright in a vertical line lies this far right of the
    /// column's middle (across the text direction, which points down the page), so that the
    /// line box (`ascent`, `descent`) sits about centred on the column.
    static let verticalBaselineShift = 0.25
    /// A size, advance or extent below this is none: the guard against a zero font size or a
    /// mark drawn with no advance, whose pen position says nothing of its ink. Page units
    /// where it stands alone, em where it multiplies a size.
    static let negligible = 0.01
    /// A segment taking in a piece more than this many times its size, holding most of the
    /// glyphs, takes that piece's size and baseline (the 5% keeps rounding noise in sizes
    /// from moving a line's baseline).
    static let sizeTakeover = 1.05
    /// Two boxes overlap, or a coordinate passes another, only by more than this (page units):
    /// half a point absorbs the rounding of coordinates that producers write.
    static let overlapTolerance = 0.5
    /// A nominal word space (em), about that of most text faces: the room a word needs after
    /// the last word of a line to have fitted on it.
    static let spaceWidth = 0.25
    /// A painted rule lies between two rows when it is within this (em) of the gap between
    /// them: a rule's own thickness and the rounding around it.
    static let ruleSlack = 0.1
    /// An accent sits over a letter when its centre lies within the middle of the letter's
    /// box: from this share of its width to `accentCentreMax`.
    static let accentCentreMin = 0.2
    /// The other end of that middle part.
    static let accentCentreMax = 0.8
    /// Text is upright when its direction rises or falls by at most this much per unit along
    /// the line (about 11°): the test for running headers and footers, which are set level.
    static let uprightSlope = 0.2
    /// The confidence of an order sorted by position when the page has too many blocks to
    /// order (`LayoutOptions.maxOrderedBlocks`).
    static let fallbackConfidence = 0.3
    /// The confidence an order loses when every pair of blocks side by side was undecided
    /// (in proportion for fewer).
    static let undecidedConfidence = 0.3
    /// The confidence an order loses per cycle broken in the "comes before" relation.
    static let cycleConfidence = 0.1
    /// The most confidence cycles can take.
    static let maxCycleConfidence = 0.4
    /// The extent of a glyph with neither a box nor an advance: half an em, about an average
    /// glyph's width.
    static let fallbackAdvance = 0.5
    /// A cancelled space (`LayoutOptions.cancelledSpaceAdvance`) is at least this many times
    /// that option wide,
    static let cancelledSpaceWidth = 1.5
    /// and its advance is under this share of its own width.
    static let cancelledSpaceShare = 0.5
    /// Two glyphs overlapping by more than this (em) along the line stand over one another,
    /// not beside each other.
    static let glyphOverlap = 0.1
    /// A line beside a drop cap starts no more than this (em of the line) above the cap's top,
    static let dropCapTopReach = 0.5
    /// and its baseline no more than this (em of the line) below the cap's baseline.
    static let dropCapBaselineReach = 0.3
}
