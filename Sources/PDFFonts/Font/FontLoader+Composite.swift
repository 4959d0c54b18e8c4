import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import Synchronization

extension FontLoader {
    /// Type 0 fonts: an encoding CMap splits the string into codes and gives CIDs; the
    /// descendant CIDFont gives widths and glyphs.
    mutating func loadComposite(_ dict: PDFDictionary, objectNumber: Int?) -> Font {
        let descendant = store.dictionary(store.array(dict["DescendantFonts"])?.first)
            ?? store.dictionary(dict["DescendantFonts"]) ?? PDFDictionary()
        if descendant.isEmpty {
            diagnostics.append(.fontDamaged, .warning, "Type 0 font without /DescendantFonts", objectNumber: objectNumber)
        }
        let cidKind: FontKind = store.name(descendant["Subtype"])?.string == "CIDFontType0" ? .cidType0 : .cidType2
        var d = readDescriptor(descendant, kind: cidKind, objectNumber: objectNumber)
        let outerName = store.name(dict["BaseFont"])?.string ?? ""
        if !outerName.isEmpty { d.baseFont = outerName }

        // The encoding CMap.
        var cmap = CMap.identityH
        var cmapName: String? = "Identity-H"
        let enc = store.resolve(dict["Encoding"])
        if let n = enc.name {
            cmapName = n.string
            if let c = PredefinedCMaps.cmap(named: n.string) {
                cmap = c
            } else {
                let why = PredefinedCMaps.isAvailable ? "unknown" : "not available (install poppler-data)"
                diagnostics.append(.cmapUnknown, .warning, "predefined CMap \(n.string) \(why); codes read as Identity-H", objectNumber: objectNumber)
                if n.string.hasSuffix("-V") { cmap = CMap.identityV }
            }
        } else if let s = enc.stream {
            var log = DiagnosticLog()
            let useName = store.name(s.dictionary["UseCMap"])?.string
            let useStream = store.resolve(s.dictionary["UseCMap"]).stream
            let store = self.store
            let parsed = CMap.parse(store.streamData(s).bytes, resolve: { name in
                if let c = PredefinedCMaps.cmap(named: name) { return c }
                if name == useName, let us = useStream {
                    var inner = DiagnosticLog()
                    return CMap.parse(store.streamData(us).bytes, resolve: { PredefinedCMaps.cmap(named: $0) }, diagnostics: &inner)
                }
                return nil
            }, diagnostics: &log)
            diagnostics.append(contentsOf: log)
            if let parsed { cmap = parsed; cmapName = parsed.name } else {
                diagnostics.append(.cmapDamaged, .warning, "embedded encoding CMap unusable; codes read as Identity-H", objectNumber: s.objectID?.number ?? objectNumber)
            }
        } else {
            diagnostics.append(.fontDamaged, .warning, "Type 0 font without a usable /Encoding; codes read as Identity-H", objectNumber: objectNumber)
        }

        // The character collection.
        let csi = store.dictionary(descendant["CIDSystemInfo"])
        var registry = csi.flatMap { store.text($0["Registry"]) } ?? cmap.registry ?? ""
        var ordering = csi.flatMap { store.text($0["Ordering"]) } ?? cmap.ordering ?? ""
        if ordering == "Identity" || ordering.isEmpty, let r = cmap.registry, let o = cmap.ordering, o != "Identity" {
            registry = r; ordering = o
        }
        var cidToUnicode: CIDToUnicodeTable? = nil
        if ["Japan1", "GB1", "CNS1", "Korea1", "KR"].contains(ordering) {
            cidToUnicode = PredefinedCMaps.cidToUnicode(registry: registry.isEmpty ? "Adobe" : registry, ordering: ordering)
        }
        // Unicode CMaps: the codes are UTF-16 / UCS-2.
        let codesAreUnicode = cmapName.map { $0.hasPrefix("Uni") && (FontNames.contains($0, "UCS2") || FontNames.contains($0, "UTF16")) } ?? false
            || (dict[FontCache.utf16CodesKey]?.bool ?? false)

        // CIDToGIDMap.
        var cidToGID: [UInt16]? = nil
        if cidKind == .cidType2, let s = store.resolve(descendant["CIDToGIDMap"]).stream {
            let b = store.streamData(s).bytes
            var m = [UInt16](repeating: 0, count: b.count / 2)
            for i in 0..<m.count { m[i] = UInt16(b[2 * i]) << 8 | UInt16(b[2 * i + 1]) }
            cidToGID = m
        }

        let widths = CIDWidths(store: store, descendant: descendant)
        let toUnicode = toUnicode(dict, objectNumber: objectNumber)
        let standard = d.isEmbedded ? nil : StandardFontMetrics.lookup(d.baseFont)
        let summary = summary(d, kind: cidKind, standard: standard, objectNumber: objectNumber)
        let ascent = d.ascent ?? d.program?.ascender ?? 880
        var descent = d.descent ?? d.program?.descender ?? -120
        if descent >= ascent { descent = ascent - 1000 }

        if toUnicode == nil, cidToUnicode == nil, !codesAreUnicode, d.program == nil {
            diagnostics.append(.glyphUnmapped, .warning,
                               "font \(summary.name): no ToUnicode, collection \(registry)-\(ordering) has no CID-to-Unicode table and no program; its text is unknown",
                               objectNumber: objectNumber)
        }
        // `/ToUnicode /Identity-H` (a name, not a CMap): the producer says the codes are
        // Unicode (UCS-2), whatever the encoding CMap makes of them.
        let codesLookUnicode = toUnicode == nil && store.name(dict["ToUnicode"]).map {
            $0.string.hasPrefix("Identity") || $0.string.hasPrefix("Uni")
        } == true
        let decoder = CompositeFontDecoder(
            cmap: cmap, toUnicode: toUnicode, cidToUnicode: cidToUnicode, codesAreUnicode: codesAreUnicode,
            codesLookUnicode: codesLookUnicode,
            program: d.program, cidToGID: cidToGID, isCFF: cidKind == .cidType0, widths: widths)
        return Font(summary: summary, writingMode: cmap.writingMode, fontMatrix: Font.standardMatrix,
                    ascent: ascent, descent: descent, type3: nil, diagnostics: diagnostics, decoder: decoder,
                    toUnicodeMap: toUnicode, program: d.program)
    }
}

