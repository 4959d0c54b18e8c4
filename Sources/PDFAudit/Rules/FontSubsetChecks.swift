import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts
import PDFGlyphs

extension ContentChecks {
    /// Whether a font name carries a subset prefix: six uppercase letters and `+`.
    static func hasSubsetPrefix(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 7, bytes[6] == UInt8(ascii: "+") else { return false }
        return bytes[..<6].allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// The glyph names of a /CharSet string (`/A/B/space`), without `.notdef`.
    static func charSetNames(_ bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        for part in bytes.split(separator: UInt8(ascii: "/")) {
            let name = String(decoding: part.filter { !CharacterClass.isWhitespace($0) }, as: UTF8.self)
            if !name.isEmpty, name != ".notdef" { names.insert(name) }
        }
        return names
    }

    /// 7.21.4.2-1: an embedded subset Type 1 font's /CharSet lists exactly the glyphs of its
    /// program (apart from .notdef).
    static let charSet = AuditCheck(["7.21.4.2-1"]) { ctx in
        let store = ctx.document.store
        for (f, d) in usedFontDictionaries(ctx) {
            guard let subtype = d["Subtype"]?.name, subtype == "Type1" || subtype == "MMType1",
                  hasSubsetPrefix(f.summary.baseFont),
                  let descriptor = store.dictionary(d["FontDescriptor"]),
                  descriptor["FontFile"] != nil || descriptor["FontFile3"] != nil,
                  let charSet = store.resolve(descriptor["CharSet"]).string,
                  let program = f.font.program, program.hasGlyphNames else { continue }
            let listed = charSetNames(charSet.bytes)
            var inProgram: Set<String> = []
            for gid in 0..<program.numberOfGlyphs {
                if let n = program.glyphName(UInt32(gid)), n != ".notdef" { inProgram.insert(n) }
            }
            ctx.checked("7.21.4.2-1")
            let missing = inProgram.subtracting(listed).sorted(), extra = listed.subtracting(inProgram).sorted()
            if missing.isEmpty && extra.isEmpty { continue }
            var parts: [String] = []
            if !missing.isEmpty { parts.append("omits \(missing.prefix(5).map { "/" + $0 }.joined(separator: " ")) that the program has") }
            if !extra.isEmpty { parts.append("lists \(extra.prefix(5).map { "/" + $0 }.joined(separator: " ")) that the program lacks") }
            fontFinding(ctx, "7.21.4.2-1", f, "The /CharSet of subset font \(f.summary.baseFont) \(parts.joined(separator: " and ")). Make /CharSet list exactly the glyph names in the embedded program, or remove /CharSet.",
                        [.init("missing", missing.prefix(20).joined(separator: " ")), .init("extra", extra.prefix(20).joined(separator: " "))])
        }
    }

    /// 7.21.4.2-2: an embedded subset CIDFont's /CIDSet identifies the CIDs of its program:
    /// for a CID-keyed CFF program exactly the CIDs of its charset; otherwise every CID the
    /// text shows, and no CID beyond the program's glyphs.
    static let cidSet = AuditCheck(["7.21.4.2-2"]) { ctx in
        let store = ctx.document.store
        for (f, d) in usedFontDictionaries(ctx) where d["Subtype"]?.name == "Type0" {
            guard let cidFont = store.dictionary(store.resolve(d["DescendantFonts"]).array?.first),
                  let descriptor = store.dictionary(cidFont["FontDescriptor"]),
                  descriptor["FontFile2"] != nil || descriptor["FontFile3"] != nil,
                  hasSubsetPrefix(store.resolve(cidFont["BaseFont"]).name?.string ?? f.summary.baseFont),
                  let setStream = store.resolve(descriptor["CIDSet"]).stream,
                  let program = f.font.program else { continue }
            let bits = store.streamData(setStream).bytes
            guard !bits.isEmpty else { continue }
            func isSet(_ cid: UInt32) -> Bool {
                let i = Int(cid / 8)
                return i < bits.count && bits[i] & (0x80 >> UInt8(cid % 8)) != 0
            }
            var setCIDs: [UInt32] = []
            for (i, byte) in bits.enumerated() where byte != 0 {
                for j in 0..<8 where byte & (0x80 >> UInt8(j)) != 0 { setCIDs.append(UInt32(i * 8 + j)) }
            }
            ctx.checked("7.21.4.2-2")
            var missing: [UInt32] = [], extra: [UInt32] = []
            if program.isCIDKeyed {
                var programCIDs: Set<UInt32> = []
                for gid in 0..<program.numberOfGlyphs {
                    if let cid = program.cid(forGlyph: UInt32(gid)) { programCIDs.insert(cid) }
                }
                missing = programCIDs.filter { !isSet($0) }.sorted()
                extra = setCIDs.filter { !programCIDs.contains($0) }
            } else {
                let map = store.resolve(cidFont["CIDToGIDMap"])
                let mapBytes: [UInt8]? = map.stream.map { store.streamData($0).bytes }
                func glyph(_ cid: UInt32) -> UInt32? {
                    guard let m = mapBytes else { return Int(cid) < program.numberOfGlyphs ? cid : nil }
                    let i = Int(cid) * 2
                    guard i + 1 < m.count else { return nil }
                    let gid = UInt32(m[i]) << 8 | UInt32(m[i + 1])
                    return gid != 0 && Int(gid) < program.numberOfGlyphs ? gid : nil
                }
                missing = f.usedCIDs.filter { !isSet($0) }.sorted()
                extra = setCIDs.filter { $0 != 0 && glyph($0) == nil }
            }
            if missing.isEmpty && extra.isEmpty { continue }
            var parts: [String] = []
            if !missing.isEmpty { parts.append("leaves out CIDs \(missing.prefix(8).map(String.init).joined(separator: ", ")) that the program has") }
            if !extra.isEmpty { parts.append("marks CIDs \(extra.prefix(8).map(String.init).joined(separator: ", ")) that the program lacks") }
            fontFinding(ctx, "7.21.4.2-2", f, "The /CIDSet of subset font \(f.summary.baseFont) \(parts.joined(separator: " and ")). Rebuild /CIDSet so it has a bit set for exactly the CIDs in the embedded program, or remove it.",
                        [.init("missing", missing.prefix(20).map(String.init).joined(separator: " ")), .init("extra", extra.prefix(20).map(String.init).joined(separator: " "))])
        }
    }

    /// 7.21.5-1: for every glyph painted (not in rendering mode 3) with an embedded font, the
    /// width in the font dictionary agrees with the program's within
    /// ``FontFacts/widthTolerance`` (1/1000 em).
    static let glyphWidths = AuditCheck(["7.21.5-1"]) { ctx in
        for (_, f) in AuditContentScan.run(ctx).fonts.sorted(by: { $0.key < $1.key }) where f.widthsCompared > 0 {
            guard let m = f.firstWidthMismatch else { ctx.checked("7.21.5-1", count: f.widthsCompared); continue }
            if f.widthsCompared > f.widthMismatches { ctx.checked("7.21.5-1", count: f.widthsCompared - f.widthMismatches) }
            ctx.fail("7.21.5-1", "In font \(f.summary.baseFont), code \(m.code) is \(fmt(m.dictionary)) wide in the font dictionary but \(fmt(m.program)) in the embedded program (1/1000 em)\(f.widthMismatches > 1 ? ", and \(f.widthMismatches - 1) more glyphs painted disagree" : ""). Correct /Widths (or /W) from the program's advance widths.",
                     at: fontLocation(f, page: m.page, bbox: m.bbox),
                     evidence: [.init("font", f.summary.baseFont), .init("code", String(m.code)),
                                .init("dictionaryWidth", fmt(m.dictionary)), .init("programWidth", fmt(m.program))])
            if f.widthMismatches > 1 { ctx.countFailures("7.21.5-1", f.widthMismatches - 1) }
        }
    }

    static func fmt(_ v: Double) -> String {
        // Whole widths without a fraction; past 1e15 (a hostile /Widths) as Swift prints them.
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String((v * 10).rounded() / 10)
    }
}

extension ContentChecks {
    /// 7.21.4.1-2: every glyph painted (not in rendering mode 3) with an embedded font is in
    /// its program.
    static let glyphPresence = AuditCheck(["7.21.4.1-2"]) { ctx in
        for (_, f) in AuditContentScan.run(ctx).fonts.sorted(by: { $0.key < $1.key })
        where f.font.program != nil && f.summary.kind != .type3 && f.renderedGlyphs > 0 {
            guard let m = f.firstMissingGlyph else { ctx.checked("7.21.4.1-2"); continue }
            ctx.fail("7.21.4.1-2", "Font \(f.summary.baseFont) paints code \(m.code)\(f.missingGlyphs > 1 ? " (and \(f.missingGlyphs - 1) more glyphs)" : "") with a glyph its embedded program does not contain. Embed a program (or a subset) that includes every glyph the text uses.",
                     at: fontLocation(f, page: m.page, bbox: m.bbox),
                     evidence: [.init("font", f.summary.baseFont), .init("code", String(m.code))])
        }
    }
}
