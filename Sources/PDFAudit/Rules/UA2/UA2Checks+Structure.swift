import PDFCore
import PDFSyntax
import PDFFile

/// ISO 14289-2 §8.2: structure types, namespaces and role mapping, and the requirements on
/// particular structure types.
extension UA2Checks {
    /// 8.2.4-1 (every type reaches a standard namespace), 8.2.4-2 (no circular mapping),
    /// 8.2.4-3 (no mapping inside one explicit namespace), 8.2.4-4 (no standard type mapped
    /// to a non-standard one).
    static let roleMapping = AuditCheck(["8.2.4-1", "8.2.4-2", "8.2.4-3", "8.2.4-4"]) { ctx in
        let roles = UA2Roles.of(ctx)
        let tree = roles.tree
        for (i, e) in tree.elements.enumerated() where !e.type.isEmpty {
            let standardHere = StructureTree.isStandard(e.type, namespace: e.namespace)
            // Walk the chain once: cycle, same-namespace hops.
            var seen: Set<String> = [(e.namespace ?? "") + "\u{0}" + e.type]
            var t = e.type, ns = e.namespace
            var cycle = false
            var sameNamespace: (String, String)?
            var chain = [UA2Roles.label(t, ns)]
            var steps = 0
            while let next = tree.roleTarget(of: t, namespace: ns), steps <= StructureTree.maxRoleMapSteps {
                steps += 1
                chain.append(UA2Roles.label(next.type, next.namespace))
                if let ns, next.namespace == ns, next.type != t, sameNamespace == nil { sameNamespace = (t, next.type) }
                if !seen.insert((next.namespace ?? "") + "\u{0}" + next.type).inserted { cycle = true; break }
                if StructureTree.isStandard(next.type, namespace: next.namespace),
                   tree.roleTarget(of: next.type, namespace: next.namespace) == nil { break }
                t = next.type; ns = next.namespace
            }
            let chainText = chain.joined(separator: " → ")
            let at = roles.location(of: i)
            if cycle {
                ctx.fail("8.2.4-2", "The role mapping of /\(e.type) goes round in a circle (\(chainText)). Map each custom type to one standard type of the PDF 2.0, PDF 1.7 or MathML namespace.",
                         at: at, evidence: [.init("S", e.type), .init("chain", chainText)])
            } else {
                ctx.checked("8.2.4-2")
            }
            if let (from, to) = sameNamespace {
                ctx.fail("8.2.4-3", "/\(from) is role-mapped to /\(to) inside the same namespace (\(e.namespace ?? "")). A namespace's /RoleMapNS maps its types into another namespace; map /\(from) to a standard type of the PDF 2.0 or PDF 1.7 namespace.",
                         at: at, evidence: [.init("namespace", e.namespace ?? ""), .init("chain", chainText)])
            } else if e.namespace != nil {
                ctx.checked("8.2.4-3")
            }
            if standardHere {
                if let target = tree.roleTarget(of: e.type, namespace: e.namespace),
                   !(target.type == e.type && target.namespace == e.namespace),
                   !StructureTree.isStandard(target.type, namespace: target.namespace) {
                    ctx.fail("8.2.4-4", "The standard structure type /\(e.type) is role-mapped to the non-standard type /\(target.type). Standard types keep their meaning: remove /\(e.type) from the role map.",
                             at: at, evidence: [.init("S", e.type), .init("RoleMap", chainText)])
                } else {
                    ctx.checked("8.2.4-4")
                }
            } else if !cycle {
                if roles.standardType[i] == nil {
                    let message = tree.roleTarget(of: e.type, namespace: e.namespace) == nil
                        ? "The structure type /\(e.type) is not a standard type of its namespace and is not role-mapped. Map it (/RoleMap, or /RoleMapNS of its namespace) to a standard type of the PDF 2.0, PDF 1.7 or MathML namespace."
                        : "The structure type /\(e.type) is role-mapped (\(chainText)) but never reaches a standard type. Map the last type of the chain to a standard type of the PDF 2.0, PDF 1.7 or MathML namespace."
                    ctx.fail("8.2.4-1", message, at: at, evidence: [.init("S", e.type), .init("chain", chainText)])
                } else {
                    ctx.checked("8.2.4-1")
                }
            }
        }
    }

    /// 8.2.5.2-1 (the root's only kid is a Document) and 8.2.5.2-2 (in the PDF 2.0 namespace).
    static let documentElement = AuditCheck(["8.2.5.2-1", "8.2.5.2-2"]) { ctx in
        let roles = UA2Roles.of(ctx)
        guard roles.tree.hasStructureTree else { return }
        let kids = roles.tree.roots
        let root = AuditLocation(object: ctx.document.store.dictionary(ctx.document.catalog["StructTreeRoot"]) != nil
                                 ? ctx.document.catalog["StructTreeRoot"]?.reference : nil)
        guard kids.count == 1, roles.standardType[kids[0]] == "Document" else {
            let types = roles.kidTypes(of: nil).joined(separator: ", ")
            ctx.fail("8.2.5.2-1", "The structure tree root has \(kids.count) kid\(kids.count == 1 ? "" : "s") (\(types.isEmpty ? "none" : types)) instead of one Document element. Wrap the document's structure in a single /Document element (PDF 2.0 namespace).",
                     at: root, evidence: [.init("kids", types)])
            return
        }
        ctx.checked("8.2.5.2-1")
        let ns = roles.standardNamespace[kids[0]]
        if ns == StructureTree.pdf20Namespace { ctx.checked("8.2.5.2-2") } else {
            ctx.fail("8.2.5.2-2", "The Document element is not in the PDF 2.0 namespace (it is in \(ns ?? "none")). Give it /NS pointing to a namespace dictionary with /NS (http://iso.org/pdf2/ssn).",
                     at: roles.location(of: kids[0]), evidence: [.init("namespace", ns ?? "none")])
        }
    }

