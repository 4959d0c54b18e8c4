import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs

extension FontLoader {
    /// Type 1, MMType1, TrueType and Type 3 fonts: one byte per code.
    mutating func loadSimple(_ dict: PDFDictionary, objectNumber: Int?, kind: FontKind) -> Font {
        var d = readDescriptor(dict, kind: kind, objectNumber: objectNumber)
        let standard = d.isEmbedded || kind == .type3 ? nil : StandardFontMetrics.lookup(d.baseFont)
        if kind == .type3, d.baseFont.isEmpty, let n = store.name(dict["Name"])?.string { d.baseFont = n }
        let program = d.program
        let toUnicode = toUnicode(dict, objectNumber: objectNumber)
        let isDingbats = standard?.builtinEncoding == .zapfDingbats
            || FontNames.contains(FontNames.stripSubsetPrefix(d.baseFont).lowercased(), "dingbats")

        // Symbolic or not: the descriptor's flags, else the standard font's, else the name.
        let symbolic: Bool = {
            if d.hasFlags { return d.isSymbolic && !d.isNonSymbolic }
            if let s = standard { return s.builtinEncoding == .symbol || s.builtinEncoding == .zapfDingbats }
            return false
        }()

        // Where base names come from when no /BaseEncoding is given (read from the program once).
        let builtin: [String?]? = program?.builtinEncoding
        let names = encodingNames(dict, baseFont: d.baseFont, kind: kind, builtin: builtin, standard: standard,
                                  symbolic: symbolic, objectNumber: objectNumber)

        // Widths. A font with neither /Widths, standard metrics nor a program is shown with a
        // substitute (as MuPDF and Acrobat do): Courier when fixed-pitch, Helvetica when the
        // descriptor says sans serif, else Times; its metrics give the widths.
        let metrics: StandardFontMetrics? = standard ?? (program == nil && kind != .type3
            ? Self.substituteMetrics(d, name: FontNames.stripSubsetPrefix(d.baseFont)) : nil)
        let firstChar = store.integer(dict["FirstChar"]) ?? 0
        let widthsArray = store.array(dict["Widths"])
        var widths = [Double?](repeating: nil, count: 256)
        if let widthsArray {
            for (i, w) in widthsArray.enumerated() {
                let (c, overflow) = firstChar.addingReportingOverflow(i)  // /FirstChar near Int.max
                guard !overflow, c >= 0, c < 256 else { continue }
                if let v = store.number(w), v.isFinite { widths[c] = v }
            }
        }

        var table: [FontGlyph] = []
        table.reserveCapacity(256)
        for c in 0..<256 {
            let code = UInt32(c)
            let name = names[c]
            var gid = PositionedGlyph.unknownGlyphID
            if let program {
                gid = Self.simpleGlyphID(program: program, kind: kind, code: code, name: name, symbolic: symbolic) ?? gid
            }
            let (unicode, source) = Self.simpleUnicode(code, name: name, glyph: gid, kind: kind, program: program,
                                                       toUnicode: toUnicode, dingbats: isDingbats,
                                                       hasBuiltinEncoding: builtin != nil)
            let width = Self.simpleWidth(c, name: name, glyph: gid, widths: widths, hasWidths: widthsArray != nil,
                                         metrics: metrics, program: program, descriptor: d, kind: kind)
            table.append(FontGlyph(unicode: unicode, source: source, width: width, glyphID: gid))
        }

        // Geometry.
        var fontMatrix = Font.standardMatrix
        var type3: Type3Procedures? = nil
        var ascent = d.ascent ?? standard?.ascent ?? program?.ascender ?? 800
        var descent = d.descent ?? standard?.descent ?? program?.descender ?? -200
        if kind == .type3 {
            let g = type3Geometry(dict, names: names)
            fontMatrix = g.matrix; type3 = g.procedures; ascent = g.ascent; descent = g.descent
        }
        if ascent <= descent { ascent = 800; descent = -200 }

        let summary = summary(d, kind: kind, standard: standard, objectNumber: objectNumber)
        var decoder: any FontDecoder = SimpleFontDecoder(table: table)
        if kind == .trueType, !d.isEmbedded, toUnicode == nil, dict["ToUnicode"] == nil,
           let rawName = store.name(dict["BaseFont"])?.bytes, ChineseSimpleFont.isChineseName(rawName),
           let gbk = PredefinedCMaps.cmap(named: "GBK-EUC-H"),
           let gb1 = PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: "GB1") {
            // A non-embedded Chinese TrueType font declared as a simple font: its strings
            // are GBK (code page 936), whatever /Encoding says, as Chinese office software
            // writes them and viewers read them.
            diagnostics.append(.fontDamaged, .info, "font \(summary.name): a Chinese font without embedding or ToUnicode; strings read as GBK", objectNumber: objectNumber)
            decoder = ChineseSimpleFont(simple: SimpleFontDecoder(table: table), cmap: gbk, collection: gb1)
        }
        return Font(summary: summary, writingMode: 0, fontMatrix: fontMatrix, ascent: ascent, descent: descent,
                    type3: type3, diagnostics: diagnostics, decoder: decoder,
                    toUnicodeMap: toUnicode, program: program, encodingNames: names)
    }

    /// The glyph name of each code: the /Encoding's base encoding (or the program's built-in
    /// encoding, the standard font's, WinAnsi or Standard, as the font kind and symbolic flag
    /// say) overridden by its /Differences.
    mutating func encodingNames(_ dict: PDFDictionary, baseFont: String, kind: FontKind, builtin: [String?]?,
                                standard: StandardFontMetrics?, symbolic: Bool, objectNumber: Int?) -> [String?] {
        var names = [String?](repeating: nil, count: 256)
        var differences = [String?](repeating: nil, count: 256)
        var base: BaseEncoding? = nil
        let encObj = store.resolve(dict["Encoding"])
        if let n = encObj.name {
            base = BaseEncoding(pdfName: n.string)
            if base == nil {
                diagnostics.append(.fontDamaged, .info, "font \(baseFont): /Encoding /\(n.string) unknown", objectNumber: objectNumber)
            }
        } else if let ed = encObj.dictionary {
            if let bn = store.name(ed["BaseEncoding"]) { base = BaseEncoding(pdfName: bn.string) }
            if let diffs = store.array(ed["Differences"]) {
                var code = 0
                for item in diffs {
                    let r = store.resolve(item)
                    if let n = r.integer {
                        code = n
                    } else if let n = r.name {
                        if code >= 0, code < 256 { differences[code] = n.string }
                        if code < 256 { code += 1 }  // a /Differences code near Int.max must not overflow
                    }
                }
            }
        }
        for c in 0..<256 {
            var name: String? = nil
            if let base {
                name = base.glyphName(UInt8(c))
                // PDF 32000-1 Annex D, note 3: unused WinAnsi codes above 0x20 show a bullet.
                if name == nil, base == .winAnsi, c > 0x20 { name = "bullet" }
            } else if kind == .type3 {
                name = nil
            } else if let builtin, kind != .trueType, c < builtin.count, builtin[c] != nil {
                name = builtin[c]
            } else if let standard {
                name = standard.builtinEncoding.glyphName(UInt8(c))
            } else if kind == .trueType {
                name = symbolic ? nil : BaseEncoding.winAnsi.glyphName(UInt8(c))
            } else if !symbolic || builtin == nil {
                name = BaseEncoding.standard.glyphName(UInt8(c))
            }
            if let diff = differences[c] { name = diff }
            names[c] = name
        }
        return names
    }

    /// The text of a code of a simple font and where it came from: the ToUnicode map (a
    /// private-use entry yielding to a standard glyph name), the glyph name, a numeric glyph
    /// name (`g3`, `cid12`, `uni0041`, `a28`), the program's own names and cmap, else Latin-1.
    static func simpleUnicode(_ code: UInt32, name: String?, glyph gid: UInt32, kind: FontKind, program: FontProgram?,
                              toUnicode: ToUnicodeMap?, dingbats: Bool,
                              hasBuiltinEncoding: Bool) -> ([Unicode.Scalar], UnicodeSource) {
        let c = Int(code)
        var unicode: [Unicode.Scalar] = []
        var source = UnicodeSource.none
        if let u = Self.usable(toUnicode?.unicode(for: code, length: 1)) {
            unicode = u; source = .toUnicode
            // A ToUnicode entry only in the private use area yields to a glyph name with
            // a standard character: pdfTeX's glyphtounicode.tex writes the AGL's Apple
            // codes (U+F8E5–F8FE) for the pieces of big delimiters (bracelefttp).
            if u.allSatisfy(\.isPrivateUse), let name, let r = GlyphList.resolve(name, zapfDingbats: dingbats),
               !r.scalars.contains(where: \.isPrivateUse) {
                unicode = r.scalars; source = .glyphName
            }
        } else if let name, let r = GlyphList.resolve(name, zapfDingbats: dingbats) {
            switch r {
            case .standard(let s): unicode = s; source = .encoding
            case .derived(let s): unicode = s; source = .glyphName
            }
        } else if let name, let n = GlyphList.numericForm(name) {
            switch n {
            case .glyphID(let g) where kind == .trueType || program?.hasGlyphNames == false:
                // Glyph numbers mean something only where glyphs have no names (TrueType):
                // a Type 1 or CFF subset's `g3` is a name, and its index is not the
                // original font's glyph 3.
                if let program, g >= 0, let u = program.unicode(forGlyph: UInt32(g)) { unicode = u; source = .fontProgram }
                else if let program, g >= 0, let gn = program.glyphName(UInt32(g)), let r = GlyphList.resolve(gn) {
                    unicode = r.scalars; source = .fontProgram
                }
            case .cid(let cid):
                if let program, cid >= 0, let g = program.glyphID(forCID: UInt32(cid)), let u = program.unicode(forGlyph: g) {
                    unicode = u; source = .fontProgram
                }
            case .code(let v):
                if v >= 32, v < 0x110000, let s = Unicode.Scalar(UInt32(v)), v != 127 {
                    unicode = [s]; source = .guessed
                } else if kind == .type3, v >= 0, v < 32, let u = Self.texCorkControlRange[v] {
                    // pdfTeX's bitmap (PK) fonts name glyphs by code (`/a28`); bitmap
                    // fonts mostly come from the T1 (Cork) encoding when no Type 1 version
                    // is installed, whose codes below 32 are accents, quotes, dashes and
                    // the f-ligatures. A guess, marked so.
                    unicode = u; source = .guessed
                }
            case .glyphID:
                break
            }
        }
        if source == .none, let program, gid != PositionedGlyph.unknownGlyphID {
            if let gn = program.glyphName(gid), gn != ".notdef", let r = GlyphList.resolve(gn, zapfDingbats: dingbats) {
                unicode = r.scalars; source = .fontProgram
            } else if let u = program.unicode(forGlyph: gid) {
                unicode = u; source = .fontProgram
            }
        }
        // (Not for a Type 1 or CFF program whose own encoding leaves the code empty: it
        // paints .notdef there, which is no character.)
        if source == .none, name == nil || kind == .type3, c >= 32, c != 127,
           kind == .type3 || !hasBuiltinEncoding || kind == .trueType {
            // Nothing says what the code means: read it as Latin-1.
            if let s = Unicode.Scalar(code), !(0x80..<0xA0).contains(c) { unicode = [s]; source = .guessed }
        }
        return (unicode, source)
    }

    /// The width of code `c` (glyph space): /Widths (else /MissingWidth when there are
    /// widths), the standard or substitute metrics, the program's advance, else a default.
    static func simpleWidth(_ c: Int, name: String?, glyph gid: UInt32, widths: [Double?], hasWidths: Bool,
                            metrics: StandardFontMetrics?, program: FontProgram?, descriptor: Descriptor,
                            kind: FontKind) -> Double {
        var width: Double
        if let w = widths[c] {
            width = w
        } else if hasWidths {
            width = descriptor.missingWidth
        } else if let metrics, let name, let w = metrics.width(ofGlyph: name) {
            width = w
        } else if let metrics, let alt = metrics.builtinEncoding.glyphName(UInt8(c)),
                  let w = metrics.width(ofGlyph: alt) {
            // A name the standard font lacks (.notdef over code 32): the width of the
            // glyph its built-in encoding has there, as the substituted font would show.
            width = w
        } else if let program, gid != PositionedGlyph.unknownGlyphID, let w = program.advanceWidth(gid) {
            width = w
        } else {
            width = descriptor.missingWidth != 0 ? descriptor.missingWidth : (kind == .type3 ? 0 : 500)
        }
        return width
    }

    /// A Type 3 font's matrix, glyph procedures and ascent and descent (from its bbox when
    /// sane, else 0.8 and -0.2 em).
    func type3Geometry(_ dict: PDFDictionary, names: [String?])
        -> (matrix: Matrix, procedures: Type3Procedures, ascent: Double, descent: Double) {
        var fontMatrix = Font.standardMatrix
        var ascent: Double, descent: Double
        if let m = store.array(dict["FontMatrix"]), m.count == 6 {
            let v = m.map { store.number($0) ?? 0 }
            if v.allSatisfy({ $0.isFinite }) {
                fontMatrix = Matrix(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
            }
        }
        var bbox = Rect(x0: 0, y0: 0, x1: 0, y1: 0)
        if let b = store.array(dict["FontBBox"]), b.count == 4 {
            let v = b.map { store.number($0) ?? 0 }
            bbox = Rect(x0: min(v[0], v[2]), y0: min(v[1], v[3]), x1: max(v[0], v[2]), y1: max(v[1], v[3]))
        }
        var procs: [UInt32: PDFStream] = [:]
        if let cp = store.dictionary(dict["CharProcs"]) {
            for c in 0..<256 {
                guard let name = names[c], let s = store.resolve(cp[Name(name)]).stream else { continue }
                procs[UInt32(c)] = s
            }
        }
        let type3 = Type3Procedures(procedures: procs, resources: store.dictionary(dict["Resources"]), fontBBox: bbox)
        // Glyph boxes of Type 3 fonts: the font bbox when sane, else 0.8/-0.2 em.
        let em = abs(fontMatrix.d) > 1e-9 ? 1 / abs(fontMatrix.d) : 1000
        if bbox.height > 0, bbox.height < em * 4 {
            ascent = bbox.y1; descent = min(0, bbox.y0)
        } else {
            ascent = 0.8 * em; descent = -0.2 * em
        }
        if fontMatrix.d < 0 { swap(&ascent, &descent); ascent = -ascent; descent = -descent }
        return (fontMatrix, type3, ascent, descent)
    }

    /// The standard font that stands in for a non-embedded font without metrics.
    static func substituteMetrics(_ d: Descriptor, name: String) -> StandardFontMetrics? {
        let lower = name.lowercased()
        let fixed = d.flags & 1 != 0 || FontNames.contains(lower, "courier") || FontNames.contains(lower, "mono")
        let serif = d.flags & 2 != 0 || !d.hasFlags
        let bold = d.looksBold, italic = d.looksItalic
        let base: String
        if fixed {
            base = "Courier" + (bold && italic ? "-BoldOblique" : bold ? "-Bold" : italic ? "-Oblique" : "")
        } else if serif {
            base = bold && italic ? "Times-BoldItalic" : bold ? "Times-Bold" : italic ? "Times-Italic" : "Times-Roman"
        } else {
            base = "Helvetica" + (bold && italic ? "-BoldOblique" : bold ? "-Bold" : italic ? "-Oblique" : "")
        }
        return StandardFontMetrics.lookup(base)
    }

    /// The glyph a simple font's code selects in its program (PDF 32000-1 §9.6.6.4 for TrueType).
    static func simpleGlyphID(program: FontProgram, kind: FontKind, code: UInt32, name: String?, symbolic: Bool) -> UInt32? {
        if kind == .trueType || program.cmapSubtables.count > 0 && program.builtinEncoding == nil {
            let subtables = program.cmapSubtables
            let has = { (p: UInt16, e: UInt16) in subtables.contains { $0.platform == p && $0.encoding == e } }
            if !symbolic, has(3, 1), let name, let u = GlyphList.resolve(name)?.scalars, u.count == 1,
               let g = program.glyphID(forCode: u[0].value, platform: 3, encoding: 1), g != 0 {
                return g
            }
            if has(3, 0) {
                for c in [0xF000 | code, code, 0xF100 | code, 0xF200 | code] {
                    if let g = program.glyphID(forCode: c, platform: 3, encoding: 0), g != 0 { return g }
                }
            }
            if has(1, 0) {
                var c = code
                if !symbolic, let name, let mac = MacRomanCodes.code(forGlyphName: name) { c = UInt32(mac) }
                if let g = program.glyphID(forCode: c, platform: 1, encoding: 0), g != 0 { return g }
            }
            if let name, let g = program.glyphID(named: name) { return g }
            if has(3, 1), let g = program.glyphID(forCode: code, platform: 3, encoding: 1), g != 0 { return g }
            return nil
        }
        if let name, let g = program.glyphID(named: name) { return g }
        return nil
    }
}

