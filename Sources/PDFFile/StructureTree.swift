import PDFCore
import PDFSyntax

/// The logical structure of a tagged PDF (ISO 32000-2 §14.7) as values: every structure
/// element in an arena, in tree order, with its standard role (through `/RoleMap`), its
/// attributes (`/A`, and `/C` through `/ClassMap`), `/Alt`, `/ActualText`, `/E`, `/Lang`,
/// `/T`, `/ID`, and its kids — elements, marked content on a page or in a form XObject,
/// and whole objects (OBJR: annotations, XObjects).
///
/// Damage is survived as in ``StructureOrder``: the walk stops at the store's recursion
/// limit and at `maxNodes`, skips objects reached a second time, and keeps what it read; the
/// trouble goes to ``diagnostics``.
public struct StructureTree: Sendable {
    /// A kid of a structure element, in the element's order.
    public enum Kid: Sendable, Hashable {
        /// A structure element: index into ``elements``.
        case element(Int)
        /// Marked content with id `mcid` on page `pageIndex` (the element's `/Pg` or an
        /// ancestor's); `stream` names a form XObject when the content is there (`/Stm`).
        case markedContent(pageIndex: Int?, mcid: Int, stream: ObjectID?)
        /// A whole object (`/OBJR`), such as a link or widget annotation.
        case object(pageIndex: Int?, object: ObjectID?)
    }

    /// An attribute object: its owner (`/O`: Layout, List, Table, PrintField, …) and entries.
    public struct Attribute: Sendable, Hashable {
        public var owner: String
        public var entries: [String: PDFObject]
    }

    public struct Element: Sendable, Hashable {
        /// `/S` as written (may be a custom type the role map translates).
        public var type: String
        /// The standard structure type `type` maps to through `/RoleMap` (itself when it is
        /// standard); nil when no standard type is reached.
        public var standardType: String?
        /// Index of the parent element, nil for a top-level element.
        public var parent: Int?
        public var kids: [Kid] = []
        public var objectID: ObjectID?
        /// The element's page (`/Pg`, or inherited from an ancestor).
        public var pageIndex: Int?
        public var title: String?
        public var alt: String?
        public var actualText: String?
        public var expansion: String?
        public var language: String?
        public var id: String?
        public var attributes: [Attribute] = []
        /// Depth below the structure tree root (top-level elements are 0).
        public var depth: Int
        /// Whether the element's dictionary has a `/P` (parent) entry, which ISO 32000-1
        /// requires; ``parent`` is where the walk found the element either way.
        public var hasParentEntry = true
    }

    /// The structure types of ISO 32000-1 §14.8.4 and ISO 32000-2 §14.8.4.
    public static let standardTypes: Set<String> = [
        "Document", "DocumentFragment", "Part", "Art", "Sect", "Div", "Aside", "NonStruct", "Private",
        "BlockQuote", "Caption", "TOC", "TOCI", "Index", "P", "H", "H1", "H2", "H3", "H4", "H5", "H6",
        "Title", "FENote", "L", "LI", "Lbl", "LBody", "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot",
        "Span", "Quote", "Note", "Reference", "BibEntry", "Code", "Link", "Annot", "Ruby", "RB", "RT", "RP",
        "Warichu", "WT", "WP", "Figure", "Formula", "Form", "Sub", "Em", "Strong", "Artifact",
    ]

    /// How many role-map steps are followed at most (chains longer than this, or cycles,
    /// end without a standard type).
    public static let maxRoleMapSteps = 32

    public private(set) var elements: [Element] = []
    /// Top-level elements (the kids of `/StructTreeRoot`), in order.
    public private(set) var roots: [Int] = []
    /// `/RoleMap` as written.
    public private(set) var roleMap: [String: String] = [:]
    public private(set) var diagnostics = DiagnosticLog()
    /// Whether the catalog has a structure tree root.
    public let hasStructureTree: Bool

    public init(document: Document, maxNodes: Int = StructureOrder.defaultMaxNodes) {
        let store = document.store
        let root = store.dictionary(document.catalog["StructTreeRoot"])
        hasStructureTree = root != nil
        diagnostics = DiagnosticLog(capacity: store.limits.maxDiagnostics)
        guard let root else { return }
        if let map = store.dictionary(root["RoleMap"]) {
            for (k, v) in map.entries { if let n = store.name(v) { roleMap[k.string] = n.string } }
        }
        var classMap: [String: [PDFObject]] = [:]
        if let map = store.dictionary(root["ClassMap"]) {
            for (k, v) in map.entries {
                let resolved = store.resolve(v)
                classMap[k.string] = resolved.array ?? [resolved]
            }
        }
        var pageIndex: [Int: Int] = [:]
        for page in document.pages { if let id = page.objectID { pageIndex[id.number] = page.index } }
        var builder = Builder(store: store, pageIndex: pageIndex, maxNodes: maxNodes, roleMap: roleMap, classMap: classMap,
                              log: DiagnosticLog(capacity: store.limits.maxDiagnostics))
        if let kids = root["K"] { roots = builder.kids(of: kids, parent: nil, page: nil, depth: 0).compactMap {
            if case .element(let i) = $0 { return i }
            builder.log.append(.structureTreeDamaged, .info, "structure tree root has a kid that is not an element")
            return nil
        } }
        elements = builder.elements
        diagnostics = builder.log
    }

