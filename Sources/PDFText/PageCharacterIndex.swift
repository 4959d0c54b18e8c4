import Foundation
import PDFCore
import PDFLayout
import PDFGlyphs

/// The text of one page as PDFKit's API sees it: the page string, UTF-16 indices into it,
/// a quad per character and a grid for hit testing. Built once per page from a
/// ``PageText`` and never changed, so it is shared freely between tasks.
///
/// The page string is the layout's text without its final line break. Its characters are
/// `layout.characters[0..<characterCount]`, one layout character (a Unicode scalar) each;
/// PDFKit's indices count UTF-16 units, so a scalar outside the BMP takes two indices.
package final class PageCharacterIndex: Sendable {
    let text: PageText
    let string: String
    /// Number of layout characters in `string`.
    let characterCount: Int
    /// UTF-16 offset where each layout character starts, plus the total length at the end.
    let utf16Start: [Int32]
    /// The layout character each UTF-16 unit belongs to.
    let characterOfUnit: [Int32]
    /// Page-space quad of each layout character (synthesised ones get the gap they stand for,
    /// or a zero-width quad at the end of the character before them).
    let quads: [Quad]
    /// Line of each layout character (index into `layout.lines`), -1 for the line and block
    /// breaks between lines.
    let lineOfCharacter: [Int32]
    /// Word of each layout character (index into `layout.words`), -1 for spaces and breaks.
    let wordOfCharacter: [Int32]
    let grid: HitGrid

    var layout: PageLayout { text.layout }
    var utf16Count: Int { Int(utf16Start[characterCount]) }

    init(_ text: PageText) {
        self.text = text
        let chars = text.layout.characters
        let n = text.layout.pageStringCharacters.count
        characterCount = n

        var starts = [Int32](repeating: 0, count: n + 1)
        var unitOwner: [Int32] = []
        unitOwner.reserveCapacity(n)
        var offset: Int32 = 0
        for i in 0..<n {
            starts[i] = offset
            let w: Int32 = chars[i].scalar.value > 0xFFFF ? 2 : 1
            for _ in 0..<w { unitOwner.append(Int32(i)) }
            offset += w
        }
        starts[n] = offset
        utf16Start = starts
        characterOfUnit = unitOwner
        string = text.layout.pageString

        let layout = text.layout
        let lineOf = Self.lineOfCharacters(layout, count: n)
        var wordOf = [Int32](repeating: -1, count: n)
        for (wi, word) in layout.words.enumerated() {
            for c in Int(word.characters.lowerBound)..<min(n, Int(word.characters.upperBound)) { wordOf[c] = Int32(wi) }
        }
        lineOfCharacter = lineOf
        wordOfCharacter = wordOf
        quads = Self.characterQuads(text, count: n, lineOf: lineOf)
        grid = HitGrid(quads: quads, characters: chars, count: n)
    }

    // MARK: Index conversion

    /// The layout characters covering a UTF-16 range, widened to whole characters; nil when
    /// the range is empty or outside the string.
    func characters(utf16 range: NSRange) -> Range<Int>? {
        let total = utf16Count
        guard range.location != NSNotFound, range.location >= 0, range.length > 0, range.location < total else { return nil }
        let end = range.location + min(range.length, total - range.location)  // no overflow near Int.max
        let first = Int(characterOfUnit[range.location])
        let last = Int(characterOfUnit[end - 1])
        return first..<(last + 1)
    }

    /// As ``characters(utf16:)-(NSRange)`` for a Swift range.
    func characters(utf16 range: Range<Int>) -> Range<Int>? {
        characters(utf16: NSRange(location: range.lowerBound, length: range.count))
    }

    func utf16Range(_ characters: Range<Int>) -> Range<Int> {
        Int(utf16Start[characters.lowerBound])..<Int(utf16Start[characters.upperBound])
    }

    func character(atUTF16 index: Int) -> Int? {
        guard index >= 0, index < characterOfUnit.count else { return nil }
        return Int(characterOfUnit[index])
    }

    func substring(_ characters: Range<Int>) -> String {
        text.layout.text(Int32(characters.lowerBound)..<Int32(characters.upperBound))
    }

    // MARK: Hit testing

    /// The character under `p`: among real characters whose quad holds the point, the one
    /// whose centre is nearest; else a synthesised space whose gap holds it; else nil.
    func characterIndex(at p: Point) -> Int? {
        var best: Int?
        var bestDistance = Double.infinity
        var space: Int?
        grid.forEachCandidate(at: p) { i in
            guard quads[i].contains(p) else { return }
            if text.layout.characters[i].isSynthesized {
                if space == nil || i < space! { space = i }
                return
            }
            let c = quads[i].center
            let d = (c.x - p.x) * (c.x - p.x) + (c.y - p.y) * (c.y - p.y)
            if d < bestDistance || (d == bestDistance && i < best!) { best = i; bestDistance = d }
        }
        return best ?? space
    }

    /// The real character nearest to `p` (distance to its box), for drags that start or end
    /// between lines. nil when the page has no text.
    func nearestCharacter(to p: Point) -> Int? {
        if let hit = characterIndex(at: p) { return hit }
        var best: Int?
        var bestDistance = Double.infinity
        let chars = text.layout.characters
        for i in 0..<characterCount where !chars[i].isSynthesized {
            let b = quads[i].bounds
            let dx = max(b.x0 - p.x, 0, p.x - b.x1)
            let dy = max(b.y0 - p.y, 0, p.y - b.y1)
            // Vertical distance weighs more: a point left of a line belongs to that line,
            // not to the line above whose end happens to be near.
            let d = dx * dx + 4 * dy * dy
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }

    /// Characters whose centres lie in `rect`, plus the spaces and breaks between two such
    /// characters, as maximal runs.
    func characters(in rect: Rect) -> [Range<Int>] {
        let chars = text.layout.characters
        var inside = [Bool](repeating: false, count: characterCount)
        var any = false
        for i in 0..<characterCount where !chars[i].isSynthesized {
            let c = quads[i].center
            if c.x >= rect.x0, c.x <= rect.x1, c.y >= rect.y0, c.y <= rect.y1 { inside[i] = true; any = true }
        }
        guard any else { return [] }
        // A synthesised character joins when the real characters on both sides joined.
        var lastReal: Int? = nil
        var i = 0
        while i < characterCount {
            if chars[i].isSynthesized {
                var j = i
                while j < characterCount, chars[j].isSynthesized { j += 1 }
                if let l = lastReal, inside[l], j < characterCount, inside[j] {
                    for k in i..<j { inside[k] = true }
                }
                i = j
            } else {
                lastReal = i
                i += 1
            }
        }
        var runs: [Range<Int>] = []
        var start: Int?
        for k in 0...characterCount {
            let on = k < characterCount && inside[k]
            if on, start == nil { start = k }
            if !on, let s = start { runs.append(s..<k); start = nil }
        }
        return runs
    }

    // MARK: Quads

    /// One quad per line piece of a character range: the characters of each line it touches,
    /// boxed along the line's own direction (so rotated lines get rotated quads).
    func lineQuads(_ range: Range<Int>) -> [Quad] {
        var out: [Quad] = []
        var i = range.lowerBound
        let chars = text.layout.characters
        while i < range.upperBound {
            let line = lineOfCharacter[i]
            if line < 0 { i += 1; continue }
            var j = i
            var members: [Int] = []
            while j < range.upperBound, lineOfCharacter[j] == line {
                if !chars[j].isSynthesized { members.append(j) }
                j += 1
            }
            if let q = Self.enclosingQuad(members.map { quads[$0] }) { out.append(q) }
            i = j
        }
        return out
    }

    /// The smallest quad around `quads` whose sides follow the first quad's baseline.
    static func enclosingQuad(_ quads: [Quad]) -> Quad? {
        guard let first = quads.first else { return nil }
        var ux = first.lowerRight.x - first.lowerLeft.x, uy = first.lowerRight.y - first.lowerLeft.y
        let len = (ux * ux + uy * uy).squareRoot()
        if len < 1e-9 { ux = 1; uy = 0 } else { ux /= len; uy /= len }
        let vx = -uy, vy = ux
        var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
        for q in quads {
            for p in [q.lowerLeft, q.lowerRight, q.upperRight, q.upperLeft] {
                let u = p.x * ux + p.y * uy, v = p.x * vx + p.y * vy
                minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
            }
        }
        func pt(_ u: Double, _ v: Double) -> Point { Point(x: u * ux + v * vx, y: u * uy + v * vy) }
        return Quad(lowerLeft: pt(minU, minV), lowerRight: pt(maxU, minV), upperRight: pt(maxU, maxV), upperLeft: pt(minU, maxV))
    }

    /// The line (index into `layout.lines`) of each of the first `n` layout characters, -1
    /// for the breaks between lines.
    package static func lineOfCharacters(_ layout: PageLayout, count n: Int) -> [Int32] {
        var lineOf = [Int32](repeating: -1, count: n)
        for (li, line) in layout.lines.enumerated() {
            for c in Int(line.characters.lowerBound)..<min(n, Int(line.characters.upperBound)) { lineOf[c] = Int32(li) }
        }
        return lineOf
    }

    package static func characterQuads(_ text: PageText, count n: Int, lineOf: [Int32]) -> [Quad] {
        let chars = text.layout.characters
        let glyphs = text.glyphs.glyphs
        let zero = Quad(Rect(x0: 0, y0: 0, x1: 0, y1: 0))
        var quads = [Quad](repeating: zero, count: n)
        // Real characters: their glyph's quad, split evenly along the baseline when one glyph
        // gives several characters in a row (ligatures, ActualText).
        var i = 0
        while i < n {
            let g = chars[i].glyph
            guard g >= 0, Int(g) < glyphs.count else { i += 1; continue }
            var j = i + 1
            while j < n, chars[j].glyph == g { j += 1 }
            let q = glyphs[Int(g)].quad
            let k = j - i
            if k == 1 {
                quads[i] = q
            } else {
                for m in 0..<k {
                    let t0 = Double(m) / Double(k), t1 = Double(m + 1) / Double(k)
                    quads[i + m] = Quad(lowerLeft: lerp(q.lowerLeft, q.lowerRight, t0), lowerRight: lerp(q.lowerLeft, q.lowerRight, t1),
                                        upperRight: lerp(q.upperLeft, q.upperRight, t1), upperLeft: lerp(q.upperLeft, q.upperRight, t0))
                }
            }
            i = j
        }
        // Synthesised characters: a space inside a line covers the gap between its
        // neighbours; a break sits, zero wide, at the end of the character before it.
        var previousReal: Int? = nil
        i = 0
        while i < n {
            guard chars[i].isSynthesized else { previousReal = i; i += 1; continue }
            var j = i
            while j < n, chars[j].isSynthesized { j += 1 }
            let next: Int? = j < n ? j : nil
            for k in i..<j {
                if let p = previousReal, let q = next, lineOf[k] >= 0, lineOf[p] == lineOf[k], lineOf[q] == lineOf[k] {
                    quads[k] = Quad(gapBetween(quads[p].bounds, quads[q].bounds))
                } else if let p = previousReal {
                    let b = quads[p].bounds
                    quads[k] = Quad(Rect(x0: b.x1, y0: b.y0, x1: b.x1, y1: b.y1))
                } else if let q = next {
                    let b = quads[q].bounds
                    quads[k] = Quad(Rect(x0: b.x0, y0: b.y0, x1: b.x0, y1: b.y1))
                }
            }
            i = j
        }
        return quads
    }

    static func gapBetween(_ a: Rect, _ b: Rect) -> Rect {
        let y0 = min(a.y0, b.y0), y1 = max(a.y1, b.y1)
        let x0 = min(a.x0, b.x0), x1 = max(a.x1, b.x1)
        // Horizontal neighbours: the gap in x; stacked ones (vertical text): the gap in y.
        if a.x1 <= b.x0 { return Rect(x0: a.x1, y0: y0, x1: b.x0, y1: y1) }
        if b.x1 <= a.x0 { return Rect(x0: b.x1, y0: y0, x1: a.x0, y1: y1) }
        if a.y0 >= b.y1 { return Rect(x0: x0, y0: b.y1, x1: x1, y1: a.y0) }
        if b.y0 >= a.y1 { return Rect(x0: x0, y0: a.y1, x1: x1, y1: b.y0) }
        let mid = (max(a.x0, b.x0) + min(a.x1, b.x1)) / 2
        return Rect(x0: mid, y0: y0, x1: mid, y1: y1)
    }
}

extension PageLayout {
    /// The characters of the page string (``PDFPage/string``): the layout's characters
    /// without the line breaks it adds at the end.
    public var pageStringCharacters: Range<Int> {
        var n = characters.count
        while n > 0, characters[n - 1].isSynthesized, characters[n - 1].scalar == "\n" { n -= 1 }
        return 0..<n
    }

    /// The page string itself, built as UTF-8 bytes (faster than appending scalars).
    public var pageString: String {
        let chars = characters[pageStringCharacters]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chars.count + chars.count / 4)
        for c in chars {
            let v = c.scalar.value
            if v < 0x80 { bytes.append(UInt8(v)) } else { bytes.append(contentsOf: UTF8.encode(c.scalar)!) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@inline(__always) func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

extension Quad {
    var center: Point {
        Point(x: (lowerLeft.x + lowerRight.x + upperRight.x + upperLeft.x) / 4,
              y: (lowerLeft.y + lowerRight.y + upperRight.y + upperLeft.y) / 4)
    }

    /// Whether `p` lies in the quad (edges included). Works for either winding; a quad
    /// with no area holds the points of its box.
    func contains(_ p: Point) -> Bool {
        let v = (lowerLeft, lowerRight, upperRight, upperLeft)
        func corner(_ k: Int) -> Point { k == 0 ? v.0 : k == 1 ? v.1 : k == 2 ? v.2 : v.3 }
        var positive = false, negative = false
        var area = 0.0
        for k in 0..<4 {
            let a = corner(k), b = corner((k + 1) % 4)
            area += a.x * b.y - b.x * a.y
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross > 1e-9 { positive = true } else if cross < -1e-9 { negative = true }
        }
        if abs(area) < 1e-9 {
            let b = bounds
            return p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1
        }
        return !(positive && negative)
    }
}

/// A uniform grid over the characters' boxes: each cell lists the characters touching it,
/// so a point test looks at a handful of characters, not the whole page.
struct HitGrid: Sendable {
    /// Characters spanning more cells than this go to a list checked for every point
    /// (large or rotated watermark glyphs), so the grid stays linear in size.
    static let maxCellsPerCharacter = 64

    let x0: Double, y0: Double, cellWidth: Double, cellHeight: Double
    let columns: Int, rows: Int
    let cellStart: [Int32]
    let items: [Int32]
    let large: [Int32]

    init(quads: [Quad], characters: [LayoutCharacter], count n: Int) {
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for i in 0..<n {
            let b = quads[i].bounds
            guard b.x0.isFinite, b.y0.isFinite, b.x1.isFinite, b.y1.isFinite else { continue }
            bx0 = min(bx0, b.x0); by0 = min(by0, b.y0); bx1 = max(bx1, b.x1); by1 = max(by1, b.y1)
        }
        if n == 0 || !bx0.isFinite { bx0 = 0; by0 = 0; bx1 = 1; by1 = 1 }
        let side = max(1, min(512, Int(Double(n).squareRoot())))
        x0 = bx0; y0 = by0
        columns = side; rows = side
        let cw = max((bx1 - bx0) / Double(side), 1e-6)
        let ch = max((by1 - by0) / Double(side), 1e-6)
        cellWidth = cw
        cellHeight = ch

        func span(_ b: Rect) -> (Int, Int, Int, Int)? {
            guard b.x0.isFinite, b.y0.isFinite, b.x1.isFinite, b.y1.isFinite else { return nil }
            let c0 = max(0, min(side - 1, Int(saturating: ((b.x0 - bx0) / cw).rounded(.down))))
            let c1 = max(0, min(side - 1, Int(saturating: ((b.x1 - bx0) / cw).rounded(.down))))
            let r0 = max(0, min(side - 1, Int(saturating: ((b.y0 - by0) / ch).rounded(.down))))
            let r1 = max(0, min(side - 1, Int(saturating: ((b.y1 - by0) / ch).rounded(.down))))
            return (c0, c1, r0, r1)
        }
        var counts = [Int32](repeating: 0, count: side * side + 1)
        var large: [Int32] = []
        var spans: [(Int, Int, Int, Int)?] = Array(repeating: nil, count: n)
        for i in 0..<n {
            guard let s = span(quads[i].bounds) else { continue }
            if (s.1 - s.0 + 1) * (s.3 - s.2 + 1) > Self.maxCellsPerCharacter { large.append(Int32(i)); continue }
            spans[i] = s
            for r in s.2...s.3 { for c in s.0...s.1 { counts[r * side + c + 1] += 1 } }
        }
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[side * side]))
        for i in 0..<n {
            guard let s = spans[i] else { continue }
            for r in s.2...s.3 {
                for c in s.0...s.1 {
                    let cell = r * side + c
                    items[Int(fill[cell])] = Int32(i)
                    fill[cell] += 1
                }
            }
        }
        cellStart = counts
        self.items = items
        self.large = large
    }

    func forEachCandidate(at p: Point, _ body: (Int) -> Void) {
        for i in large { body(Int(i)) }
        guard p.x.isFinite, p.y.isFinite else { return }
        // Points on a cell border may belong to the cell before it too; points on the far
        // edge of the grid to its last cell.
        func cells(_ f: Double, _ count: Int) -> [Int] {
            guard f > -1e-6, f < Double(count) + 1e-6 else { return [] }
            let c = max(0, min(count - 1, Int(f.rounded(.down))))
            return f - Double(c) < 1e-6 && c > 0 ? [c, c - 1] : [c]
        }
        let cs = cells((p.x - x0) / cellWidth, columns)
        let rs = cells((p.y - y0) / cellHeight, rows)
        if cs.count == 1, rs.count == 1 {
            // The usual case: one cell, whose list has each character once.
            let cell = rs[0] * columns + cs[0]
            for k in Int(cellStart[cell])..<Int(cellStart[cell + 1]) { body(Int(items[k])) }
            return
        }
        var seen = Set<Int32>()
        for r in rs {
            for c in cs {
                let cell = r * columns + c
                for k in Int(cellStart[cell])..<Int(cellStart[cell + 1]) where seen.insert(items[k]).inserted {
                    body(Int(items[k]))
                }
            }
        }
    }
}
