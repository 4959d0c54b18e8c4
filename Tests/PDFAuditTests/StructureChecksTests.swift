import Testing
import PDFCore
import PDFFile
import PDFTestSupport
@testable import PDFAudit

/// A structure element for test trees: `/S`, kids, extra dictionary entries.
struct Node {
    var type: String
    var kids: [Node]
    var extra: String
    /// Leave out `/P`.
    var noParent = false

    init(_ type: String, _ kids: [Node] = [], _ extra: String = "") {
        self.type = type; self.kids = kids; self.extra = extra
    }

    /// Object number of the `k`th element in tree order (21…39, then 60 on).
    static func number(_ k: Int) -> Int { k < 19 ? 21 + k : 60 + (k - 19) }

    /// The struct tree root's `/K` for `roots` numbered as ``objects(_:)`` numbers them.
    static func rootKids(_ roots: [Node]) -> String {
        var k = 0
        return "[" + roots.map { r -> String in
            let ref = "\(number(k)) 0 R"
            func count(_ n: Node) -> Int { 1 + n.kids.map(count).reduce(0, +) }
            k += count(r)
            return ref
        }.joined(separator: " ") + "]"
    }

    /// The element objects of `roots`, numbered in tree order from 21.
    static func objects(_ roots: [Node]) -> [(Int, String)] {
        var out: [(Int, String)] = []
        func add(_ n: Node, parent: Int) -> Int {
            let me = number(out.count)
            out.append((me, ""))
            let slot = out.count - 1
            let kids = n.kids.map { add($0, parent: me) }
            let p = n.noParent ? "" : "/P \(parent) 0 R"
            let k = kids.isEmpty ? "" : "/K [\(kids.map { "\($0) 0 R" }.joined(separator: " "))]"
            out[slot].1 = "<< /Type /StructElem /S /\(n.type) \(p) /Pg 3 0 R \(k) \(n.extra) >>"
            return me
        }
        for r in roots { _ = add(r, parent: 20) }
        return out
    }
}

/// Audits a document whose structure tree is `roots` for the rules `only`.
func auditTree(_ roots: [Node], roleMap: String? = nil, catalogLang: String? = "en-GB", only: Set<String>,
               profile: AuditProfile = .ua1) throws -> AuditReport {
    var t = TaggedDocument()
    let objects = Node.objects(roots)
    t.objects = objects
    t.rootKids = Node.rootKids(roots)
    if let roleMap { t.rootExtras = "/RoleMap << \(roleMap) >>" }
    t.catalogLang = catalogLang
    var options = AuditOptions()
    options.onlyRules = only
    options.profile = profile
    return Auditor(options: options).audit(try Document(bytes: t.build()))
}

extension AuditReport {
    func status(_ id: String) -> RuleResult.Status? { rules.first { $0.rule.id == id }?.status }
    func findings(_ id: String) -> [Finding] { findings.filter { $0.ruleID == id } }
}

@Suite struct RoleMapCheckTests {
    static let ids: Set<String> = ["7.1-5", "7.1-6", "7.1-7", "7.1-12"]

    @Test func unmappedCustomTypeFails() throws {
        let r = try auditTree([Node("Document", [Node("Chapter")])], only: Self.ids)
        #expect(r.status("7.1-5") == .failed)
        let f = try #require(r.findings("7.1-5").first)
        #expect(f.location.structPath == "/Document[1]/Chapter[1]")
        #expect(f.location.object?.number == 22)
        #expect(f.location.pageIndex == 0)
        #expect(f.location.standardType == nil)
        #expect(f.message.contains("RoleMap"))
    }

    @Test func mappedCustomTypePasses() throws {
        let r = try auditTree([Node("Document", [Node("Chapter")])], roleMap: "/Chapter /Part2 /Part2 /Sect", only: Self.ids)
        #expect(r.status("7.1-5") == .passed)
        #expect(r.status("7.1-6") == .passed)
        #expect(r.status("7.1-7") == .passed)
        #expect(r.status("7.1-12") == .passed)
    }

