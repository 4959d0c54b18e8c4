import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts
import PDFGlyphs

extension ContentChecks {
    /// The dictionaries of the fonts the content uses, once each, in object order.
    static func usedFontDictionaries(_ ctx: AuditContext) -> [(facts: FontFacts, dictionary: PDFDictionary)] {
        let store = ctx.document.store
        return AuditContentScan.run(ctx).fonts.sorted { $0.key < $1.key }.compactMap { key, f in
            guard let n = f.objectNumber, let d = store.dictionary(store.object(ObjectID(n))) else { return nil }
            return (f, d)
        }
    }

    static func fontFinding(_ ctx: AuditContext, _ id: String, _ f: FontFacts, _ message: String, _ evidence: [Finding.Evidence] = []) {
        ctx.fail(id, message, at: fontLocation(f, page: f.firstPage, bbox: f.firstBox),
                 evidence: [.init("font", f.summary.baseFont)] + evidence)
    }

    /// 7.21.7-2: a /ToUnicode CMap never maps a used code to U+0000, U+FEFF or U+FFFE.
    static let toUnicodeValues = AuditCheck(["7.21.7-2"]) { ctx in
        for (_, f) in AuditContentScan.run(ctx).fonts.sorted(by: { $0.key < $1.key }) where f.shown > 0 {
            guard let b = f.firstBadToUnicode else { ctx.checked("7.21.7-2"); continue }
            ctx.fail("7.21.7-2", "The /ToUnicode CMap of font \(f.summary.baseFont) maps code \(b.code) (and \(f.badToUnicode - 1) more uses) to U+0000, U+FEFF or U+FFFE, which are not text. Map each code to the characters the glyph shows.",
                     at: fontLocation(f, page: b.page, bbox: b.bbox), evidence: [.init("font", f.summary.baseFont), .init("code", String(b.code))])
        }
    }

    /// 7.21.6-3: a symbolic TrueType font has no /Encoding.
    static let symbolicTrueTypeEncoding = AuditCheck(["7.21.6-3"]) { ctx in
        let store = ctx.document.store
        for (f, d) in usedFontDictionaries(ctx) where d["Subtype"]?.name == "TrueType" {
            let flags = store.integer(store.dictionary(d["FontDescriptor"])?["Flags"]) ?? 0
            guard flags & 4 != 0 else { continue }
            if d["Encoding"] == nil { ctx.checked("7.21.6-3") } else {
                fontFinding(ctx, "7.21.6-3", f, "Font \(f.summary.baseFont) is a symbolic TrueType font with an /Encoding entry. Remove /Encoding (symbolic TrueType fonts select glyphs through their own cmap), or make the font non-symbolic with a standard encoding.")
            }
        }
    }

    /// 7.21.3.2-1: an embedded CIDFontType2 has /CIDToGIDMap.
    static let cidToGIDMap = AuditCheck(["7.21.3.2-1"]) { ctx in
        let store = ctx.document.store
        for (f, d) in usedFontDictionaries(ctx) where d["Subtype"]?.name == "Type0" {
            guard let cid = store.dictionary(store.resolve(d["DescendantFonts"]).array?.first),
                  cid["Subtype"]?.name == "CIDFontType2",
                  store.dictionary(cid["FontDescriptor"])?["FontFile2"] != nil else { continue }
            let map = store.resolve(cid["CIDToGIDMap"])
            let valid: Bool = if case .stream = map { true } else { map.name == "Identity" }
            if valid { ctx.checked("7.21.3.2-1") } else {
                fontFinding(ctx, "7.21.3.2-1", f, "The embedded CIDFontType2 font \(f.summary.baseFont) has no usable /CIDToGIDMap (it must be /Identity or a stream). Add /CIDToGIDMap /Identity (or a mapping stream) so readers know which glyph each CID draws.")
            }
        }
    }

