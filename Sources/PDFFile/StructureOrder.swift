import PDFCore
import PDFSyntax

extension Diagnostic.Code {
    /// The structure tree reaches an element (or kids array) a second time.
    public static let structureTreeLoop = Diagnostic.Code("structureTreeLoop")
    /// The structure tree is deeper than the recursion limit, or larger than the node cap.
    public static let structureTreeTooLarge = Diagnostic.Code("structureTreeTooLarge")
    /// A kid of an unexpected type, a marked-content reference without a page, a `/Pg` that
    /// is not a page of the page tree.
    public static let structureTreeDamaged = Diagnostic.Code("structureTreeDamaged")
}

/// An element's entries as the structure walk reads them, parsed into objects
/// (`StructureOrder.Walker.ElementKeys`) or scanned from the bytes (`ElementScanner.Element`):
/// one decision (`enterElement`) for both.
protocol WalkedElement {
    /// Whether `/S` and `/MCID` are there (whatever their type).
    var hasS: Bool { get }
    var hasMCID: Bool { get }
    var pg: PDFObject? { get }
    var stm: PDFObject? { get }
    var obj: PDFObject? { get }
    /// `/Type`, `/S` as names and `/MCID` as an integer, resolved.
    func type(in store: ObjectStore) -> Name?
    func role(in store: ObjectStore) -> Name?
    func mcid(in store: ObjectStore) -> Int?
}

/// The reading order a tagged PDF's structure tree gives (ISO 32000-2 §14.7), per page, as
/// marked-content ids (MCIDs): `/Root /StructTreeRoot /K` walked depth-first, kids in array
/// order. Read once, when made; untagged files cost a dictionary lookup.
///
/// What a kid can be (§14.7.2, §14.7.5):
/// - an integer: an MCID on the page of the nearest element, itself or an ancestor, with
///   `/Pg` (the specification asks for the element's own `/Pg`; writers often leave it to
///   an ancestor, so it is inherited);
/// - a marked-content reference `<< /Type /MCR /MCID n /Pg … /Stm … >>`: its own `/Pg`
///   when given; with `/Stm` the content is in a form XObject's stream, whose MCIDs are
///   another numbering, so it is recorded in ``streamReferences`` and left out of the
///   page order;
/// - an object reference `<< /Type /OBJR /Obj … >>` (an annotation, an XObject): recorded
///   in ``objectReferences``;
/// - a structure element, or an array of any of these.
///
/// Damage is survived: the walk stops at ``Document/store``'s recursion limit and at
/// `maxNodes`, skips what it reaches a second time, and keeps everything read before; the
/// trouble goes to ``diagnostics``.
public struct StructureOrder: Sendable {
    /// A marked-content reference into a stream other than the page's content.
    public struct StreamContentReference: Sendable, Hashable {
        /// The page the reference names (its own `/Pg` or an ancestor's), when known.
        public var pageIndex: Int?
        /// The stream holding the marked content (`/Stm`), usually a form XObject.
        public var stream: ObjectID?
        public var mcid: Int
        /// The `/S` of the structure element the reference belongs to.
        public var role: String?
    }

    /// An object reference (OBJR): a whole object, such as a link annotation, as content.
    public struct ObjectReference: Sendable, Hashable {
        public var pageIndex: Int?
        public var object: ObjectID?
        public var role: String?
    }

    /// How many tree nodes (elements, kids, references) are read at most by default.
    public static let defaultMaxNodes = 2_000_000

    /// `/MarkInfo /Marked true`, or the catalog has a structure tree root.
    public let isTagged: Bool
    public private(set) var diagnostics = DiagnosticLog()
    /// Marked-content references into form XObjects, in tree order.
    public private(set) var streamReferences: [StreamContentReference] = []
    /// Object references, in tree order.
    public private(set) var objectReferences: [ObjectReference] = []

    var orderByPage: [Int: [Int]] = [:]
    /// How many elements were read from their bytes (`ElementScanner`).
    var scannedElements = 0
    var rolesByPage: [Int: [Int: String]] = [:]

    /// MCIDs of the page's content stream in structure order; nil when the tree names
    /// nothing there. An MCID named twice on a page counts at its first place.
    public func mcids(forPage pageIndex: Int) -> [Int]? { orderByPage[pageIndex] }

