import PDFFile

extension StructureTree {
    /// The element's path from the root as auditors print it: types as written, each with
    /// its 1-based position among its parent's element kids of the same type
    /// (`/Document/Sect[1]/Figure[2]`).
    func structPath(of index: Int) -> String {
        var parts: [String] = []
        var i: Int? = index
        var steps = 0
        while let k = i, k >= 0, k < elements.count, steps <= elements.count {
            let e = elements[k]
            let siblings: [Int]
            if let p = e.parent, p >= 0, p < elements.count {
                siblings = elements[p].kids.compactMap { if case .element(let j) = $0 { j } else { nil } }
            } else {
                siblings = roots
            }
            let same = siblings.filter { elements[$0].type == e.type }
            let position = (same.firstIndex(of: k) ?? 0) + 1
            parts.append("\(e.type)[\(position)]")
            i = e.parent
            steps += 1
        }
        return "/" + parts.reversed().joined(separator: "/")
    }

    /// A location for element `index`: page, object, path and types.
    func location(of index: Int) -> AuditLocation {
        let e = elements[index]
        return AuditLocation(pageIndex: e.pageIndex, object: e.objectID, structPath: structPath(of: index),
                             structType: e.type, standardType: e.standardType)
    }
}
