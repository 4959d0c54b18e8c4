import Foundation

/// A key of ``PDFDocument/write(to:withOptions:)``'s options, as PDFKit's
/// `PDFDocumentWriteOption`. PDFText writes a document only as it was opened, so every
/// option that would change the bytes (passwords, permissions, burnt-in annotations, image
/// recompression) makes the write fail rather than be ignored.
public struct PDFDocumentWriteOption: RawRepresentable, Hashable, Sendable, _HasCustomAnyHashableRepresentation {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let ownerPasswordOption = PDFDocumentWriteOption(rawValue: "OwnerPassword")
    public static let userPasswordOption = PDFDocumentWriteOption(rawValue: "UserPassword")
    public static let accessPermissionsOption = PDFDocumentWriteOption(rawValue: "AccessPermissions")
    public static let burnInAnnotationsOption = PDFDocumentWriteOption(rawValue: "BurnInAnnotations")
    public static let saveTextFromOCROption = PDFDocumentWriteOption(rawValue: "SaveTextFromOCR")
    public static let saveImagesAsJPEGOption = PDFDocumentWriteOption(rawValue: "SaveImagesAsJPEG")
    public static let optimizeImagesForScreenOption = PDFDocumentWriteOption(rawValue: "OptimizeImagesForScreen")

    /// The raw value, so that a `String` key finds the same dictionary entry.
    public func _toCustomAnyHashable() -> AnyHashable? { AnyHashable(rawValue) }
}

extension PDFDocument {
    /// The document's bytes: the file as it was opened (a document cannot be changed here,
    /// so these are its bytes, encrypted as they were). Cheap: no PDF is written.
    public func dataRepresentation() -> Data? { Data(file.store.bytes) }

    /// The bytes as opened when `options` is empty; nil when it asks for anything (a
    /// password, permissions), which would need a PDF writer.
    public func dataRepresentation(options: [AnyHashable: Any]) -> Data? {
        options.isEmpty ? dataRepresentation() : nil
    }

    /// Writes the bytes the document was opened from to `url` (replacing what is there, as
    /// PDFKit does, through a temporary file so that a failed write leaves it whole). False
    /// when the file cannot be written.
    @discardableResult
    public func write(to url: URL) -> Bool {
        do {
            try Data(file.store.bytes).write(to: url, options: .atomic)
            return true
        } catch {
            return false
        }
    }

    /// As ``write(to:)`` when `options` is nil or empty. False, writing nothing, when it asks
    /// for anything: passwords, permissions and the other options would change the bytes,
    /// and PDFText does not write PDFs.
    @discardableResult
    public func write(to url: URL, withOptions options: [PDFDocumentWriteOption: Any]?) -> Bool {
        guard options?.isEmpty ?? true else { return false }
        return write(to: url)
    }

    @available(*, unavailable, message: "PDFText reads PDFs and does not create them: open one with PDFDocument(url:) or PDFDocument(data:)")
    public convenience init() { fatalError("unavailable") }

    @available(*, unavailable, message: "PDFText reads PDFs and does not change them: no page can be inserted")
    public func insert(_ page: PDFPage, at index: Int) {}

    @available(*, unavailable, message: "PDFText reads PDFs and does not change them: no page can be removed")
    public func removePage(at index: Int) {}

    @available(*, unavailable, message: "PDFText reads PDFs and does not change them: no page can be moved")
    public func exchangePage(at indexA: Int, withPageAt indexB: Int) {}

    @available(*, unavailable, message: "there is no Core Graphics document: use `file` (the file layer), or majorVersion/minorVersion, isEncrypted and pageCount")
    public var documentRef: AnyObject? { nil }
}

extension PDFPage {
    @available(*, unavailable, message: "PDFText does not render: there is no thumbnail. Text, boxes (bounds(for:)) and glyphs are available")
    public func thumbnail(of size: CGSize, for box: PDFDisplayBox) -> AnyObject? { nil }

    @available(*, unavailable, message: "PDFText does not draw pages: there is no graphics context. Use characterBounds(at:) and selections for geometry")
    public func draw(with box: PDFDisplayBox, to context: AnyObject) {}

    @available(*, unavailable, message: "there is no Core Graphics page: use bounds(for:), rotation and the document's majorVersion/minorVersion, or `document?.file` for the page object")
    public var pageRef: AnyObject? { nil }

    @available(*, unavailable, message: "PDFText does not write PDFs: a page alone has no bytes. Use the document's dataRepresentation() for the whole file")
    public var dataRepresentation: Data? { nil }
}

extension PDFSelection {
    @available(*, unavailable, message: "PDFText does not draw: a selection has no colour. Use bounds(for:) or quadrilaterals(on:) to highlight it yourself")
    public var color: AnyObject? { nil }

    @available(*, unavailable, message: "PDFText does not draw: use bounds(for:) or quadrilaterals(on:) to highlight the selection yourself")
    public func draw(for page: PDFPage, active: Bool) {}

    @available(*, unavailable, message: "PDFText does not draw: use bounds(for:) or quadrilaterals(on:) to highlight the selection yourself")
    public func draw(for page: PDFPage, withBox box: PDFDisplayBox, active: Bool) {}
}
