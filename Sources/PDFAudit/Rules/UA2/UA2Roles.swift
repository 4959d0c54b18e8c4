import PDFCore
import PDFSyntax
import PDFFile

/// The structure tree as the ISO 14289-2 rules read it: each element's standard type and
/// namespace reached strictly (ISO 32000-2 §14.8.6: a type is standard only in its own
/// namespace, the PDF 1.7 one when the element names none; `/RoleMap` for the default
/// namespace, `/RoleMapNS` for the others).
struct UA2Roles {
    let tree: StructureTree
    /// Per element, its standard type and that type's namespace (nil: none reached).
    let standardType: [String?]
    let standardNamespace: [String?]
    /// Element index by the element's object number.
    let elementByObject: [Int: Int]

    init(tree: StructureTree) {
        self.tree = tree
        var cache: [String: (String?, String?)] = [:]
        var types: [String?] = [], spaces: [String?] = []
        types.reserveCapacity(tree.elements.count)
        spaces.reserveCapacity(tree.elements.count)
        for e in tree.elements {
            let key = (e.namespace ?? "") + "\u{0}" + e.type
            let r = cache[key] ?? {
                let r = e.type.isEmpty ? (nil, nil) : StructureTree.resolve(e.type, namespace: e.namespace, roleMap: tree.roleMap,
                                                                        namespaces: tree.namespaces, strict: true)
                cache[key] = r
                return r
            }()
            types.append(r.0)
            spaces.append(r.0 == nil ? nil : (r.1 ?? StructureTree.pdf17Namespace))
        }
        standardType = types
        standardNamespace = spaces
        var byObject: [Int: Int] = [:]
        for (i, e) in tree.elements.enumerated() { if let id = e.objectID, byObject[id.number] == nil { byObject[id.number] = i } }
        elementByObject = byObject
    }

    static func of(_ ctx: AuditContext) -> UA2Roles {
        ctx.memoized("UA2Roles") { UA2Roles(tree: ctx.tree) }
    }

    /// The element kids of element `i` (of the root when nil), in order.
    func elementKids(of i: Int?) -> [Int] {
        guard let i else { return tree.roots }
        return tree.elements[i].kids.compactMap { if case .element(let k) = $0 { k } else { nil } }
    }

    /// The standard types of the element kids of `i`, `-` for a kid without one.
    func kidTypes(of i: Int?) -> [String] { elementKids(of: i).map { standardType[$0] ?? "-" } }

    /// A location for element `i` with its standard type.
    func location(of i: Int) -> AuditLocation {
        var l = tree.location(of: i)
        l.standardType = standardType[i]
        return l
    }

    /// The element indexes whose standard type is `type`.
    func elements(ofType type: String) -> [Int] { standardType.indices.filter { standardType[$0] == type } }

    /// `a` (namespace `ns`): the type as people read it, with a short namespace name.
    static func label(_ type: String, _ ns: String?) -> String {
        switch ns {
        case nil: return "/\(type)"
        case StructureTree.pdf17Namespace?: return "/\(type) (PDF 1.7)"
        case StructureTree.pdf20Namespace?: return "/\(type) (PDF 2.0)"
        case StructureTree.mathMLNamespace?: return "/\(type) (MathML)"
        case let other?: return "/\(type) (\(other))"
        }
    }
}