    /// The structure type (`/S`, as written: "P", "H1", "Span", a custom name the role map
    /// would translate) of the element each of the page's MCIDs belongs to; through a
    /// `NonStruct` element, its parent's.
    public func roles(forPage pageIndex: Int) -> [Int: String] { rolesByPage[pageIndex] ?? [:] }

    /// The pages the tree names MCIDs on, ascending.
    public var pagesWithContent: [Int] { orderByPage.keys.sorted() }

    public init(document: Document, maxNodes: Int = StructureOrder.defaultMaxNodes) {
        self.init(document: document, maxNodes: maxNodes, scansElements: true)
    }

    /// `scansElements`: read elements from their bytes where they can be (false parses every
    /// element into objects: the same result, slower; for tests that compare the two).
    init(document: Document, maxNodes: Int, scansElements: Bool) {
        let store = document.store
        let catalog = document.catalog
        let root = store.dictionary(catalog["StructTreeRoot"])
        isTagged = root != nil || document.isTagged
        diagnostics = DiagnosticLog(capacity: store.limits.maxDiagnostics)
        guard let root, let kids = root["K"] else { return }
        var pageIndex: [Int: Int] = [:]
        for page in document.pages {
            if let id = page.objectID { pageIndex[id.number] = page.index }
        }
        var walker = Walker(store: store, pageIndex: pageIndex, maxNodes: maxNodes, scans: scansElements)
        store.bytes.withUnsafeBufferPointer { buffer in
            walker.scanner = ElementScanner(buffer: buffer, store: store)
            walker.visit(kids, page: nil, role: nil, depth: 0)
            walker.scanner = nil
        }
        walker.flushPage()
        orderByPage = walker.order
        rolesByPage = walker.roles
        streamReferences = walker.streamReferences
        objectReferences = walker.objectReferences
        diagnostics = walker.log
        scannedElements = walker.scanned
    }

    /// The depth-first walk; one per tree.
    struct Walker {
        let store: ObjectStore
        let pageIndex: [Int: Int]
        let maxNodes: Int
        /// Object numbers reached: a bit each below `bitLimit` (elements are numbered
        /// densely from 1), a set above.
        var visitedBits: [UInt64] = []
        var visitedAbove: Set<Int> = []
        static let bitLimit = 1 << 22
        /// The page MCIDs are being placed on, with its order and roles taken out of
        /// `order` and `roles`: consecutive MCIDs are nearly always on one page, and this
        /// spares two table lookups each.
        var currentPage: Int? = nil
        var currentOrder: [Int] = []
        var currentRoles: [Int: String] = [:]
        var nodes = 0
        var reportedTooLarge = false
        var order: [Int: [Int]] = [:]
        var roles: [Int: [Int: String]] = [:]
        var streamReferences: [StreamContentReference] = []
        var objectReferences: [ObjectReference] = []
        var log: DiagnosticLog
        /// The last `/Pg` resolved, by object number: elements in a row are mostly on one page.
        var lastPage: (number: Int, index: Int)? = nil
        /// Pages whose `/Pg` did not resolve, reported once each.
        var unknownPages: Set<Int> = []
        var unplacedMCIDs = 0
        /// The roles met so far as strings: a document has few (`P`, `Span`, `Link`, …), and
        /// making a string of a name per element cost more than the rest of the element.
        var roleStrings: [(name: Name, string: String)] = []
        /// One parser for all the elements read.
        var entryReader: ObjectStore.EntryReader? = nil
        /// Elements read from their bytes, when they can be (`ElementScanner`): set for the
        /// walk, over the store's bytes.
        var scanner: ElementScanner? = nil
        /// Whether elements are read from their bytes (false: every element is parsed into
        /// objects, as tests compare), and how many were.
        let scans: Bool
        var scanned = 0

        init(store: ObjectStore, pageIndex: [Int: Int], maxNodes: Int, scans: Bool = true) {
            self.store = store
            self.pageIndex = pageIndex
            self.maxNodes = maxNodes
            self.log = DiagnosticLog(capacity: store.limits.maxDiagnostics)
            self.scans = scans
        }

