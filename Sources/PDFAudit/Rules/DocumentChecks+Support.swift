import PDFCore
import PDFSyntax
import PDFFile

/// What several document checks share: the catalog's language, rectangles, number and name
/// trees, and a walk over every object reachable from the trailer.
extension DocumentChecks {
    /// Objects the reachability walk visits at most (dictionaries, streams and arrays).
    static let maxReachableObjects = 500_000
    /// Entries read from one number or name tree at most.
    static let maxTreeEntries = 1_000_000

    /// The catalog has `/Lang` as a string (veraPDF's `gContainsCatalogLang`: an empty
    /// string counts as present; its syntax is another rule's business).
    static func catalogHasLang(_ ctx: AuditContext) -> Bool {
        ctx.document.store.resolve(ctx.document.catalog["Lang"]).string != nil
    }

    /// A rectangle array (`/Rect`, `/CropBox`), normalised; nil when it is not 4 numbers.
    static func rect(_ object: PDFObject?, store: ObjectStore) -> Rect? {
        guard let a = store.array(object), a.count >= 4 else { return nil }
        let v = a.prefix(4).compactMap { store.number($0) }
        guard v.count == 4 else { return nil }
        return Rect(x0: v[0], y0: v[1], x1: v[2], y1: v[3])
    }

    /// A string value as text (nil for any other type).
    static func string(_ object: PDFObject?, store: ObjectStore) -> String? {
        store.resolve(object).string?.text
    }

    /// The entries of a number tree (ISO 32000-1 §7.9.7), following `/Kids`; loops, depth
    /// beyond the store's recursion limit and entries past ``maxTreeEntries`` are cut.
    static func numberTree(_ root: PDFObject?, store: ObjectStore) -> [Int: PDFObject] {
        var out: [Int: PDFObject] = [:]
        var visited: Set<Int> = []
        func walk(_ node: PDFObject?, depth: Int) {
            guard depth <= store.limits.maxRecursionDepth, out.count < maxTreeEntries else { return }
            if let r = node?.reference, !visited.insert(r.number).inserted { return }
            guard let d = store.dictionary(node) else { return }
            if let nums = store.array(d["Nums"]) {
                var i = 0
                while i + 1 < nums.count, out.count < maxTreeEntries {
                    if let key = store.integer(nums[i]) { out[key] = nums[i + 1] }
                    i += 2
                }
            }
            for kid in store.array(d["Kids"]) ?? [] { walk(kid, depth: depth + 1) }
        }
        walk(root, depth: 0)
        return out
    }

    /// The values of a name tree (§7.9.6), in tree order, following `/Kids`.
    static func nameTreeValues(_ root: PDFObject?, store: ObjectStore) -> [PDFObject] {
        var out: [PDFObject] = []
        var visited: Set<Int> = []
        func walk(_ node: PDFObject?, depth: Int) {
            guard depth <= store.limits.maxRecursionDepth, out.count < maxTreeEntries else { return }
            if let r = node?.reference, !visited.insert(r.number).inserted { return }
            guard let d = store.dictionary(node) else { return }
            if let names = store.array(d["Names"]) {
                var i = 1
                while i < names.count, out.count < maxTreeEntries { out.append(names[i]); i += 2 }
            }
            for kid in store.array(d["Kids"]) ?? [] { walk(kid, depth: depth + 1) }
        }
        walk(root, depth: 0)
        return out
    }

    /// A dictionary or stream reachable from the trailer, with its object id when it is
    /// an indirect object (or the nearest indirect object holding it).
    struct ReachableObject: Sendable {
        var dictionary: PDFDictionary
        var isStream: Bool
        /// The object itself when indirect, else the indirect object it sits in.
        var objectID: ObjectID?
    }

    /// Every dictionary and stream reachable from the trailer's `/Root` (the catalog),
    /// each once, in depth-first order. Made once per audit.
    static func reachableObjects(_ ctx: AuditContext) -> [ReachableObject] {
        ctx.memoized("DocumentChecks.reachableObjects") { () -> [ReachableObject] in
            let store = ctx.document.store
            var out: [ReachableObject] = []
            var visited: Set<Int> = []
            var steps = 0
            // An explicit stack: deep chains (outline /Next, page /Parent) must not recurse.
            var stack: [(PDFObject, ObjectID?)] = []
            if let root = store.trailer["Root"] { stack.append((root, nil)) }
            while let (object, holder) = stack.popLast() {
                steps += 1
                guard steps <= maxReachableObjects else { break }
                var owner = holder
                if let r = object.reference {
                    guard visited.insert(r.number).inserted else { continue }
                    owner = r
                }
                let resolved = object.reference == nil ? object : store.resolve(object)
                var children: [PDFObject] = []
                switch resolved {
                case .dictionary(let d):
                    out.append(ReachableObject(dictionary: d, isStream: false, objectID: owner))
                    children = d.entries.sorted { $0.key < $1.key }.map(\.value)
                case .stream(let s):
                    out.append(ReachableObject(dictionary: s.dictionary, isStream: true, objectID: owner))
                    children = s.dictionary.entries.sorted { $0.key < $1.key }.map(\.value)
                case .array(let a):
                    children = a
                default:
                    continue
                }
                for c in children.reversed() {
                    switch c {
                    case .reference, .dictionary, .array, .stream: stack.append((c, owner))
                    default: break
                    }
                }
            }
            return out
        }
    }
}
