import Foundation
import PDFTestSupport
import Testing
import PDFText

@Suite struct PDFAnnotationTests {
    let doc: PDFDocument
    init() throws {
        doc = try #require(PDFDocument(data: Data(PDFBuilder.annotatedDocument().build().bytes)))
    }

    @Test("links: type, bounds, url, destination with its page, point and zoom, actions")
    func links() throws {
        let a = try #require(doc.page(at: 0)).annotations
        #expect(a.map(\.type) == ["Link", "Link", "Link", "Link", "Link", "Text", "Highlight", "Popup"])
        #expect(a[0].bounds == CGRect(x: 100, y: 680, width: 100, height: 20))
        #expect(a[0].url == URL(string: "https://example.org/a%20b"))
        #expect((a[0].action as? PDFActionURL)?.url == a[0].url)
        #expect(a[0].quadrilateralPoints == [CGPoint(x: 0, y: 20), CGPoint(x: 100, y: 20), CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)])
        #expect(a[0].page?.pageIndex == 0)

        let xyz = try #require(a[1].destination)
        #expect(xyz.pageIndex == 1 && xyz.page?.pageIndex == 1 && xyz.view == .xyz)
        #expect(xyz.point == CGPoint(x: 72, y: 600) && xyz.zoom == 2)
        let named = try #require((a[2].action as? PDFActionGoTo)?.destination)
        #expect(named.page?.pageIndex == 2 && named.name == "chap2" && named.view == .fitH)
        #expect(named.point == CGPoint(x: kPDFDestinationUnspecifiedValue, y: 500) && named.zoom == kPDFDestinationUnspecifiedValue)
        #expect(a[2].destination?.pageIndex == 2)
        #expect((a[3].action as? PDFActionNamed)?.name == .nextPage && a[3].action?.type == "Named")
        let remote = try #require(a[4].action as? PDFActionRemoteGoTo)
        #expect(remote.pageIndex == 2 && remote.point.y == 500 && remote.url?.lastPathComponent == "other.pdf")
        #expect(a[4].destination == nil && a[4].url == nil)
    }

    @Test("notes: contents, user name, modification date; display flags")
    func notes() throws {
        let a = try #require(doc.page(at: 0)).annotations
        #expect(a[5].contents == "Note text" && a[5].userName == "Alice")
        #expect(a[5].modificationDate == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(a[5].shouldDisplay && a[5].shouldPrint)
        #expect(a[6].userName == "Bob" && a[6].quadrilateralPoints == nil && a[6].modificationDate == nil)
        #expect(a[0].fieldName == nil && a[0].widgetFieldType == nil && a[0].choices == nil)
    }

    @Test("widgets: field names and types, string values, button states, choices, read-only and required")
    func widgets() throws {
        let a = try #require(doc.page(at: 1)).annotations
        #expect(a.map(\.fieldName) == ["form.name", "form.choice", "agree", "color", "color", "loop", "sig", "rich"])
        #expect(a.map(\.widgetFieldType) == [.text, .choice, .button, .button, .button, .text, .signature, .text])
        #expect(a[0].widgetStringValue == "John" && a[0].isRequired && !a[0].isReadOnly)
        #expect(a[1].choices == ["Red", "Green"] && a[1].values == ["Red", "g"] && a[1].widgetStringValue == "g" && !a[1].isListChoice)
        #expect(a[2].widgetControlType == .checkBoxControl && a[2].buttonWidgetState == .onState && a[2].isReadOnly)
        #expect(a[2].buttonWidgetStateString == "Yes" && a[2].widgetStringValue == "Yes")
        #expect(a[3].widgetControlType == .radioButtonControl && a[3].buttonWidgetState == .offState)
        #expect(a[4].buttonWidgetState == .onState && a[4].widgetStringValue == "blue")
        #expect(a[7].widgetStringValue == "Streamed")
        #expect(PDFAnnotationWidgetSubtype.text.rawValue == "/Tx")
    }

    @Test("a page without annotations has none")
    func none() throws {
        #expect(try #require(doc.page(at: 2)).annotations.isEmpty)
    }
}
