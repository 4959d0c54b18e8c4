import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs

/// Builds a `Font` from a font dictionary (PDF 32000-1 §9.6–9.10).
///
/// Unicode is taken, for each code, from the first source that knows it:
/// 1. the /ToUnicode CMap (unless it maps the code to nothing usable: U+0000, U+FFFD);
/// 2. simple fonts: the glyph name the encoding gives (`/Differences` over the base
///    encoding, which is `/BaseEncoding`, else the font program's built-in encoding, else
///    the standard font's, else StandardEncoding — WinAnsiEncoding for non-symbolic
///    TrueType, as Acrobat does), resolved through the Adobe Glyph List;
///    composite fonts: the predefined CMap's character collection (CID → Unicode), or the
///    code itself when the encoding is a Unicode CMap (`Uni…-UCS2-H`, `…-UTF16-H`);
/// 3. the font program: a producer's numeric glyph name (`g123`, `cid123`) through the
///    program, the glyph's name in the program, the program's Unicode cmap;
/// 4. a guess: a printable code of a simple font read as Latin-1 (`UnicodeSource.guessed`);
/// 5. nothing: `UnicodeSource.none`, counted in a diagnostic.
struct FontLoader {
    let store: ObjectStore
    let programs: ProgramCache?
    var diagnostics = DiagnosticLog()

    init(store: ObjectStore, programs: ProgramCache? = nil) {
        self.store = store
        self.programs = programs
    }

    mutating func load(_ dict: PDFDictionary?, objectNumber: Int?) -> Font {
        guard let dict else {
            diagnostics.append(.fontMissing, .warning, "font dictionary missing; using Helvetica metrics", objectNumber: objectNumber)
            return fallback(objectNumber: objectNumber)
        }
        let subtype = store.name(dict["Subtype"])?.string ?? ""
        switch subtype {
        case "Type0":
            return loadComposite(dict, objectNumber: objectNumber)
        case "Type3":
            return loadSimple(dict, objectNumber: objectNumber, kind: .type3)
        case "TrueType":
            return loadSimple(dict, objectNumber: objectNumber, kind: .trueType)
        case "MMType1":
            return loadSimple(dict, objectNumber: objectNumber, kind: .mmType1)
        case "Type1":
            return loadSimple(dict, objectNumber: objectNumber, kind: .type1)
        case "CIDFontType0", "CIDFontType2":
            // A descendant used directly: wrap it as if in a Type 0 font with Identity-H.
            diagnostics.append(.fontDamaged, .warning, "CIDFont used as a font; read as Type 0 with Identity-H", objectNumber: objectNumber)
            var wrapper = PDFDictionary()
            wrapper.entries["Subtype"] = .name("Type0")
            wrapper.entries["Encoding"] = .name("Identity-H")
            wrapper.entries["BaseFont"] = dict["BaseFont"] ?? .name("Unknown")
            wrapper.entries["DescendantFonts"] = .array([.dictionary(dict)])
            return loadComposite(wrapper, objectNumber: objectNumber)
        default:
            diagnostics.append(.fontDamaged, .warning, "font /Subtype \(subtype.isEmpty ? "missing" : subtype) unknown; read as Type 1", objectNumber: objectNumber)
            let kind: FontKind = descriptorHasProgram(dict, key: "FontFile2") ? .trueType : .type1
            return loadSimple(dict, objectNumber: objectNumber, kind: kind)
        }
    }

    func descriptorHasProgram(_ dict: PDFDictionary, key: Name) -> Bool {
        store.dictionary(dict["FontDescriptor"])?[key] != nil
    }

    // MARK: - Common parts

    /// What the font descriptor and /BaseFont say.
    struct Descriptor {
        var baseFont: String = ""
        var flags: UInt32 = 0
        var hasFlags = false
        var ascent: Double?
        var descent: Double?
        /// /Ascent and /Descent as written (finite), for `FontSummary.nominalAscent`.
        var writtenAscent: Double?
        var writtenDescent: Double?
        var missingWidth: Double = 0
        var italicAngle: Double = 0
        var fontWeight: Double?
        var fontFamily: String?
        var program: FontProgram?
        var isEmbedded = false

        var isSymbolic: Bool { flags & 4 != 0 }
        var isNonSymbolic: Bool { flags & 32 != 0 }

        /// Bold by the descriptor (ForceBold, /FontWeight) or the name's style words.
        var looksBold: Bool {
            flags & (1 << 18) != 0 || (fontWeight ?? 0) >= 600
                || FontNames.hasStyleWord(baseFont, ["bold", "black", "heavy", "demi"])
        }

