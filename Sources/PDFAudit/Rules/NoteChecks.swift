import PDFCore
import PDFFile

extension StructureChecks {
    /// 7.9-1 (every Note has a non-empty `/ID`) and 7.9-2 (no two Notes share an `/ID`; each
    /// Note repeating an earlier Note's ID in tree order fails).
    static let notes = AuditCheck(["7.9-1", "7.9-2"]) { ctx in
        let roles = StructureRoles.of(ctx)
        var first: [String: Int] = [:]
        for i in roles.elements(ofType: "Note") {
            let id = roles.tree.elements[i].id
            if let id, !id.isEmpty { ctx.checked("7.9-1") } else {
                ctx.fail("7.9-1", "Note has no /ID. Give every Note a unique /ID string so references can point to it.",
                         at: roles.location(of: i), evidence: [.init("ID", id == nil ? "(none)" : "\"\"")])
            }
            guard let id else { continue }
            if let earlier = first[id] {
                ctx.fail("7.9-2", "Note /ID (\(id)) is already used by the Note at \(roles.tree.structPath(of: earlier)). Give each Note its own /ID.",
                         at: roles.location(of: i), evidence: [.init("ID", id), .init("first use", roles.tree.structPath(of: earlier))])
            } else {
                first[id] = i
                ctx.checked("7.9-2")
            }
        }
    }
}
