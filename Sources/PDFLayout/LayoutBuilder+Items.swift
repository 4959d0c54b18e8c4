#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore
import PDFGlyphs

// Glyph selection: which glyphs take part in the layout, and their items measured in the
// frame of their orientation group.

extension LayoutBuilder {
    // MARK: Glyph selection

    /// Chooses the glyphs that take part, by the options, and measures each in the frame of
    /// its orientation group.
    mutating func collectItems() {
        let display = page.unscaledDisplayTransform
        items.reserveCapacity(page.glyphs.count)
        var orientations = OrientationCache()
        // The run of the glyph before, and its effective size and marked-content span: read
        // once per run, not copied out of the run per glyph.
        var sizedRun: Int32 = -1, runSize = 0.0, runSpan: Int32 = -1
        var lastOrientation: Orientation? = nil, lastGroup = 0
        // The last item that took an ActualText span's text, and its marked-content span.
        // `sized`: the item's box is that of a glyph with an advance (not a mark's pen position).
        var actualTextItem: (item: Int, span: Int32, sized: Bool)? = nil
        statistics.glyphs = page.glyphs.count
        // Off the page: the interpreter's flag, or (pages made otherwise) the glyph's box.
        let visible = page.visibleBox
        for (i, g) in page.glyphs.enumerated() {
            if drops(g, at: i, visible: visible) { continue }
            // A glyph without text of its own inside an ActualText span (the span's text went
            // to its first glyph) widens that glyph's item below, so the text covers the span's
            // glyphs: a letter and its mark replaced as one cluster, the mark painted first.
            let spanContinuation = g.text.lowerBound >= g.text.upperBound && g.unicodeSource == .actualText
                && actualTextItem.map { $0.span == page.runs[Int(g.run)].markedContent } == true
            guard g.text.lowerBound < g.text.upperBound || spanContinuation else { continue }
            if g.run != sizedRun {
                sizedRun = g.run
                runSize = page.runs[Int(g.run)].effectiveSize
                runSpan = page.runs[Int(g.run)].markedContent
            }
            // The orientation is the run's (and the writing mode's): worked out once per run.
            let vertical = g.flags.contains(.vertical)
            guard let orientation = orientations.orientation(
                run: g.run, vertical: vertical, matrix: page.runs[Int(g.run)].textMatrix,
                display: display, diagonalAngle: options.diagonalAngle) else { continue }
            if orientation.isDiagonal && options.dropsDiagonalText { statistics.droppedDiagonal += 1; continue }
            let group: Int
            // A page has few orientations (4 upright, and diagonals in 5° steps): `groups` is
            // searched when the orientation changes.
            if orientation == lastOrientation { group = lastGroup } else if let k = groups.firstIndex(of: orientation) {
                group = k
            } else {
                group = groups.count; groups.append(orientation)
            }
            lastOrientation = orientation; lastGroup = group
            let (fx, fy) = orientation.flow
            let (nx, ny) = (-fy, fx)
            let o = display.apply(g.origin)
            guard o.x.isFinite, o.y.isFinite else { continue }
            var size = runSize
            if !(size.isFinite && size > LayoutConstants.negligible) { size = max(LayoutConstants.negligible, g.quad.bounds.height) }
            let along = o.x * fx + o.y * fy
            var across = o.x * nx + o.y * ny
            if vertical {
                // The pen of vertical text runs down the middle of the glyph column.
                across += LayoutConstants.verticalBaselineShift * size
            }
            // The glyph's own width along the line (its box), not the pen advance: character
            // spacing (Tc) belongs to the gap, where producers often put word breaks.
            @inline(__always) func reach(_ p: Point) -> Double {
                let c = display.apply(p)
                return c.x * fx + c.y * fy - along
            }
            let q = g.quad
            let boxExtent = max(max(reach(q.lowerLeft), reach(q.lowerRight)), max(reach(q.upperRight), reach(q.upperLeft)))
            var extent = boxExtent
            if !(extent.isFinite && extent > 0) {
                extent = g.advance.isFinite && g.advance > 0 ? Double(g.advance) : LayoutConstants.fallbackAdvance * size
            }
            if spanContinuation, let last = actualTextItem {
                if items[last.item].group == group,
                   widen(last.item, sized: last.sized, along: along, extent: extent, across: across,
                         glyphSized: abs(Double(g.advance)) > LayoutConstants.negligible * size) {
                    actualTextItem?.sized = true
                }
                continue
            }
            let first = page.scalars[Int(g.text.lowerBound)]
            var isSpace = true
            for k in Int(g.text.lowerBound)..<Int(g.text.upperBound) where !page.scalars[k].isLayoutWhitespace {
                isSpace = false; break
            }
            // A space whose own width spacing cancels (`cancelledSpaceAdvance`) is a kern.
            // (`limit` is above 0, so the width floor also rules out a box of no width.)
            if isSpace, options.cancelledSpaceAdvance > 0, boxExtent.isFinite {
                let advance = Double(g.advance)
                let limit = options.cancelledSpaceAdvance * size
                if advance.isFinite, advance < limit, boxExtent >= LayoutConstants.cancelledSpaceWidth * limit,
                   advance < LayoutConstants.cancelledSpaceShare * boxExtent { continue }
            }
            actualTextItem = g.unicodeSource == .actualText && runSpan >= 0
                ? (items.count, runSpan, abs(Double(g.advance)) > LayoutConstants.negligible * size) : nil
            items.append(Item(glyph: Int32(i), x0: along, x1: along + extent, baseline: across,
                              size: size, group: group, isSpace: isSpace, isCJK: first.isCJKLike,
                              isAlphanumeric: first.isLetterOrDigit, isMark: first.isCombiningMark))
        }
    }

