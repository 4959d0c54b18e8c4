/// One mapping before compilation: the codes `lo...hi` (all of one byte length) and what
/// they map to. How the payload applies to a code inside the range (`code - lo` added, or
/// used as it is) is up to the owner.
struct RangeEntry<Payload: Sendable>: Sendable {
    var lo: UInt32
    var hi: UInt32
    var payload: Payload
}

/// Character codes of 1–4 bytes to payloads, stored as ranges (a range of a million codes
/// costs one entry). Entries added later win where ranges overlap (CMap semantics: a
/// mapping after `usecmap`, or later in the file, overrides). Compiled into sorted disjoint
/// segments per code length, searched by bisection, with direct tables for one-byte codes
/// and for two-byte maps with many segments.
struct CodeRangeMap<Payload: Sendable>: Sendable {
    struct Segment: Sendable {
        var lo: UInt32
        var hi: UInt32
        var entry: Int32
    }

    struct Level: Sendable {
        var entries: [RangeEntry<Payload>] = []
        var segments: [Segment] = []
        /// Entry index per code (-1: none), for 1-byte codes and dense 2-byte maps; empty otherwise.
        var direct: [Int32] = []
    }

    /// Levels for code lengths 1...4.
    private(set) var levels: [Level]

    /// Two-byte maps with at least this many segments get a 65,536-entry direct table.
    static var directTableThreshold: Int { 512 }

    init() { levels = Array(repeating: Level(), count: 4) }

    /// Compiles entries given per length (index 0 = 1-byte codes), in increasing priority.
    init(pending: [[RangeEntry<Payload>]]) {
        levels = (0..<4).map { k in
            k < pending.count ? Self.compile(pending[k], length: k + 1) : Level()
        }
    }

    var isEmpty: Bool { levels.allSatisfy { $0.segments.isEmpty } }

    /// Bit k set when codes of length k+1 are mapped.
    var lengthMask: UInt8 {
        var m: UInt8 = 0
        for k in 0..<4 where !levels[k].segments.isEmpty { m |= 1 << UInt8(k) }
        return m
    }

    /// The entry covering `code` among codes of `length` bytes.
    @inline(__always)
    func find(_ code: UInt32, length: Int) -> RangeEntry<Payload>? {
        guard length >= 1, length <= 4 else { return nil }
        let level = levels[length - 1]
        if !level.direct.isEmpty {
            guard code < UInt32(level.direct.count) else { return nil }
            let e = level.direct[Int(code)]
            return e >= 0 ? level.entries[Int(e)] : nil
        }
        let segs = level.segments
        var low = 0
        var high = segs.count
        // First segment whose hi >= code.
        while low < high {
            let mid = (low + high) >> 1
            if segs[mid].hi < code { low = mid + 1 } else { high = mid }
        }
        guard low < segs.count, segs[low].lo <= code else { return nil }
        return level.entries[Int(segs[low].entry)]
    }

    /// The compiled map as disjoint entries per length (for `usecmap` inheritance),
    /// `rebase` giving the payload of a segment that starts `offset` codes into its entry.
    func flattened(_ rebase: (Payload, UInt32) -> Payload) -> [[RangeEntry<Payload>]] {
        levels.map { level in
            level.segments.map { s in
                let e = level.entries[Int(s.entry)]
                return RangeEntry(lo: s.lo, hi: s.hi, payload: rebase(e.payload, s.lo &- e.lo))
            }
        }
    }

    /// Number of segments over all lengths.
    var segmentCount: Int { levels.reduce(0) { $0 + $1.segments.count } }

