// The standard 14 fonts: metrics and name lookup. Tables: Generated/StandardFontData.swift
// (from the metric-compatible URW base35 AFM files).

/// Metrics of one of the 14 standard Type 1 fonts (PDF 32000-1 §9.6.2.2).
package struct StandardFontMetrics: Sendable {
    /// The canonical name: `Helvetica-BoldOblique`, `Times-Roman`, `Symbol`, …
    package var name: String
    /// `Helvetica`, `Times`, `Courier`, `Symbol`, `ZapfDingbats`.
    package var family: String
    /// Font descriptor flags as a PDF writer would give them.
    package var flags: UInt32
    package var ascent: Double
    package var descent: Double
    package var capHeight: Double
    package var xHeight: Double
    package var italicAngle: Double
    package var bbox: (Double, Double, Double, Double)
    package var isFixedPitch: Bool
    package var isBold: Bool
    package var isItalic: Bool
    /// StandardEncoding for the Latin fonts; the font's own for Symbol and ZapfDingbats.
    package var builtinEncoding: BaseEncoding

    /// Index into `StandardFontData.fonts` / `.widths`.
    private let index: Int

    /// Ascender and Descender of Adobe's AFMs for the standard 14 (font units).
    static let adobeVerticalMetrics: [String: (ascent: Double, descent: Double)] = [
        "Helvetica": (718, -207), "Helvetica-Bold": (718, -207), "Helvetica-Oblique": (718, -207),
        "Helvetica-BoldOblique": (718, -207), "Courier": (629, -157), "Courier-Bold": (629, -157),
        "Courier-Oblique": (629, -157), "Courier-BoldOblique": (629, -157), "Times-Roman": (683, -217),
        "Times-Bold": (676, -205), "Times-Italic": (683, -205), "Times-BoldItalic": (683, -205),
        "Symbol": (1010, -293), "ZapfDingbats": (820, -143),
    ]

    /// The 14 fonts: Helvetica (4), Times (4), Courier (4), Symbol, ZapfDingbats.
    package static let all: [StandardFontMetrics] = StandardFontData.fonts.indices.map {
        StandardFontMetrics(index: $0)
    }

    private init(index: Int) {
        let r = StandardFontData.fonts[index]
        self.index = index
        name = r.name
        family = r.family
        flags = r.flags
        // The widths come from the URW clones; the vertical metrics are the ones Adobe's
        // core-font AFMs give (Ascender/Descender), which viewers and pdftotext use for text
        // boxes, so boxes agree with theirs. Symbol and ZapfDingbats have none: their bbox.
        if let v = Self.adobeVerticalMetrics[r.name] {
            ascent = v.ascent; descent = v.descent
        } else {
            ascent = Double(r.ascent)
            descent = Double(r.descent)
        }
        capHeight = Double(r.capHeight)
        xHeight = Double(r.xHeight)
        italicAngle = r.italicAngle
        bbox = (Double(r.bbox.0), Double(r.bbox.1), Double(r.bbox.2), Double(r.bbox.3))
        isFixedPitch = r.isFixedPitch
        isBold = r.isBold
        isItalic = r.isItalic
        builtinEncoding = r.glyphSet == 1 ? .symbol : r.glyphSet == 2 ? .zapfDingbats : .standard
    }

    /// The standard font a /BaseFont names: exact names, subset prefixes (`ABCDEF+`),
    /// style suffixes (`,Bold`, `-BoldItalic`), and the usual aliases (Arial → Helvetica,
    /// TimesNewRoman → Times, CourierNew → Courier, …).
    ///
    /// Spaces, commas and hyphens are ignored and case does not matter: the name must be a
    /// known family (`Helvetica`, `Arial`, `Times`, `TimesRoman`, `TimesNewRoman`,
    /// `Courier`, `CourierNew`, `Symbol`, `ZapfDingbats`, `Dingbats`) followed only by the
    /// style words `Bold`, `Italic`, `Oblique`, `Regular`, `Roman`, `Normal`, `PS`, `MT`.
    /// Anything else (`Arial Narrow`, `Helvetica Neue`, `Times-Light`) is not a standard font.
    /// Symbol and ZapfDingbats ignore bold and italic.
    package static func lookup(_ baseFont: String) -> StandardFontMetrics? {
        var bytes = Array(baseFont.utf8)
        guard bytes.count <= 256 else { return nil }
        if bytes.count > 7, bytes[6] == UInt8(ascii: "+"),
            bytes[..<6].allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
        {
            bytes.removeFirst(7)
        }
        if let exact = Lookup.byName[String(decoding: bytes, as: UTF8.self)] {
            return all[exact]
        }
        let key: [UInt8] = bytes.compactMap { b in
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "-"): return nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return b + 32
            default: return b
            }
        }
        for (family, prefix) in Lookup.familyPrefixes where key.starts(with: prefix.utf8) {
            guard let (bold, italic) = styleWords(key[prefix.utf8.count...]) else { return nil }
            return all.first { m in
                m.family == family
                    && (m.family == "Symbol" || m.family == "ZapfDingbats"
                        || (m.isBold == bold && m.isItalic == italic))
            }
        }
        return nil
    }

    /// Bold and italic from a run of style words, nil when something else is there.
    private static func styleWords(_ rest: ArraySlice<UInt8>) -> (bold: Bool, italic: Bool)? {
        var rest = rest
        var bold = false, italic = false
        outer: while !rest.isEmpty {
            for word in Lookup.styleWords where rest.starts(with: word.utf8) {
                if word == "bold" { bold = true }
                if word == "italic" || word == "oblique" { italic = true }
                rest = rest.dropFirst(word.utf8.count)
                continue outer
            }
            return nil
        }
        return (bold, italic)
    }

    /// The advance width of a glyph, in 1/1000 em.
    package func width(ofGlyph name: String) -> Double? {
        let r = StandardFontData.fonts[index]
        guard let i = Lookup.glyphIndex[r.glyphSet][name] else { return nil }
        let widths = StandardFontData.widths[index]
        return i < widths.count ? Double(widths[i]) : nil
    }

    /// The glyph names this font has metrics for (its glyph set, in AFM order).
    package var glyphNames: [String] {
        Lookup.glyphNames[StandardFontData.fonts[index].glyphSet]
    }

    /// Tables built once per process, each on its own first use (`static let` is thread-safe):
    /// finding a font by name does not build the glyph sets' 1,250 names and their index.
    private enum Lookup {
        /// Family prefixes of normalised names (lowercase, no spaces, commas or hyphens),
        /// longest first so that `timesnewroman` wins over `times`.
        static let familyPrefixes: [(family: String, prefix: String)] = [
            ("ZapfDingbats", "itczapfdingbats"), ("Times", "timesnewroman"),
            ("ZapfDingbats", "zapfdingbats"), ("Courier", "couriernew"), ("Times", "timesroman"),
            ("Helvetica", "helvetica"), ("ZapfDingbats", "dingbats"), ("Courier", "courier"),
            ("Symbol", "symbol"), ("Helvetica", "arial"), ("Times", "times"),
        ]
        static let styleWords = ["oblique", "regular", "italic", "normal", "roman", "bold", "mt", "ps"]

        static let byName: [String: Int] = {
            var byName: [String: Int] = [:]
            for (i, r) in StandardFontData.fonts.enumerated() { byName[r.name] = i }
            return byName
        }()
        static let glyphNames: [[String]] = [
            StandardFontData.latinGlyphNames, StandardFontData.symbolGlyphNames,
            StandardFontData.dingbatsGlyphNames,
        ].map { $0.split(separator: " ").map(String.init) }
        static let glyphIndex: [[String: Int]] = glyphNames.map { names in
            var index: [String: Int] = [:]
            index.reserveCapacity(names.count)
            for (i, n) in names.enumerated() where index[n] == nil { index[n] = i }
            return index
        }
    }
}

/// One row of the generated metrics table.
struct StandardFontRecord: Sendable {
    var name: String
    var family: String
    /// The URW font the metrics come from.
    var source: String
    var flags: UInt32
    var ascent: Int
    var descent: Int
    var capHeight: Int
    var xHeight: Int
    var italicAngle: Double
    var bbox: (Int, Int, Int, Int)
    var isFixedPitch: Bool
    var isBold: Bool
    var isItalic: Bool
    /// 0: Latin (`latinGlyphNames`), 1: Symbol, 2: ZapfDingbats.
    var glyphSet: Int
}
