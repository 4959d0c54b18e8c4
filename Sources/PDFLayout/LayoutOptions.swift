/// Every threshold and switch of layout analysis, in one place. Distances are fractions of
/// the font size (em) unless a field says otherwise, so one setting fits 6 pt footnotes and
/// 40 pt titles. The CLI sets each field with the flag of the same name in kebab case
/// (`wordGapRatio` ↔ `--word-gap-ratio`).
public struct LayoutOptions: Sendable, Hashable {
    public var readingOrder: ReadingOrder = .automatic
    /// With `readingOrder` automatic, the structure tree orders a page only when its marked
    /// content covers at least this share of the page's glyphs (artifacts and annotations
    /// left out).
    public var structureOrderCoverage: Double = 0.9
    /// With `readingOrder` structure, the share of the glyphs it must cover.
    public var structureOrderLooseCoverage: Double = 0.5
    /// With `readingOrder` automatic, at least this share of the consecutive lines of a block
    /// must follow the structure tree's order.
    public var structureOrderAgreement: Double = 0.9

    // MARK: Words and spaces

    /// A gap wider than this (beyond the line's usual letter spacing) is a space.
    public var wordGapRatio: Double = 0.15
    /// Between two CJK characters a space needs a gap this wide (they are set without spaces).
    public var cjkWordGapRatio: Double = 0.6
    /// A glyph opening a line at most this many times the size of the glyph after it, raised
    /// by `footnoteMarkerRise`, is a word of its own (a footnote's marker).
    public var footnoteMarkerSize: Double = 0.8
    /// How far (em of the glyph after it) such a marker is raised at least.
    public var footnoteMarkerRise: Double = 0.15
    /// Letter spacing (a line's typical gap between letters) is estimated from this quantile
    /// of its gaps, so letter-spaced headings do not turn into one word per letter.
    public var letterSpacingQuantile: Double = 0.25
    /// A line with three to five gaps between letters, every one wider than `wordGapRatio`
    /// save perhaps one (a kerned pair), is letter-spaced ("F O R M") when its narrowest gap
    /// is at most this (em); wider gaps part one-letter words or one-digit cells.
    public var shortLineLetterSpacing: Double = 0.5
    /// Three or more full stops closer than this (em, between their boxes) are one word: an
    /// ellipsis set as spaced periods (TeX's `\ldots`, about 0.17 em apart) reads "...". Full
    /// stops typed with spaces between them (a word space is 0.25 em in Times, more in most
    /// other faces) and dot leaders in tables of contents (about 0.5 em apart) keep their spaces.
    public var ellipsisGapRatio: Double = 0.2
    /// A space glyph at least 1.5 times this wide (em) whose pen advance, after character and
    /// word spacing, is under this and under half its own width is a kern written as a space
    /// (groff's PostScript output sets "To w" with a negative `Tc` and `Tw`), not a word
    /// break: it leaves the layout, and the gap around it decides. 0 keeps every space glyph
    /// a word break.
    public var cancelledSpaceAdvance: Double = 0.1

    // MARK: Accents and marks

    /// A spacing accent (¨ ´ ` ˆ ˜ ¯ ˘ ˇ ˚ ¸ ˛ ˙ ˝) drawn as its own glyph over or under a
    /// letter, as pdfTeX with OT1 fonts and old word processors do, is composed with the
    /// letter into one character ("Schöpf", not "Sch¨opf"), whichever of the two is painted
    /// first. The accent then adds no character and no space of its own.
    public var composesAccents = true
    /// An accent composes with a letter when their boxes overlap along the line by at least
    /// this fraction of the narrower box and the accent's centre lies over the letter.
    public var accentOverlap: Double = 0.5
    /// How far (em) an accent's or a combining mark's baseline may lie from its letter's
    /// (TeX raises accents over capitals).
    public var accentBaselineShift: Double = 0.8
    /// A combining mark (general category Mn, such as Arabic harakat and tanween) drawn as
    /// its own glyph joins the letter whose box holds its centre, give or take this much (em);
    /// a mark never starts a word or makes a space.
    public var markReach: Double = 0.25
    /// A combining mark drawn with no advance width (its box a point at the pen position, the
    /// ink placed by the font's offsets, as text shaped for browsers and office suites has
    /// it) shows by its position only roughly where its letter is: such marks take no part in
    /// telling whether the page paints marks before or after their letters, and one joins
    /// the letter painting order gives it when that letter's box lies within this distance
    /// (em) of the mark's position.
    public var markWithoutWidthReach: Double = 1.0
    /// An accent or mark and its letter differ in size by at most this factor.
    public var markSizeChange: Double = 1.5

