import PDFCore
import PDFSyntax
import PDFFile

/// The font types `pdffonts` names, from the font dictionary's /Subtype, the descendant
/// font's, the font file key and /FontFile3's /Subtype, corrected by the signature of the
/// embedded program when it has one.
package enum InventoryFontType: String, Sendable, Hashable, CaseIterable {
    case unknown = "unknown"
    case type1 = "Type 1", type1C = "Type 1C", type1COT = "Type 1C (OT)", type3 = "Type 3"
    case trueType = "TrueType", trueTypeOT = "TrueType (OT)"
    case cidType0 = "CID Type 0", cidType0C = "CID Type 0C", cidType0COT = "CID Type 0C (OT)"
    case cidTrueType = "CID TrueType", cidTrueTypeOT = "CID TrueType (OT)"

    /// Whether the type is a CIDFont's (the font is composite).
    package var isCID: Bool {
        switch self {
        case .cidType0, .cidType0C, .cidType0COT, .cidTrueType, .cidTrueTypeOT: true
        default: false
        }
    }
}

/// What `pdffonts` prints about a font, and the facts behind it.
package struct FontClassification: Sendable, Hashable {
    /// /BaseFont (a name) as written, subset tag included; nil when absent.
    package var name: String?
    package var type: InventoryFontType
    /// The base encoding's name (`WinAnsi`, `Standard`, `Builtin`, `Custom` when
    /// /Differences are given, …) or a composite font's CMap name.
    package var encoding: String
    /// A Type 3 font, or a font whose descriptor refers to a program (for Type 1 and 1C
    /// fonts: one that is there to read).
    package var isEmbedded: Bool
    /// The name starts with a subset tag: six capital letters and `+`.
    package var isSubset: Bool
    /// /ToUnicode is a stream.
    package var hasToUnicode: Bool
    /// What the embedded program's first bytes say it is (nil: no program to read).
    package var programSignature: ProgramSignature?
}

