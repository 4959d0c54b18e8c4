import PDFCore
import Testing
@testable import PDFFonts

private func parseCMap(
    _ text: String, resolve: (String) -> CMap? = { _ in nil }
) -> (cmap: CMap?, log: DiagnosticLog) {
    var log = DiagnosticLog()
    let cmap = CMap.parse(Array(text.utf8), resolve: resolve, diagnostics: &log)
    return (cmap, log)
}

private func split(_ cmap: CMap, _ bytes: [UInt8]) -> [CharacterCode] { cmap.codes(in: bytes) }

private let shiftJISLike = """
    %!PS-Adobe-3.0 Resource-CMap
    /CIDInit /ProcSet findresource begin
    12 dict begin
    begincmap
    /CIDSystemInfo 3 dict dup begin
      /Registry (Adobe) def
      /Ordering (Japan1) def
      /Supplement 2 def
    end def
    /CMapName /Test-RKSJ-H def
    /WMode 0 def
    4 begincodespacerange
      <00>   <80>
      <8140> <9FFC>
      <A0>   <DF>
      <E040> <FCFC>
    endcodespacerange
    1 beginnotdefrange
    <00> <1f> 231
    endnotdefrange
    3 begincidrange
    <20> <7d>      231
    <8140> <817e>  633
    <829f> <82f1>  842
    endcidrange
    1 begincidchar
    <a0> 327
    endcidchar
    endcmap
    CMapName currentdict /CMap defineresource pop
    end
    end
    """

@Suite struct CMapTests {
    @Test func headerEntries() throws {
        let cmap = try #require(parseCMap(shiftJISLike).cmap)
        #expect(cmap.name == "Test-RKSJ-H")
        #expect(cmap.registry == "Adobe")
        #expect(cmap.ordering == "Japan1")
        #expect(cmap.supplement == 2)
        #expect(cmap.writingMode == 0)
        #expect(cmap.codespaceRanges.map(\.length) == [1, 1, 2, 2])
        #expect(!cmap.isCodespaceInferred)
    }

