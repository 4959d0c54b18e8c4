import CFreeType

/// The FreeType side of a ``FontProgram``: one library, one face, the bytes the face reads,
/// and the lookup tables built from them on first use. Not thread-safe by itself: a
/// `FontProgram` keeps it behind a `Mutex` and every method runs under that lock.
final class FaceState {
    private let library: FT_Library
    private let face: FT_Face
    private let buffer: UnsafeMutableRawBufferPointer
    /// The face's charmaps, capped, as FreeType reports them.
    private let charmaps: [FT_CharMap]
    /// The indices in `charmaps` of the real sfnt cmap subtables (not the ones FreeType
    /// synthesizes from glyph names or Adobe encodings).
    private let sfntCharmaps: [Int]
    /// For a CID-keyed face (`FT_FACE_FLAG_CID_KEYED`: bare CID-keyed CFF, CID Type 1), the
    /// CID of each glyph by glyph index (the charset order), capped. FreeType addresses the
    /// glyphs of such a face by CID, not by this index: calls that load glyphs go through
    /// this table.
    let glyphCIDs: [UInt32]?

    // Tables built on first use, then never changed.
    private var nameIndex: [String: UInt32]?
    private var cidToGlyph: [UInt32: UInt32]?
    private var unicodeByGlyph: [UInt32: Unicode.Scalar]?

    /// The most charmaps looked at (real fonts have a handful).
    private static let maxCharmaps = 64
    /// The longest glyph or font name read from FreeType, in bytes.
    private static let maxNameBytes = 256