    /// 7.21.3.3-1/-2/-3 and 7.21.3.1-1: a Type 0 font's CMap is predefined or embedded; an
    /// embedded CMap's /WMode agrees with its program and it uses only predefined CMaps; the
    /// CMap and the CIDFont name the same character collection.
    static let compositeCMaps = AuditCheck(["7.21.3.3-1", "7.21.3.3-2", "7.21.3.3-3", "7.21.3.1-1"]) { ctx in
        let store = ctx.document.store
        for (f, d) in usedFontDictionaries(ctx) where d["Subtype"]?.name == "Type0" {
            let encoding = store.resolve(d["Encoding"])
            var declared: CMapDeclarations?
            var collection: (registry: String?, ordering: String?, supplement: Int?)?
            if let name = encoding.name?.string {
                ctx.checked("7.21.3.3-1")
                if name == "Identity-H" || name == "Identity-V" { continue }
                // Predefined means listed in ISO 32000-1 Table 118 (what a reader must know),
                // not merely installed on this machine.
                if !PredefinedCMaps.table118.contains(name) {
                    fontFinding(ctx, "7.21.3.3-1", f, "Font \(f.summary.baseFont) names the CMap \(name), which is not a predefined CMap, and does not embed it. Embed the CMap as a stream, or use a predefined CMap such as Identity-H.", [.init("Encoding", name)])
                    continue
                }
                declared = PredefinedCMaps.declarations(named: name)
                collection = declared.map { ($0.registry, $0.ordering, $0.supplement) }
            } else if case .stream(let stream) = encoding {
                ctx.checked("7.21.3.3-1")
                let bytes = store.streamData(stream).bytes
                let program = CMapDeclarations(program: bytes)
                declared = program
                let dictMode = store.integer(stream.dictionary["WMode"]) ?? 0
                ctx.checked("7.21.3.3-2")
                if dictMode != (program.writingMode ?? 0) {
                    fontFinding(ctx, "7.21.3.3-2", f, "The embedded CMap of font \(f.summary.baseFont) says /WMode \(dictMode) in its dictionary but \(program.writingMode ?? 0) in its program. Make the two agree.",
                                [.init("dictionaryWMode", String(dictMode)), .init("programWMode", String(program.writingMode ?? 0))])
                }
                var uses = program.useCMaps
                if let u = stream.dictionary["UseCMap"] {
                    if let n = store.resolve(u).name?.string { uses.append(n) } else { uses.append("(embedded stream)") }
                }
                ctx.checked("7.21.3.3-3")
                if let bad = uses.first(where: { !PredefinedCMaps.table118.contains($0) && $0 != "Identity-H" && $0 != "Identity-V" }) {
                    fontFinding(ctx, "7.21.3.3-3", f, "The embedded CMap of font \(f.summary.baseFont) builds on \(bad), which is not a predefined CMap. Use only predefined CMaps in usecmap, or merge the mappings into one embedded CMap.", [.init("usecmap", bad)])
                }
                let info = store.dictionary(stream.dictionary["CIDSystemInfo"])
                collection = (info.flatMap { store.resolve($0["Registry"]).text } ?? program.registry,
                              info.flatMap { store.resolve($0["Ordering"]).text } ?? program.ordering,
                              info.flatMap { store.integer($0["Supplement"]) } ?? program.supplement)
            } else {
                continue
            }
            guard let cmap = collection, cmap.registry != nil || cmap.ordering != nil,
                  let cid = store.dictionary(store.resolve(d["DescendantFonts"]).array?.first),
                  let info = store.dictionary(cid["CIDSystemInfo"]) else { continue }
            let registry = store.resolve(info["Registry"]).text, ordering = store.resolve(info["Ordering"]).text
            let supplement = store.integer(info["Supplement"]) ?? 0
            if registry == cmap.registry && ordering == cmap.ordering && supplement <= (cmap.supplement ?? 0) {
                ctx.checked("7.21.3.1-1")
            } else {
                fontFinding(ctx, "7.21.3.1-1", f, "Font \(f.summary.baseFont): its CMap is for \(cmap.registry ?? "?")-\(cmap.ordering ?? "?")-\(cmap.supplement ?? 0) but its CIDFont for \(registry ?? "?")-\(ordering ?? "?")-\(supplement). Use a CMap and a CIDFont of the same character collection (Registry and Ordering equal, the CMap's Supplement at least the CIDFont's).",
                            [.init("cmap", "\(cmap.registry ?? "?")-\(cmap.ordering ?? "?")-\(cmap.supplement ?? 0)"), .init("cidFont", "\(registry ?? "?")-\(ordering ?? "?")-\(supplement)")])
            }
        }
    }
}
