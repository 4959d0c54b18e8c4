import PDFCore
import PDFSyntax

extension Diagnostic.Code {
    public static let outlineLoop = Diagnostic.Code("outlineLoop")
}

/// A destination (ISO 32000-2 §12.3.2) resolved to a page where possible.
public struct Destination: Sendable, Hashable {
    /// 0-based page index, nil when the target page is not in the page tree.
    public var pageIndex: Int?
    /// The view: "XYZ", "Fit", "FitH", … with its numbers (nil entries for `null`).
    public var kind: String?
    public var parameters: [Double?]
    /// The named destination this came from, if any.
    public var name: String?
}

/// An action (ISO 32000-2 §12.6.4), with what a reader of the document needs of the kinds
/// that lead somewhere.
public struct ActionInfo: Sendable, Hashable {
    /// `/S`: "GoTo", "URI", "GoToR", "Launch", "Named", "JavaScript", …
    public var type: String
    /// GoTo: the destination in this document. GoToR and GoToE: the destination in the other
    /// file (its page index is the number the action gives, its name is not looked up).
    public var destination: Destination?
    /// URI: the target.
    public var uri: String?
    /// Named: the action's name (`/N`: "NextPage", "PrevPage", "FirstPage", "LastPage", …).
    public var name: String?
    /// GoToR, GoToE and Launch: the file specification's file name (`/UF`, else `/F`).
    public var file: String?

    public init(type: String, destination: Destination? = nil, uri: String? = nil, name: String? = nil, file: String? = nil) {
        self.type = type
        self.destination = destination
        self.uri = uri
        self.name = name
        self.file = file
    }
}

/// An item of the document outline (bookmarks), ISO 32000-2 §12.3.3.
public struct OutlineItem: Sendable, Hashable {
    public var title: String
    /// `/Dest`, or the destination of a GoTo action.
    public var destination: Destination?
    /// A URI action's target.
    public var uri: String?
    /// `/S` of the action when it is neither GoTo nor URI (e.g. "GoToR", "Launch", "JavaScript").
    public var actionType: String?
    /// The item's action (`/A`), when it has one.
    public var action: ActionInfo?
    /// Shown with its children expanded (`/Count` positive).
    public var isOpen: Bool
    public var children: [OutlineItem]

    public init(title: String, destination: Destination? = nil, uri: String? = nil, actionType: String? = nil, isOpen: Bool = false,
                children: [OutlineItem] = [], action: ActionInfo? = nil) {
        self.title = title
        self.destination = destination
        self.uri = uri
        self.actionType = actionType
        self.isOpen = isOpen
        self.children = children
        self.action = action
    }
}

enum OutlineReader {
    static func read(store: ObjectStore, catalog: PDFDictionary, links: LinkResolver, log: inout DiagnosticLog) -> [OutlineItem] {
        guard let outlines = store.dictionary(catalog["Outlines"]) else { return [] }
        var visited: Set<Int> = []
        var total = 0

        func items(first: PDFObject?, depth: Int) -> [OutlineItem] {
            var out: [OutlineItem] = []
            var current = first
            while let c = current {
                guard total < store.limits.maxOutlineItems else { return out }
                if let r = c.reference, !visited.insert(r.number).inserted {
                    log.append(.outlineLoop, .warning, "outline visits an item twice", objectNumber: r.number)
                    return out
                }
                guard let d = store.dictionary(c) else { return out }
                total += 1
                var item = OutlineItem(title: store.text(d["Title"]) ?? "", isOpen: (store.integer(d["Count"]) ?? 0) > 0)
                let target = links.target(dest: d["Dest"], action: d["A"])
                item.destination = target.destination
                item.uri = target.uri
                item.actionType = target.actionType
                item.action = target.action
                if depth < store.limits.maxRecursionDepth {
                    item.children = items(first: d["First"], depth: depth + 1)
                }
                out.append(item)
                current = d["Next"]
            }
            return out
        }
        return items(first: outlines["First"], depth: 0)
    }
}

/// Where an outline item or a link leads: its `/Dest`, else its action's.
struct LinkTarget {
    var destination: Destination?
    var uri: String?
    /// `/S` when the action is neither GoTo nor URI.
    var actionType: String?
    var action: ActionInfo?
}

/// Resolves destinations (explicit arrays, names, strings) to pages of the document, and
/// reads actions. Made once per document (the page map and the named destinations are read
/// once) and shared by the outline and the annotations.
struct LinkResolver: Sendable {
    let store: ObjectStore
    /// Page object number → 0-based page index.
    let pageIndex: [Int: Int]
    let named: NamedDestinations

