import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

/// `leaderRole` and `isLeaderLine` skip the scan of a segment whose last character can end
/// neither a leader nor a number: they must answer as the scan does, on every kind of ending.
@Suite struct LeaderFilterTests {
    /// The role the scan alone gives (the rules of `leaderRole`, without its filter).
    static func scannedRole(_ finder: LineFinder, _ seg: Segment) -> LineFinder.LeaderRole {
        let (tail, run, rest) = finder.leaderScan(seg)
        if run == 0 { return rest == 0 && LineFinder.isNumberLike(tail.reversed()) ? .number : .other }
        if rest == 0 && tail.isEmpty { return .leader }
        if rest == 0 && run >= 3 && LineFinder.isNumberLike(tail.reversed()) { return .leaderThenNumber }
        return run >= 3 && tail.isEmpty ? .endsWithLeader : .other
    }

    static func scannedLeaderLine(_ finder: LineFinder, _ seg: Segment) -> Bool {
        let (tail, run, rest) = finder.leaderScan(seg)
        return rest > 0 && run >= 3 && LineFinder.isNumberLike(tail.reversed())
    }

    static let lines = [
        "Introduction . . . . . . . 12", "Contents ........ 233", "Espresso … 2.50", "Price € 3,90", "xiv", "Preface vii",
        "12", "101–103", "2.50", "A.2", "and so on", "the end.", "a list, then", "see 4-", "ratio 3/", "time 10:",
        "dots ...", "....", "___", "· · ·", "hello world", "Chapter 1", "Total $", "x", "MCMXC", "word )", "tab\tend ",
        "Mixed 12a", "done!", "über", "数字", "١٢٣", "end —", "–", "pages 1–", "Index", "value 7 ",
    ]

    @Test("the filter answers as the scan on every ending", arguments: lines)
    func sameAsScan(_ line: String) {
        var g = GlyphPage()
        g.text(line, x: 72, y: 700)
        var builder = LayoutBuilder(page: g.page, options: LayoutOptions())
        builder.collectItems()
        let items = builder.items
        guard !items.isEmpty else { return }
        let finder = LineFinder(page: g.page, items: items, options: LayoutOptions())
        let seg = Segment(items: items.indices.map { Int32($0) }, x0: items.first!.x0, x1: items.last!.x1,
                          baseline: items[0].baseline, size: items[0].size, top: items[0].top,
                          bottom: items[0].bottom, group: 0, firstGlyph: 0)
        #expect(finder.leaderRole(seg) == Self.scannedRole(finder, seg), "\(line)")
        #expect(finder.isLeaderLine(seg) == Self.scannedLeaderLine(finder, seg), "\(line)")
    }

    @Test("lines of running text are passed over; numbers and leaders are not")
    func whatIsSkipped() {
        var g = GlyphPage()
        g.text("hello there", x: 72, y: 700)  // ends in a letter no number has
        g.text("Preface vii", x: 72, y: 680)
        g.text("dots ...", x: 72, y: 660)
        var builder = LayoutBuilder(page: g.page, options: LayoutOptions())
        builder.collectItems()
        let finder = LineFinder(page: g.page, items: builder.items, options: LayoutOptions())
        func seg(_ glyphs: Range<Int>) -> Segment {
            let ids = builder.items.indices.filter { glyphs.contains(Int(builder.items[$0].glyph)) }.map { Int32($0) }
            return Segment(items: ids, x0: 0, x1: 1, baseline: 0, size: 10, top: 0, bottom: 1, group: 0, firstGlyph: 0)
        }
        let skipped = [seg(0..<11), seg(11..<22), seg(22..<30)].map { !finder.mayEndWithLeaderOrNumber($0) }
        #expect(skipped == [true, false, false])
    }
}
