import Foundation
import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

@Suite struct StructureTreeTests {
    func tagged(pages: Int = 1, _ objects: [(Int, String)]) throws -> Document {
        var b = PDFBuilder.simpleDocument(pages: pages, catalogExtras: "/StructTreeRoot 20 0 R /MarkInfo << /Marked true >>")
        for (n, body) in objects { b.add(n, body) }
        return try Document(bytes: b.build().bytes)
    }

    @Test("elements, kids, role map, class map and properties")
    func fullTree() throws {
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K 21 0 R /RoleMap << /Heading /H1 /Chapter /Sect /Custom /Custom2 >> /ClassMap << /wide << /O /Layout /Width 300 >> >> >>"),
            (21, "<< /Type /StructElem /S /Document /Lang (en-GB) /Pg 3 0 R /K [22 0 R 23 0 R 24 0 R] >>"),
            (22, "<< /S /Heading /T (Intro) /K 0 >>"),
            (23, "<< /S /Chapter /K [<< /S /Figure /Alt (A cat) /A << /O /Layout /BBox [0 0 10 10] >> /C /wide /K << /Type /MCR /MCID 1 >> >> << /S /Span /Lang (fr) /ActualText (Bonjour) /E (Hi) /K 2 >>] >>"),
            (24, "<< /S /Link /K [3 << /Type /OBJR /Obj 30 0 R >>] >>"),
            (30, "<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] >>"),
        ])
        let tree = StructureTree(document: doc)
        #expect(tree.hasStructureTree)
        #expect(tree.roots.count == 1)
        let root = tree.elements[tree.roots[0]]
        #expect(root.type == "Document" && root.language == "en-GB" && root.pageIndex == 0)
        #expect(root.kids.count == 3)
        let types = tree.elements.map(\.type)
        #expect(types == ["Document", "Heading", "Chapter", "Figure", "Span", "Link"])
        #expect(tree.elements.map(\.standardType) == ["Document", "H1", "Sect", "Figure", "Span", "Link"])
        let heading = tree.elements[1]
        #expect(heading.title == "Intro" && heading.parent == 0 && heading.depth == 1)
        #expect(heading.kids == [.markedContent(pageIndex: 0, mcid: 0, stream: nil)])
        let figure = tree.elements[3]
        #expect(figure.alt == "A cat")
        #expect(figure.attributes.map(\.owner) == ["Layout", "Layout"])
        #expect(figure.attributes[1].entries["Width"] == .integer(300))
        let span = tree.elements[4]
        #expect(span.actualText == "Bonjour" && span.expansion == "Hi" && span.language == "fr")
        #expect(tree.language(of: 4) == "fr")
        #expect(tree.language(of: 3) == "en-GB", "inherited from the Document element")
        let link = tree.elements[5]
        #expect(link.kids.count == 2)
        if case .object(let page, let object) = link.kids[1] {
            #expect(page == 0 && object?.number == 30)
        } else {
            Issue.record("the link's second kid is an object reference")
        }
        #expect(StructureTree.standardType(of: "Custom", roleMap: tree.roleMap) == nil)
    }

    @Test("cycles in the tree and in the role map end, with a diagnostic")
    func cycles() throws {
        let doc = try tagged([
            (20, "<< /Type /StructTreeRoot /K 21 0 R /RoleMap << /A /B /B /A >> >>"),
            (21, "<< /S /A /Pg 3 0 R /K [22 0 R] >>"),
            (22, "<< /S /P /K [21 0 R 0] >>"),
        ])
        let tree = StructureTree(document: doc)
        #expect(tree.elements.count == 2)
        #expect(tree.elements[0].standardType == nil)
        #expect(tree.elements[1].kids == [.markedContent(pageIndex: 0, mcid: 0, stream: nil)])
        #expect(tree.diagnostics.contains(.structureTreeLoop))
    }

    @Test("an untagged file has no tree")
    func untagged() throws {
        let doc = try Document(bytes: PDFBuilder.simpleDocument(pages: 1).build().bytes)
        let tree = StructureTree(document: doc)
        #expect(!tree.hasStructureTree)
        #expect(tree.elements.isEmpty)
    }
}
