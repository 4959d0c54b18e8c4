import PDFCore
import PDFFile

extension StructureChecks {
    /// One nesting rule of the structure grammar, over role-mapped standard types and the
    /// significant kids and parent of ``StructureRoles``.
    struct GrammarRule: Sendable {
        enum Constraint: Sendable {
            /// The parent's standard type is one of these.
            case parentIn(Set<String>)
            /// Every kid with a standard type has one of these.
            case kidsOnly(Set<String>)
            /// At most `max` kids of this type.
            case atMost(String, Int)
            /// A kid of the first type needs a kid of the second.
            case requires(String, String)
            /// A kid of this type only as the first kid.
            case firstOnly(String)
            /// A kid of this type only as the first or the last kid.
            case firstOrLast(String)
        }
        var id: String
        /// The element's standard type; nil for every element.
        var type: String?
        /// What the element must satisfy; the first constraint it breaks is reported.
        var constraints: [Constraint]
        /// How to fix a failure, said after the description of what is wrong.
        var fix: String

        init(id: String, type: String?, constraint: Constraint, also more: [Constraint] = [], fix: String) {
            self.id = id; self.type = type; self.constraints = [constraint] + more; self.fix = fix
        }
    }

    static let tableParts: Set<String> = ["TR", "THead", "TBody", "TFoot", "Caption"]

    /// The grammar: one row per rule.
    ///
    /// 7.2-3, 7.2-19 and 7.2-27 also fail on a misplaced Caption (Table: more than one, or
    /// one between rows; L and TOC: one after the first kid). Earlier editions of the
    /// veraPDF profile stated these rules as one pattern over the kids, and the veraPDF
    /// corpus files for them still expect that; the current profile reports the position
    /// separately as 7.2-16, 7.2-28, 7.2-39 and 7.2-40, which are checked as well.
    static let grammar: [GrammarRule] = [
        .init(id: "7.2-3", type: "Table", constraint: .kidsOnly(tableParts), also: [.firstOrLast("Caption"), .atMost("Caption", 1)], fix: "Wrap the content in TR (rows), THead, TBody or TFoot, or move it out of the table."),
        .init(id: "7.2-4", type: "TR", constraint: .parentIn(["Table", "THead", "TBody", "TFoot"]), fix: "Move the row into a Table, THead, TBody or TFoot."),
        .init(id: "7.2-5", type: "THead", constraint: .parentIn(["Table"]), fix: "Move the THead directly into its Table."),
        .init(id: "7.2-6", type: "TBody", constraint: .parentIn(["Table"]), fix: "Move the TBody directly into its Table."),
        .init(id: "7.2-7", type: "TFoot", constraint: .parentIn(["Table"]), fix: "Move the TFoot directly into its Table."),
        .init(id: "7.2-8", type: "TH", constraint: .parentIn(["TR"]), fix: "Put the header cell inside a table row (TR)."),
        .init(id: "7.2-9", type: "TD", constraint: .parentIn(["TR"]), fix: "Put the data cell inside a table row (TR)."),
        .init(id: "7.2-10", type: "TR", constraint: .kidsOnly(["TH", "TD"]), fix: "Wrap the row's content in TH or TD cells."),
        .init(id: "7.2-11", type: "Table", constraint: .atMost("THead", 1), fix: "Merge the header rows into one THead."),
        .init(id: "7.2-12", type: "Table", constraint: .atMost("TFoot", 1), fix: "Merge the footer rows into one TFoot."),
        .init(id: "7.2-13", type: "Table", constraint: .requires("TFoot", "TBody"), fix: "Put the body rows in a TBody."),
        .init(id: "7.2-14", type: "Table", constraint: .requires("THead", "TBody"), fix: "Put the body rows in a TBody."),
        .init(id: "7.2-16", type: "Table", constraint: .firstOrLast("Caption"), fix: "Move the Caption to the start or the end of the table."),
        .init(id: "7.2-17", type: "LI", constraint: .parentIn(["L"]), fix: "Put the list item inside a list (L)."),
        .init(id: "7.2-18", type: "LBody", constraint: .parentIn(["LI"]), fix: "Put the list body inside a list item (LI)."),
        .init(id: "7.2-19", type: "L", constraint: .kidsOnly(["L", "LI", "Caption"]), also: [.firstOnly("Caption")], fix: "Wrap each entry in LI (with Lbl and LBody), or move the content out of the list."),
        .init(id: "7.2-20", type: "LI", constraint: .kidsOnly(["Lbl", "LBody"]), fix: "Wrap the item's label in Lbl and its content in LBody."),
        .init(id: "7.2-26", type: "TOCI", constraint: .parentIn(["TOC"]), fix: "Put the entry inside a table of contents (TOC)."),
        .init(id: "7.2-27", type: "TOC", constraint: .kidsOnly(["TOC", "TOCI", "Caption"]), also: [.firstOnly("Caption")], fix: "Wrap each entry in TOCI, or move the content out of the TOC."),
        .init(id: "7.2-28", type: "TOC", constraint: .firstOnly("Caption"), fix: "Move the Caption to the start of the TOC."),
        .init(id: "7.2-36", type: "THead", constraint: .kidsOnly(["TR"]), fix: "Wrap the header content in rows (TR)."),
        .init(id: "7.2-37", type: "TBody", constraint: .kidsOnly(["TR"]), fix: "Wrap the body content in rows (TR)."),
        .init(id: "7.2-38", type: "TFoot", constraint: .kidsOnly(["TR"]), fix: "Wrap the footer content in rows (TR)."),
        .init(id: "7.2-39", type: "Table", constraint: .atMost("Caption", 1), fix: "Keep one Caption and merge or retag the others."),
        .init(id: "7.2-40", type: "L", constraint: .firstOnly("Caption"), fix: "Move the Caption to the start of the list."),
        .init(id: "7.4.4-1", type: nil, constraint: .atMost("H", 1), fix: "Give each heading its own section (Sect), or use numbered headings H1–H6."),
    ]

