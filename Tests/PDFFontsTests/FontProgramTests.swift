import Foundation
import PDFFonts
import Testing

/// The fixtures in `Fixtures/` and what fontTools says about them (`expected.json`, written
/// by `Fixtures/make_fixtures.py`; see `Fixtures/README.md`).
enum FontFixtures {
    static let folder: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
    }

    static func program(_ name: String, _ format: FontProgram.Format) -> FontProgram? {
        FontProgram(data: bytes(name), format: format)
    }

    nonisolated(unsafe) static let expected: [String: Any] = {
        let data = (try? Data(contentsOf: folder.appendingPathComponent("expected.json"))) ?? Data()
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }()

    static func entry(_ name: String) -> [String: Any] { expected[name] as? [String: Any] ?? [:] }

    /// A `{"code": value}` object as a dictionary keyed by number.
    static func numbered<T>(_ object: Any?, as: T.Type) -> [UInt32: T] {
        var out: [UInt32: T] = [:]
        for (key, value) in object as? [String: Any] ?? [:] {
            if let k = UInt32(key), let v = value as? T { out[k] = v }
        }
        return out
    }

    static func doubles(_ object: Any?) -> [Double] {
        (object as? [NSNumber] ?? []).map(\.doubleValue)
    }

    /// Every fixture with its declared format and the key of its entry in expected.json.
    static let all: [(file: String, format: FontProgram.Format, key: String)] = [
        ("symbolic.ttf", .trueType, "symbolic.ttf"),
        ("unicode.ttf", .trueType, "unicode.ttf"),
        ("named.otf", .openType, "named.otf"),
        ("named.cff", .cff, "named.cff"),
        ("cid.cff", .cff, "cid.cff"),
        ("type1.pfb", .type1, "type1"),
        ("type1.pfa", .type1, "type1"),
        ("type1-fontfile.bin", .type1, "type1"),
    ]

    /// Every fixture file with the format it is declared as.
    static let files: [(file: String, format: FontProgram.Format)] =
        all.map { ($0.file, $0.format) } + [("type1-standard.pfb", .type1), ("standard.cff", .cff)]
}

@Suite struct FontProgramTests {
    typealias F = FontFixtures

    @Test("every fixture opens, with the glyph count, em and PostScript name fontTools reports",
          arguments: FontFixtures.all.map(\.file))
    func opens(file: String) throws {
        let fixture = try #require(F.all.first { $0.file == file })
        let program = try #require(F.program(fixture.file, fixture.format))
        let entry = F.entry(fixture.key)
        #expect(program.numberOfGlyphs == entry["numGlyphs"] as? Int)
        #expect(program.unitsPerEm == entry["unitsPerEm"] as? Int)
        if let name = entry["postScriptName"] as? String {
            #expect(program.postScriptName == name)
        }
        let detected: FontProgram.Format = fixture.format
        #expect(program.detectedFormat == detected)
        #expect(program.declaredFormat == fixture.format)
    }

    @Test("the bare /FontFile form has the Length1/2/3 segments the script recorded")
    func fontFileSegments() throws {
        let lengths = F.entry("type1")["segmentLengths"] as? [Int] ?? []
        let bytes = F.bytes("type1-fontfile.bin")
        #expect(lengths.count == 3 && lengths.reduce(0, +) == bytes.count)
        // The cleartext part ends with the eexec keyword and its separator.
        let clear = bytes.prefix(lengths.first ?? 0)
        #expect(String(decoding: clear.suffix(6), as: UTF8.self) == "eexec ")
        // Many PDFs embed /Length3 0: no zeros trailer. FreeType reads that too.
        let noTrailer = Array(bytes.prefix((lengths.first ?? 0) + (lengths.dropFirst().first ?? 0)))
        let program = try #require(FontProgram(data: noTrailer, format: .type1))
        #expect(program.numberOfGlyphs == 8)
        #expect(program.glyphName(2) == "A")
        #expect(program.advanceWidth(2) == 610)
    }

