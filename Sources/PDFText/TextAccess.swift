import PDFCore
import PDFCrypto
import PDFFile

/// What extracted text is for, as far as a document's permissions care.
public enum TextPurpose: Sendable, Hashable {
    /// Copying, indexing, converting: anything.
    case general
    /// Reading the content to a user through assistive technology (screen readers,
    /// accessibility audits).
    case accessibility
}

/// Whether a document's permissions let text be extracted (see
/// ``PDFDocument/textAccess(for:)``).
public enum TextAccessDecision: Sendable, Hashable {
    case allowed
    /// Not for the purpose asked, but for ``TextPurpose/accessibility``.
    case allowedForAccessibilityOnly
    /// Not even for accessibility.
    case denied
}

extension PDFDocument {
    /// Whether the document's permissions let its text be extracted for `purpose`.
    ///
    /// The policy:
    /// - not encrypted, or unlocked with the owner password: ``TextAccessDecision/allowed``;
    /// - the copy permission (bit 5 of `/P`) set: allowed;
    /// - copying off but the accessibility permission (bit 10) set: allowed for
    ///   ``TextPurpose/accessibility``, ``TextAccessDecision/allowedForAccessibilityOnly``
    ///   for ``TextPurpose/general``;
    /// - both off: ``TextAccessDecision/denied``.
    ///
    /// This is PDF 1.7's reading of the bits. PDF 2.0 deprecates bit 10 and asks readers to
    /// always allow extraction for accessibility, so a PDF 2.0 file (header or catalog
    /// `/Version`) is treated as having it set. Revision 2 security handlers have no bit 10:
    /// there accessibility follows the copy bit. While the document is locked the
    /// decision is what `/P` says; no text can be read until it is unlocked anyway.
    ///
    /// As in PDFKit, nothing in the library enforces this: ``PDFPage/string`` and the other
    /// text APIs return the text whatever the permissions. Callers that honour permissions
    /// (the `pdftext` command line does) consult this first.
    public func textAccess(for purpose: TextPurpose) -> TextAccessDecision {
        file.textAccess(for: purpose)
    }
}

extension Document {
    /// The text-access policy of ``PDFDocument/textAccess(for:)`` on the file layer.
    public func textAccess(for purpose: TextPurpose) -> TextAccessDecision {
        guard isEncrypted, unlockedAs != .owner else { return .allowed }
        let p = permissions
        if p.allowsCopying { return .allowed }
        let majorVersion = Int(version.split(separator: ".").first ?? "1") ?? 1
        guard p.allowsContentAccessibility || majorVersion >= 2 else { return .denied }
        return purpose == .accessibility ? .allowed : .allowedForAccessibilityOnly
    }
}
