import PDFCore
import PDFSyntax
import PDFFile

/// The page annotations as the annotation rules see them, each with the structure element
/// that encloses it.
extension DocumentChecks {
    /// The structure element an annotation (or a form field) belongs to.
    struct EnclosingElement: Sendable {
        /// Index in the audit's structure tree, when the element is in it.
        var index: Int?
        var objectID: ObjectID?
        /// `/S` as written and its standard type through the role map.
        var type: String?
        var standardType: String?
        /// `/Alt` and `/Lang` when they are strings.
        var alt: String?
        var language: String?
    }

    /// One annotation of a page's `/Annots`.
    struct PageAnnotation: Sendable {
        var pageIndex: Int
        var objectID: ObjectID?
        var dictionary: PDFDictionary
        var subtype: String
        var rect: Rect?
        var flags: Int
        /// Hidden (flag bit 2) or with its `/Rect` wholly outside the page's crop box: the
        /// annotation rules do not apply.
        var isExempt: Bool
        var enclosing: EnclosingElement?
    }

    /// Finds the structure element of an object: through its `/StructParent` and the
    /// structure tree's `/ParentTree` first, then through an OBJR kid naming the object.
    struct StructParentIndex: Sendable {
        var parentTree: [Int: PDFObject] = [:]
        /// Element index by the element's object number.
        var elementByObject: [Int: Int] = [:]
        /// Element index by the object number an OBJR kid refers to.
        var elementByOBJR: [Int: Int] = [:]

        init(_ ctx: AuditContext) {
            let store = ctx.document.store
            let root = store.dictionary(ctx.document.catalog["StructTreeRoot"])
            parentTree = DocumentChecks.numberTree(root?["ParentTree"], store: store)
            for (i, e) in ctx.tree.elements.enumerated() {
                if let id = e.objectID { elementByObject[id.number] = i }
                for kid in e.kids {
                    if case .object(_, let object?) = kid, elementByOBJR[object.number] == nil { elementByOBJR[object.number] = i }
                }
            }
        }

        /// The element for an object with `/StructParent` value `structParent` and id `object`.
        func enclosing(structParent: Int?, object: ObjectID?, ctx: AuditContext) -> EnclosingElement? {
            let store = ctx.document.store
            if let key = structParent, let value = parentTree[key], let d = store.resolve(value).dictionary,
               store.resolve(value).stream == nil {
                if let r = value.reference, let i = elementByObject[r.number] { return element(i, ctx) }
                let type = store.name(d["S"])?.string
                return EnclosingElement(index: nil, objectID: value.reference, type: type,
                                        standardType: type.flatMap { StructureTree.standardType(of: $0, roleMap: ctx.tree.roleMap) },
                                        alt: DocumentChecks.string(d["Alt"], store: store),
                                        language: DocumentChecks.string(d["Lang"], store: store))
            }
            if let object, let i = elementByOBJR[object.number] { return element(i, ctx) }
            return nil
        }

        func element(_ i: Int, _ ctx: AuditContext) -> EnclosingElement {
            let e = ctx.tree.elements[i]
            return EnclosingElement(index: i, objectID: e.objectID, type: e.type, standardType: e.standardType,
                                    alt: e.alt, language: e.language)
        }
    }

    static func structParentIndex(_ ctx: AuditContext) -> StructParentIndex {
        ctx.memoized("DocumentChecks.structParentIndex") { StructParentIndex(ctx) }
    }

    /// Every annotation of every page, in page and `/Annots` order; made once per audit.
    static func pageAnnotations(_ ctx: AuditContext) -> [PageAnnotation] {
        ctx.memoized("DocumentChecks.pageAnnotations") { () -> [PageAnnotation] in
            let store = ctx.document.store
            let index = structParentIndex(ctx)
            var out: [PageAnnotation] = []
            for page in ctx.document.pages {
                guard let entries = store.array(page.dictionary["Annots"]) else { continue }
                var seen: Set<Int> = []
                for entry in entries.prefix(store.limits.maxAnnotationsPerPage) {
                    if let r = entry.reference, !seen.insert(r.number).inserted { continue }
                    guard let d = store.dictionary(entry) else { continue }
                    let rect = rect(d["Rect"], store: store)
                    let flags = store.integer(d["F"]) ?? 0
                    let crop = page.cropBox
                    let outside = rect.map { crop.y0 >= $0.y1 || crop.x0 >= $0.x1 || crop.y1 <= $0.y0 || crop.x1 <= $0.x0 } ?? false
                    out.append(PageAnnotation(
                        pageIndex: page.index, objectID: entry.reference, dictionary: d,
                        subtype: store.name(d["Subtype"])?.string ?? "", rect: rect, flags: flags,
                        isExempt: flags & 2 != 0 || outside,
                        enclosing: index.enclosing(structParent: store.integer(d["StructParent"]), object: entry.reference, ctx: ctx)))
                }
            }
            return out
        }
    }

    /// Where an annotation is: page, object, rectangle, and its structure element's path.
    static func location(of a: PageAnnotation, _ ctx: AuditContext) -> AuditLocation {
        var at = AuditLocation(pageIndex: a.pageIndex, object: a.objectID, bbox: a.rect)
        if let e = a.enclosing {
            if let i = e.index { at.structPath = ctx.tree.structPath(of: i) }
            at.structType = e.type
            at.standardType = e.standardType
        }
        return at
    }
}
