import PDFCore
import PDFSyntax
import PDFFile

/// Rules on interactive forms: widget descriptions (7.18.1-3), widget tagging (7.18.4-1),
/// `Form` elements (7.18.4-2) and the language of field descriptions (7.2-25).
extension DocumentChecks {
    /// A form field dictionary: it has a partial name (`/T`) or a field type (`/FT`); a
    /// widget without either is only a widget of its parent field.
    static func isField(_ d: PDFDictionary) -> Bool { d["T"] != nil || d["FT"] != nil }

    /// 7.18.1-3 and 7.18.4-1: a widget's field has a description (`/TU`) or the widget's
    /// structure element has `/Alt`; the widget is tagged `Form`.
    static let widgets = AuditCheck(["7.18.1-3", "7.18.4-1"]) { ctx in
        let store = ctx.document.store
        for a in pageAnnotations(ctx) where a.subtype == "Widget" && !a.isExempt {
            let at = location(of: a, ctx)
            let field = isField(a.dictionary) ? a.dictionary : store.dictionary(a.dictionary["Parent"])
            let tu = string(field?["TU"], store: store) ?? ""
            let name = string(field?["T"], store: store)
            let evidence: [Finding.Evidence] = name.map { [.init("field", $0)] } ?? []
            if !tu.isEmpty || !(a.enclosing?.alt ?? "").isEmpty { ctx.checked("7.18.1-3") } else {
                ctx.fail("7.18.1-3", "The form field\(name.map { " \"\($0)\"" } ?? "") has no description. Add /TU (the tooltip read to users) to the field dictionary, or /Alt to the widget's Form structure element.",
                         at: at, evidence: evidence)
            }
            if a.enclosing?.standardType == "Form" { ctx.checked("7.18.4-1") } else {
                let why = a.enclosing?.type.map { "is tagged as \($0), not Form" } ?? "is not in the structure tree"
                ctx.fail("7.18.4-1", "The widget of form field\(name.map { " \"\($0)\"" } ?? "") \(why). Put each widget in a Form structure element (an OBJR kid) and point its /StructParent at that element.",
                         at: at, evidence: evidence + [.init("struct parent", a.enclosing?.type ?? "none")])
            }
        }
    }

    /// 7.18.4-2: a `Form` element without a Role attribute has exactly one kid, an OBJR
    /// naming a widget annotation.
    static let formElements = AuditCheck(["7.18.4-2"]) { ctx in
        let store = ctx.document.store
        let tree = ctx.tree
        for (i, e) in tree.elements.enumerated() where e.standardType == "Form" {
            if e.attributes.contains(where: { $0.entries["Role"] != nil }) { ctx.checked("7.18.4-2"); continue }
            if e.kids.count == 1, case .object(_, let object?) = e.kids[0],
               store.name(store.resolve(.reference(object)).dictionary?["Subtype"]) == "Widget" {
                ctx.checked("7.18.4-2"); continue
            }
            ctx.fail("7.18.4-2", "The Form element has \(e.kids.count) kid\(e.kids.count == 1 ? "" : "s") instead of a single reference to its widget annotation. Give each Form element exactly one OBJR kid for the widget, or a Role attribute (PrintField) when it is a non-interactive form field.",
                     at: tree.location(of: i), evidence: [.init("kids", String(e.kids.count))])
        }
    }

    /// 7.2-25: a field's `/TU` has a language: its structure element's `/Lang` or the catalog's.
    static let fieldLanguage = AuditCheck(["7.2-25"]) { ctx in
        let store = ctx.document.store
        guard let form = store.dictionary(ctx.document.catalog["AcroForm"]) else { return }
        let catalogLang = catalogHasLang(ctx)
        let index = structParentIndex(ctx)
        var visited: Set<Int> = []
        var stack: [(PDFObject, Int)] = (store.array(form["Fields"]) ?? []).reversed().map { ($0, 0) }
        while let (object, depth) = stack.popLast() {
            if let r = object.reference, !visited.insert(r.number).inserted { continue }
            guard depth <= store.limits.maxRecursionDepth, let d = store.dictionary(object) else { continue }
            for kid in (store.array(d["Kids"]) ?? []).reversed() {
                if let k = store.dictionary(kid), isField(k) || k["Kids"] != nil { stack.append((kid, depth + 1)) }
            }
            guard let tu = string(d["TU"], store: store) else { continue }
            let element = index.enclosing(structParent: store.integer(d["StructParent"]), object: object.reference, ctx: ctx)
            if catalogLang || element?.language != nil { ctx.checked("7.2-25"); continue }
            var at = AuditLocation(object: object.reference)
            if let i = element?.index { at = ctx.tree.location(of: i); at.object = object.reference }
            ctx.fail("7.2-25", "The language of the form field description (/TU \"\(String(tu.prefix(80)))\") cannot be determined. Set the catalog's /Lang, or /Lang on the field's structure element.",
                     at: at, evidence: [.init("TU", String(tu.prefix(80)))])
        }
    }
}
