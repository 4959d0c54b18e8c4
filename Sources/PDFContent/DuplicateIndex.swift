import PDFCore

/// A spatial hash of painted glyphs for fake-bold detection: the same code of the same font
/// painted again less than 1 pt from an earlier painting. Cells are 8 pt squares keyed by
/// (font, code, cell x, cell y) in one open-addressing table of packed 64-bit keys; the
/// points of a cell form a linked list in a flat array, so recording a glyph allocates
/// nothing once the arrays have grown. A point more than 1 pt inside its cell's edges (36
/// of the cell's 64 square points) needs only its own cell looked up: about 1.6 lookups a
/// glyph on average, where 2 pt cells needed four every time.
///
/// One index belongs to one page's collector (a class: the collector is its only owner).
/// Its tables are raw memory it allocates and frees itself: asked once per glyph, the
/// lookups and the insertion read and write them without the bounds and uniqueness checks
/// of arrays (those were half of the index's 280 instructions a glyph).
final class DuplicateIndex {
    /// An open-addressing slot: the cell's key, its newest point (-1 for an empty slot) and
    /// how many points it keeps. One table of slots, so a probe reads one element.
    private struct Slot {
        var key: UInt64 = 0
        var head: Int32 = -1
        var count: UInt32 = 0
    }
    /// A recorded origin and the next older point of its cell (-1 at the end).
    private struct Entry {
        var x: Double
        var y: Double
        var next: Int32
    }
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
    /// The number of slots less one (a power of two less one).
    @exclusivity(unchecked) private var mask: Int
    /// Slots in use.
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var entryCount = 0
    @exclusivity(unchecked) private var entryCapacity: Int
    /// The most points a cell records (a bound on the scan of a cell made of hundreds of
    /// paintings of one glyph at one place); later ones are still checked against them.
    static let perCell: UInt32 = 64
    /// The side of a cell, in points.
    static let cellSize = 8.0
    /// How close to a cell's edge (in points, beyond the 1 pt radius) a point must be for the
    /// neighbouring cell to be looked up too: a margin for the rounding of `x / cellSize`,
    /// so that no point within 1 pt is missed.
    static let edgeMargin = 1e-3

    init(capacity: Int = 4096) {
        let points = max(16, min(capacity, 1 << 24))
        var n = 16
        while n < points * 2 { n <<= 1 }
        slots = Self.emptySlots(n)
        mask = n - 1
        // A page's collector reserves its points (`reserve(points:)`) before the first glyph.
        entryCapacity = min(points, 1024)
        entries = .allocate(capacity: entryCapacity)
    }

    deinit {
        slots.deallocate()
        entries.deallocate()
    }

    private static func emptySlots(_ n: Int) -> UnsafeMutablePointer<Slot> {
        let p = UnsafeMutablePointer<Slot>.allocate(capacity: n)
        p.initialize(repeating: Slot(), count: n)
        return p
    }

    @inline(__always)
    static func key(font: Int32, code: UInt32, cx: Int32, cy: Int32) -> UInt64 {
        // 16 bits of font serial, 24 of code, 12 each of the cell coordinates (they wrap
        // every 8192 pt; distances are checked exactly, so a wrap only costs a comparison).
        // Codes beyond 24 bits fold into the font bits; a collision only costs a comparison
        // too, since a slot's key must match exactly.
        let f = UInt64(UInt32(bitPattern: font) ^ (code >> 24)) & 0xFFFF
        return f << 48 | UInt64(code & 0xFF_FFFF) << 24 | UInt64(UInt32(bitPattern: cx) & 0xFFF) << 12
            | UInt64(UInt32(bitPattern: cy) & 0xFFF)
    }

