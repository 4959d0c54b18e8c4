import Foundation
import PDFCore
import PDFCrypto
@_exported import PDFFile

/// Keys of ``PDFDocument/documentAttributes``, named as in PDFKit.
public enum PDFDocumentAttribute: String, Sendable, Hashable, CaseIterable {
    case titleAttribute = "Title"
    case authorAttribute = "Author"
    case subjectAttribute = "Subject"
    case creatorAttribute = "Creator"
    case producerAttribute = "Producer"
    case creationDateAttribute = "CreationDate"
    case modificationDateAttribute = "ModDate"
    case keywordsAttribute = "Keywords"
}

/// Which password unlocked the document, as PDFKit's `PDFDocumentPermissions`.
public enum PDFDocumentPermissions: Int, Sendable { case none = 0, user = 1, owner = 2 }

/// A PDF document with PDFKit's shape: open by URL or data, unlock, pages, attributes,
/// permissions and outline. Failing initialisers return nil as PDFKit's do; the throwing
/// ``init(contentsOf:limits:)`` says why.
public final class PDFDocument: Sendable {
    public let documentURL: URL?
    /// The file layer underneath, for what PDFKit does not expose.
    public let file: Document

    public convenience init?(url: URL) {
        guard let doc = try? PDFDocument(contentsOf: url) else { return nil }
        self.init(file: doc.file, url: url)
    }

    public convenience init?(data: Data) {
        guard let file = try? Document(bytes: [UInt8](data)) else { return nil }
        self.init(file: file, url: nil)
    }

    /// Opens a file, throwing a ``PDFError`` that names the problem.
    public convenience init(contentsOf url: URL, limits: Limits = .default) throws(PDFError) {
        let bytes = try FileBytes.read(path: url.path)
        self.init(file: try Document(bytes: bytes, limits: limits), url: url)
    }

    init(file: Document, url: URL?) {
        self.file = file
        self.documentURL = url
    }

    // MARK: Pages

    public var pageCount: Int { file.pageCount }

    public func page(at index: Int) -> PDFPage? {
        let pages = file.pages
        guard index >= 0, index < pages.count else { return nil }
        return PDFPage(info: pages[index], label: file.pageLabels?[index], file: file)
    }

    // MARK: Security

    public var isEncrypted: Bool { file.isEncrypted }
    public var isLocked: Bool { file.isLocked }

    public func unlock(withPassword password: String) -> Bool { file.unlock(password: password) }

    public var permissionsStatus: PDFDocumentPermissions {
        guard file.isEncrypted else { return .owner }
        switch file.unlockedAs {
        case .owner?: return .owner
        case .user?: return .user
        case nil: return .none
        }
    }

    public var allowsPrinting: Bool { file.permissions.allowsPrinting }
    public var allowsCopying: Bool { file.permissions.allowsCopying }
    public var allowsDocumentChanges: Bool { file.permissions.allowsDocumentChanges }
    public var allowsDocumentAssembly: Bool { file.permissions.allowsDocumentAssembly }
    public var allowsContentAccessibility: Bool { file.permissions.allowsContentAccessibility }
    public var allowsCommenting: Bool { file.permissions.allowsCommenting }
    public var allowsFormFieldEntry: Bool { file.permissions.allowsFormFieldEntry }

    // MARK: Metadata

    /// Title, author, … as strings and dates as `Date`, keyed like PDFKit.
    public var documentAttributes: [PDFDocumentAttribute: Any] {
        let info = file.info
        var out: [PDFDocumentAttribute: Any] = [:]
        if let v = info.title { out[.titleAttribute] = v }
        if let v = info.author { out[.authorAttribute] = v }
        if let v = info.subject { out[.subjectAttribute] = v }
        if let v = info.creator { out[.creatorAttribute] = v }
        if let v = info.producer { out[.producerAttribute] = v }
        if let v = info.keywords { out[.keywordsAttribute] = v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if let d = info.creationDate?.date { out[.creationDateAttribute] = d }
        if let d = info.modificationDate?.date { out[.modificationDateAttribute] = d }
        return out
    }

    public var majorVersion: Int { Int(file.version.split(separator: ".").first ?? "1") ?? 1 }
    public var minorVersion: Int { Int(file.version.split(separator: ".").dropFirst().first ?? "0") ?? 0 }

    /// The outline's invisible root, nil when the document has no outline.
    public var outlineRoot: PDFOutline? { PDFOutline.root(of: self) }

    public var diagnostics: DiagnosticLog { file.diagnostics }
}

/// The boxes of a page, as PDFKit's `PDFDisplayBox`.
public enum PDFDisplayBox: Int, Sendable { case mediaBox = 0, cropBox, bleedBox, trimBox, artBox }

/// A page: geometry, rotation and label. Text APIs come with the content interpreter.
public final class PDFPage: Sendable {
    public let info: PageInfo
    public let label: String?
    /// The file the page belongs to.
    let file: Document

    init(info: PageInfo, label: String?, file: Document) {
        self.info = info
        self.file = file
        self.label = label ?? String(info.index + 1)
    }

    public var pageIndex: Int { info.index }
    /// Degrees clockwise: 0, 90, 180 or 270.
    public var rotation: Int { info.rotation }

    /// A box in page space (points, origin bottom-left). Boxes a page lacks fall back to the
    /// crop box (§14.11.2).
    public func bounds(for box: PDFDisplayBox) -> CGRect {
        let r: Rect
        switch box {
        case .mediaBox: r = info.mediaBox
        case .cropBox: r = info.cropBox
        case .bleedBox: r = info.bleedBox ?? info.cropBox
        case .trimBox: r = info.trimBox ?? info.cropBox
        case .artBox: r = info.artBox ?? info.cropBox
        }
        return CGRect(x: r.x0, y: r.y0, width: r.width, height: r.height)
    }
}

extension PDFDate {
    /// The moment as a `Date` (UTC when the file gave no offset).
    public var date: Date? {
        var c = DateComponents()
        c.year = year; c.month = month; c.day = day
        c.hour = hour; c.minute = minute; c.second = second
        c.timeZone = TimeZone(secondsFromGMT: (utcOffsetMinutes ?? 0) * 60)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = c.timeZone!
        return cal.date(from: c)
    }
}