    static func compile(_ entries: [RangeEntry<Payload>], length: Int) -> Level {
        var level = Level()
        guard !entries.isEmpty else { return level }
        level.entries = entries
        var inOrder = true
        for i in 1..<max(1, entries.count) where entries[i].lo <= entries[i - 1].hi {
            inOrder = false
            break
        }
        if inOrder {
            level.segments = entries.indices.map { Segment(lo: entries[$0].lo, hi: entries[$0].hi, entry: Int32($0)) }
        } else {
            level.segments = sweep(entries)
        }
        let wantsDirect = length == 1 || (length == 2 && level.segments.count >= directTableThreshold)
        if wantsDirect {
            let size = length == 1 ? 256 : 65536
            var direct = [Int32](repeating: -1, count: size)
            for s in level.segments where Int(s.lo) < size {
                let hi = min(Int(s.hi), size - 1)
                for c in Int(s.lo)...hi { direct[c] = s.entry }
            }
            level.direct = direct
        }
        return level
    }

    /// Overlapping entries to disjoint segments, the latest entry winning at each code:
    /// a sweep over range boundaries with a max-heap of active entry indices.
    static func sweep(_ entries: [RangeEntry<Payload>]) -> [Segment] {
        let order = entries.indices.sorted { entries[$0].lo < entries[$1].lo }
        var bounds: [UInt64] = []
        bounds.reserveCapacity(entries.count * 2)
        for e in entries {
            bounds.append(UInt64(e.lo))
            bounds.append(UInt64(e.hi) + 1)
        }
        bounds.sort()
        var unique: [UInt64] = []
        unique.reserveCapacity(bounds.count)
        for b in bounds where unique.last != b { unique.append(b) }

        var heap = MaxHeap()
        var next = 0
        var out: [Segment] = []
        for j in 0..<(unique.count - 1) {
            let start = unique[j]
            while next < order.count, UInt64(entries[order[next]].lo) <= start {
                heap.push(Int32(order[next]))
                next += 1
            }
            while let top = heap.top, UInt64(entries[Int(top)].hi) < start { heap.pop() }
            guard let top = heap.top else { continue }
            let lo = UInt32(truncatingIfNeeded: start)
            let hi = UInt32(truncatingIfNeeded: unique[j + 1] - 1)
            if let last = out.last, last.entry == top, UInt64(last.hi) + 1 == start {
                out[out.count - 1].hi = hi
            } else {
                out.append(Segment(lo: lo, hi: hi, entry: top))
            }
        }
        return out
    }
}

/// A binary max-heap of entry indices.
struct MaxHeap {
    private var items: [Int32] = []

    var top: Int32? { items.first }

    mutating func push(_ v: Int32) {
        items.append(v)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[parent] < items[i] else { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() {
        guard !items.isEmpty else { return }
        let last = items.removeLast()
        guard !items.isEmpty else { return }
        items[0] = last
        var i = 0
        while true {
            let l = 2 * i + 1
            let r = l + 1
            var m = i
            if l < items.count, items[l] > items[m] { m = l }
            if r < items.count, items[r] > items[m] { m = r }
            if m == i { return }
            items.swapAt(i, m)
            i = m
        }
    }
}

/// One codespace range: codes of `low.count` bytes whose every byte lies between the
/// corresponding bytes of `low` and `high` (PDF 32000-1 §9.7.6.2).
package struct CodespaceRange: Sendable, Hashable {
    package let low: [UInt8]
    package let high: [UInt8]
    package var length: Int { low.count }

    /// `low` and `high` must have the same length, 1–4 bytes (otherwise the range is empty).
    package init(low: [UInt8], high: [UInt8]) {
        if low.count == high.count, (1...4).contains(low.count) {
            self.low = low
            self.high = high
        } else {
            self.low = []
            self.high = []
        }
    }

    /// Whether the `length` bytes at `index` lie inside the range (the caller checked bounds).
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        for k in 0..<low.count {
            let b = bytes[index + k]
            if b < low[k] || b > high[k] { return false }
        }
        return true
    }
}

/// A code read from a string.
package struct CharacterCode: Sendable, Hashable {
    package var code: UInt32
    /// Bytes consumed, at least 1.
    package var length: Int
    /// Whether the bytes matched a codespace range; when false the code is read as the spec
    /// says for an unmatched sequence and maps to CID 0 (`.notdef`).
    package var inCodespace: Bool
}

/// The codespace ranges of a CMap, sorted by length, with the code-splitting rule.
struct Codespace: Sendable {
    static let maxRanges = 256

