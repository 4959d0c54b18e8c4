import Testing
import PDFCore
import PDFFile
import PDFSyntax
import PDFTestSupport
@testable import PDFAudit

/// The one-page Hello document (see `audit(content:…)`) with one annotation, object 62:
/// `<< /Type /Annot body >>` on page 1. With `tag`, a structure element 23 of that type
/// under the Document holds it (an OBJR kid and `/StructParent 1` through the parent tree).
func annotated(_ body: String, tag: String?, elementExtras: String = "", tabs: Bool = true) -> (inout TaggedDocument) -> Void {
    { t in
        t.pageExtras = "/Annots [62 0 R]" + (tabs ? " /Tabs /S" : "")
        if let tag {
            t.objects = [(21, "<< /Type /StructElem /S /Document /P 20 0 R /K [22 0 R 23 0 R] >>"),
                         (22, "<< /Type /StructElem /S /P /P 21 0 R /Pg 3 0 R /K 0 >>"),
                         (23, "<< /Type /StructElem /S /\(tag) /P 21 0 R /Pg 3 0 R /K [<< /Type /OBJR /Obj 62 0 R >>] \(elementExtras) >>")]
            t.parentTreeNums = "0 [22 0 R] 1 23 0 R"
            t.objects.append((62, "<< /Type /Annot \(body) /StructParent 1 >>"))
        } else {
            t.objects.append((62, "<< /Type /Annot \(body) >>"))
        }
    }
}

/// An XMP packet whose one `rdf:Description` declares `namespaces` and holds `body`.
func xmpPacket(_ body: String, namespaces: String = "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"",
               attributes: String = "") -> String {
    """
    <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" \(namespaces) \(attributes)>\(body)</rdf:Description>
    </rdf:RDF></x:xmpmeta>
    <?xpacket end="w"?>
    """
}

/// A stream object body with a correct `/Length`.
func streamObject(_ dictionary: String, _ data: String) -> String {
    "<< \(dictionary) /Length \(data.utf8.count) >>\nstream\n\(data)\nendstream"
}

let xmpTitle = "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">T</rdf:li></rdf:Alt></dc:title>"

@Suite struct IdentificationRuleTests {
    static let ids: Set<String> = ["5-1", "5-2", "5-3", "5-4", "5-5"]

    @Test func partWrittenWithAnotherPrefixFails53() throws {
        let ns = "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:ua=\"http://www.aiim.org/pdfua/ns/id/\""
        let r = try audit(content: taggedHello, only: Self.ids) { $0.xmp = xmpPacket(xmpTitle + "<ua:part>1</ua:part>", namespaces: ns) }
        #expect(r.status("5-1") == .passed, "the namespace, not the prefix, identifies PDF/UA")
        #expect(r.status("5-2") == .passed)
        #expect(r.status("5-3") == .failed)
        #expect(r.findings("5-3").first?.location.object == ObjectID(6))
        #expect(r.findings("5-3").first?.evidence.contains { $0.key == "prefix" && $0.value == "ua" } == true)
    }