/// /W, /DW, /W2, /DW2 of a CIDFont as sorted ranges.
struct CIDWidths: Sendable {
    struct Entry: Sendable { var first: UInt32; var last: UInt32; var values: [Double]; var isConstant: Bool }
    var horizontal: [Entry] = []
    var vertical: [Entry] = []  // values: w1y, vx, vy per CID (or one triple when constant)
    var defaultWidth: Double = 1000
    var defaultVertical: (vy: Double, w1: Double) = (880, -1000)

    init(store: ObjectStore, descendant: PDFDictionary) {
        if let dw = store.number(descendant["DW"]), dw.isFinite { defaultWidth = dw }
        if let dw2 = store.array(descendant["DW2"]), dw2.count == 2,
           let a = store.number(dw2[0]), let b = store.number(dw2[1]), a.isFinite, b.isFinite {
            defaultVertical = (a, b)
        }
        horizontal = Self.parse(store.array(descendant["W"]) ?? [], store: store, stride: 1)
        vertical = Self.parse(store.array(descendant["W2"]) ?? [], store: store, stride: 3)
    }

    static func parse(_ w: [PDFObject], store: ObjectStore, stride: Int) -> [Entry] {
        var out: [Entry] = []
        var i = 0
        while i < w.count {
            guard let first = store.integer(w[i]), first >= 0, first <= Int(UInt32.max) else { i += 1; continue }
            guard i + 1 < w.count else { break }
            let next = store.resolve(w[i + 1])
            if let arr = next.array {
                let vals = arr.compactMap { store.number($0) }.filter { $0.isFinite }
                let n = vals.count / stride
                if n > 0 {
                    out.append(Entry(first: UInt32(first), last: UInt32(clamping: first + n - 1), values: Array(vals.prefix(n * stride)), isConstant: false))
                }
                i += 2
            } else if let last = next.integer {
                var vals: [Double] = []
                for k in 0..<stride {
                    guard i + 2 + k < w.count, let v = store.number(w[i + 2 + k]), v.isFinite else { break }
                    vals.append(v)
                }
                if vals.count == stride, last >= first, last <= Int(UInt32.max) {
                    out.append(Entry(first: UInt32(first), last: UInt32(last), values: vals, isConstant: true))
                }
                i += 2 + stride
            } else {
                i += 1
            }
        }
        out.sort { $0.first < $1.first }
        return out
    }

