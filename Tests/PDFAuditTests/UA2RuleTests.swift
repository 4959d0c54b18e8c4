import Testing
import PDFCore
import PDFFile
import PDFSyntax
import PDFTestSupport
@testable import PDFAudit

/// The PDF 2.0 namespace dictionary of the PDF/UA-2 fixtures (object 70), and a custom
/// one (71) whose /RoleMapNS the test gives.
let pdf20NS = "/NS 70 0 R"

/// Audits a PDF 2.0 document claiming PDF/UA-2 whose structure tree is `roots` for the
/// rules `only`, under `profile` (nil: the one the file asks for).
func auditUA2(_ roots: [Node], only: Set<String>? = nil, profile: AuditProfile? = .ua2, roleMap: String? = nil,
              customRoleMapNS: String? = nil, configure: (inout TaggedDocument) -> Void = { _ in }) throws -> AuditReport {
    var t = TaggedDocument()
    t.version = "2.0"
    t.xmp = xmpPacket(xmpTitle + "<pdfuaid:part>2</pdfuaid:part><pdfuaid:rev>2024</pdfuaid:rev>")
    t.objects = Node.objects(roots)
    t.objects.append((70, "<< /Type /Namespace /NS (http://iso.org/pdf2/ssn) >>"))
    if let customRoleMapNS {
        t.objects.append((71, "<< /Type /Namespace /NS (http://example.com/ns) /RoleMapNS << \(customRoleMapNS) >> >>"))
    }
    t.rootKids = Node.rootKids(roots)
    t.rootExtras = "/Namespaces [70 0 R]" + (roleMap.map { " /RoleMap << \($0) >>" } ?? "")
    configure(&t)
    var options = AuditOptions()
    options.onlyRules = only
    options.profile = profile
    return Auditor(options: options).audit(try Document(bytes: t.build()))
}

@Suite struct AuditProfileTests {
    @Test func theFileChoosesItsProfile() throws {
        func detected(version: String, xmp: String?) throws -> AuditProfile {
            var t = TaggedDocument()
            t.version = version
            t.xmp = xmp
            return AuditProfile.detect(try Document(bytes: t.build()))
        }
        #expect(try detected(version: "1.7", xmp: TaggedDocument.xmp(title: "T", pdfuaPart: 1)) == .ua1)
        #expect(try detected(version: "2.0", xmp: TaggedDocument.xmp(title: "T", pdfuaPart: 2)) == .ua2)
        // A claim that contradicts the version: the version decides, and the claim fails 5-2.
        #expect(try detected(version: "1.7", xmp: TaggedDocument.xmp(title: "T", pdfuaPart: 2)) == .ua1)
        #expect(try detected(version: "2.0", xmp: TaggedDocument.xmp(title: "T", pdfuaPart: 1)) == .ua2)
        #expect(try detected(version: "2.0", xmp: nil) == .ua2)
        #expect(try detected(version: "1.7", xmp: nil) == .ua1)
        let declaration = """
            <pdfd:declarations><rdf:Bag><rdf:li rdf:parseType="Resource">\
            <pdfd:conformsTo>http://pdfa.org/declarations/wtpdf#reuse1.0</pdfd:conformsTo></rdf:li></rdf:Bag></pdfd:declarations>
            """
        let ns = "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfd=\"http://pdfa.org/declarations/\""
        #expect(try detected(version: "2.0", xmp: xmpPacket(xmpTitle + declaration, namespaces: ns)) == .wtpdfReuse)
    }

    @Test func catalogsHaveTheirRules() {
        #expect(AuditProfile.ua1.rules.count == 106)
        #expect(AuditProfile.ua2.rules.count == 91)
        #expect(AuditProfile.wtpdfAccessibility.rules.count == 87)
        #expect(AuditProfile.wtpdfReuse.rules.count == 74)
        #expect(AuditProfile.ua2.rule("8.2.5.26-5")?.specification == "ISO 14289-2:2024")
        #expect(AuditProfile.wtpdfReuse.rule("8.2.5.28.2-1") == nil, "the reuse level has no alternative-description rules")
        // Every translation lands on a rule of the PDF/UA-2 catalogue.
        for (ua1, ua2) in AuditProfile.ua2RuleIDs {
            #expect(RuleCatalog.pdfua1ByID[ua1] != nil, "\(ua1)")
            #expect(AuditProfile.ua2.rule(ua2) != nil, "\(ua2)")
        }
        // Only one rule of the profile is left to a person.
        #expect(AuditProfile.ua2.rules.count - Auditor.implementedRuleIDs(.ua2).count == 1)
        #expect(!Auditor.implementedRuleIDs(.ua2).contains("8.10.3.5-1"))
    }