    // MARK: Lines

    /// Two glyphs share a line when their baselines differ by less than this.
    public var baselineTolerance: Double = 0.35
    /// On a skewed line (as OCR layers of scans have) a glyph off the fragment's baseline
    /// continues it when its baseline is within this share of `baselineTolerance` of the glyph
    /// before, of about its size (`skewedLineSizeChange`), the pen moving on along the line.
    public var skewedLineBaselineShare: Double = 0.5
    /// The two glyphs of such a skewed line differ in size by at most this share.
    public var skewedLineSizeChange: Double = 0.2
    /// The glyph may start up to this many em before the one before it ends.
    public var skewedLineOverlap: Double = 0.3
    /// Glyphs further apart than this along a line may be in different columns or table
    /// cells: the gap splits the line when it is part of a white stripe (a column gutter or a
    /// cell border), which a wide word space is not.
    public var segmentGapRatio: Double = 0.8
    /// A glyph continues the fragment being read only when neither's size is more than this
    /// many times the other's; a line of sized delimiters joins a line within this factor.
    public var fragmentSizeChange: Double = 1.6
    /// How far above and below a gap (in em) other lines are looked at to tell a white stripe
    /// (column gutter, cell border) from a wide space.
    public var stripeWindow: Double = 3.5
    /// The lines looked at around a gap are those whose size is within this factor of the
    /// gap's line (headings and footnotes in other sizes may span the columns).
    public var stripeSizeChange: Double = 1.2
    /// Text right of a gap's white narrows the stripe only when it starts within this many em
    /// of where the stripe ends (a column or cell edge, or a paragraph indent from it).
    public var stripeEdgeReach: Double = 2.5
    /// How far above and below (em) rows are searched for cells starting at the same x, the
    /// other sign of a column boundary (table cells that wrap defeat the stripe test).
    public var cellStartWindow: Double = 8
    /// Cells start at the same x when their starts differ by at most this (em).
    public var cellStartTolerance: Double = 0.15
    /// Glyphs further apart than this (em) but closer than `segmentGapRatio` split a line
    /// only where cells start at the gap's end in `riverAlignedStarts` rows nearby (a table
    /// cell filled up to the next column).
    public var narrowCellGapRatio: Double = 0.45
    /// A gap of another row counts as a cell border lined up with this gap when it is at least
    /// this share of the narrowest such gap wide.
    public var cellGapWidthShare: Double = 0.9
    /// A gap wider than `narrowCellGapRatio` (and not hard) whose two sides the content stream
    /// draws apart (other lines drawn between them, as a table drawn cell by cell has: text
    /// drawn in order never is) splits the line when this many rows nearby (`cellStartWindow`)
    /// have text starting at its end after a gap at least `narrowCellGapRatio` wide (0:
    /// whenever its sides are drawn apart).
    public var drawnApartCellStarts: Int = 1
    /// A gap at least `segmentGapRatio` wide whose sides are drawn apart also splits when one
    /// row more than `drawnApartCellStarts` has cells starting at its end within this many em
    /// above and below (when wider than `cellStartWindow`): a table whose rows hold cells of
    /// many lines has the cells of the rows above and below far away.
    public var drawnApartCellStartWindow: Double = 12
    /// Two pieces of a row that touch or overlap (a gap narrower than `narrowCellGapRatio`:
    /// an overfull table cell running into the next cell) but that the content stream draws
    /// apart (other lines drawn between them) split the line when this many rows nearby
    /// (`cellStartWindow`) have text starting where the second piece starts, after a gap at
    /// least `narrowCellGapRatio` wide; otherwise they join, their glyphs ordered by x
    /// (0: such pieces always join).
    public var overlappingCellStarts: Int = 1
    /// The narrowest white stripe (em) that still separates columns.
    public var minimumStripeRatio: Double = 0.4
    /// A gap at least this wide always splits a line.
    public var hardSegmentGapRatio: Double = 2.5
    /// How far above and below (em) a gap of at least `hardSegmentGapRatio` is followed. Such
    /// a gap is a wide word space of a justified narrow column (`hardGapLineWidth`), and does
    /// not split its line, when the words before it on its line are one word or spread at
    /// least `1 / riverGapRatio` as wide; its white closes within this reach on each side, or on one side with no text
    /// over the piece after the gap on the other (lines of about the same size, with text over
    /// the pieces on both sides of the gap, reach into it until less than
    /// `minimumStripeRatio` is left, or have text inside it that is no table cell set apart
    /// by `segmentGapRatio` on both sides); and fewer than
    /// `riverAlignedStarts` rows nearby have text starting at its end (and, with
    /// `hardGapCellStartCrossings`, few rows running across it); never between two
    /// numbers (a page number, then the next column's section number), nor before a number
    /// ending its line (a page number: see `joinsLeaders`) unless the words before it on its
    /// line are spread as widely (within `evenGapTolerance` em: "heavy traveller 107" in a
    /// justified narrow column). 0: every such gap splits.
    public var hardGapCrossWindow: Double = 5
    /// How far above and below (em) rows are searched for cells starting at the end of a gap
    /// of at least `hardSegmentGapRatio` (`hardGapCrossWindow`; at least `cellStartWindow`):
    /// a table's first row, its cells wrapped onto lines far apart, has its columns' other
    /// cells further below than a line of prose has its neighbours.
    public var hardGapCellStartWindow: Double = 12
    /// Those cells starting at a wide gap's end (`hardGapCellStartWindow`) keep it a cell
    /// border only when the rows there whose text of the gap's size runs across that x
    /// (`cellEdgeCrossingReach`, `cellEdgeCrossingSizeChange`) are fewer than this many times
    /// the cell starts: a table's rows, under or over a few lines of prose, are seldom
    /// crossed, while words that start at one x by chance in three lines of a justified
    /// narrow column have most of its other lines run across it. 0: the cell starts alone
    /// decide.
    public var hardGapCellStartCrossings: Double = 1.5
    /// A gap of at least `hardSegmentGapRatio` may be a wide word space (`hardGapCrossWindow`)
    /// only in a narrow column: the text from the start of its line's words before it to the
    /// end of the word after it spans at most this many em. Justification spreads words that
    /// far only in narrow columns; tables and forms across a wide page keep their splits.
    public var hardGapLineWidth: Double = 20
    /// A gap of at least `hardSegmentGapRatio` between words (a letter or digit on each side)
    /// may be a wide word space (`hardGapCrossWindow`) only when the content stream draws its
    /// two sides one after the other: a line of prose is drawn in order, while a table drawn
    /// cell by cell draws other lines between a row's cells.
    public var hardGapDrawnInOrder = true
    /// A wider line's gap of at least `hardSegmentGapRatio` may be a wide word space all the
    /// same (`hardGapCrossWindow`) when its row has at least this many gaps as wide
    /// (`evenGapTolerance`): a justified letter-spaced line spread across the page. Its white
    /// need close on one side only (its rivers may run on for a few lines on the other). A
    /// gutter or a table's cells seldom space a row so evenly, and their white closes on
    /// neither side. 0: never.
    public var evenHardGaps: Int = 3
    /// How closely (em) the gaps of a row agree in width to count as spread evenly
    /// (`evenHardGaps`).
    public var evenGapTolerance: Double = 0.1
    /// A line's gaps wider than its word spaces (not `hardSegmentGapRatio`) that are all as
    /// wide as each other (within `evenGapTolerance` em), this many at least in a run, between
    /// words of letters (three glyphs a word on average; a stretched space glyph drawn on its
    /// own passed over) in a proportional font, the sides of each drawn one after the other, do
    /// not split the line when the run starts and ends where the nearest line above or below it
    /// within its span does (within half an em), that line running across one of the gaps (a
    /// table's rows leave its gutters white), and not every gap with a row nearby whose text
    /// starts where it ends (a table's header over its cells): a justified line of few long
    /// words spread across a narrow column, not cells. 0: never.
    public var spreadLineGaps: Int = 2
    /// Such a run starts and ends within this many em of where the line above or below does.
    public var spreadLineEdge: Double = 0.5
    /// How far above and below (em) that line is looked for.
    public var spreadLineWindow: Double = 2
    /// Text is of one size when sizes differ by at most this share (the line beside such a
    /// run; the lines nearby a line of prose is measured against).
    public var sameSizeTolerance: Double = 0.1
    /// A wide gap (`hardGapCrossWindow`) left open on one side by fewer than this many lines
    /// of its column within reach (the column's first line under a heading, or its last
    /// lines) counts as having no text after it on that side: the column ends there, and
    /// closing on the other side is enough. A gutter runs on through more lines.
    public var hardGapColumnLines: Int = 4
    /// A gap narrower than this multiple of its line's word space beside it may be a river of
    /// justified text: wide word spaces lined up over a few lines. The word space beside it is
    /// the smallest of the two spaces nearest it on each side (on the left from the line's
    /// last split on; `riverSpaceLeftSide` changes this). Such
    /// a gap splits the line only when its stripe runs through `riverStripeLines` lines on
    /// each side within `riverStripeWindow` em (with text after it starting at one x,
    /// `riverGutterEdgeShare`), or when `riverAlignedStarts` rows have text starting at its
    /// edge; a gap clearly wider than the line's spaces needs `gutterStripeLines`.
    public var riverGapRatio: Double = 2
    /// The line's word space beside a gap (`riverGapRatio`) is taken from its left side alone
    /// when it has spaces there (the narrower of the two nearest): the spaces on the right may
    /// be a narrow gutter of the line's own column or the next column's word spaces across it,
    /// which say nothing of the spaces this line was justified with (a narrow justified
    /// column's last word set apart by a space as wide as its others). Off by default (the
    /// narrowest of the two nearest on each side): it helps narrow justified columns whose
    /// gutter is narrower than their word spaces, but reads letterheads set in two blocks side
    /// by side, and justified Arabic, as single lines.
    public var riverSpaceLeftSide: Bool = false
    /// A river-like gap's stripe (`riverStripeLines`) is a gutter only when at least this
    /// share of its rows with text after it (its own line included) have that text start
    /// at one x, within `riverGutterEdgeTolerance` em: the next column's lines start at its
    /// edge (a paragraph's indent, or an index entry's hanging indent, aside), while the
    /// words after a river running down a justified column (its last words set flush right,
    /// with wide spaces before them) start wherever their line's spacing put them. 0: no
    /// such test.
    public var riverGutterEdgeShare: Double = 0.5
    /// How close together (em) the starts of the text after a river-like gap's stripe must
    /// be to count as one column's edge (`riverGutterEdgeShare`).
    public var riverGutterEdgeTolerance: Double = 0.2
    /// A gap wider than `segmentGapRatio` (and not hard) at least this many times the widest
    /// word space of the text on each side of it on its line (a side of one word left out;
    /// one side at least has a space) splits the line without a stripe through the lines around: no
    /// line of prose, justified or ragged, spaces its words so unevenly (captions side by
    /// side with no other text near). 0: such gaps need a stripe as others do.
    public var isolatedGapWordSpaces: Double = 6
    /// Such a gap at least this many times those word spaces, and the line's own word spaces
    /// beside it (as `riverGapRatio` measures them, letter spacing allowed for), splits the
    /// line when no line of about its size within `openGapWindow` em above or below has text
    /// across what is left of its white (text reaching in from its sides narrows it, down to
    /// `minimumStripeRatio`): two captions side by side under pictures, the left one wrapped.
    /// A wide space inside prose has the lines just above or below across it. 0: no such rule.
    public var openGapWordSpaces: Double = 3
    /// How far above and below (em) `openGapWordSpaces` looks for a line across a gap: the
    /// lines next to it in its paragraph, not the paragraph after a grid of captions.
    public var openGapWindow: Double = 2
    /// How far above and below (em) a river-like gap's stripe is followed.
    public var riverStripeWindow: Double = 10
    /// Lines with text on each side that a river-like gap's stripe must run through, on each
    /// side of the gap's own line, to count as a column gutter.
    public var riverStripeLines: Int = 5
    /// Rows nearby (`cellStartWindow`) with text starting where a river-like gap ends (within
    /// 0.15 em) that make it a cell border all the same; other gaps need two.
    public var riverAlignedStarts: Int = 3
    /// Those aligned starts make a river-like gap a cell border only when the rows nearby
    /// whose text of the gap's size (`cellEdgeCrossingSizeChange`) runs across the gap's
    /// end (`cellEdgeCrossingReach`) are fewer than this many times the aligned starts:
    /// cells start at a column's edge in most of its rows, while in prose the same word
    /// closing justified lines flush right, or letter-spaced words, start at one x in a few
    /// lines and the other lines run across it. A row ending, as the gap's own line does,
    /// with a piece that starts and ends where the piece after the gap does (the same word
    /// closing justified lines flush right) counts as neither. 0: aligned starts alone
    /// decide.
    public var cellStartCrossings: Double = 0.7
    /// How far (em) a piece of a line must reach past a gap's end on each side to run across
    /// it (`cellStartCrossings`).
    public var cellEdgeCrossingReach: Double = 0.3
    /// How far a line's size may differ from the gap's (a fraction of it) for its text to
    /// count as running across the gap's end (`cellStartCrossings`): a table set smaller
    /// than the prose around it is crossed by that prose, not by its own rows.
    public var cellEdgeCrossingSizeChange: Double = 0.05
    /// Lines with text on each side that the stripe of a gap clearly wider than its line's word
    /// spaces must run through, besides its own line, when text after the gap starts at the
    /// same x in another row (1: two-line captions side by side); otherwise two.
    public var gutterStripeLines: Int = 1
    /// A number set flush right (a page number, a price) is read on the line of the entry to its
    /// left: across a leader of dots, an ellipsis or underscores, or across white space when
    /// the numbers form a right-aligned column of their own (tables of contents, indexes,
    /// price lists).
    public var joinsLeaders = true
    /// Numbers without a leader pair with their entries when at least this many end at the
    /// same x.
    public var leaderMinimumRows: Int = 3
    /// How closely (em) right-aligned numbers' right edges agree.
    public var leaderAlignment: Double = 0.3
    /// How far above and below (em) a column of numbers is searched for other text.
    public var leaderColumnWindow: Double = 3.5
    /// Other segments allowed in a column of numbers, per number (more: a column of text).
    public var leaderColumnClutter: Double = 0.5
    /// Rows lined up in columns are the columns of an index or of a table of contents, read
    /// column by column rather than as a table, when their leader lines (an entry, a leader of
    /// three dots or more and a number, in one segment) stand in at least this many columns
    /// side by side; 0: never.
    public var leaderIndexColumns: Int = 2
    /// A number (a section number) at most this far (em) before a leader line, or before an
    /// entry whose leader follows, is read with it ("3.1 Definitionen . . . 6"), and is not the
    /// page number of the entry to its left.
    public var leaderSectionNumberGap: Double = 2
    /// A smaller glyph raised or lowered by up to this much joins the line as a super- or
    /// subscript.
    public var scriptShiftRatio: Double = 0.6
    /// A super- or subscript is smaller than its line's text by at least this factor.
    public var scriptSizeRatio: Double = 1.15
    /// A super- or subscript's baseline moves from its line's by at least this (em).
    public var scriptMinimumShift: Double = 0.05
    /// A super- or subscript joins a line (or fills a gap of it) only when it stands within
    /// this many em of the line's text along the line.
    public var scriptGapRatio: Double = 0.35
    /// A super- or subscript on a baseline of its own (a footnote mark, a citation, an index)
    /// between two pieces of a row at least `segmentGapRatio` apart fills the gap it stands
    /// in: the gap is measured by the widest white left beside the script ("Behind¹ the" is
    /// two word spaces, not a gap as wide as a narrow gutter).
    public var scriptsFillGaps = true
    /// A segment made only of delimiters, radical signs or big operators (mathematics set with
    /// sized glyphs, \bigl( ... \Bigr], \sqrt, which hang from a baseline of their
    /// own) joins the line whose glyphs it stands beside (within half an em, over none of
    /// them) whose baseline lies within this distance (em) of its own, the nearest such line.
    public var delimiterShiftRatio: Double = 2.0
    /// Such a segment stands beside a line's glyphs when it is within this many em of them
    /// along the line.
    public var delimiterReach: Double = 0.5
    /// CJK glyphs set upright one below the other in horizontal writing mode are read as a
    /// vertical line (top to bottom, lines right to left).
    public var detectsStackedVerticalText = true
    /// How far (em) each glyph of such a stack moves down from the one before.
    public var stackedGlyphStep: ClosedRange<Double> = 0.6...1.8
    /// The glyphs of such a stack are centred on one another within this many em.
    public var stackedGlyphOffset: Double = 0.5
    /// Tate-chu-yoko: a few digits or Latin letters set side by side in one cell of a vertical
    /// line ("第12条") are read in place, as part of that line.
    public var joinsTateChuYoko = true
    /// The longest such horizontal run, in glyphs.
    public var tateChuYokoMaxGlyphs: Int = 4
    /// Such a run is at most this wide, as a fraction of the vertical line's column width.
    public var tateChuYokoWidthRatio: Double = 1.2
    /// Such a run lies within this distance (em) of the vertical glyph above or below it.
    public var tateChuYokoGapRatio: Double = 0.5
    /// Such a run may reach this far (em) into the vertical glyph above or below it.
    public var tateChuYokoOverlap: Double = 0.5
    /// A drop cap (an initial spanning several lines) is joined to the first line beside it.
    public var joinsDropCaps = true
    /// A glyph at least this many times the size of the text beside it is a drop cap: it is
    /// not part of that text's line segment, and may join the first line beside it.
    public var dropCapSizeRatio: Double = 1.8
    /// A drop cap joins a line starting at most this many em of that line's size after it.
    public var dropCapLineGap: Double = 1.5
    /// The line may start up to this many em of its size inside the drop cap's box.
    public var dropCapOverlap: Double = 0.2

