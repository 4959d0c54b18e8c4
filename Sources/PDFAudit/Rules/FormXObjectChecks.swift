import PDFCore
import PDFSyntax
import PDFFile

extension ContentChecks {
    /// 7.20-2: a form XObject whose content has MCIDs is painted only once, so each of its
    /// marked-content sequences belongs to one place in the structure tree.
    static let formMarkedContent = AuditCheck(["7.20-2"]) { ctx in
        for (id, use) in AuditContentScan.run(ctx).forms.sorted(by: { $0.key.number < $1.key.number }) where use.hasMCID {
            ctx.checked("7.20-2")
            if use.paints > 1 {
                ctx.fail("7.20-2", "Form XObject \(id.number) holds marked content with MCIDs but is painted \(use.paints) times, so its MCIDs cannot belong to one structure element each. Paint it once, or give each use its own copy of the form (with its own MCIDs and /StructParents), or mark the repeated uses as artifacts in a form without MCIDs.",
                         at: AuditLocation(pageIndex: use.firstPage, object: id, contentStream: id),
                         evidence: [.init("paints", String(use.paints))])
            }
        }
    }
}