    @Test func chainEndingOnUnknownTypeFails() throws {
        let r = try auditTree([Node("Document", [Node("Chapter")])], roleMap: "/Chapter /Part2", only: Self.ids)
        #expect(r.status("7.1-5") == .failed)
        #expect(r.findings("7.1-5").first?.evidence.contains { $0.value == "/Chapter → /Part2" } == true)
    }

    @Test func roleMapCycleFails() throws {
        let r = try auditTree([Node("Document", [Node("A")])], roleMap: "/A /B /B /A", only: Self.ids)
        #expect(r.status("7.1-6") == .failed)
        #expect(r.status("7.1-5") == .failed)  // the type never reaches a standard type either
        #expect(r.findings("7.1-6").first?.location.structPath == "/Document[1]/A[1]")
    }

    @Test func remappedStandardTypeFails() throws {
        let r = try auditTree([Node("Document", [Node("P")])], roleMap: "/P /Span", only: Self.ids)
        #expect(r.status("7.1-7") == .failed)
        let f = try #require(r.findings("7.1-7").first)
        #expect(f.location.structType == "P")
        #expect(f.location.standardType == "Span")
        #expect(f.evidence.first?.value == "P")
    }

    @Test func customTypeThroughRemappedStandardTypeFails() throws {
        let r = try auditTree([Node("Document", [Node("Para")])], roleMap: "/Para /P /P /Span", only: Self.ids)
        #expect(r.status("7.1-7") == .failed)
    }

    @Test func missingParentEntryFails() throws {
        var kid = Node("P")
        kid.noParent = true
        let r = try auditTree([Node("Document", [kid])], only: Self.ids)
        #expect(r.status("7.1-12") == .failed)
        #expect(r.findings("7.1-12").count == 1)
        #expect(r.findings("7.1-12").first?.location.structPath == "/Document[1]/P[1]")
    }
}