    // MARK: Blocks

    /// Lines further apart vertically than this (gap between their boxes) start a new block.
    public var blockGapRatio: Double = 0.9
    /// A block stops growing once a line is this many em below its last line.
    public var blockReach: Double = 3
    /// A line joins the block above only when it overlaps its last line along the line by this
    /// share of the narrower of the two (or by two em).
    public var blockOverlapShare: Double = 0.2
    /// Font sizes differing by more than this fraction start a new block (headings).
    public var blockSizeChange: Double = 0.2
    /// A line lies below another only when its baseline is more than this many em lower (less:
    /// one line whose baselines jitter).
    public var nextLineShift: Double = 0.3
    /// Nor may a line join a block when it overlaps the block's last line along the line by
    /// less than this many em (unless by `blockOverlapShare`).
    public var blockOverlapWidth: Double = 2
    /// With `readingOrder` stream, a line joins the block of the line painted before it when
    /// set at most this many em below it.
    public var rawBlockLineGap: Double = 1.5
    /// An equation number ("(2)", "(3.1)") set apart on the baseline of a line to its left (a
    /// display equation) is read at the end of that line, not as a block of its own.
    public var joinsEquationNumbers = true
    /// An equation number joins the line to its left only when a block ending at most this far
    /// (em) above the number spans both (the column they stand in).
    public var equationNumberReach: Double = 6
    /// A block spans a formula and its number when it reaches to within this many em of the
    /// number's right side.
    public var equationNumberOverhang: Double = 0.5
    /// Rows of cells lined up in columns are read as a table, row by row.
    public var detectsTables = true
    /// A table's cells hold at most this many words on average (prose columns hold more).
    public var tableCellWords: Double = 4
    /// With three columns or more, the words a cell may hold on average are `tableCellWords`
    /// times this.
    public var tableWideCellWords: Double = 1.5
    /// A row joins a table's run of rows when set at most this many times its line height
    /// below the row before.
    public var tableRowSpacing: Double = 1.5
    /// Rows that line up in columns are justified prose, not a table, when in every column at
    /// least this share of the lines (of rows with every column) hold two words or more and
    /// fill the column from edge to edge (within 0.5 em): narrow justified columns with few
    /// words a line. Above 1: never.
    public var proseColumnJustifiedShare: Double = 0.75
    /// Rows that line up in columns are the last lines of columns of prose side by side, not a
    /// table, when every column goes on from a justified line just above it (`blockGapRatio`)
    /// that starts where the column does and reaches no further than the next column.
    public var readsProseColumnEnds = true
    /// Row gaps in a table that differ by this much (em) tell padded rows from wrapped lines.
    public var tableRowGapRatio: Double = 0.35
    /// Without rows padded apart, a row of fewer cells than usual continues the row above
    /// when set closer than this share of the usual gap between rows.
    public var tableWrappedLineGap: Double = 0.6
    /// Row gaps that differ by less than `tableRowGapRatio` but at least this much (em) tell
    /// rows from wrapped lines all the same when each of the two sizes hardly varies
    /// (`tableRuleGapClarity`): rows set at the line spacing with a rule between them, the
    /// rule's width added to each row gap. A rule (`tableRuleThickness`) must be painted in
    /// every wider gap and in no narrower one; the narrower gaps are at most
    /// `tableCellLineGap` and one at least comes before a row with fewer cells than usual (a
    /// wrapped cell's line); the wider come twice at least.
    public var tableRuleGapRatio: Double = 0.02
    /// Those two sizes of gap differ by at least this many times the spread within either
    /// size (`tableRuleGapRatio`). 0: only `tableRowGapRatio` tells rows apart by spacing.
    public var tableRuleGapClarity: Double = 10
    /// A painted path no thicker than this (em) across the line is a rule between table rows
    /// (`tableRuleGapRatio`) when it lies in the gap and rules cover half the table's width.
    public var tableRuleThickness: Double = 0.25
    /// Rules between two rows count when together they cover this share of the table's width.
    public var tableRuleCover: Double = 0.5
    /// A line of a wrapped table cell: a row whose every line sits at most this far (em, gap
    /// between boxes) under a line of the row above and within that line's column (touching
    /// no other column's cells) continues the table.
    public var tableCellLineGap: Double = 0.6
    /// A cell's line wrapped when the next line's first word would not have fitted on it,
    /// give or take this many em.
    public var cellWrapTolerance: Double = 0.1
    /// Within a table cell read as text, a line starting at least this many em below the line
    /// before starts a new line of the cell.
    public var cellLineBreakShift: Double = 0.5
    /// Text on a table row's baseline further than this (em) beyond the table's sides, under
    /// none of its cells (the page's other column beside a table), is left out of the table;
    /// such a line alone between two rows is passed over.
    public var tableStrayCellGap: Double = 3
    /// A line of prose holds at least this many words: such a line with a line just above or
    /// below it that starts and ends where it does (justified text) is read as prose, and
    /// every line within its span is left out of a table (the page's other column beside a
    /// table float, the columns of a newsletter: a column gutter is no table column border).
    public var tableProseWords: Double = 5
    /// A line of prose beside a table (see `tableProseWords`) is at least this wide (em).
    public var tableProseWidth: Double = 15
    /// A line of prose (see `tableProseWords`) may start up to this far (em) from the start of
    /// the line beside it, ending where it does: a paragraph's indented first line.
    public var tableProseIndent: Double = 2
    /// Two lines of prose (see `tableProseWords`) are no further apart than this (em) beyond
    /// the closest two lines one above the other within their span nearby (10 em above and
    /// below): a table's rows padded apart, its cells' wrapped lines set closer, end where
    /// each other end by chance and are no justified paragraph. A large value (100): any
    /// lines just above or below.
    public var tableProseLineGap: Double = 0.25
    /// Cells and lines line up with a column's edge when within this many em of it.
    public var tableEdgeTolerance: Double = 0.5
    /// The lines measured against a line of prose lie within this many em above or below it.
    public var tableProseWindow: Double = 10
    /// Lines overlapping by more than this many em are not one above the other there.
    public var tableProseLineOverlap: Double = 0.5
    /// Lines of cells wrapped all at once (captions side by side in a grid): a row with a line
    /// in every column continues the row above when the row above holds at least this many
    /// words a cell on average and each line goes on the line above in its column (a line
    /// the first word would not have fitted after, and which it continues: starting in lower
    /// case, or after a colon, comma, semicolon or hyphen, for more than half of the lines; the
    /// others at least not after a sentence's end nor with a digit). Rows of one-word cells
    /// stay rows.
    public var tableWrapRowWords: Double = 2
    /// Two lines of a table whose cells the content stream draws column by column (each
    /// column's lines of both before the next column's; rows of a table are drawn row by row)
    /// are lines of one row's cells: address blocks side by side are read block by block, a
    /// label over its value in a box with its value. Rows told apart by their spacing
    /// (`tableRowGapRatio`) stay apart.
    public var joinsCellsDrawnWhole = true
    /// A table's first row holding an equation number, when its second does not, leaves the
    /// table with the single lines after it (a numbered formula and a caption over a table
    /// float); so does a last row holding one when the row before does not.
    public var separatesTableFormulas = true
    /// A table row with fewer cells than usual, set without padding, continues the row above
    /// when each of its lines goes on a line of its column ending in a word broken by a
    /// hyphen ("Corre-", "spon-"), as well as when the line's first word would not have fitted
    /// on that line (a cell running over the next column's start widens the column).
    public var joinsHyphenatedCells = true
    /// Cells centred vertically: a line overlapping a table row's band by at least this
    /// fraction of its height, beside the row's cells and under none of them, belongs to that
    /// row (a two-line cell whose one-line neighbours sit level between its lines; drawn amid
    /// them, its lines above and below the row join it at once); 0 turns this off.
    public var tableCentredCellOverlap: Double = 0.25
    /// A block of text is split into paragraphs: before a line indented from the block's left
    /// edge by `paragraphIndent` (when the next line goes back to the edge and the line above
    /// has no word starting there, as hanging indents do), and, in justified blocks, after a
    /// line ending `paragraphShortLineRatio` em short of the right edge; never after a line
    /// ending in a hyphen, nor in right-to-left text.
    public var splitsParagraphs = true
    /// A first-line indent, from its least to its most (em).
    public var paragraphIndent: ClosedRange<Double> = 0.9...8
    /// The line above a first-line indent has no word starting within this many em of where
    /// the indented line starts (else it is a hanging indent).
    public var paragraphWordStartTolerance: Double = 0.1
    /// A line ending this far (em) short of a justified block's right edge ends a paragraph.
    public var paragraphShortLineRatio: Double = 2
    /// Lines starting (ending) within this (em) of the block's left (right) edge are flush.
    public var paragraphEdgeTolerance: Double = 0.3
    /// A block is justified when this share of its long lines (three at least) end flush right.
    public var paragraphJustifiedShare: Double = 0.8

