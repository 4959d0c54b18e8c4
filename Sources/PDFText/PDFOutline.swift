import Foundation
import PDFCore
import PDFFile

/// A destination coordinate or zoom the destination leaves as it is, as PDFKit's
/// `kPDFDestinationUnspecifiedValue`.
public let kPDFDestinationUnspecifiedValue = CGFloat(Float.greatestFiniteMagnitude)

/// How a destination fits the page into the window (ISO 32000-2 §12.3.2.2, Table 149).
public enum PDFDestinationView: String, Sendable, Hashable {
    case xyz = "XYZ", fit = "Fit", fitH = "FitH", fitV = "FitV", fitR = "FitR"
    case fitB = "FitB", fitBH = "FitBH", fitBV = "FitBV"
}

/// A place in a document, as PDFKit's `PDFDestination`: a page, a point on it and a zoom.
///
/// From a destination array: `XYZ left top zoom` gives the point (left, top) and the zoom;
/// `FitH top` and `FitBH top` give (unspecified, top); `FitV left` and `FitBV left` give
/// (left, unspecified); `FitR left bottom right top` gives (left, top) and ``rect``;
/// `Fit` and `FitB` give neither. Missing or `null` values, and a zoom of 0 (which the
/// standard defines as "unchanged"), are ``kPDFDestinationUnspecifiedValue``.
public final class PDFDestination: Sendable {
    /// 0-based index of the target page; nil when the destination names no page of this
    /// document (a named destination that is not defined, or a page outside the page tree).
    public let pageIndex: Int?
    /// Page space (points, origin bottom-left).
    public let point: CGPoint
    public let zoom: CGFloat
    /// The view kind; nil when the destination did not say.
    public let view: PDFDestinationView?
    /// `FitR`: the rectangle to fit.
    public let rect: CGRect?
    /// The named destination this came from, if any.
    public let name: String?
    let pageLookup: (@Sendable (Int) -> PDFPage?)?

    /// A destination at `point` on `page`, as PDFKit's initialiser.
    public init(page: PDFPage, at point: CGPoint) {
        self.pageIndex = page.pageIndex
        self.point = point
        self.zoom = kPDFDestinationUnspecifiedValue
        self.view = .xyz
        self.rect = nil
        self.name = nil
        self.pageLookup = { [page] i in i == page.pageIndex ? page : nil }
    }

    /// A destination read from the file; `pageLookup` gives the ``page`` of an index.
    init(_ d: Destination, pageLookup: (@Sendable (Int) -> PDFPage?)?) {
        let u = kPDFDestinationUnspecifiedValue
        func param(_ i: Int) -> CGFloat {
            guard i < d.parameters.count, let v = d.parameters[i] else { return u }
            return CGFloat(v)
        }
        let view = d.kind.flatMap { PDFDestinationView(rawValue: $0) }
        var point = CGPoint(x: u, y: u)
        var zoom = u
        var rect: CGRect? = nil
        switch view {
        case .xyz?:
            point = CGPoint(x: param(0), y: param(1))
            let z = param(2)
            if z != 0 { zoom = z }
        case .fitH?, .fitBH?:
            point.y = param(0)
        case .fitV?, .fitBV?:
            point.x = param(0)
        case .fitR?:
            point = CGPoint(x: param(0), y: param(3))
            let values = d.parameters.prefix(4).compactMap { $0 }
            if values.count == 4 {
                let r = Rect(x0: values[0], y0: values[1], x1: values[2], y1: values[3])
                rect = CGRect(x: r.x0, y: r.y0, width: r.width, height: r.height)
            }
        case .fit?, .fitB?, nil:
            break
        }
        self.pageIndex = d.pageIndex
        self.point = point
        self.zoom = zoom
        self.view = view
        self.rect = rect
        self.name = d.name
        self.pageLookup = pageLookup
    }

    /// The target page, while its document is open.
    public var page: PDFPage? { pageIndex.flatMap { pageLookup?($0) } }
}

/// The name of a named action, as PDFKit's `PDFActionNamedName`.
public enum PDFActionNamedName: Int, Sendable {
    case none = 0, nextPage, previousPage, firstPage, lastPage, goBack, goForward, goToPage, find, print, zoomIn, zoomOut

    /// From the action's `/N` (the four of ISO 32000-2 §12.6.4.12 and the viewer names
    /// Acrobat writes); `.none` for others.
    init(pdfName: String) {
        switch pdfName {
        case "NextPage": self = .nextPage
        case "PrevPage": self = .previousPage
        case "FirstPage": self = .firstPage
        case "LastPage": self = .lastPage
        case "GoBack": self = .goBack
        case "GoForward": self = .goForward
        case "GoToPage": self = .goToPage
        case "Find": self = .find
        case "Print": self = .print
        case "ZoomIn": self = .zoomIn
        case "ZoomOut": self = .zoomOut
        default: self = .none
        }
    }
}

/// An action, as PDFKit's `PDFAction`: the base of ``PDFActionGoTo``, ``PDFActionURL``,
/// ``PDFActionNamed`` and ``PDFActionRemoteGoTo``; other kinds (Launch, JavaScript, …) are
/// plain `PDFAction`s that say their ``type``.
///
/// Sendable: every stored property of the class and its subclasses is a `let` of a Sendable
/// type, and the class is not `open`, so no subclass outside this module adds state.
public class PDFAction: @unchecked Sendable {
    /// `/S` as PDFKit reports it: "GoTo", "URI", "Named", "GoToR", "Launch", …
    public let type: String
    /// The file layer's reading of the action.
    public let info: ActionInfo