    /// 8.2.5.12-1 (no H), 8.2.5.14-1 (no Note), 8.2.5.28.2-1 (Figure has Alt or ActualText),
    /// 8.2.5.29-1 (MathML `math` inside Formula), 8.2.5.8-1 (TOCI with Ref).
    static let types = AuditCheck(["8.2.5.12-1", "8.2.5.14-1", "8.2.5.28.2-1", "8.2.5.29-1", "8.2.5.8-1"]) { ctx in
        let roles = UA2Roles.of(ctx)
        let tree = roles.tree
        for (i, e) in tree.elements.enumerated() {
            let type = roles.standardType[i]
            switch type {
            case "H":
                ctx.fail("8.2.5.12-1", "PDF/UA-2 does not allow the H structure type. Use H1…Hn for headings.", at: roles.location(of: i))
            case let t? where t.count >= 2 && t.first == "H" && Int(t.dropFirst()) != nil:
                ctx.checked("8.2.5.12-1")
            case "Note":
                ctx.fail("8.2.5.14-1", "PDF/UA-2 does not allow the Note structure type (PDF 1.7). Use FENote, or role-map Note to FENote in the PDF 2.0 namespace.", at: roles.location(of: i))
            case "FENote":
                ctx.checked("8.2.5.14-1")
            case "Figure":
                if e.alt != nil || e.actualText != nil { ctx.checked("8.2.5.28.2-1") } else {
                    ctx.fail("8.2.5.28.2-1", "Figure has neither /Alt nor /ActualText. Add /Alt describing what the figure shows, or /ActualText when it shows text.", at: roles.location(of: i))
                }
            case "TOCI":
                var found = !e.references.isEmpty
                var stack = roles.elementKids(of: i)
                var steps = 0
                while !found, let k = stack.popLast(), steps <= tree.elements.count {
                    steps += 1
                    if !tree.elements[k].references.isEmpty { found = true }
                    stack += roles.elementKids(of: k)
                }
                if found { ctx.checked("8.2.5.8-1") } else {
                    ctx.fail("8.2.5.8-1", "This TOCI does not name its target. Add /Ref (an array of the structure elements it points to) to the TOCI or to an element inside it.", at: roles.location(of: i))
                }
            default: break
            }
            // The MathML math element, by its own namespace or through a role map.
            if roles.standardNamespace[i] == StructureTree.mathMLNamespace, type == "math" {
                let parent = e.parent.flatMap { p -> String? in
                    roles.standardNamespace[p] == StructureTree.mathMLNamespace ? "MathML" : roles.standardType[p]
                }
                if parent == "Formula" || parent == "MathML" { ctx.checked("8.2.5.29-1") } else {
                    ctx.fail("8.2.5.29-1", "A MathML math element sits in \(parent ?? "the structure tree root") instead of a Formula. Enclose it in a Formula structure element.",
                             at: roles.location(of: i), evidence: [.init("parent", parent ?? "none")])
                }
            }
        }
    }