@Suite struct GrammarCheckTests {
    /// (rule, tree, should fail)
    static let cases: [(String, [Node], Bool)] = [
        ("7.2-3", [Node("Table", [Node("P")])], true),
        ("7.2-3", [Node("Table", [Node("Div", [Node("TR", [Node("TD")])])])], false),
        ("7.2-4", [Node("Document", [Node("TR", [Node("TD")])])], true),
        ("7.2-4", [Node("Table", [Node("Div", [Node("TR", [Node("TD")])])])], false),
        ("7.2-5", [Node("Document", [Node("THead")])], true),
        ("7.2-6", [Node("Document", [Node("TBody")])], true),
        ("7.2-6", [Node("Table", [Node("TBody")])], false),
        ("7.2-7", [Node("Sect", [Node("TFoot")])], true),
        ("7.2-8", [Node("Table", [Node("TH")])], true),
        ("7.2-9", [Node("Table", [Node("TD")])], true),
        ("7.2-9", [Node("Table", [Node("TR", [Node("TD")])])], false),
        ("7.2-10", [Node("Table", [Node("TR", [Node("P")])])], true),
        ("7.2-11", [Node("Table", [Node("THead"), Node("THead"), Node("TBody")])], true),
        ("7.2-11", [Node("Table", [Node("THead"), Node("Div", [Node("THead")]), Node("TBody")])], true),
        ("7.2-12", [Node("Table", [Node("TBody"), Node("TFoot"), Node("TFoot")])], true),
        ("7.2-13", [Node("Table", [Node("TR"), Node("TFoot")])], true),
        ("7.2-13", [Node("Table", [Node("TBody"), Node("TFoot")])], false),
        ("7.2-14", [Node("Table", [Node("THead"), Node("TR")])], true),
        ("7.2-16", [Node("Table", [Node("TR"), Node("Caption"), Node("TR")])], true),
        ("7.2-16", [Node("Table", [Node("TR"), Node("TR"), Node("Caption")])], false),
        ("7.2-17", [Node("Document", [Node("LI")])], true),
        ("7.2-17", [Node("L", [Node("LI")])], false),
        ("7.2-18", [Node("L", [Node("LBody")])], true),
        ("7.2-19", [Node("L", [Node("P")])], true),
        ("7.2-19", [Node("L", [Node("Caption"), Node("LI"), Node("L")])], false),
        ("7.2-19", [Node("L", [Node("Caption"), Node("LI"), Node("Caption")])], true),
        ("7.2-3", [Node("Table", [Node("TR"), Node("Caption"), Node("TR")])], true),
        ("7.2-3", [Node("Table", [Node("TR"), Node("Caption")])], false),
        ("7.2-27", [Node("TOC", [Node("TOCI"), Node("Caption")])], true),
        ("7.2-20", [Node("L", [Node("LI", [Node("P")])])], true),
        ("7.2-20", [Node("L", [Node("LI", [Node("Lbl"), Node("LBody")])])], false),
        ("7.2-26", [Node("Document", [Node("TOCI")])], true),
        ("7.2-27", [Node("TOC", [Node("P")])], true),
        ("7.2-27", [Node("TOC", [Node("TOCI"), Node("TOC", [Node("TOCI")])])], false),
        ("7.2-28", [Node("TOC", [Node("TOCI"), Node("Caption")])], true),
        ("7.2-28", [Node("TOC", [Node("Caption"), Node("TOCI")])], false),
        ("7.2-36", [Node("Table", [Node("THead", [Node("TD")])])], true),
        ("7.2-37", [Node("Table", [Node("TBody", [Node("P")])])], true),
        ("7.2-38", [Node("Table", [Node("TFoot", [Node("TH")])])], true),
        ("7.2-39", [Node("Table", [Node("Caption"), Node("TR"), Node("Caption")])], true),
        ("7.2-40", [Node("L", [Node("LI"), Node("Caption")])], true),
        ("7.2-40", [Node("L", [Node("Caption"), Node("LI")])], false),
        ("7.4.4-1", [Node("Sect", [Node("H"), Node("P"), Node("H")])], true),
        ("7.4.4-1", [Node("Sect", [Node("H"), Node("Sect", [Node("H")])])], false),
    ]

    @Test(arguments: cases.indices) func grammarRule(_ k: Int) throws {
        let (id, tree, shouldFail) = Self.cases[k]
        let r = try auditTree(tree, only: [id])
        #expect(r.status(id) == (shouldFail ? .failed : .passed), "\(id) case \(k)")
        if shouldFail {
            let f = r.findings(id).first
            #expect(f?.location.structPath?.hasPrefix("/") == true)
            #expect(f?.location.object != nil)
        }
    }

    @Test func roleMappedTypesAreJudgedByTheirStandardType() throws {
        let r = try auditTree([Node("MyList", [Node("Item", [Node("Para")])])], roleMap: "/MyList /L /Item /LI /Para /P", only: ["7.2-20"])
        #expect(r.status("7.2-20") == .failed)
        let f = try #require(r.findings("7.2-20").first)
        #expect(f.location.structPath == "/MyList[1]/Item[1]")
        #expect(f.location.structType == "Item")
        #expect(f.location.standardType == "LI")
        #expect(f.evidence.first == Finding.Evidence("kid", "P"))
    }
}

@Suite struct TableCheckTests {
    static let ids: Set<String> = ["7.2-15", "7.2-41", "7.2-42", "7.2-43", "7.5-1", "7.5-2"]
    static func cell(_ type: String = "TD", row: Int = 1, col: Int = 1, _ extra: String = "") -> Node {
        var a = ""
        if row != 1 { a += " /RowSpan \(row)" }
        if col != 1 { a += " /ColSpan \(col)" }
        return Node(type, [], (a.isEmpty ? "" : "/A << /O /Table\(a) >> ") + extra)
    }
    static func table(_ rows: [[Node]]) -> [Node] { [Node("Table", rows.map { Node("TR", $0) })] }

