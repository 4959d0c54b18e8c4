import PDFCore
import PDFSyntax

/// Structure elements read straight from their bytes: the walk needs seven entries of each
/// element (`/Type`, `/S`, `/Pg`, `/MCID`, `/Stm`, `/Obj`, `/K`) and reads its kids once, so
/// the element's dictionary is scanned token by token and nothing is built for the other
/// entries (a Chromium manual's 36,000 elements cost 540 M instructions when each was parsed
/// into objects, most of it making and freeing arrays and dictionaries).
///
/// Only what the object parser reads without a diagnostic, and gives the same entries for, is
/// taken: the header `N G obj <<`, entries whose keys are names, and for the seven entries a
/// name, a reference or an integer as the walk expects it, `null`, or (for `/K`) kids that
/// are integers, references, `null` and inline dictionaries of the same kind, alone or in
/// one array. Anything else (a stream, a name with `#`, a string not closed, a nested array
/// of kids, a value of another type) leaves the element to the object parser, whose
/// diagnostics then say what is wrong: the scan gives up before the walk has used any of it.
struct ElementScanner {
    var lexer: RawScanner
    let maxNesting: Int

    /// The entries of an element (or marked-content or object reference) the walk reads, as
    /// the parsed path reads them (a later entry replacing an earlier one with the same key,
    /// `null` no entry), with where its kids are written instead of the kids themselves.
    struct Element: WalkedElement {
        var type: Name? = nil
        var s: Name? = nil
        var page: ObjectID? = nil
        var mcid: Int64? = nil
        var stream: ObjectID? = nil
        var object: ObjectID? = nil
        /// Where the value of `/K` starts.
        var kids: Int? = nil
        /// How deep the dictionary is nested in its object (1: the object's own).
        var nesting = 1

        var hasS: Bool { s != nil }
        var hasMCID: Bool { mcid != nil }
        var pg: PDFObject? { page.map { .reference($0) } }
        var stm: PDFObject? { stream.map { .reference($0) } }
        var obj: PDFObject? { object.map { .reference($0) } }
        func type(in store: ObjectStore) -> Name? { type }
        func role(in store: ObjectStore) -> Name? { s }
        func mcid(in store: ObjectStore) -> Int? { mcid.map { Int($0) } }
    }

    /// Where each object is written (``ObjectStore/writtenOffsets()``), read once: two
    /// hashed lookups and a lock per element otherwise. Nil: asked of the store each time.
    let offsets: [Int32]?

    /// Over `buffer`, the store's bytes, which must outlive the scanner.
    init(buffer: UnsafeBufferPointer<UInt8>, store: ObjectStore) {
        lexer = RawScanner(buffer)
        maxNesting = store.limits.maxNestingDepth
        offsets = store.writtenOffsets()
    }

    /// Where object `id` is written, to be read from its bytes; nil when it is not.
    func offset(_ id: ObjectID, in store: ObjectStore) -> Int? {
        guard let offsets else { return store.writtenOffset(id) }
        guard id.number >= 0, id.number < offsets.count, offsets[id.number] >= 0 else { return nil }
        return Int(offsets[id.number])
    }

    /// The unescaped name in `value`, or nil (the element is then left to the parser).
    func name(_ value: RawToken) -> Name? {
        if case .name(let s, let t, false) = value { return lexer.name(s, t) }
        return nil
    }

    /// The reference in `value`, or nil (the element is then left to the parser).
    static func reference(_ value: RawToken) -> ObjectID? {
        if case .reference(let r) = value { return r }
        return nil
    }

    /// Object `id` read as an element from the file, or nil when the object parser must read it.
    mutating func element(_ id: ObjectID, in store: ObjectStore) -> Element? {
        guard maxNesting > 0, let offset = offset(id, in: store) else { return nil }
        lexer.position = offset
        guard lexer.enterIndirectDictionary(number: id.number), let element = body(nesting: 1) else { return nil }
        if case .keyword(.stream) = lexer.next() { return nil }
        return element
    }

    /// The entries of a dictionary after its `<<` (at `lexer.position`), its kids checked;
    /// nil when the object parser must read it. `nesting`: the dictionary's depth in its
    /// object (1 for an indirect object's own dictionary).
    mutating func body(nesting: Int) -> Element? {
        var e = Element()
        e.nesting = nesting
        while true {
            let key = lexer.next()
            if case .dictClose = key { return e }
            guard case .name(let ks, let ke, false) = key else { return nil }
            let valueStart = lexer.position
            let value = lexer.next()
            if case .null = value { continue }
            switch walkedKey(ks, ke) {
            case .k:
                e.kids = valueStart
                guard checkKids(value, nesting: nesting) else { return nil }
            case .s:
                guard let n = name(value) else { return nil }
                e.s = n
            case .pg:
                guard let r = Self.reference(value) else { return nil }
                e.page = r
            case .stm:
                guard let r = Self.reference(value) else { return nil }
                e.stream = r
            case .obj:
                guard let r = Self.reference(value) else { return nil }
                e.object = r
            case .type:
                guard let n = name(value) else { return nil }
                e.type = n
            case .mcid:
                guard case .integer(let n) = value else { return nil }
                e.mcid = n
            case .other:
                guard lexer.skipValue(value, depth: nesting, maxDepth: maxNesting) else { return nil }
            }
        }
    }

