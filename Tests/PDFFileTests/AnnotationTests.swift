import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

@Suite struct AnnotationInfoTests {
    let doc: Document
    init() throws { doc = try Document(bytes: PDFBuilder.annotatedDocument().build().bytes) }

    @Test("links: URI, explicit and named destinations, Named and GoToR actions; bad entries left out with diagnostics")
    func links() throws {
        var log = DiagnosticLog()
        let a = doc.annotations(pageIndex: 0, log: &log)
        #expect(a.map(\.subtype) == ["Link", "Link", "Link", "Link", "Link", "Text", "Highlight", "Popup"])
        #expect(a.map(\.objectNumber) == [10, 11, 12, 13, 14, 15, 16, 17])
        #expect(log.entries.map(\.code) == [.annotationInvalid, .annotationInvalid, .annotationInvalid])
        #expect(log.entries.map(\.objectNumber) == [18, 99, 10])

        #expect(a[0].rect == Rect(x0: 100, y0: 680, x1: 200, y1: 700))
        #expect(a[0].url == "https://example.org/a b")
        #expect(a[0].action?.type == "URI" && a[0].destination == nil)
        #expect(a[0].quadPoints == [Quad(lowerLeft: Point(x: 100, y: 680), lowerRight: Point(x: 200, y: 680),
                                         upperRight: Point(x: 200, y: 700), upperLeft: Point(x: 100, y: 700))])

        #expect(a[1].destination == Destination(pageIndex: 1, kind: "XYZ", parameters: [72, 600, 2], name: nil))
        #expect(a[1].action == nil)
        #expect(a[2].destination?.pageIndex == 2 && a[2].destination?.name == "chap2" && a[2].destination?.kind == "FitH")
        #expect(a[2].action?.type == "GoTo" && a[2].actionType == nil)
        #expect(a[3].actionType == "Named" && a[3].action?.name == "NextPage" && a[3].destination == nil)
        #expect(a[4].actionType == "GoToR" && a[4].action?.file == "other.pdf")
        #expect(a[4].action?.destination?.pageIndex == 2 && a[4].destination == nil)
    }

    @Test("markup: contents, author, name, date, flags, popup open state; a bad /QuadPoints is dropped")
    func markup() throws {
        let a = doc.annotations(pageIndex: 0)
        let note = a[5], highlight = a[6]
        #expect(note.contents == "Note text" && note.author == "Alice" && note.name == "n1")
        #expect(note.modified == "D:20240102030405Z")
        #expect(note.modifiedDate == PDFDate(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, utcOffsetMinutes: 0))
        #expect(note.flags == 4 && !note.isHidden && note.isOpen == true)
        #expect(note.field == nil)
        #expect(highlight.author == "Bob" && highlight.isOpen == true)
        #expect(highlight.quadPoints.isEmpty)
    }

    @Test("widgets: full names through /Parent, inherited type, flags and value, options, button states")
    func widgets() throws {
        var log = DiagnosticLog()
        let a = doc.annotations(pageIndex: 1, log: &log)
        let fields = a.compactMap(\.field)
        #expect(fields.count == a.count)
        #expect(fields.map(\.fullName) == ["form.name", "form.choice", "agree", "color", "color", "loop", "sig", "rich"])
        #expect(fields.map(\.type) == [.text, .choice, .button, .button, .button, .text, .signature, .text])

        let name = fields[0]
        #expect(name.value == "John" && name.isRequired && !name.isReadOnly)
        let choice = fields[1]
        #expect(choice.options == ["Red", "Green"] && choice.exportValues == ["Red", "g"])
        #expect(choice.value == "g" && choice.selectedValues == ["g"] && choice.isComboBox && !choice.isMultiSelect)
        let agree = fields[2]
        #expect(agree.value == "Yes" && agree.onStateName == "Yes" && agree.isCheckBox && agree.isReadOnly)
        #expect(a[2].appearanceState == "Yes")
        #expect(fields[3].isRadioButton && fields[3].value == "blue" && fields[3].onStateName == "red" && a[3].appearanceState == "Off")
        #expect(fields[4].onStateName == "blue" && a[4].appearanceState == "blue")
        #expect(fields[6].value == nil)
        #expect(fields[7].value == "Streamed")
        #expect(a.allSatisfy { $0.author == nil })
        // Widget 28 → field 29 → back to 28: cut, with a diagnostic.
        #expect(log.entries.map(\.code) == [.fieldParentLoop])
    }

    @Test("the per-page cap leaves the rest out with a diagnostic; pages out of range have none")
    func limit() throws {
        var limits = Limits()
        limits.maxAnnotationsPerPage = 2
        let small = try Document(bytes: PDFBuilder.annotatedDocument().build().bytes, limits: limits)
        var log = DiagnosticLog()
        #expect(small.annotations(pageIndex: 0, log: &log).map(\.objectNumber) == [10, 11])
        #expect(log.entries.map(\.code) == [.annotationLimit])
        #expect(doc.annotations(pageIndex: 2).isEmpty)
        #expect(doc.annotations(pageIndex: 3).isEmpty && doc.annotations(pageIndex: -1).isEmpty)
    }

    @Test("/Annots that is not an array, or holds numbers and a direct dictionary")
    func oddArrays() throws {
        var b = PDFBuilder.simpleDocument(pages: 2)
        b.add(3, "<< /Type /Page /Parent 2 0 R /Annots 7 >>")
        b.add(4, "<< /Type /Page /Parent 2 0 R /Annots [1 (x) << /Subtype /Square /Rect [0 0 10 10] >> << /Subtype /Circle /Rect [0 0 10] >>] >>")
        let d = try Document(bytes: b.build().bytes)
        #expect(d.annotations(pageIndex: 0).isEmpty)
        var log = DiagnosticLog()
        let a = d.annotations(pageIndex: 1, log: &log)
        #expect(a.map(\.subtype) == ["Square"] && a[0].objectNumber == nil)
        #expect(log.entries.count == 3)
    }

    @Test("outline items keep their action: Named, GoToR and Launch")
    func outlineActions() throws {
        var b = PDFBuilder.simpleDocument(pages: 2, catalogExtras: "/Outlines 20 0 R")
        b.add(20, "<< /Type /Outlines /First 21 0 R /Count 3 >>")
        b.add(21, "<< /Title (Next) /Parent 20 0 R /Next 22 0 R /A << /S /Named /N /NextPage >> >>")
        b.add(22, "<< /Title (Remote) /Parent 20 0 R /Next 23 0 R /A << /S /GoToR /F << /Type /Filespec /F (b.pdf) /UF <FEFF0063002E007000640066> >> /D (far) >> >>")
        b.add(23, "<< /Title (Run) /Parent 20 0 R /A << /S /Launch /F (tool) >> >>")
        let items = try Document(bytes: b.build().bytes).outline
        #expect(items.map(\.actionType) == ["Named", "GoToR", "Launch"])
        #expect(items[0].action?.name == "NextPage")
        #expect(items[1].action?.file == "c.pdf")
        #expect(items[1].action?.destination == Destination(pageIndex: nil, kind: nil, parameters: [], name: "far"))
        #expect(items[2].action?.file == "tool")
    }
}