    @Test func regularTablePasses() throws {
        let r = try auditTree(Self.table([[Self.cell(col: 2)], [Self.cell(row: 2), Self.cell()], [Self.cell()]]), only: Self.ids)
        for id in ["7.2-15", "7.2-41", "7.2-42", "7.2-43", "7.5-1", "7.5-2"] { #expect(r.status(id) == .passed, "\(id)") }
    }

    @Test func overlappingCellsFail() throws {
        // Row 1's second cell spans two rows; row 2's only cell spans both columns into it.
        let r = try auditTree(Self.table([[Self.cell(), Self.cell(row: 2)], [Self.cell(col: 2)]]), only: Self.ids)
        #expect(r.status("7.2-15") == .failed)
        #expect(r.findings("7.2-15").count == 2)
        #expect(r.findings("7.2-15").first?.location.structPath == "/Table[1]/TR[1]/TD[2]")
        #expect(r.status("7.2-42") == .passed)
    }

    @Test func rowSpanPastLastRowFails41() throws {
        let r = try auditTree(Self.table([[Self.cell(), Self.cell(row: 3)], [Self.cell()]]), only: Self.ids)
        #expect(r.status("7.2-41") == .failed)
        #expect(r.findings("7.2-41").first?.location.structPath == "/Table[1]")
        #expect(r.findings("7.2-41").first?.evidence.first == Finding.Evidence("column", "2"))
        #expect(r.status("7.2-42") == .passed)
        #expect(r.status("7.2-43") == .passed)
    }

    @Test func widerRowFails42() throws {
        let r = try auditTree(Self.table([[Self.cell(), Self.cell()], [Self.cell(), Self.cell(), Self.cell()]]), only: Self.ids)
        #expect(r.status("7.2-42") == .failed)
        #expect(r.status("7.2-43") == .passed)
        #expect(r.findings("7.2-42").first?.evidence.first == Finding.Evidence("row", "2"))
    }

    @Test func shorterRowFails43() throws {
        let r = try auditTree(Self.table([[Self.cell(), Self.cell()], [Self.cell()]]), only: Self.ids)
        #expect(r.status("7.2-43") == .failed)
        #expect(r.status("7.2-42") == .passed)
        #expect(r.findings("7.2-43").first?.location.object?.number == 21)
    }

    @Test func rowsBeyondTheCountedRowsFail41() throws {
        // The second row starts with a paragraph, so it adds no row to the count; its cell
        // then has no row to sit in.
        let rows = [[Self.cell()], [Node("P"), Self.cell()]]
        let r = try auditTree(Self.table(rows), only: Self.ids)
        #expect(r.status("7.2-41") == .failed)
        #expect(r.status("7.2-15") == .passed)
    }

    @Test func absurdSpansAreNotLaidOut() throws {
        let r = try auditTree(Self.table([[Self.cell(row: 2_000_000_000, col: 2_000_000_000)], [Self.cell()]]), only: Self.ids)
        #expect(r.status("7.2-41") == .notApplicable)
        #expect(r.status("7.2-15") == .notApplicable)
    }

    @Test func unscopedHeadersFail75() throws {
        let r = try auditTree(Self.table([[Self.cell("TH"), Self.cell("TH")], [Self.cell(), Self.cell()]]), only: Self.ids)
        #expect(r.status("7.5-1") == .failed)
        #expect(r.status("7.5-2") == .passed)
        #expect(r.findings("7.5-1").count == 1)
        #expect(r.findings("7.5-1").first?.location.structPath == "/Table[1]/TR[2]/TD[1]")
    }

    @Test func scopedHeadersPass75() throws {
        let th = Node("TH", [], "/A << /O /Table /Scope /Column >>")
        let r = try auditTree(Self.table([[th, Self.cell("TH")], [Self.cell(), Self.cell()]]), only: Self.ids)
        // The second column's TH has no Scope, so its TD needs another way: it has none.
        #expect(r.status("7.5-1") == .failed)
        #expect(r.findings("7.5-1").first?.location.structPath == "/Table[1]/TR[2]/TD[2]")
        let both = try auditTree(Self.table([[th, th], [Self.cell(), Self.cell()]]), only: Self.ids)
        #expect(both.status("7.5-1") == .passed)
    }

    @Test func headersAndIDsPass75() throws {
        let th1 = Node("TH", [], "/ID (h1)"), th2 = Node("TH", [], "/ID (h2)")
        let td1 = Node("TD", [], "/A << /O /Table /Headers [(h1)] >>"), td2 = Node("TD", [], "/A << /O /Table /Headers [(h2)] >>")
        let r = try auditTree(Self.table([[th1, th2], [td1, td2]]), only: Self.ids)
        #expect(r.status("7.5-1") == .passed)
        #expect(r.status("7.5-2") == .passed)
    }

    @Test func unknownHeaderIDsFail752() throws {
        let th1 = Node("TH", [], "/ID (h1)"), th2 = Node("TH", [], "/ID (h2)")
        let td1 = Node("TD", [], "/A << /O /Table /Headers [(h1)] >>"), td2 = Node("TD", [], "/A << /O /Table /Headers [(nope)] >>")
        let r = try auditTree(Self.table([[th1, th2], [td1, td2]]), only: Self.ids)
        #expect(r.status("7.5-2") == .failed)
        #expect(r.status("7.5-1") == .passed)
        #expect(r.findings("7.5-2").first?.evidence.first == Finding.Evidence("unknown headers", "nope"))
    }
}

@Suite struct DescriptionCheckTests {
    @Test func altWithoutAnyLanguageFails() throws {
        let r = try auditTree([Node("Document", [Node("Figure", [], "/Alt (A chart)")])], catalogLang: nil, only: ["7.2-22", "7.2-21", "7.2-23"])
        #expect(r.status("7.2-22") == .failed)
        #expect(r.status("7.2-21") == .notApplicable)
        let f = try #require(r.findings("7.2-22").first)
        #expect(f.location.structPath == "/Document[1]/Figure[1]")
        #expect(f.evidence.first == Finding.Evidence("Alt", "A chart"))
    }