/// Classifies font dictionaries as `pdffonts` does (see `docs/POPPLER-COMPAT.md`).
package struct FontClassifier {
    package let store: ObjectStore

    package init(store: ObjectStore) { self.store = store }

    package func classify(_ font: PDFDictionary) -> FontClassification {
        let name = store.name(font["BaseFont"])
        let nameBytes = name?.bytes ?? []
        let (type, programRef, signature, programIsStream) = fontType(font)
        // A Type 1 or 1C program is read while the font is loaded, and one that is not a
        // stream is forgotten then; other types keep the reference as written.
        let embedded: Bool = switch type {
        case .type3: true
        case .type1, .type1C: programRef != nil && programIsStream
        default: programRef != nil
        }
        let encoding = type.isCID ? compositeEncoding(font)
            : simpleEncoding(font, type: type, embedded: embedded, signature: signature, nameBytes: nameBytes)
        return FontClassification(
            name: name.map { _ in String(decoding: nameBytes, as: UTF8.self) },
            type: type, encoding: encoding, isEmbedded: embedded,
            isSubset: Self.hasSubsetTag(nameBytes), hasToUnicode: store.resolve(font["ToUnicode"]).stream != nil,
            programSignature: signature)
    }

    /// The standard font whose metrics stand in for a font that is not embedded, as the
    /// font loader chooses it: the standard font the name is (or is an alias of), else
    /// Courier, Times or Helvetica by the descriptor's flags and the name's style words.
    package func substitute(for font: PDFDictionary) -> String? {
        var loader = FontLoader(store: store)
        let d = loader.readDescriptor(font, kind: .type1, objectNumber: nil)
        if let s = StandardFontMetrics.lookup(d.baseFont) { return s.name }
        return FontLoader.substituteMetrics(d, name: FontNames.stripSubsetPrefix(d.baseFont))?.name
    }

    /// `ABCDEF+Name`: exactly six capital letters, a plus, and at least one more byte.
    package static func hasSubsetTag(_ name: [UInt8]) -> Bool {
        name.count > 7 && name[6] == UInt8(ascii: "+") && name[0..<6].allSatisfy { $0 >= 65 && $0 <= 90 }
    }

    /// The type, the program's reference, its signature and whether the reference leads to
    /// a stream.
    func fontType(_ font: PDFDictionary) -> (InventoryFontType, ObjectID?, ProgramSignature?, Bool) {
        let subtype = store.name(font["Subtype"])?.string
        var expected: InventoryFontType = .unknown
        let composite = subtype == "Type0"
        switch subtype {
        case "Type1", "MMType1": expected = .type1
        case "Type1C": expected = .type1C
        case "Type3": expected = .type3
        case "TrueType": expected = .trueType
        default: break
        }
        var holder = font
        if let descendants = store.array(font["DescendantFonts"]), let first = descendants.first,
           let d = store.dictionary(first) {
            holder = d
            if composite {
                switch store.name(d["Subtype"])?.string {
                case "CIDFontType0": expected = .cidType0
                case "CIDFontType2": expected = .cidTrueType
                default: break
                }
            }
        }
        guard let descriptor = store.dictionary(holder["FontDescriptor"]) else { return (expected, nil, nil, false) }
        var programRef: ObjectID? = nil
        if let r = descriptor["FontFile"]?.reference {
            programRef = r
        } else if let r = descriptor["FontFile2"]?.reference {
            programRef = r
            if composite { expected = .cidTrueType }
        } else if let r = descriptor["FontFile3"]?.reference {
            programRef = r
            if let s = store.resolve(.reference(r)).stream {
                expected = Self.fontFile3Type(store.name(s.dictionary["Subtype"])?.string, expected: expected, composite: composite)
            }
        }
        guard let programRef, let stream = store.resolve(.reference(programRef)).stream else {
            return (expected, programRef, nil, false)
        }
        let signature = ProgramSignature(store.streamData(stream).bytes)
        let found: InventoryFontType? = switch signature {
        case .type1Text, .type1Segmented: .type1
        case .cff: composite ? .cidType0C : .type1C
        case .cffCID: .cidType0C
        case .trueType, .trueTypeCollection: composite ? .cidTrueType : .trueType
        case .openTypeCFF: composite ? .cidType0COT : .type1COT
        case .openTypeCFFCID: .cidType0COT
        case .unknown: nil
        }
        return (found ?? expected, programRef, signature, true)
    }

    /// The type /FontFile3's /Subtype implies, given what the font dictionaries said.
    static func fontFile3Type(_ subtype: String?, expected: InventoryFontType, composite: Bool) -> InventoryFontType {
        switch subtype {
        case "Type1": return expected == .type1 ? .type1 : (composite ? .cidType0 : .type1)
        case "Type1C":
            if expected == .type1 || expected == .type1C { return .type1C }
            return composite ? .cidType0C : .type1C
        case "TrueType": return expected == .trueType ? .trueType : (composite ? .cidTrueType : .trueType)
        case "CIDFontType0C": return expected == .cidType0 ? .cidType0C : (composite ? .cidType0C : .type1C)
        case "OpenType":
            switch expected {
            case .trueType: return .trueTypeOT
            case .type1: return .type1COT
            case .cidType0: return .cidType0COT
            case .cidTrueType: return .cidTrueTypeOT
            default: return expected
            }
        default: return expected
        }
    }

    /// A composite font's CMap: its name, or `Custom` for an embedded one.
    func compositeEncoding(_ font: PDFDictionary) -> String {
        let encoding = store.resolve(font["Encoding"])
        if let n = encoding.name { return n.string }
        return "Custom"
    }

    /// A simple font's encoding name: /Differences make it `Custom`; else the base encoding
    /// named in the dictionary (WinAnsi, MacRoman, MacExpert), else `Builtin` when the
    /// program (Type 1, Type 1C) has its own, else the standard font's (Symbol,
    /// ZapfDingbats), else WinAnsi for TrueType and Standard for the rest.
    func simpleEncoding(_ font: PDFDictionary, type: InventoryFontType, embedded: Bool,
                        signature: ProgramSignature?, nameBytes: [UInt8]) -> String {
        let encoding = store.resolve(font["Encoding"])
        var base: String? = nil
        var differences = false
        if let d = encoding.dictionary {
            base = Self.namedBase(store.name(d["BaseEncoding"])?.string)
            differences = store.array(d["Differences"]) != nil
        } else if let n = encoding.name {
            base = Self.namedBase(n.string)
        }
        if differences { return "Custom" }
        if let base { return base }
        if type == .type1 && embedded { return "Builtin" }
        if type == .type1C && embedded && signature == .cff { return "Builtin" }
        if !embedded, let standard = Self.standardEncoding(nameBytes) { return standard }
        return type == .trueType ? "WinAnsi" : "Standard"
    }

    /// The base encodings a font dictionary can name (`StandardEncoding` is not one a
    /// reader takes from the dictionary: it is what it falls back to anyway).
    static func namedBase(_ name: String?) -> String? {
        switch name {
        case "WinAnsiEncoding": "WinAnsi"
        case "MacRomanEncoding": "MacRoman"
        case "MacExpertEncoding": "MacExpert"
        default: nil
        }
    }

    /// The built-in encoding of a standard font, or of a name readers take for one (spaces
    /// ignored: `Arial,Bold`, `TimesNewRomanPSMT`, `SymbolMT`): `Symbol`, `ZapfDingbats` or
    /// `Standard`; nil for any other name.
    static func standardEncoding(_ name: [UInt8]) -> String? {
        let s = String(decoding: name.filter { $0 != 0x20 }, as: UTF8.self)
        guard standardAliases.contains(s) else { return nil }
        if s == "ZapfDingbats" { return "ZapfDingbats" }
        return s.hasPrefix("Symbol") ? "Symbol" : "Standard"
    }

    /// The names read as one of the standard 14 fonts: families with their style suffixes.
    static let standardAliases: Set<String> = {
        let comma = ["", ",Bold", ",BoldItalic", ",Italic"]
        let families: [(String, [String])] = [
            ("Arial", comma + ["-Bold", "-BoldItalic", "-BoldItalicMT", "-BoldMT", "-Italic", "-ItalicMT", "MT"]),
            ("Courier", comma + ["-Bold", "-BoldOblique", "-Oblique"]),
            ("CourierNew", comma + ["-Bold", "-BoldItalic", "-Italic"]),
            ("CourierNewPS", ["-BoldItalicMT", "-BoldMT", "-ItalicMT", "MT"]),
            ("Helvetica", comma + ["-Bold", "-BoldItalic", "-BoldOblique", "-Italic", "-Oblique"]),
            ("Symbol", comma), ("SymbolMT", comma),
            ("Times", ["-Bold", "-BoldItalic", "-Italic", "-Roman"]),
            ("TimesNewRoman", comma + ["-Bold", "-BoldItalic", "-Italic"]),
            ("TimesNewRomanPS", ["", "-Bold", "-BoldItalic", "-BoldItalicMT", "-BoldMT", "-Italic", "-ItalicMT",
                                 "MT", "MT,Bold", "MT,BoldItalic", "MT,Italic"]),
            ("ZapfDingbats", [""]),
        ]
        return Set(families.flatMap { family, styles in styles.map { family + $0 } })
    }()
}