        /// Italic by the descriptor (Italic flag, /ItalicAngle) or the name's style words.
        var looksItalic: Bool {
            flags & 64 != 0 || italicAngle != 0 || FontNames.hasStyleWord(baseFont, ["italic", "oblique", "slanted"])
        }
    }

    mutating func readDescriptor(_ fontDict: PDFDictionary, kind: FontKind, objectNumber: Int?) -> Descriptor {
        var d = Descriptor()
        d.baseFont = store.name(fontDict["BaseFont"])?.string ?? store.text(fontDict["BaseFont"]) ?? ""
        guard let fd = store.dictionary(fontDict["FontDescriptor"]) else { return d }
        if let f = store.integer(fd["Flags"]) {
            d.flags = UInt32(truncatingIfNeeded: f)
            d.hasFlags = true
        }
        if let a = store.number(fd["Ascent"]), a.isFinite, a > 0, a < 10_000 { d.ascent = a }
        if let a = store.number(fd["Ascent"]), a.isFinite { d.writtenAscent = a }
        if let a = store.number(fd["Descent"]), a.isFinite { d.writtenDescent = a }
        if let a = store.number(fd["Descent"]), a.isFinite, a > -10_000 {
            d.descent = a > 0 ? -a : a  // some producers write it positive
        }
        if let m = store.number(fd["MissingWidth"]), m.isFinite, abs(m) < 100_000 { d.missingWidth = m }
        if let a = store.number(fd["ItalicAngle"]), a.isFinite { d.italicAngle = a }
        if let w = store.number(fd["FontWeight"]), w.isFinite { d.fontWeight = w }
        if let fam = store.text(fd["FontFamily"]) ?? store.name(fd["FontFamily"])?.string { d.fontFamily = fam }
        // The embedded program.
        let candidates: [(Name, FontProgram.Format)] = [("FontFile", .type1), ("FontFile2", .trueType), ("FontFile3", .cff)]
        for (key, format) in candidates {
            guard let ref = fd[key], let stream = store.resolve(ref).stream else { continue }
            d.isEmbedded = true
            var fmt = format
            if key == "FontFile3", store.name(stream.dictionary["Subtype"])?.string == "OpenType" { fmt = .openType }
            if let p = programs?.program(stream, format: fmt, store: store) {
                d.program = p
            } else if let p = FontProgram(data: store.streamData(stream).bytes, format: fmt) {
                d.program = p
            } else {
                diagnostics.append(.fontDamaged, .info, "embedded font program of \(d.baseFont) could not be read", objectNumber: objectNumber)
            }
            break
        }
        return d
    }

    func summary(_ d: Descriptor, kind: FontKind, standard: StandardFontMetrics?, objectNumber: Int?) -> FontSummary {
        let name = FontNames.stripSubsetPrefix(d.baseFont)
        let lower = name.lowercased()
        var flags = d.flags
        if !d.hasFlags, let s = standard { flags = s.flags }
        let bold = d.looksBold || standard?.isBold == true
        let italic = d.looksItalic || standard?.isItalic == true
        let mono = flags & 1 != 0 || standard?.isFixedPitch == true
            || ["mono", "courier", "consol", "typewriter"].contains { FontNames.contains(lower, $0) }
        let serif = flags & 2 != 0
        let family = d.fontFamily ?? standard?.family ?? FontNames.family(of: name)
        var summary = FontSummary(baseFont: d.baseFont, name: name.isEmpty ? "Unnamed" : name, family: family, kind: kind,
                                  descriptorFlags: flags, isEmbedded: d.isEmbedded, isBold: bold, isItalic: italic,
                                  isMonospaced: mono, isSerif: serif, objectNumber: objectNumber)
        (summary.nominalAscent, summary.nominalDescent) = Self.nominalMetrics(d, standard: standard)
        return summary
    }

    /// `FontSummary.nominalAscent` and `nominalDescent`.
    static func nominalMetrics(_ d: Descriptor, standard: StandardFontMetrics?) -> (Double, Double) {
        var ascent = standard.map { $0.ascent / 1000 } ?? 0.95
        var descent = standard.map { $0.descent / 1000 } ?? -0.35
        if standard != nil && !d.isEmbedded { return (ascent, descent) }
        if let a = d.writtenAscent { let t = abs(a) / 1000; if t != 0 && t < 3 { ascent = t } }
        if let a = d.writtenDescent { let t = -abs(a) / 1000; if t != 0 && t > -3 { descent = t } }
        return (ascent, descent)
    }

