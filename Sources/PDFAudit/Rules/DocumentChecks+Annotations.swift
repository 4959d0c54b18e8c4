import PDFCore
import PDFSyntax
import PDFFile

/// Rules on annotations (ISO 14289-1 §7.18): tagging, alternate descriptions, forbidden
/// types, tab order, and the language of `/Contents` (7.2-24). Hidden annotations and
/// annotations outside the crop box are exempt from the §7.18 rules.
extension DocumentChecks {
    /// 7.18.1-1, 7.18.1-2, 7.18.2-1, 7.18.5-1, 7.18.5-2, 7.18.8-1.
    static let annotationTags = AuditCheck(["7.18.1-1", "7.18.1-2", "7.18.2-1", "7.18.5-1", "7.18.5-2", "7.18.8-1"]) { ctx in
        let store = ctx.document.store
        for a in pageAnnotations(ctx) where !a.isExempt {
            let at = location(of: a, ctx)
            let kind = a.subtype.isEmpty ? "An annotation" : "A \(a.subtype) annotation"
            let contents = string(a.dictionary["Contents"], store: store) ?? ""
            let structType = a.enclosing?.type
            let typeEvidence: [Finding.Evidence] = [.init("Subtype", a.subtype), .init("struct parent", structType ?? "none")]
            switch a.subtype {
            case "Widget", "PrinterMark", "Link": break
            default:
                if a.enclosing?.standardType == "Annot" { ctx.checked("7.18.1-1") } else {
                    let why = structType.map { "is tagged as \($0), not Annot" } ?? "is not in the structure tree"
                    ctx.fail("7.18.1-1", "\(kind) \(why). Tag it with an Annot structure element (an OBJR kid, and /StructParent on the annotation pointing to that element through the parent tree).",
                             at: at, evidence: typeEvidence)
                }
            }
            if a.subtype != "Widget" {
                if !contents.isEmpty || !(a.enclosing?.alt ?? "").isEmpty { ctx.checked("7.18.1-2") } else {
                    ctx.fail("7.18.1-2", "\(kind) has no description. Add /Contents to the annotation saying what it is, or /Alt to its enclosing structure element.",
                             at: at, evidence: [.init("Subtype", a.subtype)])
                }
            }
            switch a.subtype {
            case "TrapNet":
                ctx.fail("7.18.2-1", "The page has a visible TrapNet annotation, which PDF/UA forbids. Remove the trap network annotation or make it hidden.", at: at)
            case "Link":
                if a.enclosing?.standardType == "Link" { ctx.checked("7.18.5-1") } else {
                    let why = structType.map { "is tagged as \($0), not Link" } ?? "is not in the structure tree"
                    ctx.fail("7.18.5-1", "A link annotation \(why). Put it in a Link structure element (an OBJR kid, with the link text) and point its /StructParent at that element.",
                             at: at, evidence: typeEvidence)
                }
                if !contents.isEmpty { ctx.checked("7.18.5-2") } else {
                    ctx.fail("7.18.5-2", "A link annotation has no /Contents. Add /Contents describing where the link goes (e.g. \"Annual report, page 4\").", at: at)
                }
            case "PrinterMark":
                if structType == nil { ctx.checked("7.18.8-1") } else {
                    ctx.fail("7.18.8-1", "A printer's mark annotation is in the structure tree (as \(structType!)). Printer's marks are artifacts: remove it from the structure tree and its /StructParent.",
                             at: at, evidence: typeEvidence)
                }
            default: break
            }
        }
    }

    /// 7.18.3-1: every page with annotations has `/Tabs /S` (tab order follows the
    /// structure); under PDF/UA-2 (8.9.3.3-1) `/Tabs` A, W or S.
    static let tabOrder = AuditCheck(["7.18.3-1"]) { ctx in
        let store = ctx.document.store
        let allowed: Set<String> = ctx.profile.isUA2Family ? ["A", "W", "S"] : ["S"]
        for page in ctx.document.pages {
            guard let annots = store.array(page.dictionary["Annots"]), annots.contains(where: { store.dictionary($0) != nil }) else { continue }
            let tabs = store.name(page.dictionary["Tabs"])?.string
            if let tabs, allowed.contains(tabs) { ctx.checked("7.18.3-1") } else {
                let fix = allowed.count == 1 ? "Set /Tabs /S in the page dictionary so that tabbing follows the structure order."
                                             : "Set /Tabs in the page dictionary (/S follows the structure)."
                ctx.fail("7.18.3-1", "Page \(page.index + 1) has annotations but its tab order is \(tabs.map { "/\($0)" } ?? "not set"). \(fix)",
                         at: AuditLocation(pageIndex: page.index, object: page.objectID), evidence: [.init("Tabs", tabs ?? "missing")])
            }
        }
    }

    /// 7.2-24: an annotation's `/Contents` has a language: the annotation's `/Lang`, its
    /// structure element's, or the catalog's.
    static let annotationLanguage = AuditCheck(["7.2-24"]) { ctx in
        let store = ctx.document.store
        let catalogLang = catalogHasLang(ctx)
        for a in pageAnnotations(ctx) {
            guard let contents = string(a.dictionary["Contents"], store: store) else { continue }
            if catalogLang || a.enclosing?.language != nil || store.resolve(a.dictionary["Lang"]).string != nil {
                ctx.checked("7.2-24"); continue
            }
            ctx.fail("7.2-24", "The language of the \(a.subtype.isEmpty ? "annotation" : a.subtype + " annotation")'s /Contents cannot be determined. Set the catalog's /Lang, or /Lang on the annotation's structure element.",
                     at: location(of: a, ctx), evidence: [.init("Contents", String(contents.prefix(80)))])
        }
    }
}
