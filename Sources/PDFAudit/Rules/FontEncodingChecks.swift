import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts
import PDFGlyphs

extension ContentChecks {
    /// Whether a font descriptor's /Flags has the Symbolic bit (bit 3).
    static func isSymbolic(_ d: PDFDictionary, _ store: ObjectStore) -> Bool {
        (store.integer(store.dictionary(d["FontDescriptor"])?["Flags"]) ?? 0) & 4 != 0
    }

    /// A simple font's encoding as PDF/UA judges it: the name of /Encoding, or for an
    /// encoding dictionary "Custom" when it has /Differences, else its /BaseEncoding; nil when
    /// there is none.
    static func encodingValue(_ d: PDFDictionary, _ store: ObjectStore) -> (name: String?, differences: [String]) {
        let encoding = store.resolve(d["Encoding"])
        if let name = encoding.name?.string { return (name, []) }
        guard let dict = store.dictionary(encoding) else { return (nil, []) }
        let names = (store.array(dict["Differences"]) ?? []).compactMap { store.resolve($0).name?.string }
        if !names.isEmpty { return ("Custom", names) }
        return (store.resolve(dict["BaseEncoding"]).name?.string, [])
    }

    /// The used simple TrueType fonts with their dictionaries.
    static func usedTrueTypeFonts(_ ctx: AuditContext) -> [(facts: FontFacts, dictionary: PDFDictionary)] {
        usedFontDictionaries(ctx).filter { $0.dictionary["Subtype"]?.name == "TrueType" }
    }

    /// 7.21.6-2: a non-symbolic TrueType font uses MacRomanEncoding or WinAnsiEncoding, or
    /// /Differences whose names are all in the Adobe Glyph List with a (3,1) cmap in the
    /// embedded program.
    static let nonSymbolicTrueTypeEncoding = AuditCheck(["7.21.6-2"]) { ctx in
        let store = ctx.document.store
        for (f, d) in usedTrueTypeFonts(ctx) where !isSymbolic(d, store) {
            let (name, differences) = encodingValue(d, store)
            ctx.checked("7.21.6-2")
            switch name {
            case "MacRomanEncoding", "WinAnsiEncoding":
                continue
            case "Custom":
                let unlisted = differences.first { GlyphList.standardUnicode(for: $0) == nil }
                let hasUnicodeCmap = f.font.program?.cmapSubtables.contains { $0.platform == 3 && $0.encoding == 1 } ?? false
                if let unlisted {
                    fontFinding(ctx, "7.21.6-2", f, "The /Differences of non-symbolic TrueType font \(f.summary.baseFont) name the glyph /\(unlisted), which is not in the Adobe Glyph List. Use Adobe Glyph List names (such as /grave or /quotesingle) so readers can find each glyph through the font's Unicode cmap.", [.init("glyphName", unlisted)])
                } else if !hasUnicodeCmap {
                    fontFinding(ctx, "7.21.6-2", f, "Non-symbolic TrueType font \(f.summary.baseFont) has /Differences but its embedded program has no Microsoft Unicode (3,1) cmap subtable. Embed a program with a (3,1) cmap, or use /WinAnsiEncoding or /MacRomanEncoding without /Differences.")
                }
            default:
                let what = name.map { "the encoding \($0)" } ?? "no /Encoding"
                fontFinding(ctx, "7.21.6-2", f, "Non-symbolic TrueType font \(f.summary.baseFont) has \(what). Give it /Encoding /WinAnsiEncoding or /MacRomanEncoding (with /Differences only of Adobe Glyph List names), or mark it symbolic if it really has no standard character set.", [.init("Encoding", name ?? "none")])
            }
        }
    }

    /// 7.21.6-1 and 7.21.6-4: an embedded TrueType program has the cmap subtables its font
    /// needs — a non-symbolic one a (1,0) or (3,1) subtable, a symbolic one exactly one
    /// subtable or a (3,0) one (under PDF/UA-2, 8.4.5.7-1 and -4: a (3,0) or (1,0) one).
    /// Fonts used only in rendering mode 3 are exempt from 7.21.6-1.
    static let trueTypeCmaps = AuditCheck(["7.21.6-1", "7.21.6-4"]) { ctx in
        let store = ctx.document.store
        for (f, d) in usedTrueTypeFonts(ctx) {
            guard store.dictionary(d["FontDescriptor"])?["FontFile2"] != nil, let program = f.font.program else { continue }
            let tables = program.cmapSubtables
            let has = { (p: UInt16, e: UInt16) in tables.contains { $0.platform == p && $0.encoding == e } }
            let list = tables.map { "(\($0.platform),\($0.encoding))" }.joined(separator: " ")
            if isSymbolic(d, store) {
                ctx.checked("7.21.6-4")
                if ctx.profile.isUA2Family {
                    // ISO 14289-2 8.4.5.7: a (3,0) or a (1,0) subtable, however many there are.
                    if !has(3, 0) && !has(1, 0) {
                        fontFinding(ctx, "7.21.6-4", f, "The program of symbolic TrueType font \(f.summary.baseFont) has neither a Microsoft Symbol (3,0) nor a Macintosh Roman (1,0) cmap subtable. Embed a program with a (3,0) subtable that maps the codes the text uses.", [.init("cmaps", list.isEmpty ? "none" : list)])
                    }
                } else if tables.count != 1 && !has(3, 0) {
                    fontFinding(ctx, "7.21.6-4", f, "The program of symbolic TrueType font \(f.summary.baseFont) has \(tables.count) cmap subtables and none is Microsoft Symbol (3,0). Keep a single cmap subtable, or add a (3,0) subtable that maps the codes the text uses.", [.init("cmaps", list)])
                }
            } else if f.renderedGlyphs > 0 {
                ctx.checked("7.21.6-1")
                if !has(1, 0) && !has(3, 1) {
                    fontFinding(ctx, "7.21.6-1", f, "The program of non-symbolic TrueType font \(f.summary.baseFont) has no Macintosh Roman (1,0) or Microsoft Unicode (3,1) cmap subtable, so its glyphs cannot be looked up by character. Embed a program with a (3,1) cmap subtable.", [.init("cmaps", list.isEmpty ? "none" : list)])
                }
            }
        }
    }
}
