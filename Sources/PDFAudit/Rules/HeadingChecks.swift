import PDFCore
import PDFFile

extension StructureChecks {
    /// The level of a numbered heading type (`H3` → 3), nil for others.
    static func headingLevel(_ type: String?) -> Int? {
        guard let type, type.count >= 2, type.first == "H", let n = Int(type.dropFirst()), n >= 1,
              type.dropFirst().first != "0" else { return nil }
        return n
    }

    /// 7.4.2-1 (numbered headings in tree order start at H1 and never skip a level going
    /// down; going back up or repeating a level is fine), 7.4.4-2 (an `H` after a numbered
    /// heading) and 7.4.4-3 (a numbered heading after an `H`): a document uses either `H`
    /// (strongly structured) or `H1`–`H6` (weakly structured), not both. Each heading is
    /// judged against the headings before it in tree order.
    static let headings = AuditCheck(["7.4.2-1", "7.4.4-2", "7.4.4-3"]) { ctx in
        let roles = StructureRoles.of(ctx)
        var last = 0
        var firstH: Int?
        var firstHn: Int?
        for i in roles.tree.elements.indices {
            let type = roles.standardType[i]
            if type == "H" {
                if let hn = firstHn {
                    ctx.fail("7.4.4-2", "The document mixes H with numbered headings (\(roles.standardType[hn] ?? "Hn") at \(roles.tree.structPath(of: hn))). Use either H inside nested Sect elements or H1–H6 throughout, not both.",
                             at: roles.location(of: i), evidence: [.init("numbered heading", roles.tree.structPath(of: hn))])
                } else {
                    ctx.checked("7.4.4-2")
                }
                firstH = firstH ?? i
            } else if let level = headingLevel(type) {
                if level - last > 1 {  // not `last + 1`: a tag H9223372036854775807 must not overflow
                    let message = last == 0
                        ? "The first heading of the document is \(type!), not H1. Start the headings at H1 (retag this heading or add the missing H1)."
                        : "Heading \(type!) follows H\(last), skipping level H\(last + 1). Do not skip levels going down: retag this heading as H\(last + 1) or add the missing level."
                    ctx.fail("7.4.2-1", message, at: roles.location(of: i),
                             evidence: [.init("previous level", last == 0 ? "(none)" : "H\(last)"), .init("level", type!)])
                } else {
                    ctx.checked("7.4.2-1")
                }
                last = level
                if let h = firstH {
                    ctx.fail("7.4.4-3", "The document mixes numbered headings with H (at \(roles.tree.structPath(of: h))). Use either H1–H6 throughout or H inside nested Sect elements, not both.",
                             at: roles.location(of: i), evidence: [.init("H heading", roles.tree.structPath(of: h))])
                } else {
                    ctx.checked("7.4.4-3")
                }
                firstHn = firstHn ?? i
            }
        }
    }
}