    @Test func wcagCriteriaAreCarried() {
        #expect(AuditProfile.ua1.rule("7.3-1")?.wcag.contains("1.1.1") == true)
        #expect(AuditProfile.ua2.rule("8.2.5.28.2-1")?.wcag.contains("1.1.1") == true)
        #expect(AuditProfile.ua2.rule("8.4.4-1")?.wcag.contains("3.1.1") == true)
        #expect(AuditProfile.ua1.rule("7.1-10")?.wcag.contains("2.4.2") == true)
        for profile in [AuditProfile.ua1, .ua2] {
            for rule in profile.rules { for sc in rule.wcag { #expect(!WCAG.name(sc).isEmpty, "\(rule.id) \(sc)") } }
        }
    }

    @Test func pdfua1RulesReportUnderPDFUA2Ids() throws {
        var t = TaggedDocument()
        t.version = "2.0"
        t.structTreeRoot = false
        t.xmp = xmpPacket(xmpTitle + "<pdfuaid:part>2</pdfuaid:part><pdfuaid:rev>2024</pdfuaid:rev>")
        let r = Auditor().audit(try Document(bytes: t.build()))
        #expect(r.profile == .ua2)
        #expect(r.status("8.2.1-1") == .failed)
        #expect(r.status("7.1-11") == nil, "no PDF/UA-1 id in a PDF/UA-2 report")
        #expect(r.findings.allSatisfy { AuditProfile.ua2.rule($0.ruleID) != nil })
        #expect(r.status("5-2") == .passed)
        #expect(r.status("5-5") == .passed)
    }
}

@Suite struct UA2IdentificationTests {
    @Test func revisionYearAndPrefix() throws {
        let bad = try auditUA2([Node("Document", [], pdf20NS)], only: ["5-4", "5-5"]) {
            $0.xmp = xmpPacket(xmpTitle + "<pdfuaid:part>2</pdfuaid:part><id:rev>24</id:rev>",
                               namespaces: "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\" xmlns:id=\"http://www.aiim.org/pdfua/ns/id/\"")
        }
        #expect(bad.status("5-4") == .failed)
        #expect(bad.status("5-5") == .failed)
        let partOne = try auditUA2([Node("Document", [], pdf20NS)], only: ["5-2"]) {
            $0.xmp = TaggedDocument.xmp(title: "T", pdfuaPart: 1)
        }
        #expect(partOne.status("5-2") == .failed)
    }

    @Test func wtpdfDeclaration() throws {
        let r = try auditUA2([Node("Document", [], pdf20NS)], profile: .wtpdfAccessibility)
        #expect(r.status("6.1.3-1") == .failed)
        #expect(r.status("5-1") == nil)
    }
}

@Suite struct UA2StructureTests {
    @Test func documentInThePDF20Namespace() throws {
        let ids: Set<String> = ["8.2.5.2-1", "8.2.5.2-2"]
        let good = try auditUA2([Node("Document", [Node("P", [], pdf20NS)], pdf20NS)], only: ids)
        #expect(good.status("8.2.5.2-1") == .passed)
        #expect(good.status("8.2.5.2-2") == .passed)
        let noNamespace = try auditUA2([Node("Document")], only: ids)
        #expect(noNamespace.status("8.2.5.2-2") == .failed)
        let two = try auditUA2([Node("Document", [], pdf20NS), Node("Part", [], pdf20NS)], only: ids)
        #expect(two.status("8.2.5.2-1") == .failed)
    }

    @Test func roleMappingAcrossNamespaces() throws {
        let ids: Set<String> = ["8.2.4-1", "8.2.4-2", "8.2.4-3", "8.2.4-4"]
        // A custom type mapped into the PDF 2.0 namespace through RoleMapNS.
        let mapped = try auditUA2([Node("Document", [Node("Para", [], "/NS 71 0 R")], pdf20NS)], only: ids,
                                  customRoleMapNS: "/Para [/P 70 0 R]")
        for id in ids { #expect(mapped.status(id) != .failed, "\(id)") }
        #expect(mapped.status("8.2.4-1") == .passed)
        // Inside the same namespace.
        let same = try auditUA2([Node("Document", [Node("Para", [], "/NS 71 0 R")], pdf20NS)], only: ids,
                                customRoleMapNS: "/Para [/Text 71 0 R] /Text [/P 70 0 R]")
        #expect(same.status("8.2.4-3") == .failed)
        // Not mapped at all; a cycle; a standard type sent to a custom one.
        #expect(try auditUA2([Node("Document", [Node("Para")], pdf20NS)], only: ids).status("8.2.4-1") == .failed)
        #expect(try auditUA2([Node("Document", [Node("A")], pdf20NS)], only: ids, roleMap: "/A /B /B /A").status("8.2.4-2") == .failed)
        let remapped = try auditUA2([Node("Document", [Node("H1")], pdf20NS)], only: ids, roleMap: "/H1 /Heading")
        #expect(remapped.status("8.2.4-4") == .failed)
        // A PDF 2.0 type written without /NS is not standard in the PDF 1.7 namespace.
        #expect(try auditUA2([Node("Document", [Node("Title")], pdf20NS)], only: ids).status("8.2.4-1") == .failed)
        #expect(try auditUA2([Node("Document", [Node("Title", [], pdf20NS)], pdf20NS)], only: ids).status("8.2.4-1") != .failed)
    }

    @Test func typesPDFUA2Forbids() throws {
        let r = try auditUA2([Node("Document", [Node("H"), Node("Note"), Node("Figure")], pdf20NS)],
                             only: ["8.2.5.12-1", "8.2.5.14-1", "8.2.5.28.2-1"])
        #expect(r.status("8.2.5.12-1") == .failed)
        #expect(r.status("8.2.5.14-1") == .failed)
        #expect(r.status("8.2.5.28.2-1") == .failed)
        let ok = try auditUA2([Node("Document", [Node("H1", [], pdf20NS), Node("Figure", [], "/Alt ()")], pdf20NS)],
                              only: ["8.2.5.12-1", "8.2.5.28.2-1"])
        #expect(ok.status("8.2.5.12-1") == .passed)
        #expect(ok.status("8.2.5.28.2-1") == .passed, "PDF/UA-2 asks for /Alt to be present, as veraPDF tests it")
    }

    @Test func footnotesPointBothWays() throws {
        let ids: Set<String> = ["8.2.5.14-2", "8.2.5.14-3", "8.2.5.14-4"]
        // Elements 21 Document, 22 P (cites 23), 23 FENote.
        let good = try auditUA2([Node("Document", [Node("P", [], "/Ref [23 0 R]"), Node("FENote", [], pdf20NS + " /Ref [22 0 R]")], pdf20NS)], only: ids)
        for id in ids { #expect(good.status(id) == .passed, "\(id)") }
        let orphan = try auditUA2([Node("Document", [Node("P", [], "/Ref [23 0 R]"), Node("FENote", [], pdf20NS)], pdf20NS)], only: ids)
        #expect(orphan.status("8.2.5.14-2") == .failed)
        let ghost = try auditUA2([Node("Document", [Node("P"), Node("FENote", [], pdf20NS + " /Ref [22 0 R] /A << /O /Layout /NoteType /Sidenote >>")], pdf20NS)], only: ids)
        #expect(ghost.status("8.2.5.14-3") == .failed)
        #expect(ghost.status("8.2.5.14-4") == .failed)
    }

    @Test func listsRubyAndCaptions() throws {
        let ids: Set<String> = ["8.2.5.25-1", "8.2.5.23-1", "8.2.5.27-1", "8.8-1"]
        let list = Node("L", [Node("LI", [Node("Lbl"), Node("LBody")])])
        let bad = try auditUA2([Node("Document", [list, Node("Ruby", [Node("RB")]), Node("Sect", [Node("P"), Node("Caption"), Node("P")])], pdf20NS)], only: ids)
        #expect(bad.status("8.2.5.25-1") == .failed)
        #expect(bad.status("8.2.5.23-1") == .failed)
        #expect(bad.status("8.2.5.27-1") == .failed)
        let numbered = Node("L", [Node("LI", [Node("Lbl"), Node("LBody")])], "/A << /O /List /ListNumbering /Decimal >>")
        let good = try auditUA2([Node("Document", [numbered, Node("Ruby", [Node("RB"), Node("RT")]), Node("Sect", [Node("Caption"), Node("P")])], pdf20NS)], only: ids)
        #expect(good.status("8.2.5.25-1") == .passed)
        #expect(good.status("8.2.5.23-1") == .passed)
        #expect(good.status("8.2.5.27-1") == .passed)
    }
}

@Suite struct UA2DocumentTests {
    @Test func privateUseInTextStrings() throws {
        let r = try auditUA2([Node("Document", [Node("P", [], "/Alt <FEFFE000>")], pdf20NS)], only: ["8.4.3-3", "8.6-1"]) {
            $0.catalogExtras = "/Outlines 64 0 R"
            $0.objects += [(64, "<< /Type /Outlines /First 65 0 R /Last 65 0 R /Count 1 >>"),
                           (65, "<< /Title <FEFFF8FF> /Parent 64 0 R >>")]
        }
        #expect(r.status("8.4.3-3") == .failed)
        #expect(r.status("8.6-1") == .failed)
        #expect(r.findings("8.6-1").first?.message.contains("bookmark") == true)
    }

    @Test func destinationsAreStructureDestinations() throws {
        func run(_ item: String) throws -> AuditReport {
            try auditUA2([Node("Document", [Node("H1", [], pdf20NS)], pdf20NS)], only: ["8.8-1", "8.8-2"]) {
                $0.catalogExtras = "/Outlines 64 0 R"
                $0.objects += [(64, "<< /Type /Outlines /First 65 0 R /Last 65 0 R /Count 1 >>"),
                               (65, "<< /Title (One) /Parent 64 0 R \(item) >>")]
            }
        }
        #expect(try run("/Dest [3 0 R /Fit]").status("8.8-1") == .failed)
        #expect(try run("/Dest [22 0 R /Fit]").status("8.8-1") == .passed)
        #expect(try run("/A << /S /GoTo /D [3 0 R /Fit] >>").status("8.8-2") == .failed)
        #expect(try run("/A << /S /GoTo /D [3 0 R /Fit] /SD [22 0 R /Fit] >>").status("8.8-2") == .passed)
    }

    @Test func annotationRules() throws {
        let sound = try audit(content: taggedHello, only: ["8.9.2.4.11-1"], profile: .ua2,
                              configure: annotated("/Subtype /Sound /Rect [0 0 10 10] /Contents (beep)", tag: "Annot"))
        #expect(sound.status("8.9.2.4.11-1") == .failed)
        let popup = try audit(content: taggedHello, only: ["8.9.2.4.9-1"], profile: .ua2,
                              configure: annotated("/Subtype /Popup /Rect [0 0 10 10]", tag: "Annot"))
        #expect(popup.status("8.9.2.4.9-1") == .failed)
        // /Tabs /W is fine under PDF/UA-2 (PDF/UA-1 wants /S).
        let w: (inout TaggedDocument) -> Void = { t in
            annotated("/Subtype /Text /Rect [0 0 10 10] /Contents (note)", tag: "Annot", tabs: false)(&t)
            t.pageExtras += " /Tabs /W"
        }
        #expect(try audit(content: taggedHello, only: ["8.9.3.3-1"], profile: .ua2, configure: w).status("8.9.3.3-1") == .passed)
        #expect(try audit(content: taggedHello, only: ["7.18.3-1"], configure: w).status("7.18.3-1") == .failed)
        let invisible = try audit(content: taggedHello, only: ["8.9.2.2-1"], profile: .ua2,
                                  configure: annotated("/Subtype /Text /F 1 /Rect [0 0 10 10] /Contents (x)", tag: "Annot"))
        #expect(invisible.status("8.9.2.2-1") == .failed)
    }

    @Test func oneWidgetPerFormElement() throws {
        let r = try audit(content: taggedHello, only: ["8.10.1-2"], profile: .ua2) { t in
            t.pageExtras = "/Annots [62 0 R 63 0 R] /Tabs /S"
            t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R 23 0 R] >>"),
                         (22, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K 0 >>"),
                         (23, "<< /Type /StructElem /S /Form /P 21 0 R /Pg 3 0 R /K [<< /Type /OBJR /Obj 62 0 R >> << /Type /OBJR /Obj 63 0 R >>] >>"),
                         (62, "<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /FT /Tx /T (a) /StructParent 1 >>"),
                         (63, "<< /Type /Annot /Subtype /Widget /Rect [20 0 30 10] /FT /Tx /T (b) /StructParent 2 >>")]
            t.parentTreeNums = "0 [22 0 R] 1 23 0 R 2 23 0 R"
        }
        #expect(r.status("8.10.1-2") == .failed)
    }
}