    // MARK: Page furniture

    /// Headers, footers and page numbers in the margins are marked as artifacts (and kept in
    /// place: headers first, footers last).
    public var marksRunningArtifacts = true
    /// The top and bottom margin bands, as fractions of the page height.
    public var marginBand: Double = 0.12
    /// Over a document, headers and footers are also found by repetition: the same line
    /// (digits masked) at about the same place on several pages, inside the margin bands or
    /// not, odd and even pages apart (see `RunningFurniture`). A page laid out alone keeps
    /// the positional rule.
    public var findsRepeatedFurniture = true
    /// A line repeats when it occurs on this many pages (or on half the pages looked at,
    /// when fewer; never fewer than two).
    public var furnitureMinimumPages: Int = 3
    /// How many pages of a document are read to find repeated lines (pairs of consecutive
    /// pages spread over the document, so that alternating headers show). At most 64.
    public var furnitureSamplePages: Int = 12
    /// How many lines from the top and from the bottom of each page may be furniture.
    public var furnitureCandidateLines: Int = 2
    /// Two lines are at the same place when their baselines, measured from the same page
    /// edge, differ by at most this (em).
    public var furniturePositionTolerance: Double = 0.5

    // MARK: Text

    /// Expand ligature characters (U+FB00–FB06) into their letters.
    public var expandsLigatures = true
    /// Replace Arabic and Hebrew presentation forms by their base letters.
    public var normalizesPresentationForms = true
    public var hyphenJoining: HyphenJoining = .evidenced
    /// Right-to-left paragraphs take one base direction for all their lines. Besides the
    /// majority of strong letters, a block of two lines or more whose line ends lie within
    /// this distance (em) of its right edge while its line starts do not (flush right,
    /// ragged left) is right to left, and the reverse left to right.
    public var paragraphAlignmentTolerance: Double = 0.5
    /// Alignment decides a paragraph's direction only when at least this share of its strong
    /// letters runs in that direction (a right-aligned English block with one Hebrew word
    /// stays left to right).
    public var paragraphAlignmentMinimumShare: Double = 0.25

