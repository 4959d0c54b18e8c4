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

    // Counts. A count of 2 in a comparison means "more than one" (a row with two cells, two
    // lines to compare) and is not a threshold; these are.

    /// A list marker ("•", "12.", "iv)", "(a)") has at most this many glyphs,
    static let listMarkerMaxGlyphs = 5
    /// and at most this many characters besides brackets and full stops.
    static let listMarkerMaxBody = 3
    /// A sub- or superscript, or a run of sized delimiters, has at most this many glyphs: a
    /// footnote mark, an exponent or an index, not a line of text.
    static let scriptMaxGlyphs = 8
    /// An equation number ("(3)", "(2.1)") has at least this many characters, brackets included,
    static let equationNumberMinLength = 3
    /// and at most this many in a line of its own (a row of a table may hold a longer one,
    /// `tableEquationNumberMaxLength`).
    static let equationNumberMaxLength = 8
    static let tableEquationNumberMaxLength = 10
    /// Close full stops in a run this long or longer are an ellipsis, not a full stop before
    /// a leader's first dot.
    static let ellipsisLength = 3
    /// A line's letter spacing needs this many gaps between letters,
    static let letterSpacingMinGaps = 3
    /// and is read as a quantile (`LayoutOptions.letterSpacingQuantile`) from this many on;
    /// with fewer, only the smallest gap is trusted.
    static let letterSpacingQuantileGaps = 6
    /// A page number or running header ("Page 3 of 12", "- iv -") is at most this many
    /// characters long,
    static let pageNumberMaxLength = 30
    /// and a Roman numeral in it at most this many letters.
    static let romanNumeralMaxLength = 8
    /// A block of at most this many lines in the top or bottom margin band may be running
    /// furniture (a header, a footer, a page number).
    static let marginBlockMaxLines = 2
    /// Tables are looked for only on a page with this many segments or more.
    static let tableMinSegments = 4
    /// Columns side by side averaging this many words a line or more are prose, not a table,
    static let proseWordsPerLine = 3.0
    /// and narrow justified columns are tested for only over this many rows or more.
    static let proseMinRows = 3
    /// A block is a justified paragraph only with this many flush lines or more.
    static let justifiedMinLines = 3
    /// A run of stacked glyphs (vertical text set one glyph per line) has this many glyphs or more.
    static let stackedRunMinGlyphs = 3
    /// A spread line (letters spaced out in even steps) averages this many glyphs a word or
    /// more: a chart of single glyphs lines up in even steps of its own.
    static let spreadWordMinGlyphs = 3
    /// Marked-content IDs are looked up in a table (not a dictionary) when the highest is
    /// below this many times their count plus `denseMCIDSlack`: as producers number them, from
    /// 0 on each page.
    static let denseMCIDFactor = 4
    static let denseMCIDSlack = 64
    /// Marked-content spans are followed up through at most this many parents.
    static let maxMarkedContentDepth = 64
    /// A numbered formula is taken off a run of table rows only when the run has this many
    /// rows or more, so that a table of two rows remains.
    static let formulaRowMinRun = 3
    /// A table of this many columns or more allows wider cells (`LayoutOptions.tableWideCellWords`).
    static let wideTableColumns = 3
    /// A page number or price at a leader's end ("233", "101–103", "€ 3,90") or a section
    /// number before a title ("A.2.1") is at most this many characters long.
    static let numberLikeMaxLength = 12
    /// A leader is a run of this many leader characters or more (an ellipsis counts three).
    static let leaderMinLength = 3
    /// An appendix number ("A.2") has at least this many characters.
    static let appendixNumberMinLength = 3
    /// Kashida elongations are looked for only among this many clusters or more: a letter,
    /// the elongation, a letter.
    static let kashidaContextClusters = 3
    /// A running header's or footer's text is compared by at most this many characters.
    static let furnitureKeyMaxScalars = 200
    /// A page-number pattern without letters ("- # -", "#/#") holds at most this many
    /// characters besides its numbers: more is a row of figures, not a page number.
    static let pageNumberPatternMaxOthers = 3
}