/// Mac Roman codes by glyph name (for (1,0) cmaps).
enum MacRomanCodes {
    static let table: [String: UInt8] = {
        var t: [String: UInt8] = [:]
        for c in 0..<256 {
            if let n = BaseEncoding.macRoman.glyphName(UInt8(c)), t[n] == nil { t[n] = UInt8(c) }
        }
        return t
    }()
    static func code(forGlyphName name: String) -> UInt8? { table[name] }
}

/// A simple font whose strings are GBK: codes are split by the `GBK-EUC-H` CMap (one or two
/// bytes), the text comes from the Adobe-GB1 collection, and a two-byte code advances by the
/// widths its two bytes have in /Widths (so positions stay those of the simple font).
struct ChineseSimpleFont: FontDecoder {
    let simple: SimpleFontDecoder
    let cmap: CMap
    let collection: CIDToUnicodeTable

    var isSimple: Bool { false }

    func forEachCode(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32, Int) -> Void) {
        cmap.forEachCode(in: bytes, body)
    }

    func glyph(_ code: UInt32, byteCount: Int) -> FontGlyph {
        guard byteCount == 2 else { return simple.glyph(code & 0xFF, byteCount: 1) }
        let width = simple.glyph(code >> 8, byteCount: 1).width + simple.glyph(code & 0xFF, byteCount: 1).width
        if let cid = cmap.cid(for: code, length: 2), let u = collection.unicode(for: cid), !u.isEmpty {
            return FontGlyph(unicode: u, source: .encoding, width: width)
        }
        return FontGlyph(unicode: [], source: .none, width: width)
    }

    /// Known Chinese font families, or a name in GBK bytes (not valid UTF-8, high bytes in
    /// GBK's lead and trail ranges).
    static func isChineseName(_ raw: [UInt8]) -> Bool {
        let name = FontNames.stripSubsetPrefix(String(decoding: raw, as: UTF8.self)).lowercased()
        let families = ["simsun", "nsimsun", "simhei", "simkai", "simfang", "kaiti", "fangsong", "stsong",
                        "stheiti", "stkaiti", "stfangsong", "microsoftyahei", "dengxian", "songti"]
        if families.contains(where: { name.hasPrefix($0) }) { return true }
        guard raw.contains(where: { $0 >= 0x80 }), String(validating: raw, as: UTF8.self) == nil else { return false }
        var i = 0
        while i < raw.count {
            let b = raw[i]
            if b < 0x80 { i += 1; continue }
            guard (0x81...0xFE).contains(b), i + 1 < raw.count, (0x40...0xFE).contains(raw[i + 1]), raw[i + 1] != 0x7F else { return false }
            i += 2
        }
        return true
    }
}

