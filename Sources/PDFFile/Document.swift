import PDFCore
import PDFCrypto
import PDFSyntax
import Synchronization

extension Diagnostic.Code {
    public static let catalogMissing = Diagnostic.Code("catalogMissing")
    /// The trailer's /Encrypt is not a dictionary (a missing object, a stream, a number):
    /// the file is read as unencrypted.
    public static let encryptionIgnored = Diagnostic.Code("encryptionIgnored")
    public static let pageCountMismatch = Diagnostic.Code("pageCountMismatch")
}

/// The document information dictionary (ISO 32000-2 §14.3.3), decoded.
public struct DocumentInfo: Sendable, Hashable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    public var producer: String?
    public var creationDate: PDFDate?
    public var modificationDate: PDFDate?
    /// The raw date strings, for when they do not parse.
    public var creationDateString: String?
    public var modificationDateString: String?
    public var trapped: String?
    /// Every other text entry, by key.
    public var custom: [String: String] = [:]
    /// The keys outside the standard set (§14.3.3), whatever their values (what `pdfinfo`
    /// reports as "Custom Metadata").
    public var customKeys: [String] = []
}

/// How an AcroForm is present (`pdfinfo`'s "Form" line).
public enum FormKind: String, Sendable { case none, acroForm = "AcroForm", xfa = "XFA" }

/// An open PDF file: object store, security, catalog, pages and document-level metadata.
/// Reading is lazy where it can be; results are cached and thread-safe.
public final class Document: Sendable {
    public let store: ObjectStore
    /// The security handler when the file is encrypted.
    package let security: SecurityHandler?

    struct State: ~Copyable {
        var decryptor: Decryptor?
        var pages: [PageInfo]?
        var pageDiagnostics = DiagnosticLog()
        /// Made on first use of the outline or the annotations.
        var links: LinkResolver?
    }
    let state: Mutex<State>

    /// Opens a file from its bytes. An encrypted file is tried with the empty user password;
    /// when that fails the document is locked (``isLocked``) until ``unlock(password:)``.
    /// Throws when the bytes hold no usable PDF, or when the file uses a security handler
    /// this toolkit does not implement.
    public init(bytes: [UInt8], limits: Limits = .default) throws(PDFError) {
        let store = try ObjectStore(bytes: bytes, limits: limits)
        self.store = store
        if let encrypt = Self.encryptDictionary(store: store) {
            let dict = Self.encryptionDictionary(encrypt, store: store)
            let handler = try SecurityHandler(dict)
            self.security = handler
            // Strings and streams in clear (/StmF and /StrF /Identity): open without a password.
            let d = handler.authenticate(password: "") ?? handler.keylessDecryptor()
            store.setDecryptor(d)
            self.state = Mutex(State(decryptor: d))
        } else {
            self.security = nil
            self.state = Mutex(State(decryptor: nil))
        }
    }

    /// Opens and unlocks with `password` (user or owner); throws
    /// ``PDFError/Code/incorrectPassword`` when the file stays locked or when a non-empty
    /// password fits neither role.
    public convenience init(bytes: [UInt8], password: String?, limits: Limits = .default) throws(PDFError) {
        try self.init(bytes: bytes, limits: limits)
        if let password, !password.isEmpty, isEncrypted {
            // A password given explicitly must fit one of the roles (as poppler's tools
            // require), even when the empty user password would have opened the file.
            if unlock(password: password) { return }
            throw PDFError(.incorrectPassword, "incorrect password")
        }
        if isLocked {
            throw PDFError(.incorrectPassword, password == nil || password!.isEmpty ? "password required" : "incorrect password")
        }
    }

    // MARK: Security

    public var isEncrypted: Bool { security != nil }
    public var isLocked: Bool { security != nil && state.withLock { $0.decryptor == nil } }
    /// Which password opened the file (nil when not encrypted or still locked).
    public var unlockedAs: PasswordRole? { state.withLock { $0.decryptor?.role } }

