import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs

/// Checks that read content streams: marked content and artifacts, languages of text, fonts
/// and their Unicode mappings.
enum ContentChecks {
    static let all: [AuditCheck] = [
        taggedContent, languages, languageTags, fontEmbedding, unicodeMapping, notdef,
        toUnicodeValues, symbolicTrueTypeEncoding, cidToGIDMap, compositeCMaps,
        nonSymbolicTrueTypeEncoding, trueTypeCmaps, charSet, cidSet, glyphWidths, glyphPresence, formMarkedContent,
    ]

    /// 7.1-1, 7.1-2, 7.1-3: artifacts and tagged content do not nest in each other, and
    /// every painted item is one or the other.
    static let taggedContent = AuditCheck(["7.1-1", "7.1-2", "7.1-3"]) { ctx in
        guard ctx.document.hasStructureTree || ctx.document.isTagged else {
            // An untagged document fails 7.1-11; every item would fail 7.1-3 too.
            AuditContentScan.run(ctx).report(["7.1-3"], into: ctx) { _, e in message73(e) }
            return
        }
        AuditContentScan.run(ctx).report(["7.1-1", "7.1-2", "7.1-3"], into: ctx) { id, e in
            switch id {
            case "7.1-1": "An /Artifact marked-content sequence lies inside tagged content (an MCID sequence). Close the tagged sequence before the artifact, or stop marking this content as an artifact."
            case "7.1-2": "Tagged content (an MCID sequence) lies inside an /Artifact sequence. Move it out of the artifact, or mark it as an artifact only."
            default: message73(e)
            }
        }
    }

    static func message73(_ e: AuditContentScan.Example) -> String {
        let item = e.evidence.first { $0.key == "item" }?.value ?? "content"
        return "A \(item) is painted outside tagged content and outside any artifact. Tag it (marked content with an MCID that a structure element claims) or, if it is decoration, page furniture or a background, mark it /Artifact."
    }

    /// 7.2-34 and 7.2-30/31/32: every text item, and every /Span replacement text, has a
    /// language from marked content, its structure element (or an ancestor) or the catalog.
    static let languages = AuditCheck(["7.2-34", "7.2-30", "7.2-31", "7.2-32"]) { ctx in
        AuditContentScan.run(ctx).report(["7.2-34", "7.2-30", "7.2-31", "7.2-32"], into: ctx) { id, e in
            switch id {
            case "7.2-34": "Text has no language: no /Lang on its marked content, its structure element or an ancestor, nor on the catalog. Set the catalog's /Lang to the document's main language (and /Lang on passages in other languages)."
            case "7.2-30": "A /Span with /ActualText has no language. Add /Lang to it, to its structure element, or to the catalog."
            case "7.2-31": "A /Span with /Alt has no language. Add /Lang to it, to its structure element, or to the catalog."
            default: "A /Span with /E (expansion) has no language. Add /Lang to it, to its structure element, or to the catalog."
            }
        }
    }

    /// 7.2-29: every /Lang — catalog, structure elements, marked content — is a language tag.
    static let languageTags = AuditCheck(["7.2-29"]) { ctx in
        let store = ctx.document.store
        func judge(_ value: String, _ location: AuditLocation, _ whereText: String) {
            if isValidLanguageTag(value) { ctx.checked("7.2-29") } else {
                ctx.fail("7.2-29", "/Lang \"\(value)\" on \(whereText) is not a language tag. Use a tag such as en, en-GB or pt-BR (a primary subtag of 1–8 letters, then subtags of 1–8 letters or digits).",
                         at: location, evidence: [.init("Lang", value)])
            }
        }
        if let raw = ctx.document.catalog["Lang"] {
            judge(store.resolve(raw).text ?? "", AuditLocation(), "the catalog")
        }
        for (i, e) in ctx.tree.elements.enumerated() {
            if let l = e.language { judge(l, ctx.tree.location(of: i), "a \(e.type) element") }
        }
        AuditContentScan.run(ctx).report(["7.2-29"], into: ctx) { _, e in
            let v = e.evidence.first { $0.key == "Lang" }?.value ?? ""
            return "/Lang \"\(v)\" on marked content is not a language tag. Use a tag such as en, en-GB or pt-BR."
        }
    }

    static func fontLocation(_ f: FontFacts, page: Int, bbox: Rect) -> AuditLocation {
        AuditLocation(pageIndex: page, object: f.objectNumber.map { ObjectID($0) }, bbox: bbox)
    }

    /// 7.21.4.1-1: fonts used for rendering are embedded (Type 3 and invisible text exempt).
    static let fontEmbedding = AuditCheck(["7.21.4.1-1"]) { ctx in
        for (_, f) in AuditContentScan.run(ctx).fonts.sorted(by: { $0.key < $1.key })
        where f.summary.kind != .type3 && f.renderedGlyphs > 0 {
            if f.summary.isEmbedded { ctx.checked("7.21.4.1-1"); continue }
            ctx.fail("7.21.4.1-1", "Font \(f.summary.baseFont) is not embedded, so readers may substitute it and text may not be extractable as authored. Embed the font (most authoring tools have an \"embed all fonts\" export option).",
                     at: fontLocation(f, page: f.firstPage, bbox: f.firstBox), evidence: [.init("font", f.summary.baseFont)])
        }
    }

    /// 7.21.7-1: every code shown maps to Unicode (ToUnicode, a standard encoding's glyph
    /// names, or a predefined CJK collection).
    static let unicodeMapping = AuditCheck(["7.21.7-1"]) { ctx in
        for (_, f) in AuditContentScan.run(ctx).fonts.sorted(by: { $0.key < $1.key }) where f.summary.kind != .type3 || f.shown > 0 {
            guard let u = f.firstUnmapped else { ctx.checked("7.21.7-1"); continue }
            ctx.fail("7.21.7-1", "Font \(f.summary.baseFont) shows \(f.unmapped) glyph(s) with no Unicode mapping (first: code \(u.code)), so their text cannot be extracted or read aloud. Add a /ToUnicode CMap to the font (re-export with a tool that writes one, or fix it with a remediation tool).",
                     at: fontLocation(f, page: u.page, bbox: u.bbox),
                     evidence: [.init("font", f.summary.baseFont), .init("code", String(u.code)), .init("unmappedGlyphs", String(f.unmapped))])
        }
    }

    /// 7.21.8-1: no text-showing operator shows the .notdef glyph.
    static let notdef = AuditCheck(["7.21.8-1"]) { ctx in
        for (_, f) in AuditContentScan.run(ctx).fonts.sorted(by: { $0.key < $1.key }) where f.summary.kind != .type3 && f.renderedGlyphs > 0 {
            guard let n = f.firstNotdef else { ctx.checked("7.21.8-1"); continue }
            ctx.fail("7.21.8-1", "Font \(f.summary.baseFont) shows the .notdef glyph \(f.notdef) time(s) (first: code \(n.code)): the font program has no glyph for that code, so readers show a box. Embed a font that contains the glyph, or correct the text.",
                     at: fontLocation(f, page: n.page, bbox: n.bbox), evidence: [.init("font", f.summary.baseFont), .init("code", String(n.code))])
        }
    }
}
