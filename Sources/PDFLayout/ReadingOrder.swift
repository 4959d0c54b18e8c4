import PDFCore

/// A position key for sorting blocks and lines: top edge, then left edge, then content
/// order. Comparing keys (never "same line within a tolerance" tests) keeps every sort a
/// strict weak ordering, as `sort` requires.
struct PositionKey: Comparable {
    var top: Double
    var left: Double
    var serial: Int32

    static func < (a: PositionKey, b: PositionKey) -> Bool {
        if a.top != b.top { return a.top < b.top }
        if a.left != b.left { return a.left < b.left }
        return a.serial < b.serial
    }
}

/// The geometric reading order of blocks: a topological sort over "comes before" rules
/// (after Breuel, "High performance document layout analysis", 2003):
///
/// 1. A comes before B when they overlap along the line direction and A is above B.
/// 2. A comes before B when A lies wholly before B along the line (to its left) and no third
///    block C lies between them across the line while overlapping both along it (a heading
///    that spans both columns separates the columns above it from those below).
///
/// Rule 2 applies to a block wholly below the other only when its column reaches up to the
/// other's height (a block in its column is level with it) and the block does not run out
/// beyond its column's right side (`columnOverhang`); a small block lower down the page, or a
/// wider one, is otherwise read after what stands above it; so is a block lying under two
/// blocks level with the other, with white of `columnSpanGap` em or more between them that no
/// block level with the other crosses (it spans their columns).
///
/// 3. Before rule 2: A comes before B when a band of white at least `rowBandRatio` em high,
///    crossed by no block within their extent along the line, lies below A and above B (the
///    rows of a grid of figure captions are read row by row).
///
/// Among blocks whose predecessors are all placed, the one with the smallest `PositionKey`
/// goes next; a cycle (possible only with overlapping blocks) is broken the same way.
struct BlockOrdering {
    struct Box {
        var x0: Double, x1: Double, top: Double, bottom: Double
        var key: PositionKey
        /// The block's font size, for distances in em.
        var size: Double = 0
        var centerY: Double { (top + bottom) / 2 }
    }

    /// Whether a band of white at least `band` em high lies between `a` (above) and `b`
    /// (below) that no block crosses within the two blocks' extent along the line: rows of a
    /// grid (figures with their captions) are read row by row. A block of `a`'s row that runs
    /// on lower than `a` (a longer caption beside it) narrows the band from above, one of
    /// `b`'s row that starts higher narrows it from below; a block wholly between them closes it.
    static func rowBandBetween(_ a: Box, _ b: Box, all: [Box], band: Double) -> Bool {
        let size = max(a.size, b.size)
        guard band.isFinite, size > 0, b.top - a.bottom >= band * size else { return false }
        let x0 = min(a.x0, b.x0), x1 = max(a.x1, b.x1)
        var upper = a.bottom, lower = b.top
        for c in all where c.top < b.top && c.bottom > a.bottom && overlap(c.x0, c.x1, x0, x1) > LayoutConstants.overlapTolerance {
            if c.top <= a.bottom { upper = max(upper, c.bottom) }
            else if c.bottom >= b.top { lower = min(lower, c.top) }
            else { return false }
        }
        return lower - upper >= band * size
    }

