import Foundation

extension PDFDocument {
    /// The outline item that leads to the place closest before the selection's start, as
    /// PDFKit's `outlineItem(for:)`: the bookmark a reader would say the selection is "in".
    ///
    /// Every item whose destination is a page of this document is placed by its page and
    /// the destination's vertical position (an item with no vertical position, such as
    /// `/Fit`, is placed at the top of its page). The answer is the item placed last at or
    /// before the selection's start: on an earlier page, or on the selection's first page
    /// at or above the top of what is selected there. Of items placed alike, the last in
    /// outline order wins (a subsection over the section that holds it). Nil when the
    /// selection is empty, the document has no outline, or every item leads after it.
    public func outlineItem(for selection: PDFSelection) -> PDFOutline? {
        guard let first = selection.pages.first, let root = outlineRoot else { return nil }
        let page = first.pageIndex
        let top = selection.bounds(for: first).maxY
        var best: (node: PDFOutline, page: Int, y: Double)? = nil
        func visit(_ node: PDFOutline) {
            for k in 0..<node.numberOfChildren {
                guard let child = node.child(at: k) else { continue }
                if let destination = child.destination, let p = destination.pageIndex, p >= 0, p <= page {
                    let raw = Double(destination.point.y)
                    let y = raw.isFinite && raw < Double(kPDFDestinationUnspecifiedValue) ? raw : .infinity
                    let leads = p < page || y >= top - Self.outlineItemTolerance
                    // Later in page order, or as late: the last one in outline order wins.
                    let later = best.map { p > $0.page || (p == $0.page && y <= $0.y) } ?? true
                    if leads && later { best = (child, p, y) }
                }
                visit(child)
            }
        }
        visit(root)
        return best?.node
    }

    /// How far (page units) a destination may lie below the top of the selected text and
    /// still lead to it: a destination set at a heading's baseline, not above the heading.
    static let outlineItemTolerance = 12.0
}
