import ArgumentParser
import Foundation
import PDFText

extension LayoutOptions.ReadingOrder: ExpressibleByArgument {
    /// `stream` and `content-stream` both name `.contentStream`.
    public init?(argument: String) {
        switch argument {
        case "automatic", "auto": self = .automatic
        case "structure": self = .structure
        case "geometry": self = .geometry
        case "stream", "content-stream", "contentStream": self = .contentStream
        default: return nil
        }
    }
    public static var allValueStrings: [String] { ["automatic", "structure", "geometry", "stream"] }
}

extension LayoutOptions.HyphenJoining: ExpressibleByArgument {}

/// A range of numbers on the command line: `0.6-1.8` (or `0.6...1.8`).
package struct DoubleRange: ExpressibleByArgument, Sendable, Hashable, CustomStringConvertible {
    package var range: ClosedRange<Double>
    package init(_ range: ClosedRange<Double>) { self.range = range }
    package init?(argument: String) {
        let parts = argument.contains("...") ? argument.components(separatedBy: "...") : argument.split(separator: "-", maxSplits: 1).map(String.init)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, a >= 0, a <= b else { return nil }
        range = a...b
    }
    package var description: String { "\(range.lowerBound)-\(range.upperBound)" }
    package var defaultValueDescription: String { description }
}

