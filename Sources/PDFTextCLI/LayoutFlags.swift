import ArgumentParser
import PDFLayout

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

/// One command-line flag per `LayoutOptions` field, mapped in `apply(to:)`. The flag is the
/// field's name in kebab case (`wordGapRatio` ↔ `--word-gap-ratio`); a switch that is on by
/// default gets the flag that turns it off, named for what it then does (`expandsLigatures`
/// ↔ `--keep-ligatures`, `dropsDiagonalText` ↔ `--no-diagonal`). Help texts are the fields'
/// documentation. `fieldNames` lists the fields covered, so a test can tell when
/// `LayoutOptions` gains one without a flag.
public struct LayoutFlags: ParsableArguments {
    @Option(name: .customLong("reading-order"),
            help: "How the reading order is decided: automatic (the structure tree when the page is tagged and its order agrees with the geometry, otherwise geometry), structure, geometry, or stream (the content stream's painting order, as --raw).")
    public var readingOrder: LayoutOptions.ReadingOrder?

    // Words and spaces
    @Option(help: ArgumentHelp("A gap wider than this (beyond the line's usual letter spacing) is a space. Fraction of the font size (default 0.15).", valueName: "em"))
    public var wordGapRatio: Double?
    @Option(help: ArgumentHelp("Between two CJK characters a space needs a gap this wide (they are set without spaces; default 0.6).", valueName: "em"))
    public var cjkWordGapRatio: Double?
    @Option(help: ArgumentHelp("Letter spacing (a line's typical gap between letters) is estimated from this quantile of its gaps, so letter-spaced headings do not turn into one word per letter (default 0.25).", valueName: "q"))
    public var letterSpacingQuantile: Double?

    // Lines
    @Option(help: ArgumentHelp("Two glyphs share a line when their baselines differ by less than this (default 0.35).", valueName: "em"))
    public var baselineTolerance: Double?
    @Option(help: ArgumentHelp("Glyphs further apart than this along a line start a new line segment, so columns and table cells separated by white space stay apart (default 0.9).", valueName: "em"))
    public var segmentGapRatio: Double?
    @Option(help: ArgumentHelp("A smaller glyph raised or lowered by up to this much joins the line as a super- or subscript (default 0.6).", valueName: "em"))
    public var scriptShiftRatio: Double?
    @Flag(help: "Do not join a drop cap (an initial spanning several lines) to the first line beside it.")
    public var noDropCaps = false

    // Blocks
    @Option(help: ArgumentHelp("Lines further apart vertically than this (gap between their boxes) start a new block (default 0.9).", valueName: "em"))
    public var blockGapRatio: Double?
    @Option(help: ArgumentHelp("Font sizes differing by more than this fraction start a new block (headings; default 0.2).", valueName: "fraction"))
    public var blockSizeChange: Double?
    @Flag(help: "Do not read rows of cells lined up in columns as a table, row by row.")
    public var noTables = false
    @Option(help: ArgumentHelp("A table's cells hold at most this many words on average; prose columns hold more (default 4).", valueName: "words"))
    public var tableCellWords: Double?

    // Page furniture
    @Flag(help: "Do not mark headers, footers and page numbers in the margins as artifacts.")
    public var noRunningArtifacts = false
    @Option(help: ArgumentHelp("The top and bottom margin bands, as fractions of the page height (default 0.1).", valueName: "fraction"))
    public var marginBand: Double?

    // Text
    @Flag(help: "Keep ligature characters (U+FB00–FB06) instead of expanding them into their letters.")
    public var keepLigatures = false
    @Flag(help: "Keep Arabic and Hebrew presentation forms instead of replacing them by their base letters.")
    public var keepPresentationForms = false
    @Option(help: "What to do with a hyphen at the end of a line: evidenced (join when the page supports it: the next line starts with a lower-case letter and the joined word occurs elsewhere on the page, or the hyphenated compound does not), always, or never (keep the hyphen and the line break).")
    public var hyphenJoining: LayoutOptions.HyphenJoining?

