/// Small tagged PDFs for structure, HTML and audit tests. The defaults make a document that
/// passes the catalog-level PDF/UA-1 rules (tagged, structure tree, language, title in XMP,
/// DisplayDocTitle, PDF/UA identification); each test changes the one thing it is about.
///
/// Object numbers: catalog 1, pages 2, page 3 (more pages 3+i), content stream 40 (+i),
/// font 5, XMP 6, struct tree root 20, parent tree 19. Structure elements and other objects
/// the test adds should use numbers from 21 to 39 and from 60 on.
package struct TaggedDocument {
    package var pages = 1
    /// Content stream text per page (missing pages get an empty stream).
    package var content: [String] = [""]
    /// Objects the test adds (structure elements, annotations, …).
    package var objects: [(Int, String)] = []
    /// The struct tree root's `/K`.
    package var rootKids = "21 0 R"
    /// Extra entries of the struct tree root (`/RoleMap << … >>`, `/ClassMap`).
    package var rootExtras = ""
    /// `/ParentTree` `/Nums` array body; when nil, one is not written.
    package var parentTreeNums: String?
    package var catalogLang: String? = "en-GB"
    package var marked = true
    package var structTreeRoot = true
    package var displayDocTitle = true
    /// The XMP packet; nil writes none.
    package var xmp: String? = TaggedDocument.xmp(title: "Test document", pdfuaPart: 1)
    package var catalogExtras = ""
    /// Extra entries of every page dictionary (`/Annots […] /Tabs /S`).
    package var pageExtras = ""
    /// More entries for every page's /Resources (after `/Font << /F1 5 0 R >>`).
    package var resourceExtras = ""
    /// The font dictionary for /F1. The default is an unembedded standard font, which fails
    /// 7.21.4.1-1; font tests replace it.
    package var font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    package var version = "1.7"

    package init() {}

    /// An XMP packet with `dc:title` and `pdfuaid:part` (either may be left out).
    package static func xmp(title: String?, pdfuaPart: Int?) -> String {
        var body = ""
        if let title {
            body += "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(title)</rdf:li></rdf:Alt></dc:title>"
        }
        if let pdfuaPart { body += "<pdfuaid:part>\(pdfuaPart)</pdfuaid:part>" }
        return """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">\(body)</rdf:Description>
        </rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    package func build() -> [UInt8] {
        var b = PDFBuilder(version: version)
        var cat = "/Type /Catalog /Pages 2 0 R"
        if structTreeRoot { cat += " /StructTreeRoot 20 0 R" }
        if marked { cat += " /MarkInfo << /Marked true >>" }
        if let catalogLang { cat += " /Lang (\(catalogLang))" }
        if displayDocTitle { cat += " /ViewerPreferences << /DisplayDocTitle true >>" }
        if xmp != nil { cat += " /Metadata 6 0 R" }
        b.add(1, "<< \(cat) \(catalogExtras) >>")
        let kids = (0..<pages).map { "\(3 + $0) 0 R" }.joined(separator: " ")
        b.add(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages) /MediaBox [0 0 612 792] >>")
        for i in 0..<pages {
            b.add(3 + i, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> \(resourceExtras) >> /Contents \(40 + i) 0 R /StructParents \(i) \(pageExtras) >>")
            b.addStream(40 + i, text: i < content.count ? content[i] : "")
        }
        b.add(5, font)
        if let xmp { b.addStream(6, dictionary: "/Type /Metadata /Subtype /XML", text: xmp) }
        if structTreeRoot {
            let pt = parentTreeNums == nil ? "" : " /ParentTree 19 0 R"
            b.add(20, "<< /Type /StructTreeRoot /K \(rootKids)\(pt) \(rootExtras) >>")
            if let nums = parentTreeNums { b.add(19, "<< /Nums [\(nums)] >>") }
        }
        for (n, body) in objects { b.add(n, body) }
        return b.build().bytes
    }
}
