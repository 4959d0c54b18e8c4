import PDFCore
import PDFGlyphs
import Testing
@testable import PDFLayout

/// Space glyphs that are kerns, not word breaks (`cancelledSpaceAdvance`).
@Suite struct CancelledSpaceTests {
    /// "To w" + "ards" as groff's PostScript output sets a kerned pair: a space glyph a
    /// quarter em wide whose pen advance character and word spacing cut to `advance` em, the
    /// next letter drawn where the pen stopped.
    func towards(_ p: inout GlyphPage, spaceAdvance: Double, spaceWidth: Double = 0.25) {
        p.text("To", x: 72, y: 700)
        let space = p.text(" ", x: 82, y: 700, advance: spaceWidth)
        p.page.glyphs[space.lowerBound].advance = Float(spaceAdvance * 10)
        p.text("wards the", x: 82 + spaceAdvance * 10, y: 700)
    }

    @Test func spaceWhoseAdvanceSpacingCancelsIsAKern() {
        var p = GlyphPage()
        towards(&p, spaceAdvance: 0.05)
        #expect(p.layout().text == "Towards the\n")
        // The space glyph stays on the page, only out of the text.
        #expect(p.page.glyphs.count == 12)
    }

    @Test func spaceWithItsAdvanceIsAWordBreak() {
        var p = GlyphPage()
        towards(&p, spaceAdvance: 0.25)
        #expect(p.layout().text == "To wards the\n")
    }

    @Test func optionZeroKeepsEverySpace() {
        var p = GlyphPage()
        towards(&p, spaceAdvance: 0.05)
        var o = LayoutOptions()
        o.cancelledSpaceAdvance = 0
        #expect(p.layout(o).text == "To wards the\n")
    }

    /// A font whose space has no width (a Type 3 font without one): the space glyph is the
    /// only word break there is, and it stays one.
    @Test func spaceWithoutWidthStaysAWordBreak() {
        var p = GlyphPage()
        towards(&p, spaceAdvance: 0, spaceWidth: 0.05)
        #expect(p.layout().text == "To wards the\n")
    }
}

/// Words broken by a hyphen at a line's end join on lines of any direction but right to left.
@Suite struct HyphenJoiningDirectionTests {
    /// Two lines of Latin text running up the page (a page turned a quarter): the second line
    /// lies to the right of the first.
    @Test func hyphenJoinsOnLinesRunningUpThePage() {
        var p = GlyphPage()
        p.text("collects the vil-", x: 100, y: 100, direction: (0, 1))
        p.text("lage. And more", x: 112, y: 100, direction: (0, 1))
        let layout = p.layout()
        #expect(layout.text == "collects the village. And more\n")
        #expect(layout.statistics.hyphenationsJoined == 1)
    }

    @Test func hyphenJoinsOnLinesRunningDownThePage() {
        var p = GlyphPage()
        p.text("collects the vil-", x: 500, y: 700, direction: (0, -1))
        p.text("lage. And more", x: 488, y: 700, direction: (0, -1))
        #expect(p.layout().text == "collects the village. And more\n")
    }
}

/// The page vocabulary's table answers as a `Set` of word keys does.
@Suite struct WordSetTests {
    @Test func answersAsASetOfKeys() {
        var set = Set<TextAssembler.WordKey>()
        var words = TextAssembler.WordSet(minimumCapacity: 4)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var keys: [TextAssembler.WordKey] = []
        for k in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var key = TextAssembler.WordKey()
            // Short words from a small alphabet, so that many repeat; a few keys empty.
            if k % 97 != 0 {
                for j in 0..<(Int(state >> 60) % 5 + 1) {
                    key.add(Unicode.Scalar(UInt8(0x61 + Int(state >> (8 * j + 3)) % 6)))
                }
            }
            keys.append(key)
            if k % 2 == 0 {
                words.insert(key)
                if !key.isEmpty { set.insert(key) }
            }
        }
        // A key whose hash is 0 (the empty slot's mark) and an empty key.
        var zero = TextAssembler.WordKey()
        zero.hash = 0
        zero.isEmpty = false
        keys.append(zero)
        keys.append(TextAssembler.WordKey())
        var found = 0
        for key in keys {
            #expect(words.contains(key) == set.contains(key))
            if set.contains(key) { found += 1 }
        }
        #expect(found > 1000 && found < keys.count, "both answers occur")
        #expect(!words.contains(zero))
        words.insert(zero)
        #expect(words.contains(zero) && !words.contains(TextAssembler.WordKey()))
    }
}