extension FontLoader {
    /// The TeX T1 (Cork) encoding's codes 0–31 (nil: no character, e.g. the zero-width
    /// compound-word mark's neighbour "perthousandzero").
    static let texCorkControlRange: [Int: [Unicode.Scalar]] = [
        0: ["\u{60}"], 1: ["\u{B4}"], 2: ["\u{2C6}"], 3: ["\u{2DC}"], 4: ["\u{A8}"], 5: ["\u{2DD}"],
        6: ["\u{2DA}"], 7: ["\u{2C7}"], 8: ["\u{2D8}"], 9: ["\u{AF}"], 10: ["\u{2D9}"], 11: ["\u{B8}"],
        12: ["\u{2DB}"], 13: ["\u{201A}"], 14: ["\u{2039}"], 15: ["\u{203A}"], 16: ["\u{201C}"],
        17: ["\u{201D}"], 18: ["\u{201E}"], 19: ["\u{AB}"], 20: ["\u{BB}"], 21: ["\u{2013}"],
        22: ["\u{2014}"], 25: ["\u{131}"], 26: ["\u{237}"], 27: ["\u{FB00}"], 28: ["\u{FB01}"],
        29: ["\u{FB02}"], 30: ["\u{FB03}"], 31: ["\u{FB04}"],
    ]
}