/// One command-line flag per `LayoutOptions` field, mapped in `apply(to:)`. The flag is the
/// field's name in kebab case (`wordGapRatio` ↔ `--word-gap-ratio`); a switch that is on by
/// default gets the flag that turns it off, named for what it then does (`expandsLigatures`
/// ↔ `--keep-ligatures`, `dropsDiagonalText` ↔ `--no-diagonal`). Help texts are the fields'
/// documentation, and defaults are read from `LayoutOptions()`, so `--help` shows the
/// library's. `fieldNames` lists the fields covered, so a test can tell when
/// `LayoutOptions` gains one without a flag.
package struct LayoutFlags: ParsableArguments {
    @Option(name: .customLong("reading-order"),
            help: "How the reading order is decided: automatic (the structure tree when the page is tagged and its order agrees with the geometry, otherwise geometry), structure, geometry, or stream (the content stream's painting order, as --raw).")
    package var readingOrder: LayoutOptions.ReadingOrder = LayoutOptions().readingOrder

    // Words and spaces
    @Option(name: .customLong("word-gap-ratio"), help: ArgumentHelp("A gap wider than this (beyond the line's usual letter spacing) is a space. Fraction of the font size.", valueName: "em"))
    package var wordGapRatio: Double = LayoutOptions().wordGapRatio
    @Option(name: .customLong("cjk-word-gap-ratio"), help: ArgumentHelp("Between two CJK characters a space needs a gap this wide (they are set without spaces). Fraction of the font size.", valueName: "em"))
    package var cjkWordGapRatio: Double = LayoutOptions().cjkWordGapRatio
    @Option(name: .customLong("letter-spacing-quantile"), help: ArgumentHelp("Letter spacing (a line's typical gap between letters) is estimated from this quantile of its gaps, so letter-spaced headings do not turn into one word per letter.", valueName: "q"))
    package var letterSpacingQuantile: Double = LayoutOptions().letterSpacingQuantile
    @Option(name: .customLong("short-line-letter-spacing"), help: ArgumentHelp("A line with three to five gaps between letters, every one wider than `wordGapRatio` save perhaps one (a kerned pair), is letter-spaced (\"F O R M\") when its narrowest gap is at most this (em); wider gaps part one-letter words or one-digit cells.", valueName: "em"))
    package var shortLineLetterSpacing: Double = LayoutOptions().shortLineLetterSpacing
    @Option(name: .customLong("ellipsis-gap-ratio"), help: ArgumentHelp("Three or more full stops closer than this (em, between their boxes) are one word: an ellipsis set as spaced periods (TeX's `\\ldots`, about 0.17 em apart) reads \"...\". Full stops typed with spaces between them (a word space is 0.25 em in Times, more in most other faces) and dot leaders in tables of contents (about 0.5 em apart) keep their spaces.", valueName: "em"))
    package var ellipsisGapRatio: Double = LayoutOptions().ellipsisGapRatio
    @Option(name: .customLong("cancelled-space-advance"), help: ArgumentHelp("A space glyph at least 1.5 times this wide (em) whose pen advance, after character and word spacing, is under this and under half its own width is a kern written as a space (groff's PostScript output sets \"To w\" with a negative `Tc` and `Tw`), not a word break: it leaves the layout, and the gap around it decides. 0 keeps every space glyph a word break.", valueName: "em"))
    package var cancelledSpaceAdvance: Double = LayoutOptions().cancelledSpaceAdvance

    // Accents and marks
    @Flag(name: .customLong("separate-accents"), help: "Keep a spacing accent drawn as its own glyph over or under a letter (pdfTeX with OT1 fonts, old word processors) as a character of its own instead of composing it with the letter.")
    package var separateAccents = false
    @Option(name: .customLong("accent-overlap"), help: ArgumentHelp("An accent composes with a letter when their boxes overlap along the line by at least this fraction of the narrower box and the accent's centre lies over the letter.", valueName: "fraction"))
    package var accentOverlap: Double = LayoutOptions().accentOverlap
    @Option(name: .customLong("accent-baseline-shift"), help: ArgumentHelp("How far (em) an accent's or a combining mark's baseline may lie from its letter's (TeX raises accents over capitals).", valueName: "em"))
    package var accentBaselineShift: Double = LayoutOptions().accentBaselineShift
    @Option(name: .customLong("mark-reach"), help: ArgumentHelp("A combining mark (general category Mn, such as Arabic harakat and tanween) drawn as its own glyph joins the letter whose box holds its centre, give or take this much (em); a mark never starts a word or makes a space.", valueName: "em"))
    package var markReach: Double = LayoutOptions().markReach
    @Option(name: .customLong("mark-without-width-reach"), help: ArgumentHelp("A combining mark drawn with no advance width (its box a point at the pen position, the ink placed by the font's offsets, as text shaped for browsers and office suites has it) shows by its position only roughly where its letter is: such marks take no part in telling whether the page paints marks before or after their letters, and one joins the letter painting order gives it when that letter's box lies within this distance (em) of the mark's position.", valueName: "em"))
    package var markWithoutWidthReach: Double = LayoutOptions().markWithoutWidthReach

    // Lines
    @Option(name: .customLong("baseline-tolerance"), help: ArgumentHelp("Two glyphs share a line when their baselines differ by less than this. Fraction of the font size.", valueName: "em"))
    package var baselineTolerance: Double = LayoutOptions().baselineTolerance
    @Option(name: .customLong("segment-gap-ratio"), help: ArgumentHelp("Glyphs further apart than this along a line may be in different columns or table cells: the gap splits the line when it is part of a white stripe (a column gutter or a cell border), which a wide word space is not. Fraction of the font size.", valueName: "em"))
    package var segmentGapRatio: Double = LayoutOptions().segmentGapRatio
    @Option(name: .customLong("stripe-window"), help: ArgumentHelp("How far above and below a gap (in em) other lines are looked at to tell a white stripe (column gutter, cell border) from a wide space.", valueName: "em"))
    package var stripeWindow: Double = LayoutOptions().stripeWindow
    @Option(name: .customLong("minimum-stripe-ratio"), help: ArgumentHelp("The narrowest white stripe (em) that still separates columns.", valueName: "em"))
    package var minimumStripeRatio: Double = LayoutOptions().minimumStripeRatio
    @Option(name: .customLong("cell-start-window"), help: ArgumentHelp("How far above and below (em) rows are searched for cells starting at the same x, the other sign of a column boundary (table cells that wrap defeat the stripe test).", valueName: "em"))
    package var cellStartWindow: Double = LayoutOptions().cellStartWindow
    @Option(name: .customLong("narrow-cell-gap-ratio"), help: ArgumentHelp("Glyphs further apart than this (em) but closer than `segmentGapRatio` split a line only where cells start at the gap's end in `riverAlignedStarts` rows nearby (a table cell filled up to the next column).", valueName: "em"))
    package var narrowCellGapRatio: Double = LayoutOptions().narrowCellGapRatio
    @Option(name: .customLong("drawn-apart-cell-starts"), help: ArgumentHelp("A gap wider than `narrowCellGapRatio` (and not hard) whose two sides the content stream draws apart (other lines drawn between them, as a table drawn cell by cell has: text drawn in order never is) splits the line when this many rows nearby (`cellStartWindow`) have text starting at its end after a gap at least `narrowCellGapRatio` wide (0: whenever its sides are drawn apart).", valueName: "n"))
    package var drawnApartCellStarts: Int = LayoutOptions().drawnApartCellStarts
    @Option(name: .customLong("drawn-apart-cell-start-window"), help: ArgumentHelp("A gap at least `segmentGapRatio` wide whose sides are drawn apart also splits when one row more than `drawnApartCellStarts` has cells starting at its end within this many em above and below (when wider than `cellStartWindow`): a table whose rows hold cells of many lines has the cells of the rows above and below far away.", valueName: "em"))
    package var drawnApartCellStartWindow: Double = LayoutOptions().drawnApartCellStartWindow
    @Option(name: .customLong("overlapping-cell-starts"), help: ArgumentHelp("Two pieces of a row that touch or overlap (a gap narrower than `narrowCellGapRatio`: an overfull table cell running into the next cell) but that the content stream draws apart (other lines drawn between them) split the line when this many rows nearby (`cellStartWindow`) have text starting where the second piece starts, after a gap at least `narrowCellGapRatio` wide; otherwise they join, their glyphs ordered by x (0: such pieces always join).", valueName: "n"))
    package var overlappingCellStarts: Int = LayoutOptions().overlappingCellStarts
    @Option(name: .customLong("hard-segment-gap-ratio"), help: ArgumentHelp("A gap at least this wide always splits a line. Fraction of the font size.", valueName: "em"))
    package var hardSegmentGapRatio: Double = LayoutOptions().hardSegmentGapRatio
    @Option(name: .customLong("hard-gap-cross-window"), help: ArgumentHelp("How far above and below (em) a gap of at least `hardSegmentGapRatio` is followed. Such a gap is a wide word space of a justified narrow column (`hardGapLineWidth`), and does not split its line, when the words before it on its line are one word or spread at least `1 / riverGapRatio` as wide; its white closes within this reach on each side, or on one side with no text over the piece after the gap on the other (lines of about the same size, with text over the pieces on both sides of the gap, reach into it until less than `minimumStripeRatio` is left, or have text inside it that is no table cell set apart by `segmentGapRatio` on both sides); and fewer than `riverAlignedStarts` rows nearby have text starting at its end (and, with `hardGapCellStartCrossings`, few rows running across it); never between two numbers (a page number, then the next column's section number), nor before a number ending its line (a page number: see `joinsLeaders`) unless the words before it on its line are spread as widely (within `evenGapTolerance` em: \"heavy traveller 107\" in a justified narrow column). 0: every such gap splits.", valueName: "em"))
    package var hardGapCrossWindow: Double = LayoutOptions().hardGapCrossWindow
    @Option(name: .customLong("hard-gap-cell-start-window"), help: ArgumentHelp("How far above and below (em) rows are searched for cells starting at the end of a gap of at least `hardSegmentGapRatio` (`hardGapCrossWindow`; at least `cellStartWindow`): a table's first row, its cells wrapped onto lines far apart, has its columns' other cells further below than a line of prose has its neighbours.", valueName: "em"))
    package var hardGapCellStartWindow: Double = LayoutOptions().hardGapCellStartWindow
    @Option(name: .customLong("hard-gap-cell-start-crossings"), help: ArgumentHelp("Those cells starting at a wide gap's end (`hardGapCellStartWindow`) keep it a cell border only when the rows there whose text of the gap's size runs across that x (`cellEdgeCrossingReach`, `cellEdgeCrossingSizeChange`) are fewer than this many times the cell starts: a table's rows, under or over a few lines of prose, are seldom crossed, while words that start at one x by chance in three lines of a justified narrow column have most of its other lines run across it. 0: the cell starts alone decide.", valueName: "ratio"))
    package var hardGapCellStartCrossings: Double = LayoutOptions().hardGapCellStartCrossings
    @Option(name: .customLong("hard-gap-line-width"), help: ArgumentHelp("A gap of at least `hardSegmentGapRatio` may be a wide word space (`hardGapCrossWindow`) only in a narrow column: the text from the start of its line's words before it to the end of the word after it spans at most this many em. Justification spreads words that far only in narrow columns; tables and forms across a wide page keep their splits.", valueName: "em"))
    package var hardGapLineWidth: Double = LayoutOptions().hardGapLineWidth
    @Option(name: .customLong("even-hard-gaps"), help: ArgumentHelp("A wider line's gap of at least `hardSegmentGapRatio` may be a wide word space all the same (`hardGapCrossWindow`) when its row has at least this many gaps as wide (`evenGapTolerance`): a justified letter-spaced line spread across the page. Its white need close on one side only (its rivers may run on for a few lines on the other). A gutter or a table's cells seldom space a row so evenly, and their white closes on neither side. 0: never.", valueName: "n"))
    package var evenHardGaps: Int = LayoutOptions().evenHardGaps
    @Option(name: .customLong("even-gap-tolerance"), help: ArgumentHelp("How closely (em) the gaps of a row agree in width to count as spread evenly (`evenHardGaps`).", valueName: "em"))
    package var evenGapTolerance: Double = LayoutOptions().evenGapTolerance
    @Option(name: .customLong("spread-line-gaps"), help: ArgumentHelp("A line's gaps wider than its word spaces (not `hardSegmentGapRatio`) that are all as wide as each other (within `evenGapTolerance` em), this many at least in a run, between words of letters (three glyphs a word on average; a stretched space glyph drawn on its own passed over) in a proportional font, the sides of each drawn one after the other, do not split the line when the run starts and ends where the nearest line above or below it within its span does (within half an em), that line running across one of the gaps (a table's rows leave its gutters white), and not every gap with a row nearby whose text starts where it ends (a table's header over its cells): a justified line of few long words spread across a narrow column, not cells. 0: never.", valueName: "gaps"))
    package var spreadLineGaps: Int = LayoutOptions().spreadLineGaps
    @Option(name: .customLong("hard-gap-column-lines"), help: ArgumentHelp("A wide gap (`hardGapCrossWindow`) left open on one side by fewer than this many lines of its column within reach (the column's first line under a heading, or its last lines) counts as having no text after it on that side: the column ends there, and closing on the other side is enough. A gutter runs on through more lines.", valueName: "n"))
    package var hardGapColumnLines: Int = LayoutOptions().hardGapColumnLines
    @Option(name: .customLong("river-gap-ratio"), help: ArgumentHelp("A gap narrower than this multiple of its line's word space beside it may be a river of justified text: wide word spaces lined up over a few lines. The word space beside it is the smallest of the two spaces nearest it on each side (on the left from the line's last split on; `riverSpaceLeftSide` changes this). Such a gap splits the line only when its stripe runs through `riverStripeLines` lines on each side within `riverStripeWindow` em (with text after it starting at one x, `riverGutterEdgeShare`), or when `riverAlignedStarts` rows have text starting at its edge; a gap clearly wider than the line's spaces needs `gutterStripeLines`.", valueName: "ratio"))
    package var riverGapRatio: Double = LayoutOptions().riverGapRatio
    @Flag(name: .customLong("river-space-left-side"), help: "Measure the word space beside a possible river (`--river-gap-ratio`) on its left side alone when the line has spaces there: for narrow justified columns whose gutter is narrower than their word spaces.")
    package var riverSpaceLeftSide = false
    @Option(name: .customLong("river-gutter-edge-share"), help: ArgumentHelp("A river-like gap's stripe (`riverStripeLines`) is a gutter only when at least this share of its rows with text after it (its own line included) have that text start at one x, within `riverGutterEdgeTolerance` em: the next column's lines start at its edge (a paragraph's indent, or an index entry's hanging indent, aside), while the words after a river running down a justified column (its last words set flush right, with wide spaces before them) start wherever their line's spacing put them. 0: no such test.", valueName: "share"))
    package var riverGutterEdgeShare: Double = LayoutOptions().riverGutterEdgeShare
    @Option(name: .customLong("river-gutter-edge-tolerance"), help: ArgumentHelp("How close together (em) the starts of the text after a river-like gap's stripe must be to count as one column's edge (`riverGutterEdgeShare`).", valueName: "em"))
    package var riverGutterEdgeTolerance: Double = LayoutOptions().riverGutterEdgeTolerance
    @Option(name: .customLong("isolated-gap-word-spaces"), help: ArgumentHelp("A gap wider than `segmentGapRatio` (and not hard) at least this many times the widest word space of the text on each side of it on its line (a side of one word left out; one side at least has a space) splits the line without a stripe through the lines around: no line of prose, justified or ragged, spaces its words so unevenly (captions side by side with no other text near). 0: such gaps need a stripe as others do.", valueName: "ratio"))
    package var isolatedGapWordSpaces: Double = LayoutOptions().isolatedGapWordSpaces
    @Option(name: .customLong("open-gap-word-spaces"), help: ArgumentHelp("Such a gap at least this many times those word spaces, and the line's own word spaces beside it (as `riverGapRatio` measures them, letter spacing allowed for), splits the line when no line of about its size within `openGapWindow` em above or below has text across what is left of its white (text reaching in from its sides narrows it, down to `minimumStripeRatio`): two captions side by side under pictures, the left one wrapped. A wide space inside prose has the lines just above or below across it. 0: no such rule.", valueName: "ratio"))
    package var openGapWordSpaces: Double = LayoutOptions().openGapWordSpaces
    @Option(name: .customLong("open-gap-window"), help: ArgumentHelp("How far above and below (em) `openGapWordSpaces` looks for a line across a gap: the lines next to it in its paragraph, not the paragraph after a grid of captions.", valueName: "em"))
    package var openGapWindow: Double = LayoutOptions().openGapWindow
    @Option(name: .customLong("river-stripe-window"), help: ArgumentHelp("How far above and below (em) a river-like gap's stripe is followed.", valueName: "em"))
    package var riverStripeWindow: Double = LayoutOptions().riverStripeWindow
    @Option(name: .customLong("river-stripe-lines"), help: ArgumentHelp("Lines with text on each side that a river-like gap's stripe must run through, on each side of the gap's own line, to count as a column gutter.", valueName: "n"))
    package var riverStripeLines: Int = LayoutOptions().riverStripeLines
    @Option(name: .customLong("river-aligned-starts"), help: ArgumentHelp("Rows nearby (`cellStartWindow`) with text starting where a river-like gap ends (within 0.15 em) that make it a cell border all the same; other gaps need two.", valueName: "n"))
    package var riverAlignedStarts: Int = LayoutOptions().riverAlignedStarts
    @Option(name: .customLong("cell-start-crossings"), help: ArgumentHelp("Those aligned starts make a river-like gap a cell border only when the rows nearby whose text of the gap's size (`cellEdgeCrossingSizeChange`) runs across the gap's end (`cellEdgeCrossingReach`) are fewer than this many times the aligned starts: cells start at a column's edge in most of its rows, while in prose the same word closing justified lines flush right, or letter-spaced words, start at one x in a few lines and the other lines run across it. A row ending, as the gap's own line does, with a piece that starts and ends where the piece after the gap does (the same word closing justified lines flush right) counts as neither. 0: aligned starts alone decide.", valueName: "ratio"))
    package var cellStartCrossings: Double = LayoutOptions().cellStartCrossings
    @Option(name: .customLong("cell-edge-crossing-reach"), help: ArgumentHelp("How far (em) a piece of a line must reach past a gap's end on each side to run across it (`cellStartCrossings`).", valueName: "em"))
    package var cellEdgeCrossingReach: Double = LayoutOptions().cellEdgeCrossingReach
    @Option(name: .customLong("cell-edge-crossing-size-change"), help: ArgumentHelp("How far a line's size may differ from the gap's (a fraction of it) for its text to count as running across the gap's end (`cellStartCrossings`): a table set smaller than the prose around it is crossed by that prose, not by its own rows.", valueName: "ratio"))
    package var cellEdgeCrossingSizeChange: Double = LayoutOptions().cellEdgeCrossingSizeChange
    @Option(name: .customLong("gutter-stripe-lines"), help: ArgumentHelp("Lines with text on each side that the stripe of a gap clearly wider than its line's word spaces must run through, besides its own line, when text after the gap starts at the same x in another row (1: two-line captions side by side); otherwise two.", valueName: "n"))
    package var gutterStripeLines: Int = LayoutOptions().gutterStripeLines
    @Flag(name: .customLong("no-leaders"), help: "Do not read a number set flush right (page number, price) on the line of the entry to its left, across a leader or white space.")
    package var noLeaders = false
    @Option(name: .customLong("leader-minimum-rows"), help: ArgumentHelp("Numbers without a leader pair with their entries when at least this many end at the same x.", valueName: "n"))
    package var leaderMinimumRows: Int = LayoutOptions().leaderMinimumRows
    @Option(name: .customLong("leader-alignment"), help: ArgumentHelp("How closely (em) right-aligned numbers' right edges agree.", valueName: "em"))
    package var leaderAlignment: Double = LayoutOptions().leaderAlignment
    @Option(name: .customLong("leader-column-window"), help: ArgumentHelp("How far above and below (em) a column of numbers is searched for other text.", valueName: "em"))
    package var leaderColumnWindow: Double = LayoutOptions().leaderColumnWindow
    @Option(name: .customLong("leader-column-clutter"), help: ArgumentHelp("Other segments allowed in a column of numbers, per number (more: a column of text).", valueName: "ratio"))
    package var leaderColumnClutter: Double = LayoutOptions().leaderColumnClutter
    @Option(name: .customLong("leader-index-columns"), help: ArgumentHelp("Rows lined up in columns are the columns of an index or of a table of contents, read column by column rather than as a table, when their leader lines (an entry, a leader of three dots or more and a number, in one segment) stand in at least this many columns side by side; 0: never.", valueName: "n"))
    package var leaderIndexColumns: Int = LayoutOptions().leaderIndexColumns
    @Option(name: .customLong("leader-section-number-gap"), help: ArgumentHelp("A number (a section number) at most this far (em) before a leader line, or before an entry whose leader follows, is read with it (\"3.1 Definitionen . . . 6\"), and is not the page number of the entry to its left.", valueName: "em"))
    package var leaderSectionNumberGap: Double = LayoutOptions().leaderSectionNumberGap
    @Option(name: .customLong("script-shift-ratio"), help: ArgumentHelp("A smaller glyph raised or lowered by up to this much joins the line as a super- or subscript. Fraction of the font size.", valueName: "em"))
    package var scriptShiftRatio: Double = LayoutOptions().scriptShiftRatio
    @Option(name: .customLong("delimiter-shift-ratio"), help: ArgumentHelp("A segment made only of delimiters, radical signs or big operators (mathematics set with sized glyphs, \\bigl( ... \\Bigr], \\sqrt, which hang from a baseline of their own) joins the line whose glyphs it stands beside (within half an em, over none of them) whose baseline lies within this distance (em) of its own, the nearest such line.", valueName: "em"))
    package var delimiterShiftRatio: Double = LayoutOptions().delimiterShiftRatio
    @Flag(name: .customLong("no-stacked-vertical-text"), help: "Do not read CJK glyphs set upright one below the other in horizontal writing mode as a vertical line.")
    package var noStackedVerticalText = false
    @Option(name: .customLong("stacked-glyph-step"), help: ArgumentHelp("How far (em) each glyph of such a stack moves down from the one before, as MIN-MAX.", valueName: "min-max"))
    package var stackedGlyphStep: DoubleRange = DoubleRange(LayoutOptions().stackedGlyphStep)
    @Flag(name: .customLong("no-drop-caps"), help: "Do not join a drop cap (an initial spanning several lines) to the first line beside it.")
    package var noDropCaps = false
    @Flag(name: .customLong("no-tate-chu-yoko"), help: "Do not read a few digits or Latin letters set side by side in one cell of a vertical line (tate-chu-yoko, \"第12条\") as part of that line.")
    package var noTateChuYoko = false
    @Option(name: .customLong("tate-chu-yoko-max-glyphs"), help: ArgumentHelp("The longest such horizontal run, in glyphs.", valueName: "n"))
    package var tateChuYokoMaxGlyphs: Int = LayoutOptions().tateChuYokoMaxGlyphs
    @Option(name: .customLong("tate-chu-yoko-width-ratio"), help: ArgumentHelp("Such a run is at most this wide, as a fraction of the vertical line's column width.", valueName: "fraction"))
    package var tateChuYokoWidthRatio: Double = LayoutOptions().tateChuYokoWidthRatio
    @Option(name: .customLong("tate-chu-yoko-gap-ratio"), help: ArgumentHelp("Such a run lies within this distance (em) of the vertical glyph above or below it.", valueName: "em"))
    package var tateChuYokoGapRatio: Double = LayoutOptions().tateChuYokoGapRatio

    // Blocks
    @Option(name: .customLong("block-gap-ratio"), help: ArgumentHelp("Lines further apart vertically than this (gap between their boxes) start a new block. Fraction of the font size.", valueName: "em"))
    package var blockGapRatio: Double = LayoutOptions().blockGapRatio
    @Option(name: .customLong("block-size-change"), help: ArgumentHelp("Font sizes differing by more than this fraction start a new block (headings).", valueName: "fraction"))
    package var blockSizeChange: Double = LayoutOptions().blockSizeChange
    @Flag(name: .customLong("no-equation-numbers"), help: "Do not read an equation number (\"(2)\", \"(3.1)\") set apart on the baseline of a line to its left (a display equation) at the end of that line.")
    package var noEquationNumbers = false
    @Option(name: .customLong("equation-number-reach"), help: ArgumentHelp("An equation number joins the line to its left only when a block ending at most this far (em) above the number spans both (the column they stand in).", valueName: "em"))
    package var equationNumberReach: Double = LayoutOptions().equationNumberReach
    @Flag(name: .customLong("no-tables"), help: "Do not read rows of cells lined up in columns as a table, row by row.")
    package var noTables = false
    @Option(name: .customLong("table-cell-words"), help: ArgumentHelp("A table's cells hold at most this many words on average (prose columns hold more).", valueName: "words"))
    package var tableCellWords: Double = LayoutOptions().tableCellWords
    @Option(name: .customLong("prose-column-justified-share"), help: ArgumentHelp("Rows that line up in columns are justified prose, not a table, when in every column at least this share of the lines (of rows with every column) hold two words or more and fill the column from edge to edge (within 0.5 em): narrow justified columns with few words a line. Above 1: never.", valueName: "share"))
    package var proseColumnJustifiedShare: Double = LayoutOptions().proseColumnJustifiedShare
    @Flag(name: .customLong("no-prose-column-ends"), help: "Do not read rows that line up in columns as the last lines of columns of prose side by side when every column goes on from a justified line just above it.")
    package var noProseColumnEnds = false
    @Option(name: .customLong("table-row-gap-ratio"), help: ArgumentHelp("Row gaps in a table that differ by this much (em) tell padded rows from wrapped lines.", valueName: "em"))
    package var tableRowGapRatio: Double = LayoutOptions().tableRowGapRatio
    @Option(name: .customLong("table-rule-gap-ratio"), help: ArgumentHelp("Row gaps that differ by less than `tableRowGapRatio` but at least this much (em) tell rows from wrapped lines all the same when each of the two sizes hardly varies (`tableRuleGapClarity`): rows set at the line spacing with a rule between them, the rule's width added to each row gap. A rule (`tableRuleThickness`) must be painted in every wider gap and in no narrower one; the narrower gaps are at most `tableCellLineGap` and one at least comes before a row with fewer cells than usual (a wrapped cell's line); the wider come twice at least.", valueName: "em"))
    package var tableRuleGapRatio: Double = LayoutOptions().tableRuleGapRatio
    @Option(name: .customLong("table-rule-gap-clarity"), help: ArgumentHelp("Those two sizes of gap differ by at least this many times the spread within either size (`tableRuleGapRatio`). 0: only `tableRowGapRatio` tells rows apart by spacing.", valueName: "x"))
    package var tableRuleGapClarity: Double = LayoutOptions().tableRuleGapClarity
    @Option(name: .customLong("table-rule-thickness"), help: ArgumentHelp("A painted path no thicker than this (em) across the line is a rule between table rows (`tableRuleGapRatio`) when it lies in the gap and rules cover half the table's width.", valueName: "em"))
    package var tableRuleThickness: Double = LayoutOptions().tableRuleThickness
    @Option(name: .customLong("table-cell-line-gap"), help: ArgumentHelp("A line of a wrapped table cell: a row whose every line sits at most this far (em, gap between boxes) under a line of the row above and within that line's column (touching no other column's cells) continues the table.", valueName: "em"))
    package var tableCellLineGap: Double = LayoutOptions().tableCellLineGap
    @Option(name: .customLong("table-stray-cell-gap"), help: ArgumentHelp("Text on a table row's baseline further than this (em) beyond the table's sides, under none of its cells (the page's other column beside a table), is left out of the table; such a line alone between two rows is passed over.", valueName: "em"))
    package var tableStrayCellGap: Double = LayoutOptions().tableStrayCellGap
    @Option(name: .customLong("table-prose-words"), help: ArgumentHelp("A line of prose holds at least this many words: such a line with a line just above or below it that starts and ends where it does (justified text) is read as prose, and every line within its span is left out of a table (the page's other column beside a table float, the columns of a newsletter: a column gutter is no table column border).", valueName: "words"))
    package var tableProseWords: Double = LayoutOptions().tableProseWords
    @Option(name: .customLong("table-prose-width"), help: ArgumentHelp("A line of prose beside a table (see `tableProseWords`) is at least this wide (em).", valueName: "em"))
    package var tableProseWidth: Double = LayoutOptions().tableProseWidth
    @Option(name: .customLong("table-prose-indent"), help: ArgumentHelp("A line of prose (see `tableProseWords`) may start up to this far (em) from the start of the line beside it, ending where it does: a paragraph's indented first line.", valueName: "em"))
    package var tableProseIndent: Double = LayoutOptions().tableProseIndent
    @Option(name: .customLong("table-prose-line-gap"), help: ArgumentHelp("Two lines of prose (see `tableProseWords`) are no further apart than this (em) beyond the closest two lines one above the other within their span nearby (10 em above and below): a table's rows padded apart, its cells' wrapped lines set closer, end where each other end by chance and are no justified paragraph. A large value (100): any lines just above or below.", valueName: "em"))
    package var tableProseLineGap: Double = LayoutOptions().tableProseLineGap
    @Option(name: .customLong("table-wrap-row-words"), help: ArgumentHelp("Lines of cells wrapped all at once (captions side by side in a grid): a row with a line in every column continues the row above when the row above holds at least this many words a cell on average and each line goes on the line above in its column (a line the first word would not have fitted after, and which it continues: starting in lower case, or after a colon, comma, semicolon or hyphen, for more than half of the lines; the others at least not after a sentence's end nor with a digit). Rows of one-word cells stay rows.", valueName: "words"))
    package var tableWrapRowWords: Double = LayoutOptions().tableWrapRowWords
    @Option(name: .customLong("table-centred-cell-overlap"), help: ArgumentHelp("Cells centred vertically: a line overlapping a table row's band by at least this fraction of its height, beside the row's cells and under none of them, belongs to that row (a two-line cell whose one-line neighbours sit level between its lines; drawn amid them, its lines above and below the row join it at once); 0 turns this off.", valueName: "fraction"))
    package var tableCentredCellOverlap: Double = LayoutOptions().tableCentredCellOverlap
    @Flag(name: .customLong("no-cells-drawn-whole"), help: "Do not read two lines of a table whose cells are drawn column by column (address blocks side by side, a label over its value) as one row's cells.")
    package var noCellsDrawnWhole = false
    @Flag(name: .customLong("no-hard-gap-drawn-in-order"), help: "Let a wide gap between words be a wide word space of a justified narrow column even when the content stream draws its two sides apart (other lines drawn between them, as a table drawn cell by cell has).")
    package var noHardGapDrawnInOrder = false
    @Flag(name: .customLong("no-scripts-fill-gaps"), help: "Measure a gap between two pieces of a row as it is, even when a super- or subscript on a baseline of its own (a footnote mark, a citation, an index) stands in it.")
    package var noScriptsFillGaps = false
    @Flag(name: .customLong("no-separate-table-formulas"), help: "Keep a numbered formula just above or below a table (and a caption between) among the table's rows.")
    package var noSeparateTableFormulas = false
    @Flag(name: .customLong("no-hyphenated-cells"), help: "Do not read a table row with fewer cells than usual as going on the row above because each of its lines goes on a line of its column ending in a word broken by a hyphen.")
    package var noHyphenatedCells = false
    @Flag(name: .customLong("no-paragraphs"), help: "Do not split blocks into paragraphs at first-line indents and at the short last lines of justified text.")
    package var noParagraphs = false
    @Option(name: .customLong("paragraph-indent"), help: ArgumentHelp("A first-line indent, from its least to its most (em), as MIN-MAX.", valueName: "min-max"))
    package var paragraphIndent: DoubleRange = DoubleRange(LayoutOptions().paragraphIndent)
    @Option(name: .customLong("paragraph-short-line-ratio"), help: ArgumentHelp("A line ending this far (em) short of a justified block's right edge ends a paragraph.", valueName: "em"))
    package var paragraphShortLineRatio: Double = LayoutOptions().paragraphShortLineRatio
    @Option(name: .customLong("paragraph-edge-tolerance"), help: ArgumentHelp("Lines starting (ending) within this (em) of the block's left (right) edge are flush.", valueName: "em"))
    package var paragraphEdgeTolerance: Double = LayoutOptions().paragraphEdgeTolerance
    @Option(name: .customLong("paragraph-justified-share"), help: ArgumentHelp("A block is justified when this share of its long lines (three at least) end flush right.", valueName: "fraction"))
    package var paragraphJustifiedShare: Double = LayoutOptions().paragraphJustifiedShare

    // Page furniture
    @Flag(name: .customLong("no-running-artifacts"), help: "Do not mark headers, footers and page numbers in the margins as artifacts.")
    package var noRunningArtifacts = false
    @Option(name: .customLong("margin-band"), help: ArgumentHelp("The top and bottom margin bands, as fractions of the page height.", valueName: "fraction"))
    package var marginBand: Double = LayoutOptions().marginBand
    @Flag(name: .customLong("no-repeated-furniture"), help: "Do not find headers and footers by repetition across pages (the same line, digits masked, at about the same place on several pages); only by position on each page.")
    package var noRepeatedFurniture = false
    @Option(name: .customLong("furniture-minimum-pages"), help: ArgumentHelp("A line repeats when it occurs on this many pages (or on half the pages looked at, when fewer; never fewer than two).", valueName: "n"))
    package var furnitureMinimumPages: Int = LayoutOptions().furnitureMinimumPages
    @Option(name: .customLong("furniture-sample-pages"), help: ArgumentHelp("How many pages of a document are read to find repeated lines (pairs of consecutive pages spread over the document, so that alternating headers show). At most 64.", valueName: "n"))
    package var furnitureSamplePages: Int = LayoutOptions().furnitureSamplePages
    @Option(name: .customLong("furniture-candidate-lines"), help: ArgumentHelp("How many lines from the top and from the bottom of each page may be furniture.", valueName: "n"))
    package var furnitureCandidateLines: Int = LayoutOptions().furnitureCandidateLines
    @Option(name: .customLong("furniture-position-tolerance"), help: ArgumentHelp("Two lines are at the same place when their baselines, measured from the same page edge, differ by at most this (em).", valueName: "em"))
    package var furniturePositionTolerance: Double = LayoutOptions().furniturePositionTolerance

    // Text
    @Flag(name: .customLong("keep-ligatures"), help: "Keep ligature characters (U+FB00–FB06) instead of expanding them into their letters.")
    package var keepLigatures = false
    @Flag(name: .customLong("keep-presentation-forms"), help: "Keep Arabic and Hebrew presentation forms instead of replacing them by their base letters.")
    package var keepPresentationForms = false
    @Option(name: .customLong("hyphen-joining"), help: "What to do with a hyphen at the end of a line: evidenced (join when the page supports it: the next line starts with a lower-case letter and the joined word occurs elsewhere on the page, or the hyphenated compound does not), always, or never (keep the hyphen and the line break).")
    package var hyphenJoining: LayoutOptions.HyphenJoining = LayoutOptions().hyphenJoining
    @Option(name: .customLong("paragraph-alignment-tolerance"), help: ArgumentHelp("Right-to-left paragraphs take one base direction for all their lines. Besides the majority of strong letters, a block of two lines or more whose line ends lie within this distance (em) of its right edge while its line starts do not (flush right, ragged left) is right to left, and the reverse left to right.", valueName: "em"))
    package var paragraphAlignmentTolerance: Double = LayoutOptions().paragraphAlignmentTolerance
    @Option(name: .customLong("paragraph-alignment-minimum-share"), help: ArgumentHelp("Alignment decides a paragraph's direction only when at least this share of its strong letters runs in that direction (a right-aligned English block with one Hebrew word stays left to right).", valueName: "fraction"))
    package var paragraphAlignmentMinimumShare: Double = LayoutOptions().paragraphAlignmentMinimumShare

    // Which glyphs take part
    @Flag(name: .customLong("keep-duplicates"), help: "Keep fake-bold duplicates (the same glyph painted again within a point).")
    package var keepDuplicates = false
    @Flag(name: .customLong("drop-invisible"), help: "Drop text painted invisibly (render mode 3 or fully transparent), such as OCR layers.")
    package var dropInvisible = false
    @Flag(name: .customLong("no-diagonal"), help: "Drop text at an angle far from the page axes (diagonal watermarks).")
    package var noDiagonal = false
    @Flag(name: .customLong("nodiag", withSingleDash: true), help: .hidden)
    package var popplerNoDiagonal = false
    @Option(name: .customLong("diagonal-angle"), help: ArgumentHelp("Degrees from the nearest axis beyond which text counts as diagonal.", valueName: "degrees"))
    package var diagonalAngle: Double = LayoutOptions().diagonalAngle
    @Flag(name: .customLong("keep-clipped"), help: "Keep glyphs wholly outside the clipping path.")
    package var keepClipped = false
    @Flag(name: .customLong("keep-off-page-text"), help: "Keep glyphs wholly outside the page's visible area (the crop box within the media box): a content stream shared with the neighbouring page, text running off the page edge.")
    package var keepOffPageText = false
    @Flag(name: .customLong("keep-hidden"), help: "Keep glyphs in optional-content layers that are off.")
    package var keepHidden = false

    @Option(name: .customLong("row-band-ratio"), help: ArgumentHelp("A band of white at least this high (em), crossed by no block across the extent of two blocks side by side, puts the one above it before the one below it, whatever their columns: the rows of a grid of figures with captions are read row by row.", valueName: "em"))
    package var rowBandRatio: Double = LayoutOptions().rowBandRatio
    @Option(name: .customLong("column-overhang"), help: ArgumentHelp("A block lower down the page than a block beside it is read before that block, as part of a column reaching up to it, only when some block of that column ends no more than this far (em) short of the block's right side: a full-width box under both the text and a sidebar, its text short of the sidebar, is read after the sidebar.", valueName: "em"))
    package var columnOverhang: Double = LayoutOptions().columnOverhang
    @Option(name: .customLong("column-span-gap"), help: ArgumentHelp("Nor is a block lower down the page read before a block beside it as part of a column when it lies under two blocks level with that block, at least this far apart (em) with no block level with it across the white between them: it spans their columns, as the paragraph after a grid of figure captions does, and is read after the whole row.", valueName: "em"))
    package var columnSpanGap: Double = LayoutOptions().columnSpanGap
    @Option(name: .customLong("max-ordered-blocks"), help: ArgumentHelp("Above this many blocks on a page the order falls back to a sort by position (the \"comes before\" relation costs O(n³)).", valueName: "n"))
    package var maxOrderedBlocks: Int = LayoutOptions().maxOrderedBlocks

    @Option(name: .customLong("mark-size-change"), help: ArgumentHelp("An accent or mark and its letter differ in size by at most this factor.", valueName: "factor"))
    package var markSizeChange: Double = LayoutOptions().markSizeChange
    @Option(name: .customLong("fragment-size-change"), help: ArgumentHelp("A glyph continues the fragment being read only when neither's size is more than this many times the other's; a line of sized delimiters joins a line within this factor.", valueName: "factor"))
    package var fragmentSizeChange: Double = LayoutOptions().fragmentSizeChange
    @Option(name: .customLong("stripe-size-change"), help: ArgumentHelp("The lines looked at around a gap are those whose size is within this factor of the gap's line (headings and footnotes in other sizes may span the columns).", valueName: "factor"))
    package var stripeSizeChange: Double = LayoutOptions().stripeSizeChange
    @Option(name: .customLong("stripe-edge-reach"), help: ArgumentHelp("Text right of a gap's white narrows the stripe only when it starts within this many em of where the stripe ends (a column or cell edge, or a paragraph indent from it).", valueName: "em"))
    package var stripeEdgeReach: Double = LayoutOptions().stripeEdgeReach
    @Option(name: .customLong("cell-start-tolerance"), help: ArgumentHelp("Cells start at the same x when their starts differ by at most this (em).", valueName: "em"))
    package var cellStartTolerance: Double = LayoutOptions().cellStartTolerance
    @Option(name: .customLong("script-size-ratio"), help: ArgumentHelp("A super- or subscript is smaller than its line's text by at least this factor.", valueName: "factor"))
    package var scriptSizeRatio: Double = LayoutOptions().scriptSizeRatio
    @Option(name: .customLong("script-minimum-shift"), help: ArgumentHelp("A super- or subscript's baseline moves from its line's by at least this (em).", valueName: "em"))
    package var scriptMinimumShift: Double = LayoutOptions().scriptMinimumShift
    @Option(name: .customLong("script-gap-ratio"), help: ArgumentHelp("A super- or subscript joins a line (or fills a gap of it) only when it stands within this many em of the line's text along the line.", valueName: "em"))
    package var scriptGapRatio: Double = LayoutOptions().scriptGapRatio
    @Option(name: .customLong("delimiter-reach"), help: ArgumentHelp("Such a segment stands beside a line's glyphs when it is within this many em of them along the line.", valueName: "em"))
    package var delimiterReach: Double = LayoutOptions().delimiterReach
    @Option(name: .customLong("drop-cap-size-ratio"), help: ArgumentHelp("A glyph at least this many times the size of the text beside it is a drop cap: it is not part of that text's line segment, and may join the first line beside it.", valueName: "factor"))
    package var dropCapSizeRatio: Double = LayoutOptions().dropCapSizeRatio
    @Option(name: .customLong("block-reach"), help: ArgumentHelp("A block stops growing once a line is this many em below its last line.", valueName: "em"))
    package var blockReach: Double = LayoutOptions().blockReach
    @Option(name: .customLong("block-overlap-share"), help: ArgumentHelp("A line joins the block above only when it overlaps its last line along the line by this share of the narrower of the two (or by two em).", valueName: "share"))
    package var blockOverlapShare: Double = LayoutOptions().blockOverlapShare
    @Option(name: .customLong("table-wide-cell-words"), help: ArgumentHelp("With three columns or more, the words a cell may hold on average are `tableCellWords` times this.", valueName: "factor"))
    package var tableWideCellWords: Double = LayoutOptions().tableWideCellWords
    @Option(name: .customLong("table-row-spacing"), help: ArgumentHelp("A row joins a table's run of rows when set at most this many times its line height below the row before.", valueName: "ratio"))
    package var tableRowSpacing: Double = LayoutOptions().tableRowSpacing
    @Option(name: .customLong("table-wrapped-line-gap"), help: ArgumentHelp("Without rows padded apart, a row of fewer cells than usual continues the row above when set closer than this share of the usual gap between rows.", valueName: "share"))
    package var tableWrappedLineGap: Double = LayoutOptions().tableWrappedLineGap
    @Option(name: .customLong("footnote-marker-size"), help: ArgumentHelp("A glyph opening a line at most this many times the size of the glyph after it, raised by `footnoteMarkerRise`, is a word of its own (a footnote's marker).", valueName: "factor"))
    package var footnoteMarkerSize: Double = LayoutOptions().footnoteMarkerSize
    @Option(name: .customLong("footnote-marker-rise"), help: ArgumentHelp("How far (em of the glyph after it) such a marker is raised at least.", valueName: "em"))
    package var footnoteMarkerRise: Double = LayoutOptions().footnoteMarkerRise
    @Option(name: .customLong("skewed-line-baseline-share"), help: ArgumentHelp("On a skewed line (as OCR layers of scans have) a glyph off the fragment's baseline continues it when its baseline is within this share of `baselineTolerance` of the glyph before, of about its size (`skewedLineSizeChange`), the pen moving on along the line.", valueName: "share"))
    package var skewedLineBaselineShare: Double = LayoutOptions().skewedLineBaselineShare
    @Option(name: .customLong("skewed-line-size-change"), help: ArgumentHelp("The two glyphs of such a skewed line differ in size by at most this share.", valueName: "share"))
    package var skewedLineSizeChange: Double = LayoutOptions().skewedLineSizeChange
    @Option(name: .customLong("skewed-line-overlap"), help: ArgumentHelp("The glyph may start up to this many em before the one before it ends.", valueName: "em"))
    package var skewedLineOverlap: Double = LayoutOptions().skewedLineOverlap
    @Option(name: .customLong("cell-gap-width-share"), help: ArgumentHelp("A gap of another row counts as a cell border lined up with this gap when it is at least this share of the narrowest such gap wide.", valueName: "share"))
    package var cellGapWidthShare: Double = LayoutOptions().cellGapWidthShare
    @Option(name: .customLong("spread-line-edge"), help: ArgumentHelp("Such a run starts and ends within this many em of where the line above or below does.", valueName: "em"))
    package var spreadLineEdge: Double = LayoutOptions().spreadLineEdge
    @Option(name: .customLong("spread-line-window"), help: ArgumentHelp("How far above and below (em) that line is looked for.", valueName: "em"))
    package var spreadLineWindow: Double = LayoutOptions().spreadLineWindow
    @Option(name: .customLong("same-size-tolerance"), help: ArgumentHelp("Text is of one size when sizes differ by at most this share (the line beside such a run; the lines nearby a line of prose is measured against).", valueName: "share"))
    package var sameSizeTolerance: Double = LayoutOptions().sameSizeTolerance
    @Option(name: .customLong("drop-cap-line-gap"), help: ArgumentHelp("A drop cap joins a line starting at most this many em of that line's size after it.", valueName: "em"))
    package var dropCapLineGap: Double = LayoutOptions().dropCapLineGap
    @Option(name: .customLong("drop-cap-overlap"), help: ArgumentHelp("The line may start up to this many em of its size inside the drop cap's box.", valueName: "em"))
    package var dropCapOverlap: Double = LayoutOptions().dropCapOverlap
    @Option(name: .customLong("structure-order-coverage"), help: ArgumentHelp("With `readingOrder` automatic, the structure tree orders a page only when its marked content covers at least this share of the page's glyphs (artifacts and annotations left out).", valueName: "share"))
    package var structureOrderCoverage: Double = LayoutOptions().structureOrderCoverage
    @Option(name: .customLong("structure-order-loose-coverage"), help: ArgumentHelp("With `readingOrder` structure, the share of the glyphs it must cover.", valueName: "share"))
    package var structureOrderLooseCoverage: Double = LayoutOptions().structureOrderLooseCoverage
    @Option(name: .customLong("structure-order-agreement"), help: ArgumentHelp("With `readingOrder` automatic, at least this share of the consecutive lines of a block must follow the structure tree's order.", valueName: "share"))
    package var structureOrderAgreement: Double = LayoutOptions().structureOrderAgreement
    @Option(name: .customLong("stacked-glyph-offset"), help: ArgumentHelp("The glyphs of such a stack are centred on one another within this many em.", valueName: "em"))
    package var stackedGlyphOffset: Double = LayoutOptions().stackedGlyphOffset
    @Option(name: .customLong("tate-chu-yoko-overlap"), help: ArgumentHelp("Such a run may reach this far (em) into the vertical glyph above or below it.", valueName: "em"))
    package var tateChuYokoOverlap: Double = LayoutOptions().tateChuYokoOverlap
    @Option(name: .customLong("next-line-shift"), help: ArgumentHelp("A line lies below another only when its baseline is more than this many em lower (less: one line whose baselines jitter).", valueName: "em"))
    package var nextLineShift: Double = LayoutOptions().nextLineShift
    @Option(name: .customLong("block-overlap-width"), help: ArgumentHelp("Nor may a line join a block when it overlaps the block's last line along the line by less than this many em (unless by `blockOverlapShare`).", valueName: "em"))
    package var blockOverlapWidth: Double = LayoutOptions().blockOverlapWidth
    @Option(name: .customLong("raw-block-line-gap"), help: ArgumentHelp("With `readingOrder` stream, a line joins the block of the line painted before it when set at most this many em below it.", valueName: "em"))
    package var rawBlockLineGap: Double = LayoutOptions().rawBlockLineGap
    @Option(name: .customLong("equation-number-overhang"), help: ArgumentHelp("A block spans a formula and its number when it reaches to within this many em of the number's right side.", valueName: "em"))
    package var equationNumberOverhang: Double = LayoutOptions().equationNumberOverhang
    @Option(name: .customLong("table-rule-cover"), help: ArgumentHelp("Rules between two rows count when together they cover this share of the table's width.", valueName: "share"))
    package var tableRuleCover: Double = LayoutOptions().tableRuleCover
    @Option(name: .customLong("cell-wrap-tolerance"), help: ArgumentHelp("A cell's line wrapped when the next line's first word would not have fitted on it, give or take this many em.", valueName: "em"))
    package var cellWrapTolerance: Double = LayoutOptions().cellWrapTolerance
    @Option(name: .customLong("cell-line-break-shift"), help: ArgumentHelp("Within a table cell read as text, a line starting at least this many em below the line before starts a new line of the cell.", valueName: "em"))
    package var cellLineBreakShift: Double = LayoutOptions().cellLineBreakShift
    @Option(name: .customLong("table-edge-tolerance"), help: ArgumentHelp("Cells and lines line up with a column's edge when within this many em of it.", valueName: "em"))
    package var tableEdgeTolerance: Double = LayoutOptions().tableEdgeTolerance
    @Option(name: .customLong("table-prose-window"), help: ArgumentHelp("The lines measured against a line of prose lie within this many em above or below it.", valueName: "em"))
    package var tableProseWindow: Double = LayoutOptions().tableProseWindow
    @Option(name: .customLong("table-prose-line-overlap"), help: ArgumentHelp("Lines overlapping by more than this many em are not one above the other there.", valueName: "em"))
    package var tableProseLineOverlap: Double = LayoutOptions().tableProseLineOverlap
    @Option(name: .customLong("paragraph-word-start-tolerance"), help: ArgumentHelp("The line above a first-line indent has no word starting within this many em of where the indented line starts (else it is a hanging indent).", valueName: "em"))
    package var paragraphWordStartTolerance: Double = LayoutOptions().paragraphWordStartTolerance

    package init() {}

    /// The `LayoutOptions` fields these flags set.
    package static let fieldNames: Set<String> = [
        "readingOrder", "wordGapRatio", "cjkWordGapRatio", "letterSpacingQuantile", "baselineTolerance",
        "shortLineLetterSpacing", "ellipsisGapRatio", "cancelledSpaceAdvance", "composesAccents", "accentOverlap", "accentBaselineShift", "markReach", "markWithoutWidthReach",
        "segmentGapRatio", "stripeWindow", "minimumStripeRatio", "cellStartWindow", "narrowCellGapRatio", "drawnApartCellStarts", "drawnApartCellStartWindow", "overlappingCellStarts", "hardSegmentGapRatio", "hardGapCrossWindow", "hardGapCellStartWindow", "hardGapCellStartCrossings", "hardGapLineWidth", "hardGapDrawnInOrder", "evenHardGaps", "evenGapTolerance", "spreadLineGaps", "hardGapColumnLines", "scriptShiftRatio", "scriptsFillGaps", "delimiterShiftRatio",
        "detectsStackedVerticalText", "stackedGlyphStep", "joinsDropCaps", "tableRowGapRatio", "tableRuleGapRatio", "tableRuleGapClarity", "tableRuleThickness", "tableCellLineGap", "tableStrayCellGap", "tableProseWords", "tableProseWidth", "tableProseIndent", "tableProseLineGap", "tableWrapRowWords", "joinsCellsDrawnWhole", "separatesTableFormulas", "joinsHyphenatedCells", "tableCentredCellOverlap", "blockGapRatio", "blockSizeChange", "joinsEquationNumbers", "equationNumberReach",
        "detectsTables", "tableCellWords", "proseColumnJustifiedShare", "readsProseColumnEnds", "marksRunningArtifacts", "marginBand", "expandsLigatures",
        "normalizesPresentationForms", "hyphenJoining", "paragraphAlignmentTolerance", "paragraphAlignmentMinimumShare",
        "joinsTateChuYoko", "tateChuYokoMaxGlyphs", "tateChuYokoWidthRatio", "tateChuYokoGapRatio",
        "findsRepeatedFurniture", "furnitureMinimumPages", "furnitureSamplePages", "furnitureCandidateLines", "furniturePositionTolerance", "dropsDuplicates", "dropsInvisibleText",
        "dropsDiagonalText", "diagonalAngle", "dropsClippedText", "dropsOffPageText", "dropsHiddenText", "maxOrderedBlocks",
        "riverGapRatio", "riverSpaceLeftSide", "riverGutterEdgeShare", "riverGutterEdgeTolerance", "isolatedGapWordSpaces", "openGapWordSpaces", "openGapWindow", "riverStripeWindow", "riverStripeLines", "riverAlignedStarts", "cellStartCrossings", "cellEdgeCrossingReach", "cellEdgeCrossingSizeChange", "gutterStripeLines", "joinsLeaders",
        "leaderMinimumRows", "leaderAlignment", "leaderColumnWindow", "leaderColumnClutter", "leaderIndexColumns", "leaderSectionNumberGap", "splitsParagraphs",
        "paragraphIndent", "paragraphShortLineRatio", "paragraphEdgeTolerance", "paragraphJustifiedShare", "rowBandRatio", "columnOverhang", "columnSpanGap",
        "markSizeChange", "fragmentSizeChange", "stripeSizeChange", "stripeEdgeReach", "cellStartTolerance", "scriptSizeRatio", "scriptMinimumShift", "scriptGapRatio", "delimiterReach", "dropCapSizeRatio", "blockReach", "blockOverlapShare", "tableWideCellWords", "tableRowSpacing", "tableWrappedLineGap",
        "footnoteMarkerSize", "footnoteMarkerRise", "skewedLineBaselineShare", "skewedLineSizeChange", "skewedLineOverlap", "cellGapWidthShare", "spreadLineEdge", "spreadLineWindow", "sameSizeTolerance", "dropCapLineGap", "dropCapOverlap",
        "structureOrderCoverage", "structureOrderLooseCoverage", "structureOrderAgreement", "stackedGlyphOffset", "tateChuYokoOverlap", "nextLineShift", "blockOverlapWidth", "rawBlockLineGap", "equationNumberOverhang", "tableRuleCover", "cellWrapTolerance", "cellLineBreakShift", "tableEdgeTolerance", "tableProseWindow", "tableProseLineOverlap", "paragraphWordStartTolerance",
    ]

    package func validate() throws {
        let ratios: [(String, Double)] = [
            ("--word-gap-ratio", wordGapRatio), ("--cjk-word-gap-ratio", cjkWordGapRatio),
            ("--baseline-tolerance", baselineTolerance), ("--segment-gap-ratio", segmentGapRatio),
            ("--script-shift-ratio", scriptShiftRatio), ("--delimiter-shift-ratio", delimiterShiftRatio), ("--stripe-window", stripeWindow),
            ("--minimum-stripe-ratio", minimumStripeRatio), ("--cell-start-window", cellStartWindow), ("--drawn-apart-cell-start-window", drawnApartCellStartWindow), ("--narrow-cell-gap-ratio", narrowCellGapRatio), ("--hard-segment-gap-ratio", hardSegmentGapRatio), ("--hard-gap-cross-window", hardGapCrossWindow), ("--hard-gap-cell-start-window", hardGapCellStartWindow), ("--hard-gap-line-width", hardGapLineWidth), ("--even-gap-tolerance", evenGapTolerance), ("--prose-column-justified-share", proseColumnJustifiedShare),
            ("--table-row-gap-ratio", tableRowGapRatio), ("--table-rule-gap-ratio", tableRuleGapRatio), ("--table-rule-gap-clarity", tableRuleGapClarity), ("--table-rule-thickness", tableRuleThickness), ("--table-cell-line-gap", tableCellLineGap), ("--table-stray-cell-gap", tableStrayCellGap), ("--table-prose-words", tableProseWords), ("--table-prose-width", tableProseWidth), ("--table-prose-indent", tableProseIndent), ("--table-prose-line-gap", tableProseLineGap), ("--table-wrap-row-words", tableWrapRowWords), ("--table-centred-cell-overlap", tableCentredCellOverlap), ("--equation-number-reach", equationNumberReach), ("--block-gap-ratio", blockGapRatio),
            ("--block-size-change", blockSizeChange), ("--table-cell-words", tableCellWords),
            ("--diagonal-angle", diagonalAngle), ("--ellipsis-gap-ratio", ellipsisGapRatio), ("--cancelled-space-advance", cancelledSpaceAdvance),
            ("--short-line-letter-spacing", shortLineLetterSpacing),
            ("--accent-baseline-shift", accentBaselineShift), ("--mark-reach", markReach), ("--mark-without-width-reach", markWithoutWidthReach),
            ("--paragraph-alignment-tolerance", paragraphAlignmentTolerance),
            ("--tate-chu-yoko-width-ratio", tateChuYokoWidthRatio), ("--tate-chu-yoko-gap-ratio", tateChuYokoGapRatio),
            ("--furniture-position-tolerance", furniturePositionTolerance),
            ("--river-gap-ratio", riverGapRatio), ("--river-gutter-edge-tolerance", riverGutterEdgeTolerance), ("--hard-gap-cell-start-crossings", hardGapCellStartCrossings), ("--isolated-gap-word-spaces", isolatedGapWordSpaces), ("--open-gap-word-spaces", openGapWordSpaces), ("--open-gap-window", openGapWindow),
            ("--river-stripe-window", riverStripeWindow), ("--cell-start-crossings", cellStartCrossings), ("--cell-edge-crossing-reach", cellEdgeCrossingReach), ("--cell-edge-crossing-size-change", cellEdgeCrossingSizeChange), ("--leader-alignment", leaderAlignment),
            ("--leader-column-window", leaderColumnWindow), ("--leader-column-clutter", leaderColumnClutter),
            ("--leader-section-number-gap", leaderSectionNumberGap),
            ("--paragraph-short-line-ratio", paragraphShortLineRatio), ("--paragraph-edge-tolerance", paragraphEdgeTolerance),
            ("--row-band-ratio", rowBandRatio), ("--column-overhang", columnOverhang), ("--column-span-gap", columnSpanGap),
            ("--mark-size-change", markSizeChange), ("--fragment-size-change", fragmentSizeChange), ("--stripe-size-change", stripeSizeChange), ("--stripe-edge-reach", stripeEdgeReach), ("--cell-start-tolerance", cellStartTolerance), ("--script-size-ratio", scriptSizeRatio), ("--script-minimum-shift", scriptMinimumShift), ("--script-gap-ratio", scriptGapRatio), ("--delimiter-reach", delimiterReach), ("--drop-cap-size-ratio", dropCapSizeRatio), ("--block-reach", blockReach), ("--block-overlap-share", blockOverlapShare), ("--table-wide-cell-words", tableWideCellWords), ("--table-row-spacing", tableRowSpacing), ("--table-wrapped-line-gap", tableWrappedLineGap),
            ("--footnote-marker-size", footnoteMarkerSize), ("--footnote-marker-rise", footnoteMarkerRise), ("--skewed-line-baseline-share", skewedLineBaselineShare), ("--skewed-line-size-change", skewedLineSizeChange), ("--skewed-line-overlap", skewedLineOverlap), ("--cell-gap-width-share", cellGapWidthShare), ("--spread-line-edge", spreadLineEdge), ("--spread-line-window", spreadLineWindow), ("--same-size-tolerance", sameSizeTolerance), ("--drop-cap-line-gap", dropCapLineGap), ("--drop-cap-overlap", dropCapOverlap),
            ("--structure-order-coverage", structureOrderCoverage), ("--structure-order-loose-coverage", structureOrderLooseCoverage), ("--structure-order-agreement", structureOrderAgreement), ("--stacked-glyph-offset", stackedGlyphOffset), ("--tate-chu-yoko-overlap", tateChuYokoOverlap), ("--next-line-shift", nextLineShift), ("--block-overlap-width", blockOverlapWidth), ("--raw-block-line-gap", rawBlockLineGap), ("--equation-number-overhang", equationNumberOverhang), ("--table-rule-cover", tableRuleCover), ("--cell-wrap-tolerance", cellWrapTolerance), ("--cell-line-break-shift", cellLineBreakShift), ("--table-edge-tolerance", tableEdgeTolerance), ("--table-prose-window", tableProseWindow), ("--table-prose-line-overlap", tableProseLineOverlap), ("--paragraph-word-start-tolerance", paragraphWordStartTolerance),
        ]
        for (name, v) in ratios {
            if !(v.isFinite && v >= 0) { throw ValidationError("\(name) must be a number of 0 or more") }
        }
        for (name, v) in [("--river-stripe-lines", riverStripeLines), ("--river-aligned-starts", riverAlignedStarts),
                          ("--gutter-stripe-lines", gutterStripeLines), ("--drawn-apart-cell-starts", drawnApartCellStarts), ("--overlapping-cell-starts", overlappingCellStarts), ("--hard-gap-column-lines", hardGapColumnLines), ("--even-hard-gaps", evenHardGaps), ("--spread-line-gaps", spreadLineGaps),
                          ("--leader-minimum-rows", leaderMinimumRows), ("--leader-index-columns", leaderIndexColumns)] where v < 0 {
            throw ValidationError("\(name) must be 0 or more")
        }
        for (name, v) in [("--letter-spacing-quantile", letterSpacingQuantile), ("--margin-band", marginBand),
                          ("--accent-overlap", accentOverlap),
                          ("--paragraph-alignment-minimum-share", paragraphAlignmentMinimumShare),
                          ("--paragraph-justified-share", paragraphJustifiedShare),
                          ("--river-gutter-edge-share", riverGutterEdgeShare)] {
            if !(v >= 0 && v <= 1) { throw ValidationError("\(name) must be between 0 and 1") }
        }
        if maxOrderedBlocks < 1 { throw ValidationError("--max-ordered-blocks must be 1 or more") }
        for (name, v) in [("--tate-chu-yoko-max-glyphs", tateChuYokoMaxGlyphs), ("--furniture-minimum-pages", furnitureMinimumPages),
                          ("--furniture-sample-pages", furnitureSamplePages), ("--furniture-candidate-lines", furnitureCandidateLines)] {
            if !(0...1000).contains(v) { throw ValidationError("\(name) must be between 0 and 1000") }
        }
    }

    /// Sets the fields: numbers and choices to the flags' values (which default to those of
    /// `LayoutOptions()`), switches only when their flag is given.
    package func apply(to o: inout LayoutOptions) {
        o.readingOrder = readingOrder
        o.wordGapRatio = wordGapRatio
        o.cjkWordGapRatio = cjkWordGapRatio
        o.letterSpacingQuantile = letterSpacingQuantile
        o.shortLineLetterSpacing = shortLineLetterSpacing
        o.ellipsisGapRatio = ellipsisGapRatio
        o.cancelledSpaceAdvance = cancelledSpaceAdvance
        if separateAccents { o.composesAccents = false }
        o.accentOverlap = accentOverlap
        o.accentBaselineShift = accentBaselineShift
        o.markReach = markReach
        o.markWithoutWidthReach = markWithoutWidthReach
        o.baselineTolerance = baselineTolerance
        o.segmentGapRatio = segmentGapRatio
        o.stripeWindow = stripeWindow
        o.minimumStripeRatio = minimumStripeRatio
        o.cellStartWindow = cellStartWindow
        o.narrowCellGapRatio = narrowCellGapRatio
        o.drawnApartCellStarts = drawnApartCellStarts
        o.drawnApartCellStartWindow = drawnApartCellStartWindow
        o.overlappingCellStarts = overlappingCellStarts
        o.hardSegmentGapRatio = hardSegmentGapRatio
        o.hardGapCrossWindow = hardGapCrossWindow
        o.hardGapCellStartWindow = hardGapCellStartWindow
        o.hardGapCellStartCrossings = hardGapCellStartCrossings
        o.hardGapLineWidth = hardGapLineWidth
        o.evenHardGaps = evenHardGaps
        o.spreadLineGaps = spreadLineGaps
        o.evenGapTolerance = evenGapTolerance
        o.hardGapColumnLines = hardGapColumnLines
        o.riverGapRatio = riverGapRatio
        if riverSpaceLeftSide { o.riverSpaceLeftSide = true }
        o.riverGutterEdgeShare = riverGutterEdgeShare
        o.riverGutterEdgeTolerance = riverGutterEdgeTolerance
        o.isolatedGapWordSpaces = isolatedGapWordSpaces
        o.openGapWordSpaces = openGapWordSpaces
        o.openGapWindow = openGapWindow
        o.riverStripeWindow = riverStripeWindow
        o.riverStripeLines = riverStripeLines
        o.riverAlignedStarts = riverAlignedStarts
        o.cellStartCrossings = cellStartCrossings
        o.cellEdgeCrossingReach = cellEdgeCrossingReach
        o.cellEdgeCrossingSizeChange = cellEdgeCrossingSizeChange
        o.gutterStripeLines = gutterStripeLines
        if noLeaders { o.joinsLeaders = false }
        o.leaderMinimumRows = leaderMinimumRows
        o.leaderAlignment = leaderAlignment
        o.leaderColumnWindow = leaderColumnWindow
        o.leaderColumnClutter = leaderColumnClutter
        o.leaderIndexColumns = leaderIndexColumns
        o.leaderSectionNumberGap = leaderSectionNumberGap
        if noStackedVerticalText { o.detectsStackedVerticalText = false }
        o.stackedGlyphStep = stackedGlyphStep.range
        o.scriptShiftRatio = scriptShiftRatio
        o.delimiterShiftRatio = delimiterShiftRatio
        if noDropCaps { o.joinsDropCaps = false }
        if noTateChuYoko { o.joinsTateChuYoko = false }
        o.tateChuYokoMaxGlyphs = tateChuYokoMaxGlyphs
        o.tateChuYokoWidthRatio = tateChuYokoWidthRatio
        o.tateChuYokoGapRatio = tateChuYokoGapRatio
        o.blockGapRatio = blockGapRatio
        o.blockSizeChange = blockSizeChange
        if noEquationNumbers { o.joinsEquationNumbers = false }
        o.equationNumberReach = equationNumberReach
        if noTables { o.detectsTables = false }
        if noProseColumnEnds { o.readsProseColumnEnds = false }
        o.tableCellWords = tableCellWords
        o.proseColumnJustifiedShare = proseColumnJustifiedShare
        o.tableRowGapRatio = tableRowGapRatio
        o.tableRuleGapRatio = tableRuleGapRatio
        o.tableRuleGapClarity = tableRuleGapClarity
        o.tableRuleThickness = tableRuleThickness
        o.tableCellLineGap = tableCellLineGap
        o.tableStrayCellGap = tableStrayCellGap
        o.tableProseWords = tableProseWords
        o.tableProseWidth = tableProseWidth
        o.tableProseIndent = tableProseIndent
        o.tableProseLineGap = tableProseLineGap
        o.tableWrapRowWords = tableWrapRowWords
        if noCellsDrawnWhole { o.joinsCellsDrawnWhole = false }
        if noHyphenatedCells { o.joinsHyphenatedCells = false }
        if noHardGapDrawnInOrder { o.hardGapDrawnInOrder = false }
        if noScriptsFillGaps { o.scriptsFillGaps = false }
        if noSeparateTableFormulas { o.separatesTableFormulas = false }
        o.tableCentredCellOverlap = tableCentredCellOverlap
        if noParagraphs { o.splitsParagraphs = false }
        o.paragraphIndent = paragraphIndent.range
        o.paragraphShortLineRatio = paragraphShortLineRatio
        o.paragraphEdgeTolerance = paragraphEdgeTolerance
        o.paragraphJustifiedShare = paragraphJustifiedShare
        if noRunningArtifacts { o.marksRunningArtifacts = false }
        o.marginBand = marginBand
        if noRepeatedFurniture { o.findsRepeatedFurniture = false }
        o.furnitureMinimumPages = furnitureMinimumPages
        o.furnitureSamplePages = furnitureSamplePages
        o.furnitureCandidateLines = furnitureCandidateLines
        o.furniturePositionTolerance = furniturePositionTolerance
        if keepLigatures { o.expandsLigatures = false }
        if keepPresentationForms { o.normalizesPresentationForms = false }
        o.hyphenJoining = hyphenJoining
        o.paragraphAlignmentTolerance = paragraphAlignmentTolerance
        o.paragraphAlignmentMinimumShare = paragraphAlignmentMinimumShare
        if keepDuplicates { o.dropsDuplicates = false }
        if dropInvisible { o.dropsInvisibleText = true }
        if noDiagonal || popplerNoDiagonal { o.dropsDiagonalText = true }
        o.diagonalAngle = diagonalAngle
        if keepClipped { o.dropsClippedText = false }
        if keepOffPageText { o.dropsOffPageText = false }
        if keepHidden { o.dropsHiddenText = false }
        o.rowBandRatio = rowBandRatio
        o.columnOverhang = columnOverhang
        o.columnSpanGap = columnSpanGap
        o.maxOrderedBlocks = maxOrderedBlocks
        applyGeometry(to: &o)
    }

    /// Sets the fields of the finer geometric thresholds (sizes, reaches and tolerances).
    func applyGeometry(to o: inout LayoutOptions) {
        o.markSizeChange = markSizeChange; o.fragmentSizeChange = fragmentSizeChange; o.stripeSizeChange = stripeSizeChange
        o.stripeEdgeReach = stripeEdgeReach; o.cellStartTolerance = cellStartTolerance; o.scriptSizeRatio = scriptSizeRatio
        o.scriptMinimumShift = scriptMinimumShift; o.scriptGapRatio = scriptGapRatio; o.delimiterReach = delimiterReach
        o.dropCapSizeRatio = dropCapSizeRatio; o.blockReach = blockReach; o.blockOverlapShare = blockOverlapShare
        o.tableWideCellWords = tableWideCellWords; o.tableRowSpacing = tableRowSpacing; o.tableWrappedLineGap = tableWrappedLineGap
        o.footnoteMarkerSize = footnoteMarkerSize; o.footnoteMarkerRise = footnoteMarkerRise; o.skewedLineBaselineShare = skewedLineBaselineShare
        o.skewedLineSizeChange = skewedLineSizeChange; o.skewedLineOverlap = skewedLineOverlap; o.cellGapWidthShare = cellGapWidthShare
        o.spreadLineEdge = spreadLineEdge; o.spreadLineWindow = spreadLineWindow; o.sameSizeTolerance = sameSizeTolerance
        o.dropCapLineGap = dropCapLineGap; o.dropCapOverlap = dropCapOverlap; o.structureOrderCoverage = structureOrderCoverage
        o.structureOrderLooseCoverage = structureOrderLooseCoverage; o.structureOrderAgreement = structureOrderAgreement; o.stackedGlyphOffset = stackedGlyphOffset
        o.tateChuYokoOverlap = tateChuYokoOverlap; o.nextLineShift = nextLineShift; o.blockOverlapWidth = blockOverlapWidth
        o.rawBlockLineGap = rawBlockLineGap; o.equationNumberOverhang = equationNumberOverhang; o.tableRuleCover = tableRuleCover
        o.cellWrapTolerance = cellWrapTolerance; o.cellLineBreakShift = cellLineBreakShift; o.tableEdgeTolerance = tableEdgeTolerance
        o.tableProseWindow = tableProseWindow; o.tableProseLineOverlap = tableProseLineOverlap; o.paragraphWordStartTolerance = paragraphWordStartTolerance
    }
}