    /// Copies `data`, opens it with a library of its own; nil when FreeType refuses it.
    init?(copying data: [UInt8]) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.withUnsafeBytes { buffer.copyMemory(from: $0) }
        var opened: FT_Face?
        let error = FT_New_Memory_Face(
            lib, buffer.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), 0, &opened)
        guard error == 0, let opened else {
            FT_Done_FreeType(lib)
            buffer.deallocate()
            return nil
        }
        library = lib
        face = opened
        self.buffer = buffer
        let count = min(max(Int(opened.pointee.num_charmaps), 0), Self.maxCharmaps)
        var maps: [FT_CharMap] = []
        if let list = opened.pointee.charmaps {
            for i in 0..<count {
                if let map = list[i] { maps.append(map) }
            }
        }
        charmaps = maps
        let isSFNT = opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0
        sfntCharmaps = isSFNT ? maps.indices.filter { FT_Get_CMap_Format(maps[$0]) >= 0 } : []
        if opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_CID_KEYED) != 0 {
            // FreeType's face count is the highest CID + 1; the charset gives the real glyphs.
            var cids: [UInt32] = []
            let limit = min(max(Int(opened.pointee.num_glyphs), 0), FontProgram.maxTableGlyphs)
            for index in 0..<limit {
                var cid: FT_UInt = 0
                guard FT_Get_CID_From_Glyph_Index(opened, FT_UInt(index), &cid) == 0 else { break }
                cids.append(UInt32(cid))
            }
            glyphCIDs = cids
        } else {
            glyphCIDs = nil
        }
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        buffer.deallocate()
    }

    // MARK: Facts read once at open time

    struct Facts {
        var numberOfGlyphs = 0
        var unitsPerEm = 1000
        var isSFNT = false
        var isCIDKeyed = false
        var postScriptName: String?
        var familyName: String?
        var isBold = false
        var isItalic = false
        var isFixedPitch = false
        var hasGlyphNames = false
        var hasVertical = false
        var ascender = 0.0
        var descender = 0.0
    }

    func readFacts() -> Facts {
        let rec = face.pointee
        var facts = Facts()
        facts.numberOfGlyphs = glyphCIDs?.count ?? max(0, Int(rec.num_glyphs))
        facts.unitsPerEm = rec.units_per_EM > 0 ? Int(rec.units_per_EM) : 1000
        let flags = rec.face_flags
        facts.isSFNT = flags & FT_Long(FT_FACE_FLAG_SFNT) != 0
        facts.isFixedPitch = flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0
        facts.hasGlyphNames = flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES) != 0
        facts.hasVertical = flags & FT_Long(FT_FACE_FLAG_VERTICAL) != 0
        facts.isBold = rec.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        facts.isItalic = rec.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        var cidKeyed: FT_Bool = 0
        facts.isCIDKeyed = FT_Get_CID_Is_Internally_CID_Keyed(face, &cidKeyed) == 0 && cidKeyed != 0
        facts.postScriptName = Self.string(FT_Get_Postscript_Name(face))
        facts.familyName = Self.string(rec.family_name)
        let em = Double(facts.unitsPerEm)
        facts.ascender = Double(rec.ascender) * 1000 / em
        facts.descender = Double(rec.descender) * 1000 / em
        return facts
    }

    /// The format FreeType recognised; nil for formats a PDF cannot embed (bitmap fonts,
    /// PFR, Type 42).
    func detectFormat() -> FontProgram.Format? {
        let isSFNT = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0
        switch Self.string(FT_Get_Font_Format(face)) {
        case "TrueType": return .trueType
        case "CFF": return isSFNT ? .openType : .cff
        case "Type 1", "CID Type 1": return .type1
        default: return nil
        }
    }

    /// The (platform, encoding) of each real sfnt cmap subtable.
    var charmapIDs: [(platform: UInt16, encoding: UInt16)] {
        sfntCharmaps.map { (UInt16(charmaps[$0].pointee.platform_id), UInt16(charmaps[$0].pointee.encoding_id)) }
    }

    /// FreeType's charmap for a Type 1 or CFF built-in encoding.
    func adobeCharmap() -> (map: FT_CharMap, kind: FontProgram.BuiltinEncodingKind)? {
        let order: [(FT_Encoding, FontProgram.BuiltinEncodingKind)] = [
            (FT_ENCODING_ADOBE_CUSTOM, .custom), (FT_ENCODING_ADOBE_STANDARD, .standard),
            (FT_ENCODING_ADOBE_EXPERT, .expert), (FT_ENCODING_ADOBE_LATIN_1, .latin1),
        ]
        for (encoding, kind) in order {
            if let map = charmaps.first(where: { $0.pointee.encoding == encoding }) { return (map, kind) }
        }
        return nil
    }

    // MARK: Lookups (called under the program's lock)

    func glyphName(_ index: Int) -> String? {
        var bytes = [CChar](repeating: 0, count: Self.maxNameBytes + 1)
        let error = bytes.withUnsafeMutableBufferPointer {
            FT_Get_Glyph_Name(face, FT_UInt(index), $0.baseAddress, FT_UInt(Self.maxNameBytes))
        }
        guard error == 0 else { return nil }
        let name = bytes.withUnsafeBufferPointer { Self.string($0.baseAddress) }
        return name?.isEmpty == false ? name : nil
    }

    func glyphID(named name: String, count: Int) -> UInt32? {
        if nameIndex == nil {
            var table: [String: UInt32] = [:]
            for index in 0..<min(count, FontProgram.maxTableGlyphs) {
                if let n = glyphName(index), table[n] == nil { table[n] = UInt32(index) }
            }
            nameIndex = table
        }
        guard let gid = nameIndex?[name], gid != 0 else { return nil }
        return gid
    }

    func builtinEncoding() -> [String?]? {
        guard let (map, _) = adobeCharmap(), FT_Set_Charmap(face, map) == 0 else { return nil }
        var names = [String?](repeating: nil, count: 256)
        for code in 0..<256 {
            let gid = FT_Get_Char_Index(face, FT_ULong(code))
            if gid != 0 { names[code] = glyphName(Int(gid)) }
        }
        return names
    }

    /// `index` counts the real sfnt subtables, as `charmapIDs` lists them.
    func lookUp(code: UInt32, charmapAt index: Int) -> UInt32? {
        guard sfntCharmaps.indices.contains(index),
            FT_Set_Charmap(face, charmaps[sfntCharmaps[index]]) == 0
        else { return nil }
        let gid = FT_Get_Char_Index(face, FT_ULong(code))
        return gid == 0 ? nil : UInt32(gid)
    }

    func glyphID(forCID cid: UInt32) -> UInt32? {
        guard let glyphCIDs else { return nil }
        if cidToGlyph == nil {
            var table: [UInt32: UInt32] = [:]
            for (index, value) in glyphCIDs.enumerated() where table[value] == nil {
                table[value] = UInt32(index)
            }
            cidToGlyph = table
        }
        return cidToGlyph?[cid]
    }

    /// `tables` index the real sfnt subtables, as `charmapIDs` lists them.
    func unicode(forGlyph gid: UInt32, tables: [Int]) -> Unicode.Scalar? {
        if unicodeByGlyph == nil {
            var best: [UInt32: Unicode.Scalar] = [:]
            for index in tables where sfntCharmaps.indices.contains(index) {
                guard FT_Set_Charmap(face, charmaps[sfntCharmaps[index]]) == 0 else { continue }
                var glyph: FT_UInt = 0
                var code = FT_Get_First_Char(face, &glyph)
                var seen = 0
                while glyph != 0, seen < FontProgram.maxCmapEntries {
                    seen += 1
                    if let c = UInt32(exactly: code), let scalar = Unicode.Scalar(c) {
                        let g = UInt32(glyph)
                        if let old = best[g] {
                            if Self.prefer(scalar, over: old) { best[g] = scalar }
                        } else {
                            best[g] = scalar
                        }
                    }
                    let next = FT_Get_Next_Char(face, code, &glyph)
                    guard next > code else { break }
                    code = next
                }
            }
            unicodeByGlyph = best
        }
        return unicodeByGlyph?[gid]
    }

    /// The unscaled advance in font units.
    func advance(_ index: Int, vertical: Bool) -> Double? {
        var value: FT_Fixed = 0
        var flags = FT_Int32(FT_LOAD_NO_SCALE)
        if vertical { flags |= FT_Int32(FT_LOAD_VERTICAL_LAYOUT) }
        guard let ftIndex = freeTypeIndex(index),
            FT_Get_Advance(face, ftIndex, flags, &value) == 0
        else { return nil }
        return Double(value)
    }

    // MARK: Helpers

    /// The index FreeType loads a glyph by: the glyph's CID in a CID-keyed face.
    private func freeTypeIndex(_ index: Int) -> FT_UInt? {
        guard let glyphCIDs else { return FT_UInt(exactly: index) }
        return glyphCIDs.indices.contains(index) ? FT_UInt(glyphCIDs[index]) : nil
    }

    private static func isPrivateUse(_ s: Unicode.Scalar) -> Bool {
        (0xE000...0xF8FF).contains(s.value) || s.value >= 0xF0000
    }

    /// Outside the Private Use Areas beats inside; then the smaller code.
    private static func prefer(_ new: Unicode.Scalar, over old: Unicode.Scalar) -> Bool {
        let newPUA = isPrivateUse(new), oldPUA = isPrivateUse(old)
        if newPUA != oldPUA { return oldPUA }
        return new.value < old.value
    }

    /// A NUL-terminated C string read at most `maxNameBytes` bytes far.
    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        var length = 0
        while length < maxNameBytes, pointer[length] != 0 { length += 1 }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        return String(decoding: bytes, as: UTF8.self)
    }
}
