import PDFCore
import PDFSyntax

extension Diagnostic.Code {
    public static let pageTreeLoop = Diagnostic.Code("pageTreeLoop")
    public static let pageTreeDamaged = Diagnostic.Code("pageTreeDamaged")
    public static let pageBoxInvalid = Diagnostic.Code("pageBoxInvalid")
}

/// A page as the page tree gives it, with inherited attributes resolved (ISO 32000-2
/// §7.7.3.4: `Resources`, `MediaBox`, `CropBox`, `Rotate` inherit from ancestors).
public struct PageInfo: Sendable {
    /// 0-based position in the document.
    public var index: Int
    public var objectID: ObjectID?
    public var dictionary: PDFDictionary
    /// The page's resources dictionary (inherited when the page has none).
    public var resources: PDFDictionary?
    public var mediaBox: Rect
    /// The crop box, clipped to the media box; the media box when absent.
    public var cropBox: Rect
    public var bleedBox: Rect?
    public var trimBox: Rect?
    public var artBox: Rect?
    /// Clockwise rotation for display, normalised to 0, 90, 180 or 270.
    public var rotation: Int
    /// `/UserUnit` (PDF 1.6): size of a user-space unit in 1/72 inch.
    public var userUnit: Double
}

enum PageTree {
    struct Inherited {
        var resources: PDFObject?
        var mediaBox: PDFObject?
        var cropBox: PDFObject?
        var rotate: PDFObject?

        /// A node's own inheritable entries replace its ancestors'.
        mutating func override(with node: PDFDictionary) {
            if let r = node["Resources"] { resources = r }
            if let m = node["MediaBox"] { mediaBox = m }
            if let c = node["CropBox"] { cropBox = c }
            if let r = node["Rotate"] { rotate = r }
        }
    }

    /// Walks the tree depth-first in order. Guards loops (a node seen twice is skipped),
    /// depth and page count. A damaged tree yields the pages that could be reached.
    static func collect(store: ObjectStore, catalog: PDFDictionary, log: inout DiagnosticLog) -> [PageInfo] {
        var pages: [PageInfo] = []
        var visited: Set<Int> = []
        let limits = store.limits
        guard let rootObject = catalog["Pages"] else {
            log.append(.pageTreeDamaged, .warning, "catalog has no /Pages")
            return []
        }

        func visit(_ object: PDFObject, inherited: Inherited, depth: Int) {
            guard pages.count < limits.maxPages else { return }
            guard depth <= limits.maxRecursionDepth else {
                log.append(.pageTreeDamaged, .warning, "page tree deeper than \(limits.maxRecursionDepth)")
                return
            }
            var id: ObjectID? = nil
            if case .reference(let r) = object {
                id = r
                guard visited.insert(r.number).inserted else {
                    log.append(.pageTreeLoop, .warning, "page tree visits a node twice", objectNumber: r.number)
                    return
                }
            }
            guard let node = store.dictionary(object) else {
                log.append(.pageTreeDamaged, .warning, "page tree node is not a dictionary", objectNumber: id?.number)
                return
            }
            var inh = inherited
            inh.override(with: node)
            let type = store.name(node["Type"])
            // `/Kids` should be an array; damaged files have a lone reference to one kid.
            let kidsObject = store.resolve(node["Kids"])
            let kids: [PDFObject]? = kidsObject.array ?? (kidsObject.dictionary != nil ? [node["Kids"]!] : nil)
            if type == "Pages" || (type != "Page" && kids != nil) {
                for kid in kids ?? [] { visit(kid, inherited: inh, depth: depth + 1) }
                return
            }
            pages.append(makePage(index: pages.count, id: id, node: node, inherited: inh, store: store, log: &log))
        }
        visit(rootObject, inherited: Inherited(), depth: 0)
        return pages
    }