    @Test("glyph names and ids round-trip", arguments: ["symbolic.ttf", "unicode.ttf", "named.otf", "named.cff", "type1.pfb", "type1.pfa", "type1-fontfile.bin"])
    func namesRoundTrip(file: String) throws {
        let fixture = try #require(F.all.first { $0.file == file })
        let program = try #require(F.program(fixture.file, fixture.format))
        let names = try #require(F.entry(fixture.key)["glyphNames"] as? [String])
        #expect(program.hasGlyphNames)
        for (gid, name) in names.enumerated() {
            #expect(program.glyphName(UInt32(gid)) == name)
            #expect(program.glyphID(named: name) == UInt32(gid))
        }
        #expect(program.glyphName(UInt32(names.count)) == nil)
        #expect(program.glyphName(.max) == nil)
        #expect(program.glyphID(named: "nosuchglyph") == nil)
        #expect(program.glyphID(named: "") == nil)
    }

    @Test("built-in encodings of the Type 1 and CFF programs", arguments: ["named.cff", "named.otf", "type1.pfb", "type1.pfa", "type1-fontfile.bin"])
    func builtinEncoding(file: String) throws {
        let fixture = try #require(F.all.first { $0.file == file })
        let program = try #require(F.program(fixture.file, fixture.format))
        let expected = F.numbered(F.entry(fixture.key)["builtinEncoding"], as: String.self)
        #expect(expected.count == 7)
        if fixture.format == .openType {
            // An OpenType's encoding is its cmap; the CFF's own vector is not offered.
            #expect(program.builtinEncoding == nil)
            #expect(program.builtinEncodingKind == nil)
            return
        }
        #expect(program.builtinEncodingKind == .custom)
        let encoding = try #require(program.builtinEncoding)
        #expect(encoding.count == 256)
        for code in 0..<256 {
            #expect(encoding[code] == expected[UInt32(code)], "code \(code)")
        }
    }

    @Test("programs naming StandardEncoding give it, restricted to their glyphs",
          arguments: [("type1-standard.pfb", FontProgram.Format.type1), ("standard.cff", .cff)])
    func standardEncoding(file: String, format: FontProgram.Format) throws {
        let program = try #require(F.program(file, format))
        #expect(program.builtinEncodingKind == .standard)
        let expected = F.numbered(F.entry("standardEncoding")["builtinEncoding"], as: String.self)
        #expect(expected[0xB7] == "bullet")
        let encoding = try #require(program.builtinEncoding)
        for code in 0..<256 {
            #expect(encoding[code] == expected[UInt32(code)], "code \(code)")
        }
    }

    @Test("TrueType programs have no built-in encoding; CID-keyed CFF neither")
    func noBuiltinEncoding() throws {
        #expect(try #require(F.program("symbolic.ttf", .trueType)).builtinEncoding == nil)
        #expect(try #require(F.program("cid.cff", .cff)).builtinEncoding == nil)
    }

    @Test("(3,0) symbol cmap: F0xx codes, plain codes through the PDF fallback")
    func symbolCmap() throws {
        let program = try #require(F.program("symbolic.ttf", .trueType))
        let cmaps = F.entry("symbolic.ttf")["cmaps"] as? [String: Any]
        let table = F.numbered(cmaps?["3,0"], as: Int.self)
        #expect(table.count == 6)
        #expect(program.cmapSubtables.map(\.platform) == [1, 3])
        #expect(program.cmapSubtables.map(\.encoding) == [0, 0])
        for code in UInt32(0xF020)...0xF0FF {
            #expect(program.glyphID(forCode: code, platform: 3, encoding: 0) == table[code].map { UInt32($0) })
        }
        for code in UInt8(0x20)...0xFF {
            // The table holds only F0xx codes: a plain code misses, the fallback finds it.
            #expect(program.glyphID(forCode: UInt32(code), platform: 3, encoding: 0) == nil)
            #expect(program.glyphID(forSymbolCode: code) == table[0xF000 | UInt32(code)].map { UInt32($0) })
        }
        #expect(program.glyphID(forCode: 0x41, platform: 3, encoding: 1) == nil)  // no such subtable
        #expect(program.unicode(forGlyph: 2) == nil)  // a symbol cmap is not Unicode
    }

    @Test("(1,0) Mac Roman cmap", arguments: ["symbolic.ttf", "unicode.ttf"])
    func macCmap(file: String) throws {
        let program = try #require(F.program(file, .trueType))
        let cmaps = F.entry(file)["cmaps"] as? [String: Any]
        let table = F.numbered(cmaps?["1,0"], as: Int.self)
        #expect(table.count == 6)
        for code in UInt32(0)...0xFF {
            #expect(program.glyphID(forCode: code, platform: 1, encoding: 0) == table[code].map { UInt32($0) })
        }
    }