    let ranges: [CodespaceRange]

    init(_ ranges: [CodespaceRange]) {
        // Usually a few (one CMap's reader stops at `maxRanges`): a search; a set only for
        // the longer lists a `usecmap` chain can gather.
        var unique: [CodespaceRange] = []
        if ranges.count <= Self.maxRanges {
            for r in ranges where r.length > 0 && !unique.contains(r) { unique.append(r) }
        } else {
            var seen = Set<CodespaceRange>()
            for r in ranges where r.length > 0 && seen.insert(r).inserted { unique.append(r) }
        }
        // Stable by length: shorter codes are tried first.
        self.ranges = unique.enumerated().sorted {
            ($0.element.length, $0.offset) < ($1.element.length, $1.offset)
        }.map(\.element)
    }

    var isEmpty: Bool { ranges.isEmpty }

    /// Codespace inferred from mapped code lengths when a CMap declares none: every code
    /// of a length when one length is used; per-byte bounds of the mapped codes when
    /// several are (so a mixed 1/2-byte map still splits).
    static func inferred<P>(from maps: [CodeRangeMap<P>]) -> Codespace {
        var lows = [[UInt8]](repeating: [], count: 4)
        var highs = [[UInt8]](repeating: [], count: 4)
        var used = [Bool](repeating: false, count: 4)
        for map in maps {
            for k in 0..<4 {
                for s in map.levels[k].segments {
                    let lo = bigEndianBytes(s.lo, length: k + 1)
                    let hi = bigEndianBytes(s.hi, length: k + 1)
                    if !used[k] {
                        used[k] = true
                        lows[k] = lo
                        highs[k] = hi
                        // A range spanning several lead bytes covers every trailing byte.
                    }
                    for i in 0...k {
                        let spansLead = i > 0 && lo[0..<i] != hi[0..<i]
                        lows[k][i] = min(lows[k][i], spansLead ? 0 : lo[i])
                        highs[k][i] = max(highs[k][i], spansLead ? 0xFF : hi[i])
                    }
                }
            }
        }
        let lengths = (0..<4).filter { used[$0] }
        if lengths.count == 1 {
            let n = lengths[0] + 1
            return Codespace([CodespaceRange(low: [UInt8](repeating: 0, count: n), high: [UInt8](repeating: 0xFF, count: n))])
        }
        return Codespace(lengths.map { CodespaceRange(low: lows[$0], high: highs[$0]) })
    }

    /// Reads the code at `index` (PDF 32000-1 §9.7.6.2): the byte sequence is matched
    /// against ranges of increasing length; when none matches, the length of the shortest
    /// range whose first byte matches is consumed, else one byte.
    func next(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> CharacterCode {
        guard index >= 0, index < bytes.count else { return CharacterCode(code: 0, length: 1, inCodespace: false) }
        let available = bytes.count - index
        for r in ranges where r.length <= available {
            if r.matches(bytes, at: index) {
                return CharacterCode(code: read(bytes, index, r.length), length: r.length, inCodespace: true)
            }
        }
        let first = bytes[index]
        var length = 1
        for r in ranges where first >= r.low[0] && first <= r.high[0] {
            length = r.length
            break
        }
        length = min(length, available)
        return CharacterCode(code: read(bytes, index, length), length: length, inCodespace: false)
    }

    @inline(__always) private func read(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ n: Int) -> UInt32 {
        var c: UInt32 = 0
        for k in 0..<n { c = c << 8 | UInt32(bytes[index + k]) }
        return c
    }
}

func bigEndianBytes(_ v: UInt32, length: Int) -> [UInt8] {
    (0..<length).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32(length - 1 - $0))) }
}