    @Test func dictionaryFormOfSystemInfoAndVerticalMode() throws {
        let cmap = try #require(parseCMap("""
            /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> def
            /CMapName /Mine-V def /WMode 1 def
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            1 begincidchar <0001> 7 endcidchar
            """).cmap)
        #expect(cmap.registry == "Adobe")
        #expect(cmap.ordering == "GB1")
        #expect(cmap.supplement == 4)
        #expect(cmap.writingMode == 1)
        #expect(cmap.name == "Mine-V")
        #expect(cmap.cid(for: 1, length: 2) == 7)
    }

    @Test func mixedLengthCodespaceSplitsShiftJISBytes() throws {
        let cmap = try #require(parseCMap(shiftJISLike).cmap)
        // 'A', あ (82 A0), halfwidth ｡ (A0), 81 20 (lead byte fine, trail byte outside),
        // FD (no range starts with it), and a lone lead byte at the end.
        let codes = split(cmap, [0x41, 0x82, 0xA0, 0xA0, 0x81, 0x20, 0xFD, 0x85])
        #expect(codes.map(\.code) == [0x41, 0x82A0, 0xA0, 0x8120, 0xFD, 0x85])
        #expect(codes.map(\.length) == [1, 2, 1, 2, 1, 1])
        #expect(codes.map(\.inCodespace) == [true, true, true, false, false, false])

        #expect(cmap.cid(for: 0x41, length: 1) == 264)  // <20> <7d> 231: 231 + 0x21
        #expect(cmap.cid(for: 0x82A0, length: 2) == 843)
        #expect(cmap.cid(for: 0xA0, length: 1) == 327)
        #expect(cmap.cid(for: 0x8140, length: 2) == 633)
        #expect(cmap.cid(for: 0x8300, length: 2) == nil)
        // The same number as a code of another length is another code.
        #expect(cmap.cid(for: 0x41, length: 2) == nil)
    }

    @Test func nextCodeAlwaysMovesForward() throws {
        let cmap = try #require(parseCMap(shiftJISLike).cmap)
        let bytes: [UInt8] = [0x82]
        bytes.withUnsafeBufferPointer { b in
            let c = cmap.nextCode(b, at: 0)
            #expect(c.length == 1 && c.code == 0x82)
            #expect(cmap.nextCode(b, at: 5).length == 1)
            #expect(cmap.nextCode(b, at: -1).length == 1)
        }
    }

    @Test func notdefMappings() throws {
        let cmap = try #require(parseCMap(shiftJISLike + """

            1 beginnotdefchar <7f> 5 endnotdefchar
            """).cmap)
        #expect(cmap.mappedCID(for: 0x05, length: 1) == nil)
        #expect(cmap.notdefCID(for: 0x05, length: 1) == 231)
        #expect(cmap.notdefCID(for: 0x1F, length: 1) == 231)  // notdef ranges do not increment
        #expect(cmap.cid(for: 0x05, length: 1) == 231)
        #expect(cmap.cid(for: 0x7F, length: 1) == 5)
        #expect(cmap.cid(for: 0x80, length: 1) == nil)
    }

    @Test func usecmapInheritsAndOverrides() throws {
        let base = try #require(parseCMap("""
            /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> def
            /CMapName /Base-H def
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            1 begincidrange <0100> <01FF> 1000 endcidrange
            1 beginnotdefrange <0000> <001F> 1 endnotdefrange
            """).cmap)
        let (derived, log) = parseCMap("""
            /Base-H usecmap
            /CMapName /Base-V def
            /WMode 1 def
            1 begincidchar <0110> 7 endcidchar
            """, resolve: { $0 == "Base-H" ? base : nil })
        let cmap = try #require(derived)
        #expect(cmap.name == "Base-V")
        #expect(cmap.writingMode == 1)
        #expect(cmap.ordering == "Japan1")
        #expect(cmap.codespaceRanges == [CodespaceRange(low: [0, 0], high: [0xFF, 0xFF])])
        #expect(cmap.cid(for: 0x0100, length: 2) == 1000)
        #expect(cmap.cid(for: 0x010F, length: 2) == 1015)
        #expect(cmap.cid(for: 0x0110, length: 2) == 7)
        #expect(cmap.cid(for: 0x0111, length: 2) == 1017)
        #expect(cmap.cid(for: 0x01FF, length: 2) == 1255)
        #expect(cmap.notdefCID(for: 0x0003, length: 2) == 1)
        #expect(log.isEmpty)

        let (orphan, orphanLog) = parseCMap("""
            /Missing-H usecmap
            1 begincodespacerange <00> <FF> endcodespacerange
            1 begincidchar <41> 3 endcidchar
            """)
        #expect(orphan?.cid(for: 0x41, length: 1) == 3)
        #expect(orphanLog.contains(.cmapUnknown))
    }

    @Test func laterMappingsWinWhereRangesOverlap() throws {
        let cmap = try #require(parseCMap("""
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            2 begincidrange <0000> <00FF> 0 <0080> <008F> 5000 endcidrange
            1 begincidchar <0010> 500 endcidchar
            """).cmap)
        #expect(cmap.cid(for: 0x000F, length: 2) == 0x0F)
        #expect(cmap.cid(for: 0x0010, length: 2) == 500)
        #expect(cmap.cid(for: 0x0011, length: 2) == 0x11)
        #expect(cmap.cid(for: 0x0085, length: 2) == 5005)
        #expect(cmap.cid(for: 0x0090, length: 2) == 0x90)
    }

    @Test func identity() throws {
        let cmap = CMap.identityH
        #expect(cmap.isIdentity)
        #expect(cmap.writingMode == 0)
        #expect(CMap.identityV.writingMode == 1)
        let codes = split(cmap, [0x01, 0x02, 0xFF, 0xFE, 0x03])
        #expect(codes.map(\.code) == [0x0102, 0xFFFE, 0x03])
        #expect(codes.map(\.inCodespace) == [true, true, false])
        #expect(cmap.cid(for: 0xFFFE, length: 2) == 0xFFFE)
        #expect(cmap.cid(for: 0x03, length: 1) == nil)

        let embedded = try #require(parseCMap("""
            /Identity-H usecmap
            """, resolve: { $0 == "Identity-H" ? CMap.identityH : nil }).cmap)
        #expect(embedded.isIdentity)
        #expect(embedded.cid(for: 0x1234, length: 2) == 0x1234)
    }

    @Test func missingCodespaceIsInferred() throws {
        let (cmap, log) = parseCMap("""
            2 begincidrange <0000> <00FF> 0 <4E00> <4EFF> 300 endcidrange
            """)
        let c = try #require(cmap)
        #expect(c.isCodespaceInferred)
        #expect(log.contains(.cmapDamaged))
        #expect(split(c, [0x4E, 0x01, 0x00]).map(\.code) == [0x4E01, 0x00])
        #expect(c.cid(for: 0x4E01, length: 2) == 301)
    }

    @Test func damagedSections() throws {
        let (cmap, log) = parseCMap("""
            % counts that do not match, a missing end keyword, a reversed range,
            % an odd-length hex string, a stray operand
            1 begincodespacerange <00> <FF> endcodespacerange
            5 begincidrange
            <10> <1F> 100
            <30> <20> 999
            <40> <4F> 200
            2 begincidchar
            <7> 7
            <50> junk 50
            (Z) 90
            <60> 60
            endcidchar
            """)
        let c = try #require(cmap)
        #expect(c.cid(for: 0x15, length: 1) == 105)
        #expect(c.cid(for: 0x25, length: 1) == nil)  // the reversed range was skipped
        #expect(c.cid(for: 0x41, length: 1) == 201)
        #expect(c.cid(for: 0x07, length: 1) == 7)  // `<7>` is the code 0x07
        #expect(c.cid(for: 0x50, length: 1) == 50)  // the keyword ended nothing: it was skipped
        #expect(c.cid(for: 0x5A, length: 1) == 90)  // codes may be literal strings
        #expect(c.cid(for: 0x60, length: 1) == 60)
        #expect(log.contains(.cmapDamaged))
        #expect(log.entries.contains { $0.message.contains("missing endcidrange") })
        #expect(log.entries.contains { $0.message.contains("start after its end") })
    }

    @Test func definitionAfterAnUnclosedSection() throws {
        let cmap = try #require(parseCMap("""
            1 begincodespacerange <00> <FF> endcodespacerange
            1 begincidchar <41> 3
            /WMode 1 def
            """).cmap)
        #expect(cmap.cid(for: 0x41, length: 1) == 3)
        #expect(cmap.writingMode == 1)
    }

    @Test func absurdRangesStayRanges() throws {
        var text = """
            2 begincodespacerange <00000000> <FFFFFFFF> <0000> <FFFF> endcodespacerange
            1 begincidrange <00000000> <FFFFFFFF> 0 endcidrange
            """
        text += "\n2000 begincidrange\n"
        for i in 0..<2000 {
            let lo = String(i, radix: 16)
            text += "<\(String(repeating: "0", count: 4 - lo.count) + lo)> <FFFF> \(i)\n"
        }
        text += "endcidrange\n"
        let start = ContinuousClock.now
        let cmap = try #require(parseCMap(text).cmap)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(10))
        #expect(cmap.cid(for: 0xFFFF_FFF0, length: 4) == 0xFFFF_FFF0)
        // Every one of the 2000 overlapping ranges reaches 0xFFFF; the last one wins there.
        #expect(cmap.cid(for: 0xFFFF, length: 2) == 0xFFFF)  // 1999 + (0xFFFF - 1999)
        #expect(cmap.cid(for: 0x0000, length: 2) == 0)
        #expect(cmap.cid(for: 0x0005, length: 2) == 5)
        // A range whose CIDs would pass UInt32.max is cut at it.
        let wrap = try #require(parseCMap("""
            1 begincidrange <00000000> <FFFFFFFF> 4294967290 endcidrange
            """).cmap)
        #expect(wrap.cid(for: 5, length: 4) == UInt32.max)
        #expect(wrap.cid(for: 6, length: 4) == nil)
    }

    @Test func bfEntriesInAnEncodingCMapAreCIDs() throws {
        let (cmap, log) = parseCMap("""
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            1 beginbfchar <0001> <0100> endbfchar
            1 beginbfrange <0010> <0012> <0200> endbfrange
            """)
        #expect(cmap?.cid(for: 1, length: 2) == 0x100)
        #expect(cmap?.cid(for: 0x12, length: 2) == 0x202)
        #expect(log.contains(.cmapDamaged))
    }

    @Test func nothingUsable() {
        #expect(parseCMap("").cmap == nil)
        #expect(parseCMap("%!PS just a comment\n/Foo 3 def begincmap endcmap").cmap == nil)
        // Unbalanced brackets and junk do not hang or trap.
        #expect(parseCMap("[[[[ << << { { ] >> ) > begincidrange [ <00").cmap == nil)
        let deep = String(repeating: "[ <<", count: 50_000) + " 1 begincodespacerange <00> <FF> endcodespacerange"
        #expect(parseCMap(deep).cmap == nil)  // the unclosed nesting swallows the rest
    }
}
