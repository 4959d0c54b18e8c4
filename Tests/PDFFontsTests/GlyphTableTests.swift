@testable import PDFFonts
import Testing

/// A composite font's glyph cache: an open-addressing table keyed by code and byte count.
@Suite struct GlyphTableTests {
    func glyph(_ width: Double) -> FontGlyph { FontGlyph(unicode: ["a"], source: .toUnicode, width: width) }

    @Test func storesAndFindsEveryKindOfCode() {
        var t = GlyphTable()
        #expect(t[0x41, 1] == nil && t.count == 0)
        let codes: [(UInt32, Int)] = [(0, 1), (0x41, 1), (0xFF, 1), (0x41, 2), (0xFFFF, 2), (0x0100, 2),
                                      (0x10000, 2), (0x123456, 3), (0x41, 3), (0x41, 4), (0xFFFF_FFFF, 4), (0x41, 0), (0x41, 9)]
        for (i, c) in codes.enumerated() { t[c.0, c.1] = glyph(Double(i)) }
        #expect(t.count == codes.count)
        for (i, c) in codes.enumerated() { #expect(t[c.0, c.1]?.width == Double(i), "\(c)") }
        // Neighbours of stored codes are not found.
        for c in [(UInt32(0x42), 1), (0x42, 2), (0xFFFE, 2), (0x123457, 3), (0x40, 4)] { #expect(t[c.0, c.1] == nil, "\(c)") }
        // Replacing keeps the count; removing lowers it.
        t[0x41, 2] = glyph(99)
        #expect(t[0x41, 2]?.width == 99 && t.count == codes.count)
        t[0x41, 2] = nil
        t[0x123456, 3] = nil
        #expect(t[0x41, 2] == nil && t[0x123456, 3] == nil && t.count == codes.count - 2)
        t[0x999, 2] = nil
        #expect(t.count == codes.count - 2, "removing what is not there changes nothing")
    }

    @Test func agreesWithADictionaryThroughInsertsAndRemovals() {
        // A deterministic mix of inserts, replacements and removals, codes crowded into few
        // home slots and spread over every length, checked against a dictionary after each.
        var t = GlyphTable()
        var model: [UInt64: Double] = [:]
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        for step in 0..<20_000 {
            let code = UInt32(truncatingIfNeeded: next() % (step % 3 == 0 ? 64 : 70_000))
            let length = Int(next() % 4) + 1
            let key = UInt64(code) | UInt64(length) << 32
            if next() % 4 == 0 {
                t[code, length] = nil
                model[key] = nil
            } else {
                t[code, length] = glyph(Double(step))
                model[key] = Double(step)
            }
            if step % 997 == 0 || step == 19_999 {
                #expect(t.count == model.count, "step \(step)")
                for (k, w) in model { #expect(t[UInt32(truncatingIfNeeded: k), Int(k >> 32)]?.width == w) }
            }
        }
        for c in UInt32(0)..<64 {
            for length in 1...4 where model[UInt64(c) | UInt64(length) << 32] == nil {
                #expect(t[c, length] == nil)
            }
        }
    }
}
