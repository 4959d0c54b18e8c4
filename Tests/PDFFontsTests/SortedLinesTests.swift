@testable import PDFFonts
import Testing

/// The glyph lists are searched in place (`SortedLines`) instead of being parsed into hash
/// tables: the same answers, whatever the order of the lines.
@Suite struct SortedLinesTests {
    func s(_ v: UInt32...) -> [Unicode.Scalar] { v.compactMap(Unicode.Scalar.init) }

    @Test func findsKeysInSortedData() {
        let t = SortedLines("A;0041\nAE;00C6\nAEacute;01FC\nAacute;00C1\nf_f;0066 0066\nzero;0030\n")
        #expect(t["A"] == s(0x41))
        #expect(t["AE"] == s(0xC6))
        #expect(t["AEacute"] == s(0x1FC))
        #expect(t["Aacute"] == s(0xC1))
        #expect(t["f_f"] == s(0x66, 0x66))
        #expect(t["zero"] == s(0x30))
        for absent in ["", "a", "AEa", "AEacutes", "B", "zer", "zeroo", "~"] { #expect(t[absent] == nil, "\(absent)") }
    }

    @Test func unsortedDataIsOrderedAndTheLastDuplicateCounts() {
        let t = SortedLines("a10;2721\na1;2701\nb;0062\na1;2702\n\nno-semicolon\na100;275E\n")
        #expect(t["a1"] == s(0x2702), "of two lines with one key the later one counts, as a dictionary did")
        #expect(t["a10"] == s(0x2721))
        #expect(t["a100"] == s(0x275E))
        #expect(t["b"] == s(0x62))
        #expect(t["no-semicolon"] == nil)
        // Hex fields that are no scalar are left out (surrogates, too large).
        #expect(SortedLines("x;D800 0041 110000\n")["x"] == s(0x41))
    }

    @Test func matchesTheGeneratedListsEntryForEntry() {
        // Every line of the Adobe Glyph List is found under its own name, with its scalars.
        var checked = 0
        SortedLines.forEachLine(Array(GlyphListData.adobeGlyphList.utf8)) { left, right in
            let name = String(decoding: left, as: UTF8.self)
            let scalars = right.split(separator: UInt8(ascii: " ")).compactMap {
                GlyphList.hexValue($0).flatMap(Unicode.Scalar.init)
            }
            #expect(GlyphList.standardUnicode(for: name) == scalars, "\(name)")
            checked += 1
        }
        #expect(checked > 4000)
        #expect(GlyphList.standardUnicode(for: "a1", zapfDingbats: true) == s(0x2701))
        #expect(GlyphList.standardUnicode(for: "a1") == nil)
        #expect(GlyphList.name(for: "\u{00C6}") == "AE")
    }
}