    init(info: ActionInfo) {
        self.type = info.type
        self.info = info
    }

    /// The matching subclass for an action read from the file.
    static func make(_ info: ActionInfo, pageLookup: (@Sendable (Int) -> PDFPage?)?, base: URL?) -> PDFAction {
        switch info.type {
        case "GoTo":
            if let d = info.destination { return PDFActionGoTo(info: info, destination: PDFDestination(d, pageLookup: pageLookup)) }
        case "URI":
            if let u = info.uri, let url = linkURL(u) { return PDFActionURL(info: info, url: url) }
        case "Named":
            return PDFActionNamed(info: info)
        case "GoToR":
            return PDFActionRemoteGoTo(info: info, base: base)
        default:
            break
        }
        return PDFAction(info: info)
    }
}

/// Go to a destination in this document.
public final class PDFActionGoTo: PDFAction, @unchecked Sendable {
    public let destination: PDFDestination
    init(info: ActionInfo, destination: PDFDestination) {
        self.destination = destination
        super.init(info: info)
    }
}

/// Open a URI.
public final class PDFActionURL: PDFAction, @unchecked Sendable {
    public let url: URL
    init(info: ActionInfo, url: URL) {
        self.url = url
        super.init(info: info)
    }
}

/// A viewer command such as next page.
public final class PDFActionNamed: PDFAction, @unchecked Sendable {
    public let name: PDFActionNamedName
    /// The action's `/N` as written.
    public var pdfName: String? { info.name }
    override init(info: ActionInfo) {
        self.name = PDFActionNamedName(pdfName: info.name ?? "")
        super.init(info: info)
    }
}

/// Go to a place in another file.
public final class PDFActionRemoteGoTo: PDFAction, @unchecked Sendable {
    /// 0-based page in the other file (0 when the action names a destination instead).
    public let pageIndex: Int
    /// The point on that page; ``kPDFDestinationUnspecifiedValue`` where unspecified.
    public let point: CGPoint
    /// The other file, relative to the document's directory when the document has a URL.
    public let url: URL?
    init(info: ActionInfo, base: URL?) {
        let d = info.destination.map { PDFDestination($0, pageLookup: nil) }
        self.pageIndex = d?.pageIndex ?? 0
        self.point = d?.point ?? CGPoint(x: kPDFDestinationUnspecifiedValue, y: kPDFDestinationUnspecifiedValue)
        self.url = info.file.map { file in
            if file.contains("://") { return URL(string: file) }
            return URL(fileURLWithPath: file, relativeTo: base?.deletingLastPathComponent())
        } ?? nil
        super.init(info: info)
    }
}

/// A link target as a URL: as written when it parses, else with unsafe characters
/// percent-encoded (writers leave spaces and non-ASCII characters in `/URI`).
func linkURL(_ s: String) -> URL? {
    if let u = URL(string: s) { return u }
    let allowed = CharacterSet.urlFragmentAllowed.union(CharacterSet(charactersIn: "#%"))
    return s.addingPercentEncoding(withAllowedCharacters: allowed).flatMap { URL(string: $0) }
}

/// An outline node (bookmark), as PDFKit's `PDFOutline`. The root, from
/// ``PDFDocument/outlineRoot``, is invisible: it has no label and holds the top-level items.
///
/// Children are made when asked for and hold their ``parent`` strongly (a parent does not
/// keep its children), so `parent` stays valid as long as a child is held, and there is no
/// reference cycle.
public final class PDFOutline: Sendable {
    /// The file layer's outline item.
    public let item: OutlineItem
    /// The node above; nil for the root.
    public let parent: PDFOutline?
    /// The position among the parent's children (0 for the root).
    public let index: Int
    /// The document, while it is open.
    public weak let document: PDFDocument?
    /// `/Dest`, or the destination of a GoTo action.
    public let destination: PDFDestination?
    /// `/A`: nil when the item has none (a plain `/Dest`).
    public let action: PDFAction?

    init(item: OutlineItem, parent: PDFOutline?, index: Int, document: PDFDocument?) {
        self.item = item
        self.parent = parent
        self.index = index
        self.document = document
        let lookup: @Sendable (Int) -> PDFPage? = { [weak document] i in document?.page(at: i) }
        self.destination = item.destination.map { PDFDestination($0, pageLookup: lookup) }
        self.action = item.action.map { PDFAction.make($0, pageLookup: lookup, base: document?.documentURL) }
    }

    /// The invisible root of `document`'s outline, nil when it has none.
    static func root(of document: PDFDocument) -> PDFOutline? {
        let items = document.file.outline
        guard !items.isEmpty else { return nil }
        return PDFOutline(item: OutlineItem(title: "", isOpen: true, children: items), parent: nil, index: 0, document: document)
    }

    /// The title; nil for the root.
    public var label: String? { parent == nil ? nil : item.title }
    public var numberOfChildren: Int { item.children.count }

    /// The child at `index`, nil out of range.
    public func child(at index: Int) -> PDFOutline? {
        guard index >= 0, index < item.children.count else { return nil }
        return PDFOutline(item: item.children[index], parent: self, index: index, document: document)
    }

    /// Whether the children are shown (`/Count` positive); the root is always open.
    public var isOpen: Bool { item.isOpen }

    /// 0-based page index of the destination, if it leads to a page of this document.
    public var destinationPageIndex: Int? { item.destination?.pageIndex }

    /// A URI action's target.
    public var url: URL? { (action as? PDFActionURL)?.url }
}