    /// Tries a password as user and as owner password. Returns false when it is neither.
    /// A successful unlock with the owner password grants every permission.
    @discardableResult
    public func unlock(password: String) -> Bool {
        guard let security else { return true }
        guard let d = security.authenticate(password: password) else { return false }
        state.withLock {
            $0.decryptor = d
            $0.pages = nil
            $0.links = nil
        }
        store.setDecryptor(d)
        return true
    }

    /// The permissions in effect: all when unencrypted or opened with the owner password.
    public var permissions: Permissions {
        guard let security else { return .all }
        if let d = state.withLock({ $0.decryptor }) { return d.permissions }
        return Permissions(p: security.dictionary.p, revision: security.dictionary.r)
    }

    /// The trailer's /Encrypt when it is a dictionary. /Encrypt null, a reference to an
    /// object the file does not hold, or any other value (a stream, a number) is read as
    /// unencrypted, as Poppler and qpdf do; all but null leave a diagnostic.
    static func encryptDictionary(store: ObjectStore) -> PDFDictionary? {
        guard let entry = store.trailer["Encrypt"], entry != .null else { return nil }
        if case .dictionary(let d) = store.resolve(entry) { return d }
        store.note(Diagnostic(
            .encryptionIgnored, .warning, "the trailer's /Encrypt is not a dictionary; the file is read as unencrypted",
            objectNumber: entry.reference?.number))
        return nil
    }

    static func encryptionDictionary(_ d: PDFDictionary, store: ObjectStore) -> EncryptionDictionary {
        var e = EncryptionDictionary()
        e.filter = store.name(d["Filter"])?.string ?? ""
        e.subFilter = store.name(d["SubFilter"])?.string
        e.v = store.integer(d["V"]) ?? 0
        e.r = store.integer(d["R"]) ?? 2
        e.lengthBits = store.integer(d["Length"]) ?? 40
        e.o = store.resolve(d["O"]).string?.bytes ?? []
        e.u = store.resolve(d["U"]).string?.bytes ?? []
        e.oe = store.resolve(d["OE"]).string?.bytes ?? []
        e.ue = store.resolve(d["UE"]).string?.bytes ?? []
        e.perms = store.resolve(d["Perms"]).string?.bytes ?? []
        if let (p, alternatives) = Self.permissionBits(store.resolve(d["P"]), store: store) {
            e.p = p
            e.alternativeP = alternatives
        }
        e.encryptMetadata = store.resolve(d["EncryptMetadata"]).bool ?? true
        if let cf = store.dictionary(d["CF"]) {
            for (name, value) in cf.entries {
                guard let f = store.dictionary(value) else { continue }
                let method: CryptMethod
                switch store.resolve(f["CFM"]) {
                case .null: method = .none  // absent: /None, the default (Table 25)
                case .name(let cfm):
                    switch cfm.string {
                    case "None": method = .none
                    case "V2": method = .rc4
                    case "AESV2": method = .aesV2
                    case "AESV3": method = .aesV3
                    default: method = .unsupported(cfm.string)
                    }
                case let other: method = .unsupported(other.description)
                }
                var length = store.integer(f["Length"])
                if let l = length, l > 32 { length = l / 8 }
                e.cryptFilters[name.string] = CryptFilterDescriptor(method: method, lengthBytes: length)
            }
        }
        e.stmF = store.name(d["StmF"])?.string ?? "Identity"
        e.strF = store.name(d["StrF"])?.string ?? "Identity"
        e.eff = store.name(d["EFF"])?.string
        if let id = store.array(store.trailer["ID"]), let first = id.first {
            e.documentID = store.resolve(first).string?.bytes ?? []
        }
        return e
    }