    @Test("Unicode cmaps, and their reversal preferring the smallest code outside the PUA")
    func unicodeCmap() throws {
        let program = try #require(F.program("unicode.ttf", .trueType))
        let entry = F.entry("unicode.ttf")
        let cmaps = entry["cmaps"] as? [String: Any]
        let table = F.numbered(cmaps?["3,1"], as: Int.self)
        for (code, gid) in table {
            #expect(program.glyphID(forCode: code, platform: 3, encoding: 1) == UInt32(gid))
            #expect(program.glyphID(forCode: code, platform: 0, encoding: 3) == UInt32(gid))
        }
        let reversed = F.numbered(entry["unicode"], as: Int.self)
        #expect(reversed[2] == 0x41)  // A: U+0041 beats U+0410 and U+E041
        #expect(reversed[6] == 0xE001)  // only a PUA code: kept
        for gid in UInt32(0)..<UInt32(program.numberOfGlyphs) {
            let want = reversed[gid].flatMap { Unicode.Scalar(UInt32($0)) }.map { [$0] }
            #expect(program.unicode(forGlyph: gid) == want, "glyph \(gid)")
        }
        #expect(program.unicode(forGlyph: 9999) == nil)
    }

    @Test("advance widths in 1/1000 em match fontTools", arguments: FontFixtures.all.map(\.file))
    func advances(file: String) throws {
        let fixture = try #require(F.all.first { $0.file == file })
        let program = try #require(F.program(fixture.file, fixture.format))
        let expected = F.doubles(F.entry(fixture.key)["advances"])
        #expect(expected.count == program.numberOfGlyphs)
        for (gid, width) in expected.enumerated() {
            let got = try #require(program.advanceWidth(UInt32(gid)))
            #expect(abs(got - width) < 1e-9, "glyph \(gid): \(got) vs \(width)")
        }
        #expect(program.advanceWidth(UInt32(expected.count)) == nil)
        #expect(program.advanceWidth(.max) == nil)
    }

    @Test("vertical advances when vmtx is present")
    func verticalAdvances() throws {
        let program = try #require(F.program("unicode.ttf", .trueType))
        #expect(program.hasVerticalMetrics)
        let expected = F.doubles(F.entry("unicode.ttf")["verticalAdvances"])
        #expect(expected.count == 8)
        for (gid, height) in expected.enumerated() {
            let got = try #require(program.verticalAdvance(UInt32(gid)))
            #expect(abs(got - height) < 1e-9)
        }
        let plain = try #require(F.program("symbolic.ttf", .trueType))
        #expect(!plain.hasVerticalMetrics)
        #expect(plain.verticalAdvance(1) == nil)
    }

    @Test("style flags, family name, ascender and descender")
    func styleAndMetrics() throws {
        let bold = try #require(F.program("unicode.ttf", .trueType))
        let entry = F.entry("unicode.ttf")
        #expect(bold.isBold && !bold.isItalic && bold.isFixedPitch)
        #expect(bold.familyName == "Fixture Unicode")
        #expect(abs(bold.ascender - ((entry["ascender"] as? Double) ?? 0)) < 1e-9)
        #expect(abs(bold.descender - ((entry["descender"] as? Double) ?? 0)) < 1e-9)
        let regular = try #require(F.program("symbolic.ttf", .trueType))
        #expect(!regular.isBold && !regular.isItalic && !regular.isFixedPitch)
        let type1 = try #require(F.program("type1.pfb", .type1))
        #expect(type1.familyName == "Fixture Type1")
        #expect(!type1.isCIDKeyed)
    }

    @Test("CID-keyed CFF: CIDs map to glyphs through the charset")
    func cidKeyed() throws {
        let program = try #require(F.program("cid.cff", .cff))
        #expect(program.isCIDKeyed)
        #expect(program.detectedFormat == .cff)
        let cids = F.numbered(F.entry("cid.cff")["cids"], as: Int.self)
        #expect(cids.count == 8)
        for (cid, gid) in cids {
            #expect(program.glyphID(forCID: cid) == UInt32(gid), "CID \(cid)")
            #expect(program.cid(forGlyph: UInt32(gid)) == cid)
        }
        #expect(program.cid(forGlyph: 8) == nil)
        #expect(program.glyphID(forCID: 2) == nil)
        #expect(program.glyphID(forCID: 65001) == nil)
    }