    @Test func languageFromAncestorOrCatalogPasses() throws {
        let onParent = try auditTree([Node("Document", [Node("Span", [], "/ActualText (x) /E (ex)")], "/Lang (de)")], catalogLang: nil, only: ["7.2-21", "7.2-23"])
        #expect(onParent.status("7.2-21") == .passed)
        #expect(onParent.status("7.2-23") == .passed)
        let onCatalog = try auditTree([Node("Document", [Node("Span", [], "/E (ex)")])], only: ["7.2-23"])
        #expect(onCatalog.status("7.2-23") == .passed)
        let missing = try auditTree([Node("Document", [Node("Span", [], "/E (ex)")])], catalogLang: nil, only: ["7.2-23"])
        #expect(missing.status("7.2-23") == .failed)
    }

    @Test func figureAlternateText() throws {
        let none = try auditTree([Node("Document", [Node("Figure")])], only: ["7.3-1"])
        #expect(none.status("7.3-1") == .failed)
        #expect(none.findings("7.3-1").first?.location.structPath == "/Document[1]/Figure[1]")
        let emptyAlt = try auditTree([Node("Figure", [], "/Alt ()")], only: ["7.3-1"])
        #expect(emptyAlt.status("7.3-1") == .failed)
        let emptyActual = try auditTree([Node("Figure", [], "/ActualText ()")], only: ["7.3-1"])
        #expect(emptyActual.status("7.3-1") == .passed)
        let mapped = try auditTree([Node("Image", [], "/Alt (Logo)")], roleMap: "/Image /Figure", only: ["7.3-1"])
        #expect(mapped.status("7.3-1") == .passed)
    }