    init(store: ObjectStore, catalog: PDFDictionary, pages: [PageInfo]) {
        self.store = store
        var index: [Int: Int] = [:]
        for p in pages { if let id = p.objectID { index[id.number] = p.index } }
        self.pageIndex = index
        self.named = NamedDestinations(store: store, catalog: catalog)
    }

    /// `/Dest` when present (§12.3.3, §12.5.6.5: it wins over `/A`), else the action.
    func target(dest: PDFObject?, action: PDFObject?) -> LinkTarget {
        var t = LinkTarget()
        if let dest, !store.resolve(dest).isNull {
            t.destination = destination(dest)
            return t
        }
        guard let a = self.action(action) else { return t }
        t.action = a
        switch a.type {
        case "GoTo": t.destination = a.destination
        case "URI": t.uri = a.uri
        default: t.actionType = a.type
        }
        return t
    }

    /// An action dictionary, or nil when `object` is not one (no `/S`).
    func action(_ object: PDFObject?) -> ActionInfo? {
        guard let d = store.dictionary(object), let s = store.name(d["S"]) else { return nil }
        var a = ActionInfo(type: s.string)
        switch s {
        case "GoTo":
            a.destination = d["D"].flatMap { destination($0) }
        case "GoToR", "GoToE":
            a.destination = d["D"].flatMap { destination($0, remote: true) }
            a.file = fileName(d["F"])
        case "Launch":
            a.file = fileName(d["F"]) ?? fileName(store.dictionary(d["Unix"])?["F"])
        case "URI":
            a.uri = store.resolve(d["URI"]).string.map { String(decoding: $0.bytes, as: UTF8.self) }
        case "Named":
            a.name = store.name(d["N"])?.string
        default:
            break
        }
        return a
    }

    /// A file specification's name (§7.11): a string, or a dictionary's `/UF` or `/F`.
    func fileName(_ object: PDFObject?) -> String? {
        let o = store.resolve(object)
        if let s = o.string { return s.text }
        guard let d = o.dictionary else { return nil }
        return store.text(d["UF"]) ?? store.text(d["F"]) ?? store.text(d["Unix"])
    }

    /// A destination (§12.3.2): an array, or a name or string looked up among the named
    /// destinations. `remote`: the destination belongs to another file, so a name is kept
    /// as it is and a page number is taken as given.
    func destination(_ object: PDFObject, remote: Bool = false) -> Destination? {
        var name: String? = nil
        var target = store.resolve(object)
        if case .name(let n) = target {
            name = n.string
            target = remote ? .null : store.resolve(named.lookup(nameBytes: n.bytes))
        } else if case .string(let s) = target {
            name = s.text
            target = remote ? .null : store.resolve(named.lookup(nameBytes: s.bytes))
        }
        // A named destination's value (often an indirect object) may be a dictionary with /D.
        if let d = target.dictionary, let inner = d["D"] { target = store.resolve(inner) }
        guard let array = target.array, let first = array.first else {
            return name.map { Destination(pageIndex: nil, kind: nil, parameters: [], name: $0) }
        }
        var page: Int? = nil
        switch first {
        case .reference(let r): page = remote ? nil : pageIndex[r.number]
        case .integer(let i):
            // A remote-style page number, used by some writers. No page tree holds more than
            // `maxPages` pages, and writers add 1 to the index: 2^63 − 1 must not reach them.
            page = i >= 0 && i < Int64(store.limits.maxPages) ? Int(i) : nil
        default: break
        }
        let kind = array.count > 1 ? store.name(array[1])?.string : nil
        let params = array.dropFirst(2).prefix(4).map { store.number($0) }
        return Destination(pageIndex: page, kind: kind, parameters: Array(params), name: name)
    }
}

/// Named destinations: the catalog's `/Dests` dictionary (PDF 1.1) and the `/Names /Dests`
/// name tree, read once.
package struct NamedDestinations: Sendable {
    var byName: [[UInt8]: PDFObject] = [:]

    package init(store: ObjectStore, catalog: PDFDictionary) {
        if let d = store.dictionary(catalog["Dests"]) {
            for (k, v) in d.entries { byName[k.bytes] = v }
        }
        if let names = store.dictionary(catalog["Names"]), let tree = names["Dests"] {
            for (k, v) in NameTree.entries(store: store, root: tree) where byName[k] == nil { byName[k] = v }
        }
    }

    package func lookup(nameBytes: [UInt8]) -> PDFObject { byName[nameBytes] ?? .null }
}