    @Test("non-CID programs take a CID as the glyph id when in range")
    func cidAsGlyph() throws {
        let program = try #require(F.program("named.cff", .cff))
        #expect(!program.isCIDKeyed)
        #expect(program.cid(forGlyph: 3) == nil)
        #expect(program.glyphID(forCID: 3) == 3)
        #expect(program.glyphID(forCID: 8) == nil)
        #expect(program.glyphID(forCID: .max) == nil)
    }

    @Test("a mislabelled program opens as what it is")
    func mislabelled() throws {
        let program = try #require(F.program("type1.pfb", .cff))
        #expect(program.declaredFormat == .cff)
        #expect(program.detectedFormat == .type1)
        let cff = try #require(F.program("named.cff", .trueType))
        #expect(cff.detectedFormat == .cff)
    }

    @Test("garbage is refused")
    func garbage() {
        #expect(FontProgram(data: [], format: .trueType) == nil)
        #expect(FontProgram(data: [UInt8](repeating: 0, count: 4096), format: .trueType) == nil)
        #expect(FontProgram(data: Array("%PDF-1.7 not a font".utf8), format: .type1) == nil)
        var rng = Xorshift(seed: 42)
        for format in [FontProgram.Format.type1, .cff, .trueType, .openType] {
            for length in [1, 4, 12, 100, 1000] {
                let data = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                #expect(FontProgram(data: data, format: format) == nil)
            }
        }
    }

    @Test("truncated fixtures open with at most the full glyph count, or not at all",
          arguments: FontFixtures.files.map(\.file))
    func truncated(file: String) throws {
        let fixture = try #require(F.files.first { $0.file == file })
        let bytes = F.bytes(fixture.file)
        let full = try #require(FontProgram(data: bytes, format: fixture.format))
        for length in 0..<bytes.count {
            guard let program = FontProgram(data: Array(bytes.prefix(length)), format: fixture.format) else { continue }
            #expect(program.numberOfGlyphs <= full.numberOfGlyphs)
            #expect(program.unitsPerEm > 0)
            Self.exercise(program)
        }
    }

    @Test("fixtures with bytes overwritten open with sane facts or not at all", arguments: FontFixtures.files.map(\.file))
    func corrupted(file: String) throws {
        let fixture = try #require(F.files.first { $0.file == file })
        let bytes = F.bytes(fixture.file)
        var rng = Xorshift(seed: UInt64(bytes.count))
        for _ in 0..<300 {
            var data = bytes
            for _ in 0..<3 {
                let at = Int(rng.next() % UInt64(data.count))
                data[at] = UInt8(truncatingIfNeeded: rng.next())
            }
            if let program = FontProgram(data: data, format: fixture.format) {
                #expect(program.unitsPerEm > 0)
                #expect(program.numberOfGlyphs > 0)
                Self.exercise(program)
            }
        }
    }

    @Test("concurrent readers see the same answers")
    func concurrentReaders() async throws {
        let program = try #require(F.program("unicode.ttf", .trueType))
        let names = F.entry("unicode.ttf")["glyphNames"] as? [String] ?? []
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<16 {
                group.addTask {
                    var ok = true
                    for round in 0..<50 {
                        let gid = UInt32((i + round) % names.count)
                        ok = ok && program.glyphName(gid) == names[Int(gid)]
                        ok = ok && program.glyphID(named: names[Int(gid)]) == gid
                        ok = ok && program.glyphID(forCode: 0x41, platform: 1, encoding: 0) == 2
                        ok = ok && program.glyphID(forCode: 0x42, platform: 3, encoding: 1) == 3
                        ok = ok && program.unicode(forGlyph: 3) == ["B"]
                        ok = ok && program.advanceWidth(1) == 250
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }

    /// Calls every accessor of a program that opened from damaged bytes.
    static func exercise(_ program: FontProgram) {
        let n = UInt32(min(program.numberOfGlyphs, 300))
        for gid in 0..<n {
            if let name = program.glyphName(gid) { _ = program.glyphID(named: name) }
            _ = program.advanceWidth(gid)
            _ = program.verticalAdvance(gid)
            _ = program.unicode(forGlyph: gid)
            _ = program.glyphID(forCID: gid)
        }
        _ = program.builtinEncoding
        for sub in program.cmapSubtables {
            for code in UInt32(0)..<300 { _ = program.glyphID(forCode: code, platform: sub.platform, encoding: sub.encoding) }
        }
        _ = program.glyphID(forSymbolCode: 0x41)
    }
}

/// Deterministic pseudo-random test data (xorshift64), so the damaged inputs repeat exactly.
struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
}