    /// The standard type `type` maps to through `roleMap`, or nil.
    public static func standardType(of type: String, roleMap: [String: String]) -> String? {
        var t = type
        for _ in 0...maxRoleMapSteps {
            if standardTypes.contains(t) { return t }
            guard let next = roleMap[t], next != t else { return nil }
            t = next
        }
        return nil
    }

    /// The nearest language of element `index`: its own `/Lang` or an ancestor's.
    public func language(of index: Int) -> String? {
        var i: Int? = index
        var steps = 0
        while let k = i, steps <= elements.count {
            if let l = elements[k].language, !l.isEmpty { return l }
            i = elements[k].parent
            steps += 1
        }
        return nil
    }

    struct Builder {
        let store: ObjectStore
        let pageIndex: [Int: Int]
        let maxNodes: Int
        let roleMap: [String: String]
        let classMap: [String: [PDFObject]]
        var log: DiagnosticLog
        var elements: [Element] = []
        var visited: Set<Int> = []
        var nodes = 0
        var stopped = false

        init(store: ObjectStore, pageIndex: [Int: Int], maxNodes: Int, roleMap: [String: String],
             classMap: [String: [PDFObject]], log: DiagnosticLog) {
            self.store = store; self.pageIndex = pageIndex; self.maxNodes = maxNodes
            self.roleMap = roleMap; self.classMap = classMap; self.log = log
        }

        mutating func page(_ object: PDFObject?) -> Int? {
            guard let r = object?.reference else { return nil }
            return pageIndex[r.number]
        }

        /// The kids a `/K` value gives, made under element `parent`.
        mutating func kids(of object: PDFObject, parent: Int?, page: Int?, depth: Int) -> [Kid] {
            guard !stopped else { return [] }
            guard nodes < maxNodes else {
                stopped = true
                log.append(.structureTreeTooLarge, .warning, "structure tree has more than \(maxNodes) nodes; the rest is not read")
                return []
            }
            nodes += 1
            guard depth <= store.limits.maxRecursionDepth else {
                log.append(.structureTreeTooLarge, .warning, "structure tree deeper than \(store.limits.maxRecursionDepth); the deeper part is not read")
                return []
            }
            if let r = object.reference, !visited.insert(r.number).inserted {
                log.append(.structureTreeLoop, .warning, "structure tree reaches an object twice", objectNumber: r.number)
                return []
            }
            switch store.resolve(object) {
            case .integer(let mcid):
                return [.markedContent(pageIndex: page, mcid: Int(mcid), stream: nil)]
            case .array(let items):
                var out: [Kid] = []
                for item in items { out += kids(of: item, parent: parent, page: page, depth: depth) }
                return out
            case .dictionary(let d):
                let type = store.name(d["Type"])?.string
                let here = self.page(d["Pg"]) ?? page
                if type == "MCR" || (type == nil && d["S"] == nil && d["MCID"] != nil) {
                    guard let mcid = store.integer(d["MCID"]) else { return [] }
                    return [.markedContent(pageIndex: here, mcid: mcid, stream: d["Stm"]?.reference)]
                }
                if type == "OBJR" || (type == nil && d["S"] == nil && d["Obj"] != nil) {
                    return [.object(pageIndex: here, object: d["Obj"]?.reference)]
                }
                return [.element(element(d, id: object.reference, parent: parent, page: here, depth: depth))]
            case .null:
                return []
            default:
                log.append(.structureTreeDamaged, .warning, "structure tree kid of an unexpected type", objectNumber: object.reference?.number)
                return []
            }
        }

        mutating func element(_ d: PDFDictionary, id: ObjectID?, parent: Int?, page: Int?, depth: Int) -> Int {
            let type = store.name(d["S"])?.string ?? ""
            if type.isEmpty { log.append(.structureTreeDamaged, .info, "structure element without /S", objectNumber: id?.number) }
            var e = Element(type: type, standardType: StructureTree.standardType(of: type, roleMap: roleMap), parent: parent,
                            objectID: id, pageIndex: page, depth: depth)
            e.title = store.text(d["T"])
            e.alt = store.text(d["Alt"])
            e.actualText = store.text(d["ActualText"])
            e.expansion = store.text(d["E"])
            e.language = store.text(d["Lang"])
            e.id = store.resolve(d["ID"]).string.map { String(decoding: $0.bytes, as: UTF8.self) }
            e.attributes = attributes(d)
            e.hasParentEntry = d["P"] != nil
            let index = elements.count
            elements.append(e)
            if let k = d["K"] {
                let made = kids(of: k, parent: index, page: page, depth: depth + 1)
                elements[index].kids = made
            }
            return index
        }

        /// `/A` (a dictionary, or an array of them with revision numbers) and the classes of
        /// `/C` looked up in the class map.
        func attributes(_ d: PDFDictionary) -> [Attribute] {
            var objects: [PDFObject] = []
            if let a = d["A"] { let r = store.resolve(a); objects += r.array ?? [r] }
            if let c = d["C"] {
                let r = store.resolve(c)
                for name in (r.array ?? [r]) {
                    if let n = store.name(name)?.string { objects += classMap[n] ?? [] }
                }
            }
            var out: [Attribute] = []
            for o in objects.prefix(64) {
                guard let dict = store.dictionary(o) else { continue }  // revision numbers are skipped
                var entries: [String: PDFObject] = [:]
                for (k, v) in dict.entries where k.string != "O" { entries[k.string] = store.resolve(v) }
                out.append(Attribute(owner: store.name(dict["O"])?.string ?? "", entries: entries))
            }
            return out
        }
    }
}