    static func find(_ entries: [Entry], _ cid: UInt32) -> (Entry, Int)? {
        var lo = 0, hi = entries.count - 1
        var found: Int? = nil
        while lo <= hi {
            let mid = (lo + hi) / 2
            if entries[mid].first <= cid { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        // Ranges may overlap: look back a little for one that covers the CID.
        guard var k = found else { return nil }
        var steps = 0
        while k >= 0, steps < 8 {
            let e = entries[k]
            if cid <= e.last { return (e, e.isConstant ? 0 : Int(cid - e.first)) }
            k -= 1; steps += 1
        }
        return nil
    }

    func width(_ cid: UInt32) -> Double {
        guard let (e, off) = Self.find(horizontal, cid) else { return defaultWidth }
        return e.values[off]
    }

    /// (w1y, vx, vy); vx defaults to half the horizontal width.
    func vertical(_ cid: UInt32, horizontalWidth: Double) -> (w1: Double, vx: Double, vy: Double) {
        if let (e, off) = Self.find(vertical, cid) {
            let b = off * 3
            return (e.values[b], e.values[b + 1], e.values[b + 2])
        }
        return (defaultVertical.w1, horizontalWidth / 2, defaultVertical.vy)
    }
}

/// Type 0 fonts: codes by CMap, glyph answers computed on first use and cached.
final class CompositeFontDecoder: FontDecoder, Sendable {
    let cmap: CMap
    let toUnicode: ToUnicodeMap?
    let cidToUnicode: CIDToUnicodeTable?
    let codesAreUnicode: Bool
    let codesLookUnicode: Bool
    let program: FontProgram?
    let cidToGID: [UInt16]?
    let isCFF: Bool
    let widths: CIDWidths
    private let cache = Mutex(GlyphTable())

    init(cmap: CMap, toUnicode: ToUnicodeMap?, cidToUnicode: CIDToUnicodeTable?, codesAreUnicode: Bool,
         codesLookUnicode: Bool = false, program: FontProgram?, cidToGID: [UInt16]?, isCFF: Bool, widths: CIDWidths) {
        self.cmap = cmap; self.toUnicode = toUnicode; self.cidToUnicode = cidToUnicode
        self.codesAreUnicode = codesAreUnicode
        self.codesLookUnicode = codesLookUnicode
        self.program = program; self.cidToGID = cidToGID
        self.isCFF = isCFF; self.widths = widths
    }

    var isSimple: Bool { false }

    func forEachCode(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32, Int) -> Void) {
        cmap.forEachCode(in: bytes, body)
    }

    func cid(_ code: UInt32, byteCount: Int) -> UInt32? { cmap.cid(for: code, length: byteCount) ?? 0 }

    func glyph(_ code: UInt32, byteCount: Int) -> FontGlyph {
        if let g = cache.withLock({ $0[code, byteCount] }) { return g }
        let g = compute(code, byteCount: byteCount)
        cache.withLock { c in
            if c.count < 200_000 { c[code, byteCount] = g }
        }
        return g
    }

    func compute(_ code: UInt32, byteCount: Int) -> FontGlyph {
        let cid = cmap.cid(for: code, length: byteCount) ?? 0
        // Glyph id.
        var gid = PositionedGlyph.unknownGlyphID
        if let program {
            if isCFF {
                gid = program.glyphID(forCID: cid) ?? gid
            } else if let m = cidToGID {
                gid = Int(cid) < m.count ? UInt32(m[Int(cid)]) : 0
            } else {
                gid = cid
            }
        }
        var unicode: [Unicode.Scalar] = []
        var source = UnicodeSource.none
        if let u = FontLoader.usable(toUnicode?.unicode(for: code, length: byteCount)) {
            unicode = u; source = .toUnicode
        } else if codesAreUnicode {
            if let s = Unicode.Scalar(code) { unicode = [s]; source = .encoding }
        } else if let t = cidToUnicode, let u = t.unicode(for: cid), !u.isEmpty {
            // A collection's vertical-variant CIDs map to the vertical presentation forms
            // (U+FE35 for a vertical parenthesis); the text is the horizontal character.
            unicode = u.count == 1 ? [VerticalForms.horizontal(u[0])] : u
            source = .encoding
        } else if let program, gid != PositionedGlyph.unknownGlyphID {
            if let gn = program.glyphName(gid), gn != ".notdef", let r = GlyphList.resolve(gn) {
                unicode = r.scalars; source = .fontProgram
            } else if let u = program.unicode(forGlyph: gid) {
                unicode = u; source = .fontProgram
            }
        }
        if source != .toUnicode, codesLookUnicode, !(0xD800...0xDFFF).contains(code), let s = Unicode.Scalar(code) {
            unicode = code < 0x20 ? [] : [s]; source = .toUnicode
        }
        let w = widths.width(cid)
        var g = FontGlyph(unicode: unicode, source: source, width: w, glyphID: gid)
        if cmap.writingMode == 1 {
            let v = widths.vertical(cid, horizontalWidth: w)
            g.verticalOrigin = (v.vx, v.vy)
            g.verticalAdvance = v.w1
        }
        return g
    }
}

/// The glyphs of the codes a composite font has shown so far: an open-addressing table
/// (linear probing, a multiplicative hash of code and length) whose memory follows the codes
/// stored. A `Dictionary` hashed every glyph's code with SipHash (about 4% of a LuaTeX
/// manual's instructions); pages of 256 by code cost a font catalogue, whose codes spread
/// over the whole two-byte range, 4 MB more.
struct GlyphTable {
    private struct Slot {
        /// `code | byteCount << 32`, plus 1 so that 0 marks an empty slot.
        var key: UInt64 = 0
        var glyph: FontGlyph? = nil
    }
    private var slots: [Slot] = []
    private(set) var count = 0

