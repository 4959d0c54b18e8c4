import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts

/// Appearances for annotations that have none (PDF 32000-1 §12.7.3.3, §12.5.6.6): a text
/// field's or choice field's value (/V) and a FreeText annotation's /Contents, laid out in
/// the annotation's /Rect with the default appearance string (/DA) as a viewer would, so
/// their text is found. Simple layout: left aligned (centred or right aligned per /Q when
/// the width is known), 2 pt padding, one line per line break of the value.
struct SynthesizedAppearance {
    var content: [UInt8]
    var resources: PDFDictionary

    /// Whether `make` can give an appearance to an annotation of this /Subtype: FreeText and
    /// Widget only (for the others it gives nil without reading anything else).
    static func mayMake(subtype: Name?) -> Bool {
        subtype == "FreeText" || subtype == "Widget"
    }

    /// The appearance of `annot`, or nil when it has no text to show.
    static func make(_ annot: PDFDictionary, rect: Rect, store: ObjectStore, acroForm: PDFDictionary?,
                     fontCache: FontCache) -> SynthesizedAppearance? {
        let subtype = store.name(annot["Subtype"])?.string
        guard let field = fieldText(annot, subtype: subtype, store: store, acroForm: acroForm) else { return nil }
        let (text, isMultiline, quadding, da) = (field.text, field.isMultiline, field.quadding, field.da)
        let daString = da ?? acroForm.flatMap { store.text($0["DA"]) } ?? "/Helv 0 Tf 0 g"

        let appearance = defaultAppearance(daString)
        var fontName = appearance.font, size = appearance.size
        let colour = appearance.colour
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
        if size <= 0 || !size.isFinite {
            // Auto size: fit the height (single line) or 12 pt (multi-line), as viewers do.
            size = isMultiline ? 12 : max(4, min(12, rect.height - 4))
        }
        size = min(size, 1000)

        let latin1 = text.unicodeScalars.allSatisfy { $0.value < 256 }
        let fonts = fontResources(&fontName, latin1: latin1, acroForm: acroForm, store: store)
        var resources = PDFDictionary()
        resources.entries["Font"] = .dictionary(fonts)

        // Widths from the font itself, for alignment.
        let fontObject = fonts.entries[Name(fontName)] ?? .null
        let font: Font? = fontObject.isNull ? nil : fontCache.font(fontObject)
        func width(_ encoded: [UInt8]) -> Double {
            guard let font else { return Double(encoded.count) * size * 0.5 }
            var w = 0.0
            font.forEachCode(in: encoded) { code, n in w += font.glyph(code, byteCount: n).width }
            return w * font.fontMatrix.a * size
        }

        // FreeText has no padding (as MuPDF and Acrobat lay it out); fields have 2 pt.
        let padding = subtype == "FreeText" ? 0.0 : 2.0
        var out = Array("q BT \(colour) /".utf8)
        out += Name(fontName).bytes
        out += Array(" \(fmt(size)) Tf\n".utf8)
        let leading = size * 1.15
        let y = isMultiline || lines.count > 1
            ? rect.height - padding - size * 0.8
            : (rect.height - size) / 2 + size * 0.22
        let shown = lines.prefix(isMultiline || lines.count > 1 ? 1000 : 1)
        var previousX: Double? = nil
        for line in shown {
            let encoded = latin1 ? latin1Bytes(line) : utf16Bytes(line)
            var x = padding
            if quadding != 0 {
                let w = width(encoded)
                x = quadding == 1 ? (rect.width - w) / 2 : rect.width - padding - w
            }
            if let px = previousX {
                out += Array("\(fmt(x - px)) \(fmt(-leading)) TD ".utf8)
            } else {
                out += Array("\(fmt(x)) \(fmt(y)) Td ".utf8)
            }
            previousX = x
            out += hex(encoded)
            out += Array(" Tj\n".utf8)
        }
        out += Array("ET Q".utf8)
        return SynthesizedAppearance(content: out, resources: resources)
    }

    /// What an annotation shows: a FreeText annotation's /Contents, or a text or choice
    /// field's value (attributes inherited from its parents), with whether it is multi-line,
    /// its quadding (/Q) and its default appearance string (/DA).
    struct FieldText { var text: String; var isMultiline: Bool; var quadding: Int; var da: String? }