    mutating func toUnicode(_ dict: PDFDictionary, objectNumber: Int?) -> ToUnicodeMap? {
        guard let obj = dict["ToUnicode"] else { return nil }
        let resolved = store.resolve(obj)
        if let stream = resolved.stream {
            var log = DiagnosticLog()
            let map = ToUnicodeMap.parse(store.streamData(stream).bytes, diagnostics: &log)
            for e in log.entries {
                var e2 = e
                e2.objectNumber = e2.objectNumber ?? stream.objectID?.number ?? objectNumber
                diagnostics.append(e2)
            }
            if map == nil {
                diagnostics.append(.cmapDamaged, .warning, "/ToUnicode CMap unusable", objectNumber: stream.objectID?.number ?? objectNumber)
            }
            return map
        }
        // /ToUnicode /Identity-H and similar names: the codes are UCS-2.
        return nil
    }

    /// Whether a ToUnicode answer is worth taking.
    static func usable(_ s: [Unicode.Scalar]?) -> [Unicode.Scalar]? {
        guard let s, !s.isEmpty else { return nil }
        if s.count == 1, s[0].value == 0 || s[0].value == 0xFFFD { return nil }
        return s
    }

    // MARK: - Fallback

    mutating func fallback(objectNumber: Int?) -> Font {
        let std = StandardFontMetrics.lookup("Helvetica")
        var table: [FontGlyph] = []
        table.reserveCapacity(256)
        for c in 0..<256 {
            let name = BaseEncoding.standard.glyphName(UInt8(c))
            let w = name.flatMap { std?.width(ofGlyph: $0) } ?? 500
            if c >= 32, c != 127, let s = Unicode.Scalar(UInt32(c)) {
                table.append(FontGlyph(unicode: [s], source: .guessed, width: w))
            } else {
                table.append(FontGlyph(unicode: [], source: .none, width: w))
            }
        }
        let summary = FontSummary(baseFont: "Helvetica", name: "Helvetica", family: "Helvetica", kind: .type1,
                                  descriptorFlags: 32, isEmbedded: false, isBold: false, isItalic: false,
                                  isMonospaced: false, isSerif: false, objectNumber: objectNumber)
        return Font(summary: summary, writingMode: 0, fontMatrix: Font.standardMatrix,
                    ascent: 718, descent: -207, type3: nil, diagnostics: diagnostics,
                    decoder: SimpleFontDecoder(table: table))
    }
}

extension Font {
    /// [0.001 0 0 0.001 0 0]
    package static let standardMatrix = Matrix(a: 0.001, b: 0, c: 0, d: 0.001, e: 0, f: 0)
}

/// Helpers on font names.
enum FontNames {
    /// `ABCDEF+Name` → `Name` (six upper-case letters and a plus).
    static func stripSubsetPrefix(_ s: String) -> String {
        let u = Array(s.utf8)
        guard u.count > 7, u[6] == UInt8(ascii: "+"), u[0..<6].allSatisfy({ $0 >= 65 && $0 <= 90 }) else { return s }
        return String(decoding: u[7...], as: UTF8.self)
    }

    /// Whether the name (without subset prefix, any case) contains one of `words`.
    static func hasStyleWord(_ baseFont: String, _ words: [String]) -> Bool {
        let lower = stripSubsetPrefix(baseFont).lowercased()
        return words.contains { contains(lower, $0) }
    }

    /// `name.contains(word)` for a word of ASCII letters and digits, searching the bytes
    /// when the name is ASCII (font and CMap names nearly always are): the same answer as
    /// `String.contains`, whose string-processing searcher costs thousands of instructions a
    /// call (about 20 calls for each font loaded). Anything else goes to `String.contains`.
    static func contains(_ name: String, _ word: String) -> Bool {
        let w = Array(word.utf8)
        guard !w.isEmpty else { return false }  // as the string-processing search answers
        guard w.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) }),
              name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.contains(word) }
        let h = Array(name.utf8)
        guard h.count >= w.count else { return false }
        for start in 0...(h.count - w.count) where h[start] == w[0] {
            var k = 1
            while k < w.count && h[start + k] == w[k] { k += 1 }
            if k == w.count { return true }
        }
        return false
    }

    /// `Helvetica-BoldOblique` → `Helvetica`, `Arial,Bold` → `Arial`, `TimesNewRomanPS-BoldMT` → `TimesNewRomanPS`.
    static func family(of name: String) -> String {
        var s = Substring(name)
        if let i = s.firstIndex(where: { $0 == "," || $0 == "-" }) { s = s[..<i] }
        for suffix in ["MT", "PSMT", "PS"] where s.hasSuffix(suffix) && s.count > suffix.count + 2 {
            s = s.dropLast(suffix.count)
            break
        }
        return s.isEmpty ? name : String(s)
    }
}