    @inline(__always) private static func key(_ code: UInt32, _ byteCount: Int) -> UInt64 {
        (UInt64(code) | UInt64(truncatingIfNeeded: byteCount) << 32) &+ 1
    }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func find(_ key: UInt64) -> Int {
        var i = home(key)
        while slots[i].key != 0 && slots[i].key != key { i = (i + 1) & (slots.count - 1) }
        return i
    }

    subscript(code: UInt32, byteCount: Int) -> FontGlyph? {
        get {
            guard !slots.isEmpty else { return nil }
            let k = Self.key(code, byteCount)
            let i = find(k)
            return slots[i].key == k ? slots[i].glyph : nil
        }
        set {
            let k = Self.key(code, byteCount)
            guard let glyph = newValue else { remove(k); return }
            if (count + 1) * 4 > slots.count * 3 { grow() }
            let i = find(k)
            if slots[i].key == 0 { count += 1 }
            slots[i] = Slot(key: k, glyph: glyph)
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: max(16, old.count * 2))
        for s in old where s.key != 0 { slots[find(s.key)] = s }
    }

    /// Removes `key`, shifting back the entries after it that probed past its slot.
    private mutating func remove(_ key: UInt64) {
        guard !slots.isEmpty else { return }
        var i = find(key)
        guard slots[i].key == key else { return }
        count -= 1
        let mask = slots.count - 1
        var j = i
        while true {
            j = (j + 1) & mask
            if slots[j].key == 0 { break }
            let k = home(slots[j].key)
            // The entry at j stays if its home lies cyclically in (i, j].
            if i <= j ? (i < k && k <= j) : (i < k || k <= j) { continue }
            slots[i] = slots[j]
            i = j
        }
        slots[i] = Slot()
    }
}

/// Embedded font programs of one document, parsed once per stream.
package final class ProgramCache: Sendable {
    private let programs = Mutex<[Int: FontProgram?]>([:])
    package init() {}

    func program(_ stream: PDFStream, format: FontProgram.Format, store: ObjectStore) -> FontProgram? {
        guard let id = stream.objectID?.number else {
            return FontProgram(data: store.streamData(stream).bytes, format: format)
        }
        if let p = programs.withLock({ $0[id] }) { return p }
        let p = FontProgram(data: store.streamData(stream).bytes, format: format)
        programs.withLock { $0[id] = p }
        return p
    }
}

/// Vertical presentation forms (U+FE10–FE19, U+FE30–FE48) → the characters they present.
enum VerticalForms {
    static let table: [UInt32: UInt32] = [
        0xFE10: 0xFF0C, 0xFE11: 0x3001, 0xFE12: 0x3002, 0xFE13: 0xFF1A, 0xFE14: 0xFF1B,
        0xFE15: 0xFF01, 0xFE16: 0xFF1F, 0xFE17: 0x3016, 0xFE18: 0x3017, 0xFE19: 0x2026,
        0xFE30: 0x2025, 0xFE31: 0x2014, 0xFE32: 0x2013, 0xFE33: 0xFF3F, 0xFE34: 0xFF3F,
        0xFE35: 0xFF08, 0xFE36: 0xFF09, 0xFE37: 0xFF5B, 0xFE38: 0xFF5D, 0xFE39: 0x3014,
        0xFE3A: 0x3015, 0xFE3B: 0x3010, 0xFE3C: 0x3011, 0xFE3D: 0x300A, 0xFE3E: 0x300B,
        0xFE3F: 0x3008, 0xFE40: 0x3009, 0xFE41: 0x300C, 0xFE42: 0x300D, 0xFE43: 0x300E,
        0xFE44: 0x300F, 0xFE47: 0xFF3B, 0xFE48: 0xFF3D,
    ]
    static func horizontal(_ s: Unicode.Scalar) -> Unicode.Scalar {
        guard (0xFE10...0xFE48).contains(s.value), let h = table[s.value], let r = Unicode.Scalar(h) else { return s }
        return r
    }
}