    /// /P as the low 32 bits of the integer written, as qpdf, Poppler and MuPDF read an
    /// integer /P (signed, unsigned or wider). An integer too large for `Int64` was parsed
    /// as a real, which has lost those bits: they are read again from the digits wherever
    /// the file writes `/P` with that value (MuPDF keeps them), and the real's own value
    /// modulo 2^32 is the last reading to try. A real written as such (`-3904.0`, `1e300`)
    /// is truncated toward zero and reduced the same way; the password check decides which
    /// reading is right. Nil for anything else (not a number, not finite).
    static func permissionBits(_ object: PDFObject, store: ObjectStore) -> (Int32, [Int32])? {
        switch object {
        case .integer(let i):
            return (Int32(truncatingIfNeeded: i), [])
        case .real(let r) where r.isFinite:
            // The remainder is exact, and smaller in magnitude than 2^32.
            let reduced = r.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
            guard let whole = Int64(exactly: reduced) else { return nil }
            let own = Int32(truncatingIfNeeded: whole)
            guard abs(r) >= 9.2e18 else { return (own, []) }
            var readings = writtenIntegers(equalTo: r, afterName: "/P", in: store)
            if !readings.contains(own) { readings.append(own) }
            return (readings[0], Array(readings.dropFirst()))
        default:
            return nil
        }
    }

    /// The low 32 bits of each integer written after `/P` (and whitespace or comments) in
    /// the file whose value parses to `value`: at most 8, in file order.
    static func writtenIntegers(equalTo value: Double, afterName name: StaticString, in store: ObjectStore) -> [Int32] {
        let bytes = store.bytes
        var out: [Int32] = []
        var from = 0
        while out.count < 8, let q = ByteSearch.find(bytes, name, from: from, to: bytes.count) {
            from = q + 1
            let after = q + name.utf8CodeUnitCount
            // `/P` itself, not the start of a longer name such as `/Perms`.
            guard after < bytes.count, !CharacterClass.isRegular(bytes[after]) else { continue }
            var lexer = Lexer(bytes: bytes, position: after)
            lexer.skipWhitespaceAndComments()
            let start = lexer.position
            guard case .real(let v) = lexer.next(), v == value,
                  let bits = Lexer.integerLow32Bits(bytes, at: start) else { continue }
            let p = Int32(bitPattern: bits)
            if !out.contains(p) { out.append(p) }
        }
        return out
    }

    // MARK: Catalog and pages

    public var catalog: PDFDictionary { store.dictionary(store.trailer["Root"]) ?? PDFDictionary() }

    /// Every page in order, with inherited attributes.
    public var pages: [PageInfo] {
        if let p = state.withLock({ $0.pages }) { return p }
        var log = DiagnosticLog(capacity: store.limits.maxDiagnostics)
        var collected = PageTree.collect(store: store, catalog: catalog, log: &log)
        // Cross-reference data that reads but leads to no page (garbage entries, a catalog or
        // page tree marked free) is replaced by a rebuild from a scan when the file holds
        // page objects, as for data that cannot be read at all. Not while locked: objects
        // in encrypted object streams cannot be read yet.
        if collected.isEmpty, !isLocked, !store.wasRepaired, holdsPageObjects || !store.repairScan().objectStreams.isEmpty,
           store.repairFromScan(reason: catalog.isEmpty
               ? "cross-reference data does not lead to the document catalog"
               : "cross-reference data leads to a page tree with no page, but the file holds page objects") {
            log = DiagnosticLog(capacity: store.limits.maxDiagnostics)
            collected = PageTree.collect(store: store, catalog: catalog, log: &log)
        }
        if collected.isEmpty {
            let linearization = linearizationDictionary
            collected = PageTree.scanForPages(store: store, firstPage: linearization?["O"]?.integer, log: &log)
            // A linearized file states its page count (/N, Annex F); pages that cannot be
            // found are kept as empty placeholders so that page numbers stay the producer's.
            if let n = linearization?["N"]?.integer, n > collected.count, n <= store.limits.maxPages, !collected.isEmpty {
                let template = collected[collected.count - 1]
                log.append(.pageTreeDamaged, .warning, "the linearization dictionary declares \(n) pages but only \(collected.count) were found; the rest are empty placeholders")
                for i in collected.count..<n {
                    collected.append(PageInfo(index: i, objectID: nil, dictionary: PDFDictionary(), resources: nil,
                                              mediaBox: template.mediaBox, cropBox: template.cropBox, bleedBox: nil, trimBox: nil, artBox: nil,
                                              rotation: template.rotation, userUnit: template.userUnit))
                }
            }
        }
        state.withLock {
            $0.pages = collected
            $0.pageDiagnostics = log
        }
        return collected
    }

