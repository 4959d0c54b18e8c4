@testable import PDFFonts
import Testing

/// A composite font's glyph cache: codes of one and two bytes by index, others by key; a code
/// is told apart by its byte count.
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
}