    /// When the page tree yields nothing, the pages are the objects typed `/Page`, in file
    /// order (a linearized file's first page, `/O`, first). Inherited attributes are those
    /// of each page's `/Parent` chain.
    static func scanForPages(store: ObjectStore, firstPage: Int?, log: inout DiagnosticLog) -> [PageInfo] {
        var found: [(position: Int, id: ObjectID, dict: PDFDictionary)] = []
        // Only objects the rescan saw typed /Page, and those inside object streams (which
        // it does not type), are loaded: loading every object of a damaged file can be slow.
        let scanned = store.repairScan().objects
        let compressed = store.objectNumbers.filter { scanned[$0] == nil }
        let numbers = Set(scanned.filter { $0.value.type == "Page" }.keys).union(compressed).sorted()
        for number in numbers {
            guard found.count < store.limits.maxPages else { break }
            let id = ObjectID(number)
            guard let d = store.object(id).dictionary, store.name(d["Type"]) == "Page" else { continue }
            let position = number == firstPage ? -1 : store.position(of: number)
            found.append((position, id, d))
        }
        found.sort { ($0.position, $0.id.number) < ($1.position, $1.id.number) }
        guard !found.isEmpty else { return [] }
        log.append(.pageTreeDamaged, .warning, "page tree unusable; found \(found.count) page objects by scanning")
        return found.enumerated().map { i, f in
            var inh = Inherited()
            var chain: [PDFDictionary] = [f.dict]
            var seen: Set<Int> = [f.id.number]
            var parent = f.dict["Parent"]
            while let p = parent, chain.count < store.limits.maxRecursionDepth {
                if let r = p.reference, !seen.insert(r.number).inserted { break }
                guard let d = store.dictionary(p) else { break }
                chain.append(d)
                parent = d["Parent"]
            }
            for node in chain.reversed() {
                inh.override(with: node)
            }
            return makePage(index: i, id: f.id, node: f.dict, inherited: inh, store: store, log: &log)
        }
    }

    static func makePage(index: Int, id: ObjectID?, node: PDFDictionary, inherited: Inherited, store: ObjectStore, log: inout DiagnosticLog) -> PageInfo {
        var media = rect(inherited.mediaBox, store: store)
        if media == nil || media!.isEmpty {
            if inherited.mediaBox != nil {
                log.append(.pageBoxInvalid, .warning, "page \(index + 1) has an unusable MediaBox; using US Letter", objectNumber: id?.number)
            }
            media = .letter
        }
        var crop = media!
        if let c = rect(inherited.cropBox, store: store), let clipped = c.intersection(media!), !clipped.isEmpty {
            crop = clipped
        }
        // Quarter turns reduced while still a Double: any finite /Rotate converts safely.
        let quarterTurns = store.number(inherited.rotate).map { ($0 / 90).rounded().truncatingRemainder(dividingBy: 4) } ?? 0
        let normalised = (Int(quarterTurns) * 90 + 360) % 360
        return PageInfo(
            index: index, objectID: id, dictionary: node,
            resources: store.dictionary(inherited.resources),
            mediaBox: media!, cropBox: crop,
            bleedBox: rect(node["BleedBox"], store: store),
            trimBox: rect(node["TrimBox"], store: store),
            artBox: rect(node["ArtBox"], store: store),
            rotation: normalised,
            userUnit: Self.userUnit(store.number(node["UserUnit"])))
    }

    /// A rectangle array `[x0 y0 x1 y1]` (any corner order).
    /// The largest `/UserUnit` taken as written: 75,000 makes the largest page box the
    /// specification's implementation limits allow (14,400 units) as wide as the largest
    /// page Acrobat supports (15,000,000 inches). Larger values, which only make page
    /// sizes overflow to infinity, are clamped; zero, negative and non-finite ones are 1.
    static let maxUserUnit = 75_000.0

    static func userUnit(_ value: Double?) -> Double {
        guard let value, value.isFinite, value > 0 else { return 1 }
        return min(value, maxUserUnit)
    }

    static func rect(_ object: PDFObject?, store: ObjectStore) -> Rect? {
        guard let a = store.array(object), a.count >= 4 else { return nil }
        let v = a.prefix(4).compactMap { store.number($0) }
        guard v.count == 4 else { return nil }
        return Rect(x0: v[0], y0: v[1], x1: v[2], y1: v[3])
    }
}