        /// A `/Pg` entry as a page index: nil when absent, or when it is not a page of the
        /// page tree (reported; the caller then keeps the inherited page).
        mutating func page(of object: PDFObject?) -> Int? {
            guard let object else { return nil }
            guard let r = object.reference else {
                log.append(.structureTreeDamaged, .warning, "structure /Pg is not a reference to a page")
                return nil
            }
            if let last = lastPage, last.number == r.number { return last.index }
            if let i = pageIndex[r.number] {
                lastPage = (r.number, i)
                return i
            }
            if unknownPages.insert(r.number).inserted {
                log.append(.structureTreeDamaged, .warning, "structure /Pg names an object that is not a page of the page tree", objectNumber: r.number)
            }
            return nil
        }

        /// Counts a node; false once the cap is reached (reported once).
        mutating func admit() -> Bool {
            guard nodes < maxNodes else {
                if !reportedTooLarge {
                    reportedTooLarge = true
                    log.append(.structureTreeTooLarge, .warning, "structure tree has more than \(maxNodes) nodes; the rest is not read")
                }
                return false
            }
            nodes += 1
            return true
        }

        /// Puts the current page's MCIDs back into `order` and `roles`.
        mutating func flushPage() {
            guard let page = currentPage else { return }
            order[page] = currentOrder
            roles[page] = currentRoles
            currentPage = nil
            currentOrder = []
            currentRoles = [:]
        }

        /// Marks object `number` reached; false when it was already.
        mutating func firstVisit(_ number: Int) -> Bool {
            guard number >= 0, number < Self.bitLimit else { return visitedAbove.insert(number).inserted }
            let word = number >> 6, bit = UInt64(1) << UInt64(number & 63)
            if word >= visitedBits.count {
                visitedBits.append(contentsOf: repeatElement(0, count: max(word + 1, visitedBits.count * 2) - visitedBits.count))
            }
            if visitedBits[word] & bit != 0 { return false }
            visitedBits[word] |= bit
            return true
        }

        mutating func place(mcid: Int, page: Int?, role: String?) {
            guard let page else {
                unplacedMCIDs += 1
                if unplacedMCIDs == 1 {
                    log.append(.structureTreeDamaged, .warning, "structure tree has an MCID with no page (no /Pg on it or its ancestors)")
                }
                return
            }
            if page != currentPage {
                flushPage()
                currentPage = page
                currentOrder = order.removeValue(forKey: page) ?? []
                currentRoles = roles.removeValue(forKey: page) ?? [:]
            }
            if currentRoles[mcid] != nil { return }  // named twice: the first place counts
            currentOrder.append(mcid)
            currentRoles[mcid] = role ?? ""
        }

        /// Counts a node at `depth`; false (reported) past the node cap or the recursion limit.
        mutating func enter(depth: Int) -> Bool {
            guard admit() else { return false }
            guard depth <= store.limits.maxRecursionDepth else {
                log.append(.structureTreeTooLarge, .warning, "structure tree deeper than \(store.limits.maxRecursionDepth); the deeper part is not read")
                return false
            }
            return true
        }

        /// Visits a kid (or the root's `/K`). `page` and `role` come from the nearest
        /// enclosing element.
        mutating func visit(_ object: PDFObject, page: Int?, role: String?, depth: Int) {
            guard enter(depth: depth) else { return }
            if let r = object.reference, !firstVisit(r.number) {
                log.append(.structureTreeLoop, .warning, "structure tree reaches an object twice", objectNumber: r.number)
                return
            }
            // Each element is read once: from its bytes when it can be, else not kept in
            // the store's cache, and its few keys looked up in its entries as written.
            if scans, case .reference(let id) = object, let e = scanner?.element(id, in: store) {
                scanned += 1
                visitScanned(e, id: id, page: page, role: role, depth: depth)
                return
            }
            switch store.resolveOnceForLookup(object, reader: &entryReader) {
            case .dictionary(let d):
                visitDictionary(d, id: object.reference, page: page, role: role, depth: depth)
            case .other(.integer(let mcid)):
                place(mcid: Int(mcid), page: page, role: role)
            case .other(.array(let kids)):
                // An array adds no level: the depth counts elements.
                for kid in kids {
                    visit(kid, page: page, role: role, depth: depth)
                    if reportedTooLarge { return }
                }
            case .other(.null):
                break
            default:
                log.append(.structureTreeDamaged, .warning, "structure tree kid of an unexpected type", objectNumber: object.reference?.number)
            }
        }

