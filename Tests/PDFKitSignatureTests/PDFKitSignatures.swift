// PDFKit's text-API signatures as Apple's documentation gives them (Swift), each used once
// with its exact parameter labels and types: this file compiles only while PDFText offers
// every one of them. Rendering, writing and view APIs are left out (they are unavailable
// here, with a message saying what to use instead); `dataRepresentation()` and
// `write(to:)` are in, as they return the document's bytes.

import Foundation
import PDFText
import Testing

@Suite struct PDFKitSignatureTests {
    /// Each entry names a PDFKit declaration and refers to ours with the same signature.
    /// Nothing is called: the check is that the file compiles.
    nonisolated(unsafe) static let signatures: [(String, Any)] = [
        // PDFDocument
        ("init?(url:)", PDFDocument.init(url:) as (URL) -> PDFDocument?),
        ("init?(data:)", PDFDocument.init(data:) as (Data) -> PDFDocument?),
        ("documentURL", { (d: PDFDocument) -> URL? in d.documentURL }),
        ("pageCount", { (d: PDFDocument) -> Int in d.pageCount }),
        ("page(at:)", { (d: PDFDocument) in d.page(at:) } as (PDFDocument) -> (Int) -> PDFPage?),
        ("index(for:)", { (d: PDFDocument) in d.index(for:) } as (PDFDocument) -> (PDFPage) -> Int),
        ("string", { (d: PDFDocument) -> String? in d.string }),
        ("documentAttributes", { (d: PDFDocument) -> [AnyHashable: Any]? in d.documentAttributes }),
        ("documentAttributes set", { (d: PDFDocument, a: [AnyHashable: Any]?) in d.documentAttributes = a }),
        ("majorVersion", { (d: PDFDocument) -> Int in d.majorVersion }),
        ("minorVersion", { (d: PDFDocument) -> Int in d.minorVersion }),
        ("isEncrypted", { (d: PDFDocument) -> Bool in d.isEncrypted }),
        ("isLocked", { (d: PDFDocument) -> Bool in d.isLocked }),
        ("unlock(withPassword:)", { (d: PDFDocument) in d.unlock(withPassword:) } as (PDFDocument) -> (String) -> Bool),
        ("allowsPrinting", { (d: PDFDocument) -> Bool in d.allowsPrinting }),
        ("allowsCopying", { (d: PDFDocument) -> Bool in d.allowsCopying }),
        ("allowsDocumentChanges", { (d: PDFDocument) -> Bool in d.allowsDocumentChanges }),
        ("allowsDocumentAssembly", { (d: PDFDocument) -> Bool in d.allowsDocumentAssembly }),
        ("allowsContentAccessibility", { (d: PDFDocument) -> Bool in d.allowsContentAccessibility }),
        ("allowsCommenting", { (d: PDFDocument) -> Bool in d.allowsCommenting }),
        ("allowsFormFieldEntry", { (d: PDFDocument) -> Bool in d.allowsFormFieldEntry }),
        ("permissionsStatus", { (d: PDFDocument) -> PDFDocumentPermissions in d.permissionsStatus }),
        ("outlineRoot", { (d: PDFDocument) -> PDFOutline? in d.outlineRoot }),
        ("outlineItem(for:)", { (d: PDFDocument) in d.outlineItem(for:) } as (PDFDocument) -> (PDFSelection) -> PDFOutline?),
        ("selectionForEntireDocument", { (d: PDFDocument) -> PDFSelection? in d.selectionForEntireDocument }),
        ("selection(from:atCharacterIndex:to:atCharacterIndex:)",
         { (d: PDFDocument, a: PDFPage, i: Int, b: PDFPage, j: Int) -> PDFSelection? in d.selection(from: a, atCharacterIndex: i, to: b, atCharacterIndex: j) }),
        ("selection(from:at:to:at:)",
         { (d: PDFDocument, a: PDFPage, p: CGPoint, b: PDFPage, q: CGPoint) -> PDFSelection? in d.selection(from: a, at: p, to: b, at: q) }),
        ("findString(_:withOptions:)",
         { (d: PDFDocument, s: String, o: NSString.CompareOptions) -> [PDFSelection] in d.findString(s, withOptions: o) }),
        ("findString(_:fromSelection:withOptions:)",
         { (d: PDFDocument, s: String, f: PDFSelection?, o: NSString.CompareOptions) -> PDFSelection? in d.findString(s, fromSelection: f, withOptions: o) }),
        ("beginFindString(_:withOptions:)", { (d: PDFDocument, s: String, o: NSString.CompareOptions) in d.beginFindString(s, withOptions: o) }),
        ("beginFindStrings(_:withOptions:)", { (d: PDFDocument, s: [String], o: NSString.CompareOptions) in d.beginFindStrings(s, withOptions: o) }),
        ("cancelFindString()", { (d: PDFDocument) in d.cancelFindString() }),
        ("isFinding", { (d: PDFDocument) -> Bool in d.isFinding }),
        ("delegate", { (d: PDFDocument) -> (any PDFDocumentDelegate)? in d.delegate }),
        ("dataRepresentation()", { (d: PDFDocument) -> Data? in d.dataRepresentation() }),
        ("write(to:)", { (d: PDFDocument, u: URL) -> Bool in d.write(to: u) }),
        ("write(to:withOptions:)", { (d: PDFDocument, u: URL, o: [PDFDocumentWriteOption: Any]?) -> Bool in d.write(to: u, withOptions: o) }),
        // PDFPage
        ("document", { (p: PDFPage) -> PDFDocument? in p.document }),
        ("label", { (p: PDFPage) -> String? in p.label }),
        ("string (page)", { (p: PDFPage) -> String? in p.string }),
        ("attributedString (page)", { (p: PDFPage) -> NSAttributedString? in p.attributedString }),
        ("numberOfCharacters", { (p: PDFPage) -> Int in p.numberOfCharacters }),
        ("characterBounds(at:)", { (p: PDFPage, i: Int) -> CGRect in p.characterBounds(at: i) }),
        ("characterIndex(at:)", { (p: PDFPage, q: CGPoint) -> Int in p.characterIndex(at: q) }),
        ("selection(for: NSRange)", { (p: PDFPage, r: NSRange) -> PDFSelection? in p.selection(for: r) }),
        ("selection(for: CGRect)", { (p: PDFPage, r: CGRect) -> PDFSelection? in p.selection(for: r) }),
        ("selection(from:to:)", { (p: PDFPage, a: CGPoint, b: CGPoint) -> PDFSelection? in p.selection(from: a, to: b) }),
        ("selectionForWord(at:)", { (p: PDFPage, q: CGPoint) -> PDFSelection? in p.selectionForWord(at: q) }),
        ("selectionForLine(at:)", { (p: PDFPage, q: CGPoint) -> PDFSelection? in p.selectionForLine(at: q) }),
        ("bounds(for:)", { (p: PDFPage, b: PDFDisplayBox) -> CGRect in p.bounds(for: b) }),
        ("rotation", { (p: PDFPage) -> Int in p.rotation }),
        ("annotations", { (p: PDFPage) -> [PDFAnnotation] in p.annotations }),
        // PDFSelection
        ("init(document:)", PDFSelection.init(document:) as (PDFDocument) -> PDFSelection),
        ("string (selection)", { (s: PDFSelection) -> String? in s.string }),
        ("attributedString (selection)", { (s: PDFSelection) -> NSAttributedString? in s.attributedString }),
        ("pages", { (s: PDFSelection) -> [PDFPage] in s.pages }),
        ("bounds(for:) (selection)", { (s: PDFSelection, p: PDFPage) -> CGRect in s.bounds(for: p) }),
        ("selectionsByLine()", { (s: PDFSelection) -> [PDFSelection] in s.selectionsByLine() }),
        ("numberOfTextRanges(on:)", { (s: PDFSelection, p: PDFPage) -> Int in s.numberOfTextRanges(on: p) }),
        ("range(at:on:)", { (s: PDFSelection, i: Int, p: PDFPage) -> NSRange in s.range(at: i, on: p) }),
        ("add(_:)", { (s: PDFSelection, t: PDFSelection) in s.add(t) }),
        ("add(_: [PDFSelection])", { (s: PDFSelection, t: [PDFSelection]) in s.add(t) }),
        ("extend(atEnd:)", { (s: PDFSelection, n: Int) in s.extend(atEnd: n) }),
        ("extend(atStart:)", { (s: PDFSelection, n: Int) in s.extend(atStart: n) }),
        ("extendForLineBoundaries()", { (s: PDFSelection) in s.extendForLineBoundaries() }),
        ("copy()", { (s: PDFSelection) -> Any in s.copy() }),
        // PDFOutline
        ("label (outline)", { (o: PDFOutline) -> String? in o.label }),
        ("numberOfChildren", { (o: PDFOutline) -> Int in o.numberOfChildren }),
        ("child(at:)", { (o: PDFOutline, i: Int) -> PDFOutline? in o.child(at: i) }),
        ("parent", { (o: PDFOutline) -> PDFOutline? in o.parent }),
        ("index (outline)", { (o: PDFOutline) -> Int in o.index }),
        ("isOpen", { (o: PDFOutline) -> Bool in o.isOpen }),
        ("destination", { (o: PDFOutline) -> PDFDestination? in o.destination }),
        ("action", { (o: PDFOutline) -> PDFAction? in o.action }),
        ("document (outline)", { (o: PDFOutline) -> PDFDocument? in o.document }),
        // PDFDestination
        ("page (destination)", { (d: PDFDestination) -> PDFPage? in d.page }),
        ("point", { (d: PDFDestination) -> CGPoint in d.point }),
        ("zoom", { (d: PDFDestination) -> CGFloat in d.zoom }),
        // Keys and notifications
        ("PDFDocumentAttribute.titleAttribute", PDFDocumentAttribute.titleAttribute),
        ("PDFDocumentWriteOption.userPasswordOption", PDFDocumentWriteOption.userPasswordOption),
        ("Notification.Name.PDFDocumentDidFindMatch", Notification.Name.PDFDocumentDidFindMatch),
        ("Notification.Name.PDFDocumentDidEndFind", Notification.Name.PDFDocumentDidEndFind),
        ("kPDFDestinationUnspecifiedValue", kPDFDestinationUnspecifiedValue),
    ]

    @Test("every signature is listed once")
    func listed() {
        let names = Self.signatures.map(\.0)
        #expect(Set(names).count == names.count)
        #expect(names.count >= 80)
    }
}
