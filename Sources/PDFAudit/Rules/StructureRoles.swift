import PDFCore
import PDFSyntax
import PDFFile

/// The structure tree as the PDF/UA-1 structure rules read it: every element's standard type
/// among the ISO 32000-1 types (§14.8.4) reached through `/RoleMap`, and kids and parents
/// seen through the grouping elements that carry no meaning of their own.
///
/// Role mapping follows the reading auditors agree on: a type that is standard and not a
/// key of the role map is itself; any other type follows the map until a standard type is
/// reached, so a remapped standard type takes its target's meaning (and fails 7.1-7). A
/// chain that ends on an unknown type or loops gives no standard type.
struct StructureRoles {
    /// The standard structure types of ISO 32000-1 §14.8.4 (PDF 1.7), the set PDF/UA-1
    /// refers to. The PDF 2.0 additions (`Title`, `Aside`, `FENote`, `Em`, …) are not in it.
    static let standardTypes: Set<String> = [
        "Document", "Part", "Art", "Sect", "Div", "BlockQuote", "Caption", "TOC", "TOCI", "Index",
        "NonStruct", "Private", "P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "L", "LI", "Lbl", "LBody",
        "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot", "Span", "Quote", "Note", "Reference",
        "BibEntry", "Code", "Link", "Annot", "Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP",
        "Figure", "Formula", "Form",
    ]

    /// Grouping types that are transparent to the nesting rules: a `TR` inside a `Div`
    /// inside a `Table` is that table's row, and the `Div`'s kids count as the table's kids.
    static let passThroughTypes: Set<String> = ["NonStruct", "Div", "Part"]

    /// The name the parent of a top-level element has in the nesting rules.
    static let rootName = "StructTreeRoot"

    let tree: StructureTree
    /// Per element, its ISO 32000-1 standard type, or nil.
    let standardType: [String?]

    init(tree: StructureTree) {
        self.tree = tree
        var cache: [String: String?] = [:]
        standardType = tree.elements.map { e in
            if let hit = cache[e.type] { return hit }
            let t = e.type.isEmpty ? nil : Self.resolve(e.type, roleMap: tree.roleMap)
            cache[e.type] = t
            return t
        }
    }

    /// The shared instance of an audit.
    static func of(_ ctx: AuditContext) -> StructureRoles {
        ctx.memoized("StructureRoles") { StructureRoles(tree: ctx.tree) }
    }

    /// The standard type `type` reaches through `roleMap`, or nil (unknown end, or a cycle).
    static func resolve(_ type: String, roleMap: [String: String]) -> String? {
        var next = roleMap[type]
        if standardTypes.contains(type), next == nil || next == type { return type }
        var seen: Set<String> = [type]
        while let t = next, seen.insert(t).inserted {
            if standardTypes.contains(t) { return t }
            next = roleMap[t]
        }
        return nil
    }

    /// Whether following `roleMap` from `type` comes back to a type already passed.
    static func reachesCycle(from type: String, roleMap: [String: String]) -> Bool {
        var seen: Set<String> = [type]
        var next = roleMap[type]
        while let t = next {
            if !seen.insert(t).inserted { return true }
            next = roleMap[t]
        }
        return false
    }

    /// Whether element `i`'s standard type is a transparent grouping type.
    func isPassThrough(_ i: Int) -> Bool {
        standardType[i].map { Self.passThroughTypes.contains($0) } ?? false
    }

    /// The element kids of element `i` (or of the root when nil), in order.
    func elementKids(of i: Int?) -> [Int] {
        guard let i else { return tree.roots }
        return tree.elements[i].kids.compactMap { if case .element(let k) = $0 { k } else { nil } }
    }

    /// The kids that count for nesting rules: element kids, with each transparent grouping
    /// kid replaced by its own significant kids, recursively.
    func significantKids(of i: Int?) -> [Int] {
        var out: [Int] = []
        var stack = elementKids(of: i).reversed() as [Int]
        var steps = 0
        while let k = stack.popLast(), steps <= tree.elements.count {
            steps += 1
            if isPassThrough(k) { stack += elementKids(of: k).reversed() } else { out.append(k) }
        }
        return out
    }

    /// The standard types of the significant kids, leaving out kids without one.
    func kidsStandardTypes(of i: Int?) -> [String] {
        significantKids(of: i).compactMap { standardType[$0] }
    }

    /// The standard type of the nearest ancestor that is not a transparent grouping element:
    /// ``rootName`` for top-level elements, nil for an element without `/P` or whose parent
    /// has no standard type.
    func parentStandardType(of i: Int) -> String? {
        guard tree.elements[i].hasParentEntry else { return nil }
        var p = tree.elements[i].parent
        var steps = 0
        while let k = p, isPassThrough(k), steps <= tree.elements.count {
            p = tree.elements[k].parent
            steps += 1
        }
        guard let k = p else { return Self.rootName }
        return standardType[k]
    }

    /// The first value of attribute `key` under owner `owner` (from `/A`, then `/C`) that
    /// `read` accepts (values of the wrong type are passed over).
    func attribute<T>(_ key: String, owner: String, of i: Int, _ read: (PDFObject) -> T?) -> T? {
        for a in tree.elements[i].attributes where a.owner == owner {
            if let v = a.entries[key], let t = read(v) { return t }
        }
        return nil
    }

    /// A location for element `i` with its ISO 32000-1 standard type.
    func location(of i: Int) -> AuditLocation {
        var l = tree.location(of: i)
        l.standardType = standardType[i]
        return l
    }

    /// Indexes of the elements whose standard type is `type`, in tree order.
    func elements(ofType type: String) -> [Int] {
        standardType.indices.filter { standardType[$0] == type }
    }
}
