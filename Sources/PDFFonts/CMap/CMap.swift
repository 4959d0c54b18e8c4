import PDFCore
import PDFSyntax

/// A character-code to CID map (PDF 32000-1 §9.7.5): codespace ranges that say how many
/// bytes a code takes, `cidchar`/`cidrange`/`notdef*` mappings, `usecmap` inheritance,
/// writing mode.
///
/// Mappings are kept as ranges (a `cidrange` of a million codes is one entry), compiled to
/// sorted disjoint segments searched by bisection, with direct tables for one-byte codes
/// and large two-byte maps.
package final class CMap: Sendable {
    package let name: String?
    /// 0 horizontal, 1 vertical.
    package let writingMode: Int
    /// /CIDSystemInfo registry and ordering (`Adobe`, `Japan1`), when declared.
    package let registry: String?
    package let ordering: String?
    /// /CIDSystemInfo supplement, when declared.
    package let supplement: Int?

    let codespace: Codespace
    /// Code → CID at the entry's first code (CID = payload + code - lo).
    let cids: CodeRangeMap<UInt32>
    /// Code → the CID used when the glyph is missing (one CID for the whole range).
    let notdefs: CodeRangeMap<UInt32>
    /// True when the program declared no codespace and one was inferred from its mappings.
    package let isCodespaceInferred: Bool

    /// An identity CMap: two-byte codes, CID = code (what `Identity-H`/`Identity-V` are).
    package convenience init(name: String?, writingMode: Int, registry: String?, ordering: String?) {
        self.init(
            name: name, writingMode: writingMode, registry: registry, ordering: ordering, supplement: 0,
            codespace: Codespace([CodespaceRange(low: [0, 0], high: [0xFF, 0xFF])]),
            cids: CodeRangeMap(pending: [[], [RangeEntry(lo: 0, hi: 0xFFFF, payload: 0)]]),
            notdefs: CodeRangeMap(), isCodespaceInferred: false)
    }

    init(
        name: String?, writingMode: Int, registry: String?, ordering: String?, supplement: Int?,
        codespace: Codespace, cids: CodeRangeMap<UInt32>, notdefs: CodeRangeMap<UInt32>, isCodespaceInferred: Bool
    ) {
        self.name = name
        self.writingMode = writingMode
        self.registry = registry
        self.ordering = ordering
        self.supplement = supplement
        self.codespace = codespace
        self.cids = cids
        self.notdefs = notdefs
        self.isCodespaceInferred = isCodespaceInferred
    }

    /// Parses a CMap program. `resolve` supplies CMaps named by `usecmap` (their mappings
    /// are inherited; the program's own override them). Nil when the program declares
    /// neither a codespace nor a mapping nor a usable `usecmap`.
    ///
    /// `bfchar`/`bfrange` in an encoding CMap (a common producer mistake) are read as CIDs
    /// written in bytes.
    package static func parse(_ bytes: [UInt8], resolve: (String) -> CMap?, diagnostics: inout DiagnosticLog) -> CMap? {
        let program = CMapProgram.parse(bytes, diagnostics: &diagnostics)
        var bases: [CMap] = []
        for name in program.useCMaps {
            if let base = resolve(name) {
                bases.append(base)
            } else {
                diagnostics.append(.cmapUnknown, .warning, "CMap: usecmap names an unknown CMap \(name)")
            }
        }
        if program.codespace.isEmpty, program.entryCount == 0, bases.isEmpty { return nil }

        var cidPending = [[RangeEntry<UInt32>]](repeating: [], count: 4)
        var notdefPending = [[RangeEntry<UInt32>]](repeating: [], count: 4)
        var ranges: [CodespaceRange] = []
        for base in bases {
            let inheritedCIDs = base.cids.flattened { cid, offset in cid &+ offset }
            let inheritedNotdefs = base.notdefs.flattened { cid, _ in cid }
            for k in 0..<4 {
                cidPending[k].append(contentsOf: inheritedCIDs[k])
                notdefPending[k].append(contentsOf: inheritedNotdefs[k])
            }
            if !base.isCodespaceInferred { ranges.append(contentsOf: base.codespace.ranges) }
        }
        for e in program.cidEntries {
            cidPending[e.length - 1].append(RangeEntry(lo: e.lo, hi: e.hi, payload: e.value))
        }
        for e in program.notdefEntries {
            notdefPending[e.length - 1].append(RangeEntry(lo: e.lo, hi: e.hi, payload: e.value))
        }
        appendBFEntries(program.bfEntries, to: &cidPending, diagnostics: &diagnostics)
        ranges.append(contentsOf: program.codespace)

        let cids = CodeRangeMap(pending: cidPending)
        let notdefs = CodeRangeMap(pending: notdefPending)
        var codespace = Codespace(ranges)
        var inferred = false
        if codespace.isEmpty {
            codespace = Codespace.inferred(from: [cids, notdefs])
            inferred = true
            if codespace.isEmpty {
                codespace = Codespace([CodespaceRange(low: [0, 0], high: [0xFF, 0xFF])])
            }
            diagnostics.append(.cmapDamaged, .info, "CMap: no codespace ranges; inferred from the mappings")
        }
        let first = bases.first
        return CMap(
            name: program.name ?? first?.name,
            writingMode: program.writingMode ?? first?.writingMode ?? 0,
            registry: program.registry ?? first?.registry,
            ordering: program.ordering ?? first?.ordering,
            supplement: program.supplement ?? first?.supplement,
            codespace: codespace, cids: cids, notdefs: notdefs, isCodespaceInferred: inferred)
    }

    /// `bfchar`/`bfrange` destinations read as CIDs (big-endian bytes).
    static func appendBFEntries(
        _ entries: [ProgramEntry<BFDestination>], to pending: inout [[RangeEntry<UInt32>]],
        diagnostics: inout DiagnosticLog
    ) {
        guard !entries.isEmpty else { return }
        diagnostics.append(.cmapDamaged, .info, "CMap: bfchar/bfrange in an encoding CMap read as CIDs")
        func cid(_ d: BFDestination?) -> UInt32? {
            guard case .string(let s)? = d, (1...4).contains(s.count) else { return nil }
            return s.reduce(0) { $0 << 8 | UInt32($1) }
        }
        for e in entries {
            switch e.value {
            case .string, .name:
                guard let c = cid(e.value) else { continue }
                let hi = UInt64(c) + UInt64(e.hi - e.lo) > UInt64(UInt32.max) ? e.lo + (UInt32.max - c) : e.hi
                pending[e.length - 1].append(RangeEntry(lo: e.lo, hi: hi, payload: c))
            case .array(let items):
                for (i, item) in items.enumerated() {
                    guard let c = cid(item), let code = UInt32(exactly: UInt64(e.lo) + UInt64(i)), code <= e.hi else { continue }
                    pending[e.length - 1].append(RangeEntry(lo: code, hi: code, payload: c))
                }
            }
        }
    }

    /// `Identity-H` / `Identity-V`: two-byte codes, CID = code.
    package static let identityH = CMap(name: "Identity-H", writingMode: 0, registry: "Adobe", ordering: "Identity")
    package static let identityV = CMap(name: "Identity-V", writingMode: 1, registry: "Adobe", ordering: "Identity")

    /// The codespace ranges (declared, inherited through `usecmap`, or inferred).
    package var codespaceRanges: [CodespaceRange] { codespace.ranges }

    /// Reads the code starting at `bytes[index]` using the codespace ranges; returns the code
    /// and its length in bytes (at least 1, so a caller always moves forward). A byte
    /// sequence no range matches is read as the length of the shortest range whose first
    /// byte matches, else as one byte (see ``readCode(_:at:)`` to know which happened).
    package func nextCode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (code: UInt32, length: Int) {
        let c = codespace.next(bytes, at: index)
        return (c.code, c.length)
    }

    /// ``nextCode(_:at:)`` with whether the code lies in the codespace.
    package func readCode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> CharacterCode {
        codespace.next(bytes, at: index)
    }

    /// Splits a whole string into codes.
    package func codes(in bytes: [UInt8]) -> [CharacterCode] {
        bytes.withUnsafeBufferPointer { buffer in
            var out: [CharacterCode] = []
            var i = 0
            while i < buffer.count {
                let c = codespace.next(buffer, at: i)
                out.append(c)
                i += c.length
            }
            return out
        }
    }

    /// The CID for a code of `length` bytes, or nil when unmapped (CID 0 is then used).
    /// A code with no `cidchar`/`cidrange` mapping falls back to its `notdefchar`/
    /// `notdefrange` CID.
    package func cid(for code: UInt32, length: Int) -> UInt32? {
        mappedCID(for: code, length: length) ?? notdefCID(for: code, length: length)
    }

    /// The CID from `cidchar`/`cidrange` only.
    package func mappedCID(for code: UInt32, length: Int) -> UInt32? {
        guard let e = cids.find(code, length: length) else { return nil }
        return e.payload &+ (code &- e.lo)
    }

    /// The CID from `notdefchar`/`notdefrange` only.
    package func notdefCID(for code: UInt32, length: Int) -> UInt32? {
        notdefs.find(code, length: length)?.payload
    }

    /// Whether the CMap maps every two-byte code to the same CID (`Identity-H/V`, or an
    /// embedded CMap with the identity's single range).
    package var isIdentity: Bool {
        let lv = cids.levels
        guard lv[0].segments.isEmpty, lv[2].segments.isEmpty, lv[3].segments.isEmpty,
              lv[1].segments.count == 1 else { return false }
        let s = lv[1].segments[0]
        let e = lv[1].entries[Int(s.entry)]
        return s.lo == 0 && s.hi == 0xFFFF && e.payload == e.lo
    }
}

/// What a CMap program declares about itself, read without building its mappings (for
/// checks on embedded CMaps).
package struct CMapDeclarations: Sendable, Hashable {
    /// `/CMapName`, `/WMode` and `/CIDSystemInfo` as the program defines them.
    package var name: String?
    package var writingMode: Int?
    package var registry: String?
    package var ordering: String?
    package var supplement: Int?
    /// The CMaps named by `usecmap`, in order.
    package var useCMaps: [String]

    /// Reads the declarations of a CMap program's bytes.
    package init(program bytes: [UInt8]) {
        var log = DiagnosticLog()
        let p = CMapProgram.parse(bytes, diagnostics: &log)
        name = p.name; writingMode = p.writingMode; registry = p.registry
        ordering = p.ordering; supplement = p.supplement; useCMaps = p.useCMaps
    }
}