    public var pageCount: Int { pages.count }

    /// Whether a scan of the file finds objects typed /Page outside object streams. With no
    /// page read, such a file is damaged, not empty.
    public var holdsPageObjects: Bool { store.repairScan().objects.values.contains { $0.type == "Page" } }

    /// The `/Count` the page tree's root declares (may disagree with the pages reachable).
    public var declaredPageCount: Int? { store.integer(store.dictionary(catalog["Pages"])?["Count"]) }

    /// Page labels (ISO 32000-2 §12.4.2), one per page, or nil when the document has none
    /// (and while a document whose strings are encrypted is locked: their prefixes are
    /// strings).
    public var pageLabels: [String]? {
        guard !stringsSealed else { return nil }
        return PageLabels.labels(store: store, catalog: catalog, pageCount: pageCount)
    }

    /// True while the document is locked and its strings are encrypted: read now, every
    /// string would be ciphertext. What holds strings (the Info dictionary, the outline,
    /// page labels) then gives nothing until `unlock(password:)` succeeds.
    public var stringsSealed: Bool {
        guard let security, isLocked else { return false }
        return security.dictionary.encryptsStrings
    }

    /// The document outline (empty while `stringsSealed`: its titles are strings).
    public var outline: [OutlineItem] {
        guard !stringsSealed else { return [] }
        var log = DiagnosticLog()
        return OutlineReader.read(store: store, catalog: catalog, links: links, log: &log)
    }

    /// Destinations and actions resolved against this document's pages (made once).
    var links: LinkResolver {
        if let l = state.withLock({ $0.links }) { return l }
        let made = LinkResolver(store: store, catalog: catalog, pages: pages)
        return state.withLock { s in
            if let existing = s.links { return existing }
            s.links = made
            return made
        }
    }

    // MARK: Metadata

    /// The header version, raised by the catalog's `/Version` when that is later (§7.2.2).
    public var version: String {
        let header = store.headerVersion ?? ""
        if let v = store.name(catalog["Version"])?.string, Self.versionNumbers(v).lexicographicallyPrecedes(Self.versionNumbers(header)) == false,
           Self.versionNumbers(v) != Self.versionNumbers(header) { return v }
        return header.isEmpty ? "1.0" : header
    }

    static func versionNumbers(_ v: String) -> [Int] { v.split(separator: ".").map { Int($0) ?? 0 } }

    /// The Info dictionary. While `stringsSealed`, only what is not a string is read (the
    /// names of custom keys, a /Trapped name): never ciphertext as text.
    public var info: DocumentInfo {
        var info = DocumentInfo()
        guard let d = store.dictionary(store.trailer["Info"]) else { return info }
        let sealed = stringsSealed
        let standard: Set<Name> = ["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate", "Trapped"]
        info.customKeys = d.keys.filter { !standard.contains($0) }.map(\.string).sorted()
        for (key, value) in d.entries {
            guard !sealed, let s = store.resolve(value).string else {
                if key == "Trapped", let n = store.name(value) { info.trapped = n.string }
                continue
            }
            let text = s.text
            switch key {
            case "Title": info.title = text
            case "Author": info.author = text
            case "Subject": info.subject = text
            case "Keywords": info.keywords = text
            case "Creator": info.creator = text
            case "Producer": info.producer = text
            case "CreationDate":
                info.creationDateString = text
                info.creationDate = PDFDate(text)
            case "ModDate":
                info.modificationDateString = text
                info.modificationDate = PDFDate(text)
            case "Trapped": info.trapped = text
            default: info.custom[key.string] = text
            }
        }
        return info
    }

    /// The catalog's XMP metadata packet (§14.3.2), decoded as UTF-8.
    /// Nil while the document is locked and the metadata stream is encrypted.
    public var xmpMetadata: String? {
        if isLocked, let security, security.dictionary.encryptsMetadataStream { return nil }
        guard case .stream(let s) = store.resolve(catalog["Metadata"]) else { return nil }
        let data = store.streamData(s).bytes
        guard !data.isEmpty else { return nil }
        return TextString.decodeXML(data)
    }

