import CFreeType
import Synchronization

/// An embedded font program (FontFile, FontFile2, FontFile3), parsed once per document and
/// shared.
///
/// Thread safety: each program owns its own `FT_Library`, `FT_Face` and a private copy of
/// the font bytes (FreeType reads them for the face's whole life). FreeType objects are not
/// thread-safe, so every FreeType call goes through one `Mutex` per program; FreeType never
/// sees the buffer from two threads at once. Facts known at open time (glyph count, units
/// per em, names, style flags, metrics) are plain `let`s read without the lock. Lookup
/// tables (names, CIDs, the Unicode reversal) are built lazily on first use, under the same
/// lock, over at most ``maxTableGlyphs`` glyphs, and never change afterwards.
package final class FontProgram: Sendable {
    package enum Format: Sendable, Hashable {
        /// /FontFile: Type 1 (PFA/PFB-style, with cleartext and eexec parts).
        case type1
        /// /FontFile3 /Subtype /Type1C or /CIDFontType0C: bare CFF.
        case cff
        /// /FontFile2: TrueType.
        case trueType
        /// /FontFile3 /Subtype /OpenType.
        case openType
    }

    /// Where a Type 1 or CFF font's built-in encoding comes from.
    package enum BuiltinEncodingKind: Sendable, Hashable {
        /// The program names Adobe StandardEncoding.
        case standard
        /// The program names Adobe ExpertEncoding.
        case expert
        /// The program carries its own encoding vector.
        case custom
        /// ISOLatin1Encoding (Type 1 only).
        case latin1
    }

    /// The most glyphs over which lookup tables (names, CIDs) are built, and the most
    /// entries read from one cmap subtable.
    package static let maxTableGlyphs = 65_536
    /// The most code → glyph entries read from one cmap subtable for the Unicode reversal.
    package static let maxCmapEntries = 1 << 18

    /// The format the caller declared (the PDF's font file key and subtype).
    package let declaredFormat: Format
    /// The format FreeType recognised in the bytes; it may differ from the declared one
    /// (a `/FontFile3 /Type1C` that is really an OpenType, a `/FontFile2` holding CFF).
    package let detectedFormat: Format
    /// The glyphs in the program (for a CID-keyed one, the glyphs its charset lists, at
    /// most ``maxTableGlyphs``).
    package let numberOfGlyphs: Int
    /// Font units per em: `units_per_EM` (usually 1000 for CFF and Type 1, 2048 or 1000
    /// for TrueType). Always positive.
    package let unitsPerEm: Int
    /// Whether the program is a CID-keyed font (glyphs selected by CID).
    ///
    /// Glyph ids throughout this API are glyph indices in the program's own order (the
    /// charset order of a CFF), also for CID-keyed programs, where FreeType itself indexes
    /// glyphs by CID: ``glyphID(forCID:)`` maps a CID to such an id.
    package let isCIDKeyed: Bool
    package let postScriptName: String?
    package let familyName: String?
    package let isBold: Bool
    package let isItalic: Bool
    package let isFixedPitch: Bool
    /// Whether the program has glyph names (Type 1, CFF, TrueType with a `post` table
    /// of format 1 or 2).
    package let hasGlyphNames: Bool
    /// Whether the program has vertical metrics (`vhea`/`vmtx`).
    package let hasVerticalMetrics: Bool
    /// The typographic ascender and descender in 1/1000 em (descender negative).
    package let ascender: Double
    package let descender: Double
    /// The (platform, encoding) pairs of the TrueType/OpenType cmap subtables present,
    /// in the font's order. Empty for Type 1 and bare CFF (FreeType's synthesized charmaps
    /// for those are not reported).
    package let cmapSubtables: [(platform: UInt16, encoding: UInt16)]
    /// Which built-in encoding a Type 1 or name-keyed CFF program has; nil otherwise.
    package let builtinEncodingKind: BuiltinEncodingKind?

    private let state: Mutex<FaceState>

    /// Parses a font program; nil when FreeType cannot open it or it is not one of the
    /// four formats (FreeType also reads bitmap formats, which are refused here).
    package init?(data: [UInt8], format: Format) {
        guard !data.isEmpty, let face = FaceState(copying: data) else { return nil }
        guard let detected = face.detectFormat() else { return nil }
        let facts = face.readFacts()
        guard facts.numberOfGlyphs > 0 else { return nil }
        declaredFormat = format
        detectedFormat = detected
        numberOfGlyphs = facts.numberOfGlyphs
        unitsPerEm = facts.unitsPerEm
        isCIDKeyed = facts.isCIDKeyed
        postScriptName = facts.postScriptName
        familyName = facts.familyName
        isBold = facts.isBold
        isItalic = facts.isItalic
        isFixedPitch = facts.isFixedPitch
        hasGlyphNames = facts.hasGlyphNames
        hasVerticalMetrics = facts.hasVertical
        ascender = facts.ascender
        descender = facts.descender
        cmapSubtables = facts.isSFNT ? face.charmapIDs.map { (platform: $0.platform, encoding: $0.encoding) } : []
        builtinEncodingKind = facts.isSFNT ? nil : face.adobeCharmap()?.kind
        state = Mutex(face)
    }

    // MARK: Names

    /// The glyph's name (Type 1, CFF, TrueType with a `post` table); nil when the program
    /// has no names or the glyph id is out of range.
    package func glyphName(_ gid: UInt32) -> String? {
        guard hasGlyphNames, let index = Int(exactly: gid), index < numberOfGlyphs else { return nil }
        return state.withLock { $0.glyphName(index) }
    }

    /// The glyph id of a named glyph. `.notdef` is glyph 0; any other name FreeType
    /// answers with 0 is not found.
    package func glyphID(named name: String) -> UInt32? {
        guard hasGlyphNames, !name.isEmpty else { return nil }
        if name == ".notdef" { return 0 }
        return state.withLock { $0.glyphID(named: name, count: numberOfGlyphs) }
    }

    // MARK: Encodings and cmaps

    /// A Type 1 or CFF font's built-in encoding: 256 glyph names by code (nil entries
    /// unused or naming no glyph of the program). Nil for TrueType/OpenType and CID-keyed
    /// programs.
    package var builtinEncoding: [String?]? {
        guard builtinEncodingKind != nil, hasGlyphNames else { return nil }
        return state.withLock { $0.builtinEncoding() }
    }

    /// Looks a code up in the given cmap subtable; nil when the subtable is absent or maps
    /// the code to no glyph (glyph 0).
    package func glyphID(forCode code: UInt32, platform: UInt16, encoding: UInt16) -> UInt32? {
        guard let index = cmapSubtables.firstIndex(where: { $0.platform == platform && $0.encoding == encoding })
        else { return nil }
        return state.withLock { $0.lookUp(code: code, charmapAt: index) }
    }

    /// A single-byte code looked up in the (3,0) symbol cmap the way PDF readers do
    /// (ISO 32000-1 §9.6.6.4): the code itself, then 0xF000, 0xF100 and 0xF200 plus it.
    package func glyphID(forSymbolCode code: UInt8) -> UInt32? {
        for base: UInt32 in [0, 0xF000, 0xF100, 0xF200] {
            if let gid = glyphID(forCode: base | UInt32(code), platform: 3, encoding: 0) { return gid }
        }
        return nil
    }

    // MARK: CIDs

    /// The glyph for a CID. In a CID-keyed program through its charset; otherwise the CID
    /// is taken as the glyph id when it is in range.
    package func glyphID(forCID cid: UInt32) -> UInt32? {
        guard isCIDKeyed else {
            return Int(exactly: cid).map { $0 < numberOfGlyphs } == true ? cid : nil
        }
        return state.withLock { $0.glyphID(forCID: cid) }
    }

    /// The CID of a glyph in a CID-keyed program (its charset entry); nil otherwise.
    package func cid(forGlyph gid: UInt32) -> UInt32? {
        guard isCIDKeyed, let index = Int(exactly: gid) else { return nil }
        return state.withLock { face in
            face.glyphCIDs.flatMap { $0.indices.contains(index) ? $0[index] : nil }
        }
    }

    // MARK: Unicode

    /// Unicode for a glyph from the program's Unicode cmaps ((3,10), (3,1), (0,x)),
    /// reversed. When several codes reach one glyph, the smallest code outside the Private
    /// Use Areas wins, else the smallest code.
    package func unicode(forGlyph gid: UInt32) -> [Unicode.Scalar]? {
        guard !cmapSubtables.isEmpty else { return nil }
        let unicodeTables = cmapSubtables.indices.filter {
            let t = cmapSubtables[$0]
            return t.platform == 0 || (t.platform == 3 && (t.encoding == 1 || t.encoding == 10))
        }
        guard !unicodeTables.isEmpty else { return nil }
        let scalar = state.withLock { $0.unicode(forGlyph: gid, tables: unicodeTables) }
        return scalar.map { [$0] }
    }

    // MARK: Metrics

    /// Horizontal advance in 1/1000 em.
    package func advanceWidth(_ gid: UInt32) -> Double? {
        guard let index = Int(exactly: gid), index < numberOfGlyphs else { return nil }
        let units = state.withLock { $0.advance(index, vertical: false) }
        return units.map { $0 * 1000 / Double(unitsPerEm) }
    }

    /// Vertical advance in 1/1000 em, when the program has vertical metrics.
    package func verticalAdvance(_ gid: UInt32) -> Double? {
        guard hasVerticalMetrics, let index = Int(exactly: gid), index < numberOfGlyphs else { return nil }
        let units = state.withLock { $0.advance(index, vertical: true) }
        return units.map { $0 * 1000 / Double(unitsPerEm) }
    }
}