    @Test func formulaAlternateText() throws {
        let none = try auditTree([Node("Formula")], only: ["7.7-1"])
        #expect(none.status("7.7-1") == .failed)
        #expect(none.findings("7.7-1").first?.location.object?.number == 21)
        let alt = try auditTree([Node("Formula", [], "/Alt (E equals m c squared)")], only: ["7.7-1"])
        #expect(alt.status("7.7-1") == .passed)
    }
}

@Suite struct HeadingCheckTests {
    static let ids: Set<String> = ["7.4.2-1", "7.4.4-2", "7.4.4-3"]
    static func doc(_ types: [String]) -> [Node] { [Node("Document", types.map { Node($0) })] }

    @Test func numberedHeadings() throws {
        let good = try auditTree(Self.doc(["H1", "H2", "H3", "H4", "H3", "H4", "H2", "H1", "H1"]), only: Self.ids)
        #expect(good.status("7.4.2-1") == .passed)
        let startsAtH2 = try auditTree(Self.doc(["H2", "H3"]), only: Self.ids)
        #expect(startsAtH2.status("7.4.2-1") == .failed)
        #expect(startsAtH2.findings("7.4.2-1").count == 1)
        #expect(startsAtH2.findings("7.4.2-1").first?.location.structPath == "/Document[1]/H2[1]")
        let skips = try auditTree(Self.doc(["H1", "H2", "H4"]), only: Self.ids)
        #expect(skips.status("7.4.2-1") == .failed)
        #expect(skips.findings("7.4.2-1").first?.evidence.first == Finding.Evidence("previous level", "H2"))
    }

    @Test func mixingHAndHn() throws {
        let hFirst = try auditTree(Self.doc(["H", "H1"]), only: Self.ids)
        #expect(hFirst.status("7.4.4-3") == .failed)
        #expect(hFirst.findings("7.4.4-3").first?.location.structPath == "/Document[1]/H1[1]")
        #expect(hFirst.status("7.4.4-2") == .passed)
        let hnFirst = try auditTree(Self.doc(["H1", "H"]), only: Self.ids)
        #expect(hnFirst.status("7.4.4-2") == .failed)
        #expect(hnFirst.status("7.4.4-3") == .passed)
        let onlyH = try auditTree([Node("Sect", [Node("H")]), Node("Sect", [Node("H")])], only: Self.ids)
        #expect(onlyH.status("7.4.4-2") == .passed)
        #expect(onlyH.status("7.4.4-3") == .notApplicable)
    }
}

@Suite struct NoteCheckTests {
    @Test func noteIDs() throws {
        let missing = try auditTree([Node("Document", [Node("Note"), Node("Note", [], "/ID ()")])], only: ["7.9-1"])
        #expect(missing.status("7.9-1") == .failed)
        #expect(missing.findings("7.9-1").count == 2)
        #expect(missing.findings("7.9-1").last?.location.structPath == "/Document[1]/Note[2]")
        let duplicate = try auditTree([Node("Document", [Node("Note", [], "/ID (n1)"), Node("Note", [], "/ID (n1)")])], only: ["7.9-1", "7.9-2"])
        #expect(duplicate.status("7.9-1") == .passed)
        #expect(duplicate.status("7.9-2") == .failed)
        #expect(duplicate.findings("7.9-2").first?.location.structPath == "/Document[1]/Note[2]")
        let unique = try auditTree([Node("Document", [Node("Note", [], "/ID (n1)"), Node("Note", [], "/ID (n2)")])], only: ["7.9-2"])
        #expect(unique.status("7.9-2") == .passed)
    }
}