        /// The entries of an element, marked-content or object reference that the walk reads.
        struct ElementKeys: WalkedElement {
            var type: PDFObject?, pg: PDFObject?, s: PDFObject?, mcid: PDFObject?
            var stm: PDFObject?, obj: PDFObject?, k: PDFObject?
            static let typeKey: Name = "Type", pgKey: Name = "Pg", sKey: Name = "S", mcidKey: Name = "MCID"
            static let stmKey: Name = "Stm", objKey: Name = "Obj", kKey: Name = "K"
            static let mcrType: Name = "MCR", objrType: Name = "OBJR"

            var hasS: Bool { s != nil }
            var hasMCID: Bool { mcid != nil }
            func type(in store: ObjectStore) -> Name? { store.name(type) }
            func role(in store: ObjectStore) -> Name? { store.name(s) }
            func mcid(in store: ObjectStore) -> Int? { store.integer(mcid) }

            /// One pass over the entries (a later duplicate replacing an earlier one, as
            /// a lookup would find it).
            init(_ d: DictionaryEntries) {
                d.forEach { key, value in
                    switch key {
                    case Self.kKey: k = value
                    case Self.sKey: s = value
                    case Self.pgKey: pg = value
                    case Self.typeKey: type = value
                    case Self.mcidKey: mcid = value
                    case Self.stmKey: stm = value
                    case Self.objKey: obj = value
                    default: break
                    }
                }
            }
        }

        /// A role name as a string, from `roleStrings` when met before (up to 64 of them).
        mutating func roleString(_ name: Name) -> String {
            for r in roleStrings where r.name == name { return r.string }
            let string = name.string
            if roleStrings.count < 64 { roleStrings.append((name, string)) }
            return string
        }

        mutating func visitDictionary(_ d: DictionaryEntries, id: ObjectID?, page: Int?, role: String?, depth: Int) {
            let e = ElementKeys(d)
            guard let kidsTake = enterElement(e, id: id, page: page, role: role), let kids = e.k else { return }
            visit(kids, page: kidsTake.page, role: kidsTake.role, depth: depth + 1)
        }

        /// What an element's entries make of it, parsed or scanned: a marked-content or object
        /// reference is recorded (nil back); a structure element gives the page and the role
        /// its kids take.
        mutating func enterElement<E: WalkedElement>(_ e: E, id: ObjectID?, page: Int?, role: String?) -> (page: Int?, role: String?)? {
            let type = e.type(in: store)
            let ownPage = self.page(of: e.pg)
            let here = ownPage ?? page
            // A marked-content reference (also when /Type is missing but /MCID is there).
            if type == ElementKeys.mcrType || (type == nil && !e.hasS && e.hasMCID) {
                guard let mcid = e.mcid(in: store) else {
                    log.append(.structureTreeDamaged, .warning, "marked-content reference without an integer /MCID", objectNumber: id?.number)
                    return nil
                }
                if let stm = e.stm {
                    streamReferences.append(StreamContentReference(pageIndex: here, stream: stm.reference, mcid: mcid, role: role))
                } else {
                    place(mcid: mcid, page: here, role: role)
                }
                return nil
            }
            if type == ElementKeys.objrType || (type == nil && !e.hasS && e.obj != nil) {
                objectReferences.append(ObjectReference(pageIndex: here, object: e.obj?.reference, role: role))
                return nil
            }
            // A structure element: its kids take its page and its type (an element without
            // `/S`, which is damaged, passes on its parent's).
            let elementRole = e.role(in: store).map { roleString($0) }
            if elementRole == nil {
                log.append(.structureTreeDamaged, .info, "structure element without /S", objectNumber: id?.number)
            }
            // A NonStruct element only groups (§14.8.4.2): its content keeps the parent's type.
            return (here, elementRole == "NonStruct" ? (role ?? elementRole) : (elementRole ?? role))
        }
    }
}
