import PDFCore
import PDFFile
import PDFSyntax
import PDFTextModel

extension LinkArea {
    /// How many annotations of a page are looked at, at most.
    public static let maxAnnotationsPerPage = 10_000

    /// The link areas of a page: its `/Link` annotations with a URI action, a GoTo action or a
    /// `/Dest` naming a page of the document by reference. Named destinations are not
    /// resolved here (their areas keep a nil `pageIndex`).
    public static func links(in document: Document, pageIndex: Int) -> [LinkArea] {
        let pages = document.pages
        guard pageIndex >= 0, pageIndex < pages.count else { return [] }
        let store = document.store
        guard let annots = store.array(pages[pageIndex].dictionary["Annots"]) else { return [] }
        var pageByObject: [Int: Int]? = nil
        var result: [LinkArea] = []
        for a in annots.prefix(maxAnnotationsPerPage) {
            guard let d = store.dictionary(a), store.name(d["Subtype"]) == "Link",
                  let rect = rectangle(store.array(d["Rect"]), store: store) else { continue }
            var area = LinkArea(rect: rect, quads: quads(store.array(d["QuadPoints"]), store: store))
            var destination = d["Dest"]
            if let action = store.dictionary(d["A"]) {
                switch store.name(action["S"]) {
                case "URI":
                    area.url = store.resolve(action["URI"]).string.map { String(decoding: $0.bytes, as: UTF8.self) }
                case "GoTo": destination = action["D"]
                default: break
                }
            }
            if let dest = store.array(destination), case .reference(let r)? = dest.first {
                if pageByObject == nil {
                    var map: [Int: Int] = [:]
                    for p in pages { if let id = p.objectID { map[id.number] = p.index } }
                    pageByObject = map
                }
                area.pageIndex = pageByObject?[r.number]
            }
            if area.url != nil || area.pageIndex != nil { result.append(area) }
        }
        return result
    }

    static func rectangle(_ a: [PDFObject]?, store: ObjectStore) -> Rect? {
        guard let a, a.count == 4 else { return nil }
        let v = a.compactMap { store.number($0) }
        guard v.count == 4, v.allSatisfy(\.isFinite) else { return nil }
        return Rect(x0: v[0], y0: v[1], x1: v[2], y1: v[3])
    }

    /// `/QuadPoints`: groups of eight numbers, x1 y1 … x4 y4 (in the order writers use,
    /// which ``LinkArea/contains(_:)`` does not depend on).
    static func quads(_ a: [PDFObject]?, store: ObjectStore) -> [Quad] {
        guard let a, a.count >= 8 else { return [] }
        let v = a.prefix(8 * 256).compactMap { store.number($0) }
        guard v.count == a.prefix(8 * 256).count, v.allSatisfy(\.isFinite) else { return [] }
        return stride(from: 0, to: v.count - 7, by: 8).map { i in
            Quad(lowerLeft: Point(x: v[i], y: v[i + 1]), lowerRight: Point(x: v[i + 2], y: v[i + 3]),
                 upperRight: Point(x: v[i + 4], y: v[i + 5]), upperLeft: Point(x: v[i + 6], y: v[i + 7]))
        }
    }
}
