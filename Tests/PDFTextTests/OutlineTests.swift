import Foundation
import PDFTestSupport
import Testing
import PDFText

@Suite struct PDFOutlineTests {
    /// Items: One (XYZ on page 1, open, child One.a with a URI action), Two (GoTo the named
    /// destination chap2 = page 2 /Fit), Three (/Dest /third = page 3 FitR), Next (Named).
    static func document() throws -> PDFDocument {
        var b = PDFBuilder.simpleDocument(pages: 3, catalogExtras: "/Outlines 20 0 R /Names << /Dests << /Names [(chap2) [4 0 R /Fit]] >> >> /Dests << /third << /D [5 0 R /FitR 10 20 110 220] >> >>")
        b.add(20, "<< /Type /Outlines /First 21 0 R /Last 25 0 R /Count 4 >>")
        b.add(21, "<< /Title (One) /Parent 20 0 R /Next 22 0 R /Dest [3 0 R /XYZ 72 700 null] /First 24 0 R /Last 24 0 R /Count 1 >>")
        b.add(22, "<< /Title (Two) /Parent 20 0 R /Prev 21 0 R /Next 23 0 R /A << /S /GoTo /D (chap2) >> >>")
        b.add(23, "<< /Title (Three) /Parent 20 0 R /Prev 22 0 R /Next 25 0 R /Dest /third >>")
        b.add(24, "<< /Title (One.a) /Parent 21 0 R /A << /S /URI /URI (https://example.org/) >> >>")
        b.add(25, "<< /Title (Next) /Parent 20 0 R /Prev 23 0 R /A << /S /Named /N /NextPage >> >>")
        return try #require(PDFDocument(data: Data(b.build().bytes)))
    }

    @Test("root, labels, children, parent and index")
    func tree() throws {
        let doc = try Self.document()
        let root = try #require(doc.outlineRoot)
        #expect(root.label == nil && root.parent == nil && root.isOpen && root.document === doc)
        #expect(root.numberOfChildren == 4)
        #expect((0..<4).map { root.child(at: $0)?.label } == ["One", "Two", "Three", "Next"])
        #expect(root.child(at: 4) == nil && root.child(at: -1) == nil)
        let one = try #require(root.child(at: 0))
        #expect(one.isOpen && one.numberOfChildren == 1)
        let oneA = try #require(one.child(at: 0))
        #expect(oneA.label == "One.a" && oneA.parent === one && oneA.parent?.parent === root && oneA.index == 0)
        #expect(root.child(at: 2)?.index == 2 && root.child(at: 2)?.isOpen == false)
        // The parent outlives the caller's reference to it.
        let orphan = try #require(doc.outlineRoot?.child(at: 3))
        #expect(orphan.parent?.numberOfChildren == 4)
    }

    @Test("destinations: page, point, zoom and view; actions by kind; url")
    func destinationsAndActions() throws {
        let doc = try Self.document()
        let root = try #require(doc.outlineRoot)
        let one = try #require(root.child(at: 0)?.destination)
        #expect(one.page?.pageIndex == 0 && one.view == .xyz)
        #expect(one.point == CGPoint(x: 72, y: 700) && one.zoom == kPDFDestinationUnspecifiedValue)
        #expect(root.child(at: 0)?.action == nil)

        let two = try #require(root.child(at: 1))
        #expect(two.destination?.pageIndex == 1 && two.destination?.view == .fit && two.destination?.name == "chap2")
        #expect(two.destination?.point == CGPoint(x: kPDFDestinationUnspecifiedValue, y: kPDFDestinationUnspecifiedValue))
        #expect((two.action as? PDFActionGoTo)?.destination.page?.pageIndex == 1 && two.action?.type == "GoTo")

        let three = try #require(root.child(at: 2)?.destination)
        #expect(three.pageIndex == 2 && three.view == .fitR && three.point == CGPoint(x: 10, y: 220))
        #expect(three.rect == CGRect(x: 10, y: 20, width: 100, height: 200))

        let oneA = try #require(root.child(at: 0)?.child(at: 0))
        #expect(oneA.url == URL(string: "https://example.org/") && oneA.destination == nil)
        #expect((oneA.action as? PDFActionURL)?.url == oneA.url)
        let next = try #require(root.child(at: 3))
        #expect((next.action as? PDFActionNamed)?.name == .nextPage && next.destination == nil && next.url == nil)
    }

    @Test("a destination made from a page; a document without an outline has no root")
    func madeAndMissing() throws {
        let doc = try Self.document()
        let page = try #require(doc.page(at: 1))
        let d = PDFDestination(page: page, at: CGPoint(x: 5, y: 6))
        #expect(d.page === page && d.point == CGPoint(x: 5, y: 6) && d.zoom == kPDFDestinationUnspecifiedValue)
        let plain = try #require(PDFDocument(data: Data(PDFBuilder.simpleDocument().build().bytes)))
        #expect(plain.outlineRoot == nil)
    }
}
