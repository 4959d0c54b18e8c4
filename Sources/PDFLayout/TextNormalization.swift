import CPDFUnicode

/// Character-level normalisation for layout: ligature glyphs and presentation forms taken
/// back to the letters they stand for, so words, search and bidi see ordinary text.
///
/// Both functions run on every character of every page: anything outside U+FB00–U+FEFF is
/// answered by one comparison, and the block's answers are computed once, through ICU's
/// NFKC, on first use.
package enum TextNormalization {
    /// The letters of a Latin or Armenian ligature (U+FB00–FB06, U+FB13–FB17), or nil for
    /// any other scalar. U+FB05 gives long s and t ("ſt"), its decomposition, not "st":
    /// folding ſ to s is a search concern, not a layout one.
    package static func expandLigature(_ s: Unicode.Scalar) -> [Unicode.Scalar]? {
        let v = s.value
        guard v >= 0xFB00 && v <= 0xFB17 else { return nil }
        return ligatures[Int(v - 0xFB00)]
    }

    /// The letters behind a Hebrew (U+FB1D–FB4F) or Arabic (U+FB50–FDFF, U+FE70–FEFF)
    /// presentation form: its NFKC form ("ﻻ" → "لا", "ﭏ" → "אל", "שּׁ" → shin, dagesh, shin
    /// dot). Nil for every other scalar and for the block's characters NFKC leaves alone
    /// (ornate parentheses, noncharacters, unassigned code points).
    ///
    /// The spacing forms of Arabic marks (U+FC5E–FC63, U+FE70–FE7F) decompose to a space and
    /// the mark; the space is dropped, so the mark joins the letter it was drawn with.
    package static func basePresentationForm(_ s: Unicode.Scalar) -> [Unicode.Scalar]? {
        let v = s.value
        guard v >= 0xFB1D && v <= 0xFEFF else { return nil }
        guard v <= 0xFDFF || v >= 0xFE70 else { return nil }
        return presentationForms[Int(v - 0xFB1D)]
    }

    /// The combining mark for a spacing accent drawn as a glyph of its own (¨ → U+0308,
    /// ´ → U+0301, ` → U+0300, ˆ → U+0302, ˜ → U+0303, ¯ → U+0304, ˘ → U+0306, ˇ → U+030C,
    /// ˚ → U+030A, ¸ → U+0327, ˛ → U+0328, ˙ → U+0307, ˝ → U+030B), or nil.
    package static func combiningAccent(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        switch s.value {
        case 0x00A8: return "\u{0308}"
        case 0x00B4, 0x02CA: return "\u{0301}"
        case 0x0060, 0x02CB: return "\u{0300}"
        case 0x02C6: return "\u{0302}"
        case 0x02DC: return "\u{0303}"
        case 0x00AF, 0x02C9: return "\u{0304}"
        case 0x02D8: return "\u{0306}"
        case 0x02C7: return "\u{030C}"
        case 0x02DA: return "\u{030A}"
        case 0x00B8: return "\u{0327}"
        case 0x02DB: return "\u{0328}"
        case 0x02D9: return "\u{0307}"
        case 0x02DD: return "\u{030B}"
        default: return nil
        }
    }

    /// NFC (canonical composition) of a short run of scalars, through ICU; the input
    /// unchanged when ICU fails. Used on a letter and the accents composed with it.
    package static func composed(_ scalars: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var input: [UInt16] = []
        input.reserveCapacity(scalars.count * 2)
        for s in scalars { input.append(contentsOf: UTF16.encode(s)!) }
        var output = [UInt16](repeating: 0, count: input.count + 16)
        var n: Int32 = 0
        let status = input.withUnsafeBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                pdfu_nfc(inp.baseAddress, Int32(inp.count), out.baseAddress, Int32(out.count), &n)
            }
        }
        guard status == Int32(PDFU_OK), n > 0, Int(n) <= output.count else { return Array(scalars) }
        return Array(String(decoding: output[0..<Int(n)], as: UTF16.self).unicodeScalars)
    }

    // MARK: Tables

    /// U+FB00–FB17; the ligatures' letters, nil between them.
    static let ligatures: [[Unicode.Scalar]?] = {
        var t = [[Unicode.Scalar]?](repeating: nil, count: 0x18)
        let latin: [[Unicode.Scalar]] = [
            ["f", "f"], ["f", "i"], ["f", "l"], ["f", "f", "i"], ["f", "f", "l"], ["\u{017F}", "t"], ["s", "t"],
        ]
        for (i, letters) in latin.enumerated() { t[i] = letters }
        // Armenian men-now, men-ech, men-ini, vew-now, men-xeh.
        let armenian: [[Unicode.Scalar]] = [
            ["\u{0574}", "\u{0576}"], ["\u{0574}", "\u{0565}"], ["\u{0574}", "\u{056B}"],
            ["\u{057E}", "\u{0576}"], ["\u{0574}", "\u{056D}"],
        ]
        for (i, letters) in armenian.enumerated() { t[0x13 + i] = letters }
        return t
    }()

    /// U+FB1D–FEFF through NFKC; nil where NFKC changes nothing, and for U+FE00–FE6F
    /// (variation selectors, vertical and small forms: not presentation forms of a script).
    static let presentationForms: [[Unicode.Scalar]?] = {
        var t = [[Unicode.Scalar]?](repeating: nil, count: 0xFEFF - 0xFB1D + 1)
        for v in UInt32(0xFB1D)...0xFEFF where v <= 0xFDFF || v >= 0xFE70 {
            guard let out = nfkc(UInt16(v)), out != [Unicode.Scalar(v)!] else { continue }
            var letters = out
            if letters.count > 1, letters[0] == " ", letters.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) {
                letters.removeFirst()
            }
            t[Int(v - 0xFB1D)] = letters
        }
        return t
    }()

    /// NFKC of one BMP code unit through ICU, nil when ICU fails.
    static func nfkc(_ unit: UInt16) -> [Unicode.Scalar]? {
        var input = unit
        var output = [UInt16](repeating: 0, count: 64)
        var n: Int32 = 0
        let status = output.withUnsafeMutableBufferPointer { out in
            pdfu_nfkc(&input, 1, out.baseAddress, Int32(out.count), &n)
        }
        guard status == Int32(PDFU_OK), n > 0, Int(n) <= output.count else { return nil }
        return Array(String(decoding: output[0..<Int(n)], as: UTF16.self).unicodeScalars)
    }
}
