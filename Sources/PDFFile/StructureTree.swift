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
        /// The namespace URI of `/NS` (ISO 32000-2 §14.7.4), nil when the element names none
        /// and so is in the default namespace, PDF 1.7's (``pdf17Namespace``).
        public var namespace: String?
        /// The namespace of ``standardType``: ``pdf17Namespace``, ``pdf20Namespace`` or
        /// ``mathMLNamespace``; nil when no standard type is reached.
        public var standardNamespace: String?
        /// The structure elements `/Ref` names (ISO 32000-2 Table 355), as object ids.
        public var references: [ObjectID] = []
    }

    /// The standard structure namespace of PDF 1.7, the default for elements without `/NS`.
    public static let pdf17Namespace = "http://iso.org/pdf/ssn"
    /// The standard structure namespace of PDF 2.0.
    public static let pdf20Namespace = "http://iso.org/pdf2/ssn"
    /// MathML 3.0: every element of this namespace is standard.
    public static let mathMLNamespace = "http://www.w3.org/1998/Math/MathML"

    /// The standard structure types of the PDF 1.7 namespace (ISO 32000-1 §14.8.4).
    public static let pdf17Types: Set<String> = [
        "Document", "Part", "Art", "Sect", "Div", "BlockQuote", "Caption", "TOC", "TOCI", "Index",
        "NonStruct", "Private", "P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "L", "LI", "Lbl", "LBody",
        "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot", "Span", "Quote", "Note", "Reference",
        "BibEntry", "Code", "Link", "Annot", "Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP",
        "Figure", "Formula", "Form",
    ]

    /// The standard structure types of the PDF 2.0 namespace (ISO 32000-2 §14.8.4); `Hn`
    /// has any level n ≥ 1 there (see ``isStandard(_:namespace:)``).
    public static let pdf20Types: Set<String> = [
        "Document", "DocumentFragment", "Part", "Sect", "Div", "Aside", "NonStruct", "P", "H", "Title", "FENote",
        "Sub", "Lbl", "Span", "Em", "Strong", "Link", "Annot", "Form", "Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP",
        "L", "LI", "LBody", "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot", "Caption", "Figure", "Formula",
        "Artifact", "TOC", "TOCI",
    ]

    /// Whether `type` is a standard type of the standard namespace `namespace` (nil: the
    /// default, PDF 1.7). Types of other namespaces are never standard. `strict` false lets
    /// the default namespace also have the PDF 2.0 types, as readers of PDF 1.7 files that
    /// use them without `/NS` expect (``standardType`` is read so); the audit is strict.
    public static func isStandard(_ type: String, namespace: String?, strict: Bool = true) -> Bool {
        switch namespace ?? pdf17Namespace {
        case pdf17Namespace: return pdf17Types.contains(type) || (!strict && standardTypes.contains(type))
        case pdf20Namespace:
            if pdf20Types.contains(type) { return true }
            guard type.count >= 2, type.first == "H", let n = Int(type.dropFirst()), n >= 1 else { return false }
            return String(n) == type.dropFirst()
        case mathMLNamespace: return !type.isEmpty
        default: return false
        }
    }

    /// A namespace dictionary (`/Type /Namespace`): its URI and its `/RoleMapNS`, each type
    /// mapped to a type and the namespace URI of the target (nil: the default namespace).
    public struct Namespace: Sendable, Hashable {
        public var uri: String
        public var roleMap: [String: RoleTarget]
    }

    /// Where a role map entry sends a type.
    public struct RoleTarget: Sendable, Hashable {
        public var type: String
        /// nil: the default namespace (a plain name in `/RoleMapNS`, or any `/RoleMap` entry).
        public var namespace: String?
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
    /// The namespaces of `/Namespaces` and of the elements' `/NS`, by URI (the first
    /// dictionary read for a URI wins).
    public private(set) var namespaces: [String: Namespace] = [:]
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
        if let list = store.resolve(root["Namespaces"]).array {
            for item in list.prefix(Self.maxNamespaces) { _ = builder.namespace(item) }
        }
        if let kids = root["K"] { roots = builder.kids(of: kids, parent: nil, page: nil, depth: 0).compactMap {
            if case .element(let i) = $0 { return i }
            builder.log.append(.structureTreeDamaged, .info, "structure tree root has a kid that is not an element")
            return nil
        } }
        namespaces = builder.namespaces
        // Standard types through the namespaces, once every namespace is known.
        for i in builder.elements.indices {
            let (type, ns) = Self.resolve(builder.elements[i].type, namespace: builder.elements[i].namespace,
                                          roleMap: roleMap, namespaces: namespaces)
            builder.elements[i].standardType = type
            builder.elements[i].standardNamespace = type == nil ? nil : (ns ?? Self.pdf17Namespace)
        }
        elements = builder.elements
        diagnostics = builder.log
    }

    /// Namespace dictionaries read at most.
    public static let maxNamespaces = 1024

    /// One step of role mapping from `type` in `namespace` (nil: default): `/RoleMapNS` of
    /// an explicit namespace, `/RoleMap` for the default one.
    public func roleTarget(of type: String, namespace: String?) -> RoleTarget? {
        Self.roleTarget(of: type, namespace: namespace, roleMap: roleMap, namespaces: namespaces)
    }

    static func roleTarget(of type: String, namespace: String?, roleMap: [String: String],
                           namespaces: [String: Namespace]) -> RoleTarget? {
        if let namespace {
            return namespaces[namespace]?.roleMap[type]
        }
        return roleMap[type].map { RoleTarget(type: $0, namespace: nil) }
    }

    /// The standard type and namespace `type` in `namespace` reaches (ISO 32000-2 §14.8.6):
    /// itself when standard in its namespace and not remapped there (a standard type of the
    /// default namespace that `/RoleMap` remaps follows the map, as PDF 1.7 readers do),
    /// else the role maps, hop by hop, up to ``maxRoleMapSteps``; (nil, nil) when nothing
    /// standard is reached.
    public static func resolve(_ type: String, namespace: String?, roleMap: [String: String],
                               namespaces: [String: Namespace], strict: Bool = false) -> (String?, String?) {
        var t = type, ns = namespace
        for _ in 0...maxRoleMapSteps {
            let next = roleTarget(of: t, namespace: ns, roleMap: roleMap, namespaces: namespaces)
            let standard = isStandard(t, namespace: ns, strict: strict)
            if standard, next == nil || (next?.type == t && next?.namespace == ns) { return (t, ns) }
            guard let n = next, !(n.type == t && n.namespace == ns) else { return (nil, nil) }
            if isStandard(n.type, namespace: n.namespace, strict: strict) { return (n.type, n.namespace) }
            t = n.type; ns = n.namespace
        }
        return (nil, nil)
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
        var namespaces: [String: Namespace] = [:]
        /// Namespace dictionaries already read, by object number, with their URI.
        var namespaceByObject: [Int: String] = [:]
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
            var e = Element(type: type, standardType: nil, parent: parent,
                            objectID: id, pageIndex: page, depth: depth)
            e.title = store.text(d["T"])
            e.alt = store.text(d["Alt"])
            e.actualText = store.text(d["ActualText"])
            e.expansion = store.text(d["E"])
            e.language = store.text(d["Lang"])
            e.id = store.resolve(d["ID"]).string.map { String(decoding: $0.bytes, as: UTF8.self) }
            e.attributes = attributes(d)
            e.hasParentEntry = d["P"] != nil
            if let ns = d["NS"] { e.namespace = namespace(ns) }
            if let ref = d["Ref"] {
                let r = store.resolve(ref)
                e.references = (r.array ?? [ref]).prefix(1024).compactMap(\.reference)
            }
            let index = elements.count
            elements.append(e)
            if let k = d["K"] {
                let made = kids(of: k, parent: index, page: page, depth: depth + 1)
                elements[index].kids = made
            }
            return index
        }

        /// The URI of namespace dictionary `object`, read into ``namespaces`` the first time.
        mutating func namespace(_ object: PDFObject) -> String? {
            if let r = object.reference, let uri = namespaceByObject[r.number] { return uri }
            guard let d = store.dictionary(object), let raw = store.resolve(d["NS"]).string else { return nil }
            let uri = String(decoding: raw.bytes, as: UTF8.self)
            if let r = object.reference { namespaceByObject[r.number] = uri }
            guard namespaces[uri] == nil, namespaces.count < StructureTree.maxNamespaces else { return uri }
            namespaces[uri] = Namespace(uri: uri, roleMap: [:])
            var map: [String: RoleTarget] = [:]
            if let m = store.dictionary(d["RoleMapNS"]) {
                for (k, v) in m.entries.prefix(4096) {
                    let value = store.resolve(v)
                    if let n = store.name(value) {
                        map[k.string] = RoleTarget(type: n.string, namespace: nil)
                    } else if let pair = value.array, pair.count >= 2, let n = store.name(pair[0]) {
                        // The target's namespace, read without recursing into its own map here.
                        let target: String?
                        if let r = pair[1].reference, let known = namespaceByObject[r.number] { target = known }
                        else if let td = store.dictionary(pair[1]), let u = store.resolve(td["NS"]).string {
                            target = String(decoding: u.bytes, as: UTF8.self)
                            if namespaces[target!] == nil { _ = namespace(pair[1]) }
                        } else { target = nil }
                        map[k.string] = RoleTarget(type: n.string, namespace: target)
                    }
                }
            }
            namespaces[uri]?.roleMap = map
            return uri
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