    @Test func amendmentAndCorrigendumPrefixes() throws {
        let ns = "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\" xmlns:id=\"http://www.aiim.org/pdfua/ns/id/\""
        let bad = try audit(content: taggedHello, only: Self.ids) {
            $0.xmp = xmpPacket(xmpTitle + "<pdfuaid:part>1</pdfuaid:part><id:amd>2005</id:amd><id:corr>1</id:corr>", namespaces: ns)
        }
        #expect(bad.status("5-3") == .passed)
        #expect(bad.status("5-4") == .failed)
        #expect(bad.status("5-5") == .failed)
        let good = try audit(content: taggedHello, only: Self.ids) {
            $0.xmp = xmpPacket(xmpTitle + "<pdfuaid:part>1</pdfuaid:part><pdfuaid:amd>2005</pdfuaid:amd><pdfuaid:corr>1</pdfuaid:corr>", namespaces: ns)
        }
        for id in Self.ids { #expect(good.status(id) == .passed, "\(id)") }
    }

    @Test func partAsAnAttributeOfTheDescription() throws {
        let r = try audit(content: taggedHello, only: Self.ids) { $0.xmp = xmpPacket(xmpTitle, attributes: "pdfuaid:part=\"1\"") }
        #expect(r.status("5-1") == .passed)
        #expect(r.status("5-2") == .passed)
        let two = try audit(content: taggedHello, only: Self.ids) { $0.xmp = xmpPacket(xmpTitle, attributes: "pdfuaid:part=\"2\"") }
        #expect(two.status("5-2") == .failed)
        #expect(two.findings("5-2").first?.evidence.first?.value == "2")
    }

    @Test func otherNamespaceUnderThePdfuaidPrefixDoesNotIdentify() throws {
        let ns = "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfuaid=\"http://example.org/not-pdfua/\""
        let r = try audit(content: taggedHello, only: Self.ids) { $0.xmp = xmpPacket(xmpTitle + "<pdfuaid:part>1</pdfuaid:part>", namespaces: ns) }
        #expect(r.status("5-1") == .failed)
    }
}

@Suite struct CatalogRuleTests {
    @Test func fileHeaderVersion() throws {
        for (version, status) in [("1.7", RuleResult.Status.passed), ("1.4", .passed), ("2.0", .failed), ("1.8", .failed)] {
            let r = try audit(content: taggedHello, only: ["6.1-1"]) { $0.version = version }
            #expect(r.status("6.1-1") == status, "%PDF-\(version)")
            if status == .failed { #expect(r.findings("6.1-1").first?.evidence.first?.value == "%PDF-\(version)") }
        }
    }

    @Test func headerLineNeedsOneLineEndDirectlyAfterTheVersion() {
        #expect(DocumentChecks.headerLine(Array("%PDF-1.6\r\n%abc".utf8), from: 0).valid)
        #expect(DocumentChecks.headerLine(Array("%PDF-1.6\r%abc".utf8), from: 0).valid)
        #expect(!DocumentChecks.headerLine(Array("%PDF-1.6 \n".utf8), from: 0).valid)
        #expect(!DocumentChecks.headerLine(Array("%PDF-1.6".utf8), from: 0).valid, "no line end at all")
        #expect(!DocumentChecks.headerLine(Array("%PDF-1.a\n".utf8), from: 0).valid)
    }

    @Test func metadataStreamTypeAndSubtype() throws {
        let wrong = try audit(content: taggedHello, only: ["7.1-8"]) {
            $0.catalogExtras = "/Metadata 66 0 R"
            $0.objects.append((66, streamObject("/Type /Metadata /Subtype /XMP", TaggedDocument.xmp(title: "T", pdfuaPart: 1))))
        }
        #expect(wrong.status("7.1-8") == .failed)
        #expect(wrong.findings("7.1-8").first?.location.object == ObjectID(66))
        #expect(wrong.findings("7.1-8").first?.evidence.contains { $0.key == "Subtype" && $0.value == "XMP" } == true)
        #expect(try audit(content: taggedHello, only: ["7.1-8"]).status("7.1-8") == .passed)
    }

    /// veraPDF reads `dc:title` by namespace and the prefix `dc` together.
    @Test func titleNeedsTheDublinCoreNamespaceAndPrefix() throws {
        let title = { (prefix: String, uri: String) -> String in
            xmpPacket("<\(prefix):title><rdf:Alt><rdf:li xml:lang=\"x-default\">T</rdf:li></rdf:Alt></\(prefix):title><pdfuaid:part>1</pdfuaid:part>",
                      namespaces: "xmlns:\(prefix)=\"\(uri)\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"")
        }
        let good = try audit(content: taggedHello, only: ["7.1-9"]) { $0.xmp = title("dc", "http://purl.org/dc/elements/1.1/") }
        #expect(good.status("7.1-9") == .passed)
        let other = try audit(content: taggedHello, only: ["7.1-9"]) { $0.xmp = title("purl", "http://purl.org/dc/elements/1.1/") }
        #expect(other.status("7.1-9") == .failed)
        let wrong = try audit(content: taggedHello, only: ["7.1-9"]) { $0.xmp = title("dc", "http://purl.org/dc/elements/1.1") }
        #expect(wrong.status("7.1-9") == .failed, "dc bound to another namespace (no final slash)")
        #expect(wrong.findings("7.1-9").first?.location.object == ObjectID(6))
        let simple = try audit(content: taggedHello, only: ["7.1-9"]) { $0.xmp = xmpPacket("<dc:title>T</dc:title><pdfuaid:part>1</pdfuaid:part>") }
        #expect(simple.status("7.1-9") == .failed, "a plain text value is not a language alternative")
    }

    @Test func displayDocTitle() throws {
        let r = try audit(content: taggedHello, only: ["7.1-10"]) { $0.displayDocTitle = false; $0.catalogExtras = "/ViewerPreferences 66 0 R"; $0.objects.append((66, "<< /DisplayDocTitle false >>")) }
        #expect(r.status("7.1-10") == .failed)
        #expect(r.findings("7.1-10").first?.location.object == ObjectID(66))
        #expect(try audit(content: taggedHello, only: ["7.1-10"]).status("7.1-10") == .passed)
    }

    @Test func languageAlternativesNeedTheCatalogLanguageWhenOnlyDefault() throws {
        let r = try audit(content: taggedHello, catalogLang: nil, only: ["7.2-33"])
        #expect(r.status("7.2-33") == .failed)
        #expect(r.findings("7.2-33").first?.evidence.first?.value == "dc:title")
        #expect(r.findings("7.2-33").first?.location.object == ObjectID(6))
        #expect(try audit(content: taggedHello, only: ["7.2-33"]).status("7.2-33") == .passed)
        let explicit = try audit(content: taggedHello, catalogLang: nil, only: ["7.2-33"]) {
            $0.xmp = xmpPacket("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">T</rdf:li><rdf:li xml:lang=\"en\">T</rdf:li></rdf:Alt></dc:title><pdfuaid:part>1</pdfuaid:part>")
        }
        #expect(explicit.status("7.2-33") == .passed)
    }

    @Test func optionalContentConfigurations() throws {
        let oc: (String) -> (inout TaggedDocument) -> Void = { d in {
            $0.catalogExtras = "/OCProperties << /OCGs [65 0 R] /D \(d) >>"
            $0.objects.append((65, "<< /Type /OCG /Name (Notes) >>"))
        } }
        let unnamed = try audit(content: taggedHello, only: ["7.10-1", "7.10-2"], configure: oc("<< /Order [65 0 R] >>"))
        #expect(unnamed.status("7.10-1") == .failed)
        #expect(unnamed.status("7.10-2") == .passed)
        #expect(unnamed.findings("7.10-1").first?.evidence.first?.value == "/D")
        let auto = try audit(content: taggedHello, only: ["7.10-1", "7.10-2"]) {
            oc("67 0 R")(&$0)
            $0.objects.append((67, "<< /Name (Default) /AS [<< /Event /View /Category [/Zoom] /OCGs [65 0 R] >>] >>"))
        }
        #expect(auto.status("7.10-1") == .passed)
        #expect(auto.status("7.10-2") == .failed)
        #expect(auto.findings("7.10-2").first?.location.object == ObjectID(67))
        #expect(try audit(content: taggedHello, only: ["7.10-1"]).status("7.10-1") == .notApplicable)
    }

    @Test func dynamicXFAForm() throws {
        let xfa: (String) -> (inout TaggedDocument) -> Void = { render in {
            $0.catalogExtras = "/AcroForm << /Fields [] /XFA 66 0 R >>"
            let xml = "<xdp:xdp xmlns:xdp=\"http://ns.adobe.com/xdp/\"><config xmlns=\"http://www.xfa.org/schema/xci/3.0/\"><acrobat><acrobat7><dynamicRender>\(render)</dynamicRender></acrobat7></acrobat></config></xdp:xdp>"
            $0.objects.append((66, streamObject("", xml)))
        } }
        #expect(try audit(content: taggedHello, only: ["7.15-1"], configure: xfa("required")).status("7.15-1") == .failed)
        #expect(try audit(content: taggedHello, only: ["7.15-1"], configure: xfa("forbidden")).status("7.15-1") == .passed)
    }

    @Test func encryptionMustAllowAccessibilityExtraction() throws {
        func status(accessibility: Bool) throws -> RuleResult.Status? {
            let bytes = EncryptedDocument.make(text: "Hi", userPassword: "", ownerPassword: "owner",
                                               permissions: EncryptedDocument.permissions(accessibility: accessibility))
            var options = AuditOptions()
            options.onlyRules = ["7.16-1"]
            return Auditor(options: options).audit(try Document(bytes: bytes)).status("7.16-1")
        }
        #expect(try status(accessibility: false) == .failed)
        #expect(try status(accessibility: true) == .passed)
        #expect(try audit(content: taggedHello, only: ["7.16-1"]).status("7.16-1") == .notApplicable)

        // /P written beyond 64 bits is read modulo 2^32, as the security handler reads it:
        // 99999999999999999999 ≡ 0x630FFFFF (mod 2^32), which has bit 10 set. The /Encrypt
        // dictionary sits in the trailer, after every offset, so the rewrite moves nothing.
        let low = Int32(bitPattern: 0x630F_FFFF)
        let made = EncryptedDocument.make(text: "Hi", userPassword: "", ownerPassword: "owner", permissions: low)
        let marker = Array(" /P \(low) ".utf8)
        let at = try #require((0...(made.count - marker.count)).first { Array(made[$0..<($0 + marker.count)]) == marker })
        let big = Array(made[..<at]) + Array(" /P 99999999999999999999 ".utf8) + Array(made[(at + marker.count)...])
        var options = AuditOptions()
        options.onlyRules = ["7.16-1"]
        let document = try Document(bytes: big)
        #expect(!document.isLocked)
        #expect(Auditor(options: options).audit(document).status("7.16-1") == .passed)
    }
}

@Suite struct AnnotationRuleTests {
    static let note = "/Subtype /Text /Rect [72 600 92 620] /Contents (Reviewer note)"

    @Test func annotationsAreTaggedAnnot() throws {
        let span = try audit(content: taggedHello, only: ["7.18.1-1"], configure: annotated(Self.note, tag: "Span"))
        #expect(span.status("7.18.1-1") == .failed)
        let f = span.findings("7.18.1-1").first
        #expect(f?.location.pageIndex == 0)
        #expect(f?.location.object == ObjectID(62))
        #expect(f?.location.structPath == "/Document[1]/Span[1]")
        #expect(f?.location.bbox == Rect(x0: 72, y0: 600, x1: 92, y1: 620))
        #expect(try audit(content: taggedHello, only: ["7.18.1-1"], configure: annotated(Self.note, tag: nil)).status("7.18.1-1") == .failed)
        #expect(try audit(content: taggedHello, only: ["7.18.1-1"], configure: annotated(Self.note, tag: "Annot")).status("7.18.1-1") == .passed)
    }

    @Test func roleMappedAnnotCounts() throws {
        let r = try audit(content: taggedHello, only: ["7.18.1-1"]) {
            annotated(Self.note, tag: "Comment")(&$0)
            $0.rootExtras = "/RoleMap << /Comment /Annot >>"
        }
        #expect(r.status("7.18.1-1") == .passed)
    }

    @Test func hiddenAndOffPageAnnotationsAreExempt() throws {
        let hidden = try audit(content: taggedHello, only: ["7.18.1-1", "7.18.2-1"],
                               configure: annotated("/Subtype /TrapNet /Rect [0 0 612 792] /F 2", tag: nil))
        #expect(hidden.status("7.18.1-1") == .notApplicable)
        #expect(hidden.status("7.18.2-1") == .notApplicable)
        let offPage = try audit(content: taggedHello, only: ["7.18.1-1"],
                                configure: annotated("/Subtype /Text /Rect [700 800 720 820] /Contents (x)", tag: nil))
        #expect(offPage.status("7.18.1-1") == .notApplicable)
    }

    @Test func trapNetIsForbidden() throws {
        let r = try audit(content: taggedHello, only: ["7.18.2-1"], configure: annotated("/Subtype /TrapNet /Rect [0 0 612 792] /Contents (trap)", tag: "Annot"))
        #expect(r.status("7.18.2-1") == .failed)
        #expect(r.findings("7.18.2-1").first?.location.object == ObjectID(62))
        #expect(try audit(content: taggedHello, only: ["7.18.2-1"], configure: annotated(Self.note, tag: "Annot")).status("7.18.2-1") == .notApplicable)
    }

    @Test func annotationsNeedADescription() throws {
        let bare = "/Subtype /Text /Rect [72 600 92 620]"
        let r = try audit(content: taggedHello, only: ["7.18.1-2"], configure: annotated(bare, tag: "Annot"))
        #expect(r.status("7.18.1-2") == .failed)
        #expect(r.findings("7.18.1-2").first?.location.structPath == "/Document[1]/Annot[1]")
        #expect(try audit(content: taggedHello, only: ["7.18.1-2"], configure: annotated(bare, tag: "Annot", elementExtras: "/Alt (Reviewer note)")).status("7.18.1-2") == .passed)
        #expect(try audit(content: taggedHello, only: ["7.18.1-2"], configure: annotated(Self.note, tag: "Annot")).status("7.18.1-2") == .passed)
    }

    @Test func contentsNeedsALanguage() throws {
        let r = try audit(content: taggedHello, catalogLang: nil, only: ["7.2-24"], configure: annotated(Self.note, tag: "Annot"))
        #expect(r.status("7.2-24") == .failed)
        #expect(r.findings("7.2-24").first?.location.object == ObjectID(62))
        #expect(r.findings("7.2-24").first?.location.pageIndex == 0)
        #expect(try audit(content: taggedHello, catalogLang: nil, only: ["7.2-24"], configure: annotated(Self.note + " /Lang (de)", tag: "Annot")).status("7.2-24") == .passed)
        #expect(try audit(content: taggedHello, only: ["7.2-24"], configure: annotated(Self.note, tag: "Annot")).status("7.2-24") == .passed)
    }

    @Test func linksAreTaggedLink() throws {
        let link = "/Subtype /Link /Rect [72 690 120 712] /Contents (Example site) /A << /S /URI /URI (https://example.org) >>"
        let r = try audit(content: taggedHello, only: ["7.18.5-1", "7.18.1-1"], configure: annotated(link, tag: "Span"))
        #expect(r.status("7.18.5-1") == .failed)
        #expect(r.findings("7.18.5-1").first?.location.structType == "Span")
        #expect(r.status("7.18.1-1") == .notApplicable, "links are judged by 7.18.5-1")
    }

    @Test func structParentThroughAParentTreeWithKids() throws {
        // The Link element has no OBJR kid: only the parent tree (a root with /Kids) leads to it.
        let r = try audit(content: taggedHello, only: ["7.18.5-1"]) {
            annotated("/Subtype /Link /Rect [72 690 120 712] /Contents (x)", tag: "Link")(&$0)
            $0.objects[2].1 = "<< /Type /StructElem /S /Link /P 21 0 R /Pg 3 0 R >>"
            $0.parentTreeNums = nil
            $0.rootExtras = "/ParentTree 66 0 R"
            $0.objects += [(66, "<< /Kids [67 0 R 68 0 R] >>"),
                           (67, "<< /Limits [0 0] /Nums [0 [22 0 R]] >>"),
                           (68, "<< /Limits [1 1] /Nums [1 23 0 R] >>")]
        }
        #expect(r.status("7.18.5-1") == .passed)
    }

    @Test func printerMarksStayOutOfTheStructureTree() throws {
        let mark = "/Subtype /PrinterMark /Rect [0 0 20 20]"
        let tagged = try audit(content: taggedHello, only: ["7.18.8-1"], configure: annotated(mark, tag: "Annot"))
        #expect(tagged.status("7.18.8-1") == .failed)
        #expect(tagged.findings("7.18.8-1").first?.location.structPath == "/Document[1]/Annot[1]")
        #expect(try audit(content: taggedHello, only: ["7.18.8-1"], configure: annotated(mark, tag: nil)).status("7.18.8-1") == .passed)
    }

    @Test func mediaClipsNeedContentTypeAndAlternateText() throws {
        let screen: (String) -> String = { clip in
            "/Subtype /Screen /Rect [72 400 272 550] /Contents (Film) /A << /S /Rendition /OP 0 /R << /S /MR /C << /S /MCD \(clip) /D << /Type /Filespec /F (film.mp4) /UF (film.mp4) >> >> >> >>"
        }
        let ids: Set<String> = ["7.18.6.2-1", "7.18.6.2-2"]
        let bad = try audit(content: taggedHello, only: ids, configure: annotated(screen("/Alt [(en) ()]"), tag: "Annot"))
        #expect(bad.status("7.18.6.2-1") == .failed)
        #expect(bad.status("7.18.6.2-2") == .failed)
        #expect(bad.findings("7.18.6.2-1").first?.location.object == ObjectID(62))
        let good = try audit(content: taggedHello, only: ids, configure: annotated(screen("/CT (video/mp4) /Alt [(en) (A short film)]"), tag: "Annot"))
        #expect(good.status("7.18.6.2-1") == .passed)
        #expect(good.status("7.18.6.2-2") == .passed)
    }

    @Test func validMultiLanguageAlternates() throws {
        let store = try Document(bytes: TaggedDocument().build()).store
        func alt(_ text: String) -> Bool {
            var p = Parser(bytes: Array(text.utf8))
            return DocumentChecks.hasValidAlt(try? p.parseObject(), store: store)
        }
        #expect(alt("[(en) (Film) (de) (Film)]"))
        #expect(alt("[() (Film)]"), "the language may be empty")
        #expect(!alt("[(en)]"), "pairs")
        #expect(!alt("[(en) ()]"), "empty text")
        #expect(!alt("(Film)"), "not an array")
    }

    @Test func referenceXObjectsAreForbidden() throws {
        let ap = "/Subtype /Stamp /Rect [72 400 172 450] /Contents (Approved) /AP << /N 65 0 R >>"
        let form: (String) -> (inout TaggedDocument) -> Void = { extra in {
            annotated(ap, tag: "Annot")(&$0)
            $0.objects.append((65, streamObject("/Type /XObject /Subtype /Form /BBox [0 0 100 50] \(extra)", "0 0 100 50 re S")))
        } }
        let ref = try audit(content: taggedHello, only: ["7.20-1"], configure: form("/Ref << /F (other.pdf) /Page 0 >>"))
        #expect(ref.status("7.20-1") == .failed)
        #expect(ref.findings("7.20-1").first?.location.object == ObjectID(65))
        #expect(try audit(content: taggedHello, only: ["7.20-1"], configure: form("")).status("7.20-1") == .passed)
    }
}

@Suite struct FormFieldRuleTests {
    /// A text field whose widget is merged into the field dictionary, listed in the AcroForm.
    static func field(_ extra: String = "", tag: String? = "Form", elementExtras: String = "") -> (inout TaggedDocument) -> Void {
        { t in
            annotated("/Subtype /Widget /FT /Tx /T (name) /Rect [72 500 272 520] \(extra)", tag: tag, elementExtras: elementExtras)(&t)
            t.catalogExtras = "/AcroForm << /Fields [62 0 R] >>"
        }
    }

    @Test func widgetsNeedADescription() throws {
        let r = try audit(content: taggedHello, only: ["7.18.1-3"], configure: Self.field())
        #expect(r.status("7.18.1-3") == .failed)
        #expect(r.findings("7.18.1-3").first?.evidence.first?.value == "name")
        #expect(r.findings("7.18.1-3").first?.location.structPath == "/Document[1]/Form[1]")
        #expect(try audit(content: taggedHello, only: ["7.18.1-3"], configure: Self.field("/TU (Your name)")).status("7.18.1-3") == .passed)
        #expect(try audit(content: taggedHello, only: ["7.18.1-3"], configure: Self.field(elementExtras: "/Alt (Your name)")).status("7.18.1-3") == .passed)
    }

    @Test func widgetsAreTaggedForm() throws {
        let r = try audit(content: taggedHello, only: ["7.18.4-1"], configure: Self.field("/TU (Your name)", tag: "P"))
        #expect(r.status("7.18.4-1") == .failed)
        #expect(r.findings("7.18.4-1").first?.location.object == ObjectID(62))
        #expect(try audit(content: taggedHello, only: ["7.18.4-1"], configure: Self.field("/TU (Your name)")).status("7.18.4-1") == .passed)
    }

    @Test func formElementsHoldOneWidget() throws {
        let two = try audit(content: taggedHello, only: ["7.18.4-2"]) {
            Self.field("/TU (Your name)")(&$0)
            $0.objects[2].1 = "<< /Type /StructElem /S /Form /P 21 0 R /Pg 3 0 R /K [<< /Type /OBJR /Obj 62 0 R >> 1] >>"
        }
        #expect(two.status("7.18.4-2") == .failed)
        #expect(two.findings("7.18.4-2").first?.location.structPath == "/Document[1]/Form[1]")
        #expect(try audit(content: taggedHello, only: ["7.18.4-2"], configure: Self.field("/TU (Your name)")).status("7.18.4-2") == .passed)
        let printField = try audit(content: taggedHello, only: ["7.18.4-2"]) {
            Self.field("/TU (Your name)")(&$0)
            $0.objects[2].1 = "<< /Type /StructElem /S /Form /P 21 0 R /Pg 3 0 R /A << /O /PrintField /Role /tv >> /K [1] >>"
        }
        #expect(printField.status("7.18.4-2") == .passed, "a non-interactive field with a Role attribute")
    }

    @Test func fieldDescriptionNeedsALanguage() throws {
        let r = try audit(content: taggedHello, catalogLang: nil, only: ["7.2-25"], configure: Self.field("/TU (Your name)"))
        #expect(r.status("7.2-25") == .failed)
        #expect(r.findings("7.2-25").first?.location.object == ObjectID(62))
        #expect(r.findings("7.2-25").first?.location.structPath == "/Document[1]/Form[1]")
        #expect(try audit(content: taggedHello, catalogLang: nil, only: ["7.2-25"], configure: Self.field("/TU (Your name)", elementExtras: "/Lang (en)")).status("7.2-25") == .passed)
        #expect(try audit(content: taggedHello, only: ["7.2-25"], configure: Self.field("/TU (Your name)")).status("7.2-25") == .passed)
    }
}