    // Which glyphs take part
    @Flag(help: "Keep fake-bold duplicates (the same glyph painted again within a point).")
    public var keepDuplicates = false
    @Flag(help: "Drop text painted invisibly (render mode 3 or fully transparent), such as OCR layers.")
    public var dropInvisible = false
    @Flag(help: "Drop text at an angle far from the page axes (diagonal watermarks).")
    public var noDiagonal = false
    @Flag(name: .customLong("nodiag", withSingleDash: true), help: .hidden)
    public var popplerNoDiagonal = false
    @Option(help: ArgumentHelp("Degrees from the nearest axis beyond which text counts as diagonal (default 10).", valueName: "degrees"))
    public var diagonalAngle: Double?
    @Flag(help: "Keep glyphs wholly outside the clipping path.")
    public var keepClipped = false
    @Flag(help: "Keep glyphs in optional-content layers that are off.")
    public var keepHidden = false

    @Option(help: ArgumentHelp("Above this many blocks on a page the order falls back to a sort by position (default 600).", valueName: "n"))
    public var maxOrderedBlocks: Int?

    public init() {}

    /// The `LayoutOptions` fields these flags set.
    public static let fieldNames: Set<String> = [
        "readingOrder", "wordGapRatio", "cjkWordGapRatio", "letterSpacingQuantile", "baselineTolerance",
        "segmentGapRatio", "scriptShiftRatio", "joinsDropCaps", "blockGapRatio", "blockSizeChange",
        "detectsTables", "tableCellWords", "marksRunningArtifacts", "marginBand", "expandsLigatures",
        "normalizesPresentationForms", "hyphenJoining", "dropsDuplicates", "dropsInvisibleText",
        "dropsDiagonalText", "diagonalAngle", "dropsClippedText", "dropsHiddenText", "maxOrderedBlocks",
    ]

    public func validate() throws {
        let ratios: [(String, Double?)] = [
            ("--word-gap-ratio", wordGapRatio), ("--cjk-word-gap-ratio", cjkWordGapRatio),
            ("--baseline-tolerance", baselineTolerance), ("--segment-gap-ratio", segmentGapRatio),
            ("--script-shift-ratio", scriptShiftRatio), ("--block-gap-ratio", blockGapRatio),
            ("--block-size-change", blockSizeChange), ("--table-cell-words", tableCellWords),
            ("--diagonal-angle", diagonalAngle),
        ]
        for (name, v) in ratios {
            if let v, !(v.isFinite && v >= 0) { throw ValidationError("\(name) must be a number of 0 or more") }
        }
        for (name, v) in [("--letter-spacing-quantile", letterSpacingQuantile), ("--margin-band", marginBand)] {
            if let v, !(v >= 0 && v <= 1) { throw ValidationError("\(name) must be between 0 and 1") }
        }
        if let n = maxOrderedBlocks, n < 1 { throw ValidationError("--max-ordered-blocks must be 1 or more") }
    }

    /// Sets the fields given on the command line; the others keep their values.
    public func apply(to o: inout LayoutOptions) {
        if let v = readingOrder { o.readingOrder = v }
        if let v = wordGapRatio { o.wordGapRatio = v }
        if let v = cjkWordGapRatio { o.cjkWordGapRatio = v }
        if let v = letterSpacingQuantile { o.letterSpacingQuantile = v }
        if let v = baselineTolerance { o.baselineTolerance = v }
        if let v = segmentGapRatio { o.segmentGapRatio = v }
        if let v = scriptShiftRatio { o.scriptShiftRatio = v }
        if noDropCaps { o.joinsDropCaps = false }
        if let v = blockGapRatio { o.blockGapRatio = v }
        if let v = blockSizeChange { o.blockSizeChange = v }
        if noTables { o.detectsTables = false }
        if let v = tableCellWords { o.tableCellWords = v }
        if noRunningArtifacts { o.marksRunningArtifacts = false }
        if let v = marginBand { o.marginBand = v }
        if keepLigatures { o.expandsLigatures = false }
        if keepPresentationForms { o.normalizesPresentationForms = false }
        if let v = hyphenJoining { o.hyphenJoining = v }
        if keepDuplicates { o.dropsDuplicates = false }
        if dropInvisible { o.dropsInvisibleText = true }
        if noDiagonal || popplerNoDiagonal { o.dropsDiagonalText = true }
        if let v = diagonalAngle { o.diagonalAngle = v }
        if keepClipped { o.dropsClippedText = false }
        if keepHidden { o.dropsHiddenText = false }
        if let v = maxOrderedBlocks { o.maxOrderedBlocks = v }
    }
}