    /// The cell of a coordinate (NaN, from a degenerate matrix, included): its index and its
    /// lower edge, `v.rounded(.down)` for |v| <= 1e9 (beyond it, the clamped value's); NaN
    /// is cell 0 with a NaN edge. By integer conversion: `rounded(.down)` called libm's
    /// `floor` and the saturating conversion a generic function, twice per glyph.
    @inline(__always)
    static func cell(_ v: Double) -> (index: Int32, edge: Double) {
        guard !v.isNaN else { return (0, v) }
        let c = min(max(v, -1e9), 1e9)  // so that the conversion below cannot trap
        var i = Int64(c)  // toward zero
        if Double(i) > c { i -= 1 }
        return (Int32(truncatingIfNeeded: i), Double(i))
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func find(_ key: UInt64) -> Int {
        var s = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while true {
            let slot = slots[s]
            if slot.head < 0 || slot.key == key { return s }
            s = (s + 1) & mask
        }
    }

    /// Whether the cell's list holds a point less than 1 pt from (x, y).
    @inline(__always)
    private func near(_ head: Int32, _ x: Double, _ y: Double) -> Bool {
        var p = head
        while p >= 0 {
            let e = entries[Int(p)]
            let dx = e.x - x, dy = e.y - y
            if dx * dx + dy * dy < 1 { return true }
            p = e.next
        }
        return false
    }

    /// Whether a painting within 1 pt was recorded before; records this one. A 1 pt circle
    /// reaches the neighbouring cell across an edge only when the point is within 1 pt of
    /// that edge: its own cell, and up to three more (the point near a corner).
    func checkAndInsert(font: Int32, code: UInt32, origin: Point) -> Bool {
        let x = origin.x, y = origin.y
        let sx = min(max(x / Self.cellSize, -1e9), 1e9), sy = min(max(y / Self.cellSize, -1e9), 1e9)
        let (cx, fx) = Self.cell(sx), (cy, fy) = Self.cell(sy)
        let reach = 1 + Self.edgeMargin, far = Self.cellSize - reach
        let rx = (sx - fx) * Self.cellSize, ry = (sy - fy) * Self.cellSize
        let nx: Int32 = rx < reach ? -1 : (rx > far ? 1 : 0)
        let ny: Int32 = ry < reach ? -1 : (ry > far ? 1 : 0)
        // The point's own cell first: its slot is also where the point goes.
        let key = Self.key(font: font, code: code, cx: cx, cy: cy)
        var s = find(key)
        var found = near(slots[s].head, x, y)
        if !found && ny != 0 {
            found = near(slots[find(Self.key(font: font, code: code, cx: cx, cy: cy &+ ny))].head, x, y)
        }
        if !found && nx != 0 {
            found = near(slots[find(Self.key(font: font, code: code, cx: cx &+ nx, cy: cy))].head, x, y)
                || (ny != 0 && near(slots[find(Self.key(font: font, code: code, cx: cx &+ nx, cy: cy &+ ny))].head, x, y))
        }
        if slots[s].head < 0 {
            if (used + 1) * 2 > mask + 1 {
                grow()
                s = find(key)
            }
            used += 1
        } else if slots[s].count >= Self.perCell {
            return found
        }
        if entryCount == entryCapacity { growEntries() }
        entries[entryCount] = Entry(x: x, y: y, next: slots[s].head)
        slots[s] = Slot(key: key, head: Int32(truncatingIfNeeded: entryCount), count: slots[s].count &+ 1)
        entryCount += 1
        return found
    }

    /// Room for `points` recorded points (a page's glyphs) without growing; only while empty.
    func reserve(points: Int) {
        guard entryCount == 0, points > 0 else { return }
        let points = min(points, 1 << 24)
        if points > entryCapacity {
            entries.deallocate()
            entries = .allocate(capacity: points)
            entryCapacity = points
        }
        var n = mask + 1
        while n < points * 2 { n <<= 1 }
        if n > mask + 1 {
            slots.deallocate()
            slots = Self.emptySlots(n)
            mask = n - 1
        }
    }

    private func growEntries() {
        let capacity = entryCapacity * 2
        let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        grown.moveInitialize(from: entries, count: entryCount)
        entries.deallocate()
        entries = grown
        entryCapacity = capacity
    }

    private func grow() {
        let old = slots, oldCount = mask + 1
        slots = Self.emptySlots(oldCount * 2)
        mask = oldCount * 2 - 1
        for i in 0..<oldCount where old[i].head >= 0 { slots[find(old[i].key)] = old[i] }
        old.deallocate()
    }
}