    /// The keys the walk reads.
    enum Key { case k, s, pg, stm, obj, type, mcid, other }

    /// The key whose bytes are `start..<end` (a name token's, inside the buffer): its bytes
    /// read as one little-endian word and compared whole (a byte-by-byte comparison with
    /// each of the seven names cost more than the rest of the entry).
    @inline(__always) func walkedKey(_ start: Int, _ end: Int) -> Key {
        let length = end - start
        guard length >= 1, length <= 4, start >= 0, end <= lexer.buffer.count else { return .other }
        var word: UInt32 = 0
        for k in 0..<length { word |= UInt32(lexer.buffer[start + k]) << UInt32(8 * k) }
        switch (length, word) {
        case (1, 0x4B): return .k                  // K
        case (1, 0x53): return .s                  // S
        case (2, 0x6750): return .pg               // Pg
        case (3, 0x6D_7453): return .stm           // Stm
        case (3, 0x6A_624F): return .obj           // Obj
        case (4, 0x6570_7954): return .type        // Type
        case (4, 0x4449_434D): return .mcid        // MCID
        default: return .other
        }
    }

    /// Whether the kids value starting with `first` is one the walk reads from the bytes:
    /// an integer, a reference, `null`, an inline dictionary of the same kind, or an array
    /// of those.
    mutating func checkKids(_ first: RawToken, nesting: Int) -> Bool {
        switch first {
        case .integer, .reference, .null:
            return true
        case .dictOpen:
            return nesting < maxNesting && body(nesting: nesting + 1) != nil
        case .arrayOpen:
            guard nesting < maxNesting else { return false }
            while true {
                switch lexer.next() {
                case .arrayClose: return true
                case .integer, .reference, .null: continue
                case .dictOpen:
                    guard nesting + 1 < maxNesting, body(nesting: nesting + 2) != nil else { return false }
                default: return false
                }
            }
        default:
            return false
        }
    }
}

extension StructureOrder.Walker {
    /// An element read by ``ElementScanner``: the same decision as a parsed one
    /// (``enterElement(_:id:page:role:)``), then its kids from the bytes.
    mutating func visitScanned(_ e: ElementScanner.Element, id: ObjectID?, page: Int?, role: String?, depth: Int) {
        guard let kidsTake = enterElement(e, id: id, page: page, role: role), let kids = e.kids else { return }
        visitScannedKids(at: kids, nesting: e.nesting, page: kidsTake.page, role: kidsTake.role, depth: depth + 1)
    }

    /// The kids value at `offset` (checked by ``ElementScanner/checkKids(_:nesting:)``), as
    /// ``visit(_:page:role:depth:)`` walks the object it would be. `nesting`: that of the
    /// element the kids belong to.
    mutating func visitScannedKids(at offset: Int, nesting: Int, page: Int?, role: String?, depth: Int) {
        guard var lexer = scanner?.lexer else { return }
        lexer.position = offset
        let first = lexer.next()
        guard case .arrayOpen = first else {
            visitScannedKid(first, &lexer, nesting: nesting + 1, page: page, role: role, depth: depth)
            return
        }
        // As an array kid: counted, depth-checked, and its kids at its own depth.
        guard enter(depth: depth) else { return }
        while visitScannedKid(lexer.next(), &lexer, nesting: nesting + 2, page: page, role: role, depth: depth), !reportedTooLarge {}
    }

    /// One kid that is not an array, `token` read by `lexer`: false at anything else (the end
    /// of the array). `nesting`: that of an inline dictionary kid.
    @discardableResult
    mutating func visitScannedKid(_ token: RawToken, _ lexer: inout RawScanner, nesting: Int, page: Int?, role: String?, depth: Int) -> Bool {
        switch token {
        case .integer(let n): visit(.integer(n), page: page, role: role, depth: depth)
        case .reference(let r): visit(.reference(r), page: page, role: role, depth: depth)
        case .null: visit(.null, page: page, role: role, depth: depth)
        case .dictOpen:
            // As a direct dictionary: counted and depth-checked, read by the shared scanner,
            // and passed over here, to the next kid.
            if enter(depth: depth), scanner != nil {
                scanner!.lexer.position = lexer.position
                if let e = scanner!.body(nesting: nesting) { visitScanned(e, id: nil, page: page, role: role, depth: depth) }
            }
            _ = lexer.skipValue(.dictOpen, depth: 0, maxDepth: Int.max)
        default:
            return false
        }
        return true
    }
}