    /// The text an annotation of `subtype` shows, or nil when it shows none (another kind,
    /// a password field, an empty value).
    static func fieldText(_ annot: PDFDictionary, subtype: String?, store: ObjectStore,
                          acroForm: PDFDictionary?) -> FieldText? {
        var text: String? = nil
        var isMultiline = false
        var quadding = 0
        var da: String? = nil
        if subtype == "FreeText" {
            text = store.text(annot["Contents"])
            da = store.text(annot["DA"])
            isMultiline = true
        } else if subtype == "Widget" {
            // Field attributes may be inherited from the parents.
            var field: PDFDictionary? = annot
            var fieldType: String? = nil
            var flags = 0
            var depth = 0
            var q: Int? = nil
            while let f = field, depth < 32 {
                if fieldType == nil { fieldType = store.name(f["FT"])?.string }
                if text == nil {
                    let v = store.resolve(f["V"])
                    if let s = v.text { text = s } else if let a = v.array, let first = a.first.flatMap({ store.text($0) }) { text = first }
                }
                if da == nil { da = store.text(f["DA"]) }
                if q == nil { q = store.integer(f["Q"]) }
                if f["Ff"] != nil, flags == 0 { flags = store.integer(f["Ff"]) ?? 0 }
                field = store.dictionary(f["Parent"])
                depth += 1
            }
            guard fieldType == "Tx" || fieldType == "Ch" else { return nil }
            if flags & (1 << 13) != 0 { return nil }  // password field: never shown
            isMultiline = flags & (1 << 12) != 0
            quadding = q ?? store.integer(acroForm?["Q"]) ?? 0
        } else {
            return nil
        }
        guard let text, !text.isEmpty else { return nil }
        return FieldText(text: text, isMultiline: isMultiline, quadding: quadding, da: da)
    }

    /// The font name, size and colour operator of a default appearance string (/DA).
    static func defaultAppearance(_ daString: String) -> (font: String, size: Double, colour: String) {
        var fontName = "Helv"
        var size = 0.0
        var colour = "0 g"
        let parts = daString.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).map(String.init)
        for (i, p) in parts.enumerated() {
            if p == "Tf", i >= 2, parts[i - 2].hasPrefix("/") {
                fontName = String(parts[i - 2].dropFirst())
                size = Double(parts[i - 1]) ?? 0
            }
            if ["g", "rg", "k"].contains(p) {
                let n = p == "g" ? 1 : p == "rg" ? 3 : 4
                if i >= n { colour = parts[(i - n)...i].joined(separator: " ") }
            }
        }
        return (fontName, size, colour)
    }

    /// The /Font resources of the appearance: for text beyond Latin-1 a font whose two-byte
    /// codes are the UTF-16 code units, else the /DA font from the form's /DR, else
    /// Helvetica; `fontName` becomes the name the content uses.
    static func fontResources(_ fontName: inout String, latin1: Bool, acroForm: PDFDictionary?,
                              store: ObjectStore) -> PDFDictionary {
        var fonts = PDFDictionary()
        if !latin1 {
            // Text beyond Latin-1: a font whose two-byte codes are the UTF-16 code units.
            fontName = "PDFTextUTF16"
            var descendant = PDFDictionary()
            descendant.entries["Type"] = .name("Font")
            descendant.entries["Subtype"] = .name("CIDFontType2")
            descendant.entries["BaseFont"] = .name("Helvetica")
            descendant.entries["DW"] = .integer(556)
            var f = PDFDictionary()
            f.entries["Type"] = .name("Font")
            f.entries["Subtype"] = .name("Type0")
            f.entries["BaseFont"] = .name("Helvetica")
            f.entries["Encoding"] = .name("Identity-H")
            f.entries[FontCache.utf16CodesKey] = .bool(true)
            f.entries["DescendantFonts"] = .array([.dictionary(descendant)])
            fonts.entries[Name(fontName)] = .dictionary(f)
        } else if let dr = acroForm.flatMap({ store.dictionary($0["DR"]) }), let drFonts = store.dictionary(dr["Font"]),
           let f = drFonts[Name(fontName)] {
            fonts.entries[Name(fontName)] = f
        } else {
            fontName = "Helv"
            var helv = PDFDictionary()
            helv.entries["Type"] = .name("Font")
            helv.entries["Subtype"] = .name("Type1")
            helv.entries["BaseFont"] = .name("Helvetica")
            helv.entries["Encoding"] = .name("WinAnsiEncoding")
            fonts.entries["Helv"] = .dictionary(helv)
        }
        return fonts
    }

    /// The text's Latin-1 bytes (a character outside Latin-1 becomes `?`).
    static func latin1Bytes(_ s: Substring) -> [UInt8] {
        s.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// The text's UTF-16BE code units as bytes.
    static func utf16Bytes(_ s: Substring) -> [UInt8] {
        s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// A PDF hex string.
    static func hex(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "<")]
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        out.append(UInt8(ascii: ">"))
        return out
    }

    static func fmt(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e12 ? String(Int64(r)) : String(r)
    }
}