    // MARK: Which glyphs take part

    /// Drop fake-bold duplicates (the same glyph painted again within a point).
    public var dropsDuplicates = true
    /// Drop text painted invisibly (render mode 3 or fully transparent), such as OCR layers.
    public var dropsInvisibleText = false
    /// Drop text at an angle far from the page axes (diagonal watermarks).
    public var dropsDiagonalText = false
    /// Degrees from the nearest axis beyond which text counts as diagonal.
    public var diagonalAngle: Double = 10
    /// Drop glyphs wholly outside the clipping path.
    public var dropsClippedText = true
    /// Drop glyphs wholly outside the page's visible area (the crop box intersected with
    /// the media box, `PageGlyphs.visibleBox`): a content stream shared with the
    /// neighbouring page, text running off the page edge. A glyph partly inside stays.
    /// `pdftext glyphs` lists them all, flagged `offpage`.
    public var dropsOffPageText = true
    /// Drop glyphs in optional-content layers that are off.
    public var dropsHiddenText = true

    /// A band of white at least this high (em), crossed by no block across the extent of two
    /// blocks side by side, puts the one above it before the one below it, whatever their
    /// columns: the rows of a grid of figures with captions are read row by row.
    public var rowBandRatio: Double = 3
    /// A block lower down the page than a block beside it is read before that block, as part
    /// of a column reaching up to it, only when some block of that column ends no more than this
    /// far (em) short of the block's right side: a full-width box under both the text and a
    /// sidebar, its text short of the sidebar, is read after the sidebar.
    public var columnOverhang: Double = 2
    /// Nor is a block lower down the page read before a block beside it as part of a column
    /// when it lies under two blocks level with that block, at least this far apart (em) with
    /// no block level with it across the white between them: it spans their columns, as the
    /// paragraph after a grid of figure captions does, and is read after the whole row.
    public var columnSpanGap: Double = 1
    /// Above this many blocks on a page the order falls back to a sort by position (the
    /// "comes before" relation costs O(n³)).
    public var maxOrderedBlocks = 600

    public init() {}
}
