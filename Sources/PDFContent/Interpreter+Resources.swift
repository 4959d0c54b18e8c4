import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFFonts

// The interpreter's resources: named resources (inherited ones too), fonts, extended
// graphics states and marked-content properties.

extension ContentInterpreter {
    /// A resource by category and name: from `resources`, else from `fallbackResources`
    /// (the page tree's inherited /Resources, which viewers consult when a page's own
    /// dictionary lacks the name).
    func resourceEntry(_ category: Name, _ name: Name, in resources: PDFDictionary?) -> PDFObject? {
        if let e = store.dictionary(resources?[category])?[name] { return e }
        guard let fallback = fallbackResources, let e = store.dictionary(fallback[category])?[name] else { return nil }
        diagnostics.note(.resourceMissing, "\(category.string) \(name) taken from an ancestor's /Resources")
        return e
    }

    /// What `font` says about a code, through `glyphInfos` for fonts without a table.
    @inline(__always)
    func glyphInfo(_ font: Font, _ code: UInt32, byteCount: Int) -> GlyphInfo {
        if let info = font.tableGlyphInfo(code) { return info }
        return cachedGlyphInfo(font, code, byteCount: byteCount)
    }

    /// `glyphInfo(_:_:byteCount:)` for a font without a table of its own (kept out of line:
    /// inlined, it made the glyph loop of every font larger).
    @inline(never)
    func cachedGlyphInfo(_ font: Font, _ code: UInt32, byteCount: Int) -> GlyphInfo {
        let id = UInt(bitPattern: ObjectIdentifier(font))
        if glyphInfos.isEmpty {
            glyphInfos = [CachedGlyphInfo](repeating: CachedGlyphInfo(), count: InterpreterKeys.glyphInfoSlots)
        }
        var h = UInt64(truncatingIfNeeded: id >> 4) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(code) | UInt64(truncatingIfNeeded: byteCount) << 32
        h = h &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: h >> 40) & (InterpreterKeys.glyphInfoSlots - 1)
        let cached = glyphInfos[slot]
        if cached.font == id && cached.code == code && cached.byteCount == byteCount { return cached.info }
        let info = font.glyphInfo(code, byteCount: byteCount)
        if glyphInfoFonts.last !== font && !glyphInfoFonts.contains(where: { $0 === font }) {
            guard glyphInfoFonts.count < InterpreterKeys.maxCachedFonts else { return info }
            glyphInfoFonts.append(font)
        }
        glyphInfos[slot] = CachedGlyphInfo(font: id, code: code, byteCount: byteCount, info: info)
        return info
    }

    func font(named name: Name, resources: PDFDictionary?) -> Font? {
        for known in namedFonts where known.run == streamRun && known.name == name { return known.font }
        let own = store.dictionary(resources?[InterpreterKeys.font])?[name]
        guard let entry = own ?? resourceEntry(InterpreterKeys.font, name, in: resources) else {
            diagnostics.note(.resourceMissing, "font \(name) not in the resources; a fallback font is used")
            return fallbackFont
        }
        let font: Font
        if entry.reference != nil {
            font = fonts.font(entry)
        } else {
            guard let d = store.dictionary(entry) else { return fallbackFont }
            if let f = directFonts[d] {
                font = f
            } else {
                font = fonts.font(.dictionary(d))
                if directFonts.count < 256 { directFonts[d] = font }
            }
        }
        if own != nil {
            if namedFonts.count >= InterpreterKeys.maxNamedFonts { namedFonts.removeAll(keepingCapacity: true) }
            namedFonts.append((streamRun, name, font))
        }
        return font
    }

    func applyExtGState(_ name: Name, resources: PDFDictionary?) {
        guard let d = store.dictionary(resourceEntry("ExtGState", name, in: resources)) else {
            diagnostics.note(.resourceMissing, "ExtGState \(name) not in the resources")
            return
        }
        if let f = store.array(d["Font"]), f.count >= 2 {
            gs.font = fonts.font(f[0])
            gs.fontSize = store.number(f[1]) ?? gs.fontSize
        }
        if let ca = store.number(d["ca"]) { gs.fillAlpha = Float(min(max(ca, 0), 1)) }
        if let ca = store.number(d["CA"]) { gs.strokeAlpha = Float(min(max(ca, 0), 1)) }
        if let lw = store.number(d["LW"]) { gs.lineWidth = lw }
    }

    /// A BDC's properties (`entry`: the inline dictionary, or the resource `name` stands
    /// for), values resolved.
    func properties(_ entry: PDFObject?, name: Name?) -> PDFDictionary? {
        let d = store.dictionary(entry)
        if d == nil, let name { diagnostics.note(.resourceMissing, "marked-content properties \(name) not in the resources") }
        guard var dict = d else { return nil }
        for (k, v) in dict.entries where v.reference != nil {
            if k == "OC" || k == "OCGs" { continue }  // optional content groups stay references
            dict[k] = store.resolve(v)
        }
        return dict
    }
}
