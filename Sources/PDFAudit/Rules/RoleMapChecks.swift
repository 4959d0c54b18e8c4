import PDFCore
import PDFFile

extension StructureChecks {
    /// 7.1-5 (non-standard types reach a standard type), 7.1-6 (no role-map cycle), 7.1-7
    /// (standard types are not remapped), 7.1-12 (every element has `/P`). Each is decided
    /// per structure element from its `/S` and the role map.
    static let roleMapping = AuditCheck(["7.1-5", "7.1-6", "7.1-7", "7.1-12"]) { ctx in
        let roles = StructureRoles.of(ctx)
        let tree = roles.tree
        let map = tree.roleMap
        for (i, e) in tree.elements.enumerated() {
            let type = e.type
            let cycle = !type.isEmpty && StructureRoles.reachesCycle(from: type, roleMap: map)
            let remapped = remappedStandardType(i, roles: roles)

            // 7.1-6
            if cycle {
                ctx.fail("7.1-6", "The role map sends /\(type) round in a circle (\(chain(from: type, map))), so the element has no definite meaning. Break the cycle: map each custom type to one standard type.",
                         at: roles.location(of: i), evidence: [.init("S", type), .init("RoleMap chain", chain(from: type, map))])
            } else if !type.isEmpty {
                ctx.checked("7.1-6")
            }

            // 7.1-7
            if let remapped {
                let target = map[remapped] ?? ""
                ctx.fail("7.1-7", "The standard structure type /\(remapped) is remapped to /\(target) in the role map. Remove /\(remapped) from /RoleMap: standard types keep their own meaning.",
                         at: roles.location(of: i), evidence: [.init("standard type", remapped), .init("RoleMap", "/\(remapped) → /\(target)")])
            } else {
                ctx.checked("7.1-7")
            }

            // 7.1-5: an element with a non-standard type fails when the role map does not
            // take it to a standard type, a cycle included (the cycle also fails 7.1-6).
            if !StructureRoles.standardTypes.contains(type) {
                if roles.standardType[i] == nil {
                    let message = map[type] == nil
                        ? "The structure type /\(type) is not a standard type and the role map does not map it. Add /\(type) to /RoleMap with the nearest standard type (for example /P, /Span, /Sect)."
                        : "The structure type /\(type) is role-mapped (\(chain(from: type, map))) but the chain never reaches a standard type. Map the last type of the chain to a standard type."
                    ctx.fail("7.1-5", message, at: roles.location(of: i),
                             evidence: [.init("S", type.isEmpty ? "(none)" : type)] + (map[type].map { _ in [.init("RoleMap chain", chain(from: type, map))] } ?? []))
                } else {
                    ctx.checked("7.1-5")
                }
            }

            // 7.1-12
            if e.hasParentEntry {
                ctx.checked("7.1-12")
            } else {
                ctx.fail("7.1-12", "The structure element has no /P entry naming its parent. Add /P pointing to the parent element (or to the structure tree root for a top-level element).",
                         at: roles.location(of: i))
            }
        }
    }

    /// The standard type the role map redefines for element `i`: its own `/S` when that is
    /// standard and maps elsewhere, or the standard type a custom `/S` reaches when that type
    /// itself is remapped; nil when nothing standard is remapped.
    static func remappedStandardType(_ i: Int, roles: StructureRoles) -> String? {
        let type = roles.tree.elements[i].type
        guard !type.isEmpty else { return nil }
        let map = roles.tree.roleMap
        if StructureRoles.standardTypes.contains(type) {
            return roles.standardType[i] == type ? nil : type
        }
        if let reached = roles.standardType[i], StructureRoles.resolve(reached, roleMap: map) != reached {
            return reached
        }
        return nil
    }

    /// `A → B → C` as the role map chains from `type` (stopping at a repeat or a length cap).
    static func chain(from type: String, _ map: [String: String]) -> String {
        var parts = [type]
        var seen: Set<String> = [type]
        var next = map[type]
        while let t = next, parts.count <= StructureTree.maxRoleMapSteps {
            parts.append(t)
            if !seen.insert(t).inserted { break }
            next = map[t]
        }
        return parts.map { "/" + $0 }.joined(separator: " → ")
    }
}
