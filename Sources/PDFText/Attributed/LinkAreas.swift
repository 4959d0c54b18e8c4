import PDFCore
import PDFFile

extension LinkArea {
    /// The link areas of a page: its visible `/Link` annotations that lead to a URI or to a
    /// page of the document (destinations and GoTo actions, named ones resolved).
    public static func links(in document: Document, pageIndex: Int) -> [LinkArea] {
        document.annotations(pageIndex: pageIndex).compactMap { LinkArea($0) }
    }

    /// A link annotation as a link area (its `/QuadPoints` when it has them); nil for other
    /// annotations, hidden links and links that lead nowhere this toolkit can name.
    public init?(_ annotation: AnnotationInfo) {
        guard annotation.subtype == "Link", !annotation.isHidden else { return nil }
        let url = annotation.url, page = annotation.destination?.pageIndex
        guard url != nil || page != nil else { return nil }
        self.init(rect: annotation.rect, quads: annotation.quadPoints, url: url, pageIndex: page)
    }
}