    /// Whether the options leave glyph `i` out (a duplicate, hidden, off the page, clipped
    /// or invisible), counted in `statistics`; an invisible glyph kept is counted too.
    @inline(__always) mutating func drops(_ g: PositionedGlyph, at i: Int, visible: Rect) -> Bool {
        let f = g.flags
        if f.contains(.duplicate) && options.dropsDuplicates { statistics.droppedDuplicates += 1; return true }
        if f.contains(.hidden) && options.dropsHiddenText { statistics.droppedHidden += 1; return true }
        if options.dropsOffPageText && (f.contains(.offPage) || !g.quad.sharesArea(with: visible)) {
            statistics.droppedOffPage += 1; return true
        }
        // A glyph with no advance (a mark painted before its letter) has a box only at its
        // pen position, which says little of its ink: it is clipped when its letter is.
        if f.contains(.clipped) && options.dropsClippedText
            && !(abs(g.advance) < Float(LayoutConstants.negligible) && i + 1 < page.glyphs.count && !page.glyphs[i + 1].flags.contains(.clipped)) {
            statistics.droppedClipped += 1; return true
        }
        if f.contains(.invisible) {
            if options.dropsInvisibleText { statistics.droppedInvisible += 1; return true }
            statistics.invisibleKept += 1
        }
        return false
    }

    /// Widens item `k`, which took an ActualText span's text, over one more glyph of the span
    /// (at `along`, `extent` long, on `across`). Returns whether the item now has the box of
    /// a glyph with an advance, where it had none (`sized`) and this glyph has (`glyphSized`).
    @inline(__always) mutating func widen(_ k: Int, sized: Bool, along: Double, extent: Double, across: Double,
                                          glyphSized: Bool) -> Bool {
        if !sized && glyphSized {
            // A span started by a mark with no advance (painted before its letter, its pen
            // position off the letter's box and often off the baseline): the item is where
            // its letter is.
            items[k].x0 = along
            items[k].x1 = along + extent
            items[k].baseline = across
            return true
        }
        items[k].x0 = min(items[k].x0, along)
        items[k].x1 = max(items[k].x1, along + extent)
        return false
    }
}

/// The orientation of the run of the glyph before, kept while glyphs go on in it or in runs
/// with the same text matrix: runs in a row mostly share it (TeX starts a run at every kern),
/// and then the orientation is the same.
struct OrientationCache {
    var run: Int32 = -1, vertical = false
    var orientation: Orientation? = nil
    /// The text matrix the cached orientation was worked out for.
    var matrix = (a: Double.nan, b: Double.nan, c: Double.nan, d: Double.nan)

    /// The orientation of text in run `run` (vertical or not, with text matrix `m`) in display
    /// space (`display`): upright to the nearest quarter turn within `diagonalAngle` degrees,
    /// else diagonal in 5° steps. Nil when the matrix gives the text no direction.
    @inline(__always) mutating func orientation(run: Int32, vertical: Bool, matrix m: Matrix, display: Matrix,
                                                diagonalAngle: Double) -> Orientation? {
        if run == self.run && vertical == self.vertical, let c = orientation { return c }
        if vertical == self.vertical, let c = orientation,
           m.a == matrix.a, m.b == matrix.b, m.c == matrix.c, m.d == matrix.d {
            self.run = run
            return c
        }
        matrix = (m.a, m.b, m.c, m.d)
        // Direction of the text in page space, then in display space.
        var (vx, vy) = vertical ? (-m.c, -m.d) : (m.a, m.b)
        (vx, vy) = (vx * display.a + vy * display.c, vx * display.b + vy * display.d)
        let length = (vx * vx + vy * vy).squareRoot()
        self.run = run; self.vertical = vertical; orientation = nil
        guard length.isFinite, length > 0 else { return nil }
        let angle = angleDegrees(vx, vy)
        let nearest = (angle / 90).rounded() * 90
        let found = abs(angle - nearest) <= diagonalAngle
            ? Orientation(angle: Int(nearest) % 360, isDiagonal: false)
            : Orientation(angle: Int((angle / 5).rounded() * 5) % 360, isDiagonal: true)
        orientation = found
        return found
    }
}