    /// Whether `a` comes before `b` by the rules above.
    static func comesBefore(_ a: Box, _ b: Box, all: [Box], band: Double = .infinity, overhang: Double = .infinity,
                            spanGap: Double = .infinity) -> Bool {
        let tolerance = LayoutConstants.overlapTolerance
        let ov = overlap(a.x0, a.x1, b.x0, b.x1)
        if ov > tolerance {
            if a.centerY != b.centerY { return a.centerY < b.centerY }
            return a.key < b.key
        }
        // Rows of a grid: a band of white across both blocks puts the upper one first.
        if rowBandBetween(a, b, all: all, band: band) { return true }
        if rowBandBetween(b, a, all: all, band: band) { return false }
        guard a.x1 <= b.x0 + tolerance else { return false }
        // When A lies wholly below B, A must belong to a column that reaches B's height
        // (some block above it in its column is level with B); otherwise A is just a small
        // block further down the page, read after B. The column is as wide as A and the blocks
        // above A over it (a narrow table under its column's text, a short heading at the
        // column's left edge level with B).
        if a.top >= b.bottom {
            var x0 = a.x0, x1 = a.x1
            for c in all where c.bottom <= a.top + tolerance && c.x1 <= b.x0 + tolerance
                && overlap(c.x0, c.x1, a.x0, a.x1) > tolerance {
                x0 = min(x0, c.x0); x1 = max(x1, c.x1)
            }
            let reaches = all.contains { c in
                overlap(c.x0, c.x1, x0, x1) > tolerance && c.x1 <= b.x0 + tolerance
                    && overlap(c.top, c.bottom, b.top, b.bottom) > 0
            }
            // Nor does A belong to the column when it runs out beyond its right side by more
            // than `overhang` em (a full-width box below both the text and a sidebar).
            let inColumn = all.contains { c in
                c.key != a.key && overlap(c.x0, c.x1, a.x0, a.x1) > tolerance && c.x1 <= b.x0 + tolerance
                    && c.x1 >= a.x1 - overhang * a.size
            }
            if !reaches || !inColumn { return false }
            // Nor when A lies under two blocks level with B with a gap of at least `spanGap` em
            // between them that no block level with B crosses: it spans the columns of B's row
            // (the paragraph after a grid of captions), not the pieces of one column's heading.
            if spanGap.isFinite {
                func isAbove(_ c: Box) -> Bool {
                    c.key != a.key && c.x1 <= b.x0 + tolerance && overlap(c.top, c.bottom, b.top, b.bottom) > 0
                        && overlap(c.x0, c.x1, a.x0, a.x1) > tolerance
                }
                let gap = spanGap * a.size
                for left in all where isAbove(left) {
                    let start = left.x1, end = left.x1 + gap
                    guard all.contains(where: { isAbove($0) && $0.x0 >= end }) else { continue }
                    if !all.contains(where: { isAbove($0) && $0.x0 < end && $0.x1 > start }) { return false }
                }
            }
        }
        let lo = min(a.centerY, b.centerY), hi = max(a.centerY, b.centerY)
        for c in all {
            let cy = c.centerY
            guard cy > lo, cy < hi else { continue }
            if overlap(c.x0, c.x1, a.x0, a.x1) > tolerance && overlap(c.x0, c.x1, b.x0, b.x1) > tolerance {
                return false
            }
        }
        return true
    }

    /// The order of `boxes` (indices) and a confidence in 0…1: lower when side-by-side blocks
    /// were ordered by the tie-breaker alone, or when a cycle had to be broken.
    static func order(_ boxes: [Box], maxBlocks: Int, band: Double = .infinity, overhang: Double = .infinity,
                      spanGap: Double = .infinity) -> (order: [Int], confidence: Double, usedFallback: Bool) {
        let n = boxes.count
        if n <= 1 { return (Array(0..<n), 1, false) }
        if n > maxBlocks {
            return (boxes.indices.sorted { boxes[$0].key < boxes[$1].key }, LayoutConstants.fallbackConfidence, true)
        }
        var before = [Bool](repeating: false, count: n * n)   // before[a*n+b]: a comes before b
        var indegree = [Int](repeating: 0, count: n)
        var sideBySide = 0, decided = 0
        for a in 0..<n {
            for b in 0..<n where a != b {
                if comesBefore(boxes[a], boxes[b], all: boxes, band: band, overhang: overhang, spanGap: spanGap) {
                    before[a * n + b] = true
                    indegree[b] += 1
                }
            }
        }
        for a in 0..<n {
            for b in (a + 1)..<n {
                let A = boxes[a], B = boxes[b]
                let apart = overlap(A.x0, A.x1, B.x0, B.x1) <= LayoutConstants.overlapTolerance
                let level = overlap(A.top, A.bottom, B.top, B.bottom) > 0
                if apart && level {
                    sideBySide += 1
                    if before[a * n + b] || before[b * n + a] { decided += 1 }
                }
            }
        }
        var placed = [Bool](repeating: false, count: n)
        var result: [Int] = []
        result.reserveCapacity(n)
        var cycles = 0
        while result.count < n {
            var pick = -1
            for i in 0..<n where !placed[i] && indegree[i] == 0 {
                if pick < 0 || boxes[i].key < boxes[pick].key { pick = i }
            }
            if pick < 0 {
                cycles += 1
                for i in 0..<n where !placed[i] {
                    if pick < 0 || boxes[i].key < boxes[pick].key { pick = i }
                }
            }
            placed[pick] = true
            result.append(pick)
            for b in 0..<n where before[pick * n + b] && !placed[b] { indegree[b] -= 1 }
        }
        var confidence = 1.0
        if sideBySide > 0 {
            confidence -= LayoutConstants.undecidedConfidence * Double(sideBySide - decided) / Double(sideBySide)
        }
        confidence -= min(LayoutConstants.maxCycleConfidence, LayoutConstants.cycleConfidence * Double(cycles))
        return (result, max(0, confidence), false)
    }
}
