import PDFCore
import PDFFile

extension StructureChecks {
    /// 7.2-21, 7.2-22, 7.2-23: an element with `/ActualText`, `/Alt` or `/E` has a language
    /// for that text: `/Lang` on itself or an ancestor (any string, even empty, counts: 7.2-29
    /// judges its value), or the catalog's `/Lang`.
    static let descriptionLanguages = AuditCheck(["7.2-21", "7.2-22", "7.2-23"]) { ctx in
        let roles = StructureRoles.of(ctx)
        let tree = roles.tree
        let catalogLang = ctx.document.store.text(ctx.document.catalog["Lang"]) != nil
        let entries: [(id: String, key: String, value: (StructureTree.Element) -> String?)] = [
            ("7.2-21", "ActualText", { $0.actualText }),
            ("7.2-22", "Alt", { $0.alt }),
            ("7.2-23", "E", { $0.expansion }),
        ]
        for (i, e) in tree.elements.enumerated() {
            let present = entries.filter { $0.value(e) != nil }
            guard !present.isEmpty else { continue }
            let hasLang = catalogLang || declaresLanguage(i, tree)
            for entry in present {
                if hasLang { ctx.checked(entry.id); continue }
                ctx.fail(entry.id, "The /\(entry.key) text of this element has no language: neither the element, its ancestors nor the document catalog has /Lang. Set /Lang on the catalog (for example (en-US)), or on this element.",
                         at: roles.location(of: i), evidence: [.init(entry.key, entry.value(e) ?? "")])
            }
        }
    }

    /// Whether element `i` or an ancestor has a `/Lang` string.
    static func declaresLanguage(_ i: Int, _ tree: StructureTree) -> Bool {
        var k: Int? = i
        var steps = 0
        while let j = k, steps <= tree.elements.count {
            if tree.elements[j].language != nil { return true }
            k = tree.elements[j].parent
            steps += 1
        }
        return false
    }
}
