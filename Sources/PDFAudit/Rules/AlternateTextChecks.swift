import PDFCore
import PDFFile

extension StructureChecks {
    /// 7.3-1 (Figure) and 7.7-1 (Formula): the element has a non-empty `/Alt` or an
    /// `/ActualText` (an empty ActualText passes: it says the content reads as nothing).
    static let alternateText = AuditCheck(["7.3-1", "7.7-1"]) { ctx in
        let roles = StructureRoles.of(ctx)
        let rules = [
            ("7.3-1", "Figure", "Figure has no alternate text. Add /Alt describing the image, or /ActualText if the figure shows text."),
            ("7.7-1", "Formula", "Formula has no alternate text. Add /Alt stating the formula in words (or /ActualText with its text)."),
        ]
        for (id, type, message) in rules {
            for i in roles.elements(ofType: type) {
                let e = roles.tree.elements[i]
                if let alt = e.alt, !alt.isEmpty { ctx.checked(id); continue }
                if e.actualText != nil { ctx.checked(id); continue }
                let prefix = e.alt != nil ? "The /Alt of this \(type) is empty. " : ""
                ctx.fail(id, prefix + message, at: roles.location(of: i),
                         evidence: [.init("Alt", e.alt.map { "\"\($0)\"" } ?? "(none)")])
            }
        }
    }
}
