/// Glyph names that TeX's Computer Modern and Latin Modern fonts (OML, OMS and OT1
/// encodings) and a few other producers (`square`, `triangle` in Type 3 fonts) use and that
/// the Adobe Glyph List lacks. Written by hand from those fonts' encoding vectors;
/// consulted after the Adobe Glyph List and the generated TeX glyph list
/// (Generated/TeXGlyphListData.swift), and the result is marked `.derived`
/// (UnicodeSource `.glyphName`).
enum TeXGlyphNames {
    static let table: [String: Unicode.Scalar] = [
        "epsilon1": "\u{03F5}", "theta1": "\u{03D1}", "phi1": "\u{03D5}", "omega1": "\u{03D6}",
        "rho1": "\u{03F1}", "pi1": "\u{03D6}",
        "sigma1": "\u{03C2}", "dotlessj": "\u{0237}", "visiblespace": "\u{2423}",
        "angbracketleft": "\u{27E8}", "angbracketright": "\u{27E9}", "vector": "\u{20D7}",
        "negationslash": "\u{0338}", "lscript": "\u{2113}", "turnstileleft": "\u{22A2}",
        "turnstileright": "\u{22A3}", "latticetop": "\u{22A4}", "mapsto": "\u{21A6}",
        "arrowhookleft": "\u{21AA}", "arrowhookright": "\u{21A9}", "tie": "\u{2040}",
        "cwm": "\u{200C}", "square": "\u{25A1}", "owner": "\u{220B}", "unionsq": "\u{2294}",
        "intersectionsq": "\u{2293}", "follows": "\u{227B}", "precedes": "\u{227A}",
        "followsequal": "\u{2AB0}", "precedesequal": "\u{2AAF}", "similarequal": "\u{2243}",
        "lessmuch": "\u{226A}", "greatermuch": "\u{226B}", "triangleinv": "\u{25BD}", "triangle": "\u{25B3}",
        "ceilingleft": "\u{2308}", "ceilingright": "\u{2309}", "floorleft": "\u{230A}",
        "floorright": "\u{230B}", "bardbl": "\u{2225}", "backslash": "\u{005C}",
        "arrowbothv": "\u{2195}", "arrowdblbothv": "\u{21D5}", "arrownortheast": "\u{2197}",
        "arrowsoutheast": "\u{2198}", "arrownorthwest": "\u{2196}", "arrowsouthwest": "\u{2199}",
        "harpoonleftbarbup": "\u{21BC}", "harpoonrightbarbup": "\u{21C0}",
        "harpoonleftbarbdown": "\u{21BD}", "harpoonrightbarbdown": "\u{21C1}",
        "slurbelow": "\u{2323}", "slurabove": "\u{2322}", "star": "\u{22C6}",
        "diamondmath": "\u{22C4}", "circlemultiply": "\u{2297}", "circleplus": "\u{2295}",
        "circleminus": "\u{2296}", "circledivide": "\u{2298}", "circledot": "\u{2299}",
        "circlecopyrt": "\u{20DD}", "openbullet": "\u{25E6}", "equivasymptotic": "\u{224D}",
        "reflexsubset": "\u{2286}", "reflexsuperset": "\u{2287}", "element": "\u{2208}",
        "minusplus": "\u{2213}", "logicalor": "\u{2228}", "logicaland": "\u{2227}",
        "dagger": "\u{2020}", "daggerdbl": "\u{2021}", "section": "\u{00A7}", "paragraph": "\u{00B6}",
        "ff": "\u{FB00}", "ffi": "\u{FB03}", "ffl": "\u{FB04}", "prime": "\u{2032}",
    ]

    /// The pieces of TeX's math extension font (OMX): a delimiter or operator name with a
    /// size suffix (`parenleftbigg`, `integraltext`, `summationdisplay`).
    static let sized: [String: Unicode.Scalar] = [
        "parenleft": "(", "parenright": ")", "bracketleft": "[", "bracketright": "]",
        "braceleft": "{", "braceright": "}", "floorleft": "\u{230A}", "floorright": "\u{230B}",
        "ceilingleft": "\u{2308}", "ceilingright": "\u{2309}", "angbracketleft": "\u{27E8}",
        "angbracketright": "\u{27E9}", "slash": "/", "backslash": "\\", "radical": "\u{221A}",
        "integral": "\u{222B}", "contintegral": "\u{222E}", "summation": "\u{2211}",
        "product": "\u{220F}", "coproduct": "\u{2210}", "union": "\u{22C3}",
        "intersection": "\u{22C2}", "unionmulti": "\u{2A04}", "unionsq": "\u{2A06}",
        "logicaland": "\u{22C0}", "logicalor": "\u{22C1}", "circledot": "\u{2A00}",
        "circleplus": "\u{2A01}", "circlemultiply": "\u{2A02}", "bar": "|", "bardbl": "\u{2225}",
    ]

    static func lookup(_ name: String) -> Unicode.Scalar? {
        if let s = table[name] { return s }
        for suffix in ["bigg", "Bigg", "big", "Big", "text", "display"] where name.hasSuffix(suffix) {
            if let s = sized[String(name.dropLast(suffix.count))] { return s }
        }
        return nil
    }
}