    /// `/MarkInfo /Marked true` (what `pdfinfo` reports as "Tagged").
    public var isTagged: Bool { store.resolve(store.dictionary(catalog["MarkInfo"])?["Marked"]).bool ?? false }

    /// `/MarkInfo /Suspects true`: the tagging may not be accurate.
    public var hasSuspects: Bool { store.resolve(store.dictionary(catalog["MarkInfo"])?["Suspects"]).bool ?? false }

    /// `/MarkInfo /UserProperties true`: the structure tree holds user properties.
    public var hasUserProperties: Bool { store.resolve(store.dictionary(catalog["MarkInfo"])?["UserProperties"]).bool ?? false }

    /// Whether the catalog has a structure tree root.
    public var hasStructureTree: Bool { store.dictionary(catalog["StructTreeRoot"]) != nil }

    public var formKind: FormKind {
        guard let acro = store.dictionary(catalog["AcroForm"]) else { return .none }
        switch store.resolve(acro["XFA"]) {
        case .stream, .array: return .xfa
        default: return .acroForm
        }
    }

    /// JavaScript anywhere a viewer would run it: the document-level name tree, the open
    /// action, the catalog's and pages' additional actions, and annotation actions (links,
    /// widgets), following `/Next` chains (ISO 32000-2 §12.6.4.17).
    public var hasJavaScript: Bool {
        let c = catalog
        if let names = store.dictionary(c["Names"]), let js = store.dictionary(names["JavaScript"]),
           js["Names"] != nil || js["Kids"] != nil { return true }
        if isJavaScript(c["OpenAction"], depth: 0) { return true }
        if hasJavaScript(inAdditionalActions: c["AA"]) { return true }
        for page in pages {
            if hasJavaScript(inAdditionalActions: page.dictionary["AA"]) { return true }
            for annot in store.array(page.dictionary["Annots"]) ?? [] {
                guard let a = store.dictionary(annot) else { continue }
                if isJavaScript(a["A"], depth: 0) || hasJavaScript(inAdditionalActions: a["AA"]) { return true }
            }
        }
        return false
    }

    func hasJavaScript(inAdditionalActions object: PDFObject?) -> Bool {
        guard let aa = store.dictionary(object) else { return false }
        return aa.entries.values.contains { isJavaScript($0, depth: 0) }
    }

    func isJavaScript(_ object: PDFObject?, depth: Int) -> Bool {
        guard depth < 32, let action = store.dictionary(object) else { return false }
        if store.name(action["S"]) == "JavaScript" { return true }
        switch store.resolve(action["Next"]) {
        case .dictionary: return isJavaScript(action["Next"], depth: depth + 1)
        case .array(let a): return a.contains { isJavaScript($0, depth: depth + 1) }
        default: return false
        }
    }

    /// Linearized ("fast web view", Annex F): the first object is a linearization dictionary
    /// whose `/L` equals the file length.
    public var isLinearized: Bool {
        guard let l = linearizationDictionary?["L"]?.integer else { return false }
        return l == store.bytes.count
    }

    /// The linearization parameter dictionary: the file's first object, when it has `/Linearized`.
    public var linearizationDictionary: PDFDictionary? {
        // The header and the binary-marker line are comments, skipped with whitespace.
        var parser = Parser(bytes: store.bytes, position: store.headerOffset, end: min(store.bytes.count, store.headerOffset + 4096), limits: store.limits)
        parser.lexer.skipWhitespaceAndComments()
        guard let (_, object) = try? parser.parseIndirectObject(), let d = object.dictionary, d["Linearized"] != nil else { return nil }
        return d
    }

    /// Everything survivable that happened while reading.
    public var diagnostics: DiagnosticLog {
        var log = store.diagnostics
        log.append(contentsOf: state.withLock { $0.pageDiagnostics })
        return log
    }
}
