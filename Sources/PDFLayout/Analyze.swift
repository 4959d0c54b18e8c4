import PDFCore
import PDFGlyphs

/// Lays out one page: words, lines, blocks and the reading order of its glyphs.
///
/// - Parameters:
///   - page: the page's glyph arena.
///   - options: thresholds and switches.
///   - structureOrder: for tagged pages, the page's marked-content ids (MCIDs) in the order
///     the structure tree reads them; used when `options.readingOrder` allows and the order
///     agrees with the geometry.
///   - runningFurniture: the document's headers and footers found by repetition across
///     pages; a block matching one is marked wherever it stands. Without it (a page alone),
///     furniture is found by position.
public func analyzeLayout(_ page: PageGlyphs, options: LayoutOptions = LayoutOptions(),
                          structureOrder: [Int]? = nil, runningFurniture: RunningFurniture? = nil) -> PageLayout {
    var builder = LayoutBuilder(page: page, options: options)
    builder.furniture = runningFurniture
    return builder.run(structureOrder: structureOrder)
}