    /// 8.2.5.14-2, -3 (FENote and its citations point at each other with /Ref) and -4
    /// (NoteType is Footnote, Endnote or None; absent means Footnote).
    static let notes = AuditCheck(["8.2.5.14-2", "8.2.5.14-3", "8.2.5.14-4"]) { ctx in
        let roles = UA2Roles.of(ctx)
        let tree = roles.tree
        let notes = roles.elements(ofType: "FENote")
        guard !notes.isEmpty else { return }
        // Who cites whom: element → the FENotes its /Ref names.
        var citers: [Int: [Int]] = [:]
        let noteSet = Set(notes)
        for (i, e) in tree.elements.enumerated() where !e.references.isEmpty && !noteSet.contains(i) {
            for r in e.references { if let k = roles.elementByObject[r.number], noteSet.contains(k) { citers[k, default: []].append(i) } }
        }
        for n in notes {
            let e = tree.elements[n]
            let named = Set(e.references.compactMap { roles.elementByObject[$0.number] })
            let orphans = (citers[n] ?? []).filter { !named.contains($0) }
            if orphans.isEmpty { ctx.checked("8.2.5.14-2") } else {
                let list = orphans.compactMap { tree.elements[$0].objectID?.description }.joined(separator: ", ")
                ctx.fail("8.2.5.14-2", "Elements cite this FENote with /Ref but its own /Ref does not list them (\(list)). Add each citing element to the FENote's /Ref.",
                         at: roles.location(of: n), evidence: [.init("citing", list)])
            }
            let ghosts = named.filter { k in !tree.elements[k].references.contains { roles.elementByObject[$0.number] == n } }.sorted()
            if ghosts.isEmpty { ctx.checked("8.2.5.14-3") } else {
                let list = ghosts.compactMap { tree.elements[$0].objectID?.description }.joined(separator: ", ")
                ctx.fail("8.2.5.14-3", "This FENote's /Ref lists elements that do not cite it back (\(list)). Give each citing element a /Ref to the FENote, or remove it from the FENote's /Ref.",
                         at: roles.location(of: n), evidence: [.init("not citing back", list)])
            }
            let value = e.attributes.lazy.compactMap { a -> PDFObject? in a.entries["NoteType"] }.first
            if let value {
                let name = value.name?.string
                if name == "Footnote" || name == "Endnote" || name == "None" { ctx.checked("8.2.5.14-4") } else {
                    ctx.fail("8.2.5.14-4", "The FENote's NoteType is \(name.map { "/" + $0 } ?? "not a name"). Use /Footnote, /Endnote or /None.",
                             at: roles.location(of: n), evidence: [.init("NoteType", name ?? "not a name")])
                }
            } else {
                ctx.checked("8.2.5.14-4")
            }
        }
    }

    /// 8.2.5.23-1 (Ruby: RB RT or RB RP RT RP), 8.2.5.24-1 (Warichu: WP WT WP), 8.2.5.27-1
    /// (a Caption is the first or last kid).
    static let sequences = AuditCheck(["8.2.5.23-1", "8.2.5.24-1", "8.2.5.27-1"]) { ctx in
        let roles = UA2Roles.of(ctx)
        for i in roles.tree.elements.indices {
            let kids = roles.kidTypes(of: i)
            switch roles.standardType[i] {
            case "Ruby":
                if kids == ["RB", "RT"] || kids == ["RB", "RP", "RT", "RP"] { ctx.checked("8.2.5.23-1") } else {
                    ctx.fail("8.2.5.23-1", "The Ruby element's kids are \(kids.joined(separator: ", ")). A Ruby holds RB and RT, or RB, RP, RT, RP.",
                             at: roles.location(of: i), evidence: [.init("kids", kids.joined(separator: " "))])
                }
            case "Warichu":
                if kids == ["WP", "WT", "WP"] { ctx.checked("8.2.5.24-1") } else {
                    ctx.fail("8.2.5.24-1", "The Warichu element's kids are \(kids.joined(separator: ", ")). A Warichu holds WP, WT, WP.",
                             at: roles.location(of: i), evidence: [.init("kids", kids.joined(separator: " "))])
                }
            default: break
            }
            guard kids.contains("Caption") else { continue }
            if let middle = kids.indices.dropFirst().dropLast().first(where: { kids[$0] == "Caption" }) {
                ctx.fail("8.2.5.27-1", "A Caption is kid \(middle + 1) of \(kids.count) of this \(roles.standardType[i] ?? "element"). Move the Caption to be the first or the last kid.",
                         at: roles.location(of: i), evidence: [.init("kids", kids.joined(separator: " "))])
            } else {
                ctx.checked("8.2.5.27-1")
            }
        }
    }

    /// 8.2.5.25-1 (a list with Lbl has ListNumbering, not None) and 8.2.5.25-2 (no real
    /// content directly in LI).
    static let lists = AuditCheck(["8.2.5.25-1", "8.2.5.25-2"]) { ctx in
        let roles = UA2Roles.of(ctx)
        let tree = roles.tree
        for i in tree.elements.indices {
            switch roles.standardType[i] {
            case "L":
                let labels = roles.elementKids(of: i).contains { li in
                    roles.standardType[li] == "LI" && roles.elementKids(of: li).contains { roles.standardType[$0] == "Lbl" }
                }
                guard labels else { ctx.checked("8.2.5.25-1"); continue }
                let numbering = tree.elements[i].attributes.lazy.filter { $0.owner == "List" }
                    .compactMap { $0.entries["ListNumbering"]?.name?.string }.first
                if let numbering, numbering != "None" { ctx.checked("8.2.5.25-1") } else {
                    ctx.fail("8.2.5.25-1", "The list's items have labels (Lbl) but the list \(numbering == nil ? "has no ListNumbering attribute" : "says ListNumbering /None"). Add a List attribute /ListNumbering (/Disc, /Decimal, /Ordered, /Unordered, …) to the L element.",
                             at: roles.location(of: i), evidence: [.init("ListNumbering", numbering ?? "missing")])
                }
            case "LI":
                let direct = tree.elements[i].kids.contains { if case .markedContent = $0 { true } else { false } }
                if direct {
                    ctx.fail("8.2.5.25-2", "This LI holds content directly. Put the item's label in Lbl and its text in LBody.", at: roles.location(of: i))
                } else {
                    ctx.checked("8.2.5.25-2")
                }
            default: break
            }
        }
    }
}