    /// Decides every row of ``grammar`` on every element of its type.
    static let nesting = AuditCheck(grammar.map(\.id)) { ctx in
        let roles = StructureRoles.of(ctx)
        let byType = Dictionary(grouping: grammar.filter { $0.type != nil }, by: { $0.type! })
        let everywhere = grammar.filter { $0.type == nil }
        for i in roles.tree.elements.indices {
            let rules = (roles.standardType[i].flatMap { byType[$0] } ?? []) + everywhere
            guard !rules.isEmpty else { continue }
            let kids = roles.kidsStandardTypes(of: i)
            for rule in rules {
                if let problem = violation(of: rule, element: i, kids: kids, roles: roles) {
                    ctx.fail(rule.id, problem.what + " " + rule.fix, at: roles.location(of: i), evidence: problem.evidence)
                } else {
                    ctx.checked(rule.id)
                }
            }
        }
    }

    /// What is wrong with element `i` under `rule`, or nil when it conforms.
    static func violation(of rule: GrammarRule, element i: Int, kids: [String], roles: StructureRoles)
        -> (what: String, evidence: [Finding.Evidence])? {
        for c in rule.constraints {
            if let v = violation(of: c, element: i, kids: kids, roles: roles) { return v }
        }
        return nil
    }

    static func violation(of constraint: GrammarRule.Constraint, element i: Int, kids: [String], roles: StructureRoles)
        -> (what: String, evidence: [Finding.Evidence])? {
        let name = roles.standardType[i] ?? roles.tree.elements[i].type
        switch constraint {
        case .parentIn(let allowed):
            let parent = roles.parentStandardType(of: i)
            if let parent, allowed.contains(parent) { return nil }
            let what = parent.map { "\(name) is inside \($0)" } ?? "\(name) has no parent with a standard type"
            return ("\(what), but it belongs in \(list(allowed)).", [.init("parent", parent ?? "(none)")])
        case .kidsOnly(let allowed):
            let wrong = kids.filter { !allowed.contains($0) }
            guard let first = wrong.first else { return nil }
            return ("\(name) contains \(list(Set(wrong))), but may contain only \(list(allowed)).",
                    [.init("kid", first), .init("kids", kids.joined(separator: " "))])
        case .atMost(let type, let max):
            let n = kids.filter { $0 == type }.count
            guard n > max else { return nil }
            return ("\(name) has \(n) \(type) kids; at most \(max) is allowed.", [.init(type, String(n))])
        case .requires(let type, let needed):
            guard kids.contains(type), !kids.contains(needed) else { return nil }
            return ("\(name) has a \(type) but no \(needed).", [.init("kids", kids.joined(separator: " "))])
        case .firstOnly(let type):
            guard let k = kids.dropFirst().firstIndex(of: type) else { return nil }
            return ("\(name) has a \(type) as kid \(k + 1); it may only be the first kid.", [.init("kids", kids.joined(separator: " "))])
        case .firstOrLast(let type):
            guard kids.count > 2, let k = kids.dropFirst().dropLast().firstIndex(of: type) else { return nil }
            return ("\(name) has a \(type) as kid \(k + 1) of \(kids.count); it may only be the first or the last kid.",
                    [.init("kids", kids.joined(separator: " "))])
        }
    }

    /// `TR, THead or TBody` (sorted, for stable messages).
    static func list(_ types: Set<String>) -> String {
        let s = types.sorted()
        guard s.count > 1 else { return s.first ?? "" }
        return s.dropLast().joined(separator: ", ") + " or " + s.last!
    }
}
