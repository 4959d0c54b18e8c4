import PDFCore
import Testing
@testable import PDFFonts

private func parseMap(_ body: String, codespace: String? = "<00> <FF>") -> (map: ToUnicodeMap?, log: DiagnosticLog) {
    var text = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def

        """
    if let codespace { text += "1 begincodespacerange\n\(codespace)\nendcodespacerange\n" }
    text += body
    text += "\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    var log = DiagnosticLog()
    let map = ToUnicodeMap.parse(Array(text.utf8), diagnostics: &log)
    return (map, log)
}

private func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

@Suite struct ToUnicodeTests {
    @Test func bfcharDestinations() throws {
        let (map, log) = parseMap("""
            5 beginbfchar
            <01> <0041>
            <02> <00660066 0069>
            <03> <D835DC00>
            <04> <>
            <05> <41>
            endbfchar
            """)
        let m = try #require(map)
        #expect(m.unicode(for: 1, length: 1) == scalars("A"))
        #expect(m.unicode(for: 2, length: 1) == scalars("ffi"))  // a ligature: three code units
        #expect(m.unicode(for: 3, length: 1) == scalars("\u{1D400}"))  // a surrogate pair: one scalar
        #expect(m.unicode(for: 4, length: 1) == [])  // mapped to no text
        #expect(m.unicode(for: 5, length: 1) == scalars("A"))  // a one-byte destination
        #expect(m.unicode(for: 6, length: 1) == nil)
        #expect(!m.isEmpty)
        #expect(log.isEmpty)
    }

    @Test func bfrangeWithStartString() throws {
        let (map, _) = parseMap("""
            5 beginbfrange
            <20> <7E> <0020>
            <80> <82> <00FF>
            <90> <92> <D83DDE00>
            <A0> <A9> <30>
            <B0> <B1> <00660066>
            endbfrange
            """)
        let m = try #require(map)
        #expect(m.unicode(for: 0x41, length: 1) == scalars("A"))
        #expect(m.unicode(for: 0x7E, length: 1) == scalars("~"))
        // The last byte increments and carries into the one before.
        #expect(m.unicode(for: 0x80, length: 1) == scalars("\u{FF}"))
        #expect(m.unicode(for: 0x81, length: 1) == scalars("\u{100}"))
        #expect(m.unicode(for: 0x82, length: 1) == scalars("\u{101}"))
        // A surrogate pair whose low half increments.
        #expect(m.unicode(for: 0x91, length: 1) == scalars("\u{1F601}"))
        #expect(m.unicode(for: 0x92, length: 1) == scalars("\u{1F602}"))
        // A one-byte destination is the code point.
        #expect(m.unicode(for: 0xA5, length: 1) == scalars("5"))
        // A multi-character destination: only the last character moves.
        #expect(m.unicode(for: 0xB1, length: 1) == scalars("fg"))
    }

    @Test func bfrangeWithArray() throws {
        let (map, log) = parseMap("""
            2 beginbfrange
            <50> <53> [<0041> <00660069> <D83DDE00> 7]
            <60> <6F> [<0058>]
            endbfrange
            """)
        let m = try #require(map)
        #expect(m.unicode(for: 0x50, length: 1) == scalars("A"))
        #expect(m.unicode(for: 0x51, length: 1) == scalars("fi"))
        #expect(m.unicode(for: 0x52, length: 1) == scalars("\u{1F600}"))
        #expect(m.unicode(for: 0x53, length: 1) == nil)  // not a string
        #expect(m.unicode(for: 0x60, length: 1) == scalars("X"))
        #expect(m.unicode(for: 0x61, length: 1) == nil)  // past the array
        #expect(log.isEmpty)
    }

    @Test func loneSurrogatesAreDropped() throws {
        let (map, log) = parseMap("""
            3 beginbfchar
            <01> <D800>
            <02> <0041DC00>
            <03> <D8000042>
            endbfchar
            """)
        let m = try #require(map)
        #expect(m.unicode(for: 1, length: 1) == [])
        #expect(m.unicode(for: 2, length: 1) == scalars("A"))
        #expect(m.unicode(for: 3, length: 1) == scalars("B"))
        #expect(log.contains(.cmapDamaged))
    }

    @Test func glyphNameDestinations() throws {
        let (map, _) = parseMap("""
            2 beginbfchar
            <01> /space
            <02> <0042>
            endbfchar
            """)
        let m = try #require(map)
        // Resolved through the glyph list (nil while it cannot resolve the name).
        #expect(m.unicode(for: 1, length: 1) == GlyphList.resolve("space")?.scalars)
        #expect(m.unicode(for: 2, length: 1) == scalars("B"))
    }

    @Test func mixedLengthCodespace() throws {
        let (map, _) = parseMap("""
            2 beginbfchar
            <41> <0041>
            <8140> <3042>
            endbfchar
            """, codespace: "<00> <7F>\n<8000> <FFFF>")
        let m = try #require(map)
        #expect(!m.isCodespaceInferred)
        #expect(m.codespaceRanges.map(\.length) == [1, 2])
        [0x41, 0x81, 0x40, 0x41].withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) in
            let first = m.nextCode(b, at: 0)
            let second = m.nextCode(b, at: first.length)
            let third = m.nextCode(b, at: first.length + second.length)
            #expect(first.code == 0x41 && first.length == 1)
            #expect(second.code == 0x8140 && second.length == 2)
            #expect(third.code == 0x41 && third.length == 1)
        }
        #expect(m.unicode(for: 0x8140, length: 2) == scalars("あ"))
        #expect(m.mappedCodeLengths == [1, 2])
    }

    @Test func noCodespaceInfersCodeLength() throws {
        let (map, _) = parseMap("""
            2 beginbfchar
            <0003> <0020>
            <0024> <0041>
            endbfchar
            """, codespace: nil)
        let m = try #require(map)
        #expect(m.isCodespaceInferred)
        [0x00, 0x03, 0x00, 0x24].withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) in
            #expect(m.nextCode(b, at: 0).code == 3)
            #expect(m.nextCode(b, at: 0).length == 2)
            #expect(m.nextCode(b, at: 2).code == 0x24)
        }
        // Looked up with the wrong length: the same number under the other length.
        #expect(m.unicode(for: 3, length: 1) == scalars(" "))
        #expect(m.unicode(for: 0x24, length: 2) == scalars("A"))
    }

    @Test func damagedSections() throws {
        let (map, log) = parseMap("""
            2 beginbfchar
            <01> <0041>
            <02> 5 <0042>
            % a comment <03> <0058>
            <03> <0043>
            endbfchar
            1 beginbfrange
            <30> <20> <0041>
            <40> <42> <0061>
            endcmap
            """)
        let m = try #require(map)
        #expect(m.unicode(for: 1, length: 1) == scalars("A"))
        #expect(m.unicode(for: 2, length: 1) == scalars("B"))  // the stray 5 was skipped
        #expect(m.unicode(for: 3, length: 1) == scalars("C"))
        #expect(m.unicode(for: 0x25, length: 1) == nil)  // the reversed range was skipped
        #expect(m.unicode(for: 0x42, length: 1) == scalars("c"))  // read although endbfrange is missing
        #expect(log.entries.contains { $0.message.contains("missing endbfrange") })
        #expect(log.entries.contains { $0.message.contains("declares 2 entries, has 3") })
    }

    @Test func oddLengthHexStrings() throws {
        let (map, _) = parseMap("""
            1 beginbfchar
            <7> <041>
            endbfchar
            """)
        #expect(map?.unicode(for: 7, length: 1) == scalars("A"))
    }

    @Test func laterEntriesOverride() throws {
        let (map, _) = parseMap("""
            1 beginbfrange <00> <FF> <0000> endbfrange
            1 beginbfchar <41> <0058> endbfchar
            """)
        #expect(map?.unicode(for: 0x41, length: 1) == scalars("X"))
        #expect(map?.unicode(for: 0x42, length: 1) == scalars("B"))
    }

    @Test func cidEntriesAsCodePoints() throws {
        let (map, _) = parseMap("""
            1 begincidrange <20> <22> 65 endcidrange
            """)
        #expect(map?.unicode(for: 0x21, length: 1) == scalars("B"))
    }

    @Test func hugeRangesAreCheap() throws {
        let start = ContinuousClock.now
        let (map, _) = parseMap("""
            2 beginbfrange
            <0000> <FFFF> <0000>
            <00000000> <FFFFFFFF> <00000000>
            endbfrange
            """, codespace: "<0000> <FFFF>")
        let m = try #require(map)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(m.unicode(for: 0x4E00, length: 2) == scalars("\u{4E00}"))
        #expect(m.unicode(for: 0x0001_0041, length: 4) == scalars("\u{1}A"))
    }

    @Test func nothingUsable() {
        #expect(parseMap("").map == nil)
        #expect(parseMap("1 beginbfchar <01> endbfchar").map == nil)
        #expect(ToUnicodeMap().isEmpty)
        #expect(ToUnicodeMap().unicode(for: 0x41, length: 1) == nil)
    }
}
