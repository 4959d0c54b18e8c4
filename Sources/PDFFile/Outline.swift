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

/// An item of the document outline (bookmarks), ISO 32000-2 §12.3.3.
public struct OutlineItem: Sendable, Hashable {
    public var title: String
    public var destination: Destination?
    /// A URI action's target.
    public var uri: String?
    /// `/S` of the action when it is neither GoTo nor URI (e.g. "GoToR", "Launch", "JavaScript").
    public var actionType: String?
    public var isOpen: Bool
    public var children: [OutlineItem]

    public init(title: String, destination: Destination? = nil, uri: String? = nil, actionType: String? = nil, isOpen: Bool = false, children: [OutlineItem] = []) {
        self.title = title
        self.destination = destination
        self.uri = uri
        self.actionType = actionType
        self.isOpen = isOpen
        self.children = children
    }
}

enum OutlineReader {
    static func read(store: ObjectStore, catalog: PDFDictionary, pageIndex: [Int: Int], log: inout DiagnosticLog) -> [OutlineItem] {
        guard let outlines = store.dictionary(catalog["Outlines"]) else { return [] }
        var visited: Set<Int> = []
        var total = 0
        let dests = NamedDestinations(store: store, catalog: catalog)

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
                var item = OutlineItem(title: store.text(d["Title"]) ?? "", destination: nil, uri: nil, actionType: nil,
                                       isOpen: (store.integer(d["Count"]) ?? 0) > 0, children: [])
                if let dest = d["Dest"] {
                    item.destination = resolveDestination(dest, store: store, pageIndex: pageIndex, dests: dests)
                } else if let action = store.dictionary(d["A"]) {
                    let s = store.name(action["S"])
                    if s == "GoTo", let dest = action["D"] {
                        item.destination = resolveDestination(dest, store: store, pageIndex: pageIndex, dests: dests)
                    } else if s == "URI" {
                        item.uri = store.resolve(action["URI"]).string.map { String(decoding: $0.bytes, as: UTF8.self) }
                    } else {
                        item.actionType = s?.string
                    }
                }
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

    static func resolveDestination(_ object: PDFObject, store: ObjectStore, pageIndex: [Int: Int], dests: NamedDestinations) -> Destination? {
        var name: String? = nil
        var target = store.resolve(object)
        if case .name(let n) = target {
            name = n.string
            target = dests.lookup(nameBytes: n.bytes)
        } else if case .string(let s) = target {
            name = s.text
            target = dests.lookup(nameBytes: s.bytes)
        }
        // A named destination's value may be a dictionary with /D.
        if let d = target.dictionary, let inner = d["D"] { target = store.resolve(inner) }
        guard let array = target.array, let first = array.first else {
            return name.map { Destination(pageIndex: nil, kind: nil, parameters: [], name: $0) }
        }
        var page: Int? = nil
        switch first {
        case .reference(let r): page = pageIndex[r.number]
        case .integer(let i): page = Int(i)  // remote-style page number, used by some writers
        default: break
        }
        let kind = array.count > 1 ? store.name(array[1])?.string : nil
        let params = array.dropFirst(2).map { store.number($0) }
        return Destination(pageIndex: page, kind: kind, parameters: Array(params), name: name)
    }
}

/// Named destinations: the catalog's `/Dests` dictionary (PDF 1.1) and the `/Names /Dests`
/// name tree, read once.
struct NamedDestinations {
    var byName: [[UInt8]: PDFObject] = [:]

    init(store: ObjectStore, catalog: PDFDictionary) {
        if let d = store.dictionary(catalog["Dests"]) {
            for (k, v) in d.entries { byName[k.bytes] = v }
        }
        if let names = store.dictionary(catalog["Names"]), let tree = names["Dests"] {
            for (k, v) in NameTree.entries(store: store, root: tree) where byName[k] == nil { byName[k] = v }
        }
    }

    func lookup(nameBytes: [UInt8]) -> PDFObject { byName[nameBytes] ?? .null }
}
