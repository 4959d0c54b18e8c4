import PDFCore

/// A spatial hash of painted glyphs for fake-bold detection: the same code of the same font
/// painted again less than 1 pt from an earlier painting. Cells are 1 pt squares keyed by
/// (font, code, cell x, cell y) in one open-addressing table of packed 64-bit keys; the
/// points of a cell form a linked list in flat arrays, so recording a glyph allocates
/// nothing once the arrays have grown.
struct DuplicateIndex {
    /// An open-addressing slot: the cell's key, its newest point (-1 for an empty slot) and
    /// how many points it keeps. One array of slots, so a probe reads one element.
    private struct Slot {
        var key: UInt64 = 0
        var head: Int32 = -1
        var count: UInt8 = 0
    }
    /// A recorded origin and the next older point of its cell (-1 at the end).
    private struct Entry {
        var origin: Point
        var next: Int32
    }
    private var slots: [Slot]
    private var entries: [Entry] = []
    private var used = 0
    private var mask: Int
    static let perCell: UInt8 = 16

    init(capacity: Int = 4096) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        slots = [Slot](repeating: Slot(), count: n)
        mask = n - 1
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
    /// lower edge, `v.rounded(.down)` for |v| <= 1e9 (callers clamp to that; beyond it, the
    /// clamped value's); NaN is cell 0 with a NaN edge. By integer conversion:
    /// `rounded(.down)` called libm's `floor` and the saturating conversion a generic
    /// function, twice per glyph.
    @inline(__always)
    static func cell(_ v: Double) -> (index: Int32, edge: Double) {
        guard !v.isNaN else { return (0, v) }
        let c = min(max(v, -1e9), 1e9)  // so that the conversion below cannot trap
        var i = Int64(c)  // toward zero
        if Double(i) > c { i -= 1 }
        return (Int32(truncatingIfNeeded: i), Double(i))
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func find(_ key: UInt64) -> Int {
        var s = slot(for: key)
        while true {
            let slot = slots[s]
            if slot.head < 0 || slot.key == key { return s }
            s = (s + 1) & mask
        }
    }

    /// Whether a painting within 1 pt was recorded before; records this one. Cells are
    /// 2 pt wide, so a 1 pt circle touches at most the point's cell and the three cells
    /// toward its nearest corner: four lookups.
    mutating func checkAndInsert(font: Int32, code: UInt32, origin: Point) -> Bool {
        let sx = min(max(origin.x / 2, -1e9), 1e9), sy = min(max(origin.y / 2, -1e9), 1e9)
        let (cx, fx) = Self.cell(sx), (cy, fy) = Self.cell(sy)
        let nx: Int32 = sx - fx < 0.5 ? -1 : 1, ny: Int32 = sy - fy < 0.5 ? -1 : 1
        // The point's own cell first: its slot is also where the point goes.
        let key = Self.key(font: font, code: code, cx: cx, cy: cy)
        var s = find(key)
        var found = false
        search: for i in 0..<2 {
            let dx: Int32 = i == 0 ? 0 : nx
            for j in 0..<2 {
                let dy: Int32 = j == 0 ? 0 : ny
                var p = i == 0 && j == 0 ? slots[s].head : slots[find(Self.key(font: font, code: code, cx: cx &+ dx, cy: cy &+ dy))].head
                while p >= 0 {
                    let e = entries[Int(p)]
                    let ddx = e.origin.x - origin.x, ddy = e.origin.y - origin.y
                    if ddx * ddx + ddy * ddy < 1 { found = true; break search }
                    p = e.next
                }
            }
        }
        if slots[s].head < 0 {
            if (used + 1) * 2 > slots.count {
                grow()
                s = find(key)
            }
            used += 1
        } else if slots[s].count >= Self.perCell {
            return found
        }
        entries.append(Entry(origin: origin, next: slots[s].head))
        slots[s] = Slot(key: key, head: Int32(truncatingIfNeeded: entries.count - 1), count: slots[s].count &+ 1)
        return found
    }

    /// Room for `points` recorded points (a page's glyphs) without growing; only while empty.
    mutating func reserve(points: Int) {
        guard entries.isEmpty, points > 0 else { return }
        entries.reserveCapacity(points)
        var n = slots.count
        while n < points * 2 { n <<= 1 }
        if n > slots.count {
            slots = [Slot](repeating: Slot(), count: n)
            mask = n - 1
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.head >= 0 { slots[find(slot.key)] = slot }
    }
}
